//! Golden files: expected outputs committed beside the tests, compared byte for byte and
//! rewritten only on purpose, with `UPDATE_EXPECT=1` (ARCHITECTURE.md).
//!
//! A test collects every comparison in one [`Goldens`] and ends with [`Goldens::check`], which
//! fails with the diff of every file that differs (so one run shows them all). With
//! `UPDATE_EXPECT=1` each differing file is rewritten instead, the rewrite is reported on
//! stderr, and the test passes; files already equal are not touched (their mtimes stay).

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Lines of diff shown per file; the rest is counted.
const DIFF_LINES: usize = 400;

/// `UPDATE_EXPECT` is set to something other than empty or `0`.
pub fn updating() -> bool {
    std::env::var_os("UPDATE_EXPECT").is_some_and(|v| !v.is_empty() && v != "0")
}

/// The comparisons of one test.
#[derive(Debug, Default)]
pub struct Goldens {
    /// A diff per file that differs (only when not updating).
    failures: Vec<String>,
    /// Files rewritten (only when updating).
    rewritten: Vec<PathBuf>,
}

impl Goldens {
    pub fn new() -> Goldens {
        Goldens::default()
    }

    /// `path` must hold exactly `actual` (a missing file holds nothing).
    pub fn file(&mut self, path: &Path, actual: &str) {
        let golden = std::fs::read_to_string(path).ok();
        if golden.as_deref() == Some(actual) {
            return;
        }
        if updating() {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir)
                    .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
            }
            std::fs::write(path, actual)
                .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
            self.rewritten.push(path.to_path_buf());
            return;
        }
        let golden = golden.unwrap_or_default();
        let name = path.display().to_string();
        let diff = similar::TextDiff::from_lines(&golden, actual)
            .unified_diff()
            .header(&format!("{name} (golden)"), &format!("{name} (now)"))
            .to_string();
        self.failures.push(truncate(&diff));
    }

    /// `dir` must hold exactly `files` (path relative to `dir` → text): the same set of
    /// files, each with the same bytes. Updating removes the files that are not in the set.
    pub fn dir(&mut self, dir: &Path, files: &[(String, String)]) {
        let mut have = Vec::new();
        collect_files(dir, dir, &mut have);
        have.sort();
        let mut want: Vec<&str> = files.iter().map(|(rel, _)| rel.as_str()).collect();
        want.sort_unstable();
        let extra: Vec<&String> = have
            .iter()
            .filter(|f| !want.contains(&f.as_str()))
            .collect();
        if !extra.is_empty() {
            if updating() {
                for rel in extra {
                    let path = dir.join(rel);
                    std::fs::remove_file(&path)
                        .unwrap_or_else(|e| panic!("cannot remove {}: {e}", path.display()));
                    self.rewritten.push(path);
                }
            } else {
                self.failures.push(format!(
                    "{}: files the output no longer has: {extra:?}",
                    dir.display()
                ));
            }
        }
        for (rel, text) in files {
            self.file(&dir.join(rel), text);
        }
    }

    /// Fails with every diff, `hint` first (what changed the outputs and what to check); under
    /// `UPDATE_EXPECT=1` reports the files rewritten.
    pub fn check(self, hint: &str) {
        if !self.rewritten.is_empty() {
            let mut err = std::io::stderr().lock();
            for p in &self.rewritten {
                let _ = writeln!(err, "UPDATE_EXPECT: rewrote {}", p.display());
            }
        }
        assert!(
            self.failures.is_empty(),
            "{} golden file(s) differ from the output{}{hint}\n\
             (rerun with UPDATE_EXPECT=1 to rewrite them, then review the diff before committing)\n\n{}",
            self.failures.len(),
            if hint.is_empty() { "" } else { ": " },
            self.failures.join("\n")
        );
    }
}

/// One golden file: [`Goldens::file`] then [`Goldens::check`].
pub fn check_file(path: &Path, actual: &str, hint: &str) {
    let mut g = Goldens::new();
    g.file(path, actual);
    g.check(hint);
}

/// One golden directory: [`Goldens::dir`] then [`Goldens::check`].
pub fn check_dir(dir: &Path, files: &[(String, String)], hint: &str) {
    let mut g = Goldens::new();
    g.dir(dir, files);
    g.check(hint);
}

fn truncate(diff: &str) -> String {
    let lines: Vec<&str> = diff.lines().collect();
    if lines.len() <= DIFF_LINES {
        return diff.to_string();
    }
    format!(
        "{}\n... {} more lines of diff\n",
        lines[..DIFF_LINES].join("\n"),
        lines.len() - DIFF_LINES
    )
}

/// Every file under `dir`, as a `/`-separated path relative to `base`.
fn collect_files(base: &Path, dir: &Path, out: &mut Vec<String>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect_files(base, &p, out);
        } else if let Ok(rel) = p.strip_prefix(base) {
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}
