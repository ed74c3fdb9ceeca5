//! The `errdex` command: parses arguments, calls the generator library, prints diagnostics.
//! Each subcommand lives in `cmd/<name>.rs`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

mod cmd;
mod fail;

#[derive(Debug, Parser)]
#[command(
    name = "errdex",
    version,
    about = "One errors.yaml; Rust, TypeScript, JSON Schema and docs generated from it"
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

#[derive(Debug, Subcommand)]
enum Command {
    /// Validate the catalogue and print every diagnostic.
    Lint(cmd::lint::Args),
    /// Write every generated target (docs, TypeScript, JSON Schemas).
    Generate(cmd::generate::Args),
    /// Show a code's reference (names, aliases and legacy codes resolve).
    Explain(cmd::explain::Args),
    /// Report breaking changes between two catalogue versions.
    Diff(cmd::diff::Args),
    /// Write a starter errors.yaml and print the build.rs lines to use it.
    Init(cmd::init::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            // Bad arguments are EDX1002 (exit code from errors.yaml), with clap's own text.
            let text = e.render().to_string();
            let detail = text
                .lines()
                .next()
                .unwrap_or("bad arguments")
                .trim_start_matches("error: ")
                .to_string();
            eprint!("{text}");
            let f = errdex_errors::Error::bad_arguments(detail);
            return fail::report(&f, Format::Human);
        }
    };
    match cli.command {
        Command::Lint(a) => cmd::lint::run(a),
        Command::Generate(a) => cmd::generate::run(a),
        Command::Explain(a) => cmd::explain::run(a),
        Command::Diff(a) => cmd::diff::run(a),
        Command::Init(a) => cmd::init::run(a),
    }
}

/// The default catalogue path.
pub fn default_catalogue() -> PathBuf {
    PathBuf::from("errors.yaml")
}

/// Reads and loads a catalogue; an unreadable file is EDX1001.
pub fn read_catalogue(
    path: &std::path::Path,
) -> Result<(errdex_codegen::Loaded, String), fail::Failure> {
    let bytes = std::fs::read(path).map_err(|e| {
        errdex_errors::Error::file_unreadable(path.display().to_string(), io_reason(&e))
    })?;
    let loaded = errdex_codegen::load_bytes(&bytes, &path.display().to_string());
    Ok((loaded, String::from_utf8_lossy(&bytes).into_owned()))
}

/// An I/O error without the "(os error N)" suffix.
pub fn io_reason(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// Colour on stderr only for a terminal, and never when NO_COLOR is set.
pub fn color_stderr() -> bool {
    use std::io::IsTerminal;
    std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal()
}
