//! GitHub Actions workflow commands, the annotations CI shows on a pull request's files:
//! `::error file=src/a.rs,line=3,col=7,title=EDX0702::message`, one line each (`--format
//! github` of `lint`, `usage` and `diff`).
//!
//! The escaping is `@actions/core`'s (`packages/core/src/command.ts`): in the message
//! (`escapeData`) `%` → `%25`, CR → `%0D`, LF → `%0A`; in a property value (`escapeProperty`)
//! also `:` → `%3A` and `,` → `%2C`. The runner (`ActionCommand.TryParseV2`) reads a line
//! as `::` name, a space, `key=value` pairs split at `,`, then `::` and the message, and
//! undoes exactly these. So a message cannot end the line or start another command, and a
//! path cannot end the properties (`::`), add one (`,`) or the line.

use std::fmt::Write as _;

use super::Severity;

/// The command: how the annotation is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Error,
    Warning,
    Notice,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Notice => "notice",
        }
    }
}

impl From<Severity> for Level {
    fn from(s: Severity) -> Level {
        match s {
            Severity::Error => Level::Error,
            Severity::Warning => Level::Warning,
        }
    }
}

/// Where an annotation points: a file as the workflow names it, a line and a column
/// (1-based; columns in characters, as errdex counts them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Location<'a> {
    pub file: &'a str,
    pub line: usize,
    pub column: usize,
}

/// One workflow command, with its newline: `::level file=…,line=…,col=…,title=…::message`;
/// without a location, `::level title=…::message` (GitHub shows it on the run, not on a
/// file).
pub fn annotation(
    level: Level,
    title: &str,
    location: Option<Location<'_>>,
    message: &str,
) -> String {
    let mut out = format!("::{} ", level.as_str());
    if let Some(at) = location {
        let _ = write!(
            out,
            "file={},line={},col={},",
            escape_property(at.file),
            at.line,
            at.column
        );
    }
    let _ = writeln!(
        out,
        "title={}::{}",
        escape_property(title),
        escape_data(message)
    );
    out
}

/// The workspace an annotation's file is named from: GitHub shows `file=` relative to the
/// repository's root (`$GITHUB_WORKSPACE`), while errdex names files as it was given them,
/// relative to the working directory. A job that runs in a subfolder (`working-directory:`),
/// or gives a path with `..`, would name files GitHub does not find. The root is
/// `$GITHUB_WORKSPACE`, else the nearest folder up from the working directory that holds
/// `.git`; outside any, names are left as they are.
fn workspace() -> Option<&'static (std::path::PathBuf, std::path::PathBuf)> {
    static ROOT: std::sync::OnceLock<Option<(std::path::PathBuf, std::path::PathBuf)>> =
        std::sync::OnceLock::new();
    ROOT.get_or_init(|| {
        let cwd = std::env::current_dir().ok()?;
        let root = match std::env::var_os("GITHUB_WORKSPACE") {
            Some(w) if !w.is_empty() => std::path::PathBuf::from(w),
            _ => cwd
                .ancestors()
                .find(|d| d.join(".git").exists())?
                .to_path_buf(),
        };
        Some((cwd, root))
    })
    .as_ref()
}

/// `file` (as errdex names it: relative to the working directory, or absolute) relative to
/// the [`workspace`], `/`-separated; as it is when there is none or it lies outside.
pub fn from_workspace(file: &str) -> std::borrow::Cow<'_, str> {
    let Some((cwd, root)) = workspace() else {
        return file.into();
    };
    relative_to(cwd, root, file).map_or(file.into(), Into::into)
}

/// `file` seen from `cwd`, relative to `root`, when it lies inside it.
fn relative_to(cwd: &std::path::Path, root: &std::path::Path, file: &str) -> Option<String> {
    let full = crate::files::normalize(&cwd.join(file));
    let rel = full.strip_prefix(root).ok()?;
    let names: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    (!names.is_empty()).then(|| names.join("/"))
}

/// `escapeData`: the message of a command.
pub fn escape_data(s: &str) -> String {
    escape(s, false)
}

/// `escapeProperty`: the value of a property (`file=`, `title=`).
pub fn escape_property(s: &str) -> String {
    escape(s, true)
}

fn escape(s: &str, property: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            ':' if property => out.push_str("%3A"),
            ',' if property => out.push_str("%2C"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    #[test]
    fn files_are_named_from_the_repository_root() {
        let (cwd, root) = (Path::new("/repo/svc/app"), Path::new("/repo"));
        assert_eq!(
            relative_to(cwd, root, "../errors/stor.yaml").as_deref(),
            Some("svc/errors/stor.yaml")
        );
        assert_eq!(
            relative_to(cwd, root, "rs/handlers.rs").as_deref(),
            Some("svc/app/rs/handlers.rs")
        );
        assert_eq!(
            relative_to(Path::new("/repo"), root, "./errors.yaml").as_deref(),
            Some("errors.yaml")
        );
        assert_eq!(
            relative_to(cwd, root, "/repo/x/y.rs").as_deref(),
            Some("x/y.rs")
        );
        assert_eq!(relative_to(cwd, root, "/elsewhere/y.rs"), None);
        assert_eq!(relative_to(cwd, root, "../../../y.rs"), None);
    }

    /// A command as the runner reads it: name, properties, message.
    type Read = (String, Vec<(String, String)>, String);

    /// The runner's reading of a line (`ActionCommand.TryParseV2` and its unescaping, in
    /// its order), to check that what is written reads back as it was meant.
    fn parse(line: &str) -> Option<Read> {
        fn unescape(s: &str, property: bool) -> String {
            let mut s = s.replace("%0D", "\r").replace("%0A", "\n");
            if property {
                s = s.replace("%3A", ":").replace("%2C", ",");
            }
            s.replace("%25", "%")
        }
        let line = line.trim_start().strip_prefix("::")?;
        let end = line.find("::")?;
        let (info, data) = (&line[..end], &line[end + 2..]);
        let (name, props) = info.split_once(' ').unwrap_or((info, ""));
        let props = props
            .trim()
            .split(',')
            .filter(|p| !p.is_empty())
            .filter_map(|p| p.split_once('='))
            .map(|(k, v)| (k.to_string(), unescape(v, true)))
            .collect();
        Some((name.to_string(), props, unescape(data, false)))
    }

    #[test]
    fn escapes_as_actions_core_does() {
        assert_eq!(escape_data("100%\r\nok: a,b"), "100%25%0D%0Aok: a,b");
        assert_eq!(escape_property("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
        assert_eq!(
            annotation(
                Level::Error,
                "EDX0702",
                Some(Location {
                    file: "src/a.rs",
                    line: 3,
                    column: 7
                }),
                "`X` is unknown"
            ),
            "::error file=src/a.rs,line=3,col=7,title=EDX0702::`X` is unknown\n"
        );
        assert_eq!(
            annotation(Level::Warning, "EDX0701", None, "never raised"),
            "::warning title=EDX0701::never raised\n"
        );
    }

    #[test]
    fn hostile_text_reads_back_as_written_and_forges_nothing() {
        let hostile = [
            "src/a,line=1,title=forged.rs",
            "x::error file=forged.rs::owned",
            "50% of\r\n::error::forged\nline",
            "%0A is not a newline, %25 not a percent",
            "C:\\work\\a.rs",
            "é,:%\r",
        ];
        for file in hostile {
            for message in hostile {
                let at = Location {
                    file,
                    line: 2,
                    column: 5,
                };
                let text = annotation(Level::Warning, message, Some(at), message);
                let body = text.strip_suffix('\n').expect("one line");
                assert!(!body.contains(['\n', '\r']), "{body:?}");
                let (name, props, data) = parse(body).expect("a command");
                assert_eq!(name, "warning");
                let want: Vec<(String, String)> = [
                    ("file", file),
                    ("line", "2"),
                    ("col", "5"),
                    ("title", message),
                ]
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
                assert_eq!(props, want, "{body}");
                assert_eq!(data, message, "{body}");
            }
        }
    }
}
