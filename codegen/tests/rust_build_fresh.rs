//! Incremental builds of a crate that generates its errors in `build.rs` (issue 7):
//! a second `cargo build` with an unchanged catalogue does not rerun the build script, and a
//! comment-only change of the catalogue reruns it (cargo cannot know it is a comment) but the
//! generated file is not rewritten. Cargo still recompiles a crate whose build script ran
//! (it marks every dependent of a stale build-script run stale up front), so with `build.rs`
//! a comment edit costs one recompile of the errors crate; with committed output
//! (`errdex generate`, or the Builder writing into `src/`) nothing is recompiled at all,
//! which the second test checks.
#![allow(clippy::unwrap_used)]

mod rust_support;

use std::path::PathBuf;
use std::time::SystemTime;

use rust_support::harness::{Source, TestCrate, crates_dir, workspace_root};

const NAME: &str = "errdex-rt-fresh";

/// `cargo build -v --lib`; returns cargo's stderr (where `Fresh`/`Compiling`/`Running` go).
fn build_v(krate: &TestCrate) -> String {
    let out = krate.cargo(&["build", "-v", "--lib"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "cargo build failed:\n{stderr}");
    stderr
}

/// The generated file in the crate's `OUT_DIR` (the newest, should there be several).
fn generated_file() -> (PathBuf, SystemTime) {
    let build = crates_dir().join("target/debug/build");
    std::fs::read_dir(&build)
        .unwrap()
        .filter_map(|e| {
            let e = e.ok()?;
            let name = e.file_name().to_string_lossy().into_owned();
            let f = e.path().join("out/errors.rs");
            (name.starts_with(&format!("{NAME}-")) && f.exists())
                .then(|| (f.clone(), f.metadata().unwrap().modified().unwrap()))
        })
        .max_by_key(|(_, t)| *t)
        .expect("the build script wrote out/errors.rs")
}

fn ran_build_script(log: &str) -> bool {
    log.lines()
        .any(|l| l.trim_start().starts_with("Running") && l.contains("build-script-build"))
}

fn compiled_lib(log: &str) -> bool {
    log.lines().any(|l| {
        l.trim_start().starts_with("Running")
            && l.contains(&format!("--crate-name {}", NAME.replace('-', "_")))
    })
}

#[test]
fn unchanged_or_comment_only_catalogue_rebuilds_nothing() {
    let path = workspace_root().join("tests/fixtures/acme/errors.yaml");
    let krate = TestCrate::new(NAME, Source::BuildRs { catalogue: &path }, "fn main() {}\n");
    // First build: whatever state the crate was left in.
    build_v(&krate);
    let (file, mtime) = generated_file();
    let text = std::fs::read_to_string(&file).unwrap();

    // 1. Nothing changed: the build script does not run, the library is fresh.
    let log = build_v(&krate);
    assert!(
        !ran_build_script(&log),
        "the build script reran on an unchanged catalogue:\n{log}"
    );
    assert!(
        !compiled_lib(&log),
        "the crate was recompiled on an unchanged catalogue:\n{log}"
    );
    assert!(
        log.contains(&format!("Fresh {NAME}")),
        "no `Fresh {NAME}`:\n{log}"
    );

    // 2. A comment appended to the catalogue: cargo reruns the build script (the file
    //    changed), which generates the same bytes and leaves the file alone; the library is
    //    not recompiled. The comment is removed again afterwards.
    let yaml = krate.dir.join("errors.yaml");
    let original = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(
        &yaml,
        format!("{original}# a comment that changes nothing\n"),
    )
    .unwrap();
    let log = build_v(&krate);
    std::fs::write(&yaml, &original).unwrap();
    assert!(
        ran_build_script(&log),
        "cargo did not rerun the build script after the catalogue changed:\n{log}"
    );
    let (file2, mtime2) = generated_file();
    assert_eq!(file2, file);
    assert_eq!(
        mtime2, mtime,
        "the generated file was rewritten with identical bytes"
    );
    assert_eq!(std::fs::read_to_string(&file2).unwrap(), text);
    eprintln!(
        "comment-only change with build.rs: crate recompiled by cargo: {}",
        compiled_lib(&log)
    );
}

/// Committed output (what `errdex generate` does): the Builder writes into `src/` only when
/// the bytes change, so a comment-only catalogue edit leaves the crate `Fresh`.
#[test]
fn committed_output_comment_only_change_keeps_crate_fresh() {
    let name = "errdex-rt-fresh-committed";
    let yaml = crates_dir().join(name).join("errors.yaml");
    let original =
        std::fs::read_to_string(workspace_root().join("tests/fixtures/acme/errors.yaml")).unwrap();
    std::fs::create_dir_all(yaml.parent().unwrap()).unwrap();
    std::fs::write(&yaml, &original).unwrap();
    let generate = || {
        errdex_codegen::Builder::new(&yaml)
            .cargo_directives(false)
            .out_dir(crates_dir().join(name).join("src"))
            .out_file("generated.rs")
            .generate()
            .unwrap()
    };
    let text = errdex_codegen::Builder::new(&yaml)
        .cargo_directives(false)
        .emit_to_string()
        .unwrap();
    let krate = TestCrate::new(name, Source::Text(&text), "fn main() {}\n");
    let file = generate();
    let mtime = file.metadata().unwrap().modified().unwrap();
    let first = krate.cargo(&["build", "-v", "--lib"]).output().unwrap();
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );

    std::fs::write(
        &yaml,
        format!("{original}# a comment that changes nothing\n"),
    )
    .unwrap();
    let file2 = generate();
    assert_eq!(file2, file);
    assert_eq!(
        file2.metadata().unwrap().modified().unwrap(),
        mtime,
        "identical output was rewritten"
    );
    let out = krate.cargo(&["build", "-v", "--lib"]).output().unwrap();
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{log}");
    assert!(
        log.contains(&format!("Fresh {name}"))
            && !log.contains("--crate-name errdex_rt_fresh_committed"),
        "a comment-only catalogue change recompiled the crate:\n{log}"
    );
}
