//! `errdex lint [PATH]`: every diagnostic at once, human or JSON.

use std::path::PathBuf;
use std::process::ExitCode;

use errdex_codegen::{Severity, diag};

use crate::Format;
use crate::fail;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The catalogue to check.
    #[arg(default_value = "errors.yaml")]
    pub path: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    pub format: Format,
    /// Fail on warnings too.
    #[arg(long)]
    pub deny_warnings: bool,
}

pub fn run(args: Args) -> ExitCode {
    let (loaded, src) = match crate::read_catalogue(&args.path) {
        Ok(x) => x,
        Err(e) => return fail::report(&e, args.format),
    };
    let file = args.path.display().to_string();
    let diags = &loaded.diagnostics;
    let errors = diags
        .iter()
        .filter(|d| d.severity() == Severity::Error)
        .count();
    let warnings = diags.len() - errors;
    let failing = diags
        .iter()
        .find(|d| d.severity() == Severity::Error)
        .or_else(|| diags.iter().find(|_| args.deny_warnings));
    match args.format {
        Format::Json => {
            let items: Vec<_> = diags.iter().map(|d| diag::to_json(d, &file)).collect();
            println!(
                "{}",
                serde_json::to_string_pretty(&serde_json::Value::Array(items)).unwrap_or_default()
            );
        }
        Format::Human => {
            eprint!(
                "{}",
                diag::render_human(diags, &file, &src, crate::color_stderr())
            );
            if diags.is_empty() {
                eprintln!("{file}: ok, no problems found");
            } else {
                eprintln!("{file}: {errors} error(s), {warnings} warning(s)");
            }
        }
    }
    match failing {
        Some(d) => fail::exit_code_of(d.code.as_str()),
        None => ExitCode::SUCCESS,
    }
}
