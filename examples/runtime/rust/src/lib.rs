//! The agentrt runtime through errdex: snake_case codes equal to their names, grouped by
//! the subsystem that raises them, the default wire object
//! `{"error": code, "category": ..., "detail": ...}` with flat extras, six categories of
//! which only `unavailable` is retryable and `config` exits with status 2.
//!
//! - [`load_config`]: the runtime's start-up, failing with `config_missing` /
//!   `config_invalid` (exit status 2, see `src/main.rs`).
//! - [`handle`]: a supervisor's reaction to a wire error it receives from a runtime
//!   (exit status, retry, log level, subsystem), including codes of a newer runtime.
//! - [`by_subsystem`]: the codes grouped by producing subsystem.

/// The module errdex generated from `../errors.yaml` (see `build.rs`).
pub mod errors {
    include!(concat!(env!("OUT_DIR"), "/runtime_errors.rs"));
}

use errors::{Category, Error, ErrorCode, LogLevel, Namespace};
use serde_json::Value;

/// Reads the runtime's configuration file: a `key = value` line per setting, and a
/// `sandbox_root` is required.
pub fn load_config(path: &str) -> Result<Vec<(String, String)>, Error> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            Error::config_missing(path)
        } else {
            Error::config_invalid(path, e.to_string()).with_source(e)
        }
    })?;
    let mut settings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((k, v)) = line.split_once('=') else {
            return Err(Error::config_invalid(
                path,
                format!("line {} is not `key = value`", i + 1),
            )
            .with_argument(line));
        };
        settings.push((k.trim().to_string(), v.trim().trim_matches('"').to_string()));
    }
    if !settings.iter().any(|(k, _)| k == "sandbox_root") {
        return Err(Error::config_invalid(path, "`sandbox_root` is required")
            .with_constraint(serde_json::json!({"required": ["sandbox_root"]})));
    }
    Ok(settings)
}

/// What a supervisor does with an error a runtime reported.
#[derive(Debug, Clone, PartialEq)]
pub struct Handling {
    /// The code on the wire (`None` for a payload without one).
    pub code: Option<String>,
    /// The subsystem that raised it, when the code is known and has one.
    pub subsystem: Option<Namespace>,
    pub level: LogLevel,
    /// The status to exit with when giving up.
    pub exit_status: u8,
    pub retry: bool,
    /// The log line.
    pub line: String,
}

/// Classifies a wire error received from a runtime. Known codes use the catalogue; a code
/// of a newer runtime is classified by the category on the wire.
pub fn handle(payload: &Value) -> Handling {
    let err = Error::from_wire(payload);
    let code = Some(err.wire_code().to_string()).filter(|c| !c.is_empty());
    let extras: String = err
        .params()
        .iter()
        .map(|(k, v)| (*k, v))
        .chain(err.context().iter().map(|(k, v)| (k.as_str(), v)))
        .map(|(k, v)| format!(" {k}={v}"))
        .collect();
    let subsystem = err.code().and_then(ErrorCode::namespace);
    let line = format!(
        "{} [{}] {} ({}): {}{extras}",
        err.log_level(),
        subsystem.map_or("-", Namespace::as_str),
        code.as_deref().unwrap_or("?"),
        err.category_str().unwrap_or("?"),
        err.message(),
    );
    Handling {
        code,
        subsystem,
        level: err.log_level(),
        exit_status: err.exit_code(),
        retry: err.retryable(),
        line,
    }
}

/// The codes of each subsystem in catalogue order, then the codes without one.
pub fn by_subsystem() -> (Vec<(Namespace, Vec<ErrorCode>)>, Vec<ErrorCode>) {
    let groups = Namespace::ALL
        .iter()
        .map(|&ns| (ns, ns.codes().collect()))
        .collect();
    let general = ErrorCode::ALL
        .iter()
        .copied()
        .filter(|c| c.namespace().is_none())
        .collect();
    (groups, general)
}

/// `true` exactly for the categories a supervisor retries.
pub fn retried(category: Category) -> bool {
    category.retryable()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use serde_json::json;

    #[test]
    fn codes_are_snake_case_names() {
        assert_eq!(ErrorCode::ALL.len(), 20);
        for code in ErrorCode::ALL {
            assert_eq!(code.as_str(), code.name());
            assert!(
                code.as_str()
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{code}"
            );
        }
        assert_eq!(
            "unknown_tool".parse::<ErrorCode>(),
            Ok(ErrorCode::UnknownTool)
        );
        assert_eq!(ErrorCode::UnknownTool.category(), Category::NotFound);
        assert_eq!(
            ErrorCode::ProcessError.namespace(),
            Some(Namespace::Process)
        );
    }

    #[test]
    fn wire_keys_are_error_category_detail_then_flat_extras() {
        let err = Error::unknown_tool("web_serch")
            .with_argument("web_serch")
            .with_context("session", "s-17");
        let wire = err.to_wire();
        let keys: Vec<&str> = wire
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            [
                "error",
                "detail",
                "category",
                "tool",
                "argument",
                "suggestion",
                "session"
            ]
        );
        assert_eq!(
            wire,
            json!({
                "error": "unknown_tool",
                "detail": "unknown tool web_serch",
                "category": "not_found",
                "tool": "web_serch",
                "argument": "web_serch",
                "suggestion": "List the available tools with `agentrt tools`.",
                "session": "s-17",
            })
        );
        // Every code: the three reserved keys first, then its params flat beside them.
        for code in ErrorCode::ALL {
            let wire = Error::new(*code, code.params().iter().map(|p| example(p.ty))).to_wire();
            let keys: Vec<&str> = wire
                .as_object()
                .unwrap()
                .keys()
                .map(String::as_str)
                .collect();
            assert_eq!(keys[..3], ["error", "detail", "category"], "{code}");
            let params: Vec<&str> = code.params().iter().map(|p| p.name).collect();
            assert_eq!(keys[3..3 + params.len()], params[..], "{code}");
            assert!(!wire.as_object().unwrap().contains_key("details"));
        }
    }

    fn example(ty: errors::ParamType) -> Value {
        match ty {
            errors::ParamType::String => json!("x"),
            errors::ParamType::Integer => json!(42),
            errors::ParamType::Number => json!(1.5),
            errors::ParamType::Boolean => json!(true),
            errors::ParamType::List(_) => json!([]),
            errors::ParamType::Object => json!({}),
        }
    }

    #[test]
    fn only_unavailable_is_retryable_and_config_exits_2() {
        assert_eq!(Category::ALL.len(), 6);
        for c in Category::ALL {
            assert_eq!(retried(*c), *c == Category::Unavailable, "{c}");
            assert_eq!(
                c.exit_code(),
                if *c == Category::Config { 2 } else { 1 },
                "{c}"
            );
        }
        for code in ErrorCode::ALL {
            let h =
                handle(&Error::new(*code, code.params().iter().map(|p| example(p.ty))).to_wire());
            assert_eq!(h.code.as_deref(), Some(code.as_str()));
            assert_eq!(h.retry, code.category() == Category::Unavailable, "{code}");
            assert_eq!(
                h.exit_status,
                if code.category() == Category::Config {
                    2
                } else {
                    1
                },
                "{code}"
            );
            assert_eq!(h.subsystem, code.namespace());
        }
    }

    #[test]
    fn a_missing_configuration_exits_2() {
        let err = load_config("/nonexistent/agentrt.toml").unwrap_err();
        assert_eq!(err.code(), Some(ErrorCode::ConfigMissing));
        assert_eq!(err.exit_code(), 2);
        assert_eq!(
            err.to_string(),
            "config_missing: no configuration file at /nonexistent/agentrt.toml\n  hint: Create one with `agentrt init`."
        );
        let dir = std::env::temp_dir().join(format!("example-runtime-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("agentrt.toml");
        std::fs::write(&file, "model = \"m\"\n").unwrap();
        let err = load_config(file.to_str().unwrap()).unwrap_err();
        assert_eq!(err.code(), Some(ErrorCode::ConfigInvalid));
        assert_eq!(err.exit_code(), 2);
        std::fs::write(&file, "sandbox_root = \"/work\"\n").unwrap();
        assert_eq!(
            load_config(file.to_str().unwrap()).unwrap(),
            [("sandbox_root".into(), "/work".into())]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn newer_codes_are_classified_by_their_category() {
        let h = handle(
            &json!({"error": "plugin_dir_missing", "category": "config", "detail": "no plugin dir"}),
        );
        assert_eq!((h.exit_status, h.retry), (2, false));
        let h = handle(
            &json!({"error": "gpu_unavailable", "category": "unavailable", "detail": "no GPU", "pool": "a100"}),
        );
        assert!(h.retry);
        assert!(h.line.ends_with("pool=\"a100\""), "{}", h.line);
        // A mislabelled known code keeps the catalogue's classification.
        let h = handle(
            &json!({"error": "config_missing", "category": "unavailable", "detail": "x", "file": "a"}),
        );
        assert_eq!((h.exit_status, h.retry), (2, false));
    }

    #[test]
    fn codes_are_grouped_by_subsystem() {
        let (groups, general) = by_subsystem();
        assert_eq!(groups.len(), 6);
        assert_eq!(groups[0].0, Namespace::Tools);
        assert_eq!(
            groups[0].1,
            [
                ErrorCode::UnknownTool,
                ErrorCode::ToolArgumentsInvalid,
                ErrorCode::ToolDisabled
            ]
        );
        assert_eq!(general, [ErrorCode::InternalError]);
        let n: usize = groups.iter().map(|(_, c)| c.len()).sum::<usize>() + general.len();
        assert_eq!(n, ErrorCode::ALL.len());
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
            let wire = Error::new(*code, code.params().iter().map(|p| example(p.ty)))
                .with_context("session", "s-1")
                .to_wire();
            assert!(v.is_valid(&wire), "{code}: {wire}");
            let mut wrong = wire.clone();
            wrong["category"] = json!(if code.category() == Category::Config {
                "invalid"
            } else {
                "config"
            });
            assert!(!v.is_valid(&wrong), "{code}: a wrong category must fail");
        }
    }
}
