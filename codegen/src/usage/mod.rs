//! `errdex usage`: a source tree held against its catalogue.
//!
//! The catalogue's IR says what to look for ([`patterns`]: every target's identifiers from
//! `names.rs`, `usage.patterns`, and the strings codes start with); [`search`] walks the tree
//! with the crates ripgrep is built from and returns located hits; [`scan`] gives them their
//! meaning (a use of an entry, an unknown code, a retired one) and the findings, each a
//! [`Diagnostic`] of the USAGE namespace (EDX07xx) at the severity `usage.severity` sets.
//! Uses in tests are listed but never count as raising a code; generated files (under the
//! directories `errdex generate` writes, or carrying errdex's `@generated` mark) are not
//! searched.

mod comments;
pub mod patterns;
pub mod python;
pub mod sarif;
pub mod search;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::diag::{self, DiagCode, Diagnostic, Span};
use crate::ir::Catalogue;
use crate::support::raised_at::{Place, RaisedAt};

pub use patterns::{Lang, Patterns, Target, Via};
pub use search::is_test_path;

/// How to scan.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Files and directories to scan.
    pub roots: Vec<PathBuf>,
    /// Scan `target/` and `node_modules/` too.
    pub build_dirs: bool,
    /// Follow symbolic links.
    pub follow_links: bool,
    /// Search what `.gitignore` files exclude too.
    pub no_ignore: bool,
    /// Directories errdex writes for this catalogue (see [`generated_dirs`]); not scanned.
    pub generated_dirs: Vec<PathBuf>,
    /// Only this entry (index into `Catalogue::errors`): no code strings, no findings about
    /// other codes (`errdex explain`).
    pub only: Option<usize>,
    /// Walker threads; 0 = ignore's choice.
    pub threads: usize,
}

/// The catalogue a scan holds the tree against: the IR, and its text and name, which the
/// findings about a declared code point into.
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    pub catalogue: &'a Catalogue,
    pub name: &'a str,
    pub text: &'a str,
    /// Where `text` declares each code, as the load found it ([`crate::Loaded::entry_spans`]);
    /// `None`: the scan parses `text` again for them (while it searches the tree).
    pub spans: Option<&'a [(String, Span)]>,
}

/// One place a code is used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Use {
    pub path: String,
    pub line: u64,
    pub column: usize,
    /// What was written there.
    pub text: String,
    pub via: Via,
    /// In a test file: listed, but it does not raise the code.
    pub test: bool,
}

/// A finding with the text its snippet shows: a line of a scanned file, or of the catalogue.
#[derive(Debug, Clone)]
pub struct Finding {
    pub diagnostic: Diagnostic,
    pub file: String,
    /// The source the diagnostic's span points into, starting at line `first_line`.
    pub excerpt: String,
    pub first_line: usize,
}

impl Finding {
    /// rustc-style, with the snippet (annotate-snippets, as `errdex lint`).
    pub fn render_human(&self, color: bool) -> String {
        diag::render_human_excerpt(
            std::slice::from_ref(&self.diagnostic),
            &self.file,
            &self.excerpt,
            self.first_line,
            color,
        )
    }
}

/// What a scan found.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Per live entry (`Catalogue::errors` order): every use, in path and line order.
    pub uses: Vec<Vec<Use>>,
    /// Findings in scanned files (path, line, column order), then about declared codes (in
    /// catalogue order).
    pub findings: Vec<Finding>,
}

/// The numbers every output ends with (human, JSON, SARIF), each counted from the
/// [`Report`]'s places and findings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// Live codes of the catalogue.
    pub codes: usize,
    /// Codes raised somewhere (a place outside tests).
    pub raised: usize,
    /// Files holding at least one place of use (tests included): a file whose only
    /// candidate text turned out to be no code, an unknown or a retired one, holds none.
    pub files_with_uses: usize,
    pub errors: usize,
    pub warnings: usize,
}

impl Summary {
    /// The `summary` object of `--format json` (and of the SARIF run's properties).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "codes": self.codes,
            "raised": self.raised,
            "files_with_uses": self.files_with_uses,
            "errors": self.errors,
            "warnings": self.warnings,
        })
    }
}

impl Report {
    /// The uses of entry `i` that raise it (not in tests).
    pub fn raised(&self, i: usize) -> usize {
        self.uses
            .get(i)
            .map_or(0, |u| u.iter().filter(|u| !u.test).count())
    }

    pub fn counts(&self) -> diag::Counts {
        let diags: Vec<Diagnostic> = self.findings.iter().map(|f| f.diagnostic.clone()).collect();
        diag::Counts::of(&diags)
    }

    /// The files that hold at least one place of use, tests included.
    pub fn files_with_uses(&self) -> usize {
        let files: std::collections::HashSet<&str> = self
            .uses
            .iter()
            .flatten()
            .map(|u| u.path.as_str())
            .collect();
        files.len()
    }

    pub fn summary(&self) -> Summary {
        let counts = self.counts();
        Summary {
            codes: self.uses.len(),
            raised: (0..self.uses.len()).filter(|i| self.raised(*i) > 0).count(),
            files_with_uses: self.files_with_uses(),
            errors: counts.errors,
            warnings: counts.warnings,
        }
    }
}

/// The folders `errdex generate` writes for `cat` in `catalogue_dir` (its `outputs:`, else
/// each target's default), canonical, those that exist.
pub fn generated_dirs(cat: &Catalogue, catalogue_dir: &Path) -> Vec<PathBuf> {
    crate::targets::TARGETS
        .iter()
        .filter(|t| t.output.kind == crate::targets::OutputKind::Folder)
        .filter_map(|t| cat.outputs.get(t.id).or(t.output.default))
        .filter_map(|d| catalogue_dir.join(d).canonicalize().ok())
        .collect()
}

/// Scans `options.roots` for the codes of `source.catalogue`.
pub fn scan(source: Source<'_>, options: &Options) -> Report {
    let cat = source.catalogue;
    let patterns = Patterns::new(cat, options.only);
    let mut is_code_byte = [false; 256];
    for b in 0..=255u8 {
        is_code_byte[usize::from(b)] = b.is_ascii_alphanumeric();
    }
    for b in code_bytes(cat) {
        is_code_byte[usize::from(b)] = true;
    }
    let walk = search::Walk {
        roots: options.roots.clone(),
        build_dirs: options.build_dirs,
        follow_links: options.follow_links,
        no_ignore: options.no_ignore,
        generated_dirs: options.generated_dirs.clone(),
        files: globs(&cat.usage.files),
        ignore: globs(&cat.usage.ignore),
        threads: options.threads,
    };
    // Where the catalogue declares each code, for the findings about declared codes: the
    // load's, or a second parse of its text, read while the tree is searched.
    let (found, parsed) = std::thread::scope(|scope| {
        let parsed = scope.spawn(|| {
            if options.only.is_some() || source.spans.is_some() {
                Vec::new()
            } else {
                crate::catalogue::entry_spans(source.text)
            }
        });
        let found = search::search(&walk, &patterns, &is_code_byte);
        (found, parsed.join().unwrap_or_default())
    });
    let spans = source.spans.unwrap_or(&parsed);
    let codes = Codes::new(cat);
    let mut report = Report {
        uses: vec![Vec::new(); cat.errors.len()],
        ..Report::default()
    };
    let severity = |code: DiagCode| cat.usage.severity_of(code);
    for (path, hits) in &found.files {
        for hit in hits {
            // A use of entry `i`; raising a deprecated entry is itself a finding.
            let place = |entry: usize, via: Via, report: &mut Report| {
                report.uses[entry].push(Use {
                    path: path.clone(),
                    line: hit.line,
                    column: hit.column,
                    text: hit.text.clone(),
                    via,
                    test: hit.test,
                });
                deprecated(cat, entry)
            };
            let finding = match hit.target {
                Target::Entry(i) => place(i, hit.via, &mut report),
                Target::Retired(i) => Some(retired(cat, &cat.retired[i])),
                Target::CodeString => {
                    let token = hit
                        .text
                        .trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
                    match codes.classify(token) {
                        Some(Code::Live(i)) => place(i, Via::CodeString, &mut report),
                        Some(Code::Legacy(i)) => place(i, Via::LegacyCode, &mut report),
                        Some(Code::Retired(i)) => Some(retired(cat, &cat.retired[i])),
                        // Another registry's code (`imports: … as: reference`): known, not
                        // this registry's to count.
                        Some(Code::Referenced) => None,
                        Some(Code::ReferencedRetired(r, import)) => {
                            Some(retired_in_import(r, import))
                        }
                        None if options.only.is_none() && codes.looks_like_code(token) => {
                            Some(unknown(&codes, token))
                        }
                        None => None,
                    }
                }
            };
            let Some(d) = finding else { continue };
            if hit.test || options.only.is_some() {
                continue;
            }
            let Some(level) = severity(d.code) else {
                continue;
            };
            report.findings.push(at_hit(d.with_severity(level), hit));
        }
    }
    if options.only.is_none() {
        for skipped in &found.skipped {
            if let Some(level) = severity(DiagCode::SourceUnreadable) {
                let d = Diagnostic::new(
                    DiagCode::SourceUnreadable,
                    None,
                    &[("path", &skipped.path), ("reason", &skipped.reason)],
                );
                report.findings.push(Finding {
                    diagnostic: d.with_severity(level),
                    file: skipped.path.clone(),
                    excerpt: String::new(),
                    first_line: 1,
                });
            }
        }
        report.findings.sort_by(|a, b| {
            let key = |f: &Finding| {
                (
                    f.file.clone(),
                    f.diagnostic.span.map(|s| (s.line, s.column)),
                )
            };
            key(a).cmp(&key(b))
        });
        never_raised(source, spans, &mut report);
    }
    for uses in &mut report.uses {
        uses.sort_by(|a, b| (&a.path, a.line, a.column).cmp(&(&b.path, b.line, b.column)));
    }
    report
}

/// The docs' "Raised at" lists (`usage.docs`), `None` when the catalogue does not ask for
/// them: the paths of `usage.docs` under `catalogue_dir` scanned as `errdex usage` scans
/// (`.gitignore` respected, hidden files, `target/`, `node_modules/`, the directories in
/// `generated_dirs` and every file carrying errdex's `@generated` mark skipped), and per
/// code the places outside tests, relative to `catalogue_dir` ([`raised_at_of`]).
pub fn raised_at(
    cat: &Catalogue,
    catalogue_dir: &Path,
    generated_dirs: Vec<PathBuf>,
) -> Option<RaisedAt> {
    let docs = cat.usage.docs.as_ref()?;
    let options = Options {
        roots: docs.paths.iter().map(|p| catalogue_dir.join(p)).collect(),
        generated_dirs,
        ..Options::default()
    };
    // No findings are shown, so no places in the catalogue's text are needed.
    let source = Source {
        catalogue: cat,
        name: "",
        text: "",
        spans: Some(&[]),
    };
    Some(raised_at_of(cat, &scan(source, &options), catalogue_dir))
}

/// Per code, the uses of a [`Report`] that raise it (not in tests), each file relative to
/// `base` with `/` separators: what the docs list, the same on every machine.
pub fn raised_at_of(cat: &Catalogue, report: &Report, base: &Path) -> RaisedAt {
    let base = lexical(base);
    let places = cat.errors.iter().zip(&report.uses).flat_map(|(e, uses)| {
        let base = &base;
        uses.iter().filter(|u| !u.test).map(move |u| {
            (
                e.code.clone(),
                Place {
                    path: relative(&lexical(Path::new(&u.path)), base),
                    line: u.line,
                    column: u.column,
                },
            )
        })
    });
    RaisedAt::from_places(places)
}

/// A path's components with `.` dropped and `..` applied where a name precedes it (no
/// file system access: the scan names files by the roots it was given).
fn lexical(path: &Path) -> Vec<String> {
    use std::path::Component;
    let mut out: Vec<String> = Vec::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir if out.last().is_some_and(|l| l != ".." && !l.is_empty()) => {
                out.pop();
            }
            Component::ParentDir => out.push("..".into()),
            // The root or a prefix: kept as an empty first component, so an absolute path
            // never equals a relative one.
            Component::RootDir | Component::Prefix(_) => {
                out.clear();
                out.push(String::new());
            }
            Component::Normal(n) => out.push(n.to_string_lossy().into_owned()),
        }
    }
    out
}

/// `file` relative to `base` (both [`lexical`]), `/`-separated: the common start dropped,
/// a `..` for each of `base`'s remaining names.
fn relative(file: &[String], base: &[String]) -> String {
    let common = file.iter().zip(base).take_while(|(a, b)| a == b).count();
    let up = base.len() - common;
    let mut parts: Vec<&str> = vec![".."; up];
    parts.extend(file[common..].iter().map(String::as_str));
    parts.join("/")
}

/// The non-alphanumeric bytes that occur in codes (`-` in `M-INP-001`): with letters and
/// digits, what a code-like token is made of.
fn code_bytes(cat: &Catalogue) -> Vec<u8> {
    let mut out: Vec<u8> = cat
        .errors
        .iter()
        .flat_map(|e| std::iter::once(&e.code).chain(&e.legacy_codes))
        .chain(cat.retired.iter().map(|r| &r.code))
        .chain(cat.namespaces.iter().filter_map(|n| n.code_prefix.as_ref()))
        .chain(
            cat.imports
                .iter()
                .flat_map(|i| i.codes.iter().map(|c| &c.code).chain(&i.code_prefixes)),
        )
        .flat_map(|c| c.bytes())
        .filter(|b| b.is_ascii_punctuation() && !matches!(b, b'"' | b'\'' | b'`'))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

fn globs(list: &[String]) -> globset::GlobSet {
    let mut b = globset::GlobSetBuilder::new();
    for g in list {
        // Checked when the catalogue loaded.
        if let Ok(glob) = globset::Glob::new(g) {
            b.add(glob);
        }
    }
    b.build().unwrap_or_else(|_| globset::GlobSet::empty())
}

/// What a code string is.
enum Code<'a> {
    Live(usize),
    Legacy(usize),
    Retired(usize),
    /// A code of a registry imported `as: reference`.
    Referenced,
    /// A code such a registry retired, and the import.
    ReferencedRetired(&'a crate::ir::Retired, &'a crate::ir::Import),
}

/// The catalogue's codes by string, and the rule for "looks like one of ours".
struct Codes<'a> {
    by_code: HashMap<&'a str, Code<'a>>,
    /// What a code looks like: this registry's rule, then each imported registry's.
    rules: Vec<CodeRule<'a>>,
    /// Every live and legacy code (and every code of a registry imported `as: reference`),
    /// for "did you mean".
    known: crate::support::suggest::Candidates<'a>,
}

/// One registry's rule for a code: its `code_pattern`, else its namespaces' `code_prefix`es.
struct CodeRule<'a> {
    pattern: Option<regex::Regex>,
    prefixes: Vec<&'a str>,
    /// The import whose registry's rule it is; `None` for this registry's.
    import: Option<&'a crate::ir::Import>,
}

impl CodeRule<'_> {
    /// `token` matches the pattern or, without one, starts with a prefix and goes on with
    /// a digit somewhere.
    fn matches(&self, token: &str) -> bool {
        match &self.pattern {
            Some(p) => p.is_match(token),
            None => self.prefixes.iter().any(|p| {
                token
                    .strip_prefix(p)
                    .is_some_and(|rest| rest.bytes().any(|b| b.is_ascii_digit()))
            }),
        }
    }
}

impl<'a> Codes<'a> {
    fn new(cat: &'a Catalogue) -> Codes<'a> {
        let mut by_code = HashMap::new();
        for (_, c) in cat.referenced_codes() {
            by_code.insert(c.code.as_str(), Code::Referenced);
        }
        for import in &cat.imports {
            if import.mode == crate::ir::ImportMode::Reference {
                for r in &import.retired {
                    by_code.insert(r.code.as_str(), Code::ReferencedRetired(r, import));
                }
            }
        }
        for (i, r) in cat.retired.iter().enumerate() {
            by_code.insert(r.code.as_str(), Code::Retired(i));
        }
        for (i, e) in cat.errors.iter().enumerate() {
            for legacy in &e.legacy_codes {
                by_code.insert(legacy.as_str(), Code::Legacy(i));
            }
        }
        for (i, e) in cat.errors.iter().enumerate() {
            by_code.insert(e.code.as_str(), Code::Live(i));
        }
        let referenced = cat.referenced_codes().map(|(_, c)| c.code.as_str());
        let known = cat
            .errors
            .iter()
            .map(|e| e.code.as_str())
            .chain(
                cat.errors
                    .iter()
                    .flat_map(|e| e.legacy_codes.iter().map(String::as_str)),
            )
            .chain(referenced);
        let regex = |p: &Option<String>| p.as_deref().and_then(|p| regex::Regex::new(p).ok());
        let own = CodeRule {
            pattern: regex(&cat.registry.code_pattern),
            prefixes: cat
                .namespaces
                .iter()
                .filter_map(|n| n.code_prefix.as_deref())
                .collect(),
            import: None,
        };
        let imported = cat.imports.iter().map(|i| CodeRule {
            pattern: regex(&i.code_pattern),
            prefixes: i.code_prefixes.iter().map(String::as_str).collect(),
            import: Some(i),
        });
        Codes {
            known: crate::support::suggest::Candidates::new(known),
            by_code,
            rules: std::iter::once(own).chain(imported).collect(),
        }
    }

    fn classify(&self, token: &str) -> Option<Code<'a>> {
        self.by_code.get(token).map(|c| match c {
            Code::Live(i) => Code::Live(*i),
            Code::Legacy(i) => Code::Legacy(*i),
            Code::Retired(i) => Code::Retired(*i),
            Code::Referenced => Code::Referenced,
            Code::ReferencedRetired(r, i) => Code::ReferencedRetired(r, i),
        })
    }

    /// A code the catalogue does not have: it follows the rule of this registry or of one
    /// it imports ([`CodeRule`]), or it is one edit (a character added, dropped, changed, or
    /// two swapped) from a code it has: `PAY-BIL-0011` beside `PAY-BIL-011`, which a
    /// `code_pattern` of three digits would let pass. The token starts as a code does (it
    /// was found by a code's start), so the edit is a typo, not another word.
    fn looks_like_code(&self, token: &str) -> bool {
        self.rules.iter().any(|r| r.matches(token)) || self.known.within_one_edit(token)
    }
}

/// A use of a retired code, with its replacement when the tombstone names one, and the
/// import whose registry retired it (`as: codes` adds its tombstones to the catalogue's).
fn retired(cat: &Catalogue, r: &crate::ir::Retired) -> Diagnostic {
    let d = Diagnostic::new(DiagCode::RetiredCodeReferenced, None, &[("code", &r.code)])
        .with_label("retired");
    let import = cat
        .imports
        .iter()
        .find(|i| i.retired.iter().any(|t| t.code == r.code));
    let whose = import.map(|i| {
        format!(
            "it was retired in the imported registry {} {} (import `{}`): ",
            i.registry, i.version, i.name
        )
    });
    let whose = whose.as_deref().unwrap_or("");
    match r.replaced_by.and_then(|i| cat.errors.get(i)) {
        Some(e) => d.with_help(format!(
            "{whose}remove the reference, or match on `{}` ({}), which replaced it",
            e.code, e.name
        )),
        None if import.is_some() => d.with_help(format!("{whose}remove the reference")),
        None => d,
    }
}

/// A use of a code that a registry imported `as: reference` retired.
fn retired_in_import(r: &crate::ir::Retired, import: &crate::ir::Import) -> Diagnostic {
    Diagnostic::new(DiagCode::RetiredCodeReferenced, None, &[("code", &r.code)])
        .with_label("retired")
        .with_help(format!(
            "it was retired in the imported registry {} {} (import `{}`): remove the reference (`errdex explain {}` says why, and what replaced it there)",
            import.registry, import.version, import.name, r.code
        ))
}

/// EDX0702. A token only an imported registry's rule matches is said to be that
/// registry's, with the import and its pinned version: the code may be one of a later
/// version of it, or a typo of one of its codes.
fn unknown(codes: &Codes<'_>, token: &str) -> Diagnostic {
    let near = codes.known.nearest_all(token, 3);
    let matching: Vec<&CodeRule<'_>> = codes.rules.iter().filter(|r| r.matches(token)).collect();
    let import = match matching.as_slice() {
        [only] => only.import,
        _ => None,
    };
    let d = Diagnostic::new(DiagCode::UnknownCodeString, None, &[("code", token)]);
    let mut help = Vec::new();
    let d = match import {
        Some(i) => {
            help.push(format!(
                "it looks like a code of the imported registry {} {} (import `{}`), which has no such code: check the code, or import the version that has it",
                i.registry, i.version, i.name
            ));
            d.with_label(format!("not in {} {}", i.registry, i.version))
        }
        None => d.with_label("not in the catalogue"),
    };
    if !near.is_empty() {
        let list: Vec<String> = near.iter().map(|c| format!("`{c}`")).collect();
        help.push(format!("did you mean {}?", list.join(", ")));
    }
    if help.is_empty() {
        d
    } else {
        d.with_help(help.join("; "))
    }
}

/// A diagnostic placed on a hit: its span in the excerpt, its line and column in the file.
fn at_hit(mut d: Diagnostic, hit: &search::Hit) -> Finding {
    d.span = Some(Span {
        offset: hit.range.0,
        len: hit.range.1 - hit.range.0,
        line: usize::try_from(hit.line).unwrap_or(usize::MAX),
        column: hit.column,
    });
    Finding {
        diagnostic: d,
        file: hit.path.clone(),
        excerpt: hit.excerpt.clone(),
        first_line: usize::try_from(hit.line).unwrap_or(usize::MAX),
    }
}

/// EDX0703 for a use of entry `i`, when it is deprecated (with its replacement).
fn deprecated(cat: &Catalogue, i: usize) -> Option<Diagnostic> {
    let e = &cat.errors[i];
    let dep = e.deprecated.as_ref()?;
    let d = Diagnostic::new(
        DiagCode::DeprecatedCodeRaised,
        None,
        &[("code", &e.code), ("name", &e.name)],
    )
    .with_label("deprecated");
    Some(match dep.replaced_by.map(|r| &cat.errors[r]) {
        Some(r) => d.with_help(format!("raise `{}` ({}) instead", r.code, r.name)),
        None => d,
    })
}

/// EDX0701 for every live, non-deprecated entry no use raises, at its key in the catalogue.
fn never_raised(source: Source<'_>, spans: &[(String, Span)], report: &mut Report) {
    let cat = source.catalogue;
    let Some(level) = cat.usage.severity_of(DiagCode::CodeNeverRaised) else {
        return;
    };
    let spans: HashMap<&str, Span> = spans.iter().map(|(k, s)| (k.as_str(), *s)).collect();
    let lines: Vec<&str> = source.text.lines().collect();
    // Codes an import brought are raised by whoever raises them (the platform's libraries,
    // a gateway): one this service never raises is nothing it could fix.
    let imported: std::collections::HashSet<&str> = cat
        .imports
        .iter()
        .flat_map(|i| i.codes.iter().map(|c| c.code.as_str()))
        .collect();
    for (i, e) in cat.errors.iter().enumerate() {
        if e.deprecated.is_some() || report.raised(i) > 0 || imported.contains(e.code.as_str()) {
            continue;
        }
        let tests = report.uses[i].len();
        let mut d = Diagnostic::new(
            DiagCode::CodeNeverRaised,
            None,
            &[("code", &e.code), ("name", &e.name)],
        )
        .with_severity(level)
        .with_label("declared here");
        if tests > 0 {
            d = d.with_help(format!("only tests use it ({tests} place(s))"));
        }
        let (excerpt, first_line) = match spans.get(e.name.as_str()) {
            Some(span) => {
                let line = lines
                    .get(span.line.saturating_sub(1))
                    .copied()
                    .unwrap_or("");
                let start = line
                    .char_indices()
                    .nth(span.column.saturating_sub(1))
                    .map_or(0, |(b, _)| b);
                d.span = Some(Span {
                    offset: start,
                    len: e.name.len(),
                    line: span.line,
                    column: span.column,
                });
                (line.to_string(), span.line)
            }
            None => (String::new(), 1),
        };
        report.findings.push(Finding {
            diagnostic: d,
            file: source.name.to_string(),
            excerpt,
            first_line,
        });
    }
}

/// The `--format json` answer: per live code, its status, how many places raise it and
/// every place of use; then every finding ([`diag::to_json`] objects), then a summary.
pub fn to_json(source: Source<'_>, report: &Report) -> serde_json::Value {
    serde_json::to_value(JsonReport { source, report }).unwrap_or_default()
}

/// [`to_json`], pretty-printed straight into `out` (a large tree has many places: no
/// `Value` of them is built).
pub fn write_json(
    source: Source<'_>,
    report: &Report,
    out: impl std::io::Write,
) -> std::io::Result<()> {
    use serde::Serialize as _;
    let mut out = std::io::BufWriter::new(out);
    let mut ser =
        serde_json::Serializer::with_formatter(&mut out, serde_json::ser::PrettyFormatter::new());
    JsonReport { source, report }.serialize(&mut ser)?;
    std::io::Write::write_all(&mut out, b"\n")?;
    std::io::Write::flush(&mut out)
}

struct JsonReport<'a> {
    source: Source<'a>,
    report: &'a Report,
}

struct JsonCode<'a> {
    entry: &'a crate::ir::ErrorEntry,
    uses: &'a [Use],
    count: usize,
}

struct JsonPlaces<'a>(&'a [Use]);

struct JsonPlace<'a>(&'a Use);

impl serde::Serialize for JsonReport<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        struct Codes<'a>(&'a JsonReport<'a>);
        impl serde::Serialize for Codes<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let (cat, report) = (self.0.source.catalogue, self.0.report);
                let mut seq = s.serialize_seq(Some(cat.errors.len()))?;
                for (i, entry) in cat.errors.iter().enumerate() {
                    seq.serialize_element(&JsonCode {
                        entry,
                        uses: &report.uses[i],
                        count: report.raised(i),
                    })?;
                }
                seq.end()
            }
        }
        let report = self.report;
        let findings: Vec<serde_json::Value> = report
            .findings
            .iter()
            .map(|f| diag::to_json(&f.diagnostic, &f.file))
            .collect();
        let summary = report.summary().to_json();
        let mut map = s.serialize_map(Some(4))?;
        map.serialize_entry("catalogue", self.source.name)?;
        map.serialize_entry("codes", &Codes(self))?;
        map.serialize_entry("findings", &findings)?;
        map.serialize_entry("summary", &summary)?;
        map.end()
    }
}

impl serde::Serialize for JsonCode<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(6))?;
        map.serialize_entry("code", &self.entry.code)?;
        map.serialize_entry("name", &self.entry.name)?;
        map.serialize_entry("deprecated", &self.entry.deprecated.is_some())?;
        map.serialize_entry("count", &self.count)?;
        map.serialize_entry("test_count", &(self.uses.len() - self.count))?;
        map.serialize_entry("places", &JsonPlaces(self.uses))?;
        map.end()
    }
}

impl serde::Serialize for JsonPlaces<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for u in self.0 {
            seq.serialize_element(&JsonPlace(u))?;
        }
        seq.end()
    }
}

impl serde::Serialize for JsonPlace<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let u = self.0;
        let mut map = s.serialize_map(Some(6))?;
        map.serialize_entry("file", &u.path)?;
        map.serialize_entry("line", &u.line)?;
        map.serialize_entry("column", &u.column)?;
        map.serialize_entry("text", &u.text)?;
        map.serialize_entry("via", u.via.as_str())?;
        map.serialize_entry("test", &u.test)?;
        map.end()
    }
}
