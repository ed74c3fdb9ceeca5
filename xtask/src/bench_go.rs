//! `cargo xtask bench-go [N|FILE ...] [--runs R]`: issue 29's Go measurement — `go build`
//! and `go vet` of the generated package against a plain `map[string]struct{…}` of the same
//! codes, measured in the same run, alternating.
//!
//! For each scale catalogue of N codes (or catalogue FILE) it writes, under
//! `target/bench-go/<name>/`:
//!
//! - `gen/`: the generated module as `errdex generate` writes it (`go.mod`, `errdex.go`,
//!   `codes.go`);
//! - `gen-noctor/`: the same with `go: {constructors: false}` (no typed constructor per code;
//!   `New(code, values...)` builds them), the large-catalogue setting;
//! - `plain/`: a module whose one file holds `var Codes = map[string]struct{…}` with each
//!   code's category, HTTP status, retryable flag and message template: what a Go team
//!   writes by hand without a generator.
//!
//! The standard library is built once (an untimed build of each module, which also proves
//! both compile and vet clean). Before each timed run a comment with the run's number is
//! appended to the module's last file, so Go's build and vet caches (keyed on the files'
//! contents) miss for that package and only it is compiled or vetted again, as after an
//! edit of the catalogue. Median of R runs (default 5), alternating order; wall clock and
//! CPU time (user + system of `go` and the compiler or vet it runs, from `cutime` and
//! `cstime` of `/proc/self/stat`).

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use errdex_codegen::ir::Catalogue;

use crate::bench_rust::median;
use crate::bench_tsc::children_cpu;
use crate::input::Input;
use crate::workspace::target_dir;
use crate::workspace::write;

pub fn run(args: &[String]) -> Result<(), String> {
    let mut runs = 5usize;
    let mut inputs: Vec<String> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--runs" {
            runs = it
                .next()
                .and_then(|r| r.parse().ok())
                .filter(|&r| r > 0)
                .ok_or("--runs needs a positive number")?;
        } else {
            inputs.push(a.clone());
        }
    }
    if inputs.is_empty() {
        inputs = vec!["1000".into(), "10000".into()];
    }
    let version = Command::new("go")
        .arg("version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .ok_or("`go` is missing: run `bash .ci/steps/22-go.sh` (Debian's golang-go)")?;
    let root = target_dir().join("bench-go");
    println!(
        "{} (median of {runs} runs; same run, alternating; CPU = user + sys of go and its tools)",
        String::from_utf8_lossy(&version.stdout).trim()
    );
    println!();
    println!(
        "| catalogue | codes | Go constructors | codes.go (KiB) | measure | plain build (s) | generated build (s) | ratio | plain vet (s) | generated vet (s) | ratio |"
    );
    println!("|---|---:|---|---:|---|---:|---:|---:|---:|---:|---:|");
    for input in &inputs {
        let input = Input::parse(input)?;
        let cat = input.catalogue()?;
        let name = if input.label.chars().all(|c| c.is_ascii_digit()) {
            format!("scale-{}", input.label)
        } else {
            input.crate_label()
        };
        let dir = root.join(&name);
        let _ = std::fs::remove_dir_all(&dir);
        let gen_dir = dir.join("gen");
        let noctor_dir = dir.join("gen-noctor");
        let plain_dir = dir.join("plain");
        let cache = dir.join("gocache");
        let mut codes_len = [0, 0];
        let mut bare = cat.clone();
        bare.go.constructors = false;
        for (i, (c, d)) in [(&cat, &gen_dir), (&bare, &noctor_dir)]
            .into_iter()
            .enumerate()
        {
            for (rel, text) in errdex_codegen::emit::go::emit(c) {
                if rel == "codes.go" {
                    codes_len[i] = text.len();
                }
                write(&d.join(rel), &text)?;
            }
        }
        write(&plain_dir.join("go.mod"), "module plain\n\ngo 1.19\n")?;
        write(&plain_dir.join("codes.go"), &plain_module(&cat))?;

        // (module, the file a run touches, go subcommand)
        let jobs = [
            (&plain_dir, "codes.go", "build"),
            (&gen_dir, "codes.go", "build"),
            (&noctor_dir, "codes.go", "build"),
            (&plain_dir, "codes.go", "vet"),
            (&gen_dir, "codes.go", "vet"),
            (&noctor_dir, "codes.go", "vet"),
        ];
        // One untimed run each: builds the standard library into the cache and proves every
        // module builds and vets clean.
        for (d, _, cmd) in &jobs {
            go_once(d, cmd, &cache)?;
        }
        let mut times: Vec<Vec<Sample>> = vec![Vec::new(); jobs.len()];
        for r in 0..runs {
            let order: Vec<usize> = if r % 2 == 0 {
                (0..jobs.len()).collect()
            } else {
                (0..jobs.len()).rev().collect()
            };
            for i in order {
                let (d, file, cmd) = &jobs[i];
                touch(&d.join(file), &format!("{cmd} {r}"))?;
                times[i].push(go_once(d, cmd, &cache)?);
            }
        }
        for (measure, pick) in [
            ("wall", (|s: &Sample| s.wall) as fn(&Sample) -> f64),
            ("CPU", |s: &Sample| s.cpu),
        ] {
            let m: Vec<f64> = times
                .iter()
                .map(|t| median(t.iter().map(pick).collect()))
                .collect();
            for (v, label) in [(1, "yes"), (2, "no")] {
                println!(
                    "| {name} | {} | {label} | {} | {measure} | {:.2} | {:.2} | {:.2}× | {:.2} | {:.2} | {:.2}× |",
                    cat.errors.len(),
                    codes_len[v - 1] / 1024,
                    m[0],
                    m[v],
                    m[v] / m[0],
                    m[3],
                    m[3 + v],
                    m[3 + v] / m[3]
                );
            }
        }
    }
    Ok(())
}

/// One timed run, in seconds.
#[derive(Clone, Copy)]
struct Sample {
    wall: f64,
    cpu: f64,
}

/// Appends a comment to `path`, so the file's contents (and Go's cache keys) change.
fn touch(path: &Path, what: &str) -> Result<(), String> {
    let mut text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let _ = writeln!(text, "\n// bench-go: {what}");
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// `go build ./...` or `go vet ./...` in `dir`, offline, with its own cache; fails when the
/// command does.
fn go_once(dir: &Path, cmd: &str, cache: &Path) -> Result<Sample, String> {
    let cpu0 = children_cpu()?;
    let t = Instant::now();
    let out = Command::new("go")
        .arg(cmd)
        .arg("./...")
        .current_dir(dir)
        .env("GOCACHE", cache)
        .env("GOFLAGS", "-mod=mod")
        .env("GOPROXY", "off")
        .env("GOTOOLCHAIN", "local")
        .env("GOWORK", "off")
        .env("CGO_ENABLED", "0")
        .output()
        .map_err(|e| format!("go: {e}"))?;
    let wall = t.elapsed().as_secs_f64();
    let cpu = children_cpu()? - cpu0;
    if !out.status.success() || (cmd == "vet" && !out.stderr.is_empty()) {
        return Err(format!(
            "go {cmd} in {} failed:\n{}{}",
            dir.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(Sample { wall, cpu })
}

/// A Go string literal (JSON's escapes are Go's, for the text a catalogue holds).
fn lit(s: &str) -> String {
    serde_json::Value::from(s).to_string()
}

/// What a Go team writes without a generator: the codes as one map literal.
fn plain_module(cat: &Catalogue) -> String {
    let mut s = String::from(
        "// Package plain holds the codes as a map, the yardstick of bench-go.\npackage plain\n\n// Info is what a code means.\ntype Info struct {\n\tCategory   string\n\tHTTPStatus int\n\tRetryable  bool\n\tMessage    string\n}\n\n// Codes are the codes by their wire string.\nvar Codes = map[string]Info{\n",
    );
    for e in &cat.errors {
        let _ = writeln!(
            s,
            "\t{}: {{{}, {}, {}, {}}},",
            lit(&e.code),
            lit(&cat.category_of(e).key),
            e.http_status,
            e.retryable,
            lit(&e.message.raw)
        );
    }
    s.push_str("}\n");
    s
}
