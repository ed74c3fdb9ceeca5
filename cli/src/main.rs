//! The `errdex` command: parses arguments, calls the generator library, prints diagnostics.
//! Each subcommand lives in `cmd/<name>.rs`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

mod cmd;

#[derive(Debug, Parser)]
#[command(name = "errdex", version, about = "One errors.yaml; Rust, TypeScript, JSON Schema and docs generated from it")]
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
    let cli = Cli::parse();
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
