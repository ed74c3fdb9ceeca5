//! A catalogue in many files through the command: `lint`, `explain`, `usage` and `diff
//! --against-git` on the split registry of `tests/fixtures/split/`, and `errdex new`, whose
//! additions on two git branches conflict in `git merge` instead of merging into a
//! duplicate code.

#![allow(clippy::unwrap_used)]

#[path = "../../codegen/tests/testkit/mod.rs"]
mod testkit;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn errdex() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_errdex"));
    c.env("NO_COLOR", "1");
    c
}

fn split() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/split")
}

fn run(cmd: &mut Command) -> (i32, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = cmd.output().unwrap();
    (
        status.code().unwrap_or(-1),
        String::from_utf8_lossy(&stdout).into_owned(),
        String::from_utf8_lossy(&stderr).into_owned(),
    )
}

/// A copy of the split registry in a temporary folder.
fn copy_split(to: &Path) {
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let target = to.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                copy(&entry.path(), &target);
            } else {
                std::fs::copy(entry.path(), target).unwrap();
            }
        }
    }
    copy(&split(), to);
}

/// In the split registry under `dir`, gives a code of the billing part the code of one of
/// the root's entries (a duplicate across files, EDX0202); returns the part's text before.
fn reuse_a_code_of_the_root(dir: &Path) -> String {
    let billing = dir.join("teams/billing.yaml");
    let text = std::fs::read_to_string(&billing).unwrap();
    std::fs::write(
        &billing,
        text.replace("code: ACM-BIL-002", "code: ACM-PLT-001"),
    )
    .unwrap();
    text
}

#[test]
fn lint_and_explain_read_every_part() {
    let (code, out, err) = run(errdex()
        .current_dir(split())
        .args(["lint", "--format", "json"]));
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.trim(), "[]");
    // A code of the one-file-per-code folder, with its .md explanation.
    let (code, out, err) = run(errdex()
        .current_dir(split())
        .args(["explain", "ACM-FRM-101"]));
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("FRM_VALIDATION") && out.contains("Fill in the field"),
        "{out}"
    );
    // Where it is declared: the folder's file, at its NAME; the same in JSON.
    assert!(
        out.contains("\nDeclared at teams/frames/ACM-FRM-101.yaml:2:7.\n"),
        "{out}"
    );
    let (code, out, err) = run(errdex().current_dir(split()).args([
        "explain",
        "bil_card_declined",
        "--format",
        "json",
    ]));
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["declared_at"], "teams/billing.yaml:13:3", "{out}");
    // A code the root retired: its tombstone's place, in text and JSON.
    let (code, out, err) = run(errdex()
        .current_dir(split())
        .args(["explain", "acm-frm-100"]));
    assert_ne!(code, 0, "{out}");
    assert!(out.contains("FRM_OLD_THING"), "{out}{err}");
    assert!(out.ends_with("\nDeclared at errors.yaml:45:3.\n"), "{out}");
    let (_, out, _) =
        run(errdex()
            .current_dir(split())
            .args(["explain", "FRM_OLD_THING", "--format", "json"]));
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["declared_at"], "errors.yaml:45:3", "{out}");
}

#[test]
fn a_mistake_in_a_part_is_shown_in_its_file() {
    let dir = tempfile::tempdir().unwrap();
    copy_split(dir.path());
    reuse_a_code_of_the_root(dir.path());
    let (code, out, err) = run(errdex()
        .current_dir(dir.path())
        .args(["lint", "--format", "json"]));
    assert_ne!(code, 0);
    let diags: serde_json::Value = serde_json::from_str(&out).unwrap();
    let dup = diags
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "EDX0202")
        .unwrap_or_else(|| panic!("{out}{err}"));
    assert_eq!(dup["file"], "teams/billing.yaml");
    // The first use, in the root, is named too: in JSON as a related place, in a GitHub
    // annotation's message.
    let related = &dup["related"][0];
    assert_eq!(related["file"], "errors.yaml", "{dup}");
    assert_eq!(related["message"], "first used here", "{dup}");
    let place = format!(
        "first used here: errors.yaml:{}:{}",
        related["line"], related["column"]
    );
    let (_, out, _) = run(errdex()
        .current_dir(dir.path())
        .args(["lint", "--format", "github"]));
    let annotation = out
        .lines()
        .find(|l| l.contains("title=EDX0202"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        annotation.starts_with("::error file=teams/billing.yaml,"),
        "{annotation}"
    );
    assert!(annotation.contains(&place), "{place}\n{annotation}");
    let (_, _, err) = run(errdex().current_dir(dir.path()).args(["lint"]));
    assert!(err.contains("--> teams/billing.yaml:"), "{err}");
    assert!(
        err.contains("::: errors.yaml:"),
        "the first use, in the root: {err}"
    );
}

/// The commands that need a valid registry before they start (`new` points at the entry
/// a NAME belongs to, `usage` at the part that declares a code, so each keeps the files'
/// texts) show a part's mistake in the part, as lint does, not at the root's lines.
#[test]
fn commands_that_need_a_valid_registry_show_a_parts_mistake_in_its_file() {
    let dir = tempfile::tempdir().unwrap();
    copy_split(dir.path());
    reuse_a_code_of_the_root(dir.path());
    let commands: [&[&str]; 4] = [
        &[
            "new",
            "SOMETHING_NEW",
            "--namespace",
            "BIL",
            "--category",
            "invalid",
            "--summary",
            "New",
        ],
        &["usage", "src"],
        &["explain", "ACM-PLT-001"],
        &["generate", "--check"],
    ];
    for args in commands {
        let (code, out, err) = run(errdex().current_dir(dir.path()).args(args));
        assert_ne!(code, 0, "{args:?}: {out}{err}");
        assert!(
            err.contains("error[EDX0202]") && err.contains("--> teams/billing.yaml:"),
            "{args:?}: {err}"
        );
    }
}

/// Every file under `dir` with its bytes.
fn tree(dir: &Path) -> std::collections::BTreeMap<PathBuf, Vec<u8>> {
    let mut files = std::collections::BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                files.insert(path.strip_prefix(dir).unwrap().to_path_buf(), bytes);
            }
        }
    }
    files
}

/// `errdex generate` runs the rules across entries (a duplicate code across files here)
/// beside its emitters: a registry they refuse gets the diagnostics `lint` shows, `lint`'s
/// exit status, and not one file written or removed, with or without `--check`; a
/// registry they accept is generated as before.
#[test]
fn generate_refused_by_a_rule_across_files_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    copy_split(dir.path());
    let (code, out, err) = run(errdex().current_dir(dir.path()).args(["generate"]));
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("file(s) written"), "{err}");
    let text = reuse_a_code_of_the_root(dir.path());
    let before = tree(dir.path());
    let (lint_code, _, lint_err) = run(errdex().current_dir(dir.path()).args(["lint"]));
    assert_ne!(lint_code, 0);
    assert!(lint_err.contains("error[EDX0202]"), "{lint_err}");
    for args in [&["generate"][..], &["generate", "--check"]] {
        let (code, out, err) = run(errdex().current_dir(dir.path()).args(args));
        assert_eq!(code, lint_code, "{args:?}: {out}{err}");
        // The diagnostics as lint shows them, then EDX1009.
        let shown = err.split("error[EDX1009]").next().unwrap();
        assert!(
            lint_err.starts_with(shown),
            "{args:?}:\n{err}\nlint:\n{lint_err}"
        );
        assert!(shown.contains("--> teams/billing.yaml:"), "{err}");
        assert!(err.contains("nothing was written"), "{err}");
        assert!(out.is_empty(), "{args:?}: no diff: {out}");
        assert!(tree(dir.path()) == before, "{args:?} changed a file");
    }
    std::fs::write(dir.path().join("teams/billing.yaml"), text).unwrap();
    let (code, out, err) = run(errdex()
        .current_dir(dir.path())
        .args(["generate", "--check"]));
    assert_eq!(code, 0, "{out}{err}");
}

fn have_git() -> bool {
    testkit::tool::require_tool("errdex on git branches", testkit::tool::program("git")).is_some()
}

/// Runs git in `dir`; its output, and whether it succeeded.
fn git_status(dir: &Path, args: &[&str]) -> (bool, String) {
    let out = Command::new("git")
        .current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .args([
            "-c",
            "user.name=errdex test",
            "-c",
            "user.email=test@example.invalid",
            "-c",
            "commit.gpgsign=false",
            "-c",
            "init.defaultBranch=main",
        ])
        .args(args)
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

fn git(dir: &Path, args: &[&str]) {
    let (ok, text) = git_status(dir, args);
    assert!(ok, "git {args:?}: {text}");
}

/// A copy of the split registry to put under git; `None` (the skip said) without git.
fn split_for_git() -> Option<tempfile::TempDir> {
    if !have_git() {
        return None;
    }
    let dir = tempfile::tempdir().unwrap();
    copy_split(dir.path());
    Some(dir)
}

/// A git repository in `dir`, with everything in it committed as `base`.
fn commit_all(dir: &Path) {
    git(dir, &["init", "-q"]);
    git(dir, &["add", "."]);
    git(dir, &["commit", "-q", "-m", "base"]);
}

/// `errdex new` on `part`, in `dir`; the code it printed.
fn new_code(dir: &Path, name: &str, part: &str, namespace: &str) -> String {
    let (code, out, err) = run(errdex().current_dir(dir).args([
        "new",
        name,
        "--part",
        part,
        "--namespace",
        namespace,
        "--category",
        "invalid",
        "--summary",
        "Added on a branch",
    ]));
    assert_eq!(code, 0, "{out}{err}");
    out.split_whitespace().next().unwrap().to_string()
}

/// `errdex new NAME --part PART --category invalid --summary SUMMARY` and `extra`, in `dir`.
fn new_entry(
    dir: &Path,
    name: &str,
    part: &str,
    summary: &str,
    extra: &[&str],
) -> (i32, String, String) {
    run(errdex()
        .current_dir(dir)
        .args([
            "new",
            name,
            "--part",
            part,
            "--category",
            "invalid",
            "--summary",
            summary,
        ])
        .args(extra))
}

#[test]
fn new_skips_retired_and_used_codes_and_writes_nothing_invalid() {
    let dir = tempfile::tempdir().unwrap();
    copy_split(dir.path());
    // ACM-FRM-100 is retired, 101 and 102 are used.
    assert_eq!(
        new_code(dir.path(), "FRM_EMPTY", "teams/frames", "FRM"),
        "ACM-FRM-103"
    );
    let file = dir.path().join("teams/frames/ACM-FRM-103.yaml");
    // The folder's `_part.yaml` names part.schema.json: the new file names entry.schema.json.
    assert!(
        std::fs::read_to_string(&file).unwrap().starts_with(
            "# yaml-language-server: $schema=../../../../../generated/schema/entry.schema.json\nname: FRM_EMPTY\n"
        )
    );
    // After the highest code in use (ACM-BIL-002), not the free ACM-BIL-000 below it: a
    // code below the highest may be one deleted without a tombstone.
    assert_eq!(
        new_code(dir.path(), "BIL_REFUNDED", "teams/billing.yaml", "BIL"),
        "ACM-BIL-003"
    );
    let billing = dir.path().join("teams/billing.yaml");
    let before = std::fs::read_to_string(&billing).unwrap();
    assert!(
        before.contains("\n# The billing team's codes"),
        "the text is kept"
    );
    // A NAME the registry has, in this part or another: refused as such, naming the
    // code that has it and its place, and nothing is written.
    let line = before.lines().position(|l| l == "  BIL_REFUNDED:").unwrap() + 1;
    for (name, part, expected) in [
        (
            "BIL_REFUNDED",
            "teams/billing.yaml",
            format!(
                "`BIL_REFUNDED` is already the NAME of ACM-BIL-003 `BIL_REFUNDED` (teams/billing.yaml:{line}:3)"
            ),
        ),
        (
            "FRM_EMPTY",
            "teams/billing.yaml",
            "`FRM_EMPTY` is already the NAME of ACM-FRM-103 `FRM_EMPTY` (teams/frames/ACM-FRM-103.yaml:"
                .to_string(),
        ),
    ] {
        let (code, _, err) = new_entry(dir.path(), name, part, "x", &[]);
        assert_eq!(code, 64, "{err}");
        assert!(
            err.contains("EDX1002") && err.contains(&expected),
            "{expected}\n{err}"
        );
        assert_eq!(std::fs::read_to_string(&billing).unwrap(), before);
    }
    let (code, out, err) = run(errdex().current_dir(dir.path()).args(["lint"]));
    assert_eq!(code, 0, "{out}{err}");
}

/// A folder's `<CODE>.md` with no `<CODE>.yaml` (EDX0811) is an explanation waiting for its
/// entry: `errdex new` does not hand its code to an unrelated entry, which would take that
/// text as its explanation, and says why it skipped it; `--code` adds the entry it explains.
#[test]
fn new_keeps_the_code_of_an_explanation_waiting_for_its_entry() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    copy_split(dir.path());
    let frames = dir.path().join("teams/frames");
    std::fs::write(frames.join("ACM-FRM-103.md"), "Stale notes about frames.\n")
        .expect("the .md is written");
    let (code, out, err) = new_entry(
        dir.path(),
        "FRM_NEXT",
        "teams/frames",
        "Next",
        &["--namespace", "FRM"],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("ACM-FRM-104 FRM_NEXT added to "), "{out}");
    assert!(
        err.contains(
            "note: `ACM-FRM-103.md` in the folder has no `.yaml` beside it (EDX0811): its code is kept for the entry it explains; `--code ACM-FRM-103` adds such an entry"
        ),
        "{err}"
    );
    assert!(!frames.join("ACM-FRM-103.yaml").exists());
    let (code, out, err) = run(errdex()
        .current_dir(dir.path())
        .args(["explain", "ACM-FRM-104"]));
    assert_eq!(code, 0, "{out}{err}");
    assert!(!out.contains("Stale notes"), "{out}");
    // Given by hand, the code takes the waiting text, and is told so.
    let (code, out, err) = new_entry(
        dir.path(),
        "FRM_STALE",
        "teams/frames",
        "Stale",
        &["--namespace", "FRM", "--code", "ACM-FRM-103"],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        err.contains(
            "note: `ACM-FRM-103.md`, already in the folder, is the new entry's explanation"
        ),
        "{err}"
    );
    let (code, out, err) = run(errdex()
        .current_dir(dir.path())
        .args(["explain", "ACM-FRM-103"]));
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("Stale notes about frames."), "{out}");
}

/// `--param NAME:TYPE` declares the message's params: the entry loads, its message renders.
#[test]
fn new_declares_the_params_of_its_message() {
    let dir = tempfile::tempdir().unwrap();
    copy_split(dir.path());
    let add = |extra: &[&str]| {
        let message = ["--message", "charge {charge_id} is over {limit}"];
        new_entry(
            dir.path(),
            "BIL_OVER_LIMIT",
            "teams/billing.yaml",
            "Over the limit",
            &[&message[..], extra].concat(),
        )
    };
    // Without them, the placeholders are undeclared: nothing is written.
    let (code, _, err) = add(&[]);
    assert_ne!(code, 0, "{err}");
    assert!(err.contains("EDX0402"), "{err}");
    // A param with no message to use it, and a summary that is not one line: refused.
    for (summary, extra) in [
        ("Over", &["--param", "limit:integer"][..]),
        ("", &[][..]),
        ("two\nlines", &[][..]),
    ] {
        let (code, _, err) = new_entry(dir.path(), "BIL_ODD", "teams/billing.yaml", summary, extra);
        assert_eq!(code, 64, "{summary:?}: {err}");
        assert!(err.contains("EDX1002"), "{err}");
    }
    let (code, out, err) = add(&["--param", "charge_id:string", "--param", "limit:integer"]);
    assert_eq!(code, 0, "{out}{err}");
    let text = std::fs::read_to_string(dir.path().join("teams/billing.yaml")).unwrap();
    assert!(
        text.contains("    params: { charge_id: string, limit: integer }\n"),
        "{text}"
    );
    let (code, out, err) = run(errdex()
        .current_dir(dir.path())
        .args(["explain", "BIL_OVER_LIMIT"]));
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("params: charge_id: string, limit: integer"),
        "{out}"
    );
}

/// Without --namespace, a new code of a part whose codes share one namespace is in it.
#[test]
fn new_takes_the_namespace_of_the_parts_codes() {
    let dir = tempfile::tempdir().unwrap();
    copy_split(dir.path());
    for (name, part, file, ns) in [
        (
            "BIL_LATE",
            "teams/billing.yaml",
            "teams/billing.yaml",
            "BIL",
        ),
        (
            "FRM_LATE",
            "teams/frames",
            "teams/frames/ACM-FRM-103.yaml",
            "FRM",
        ),
    ] {
        let (code, out, err) = new_entry(dir.path(), name, part, "Too late", &[]);
        assert_eq!(code, 0, "{out}{err}");
        let text = std::fs::read_to_string(dir.path().join(file)).unwrap();
        let entry = &text[text.find(name).unwrap()..];
        assert!(
            entry.contains(&format!("\nnamespace: {ns}\n"))
                || entry.contains(&format!("    namespace: {ns}\n")),
            "{text}"
        );
    }
    let (code, out, err) = run(errdex()
        .current_dir(dir.path())
        .args(["explain", "BIL_LATE"]));
    assert_eq!(code, 0, "{out}{err}");
}

/// A category the registry does not declare is refused before any text is made, with the
/// nearest one, and nothing is written.
#[test]
fn new_refuses_an_undeclared_category_up_front() {
    let dir = tempfile::tempdir().unwrap();
    copy_split(dir.path());
    let before = tree(dir.path());
    let (code, out, err) = run(errdex().current_dir(dir.path()).args([
        "new",
        "BIL_TYPO",
        "--part",
        "teams/billing.yaml",
        "--category",
        "invalidd",
        "--summary",
        "Typo",
    ]));
    assert_eq!(code, 64, "{out}{err}");
    assert!(
        err.contains(
            "--category `invalidd` is not a category of the registry: did you mean `invalid`?"
        ),
        "{err}"
    );
    assert_eq!(tree(dir.path()), before, "nothing written");
}

/// A part file checked out with Windows line endings keeps them: the entry `new` appends
/// ends its lines in `\r\n` too, and the registry stays valid.
#[test]
fn new_keeps_a_crlf_part_file_crlf() {
    let dir = tempfile::tempdir().unwrap();
    copy_split(dir.path());
    let billing = dir.path().join("teams/billing.yaml");
    let lf = std::fs::read_to_string(&billing).unwrap();
    std::fs::write(&billing, lf.replace('\n', "\r\n")).unwrap();
    let (code, out, err) = new_entry(dir.path(), "BIL_CRLF", "teams/billing.yaml", "Kept", &[]);
    assert_eq!(code, 0, "{out}{err}");
    let text = std::fs::read_to_string(&billing).unwrap();
    assert!(text.contains("BIL_CRLF:\r\n"), "{text:?}");
    assert_eq!(
        text.matches('\n').count(),
        text.matches("\r\n").count(),
        "every line ends in CRLF: {text:?}"
    );
    let (code, out, err) = run(errdex().current_dir(dir.path()).args(["lint"]));
    assert_eq!(code, 0, "{out}{err}");
}

/// A file or folder the root does not list is no part: `errdex new` refuses it instead of
/// writing an entry nothing reads and handing its code out again next time.
#[test]
fn new_refuses_a_file_or_folder_the_root_does_not_list() {
    let dir = tempfile::tempdir().unwrap();
    copy_split(dir.path());
    let stray = dir.path().join("other/billing.yaml");
    std::fs::create_dir_all(stray.parent().unwrap()).unwrap();
    std::fs::copy(dir.path().join("teams/billing.yaml"), &stray).unwrap();
    let before = std::fs::read_to_string(&stray).unwrap();
    let folder = dir.path().join("other/frames");
    std::fs::create_dir_all(&folder).unwrap();
    for part in ["other/billing.yaml", "other/frames"] {
        let (code, out, err) = new_entry(
            dir.path(),
            "BIL_STRAY",
            part,
            "Nowhere",
            &["--namespace", "BIL", "--code", "ACM-BIL-150"],
        );
        assert_eq!(code, 64, "{part}: {out}{err}");
        assert!(
            err.contains("EDX1002")
                && err.contains(&format!(
                    "`{part}` is not a part of the registry `errors.yaml`"
                )),
            "{part}: {err}"
        );
    }
    assert_eq!(std::fs::read_to_string(&stray).unwrap(), before);
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 0);
    // Close to a part: the folder the glob `teams/*.yaml` reads parts from, a folder
    // part's header or one of its files, the root. Each is refused with the part to give
    // instead, nothing written.
    std::fs::write(dir.path().join("other/notes.yaml"), "notes: []\n").unwrap();
    let before = tree(dir.path());
    for (part, says, instead) in [
        (
            "teams",
            "`teams` is a folder of parts, not a folder part",
            "`teams/billing.yaml`",
        ),
        (
            "teams/frames/_part.yaml",
            "is the header of the folder part `teams/frames`",
            "give --part teams/frames",
        ),
        (
            "teams/frames/ACM-FRM-101.yaml",
            "is a file of the folder part `teams/frames`",
            "give --part teams/frames",
        ),
        (
            "errors.yaml",
            "`errors.yaml` is the root catalogue, not a part",
            "leave out --part",
        ),
        // No range and no --code: said to be no part, not to lack a range.
        (
            "other/notes.yaml",
            "`other/notes.yaml` is not a part of the registry `errors.yaml`",
            "give --part one of the parts `errors.yaml` lists (`",
        ),
    ] {
        let (code, out, err) = new_entry(dir.path(), "BIL_CLOSE", part, "Close", &[]);
        assert_eq!(code, 64, "{part}: {out}{err}");
        assert!(
            err.contains("EDX1002") && err.contains(says) && err.contains(instead),
            "{part}: {err}"
        );
    }
    assert_eq!(tree(dir.path()), before, "nothing written");
    // The listed part still gets the code.
    assert_eq!(
        new_code(dir.path(), "BIL_REFUNDED", "teams/billing.yaml", "BIL"),
        "ACM-BIL-003"
    );
}

#[test]
fn two_branches_adding_a_code_to_one_part_conflict_in_git() {
    let Some(dir) = split_for_git() else {
        return;
    };
    let root = dir.path();
    commit_all(root);
    for (part, ns, a, b) in [
        ("teams/billing.yaml", "BIL", "BIL_A", "BIL_B"),
        ("teams/frames", "FRM", "FRM_A", "FRM_B"),
    ] {
        git(root, &["checkout", "-q", "-B", "one", "main"]);
        let first = new_code(root, a, part, ns);
        git(root, &["add", "."]);
        git(root, &["commit", "-q", "-m", a]);
        git(root, &["checkout", "-q", "-B", "two", "main"]);
        let second = new_code(root, b, part, ns);
        assert_eq!(first, second, "both branches take the next free code");
        git(root, &["add", "."]);
        git(root, &["commit", "-q", "-m", b]);
        let (merged, text) = git_status(root, &["merge", "--no-edit", "one"]);
        assert!(!merged, "{part}: the merge must not succeed: {text}");
        assert!(text.contains("CONFLICT"), "{part}: {text}");
        if part.ends_with(".yaml") {
            assert!(text.contains("CONFLICT (content)"), "{text}");
        } else {
            assert!(text.contains("CONFLICT (add/add)"), "{text}");
        }
        // Linted before it is resolved: the markers, in the file git left them in.
        let (code, out, err) = run(errdex().current_dir(root).args(["lint"]));
        assert_ne!(code, 0, "{out}{err}");
        assert!(
            err.contains("error[EDX0009]: the file has unresolved git merge conflict markers")
                && err.contains(&format!("--> {part}")),
            "{part}: {err}"
        );
        git(root, &["merge", "--abort"]);
        git(root, &["checkout", "-q", "main"]);
    }
}

#[test]
fn diff_against_git_reads_every_part_at_the_revision() {
    let Some(dir) = split_for_git() else {
        return;
    };
    let root = dir.path();
    commit_all(root);
    let (code, out, err) = run(errdex()
        .current_dir(root)
        .args(["diff", "--against-git", "HEAD"]));
    assert_eq!(code, 0, "{out}{err}");
    // Each side named with its parts: the registry was compared whole.
    assert!(
        out.contains("no changes between HEAD:./errors.yaml (with its 3 parts) and errors.yaml (with its 3 parts)"),
        "{out}"
    );
    // Remove a code of the one-file-per-code folder: a breaking change found only if the
    // revision's parts (its folder, by `git ls-tree`) were read.
    std::fs::remove_file(root.join("teams/frames/ACM-FRM-102.yaml")).unwrap();
    let (code, out, err) =
        run(errdex()
            .current_dir(root)
            .args(["diff", "--against-git", "HEAD", "--format", "json"]));
    assert_ne!(code, 0, "{out}{err}");
    assert!(out.contains("ACM-FRM-102"), "{out}");
    // Each finding is placed: the removed code where it was, in the revision's part.
    let report: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let removed = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .find(|f| f["code"] == "ACM-FRM-102")
        .expect("the removed code");
    assert_eq!(
        removed["at"],
        serde_json::json!({"side": "old", "file": "HEAD:./teams/frames/ACM-FRM-102.yaml", "line": 2, "column": 7}),
        "{removed}"
    );
    // A changed code is placed at its entry in the working tree's part, in the human report.
    let billing = root.join("teams/billing.yaml");
    let text = std::fs::read_to_string(&billing).unwrap();
    let line = text
        .lines()
        .position(|l| l.trim_start().starts_with("BIL_GATEWAY_DOWN:"))
        .expect("the entry")
        + 1;
    std::fs::write(
        &billing,
        text.replace("code: ACM-BIL-002", "code: ACM-BIL-009"),
    )
    .unwrap();
    let (code, out, err) = run(errdex()
        .current_dir(root)
        .args(["diff", "--against-git", "HEAD"]));
    assert_ne!(code, 0, "{out}{err}");
    assert!(
        out.contains(&format!(
            "code ACM-BIL-002 (BIL_GATEWAY_DOWN) at teams/billing.yaml:{line}:3\n"
        )) && out.contains(
            "code ACM-FRM-102 (FRM_TOO_LARGE) was at HEAD:./teams/frames/ACM-FRM-102.yaml:2:7\n"
        ),
        "{out}"
    );
}

/// A root in the repository's top folder whose glob matches the root itself (`*.yaml`):
/// read at a revision, the root is still not a part of itself.
#[test]
fn diff_against_git_with_a_glob_beside_the_root() {
    let Some(dir) = split_for_git() else {
        return;
    };
    let root = dir.path();
    let split = std::fs::read_to_string(split().join("errors.yaml")).unwrap();
    // The billing part beside the root, matched by `*.yaml` as the root is.
    std::fs::rename(root.join("teams/billing.yaml"), root.join("billing.yaml")).unwrap();
    std::fs::write(
        root.join("errors.yaml"),
        split.replace("  - teams/frames\n", "  - teams/frames\n  - \"*.yaml\"\n"),
    )
    .unwrap();
    let (code, out, err) = run(errdex().current_dir(root).args(["lint"]));
    assert_eq!(code, 0, "{out}{err}");
    commit_all(root);
    let (code, out, err) = run(errdex()
        .current_dir(root)
        .args(["diff", "--against-git", "HEAD"]));
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.starts_with("no changes between HEAD:./errors.yaml"),
        "{out}"
    );
}

#[test]
fn usage_points_at_the_part_that_declares_a_code() {
    let dir = tempfile::tempdir().unwrap();
    copy_split(dir.path());
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(
        dir.path().join("src/lib.rs"),
        "fn f() { raise(\"ACM-PLT-001\"); }\n",
    )
    .unwrap();
    let (_, out, err) =
        run(errdex()
            .current_dir(dir.path())
            .args(["usage", "--catalogue", "errors.yaml", "src"]));
    // FRM_TOO_LARGE is never raised: declared in its own file, line 2 (after its schema line).
    assert!(
        err.contains("--> teams/frames/ACM-FRM-102.yaml:2:")
            || out.contains("teams/frames/ACM-FRM-102.yaml:2:"),
        "{out}{err}"
    );
    assert!(
        err.contains("--> teams/billing.yaml:") || out.contains("teams/billing.yaml:"),
        "{out}{err}"
    );
}

#[test]
fn generate_keeps_a_codeowners_block_and_the_rest_of_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let cat = root.join("registry");
    copy_split(&cat);
    std::fs::create_dir(root.join(".github")).unwrap();
    let mine = "# Ours\n* @acme/platform\n";
    std::fs::write(root.join(".github/CODEOWNERS"), mine).unwrap();
    let generate = |check: bool| {
        let mut cmd = errdex();
        cmd.current_dir(&cat)
            .args(["generate", "--codeowners", "../.github/CODEOWNERS"]);
        if check {
            cmd.arg("--check");
        }
        run(&mut cmd)
    };
    let (code, out, err) = generate(false);
    assert_eq!(code, 0, "{out}{err}");
    let text = std::fs::read_to_string(root.join(".github/CODEOWNERS")).unwrap();
    assert!(text.starts_with(mine), "{text}");
    assert!(
        text.contains("\n/registry/teams/billing.yaml @acme/billing\n"),
        "{text}"
    );
    assert!(
        text.contains("\n/registry/teams/frames/ @acme/forms\n"),
        "{text}"
    );
    // Deterministic: a second run changes nothing, and --check agrees.
    let (code, _, err) = generate(true);
    assert_eq!(code, 0, "{err}");
    let (code, ..) = generate(false);
    assert_eq!(code, 0);
    assert_eq!(
        std::fs::read_to_string(root.join(".github/CODEOWNERS")).unwrap(),
        text
    );
    // A new owner makes the block stale for --check.
    let search = cat.join("teams/search.yaml");
    let s = std::fs::read_to_string(&search).unwrap();
    std::fs::write(&search, s.replace("@acme/search", "@acme/find")).unwrap();
    let (code, _, err) = generate(true);
    assert_ne!(code, 0);
    // The way to rewrite it is the same command, flag included: a bare `errdex generate`
    // would not touch CODEOWNERS.
    assert!(
        err.contains("error[EDX1004]")
            && err.contains(
                "run `errdex generate --codeowners ../.github/CODEOWNERS` (this command without --check)"
            ),
        "{err}"
    );
    // In a git repository, a CODEOWNERS file GitHub would not read (the registry's own
    // `.github/`, its paths from `registry/`) is refused with the path that works.
    std::fs::create_dir(root.join(".git")).unwrap();
    let (code, out, err) =
        run(errdex()
            .current_dir(&cat)
            .args(["generate", "--codeowners", ".github/CODEOWNERS"]));
    assert_eq!(code, 64, "{out}{err}");
    assert!(
        err.contains("--codeowners `.github/CODEOWNERS` is not where GitHub reads CODEOWNERS")
            && err.contains("give --codeowners ../.github/CODEOWNERS"),
        "{err}"
    );
    assert!(!cat.join(".github").exists());
    // A file of another name is never read (a typo would leave the parts without owners):
    // refused in the right folder too, with the name that works, and nothing written.
    let owners = std::fs::read_to_string(root.join(".github/CODEOWNERS")).unwrap();
    for (given, instead) in [
        ("../.github/CODEOWNERS.txt", "../.github/CODEOWNERS"),
        ("../.github/OWNERS", "../.github/CODEOWNERS"),
        ("owners/CODEOWNERS.bak", "../.github/CODEOWNERS"),
    ] {
        let (code, out, err) =
            run(errdex()
                .current_dir(&cat)
                .args(["generate", "--codeowners", given]));
        assert_eq!(code, 64, "{given}: {out}{err}");
        assert!(
            err.contains("error[EDX1002]")
                && err.contains(&format!(
                    "--codeowners `{given}` is not a file GitHub reads"
                ))
                && err.contains(&format!("give --codeowners {instead}")),
            "{given}: {err}"
        );
    }
    assert!(!root.join(".github/CODEOWNERS.txt").exists());
    assert!(!root.join(".github/OWNERS").exists());
    assert!(!cat.join("owners").exists());
    assert_eq!(
        std::fs::read_to_string(root.join(".github/CODEOWNERS")).unwrap(),
        owners
    );
    let (code, out, err) = generate(false);
    assert_eq!(code, 0, "{out}{err}");
}

/// `outputs.codeowners` in the catalogue: a plain `errdex generate` keeps the block and a
/// plain `--check` fails on a changed owner (no flag to remember in CI); `--only` leaves the
/// file alone; a name GitHub does not read is refused by lint, located; in a git
/// repository, a folder GitHub does not read is refused with the key that works.
#[test]
fn outputs_codeowners_serves_every_generate_and_check() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let cat = root.join("registry");
    copy_split(&cat);
    let errors = cat.join("errors.yaml");
    let text = std::fs::read_to_string(&errors).unwrap();
    let with_key = |path: &str| {
        let keyed = format!("{text}\noutputs:\n  codeowners: {path}\n");
        std::fs::write(&errors, keyed).unwrap();
    };
    with_key("../.github/CODEOWNERS");
    let (code, out, err) = run(errdex().current_dir(&cat).args(["generate"]));
    assert_eq!(code, 0, "{out}{err}");
    let owners = root.join(".github/CODEOWNERS");
    let written = std::fs::read_to_string(&owners).unwrap();
    assert!(
        written.contains("\n/registry/teams/billing.yaml @acme/billing\n"),
        "{written}"
    );
    assert!(err.contains("wrote ../.github/CODEOWNERS"), "{err}");
    let (code, _, err) = run(errdex().current_dir(&cat).args(["generate", "--check"]));
    assert_eq!(code, 0, "{err}");
    let search = cat.join("teams/search.yaml");
    let s = std::fs::read_to_string(&search).unwrap();
    std::fs::write(&search, s.replace("@acme/search", "@acme/find")).unwrap();
    let (code, out, err) = run(errdex().current_dir(&cat).args(["generate", "--check"]));
    assert_ne!(code, 0);
    assert!(
        out.contains("+/registry/teams/search.yaml @acme/find"),
        "the diff shows the new owner: {out}"
    );
    assert!(
        err.contains("error[EDX1004]")
            && err.contains("run `errdex generate` (this command without --check)"),
        "{err}"
    );
    // `--only` writes only the targets it names.
    let (code, out, err) = run(errdex()
        .current_dir(&cat)
        .args(["generate", "--only", "docs"]));
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(std::fs::read_to_string(&owners).unwrap(), written);
    let (code, out, err) = run(errdex().current_dir(&cat).args(["generate"]));
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        std::fs::read_to_string(&owners)
            .unwrap()
            .contains("\n/registry/teams/search.yaml @acme/find\n")
    );
    // A name GitHub never reads: lint refuses the key where it is written.
    with_key("../.github/OWNERS");
    let line = text.lines().count() + 3;
    let (code, out, err) = run(errdex().current_dir(&cat).args(["lint"]));
    assert_ne!(code, 0, "{out}{err}");
    assert!(
        err.contains("error[EDX0106]")
            && err.contains(&format!("--> errors.yaml:{line}:15"))
            && err.contains("the file must be named `CODEOWNERS`")
            && err.contains("(`../.github/CODEOWNERS`)"),
        "{err}"
    );
    assert!(!root.join(".github/OWNERS").exists());
    // In a git repository, the registry's own `.github/` is not read by GitHub: lint and
    // generate refuse the key where it is written, with the path that works, and generate
    // writes nothing.
    std::fs::create_dir(root.join(".git")).unwrap();
    with_key(".github/CODEOWNERS");
    for args in [&["lint"][..], &["generate"], &["generate", "--check"]] {
        let (code, out, err) = run(errdex().current_dir(&cat).args(args));
        assert_ne!(code, 0, "{args:?}: {out}{err}");
        assert!(
            err.contains("error[EDX0106]: `codeowners` cannot be \".github/CODEOWNERS\"")
                && err.contains(
                    "GitHub reads only `CODEOWNERS`, `.github/CODEOWNERS` and `docs/CODEOWNERS`"
                )
                && err.contains(&format!("--> errors.yaml:{line}:15"))
                && err.contains("write `codeowners: ../.github/CODEOWNERS`"),
            "{args:?}: {err}"
        );
    }
    assert!(!cat.join(".github").exists());
    let (code, out, err) = run(errdex()
        .current_dir(&cat)
        .args(["lint", "--format", "json"]));
    assert_ne!(code, 0);
    let json: serde_json::Value =
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    assert!(json.to_string().contains("EDX0106"), "{json}");
}

/// The CODEOWNERS file as found: a begin line without its end, or two blocks, is refused
/// (rewriting from a begin to a later end would delete the owners written between them),
/// nothing written; CRLF line endings are kept. In a git repository, a file outside it or
/// one GitHub would not read because it reads another first is refused with the path that
/// works; a folder given for the file gets the file in it.
#[test]
fn codeowners_is_rewritten_only_where_github_reads_it_and_never_over_hand_lines() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("repo");
    let cat = root.join("registry");
    copy_split(&cat);
    std::fs::create_dir_all(root.join(".github")).unwrap();
    std::fs::create_dir(root.join(".git")).unwrap();
    let owners = root.join(".github/CODEOWNERS");
    let generate = |path: &str| {
        run(errdex()
            .current_dir(&cat)
            .args(["generate", "--codeowners", path]))
    };
    let begin = "# BEGIN errdex: the owners of the catalogue's parts (`errdex generate --codeowners`; edit `part.owner` in the parts, not these lines)";
    for (text, why) in [
        (
            format!("{begin}\n* @core\n/keep @me\n"),
            "its line 1 begins errdex's block, which has no end line",
        ),
        (
            format!("{begin}\n/a @a\n# END errdex\n* @core\n{begin}\n/b @b\n# END errdex\n"),
            "errdex's begin or end line 4 times (lines 1, 3, 5, 7)",
        ),
        (
            "* @core\n# END errdex\n".to_string(),
            "its line 2 ends errdex's block, which has no begin line",
        ),
    ] {
        std::fs::write(&owners, &text).unwrap();
        let (code, out, err) = generate("../.github/CODEOWNERS");
        assert_eq!(code, 64, "{out}{err}");
        assert!(
            err.contains("cannot take errdex's block") && err.contains(why),
            "{why}: {err}"
        );
        assert_eq!(std::fs::read_to_string(&owners).unwrap(), text);
    }
    // Not UTF-8 (a name in Latin-1): refused, never taken for an empty file.
    let latin1 = b"# Owners (J\xfcrgen)\n* @core\n/keep/ @me\n";
    std::fs::write(&owners, latin1).unwrap();
    let (code, out, err) = generate("../.github/CODEOWNERS");
    assert_eq!(code, 64, "{out}{err}");
    assert!(err.contains("it is not UTF-8 text"), "{err}");
    assert_eq!(std::fs::read(&owners).unwrap(), latin1);
    assert!(!cat.join("generated").exists(), "nothing written");
    // errdex's lines with spaces around them, or a byte order mark, are still its own:
    // the block is replaced, not added a second time; the mark stays.
    std::fs::write(
        &owners,
        format!("\u{feff}{begin}  \n/old @old\n  # END errdex\n* @core\n"),
    )
    .unwrap();
    let (code, out, err) = generate("../.github/CODEOWNERS");
    assert_eq!(code, 0, "{out}{err}");
    let text = std::fs::read_to_string(&owners).unwrap();
    assert!(
        text.starts_with(&format!("\u{feff}{begin}\n"))
            && text.ends_with("# END errdex\n* @core\n")
            && !text.contains("/old @old")
            && text.matches("# END errdex").count() == 1,
        "{text:?}"
    );
    std::fs::remove_dir_all(cat.join("generated")).unwrap();
    // CRLF: the block takes the file's line endings.
    std::fs::write(&owners, "* @core\r\n").unwrap();
    let (code, out, err) = generate("../.github/CODEOWNERS");
    assert_eq!(code, 0, "{out}{err}");
    let text = std::fs::read_to_string(&owners).unwrap();
    assert!(
        text.starts_with("* @core\r\n\r\n# BEGIN errdex"),
        "{text:?}"
    );
    assert!(
        text.contains("\r\n/registry/teams/billing.yaml @acme/billing\r\n")
            && text.ends_with("# END errdex\r\n")
            && !text.replace("\r\n", "").contains('\n'),
        "{text:?}"
    );
    let (code, out, err) = generate("../.github/CODEOWNERS");
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(std::fs::read_to_string(&owners).unwrap(), text);
    // Outside the repository; behind `.github/CODEOWNERS`, which GitHub reads first; a
    // folder for the file.
    for (given, why, instead) in [
        (
            "../../CODEOWNERS",
            "it is outside the repository",
            "../.github/CODEOWNERS",
        ),
        (
            "../CODEOWNERS",
            "GitHub reads `.github/CODEOWNERS` first, which exists",
            "../.github/CODEOWNERS",
        ),
        (
            "../docs/CODEOWNERS",
            "GitHub reads `.github/CODEOWNERS` first, which exists",
            "../.github/CODEOWNERS",
        ),
    ] {
        let (code, out, err) = generate(given);
        assert_eq!(code, 64, "{given}: {out}{err}");
        assert!(
            err.contains(&format!(
                "--codeowners `{given}` is not where GitHub reads CODEOWNERS"
            )) && err.contains(why)
                && err.contains(&format!("give --codeowners {instead}")),
            "{given}: {err}"
        );
    }
    assert!(!dir.path().join("CODEOWNERS").exists());
    assert!(!root.join("CODEOWNERS").exists());
    // A folder named CODEOWNERS is said to be one.
    std::fs::create_dir_all(root.join("docs/CODEOWNERS")).unwrap();
    let (code, out, err) = generate("../docs/CODEOWNERS");
    assert_eq!(code, 64, "{out}{err}");
    assert!(
        err.contains("--codeowners `../docs/CODEOWNERS` is a folder: CODEOWNERS is a file"),
        "{err}"
    );
    let (code, out, err) = generate("../.github/");
    assert_eq!(code, 64, "{out}{err}");
    assert!(
        err.contains("give --codeowners ../.github/CODEOWNERS"),
        "{err}"
    );
    // A part whose path GitHub would read as a pattern (`[ ]` is an error there): refused.
    std::fs::rename(
        cat.join("teams/search.yaml"),
        cat.join("teams/search [v2].yaml"),
    )
    .unwrap();
    let before = std::fs::read_to_string(&owners).unwrap();
    let (code, out, err) = generate("../.github/CODEOWNERS");
    assert_eq!(code, 64, "{out}{err}");
    assert!(
        err.contains("the part `teams/search [v2].yaml` cannot be named in it: GitHub reads `[`")
            && err.contains("rename the part's file or folder"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&owners).unwrap(), before);
}

/// `errdex init --parts`: a root and two part files that lint clean, whose parts' ranges
/// give `errdex new` its codes, that generate and check, and that list their owners; a
/// second `init` writes nothing, and neither does one that would overwrite a part.
#[test]
fn init_parts_starts_a_registry_in_many_files() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("my-api");
    let (code, out, err) = run(errdex().arg("init").arg("--parts").arg(&root));
    assert_eq!(code, 0, "{out}{err}");
    for file in [
        "errors.yaml",
        "errors/core.yaml",
        "errors/upstream.yaml",
        "generated/schema/catalogue.schema.json",
        "generated/schema/part.schema.json",
    ] {
        assert!(root.join(file).is_file(), "{file} is missing:\n{out}");
    }
    let text = std::fs::read_to_string(root.join("errors.yaml")).unwrap();
    assert!(text.contains("\nparts:\n  - errors/*.yaml\n"), "{text}");
    assert!(
        !text.contains("\nerrors:"),
        "the codes are in the parts:\n{text}"
    );
    let schemas: std::collections::HashMap<&str, String> =
        ["catalogue.schema.json", "part.schema.json"]
            .into_iter()
            .map(|f| {
                let text = std::fs::read_to_string(root.join("generated/schema").join(f));
                (f, text.unwrap())
            })
            .collect();
    // Clean: no error and no warning.
    let (code, out, err) = run(errdex()
        .current_dir(&root)
        .args(["lint", "--format", "json"]));
    assert_eq!(code, 0, "{out}{err}");
    let lint: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(lint, serde_json::json!([]), "no diagnostics: {out}");
    // The four codes of the one-file starter, each in its part.
    let (code, out, err) = run(errdex().current_dir(&root).args(["explain", "E1000"]));
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("UPSTREAM_UNAVAILABLE"), "{out}");
    // Each part's next code comes from its own range.
    assert_eq!(
        new_code(&root, "BAD_NAME", "errors/core.yaml", "CORE"),
        "E0004"
    );
    assert_eq!(
        new_code(&root, "TIMED_OUT", "errors/upstream.yaml", "UPSTREAM"),
        "E1001"
    );
    let (code, out, err) =
        run(errdex()
            .current_dir(&root)
            .args(["generate", "--codeowners", ".github/CODEOWNERS"]));
    assert_eq!(code, 0, "{out}{err}");
    let owners = std::fs::read_to_string(root.join(".github/CODEOWNERS")).unwrap();
    assert!(
        owners.contains("/errors/core.yaml @your-org/core\n")
            && owners.contains("/errors/upstream.yaml @your-org/platform\n"),
        "{owners}"
    );
    // The editor schemas `init` wrote are what `generate` writes there.
    for schema in ["catalogue.schema.json", "part.schema.json"] {
        let path = root.join("generated/schema").join(schema);
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            schemas[schema],
            "{schema}"
        );
    }
    let registry = std::fs::read_to_string(root.join("generated/schema/registry.json")).unwrap();
    for code in ["E0001", "E0002", "E0003", "E0004", "E1000", "E1001"] {
        assert!(
            registry.contains(&format!("\"{code}\"")),
            "{code} in registry.json"
        );
    }
    let (code, out, err) = run(errdex().current_dir(&root).args([
        "generate",
        "--check",
        "--codeowners",
        ".github/CODEOWNERS",
    ]));
    assert_eq!(code, 0, "{out}{err}");

    // Again: the root exists, so nothing is written.
    let before = std::fs::read_to_string(root.join("errors/core.yaml")).unwrap();
    let (code, _, err) = run(errdex().arg("init").arg("--parts").arg(&root));
    assert_ne!(code, 0);
    assert!(err.contains("EDX1008"), "{err}");
    assert_eq!(
        std::fs::read_to_string(root.join("errors/core.yaml")).unwrap(),
        before
    );
    // A part in the way (no root yet): refused before any file is created.
    let other = dir.path().join("other");
    std::fs::create_dir_all(other.join("errors")).unwrap();
    std::fs::write(other.join("errors/upstream.yaml"), "mine\n").unwrap();
    let (code, _, err) = run(errdex().arg("init").arg("--parts").arg(&other));
    assert_ne!(code, 0);
    assert!(
        err.contains("EDX1008") && err.contains("upstream.yaml"),
        "{err}"
    );
    assert!(!other.join("errors.yaml").exists());
    assert!(!other.join("errors/core.yaml").exists());
    assert_eq!(
        std::fs::read_to_string(other.join("errors/upstream.yaml")).unwrap(),
        "mine\n"
    );
}

/// `errdex new --code`: a code chosen by hand (a part with no range, codes not numbered in
/// sequence), refused when the registry has ever used it or when it is outside the part's
/// range; and a part with no range and no `--code` says what to give.
#[test]
fn new_with_a_code_chosen_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    copy_split(dir.path());
    let billing = dir.path().join("teams/billing.yaml");
    let new = |name: &str, part: &str, code: Option<&str>| {
        let mut cmd = errdex();
        cmd.current_dir(dir.path()).args([
            "new",
            name,
            "--part",
            part,
            "--namespace",
            "BIL",
            "--category",
            "invalid",
            "--summary",
            "x",
        ]);
        if let Some(code) = code {
            cmd.args(["--code", code]);
        }
        run(&mut cmd)
    };
    let (code, out, err) = new("BIL_LATE", "teams/billing.yaml", Some("ACM-BIL-050"));
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        out.trim(),
        "ACM-BIL-050 BIL_LATE added to teams/billing.yaml"
    );
    let before = std::fs::read_to_string(&billing).unwrap();
    for (code, expected) in [
        (
            "ACM-BIL-001",
            "code `ACM-BIL-001` is already used: it is the code of `BIL_CARD_DECLINED`",
        ),
        // Outside the part's range: said of the part, before any text is made (not as
        // EDX0807 at a line of a file never written).
        (
            "ACM-BIL-100",
            "error[EDX1002]: --code `ACM-BIL-100` is outside the range `ACM-BIL-000..ACM-BIL-099`, the codes this part may allocate",
        ),
    ] {
        let (status, _, err) = new("BIL_OTHER", "teams/billing.yaml", Some(code));
        assert_ne!(status, 0);
        assert!(err.contains(expected), "{expected}\n{err}");
        assert_eq!(std::fs::read_to_string(&billing).unwrap(), before);
    }
    // A part with no range or prefix (`teams/*.yaml` lists it): the next code cannot be
    // picked, --code can.
    let plain = dir.path().join("teams/plain.yaml");
    std::fs::write(&plain, "errors:\n  BIL_PLAIN_ONE: { code: ACM-BIL-160, namespace: BIL, category: invalid, summary: One, message: one }\n").unwrap();
    let (status, _, err) = new("BIL_PLAIN_TWO", "teams/plain.yaml", None);
    assert_eq!(status, 64, "{err}");
    assert!(
        err.contains("errdex cannot pick the next code: part `teams/plain.yaml` declares no `range` or `prefix`")
            && err.contains("--code"),
        "{err}"
    );
    let (status, out, err) = new("BIL_PLAIN_TWO", "teams/plain.yaml", Some("ACM-BIL-161"));
    assert_eq!(status, 0, "{out}{err}");
    let (status, out, err) = run(errdex().current_dir(dir.path()).args(["lint"]));
    assert_eq!(status, 0, "{out}{err}");
}

/// A full range is refused with the fix that works (--code cannot give a code outside the
/// range); a range of 10^18 codes hands out its first one at once (by number, not by
/// listing the range).
#[test]
fn new_in_a_full_range_and_in_a_vast_one() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
    write(
        "errors.yaml",
        "errdex: 1\nregistry: { name: acme }\ndocs: { links: external }\ncategories:\n  invalid: { summary: Bad input, retryable: false, exit_code: 1, http_status: 400, jsonrpc_code: -32602, expected: true }\nparts: [full.yaml, vast.yaml, empty.yaml]\n",
    );
    write(
        "full.yaml",
        "part: { range: T-001..T-002 }\nerrors:\n  ONE: { code: T-001, category: invalid, summary: One, message: one }\n  TWO: { code: T-002, category: invalid, summary: Two, message: two }\n",
    );
    write(
        "vast.yaml",
        "part: { range: V-000000000000000001..V-999999999999999999 }\n",
    );
    write(
        "empty.yaml",
        "part: { range: E-100..E-199 }\nerrors: {}  # none yet\n# the codes go above\n",
    );
    let before = std::fs::read_to_string(dir.path().join("full.yaml")).unwrap();
    let (code, _, err) = new_entry(dir.path(), "THREE", "full.yaml", "Three", &[]);
    assert_eq!(code, 64, "{err}");
    assert!(
        err.contains("the range `T-001..T-002` has no free code left")
            && err.contains("widen the part's `range`"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("full.yaml")).unwrap(),
        before
    );
    let (code, out, err) = new_entry(dir.path(), "FIRST", "vast.yaml", "First", &[]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("V-000000000000000001 "), "{out}");
    let (code, out, err) = new_entry(dir.path(), "SECOND", "vast.yaml", "Second", &[]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("V-000000000000000002 "), "{out}");
    // A part with no `errors` section gained one; `errors: {}` became a block.
    assert!(
        std::fs::read_to_string(dir.path().join("vast.yaml"))
            .unwrap()
            .starts_with("part: { range: V-000000000000000001..V-999999999999999999 }\nerrors:\n  FIRST:\n    code: V-000000000000000001\n"),
    );
    let (code, out, err) = new_entry(dir.path(), "EMPTY_NO_MORE", "empty.yaml", "Empty", &[]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("empty.yaml")).unwrap(),
        "part: { range: E-100..E-199 }\nerrors:  # none yet\n# the codes go above\n  EMPTY_NO_MORE:\n    code: E-100\n    category: invalid\n    summary: Empty\n"
    );
    let (code, out, err) = run(errdex().current_dir(dir.path()).args(["lint"]));
    assert_eq!(code, 0, "{out}{err}");
}

/// A part with no code yet: the first code `new` adds goes into the one namespace the part
/// declares (in a part file, and in a folder part's `_part.yaml`); a part declaring two gets
/// none chosen for it.
#[test]
fn new_into_a_part_without_codes_takes_its_one_namespace() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap()
    };
    write(
        "errors.yaml",
        "errdex: 1\nregistry: { name: acme }\ndocs: { links: external }\ncategories:\n  invalid: { summary: Bad input, retryable: false, exit_code: 1, http_status: 400, jsonrpc_code: -32602, expected: true }\nparts: [io.yaml, two.yaml, vfs]\n",
    );
    write(
        "io.yaml",
        "part: { range: IO-001..IO-099 }\nnamespaces:\n  IOERR: { title: I/O errors }\n",
    );
    write(
        "two.yaml",
        "part: { range: TW-001..TW-099 }\nnamespaces:\n  A: { title: A }\n  B: { title: B }\n",
    );
    write(
        "vfs/_part.yaml",
        "part: { range: VFS-001..VFS-099 }\nnamespaces:\n  VFS: { title: Virtual file systems }\n",
    );
    let (code, out, err) = new_entry(dir.path(), "IOERR_READ", "io.yaml", "Read", &[]);
    assert_eq!(code, 0, "{out}{err}");
    let io = std::fs::read_to_string(dir.path().join("io.yaml")).unwrap();
    assert!(
        io.ends_with("  IOERR_READ:\n    code: IO-001\n    namespace: IOERR\n    category: invalid\n    summary: Read\n"),
        "{io}"
    );
    let (code, out, err) = new_entry(dir.path(), "VFS_OPEN", "vfs", "Open", &[]);
    assert_eq!(code, 0, "{out}{err}");
    let vfs = std::fs::read_to_string(dir.path().join("vfs/VFS-001.yaml")).unwrap();
    assert!(vfs.contains("\nnamespace: VFS\n"), "{vfs}");
    let (code, out, err) = new_entry(dir.path(), "EITHER", "two.yaml", "Either", &[]);
    assert_eq!(code, 0, "{out}{err}");
    let two = std::fs::read_to_string(dir.path().join("two.yaml")).unwrap();
    assert!(!two.contains("namespace: "), "{two}");
    let (code, out, err) = run(errdex().current_dir(dir.path()).args(["lint"]));
    assert_eq!(code, 0, "{out}{err}");
}

/// `errdex new` without `--category`: the entry takes its namespace's `category` (no line
/// written for it) when the namespace declares one, and is refused, naming the namespace,
/// when it does not. A part whose `errors:` is a flow mapping is refused as such (the
/// message says what to rewrite, not that `errors:` is not the last section).
#[test]
fn new_takes_the_namespaces_category_and_names_a_flow_mapping() {
    let dir = tempfile::tempdir().unwrap();
    copy_split(dir.path());
    let billing = dir.path().join("teams/billing.yaml");
    let before = std::fs::read_to_string(&billing).unwrap();
    let new = |extra: &[&str]| {
        run(errdex()
            .current_dir(dir.path())
            .args([
                "new",
                "BIL_ON_HOLD",
                "--part",
                "teams/billing.yaml",
                "--summary",
                "The invoice is on hold",
            ])
            .args(extra))
    };
    // BIL declares no category: refused, nothing written.
    let (code, out, err) = new(&[]);
    assert_eq!(code, 64, "{out}{err}");
    assert!(
        err.contains("error[EDX1002]")
            && err.contains(
                "--category is needed: namespace `BIL` declares no `category` for its codes to take"
            )
            && err.contains("give --category, one of `"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&billing).unwrap(), before);
    // With a default category, the entry takes it and says nothing of it.
    let with_default = before.replace(
        "    code_prefix: ACM-BIL-\n",
        "    code_prefix: ACM-BIL-\n    category: unavailable\n",
    );
    assert_ne!(with_default, before);
    std::fs::write(&billing, &with_default).unwrap();
    let (code, out, err) = new(&[]);
    assert_eq!(code, 0, "{out}{err}");
    let after = std::fs::read_to_string(&billing).unwrap();
    let added = &after[with_default.len()..];
    assert!(
        added.starts_with("  BIL_ON_HOLD:\n") && !added.contains("category"),
        "{added}"
    );
    let (code, out, err) =
        run(errdex()
            .current_dir(dir.path())
            .args(["explain", "BIL_ON_HOLD", "--format", "json"]));
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["category"], "unavailable", "{out}");

    // `errors:` as a flow mapping: refused as such.
    let search = dir.path().join("teams/search.yaml");
    let text = std::fs::read_to_string(&search).unwrap();
    let at = text.find("\nerrors:\n").unwrap() + 1;
    let flow = format!(
        "{}errors: {{ SRC_FLOW: {{ code: ACM-SRC-050, namespace: SRC, category: invalid, summary: Flow }} }}\n",
        &text[..at]
    );
    std::fs::write(&search, &flow).unwrap();
    let (code, out, err) = run(errdex().current_dir(dir.path()).args([
        "new",
        "SRC_MORE",
        "--part",
        "teams/search.yaml",
        "--category",
        "invalid",
        "--summary",
        "More",
    ]));
    assert_eq!(code, 64, "{out}{err}");
    assert!(
        err.contains("is written as a flow mapping (`errors: { … }`)")
            && err.contains("write it as a block mapping"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&search).unwrap(), flow);
}

/// A code the registry had at git's HEAD and deleted since without a tombstone is free in
/// the working tree, but clients, logs and stored payloads still give it its old meaning:
/// `errdex new` passes it by (saying so, and how to retire it), and `--code` refuses it.
#[test]
fn new_never_hands_out_a_code_deleted_since_head() {
    let Some(dir) = split_for_git() else {
        return;
    };
    let root = dir.path();
    commit_all(root);
    let billing = root.join("teams/billing.yaml");
    let text = std::fs::read_to_string(&billing).unwrap();
    let at = text.find("  BIL_GATEWAY_DOWN:\n").expect("the entry");
    let deleted = format!("{}{}", &text[..at], {
        let rest = &text[at..];
        let mut lines = rest.split_inclusive('\n');
        lines.next();
        lines
            .skip_while(|l| l.starts_with("    "))
            .collect::<String>()
    });
    assert!(!deleted.contains("ACM-BIL-002"), "{deleted}");
    std::fs::write(&billing, &deleted).unwrap();
    // --code gives it: refused, nothing written.
    let (code, out, err) = new_entry(
        root,
        "BIL_LATE",
        "teams/billing.yaml",
        "Late",
        &["--namespace", "BIL", "--code", "ACM-BIL-002"],
    );
    assert_eq!(code, 64, "{out}{err}");
    assert!(
        err.contains("error[EDX1002]: code `ACM-BIL-002` was the code of `BIL_GATEWAY_DOWN` at HEAD and was deleted without a tombstone"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&billing).unwrap(), deleted);
    // The next code passes it by, with a note.
    let (code, out, err) = new_entry(
        root,
        "BIL_LATE",
        "teams/billing.yaml",
        "Late",
        &["--namespace", "BIL"],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        out.trim(),
        "ACM-BIL-003 BIL_LATE added to teams/billing.yaml"
    );
    assert!(
        err.contains("note: `ACM-BIL-002` was the code of `BIL_GATEWAY_DOWN` at HEAD and was deleted without a tombstone: skipped"),
        "{err}"
    );
}
