//! `cargo xtask <task>` (`cargo run --release --bin xtask -- <task>`): development tasks that
//! are not part of errdex itself.
//!
//! - `scale N [OUT] [--recipe] [--parts P]`: write a deterministic catalogue of N codes
//!   (default OUT: stdout); `--recipe` with the README's large-catalogue recipe, `--parts P`
//!   cut into P part files beside OUT (`parts/p000.yaml`, …).
//! - `baseline N|FILE DIR`: write the hand-written-style baseline crate of a catalogue into DIR.
//! - `bench-load [N|FILE...]`: time load + validate against the YAML parse alone (medians).
//! - `bench-generate [N|FILE...]`: time every stage of `errdex generate` (docs, TypeScript,
//!   Python, schemas) against the parse.
//!
//! Every benchmark takes scale sizes (`10000`) and catalogue files alike (`path/errors.yaml`),
//! keeps its scratch files in cargo's target directory (`target/`, or `CARGO_TARGET_DIR`), and
//! says what it needs when it is missing: `bench-tsc` node and `tools/node`
//! (`bash .ci/steps/20-node.sh`), `bench-go` go (`bash .ci/steps/22-go.sh`), `bench-rust` and `bench-consumer` `/usr/bin/time` (Debian
//! package `time`), `bench-usage` ripgrep (`rg`).
//! - `bench-outputs [N|FILE...] [--runs R] [--per-target] [--recipe] [--parts P] [--edit] [--errdex PATH] [--baseline PATH] [--idle S]`: `errdex generate` as a process
//!   (every target and the Rust module, into an emptied folder, or with `--edit` over the
//!   last run's outputs after an edit) against `errdex lint` in the same round: wall, CPU,
//!   peak RSS, and the bytes of each output (see `bench_outputs.rs`).
//! - `profile-load N [--parse-only]`, `profile-generate N [--no-rust]`: one run each, for
//!   callgrind.
//! - `bench-tsc [N|FILE...] [--runs R]`: `tsc --strict` on the generated TypeScript against a
//!   plain const object of the same codes (see `bench_tsc.rs`).
//! - `bench-go [N|FILE...] [--runs R]`: `go build` and `go vet` of the generated Go package
//!   against a plain map of the same codes (see `bench_go.rs`).
//! - `bench-rust [N|FILE...]`: the generated crate's compile time, memory and lookups (see
//!   `bench_rust.rs`).
//! - `bench-consumer [N...] [--runs R] [--cold-runs C] [--keep]`: what a Rust consumer waits
//!   for — cold build and edit → rebuild, build.rs way and committed-module way — in crates
//!   made in a temporary directory outside the workspace (see `bench_consumer.rs`).
//! - `bench-incr [N] [--parts P] [--runs R] [--idle S]`: the edit loop of a catalogue in parts:
//!   `generate --only rust` without the parse cache, cold, and after an edit to one part,
//!   against `errdex lint` (see `bench_incr.rs`).
//! - `bench-registry [N] [--parts P] [--runs R] [--baseline PATH] [--idle S]`: issue 28's
//!   targets in one run (bench-parts, bench-outputs with the recipe in P parts, bench-incr,
//!   and 266 codes as a process; `--baseline` goes to the 266-code rows: against that build
//!   too, e.g. the one of when the issue was filed; `--idle` to them and to bench-incr: a
//!   pause before each timed process).
//! - `bench-usage [--codes N] [--files F] [--lines L] [--runs R]`: `errdex usage` against
//!   ripgrep searching the same tree for the same fixed strings (see `bench_usage.rs`).
//! - `bench-book [N...] [--layouts namespace,code] [--runs R]`: the reference book of a scale
//!   catalogue built with mdBook and searched in Chromium (see `bench_book.rs`).
//! - `dump N|FILE DIR`: write every output of a scale catalogue (or a catalogue file) under
//!   DIR, to diff the outputs of two builds byte for byte.

use std::process::ExitCode;
use std::time::Instant;

mod bench_book;
mod bench_consumer;
mod bench_go;
mod bench_incr;
mod bench_outputs;
mod bench_parts;
mod bench_rust;
mod bench_tsc;
mod bench_usage;
mod input;
mod scale;
mod workspace;

/// The allocator of the `errdex` binary (cli/src/main.rs): the in-process benchmarks time
/// its work, the YAML parse they compare it with included; tuned as there (`main`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    // As the binary tunes it (cli/src/main.rs).
    errdex_alloc::tune();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("scale") => {
            let Some(n) = args.get(1).and_then(|s| s.parse().ok()) else {
                return usage();
            };
            let mut out = None;
            let mut recipe = false;
            let mut parts = None;
            let mut it = args[2..].iter();
            while let Some(a) = it.next() {
                match a.as_str() {
                    "--recipe" => recipe = true,
                    "--parts" => match it.next().and_then(|p| p.parse::<usize>().ok()) {
                        Some(p) if p > 0 => parts = Some(p),
                        _ => return usage(),
                    },
                    _ if out.is_none() => out = Some(a),
                    _ => return usage(),
                }
            }
            let text = scale::catalogue_with(n, recipe);
            if let Some(p) = parts {
                let Some(out) = out else {
                    eprintln!("xtask scale: --parts needs OUT (the root file)");
                    return ExitCode::FAILURE;
                };
                if let Err(e) = scale::write_split(&text, p, std::path::Path::new(out)) {
                    eprintln!("xtask scale: {e}");
                    return ExitCode::FAILURE;
                }
                return ExitCode::SUCCESS;
            }
            match out {
                Some(out) => {
                    if let Err(e) = std::fs::write(out, text) {
                        eprintln!("xtask: cannot write {out}: {e}");
                        return ExitCode::FAILURE;
                    }
                }
                None => print!("{text}"),
            }
            ExitCode::SUCCESS
        }
        Some("baseline") => {
            let (Some(what), Some(dir)) = (args.get(1), args.get(2)) else {
                return usage();
            };
            let input = match input::Input::parse(what) {
                Ok(i) => i,
                Err(e) => {
                    eprintln!("xtask: {e}");
                    return ExitCode::FAILURE;
                }
            };
            let cat = match input.catalogue() {
                Ok(c) => c,
                Err(e) => {
                    eprintln!("xtask: {e}");
                    return ExitCode::FAILURE;
                }
            };
            let (manifest, lib) = scale::baseline_crate(&cat, &input.crate_label());
            let dir = std::path::Path::new(dir);
            let r = std::fs::create_dir_all(dir)
                .and_then(|()| std::fs::write(dir.join("Cargo.toml"), manifest))
                .and_then(|()| std::fs::write(dir.join("lib.rs"), lib));
            if let Err(e) = r {
                eprintln!("xtask: cannot write {}: {e}", dir.display());
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Some("bench-load") => match input::Input::all(&args[1..], &[266, 1000, 10_000])
            .and_then(|inputs| bench_load(&inputs))
        {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("xtask bench-load: {e}");
                ExitCode::FAILURE
            }
        },
        Some("profile-load") => {
            // One load of a scale catalogue, for `valgrind --tool=callgrind`.
            let n = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
            let src = scale::catalogue(n);
            if args.get(2).is_some_and(|a| a == "--parse-only") {
                let v: serde_json::Value = serde_saphyr::from_str(&src).expect("valid YAML");
                println!("{}", v.as_object().map_or(0, |o| o.len()));
            } else {
                let l = errdex_codegen::load_str(&src, "errors.yaml");
                println!("{} codes", l.catalogue.map_or(0, |c| c.errors.len()));
            }
            ExitCode::SUCCESS
        }
        Some("profile-generate") => {
            // One whole generate of a scale catalogue, for `valgrind --tool=callgrind`.
            let n = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
            let src = scale::catalogue(n);
            let c = errdex_codegen::load_str(&src, "errors.yaml")
                .catalogue
                .expect("valid");
            let out = errdex_codegen::write::generate(&c, &errdex_codegen::Settings::default());
            // `--no-rust`: only what `errdex generate` does (docs, TypeScript, schemas).
            let rs = if args.get(2).is_some_and(|a| a == "--no-rust") {
                String::new()
            } else {
                errdex_codegen::emit::rust::emit(&c, &Default::default())
            };
            println!("{} files, {} bytes of Rust", out.len(), rs.len());
            ExitCode::SUCCESS
        }
        Some("dump") => {
            // Every output of `generate` (and the Rust target) for a scale catalogue (a number)
            // or a catalogue file, written under DIR: to diff two builds byte for byte.
            let (Some(what), Some(dir)) = (args.get(1), args.get(2)) else {
                return usage();
            };
            let (src, name) = match what.parse::<usize>() {
                Ok(n) => (scale::catalogue(n), "errors.yaml".to_string()),
                Err(_) => match std::fs::read_to_string(what) {
                    Ok(s) => (s, what.clone()),
                    Err(e) => {
                        eprintln!("xtask: cannot read {what}: {e}");
                        return ExitCode::FAILURE;
                    }
                },
            };
            let Some(c) = errdex_codegen::load_str(&src, &name).catalogue else {
                eprintln!("xtask: {what} is not a valid catalogue");
                return ExitCode::FAILURE;
            };
            let mut out = errdex_codegen::write::generate(&c, &errdex_codegen::Settings::default());
            out.insert(
                "lib.rs".into(),
                errdex_codegen::emit::rust::emit(&c, &Default::default()).into_bytes(),
            );
            let root = std::path::Path::new(dir);
            for (rel, bytes) in &out {
                let path = root.join(rel);
                let r = std::fs::create_dir_all(path.parent().unwrap_or(root))
                    .and_then(|()| std::fs::write(&path, bytes));
                if let Err(e) = r {
                    eprintln!("xtask: cannot write {}: {e}", path.display());
                    return ExitCode::FAILURE;
                }
            }
            ExitCode::SUCCESS
        }
        Some("bench-generate") => match input::Input::all(&args[1..], &[266, 1000, 10_000])
            .and_then(|inputs| bench_generate(&inputs))
        {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("xtask bench-generate: {e}");
                ExitCode::FAILURE
            }
        },
        Some("bench-outputs") => match bench_outputs::run(&args[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("xtask bench-outputs: {e}");
                ExitCode::FAILURE
            }
        },
        Some("bench-book") => match bench_book::run(&args[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("xtask: {e}");
                ExitCode::FAILURE
            }
        },
        Some("bench-incr") => match bench_incr::run(&args[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("xtask bench-incr: {e}");
                ExitCode::FAILURE
            }
        },
        Some("bench-registry") => match bench_registry(&args[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("xtask bench-registry: {e}");
                ExitCode::FAILURE
            }
        },
        Some("bench-parts") => match bench_parts::run(&args[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("xtask bench-parts: {e}");
                ExitCode::FAILURE
            }
        },
        Some("bench-usage") => match bench_usage::run(&args[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("xtask: {e}");
                ExitCode::FAILURE
            }
        },
        Some("bench-tsc") => match bench_tsc::run(&args[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("xtask bench-tsc: {e}");
                ExitCode::FAILURE
            }
        },
        Some("bench-go") => match bench_go::run(&args[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("xtask bench-go: {e}");
                ExitCode::FAILURE
            }
        },
        Some("bench-rust") => {
            match bench_rust::parse_args(&args[1..]).and_then(|a| bench_rust::run(&a)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("xtask bench-rust: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("bench-consumer") => match bench_consumer::run_bench(&args[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("xtask bench-consumer: {e}");
                ExitCode::FAILURE
            }
        },
        _ => usage(),
    }
}

/// Issue 28's targets in one run: a registry of N codes (default 50,000) in P parts (default
/// 50), written as its user would write it (the large-catalogue recipe): lint in one file
/// against the parts (`bench-parts`), `generate` of every target against lint with its peak
/// memory and the bytes of its outputs (`bench-outputs --recipe --parts P`), the edit loop
/// (`bench-incr`: `generate --only rust` after an edit to one part), and the scale
/// catalogue of 266 codes as a process (`bench-outputs 266`). `--baseline` goes to the
/// 266-code rows, `--idle` to them and to the edit loop. Each section prints its own
/// tables, in that order, with the machine's load before each.
fn bench_registry(args: &[String]) -> Result<(), String> {
    let mut n = "50000".to_string();
    let mut parts = "50".to_string();
    let mut runs = "3".to_string();
    // `--baseline PATH` (the 266-code rows) and `--idle S` (those and the edit loop).
    let (mut baseline, mut idle): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |what: &str| {
            it.next()
                .filter(|v| v.parse::<usize>().is_ok_and(|v| v > 0))
                .cloned()
                .ok_or(format!("{what} takes a positive number"))
        };
        match a.as_str() {
            "--parts" => parts = value("--parts")?,
            "--runs" => runs = value("--runs")?,
            "--baseline" | "--idle" => {
                let value = it.next().ok_or(format!("{a} needs a value"))?;
                let into = if a == "--idle" {
                    &mut idle
                } else {
                    &mut baseline
                };
                *into = vec![a.clone(), value.clone()];
            }
            _ if a.parse::<usize>().is_ok_and(|v| v > 0) => n = a.clone(),
            _ => return Err(format!("unknown argument `{a}`")),
        }
    }
    let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<String>>();
    let load = || {
        std::fs::read_to_string("/proc/loadavg")
            .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
            .unwrap_or_default()
    };
    println!(
        "## {n} codes in {parts} parts: lint, one file against the parts (load {})\n",
        load()
    );
    bench_parts::run(&strings(&[&n, "--parts", &parts, "--runs", &runs]))?;
    println!(
        "\n## generate, every target, the recipe in {parts} parts (load {})\n",
        load()
    );
    bench_outputs::run(&strings(&[
        &n, "--recipe", "--parts", &parts, "--runs", &runs,
    ]))?;
    println!(
        "\n## an edit to one part, then generate --only rust (load {})\n",
        load()
    );
    // The edit loop takes `--idle` as the 266-code rows do: it is the run after a pause.
    bench_incr::run(
        &[
            strings(&[&n, "--parts", &parts, "--runs", &runs]),
            idle.clone(),
        ]
        .concat(),
    )?;
    println!(
        "\n## 266 codes (the scale catalogue), every target and the Rust module, as a process (load {})\n",
        load()
    );
    let small_runs = (runs.parse::<usize>().unwrap_or(3) * 7).to_string();
    let small = [baseline, idle].concat();
    bench_outputs::run(&[strings(&["266", "--runs", &small_runs]), small.clone()].concat())?;
    println!(
        "\n## 266 codes, the edit loop: one message edited, then generate over the outputs (load {})\n",
        load()
    );
    bench_outputs::run(&[strings(&["266", "--runs", &small_runs, "--edit"]), small].concat())
}

fn usage() -> ExitCode {
    eprintln!(
        "usage: xtask scale N [OUT] [--recipe] [--parts P] | baseline N|FILE DIR | bench-load [N|FILE...] | bench-generate [N|FILE...] | bench-outputs [N|FILE...] [--runs R] [--per-target] [--recipe] [--parts P] [--edit] [--errdex PATH] [--baseline PATH] [--idle S] | bench-tsc [N|FILE...] | bench-go [N|FILE...] | bench-rust [N|FILE...] | bench-consumer [N...] | bench-book [N...] | bench-usage [--codes N] ... | bench-parts [N] [--parts P] [--runs R] [--idle S] | bench-incr [N] [--parts P] [--runs R] [--idle S] | bench-registry [N] [--parts P] [--runs R] [--baseline PATH] [--idle S] | dump N|FILE DIR"
    );
    ExitCode::from(64)
}

/// Median of `runs` timings of `f`, in microseconds.
/// One timed run: wall and process CPU time (all threads), in µs.
#[derive(Debug, Clone, Copy)]
struct Sample {
    wall: f64,
    cpu: f64,
}

impl Sample {
    fn of(f: impl FnOnce()) -> Sample {
        let cpu = || {
            let t = rustix::time::clock_gettime(rustix::time::ClockId::ProcessCPUTime);
            t.tv_sec as f64 * 1e6 + t.tv_nsec as f64 / 1e3
        };
        let (c, t) = (cpu(), Instant::now());
        f();
        Sample {
            wall: t.elapsed().as_secs_f64() * 1e6,
            cpu: cpu() - c,
        }
    }
}

fn median_us(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut v: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn bench_load(inputs: &[input::Input]) -> Result<(), String> {
    println!("| catalogue | codes | YAML parse alone (µs) | load + validate (µs) | ratio |");
    println!("|---|---:|---:|---:|---:|");
    for input in inputs {
        let n = input.catalogue()?.errors.len();
        let src = &input.src;
        let runs = if src.len() >= 2_000_000 { 15 } else { 51 };
        let parse = median_us(runs, || {
            let v: serde_json::Value = serde_saphyr::from_str(src).expect("valid YAML");
            std::hint::black_box(v);
        });
        let load = median_us(runs, || {
            let l = errdex_codegen::load_str(src, &input.file);
            assert!(l.catalogue.is_some(), "{:?}", l.diagnostics.first());
            std::hint::black_box(l);
        });
        println!(
            "| {} | {n} | {parse:.0} | {load:.0} | {:.2} |",
            input.label,
            load / parse
        );
    }
    Ok(())
}

/// Every stage of `errdex generate`, in process, against the YAML parse alone.
///
/// "generate" is what `errdex generate` does (load + validate + docs, TypeScript and
/// schemas, through `write::generate`); "build.rs" is what the generated crate's build
/// script does (load + validate + the Rust target).
fn bench_generate(inputs: &[input::Input]) -> Result<(), String> {
    use errdex_codegen::emit;
    println!(
        "| catalogue | codes | YAML parse (ms) | load+validate (ms) | markdown (ms) | typescript (ms) | python (ms) | json schema (ms) | openapi (ms) | rust (ms) | paired parse (ms) | generate (ms) | generate / parse | generate / parse, CPU | build.rs (ms) | build.rs / parse |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for input in inputs {
        let src = input.src.as_str();
        let file = input.file.as_str();
        let runs = if src.len() >= 2_000_000 { 11 } else { 41 };
        let cat = input.catalogue()?;
        let n = cat.errors.len();
        let ms = |us: f64| us / 1000.0;
        let parse = median_us(runs, || {
            let v: serde_json::Value = serde_saphyr::from_str(src).expect("valid YAML");
            std::hint::black_box(v);
        });
        let load = median_us(runs, || {
            std::hint::black_box(errdex_codegen::load_str(src, file));
        });
        let md = median_us(runs, || {
            std::hint::black_box(emit::markdown::emit(&cat));
        });
        let ts = median_us(runs, || {
            std::hint::black_box(emit::typescript::emit(&cat));
        });
        let py = median_us(runs, || {
            std::hint::black_box(emit::python::emit(&cat));
        });
        let js = median_us(runs, || {
            std::hint::black_box(emit::json_schema::emit(&cat));
        });
        let oa = median_us(runs, || {
            std::hint::black_box(emit::openapi::emit(&cat));
        });
        let rs = median_us(runs, || {
            std::hint::black_box(emit::rust::emit(&cat, &Default::default()));
        });
        // The whole runs are paired with a parse in the same round, so that a change in the
        // machine's load between rounds moves both: the ratios are medians of per-round
        // ratios. CPU time counts every thread of the process.
        let mut rounds: Vec<[Sample; 3]> = (0..runs)
            .map(|_| {
                let parse = Sample::of(|| {
                    let v: serde_json::Value = serde_saphyr::from_str(src).expect("valid YAML");
                    std::hint::black_box(v);
                });
                let generate = Sample::of(|| {
                    let c = errdex_codegen::load_str(src, file)
                        .catalogue
                        .expect("valid");
                    let out =
                        errdex_codegen::write::generate(&c, &errdex_codegen::Settings::default());
                    std::hint::black_box(out);
                });
                let build_rs = Sample::of(|| {
                    let c = errdex_codegen::load_str(src, file)
                        .catalogue
                        .expect("valid");
                    std::hint::black_box(emit::rust::emit(&c, &Default::default()));
                });
                [parse, generate, build_rs]
            })
            .collect();
        let med = |f: &dyn Fn(&[Sample; 3]) -> f64| {
            let mut v: Vec<f64> = rounds.iter().map(f).collect();
            v.sort_by(f64::total_cmp);
            v[v.len() / 2]
        };
        let generate = med(&|r| r[1].wall);
        let gen_ratio = med(&|r| r[1].wall / r[0].wall);
        let gen_cpu = med(&|r| r[1].cpu / r[0].cpu);
        let build_rs = med(&|r| r[2].wall);
        let rs_ratio = med(&|r| r[2].wall / r[0].wall);
        let paired_parse = med(&|r| r[0].wall);
        rounds.clear();
        println!(
            "| {} | {n} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} |",
            input.label,
            ms(parse),
            ms(load),
            ms(md),
            ms(ts),
            ms(py),
            ms(js),
            ms(oa),
            ms(rs),
            ms(paired_parse),
            ms(generate),
            gen_ratio,
            gen_cpu,
            ms(build_rs),
            rs_ratio
        );
    }
    Ok(())
}
