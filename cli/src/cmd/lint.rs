//! `errdex lint` (not yet written).

use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> ExitCode {
    eprintln!("errdex lint: not yet implemented");
    ExitCode::FAILURE
}
