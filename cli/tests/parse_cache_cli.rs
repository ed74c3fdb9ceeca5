//! The parse cache of a catalogue in many files (`errdex generate --cache-dir`): a warm run
//! writes the bytes a run without the cache writes, after an edit to any part; a corrupted
//! cache is ignored; a mistake in an edited part is still reported in that part's file.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
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

/// Every file under `dir`, by relative path.
fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(base: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(base, &path, out);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                out.insert(path.strip_prefix(base).unwrap().to_path_buf(), bytes);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// `errdex generate` of `catalogue` into `out` (every target and the Rust module), with
/// the cache in `cache`, or none.
fn generate(catalogue: &Path, out: &Path, cache: Option<&Path>) -> (bool, String) {
    let _ = std::fs::remove_dir_all(out);
    std::fs::create_dir_all(out).unwrap();
    let mut cmd = errdex();
    cmd.arg("generate")
        .arg("--catalogue")
        .arg(catalogue)
        .arg("--root")
        .arg(out)
        .args(["--rust-file", "errors.rs"]);
    match cache {
        Some(dir) => cmd.arg("--cache-dir").arg(dir),
        None => cmd.arg("--no-cache"),
    };
    let Output { status, stderr, .. } = cmd.output().unwrap();
    (
        status.success(),
        String::from_utf8_lossy(&stderr).into_owned(),
    )
}

fn trees(cache: &Path) -> usize {
    std::fs::read_dir(cache)
        .map(|d| {
            d.flatten()
                .filter(|e| e.file_name().to_string_lossy().ends_with(".tree"))
                .count()
        })
        .unwrap_or(0)
}

/// The YAML files of the split registry's parts (the root is not one).
const PARTS: [&str; 5] = [
    "teams/billing.yaml",
    "teams/search.yaml",
    "teams/frames/_part.yaml",
    "teams/frames/ACM-FRM-101.yaml",
    "teams/frames/ACM-FRM-102.yaml",
];

/// One part's text with a summary or title changed (still valid).
fn edited(text: &str, mark: &str) -> String {
    for key in ["summary: ", "title: "] {
        if let Some(at) = text.find(key) {
            let at = at + key.len();
            return format!("{}{mark} {}", &text[..at], &text[at..]);
        }
    }
    panic!("nothing to edit in {text}")
}

#[test]
fn after_an_edit_to_any_part_a_warm_run_writes_what_a_run_without_cache_writes() {
    let dir = tempfile::tempdir().unwrap();
    let reg = dir.path().join("reg");
    copy(&split(), &reg);
    let catalogue = reg.join("errors.yaml");
    let cache = dir.path().join("cache");
    let (ok, err) = generate(&catalogue, &dir.path().join("cold"), Some(&cache));
    assert!(ok, "{err}");
    assert_eq!(trees(&cache), PARTS.len(), "one tree per part file");
    let cold = files(&dir.path().join("cold"));
    let (ok, err) = generate(&catalogue, &dir.path().join("plain"), None);
    assert!(ok, "{err}");
    assert_eq!(cold, files(&dir.path().join("plain")), "cold run");
    for (i, part) in PARTS.iter().enumerate() {
        let path = reg.join(part);
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, edited(&text, &format!("Edited{i}"))).unwrap();
        let (ok, err) = generate(&catalogue, &dir.path().join("warm"), Some(&cache));
        assert!(ok, "{part}: {err}");
        let (ok, err) = generate(&catalogue, &dir.path().join("plain"), None);
        assert!(ok, "{part}: {err}");
        let warm = files(&dir.path().join("warm"));
        assert_eq!(
            warm,
            files(&dir.path().join("plain")),
            "after an edit to {part}"
        );
        assert_ne!(warm, cold, "the edit to {part} reaches the outputs");
        assert_eq!(
            trees(&cache),
            PARTS.len(),
            "the old tree of {part} is pruned"
        );
    }
}

#[test]
fn a_corrupted_cache_is_ignored_and_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let reg = dir.path().join("reg");
    copy(&split(), &reg);
    let catalogue = reg.join("errors.yaml");
    let cache = dir.path().join("cache");
    let (ok, err) = generate(&catalogue, &dir.path().join("plain"), None);
    assert!(ok, "{err}");
    let plain = files(&dir.path().join("plain"));
    let (ok, err) = generate(&catalogue, &dir.path().join("cold"), Some(&cache));
    assert!(ok, "{err}");
    let good: BTreeMap<PathBuf, Vec<u8>> = files(&cache);
    assert_eq!(good.len(), PARTS.len());
    // Each file damaged a different way: a flipped byte at the end (the payload) and in
    // the middle, truncated, emptied, another file's contents (a foreign key).
    let others: Vec<&Vec<u8>> = good.values().collect();
    for (i, (name, bytes)) in good.iter().enumerate() {
        let mut bad = bytes.clone();
        match i {
            0 => *bad.last_mut().unwrap() ^= 0xff,
            1 => {
                let mid = bad.len() / 2;
                bad[mid] ^= 0x01;
            }
            2 => bad.truncate(bad.len() / 3),
            3 => bad.clear(),
            _ => bad.clone_from(others[0]),
        }
        std::fs::write(cache.join(name), bad).unwrap();
    }
    let (ok, err) = generate(&catalogue, &dir.path().join("warm"), Some(&cache));
    assert!(ok, "{err}");
    assert_eq!(files(&dir.path().join("warm")), plain);
    assert_eq!(files(&cache), good, "every damaged file is written again");
}

#[test]
fn a_mistake_in_an_edited_part_is_reported_in_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let reg = dir.path().join("reg");
    copy(&split(), &reg);
    let catalogue = reg.join("errors.yaml");
    let cache = dir.path().join("cache");
    let (ok, err) = generate(&catalogue, &dir.path().join("out"), Some(&cache));
    assert!(ok, "{err}");
    let written = files(&dir.path().join("out"));
    let search = reg.join("teams/search.yaml");
    let text = std::fs::read_to_string(&search).unwrap();
    // A code another (cached) part declares: both places named.
    std::fs::write(
        &search,
        text.replace("code: ACM-SRC-001", "code: ACM-BIL-001"),
    )
    .unwrap();
    let out = dir.path().join("out");
    let mut cmd = errdex();
    cmd.arg("generate")
        .arg("--catalogue")
        .arg(&catalogue)
        .arg("--root")
        .arg(&out)
        .args(["--rust-file", "errors.rs", "--cache-dir"])
        .arg(&cache);
    let Output { status, stderr, .. } = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&stderr);
    assert!(!status.success(), "{stderr}");
    let line = text
        .lines()
        .position(|l| l.contains("code: ACM-SRC-001"))
        .unwrap()
        + 1;
    assert!(
        stderr.contains(&format!("teams/search.yaml:{line}:")),
        "located in the edited part:\n{stderr}"
    );
    assert!(
        stderr.contains("teams/billing.yaml:"),
        "and the cached one:\n{stderr}"
    );
    assert_eq!(files(&out), written, "nothing written");
    // A YAML error in the edited part: located there too, and never cached.
    std::fs::write(&search, text.replace("errors:\n", "errors:\n  [oops\n")).unwrap();
    let Output { status, stderr, .. } = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&stderr);
    assert!(!status.success(), "{stderr}");
    assert!(stderr.contains("teams/search.yaml:"), "{stderr}");
    assert_eq!(files(&out), written, "nothing written");
}
