//! Diagnostics: every problem errdex can find in a catalogue, located and coded.
//!
//! Each [`DiagCode`] is also an entry of errdex's own `errors.yaml` (same code, same NAME,
//! same message template); a test in the `errdex` command checks that the two never drift.
//! Messages are rendered from [`DiagCode::template`] with named arguments, so the text a
//! user sees is exactly the catalogue's template filled in.

pub mod github;

use std::fmt::Write as _;

use crate::template::Template;

/// Error or warning. Warnings fail `errdex lint --deny-warnings` only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

macro_rules! diag_codes {
    ($( $variant:ident = $code:literal, $name:literal, $sev:ident, $tmpl:literal; )*) => {
        /// Every diagnostic errdex emits. Codes are stable: never renumber or reuse one.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum DiagCode { $($variant,)* }

        impl DiagCode {
            pub const ALL: &'static [DiagCode] = &[$(DiagCode::$variant,)*];

            /// The wire code, e.g. `EDX0102`.
            pub const fn as_str(self) -> &'static str {
                match self { $(DiagCode::$variant => $code,)* }
            }

            /// The catalogue NAME, e.g. `UNKNOWN_KEY`.
            pub const fn name(self) -> &'static str {
                match self { $(DiagCode::$variant => $name,)* }
            }

            pub const fn severity(self) -> Severity {
                match self { $(DiagCode::$variant => Severity::$sev,)* }
            }

            /// The message template, identical to the entry's `message` in `errors.yaml`.
            pub const fn template(self) -> &'static str {
                match self { $(DiagCode::$variant => $tmpl,)* }
            }
        }
    };
}

diag_codes! {
    // -- reading and parsing (namespace YAML, EDX00xx)
    YamlSyntax = "EDX0001", "YAML_SYNTAX", Error, "YAML syntax error: {problem}";
    NotUtf8 = "EDX0002", "NOT_UTF8", Error, "the file is not valid UTF-8 (first bad byte at offset {offset})";
    EmptyCatalogue = "EDX0003", "EMPTY_CATALOGUE", Error, "the file is empty: it holds no YAML document";
    CatalogueTooLarge = "EDX0004", "CATALOGUE_TOO_LARGE", Error, "the catalogue is {size} bytes; the limit is {limit} bytes";
    NestingTooDeep = "EDX0005", "NESTING_TOO_DEEP", Error, "values are nested deeper than {limit} levels";
    YamlBudgetExceeded = "EDX0006", "YAML_BUDGET_EXCEEDED", Error, "the YAML exceeds a safety limit: {problem}";
    TooManyCodes = "EDX0007", "TOO_MANY_CODES", Error, "the catalogue has {count} codes; the limit is {limit}";
    TextTooLong = "EDX0008", "TEXT_TOO_LONG", Error, "this text is {length} bytes long; the limit is {limit} bytes";
    MergeConflict = "EDX0009", "MERGE_CONFLICT", Error, "the file has unresolved git merge conflict markers";
    // -- shape of the document (namespace SCHEMA, EDX01xx)
    WrongType = "EDX0101", "WRONG_TYPE", Error, "`{key}` must be {expected}, found {found}";
    UnknownKey = "EDX0102", "UNKNOWN_KEY", Error, "unknown key `{key}` in {context}";
    DuplicateKey = "EDX0103", "DUPLICATE_KEY", Error, "duplicate key `{key}`";
    MissingKey = "EDX0104", "MISSING_KEY", Error, "{context} is missing the required key `{key}`";
    FormatVersion = "EDX0105", "FORMAT_VERSION", Error, "{problem}";
    BadValue = "EDX0106", "BAD_VALUE", Error, "`{key}` cannot be {found}: {expected}";
    UnknownIntegration = "EDX0107", "UNKNOWN_INTEGRATION", Error, "errdex knows no integration `{name}`; it knows {known}";
    // -- names and codes (namespace NAMES, EDX02xx)
    InvalidName = "EDX0201", "INVALID_NAME", Error, "`{name}` is not a valid {kind}: {rule}";
    DuplicateCode = "EDX0202", "DUPLICATE_CODE", Error, "code `{code}` is already used by `{other}`";
    DuplicateName = "EDX0203", "DUPLICATE_NAME", Error, "name `{name}` is already used by `{other}`";
    LegacyCodeCollision = "EDX0204", "LEGACY_CODE_COLLISION", Error, "legacy code `{code}` is already used by `{other}`";
    IdentifierCollision = "EDX0205", "IDENTIFIER_COLLISION", Error, "`{name}` becomes the {language} identifier `{ident}`, already taken by `{other}`";
    CodePatternMismatch = "EDX0206", "CODE_PATTERN_MISMATCH", Error, "code `{code}` does not match the registry's code_pattern `{pattern}`";
    CodePrefixMismatch = "EDX0207", "CODE_PREFIX_MISMATCH", Error, "code `{code}` does not start with `{prefix}`, the code_prefix of namespace `{namespace}`";
    InvalidCodePattern = "EDX0208", "INVALID_CODE_PATTERN", Error, "code_pattern is not a valid regular expression: {problem}";
    RetiredCodeReused = "EDX0209", "RETIRED_CODE_REUSED", Error, "code `{code}` is retired and may never be used again";
    InvalidCode = "EDX0210", "INVALID_CODE", Error, "`{code}` is not a usable code: {rule}";
    InvalidAipReason = "EDX0211", "INVALID_AIP_REASON", Error, "`{reason}` cannot be the AIP-193 reason of `{name}`: {rule}";
    SameNumberCode = "EDX0212", "SAME_NUMBER_CODE", Error, "{what} differs only in leading zeros from {other}";
    // -- references (namespace REFS, EDX03xx)
    UnknownCategory = "EDX0301", "UNKNOWN_CATEGORY", Error, "unknown category `{key}`";
    UnknownNamespace = "EDX0302", "UNKNOWN_NAMESPACE", Error, "unknown namespace `{namespace}`";
    UnknownReplacement = "EDX0303", "UNKNOWN_REPLACEMENT", Error, "`replaced_by` names `{target}`, which is not a live entry";
    NoCategory = "EDX0304", "NO_CATEGORY", Error, "{what} has no category: {whence}";
    // -- templates and params (namespace TEMPLATE, EDX04xx)
    TemplateSyntax = "EDX0401", "TEMPLATE_SYNTAX", Error, "malformed template: {problem}";
    UndeclaredPlaceholder = "EDX0402", "UNDECLARED_PLACEHOLDER", Error, "placeholder `{{{param}}}` is not a declared param";
    UnusedParam = "EDX0403", "UNUSED_PARAM", Warning, "param `{param}` is declared but the message never uses it";
    InvalidParamName = "EDX0404", "INVALID_PARAM_NAME", Error, "param name `{param}` is not an identifier";
    ParamShadowsWireKey = "EDX0405", "PARAM_SHADOWS_WIRE_KEY", Error, "param `{param}` would shadow the reserved wire key `{param}`";
    // -- numeric mappings (namespace RANGE, EDX05xx)
    ExitCodeRange = "EDX0501", "EXIT_CODE_RANGE", Error, "exit code {value} is outside 0..=255";
    ExitCodeUnusual = "EDX0502", "EXIT_CODE_UNUSUAL", Warning, "exit code {value} {why}";
    HttpStatusRange = "EDX0503", "HTTP_STATUS_RANGE", Error, "HTTP status {value} is outside 100..=599";
    HttpStatusNotError = "EDX0504", "HTTP_STATUS_NOT_ERROR", Warning, "HTTP status {value} is not an error status (below 400)";
    JsonrpcCodeReserved = "EDX0505", "JSONRPC_CODE_RESERVED", Warning, "JSON-RPC code {value} lies in the range reserved for the protocol (-32768..=-32000) but is not a standard code";
    JsonrpcCodeRange = "EDX0506", "JSONRPC_CODE_RANGE", Error, "JSON-RPC code {value} does not fit a 32-bit signed integer";
    RetryAfterIgnored = "EDX0507", "RETRY_AFTER_IGNORED", Warning, "{code} is retryable after {delay} ms, but HTTP clients read `Retry-After` only on 413, 429 and 503, not on its status {status}";
    // -- documentation links (namespace DOCS, EDX06xx)
    DocsUrlPlaceholder = "EDX0601", "DOCS_URL_PLACEHOLDER", Error, "unknown placeholder `{{{placeholder}}}` in docs_url; known: {known}";
    MalformedUrl = "EDX0602", "MALFORMED_URL", Error, "`{url}` is not a well-formed URL: {problem}";
    DocsUrlOffSite = "EDX0603", "DOCS_URL_OFF_SITE", Error, "docs URL `{url}` of {code} misses its section of the book at {site}: {problem}";
    DocsSiteUnstated = "EDX0604", "DOCS_SITE_UNSTATED", Warning, "registry.docs_url cannot be checked: registry.docs_site_url does not say where the generated book is deployed";
    RelativeDocsUrl = "EDX0605", "RELATIVE_DOCS_URL", Warning, "docs URL `{url}` of {code} is relative, but it is sent to remote clients in {outputs}, which cannot resolve it";
    DocsUrlNoLayout = "EDX0606", "DOCS_URL_NO_LAYOUT", Error, "docs_url `{template}` fits no layout of the book at {site}: `{url}` ({code}) {problem}";
    DocsPageCollision = "EDX0607", "DOCS_PAGE_COLLISION", Error, "the page of {code} would be `{file}`, {other}";
    RedirectOverLivePage = "EDX0608", "REDIRECT_OVER_LIVE_PAGE", Error, "the redirect of {what} from `{from}` would overwrite {live}";
    DocsUrlPrefix = "EDX0609", "DOCS_URL_PREFIX", Warning, "`{placeholder}` in docs_url {problem}";
    // -- usage (namespace USAGE, EDX07xx): `errdex usage`, a source tree against the catalogue
    CodeNeverRaised = "EDX0701", "CODE_NEVER_RAISED", Warning, "code `{code}` ({name}) is never raised outside generated files and tests";
    UnknownCodeString = "EDX0702", "UNKNOWN_CODE_STRING", Error, "`{code}` looks like a code of this registry but is not in the catalogue";
    DeprecatedCodeRaised = "EDX0703", "DEPRECATED_CODE_RAISED", Warning, "code `{code}` ({name}) is deprecated but still raised";
    RetiredCodeReferenced = "EDX0704", "RETIRED_CODE_REFERENCED", Error, "code `{code}` is retired but still referenced";
    SourceUnreadable = "EDX0705", "SOURCE_UNREADABLE", Warning, "`{path}` was skipped: {reason}";
    // -- a catalogue in many files (namespace PARTS, EDX08xx): `parts:`, part headers, ranges
    PartNotFound = "EDX0801", "PART_NOT_FOUND", Error, "part `{part}` cannot be read: {reason}";
    PartListedTwice = "EDX0802", "PART_LISTED_TWICE", Error, "`{file}` is already a part of the catalogue";
    PartGlobEmpty = "EDX0803", "PART_GLOB_EMPTY", Error, "`{glob}` matches no file";
    PartOutside = "EDX0804", "PART_OUTSIDE", Error, "part `{part}` is outside the catalogue's folder: {reason}";
    RootOnlySection = "EDX0805", "ROOT_ONLY_SECTION", Error, "`{key}` belongs in the root catalogue, not in a part";
    ExplanationTwice = "EDX0806", "EXPLANATION_TWICE", Error, "`{code}` has an `explanation` and the file `{file}`";
    CodeOutsideRange = "EDX0807", "CODE_OUTSIDE_RANGE", Error, "code `{code}` is outside {range}, the codes its part may allocate";
    RangesOverlap = "EDX0808", "RANGES_OVERLAP", Error, "{range} overlaps {other}, the codes of another part";
    ConflictingOwners = "EDX0809", "CONFLICTING_OWNERS", Error, "namespace `{namespace}` is owned by `{owner}` here and by `{other}` in another part";
    InvalidOwner = "EDX0810", "INVALID_OWNER", Error, "part owner `{owner}` cannot be written to CODEOWNERS: {problem}";
    FolderFileUnread = "EDX0811", "FOLDER_FILE_UNREAD", Warning, "`{file}` in a folder part is not read: {reason}";
    CodeInAnotherRange = "EDX0812", "CODE_IN_ANOTHER_RANGE", Error, "code `{code}` is inside {range}, the codes another part allocates";
    PartGivenAsRoot = "EDX0813", "PART_GIVEN_AS_ROOT", Error, "`{file}` is a part of a registry, not its root catalogue: {why}";
    SchemaLineAstray = "EDX0814", "SCHEMA_LINE_ASTRAY", Warning, "the editor schema `{schema}` is looked for in `{resolved}`, but the root catalogue's schema is in `{folder}`";
    // -- imports (namespace IMPORTS, EDX09xx): other registries' codes (`imports:`)
    ImportUnreadable = "EDX0901", "IMPORT_UNREADABLE", Error, "import `{name}`: cannot read `{path}`: {reason}";
    ImportInvalid = "EDX0902", "IMPORT_INVALID", Error, "import `{name}`: `{path}` is not a valid registry: {problem}";
    ImportCycle = "EDX0903", "IMPORT_CYCLE", Error, "import `{name}` closes a cycle of imports: {cycle}";
    ImportVersionMismatch = "EDX0904", "IMPORT_VERSION_MISMATCH", Error, "import `{name}` is pinned to version {version}, but `{path}` is version {found}";
    ImportCollision = "EDX0905", "IMPORT_COLLISION", Error, "import `{name}` brings the {what} `{value}`, which is already taken by {other}";
    ImportCategoryDiffers = "EDX0906", "IMPORT_CATEGORY_DIFFERS", Warning, "import `{name}` brings the category `{key}` with other facts than this catalogue's ({facts})";
}

/// A code's message with each placeholder written `<name>` (literal braces as themselves).
pub fn message_shape(code: DiagCode) -> String {
    let names: Vec<String> = crate::template::placeholders(code.template())
        .unwrap_or_default()
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let Ok(template) = Template::parse(code.template(), &names) else {
        return code.template().to_string();
    };
    let shown: Vec<String> = names.iter().map(|n| format!("<{n}>")).collect();
    template.render(&shown)
}

/// A byte range in the catalogue source, with its 1-based line and column (characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cache", derive(serde::Serialize, serde::Deserialize))]
pub struct Span {
    pub offset: usize,
    pub len: usize,
    pub line: usize,
    pub column: usize,
}

/// One located problem.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagnostic {
    pub code: DiagCode,
    /// The template's arguments, by name, as rendered into `message`.
    pub args: Vec<(&'static str, String)>,
    pub message: String,
    pub span: Option<Span>,
    /// Label under the primary span (what is wrong *here*).
    pub label: Option<String>,
    /// Secondary locations ("first defined here").
    pub notes: Vec<(Span, String)>,
    /// How to fix it.
    pub help: Option<String>,
    /// Error or warning: the code's own severity unless a catalogue overrides it
    /// (`usage.severity`).
    pub severity: Severity,
}

impl Diagnostic {
    /// Builds a diagnostic, rendering the code's template with `args`.
    pub fn new(code: DiagCode, span: Option<Span>, args: &[(&'static str, &str)]) -> Self {
        let names: Vec<&str> = args.iter().map(|(k, _)| *k).collect();
        let values: Vec<String> = args.iter().map(|(_, v)| v.to_string()).collect();
        let message = match Template::parse(code.template(), &names) {
            Ok(t) => t.render(&values),
            // Unreachable for the built-in table (tested); fall back to the raw template.
            Err(_) => code.template().to_string(),
        };
        Diagnostic {
            code,
            args: args.iter().map(|(k, v)| (*k, v.to_string())).collect(),
            message,
            span,
            label: None,
            notes: Vec::new(),
            help: None,
            severity: code.severity(),
        }
    }

    pub fn severity(&self) -> Severity {
        self.severity
    }

    /// The same diagnostic, reported at `severity` instead of its code's.
    pub fn with_severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn with_note(mut self, span: Option<Span>, note: impl Into<String>) -> Self {
        if let Some(span) = span {
            self.notes.push((span, note.into()));
        }
        self
    }
}

/// The files a catalogue was read from: the root and its parts, each at a base in one
/// virtual offset space. A span's `offset` is in that space (the root's base is 0, so a
/// catalogue in one file has plain offsets); its `line` and `column` are its own file's.
/// Sorting spans by offset sorts them by file, in the order the files were read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

/// One file of a [`SourceMap`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// The name diagnostics print (a path as given, or `REV:PATH`).
    pub name: String,
    /// Where the file's first byte sits in the virtual offset space.
    pub base: usize,
    pub text: String,
}

impl SourceMap {
    /// A catalogue in one file.
    pub fn single(name: &str, text: &str) -> SourceMap {
        let mut map = SourceMap::default();
        map.push(name, text);
        map
    }

    /// Adds a file after the others and returns its base (one byte past the previous
    /// file's end, so no span of one file ever touches the next).
    pub fn push(&mut self, name: &str, text: &str) -> usize {
        self.push_owned(name.to_string(), text.to_string())
    }

    /// [`SourceMap::push`] of a text the caller no longer needs: kept without a copy (a
    /// part of a large registry is hundreds of KiB).
    pub fn push_owned(&mut self, name: String, text: String) -> usize {
        let base = self.next_base();
        self.files.push(SourceFile { name, base, text });
        base
    }

    /// The base the next file pushed will have.
    pub fn next_base(&self) -> usize {
        self.files.last().map_or(0, |f| f.base + f.text.len() + 1)
    }

    pub fn files(&self) -> &[SourceFile] {
        &self.files
    }

    /// The file a virtual offset falls in (binary search over the bases).
    pub fn file_of(&self, offset: usize) -> Option<&SourceFile> {
        let i = self.files.partition_point(|f| f.base <= offset);
        self.files.get(i.checked_sub(1)?)
    }

    /// Every file's text at its base, newline-separated: what a span's offset indexes.
    pub fn joined(&self) -> String {
        let mut out = String::with_capacity(self.files.iter().map(|f| f.text.len() + 1).sum());
        for f in &self.files {
            out.push_str(&f.text);
            out.push('\n');
        }
        out
    }

    /// `span` in its own file: the file, and the span with the file's own offset.
    pub fn locate(&self, span: Span) -> Option<(&SourceFile, Span)> {
        let file = self.file_of(span.offset)?;
        Some((
            file,
            Span {
                offset: span.offset - file.base,
                ..span
            },
        ))
    }
}

/// [`report`] over a catalogue read from several files: each diagnostic names the file of
/// its span, and a note in another file is shown in a snippet of that file. With one file
/// this is [`report`] itself, byte for byte.
pub fn report_sources(diags: &[Diagnostic], sources: &SourceMap, style: Style) -> String {
    let root = sources.files.first();
    let root_name = root.map_or("", |f| f.name.as_str());
    if sources.files.len() <= 1 {
        let text = root.map_or("", |f| f.text.as_str());
        return report(diags, root_name, text, style);
    }
    // Each diagnostic with its primary span made local, and the name of its file.
    let local = |d: &Diagnostic| -> (Diagnostic, String) {
        let mut d = d.clone();
        let mut name = root_name.to_string();
        if let Some((file, span)) = d.span.and_then(|s| sources.locate(s)) {
            name.clone_from(&file.name);
            d.span = Some(span);
        }
        (d, name)
    };
    match style {
        Style::Human { color } => render_human_sources(diags, sources, color),
        Style::Short => diags
            .iter()
            .map(|d| {
                let (d, name) = local(d);
                render_short(&[d], &name)
            })
            .collect(),
        Style::Github => diags
            .iter()
            .map(|d| {
                let (local, name) = local(d);
                to_github_with(&local, &name, &related_across(d, &name, sources))
            })
            .collect(),
        Style::Json => {
            let array = diags
                .iter()
                .map(|d| {
                    let (local, name) = local(d);
                    to_json_with(&local, &name, &related_across(d, &name, sources))
                })
                .collect();
            let mut out =
                serde_json::to_string_pretty(&serde_json::Value::Array(array)).unwrap_or_default();
            out.push('\n');
            out
        }
    }
}

/// [`to_json_array`] over several files ([`report_sources`]'s JSON objects).
pub fn to_json_array_sources(diags: &[Diagnostic], sources: &SourceMap) -> serde_json::Value {
    let text = report_sources(diags, sources, Style::Json);
    serde_json::from_str(&text).unwrap_or(serde_json::Value::Array(Vec::new()))
}

/// rustc-style over several files: the primary span's file first, then one snippet per
/// other file that holds a note.
fn render_human_sources(diags: &[Diagnostic], sources: &SourceMap, color: bool) -> String {
    use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let mut out = String::new();
    for d in diags {
        let level = match d.severity() {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
        };
        let title = level.primary_title(d.message.as_str()).id(d.code.as_str());
        let mut group = Group::with_title(title);
        match d.span.and_then(|s| sources.locate(s)) {
            Some((file, span)) => {
                // Each file's snippet is cut to the lines its annotations cover
                // ([`Excerpt`]): annotate-snippets does work and allocates in proportion
                // to the text it is given, not to the lines it shows.
                let notes: Vec<(&SourceFile, Span, &str)> = d
                    .notes
                    .iter()
                    .filter_map(|(s, note)| {
                        sources.locate(*s).map(|(f, sp)| (f, sp, note.as_str()))
                    })
                    .collect();
                let mut snippets: Vec<Snippet<'_, _>> = Vec::new();
                let mut files: Vec<&SourceFile> = vec![file];
                for (nfile, _, _) in &notes {
                    if !files.iter().any(|f| f.base == nfile.base) {
                        files.push(nfile);
                    }
                }
                for f in files {
                    let here = notes.iter().filter(|(n, _, _)| n.base == f.base);
                    let primary_here = (f.base == file.base).then_some(span);
                    let cut = Excerpt::of(
                        &f.text,
                        1,
                        primary_here
                            .into_iter()
                            .chain(here.clone().map(|(_, s, _)| *s)),
                    );
                    let mut snippet = Snippet::source(cut.text)
                        .path(f.name.as_str())
                        .line_start(cut.first_line)
                        .fold(true);
                    if let Some(span) = primary_here {
                        let mut primary = AnnotationKind::Primary.span(cut.range(span));
                        if let Some(l) = &d.label {
                            primary = primary.label(l.as_str());
                        }
                        snippet = snippet.annotation(primary);
                    }
                    for (_, s, note) in here {
                        snippet = snippet
                            .annotation(AnnotationKind::Context.span(cut.range(*s)).label(*note));
                    }
                    snippets.push(snippet);
                }
                for snippet in snippets {
                    group = group.element(snippet);
                }
            }
            None => {
                let root = sources.files.first().map_or("", |f| f.name.as_str());
                group = group.element(Level::NOTE.message(format!("in {root}")));
            }
        }
        if let Some(h) = &d.help {
            group = group.element(Level::HELP.message(h.as_str()));
        }
        let _ = writeln!(out, "{}", renderer.render(&[group]));
    }
    out
}

/// Renders diagnostics rustc-style with source snippets (annotate-snippets).
pub fn render_human(diags: &[Diagnostic], file: &str, source: &str, color: bool) -> String {
    render_human_excerpt(diags, file, source, 1, color)
}

/// [`render_human`] over an excerpt of a file: `source` holds the file's text from line
/// `first_line` on, and the spans' offsets are into `source` (their `line` and `column` stay
/// the file's). `errdex usage` shows the one line of a finding this way.
pub fn render_human_excerpt(
    diags: &[Diagnostic],
    file: &str,
    source: &str,
    first_line: usize,
    color: bool,
) -> String {
    use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let mut out = String::new();
    for d in diags {
        let level = match d.severity() {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
        };
        let title = level.primary_title(d.message.as_str()).id(d.code.as_str());
        let mut group = Group::with_title(title);
        match d.span {
            Some(span) if !source.is_empty() => {
                let cut = Excerpt::of(
                    source,
                    first_line,
                    std::iter::once(span).chain(d.notes.iter().map(|(s, _)| *s)),
                );
                let mut snippet = Snippet::source(cut.text)
                    .path(file)
                    .line_start(cut.first_line)
                    .fold(true);
                let mut primary = AnnotationKind::Primary.span(cut.range(span));
                if let Some(l) = &d.label {
                    primary = primary.label(l.as_str());
                }
                snippet = snippet.annotation(primary);
                for (s, note) in &d.notes {
                    snippet = snippet.annotation(
                        AnnotationKind::Context
                            .span(cut.range(*s))
                            .label(note.as_str()),
                    );
                }
                group = group.element(snippet);
            }
            _ => {
                group = group.element(Level::NOTE.message(format!("in {file}")));
            }
        }
        if let Some(h) = &d.help {
            group = group.element(Level::HELP.message(h.as_str()));
        }
        let _ = writeln!(out, "{}", renderer.render(&[group]));
    }
    out
}

/// The lines of a file a diagnostic's snippet shows: from the start of the line of its
/// first span to the end of the line of its last, with the number of that first line.
/// annotate-snippets reads (and copies) all the text it is given, however little of it
/// it shows, so a warning about a 5 MB catalogue handed the whole file allocated tens of
/// megabytes; cut, it costs what its lines cost. What is printed is the same.
struct Excerpt<'a> {
    text: &'a str,
    /// The line number of `text`'s first line, in the file.
    first_line: usize,
    /// Where `text` starts in the source the spans' offsets are into.
    base: usize,
}

impl<'a> Excerpt<'a> {
    /// `source` holds a file's text from line `first_line` on; `spans` are offsets into it
    /// (with the file's line numbers).
    fn of(source: &'a str, first_line: usize, spans: impl Iterator<Item = Span>) -> Excerpt<'a> {
        // The earliest span, with where it starts in `source`.
        let mut lo: Option<(usize, Span)> = None;
        let mut hi = 0;
        for s in spans {
            let (a, b) = char_range(source, s);
            if lo.is_none_or(|(l, _)| a < l) {
                lo = Some((a, s));
            }
            hi = hi.max(b);
        }
        let Some((a, lo)) = lo else {
            return Excerpt {
                text: source,
                first_line,
                base: 0,
            };
        };
        let start = source[..a].rfind('\n').map_or(0, |i| i + 1);
        let end = source[hi..].find('\n').map_or(source.len(), |i| hi + i + 1);
        // The span's own line when it is known and its column agrees with where it sits
        // on that line; counted otherwise (a span a check made by hand, or a lossily
        // decoded file).
        let line = if lo.line > 0 && lo.column == source[start..a].chars().count() + 1 {
            lo.line
        } else {
            first_line + source[..start].bytes().filter(|&b| b == b'\n').count()
        };
        Excerpt {
            text: &source[start..end],
            first_line: line,
            base: start,
        }
    }

    /// A span of the source as a range of the excerpt.
    fn range(&self, span: Span) -> std::ops::Range<usize> {
        let whole = self.base + self.text.len();
        let shifted = Span {
            offset: span.offset.clamp(self.base, whole) - self.base,
            ..span
        };
        let (a, b) = char_range(self.text, shifted);
        a..b
    }
}

/// The span as a byte range on char boundaries inside `source` (a span computed on other
/// bytes, such as a lossy decoding of a non-UTF-8 file, never makes rendering panic).
fn char_range(source: &str, span: Span) -> (usize, usize) {
    let mut start = span.offset.min(source.len());
    while !source.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (span.offset + span.len.max(1)).min(source.len()).max(start);
    while !source.is_char_boundary(end) {
        end += 1;
    }
    (start, end)
}

/// One line per diagnostic: `file:line:column: severity[CODE]: message`.
pub fn render_short(diags: &[Diagnostic], file: &str) -> String {
    let mut out = String::new();
    for d in diags {
        let (line, col) = d.span.map_or((0, 0), |s| (s.line, s.column));
        let _ = writeln!(
            out,
            "{file}:{line}:{col}: {}[{}]: {}",
            d.severity().as_str(),
            d.code.as_str(),
            d.message
        );
    }
    out
}

/// The `--format json` form: one object per diagnostic.
pub fn to_json(d: &Diagnostic, file: &str) -> serde_json::Value {
    to_json_with(d, file, &related_in(d, file))
}

/// A note of a diagnostic where it is: its file, line and column, and what it says ("first
/// defined here"). The JSON and GitHub forms list them, so that a duplicate across two files
/// names both there too.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Related<'a> {
    file: &'a str,
    line: usize,
    column: usize,
    message: &'a str,
}

/// The notes of `d`, all in `file`.
fn related_in<'a>(d: &'a Diagnostic, file: &'a str) -> Vec<Related<'a>> {
    d.notes
        .iter()
        .map(|(s, note)| Related {
            file,
            line: s.line,
            column: s.column,
            message: note,
        })
        .collect()
}

/// The notes of `d`, each in its own file of `sources` (`file` when it is in none).
fn related_across<'a>(
    d: &'a Diagnostic,
    file: &'a str,
    sources: &'a SourceMap,
) -> Vec<Related<'a>> {
    d.notes
        .iter()
        .map(|(s, note)| {
            let (name, span) = sources
                .locate(*s)
                .map_or((file, *s), |(f, span)| (f.name.as_str(), span));
            Related {
                file: name,
                line: span.line,
                column: span.column,
                message: note,
            }
        })
        .collect()
}

fn to_json_with(d: &Diagnostic, file: &str, related: &[Related<'_>]) -> serde_json::Value {
    let related: Vec<serde_json::Value> = related
        .iter()
        .map(|r| {
            serde_json::json!({
                "file": r.file,
                "line": r.line,
                "column": r.column,
                "message": r.message,
            })
        })
        .collect();
    serde_json::json!({
        "code": d.code.as_str(),
        "name": d.code.name(),
        "severity": d.severity().as_str(),
        "message": d.message,
        "file": file,
        "line": d.span.map(|s| s.line),
        "column": d.span.map(|s| s.column),
        "suggestion": d.help,
        "related": related,
    })
}

/// The `--format github` form: one GitHub Actions workflow command (an annotation),
/// `::error` or `::warning` by severity, titled with the code, at the diagnostic's line and
/// column of `file` (no `file=` without a span); its notes' places and the help on lines of
/// their own after the message.
pub fn to_github(d: &Diagnostic, file: &str) -> String {
    to_github_with(d, file, &related_in(d, file))
}

fn to_github_with(d: &Diagnostic, file: &str, related: &[Related<'_>]) -> String {
    use crate::diag::github::{Location, annotation, from_workspace};
    let file = from_workspace(file);
    let location = d.span.map(|s| Location {
        file: &file,
        line: s.line,
        column: s.column,
    });
    let mut message = d.message.clone();
    for r in related {
        message.push_str(&format!(
            "\n{}: {}:{}:{}",
            r.message, r.file, r.line, r.column
        ));
    }
    if let Some(help) = &d.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    annotation(d.severity().into(), d.code.as_str(), location, &message)
}

/// How [`report`] shows diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// rustc-style with source snippets ([`render_human`]), coloured or plain.
    Human { color: bool },
    /// One line per diagnostic ([`render_short`]).
    Short,
    /// A pretty-printed JSON array of [`to_json`] objects, then a newline.
    Json,
    /// One GitHub Actions workflow command per diagnostic ([`to_github`]).
    Github,
}

/// Renders the diagnostics of `file` (whose text is `source`) in one of the forms errdex
/// shows them in: the `errdex` command and [`crate::Builder`] both go through here.
pub fn report(diags: &[Diagnostic], file: &str, source: &str, style: Style) -> String {
    match style {
        Style::Human { color } => render_human(diags, file, source, color),
        Style::Short => render_short(diags, file),
        Style::Github => diags.iter().map(|d| to_github(d, file)).collect(),
        Style::Json => {
            let mut out =
                serde_json::to_string_pretty(&to_json_array(diags, file)).unwrap_or_default();
            out.push('\n');
            out
        }
    }
}

/// Every diagnostic's [`to_json`] object, as one JSON array.
pub fn to_json_array(diags: &[Diagnostic], file: &str) -> serde_json::Value {
    serde_json::Value::Array(diags.iter().map(|d| to_json(d, file)).collect())
}

/// How many errors and how many warnings a list of diagnostics holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    pub errors: usize,
    pub warnings: usize,
}

impl Counts {
    pub fn of(diags: &[Diagnostic]) -> Counts {
        let errors = diags
            .iter()
            .filter(|d| d.severity() == Severity::Error)
            .count();
        Counts {
            errors,
            warnings: diags.len() - errors,
        }
    }
}

/// Source order: by offset, then length (a diagnostic without a place last); the order
/// found among equals.
pub fn sort_by_place(diags: &mut [Diagnostic]) {
    diags.sort_by_key(|d| d.span.map_or((usize::MAX, 0), |s| (s.offset, s.len)));
}

/// The first diagnostic that is an error (its code decides the exit status).
pub fn first_error(diags: &[Diagnostic]) -> Option<&Diagnostic> {
    diags.iter().find(|d| d.severity() == Severity::Error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_parses_with_its_own_placeholders() {
        for code in DiagCode::ALL {
            let holes = crate::template::placeholders(code.template())
                .unwrap_or_else(|e| panic!("{}: {e:?}", code.as_str()));
            let names: Vec<&str> = holes.iter().map(|(n, _)| n.as_str()).collect();
            assert!(Template::parse(code.template(), &names).is_ok());
        }
    }

    /// The snippet cut to the annotated lines prints what annotate-snippets prints when
    /// handed the whole file (the way errdex rendered before [`Excerpt`]), line numbers
    /// and folds included, in one file and across two.
    #[test]
    fn a_snippet_cut_to_its_lines_renders_as_the_whole_file() {
        use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
        let text: String = (1..=3000)
            .map(|i| format!("key_{i}: value é {i}\n"))
            .collect();
        // Known: the span's line and column are right. Unknown: its line is 0. Wrong: its
        // line and column disagree with where it sits (the line is counted from the text).
        #[derive(Clone, Copy, Debug)]
        enum Lines {
            Known,
            Unknown,
            Wrong,
        }
        let span_of = |line: usize, lines: Lines| {
            let offset: usize = text.lines().take(line - 1).map(|l| l.len() + 1).sum();
            let (line, column) = match lines {
                Lines::Known => (line, 5),
                Lines::Unknown => (0, 5),
                Lines::Wrong => (line + 10, 1),
            };
            Span {
                offset: offset + 4,
                len: 3,
                line,
                column,
            }
        };
        let whole = |d: &Diagnostic| {
            let full = |s: Span| s.offset..s.offset + s.len;
            let mut snippet = Snippet::source(text.as_str())
                .path("errors.yaml")
                .fold(true)
                .annotation(
                    AnnotationKind::Primary
                        .span(full(d.span.expect("a span")))
                        .label(d.label.clone().expect("a label")),
                );
            for (s, note) in &d.notes {
                snippet = snippet.annotation(AnnotationKind::Context.span(full(*s)).label(note));
            }
            let group =
                Group::with_title(Level::ERROR.primary_title(d.message.as_str()).id("EDX0202"))
                    .element(snippet);
            format!("{}\n", Renderer::plain().render(&[group]))
        };
        for (primary, note, known) in [
            (1, None, Lines::Known),
            (2999, None, Lines::Known),
            (3000, Some(1), Lines::Known),
            (1500, Some(1502), Lines::Known),
            (40, Some(2700), Lines::Unknown),
            (7, Some(7), Lines::Known),
            (60, Some(900), Lines::Wrong),
        ] {
            let mut d = Diagnostic::new(
                DiagCode::DuplicateCode,
                Some(span_of(primary, known)),
                &[("code", "A-1"), ("other", "B")],
            )
            .with_label("here");
            if let Some(n) = note {
                d = d.with_note(Some(span_of(n, known)), "first here");
            }
            let cut = render_human(std::slice::from_ref(&d), "errors.yaml", &text, false);
            assert_eq!(cut, whole(&d), "primary line {primary}, note {note:?}");
            assert!(
                cut.contains(&format!("{primary} | key_{primary}:")),
                "{cut}"
            );
            // Across files: the same file at a base after a small root.
            let mut map = SourceMap::single("root.yaml", "parts: [a.yaml]\n");
            let base = map.push("errors.yaml", &text);
            let mut moved = d.clone();
            moved.span = moved.span.map(|s| Span {
                offset: s.offset + base,
                ..s
            });
            for (s, _) in &mut moved.notes {
                s.offset += base;
            }
            let many = report_sources(
                std::slice::from_ref(&moved),
                &map,
                Style::Human { color: false },
            );
            assert_eq!(
                many, cut,
                "across files: primary line {primary}, note {note:?}"
            );
        }
    }

    #[test]
    fn codes_are_unique_and_well_formed() {
        let mut seen = std::collections::BTreeSet::new();
        for code in DiagCode::ALL {
            assert!(seen.insert(code.as_str()), "{} twice", code.as_str());
            assert!(code.as_str().starts_with("EDX") && code.as_str().len() == 7);
            assert!(crate::names::is_entry_name(code.name()));
        }
    }
}
