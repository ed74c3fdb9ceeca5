//! `--format github` of `lint`, `usage` and `diff`: every line on stdout is one GitHub Actions
//! workflow command, read back the way the runner reads it (`ActionCommand.TryParseV2`:
//! `::` name, a space, `key=value` pairs split at `,`, `::`, the message; then its
//! unescaping), and it says what the same command's `--format json` says, finding by
//! finding. The catalogue, the messages and the paths are hostile: `%`, CR and LF in a key
//! and a message, `,` and `:` in file names, a line break and a forged command in one.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

fn errdex(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_errdex"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("runs")
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// One workflow command as the runner reads it.
#[derive(Debug, PartialEq, Eq)]
struct Read {
    command: String,
    file: Option<String>,
    line: Option<u64>,
    col: Option<u64>,
    title: String,
    message: String,
}

/// The runner's parse (TryParseV2) and unescaping (`_escapePropertyMappings`,
/// `_escapeDataMappings`, in its order: `%25` last).
fn read(line: &str) -> Read {
    fn unescape(s: &str, property: bool) -> String {
        let mut s = s.replace("%0D", "\r").replace("%0A", "\n");
        if property {
            s = s.replace("%3A", ":").replace("%2C", ",");
        }
        s.replace("%25", "%")
    }
    let rest = line
        .trim_start()
        .strip_prefix("::")
        .unwrap_or_else(|| panic!("not a command: {line:?}"));
    let end = rest
        .find("::")
        .unwrap_or_else(|| panic!("no `::`: {line:?}"));
    let (info, data) = (&rest[..end], &rest[end + 2..]);
    let (command, props) = info.split_once(' ').unwrap_or((info, ""));
    let mut read = Read {
        command: command.to_string(),
        file: None,
        line: None,
        col: None,
        title: String::new(),
        message: unescape(data, false),
    };
    for prop in props.trim().split(',').filter(|p| !p.is_empty()) {
        let (key, value) = prop
            .split_once('=')
            .unwrap_or_else(|| panic!("{prop:?} in {line:?}"));
        let value = unescape(value, true);
        match key {
            "file" => read.file = Some(value),
            "line" => read.line = Some(value.parse().expect("a line number")),
            "col" => read.col = Some(value.parse().expect("a column")),
            "title" => read.title = value,
            other => panic!("unexpected property {other:?} in {line:?}"),
        }
    }
    read
}

/// Every line of stdout as a command (and there are no other lines).
fn commands(out: &Output) -> Vec<Read> {
    let stdout = String::from_utf8(out.stdout.clone()).expect("UTF-8");
    assert!(stdout.is_empty() || stdout.ends_with('\n'), "{stdout:?}");
    stdout.lines().map(read).collect()
}

/// The command a `--format json` diagnostic or finding becomes.
fn expected(d: &Value) -> Read {
    let mut message = d["message"].as_str().expect("message").to_string();
    if let Some(help) = d["suggestion"].as_str() {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    let located = d["line"].is_u64();
    Read {
        command: d["severity"].as_str().expect("severity").to_string(),
        file: located.then(|| d["file"].as_str().expect("file").to_string()),
        line: d["line"].as_u64(),
        col: d["column"].as_u64(),
        title: d["code"].as_str().expect("code").to_string(),
        message,
    }
}

const HOSTILE_NAME: &str = "we,ird:na%me.yaml";

/// A catalogue whose unknown key holds `%`, CR, LF and a forged command, and whose
/// relative docs URL is a warning.
const HOSTILE: &str = "errdex: 1
registry:
  name: acme
  code_pattern: '^ACM-[0-9]{3}$'
  \"re%41try\\r\\n::error file=forged.rs::owned\": 1
categories:
  invalid:
    summary: Bad input
    exit_code: 1
    http_status: 400
    jsonrpc_code: -32602
errors:
  FRM_VALIDATION:
    code: ACM-001
    category: invalid
    summary: Form validation failure
    message: invalid form
";

#[test]
fn lint_prints_one_command_per_diagnostic_and_nothing_forged() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join(HOSTILE_NAME), HOSTILE).expect("write");
    let out = errdex(dir.path(), &["lint", HOSTILE_NAME, "--format", "github"]);
    let got = commands(&out);
    let want: Vec<Read> = json(&errdex(
        dir.path(),
        &["lint", HOSTILE_NAME, "--format", "json"],
    ))
    .as_array()
    .expect("diagnostics")
    .iter()
    .map(expected)
    .collect();
    assert_eq!(got, want);
    let codes: Vec<&str> = got.iter().map(|r| r.title.as_str()).collect();
    assert_eq!(codes, ["EDX0605", "EDX0102"], "{got:#?}");
    assert!(
        got[1]
            .message
            .contains("re%41try\r\n::error file=forged.rs::owned")
    );
    assert_eq!(got[1].file.as_deref(), Some(HOSTILE_NAME));
    // The exit status and the summary on stderr are `lint`'s.
    assert_eq!(out.status.code(), Some(65));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(": 1 error(s), 1 warning(s)"), "{stderr}");
}

#[test]
fn a_failure_is_one_command_without_a_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = errdex(
        dir.path(),
        &["lint", "missing,%.yaml", "--format", "github"],
    );
    let got = commands(&out);
    assert_eq!(got.len(), 1, "{got:#?}");
    assert_eq!(
        (got[0].command.as_str(), got[0].title.as_str()),
        ("error", "EDX1001")
    );
    assert_eq!(got[0].file, None);
    assert!(
        got[0].message.starts_with("cannot read `missing,%.yaml`"),
        "{got:#?}"
    );
    assert_eq!(out.status.code(), Some(74));
}

const CATALOGUE: &str = r#"errdex: 1
registry:
  name: acme
  code_pattern: '^ACM-[0-9]{3}$'
  docs_site_url: https://docs.acme.dev/errors/
categories:
  invalid:
    summary: Bad input
    exit_code: 1
    http_status: 400
    jsonrpc_code: -32602
errors:
  FRM_VALIDATION:
    code: ACM-001
    category: invalid
    summary: Form validation failure
    message: invalid form
  NEVER_USED:
    code: ACM-002
    category: invalid
    summary: Dead
    message: dead
retired:
  ACM-009: { name: GONE }
"#;

#[test]
fn usage_prints_one_command_per_finding_with_hostile_paths() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    std::fs::write(root.join("errors.yaml"), CATALOGUE).expect("write");
    std::fs::create_dir(root.join("src")).expect("mkdir");
    let files = [
        (
            "src/lib.rs",
            "fn f() -> Error { Error::frm_validation() }\n",
        ),
        (
            "src/a,line=1,title=x:y.rs",
            "const A: &str = \"ACM-011\";\n",
        ),
        // A line break and a forged command in a file name (allowed on Linux).
        (
            "src/b\n::error file=forged.rs,line=1::owned.rs",
            "const B: &str = \"ACM-009\";\n",
        ),
        ("src/c%0A.rs", "let c = ErrorCode::Gone;\n"),
    ];
    for (path, text) in files {
        std::fs::write(root.join(path), text).expect("write");
    }
    let out = errdex(root, &["usage", "--format", "github"]);
    let got = commands(&out);
    let report = json(&errdex(root, &["usage", "--format", "json"]));
    let want: Vec<Read> = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(expected)
        .collect();
    assert_eq!(got, want);
    // The files' findings in path order, then the catalogue's (never raised).
    let files: Vec<Option<&str>> = got.iter().map(|r| r.file.as_deref()).collect();
    assert_eq!(
        files,
        [
            Some("src/a,line=1,title=x:y.rs"),
            Some("src/b\n::error file=forged.rs,line=1::owned.rs"),
            Some("src/c%0A.rs"),
            Some("errors.yaml"),
        ]
    );
    let levels: Vec<&str> = got.iter().map(|r| r.command.as_str()).collect();
    assert_eq!(levels, ["error", "error", "error", "warning"]);
    assert_eq!(out.status.code(), Some(65));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("1 of 2 code(s) raised, used in 1 file(s); 3 error(s), 1 warning(s)"),
        "{stderr}"
    );
}

#[test]
fn diff_prints_one_command_per_change_at_the_entry_in_new() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    std::fs::write(root.join("old.yaml"), CATALOGUE).expect("write");
    // A breaking change (a code changed) and a compatible one (a new code, with `%` and a
    // line break in its summary).
    let new = CATALOGUE.replace("code: ACM-002", "code: ACM-003").replace(
        "retired:",
        "  ADDED:\n    code: ACM-004\n    category: invalid\n    summary: \"100% new\\r\\n::error::forged\"\n    message: new\nretired:",
    );
    let new_name = "n,e:w.yaml";
    std::fs::write(root.join(new_name), &new).expect("write");
    let out = errdex(root, &["diff", "old.yaml", new_name, "--format", "github"]);
    let got = commands(&out);
    let report = json(&errdex(
        root,
        &["diff", "old.yaml", new_name, "--format", "json"],
    ));
    let findings = report["findings"].as_array().expect("findings");
    assert_eq!(got.len(), findings.len(), "{got:#?}");
    for (r, f) in got.iter().zip(findings) {
        let level = if f["breaking"] == true {
            "error"
        } else {
            "notice"
        };
        assert_eq!(r.command, level, "{r:#?}");
        assert_eq!(r.title, f["kind"].as_str().expect("kind"));
        assert!(
            r.message.contains(f["field"].as_str().expect("field")),
            "{r:#?}"
        );
    }
    // Each points at its entry's key in NEW: NEVER_USED on line 18, ADDED on line 23.
    let at: Vec<(Option<&str>, Option<u64>, Option<u64>)> = got
        .iter()
        .map(|r| (r.file.as_deref(), r.line, r.col))
        .collect();
    assert!(at.contains(&(Some(new_name), Some(18), Some(3))), "{at:?}");
    assert!(at.contains(&(Some(new_name), Some(23), Some(3))), "{at:?}");
    assert_eq!(out.status.code(), Some(1), "EDX1005's exit code");
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read_dir") {
        let e = e.expect("entry");
        let target = to.join(e.file_name());
        if e.file_type().expect("type").is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).expect("copy");
        }
    }
}

/// A registry in many files: each change is annotated in the part that holds its entry
/// (a team's file, a folder's `<CODE>.yaml`), at that file's own line, never in the root.
#[test]
fn diff_annotates_the_part_that_holds_the_entry() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/split");
    copy_dir(&fixture, &root.join("old"));
    copy_dir(&fixture, &root.join("new"));
    let edit = |rel: &str, from: &str, to: &str| {
        let path = root.join("new").join(rel);
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(text.contains(from), "{rel}: {from}");
        std::fs::write(&path, text.replacen(from, to, 1)).expect("write");
    };
    edit(
        "teams/billing.yaml",
        "    category: invalid\n    summary: The card was declined",
        "    category: unavailable\n    summary: The card was declined",
    );
    edit(
        "teams/frames/ACM-FRM-102.yaml",
        "category: invalid",
        "category: unavailable",
    );
    let out = errdex(
        root,
        &[
            "diff",
            "old/errors.yaml",
            "new/errors.yaml",
            "--format",
            "github",
        ],
    );
    let got = commands(&out);
    let at: Vec<(Option<&str>, Option<u64>, Option<u64>)> = got
        .iter()
        .map(|r| (r.file.as_deref(), r.line, r.col))
        .collect();
    let line_of = |rel: &str, key: &str| {
        let text = std::fs::read_to_string(root.join("new").join(rel)).expect("read");
        text.lines().position(|l| l.starts_with(key)).expect("key") as u64 + 1
    };
    let billing = line_of("teams/billing.yaml", "  BIL_CARD_DECLINED:");
    assert!(
        at.contains(&(Some("new/teams/billing.yaml"), Some(billing), Some(3))),
        "{at:?}"
    );
    assert!(
        at.iter()
            .any(|(file, _, _)| *file == Some("new/teams/frames/ACM-FRM-102.yaml")),
        "{at:?}"
    );
    assert!(
        at.iter()
            .all(|(file, _, _)| *file != Some("new/errors.yaml")),
        "{at:?}"
    );
    assert_eq!(out.status.code(), Some(1), "EDX1005's exit code");
}

/// GitHub places an annotation by its file relative to the repository's root: a job that
/// runs in a subfolder (`working-directory:`) and names the catalogue with `..` still
/// annotates `svc/errors.yaml`, not `../errors.yaml`; `$GITHUB_WORKSPACE`, when set, is
/// the root.
#[test]
fn files_are_named_from_the_repository_root() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(dir.path().join(".git")).expect("mkdir");
    std::fs::create_dir_all(dir.path().join("svc/app")).expect("mkdir");
    std::fs::write(
        dir.path().join("svc/errors.yaml"),
        "errdex: 1\nregistry: { name: acme }\ndocs: { links: external }\ncategories:\n  invalid: { summary: Bad input, retryable: false, exit_code: 1, http_status: 400, jsonrpc_code: -32602, retryble: true }\nerrors:\n  A: { code: A-1, category: invalid, summary: A, message: a }\n",
    )
    .expect("write");
    let run = |workspace: Option<&Path>| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_errdex"));
        cmd.current_dir(dir.path().join("svc/app"))
            .args(["lint", "../errors.yaml", "--format", "github"])
            .env_remove("GITHUB_WORKSPACE");
        if let Some(w) = workspace {
            cmd.env("GITHUB_WORKSPACE", w);
        }
        String::from_utf8(cmd.output().expect("runs").stdout).expect("UTF-8")
    };
    let out = run(None);
    assert!(
        out.contains("\n::error file=svc/errors.yaml,line=5,col=106,title=EDX0102::"),
        "{out}"
    );
    let out = run(Some(&dir.path().join("svc")));
    assert!(
        out.contains("\n::error file=errors.yaml,line=5,col=106,title=EDX0102::"),
        "{out}"
    );
}
