//! `cargo xtask bench-rust [N|FILE...] [--with-10k-baseline] [--runs R] [--no-micro]`: issue 7's
//! measurements of the generated Rust crate, each against a baseline measured in the same run.
//!
//! 1. Compile time of the generated crate alone (its dependencies `serde` and `serde_json` are
//!    built first and stay fresh): the crate's source is touched and rebuilt with
//!    `CARGO_INCREMENTAL=0`, release and debug, `R` times (default 3); rustc is run under
//!    `/usr/bin/time -v`-style accounting (`RUSTC_WRAPPER`) to get its wall time, CPU time
//!    (user + sys) and peak RSS. The same for the hand-written-style baseline crate
//!    (`scale::baseline_crate`: one `match` arm per variant per accessor). The baseline at
//!    N ≥ 10,000 takes minutes and GiBs, so it runs only with `--with-10k-baseline`.
//! 2. A micro-benchmark binary inside the generated crate (`src/main.rs`, release): median ns
//!    per `from_str` over a shuffled list of every code (hits) and of mutated codes (misses),
//!    per accessor call and per `Error::to_wire`, against a `HashMap<&str, ErrorCode>` (and
//!    `HashMap<ErrorCode, u16>`) baseline; a counting global allocator asserts that no
//!    lookup or accessor allocates.
//!
//! Everything lives under `<target dir>/bench-crates/` (cargo's target directory: `target/`
//! unless `CARGO_TARGET_DIR` says otherwise) with its own target dir.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

use errdex_codegen::ir::Catalogue;

use crate::input::Input;
use crate::scale;
use crate::workspace::{target_dir, workspace_root, write};

pub struct Args {
    /// Scale sizes or catalogue files (see [`crate::input::Input`]).
    pub inputs: Vec<String>,
    pub with_10k_baseline: bool,
    pub runs: usize,
    pub micro: bool,
}

pub fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        inputs: vec![],
        with_10k_baseline: false,
        runs: 3,
        micro: true,
    };
    let mut it = args.iter();
    while let Some(s) = it.next() {
        match s.as_str() {
            "--with-10k-baseline" => a.with_10k_baseline = true,
            "--no-micro" => a.micro = false,
            "--runs" => {
                a.runs = it
                    .next()
                    .and_then(|r| r.parse().ok())
                    .filter(|&r| r > 0)
                    .ok_or("--runs needs a positive number")?;
            }
            other => a.inputs.push(other.to_string()),
        }
    }
    if a.inputs.is_empty() {
        a.inputs = vec!["266".into(), "1000".into(), "10000".into()];
    }
    Ok(a)
}

pub fn bench_dir() -> PathBuf {
    target_dir().join("bench-crates")
}

fn touch(path: &Path) -> Result<(), String> {
    std::fs::File::options()
        .write(true)
        .open(path)
        .and_then(|f| f.set_modified(SystemTime::now()))
        .map_err(|e| format!("touch {}: {e}", path.display()))
}

/// One rustc run of the measured crate.
#[derive(Debug, Clone, Copy)]
pub struct RustcRun {
    pub wall_s: f64,
    pub cpu_s: f64,
    pub peak_mib: f64,
}

/// A throwaway crate under `<target dir>/bench-crates/<name>`.
pub struct BenchCrate {
    pub dir: PathBuf,
    /// The package name; rustc's `--crate-name` is this with `-` → `_`.
    pub name: String,
    /// The file to touch to force a rebuild of the crate alone.
    pub source: PathBuf,
}

impl BenchCrate {
    pub fn cargo(&self, args: &[&str]) -> Command {
        let mut c = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
        c.args(args)
            .current_dir(&self.dir)
            .env("CARGO_TARGET_DIR", bench_dir().join("target"))
            .env("CARGO_INCREMENTAL", "0")
            .env_remove("RUSTFLAGS")
            .env_remove("CARGO_ENCODED_RUSTFLAGS");
        c
    }

    pub fn run(&self, args: &[&str], envs: &[(&str, &str)]) -> Result<String, String> {
        let mut c = self.cargo(args);
        for (k, v) in envs {
            c.env(k, v);
        }
        let out = c.output().map_err(|e| format!("cannot run cargo: {e}"))?;
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        if !out.status.success() {
            return Err(format!(
                "`cargo {}` failed in {}:\n{}\n{stdout}",
                args.join(" "),
                self.dir.display(),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        Ok(stdout)
    }

    /// Builds the library (and its dependencies) once, then `runs` times touches the source
    /// and rebuilds it alone with rustc under `/usr/bin/time`; returns one entry per run.
    pub fn measure(&self, release: bool, runs: usize) -> Result<Vec<RustcRun>, String> {
        let time = Path::new("/usr/bin/time");
        if !time.exists() {
            return Err(
                "/usr/bin/time is missing (Debian: `apt-get install -y time`); it measures rustc's peak RSS".into(),
            );
        }
        let log = self.dir.join(if release {
            "rustc-release.log"
        } else {
            "rustc-debug.log"
        });
        let wrapper = self.dir.join("time-rustc.sh");
        // The wrapper is used for every build (dependencies too) so that cargo's view of the
        // compiler never changes between the warm-up and the measured builds.
        write(
            &wrapper,
            &format!(
                "#!/bin/sh\nexec {} -a -o \"$ERRDEX_TIME_LOG\" -f '%M %e %U %S %C' \"$@\"\n",
                time.display()
            ),
        )?;
        let _ = Command::new("chmod").arg("+x").arg(&wrapper).status();
        let wrapper_s = wrapper.to_string_lossy().into_owned();
        let log_s = log.to_string_lossy().into_owned();
        let envs = [
            ("RUSTC_WRAPPER", wrapper_s.as_str()),
            ("ERRDEX_TIME_LOG", log_s.as_str()),
        ];
        let mut args = vec!["build", "-q", "--lib"];
        if release {
            args.push("--release");
        }
        self.run(&args, &envs)?;
        let crate_name = format!("--crate-name {}", self.name.replace('-', "_"));
        let mut out = Vec::new();
        for _ in 0..runs {
            let _ = std::fs::remove_file(&log);
            touch(&self.source)?;
            self.run(&args, &envs)?;
            let text = std::fs::read_to_string(&log).unwrap_or_default();
            let line = text
                .lines()
                .find(|l| l.contains(&crate_name))
                .ok_or_else(|| {
                    format!(
                        "no rustc run of {} in {}:\n{text}",
                        self.name,
                        log.display()
                    )
                })?;
            let f: Vec<&str> = line.split_whitespace().collect();
            let num = |i: usize| {
                f.get(i)
                    .and_then(|s| s.parse::<f64>().ok())
                    .unwrap_or(f64::NAN)
            };
            out.push(RustcRun {
                peak_mib: num(0) / 1024.0,
                wall_s: num(1),
                cpu_s: num(2) + num(3),
            });
        }
        Ok(out)
    }
}

pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

#[derive(Debug, Clone, Copy)]
pub struct Summary {
    pub wall_s: f64,
    pub cpu_s: f64,
    pub peak_mib: f64,
}

pub fn summarize(runs: &[RustcRun]) -> Summary {
    Summary {
        wall_s: median(runs.iter().map(|r| r.wall_s).collect()),
        cpu_s: median(runs.iter().map(|r| r.cpu_s).collect()),
        peak_mib: median(runs.iter().map(|r| r.peak_mib).collect()),
    }
}

/// The generated crate of a catalogue, generated through `errdex_codegen::Builder` (exactly
/// what a `build.rs` does) into `src/generated.rs`.
pub fn generated_crate(input: &Input, cat: &Catalogue) -> Result<BenchCrate, String> {
    let name = format!("errdex-bench-gen-{}", input.crate_label());
    let dir = bench_dir().join(&name);
    write(&dir.join("errors.yaml"), &input.src)?;
    errdex_codegen::Builder::new(dir.join("errors.yaml"))
        .cargo_directives(false)
        .out_dir(dir.join("src"))
        .out_file("generated.rs")
        .generate()
        .map_err(|e| e.to_string())?;
    write(
        &dir.join("Cargo.toml"),
        &format!(
            "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
             [workspace]\n\n[dependencies]\nserde = \"1\"\nserde_json = {{ version = \"1\", features = [\"preserve_order\"] }}\n\n\
             [profile.release]\ndebug = false\n"
        ),
    )?;
    let lock = workspace_root().join("Cargo.lock");
    if lock.exists() && !dir.join("Cargo.lock").exists() {
        std::fs::copy(&lock, dir.join("Cargo.lock")).map_err(|e| e.to_string())?;
    }
    write(
        &dir.join("src/lib.rs"),
        "//! Throwaway crate of `cargo xtask bench-rust`.\n#![allow(missing_docs)]\n\ninclude!(\"generated.rs\");\n",
    )?;
    write(&dir.join("src/main.rs"), &micro_main(cat, &name)?)?;
    Ok(BenchCrate {
        source: dir.join("src/lib.rs"),
        dir,
        name,
    })
}

/// The hand-written-style baseline crate of a catalogue.
pub fn baseline_crate(input: &Input, cat: &Catalogue) -> Result<BenchCrate, String> {
    let label = input.crate_label();
    let (manifest, lib) = scale::baseline_crate(cat, &label);
    let name = format!("baseline-errors-{label}");
    let dir = bench_dir().join(&name);
    write(&dir.join("Cargo.toml"), &manifest)?;
    write(&dir.join("lib.rs"), &lib)?;
    Ok(BenchCrate {
        source: dir.join("lib.rs"),
        dir,
        name,
    })
}

/// The micro-benchmark `main.rs` of a catalogue's generated crate.
fn micro_main(cat: &Catalogue, name: &str) -> Result<String, String> {
    // The constructed error: the first code with two params (string + integer in the scale
    // catalogues), else the first code.
    let e = cat
        .errors
        .iter()
        .find(|e| e.params.len() == 2)
        .or_else(|| cat.errors.first())
        .ok_or("empty catalogue")?;
    let args: Vec<String> = e
        .params
        .iter()
        .map(|p| match p.ty {
            errdex_codegen::ir::ParamType::String => "\"upload.tar\"".to_string(),
            errdex_codegen::ir::ParamType::Integer => "42".to_string(),
            errdex_codegen::ir::ParamType::Number => "1.5".to_string(),
            errdex_codegen::ir::ParamType::Boolean => "true".to_string(),
            errdex_codegen::ir::ParamType::List(_) => "[]".to_string(),
            errdex_codegen::ir::ParamType::Object => "serde_json::Map::new()".to_string(),
        })
        .collect();
    let ctor = format!("Error::{}({})", e.ids.rust.constructor, args.join(", "));
    let mut s = String::new();
    let _ = write!(
        s,
        "{}",
        MICRO_MAIN
            .replace("CRATE_IDENT", &name.replace('-', "_"))
            .replace("CONSTRUCT_ERROR", &ctor)
    );
    Ok(s)
}

const MICRO_MAIN: &str = r##"//! Micro-benchmarks of the generated crate (written by `cargo xtask bench-rust`).
#![allow(deprecated)]
use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::HashMap;
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use CRATE_IDENT::*;

/// Counts every allocation, to prove that lookups and accessors never allocate.
struct Counting;
static ALLOCS: AtomicUsize = AtomicUsize::new(0);
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(p, l, n) }
    }
}
#[global_allocator]
static GLOBAL: Counting = Counting;

fn shuffle<T>(v: &mut [T], mut seed: u64) {
    for i in (1..v.len()).rev() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        v.swap(i, (seed % (i as u64 + 1)) as usize);
    }
}

/// Median over `samples` passes of ns per item; asserts no allocation when `no_alloc`.
fn bench(what: &str, items: usize, samples: usize, no_alloc: bool, mut pass: impl FnMut() -> u64) -> f64 {
    let mut v = Vec::with_capacity(samples);
    let mut sink = 0u64;
    for _ in 0..3 {
        sink = sink.wrapping_add(pass());
    }
    for _ in 0..samples {
        let before = ALLOCS.load(Ordering::Relaxed);
        let t = Instant::now();
        sink = sink.wrapping_add(pass());
        let ns = t.elapsed().as_nanos() as f64 / items as f64;
        let allocs = ALLOCS.load(Ordering::Relaxed) - before;
        assert!(!no_alloc || allocs == 0, "{what}: {allocs} allocations in one pass");
        v.push(ns);
    }
    black_box(sink);
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let samples = 31;
    let mut hits: Vec<String> = ErrorCode::ALL.iter().map(|c| c.as_str().to_string()).collect();
    shuffle(&mut hits, 0x9E37_79B9_7F4A_7C15);
    let map: HashMap<&'static str, ErrorCode> = ErrorCode::ALL.iter().map(|c| (c.as_str(), *c)).collect();
    // Misses: each code with its last character replaced (same length, same prefix: the
    // hardest misses for a hash table), keeping only true misses.
    let mut misses: Vec<String> = hits
        .iter()
        .map(|k| {
            let mut m = k[..k.len() - 1].to_string();
            m.push('#');
            m
        })
        .filter(|m| !map.contains_key(m.as_str()))
        .collect();
    shuffle(&mut misses, 7);
    let hit_keys: Vec<&str> = hits.iter().map(String::as_str).collect();
    let miss_keys: Vec<&str> = misses.iter().map(String::as_str).collect();
    let n = hit_keys.len();

    let hit = bench("from_str hits", n, samples, true, || {
        let mut acc = 0u64;
        for k in &hit_keys {
            acc += black_box(*k).parse::<ErrorCode>().map_or(0, |c| c.index() as u64);
        }
        assert_eq!(acc, (0..n as u64).sum::<u64>());
        acc
    });
    let hit_map = bench("HashMap hits", n, samples, true, || {
        let mut acc = 0u64;
        for k in &hit_keys {
            acc += map.get(black_box(*k)).map_or(0, |c| c.index() as u64);
        }
        acc
    });
    let miss = bench("from_str misses", miss_keys.len(), samples, true, || {
        let mut acc = 0u64;
        for k in &miss_keys {
            acc += u64::from(black_box(*k).parse::<ErrorCode>().is_err());
        }
        assert_eq!(acc, miss_keys.len() as u64);
        acc
    });
    let miss_map = bench("HashMap misses", miss_keys.len(), samples, true, || {
        let mut acc = 0u64;
        for k in &miss_keys {
            acc += u64::from(map.get(black_box(*k)).is_none());
        }
        acc
    });

    let mut codes: Vec<ErrorCode> = ErrorCode::ALL.to_vec();
    shuffle(&mut codes, 11);
    let http_map: HashMap<ErrorCode, u16> = ErrorCode::ALL.iter().map(|c| (*c, c.http_status())).collect();
    // Five accessors per code per pass.
    let accessors = bench("accessors", n * 5, samples, true, || {
        let mut acc = 0u64;
        for c in &codes {
            let c = black_box(*c);
            acc += u64::from(c.http_status())
                + u64::from(c.exit_code())
                + u64::from(c.retryable())
                + c.category() as u64
                + c.as_str().len() as u64;
        }
        acc
    });
    let accessor_map = bench("HashMap<ErrorCode, u16>", n, samples, true, || {
        let mut acc = 0u64;
        for c in &codes {
            acc += u64::from(http_map.get(&black_box(*c)).copied().unwrap_or(0));
        }
        acc
    });

    let err = CONSTRUCT_ERROR;
    let reps = 2000;
    let to_wire = bench("to_wire", reps, samples, false, || {
        let mut acc = 0u64;
        for _ in 0..reps {
            acc += black_box(&err).to_wire().as_object().map_or(0, |o| o.len() as u64);
        }
        acc
    });
    let wire_json = bench("to_wire JSON", reps, samples, false, || {
        let mut acc = 0u64;
        for _ in 0..reps {
            acc += serde_json::to_string(black_box(&err)).map_or(0, |s| s.len() as u64);
        }
        acc
    });
    // Baseline: the same wire object built by hand with json!.
    let wire = err.to_wire();
    let keys: Vec<(String, serde_json::Value)> = wire.as_object().map(|o| o.iter().map(|(k, v)| (k.clone(), v.clone())).collect()).unwrap_or_default();
    let by_hand = bench("hand-built object", reps, samples, false, || {
        let mut acc = 0u64;
        for _ in 0..reps {
            let mut m = serde_json::Map::new();
            for (k, v) in &keys {
                m.insert(k.clone(), v.clone());
            }
            acc += black_box(serde_json::Value::Object(m)).as_object().map_or(0, |o| o.len() as u64);
        }
        acc
    });
    let before = ALLOCS.load(Ordering::Relaxed);
    black_box(black_box(&err).to_wire());
    let wire_allocs = ALLOCS.load(Ordering::Relaxed) - before;
    println!(
        "{{\"codes\": {n}, \"misses\": {}, \"from_str_hit_ns\": {hit:.2}, \"hashmap_hit_ns\": {hit_map:.2}, \"from_str_miss_ns\": {miss:.2}, \"hashmap_miss_ns\": {miss_map:.2}, \"accessor_ns\": {accessors:.3}, \"hashmap_accessor_ns\": {accessor_map:.2}, \"to_wire_ns\": {to_wire:.0}, \"to_wire_json_ns\": {wire_json:.0}, \"hand_built_object_ns\": {by_hand:.0}, \"to_wire_allocs\": {wire_allocs}, \"lookup_allocs\": 0}}",
        miss_keys.len()
    );
}
"##;

/// The whole benchmark; prints markdown tables.
pub fn run(a: &Args) -> Result<(), String> {
    println!(
        "Compile time of the crate alone (dependencies prebuilt), `CARGO_INCREMENTAL=0`, median of {} runs; rustc wall / CPU (user+sys) seconds, peak RSS MiB.",
        a.runs
    );
    if !a.with_10k_baseline {
        println!(
            "The hand-written baseline is skipped for catalogues of 10,000 codes or more (minutes and GiBs of rustc; pass --with-10k-baseline)."
        );
    }
    println!();
    println!(
        "| catalogue | codes | profile | generated wall (s) | generated CPU (s) | generated peak (MiB) | baseline wall (s) | baseline CPU (s) | baseline peak (MiB) | CPU ratio gen/base | peak ratio gen/base |"
    );
    println!("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut micro_rows = Vec::new();
    for arg in &a.inputs {
        let input = Input::parse(arg)?;
        let cat = input.catalogue()?;
        let n = cat.errors.len();
        let label = &input.label;
        let g = generated_crate(&input, &cat)?;
        let b = if n < 10_000 || a.with_10k_baseline {
            Some(baseline_crate(&input, &cat)?)
        } else {
            None
        };
        for release in [true, false] {
            let gs = summarize(&g.measure(release, a.runs)?);
            let bs = match &b {
                Some(b) => Some(summarize(&b.measure(release, a.runs)?)),
                None => None,
            };
            let (bw, bc, bp, rc, rp) = match bs {
                Some(bs) => (
                    format!("{:.2}", bs.wall_s),
                    format!("{:.2}", bs.cpu_s),
                    format!("{:.0}", bs.peak_mib),
                    format!("{:.2}", gs.cpu_s / bs.cpu_s),
                    format!("{:.2}", gs.peak_mib / bs.peak_mib),
                ),
                None => ("—".into(), "—".into(), "—".into(), "—".into(), "—".into()),
            };
            println!(
                "| {label} | {n} | {} | {:.2} | {:.2} | {:.0} | {bw} | {bc} | {bp} | {rc} | {rp} |",
                if release { "release" } else { "debug" },
                gs.wall_s,
                gs.cpu_s,
                gs.peak_mib
            );
        }
        if a.micro {
            let out = g.run(&["run", "-q", "--release", "--bin", &g.name], &[])?;
            let v: serde_json::Value =
                serde_json::from_str(out.trim()).map_err(|e| format!("bad output {out}: {e}"))?;
            micro_rows.push((label.clone(), n, v));
        }
    }
    if !micro_rows.is_empty() {
        println!();
        println!(
            "Lookups and serialization (release, median of 31 passes over every code, shuffled; ns per call). Lookups and accessors allocate nothing (counting global allocator, asserted)."
        );
        println!();
        println!(
            "| catalogue | codes | from_str hit | HashMap hit | from_str miss | HashMap miss | accessor | HashMap<ErrorCode,u16> | to_wire | hand-built Map | to_wire → JSON string | to_wire allocations |"
        );
        println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (label, n, v) in micro_rows {
            let f = |k: &str| v[k].as_f64().unwrap_or(f64::NAN);
            println!(
                "| {label} | {n} | {:.1} | {:.1} | {:.1} | {:.1} | {:.2} | {:.1} | {:.0} | {:.0} | {:.0} | {} |",
                f("from_str_hit_ns"),
                f("hashmap_hit_ns"),
                f("from_str_miss_ns"),
                f("hashmap_miss_ns"),
                f("accessor_ns"),
                f("hashmap_accessor_ns"),
                f("to_wire_ns"),
                f("hand_built_object_ns"),
                f("to_wire_json_ns"),
                v["to_wire_allocs"]
            );
        }
    }
    Ok(())
}
