//! `errdex diff OLD NEW` and `errdex diff --against-git REV [PATH]`: every change between two
//! catalogue versions, breaking or compatible (the rules: `errdex_codegen::diff`).
//!
//! Output: the report on stdout (human, grouped by code, breaking first; or one JSON object
//! with `--format json`). Exit status: 0 when nothing is breaking (compatible findings
//! included); EDX1005's exit code when something is; EDX1001 when a file cannot be read;
//! EDX1007 when git cannot provide the old version; the first error's code when a
//! catalogue is invalid (its diagnostics printed as `errdex lint` prints them).

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use errdex_codegen::{Catalogue, Severity, diag, diff};

use crate::Format;
use errdex_errors::ErrorCode;

use crate::fail::{self, Failure};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  errdex diff old/errors.yaml errors.yaml\n  \
                        errdex diff --against-git main\n  \
                        errdex diff --against-git v1.2.0 api/errors.yaml --format json"
)]
pub struct Args {
    /// OLD and NEW catalogues; with --against-git, only the catalogue in the working tree
    /// (default: errors.yaml).
    #[arg(value_name = "PATH", num_args = 0..=2)]
    pub paths: Vec<PathBuf>,
    /// Read the old catalogue from this git revision (`git show REV:PATH`).
    #[arg(long, value_name = "REV")]
    pub against_git: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    pub format: Format,
}

/// One side of the comparison: the bytes and the name used in messages.
struct Side {
    name: String,
    bytes: Vec<u8>,
}

/// Why the command stopped early.
enum Stop {
    /// A failure not reported yet.
    Fail(Failure),
    /// Already reported (diagnostics printed): just exit.
    Exit(ExitCode),
}

impl From<Failure> for Stop {
    fn from(f: Failure) -> Self {
        Stop::Fail(f)
    }
}

pub fn run(args: Args) -> ExitCode {
    match run_inner(&args) {
        Ok(code) | Err(Stop::Exit(code)) => code,
        Err(Stop::Fail(f)) => fail::report(&f, args.format),
    }
}

fn usage(problem: &str) -> Failure {
    Failure::bad_arguments(problem)
        .with_suggestion("Run `errdex diff OLD NEW` or `errdex diff --against-git REV [PATH]`.")
}

fn run_inner(args: &Args) -> Result<ExitCode, Stop> {
    let (old, new) = match &args.against_git {
        Some(rev) => {
            if args.paths.len() > 1 {
                return Err(usage(
                    "with --against-git, give at most one PATH (the catalogue in the working tree)",
                )
                .into());
            }
            let path = args
                .paths
                .first()
                .cloned()
                .unwrap_or_else(crate::default_catalogue);
            let new = read_file(&path)?;
            let old = git_show(rev, &path)?;
            (old, new)
        }
        None => {
            if args.paths.len() != 2 {
                return Err(
                    usage("give two catalogues (OLD NEW), or --against-git REV [PATH]").into(),
                );
            }
            (read_file(&args.paths[0])?, read_file(&args.paths[1])?)
        }
    };
    let old_cat = load(&old, args.format)?;
    let new_cat = load(&new, args.format)?;
    let findings = diff::diff(&old_cat, &new_cat);
    let breaking = findings.iter().filter(|f| f.breaking).count();
    match args.format {
        Format::Json => {
            let v = diff::to_json(&findings, &old.name, &new.name);
            println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
        }
        Format::Human => {
            if findings.is_empty() {
                println!("no changes between {} and {}", old.name, new.name);
            } else {
                print!("{}", diff::render_human(&findings, &old.name, &new.name));
            }
            if breaking > 0 {
                let e = Failure::breaking_changes(breaking.to_string(), &old.name, &new.name);
                eprintln!("error[{}]: {}", e.wire_code(), e.message());
                if let Some(help) = e.suggestion() {
                    eprintln!("  = help: {help}");
                }
            }
        }
    }
    Ok(if breaking > 0 {
        ExitCode::from(ErrorCode::BreakingChanges.exit_code())
    } else {
        ExitCode::SUCCESS
    })
}

fn read_file(path: &Path) -> Result<Side, Failure> {
    let bytes = std::fs::read(path)
        .map_err(|e| Failure::file_unreadable(path.display().to_string(), crate::io_reason(&e)))?;
    Ok(Side {
        name: path.display().to_string(),
        bytes,
    })
}

/// Loads one side. An invalid catalogue prints its diagnostics (human: rustc style on
/// stderr; json: `{"catalogue", "diagnostics"}` on stdout) and fails with the first
/// error's code. Warnings are not printed: `errdex lint` is for them.
fn load(side: &Side, format: Format) -> Result<Catalogue, Stop> {
    let loaded = errdex_codegen::load_bytes(&side.bytes, &side.name);
    if let Some(c) = loaded.catalogue {
        return Ok(c);
    }
    let errors: Vec<_> = loaded
        .diagnostics
        .iter()
        .filter(|d| d.severity() == Severity::Error)
        .cloned()
        .collect();
    let src = String::from_utf8_lossy(&side.bytes);
    match format {
        Format::Json => {
            let items: Vec<_> = errors
                .iter()
                .map(|d| diag::to_json(d, &side.name))
                .collect();
            let v = serde_json::json!({
                "code": ErrorCode::CatalogueInvalid.as_str(),
                "catalogue": side.name,
                "diagnostics": items,
            });
            println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
        }
        Format::Human => {
            eprint!(
                "{}",
                diag::render_human(&errors, &side.name, &src, crate::color_stderr())
            );
            let warnings = loaded.diagnostics.len() - errors.len();
            let e = Failure::catalogue_invalid(
                &side.name,
                errors.len().to_string(),
                warnings.to_string(),
            )
            .with_suggestion(
                "Fix the diagnostics listed above; errdex diff compares valid catalogues only.",
            );
            eprintln!("error[{}]: {}", e.wire_code(), e.message());
        }
    }
    let code = errors
        .first()
        .map_or(ErrorCode::CatalogueInvalid.as_str(), |d| d.code.as_str());
    Err(Stop::Exit(fail::exit_code_of(code)))
}

/// Reads `PATH` as it was at `REV` with `git show REV:./<file>` run in the file's directory
/// (`./` makes git resolve the path relative to that directory, wherever the repository
/// root is).
fn git_show(rev: &str, path: &Path) -> Result<Side, Failure> {
    let fail = |reason: String| Failure::git_failed(path.display().to_string(), rev, reason);
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let file = path
        .file_name()
        .ok_or_else(|| fail("the path names no file".into()))?
        .to_string_lossy()
        .into_owned();
    let out = Command::new("git")
        .arg("-C")
        .arg(&dir)
        .args(["show", "--no-textconv", "--end-of-options"])
        .arg(format!("{rev}:./{file}"))
        .output()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => fail("git is not installed or not on PATH".into()),
            _ => fail(crate::io_reason(&e)),
        })?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let reason = err
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or("git show failed")
            .trim_start_matches("fatal: ")
            .to_string();
        return Err(fail(reason));
    }
    Ok(Side {
        name: format!("{rev}:{}", path.display()),
        bytes: out.stdout,
    })
}
