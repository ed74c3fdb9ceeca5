//! The command's diagnostics and failures come from errdex's own generated crate: every
//! diagnostic code of the loader is an `errdex_errors::ErrorCode` with the same NAME and
//! message template, and its severity matches its category.

use errdex_codegen::{DiagCode, Severity};
use errdex_errors::ErrorCode;

#[test]
fn every_diagnostic_is_a_code_of_the_generated_crate() {
    for d in DiagCode::ALL {
        let code: ErrorCode = d
            .as_str()
            .parse()
            .unwrap_or_else(|_| panic!("{} is not in errdex_errors", d.as_str()));
        assert_eq!(code.name(), d.name());
        assert_eq!(code.message_template(), d.template(), "{}", d.as_str());
        let want = match d.severity() {
            Severity::Error => "invalid",
            Severity::Warning => "suspicious",
        };
        assert_eq!(code.category().as_str(), want, "{}", d.as_str());
    }
}

#[test]
fn command_failures_render_from_the_catalogue() {
    let e = errdex_errors::Error::file_unreadable("errors.yaml", "No such file or directory");
    assert_eq!(e.wire_code(), "EDX1001");
    assert_eq!(
        e.message(),
        "cannot read `errors.yaml`: No such file or directory"
    );
    assert_eq!(e.exit_code(), 74);
    assert!(e.suggestion().is_some());
    assert_eq!(ErrorCode::BadArguments.exit_code(), 64);
    assert_eq!(ErrorCode::OutputsStale.exit_code(), 1);
}
