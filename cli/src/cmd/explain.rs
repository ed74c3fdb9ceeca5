//! `errdex explain CODE`: a code's reference in the terminal, or as JSON.
//!
//! CODE may be a code, a NAME, an alias or a legacy code (case-insensitive when
//! unambiguous). Exit status:
//! - 0: a live code; its reference is on stdout.
//! - the exit code of EDX1010 (`CODE_RETIRED`): the code is retired; what the catalogue says
//!   about it (since when, why) is still printed on stdout, as the answer to the question.
//! - the exit code of EDX1006 (`UNKNOWN_CODE`): no such code; the nearest known codes are
//!   suggested (on stderr in human form; in the JSON object with `--format json`).
//! - a catalogue that cannot be read or has errors fails like `errdex lint`.

use std::path::PathBuf;
use std::process::ExitCode;

use errdex_codegen::explain::{self, ExplainError};
use errdex_codegen::support::text::escape_controls;
use errdex_errors::ErrorCode;

use crate::Format;
use crate::catalogue::{self, Show};
use crate::fail::{self, Failure};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A code, name, alias or legacy code.
    pub code: String,
    /// The catalogue.
    #[arg(long, default_value = catalogue::DEFAULT_PATH)]
    pub catalogue: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    pub format: Format,
}

pub fn run(args: Args) -> ExitCode {
    let cat = match catalogue::open(&args.catalogue, args.format, Show::WhenInvalid) {
        Ok(cat) => cat,
        Err(status) => return status,
    };
    let result = match args.format {
        Format::Human => explain::explain_text(&cat, &args.code).map(|text| {
            print!("{text}");
        }),
        Format::Json => explain::explain_json(&cat, &args.code).map(|reference| {
            crate::print_json(&reference);
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error @ ExplainError::Retired { .. }) => {
            match args.format {
                Format::Human => print!("{}", error.retired_text()),
                Format::Json => crate::print_json(&error.to_json()),
            }
            ExitCode::from(ErrorCode::CodeRetired.exit_code())
        }
        Err(error @ ExplainError::Unknown { .. }) => match args.format {
            Format::Json => {
                crate::print_json(&error.to_json());
                ExitCode::from(ErrorCode::UnknownCode.exit_code())
            }
            Format::Human => {
                let ExplainError::Unknown { query, suggestions } = &error else {
                    return ExitCode::FAILURE;
                };
                let suggestion = if suggestions.is_empty() {
                    "Check the spelling; `errdex lint` lists the catalogue, and its docs list every code.".to_string()
                } else {
                    let list: Vec<String> = suggestions
                        .iter()
                        .map(|code| format!("`{}`", escape_controls(code)))
                        .collect();
                    format!("did you mean {}?", list.join(", "))
                };
                fail::report(
                    &Failure::unknown_code(escape_controls(query)).with_suggestion(suggestion),
                    Format::Human,
                )
            }
        },
    }
}
