//! `cargo xtask bench-incr [N] [--parts P] [--runs R] [--errdex PATH] [--idle S]`: the edit loop of a
//! catalogue in many files. The scale catalogue of N codes (default 50,000) in P parts
//! (default 50, as `bench-parts` splits it), with the large-catalogue recipe
//! (`rust: {constructors: false, namespace_enums: false}`), timed as processes of the
//! release `errdex`, alternately in one run:
//!
//! - `errdex lint` of the split catalogue;
//! - `generate --only rust --no-cache` (what every run cost before the parse cache);
//! - cold: `generate --only rust` with an empty cache folder;
//! - warm: `generate --only rust` after an edit to one part (one code's message changed),
//!   the other parts' trees in the cache.
//!
//! `--idle S`: a pause of S seconds before each timed process (what a user who has just
//! edited a part waits for; see `bench-outputs --idle`).
//!
//! Every warm module is compared with the no-cache module of the same text (the cache must
//! never change the bytes). Then one load and one emission in process, by stage: the parts'
//! YAML parse alone, the whole load (parse and validation), the Rust emitter.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use errdex_codegen::catalogue;
use errdex_codegen::emit::rust::RustOptions;

use crate::bench_rust::median;
use crate::scale::write_split;
use crate::workspace::target_dir;
use crate::workspace::write;

pub fn run(args: &[String]) -> Result<(), String> {
    let crate::bench_parts::PartsArgs {
        n,
        parts,
        runs,
        errdex,
        idle,
    } = crate::bench_parts::PartsArgs::parse(args)?;
    let dir = target_dir().join("bench-incr");
    let root = dir.join("errors.yaml");
    let text = recipe(&crate::scale::catalogue(n))?;
    write_split(&text, parts, &root)?;
    let edited = dir.join(format!("parts/p{:03}.yaml", parts / 2));
    let original = std::fs::read_to_string(&edited).map_err(|e| e.to_string())?;
    let cache = dir.join("cache");
    let (cached_rs, plain_rs) = (dir.join("cached.rs"), dir.join("plain.rs"));

    let (mut lint, mut plain, mut cold, mut warm) = (vec![], vec![], vec![], vec![]);
    for run in 0..runs {
        let _ = std::fs::remove_dir_all(&cache);
        lint.push(time(&errdex, &["lint".as_ref(), root.as_os_str()], idle)?);
        let generate = |out: &Path, cache_args: &[&std::ffi::OsStr]| {
            let mut a: Vec<&std::ffi::OsStr> = vec![
                "generate".as_ref(),
                "--only".as_ref(),
                "rust".as_ref(),
                "--catalogue".as_ref(),
                root.as_os_str(),
                "--rust-file".as_ref(),
                out.as_os_str(),
            ];
            a.extend_from_slice(cache_args);
            time(&errdex, &a, idle)
        };
        plain.push(generate(&plain_rs, &["--no-cache".as_ref()])?);
        cold.push(generate(
            &cached_rs,
            &["--cache-dir".as_ref(), cache.as_os_str()],
        )?);
        // One code's message edited (a different text each run), the other parts cached.
        write(&edited, &edit(&original, run + 1)?)?;
        warm.push(generate(
            &cached_rs,
            &["--cache-dir".as_ref(), cache.as_os_str()],
        )?);
        generate(&plain_rs, &["--no-cache".as_ref()])?;
        if std::fs::read(&cached_rs).ok() != std::fs::read(&plain_rs).ok() {
            return Err("the module generated with the cache differs from the one without".into());
        }
        write(&edited, &original)?;
    }
    let (l, p, c, w) = (median(lint), median(plain), median(cold), median(warm));
    println!(
        "errdex, {n} codes in {parts} parts, rust: {{constructors: false, namespace_enums: false}}, \
         medians of {runs} alternating runs{} ({})",
        crate::bench_parts::after_pause(idle),
        errdex.display()
    );
    println!("  lint                                  {l:8.1} ms");
    println!(
        "  generate --only rust, no cache        {p:8.1} ms   ({:.2}x lint)",
        p / l
    );
    println!(
        "  generate --only rust, cold cache      {c:8.1} ms   ({:.2}x no cache)",
        c / p
    );
    println!(
        "  generate --only rust, one part edited {w:8.1} ms   ({:.2}x no cache, {:.2}x lint)",
        w / p,
        w / l
    );
    stages(&root)
}

/// The scale catalogue with the README's large-catalogue recipe for the Rust target.
fn recipe(text: &str) -> Result<String, String> {
    let (head, errors) = text
        .split_once("\nerrors:\n")
        .ok_or("the scale catalogue has no errors section")?;
    if head.lines().any(|l| l.starts_with("rust:")) {
        return Err("the scale catalogue already has a rust: section".into());
    }
    Ok(format!(
        "{head}\nrust:\n  constructors: false\n  namespace_enums: false\nerrors:\n{errors}"
    ))
}

/// `part` with its first `message:` changed (marked with `run`).
fn edit(part: &str, run: usize) -> Result<String, String> {
    let at = part
        .find("message: \"")
        .ok_or("no message in the edited part")?;
    let at = at + "message: \"".len();
    Ok(format!("{}edited {run} {}", &part[..at], &part[at..]))
}

/// One run of `errdex` with `args`, after a pause of `idle`, in ms.
fn time(errdex: &Path, args: &[&std::ffi::OsStr], idle: Duration) -> Result<f64, String> {
    std::thread::sleep(idle);
    let start = Instant::now();
    let out = Command::new(errdex)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| e.to_string())?;
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    if !out.status.success() {
        return Err(format!(
            "errdex {args:?} failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
                .chars()
                .take(4000)
                .collect::<String>()
        ));
    }
    Ok(ms)
}

/// Where one `generate --only rust` goes, in process: the parts' YAML parse alone, the
/// whole load (reads, parse, validation) without the cache, filling it, and with every
/// part's tree in it, and the Rust emitter.
fn stages(root: &Path) -> Result<(), String> {
    let dir = root.parent().ok_or("no folder")?;
    let mut texts = Vec::new();
    for entry in std::fs::read_dir(dir.join("parts")).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        texts.push(std::fs::read_to_string(&path).map_err(|e| e.to_string())?);
    }
    let limits = catalogue::Limits::default();
    let t = Instant::now();
    for text in &texts {
        let _ = catalogue::parse(text, &limits);
    }
    let parse = t.elapsed().as_secs_f64() * 1000.0;
    let t = Instant::now();
    let loaded = catalogue::load_path(root).map_err(|e| e.to_string())?;
    let load = t.elapsed().as_secs_f64() * 1000.0;
    let cat = loaded.catalogue.ok_or("the catalogue does not load")?;
    let cache = catalogue::TreeCache::new(root.with_file_name("stages-cache"));
    let _ = std::fs::remove_dir_all(cache.dir());
    let warm = |cache: &catalogue::TreeCache| -> Result<f64, String> {
        let bytes = std::fs::read(root).map_err(|e| e.to_string())?;
        let t = Instant::now();
        let loaded = catalogue::load_registry_cached(
            &bytes,
            &root.display().to_string(),
            root,
            &catalogue::Disk::beside(root),
            &catalogue::FileSystem,
            cache,
        );
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        loaded.catalogue.ok_or("the catalogue does not load")?;
        Ok(ms)
    };
    let cold = warm(&cache)?;
    let hit = catalogue::TreeCache::new(cache.dir());
    let warm = warm(&hit)?;
    let (hits, misses) = hit.stats();
    let t = Instant::now();
    let module = errdex_codegen::emit::rust::emit(&cat, &RustOptions::default());
    let emit = t.elapsed().as_secs_f64() * 1000.0;
    println!("  in process, one run each:");
    println!("    parts' YAML parse alone (one thread) {parse:8.1} ms");
    println!("    load: read, parse, validate          {load:8.1} ms");
    println!("    load, filling an empty parse cache   {cold:8.1} ms");
    println!(
        "    load, every part's tree cached       {warm:8.1} ms   ({hits} hits, {misses} misses)"
    );
    println!(
        "    Rust emitter                         {emit:8.1} ms   ({:.1} MiB)",
        module.len() as f64 / (1024.0 * 1024.0)
    );
    Ok(())
}
