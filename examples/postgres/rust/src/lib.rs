//! PostgreSQL's SQLSTATEs through errdex: the error module is generated at build time from
//! `../errors.yaml` (the PostgreSQL converter's output), and this crate shows what a
//! database layer does with it.
//!
//! - [`condition`]: a SQLSTATE as a driver reports it (`"22012"`) to its
//!   [`ErrorCode`](errors::ErrorCode) (`DivisionByZero`); an unknown SQLSTATE falls back to
//!   its class's generic code (`22000`), as the SQL standard tells clients to do.
//! - [`by_class`]: the conditions grouped by SQLSTATE class (one namespace per class).
//! - [`rerun_delay`]: whether a failed transaction is rerun (serialization failures,
//!   deadlocks), and after how long, from the catalogue's retry advice.

/// The module errdex generated from `../errors.yaml` (see `build.rs`).
pub mod errors {
    include!(concat!(env!("OUT_DIR"), "/postgres_errors.rs"));
}

use std::time::Duration;

use errors::{ErrorCode, Namespace};

/// How a SQLSTATE was resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolved {
    /// The SQLSTATE (or a condition NAME or alias) is in the catalogue.
    Exact(ErrorCode),
    /// Unknown SQLSTATE of a known class: the class's generic code (`<class>000`).
    ClassFallback(ErrorCode),
}

impl Resolved {
    /// The code, however it was found.
    pub fn code(self) -> ErrorCode {
        match self {
            Resolved::Exact(c) | Resolved::ClassFallback(c) => c,
        }
    }
}

/// Resolves a SQLSTATE (or a condition NAME such as `UNDEFINED_CURSOR`).
pub fn condition(sqlstate: &str) -> Option<Resolved> {
    if let Ok(code) = sqlstate.parse::<ErrorCode>() {
        return Some(Resolved::Exact(code));
    }
    let is_sqlstate = sqlstate.len() == 5
        && sqlstate
            .bytes()
            .all(|b| b.is_ascii_digit() || b.is_ascii_uppercase());
    if !is_sqlstate {
        return None;
    }
    format!("{}000", &sqlstate[..2])
        .parse::<ErrorCode>()
        .ok()
        .map(Resolved::ClassFallback)
}

/// Every SQLSTATE class with its conditions, in catalogue order.
pub fn by_class() -> Vec<(Namespace, Vec<ErrorCode>)> {
    Namespace::ALL
        .iter()
        .map(|&ns| (ns, ns.codes().collect()))
        .collect()
}

/// The delay before rerunning a transaction that failed with `code` for the `attempt`-th
/// time (1 = the first run failed), or `None` when it must not be rerun. `max_attempts`
/// counts every run; the backoff doubles on each further rerun.
pub fn rerun_delay(code: ErrorCode, attempt: u32) -> Option<Duration> {
    let retry = code.retry()?;
    if !code.retryable() || attempt >= retry.max_attempts.unwrap_or(1) {
        return None;
    }
    let first = retry.initial_backoff_ms.unwrap_or(0);
    Some(Duration::from_millis(first << (attempt - 1).min(16)))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use errors::{Category, Error, ParseCodeError};
    use serde_json::{Value, json};

    fn registry() -> Value {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../generated/schema/registry.json"
        );
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    #[test]
    fn sqlstate_22012_is_division_by_zero() {
        assert_eq!("22012".parse::<ErrorCode>(), Ok(ErrorCode::DivisionByZero));
        assert_eq!(ErrorCode::DivisionByZero.as_str(), "22012");
        assert_eq!(ErrorCode::DivisionByZero.name(), "DIVISION_BY_ZERO");
        assert_eq!(
            ErrorCode::DivisionByZero.namespace(),
            Some(Namespace::Class22)
        );
        assert_eq!(Namespace::Class22.title(), "Data Exception");
        assert_eq!(ErrorCode::DivisionByZero.category(), Category::Invalid);
        assert_eq!(
            condition("22012"),
            Some(Resolved::Exact(ErrorCode::DivisionByZero))
        );
        assert_eq!(
            "DIVISION_BY_ZERO".parse::<ErrorCode>(),
            Ok(ErrorCode::DivisionByZero)
        );
    }

    #[test]
    fn shared_sqlstates_resolve_through_aliases() {
        // Six SQLSTATEs have two macro names; the second is an alias of the entry.
        let with_aliases: Vec<ErrorCode> = ErrorCode::ALL
            .iter()
            .copied()
            .filter(|c| c.aliases().len() > 0)
            .collect();
        assert_eq!(with_aliases.len(), 6);
        for code in with_aliases {
            for alias in code.aliases() {
                assert_eq!(alias.parse::<ErrorCode>(), Ok(code), "{alias}");
            }
            assert_eq!(code.as_str().parse::<ErrorCode>(), Ok(code));
        }
        assert_eq!(
            "ARRAY_ELEMENT_ERROR".parse::<ErrorCode>(),
            Ok(ErrorCode::ArraySubscriptError)
        );
        assert_eq!(ErrorCode::ArraySubscriptError.as_str(), "2202E");
        assert_eq!(
            "UNDEFINED_CURSOR".parse::<ErrorCode>(),
            Ok(ErrorCode::InvalidCursorName)
        );
        assert_eq!(ErrorCode::InvalidCursorName.as_str(), "34000");
    }

    #[test]
    fn classes_group_the_codes_as_the_catalogue_does() {
        let reg = registry();
        let namespaces = reg["namespaces"].as_array().unwrap();
        let entries = reg["errors"].as_array().unwrap();
        let groups = by_class();
        assert_eq!(groups.len(), 43);
        assert_eq!(groups.len(), namespaces.len());
        assert_eq!(ErrorCode::ALL.len(), 260);
        assert_eq!(ErrorCode::ALL.len(), entries.len());
        for (ns, codes) in &groups {
            let want = entries
                .iter()
                .filter(|e| e["namespace"] == ns.as_str())
                .count();
            assert_eq!(codes.len(), want, "{ns}");
            let prefix = ns.code_prefix().unwrap();
            assert!(codes.iter().all(|c| c.as_str().starts_with(prefix)), "{ns}");
        }
        assert_eq!(
            groups.iter().map(|(_, c)| c.len()).sum::<usize>(),
            ErrorCode::ALL.len()
        );
    }

    #[test]
    fn success_and_warning_rows_have_their_own_categories() {
        assert_eq!(
            ErrorCode::SuccessfulCompletion.category(),
            Category::Success
        );
        assert_eq!(
            "01000".parse::<ErrorCode>().unwrap().category(),
            Category::Warning
        );
        assert_eq!(
            "02000".parse::<ErrorCode>().unwrap().category(),
            Category::Warning
        );
        for code in ErrorCode::ALL {
            match &code.as_str()[..2] {
                "00" => assert_eq!(code.category(), Category::Success, "{code}"),
                "01" | "02" => assert_eq!(code.category(), Category::Warning, "{code}"),
                _ => assert!(
                    !matches!(code.category(), Category::Success | Category::Warning),
                    "{code}"
                ),
            }
        }
    }

    #[test]
    fn unknown_sqlstates_fall_back_to_their_class() {
        assert_eq!(
            condition("22ZZZ"),
            Some(Resolved::ClassFallback(ErrorCode::DataException))
        );
        assert_eq!(
            condition("40ZZZ").map(Resolved::code),
            Some(ErrorCode::TransactionRollback)
        );
        assert_eq!(condition("QQ123"), None);
        assert_eq!(condition("nonsense"), None);
        assert_eq!("22ZZZ".parse::<ErrorCode>(), Err(ParseCodeError::Unknown));
    }

    #[test]
    fn only_concurrency_and_transient_failures_are_rerun() {
        let ser = ErrorCode::TRSerializationFailure;
        assert_eq!(ser.as_str(), "40001");
        let retry = ser.retry().unwrap();
        let max = retry.max_attempts.unwrap();
        let delays: Vec<Duration> = (1..).map_while(|a| rerun_delay(ser, a)).collect();
        assert_eq!(delays.len() as u32, max - 1);
        assert_eq!(
            delays[0],
            Duration::from_millis(retry.initial_backoff_ms.unwrap())
        );
        assert_eq!(delays[1], 2 * delays[0]);
        assert!(
            rerun_delay("40P01".parse().unwrap(), 1).is_some(),
            "deadlock"
        );
        assert_eq!(rerun_delay(ErrorCode::UniqueViolation, 1), None);
        for code in ErrorCode::ALL {
            assert_eq!(rerun_delay(*code, 1).is_some(), code.retryable(), "{code}");
        }
    }

    #[test]
    fn wire_shape_is_code_message_category() {
        let err = Error::division_by_zero();
        assert_eq!(
            err.to_wire(),
            json!({"code": "22012", "message": "division by zero", "category": "invalid"})
        );
        assert_eq!(err.to_string(), "22012: division by zero");
        // A driver's error object, with fields errdex does not know, still classifies.
        let driver =
            json!({"code": "23505", "message": "duplicate key value", "severity": "ERROR"});
        let parsed = Error::from_wire(&driver);
        assert_eq!(parsed.code(), Some(ErrorCode::UniqueViolation));
        assert_eq!(parsed.category(), Some(Category::Conflict));
        assert_eq!(parsed.message(), "duplicate key value");
    }

    #[test]
    fn payloads_validate_against_the_generated_schema() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../generated/schema/wire-error.schema.json"
        );
        let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let v = jsonschema::validator_for(&schema).unwrap();
        for code in ErrorCode::ALL {
            let wire = Error::new(*code, []).to_wire();
            assert!(v.is_valid(&wire), "{code}: {wire}");
        }
        assert!(!v.is_valid(&json!({"code": "22012", "message": "x", "category": "rollback"})));
    }
}
