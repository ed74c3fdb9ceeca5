//! `errdex diff OLD NEW` and `errdex diff --against-git REV [PATH]`: every change between two
//! catalogue versions, breaking or compatible (the rules: `errdex_codegen::diff`).
//!
//! Output: the report on stdout (human, grouped by code, breaking first; one JSON object
//! with `--format json`; one GitHub Actions workflow command per finding with `--format
//! github`: `::error` breaking, `::notice` compatible, at the entry in NEW when it has one;
//! each code placed at its entry in NEW, or in OLD when NEW no longer has it). Exit status:
//! 0 when nothing is breaking (compatible findings included); EDX1005's exit code when something is; EDX1001 when a file cannot be read;
//! EDX1007 when git cannot provide the old version; the first error's code when a
//! catalogue is invalid (its diagnostics printed as `errdex lint` prints them).

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use errdex_codegen::diff;
use errdex_errors::ErrorCode;

use crate::ReportFormat;
use crate::catalogue::{self, Show, Source};
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
    pub format: ReportFormat,
}

/// Why the command stopped early.
enum Stop {
    /// A failure not reported yet.
    Fail(Failure),
    /// Already reported (diagnostics printed): just exit.
    Exit(ExitCode),
}

impl From<Failure> for Stop {
    fn from(failure: Failure) -> Self {
        Stop::Fail(failure)
    }
}

pub fn run(args: Args) -> ExitCode {
    match compare(&args) {
        Ok(status) | Err(Stop::Exit(status)) => status,
        Err(Stop::Fail(failure)) => fail::report(&failure, args.format),
    }
}

fn usage(problem: &str) -> Failure {
    Failure::bad_arguments(problem)
        .with_suggestion("Run `errdex diff OLD NEW` or `errdex diff --against-git REV [PATH]`.")
}

/// Reads both versions, then loads both, then reports what changed.
fn compare(args: &Args) -> Result<ExitCode, Stop> {
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
                .unwrap_or_else(|| PathBuf::from(catalogue::DEFAULT_PATH));
            let new = Source::read(&path)?;
            let old = git_show(rev, &path)?;
            (old, new)
        }
        None => {
            if args.paths.len() != 2 {
                return Err(
                    usage("give two catalogues (OLD NEW), or --against-git REV [PATH]").into(),
                );
            }
            (Source::read(&args.paths[0])?, Source::read(&args.paths[1])?)
        }
    };
    // Both are read before either is loaded. An invalid catalogue shows its errors only:
    // `errdex lint` is for warnings.
    // Each with the places of its entries and the files they were read from: every report
    // places a finding at its entry in NEW (in the part that holds it), or in OLD for a
    // code NEW no longer has.
    let load = |source: &Source| {
        let mut checked = source.load();
        let parts = checked.loaded.parts.len();
        let spans = std::mem::take(&mut checked.loaded.entry_spans);
        let imports = std::mem::take(&mut checked.loaded.import_spans);
        let sources = checked.loaded.sources.clone();
        checked
            .into_catalogue(args.format, Show::ErrorsWhenInvalid)
            .map(|cat| (cat, (spans, imports), sources, parts))
            .map_err(Stop::Exit)
    };
    let (old_cat, old_spans, old_sources, old_parts) = load(&old)?;
    let (new_cat, new_spans, new_sources, new_parts) = load(&new)?;
    let places = diff::Places {
        old: diff::Located::new(
            &old_cat,
            &old_spans.0,
            &old_spans.1,
            &old_sources,
            &old.name,
        ),
        new: diff::Located::new(
            &new_cat,
            &new_spans.0,
            &new_spans.1,
            &new_sources,
            &new.name,
        ),
    };
    // How the summary names each side: a registry in many files is compared whole, which
    // the root's name alone does not say.
    let named = |name: &str, parts: usize| match parts {
        0 => name.to_string(),
        1 => format!("{name} (with its part)"),
        n => format!("{name} (with its {n} parts)"),
    };
    let (old_named, new_named) = (named(&old.name, old_parts), named(&new.name, new_parts));
    let findings = diff::diff(&old_cat, &new_cat);
    let breaking = findings.iter().filter(|finding| finding.breaking).count();
    match args.format {
        ReportFormat::Json => {
            let report = diff::to_json_at(&findings, &old.name, &new.name, Some(&places));
            crate::print_json(&report);
        }
        ReportFormat::Github => {
            print!("{}", diff::render_github(&findings, &places.new));
            let name = |n: &str| errdex_codegen::text::escape_controls_in_line(n, 500);
            eprintln!(
                "{breaking} breaking, {} compatible change(s) between {} and {}",
                findings.len() - breaking,
                name(&old_named),
                name(&new_named)
            );
        }
        ReportFormat::Human => {
            if findings.is_empty() {
                println!("no changes between {old_named} and {new_named}");
            } else {
                print!(
                    "{}",
                    diff::render_human_at(&findings, &old_named, &new_named, Some(&places))
                );
            }
            if breaking > 0 {
                let failure = Failure::breaking_changes(breaking.to_string(), &old.name, &new.name);
                return Ok(fail::report(&failure, ReportFormat::Human));
            }
        }
    }
    Ok(if breaking > 0 {
        ExitCode::from(ErrorCode::BreakingChanges.exit_code())
    } else {
        ExitCode::SUCCESS
    })
}

/// Reads `PATH` as it was at `REV` with `git show REV:./<file>` run in the file's directory
/// (`./` makes git resolve the path relative to that directory, wherever the repository
/// root is). Its imports are read at `REV` too.
pub(crate) fn git_show(rev: &str, path: &Path) -> Result<Source, Failure> {
    let git_failure = |reason: String| Failure::git_failed(path.display().to_string(), rev, reason);
    let bytes = show_at(rev, path).map_err(git_failure)?;
    let dir = catalogue::folder_of(path);
    // Named as git names it (`HEAD:./errors.yaml`, `HEAD:api/errors.yaml`): the loader
    // takes the root's folder and file name from what precedes and follows the last `/`,
    // so a root in the current folder is `./` + its name. `HEAD:errors.yaml` would make
    // `HEAD:errors.yaml` the root's file name (a glob `*.yaml` then read the root as a part
    // of itself) and name its parts without their revision.
    let shown = path.display().to_string();
    let shown = if shown.contains('/') {
        shown
    } else {
        format!("./{shown}")
    };
    Ok(Source {
        name: format!("{rev}:{shown}"),
        files: Box::new(GitTree {
            rev: rev.to_string(),
            dir,
        }),
        bytes,
        path: path.to_path_buf(),
        imports: Box::new(AtRevision {
            rev: rev.to_string(),
            repository: toplevel(&catalogue::folder_of(path)),
            catalogue: path.display().to_string(),
        }),
    })
}

/// The files of a git revision, for the imports of a catalogue read at it.
struct AtRevision {
    rev: String,
    /// The catalogue's repository (its top-level folder, resolved), when git names one.
    repository: Option<PathBuf>,
    /// The catalogue, as given (for messages).
    catalogue: String,
}

impl errdex_codegen::catalogue::ImportFiles for AtRevision {
    /// An import in another repository (`from: ../platform/registry.json`, beside this one)
    /// has no version at this repository's revision: `git show` there would resolve the
    /// revision in the other repository's history, whatever it happens to hold. Refused,
    /// with what to do instead.
    fn read(&self, path: &Path) -> Result<Vec<u8>, String> {
        let folder = catalogue::folder_of(path);
        if let Some(repository) = self.repository.as_ref().filter(|_| folder.is_dir()) {
            let theirs = toplevel(&folder);
            if theirs.as_ref() != Some(repository) {
                let other = match &theirs {
                    Some(t) => format!("in the repository {}", t.display()),
                    None => "outside any git repository".to_string(),
                };
                return Err(format!(
                    "it is {other}, not in {} (that of `{}`), so it has no version at {}; keep the imported registry's file in this repository (its published `registry.json` at the pinned version), or compare two files with `errdex diff OLD NEW`",
                    repository.display(),
                    self.catalogue,
                    self.rev
                ));
            }
        }
        show_at(&self.rev, path)
    }

    fn folder(&self, path: &Path) -> Box<dyn errdex_codegen::catalogue::Files + '_> {
        Box::new(GitTree {
            rev: self.rev.clone(),
            dir: catalogue::folder_of(path),
        })
    }
}

/// The top-level folder of the git repository `dir` is in, resolved (`git rev-parse
/// --show-toplevel`); `None` when it is in none, or git cannot say.
fn toplevel(dir: &Path) -> Option<PathBuf> {
    let out = git_in(dir, &["rev-parse", "--show-toplevel"]).ok()?.ok()?;
    let text = String::from_utf8(out).ok()?;
    let top = PathBuf::from(text.trim_end_matches(['\n', '\r']));
    Some(top.canonicalize().unwrap_or(top))
}

/// `git show REV:./<file>` in the file's folder: its bytes, or git's first line of
/// complaint.
fn show_at(rev: &str, path: &Path) -> Result<Vec<u8>, String> {
    let file = path
        .file_name()
        .ok_or_else(|| "the path names no file".to_string())?
        .to_string_lossy()
        .into_owned();
    let object = format!("{rev}:./{file}");
    git_in(
        &catalogue::folder_of(path),
        &["show", "--no-textconv", "--end-of-options", &object],
    )
    .map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => "git is not installed or not on PATH".to_string(),
        _ => fail::io_reason(&e),
    })?
    .map_err(|complaint| complaint.unwrap_or_else(|| "git show failed".into()))
}

/// `git -C DIR ARGS…`: its output; `Err` when git cannot be run; `Ok(Err(_))` when it ran
/// and failed, with the first line of its complaint (`fatal: ` taken off), if it said one.
fn git_in(dir: &Path, args: &[&str]) -> std::io::Result<Result<Vec<u8>, Option<String>>> {
    let out = Command::new("git").arg("-C").arg(dir).args(args).output()?;
    if out.status.success() {
        return Ok(Ok(out.stdout));
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    Ok(Err(stderr
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty())
        .map(|line| {
            line.trim_start_matches("fatal: ").to_string()
        })))
}

/// The catalogue's folder as it was at a revision: its parts are read with `git show`,
/// globs and folders expanded against `git ls-tree`, all run in the folder on disk with
/// `./` paths (relative to it, wherever the repository root is).
struct GitTree {
    rev: String,
    dir: PathBuf,
}

impl GitTree {
    fn git(&self, args: &[&str]) -> std::io::Result<Vec<u8>> {
        git_in(&self.dir, args)?.map_err(|complaint| {
            let reason = complaint.unwrap_or_else(|| "git failed".into());
            std::io::Error::other(format!("at {}: {reason}", self.rev))
        })
    }
}

impl errdex_codegen::catalogue::Files for GitTree {
    fn read(&self, path: &str) -> std::io::Result<Vec<u8>> {
        let object = format!("{}:./{path}", self.rev);
        self.git(&["show", "--no-textconv", "--end-of-options", &object])
    }

    fn is_dir(&self, path: &str) -> bool {
        let object = format!("{}:./{path}", self.rev);
        self.git(&["cat-file", "-t", &object])
            .is_ok_and(|out| out.trim_ascii() == b"tree")
    }

    fn list(&self, dir: &str) -> std::io::Result<Vec<String>> {
        let sub = if dir.is_empty() {
            ".".to_string()
        } else {
            format!("./{dir}")
        };
        let out = self.git(&[
            "ls-tree",
            "-r",
            "--name-only",
            "--end-of-options",
            &self.rev,
            "--",
            &sub,
        ])?;
        Ok(String::from_utf8_lossy(&out)
            .lines()
            .map(str::to_string)
            .collect())
    }
}
