//! The `errdex` command: parses arguments, calls the generator library, prints diagnostics.
//! Each subcommand lives in `cmd/<name>.rs`.

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

mod catalogue;
mod cmd;
mod fail;

/// mimalloc instead of the system allocator: the emitters build their text from many small
/// strings on several threads at once; with glibc's allocator a quarter of `errdex
/// generate`'s samples were in `malloc`, `free` and `memmove`, and a fifth in the kernel,
/// much of it faulting in fresh pages. mimalloc takes about a quarter off its CPU time at
/// 50,000 codes (see BENCHMARKS.md, "generate's CPU time: the allocator"). The library does
/// not choose: a build script runs under its own binary's allocator. It does not ask for
/// transparent huge pages (the `no_thp` feature): in back-to-back runs they took a tenth off
/// at 266 codes (fewer page faults), but a 2 MiB page is zeroed whole, however little of it
/// a run touches, and on a virtual machine whose host takes freed memory back within seconds
/// (free page reporting) every one of them is faulted in on the host as well. A run after a
/// pause, the way a user runs errdex after an edit, took twice as long with them at 266
/// codes (BENCHMARKS.md, twenty-fifth session). Freed memory is kept for reuse until the
/// process ends, never handed back one range at a time ([`errdex_alloc::tune`]).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Debug, Parser)]
#[command(
    name = "errdex",
    version,
    about = "One errors.yaml; Rust, TypeScript, Python, Go, JSON Schema, OpenAPI and docs generated from it",
    after_help = "In CI: `errdex lint`, `errdex usage` and `errdex diff` take `--format github` and print one \
                  GitHub Actions workflow command per finding (`::error file=…,line=…,col=…,title=EDX0702::…`, \
                  `::warning` for warnings, `::notice` for compatible changes), shown as annotations on \
                  the pull request's files."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Human,
    Json,
}

/// `--format` of the commands CI reads (`lint`, `diff`; `usage` adds SARIF), and how any
/// command shows diagnostics and failures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// Text for a terminal.
    Human,
    /// One JSON answer on stdout.
    Json,
    /// GitHub Actions workflow commands on stdout, one per finding (`::error
    /// file=…,line=…,col=…,title=EDX0102::…`): annotations on the pull request's files.
    Github,
}

impl From<Format> for ReportFormat {
    fn from(format: Format) -> ReportFormat {
        match format {
            Format::Human => ReportFormat::Human,
            Format::Json => ReportFormat::Json,
        }
    }
}

/// Prints one `--format json` answer on stdout: the value, pretty, then a newline.
pub fn print_json(value: &serde_json::Value) {
    println!(
        "{}",
        serde_json::to_string_pretty(value).unwrap_or_default()
    );
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Validate the catalogue and print every diagnostic.
    Lint(Deferred<cmd::lint::Args>),
    /// Write the generated targets (docs, TypeScript, JSON Schemas, Python, OpenAPI, Go, the Rust module; `--only` picks some).
    Generate(Deferred<cmd::generate::Args>),
    /// Show a code's reference (names, aliases and legacy codes resolve).
    Explain(Deferred<cmd::explain::Args>),
    /// Report breaking changes between two catalogue versions.
    Diff(Deferred<cmd::diff::Args>),
    /// Write a starter errors.yaml and print the build.rs lines to use it.
    Init(Deferred<cmd::init::Args>),
    /// Add a code to a part with the next free code of its range.
    New(Deferred<cmd::new::Args>),
    /// Split a catalogue in one file into one part file per namespace (`parts:`), moving the
    /// text; nothing is written unless the result resolves to the same registry.
    Split(Deferred<cmd::split::Args>),
    /// Hold a source tree against the catalogue: codes never raised, unknown, deprecated or
    /// retired codes in use, and where each code is raised.
    Usage(Deferred<cmd::usage::Args>),
}

/// A subcommand's arguments, built only when clap enters that subcommand (or shows its
/// help): clap's `Command::defer`, which its derive does not offer. Every run parses one
/// subcommand, and building the arguments of all eight (their help texts, value parsers
/// and groups) was most of the time clap took before the command started.
#[derive(Debug)]
struct Deferred<T>(T);

impl<T: clap::Args> clap::Args for Deferred<T> {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.defer(T::augment_args)
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        cmd.defer(T::augment_args_for_update)
    }

    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }
}

impl<T: clap::FromArgMatches> clap::FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Deferred)
    }

    fn from_arg_matches_mut(matches: &mut clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Deferred)
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(
        &mut self,
        matches: &mut clap::ArgMatches,
    ) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

fn main() -> ExitCode {
    // Before any thread starts: mimalloc's options are not synchronised.
    errdex_alloc::tune();
    // A reader that stops early (`errdex explain X | head -1`) ends the command quietly,
    // killed by SIGPIPE as other tools are, instead of a panic on the next `println!`.
    sigpipe::reset();
    errdex_codegen::start_threads();
    // The whole command on a worker of the pool, this thread waiting: see `run_on_pool`.
    errdex_codegen::run_on_pool(command)
}

/// The command line parsed and its command run.
fn command() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if !error.use_stderr() => {
            // --help and --version.
            let _ = error.print();
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            // Bad arguments are EDX1002 (exit code from errors.yaml), with clap's own text.
            let text = error.render().to_string();
            let detail = text
                .lines()
                .next()
                .unwrap_or("bad arguments")
                .trim_start_matches("error: ")
                .to_string();
            eprint!("{text}");
            let failure = fail::Failure::bad_arguments(detail);
            return fail::report(&failure, ReportFormat::Human);
        }
    };
    match cli.command {
        Command::Lint(Deferred(args)) => cmd::lint::run(args),
        Command::Generate(Deferred(args)) => cmd::generate::run(args),
        Command::Explain(Deferred(args)) => cmd::explain::run(args),
        Command::Diff(Deferred(args)) => cmd::diff::run(args),
        Command::Init(Deferred(args)) => cmd::init::run(args),
        Command::New(Deferred(args)) => cmd::new::run(args),
        Command::Split(Deferred(args)) => cmd::split::run(args),
        Command::Usage(Deferred(args)) => cmd::usage::run(args),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// clap's own checks of the whole command line, every deferred subcommand's arguments
    /// built (`debug_assert` builds them all), and each subcommand's arguments parsed
    /// through its `Deferred` wrapper.
    #[test]
    fn the_command_line_is_consistent_and_each_subcommand_parses() {
        Cli::command().debug_assert();
        let help = Cli::command()
            .find_subcommand_mut("generate")
            .map(|c| c.render_long_help().to_string())
            .unwrap_or_default();
        assert!(help.contains("--only"), "{help}");
        let parsed = Cli::try_parse_from(["errdex", "generate", "--only", "rust", "--check"]);
        assert!(
            matches!(
                parsed,
                Ok(Cli {
                    command: Command::Generate(_)
                })
            ),
            "{parsed:?}"
        );
        let parsed = Cli::try_parse_from(["errdex", "lint", "--bogus"]);
        assert!(parsed.is_err(), "{parsed:?}");
    }
}
