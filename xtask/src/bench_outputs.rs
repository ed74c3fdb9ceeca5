//! `bench-outputs [N|FILE...] [--runs R] [--per-target]`: `errdex generate` as a process —
//! every target and the Rust module, into an emptied folder each run, so every file is
//! written — against `errdex lint` of the same catalogue in the same round (issue 28's
//! targets: generate ≤ 2.5× lint, ≤ 600 MiB peak, ≤ 15 ms at 266 codes, outputs ≤ 200 MiB).
//!
//! Wall time is taken around the process itself (spawn to exit, `Instant`); one more run of
//! each under `/usr/bin/time` gives its CPU time and peak RSS (`/usr/bin/time` counts in
//! 10 ms steps, too coarse for the wall time of a small catalogue). The table gives medians
//! and the median of the per-round ratios, then the bytes each output weighs. With
//! `--per-target`, one `errdex generate --only T` per target says where the time and memory
//! go (each such process loads the catalogue too: compare it with the lint row).
//!
//! `--edit` times the edit loop instead: each generate runs over the outputs of the one
//! before, after one message of the catalogue was edited (a ` (edited)` put in or taken out
//! again), what a user who edits and regenerates waits for. Only the files that changed are
//! written; the others are read and compared.
//!
//! `--baseline PATH` times another build of errdex in the same rounds (before or after this
//! one, in turn), in a folder of its own with the same catalogue (and, with `--edit`, the same
//! edit each round, over that build's own outputs), and prints each catalogue's generate
//! against it: the median of the per-round ratios. Issue 28's 266-code target was measured on
//! the machine of its day (28–36 ms for the build of then, `5593862`); against that build,
//! in the same run, 15 ms is 0.42–0.54×, a figure the shared machine's load does not move.
//!
//! `--idle S` waits S seconds before each timed process: what a user who edits the catalogue,
//! then runs errdex, waits for. On this virtual machine memory the guest has freed is handed
//! back to the host within seconds (free page reporting), and a process that starts after a
//! pause pays for faulting it in again; back-to-back runs reuse what the one before freed
//! (BENCHMARKS.md, twenty-fifth session).
//!
//! `--recipe` gives scale catalogues the README's large-catalogue recipe (`rust:
//! {constructors: false, namespace_enums: false}`, `go: {constructors: false}`), what a
//! registry of thousands of codes is advised to write; `--parts P` cuts each catalogue into
//! P part files (`parts/p000.yaml`, …, listed by one glob in the root), the issue's "in ≥ 50
//! files".

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::input::Input;
use crate::workspace;

const MARK: &str = "@@errdex-time";

#[derive(Debug, Clone, Copy)]
struct Run {
    /// `/usr/bin/time`'s (10 ms steps).
    wall: f64,
    cpu: f64,
    rss_kib: f64,
}

fn timed(errdex: &Path, args: &[&str], dir: &Path) -> Result<Run, String> {
    let out = Command::new("/usr/bin/time")
        .arg("-f")
        .arg(format!("{MARK} %e %U %S %M"))
        .arg(errdex)
        .args(args)
        .current_dir(dir)
        .output()
        .map_err(|e| format!("cannot run /usr/bin/time: {e}"))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!("errdex {} failed:\n{stderr}", args.join(" ")));
    }
    let line = stderr
        .lines()
        .rfind(|l| l.starts_with(MARK))
        .ok_or("no /usr/bin/time line")?;
    let v: Vec<f64> = line
        .split_whitespace()
        .skip(1)
        .filter_map(|x| x.parse().ok())
        .collect();
    match v[..] {
        [wall, user, sys, rss] => Ok(Run {
            wall,
            cpu: user + sys,
            rss_kib: rss,
        }),
        _ => Err(format!("cannot read /usr/bin/time's line {line:?}")),
    }
}

/// Wall seconds of the process alone.
fn wall(errdex: &Path, args: &[&str], dir: &Path) -> Result<f64, String> {
    let t = Instant::now();
    let status = Command::new(errdex)
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| format!("cannot run errdex: {e}"))?;
    let took = t.elapsed().as_secs_f64();
    if !status.success() {
        return Err(format!("errdex {} failed", args.join(" ")));
    }
    Ok(took)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Bytes of every file under `path` (or of the file itself).
fn bytes(path: &Path) -> u64 {
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => m.len(),
        Ok(m) if m.is_dir() => std::fs::read_dir(path)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| bytes(&e.path()))
            .sum(),
        _ => 0,
    }
}

const OUTPUTS: [(&str, &str); 8] = [
    ("Rust module", "errors.rs"),
    ("docs", "docs-site"),
    ("TypeScript", "generated/ts"),
    ("JSON Schema", "generated/schema"),
    ("Python", "generated/python"),
    ("OpenAPI", "generated/openapi"),
    ("Go", "generated/go"),
    ("all", "."),
];

pub fn run(args: &[String]) -> Result<(), String> {
    let mut runs = 5usize;
    let mut per_target = false;
    let mut errdex = None;
    let mut recipe = false;
    let mut parts: Option<usize> = None;
    let mut edit = false;
    let mut baseline: Option<PathBuf> = None;
    let mut idle = std::time::Duration::ZERO;
    let mut rest = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--runs" => {
                runs = it
                    .next()
                    .and_then(|r| r.parse().ok())
                    .filter(|&r| r > 0)
                    .ok_or("--runs takes a positive number")?;
            }
            "--per-target" => per_target = true,
            "--edit" => edit = true,
            "--recipe" => recipe = true,
            "--parts" => {
                parts = Some(
                    it.next()
                        .and_then(|r| r.parse().ok())
                        .filter(|&r| r > 0)
                        .ok_or("--parts takes a positive number")?,
                );
            }
            "--idle" => idle = crate::bench_parts::parse_idle(it.next())?,
            "--baseline" => {
                // Absolute: each process runs in its catalogue's folder.
                let path = it.next().ok_or("--baseline needs a path")?;
                baseline = Some(
                    std::fs::canonicalize(path).map_err(|e| format!("--baseline {path}: {e}"))?,
                );
            }
            // Another build of errdex (a copy of the binary before a change), to compare.
            "--errdex" => {
                errdex = Some(std::path::PathBuf::from(
                    it.next().ok_or("--errdex needs a path")?,
                ));
            }
            _ => rest.push(a.clone()),
        }
    }
    if !Path::new("/usr/bin/time").exists() {
        return Err("/usr/bin/time is missing (Debian: `apt-get install -y time`)".into());
    }
    let inputs = Input::all_with(&rest, &[266, 50_000], recipe)?;
    let errdex = match errdex {
        Some(path) => path,
        None => workspace::release_errdex()?,
    };
    let scratch = workspace::target_dir().join("bench-outputs");
    println!(
        "| catalogue | codes | runs | lint (ms) | generate (ms) | generate / lint | lint CPU (ms) | generate CPU (ms) | lint MiB | generate MiB |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut sizes = Vec::new();
    let mut targets = Vec::new();
    let mut baselines = Vec::new();
    for input in &inputs {
        let n = input.catalogue()?.errors.len();
        let label = match parts {
            Some(p) => format!("{}, {p} parts", input.label),
            None => input.label.clone(),
        };
        let label = if edit {
            format!("{label}, edit loop")
        } else {
            label
        };
        let dir = scratch.join(crate::input::Input::crate_label_of(&label));
        let catalogue_in = |dir: &Path| -> Result<(), String> {
            let _ = std::fs::remove_dir_all(dir);
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            match parts {
                Some(p) => crate::scale::write_split(&input.src, p, &dir.join("errors.yaml")),
                None => std::fs::write(dir.join("errors.yaml"), &input.src)
                    .map_err(|e| format!("{}: {e}", dir.display())),
            }
        };
        catalogue_in(&dir)?;
        let out: PathBuf = dir.join("out");
        let args = |only: Option<&'static str>| {
            let mut a = vec![
                "generate",
                "--catalogue",
                "errors.yaml",
                "--root",
                "out",
                "--rust-file",
                "errors.rs",
            ];
            if let Some(t) = only {
                a.extend(["--only", t]);
            }
            a
        };
        const LINT: [&str; 2] = ["lint", "errors.yaml"];
        let generate = |only: Option<&'static str>| -> Result<Run, String> {
            let _ = std::fs::remove_dir_all(&out);
            timed(&errdex, &args(only), &dir)
        };
        // Before each timed generate in `dir`: an edit, or an emptied folder.
        let prepared = |errdex: &Path, dir: &Path| -> Result<Folder, String> {
            let out = dir.join("out");
            let edited = if edit {
                // The outputs the first timed run regenerates over.
                let _ = std::fs::remove_dir_all(&out);
                wall(errdex, &args(None), dir)?;
                Some(Edit::find(dir)?)
            } else {
                None
            };
            Ok(Folder { out, edited })
        };
        let ours = prepared(&errdex, &dir)?;
        let theirs = match &baseline {
            Some(b) => {
                let d = scratch.join(format!(
                    "{}-baseline",
                    crate::input::Input::crate_label_of(&label)
                ));
                catalogue_in(&d)?;
                Some((b, prepared(b, &d)?, d))
            }
            None => None,
        };
        let mut rounds = Vec::new();
        let mut against = Vec::new();
        // A timed process, after `--idle`'s pause.
        let wall = |errdex: &Path, args: &[&str], dir: &Path| {
            std::thread::sleep(idle);
            wall(errdex, args, dir)
        };
        for round in 0..runs {
            let lint = wall(&errdex, &LINT, &dir)?;
            ours.prepare(round)?;
            let Some((b, folder, d)) = &theirs else {
                rounds.push((lint, wall(&errdex, &args(None), &dir)?));
                continue;
            };
            folder.prepare(round)?;
            // In turn first, so that neither build always runs right after lint.
            let (gen_, base) = if round % 2 == 0 {
                let g = wall(&errdex, &args(None), &dir)?;
                (g, wall(b, &args(None), d)?)
            } else {
                let base = wall(b, &args(None), d)?;
                (wall(&errdex, &args(None), &dir)?, base)
            };
            rounds.push((lint, gen_));
            against.push((gen_, base));
        }
        if let Some((b, _, d)) = &theirs {
            let m = |f: &dyn Fn(&(f64, f64)) -> f64| median(against.iter().map(f).collect());
            baselines.push(format!(
                "| {label} | {n} | {runs} | {:.1} | {:.1} | {:.3} | `{}` |",
                m(&|r| r.0) * 1e3,
                m(&|r| r.1) * 1e3,
                m(&|r| r.0 / r.1),
                b.display()
            ));
            let _ = std::fs::remove_dir_all(d);
        }
        let lint_t = timed(&errdex, &LINT, &dir)?;
        ours.prepare(runs)?;
        let gen_t = timed(&errdex, &args(None), &dir)?;
        let m = |f: &dyn Fn(&(f64, f64)) -> f64| median(rounds.iter().map(f).collect());
        println!(
            "| {} | {n} | {runs} | {:.1} | {:.1} | {:.2} | {:.0} | {:.0} | {:.0} | {:.0} |",
            label,
            m(&|r| r.0) * 1e3,
            m(&|r| r.1) * 1e3,
            m(&|r| r.1 / r.0),
            lint_t.cpu * 1e3,
            gen_t.cpu * 1e3,
            lint_t.rss_kib / 1024.0,
            gen_t.rss_kib / 1024.0,
        );
        let row: Vec<String> = OUTPUTS
            .iter()
            .map(|(_, p)| format!("{:.1}", bytes(&out.join(p)) as f64 / (1024.0 * 1024.0)))
            .collect();
        sizes.push(format!("| {} | {n} | {} |", label, row.join(" | ")));
        if per_target {
            for t in [
                "rust",
                "docs",
                "typescript",
                "schema",
                "python",
                "openapi",
                "go",
            ] {
                let r: Vec<Run> = (0..runs.min(3))
                    .map(|_| generate(Some(t)))
                    .collect::<Result<_, _>>()?;
                targets.push(format!(
                    "| {} | {t} | {:.1} | {:.1} | {:.0} |",
                    label,
                    median(r.iter().map(|r| r.wall).collect()) * 1e3,
                    median(r.iter().map(|r| r.cpu).collect()) * 1e3,
                    median(r.iter().map(|r| r.rss_kib).collect()) / 1024.0,
                ));
            }
        }
        let _ = std::fs::remove_dir_all(&out);
    }
    println!();
    let head: Vec<&str> = OUTPUTS.iter().map(|(t, _)| *t).collect();
    println!("| catalogue | codes | {} (MiB) |", head.join(" (MiB) | "));
    println!("|---|---:|{}", "---:|".repeat(OUTPUTS.len()));
    for s in sizes {
        println!("{s}");
    }
    if !baselines.is_empty() {
        println!();
        println!(
            "| catalogue | codes | runs | generate (ms) | baseline generate (ms) | generate / baseline | baseline |"
        );
        println!("|---|---:|---:|---:|---:|---:|---|");
        for b in baselines {
            println!("{b}");
        }
    }
    if !targets.is_empty() {
        println!();
        println!("| catalogue | `--only` | wall (ms) | CPU (ms) | peak MiB |");
        println!("|---|---|---:|---:|---:|");
        for t in targets {
            println!("{t}");
        }
    }
    Ok(())
}

/// A folder's outputs and, in the edit loop, its catalogue's edit.
struct Folder {
    out: PathBuf,
    edited: Option<Edit>,
}

impl Folder {
    /// Before a timed generate: the catalogue edited (`--edit`), or the outputs removed.
    fn prepare(&self, round: usize) -> Result<(), String> {
        match &self.edited {
            Some(e) => e.toggle(round + 1),
            None => {
                let _ = std::fs::remove_dir_all(&self.out);
                Ok(())
            }
        }
    }
}

/// The message line `--edit` edits: the first `message: "…"` in the catalogue or, split in
/// parts, in the first part that has one.
struct Edit {
    file: PathBuf,
    text: String,
    /// The byte offset of the message's closing quote.
    quote: usize,
}

impl Edit {
    fn find(dir: &Path) -> Result<Edit, String> {
        let mut files = vec![dir.join("errors.yaml")];
        let mut parts: Vec<PathBuf> = std::fs::read_dir(dir.join("parts"))
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .collect();
        parts.sort();
        files.extend(parts);
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap_or_default();
            let mut at = 0;
            for line in text.split_inclusive('\n') {
                let body = line.trim_end();
                if body.trim_start().starts_with("message: \"") && body.ends_with('"') {
                    let quote = at + body.len() - 1;
                    return Ok(Edit { file, text, quote });
                }
                at += line.len();
            }
        }
        Err(format!(
            "--edit: no `message: \"…\"` line under {}",
            dir.display()
        ))
    }

    /// The catalogue as it was (`n` even) or with ` (edited)` in the message (`n` odd).
    fn toggle(&self, n: usize) -> Result<(), String> {
        let text = if n.is_multiple_of(2) {
            self.text.clone()
        } else {
            format!(
                "{} (edited){}",
                &self.text[..self.quote],
                &self.text[self.quote..]
            )
        };
        std::fs::write(&self.file, text).map_err(|e| format!("{}: {e}", self.file.display()))
    }
}
