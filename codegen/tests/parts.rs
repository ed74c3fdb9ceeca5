//! A catalogue in many files (`parts:`): the split registry of `tests/fixtures/split/`
//! generates the bytes of the same codes in one file, and a mistake across files names
//! every file it involves.

use std::path::{Path, PathBuf};

use errdex_codegen::catalogue::{Allowed, Disk, load_with_parts};
use errdex_codegen::diag::{self, DiagCode, Style};
use errdex_codegen::{Loaded, Settings, generate};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures")
        .join(name)
        .join("errors.yaml")
}

/// Loads `path` with its parts, naming the root `name` in messages and headers.
fn load(path: &Path, name: &str) -> Loaded {
    let bytes = std::fs::read(path).expect("readable");
    load_with_parts(&bytes, name, &Disk::beside(path))
}

#[test]
fn a_split_registry_generates_the_bytes_of_the_same_codes_in_one_file() {
    let split = load(&fixture("split"), "errors.yaml");
    let one = load(&fixture("split-one"), "errors.yaml");
    assert!(split.diagnostics.is_empty(), "{:#?}", split.diagnostics);
    assert!(one.diagnostics.is_empty(), "{:#?}", one.diagnostics);
    assert_eq!(
        split.sources.files().len(),
        7,
        "the root, 3 part files, 2 code files, 1 .md"
    );
    let (split, one) = (
        split.catalogue.expect("valid"),
        one.catalogue.expect("valid"),
    );
    assert_eq!(split, one, "the IR does not know the catalogue was split");
    let settings = Settings::default();
    let (a, b) = (generate(&split, &settings), generate(&one, &settings));
    assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
    for (path, bytes) in &a {
        assert!(bytes == &b[path], "{} differs", path.display());
    }
    assert!(a.len() > 10, "every target: {} files", a.len());
}

#[test]
fn one_file_keeps_its_plain_offsets_and_one_source() {
    let loaded = load(&fixture("acme"), "errors.yaml");
    assert_eq!(loaded.sources.files().len(), 1);
    let text = std::fs::read_to_string(fixture("acme")).expect("readable");
    assert_eq!(loaded.sources.files()[0].text, text);
}

/// Writes `files` (path, text) under a temporary folder and loads its `errors.yaml`.
fn scratch(files: &[(&str, &str)]) -> (tempfile::TempDir, Loaded) {
    let dir = tempfile::tempdir().expect("temp dir");
    for (path, text) in files {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, text).expect("write");
    }
    let loaded = load(&dir.path().join("errors.yaml"), "cat/errors.yaml");
    (dir, loaded)
}

const ROOT: &str = "errdex: 1
registry: { name: acme }
docs: { links: external }
categories:
  invalid: { summary: Bad input, retryable: false, exit_code: 1, http_status: 400, jsonrpc_code: -32602, expected: true }
errors:
  FIRST:
    code: A-001
    category: invalid
    summary: First
    message: first
parts: [a.yaml, b.yaml]
";

#[test]
fn a_duplicate_across_files_names_both_files_with_line_and_column() {
    let b = "errors:\n  OTHER:\n    code: A-001\n    category: invalid\n    summary: Other\n    message: other\n  FIRST:\n    code: A-002\n    category: invalid\n    summary: First again\n    message: again\n";
    let (_dir, loaded) = scratch(&[
        ("errors.yaml", ROOT),
        ("a.yaml", "errors: {}\n"),
        ("b.yaml", b),
    ]);
    let codes: Vec<DiagCode> = loaded.diagnostics.iter().map(|d| d.code).collect();
    assert!(codes.contains(&DiagCode::DuplicateCode), "{codes:?}");
    assert!(
        codes.contains(&DiagCode::DuplicateKey) || codes.contains(&DiagCode::DuplicateName),
        "{codes:?}"
    );
    assert!(loaded.catalogue.is_none());
    let short = diag::report_sources(&loaded.diagnostics, &loaded.sources, Style::Short);
    assert!(short.contains("cat/b.yaml:3:11: error[EDX0202]"), "{short}");
    let human = diag::report_sources(
        &loaded.diagnostics,
        &loaded.sources,
        Style::Human { color: false },
    );
    // The error in b.yaml, its "first defined here" in the root, each with its own line.
    assert!(human.contains("--> cat/b.yaml:3:11"), "{human}");
    assert!(human.contains("::: cat/errors.yaml:8:11"), "{human}");
    let json = diag::to_json_array_sources(&loaded.diagnostics, &loaded.sources);
    assert!(
        json.as_array()
            .expect("array")
            .iter()
            .any(|d| d["file"] == "cat/b.yaml" && d["line"] == 3)
    );
}

#[test]
fn ranges_owners_and_overlaps_are_checked_across_parts() {
    let a = "part: { owner: '@t/a', range: A-100..A-199 }\nnamespaces:\n  NS: { title: N, summary: n }\nerrors:\n  OUT:\n    code: A-200\n    namespace: NS\n    category: invalid\n    summary: Out\n    message: out\n";
    let b = "part: { owner: '@t/b', prefix: A-1 }\nerrors:\n  IN_B:\n    code: A-150\n    namespace: NS\n    category: invalid\n    summary: In\n    message: in\n";
    let (_dir, loaded) = scratch(&[("errors.yaml", ROOT), ("a.yaml", a), ("b.yaml", b)]);
    let codes: Vec<DiagCode> = loaded.diagnostics.iter().map(|d| d.code).collect();
    for code in [
        DiagCode::CodeOutsideRange,
        DiagCode::RangesOverlap,
        DiagCode::ConflictingOwners,
    ] {
        assert!(codes.contains(&code), "{code:?} missing from {codes:?}");
    }
}

#[test]
fn ranges_read_and_overlap() {
    let r = Allowed::parse_range("ACM-FRM-100..ACM-FRM-199").expect("a range");
    assert!(r.allows("ACM-FRM-100") && r.allows("ACM-FRM-199"));
    assert!(!r.allows("ACM-FRM-200") && !r.allows("ACM-FRM-1000") && !r.allows("ACM-BIL-150"));
    assert_eq!(r.describe(), "the range `ACM-FRM-100..ACM-FRM-199`");
    // Each refusal says what is wrong with it (EDX0106's "expected").
    let refused = |text: &str| Allowed::parse_range(text).expect_err(text);
    assert!(refused("A-10..B-20").starts_with("one prefix at both ends (`A-` and `B-` differ)"));
    assert_eq!(refused("A-20..A-10"), "the low end first (`A-10..A-20`)");
    assert!(
        refused("A-1..A-20").starts_with("as many digits at both ends (`A-1` has 1, `A-20` has 2;")
    );
    assert!(refused("5..773").contains("give the part a `prefix`, or neither"));
    assert!(refused("A-1").starts_with("low..high,"));
    assert!(refused("A-x..A-y").starts_with("each end ending in digits"));
    assert!(r.overlaps(&Allowed::Prefix("ACM-FRM-1".into())));
    assert!(r.overlaps(&Allowed::Prefix("ACM-".into())));
    assert!(!r.overlaps(&Allowed::Prefix("ACM-FRM-2".into())));
    assert!(r.overlaps(&Allowed::parse_range("ACM-FRM-199..ACM-FRM-250").expect("range")));
    assert!(!r.overlaps(&Allowed::parse_range("ACM-FRM-200..ACM-FRM-250").expect("range")));
}

/// Copies the folder `from` into `to`, recursively.
fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("readable").flatten() {
        let path = entry.path();
        if path.is_dir() {
            copy(&path, &to.join(entry.file_name()));
        } else {
            std::fs::copy(&path, to.join(entry.file_name())).expect("copy");
        }
    }
}

/// The `split` fixture copied into a temporary folder, its parts listed as `parts` (YAML
/// lines) instead of one by one; the copy's root catalogue.
fn split_with_parts(parts: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    copy(fixture("split").parent().expect("folder"), dir.path());
    let root = dir.path().join("errors.yaml");
    let text = std::fs::read_to_string(&root).expect("readable");
    let listed = "parts:\n  - teams/*.yaml\n  - teams/frames\n";
    assert!(text.contains(listed));
    std::fs::write(&root, text.replace(listed, parts)).expect("write");
    (dir, root)
}

/// Each code of a valid catalogue with its NAME and explanation, sorted.
fn codes(l: &Loaded) -> Vec<String> {
    let mut c: Vec<String> = l
        .catalogue
        .as_ref()
        .expect("valid")
        .errors
        .iter()
        .map(|e| format!("{} {} {:?}", e.code, e.name, e.explanation))
        .collect();
    c.sort();
    c
}

/// A recursive glob that reaches into a folder part (`teams/**/*.yaml`, where
/// `teams/frames/` holds `_part.yaml` and one `<CODE>.yaml` per code) reads that folder as
/// the folder part it is, not each of its files as a part file (which gave an error per
/// file): the same registry as the parts listed one by one.
#[test]
fn a_recursive_glob_takes_a_folder_part_whole() {
    let (_dir, root) = split_with_parts("parts:\n  - teams/**/*.yaml\n");
    let globbed = load(&root, "errors.yaml");
    assert!(globbed.diagnostics.is_empty(), "{:#?}", globbed.diagnostics);
    assert_eq!(
        codes(&globbed),
        codes(&load(&fixture("split"), "errors.yaml"))
    );
}

/// A glob matches folders too: `teams/*` lists the part files and the folder of one file
/// per code (its own files are the folder's, not parts of their own), and a README beside
/// the codes is no code.
#[test]
fn a_glob_matches_folder_parts_too() {
    let (dir, root) = split_with_parts("parts:\n  - teams/*\n");
    std::fs::write(
        dir.path().join("teams/frames/README.md"),
        "# The forms team\n",
    )
    .expect("write");
    let globbed = load(&root, "errors.yaml");
    assert!(globbed.diagnostics.is_empty(), "{:#?}", globbed.diagnostics);
    assert_eq!(
        codes(&globbed),
        codes(&load(&fixture("split"), "errors.yaml"))
    );
    assert!(
        globbed
            .sources
            .files()
            .iter()
            .any(|f| f.name.ends_with("teams/frames/ACM-FRM-101.md")),
        "the folder's explanation is read as the folder's"
    );
}

/// A part with one code, `SECOND`.
const SECOND: &str =
    "errors:\n  SECOND: { code: A-002, category: invalid, summary: Second, message: second }\n";

/// The codes of `loaded`'s errors, in order.
fn errors(loaded: &Loaded) -> Vec<&'static str> {
    loaded
        .diagnostics
        .iter()
        .filter(|d| d.severity() == errdex_codegen::diag::Severity::Error)
        .map(|d| d.code.as_str())
        .collect()
}

/// A part is known by the file it is: `./a.yaml`, `x/../b.yaml` are `a.yaml` and `b.yaml`
/// (no longer "outside" for their `..`), and a file reached again through a symbolic link
/// to its folder is EDX0802, not every one of its keys a duplicate.
#[test]
fn a_part_is_the_file_it_is_whatever_the_path() {
    let a = SECOND;
    let b =
        "errors:\n  THIRD: { code: A-003, category: invalid, summary: Third, message: third }\n";
    let (_dir, loaded) = scratch(&[
        (
            "errors.yaml",
            &ROOT.replace(
                "parts: [a.yaml, b.yaml]",
                "parts: [./a.yaml, sub/../b.yaml]",
            ),
        ),
        ("a.yaml", a),
        ("b.yaml", b),
    ]);
    assert!(errors(&loaded).is_empty(), "{:#?}", loaded.diagnostics);
    assert_eq!(loaded.catalogue.expect("valid").errors.len(), 3);
    let (_dir, loaded) = scratch(&[
        (
            "errors.yaml",
            &ROOT.replace("parts: [a.yaml, b.yaml]", "parts: [a.yaml, x/../../b.yaml]"),
        ),
        ("a.yaml", a),
    ]);
    assert_eq!(errors(&loaded), ["EDX0804"], "{:#?}", loaded.diagnostics);

    #[cfg(unix)]
    {
        let dir = tempfile::tempdir().expect("temp dir");
        let root = dir.path();
        std::fs::create_dir(root.join("teams")).expect("mkdir");
        std::fs::write(root.join("teams/a.yaml"), a).expect("write");
        std::os::unix::fs::symlink("teams", root.join("linked")).expect("symlink");
        std::fs::write(
            root.join("errors.yaml"),
            ROOT.replace(
                "parts: [a.yaml, b.yaml]",
                "parts: [teams/a.yaml, linked/a.yaml]",
            ),
        )
        .expect("write");
        let loaded = load(&root.join("errors.yaml"), "errors.yaml");
        assert_eq!(errors(&loaded), ["EDX0802"], "{:#?}", loaded.diagnostics);
        // The link is named with the file it leads to.
        let d = &loaded.diagnostics[0];
        assert_eq!(
            d.help.as_deref(),
            Some(
                "`linked/a.yaml` and `teams/a.yaml` are the same file (a symbolic link): remove the link, or list or match only one of them"
            )
        );
        assert!(
            d.notes
                .iter()
                .any(|(_, n)| n == "first listed here (`teams/a.yaml`)"),
            "{d:#?}"
        );
    }
}

/// A glob reaches through a symbolic link to a folder as through the folder: a linked
/// folder outside the root's is EDX0804 for each part it would give, and one inside is the
/// same files again (EDX0802), instead of the glob passing the link by and its codes going
/// missing with lint saying nothing. A link back up is walked once.
#[cfg(unix)]
#[test]
fn a_glob_through_a_linked_folder_is_not_silent() {
    let a = SECOND;
    let y = "errors:\n  OUT_Y: { code: A-009, category: invalid, summary: Y, message: y }\n";
    let outside = tempfile::tempdir().expect("temp dir");
    std::fs::write(outside.path().join("y.yaml"), y).expect("write");
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path();
    std::fs::create_dir_all(root.join("teams/core")).expect("mkdir");
    std::fs::write(root.join("teams/core/a.yaml"), a).expect("write");
    // A link back up to `teams`: walked once, no endless listing.
    std::os::unix::fs::symlink("..", root.join("teams/core/up")).expect("symlink");
    std::fs::write(
        root.join("errors.yaml"),
        ROOT.replace("parts: [a.yaml, b.yaml]", "parts: [\"teams/**/*.yaml\"]"),
    )
    .expect("write");
    let loaded = load(&root.join("errors.yaml"), "errors.yaml");
    assert!(errors(&loaded).is_empty(), "{:#?}", loaded.diagnostics);
    assert_eq!(loaded.catalogue.expect("valid").errors.len(), 2);

    std::os::unix::fs::symlink(outside.path(), root.join("teams/linked")).expect("symlink");
    let loaded = load(&root.join("errors.yaml"), "errors.yaml");
    assert_eq!(errors(&loaded), ["EDX0804"], "{:#?}", loaded.diagnostics);
    let d = &loaded.diagnostics[0];
    assert!(
        d.message.contains("teams/linked/y.yaml") && d.message.contains("symbolic link"),
        "{d:#?}"
    );
    assert!(loaded.catalogue.is_none());

    std::fs::remove_file(root.join("teams/linked")).expect("unlink");
    std::os::unix::fs::symlink("core", root.join("teams/again")).expect("symlink");
    let loaded = load(&root.join("errors.yaml"), "errors.yaml");
    assert_eq!(errors(&loaded), ["EDX0802"], "{:#?}", loaded.diagnostics);
}

/// A folder of one file per code lists its codes in their order as numbers: SQLite's `5`,
/// `11`, `261`, `1034`, not `1034`, `11`, `261`, `5` as the names sort as text. The order is
/// the catalogue's, so that of the docs pages and every output.
#[test]
fn a_folder_lists_numeric_codes_as_numbers() {
    let root = "errdex: 1
registry: { name: sqlite, docs_url: 'https://sqlite.org/rescode.html#{code}' }
docs: { links: external }
categories:
  invalid: { summary: Bad input, retryable: false, exit_code: 1, http_status: 400, jsonrpc_code: -32602, expected: true }
parts: [codes]
";
    let entry = |name: &str| {
        format!(
            "name: {name}\nnamespace: BUSY\ncategory: invalid\nsummary: {name}\nmessage: {name}\n"
        )
    };
    let files = [
        ("1034.yaml", entry("BUSY_D")),
        ("261.yaml", entry("BUSY_C")),
        ("11.yaml", entry("BUSY_B")),
        ("5.yaml", entry("BUSY_A")),
    ];
    let mut all: Vec<(String, String)> = vec![
        ("errors.yaml".into(), root.into()),
        (
            "codes/_part.yaml".into(),
            "namespaces:\n  BUSY: { title: Busy, summary: The database is busy }\n".into(),
        ),
    ];
    all.extend(files.iter().map(|(f, t)| (format!("codes/{f}"), t.clone())));
    let all: Vec<(&str, &str)> = all.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    let (_dir, loaded) = scratch(&all);
    assert!(loaded.diagnostics.is_empty(), "{:#?}", loaded.diagnostics);
    let codes: Vec<&str> = loaded
        .catalogue
        .as_ref()
        .expect("valid")
        .errors
        .iter()
        .map(|e| e.code.as_str())
        .collect();
    assert_eq!(codes, ["5", "11", "261", "1034"]);

    // `0261.yaml` beside `261.yaml`: one number written twice, which the folder's order
    // (numbers as numbers) cannot tell apart and a client reading the number takes for
    // one code: EDX0212 at the second file, naming the first.
    let mut again = all.clone();
    let zero = entry("BUSY_E");
    again.push(("codes/0261.yaml", zero.as_str()));
    let (_dir, loaded) = scratch(&again);
    assert_eq!(errors(&loaded), ["EDX0212"], "{:#?}", loaded.diagnostics);
    let d = &loaded.diagnostics[0];
    assert!(
        d.message == "code `0261` differs only in leading zeros from code `261` of `BUSY_C`",
        "{d:#?}"
    );
    assert!(loaded.catalogue.is_none());
}

/// A registry whose parts have no codes yet (a new team's file, a header alone) is valid:
/// the root needs no `errors:` of its own when it lists parts.
#[test]
fn parts_without_codes_yet_need_no_errors_in_the_root() {
    let root = ROOT
        .split("errors:\n")
        .next()
        .expect("the root's head")
        .to_string()
        + "parts: [a.yaml, b.yaml]\n";
    let (_dir, loaded) = scratch(&[
        ("errors.yaml", &root),
        ("a.yaml", "errors: {}\n"),
        ("b.yaml", "part: { owner: '@t/b' }\n"),
    ]);
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    assert_eq!(loaded.catalogue.expect("valid").errors.len(), 0);
}

/// A `<CODE>.md` explanation with Windows line endings (a checkout with `core.autocrlf`)
/// reads as the same text as with `\n`, as the YAML's own text does: `generate --check`
/// passes on either checkout.
#[test]
fn an_explanation_with_crlf_lines_reads_as_with_lf() {
    let root = "errdex: 1
registry: { name: acme, docs_url: 'https://acme.dev/errors#{code}' }
docs: { links: external }
categories:
  invalid: { summary: Bad input, retryable: false, exit_code: 1, http_status: 400, jsonrpc_code: -32602, expected: true }
parts: [codes]
";
    let entry = "name: FIRST\ncategory: invalid\nsummary: First\nmessage: first\n";
    let explanation = |newline: &str| {
        let (_dir, loaded) = scratch(&[
            ("errors.yaml", root),
            ("codes/A-001.yaml", entry),
            (
                "codes/A-001.md",
                &format!("Explained.{newline}{newline}Second line.{newline}"),
            ),
        ]);
        assert!(loaded.diagnostics.is_empty(), "{:#?}", loaded.diagnostics);
        loaded.catalogue.expect("valid").errors[0]
            .explanation
            .clone()
    };
    assert_eq!(
        explanation("\r\n").as_deref(),
        Some("Explained.\n\nSecond line.\n")
    );
    assert_eq!(explanation("\r\n"), explanation("\n"));
}

/// A `<CODE>.yaml` in a subfolder of a folder part is not read: EDX0811 says so, unless the
/// subfolder is listed as a part of its own.
#[test]
fn a_folder_parts_subfolder_is_said_unread_unless_listed() {
    let root = "errdex: 1
registry: { name: acme, docs_url: 'https://acme.dev/errors#{code}' }
docs: { links: external }
categories:
  invalid: { summary: Bad input, retryable: false, exit_code: 1, http_status: 400, jsonrpc_code: -32602, expected: true }
parts: [codes, codes/legacy/]
";
    let entry = |name: &str| format!("name: {name}\ncategory: invalid\nsummary: S\nmessage: m\n");
    let (one, two, three) = (entry("ONE"), entry("TWO"), entry("THREE"));
    let (_dir, loaded) = scratch(&[
        ("errors.yaml", root),
        ("codes/A-001.yaml", &one),
        ("codes/legacy/A-002.yaml", &two),
        ("codes/sub/A-003.yaml", &three),
    ]);
    let unread: Vec<&str> = loaded
        .diagnostics
        .iter()
        .filter(|d| d.code == DiagCode::FolderFileUnread)
        .map(|d| d.args[0].1.as_str())
        .collect();
    assert_eq!(
        unread,
        ["cat/codes/sub/A-003.yaml"],
        "{:#?}",
        loaded.diagnostics
    );
    assert_eq!(loaded.catalogue.expect("valid").errors.len(), 2);
}

/// A glob that matches only the root catalogue says so (the root is never a part of
/// itself), instead of "matches nothing" beside a file it plainly matches.
#[test]
fn a_glob_matching_only_the_root_says_so() {
    let (_dir, loaded) = scratch(&[(
        "errors.yaml",
        &ROOT.replace("parts: [a.yaml, b.yaml]", "parts: [\"*.yaml\"]"),
    )]);
    assert_eq!(errors(&loaded), ["EDX0803"], "{:#?}", loaded.diagnostics);
    let help = loaded.diagnostics[0].help.as_deref().unwrap_or_default();
    assert!(
        help.starts_with("it matches only the root catalogue, `errors.yaml`"),
        "{help}"
    );
}
