//! Located trees compared across the loader's ways of building them (the chunked parse,
//! the events' fast path, serde-saphyr), and the texts they are compared on.

use std::fmt::Debug;
use std::path::{Path, PathBuf};

/// Every YAML file under `dir` (and every input of a `load_generate` fuzz corpus or seed
/// folder, which have no extension), skipping build output.
pub fn yaml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            let name = p
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            if !matches!(name.as_str(), "target" | "node_modules" | "book" | ".git") {
                yaml_files(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "yaml" || x == "yml")
            || p.parent().is_some_and(|d| d.ends_with("load_generate"))
        {
            out.push(p);
        }
    }
}

/// Panics with the first lines where `a` and `b` differ, compared as debug text (not `==`:
/// a `.nan` scalar is never equal to itself), spans included.
pub fn assert_same_tree(a: &impl Debug, b: &impl Debug, what: &str, a_is: &str, b_is: &str) {
    let (a, b) = (format!("{a:#?}"), format!("{b:#?}"));
    if a != b {
        let line = a.lines().zip(b.lines()).position(|(x, y)| x != y);
        let show = |t: &str| {
            let from = line.unwrap_or(0).saturating_sub(12);
            t.lines().skip(from).take(16).collect::<Vec<_>>().join("\n")
        };
        panic!(
            "{what}: {a_is} differs from {b_is}\n--- {a_is}:\n{}\n--- {b_is}:\n{}",
            show(&a),
            show(&b)
        );
    }
}

/// The YAML texts of the repository the loader's tree builders are compared on: `tests/`
/// (the bad-input corpus included), `examples/`, the fuzz seeds, `errors.yaml`, the folders
/// `also` names (from the repository's root), and every 16th input of a local fuzz corpus
/// (`fuzz/corpus/`, what `cargo fuzz` wrote: tens of MB of mutations of the seeds, not
/// committed; a sample keeps the tests quick in debug builds). Sorted.
pub fn repository_texts(also: &[&str]) -> Vec<PathBuf> {
    let root = super::repo_root();
    let mut files = Vec::new();
    for dir in ["tests", "examples", "fuzz/seeds"].iter().chain(also) {
        yaml_files(&root.join(dir), &mut files);
    }
    files.push(root.join("errors.yaml"));
    let mut corpus = Vec::new();
    yaml_files(&root.join("fuzz/corpus"), &mut corpus);
    corpus.sort();
    files.extend(corpus.into_iter().step_by(16));
    files.sort();
    assert!(files.len() > 100, "found only {} texts", files.len());
    files
}
