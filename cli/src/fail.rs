//! errdex's own failures: codes from errdex's `errors.yaml`, their messages and exit codes.

use std::process::ExitCode;

use crate::Format;

/// A failure of the command, named by its code in errors.yaml.
#[derive(Debug, Clone)]
pub struct Failure {
    pub code: &'static str,
    pub message: String,
    pub suggestion: Option<String>,
}

/// Exit status for one of errdex's own codes (diagnostics included).
pub fn exit_code_of(code: &str) -> ExitCode {
    ExitCode::from(crate::own::exit_code(code))
}

/// Prints a failure (human: `error[EDX1001]: ...`; json: one object) and returns its exit code.
pub fn report(f: &Failure, format: Format) -> ExitCode {
    match format {
        Format::Json => {
            let v = serde_json::json!({
                "code": f.code,
                "severity": "error",
                "message": f.message,
                "suggestion": f.suggestion,
            });
            println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
        }
        Format::Human => {
            eprintln!("error[{}]: {}", f.code, f.message);
            if let Some(s) = &f.suggestion {
                eprintln!("  = help: {s}");
            }
        }
    }
    exit_code_of(f.code)
}
