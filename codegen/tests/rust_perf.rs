//! Performance budget of the generated crate at 10,000 codes (issue 7): release build
//! time and rustc peak memory of the generated crate, `from_str` and accessor speed.
//! Run with `cargo test -p errdex-codegen --release --test rust_perf -- --ignored --nocapture`.
#![allow(clippy::unwrap_used)]

mod rust_support;

use std::time::Instant;

use errdex_codegen::emit::rust::{RustOptions, emit};
use rust_support::harness::{Source, TestCrate};

const BENCH_MAIN: &str = r#"
use errdex_rt_perf::*;
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let keys: Vec<String> = ErrorCode::ALL.iter().map(|c| c.as_str().to_string()).collect();
    let legacy: Vec<String> = ErrorCode::ALL.iter().map(|c| c.legacy_codes().next().unwrap().to_string()).collect();
    let rounds = 50;
    let t = Instant::now();
    let mut hits = 0usize;
    for _ in 0..rounds {
        for k in keys.iter().chain(&legacy) {
            if black_box(k.as_str()).parse::<ErrorCode>().is_ok() { hits += 1; }
        }
    }
    let from_str_ns = t.elapsed().as_nanos() as f64 / (rounds * keys.len() * 2) as f64;
    assert_eq!(hits, rounds * keys.len() * 2);
    let t = Instant::now();
    let mut acc = 0u64;
    for _ in 0..rounds {
        for c in ErrorCode::ALL {
            let c = black_box(*c);
            acc += c.http_status() as u64 + c.exit_code() as u64 + c.as_str().len() as u64;
        }
    }
    let accessor_ns = t.elapsed().as_nanos() as f64 / (rounds * ErrorCode::ALL.len() * 3) as f64;
    black_box(acc);
    let t = Instant::now();
    let mut misses = 0usize;
    for _ in 0..rounds {
        for k in &keys {
            if black_box(&k[1..]).parse::<ErrorCode>().is_err() { misses += 1; }
        }
    }
    let miss_ns = t.elapsed().as_nanos() as f64 / (rounds * keys.len()) as f64;
    assert_eq!(misses, rounds * keys.len());
    println!("{{\"from_str_ns\": {from_str_ns:.2}, \"miss_ns\": {miss_ns:.2}, \"accessor_ns\": {accessor_ns:.2}}}");
}
"#;

#[test]
#[ignore = "slow: builds a 10,000-code crate in release; run explicitly"]
fn ten_thousand_codes_within_budget() {
    let cat = rust_support::big(10_000);
    let t = Instant::now();
    let text = emit(&cat, &RustOptions::default());
    eprintln!("emit: {:?}, {} bytes", t.elapsed(), text.len());
    let krate = TestCrate::new("errdex-rt-perf", Source::Text(&text), BENCH_MAIN);
    // Dependencies first, so the timing below is the generated crate alone.
    krate.run(&["build", "--release", "-q", "--lib"], &[]);
    std::fs::write(krate.dir.join("src/generated.rs"), format!("{text}\n")).unwrap();
    let mut failures: Vec<String> = Vec::new();
    let time_log = krate.dir.join("rustc-time.txt");
    let t = Instant::now();
    let wrapper = which_time();
    let mut envs = vec![];
    let wrapper_script = krate.dir.join("time-rustc.sh");
    if let Some(time) = &wrapper {
        std::fs::write(
            &wrapper_script,
            format!(
                "#!/bin/sh\nexec {time} -a -o {} -f '%M %e %U %S %C' \"$@\"\n",
                time_log.display()
            ),
        )
        .unwrap();
        std::process::Command::new("chmod")
            .arg("+x")
            .arg(&wrapper_script)
            .status()
            .unwrap();
        envs.push(("RUSTC_WRAPPER", wrapper_script.to_str().unwrap()));
    }
    let _ = std::fs::remove_file(&time_log);
    krate.run(&["build", "--release", "-q", "--lib"], &envs);
    let build = t.elapsed();
    eprintln!("release build of the generated crate: {build:?}");
    if wrapper.is_some() {
        let log = std::fs::read_to_string(&time_log).unwrap_or_default();
        eprintln!("rustc runs (peak KiB, seconds, command):\n{log}");
        for line in log.lines().filter(|l| l.contains("errdex_rt_perf")) {
            let f: Vec<&str> = line.split_whitespace().collect();
            let kib: u64 = f[0].parse().unwrap();
            // CPU time (user + sys) rather than wall time: the machine may be shared.
            let cpu: f64 = f[2].parse::<f64>().unwrap() + f[3].parse::<f64>().unwrap();
            eprintln!(
                "rustc of the generated crate: peak {} MiB, cpu {cpu:.2} s",
                kib / 1024
            );
            if kib > 500 * 1024 {
                failures.push(format!("rustc peak {kib} KiB > 500 MiB"));
            }
            if cpu > 3.0 {
                failures.push(format!("rustc cpu time {cpu:.2} s > 3 s (wall {build:?})"));
            }
        }
    }
    let out = krate.run(&["run", "--release", "-q", "--bin", "errdex-rt-perf"], &[]);
    eprintln!("{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    if v["from_str_ns"].as_f64().unwrap() > 25.0 {
        failures.push(format!("from_str too slow: {v}"));
    }
    if v["accessor_ns"].as_f64().unwrap() > 3.0 {
        failures.push(format!("accessors too slow: {v}"));
    }
    assert!(failures.is_empty(), "over budget: {failures:#?}");
}

fn which_time() -> Option<String> {
    let p = "/usr/bin/time";
    std::path::Path::new(p).exists().then(|| p.to_string())
}
