//! The facts a category sets and an entry may override (retryable, retry, exit code, HTTP
//! status, JSON-RPC code, expected), each read and range-checked.

use crate::diag::DiagCode;
use crate::ir::Retry;

use super::format::KeyRef;
use super::format::keys::{self, retry};
use super::read::Fields;
use super::sink::Cx;
use super::tree::Node;

/// The JSON-RPC 2.0 standard error codes.
const STANDARD_JSONRPC: [i64; 5] = [-32700, -32600, -32601, -32602, -32603];

/// A category's facts, or an entry's overrides of them.
pub(super) struct Facts {
    pub(super) retryable: Option<bool>,
    pub(super) retry: Option<Retry>,
    pub(super) exit_code: Option<u8>,
    pub(super) http_status: Option<u16>,
    pub(super) jsonrpc_code: Option<i32>,
    pub(super) expected: Option<bool>,
}

impl Cx<'_> {
    fn exit_code(&mut self, fields: &Fields, key: KeyRef) -> Option<u8> {
        let (v, node) = self.ranged::<u8>(fields, key, |cx, n, v| {
            cx.err(
                DiagCode::ExitCodeRange,
                n.span,
                &[("value", &v.to_string())],
            );
        })?;
        if v == 0 {
            self.err(
                DiagCode::ExitCodeUnusual,
                node.span,
                &[("value", "0"), ("why", "means success to shells and CI")],
            )
            .help = Some("use 1 for a general failure, or a sysexits.h code (64..=78)".into());
        } else if v > 125 {
            self.err(DiagCode::ExitCodeUnusual, node.span, &[("value", &v.to_string()), ("why", "collides with the codes shells use for signals and missing commands (126..=255)")])
                .help = Some("pick a code in 1..=125".into());
        }
        Some(v)
    }

    fn http_status(&mut self, fields: &Fields, key: KeyRef) -> Option<u16> {
        let (v, node) = self.ranged::<u16>(fields, key, |cx, n, v| {
            cx.err(
                DiagCode::HttpStatusRange,
                n.span,
                &[("value", &v.to_string())],
            );
        })?;
        if v < 400 {
            self.err(
                DiagCode::HttpStatusNotError,
                node.span,
                &[("value", &v.to_string())],
            )
            .help =
                Some("errors usually map to 4xx (caller's fault) or 5xx (server's fault)".into());
        }
        Some(v)
    }

    fn jsonrpc_code(&mut self, fields: &Fields, key: KeyRef) -> Option<i32> {
        let (v, node) = self.ranged::<i32>(fields, key, |cx, n, v| {
            cx.err(
                DiagCode::JsonrpcCodeRange,
                n.span,
                &[("value", &v.to_string())],
            );
        })?;
        let v64 = i64::from(v);
        if (-32768..=-32000).contains(&v64)
            && !STANDARD_JSONRPC.contains(&v64)
            && !(-32019..=-32000).contains(&v64)
        {
            self.err(DiagCode::JsonrpcCodeReserved, node.span, &[("value", &v.to_string())])
                .help = Some("use a standard code (-32700, -32600, -32601, -32602, -32603), MCP's implementation range -32000..=-32019, or a code outside -32768..=-32000".into());
        }
        Some(v)
    }

    /// The facts a category sets and an entry may override (`keys`: the category's or the
    /// entry's), each checked; `None` where a mapping leaves one out (or it is refused).
    pub(super) fn facts(&mut self, fields: &Fields, keys: keys::Facts) -> Facts {
        Facts {
            retryable: self.optional_bool(fields, keys.retryable),
            retry: fields
                .get(keys.retry)
                .and_then(|n| self.retry(n, keys.retry)),
            exit_code: self.exit_code(fields, keys.exit_code),
            http_status: self.http_status(fields, keys.http_status),
            jsonrpc_code: self.jsonrpc_code(fields, keys.jsonrpc_code),
            expected: self.optional_bool(fields, keys.expected),
        }
    }

    fn retry(&mut self, node: &Node, key: KeyRef) -> Option<Retry> {
        let fields = self.fields(node, key.name(), "`retry`", key)?;
        let max_attempts = self
            .ranged::<u32>(&fields, retry::MAX_ATTEMPTS, |cx, n, v| {
                cx.out_of_range(
                    retry::MAX_ATTEMPTS,
                    n,
                    v,
                    &whole_number(retry::MAX_ATTEMPTS),
                );
            })
            .map(|(v, _)| v);
        let initial_backoff_ms = self
            .ranged::<u64>(&fields, retry::INITIAL_BACKOFF_MS, |cx, n, v| {
                cx.out_of_range(
                    retry::INITIAL_BACKOFF_MS,
                    n,
                    v,
                    "it must be zero or more milliseconds",
                );
            })
            .map(|(v, _)| v);
        let r = Retry {
            max_attempts,
            initial_backoff_ms,
            advice: self.optional_text(&fields, retry::ADVICE),
        };
        Some(r)
    }

    /// EDX0106 for an integer outside its key's range.
    pub(super) fn out_of_range(&mut self, key: KeyRef, n: &Node, value: i128, expected: &str) {
        self.err(
            DiagCode::BadValue,
            n.span,
            &[
                ("key", key.name()),
                ("found", &value.to_string()),
                ("expected", expected),
            ],
        );
    }
}

/// What an integer key's declared range asks for, in words: "it must be a whole number
/// from 1 to 100".
pub(super) fn whole_number(key: KeyRef) -> String {
    match key.range() {
        (min, Some(max)) => format!("it must be a whole number from {min} to {max}"),
        (min, None) => format!("it must be a whole number of at least {min}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::message_shape;

    /// The range codes' messages say the ranges the table declares.
    #[test]
    fn the_range_messages_say_the_declared_ranges() {
        for (code, key) in [
            (DiagCode::ExitCodeRange, keys::category::FACTS.exit_code),
            (DiagCode::HttpStatusRange, keys::category::FACTS.http_status),
        ] {
            let (min, max) = key.range();
            let range = format!("{min}..={}", max.expect("bounded"));
            assert!(message_shape(code).contains(&range), "{code:?}: {range}");
        }
        assert_eq!(
            keys::category::FACTS.jsonrpc_code.range(),
            (i64::from(i32::MIN), Some(i64::from(i32::MAX))),
            "EDX0506 says the code fits a 32-bit signed integer"
        );
    }
}
