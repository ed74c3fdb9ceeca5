//! `bench-book [N...] [--layouts namespace,code] [--runs R] [--search-only]`: the reference
//! book of a scale catalogue, built with mdBook and searched in Chromium.
//!
//! For each size N (default 10,000) and layout (`docs.layout`, default `namespace` and
//! `code`): the scale catalogue with that layout, its Markdown (errdex's emitter, median of
//! three), `mdbook build` once (wall and CPU time of mdbook, the output's size, the search
//! index's), then `tools/node/search-book.mjs`: a code found by its number, its NAME and the
//! words of its summary, each R times (default 5) in a fresh Chromium (cold: navigation to
//! the first result, index fetched from a local server and parsed) and then typed again
//! with the index loaded (warm). `--search-only` searches the books a previous run built
//! (mdbook's figures are then left out). Writes under `<target dir>/bench-book/<layout>-<N>/`; needs
//! mdbook (PATH or ~/.cargo/bin), node, `tools/node` installed and Chromium.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use crate::bench_rust::median;
use crate::bench_tsc::children_cpu;
use crate::scale;
use crate::workspace::workspace_root;

struct Config {
    sizes: Vec<usize>,
    layouts: Vec<String>,
    runs: usize,
    search_only: bool,
}

fn config(args: &[String]) -> Result<Config, String> {
    let mut c = Config {
        sizes: Vec::new(),
        layouts: vec!["namespace".into(), "code".into()],
        runs: 5,
        search_only: false,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--layouts" => {
                c.layouts = it
                    .next()
                    .ok_or("--layouts needs a list")?
                    .split(',')
                    .map(str::to_string)
                    .collect();
            }
            "--search-only" => c.search_only = true,
            "--runs" => {
                c.runs = it
                    .next()
                    .and_then(|v| v.parse().ok())
                    .ok_or("--runs needs a number")?;
            }
            n => c
                .sizes
                .push(n.parse().map_err(|_| format!("not a size: {n}"))?),
        }
    }
    if c.sizes.is_empty() {
        c.sizes.push(10_000);
    }
    Ok(c)
}

fn mdbook() -> Result<PathBuf, String> {
    let mut candidates = vec![PathBuf::from("mdbook")];
    if let Some(home) = std::env::var_os("HOME") {
        candidates.push(Path::new(&home).join(".cargo/bin/mdbook"));
    }
    candidates
        .into_iter()
        .find(|c| {
            Command::new(c)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
        .ok_or_else(|| "mdbook not found (cargo install --locked mdbook)".to_string())
}

fn dir_size(p: &Path) -> u64 {
    std::fs::read_dir(p)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| {
            let p = e.path();
            if p.is_dir() {
                dir_size(&p)
            } else {
                e.metadata().map_or(0, |m| m.len())
            }
        })
        .sum()
}

pub fn run(args: &[String]) -> Result<(), String> {
    let c = config(args)?;
    let mdbook = mdbook()?;
    let root = workspace_root();
    let script = root.join("tools/node/search-book.mjs");
    println!(
        "| codes | layout | emit (median of 3) | mdbook wall / CPU | book | search index | query | rank | cold: page (DOMContentLoaded) / first result (medians of {}) | warm (median) |",
        c.runs
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for &n in &c.sizes {
        for layout in &c.layouts {
            let work = crate::workspace::target_dir()
                .join("bench-book")
                .join(format!("{}-{n}", layout.replace('/', "-")));
            if !c.search_only {
                let _ = std::fs::remove_dir_all(&work);
            }
            let src = format!("{}docs:\n  layout: {layout}\n", scale::catalogue(n));
            let loaded = errdex_codegen::load_str(&src, "errors.yaml");
            let cat = loaded.catalogue.ok_or_else(|| {
                format!(
                    "the scale catalogue of {n} codes does not load: {:?}",
                    loaded.diagnostics
                )
            })?;
            let book = work.join("book");
            let (emit, wall, cpu) = if c.search_only {
                if !book.join("index.html").exists() {
                    return Err(format!("--search-only: no book at {}", book.display()));
                }
                (f64::NAN, f64::NAN, f64::NAN)
            } else {
                build(&mdbook, &cat, &work)?
            };
            // A code in the middle of the catalogue, by number, NAME and summary words.
            let (name, code, _) = scale::entry(n, n * 42 / 100);
            let e = cat
                .errors
                .iter()
                .find(|e| e.name == name)
                .ok_or("the code is not there")?;
            let page = errdex_codegen::support::book::search_address(&cat, e);
            let expect = match &page.fragment {
                Some(f) => format!("{}.html#{f}", page.page),
                None => format!("{}.html", page.page),
            };
            let number = code.rsplit('-').next().unwrap_or(&code).to_string();
            let words = e.summary.trim_start_matches("The ").to_lowercase();
            let queries = serde_json::json!([
                {"label": "number", "query": number, "expect": expect},
                {"label": "code", "query": code, "expect": expect},
                {"label": "NAME", "query": name, "expect": expect},
                {"label": "summary words", "query": words, "expect": expect},
            ]);
            let qfile = work.join("queries.json");
            std::fs::write(&qfile, queries.to_string()).map_err(|e| e.to_string())?;
            let search = Command::new("node")
                .arg(&script)
                .arg(&book)
                .arg(&qfile)
                .arg(c.runs.to_string())
                .output()
                .map_err(|e| format!("node: {e}"))?;
            let log = String::from_utf8_lossy(&search.stdout).to_string();
            if search.status.code() == Some(2) || log.is_empty() {
                return Err(format!(
                    "search-book.mjs could not run:\n{log}{}",
                    String::from_utf8_lossy(&search.stderr)
                ));
            }
            let lines: Vec<serde_json::Value> = log
                .lines()
                .filter_map(|l| serde_json::from_str(l).ok())
                .collect();
            let index = lines
                .iter()
                .find_map(|l| l["index_bytes"].as_u64())
                .unwrap_or(0);
            for l in lines.iter().filter(|l| l.get("label").is_some()) {
                println!(
                    "| {n} | {layout} | {:.2} s | {wall:.1} s / {cpu:.1} s | {:.0} MB | {:.1} MB | {} `{}` | {} of {} | {} / {} ms | {} ms |",
                    emit,
                    dir_size(&book) as f64 / 1e6,
                    index as f64 / 1e6,
                    l["label"].as_str().unwrap_or(""),
                    l["query"].as_str().unwrap_or(""),
                    l["rank"],
                    l["results"],
                    l["page_load_median_ms"],
                    l["cold_median_ms"],
                    l["warm_median_ms"],
                );
            }
            if !search.status.success() {
                return Err(format!("a query did not find its code:\n{log}"));
            }
        }
    }
    Ok(())
}

/// The catalogue's Markdown (timed, median of three) written under `work/docs-site`, built
/// with mdbook into `work/book` (timed once: wall and mdbook's CPU).
fn build(
    mdbook: &Path,
    cat: &errdex_codegen::Catalogue,
    work: &Path,
) -> Result<(f64, f64, f64), String> {
    let mut files = Vec::new();
    let emit = median(
        (0..3)
            .map(|_| {
                let t = Instant::now();
                files = errdex_codegen::emit::markdown::emit(cat);
                t.elapsed().as_secs_f64()
            })
            .collect(),
    );
    let docs = work.join("docs-site");
    for (rel, text) in &files {
        let p = docs.join(rel);
        std::fs::create_dir_all(p.parent().expect("a parent")).map_err(|e| e.to_string())?;
        std::fs::write(&p, text).map_err(|e| format!("{}: {e}", p.display()))?;
    }
    let cpu0 = children_cpu()?;
    let t = Instant::now();
    let out = Command::new(mdbook)
        .arg("build")
        .arg(&docs)
        .arg("--dest-dir")
        .arg(work.join("book"))
        .env("NO_COLOR", "1")
        .output()
        .map_err(|e| format!("mdbook: {e}"))?;
    let wall = t.elapsed().as_secs_f64();
    let cpu = children_cpu()? - cpu0;
    if !out.status.success() {
        return Err(format!(
            "mdbook build failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok((emit, wall, cpu))
}
