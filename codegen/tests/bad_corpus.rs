//! The bad-input corpus: every file under `tests/bad/` must be refused (or warned about)
//! with exactly the diagnostics of its golden `.stderr` file, without a panic.
//! `UPDATE_EXPECT=1 cargo test -p errdex-codegen --test bad_corpus` rewrites the goldens.

mod testkit;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use errdex_codegen::catalogue::{
    Disk, Limits, load_bytes, load_path, load_str_with, load_with_parts,
};
use errdex_codegen::diag::{self, DiagCode};
use errdex_codegen::{Severity, load_str};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/bad")
}

fn cases() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/bad exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    v.sort();
    v
}

fn render(path: &Path) -> (String, Vec<diag::Diagnostic>) {
    let bytes = std::fs::read(path).expect("readable");
    let name = format!(
        "tests/bad/{}",
        path.file_name().expect("file name").to_string_lossy()
    );
    let loaded = load_bytes(&bytes, &name);
    let src = String::from_utf8_lossy(&bytes);
    let text = format!(
        "{}\n{}",
        diag::render_short(&loaded.diagnostics, &name),
        diag::render_human(&loaded.diagnostics, &name, &src, false)
    );
    (text, loaded.diagnostics)
}

/// The cases of a catalogue in many files: each a folder of `tests/bad/parts/` whose
/// `errors.yaml` lists its parts, its golden `tests/bad/parts/<case>.stderr`.
fn part_cases() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(corpus_dir().join("parts"))
        .expect("tests/bad/parts exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    v.sort();
    v
}

fn render_parts(dir: &Path) -> (String, Vec<diag::Diagnostic>) {
    let root = dir.join("errors.yaml");
    let bytes = std::fs::read(&root).expect("readable");
    let name = format!(
        "tests/bad/parts/{}/errors.yaml",
        dir.file_name().expect("folder name").to_string_lossy()
    );
    let loaded = load_with_parts(&bytes, &name, &Disk::beside(&root));
    let text = format!(
        "{}\n{}",
        diag::report_sources(&loaded.diagnostics, &loaded.sources, diag::Style::Short),
        diag::report_sources(
            &loaded.diagnostics,
            &loaded.sources,
            diag::Style::Human { color: false }
        )
    );
    (text, loaded.diagnostics)
}

#[test]
fn every_case_in_many_files_matches_its_golden() {
    let mut goldens = testkit::golden::Goldens::new();
    let cases = part_cases();
    assert!(cases.len() >= 8, "the corpus has {} cases", cases.len());
    for dir in cases {
        let (text, diags) = render_parts(&dir);
        assert!(
            diags.iter().any(|d| d.severity() == Severity::Error),
            "{}: no error",
            dir.display()
        );
        goldens.file(&dir.with_extension("stderr"), &text);
    }
    goldens.check("the diagnostics of tests/bad/parts/ changed");
}

#[test]
fn every_case_matches_its_golden() {
    let mut goldens = testkit::golden::Goldens::new();
    let cases = cases();
    assert!(cases.len() >= 40, "the corpus has {} cases", cases.len());
    for path in cases {
        let (text, diags) = render(&path);
        assert!(
            !diags.is_empty(),
            "{}: no diagnostic at all",
            path.display()
        );
        goldens.file(&path.with_extension("stderr"), &text);
    }
    goldens.check("the diagnostics of tests/bad/ changed");
}

/// A load that leaves the rules across entries that only report to its caller
/// (`errdex generate`'s, which runs them beside the emitters), once settled with what they
/// found, is the plain load: the same diagnostics in the same order, and the same IR, or
/// none. Every case of the corpus, in one file or many: a case whose only errors are those
/// rules' (a duplicate code, NAME or identifier, a reused retired code …) is deferred and
/// refused when settled; the others are refused before.
#[cfg(feature = "cache")]
#[test]
fn a_deferred_load_settles_into_the_plain_load() {
    use errdex_codegen::catalogue::{FileSystem, load_registry, load_registry_deferred};
    let roots = cases()
        .into_iter()
        .chain(part_cases().into_iter().map(|dir| dir.join("errors.yaml")));
    let mut refused_when_settled = Vec::new();
    for path in roots {
        let bytes = std::fs::read(&path).expect("readable");
        let name = path.display().to_string();
        let files = Disk::beside(&path);
        let plain = load_registry(&bytes, &name, &path, &files, &FileSystem);
        let mut deferred = load_registry_deferred(&bytes, &name, &path, &files, &FileSystem, None);
        if let Some(rules) = deferred.deferred.as_ref() {
            assert!(
                !deferred.has_errors(),
                "{name}: deferred with an error already found"
            );
            let catalogue = deferred
                .catalogue
                .as_ref()
                .expect("a deferred load has its IR");
            let found = rules.run(catalogue);
            let refused = found.iter().any(|d| d.severity() == Severity::Error);
            deferred.settle(found);
            assert!(deferred.deferred.is_none());
            if refused {
                refused_when_settled.push(path.file_name().map(|n| n.to_owned()));
            }
        }
        assert_eq!(deferred.diagnostics, plain.diagnostics, "{name}");
        assert_eq!(deferred.catalogue, plain.catalogue, "{name}");
    }
    // The cases whose errors are only those rules' reach the deferred path.
    for case in [
        "duplicate-code.yaml",
        "duplicate-name-alias.yaml",
        "legacy-code-collision.yaml",
        "retired-code-reused.yaml",
    ] {
        assert!(
            refused_when_settled.contains(&Some(case.into())),
            "{case} was not refused by the deferred rules: {refused_when_settled:?}"
        );
    }
}

#[test]
fn every_diagnostic_code_has_a_golden() {
    let mut seen = BTreeSet::new();
    for path in cases() {
        let (_, diags) = render(&path);
        seen.extend(diags.iter().map(|d| d.code));
    }
    for dir in part_cases() {
        let (_, diags) = render_parts(&dir);
        seen.extend(diags.iter().map(|d| d.code));
    }
    // Checked by the dedicated tests below instead of a committed file.
    let elsewhere = [DiagCode::CatalogueTooLarge, DiagCode::TooManyCodes];
    // The USAGE namespace (EDX07xx) is about source trees, not catalogues: `usage` tests.
    let usage = |c: &DiagCode| c.as_str().starts_with("EDX07");
    // The IMPORTS namespace (EDX09xx) needs more than one file: `imports.rs` builds each
    // case in a temporary folder.
    let imports = |c: &DiagCode| c.as_str().starts_with("EDX09");
    let missing: Vec<&str> = DiagCode::ALL
        .iter()
        .filter(|c| !seen.contains(c) && !elsewhere.contains(c) && !usage(c) && !imports(c))
        .map(|c| c.as_str())
        .collect();
    assert!(missing.is_empty(), "no corpus case produces {missing:?}");
}

#[test]
fn ten_unrelated_mistakes_give_ten_located_errors() {
    let path = corpus_dir().join("ten-mistakes.yaml");
    let (_, diags) = render(&path);
    let got: Vec<(&str, usize, usize)> = diags
        .iter()
        .filter(|d| d.severity() == Severity::Error)
        .map(|d| {
            let s = d.span.expect("located");
            (d.code.as_str(), s.line, s.column)
        })
        .collect();
    let want = vec![
        ("EDX0601", 4, 43),  // {namespce}
        ("EDX0102", 9, 5),   // retryble
        ("EDX0501", 10, 16), // exit_code 300
        ("EDX0402", 22, 35), // {nope}
        ("EDX0202", 26, 11), // duplicate code
        ("EDX0302", 27, 16), // namespace FORMS
        ("EDX0301", 28, 15), // category invalidd
        ("EDX0206", 32, 11), // code pattern
        ("EDX0106", 38, 14), // param type integr
        ("EDX0303", 45, 32), // replaced_by FRM_NOPE
    ];
    assert_eq!(got, want);
}

#[test]
fn a_fifty_megabyte_file_is_refused_before_reading() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("errors.yaml");
    let f = std::fs::File::create(&path).expect("create");
    f.set_len(50 * 1024 * 1024).expect("sparse 50 MB");
    let loaded = load_path(&path).expect("metadata readable");
    assert_eq!(loaded.diagnostics.len(), 1);
    assert_eq!(loaded.diagnostics[0].code, DiagCode::CatalogueTooLarge);
    assert!(loaded.catalogue.is_none());
}

#[test]
fn too_many_codes_is_refused_with_its_own_code() {
    let mut src = String::from(
        "errdex: 1\nregistry: { name: a }\ncategories:\n  c: { summary: s }\nerrors:\n",
    );
    for i in 0..5 {
        src.push_str(&format!(
            "  E{i}: {{ category: c, summary: s, message: m }}\n"
        ));
    }
    let limits = Limits {
        max_codes: 4,
        ..Limits::default()
    };
    let loaded = load_str_with(&src, "errors.yaml", &limits);
    assert_eq!(loaded.diagnostics.len(), 1, "{:?}", loaded.diagnostics);
    assert_eq!(loaded.diagnostics[0].code, DiagCode::TooManyCodes);
    assert_eq!(loaded.diagnostics[0].span.map(|s| s.line), Some(6));
    // The same catalogue under the default limit loads.
    assert!(load_str(&src, "errors.yaml").catalogue.is_some());
}
