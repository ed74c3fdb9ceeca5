//! errdex's own crate, built from the repository's errors.yaml: every code round-trips
//! through its string, serde and the wire; the renderings carry the catalogue's facts.
#![allow(clippy::unwrap_used)]

use errdex_errors::{Category, Error, ErrorCode, WIRE};

#[test]
fn every_code_round_trips() {
    assert!(!ErrorCode::ALL.is_empty());
    for (i, &c) in ErrorCode::ALL.iter().enumerate() {
        assert_eq!(c.index(), i);
        assert_eq!(c.as_str().parse::<ErrorCode>(), Ok(c));
        assert_eq!(c.name().parse::<ErrorCode>(), Ok(c));
        assert_eq!(c.to_string(), c.as_str());
        let json = serde_json::to_value(c).unwrap();
        assert_eq!(serde_json::from_value::<ErrorCode>(json).unwrap(), c);
        assert_eq!(c.category().as_str().parse::<Category>(), Ok(c.category()));
        let values: Vec<serde_json::Value> = c
            .params()
            .iter()
            .map(|p| format!("<{}>", p.name).into())
            .collect();
        let e = Error::new(c, values);
        let wire = e.to_wire();
        assert_eq!(wire[WIRE.code], c.as_str());
        let back = Error::from_wire(&wire);
        assert_eq!(back.code(), Some(c));
        assert_eq!(back.to_wire(), wire);
        assert_eq!(e.exit_code(), c.exit_code());
        assert_eq!(e.to_jsonrpc_error()["code"], c.jsonrpc_code());
        assert_eq!(e.to_problem_json()["status"], c.http_status());
        assert_eq!(e.to_mcp_tool_result()["isError"], true);
    }
}
