//! `errdex lint [PATH]`: every diagnostic at once, human, JSON or GitHub Actions
//! annotations.

use std::path::PathBuf;
use std::process::ExitCode;

use errdex_codegen::diag::Counts;

use crate::ReportFormat;
use crate::catalogue;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The catalogue to check.
    #[arg(default_value = catalogue::DEFAULT_PATH)]
    pub path: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    pub format: ReportFormat,
    /// Fail on warnings too.
    #[arg(long)]
    pub deny_warnings: bool,
}

pub fn run(args: Args) -> ExitCode {
    let mut checked = match catalogue::read(&args.path, args.format) {
        Ok(checked) => checked,
        Err(status) => return status,
    };
    // `outputs.codeowners` where GitHub does not read it (the load checks only its name).
    let folder = crate::cmd::generate::catalogue_dir(&args.path);
    if let Some(d) = checked
        .loaded
        .catalogue
        .as_ref()
        .and_then(|c| crate::cmd::generate::codeowners_key_diagnostic(&folder, &c.outputs))
    {
        checked.loaded.diagnostics.push(d);
        checked.loaded.catalogue = None;
    }
    checked.show(checked.diagnostics(), args.format);
    // The summary is for people: on stderr, next to the text or the annotations.
    if args.format != ReportFormat::Json {
        let file = &checked.name;
        let Counts { errors, warnings } = checked.counts();
        if checked.diagnostics().is_empty() {
            eprintln!("{file}: ok, no problems found");
        } else {
            eprintln!("{file}: {errors} error(s), {warnings} warning(s)");
        }
    }
    checked.exit_status(args.deny_warnings)
}
