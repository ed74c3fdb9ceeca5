//! The editor schema line of a catalogue's files (`# yaml-language-server: $schema=PATH`),
//! which yaml-language-server resolves from the folder of the file that holds it.
//!
//! A part file moved to another folder keeps its line, which then names a schema that is
//! not there: the editor stops checking the file without a word. The root catalogue's own
//! line says where the schemas are (`generate` writes them side by side), so a part whose
//! line resolves to another folder gets EDX0814 with the line that works.

use std::path::Path;

use crate::diag::{DiagCode, Diagnostic, Span};

const MODELINE: &str = "# yaml-language-server:";

/// The schema a file's leading comments name: the path as written and where it sits in
/// `text` (offset, line, column). URLs and absolute paths are not the concern here.
pub fn schema_line(text: &str) -> Option<(&str, Span)> {
    let mut offset = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let body = line.trim_end_matches(['\n', '\r']);
        let trimmed = body.trim_start();
        if trimmed.is_empty() {
            offset += line.len();
            continue;
        }
        if !trimmed.starts_with('#') {
            return None;
        }
        if let Some(rest) = trimmed.strip_prefix(MODELINE) {
            let at = rest.find("$schema=")? + "$schema=".len();
            let value = rest[at..].split_whitespace().next()?;
            let start =
                body.len() - rest.len() + at + (rest[at..].len() - rest[at..].trim_start().len());
            let relative =
                !value.contains("://") && !value.starts_with('/') && !value.starts_with('\\');
            return relative.then(|| {
                let column = body[..start].chars().count() + 1;
                (
                    value,
                    Span {
                        offset: offset + start,
                        len: value.len(),
                        line: i + 1,
                        column,
                    },
                )
            });
        }
        offset += line.len();
    }
    None
}

/// The folder (relative to the root's folder, `/`-separated, `..` kept where it climbs
/// out) that the schema `value` on a line of `file` (relative to the root's folder) names.
pub fn schema_folder(file: &str, value: &str) -> String {
    let dir = file.rfind('/').map_or("", |i| &file[..i]);
    let full = crate::files::normalize(&Path::new(dir).join(value));
    let folder = full.parent().unwrap_or(Path::new(""));
    folder
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// The schema `file` in `folder` (both relative to the root's folder) as the schema line of
/// the file `path` (relative to the root's folder too) names it.
pub fn schema_path(path: &str, folder: &str, file: &str) -> String {
    let mut out = "../".repeat(path.matches('/').count());
    if !folder.is_empty() {
        out.push_str(folder);
        out.push('/');
    }
    out.push_str(file);
    out
}

/// EDX0814 for the file `path` (relative to the root's folder, named `name` in
/// diagnostics, its first byte at `base`) whose schema line names a folder other than
/// `folder`, where the root catalogue's schema is.
pub(super) fn check(text: &str, path: &str, base: usize, folder: &str) -> Option<Diagnostic> {
    let (value, span) = schema_line(text)?;
    let resolved = schema_folder(path, value);
    if resolved == folder {
        return None;
    }
    let file = value.rsplit(['/', '\\']).next().unwrap_or(value);
    let fix = schema_path(path, folder, file);
    let shown = |f: &str| {
        if f.is_empty() {
            ".".to_string()
        } else {
            f.to_string()
        }
    };
    let span = Span {
        offset: base + span.offset,
        ..span
    };
    Some(
        Diagnostic::new(
            DiagCode::SchemaLineAstray,
            Some(span),
            &[
                ("schema", value),
                ("resolved", &shown(&resolved)),
                ("folder", &shown(folder)),
            ],
        )
        .with_label("resolved from this file's folder")
        .with_help(format!(
            "write `{MODELINE} $schema={fix}` (was the file moved?)"
        )),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_line_among_the_leading_comments_only() {
        let text =
            "# a part\n\n# yaml-language-server: $schema=../gen/part.schema.json\nowner: x\n";
        let (value, span) = schema_line(text).expect("a schema line");
        assert_eq!(value, "../gen/part.schema.json");
        assert_eq!(span.line, 3);
        assert_eq!(span.column, 33);
        assert_eq!(&text[span.offset..span.offset + span.len], value);
        assert!(schema_line("owner: x\n# yaml-language-server: $schema=a.json\n").is_none());
        assert!(schema_line("# yaml-language-server: $schema=https://x.dev/s.json\n").is_none());
    }

    #[test]
    fn resolves_from_the_files_folder() {
        assert_eq!(
            schema_folder("errors.yaml", "generated/schema/c.json"),
            "generated/schema"
        );
        assert_eq!(
            schema_folder("a/b.yaml", "../generated/schema/p.json"),
            "generated/schema"
        );
        assert_eq!(
            schema_folder("a/b/c.yaml", "../generated/schema/p.json"),
            "a/generated/schema"
        );
        assert_eq!(schema_folder("a.yaml", "../s/p.json"), "../s");
        assert_eq!(schema_folder("a.yaml", "p.json"), "");
    }

    #[test]
    fn a_moved_part_is_told_the_line_that_works() {
        let text = "# yaml-language-server: $schema=../generated/schema/part.schema.json\n";
        assert!(check(text, "errors/a.yaml", 0, "generated/schema").is_none());
        let d = check(text, "errors/team/a.yaml", 100, "generated/schema").expect("astray");
        assert_eq!(d.code, DiagCode::SchemaLineAstray);
        assert_eq!(d.span.expect("located").offset, 100 + 32);
        let help = d.help.expect("help");
        assert!(
            help.contains("$schema=../../generated/schema/part.schema.json"),
            "{help}"
        );
    }
}
