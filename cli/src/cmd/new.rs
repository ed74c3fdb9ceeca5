//! `errdex new NAME --summary ... [--part PATH]`: adds a code to a part (or to the root
//! catalogue) with the next free code its part may allocate.
//!
//! The next code is the first of the part's `range` not used anywhere in the registry
//! (live codes, legacy codes, retired codes); with a `prefix` (or, without `--part`, the
//! namespace's `code_prefix`), one past the highest code of that prefix. The entry is
//! appended as text to the part file, whose last section must be its `errors:` block (the
//! rest of the file, comments included, is left as it is), or written as `<CODE>.yaml` in a
//! folder of one file per code. The registry is then loaded again with the new text, and
//! nothing is written when it would be invalid.
//!
//! Two branches that each add a code to the same part therefore change the same lines (the
//! end of the file) or add the same file name, which `git merge` reports as a conflict
//! instead of merging two entries with one code.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use errdex_codegen::Catalogue;
use errdex_codegen::catalogue::{
    Allowed, Disk, FileSystem, PartHeader, load_registry, modeline, part_header,
};
use errdex_codegen::names;
use errdex_codegen::text::yaml_scalar;

use crate::catalogue::{self, Show};
use crate::fail::{self, Failure};
use crate::{Format, ReportFormat};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The new entry's NAME (UPPER_SNAKE or lower_snake).
    pub name: String,
    /// The root catalogue.
    #[arg(long, default_value = catalogue::DEFAULT_PATH)]
    pub catalogue: PathBuf,
    /// The part to add it to: a part file, or a folder of one file per code. Without it,
    /// the root catalogue (the code from `--namespace`'s `code_prefix`).
    #[arg(long)]
    pub part: Option<PathBuf>,
    /// Its category. Without it, the entry takes its namespace's `category` (written
    /// nowhere: the catalogue's default), refused when the namespace declares none.
    #[arg(long)]
    pub category: Option<String>,
    /// Its one-line summary.
    #[arg(long)]
    pub summary: String,
    /// Its message template. Without it no `message` is written, and the entry's message is
    /// its summary (the catalogue's default).
    #[arg(long)]
    pub message: Option<String>,
    /// Its namespace (default, with --part: the namespace of the part's codes, when they are
    /// all in one; in a part with no code yet, the one namespace it declares).
    #[arg(long)]
    pub namespace: Option<String>,
    /// A param of its message, `NAME:TYPE` (`field:string`, `limit:integer`); repeat for
    /// each. Every `{placeholder}` of --message must be one.
    #[arg(long = "param", value_name = "NAME:TYPE")]
    pub params: Vec<String>,
    /// The code to give it, instead of the next one of the part's range or prefix: for a
    /// part that declares neither, or codes not numbered in sequence (SQLite's extended
    /// codes). It must be one the registry has never used (live, legacy or retired), and
    /// inside the part's range when it has one.
    #[arg(long)]
    pub code: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    pub format: Format,
}

pub fn run(args: Args) -> ExitCode {
    match add(&args) {
        Ok(status) => status,
        Err(failure) => fail::report(&failure, args.format),
    }
}

/// A folder part's header file: its `part:` and namespaces (docs/catalogue.md).
const PART_HEADER: &str = "_part.yaml";

/// Refuses a `--part` that is not one of the registry's `parts` (`listed`, relative to the
/// root's folder, a folder part's ending in `/`) but is close to one, saying which to give:
/// a folder part's `_part.yaml` (the folder is the part), or a folder whose files are parts
/// through a glob (one of those files is). Any other path is left to the check after the
/// entry is added, which refuses what the root does not read.
fn listed_part(part: &Path, catalogue: &Path, listed: &[String]) -> Result<(), Failure> {
    let root_dir = match catalogue.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let (Ok(root_dir), Ok(full)) = (root_dir.canonicalize(), part.canonicalize()) else {
        return Ok(());
    };
    let given = part.display();
    let name = catalogue.display();
    let not_a_part = || {
        Failure::bad_arguments(format!(
            "`{given}` is not a part of the registry `{name}`: `{name}` lists its parts under `parts:`, and none of them is this {}",
            if full.is_dir() { "folder" } else { "file" }
        ))
        .with_suggestion(format!(
            "give --part one of the parts `{name}` lists ({}), or list this one under its `parts:`",
            shown_list(listed)
        ))
    };
    if catalogue.canonicalize().is_ok_and(|c| c == full) {
        return Err(Failure::bad_arguments(format!(
            "`{given}` is the root catalogue, not a part"
        ))
        .with_suggestion(
            "leave out --part to add the code to the root's `errors:` (with --namespace, the next code of its `code_prefix`), or give one of its parts",
        ));
    }
    let Ok(rel) = full.strip_prefix(&root_dir) else {
        return Err(not_a_part());
    };
    let rel = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/");
    if full.is_dir() {
        let folder = format!("{rel}/");
        if listed.contains(&folder) {
            return Ok(());
        }
        let inside: Vec<&String> = listed.iter().filter(|p| p.starts_with(&folder)).collect();
        if let Some(first) = inside.first() {
            return Err(Failure::bad_arguments(format!(
                "`{given}` is a folder of parts, not a folder part: each of its files is a part of its own (`{first}`{})",
                if inside.len() > 1 { ", …" } else { "" }
            ))
            .with_suggestion(
                "give --part the file of the part the code belongs to; a folder part (one file per code) is a folder the root lists itself",
            ));
        }
        return Err(not_a_part());
    }
    if let Some(folder) = rel.strip_suffix(PART_HEADER)
        && (folder.is_empty() || folder.ends_with('/'))
        && listed.iter().any(|p| p == folder)
    {
        let dir = folder.trim_end_matches('/');
        return Err(Failure::bad_arguments(format!(
            "`{given}` is the header of the folder part `{dir}`, which holds one file per code"
        ))
        .with_suggestion(format!(
            "give --part {dir}: the entry is written to its own file, `{dir}/<CODE>.yaml`"
        )));
    }
    if listed.contains(&rel) {
        return Ok(());
    }
    if let Some(folder) = listed
        .iter()
        .find(|p| p.ends_with('/') && rel.starts_with(p.as_str()))
    {
        let dir = folder.trim_end_matches('/');
        return Err(Failure::bad_arguments(format!(
            "`{given}` is a file of the folder part `{dir}`, which holds one file per code"
        ))
        .with_suggestion(format!(
            "give --part {dir}: the entry is written to its own file, `{dir}/<CODE>.yaml`"
        )));
    }
    Err(not_a_part())
}

/// The first parts of `listed`, for a message.
fn shown_list(listed: &[String]) -> String {
    const SHOWN: usize = 5;
    let mut shown: Vec<String> = listed
        .iter()
        .take(SHOWN)
        .map(|p| format!("`{}`", p.trim_end_matches('/')))
        .collect();
    if listed.len() > SHOWN {
        shown.push("…".into());
    }
    if shown.is_empty() {
        "it lists none".into()
    } else {
        shown.join(", ")
    }
}

/// Where the entry goes.
enum Target {
    /// Appended to this file (a part file, or the root).
    Append(PathBuf),
    /// `<CODE>.yaml` in this folder.
    /// A folder part, and the editor schema line its new `<CODE>.yaml` starts with.
    Folder(PathBuf, Option<String>),
}

/// The `_part.yaml`'s editor schema line (`# yaml-language-server: $schema=…/part.schema.json`)
/// pointed at `entry.schema.json` of the same kind, for a new `<CODE>.yaml` of the folder
/// `part`. The folder is the one the root catalogue's own line names when it has one
/// (a `_part.yaml` left behind by a move names a folder that is not there: lint's EDX0814),
/// else the `_part.yaml`'s.
fn entry_schema_line(header: &str, root: &Path, root_text: &str, part: &Path) -> Option<String> {
    let line = header.lines().find_map(|l| {
        l.trim_start()
            .strip_prefix("# yaml-language-server: $schema=")
    })?;
    let line = line.trim();
    // The format's part schema, or the catalogue's own: the entry schema of the same kind.
    let (dir, entry) = match line.strip_suffix(names::OWN_PART_SCHEMA_FILE) {
        Some(dir) => (dir, names::OWN_ENTRY_SCHEMA_FILE),
        None => (
            line.strip_suffix(names::PART_SCHEMA_FILE)?,
            names::ENTRY_SCHEMA_FILE,
        ),
    };
    let from_root = || -> Option<String> {
        let (value, _) = modeline::schema_line(root_text)?;
        let root_name = root.file_name()?.to_string_lossy();
        let folder = modeline::schema_folder(&root_name, value);
        let absolute = |p: &Path| {
            std::path::absolute(p)
                .ok()
                .map(|p| errdex_codegen::files::normalize(&p))
        };
        let root_dir = absolute(root)?.parent()?.to_path_buf();
        let rel = absolute(part)?
            .strip_prefix(&root_dir)
            .ok()?
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/");
        Some(modeline::schema_path(
            &format!("{rel}/{entry}"),
            &folder,
            entry,
        ))
    };
    let path = from_root().unwrap_or_else(|| format!("{dir}{entry}"));
    Some(format!("# yaml-language-server: $schema={path}\n"))
}

fn add(args: &Args) -> Result<ExitCode, Failure> {
    let mut checked = match catalogue::read(&args.catalogue, args.format) {
        Ok(checked) => checked,
        Err(status) => return Ok(status),
    };
    let spans = std::mem::take(&mut checked.loaded.entry_spans);
    let parts = std::mem::take(&mut checked.loaded.parts);
    let (cat, sources) = match checked.into_catalogue_and_sources(args.format, Show::WhenInvalid) {
        Ok(found) => found,
        Err(status) => return Ok(status),
    };
    // A category the registry does not declare: said before any text is made, with the
    // nearest and the rest (the load with the entry added would point at a line of a file
    // not written).
    let categories = || {
        cat.categories
            .iter()
            .map(|c| format!("`{}`", c.key))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if let Some(category) = &args.category
        && !cat.categories.iter().any(|c| &c.key == category)
    {
        let near = errdex_codegen::support::suggest::did_you_mean(
            category,
            cat.categories.iter().map(|c| c.key.as_str()),
        );
        return Err(Failure::bad_arguments(format!(
            "--category `{category}` is not a category of the registry{}",
            near.map(|n| format!(": {n}")).unwrap_or_default()
        ))
        .with_suggestion(format!("give one of {}", categories())));
    }
    // A NAME the registry has: said as such, with its place, before any text is made (the
    // load of the registry with the entry added would report the two as a duplicate key,
    // the new one at a line of a file not written).
    if let Some(e) = cat
        .errors
        .iter()
        .find(|e| e.name == args.name || e.aliases.contains(&args.name))
    {
        let place = spans
            .iter()
            .find(|(key, _)| *key == e.name)
            .and_then(|(_, span)| sources.locate(*span))
            .map(|(file, span)| format!(" ({}:{}:{})", file.name, span.line, span.column))
            .unwrap_or_default();
        let what = if e.name == args.name {
            "the NAME of"
        } else {
            "an alias of"
        };
        return Err(Failure::bad_arguments(format!(
            "`{}` is already {what} {} `{}`{place}",
            args.name, e.code, e.name
        ))
        .with_suggestion(format!(
            "choose another NAME; `errdex explain {}` shows the code that has it",
            e.code
        )));
    }
    if let Some(part) = &args.part {
        listed_part(part, &args.catalogue, &parts)?;
    }
    let (target, header) = match &args.part {
        Some(part) if part.is_dir() => {
            let header = std::fs::read_to_string(part.join(PART_HEADER)).unwrap_or_default();
            // The root's text as the load read it (the first of the sources).
            let root_text = sources.files().first().map_or("", |f| f.text.as_str());
            let schema_line = entry_schema_line(&header, &args.catalogue, root_text, part);
            (
                Target::Folder(part.clone(), schema_line),
                part_header(&header),
            )
        }
        Some(part) => {
            let text = read(part)?;
            (Target::Append(part.clone()), part_header(&text))
        }
        None => {
            let prefix = args.namespace.as_ref().and_then(|ns| {
                cat.namespaces
                    .iter()
                    .find(|n| &n.key == ns)
                    .and_then(|n| n.code_prefix.clone())
            });
            (
                Target::Append(args.catalogue.clone()),
                PartHeader {
                    allowed: prefix.map(Allowed::Prefix),
                    ..PartHeader::default()
                },
            )
        }
    };
    let allowed = header.allowed;
    // A folder's `<CODE>.md` with no `<CODE>.yaml` beside it (EDX0811) is an explanation
    // waiting for its entry: its code is not handed out to an unrelated entry, which would
    // silently take that text as its own explanation.
    let waiting = match &target {
        Target::Folder(dir, _) => explanations_waiting(dir),
        Target::Append(_) => Vec::new(),
    };
    let mut notes = Vec::new();
    let deleted = deleted_since_head(&args.catalogue, &cat);
    let code = match (&args.code, allowed) {
        (Some(code), allowed) => {
            if let Some((_, was)) = deleted.iter().find(|(c, _)| c == code) {
                return Err(Failure::bad_arguments(format!(
                    "code `{code}` was {was} at HEAD and was deleted without a tombstone: clients, logs and stored payloads may still give it that meaning"
                ))
                .with_suggestion(format!(
                    "retire it in the root catalogue (`retired: {{ {}: {{ since: \"<version>\" }} }}`) and choose another code, or leave out --code for the next free one",
                    yaml_scalar(code)
                )));
            }
            // Said here, naming the part, rather than by the load with the entry added
            // (EDX0807 at a line of a file not written).
            if let Some(allowed) = allowed.filter(|a| !a.allows(code)) {
                return Err(Failure::bad_arguments(format!(
                    "--code `{code}` is outside {}, the codes this part may allocate",
                    allowed.describe()
                ))
                .with_suggestion(
                    "leave out --code for the part's next free code, or add the entry to the part whose range holds it",
                ));
            }
            if let Some(holder) = holder_of(&cat, code) {
                return Err(Failure::bad_arguments(format!(
                    "code `{code}` is already used: {holder}"
                ))
                .with_suggestion(
                    "a code is never given a second meaning: choose one the registry has never used, or leave out --code for the next free one",
                ));
            }
            if waiting.contains(code) {
                notes.push(format!(
                    "`{code}.md`, already in the folder, is the new entry's explanation"
                ));
            }
            code.clone()
        }
        (None, Some(allowed)) => {
            let kept: Vec<&str> = waiting
                .iter()
                .map(String::as_str)
                .filter(|c| allowed.allows(c) && holder_of(&cat, c).is_none())
                .collect();
            // Codes the registry had at HEAD and deleted since, without a tombstone: not
            // handed out again (each said in a note).
            let skipped: Vec<&(String, String)> =
                deleted.iter().filter(|(c, _)| allowed.allows(c)).collect();
            let avoid: Vec<&str> = kept
                .iter()
                .copied()
                .chain(skipped.iter().map(|(c, _)| c.as_str()))
                .collect();
            let next = next_code(&cat, &allowed, &avoid).ok_or_else(|| {
                Failure::bad_arguments(format!("{} has no free code left", allowed.describe()))
                    .with_suggestion(
                        "widen the part's `range` (every code in it is taken, retired ones too: --code cannot help), or add the code to another part",
                    )
            })?;
            // The deleted codes that would have been given, in turn, each said.
            let mut passed: Vec<&str> = kept.clone();
            while let Some(would) = next_code(&cat, &allowed, &passed).filter(|w| *w != next) {
                let Some((c, was)) = skipped.iter().find(|(c, _)| *c == would) else {
                    break;
                };
                notes.push(format!(
                    "`{c}` was {was} at HEAD and was deleted without a tombstone: skipped; retire it (`retired:` in the root catalogue) so that nothing gives it a second meaning"
                ));
                passed.push(c);
            }
            if next_code(&cat, &allowed, &[]).as_ref() != next_code(&cat, &allowed, &kept).as_ref()
            {
                let files: Vec<String> = kept.iter().map(|c| format!("`{c}.md`")).collect();
                let (has, them) = match kept.len() {
                    1 => ("has", "its code is kept for the entry it explains"),
                    _ => ("have", "their codes are kept for the entries they explain"),
                };
                notes.push(format!(
                    "{} in the folder {has} no `.yaml` beside it (EDX0811): {them}; `--code {}` adds such an entry",
                    files.join(", "),
                    kept[0],
                ));
            }
            next
        }
        (None, None) => {
            let why = match (&args.part, &args.namespace) {
                (Some(part), _) => format!(
                    "part `{}` declares no `range` or `prefix` (`part: {{range: ...}}`)",
                    part.display()
                ),
                (None, Some(ns)) => format!("namespace `{ns}` has no `code_prefix`"),
                (None, None) => "neither --part nor --namespace was given".to_string(),
            };
            return Err(Failure::bad_arguments(format!(
                "errdex cannot pick the next code: {why}"
            ))
            .with_suggestion(
                "give the code with --code, or declare the range the codes are allocated from",
            ));
        }
    };
    // Without --namespace, a part whose codes are all in one namespace gives that one: a
    // team's part is usually one namespace, and an entry without one would be left out of it.
    // A part with no code yet gives the one namespace it declares.
    let seen = match &target {
        Target::Append(file) if args.part.is_some() => {
            the_namespace_of(&cat, &spans, &sources, file)
        }
        Target::Folder(dir, _) => the_namespace_of(&cat, &spans, &sources, dir),
        Target::Append(_) => Seen::Mixed,
    };
    let namespace = args.namespace.clone().or(match seen {
        Seen::One(ns) => Some(ns),
        Seen::Nothing => match header.namespaces.as_slice() {
            [one] => Some(one.clone()),
            _ => None,
        },
        Seen::Mixed => None,
    });
    // Without --category, the namespace's default: checked here, where the namespace is
    // known, so that the failure says which namespace declares none.
    if args.category.is_none()
        && namespace
            .as_deref()
            .and_then(|ns| cat.namespaces.iter().find(|n| n.key == ns))
            .and_then(|n| n.category)
            .is_none()
    {
        let why = match &namespace {
            Some(ns) => format!("namespace `{ns}` declares no `category` for its codes to take"),
            None => "the entry has no namespace whose `category` it could take".to_string(),
        };
        return Err(
            Failure::bad_arguments(format!("--category is needed: {why}"))
                .with_suggestion(format!("give --category, one of {}", categories())),
        );
    }
    let fields = [
        ("namespace", namespace.as_deref()),
        ("category", args.category.as_deref()),
        ("summary", Some(args.summary.as_str())),
        ("message", args.message.as_deref()),
    ];
    let params = params_line(&args.params)?;
    if params.is_some() && args.message.is_none() {
        return Err(Failure::bad_arguments(
            "--param declares a param of the message, but no --message was given (the summary, the message by default, has no params)",
        )
        .with_suggestion("give the message with its placeholders: --message 'charge {charge_id} failed' --param charge_id:string"));
    }
    if args.summary.trim().is_empty() || args.summary.contains(['\n', '\r']) {
        return Err(Failure::bad_arguments(
            "--summary must be one line of text: a code's summary is its title everywhere (docs, `explain`, generated doc comments)",
        )
        .with_suggestion("give a short one-line summary; put details in the entry's `explanation`"));
    }
    let root_dir = catalogue::folder_of(&args.catalogue);
    let (path, new_text, create) = match &target {
        Target::Folder(dir, schema_line) => {
            let mut text = schema_line.clone().unwrap_or_default();
            text.push_str(&format!("name: {}\n", args.name));
            for (key, value) in fields {
                if let Some(v) = value {
                    text.push_str(&format!("{key}: {}\n", yaml_scalar(v)));
                }
            }
            if let Some(params) = &params {
                text.push_str(&format!("params: {params}\n"));
            }
            (dir.join(format!("{code}.yaml")), text, true)
        }
        Target::Append(file) => {
            let old = read(file)?;
            let (mut text, indent) = appendable(&old).ok_or_else(|| {
                let or_part = if args.part.is_some() {
                    ""
                } else {
                    ", or add the code to a part (--part)"
                };
                if errors_is_flow(&old) {
                    Failure::bad_arguments(format!(
                        "`errors:` of `{}` is written as a flow mapping (`errors: {{ … }}`), so errdex new cannot append to it without rewriting the file",
                        file.display()
                    ))
                    .with_suggestion(format!(
                        "write it as a block mapping: `errors:` alone on its line, each entry on lines of its own indented below it{or_part}"
                    ))
                } else {
                    Failure::bad_arguments(format!(
                        "`errors:` is not the last section of `{}` as a block mapping, so errdex new cannot append to it without rewriting the file",
                        file.display()
                    ))
                    .with_suggestion(format!("end the file with its `errors:` block{or_part}"))
                }
            })?;
            let inner = format!("{indent}{indent}");
            text.push_str(&format!(
                "{indent}{}:\n{inner}code: {}\n",
                args.name,
                yaml_scalar(&code)
            ));
            for (key, value) in fields {
                if let Some(v) = value {
                    text.push_str(&format!("{inner}{key}: {}\n", yaml_scalar(v)));
                }
            }
            if let Some(params) = &params {
                text.push_str(&format!("{inner}params: {params}\n"));
            }
            // A file whose every line ends in `\r\n` (a Windows checkout) keeps them so.
            let lines = old.matches('\n').count();
            if lines > 0 && old.matches("\r\n").count() == lines {
                text = text.replace("\r\n", "\n").replace('\n', "\r\n");
            }
            (file.clone(), text, false)
        }
    };
    // Load the registry again as it would be, from the disk with this one file changed.
    let overlay = catalogue::Overlay::new(
        Disk::beside(&args.catalogue),
        [(relative(&root_dir, &path), new_text.clone())],
    );
    let root_bytes = if same_file(&path, &args.catalogue) {
        new_text.clone().into_bytes()
    } else {
        std::fs::read(&args.catalogue).map_err(|e| {
            Failure::file_unreadable(args.catalogue.display().to_string(), fail::io_reason(&e))
        })?
    };
    let name = args.catalogue.display().to_string();
    let loaded = load_registry(&root_bytes, &name, &args.catalogue, &overlay, &FileSystem);
    if loaded.has_errors() {
        return Err(catalogue::invalid_after(
            &loaded,
            format!("{name} with {} added", args.name),
        ));
    }
    // A file or folder the root does not list is no part of the registry: the entry
    // would be written where nothing reads it, and its code handed out again by the
    // next `errdex new`.
    let added = loaded.catalogue.as_ref().is_some_and(|c| {
        c.errors
            .iter()
            .any(|e| e.name == args.name && e.code == code)
    });
    if !added {
        return Err(Failure::bad_arguments(format!(
            "`{}` is not a part of the registry `{name}`: `{name}` lists its parts under `parts:`, and none of them is this {}",
            args.part.as_deref().unwrap_or(&path).display(),
            if create { "folder" } else { "file" }
        ))
        .with_suggestion(format!(
            "give --part one of the parts `{name}` lists, or list this one under its `parts:`"
        )));
    }
    let written = if create {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .and_then(|mut f| f.write_all(new_text.as_bytes()))
    } else {
        std::fs::write(&path, &new_text)
    };
    written.map_err(|e| Failure::write_failed(path.display().to_string(), fail::io_reason(&e)))?;
    match ReportFormat::from(args.format) {
        ReportFormat::Json => crate::print_json(&serde_json::json!({
            "code": code,
            "name": args.name,
            "file": path.display().to_string(),
        })),
        _ => println!("{code} {} added to {}", args.name, path.display()),
    }
    for note in notes {
        eprintln!("note: {note}");
    }
    Ok(ExitCode::SUCCESS)
}

/// The codes of a folder part's `<CODE>.md` files that have no `<CODE>.yaml` beside them,
/// sorted.
fn explanations_waiting(dir: &Path) -> Vec<String> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut codes: Vec<String> = read
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|f| f.strip_suffix(".md").map(str::to_string))
        .filter(|c| !dir.join(format!("{c}.yaml")).exists())
        .collect();
    codes.sort();
    codes
}

/// The namespaces of the entries a part declares.
enum Seen {
    /// It declares no entry.
    Nothing,
    /// Its entries are all in this one.
    One(String),
    /// In several, or some in none.
    Mixed,
}

/// The one namespace of the entries declared in `part` (a file, or a folder and the files in
/// it), if they are all in the same one.
fn the_namespace_of(
    cat: &Catalogue,
    spans: &[(String, errdex_codegen::diag::Span)],
    sources: &errdex_codegen::diag::SourceMap,
    part: &Path,
) -> Seen {
    let Ok(part) = part.canonicalize() else {
        return Seen::Mixed;
    };
    let mut found: Option<&str> = None;
    // The spans come file by file: each file's path is resolved once.
    let mut last: Option<(&str, bool)> = None;
    for (name, span) in spans {
        let Some((file, _)) = sources.locate(*span) else {
            continue;
        };
        let in_part = match last {
            Some((seen, inside)) if seen == file.name => inside,
            _ => {
                let inside = Path::new(&file.name)
                    .canonicalize()
                    .is_ok_and(|f| f.starts_with(&part));
                last = Some((&file.name, inside));
                inside
            }
        };
        if !in_part {
            continue;
        }
        let Some(entry) = cat.errors.iter().find(|e| &e.name == name) else {
            // A tombstone's code, not an entry.
            continue;
        };
        let Some(ns) = entry.namespace.map(|i| cat.namespaces[i].key.as_str()) else {
            return Seen::Mixed;
        };
        match found {
            None => found = Some(ns),
            Some(other) if other != ns => return Seen::Mixed,
            Some(_) => {}
        }
    }
    match found {
        Some(ns) => Seen::One(ns.to_string()),
        None => Seen::Nothing,
    }
}

/// The code after the highest one of `allowed` that the registry uses (live, legacy or
/// retired), so that a code deleted without a tombstone below it is not handed out again
/// with a new meaning; the range's first code when it has none; the lowest free one only
/// when the range's last code is taken. For a prefix, one past its highest numbered code.
/// `kept` are codes to count as used besides (explanations waiting for their entry).
fn next_code(cat: &Catalogue, allowed: &Allowed, kept: &[&str]) -> Option<String> {
    let mut used = used_codes(cat);
    used.extend(kept.iter().copied());
    let prefix = match allowed {
        Allowed::Range {
            prefix,
            width,
            low,
            high,
        } => {
            // By number, not by listing the range: a range may hold 10^18 codes.
            let taken: std::collections::BTreeSet<u64> = used
                .iter()
                .filter(|c| allowed.allows(c))
                .filter_map(|c| c[prefix.len()..].parse().ok())
                .collect();
            let next = match taken.last() {
                None => Some(*low),
                Some(&n) if n < *high => Some(n + 1),
                // The range's end is taken: the first gap (at most one past the taken).
                Some(_) => (*low..=*high).find(|n| !taken.contains(n)),
            };
            return next.map(|n| format!("{prefix}{n:0width$}"));
        }
        Allowed::Prefix(prefix) => prefix,
    };
    let numbered: Vec<&str> = used
        .iter()
        .filter_map(|c| c.strip_prefix(prefix.as_str()))
        .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        .collect();
    let width = numbered.iter().map(|d| d.len()).max().unwrap_or(3);
    let next = numbered
        .iter()
        .filter_map(|d| d.parse::<u64>().ok())
        .max()
        .map_or(1, |n| n + 1);
    Some(format!("{prefix}{next:0width$}"))
}

/// The codes the registry had at git's `HEAD` (live, legacy or retired) that it has no
/// longer, each with what it was (`the code of \`NAME\``): deleted without a tombstone,
/// and so free in the working tree's catalogue, but still meaning that error to clients,
/// logs and stored payloads. Empty outside a git repository, when git is missing, or when `HEAD` has no
/// such catalogue or an invalid one: the check is a guard, not a requirement.
fn deleted_since_head(path: &Path, cat: &Catalogue) -> Vec<(String, String)> {
    let Ok(source) = super::diff::git_show("HEAD", path) else {
        return Vec::new();
    };
    let Some(old) = source.load().loaded.catalogue else {
        return Vec::new();
    };
    let live = old.errors.iter().flat_map(|e| {
        std::iter::once((e.code.clone(), format!("the code of `{}`", e.name))).chain(
            e.legacy_codes
                .iter()
                .map(|c| (c.clone(), format!("a legacy code of `{}`", e.name))),
        )
    });
    let retired = old.retired.iter().map(|r| {
        let what = match &r.name {
            Some(name) => format!("retired (`{name}`)"),
            None => "retired".to_string(),
        };
        (r.code.clone(), what)
    });
    let used = used_codes(cat);
    live.chain(retired)
        .filter(|(code, _)| !used.contains(code.as_str()))
        .collect()
}

/// Every code `cat` uses: its entries' codes and legacy codes, and its tombstones.
fn used_codes(cat: &Catalogue) -> std::collections::BTreeSet<&str> {
    cat.errors
        .iter()
        .flat_map(|e| {
            std::iter::once(e.code.as_str()).chain(e.legacy_codes.iter().map(String::as_str))
        })
        .chain(cat.retired.iter().map(|r| r.code.as_str()))
        .collect()
}

/// Who has `code` already: an entry (as its code or a legacy code) or a tombstone.
fn holder_of(cat: &Catalogue, code: &str) -> Option<String> {
    if let Some(e) = cat.errors.iter().find(|e| e.code == code) {
        return Some(format!("it is the code of `{}`", e.name));
    }
    if let Some(e) = cat
        .errors
        .iter()
        .find(|e| e.legacy_codes.iter().any(|c| c == code))
    {
        return Some(format!("it is a legacy code of `{}`", e.name));
    }
    cat.retired
        .iter()
        .any(|r| r.code == code)
        .then(|| "it is retired".to_string())
}

/// The indentation of the entries of `errors:`, when it is the text's last top-level key
/// and a block mapping (two spaces when it has no entry yet).
/// The text a new entry is appended to, and the indent of an entry: `text` itself when it
/// ends with its `errors:` block; with `errors:` added when it has no `errors` section yet
/// (a part that declares its range and has no code yet), or in place of a last line
/// `errors: {}`. `None` when `errors:` is not the last section.
fn appendable(text: &str) -> Option<(String, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let top = |l: &&str| !l.is_empty() && !l.starts_with([' ', '#', '-']) && l.contains(':');
    let mut out = text.to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    let is_errors = |l: &str| {
        l.strip_prefix("errors")
            .is_some_and(|rest| rest.trim_start().starts_with(':'))
    };
    if !lines.iter().any(|l| top(l) && is_errors(l)) {
        out.push_str("errors:\n");
        return Some((out, "  ".to_string()));
    }
    let last = lines.iter().rposition(top)?;
    let rest = lines[last].strip_prefix("errors:")?;
    let rest = rest.split('#').next().unwrap_or("").trim();
    if rest == "{}"
        && lines[last + 1..].iter().all(|l| {
            let l = l.trim();
            l.is_empty() || l.starts_with('#')
        })
    {
        // The empty mapping's line becomes the block's header (its comment kept); the lines
        // after it (blank or comments) stay.
        let mut out: Vec<String> = lines.iter().map(|l| (*l).to_string()).collect();
        let comment = lines[last].find('#').map_or("", |i| &lines[last][i..]);
        out[last] = match comment {
            "" => "errors:".to_string(),
            comment => format!("errors:  {comment}"),
        };
        let mut out = out.join("\n");
        out.push('\n');
        return Some((out, "  ".to_string()));
    }
    errors_indent(&lines, last, rest).map(|indent| (out, indent))
}

/// Whether the text's last top-level key is `errors:` with a flow mapping after it on its
/// line (`errors: { A: {…} }`), which [`appendable`] cannot extend (only `errors: {}`).
fn errors_is_flow(text: &str) -> bool {
    text.lines()
        .rfind(|l| !l.is_empty() && !l.starts_with([' ', '#', '-']) && l.contains(':'))
        .and_then(|l| l.strip_prefix("errors:"))
        .is_some_and(|rest| rest.trim_start().starts_with('{'))
}

/// The indent of the entries of the `errors:` block at line `last` (the file's last
/// top-level key, `rest` what follows its colon).
fn errors_indent(lines: &[&str], last: usize, rest: &str) -> Option<String> {
    if !rest.is_empty() {
        return None;
    }
    let indent = lines[last + 1..]
        .iter()
        .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map_or("  ".to_string(), |l| {
            l[..l.len() - l.trim_start().len()].to_string()
        });
    (!indent.is_empty() && !indent.contains('\t')).then_some(indent)
}

fn read(path: &Path) -> Result<String, Failure> {
    std::fs::read_to_string(path)
        .map_err(|e| Failure::file_unreadable(path.display().to_string(), fail::io_reason(&e)))
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// `path` relative to `dir`, `/`-separated (for [`Files`]); both may be relative to the
/// working directory. A file that does not exist yet is placed by its folder.
fn relative(dir: &Path, path: &Path) -> String {
    let canon = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let full = match (path.parent(), path.file_name()) {
        (Some(parent), Some(file)) if !path.exists() => canon(if parent.as_os_str().is_empty() {
            Path::new(".")
        } else {
            parent
        })
        .join(file),
        _ => canon(path),
    };
    full.strip_prefix(canon(dir))
        .map(|p| {
            p.components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/")
        })
        .unwrap_or_else(|_| path.display().to_string())
}

/// `--param NAME:TYPE`s as a flow mapping (`{ field: string, limit: integer }`), `None`
/// without any. The names and types are checked when the registry is loaded with the entry.
fn params_line(params: &[String]) -> Result<Option<String>, Failure> {
    if params.is_empty() {
        return Ok(None);
    }
    let mut pairs = Vec::with_capacity(params.len());
    for p in params {
        let Some((name, ty)) = p
            .split_once(':')
            .map(|(n, t)| (n.trim(), t.trim()))
            .filter(|(n, t)| !n.is_empty() && !t.is_empty())
        else {
            return Err(Failure::bad_arguments(format!(
                "--param `{p}` is not NAME:TYPE"
            ))
            .with_suggestion("write each param as NAME:TYPE, e.g. `--param field:string --param limit:integer`"));
        };
        pairs.push(format!("{}: {}", yaml_scalar(name), yaml_scalar(ty)));
    }
    Ok(Some(format!("{{ {} }}", pairs.join(", "))))
}
