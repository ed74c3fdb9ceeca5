//! errdex's own failures: `errdex_errors::Error` values built with the typed constructors
//! generated from errdex's `errors.yaml`; their messages, suggestions and exit codes come
//! from that catalogue.

use std::process::ExitCode;

use errdex_errors::{Error, ErrorCode};

use crate::ReportFormat;

/// A failure of the command (an error of errdex's own catalogue).
pub type Failure = Error;

/// Exit status for one of errdex's own codes (diagnostics included).
pub fn exit_code_of(code: &str) -> ExitCode {
    ExitCode::from(code.parse::<ErrorCode>().map_or(1, ErrorCode::exit_code))
}

/// Prints a failure (human: `error[EDX1001]: ...`; json: one object; github: one `::error`
/// workflow command) and returns its exit code.
pub fn report(failure: &Failure, format: impl Into<ReportFormat>) -> ExitCode {
    match format.into() {
        ReportFormat::Github => {
            let mut message = failure.message().to_string();
            if let Some(suggestion) = failure.suggestion() {
                message.push_str("\nhelp: ");
                message.push_str(suggestion);
            }
            print!(
                "{}",
                errdex_codegen::diag::github::annotation(
                    errdex_codegen::diag::github::Level::Error,
                    failure.wire_code(),
                    None,
                    &message,
                )
            );
        }
        ReportFormat::Json => {
            let object = serde_json::json!({
                "code": failure.wire_code(),
                "name": failure.code().map(ErrorCode::name),
                "severity": "error",
                "message": failure.message(),
                "suggestion": failure.suggestion(),
                "exit_code": failure.exit_code(),
                "docs_url": failure.docs_url(),
            });
            crate::print_json(&object);
        }
        ReportFormat::Human => {
            print_headline(failure);
            if let Some(suggestion) = failure.suggestion() {
                eprintln!("  = help: {suggestion}");
            }
        }
    }
    ExitCode::from(failure.exit_code())
}

/// The first line of a human report, on stderr: `error[EDX1009]: ...`.
pub fn print_headline(failure: &Failure) {
    eprintln!("error[{}]: {}", failure.wire_code(), failure.message());
}

/// An I/O error without the "(os error N)" suffix.
pub fn io_reason(error: &std::io::Error) -> String {
    let text = error.to_string();
    match text.find(" (os error") {
        Some(end) => text[..end].to_string(),
        None => text,
    }
}
