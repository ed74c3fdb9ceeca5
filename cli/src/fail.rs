//! errdex's own failures: `errdex_errors::Error` values built with the typed constructors
//! generated from errdex's `errors.yaml`; their messages, suggestions and exit codes come
//! from that catalogue.

use std::process::ExitCode;

use errdex_errors::{Error, ErrorCode};

use crate::Format;

/// A failure of the command (an error of errdex's own catalogue).
pub type Failure = Error;

/// Exit status for one of errdex's own codes (diagnostics included).
pub fn exit_code_of(code: &str) -> ExitCode {
    ExitCode::from(code.parse::<ErrorCode>().map_or(1, ErrorCode::exit_code))
}

/// EDX1009 for a catalogue whose diagnostics include errors: counts both kinds.
pub fn catalogue_invalid(file: &str, diagnostics: &[errdex_codegen::Diagnostic]) -> Failure {
    let errors = diagnostics
        .iter()
        .filter(|d| d.severity() == errdex_codegen::Severity::Error)
        .count();
    Error::catalogue_invalid(
        file,
        errors.to_string(),
        (diagnostics.len() - errors).to_string(),
    )
}

/// Prints a failure (human: `error[EDX1001]: ...`; json: one object) and returns its exit code.
pub fn report(f: &Failure, format: Format) -> ExitCode {
    match format {
        Format::Json => {
            let v = serde_json::json!({
                "code": f.wire_code(),
                "name": f.code().map(ErrorCode::name),
                "severity": "error",
                "message": f.message(),
                "suggestion": f.suggestion(),
                "exit_code": f.exit_code(),
                "docs_url": f.docs_url(),
            });
            println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
        }
        Format::Human => {
            eprintln!("error[{}]: {}", f.wire_code(), f.message());
            if let Some(s) = f.suggestion() {
                eprintln!("  = help: {s}");
            }
        }
    }
    ExitCode::from(f.exit_code())
}
