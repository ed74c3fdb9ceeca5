//! `cargo xtask bench-consumer [N...] [--runs R] [--cold-runs C] [--keep] [--ways W,...]
//! [--without constructors,namespace_enums]`: issue 17's
//! measurements of what a Rust consumer waits for, in crates made outside the workspace the
//! way the README says (default N = 266 and 10,000 codes, R = 5, C = 3).
//!
//! Three consumer crates in a temporary directory, each with its own target dir, a path
//! dependency on this checkout's `errdex-codegen` where it has one, and default cargo
//! profiles unless said otherwise:
//!
//! - `build-dep`: the README's `build.rs` recipe (`errdex-codegen` as a build dependency with
//!   `default-features = false, features = ["rust"]`, `include!` from `OUT_DIR`);
//! - `build-dep-opt`: the same plus the profile lines `errdex init` prints
//!   ([`PROFILE_RECIPE`]: the generator's crates optimized, everything else as before);
//! - `build-dep-o1`: the README recipe plus `[profile.dev.build-override] opt-level = 1`
//!   (every build script and proc macro of the graph at opt-level 1), the alternative;
//! - `committed`: no build script; `src/errors.rs` is written by the release binary of this
//!   checkout with the README's edit-loop command ([`COMMITTED_EDIT`]: the Rust module alone)
//!   and committed; dependencies `serde` and `serde_json` only.
//!
//! Measured, wall clock, medians:
//! 1. cold `cargo build` (debug) with the N = first size catalogue: the target dir removed,
//!    dependencies already downloaded (`cargo fetch` first, not timed), C times;
//! 2. edit → rebuild for every N: a summary of one code changed in `errors.yaml` (a real
//!    change: the generated module differs), then `cargo build` — for `committed`,
//!    [`COMMITTED_EDIT`] and then `cargo build`, timed together — R times;
//! 3. the build script alone (the binary cargo built, run R times with `OUT_DIR` set), to
//!    split the build.rs figure into the script and the crate's compile.
//!
//! The machine's load average is printed before and after. Everything is removed at the end
//! unless `--keep`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use crate::bench_rust::median;
use crate::scale;
use crate::workspace::write;
use crate::workspace::{release_errdex, workspace_root};

/// The profile lines `errdex init` prints for the build.rs way (kept equal to
/// `cli/src/cmd/init.rs`'s; a test there checks it).
pub const PROFILE_RECIPE: &str = "[profile.dev.package.errdex-codegen]
opt-level = 3
[profile.dev.package.serde-saphyr]
opt-level = 3
[profile.dev.package.granit-parser]
opt-level = 3
";

/// The command the README and `errdex init` give for the committed way's edit loop (after
/// `errdex`; a test checks both show it).
pub const COMMITTED_EDIT: [&str; 4] = ["generate", "--only", "rust", "--rust-file src/errors.rs"];

struct Args {
    sizes: Vec<usize>,
    runs: usize,
    cold_runs: usize,
    keep: bool,
    /// `--without constructors,namespace_enums`: the `rust:` items the catalogues leave out.
    without: Vec<String>,
    /// `--ways build-dep-opt,committed`: only these consumers (default: all four).
    ways: Vec<Way>,
}

/// The catalogue of `n` codes, with `rust: {<item>: false}` for each item of `without`.
fn catalogue(n: usize, without: &[String]) -> String {
    let mut text = scale::catalogue(n);
    if !without.is_empty() {
        text.push_str("\nrust:\n");
        for item in without {
            text.push_str(&format!("  {item}: false\n"));
        }
    }
    text
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        sizes: vec![],
        runs: 5,
        cold_runs: 3,
        keep: false,
        without: vec![],
        ways: Way::ALL.to_vec(),
    };
    let mut it = args.iter();
    let positive = |v: Option<&String>, flag: &str| {
        v.and_then(|r| r.parse().ok())
            .filter(|&r: &usize| r > 0)
            .ok_or(format!("{flag} needs a positive number"))
    };
    while let Some(s) = it.next() {
        match s.as_str() {
            "--runs" => a.runs = positive(it.next(), "--runs")?,
            "--cold-runs" => a.cold_runs = positive(it.next(), "--cold-runs")?,
            "--keep" => a.keep = true,
            "--without" => {
                let v = it
                    .next()
                    .ok_or("--without needs constructors and/or namespace_enums")?;
                for item in v.split(',') {
                    if !["constructors", "namespace_enums"].contains(&item) {
                        return Err(format!("--without: not a `rust:` item: {item}"));
                    }
                    a.without.push(item.to_string());
                }
            }
            "--ways" => {
                let v = it.next().ok_or("--ways needs a list of ways")?;
                a.ways = v
                    .split(',')
                    .map(|w| {
                        Way::ALL
                            .into_iter()
                            .find(|x| x.label() == w)
                            .ok_or(format!("--ways: not a way: {w}"))
                    })
                    .collect::<Result<_, _>>()?;
            }
            n => a.sizes.push(
                n.parse()
                    .map_err(|_| format!("not a number of codes: {n}"))?,
            ),
        }
    }
    if a.sizes.is_empty() {
        a.sizes = vec![266, 10_000];
    }
    Ok(a)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Way {
    BuildDep,
    BuildDepOpt,
    BuildDepO1,
    Committed,
}

impl Way {
    const ALL: [Way; 4] = [
        Way::BuildDep,
        Way::BuildDepOpt,
        Way::BuildDepO1,
        Way::Committed,
    ];

    fn label(self) -> &'static str {
        match self {
            Way::BuildDep => "build-dep",
            Way::BuildDepOpt => "build-dep-opt",
            Way::BuildDepO1 => "build-dep-o1",
            Way::Committed => "committed",
        }
    }
}

struct Consumer {
    way: Way,
    dir: PathBuf,
    errdex: PathBuf,
}

fn cargo() -> Command {
    let mut c = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    c.env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("CARGO_BUILD_TARGET_DIR")
        .env_remove("CARGO_PROFILE_DEV_OPT_LEVEL")
        .env_remove("CARGO_INCREMENTAL");
    c
}

fn run(mut c: Command, what: &str) -> Result<(), String> {
    let out = c.output().map_err(|e| format!("cannot run {what}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{what} failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(())
}

/// Marks the line `/usr/bin/time` adds to stderr.
const TIME_MARK: &str = "@@errdex-time";

/// Runs `c` under `/usr/bin/time`; returns the CPU seconds (user + sys) of it and all its
/// children (rustc, the build script), which the machine's load changes far less than wall
/// time.
fn run_cpu(c: &Command, what: &str) -> Result<f64, String> {
    let mut t = Command::new("/usr/bin/time");
    t.arg("-f")
        .arg(format!("{TIME_MARK} %U %S"))
        .arg(c.get_program())
        .args(c.get_args());
    if let Some(dir) = c.get_current_dir() {
        t.current_dir(dir);
    }
    for (k, v) in c.get_envs() {
        match v {
            Some(v) => t.env(k, v),
            None => t.env_remove(k),
        };
    }
    let out = t
        .output()
        .map_err(|e| format!("cannot run /usr/bin/time {what}: {e}"))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!(
            "{what} failed:\n{}{stderr}",
            String::from_utf8_lossy(&out.stdout)
        ));
    }
    let line = stderr
        .lines()
        .rfind(|l| l.starts_with(TIME_MARK))
        .ok_or_else(|| format!("no /usr/bin/time line after {what}"))?;
    Ok(line
        .split_whitespace()
        .skip(1)
        .filter_map(|x| x.parse::<f64>().ok())
        .sum())
}

/// Wall and CPU seconds of one measurement.
#[derive(Debug, Clone, Copy)]
struct Took {
    wall: f64,
    cpu: f64,
}

impl Consumer {
    fn new(root: &Path, way: Way, errdex: &Path, catalogue: &str) -> Result<Consumer, String> {
        let dir = root.join(way.label());
        let codegen = workspace_root().join("codegen");
        let mut manifest = String::from(
            "[package]\nname = \"bench-consumer\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\n\
             [dependencies]\nserde = \"1\"\n\
             serde_json = { version = \"1\", features = [\"preserve_order\"] }\n",
        );
        if way != Way::Committed {
            manifest.push_str(&format!(
                "\n[build-dependencies]\nerrdex-codegen = {{ path = {:?}, default-features = false, features = [\"rust\"] }}\n",
                codegen.display().to_string()
            ));
        }
        if way == Way::BuildDepOpt {
            manifest.push('\n');
            manifest.push_str(PROFILE_RECIPE);
        }
        if way == Way::BuildDepO1 {
            manifest.push_str("\n[profile.dev.build-override]\nopt-level = 1\n");
        }
        // Its own workspace: never a member of an enclosing one.
        manifest.push_str("\n[workspace]\n");
        write(&dir.join("Cargo.toml"), &manifest)?;
        write(&dir.join("errors.yaml"), catalogue)?;
        let lib = if way == Way::Committed {
            "include!(\"errors.rs\");\n"
        } else {
            write(
                &dir.join("build.rs"),
                "fn main() {\n    errdex_codegen::Builder::new(\"errors.yaml\")\n        .generate()\n        .unwrap_or_else(|e| e.exit());\n}\n",
            )?;
            "include!(concat!(env!(\"OUT_DIR\"), \"/errors.rs\"));\n"
        };
        write(&dir.join("src/lib.rs"), lib)?;
        let c = Consumer {
            way,
            dir,
            errdex: errdex.to_path_buf(),
        };
        if way == Way::Committed {
            c.generate()?;
        }
        let mut fetch = c.cargo();
        fetch.arg("fetch");
        run(fetch, "cargo fetch")?;
        Ok(c)
    }

    fn cargo(&self) -> Command {
        let mut c = cargo();
        c.current_dir(&self.dir)
            .env("CARGO_TARGET_DIR", self.dir.join("target"));
        c
    }

    /// `cargo build` (debug); its CPU seconds.
    fn build(&self) -> Result<f64, String> {
        let mut c = self.cargo();
        c.args(["build", "-q"]);
        run_cpu(&c, &format!("cargo build ({})", self.way.label()))
    }

    /// [`COMMITTED_EDIT`]: the README's command after an edit (the Rust module alone).
    fn generate(&self) -> Result<f64, String> {
        let mut c = Command::new(&self.errdex);
        c.args(COMMITTED_EDIT.iter().flat_map(|a| a.split(' ')))
            .arg("--catalogue")
            .arg(self.dir.join("errors.yaml"));
        run_cpu(&c, &format!("errdex {}", COMMITTED_EDIT.join(" ")))
    }

    /// A cold build: the target dir removed first.
    fn cold(&self) -> Result<Took, String> {
        let _ = std::fs::remove_dir_all(self.dir.join("target"));
        let t = Instant::now();
        let cpu = self.build()?;
        Ok(Took {
            wall: t.elapsed().as_secs_f64(),
            cpu,
        })
    }

    /// Edit → rebuild, after a warm build with the current catalogue.
    fn edit_rebuild(&self, round: usize) -> Result<Took, String> {
        let path = self.dir.join("errors.yaml");
        let text = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
        let start = text.find("\nerrors:").ok_or("no errors: section")?;
        let at = start
            + text[start..]
                .find("summary: ")
                .ok_or("no summary in errors:")?
            + "summary: ".len();
        let edited = format!("{}Edit {round} {}", &text[..at], &text[at..]);
        std::fs::write(&path, edited).map_err(|e| e.to_string())?;
        let t = Instant::now();
        let mut cpu = 0.0;
        if self.way == Way::Committed {
            cpu += self.generate()?;
        }
        cpu += self.build()?;
        Ok(Took {
            wall: t.elapsed().as_secs_f64(),
            cpu,
        })
    }

    /// Seconds of the build script alone (the binary cargo built, run with `OUT_DIR` set).
    fn script(&self) -> Result<Option<f64>, String> {
        if self.way == Way::Committed {
            return Ok(None);
        }
        let build = self.dir.join("target/debug/build");
        let bin = std::fs::read_dir(&build)
            .map_err(|e| format!("{}: {e}", build.display()))?
            .flatten()
            .map(|e| e.path().join("build-script-build"))
            .filter(|p| p.exists())
            .max_by_key(|p| p.metadata().and_then(|m| m.modified()).ok())
            .ok_or("no build-script-build")?;
        let out = self.dir.join("target/script-out");
        std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
        // Never the same bytes twice in a row would cost a write; the file is removed first.
        let _ = std::fs::remove_file(out.join("errors.rs"));
        let mut c = Command::new(bin);
        c.env("OUT_DIR", &out).env("CARGO_MANIFEST_DIR", &self.dir);
        let t = Instant::now();
        run(c, "the build script")?;
        Ok(Some(t.elapsed().as_secs_f64()))
    }
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}

fn fmt_runs(v: &[f64]) -> String {
    let parts: Vec<String> = v.iter().map(|x| format!("{x:.2}")).collect();
    format!("{:.2} ({})", median(v.to_vec()), parts.join(", "))
}

/// `wall median (runs) | CPU median` for a table row.
fn fmt_took(v: &[Took]) -> String {
    let wall: Vec<f64> = v.iter().map(|t| t.wall).collect();
    let cpu: Vec<f64> = v.iter().map(|t| t.cpu).collect();
    format!("{} | {:.2}", fmt_runs(&wall), median(cpu))
}

pub fn run_bench(args: &[String]) -> Result<(), String> {
    let a = parse_args(args)?;
    if !Path::new("/usr/bin/time").exists() {
        return Err(
            "/usr/bin/time is missing (Debian: `apt-get install -y time`); it measures cargo's CPU time"
                .into(),
        );
    }
    let errdex = release_errdex()?;
    let root = std::env::temp_dir().join(format!("errdex-bench-consumer-{}", std::process::id()));
    let result = bench(&a, &errdex, &root);
    if a.keep {
        eprintln!("kept {}", root.display());
    } else {
        let _ = std::fs::remove_dir_all(&root);
    }
    result
}

fn bench(a: &Args, errdex: &Path, root: &Path) -> Result<(), String> {
    println!("load average before: {}", loadavg());
    if !a.without.is_empty() {
        println!("catalogues without: {} (`rust:`)", a.without.join(", "));
    }
    let first = catalogue(a.sizes[0], &a.without);
    let consumers: Vec<Consumer> = a
        .ways
        .iter()
        .map(|&way| Consumer::new(root, way, errdex, &first))
        .collect::<Result<_, _>>()?;

    println!(
        "\n| way | cold `cargo build`, {} codes: wall (s), median ({} runs) | CPU (s), median |\n|---|---|---|",
        a.sizes[0], a.cold_runs
    );
    // Interleaved, so a change of the machine's load hits every way alike.
    let mut cold = vec![Vec::new(); consumers.len()];
    for _ in 0..a.cold_runs {
        for (i, c) in consumers.iter().enumerate() {
            cold[i].push(c.cold()?);
        }
    }
    for (c, v) in consumers.iter().zip(&cold) {
        println!("| {} | {} |", c.way.label(), fmt_took(v));
    }
    println!("load average: {}", loadavg());

    println!(
        "\n| codes | way | edit → rebuild: wall (s), median ({} runs) | CPU (s) | the build script alone, wall (s) |\n|---:|---|---|---|---|",
        a.runs
    );
    for &n in &a.sizes {
        let text = catalogue(n, &a.without);
        for c in &consumers {
            write(&c.dir.join("errors.yaml"), &text)?;
            if c.way == Way::Committed {
                c.generate()?;
            }
            c.build()?;
        }
        let mut edit = vec![Vec::new(); consumers.len()];
        let mut script = vec![Vec::new(); consumers.len()];
        for round in 0..a.runs {
            for (i, c) in consumers.iter().enumerate() {
                edit[i].push(c.edit_rebuild(round)?);
                if let Some(s) = c.script()? {
                    script[i].push(s);
                }
            }
        }
        for (i, c) in consumers.iter().enumerate() {
            let s = if script[i].is_empty() {
                "—".to_string()
            } else {
                fmt_runs(&script[i])
            };
            println!("| {n} | {} | {} | {s} |", c.way.label(), fmt_took(&edit[i]));
        }
    }
    println!("load average after: {}", loadavg());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The measured profile is the one `errdex init` prints and the README shows.
    #[test]
    fn profile_recipe_is_the_one_init_and_readme_print() {
        let root = workspace_root();
        let init = std::fs::read_to_string(root.join("cli/src/cmd/init.rs")).expect("init.rs");
        let indented: String = PROFILE_RECIPE
            .lines()
            .map(|l| format!("    {l}\n"))
            .collect();
        assert!(
            init.contains(&indented),
            "init.rs does not print:\n{indented}"
        );
        let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
        assert!(
            readme.contains(PROFILE_RECIPE),
            "README.md does not show:\n{PROFILE_RECIPE}"
        );
    }

    /// The committed way is timed with the command the README and `errdex init` recommend.
    #[test]
    fn committed_edit_is_the_one_init_and_readme_recommend() {
        let root = workspace_root();
        let command = format!("errdex {}", COMMITTED_EDIT.join(" "));
        for file in ["README.md", "cli/src/cmd/init.rs"] {
            let text = std::fs::read_to_string(root.join(file)).expect(file);
            assert!(text.contains(&command), "{file} does not show `{command}`");
        }
    }
}
