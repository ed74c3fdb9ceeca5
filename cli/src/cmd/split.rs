//! `errdex split [--dir errors] [--owner NS=OWNER ...]`: turns a catalogue in one file into
//! a registry in many files — one part file per namespace, holding the namespace and its
//! codes — the migration Ably's shared registry made by hand in 2026.
//!
//! The text is moved, not rewritten: each namespace's and each entry's lines (with the
//! comments above them) are cut from the root and pasted into `<dir>/<namespace>.yaml`
//! under `namespaces:` and `errors:`, at the indentation they had, and the root lists them
//! in `parts:` in the order the namespaces were declared. Retired codes and every other
//! section stay in the root; so do codes without a namespace when they come first, else they
//! go to `<dir>/general.yaml`, listed last. `namespaces:` and `errors:` must be block mappings (one key per
//! line), which is what the text-level move needs; flow style is refused.
//!
//! Before anything is written the registry is loaded again as it would be, and `errdex diff`
//! between the two must find nothing: a split changes where codes are written, never what
//! they are. Its resolved form (`registry.json`) is the same bytes too, unless codes of
//! several namespaces were interleaved in the one file (they now come part by part; a note
//! says so). Nothing is written otherwise, and no existing file is overwritten but the root.

use std::collections::BTreeMap;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use errdex_codegen::catalogue::tree::{Kind, Limits, Node};
use errdex_codegen::catalogue::{Disk, FileSystem, load_registry};
use errdex_codegen::emit::json_schema;
use errdex_codegen::names;

use crate::catalogue::{self, Show};
use crate::fail::{self, Failure};
use crate::{Format, ReportFormat};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The catalogue to split.
    #[arg(long, default_value = catalogue::DEFAULT_PATH)]
    pub catalogue: PathBuf,
    /// The folder for the part files, relative to the catalogue's folder.
    #[arg(long, default_value = "errors")]
    pub dir: String,
    /// A part's owner: `NAMESPACE=OWNER` (e.g. `BIL=@acme/billing`), written as the part's
    /// `part: {owner}` (then `errdex generate --codeowners` lists it). Repeatable.
    #[arg(long = "owner", value_name = "NAMESPACE=OWNER")]
    pub owners: Vec<String>,
    /// The layout: a part file per namespace, or a folder per namespace with one
    /// `<CODE>.yaml` per code (the rustc / Ably layout; a folder's codes are read in code
    /// order, numbers in names compared as numbers).
    #[arg(long, value_enum, default_value = "namespace")]
    pub by: By,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    pub format: Format,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum By {
    /// `<dir>/<namespace>.yaml`: the namespace and its codes.
    Namespace,
    /// `<dir>/<namespace>/_part.yaml` (the namespace) and `<dir>/<namespace>/<CODE>.yaml`.
    Code,
}

pub fn run(args: Args) -> ExitCode {
    match split(&args) {
        Ok(status) => status,
        Err(failure) => fail::report(&failure, args.format),
    }
}

/// One entry of a block mapping: its key and the lines it spans (`start..end`, 0-based,
/// the comment lines right above it included).
#[derive(Debug, Clone)]
struct Lines {
    key: String,
    start: usize,
    end: usize,
}

fn split(args: &Args) -> Result<ExitCode, Failure> {
    let cat = match catalogue::open(&args.catalogue, args.format, Show::WhenInvalid) {
        Ok(cat) => cat,
        Err(status) => return Ok(status),
    };
    let bad = |why: String| Failure::bad_arguments(why);
    let text = std::fs::read_to_string(&args.catalogue).map_err(|e| {
        Failure::file_unreadable(args.catalogue.display().to_string(), fail::io_reason(&e))
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text).to_string();
    let root = errdex_codegen::catalogue::parse(&text, &Limits::default())
        .map_err(|_| bad("the catalogue does not parse".into()))?;
    let Kind::Map(top) = &root.kind else {
        return Err(bad("the catalogue is not a mapping".into()));
    };
    if top.iter().any(|(k, _)| k.as_str() == Some("parts")) {
        return Err(bad(format!(
            "`{}` already lists parts: split moves a catalogue in one file into parts",
            args.catalogue.display()
        ))
        .with_suggestion(
            "add a code to a part with `errdex new NAME --part PART`; to move codes between parts, edit the files (lint checks the result)",
        ));
    }
    let dir = args.dir.trim_end_matches('/');
    if dir.is_empty() || dir.contains(['*', '?', '[', '{']) || Path::new(dir).is_absolute() {
        return Err(bad(format!(
            "--dir `{}` is not a relative folder",
            args.dir
        )));
    }
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let namespaces = block_entries(top, "namespaces", &text, &lines)?;
    let errors = block_entries(top, "errors", &text, &lines)?;
    let mut owners: BTreeMap<String, String> = BTreeMap::new();
    for o in &args.owners {
        let Some((ns, owner)) = o
            .split_once('=')
            .filter(|(n, w)| !n.is_empty() && !w.is_empty())
        else {
            return Err(bad(format!("--owner `{o}` is not NAMESPACE=OWNER")));
        };
        if !cat.namespaces.iter().any(|n| n.key == ns) {
            let keys: Vec<&str> = cat.namespaces.iter().map(|n| n.key.as_str()).collect();
            let near = errdex_codegen::support::suggest::nearest(ns, keys.iter().copied());
            let help = match near {
                Some(near) => format!("did you mean `{near}`? The namespaces: {}", keys.join(", ")),
                None if keys.is_empty() => {
                    "the catalogue declares no namespaces: a part file is made per namespace".into()
                }
                None => format!("the namespaces: {}", keys.join(", ")),
            };
            return Err(bad(format!("--owner `{o}`: no namespace `{ns}`")).with_suggestion(help));
        }
        owners.insert(ns.to_string(), owner.to_string());
    }

    // Which namespace each entry belongs to, from the validated catalogue.
    let namespace_of: BTreeMap<&str, &str> = cat
        .errors
        .iter()
        .filter_map(|e| {
            let ns = e.namespace?;
            Some((e.name.as_str(), cat.namespaces[ns].key.as_str()))
        })
        .collect();
    let code_of: BTreeMap<&str, &str> = cat
        .errors
        .iter()
        .map(|e| (e.name.as_str(), e.code.as_str()))
        .collect();
    // Each namespace's `code_prefix` becomes its part's `prefix` (what `errdex new --part`
    // allocates from), unless another namespace's prefix overlaps it or a code of another
    // part starts with it: those would be refused (EDX0808, EDX0812).
    let prefix_of: BTreeMap<&str, &str> = cat
        .namespaces
        .iter()
        .enumerate()
        .filter_map(|(i, n)| {
            let p = n.code_prefix.as_deref().filter(|p| !p.is_empty())?;
            let overlaps = cat.namespaces.iter().enumerate().any(|(j, m)| {
                j != i
                    && m.code_prefix
                        .as_deref()
                        .is_some_and(|q| q.starts_with(p) || p.starts_with(q))
            });
            let taken = cat
                .errors
                .iter()
                .any(|e| e.namespace != Some(i) && e.code.starts_with(p));
            (!overlaps && !taken).then_some((n.key.as_str(), p))
        })
        .collect();
    let mut moved = vec![false; lines.len()];
    // The files to write, and what the root's `parts:` lists (the same files, or the
    // namespaces' folders).
    let mut files: Vec<(String, String)> = Vec::new();
    let mut listed: Vec<String> = Vec::new();
    let root_dir = catalogue::folder_of(&args.catalogue);
    for ns in &namespaces {
        // The namespace's docs page slug: already unique and file-name safe.
        let slug = cat
            .namespaces
            .iter()
            .find(|n| n.key == ns.key)
            .map_or(ns.key.to_lowercase(), |n| n.slug.clone());
        let (header_dir, header_file) = match args.by {
            By::Namespace => (dir.to_string(), format!("{dir}/{slug}.yaml")),
            By::Code => (format!("{dir}/{slug}"), format!("{dir}/{slug}/_part.yaml")),
        };
        let mut part = schema_line(&text, &header_dir, names::PART_SCHEMA_FILE).unwrap_or_default();
        let owner = owners.get(&ns.key);
        let prefix = prefix_of.get(ns.key.as_str());
        if owner.is_some() || prefix.is_some() {
            part.push_str("part:\n");
        }
        if let Some(owner) = owner {
            part.push_str(&format!("  owner: {}\n", quote(owner)));
        }
        if let Some(prefix) = prefix {
            part.push_str(&format!("  prefix: {}\n", quote(prefix)));
        }
        part.push_str("namespaces:\n");
        push_lines(&mut part, &lines, ns, &mut moved);
        let codes: Vec<&Lines> = errors
            .iter()
            .filter(|e| namespace_of.get(e.key.as_str()) == Some(&ns.key.as_str()))
            .collect();
        match args.by {
            By::Namespace => {
                if !codes.is_empty() {
                    part.push_str("errors:\n");
                    for e in codes {
                        push_lines(&mut part, &lines, e, &mut moved);
                    }
                }
                listed.push(header_file.clone());
                files.push((header_file, part));
            }
            By::Code => {
                listed.push(header_dir.clone());
                files.push((header_file, part));
                one_file_per_code(
                    &text,
                    &lines,
                    &header_dir,
                    &codes,
                    &code_of,
                    &mut moved,
                    &mut files,
                )?;
            }
        }
    }
    // The codes of no namespace. `--by code`: a folder too (Ably's layout: every code a
    // file), `<dir>/general/` — the slug no namespace can have. `--by namespace`: they stay
    // in the root when they come before every other code (the root's codes come first),
    // else they go to `<dir>/general.yaml`, listed last, so that codes declared after the
    // namespaced ones stay after them (the outputs keep their order).
    let loose: Vec<&Lines> = errors
        .iter()
        .filter(|e| !namespace_of.contains_key(e.key.as_str()))
        .collect();
    let loose_first = errors
        .iter()
        .take_while(|e| !namespace_of.contains_key(e.key.as_str()))
        .count()
        == loose.len();
    match args.by {
        _ if loose.is_empty() => {}
        By::Code => {
            let folder = format!("{dir}/{}", errdex_codegen::ir::GENERAL_SLUG);
            listed.push(folder.clone());
            one_file_per_code(
                &text, &lines, &folder, &loose, &code_of, &mut moved, &mut files,
            )?;
        }
        By::Namespace if loose_first => {}
        By::Namespace => {
            let file = format!("{dir}/{}.yaml", errdex_codegen::ir::GENERAL_SLUG);
            let mut part = schema_line(&text, dir, names::PART_SCHEMA_FILE).unwrap_or_default();
            part.push_str("errors:\n");
            for e in &loose {
                push_lines(&mut part, &lines, e, &mut moved);
            }
            listed.push(file.clone());
            files.push((file, part));
        }
    }
    if files.is_empty() {
        return Err(bad(
            "the catalogue has no namespace to split into a part".into()
        ));
    }
    for path in files.iter().map(|(f, _)| f).chain(&listed) {
        if root_dir.join(path).exists() {
            return Err(bad(format!(
                "`{}` exists; errdex split writes new files only",
                root_dir.join(path).display()
            )));
        }
    }
    // A section all of whose entries moved loses its key too, unless comments remain in it.
    for key in ["namespaces", "errors"] {
        if let Some((start, end)) = section_lines(top, key, lines.len())
            && (start + 1..end).all(|i| moved[i] || lines[i].trim().is_empty())
        {
            for m in &mut moved[start..end] {
                *m = true;
            }
        }
    }
    let mut new_root = String::new();
    for (i, line) in lines.iter().enumerate() {
        if !moved[i] {
            new_root.push_str(line);
        }
    }
    if !new_root.is_empty() && !new_root.ends_with('\n') {
        new_root.push('\n');
    }
    // Listed one by one, in the order the namespaces were declared: the registry's order
    // (of namespaces, and of codes grouped by namespace) is kept; a glob would sort them.
    new_root.push_str("parts:\n");
    for part in &listed {
        new_root.push_str(&format!("  - {}\n", quote(part)));
    }

    // The registry as it would be: it must resolve to the same registry.json.
    let overlay = catalogue::Overlay::new(Disk::beside(&args.catalogue), files.iter().cloned());
    let name = args.catalogue.display().to_string();
    let loaded = load_registry(
        new_root.as_bytes(),
        &name,
        &args.catalogue,
        &overlay,
        &FileSystem,
    );
    let Some(after) = loaded.catalogue.as_ref().filter(|_| !loaded.has_errors()) else {
        return Err(catalogue::invalid_after(
            &loaded,
            format!("{name} split into {dir}/"),
        ));
    };
    // The same registry: `errdex diff` finds nothing, and the resolved registry is the same
    // bytes unless codes of several namespaces were interleaved (they now come part by part).
    let changes = errdex_codegen::diff::diff(&cat, after);
    if !changes.is_empty() {
        eprint!(
            "{}",
            errdex_codegen::diff::render_human(&changes, &name, "the split")
        );
        return Err(bad(format!(
            "split into {dir}/, `{name}` would resolve to another registry (this is errdex's bug; nothing was written)"
        )));
    }
    let reordered = json_schema::registry_json(after) != json_schema::registry_json(&cat);

    // Write: the parts (new files only), then the root by a rename.
    let mut written: Vec<PathBuf> = Vec::new();
    let result = (|| -> io::Result<()> {
        for (file, part) in &files {
            let path = root_dir.join(file);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)?;
            }
            let mut f = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)?;
            written.push(path);
            f.write_all(part.as_bytes())?;
        }
        let tmp = root_dir.join(format!(
            ".{}.errdex-split",
            args.catalogue
                .file_name()
                .map_or("errors.yaml".into(), |n| n.to_string_lossy())
        ));
        std::fs::write(&tmp, &new_root)?;
        std::fs::rename(&tmp, &args.catalogue)
    })();
    if let Err(e) = result {
        for path in &written {
            let _ = std::fs::remove_file(path);
        }
        return Err(Failure::write_failed(
            args.catalogue.display().to_string(),
            fail::io_reason(&e),
        ));
    }
    match ReportFormat::from(args.format) {
        ReportFormat::Json => crate::print_json(&serde_json::json!({
            "catalogue": name,
            "parts": listed,
            "files": files.iter().map(|(f, _)| f.as_str()).collect::<Vec<_>>(),
            "reordered": reordered,
        })),
        _ => {
            for (file, _) in &files {
                println!("wrote {}", root_dir.join(file).display());
            }
            println!(
                "{name}: {} parts under {dir}/, listed in its `parts:`",
                listed.len()
            );
            let without: Vec<&str> = cat
                .namespaces
                .iter()
                .filter(|n| n.code_prefix.is_some() && !prefix_of.contains_key(n.key.as_str()))
                .map(|n| n.key.as_str())
                .collect();
            if !without.is_empty() {
                println!(
                    "note: the parts of {} get no `prefix`: their `code_prefix` overlaps another namespace's, or a code of another part starts with it; give each a `range` (`part: {{range: A-001..A-099}}`) for `errdex new --part` to allocate from",
                    without.join(", ")
                );
            }
            if reordered {
                println!(
                    "note: the codes now come part by part (and in a folder part, in code order), no longer in {name}'s order, where codes of different namespaces (or of none) were mixed; generated outputs list them in the new order (errdex diff finds no change)"
                );
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The entries of the top-level block mapping `key`, each with its lines: from its key's
/// line (less the blank and comment lines right above it, which go with it) to the line
/// before the next entry's (less the trailing blank and comment lines), the last one to
/// the next top-level key. Flow style cannot be cut by lines and is refused.
fn block_entries(
    top: &[(Node, Node)],
    key: &str,
    text: &str,
    lines: &[&str],
) -> Result<Vec<Lines>, Failure> {
    let Some(i) = top.iter().position(|(k, _)| k.as_str() == Some(key)) else {
        return Ok(Vec::new());
    };
    let (k, value) = &top[i];
    let items = match &value.kind {
        Kind::Map(items) => items,
        Kind::Null => return Ok(Vec::new()),
        _ => return Err(Failure::bad_arguments(format!("`{key}` is not a mapping"))),
    };
    // Where the section ends: the next top-level key's line, else the end of the text.
    let (_, section_end) = section_lines(top, key, lines.len()).unwrap_or((0, lines.len()));
    let flow = text[value.span.offset.min(text.len())..].starts_with('{')
        || items.iter().any(|(item, _)| item.span.line == k.span.line);
    if flow {
        return Err(Failure::bad_arguments(format!(
            "`{key}:` is written in flow style ({{...}}); errdex split moves lines, so write it as a block mapping, one entry per line"
        )));
    }
    let is_filler = |l: &str| l.trim().is_empty() || l.trim_start().starts_with('#');
    let mut out: Vec<Lines> = Vec::new();
    let starts: Vec<usize> = items.iter().map(|(item, _)| item.span.line - 1).collect();
    for (n, (item, _)) in items.iter().enumerate() {
        let mut start = starts[n];
        // The comments right above the key go with it (not blank-separated ones).
        while start > 0
            && lines[start - 1].trim_start().starts_with('#')
            && out.last().is_none_or(|p: &Lines| start > p.end)
            && (n > 0 || start - 1 > k.span.line - 1)
        {
            start -= 1;
        }
        let mut end = starts.get(n + 1).copied().unwrap_or(section_end);
        while end > starts[n] + 1 && is_filler(lines[end - 1]) {
            end -= 1;
        }
        out.push(Lines {
            key: item.as_str().unwrap_or_default().to_string(),
            start,
            end,
        });
    }
    Ok(out)
}

/// The lines of the top-level section `key`: its key's line to the next top-level key's.
fn section_lines(top: &[(Node, Node)], key: &str, total: usize) -> Option<(usize, usize)> {
    let i = top.iter().position(|(k, _)| k.as_str() == Some(key))?;
    let end = top.get(i + 1).map_or(total, |(next, _)| next.span.line - 1);
    Some((top[i].0.span.line - 1, end))
}

fn push_lines(out: &mut String, lines: &[&str], entry: &Lines, moved: &mut [bool]) {
    for i in entry.start..entry.end {
        out.push_str(lines[i]);
        moved[i] = true;
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
}

/// The root's editor schema line (its first line), pointed at `schema` (a file beside the
/// root's schema) from a file in the folder `dir`.
fn schema_line(text: &str, dir: &str, schema: &'static str) -> Option<String> {
    let target = text
        .lines()
        .next()?
        .strip_prefix("# yaml-language-server: $schema=")?;
    let target = target.trim();
    // Beside the catalogue's own schema, its own part and entry schemas.
    let schema = names::schema_beside(target, schema);
    let folder = target.rsplit_once('/').map_or("", |(f, _)| f);
    if target.contains("://") || folder.starts_with('/') {
        return None;
    }
    let up = "../".repeat(dir.split('/').filter(|s| !s.is_empty()).count());
    let folder = if folder.is_empty() {
        String::new()
    } else {
        format!("{folder}/")
    };
    Some(format!(
        "# yaml-language-server: $schema={up}{folder}{schema}\n"
    ))
}

/// Each of `codes` as `<folder>/<CODE>.yaml` ([`entry_file`]), its lines marked moved.
fn one_file_per_code(
    text: &str,
    lines: &[&str],
    folder: &str,
    codes: &[&Lines],
    code_of: &BTreeMap<&str, &str>,
    moved: &mut [bool],
    files: &mut Vec<(String, String)>,
) -> Result<(), Failure> {
    for e in codes {
        let code = code_of.get(e.key.as_str()).copied().unwrap_or_default();
        if code.is_empty() || code.starts_with(['_', '.']) || code.contains(['/', '\\', ':']) {
            return Err(Failure::bad_arguments(format!(
                "the code `{code}` of `{}` cannot be a file name (--by code names each file after its code)",
                e.key
            )));
        }
        let mut entry = schema_line(text, folder, names::ENTRY_SCHEMA_FILE).unwrap_or_default();
        entry.push_str(&entry_file(lines, e)?);
        for m in &mut moved[e.start..e.end] {
            *m = true;
        }
        files.push((format!("{folder}/{code}.yaml"), entry));
    }
    Ok(())
}

/// One entry's lines as a `<CODE>.yaml` of its own: the comments above it, `name:`, then
/// its value's lines one level out (a block mapping), or its `{...}` with `name` first.
fn entry_file(lines: &[&str], entry: &Lines) -> Result<String, Failure> {
    let mut out = String::new();
    let mut i = entry.start;
    while i < entry.end && lines[i].trim_start().starts_with('#') {
        out.push_str(lines[i].trim_start_matches([' ', '\t']));
        i += 1;
    }
    let key_line = lines[i];
    let rest = key_line.split_once(':').map_or("", |(_, rest)| rest).trim();
    let body = &lines[i + 1..entry.end];
    if rest.is_empty() || rest.starts_with('#') {
        out.push_str(&format!("name: {}\n", entry.key));
        let indent = body
            .iter()
            .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .map_or(0, |l| l.len() - l.trim_start().len());
        for line in body {
            // Spaces only: a blank line keeps its line break (a block scalar's blank line
            // is part of its text).
            let lead = line.len() - line.trim_start_matches([' ', '\t']).len();
            out.push_str(&line[lead.min(indent)..]);
        }
    } else if let Some(inner) = rest.strip_prefix('{') {
        out.push_str(&format!("{{name: {}, {inner}\n", entry.key));
        for line in body {
            out.push_str(line);
        }
    } else {
        return Err(Failure::bad_arguments(format!(
            "`{}` is not written as a block mapping or {{...}}, so it cannot be moved to a file of its own",
            entry.key
        )));
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    Ok(out)
}

/// JSON strings are YAML double-quoted scalars: any text is written safely.
fn quote(s: &str) -> String {
    serde_json::Value::String(s.into()).to_string()
}
