//! `bench-usage [--codes N] [--files F] [--lines L] [--runs R] [--errdex PATH]`: `errdex usage` against
//! ripgrep on the same tree, in the same run.
//!
//! Writes, under `<target dir>/bench-usage/` (outside any `.gitignore`d path it would skip): the
//! scale catalogue of N codes (default 10,000), a tree of F files (default 5,000) of L lines
//! each (default 200: 1,000,000 lines), a third each Rust, TypeScript and Python, where one
//! line in 25 raises a code the way its language's generated code does and one in 100 holds a
//! code string (some unknown), and `patterns.txt`: every fixed string `errdex usage` looks for
//! (each language's identifiers of every code, every code, the prefixes of unknown codes).
//!
//! Then, alternating which goes first, R times (default 5) after one warm-up each:
//! - `errdex usage --catalogue errors.yaml tree --format json` (release build, as shipped:
//!   loading the catalogue, the walk, the search and the JSON of every place);
//! - `rg -F -f patterns.txt --line-number --column --no-heading tree` (every matching line);
//! - `errdex lint errors.yaml`: loading the catalogue alone, for the share it takes.
//!
//! Both searchers write to a pipe this process reads (ripgrep may stop early on /dev/null).
//! Prints the medians and the ratio errdex / rg.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::bench_rust::median;
use crate::workspace::write;
use crate::workspace::{release_errdex, target_dir};

struct Config {
    /// `--errdex PATH`: time this binary instead of building the release one (a dry run).
    errdex: Option<PathBuf>,
    codes: usize,
    files: usize,
    lines: usize,
    runs: usize,
}

fn config(args: &[String]) -> Result<Config, String> {
    let mut c = Config {
        errdex: None,
        codes: 10_000,
        files: 5_000,
        lines: 200,
        runs: 5,
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        if flag == "--errdex" {
            c.errdex = Some(PathBuf::from(it.next().ok_or("--errdex needs a path")?));
            continue;
        }
        let value: usize = it
            .next()
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("{flag} needs a number"))?;
        match flag.as_str() {
            "--codes" => c.codes = value,
            "--files" => c.files = value,
            "--lines" => c.lines = value,
            "--runs" => c.runs = value.max(1),
            other => return Err(format!("unknown flag {other}")),
        }
    }
    Ok(c)
}

/// A small deterministic generator (64-bit LCG), so every run writes the same tree.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(self.0 >> 33).unwrap_or(0)
    }
}

pub fn run(args: &[String]) -> Result<(), String> {
    let c = config(args)?;
    let dir = target_dir().join("bench-usage");
    let catalogue_path = dir.join("errors.yaml");
    let text = crate::scale::catalogue(c.codes);
    write(&catalogue_path, &text)?;
    let cat = errdex_codegen::load_str(&text, "errors.yaml")
        .catalogue
        .ok_or("the scale catalogue is invalid")?;
    let tree = dir.join("tree");
    let lines = write_tree(&cat, &tree, &c)?;
    let patterns = errdex_codegen::usage::Patterns::new(&cat, None).all;
    let patterns_path = dir.join("patterns.txt");
    write(&patterns_path, &(patterns.join("\n") + "\n"))?;
    eprintln!(
        "bench-usage: {} codes, {} files, {lines} lines, {} fixed strings",
        c.codes,
        c.files,
        patterns.len()
    );

    let errdex = match &c.errdex {
        Some(path) => path.clone(),
        None => release_errdex()?,
    };
    let rg = which("rg").ok_or(
        "rg not found: install ripgrep (Debian: apt-get install ripgrep; or cargo install ripgrep)",
    )?;
    let version = Command::new(&rg)
        .arg("--version")
        .output()
        .map(|o| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .next()
                .unwrap_or("")
                .to_string()
        })
        .unwrap_or_default();

    let usage_cmd = || {
        let mut cmd = Command::new(&errdex);
        cmd.arg("usage")
            .arg("--catalogue")
            .arg(&catalogue_path)
            .arg(&tree)
            .args(["--format", "json"]);
        cmd
    };
    let rg_cmd = || {
        let mut cmd = Command::new(&rg);
        cmd.arg("-F")
            .arg("-f")
            .arg(&patterns_path)
            .args(["--line-number", "--column", "--no-heading"])
            .arg(&tree);
        cmd
    };
    let lint_cmd = || {
        let mut cmd = Command::new(&errdex);
        cmd.arg("lint").arg(&catalogue_path);
        cmd
    };
    // Warm-up (page cache), and a check that both find something.
    let (_, out) = time(&mut usage_cmd())?;
    let v: serde_json::Value =
        serde_json::from_slice(&out).map_err(|e| format!("errdex usage output: {e}"))?;
    let places: usize = v["codes"].as_array().map_or(0, |codes| {
        codes
            .iter()
            .filter_map(|c| c["places"].as_array())
            .map(Vec::len)
            .sum()
    });
    let (_, out) = time(&mut rg_cmd())?;
    let rg_lines = out.iter().filter(|b| **b == b'\n').count();
    eprintln!(
        "errdex usage: {places} places of use, {} findings; rg: {rg_lines} matching lines",
        v["findings"].as_array().map_or(0, Vec::len)
    );

    let (mut usage_t, mut rg_t, mut lint_t) = (Vec::new(), Vec::new(), Vec::new());
    for run in 0..c.runs {
        if run % 2 == 0 {
            usage_t.push(time(&mut usage_cmd())?.0);
            rg_t.push(time(&mut rg_cmd())?.0);
        } else {
            rg_t.push(time(&mut rg_cmd())?.0);
            usage_t.push(time(&mut usage_cmd())?.0);
        }
        lint_t.push(time(&mut lint_cmd())?.0);
    }
    let (u, r, l) = (median(usage_t), median(rg_t), median(lint_t));
    println!(
        "bench-usage: {} codes, {} files, {lines} lines (wall clock, median of {} runs; same run, alternating)",
        c.codes, c.files, c.runs
    );
    println!("  errdex usage --format json   {:>8.1} ms", u * 1e3);
    println!(
        "  {version:<28} {:>8.1} ms  (rg -F -f patterns.txt, {} strings)",
        r * 1e3,
        patterns.len()
    );
    println!("  errdex lint (load alone)     {:>8.1} ms", l * 1e3);
    println!("  ratio errdex usage / rg      {:>8.2}", u / r);
    Ok(())
}

/// Runs a command to the end, its stdout read through a pipe: (seconds, stdout).
fn time(cmd: &mut Command) -> Result<(f64, Vec<u8>), String> {
    let start = Instant::now();
    let out = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("{cmd:?}: {e}"))?;
    let elapsed = start.elapsed().as_secs_f64();
    // errdex exits 65 on findings and rg 1 on no match: both are answers, not failures.
    if !matches!(out.status.code(), Some(0 | 1 | 65)) {
        return Err(format!("{cmd:?} failed: {}", out.status));
    }
    Ok((elapsed, out.stdout))
}

fn which(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|p| p.join(name))
            .find(|p| p.is_file())
    })
}

/// Writes the tree (skipped when it is already there with the same shape); the number of
/// lines.
fn write_tree(cat: &errdex_codegen::Catalogue, tree: &Path, c: &Config) -> Result<usize, String> {
    let stamp = tree.join(".shape");
    let shape = format!("{} {} {}\n", c.codes, c.files, c.lines);
    if std::fs::read_to_string(&stamp).ok().as_deref() == Some(shape.as_str()) {
        return Ok(c.files * c.lines);
    }
    if tree.exists() {
        std::fs::remove_dir_all(tree).map_err(|e| format!("{}: {e}", tree.display()))?;
    }
    let mut rng = Lcg(19);
    let n = cat.errors.len();
    for f in 0..c.files {
        let ext = ["rs", "ts", "py"][f % 3];
        let path = tree.join(format!("m{:03}/f{f:05}.{ext}", f / 100));
        let mut s = String::with_capacity(c.lines * 60);
        for l in 0..c.lines {
            let e = &cat.errors[rng.next() % n];
            let roll = rng.next() % 100;
            let _ = match (roll, ext) {
                (0..4, "rs") => writeln!(
                    s,
                    "        return Err(Error::{}().with_message(\"step {l}\"));",
                    e.ids.rust.constructor
                ),
                (0..4, "ts") => writeln!(
                    s,
                    "    throw createError(ErrorCode.{}, {{ step: {l} }});",
                    e.ids.ts.key
                ),
                (0..4, _) => writeln!(s, "        raise errors.{}(step={l})", e.ids.py.function),
                (4, _) => writeln!(s, "    check(\"{}\", {l});", e.code),
                (5, _) if rng.next().is_multiple_of(100) => {
                    writeln!(s, "    check(\"SC-ZZZ-{:05}\", {l});", rng.next() % 100_000)
                }
                _ => writeln!(
                    s,
                    "    let value_{l} = compute(input_{}, {}); // step {l} of the pipeline",
                    rng.next() % 1000,
                    rng.next() % 97
                ),
            };
        }
        write(&path, &s)?;
    }
    write(&stamp, &shape)?;
    Ok(c.files * c.lines)
}
