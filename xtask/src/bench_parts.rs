//! `cargo xtask bench-parts [N] [--parts P] [--runs R] [--errdex PATH]`: `errdex lint` on
//! the scale catalogue of N codes (default 50,000, the loader's limit) in one file, and the
//! same codes in P part files (default 50; the root keeps the registry, categories and
//! namespaces, each part a contiguous run of entries, listed by one glob). The two are
//! timed alternately in one run; medians and their ratio.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::bench_rust::median;
use crate::workspace::write;
use crate::workspace::{release_errdex, target_dir};

/// The arguments `bench-parts` and `bench-incr` share: `[N] [--parts P] [--runs R]
/// [--errdex PATH]` (defaults 50,000 codes, 50 parts, 5 runs, the release build).
pub struct PartsArgs {
    pub n: usize,
    pub parts: usize,
    pub runs: usize,
    pub errdex: PathBuf,
    /// `--idle S`: a pause before each timed process, as `bench-outputs --idle` (a user runs
    /// errdex after an edit, with the memory the last run freed already given back).
    pub idle: std::time::Duration,
}

impl PartsArgs {
    pub fn parse(args: &[String]) -> Result<PartsArgs, String> {
        let mut n = 50_000;
        let mut parts = 50;
        let mut runs = 5;
        let mut errdex: Option<PathBuf> = None;
        let mut idle = std::time::Duration::ZERO;
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let mut num = |flag: &str| -> Result<usize, String> {
                it.next()
                    .and_then(|v| v.parse().ok())
                    .ok_or_else(|| format!("{flag} needs a number"))
            };
            match a.as_str() {
                "--parts" => parts = num("--parts")?.max(1),
                "--runs" => runs = num("--runs")?.max(1),
                "--errdex" => {
                    errdex = Some(PathBuf::from(it.next().ok_or("--errdex needs a path")?));
                }
                "--idle" => idle = parse_idle(it.next())?,
                other => {
                    n = other
                        .parse()
                        .map_err(|_| format!("unknown argument {other}"))?
                }
            }
        }
        let errdex = match errdex {
            Some(p) => p,
            None => release_errdex()?,
        };
        Ok(PartsArgs {
            n,
            parts,
            runs,
            errdex,
            idle,
        })
    }
}

pub fn run(args: &[String]) -> Result<(), String> {
    let PartsArgs {
        n,
        parts,
        runs,
        errdex,
        idle,
    } = PartsArgs::parse(args)?;
    let dir = target_dir().join("bench-parts");
    let one = dir.join("one/errors.yaml");
    let split = dir.join("split/errors.yaml");
    let text = crate::scale::catalogue(n);
    write(&one, &text)?;
    crate::scale::write_split(&text, parts, &split)?;
    for path in [&one, &split] {
        let (ok, out) = lint(&errdex, path);
        if !ok {
            return Err(format!("errdex lint {} failed:\n{out}", path.display()));
        }
    }
    let (mut t_one, mut t_split) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        std::thread::sleep(idle);
        t_one.push(time(&errdex, &one));
        std::thread::sleep(idle);
        t_split.push(time(&errdex, &split));
    }
    let (m1, m2) = (median(t_one), median(t_split));
    println!(
        "errdex lint, {n} codes, medians of {runs} alternating runs{} ({})",
        after_pause(idle),
        errdex.display()
    );
    println!("  one file          {m1:8.1} ms");
    println!(
        "  {parts} parts {:>9} {m2:8.1} ms   ({:.2}x one file)",
        "",
        m2 / m1
    );
    Ok(())
}

/// The value of `--idle` (seconds, finite, not negative), for every bench that takes it.
pub fn parse_idle(value: Option<&String>) -> Result<std::time::Duration, String> {
    value
        .and_then(|v| v.parse::<f64>().ok())
        .and_then(|v| std::time::Duration::try_from_secs_f64(v).ok())
        .ok_or_else(|| "--idle takes a number of seconds".to_string())
}

/// How a table's title says `--idle`: nothing without a pause.
pub fn after_pause(idle: std::time::Duration) -> String {
    if idle.is_zero() {
        String::new()
    } else {
        format!(", each after {} s idle", idle.as_secs_f64())
    }
}

fn lint(errdex: &Path, path: &Path) -> (bool, String) {
    match Command::new(errdex).arg("lint").arg(path).output() {
        Ok(o) => (
            o.status.success(),
            String::from_utf8_lossy(&o.stderr)
                .chars()
                .take(4000)
                .collect(),
        ),
        Err(e) => (false, e.to_string()),
    }
}

fn time(errdex: &Path, path: &Path) -> f64 {
    let start = Instant::now();
    let _ = Command::new(errdex)
        .arg("lint")
        .arg(path)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    start.elapsed().as_secs_f64() * 1000.0
}
