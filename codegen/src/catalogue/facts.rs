//! The facts a category sets and an entry may override (retryable, retry, exit code, HTTP
//! status, JSON-RPC code, expected), each read and range-checked.

use crate::diag::DiagCode;
use crate::ir::Retry;

use super::format;
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
    fn exit_code(&mut self, node: &Node) -> Option<u8> {
        let v = self.integer(node, "exit_code")?;
        if !(0..=255).contains(&v) {
            self.err(
                DiagCode::ExitCodeRange,
                node.span,
                &[("value", &v.to_string())],
            );
            return None;
        }
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
        u8::try_from(v).ok()
    }

    fn http_status(&mut self, node: &Node) -> Option<u16> {
        let v = self.integer(node, "http_status")?;
        if !(100..=599).contains(&v) {
            self.err(
                DiagCode::HttpStatusRange,
                node.span,
                &[("value", &v.to_string())],
            );
            return None;
        }
        if v < 400 {
            self.err(
                DiagCode::HttpStatusNotError,
                node.span,
                &[("value", &v.to_string())],
            )
            .help =
                Some("errors usually map to 4xx (caller's fault) or 5xx (server's fault)".into());
        }
        u16::try_from(v).ok()
    }

    fn jsonrpc_code(&mut self, node: &Node) -> Option<i32> {
        let v = self.integer(node, "jsonrpc_code")?;
        let Ok(v32) = i32::try_from(v) else {
            self.err(
                DiagCode::JsonrpcCodeRange,
                node.span,
                &[("value", &v.to_string())],
            );
            return None;
        };
        let v64 = i64::from(v32);
        if (-32768..=-32000).contains(&v64)
            && !STANDARD_JSONRPC.contains(&v64)
            && !(-32019..=-32000).contains(&v64)
        {
            self.err(DiagCode::JsonrpcCodeReserved, node.span, &[("value", &v.to_string())])
                .help = Some("use a standard code (-32700, -32600, -32601, -32602, -32603), MCP's implementation range -32000..=-32019, or a code outside -32768..=-32000".into());
        }
        Some(v32)
    }

    /// The facts a category sets and an entry may override, each checked; `None` where a
    /// mapping leaves one out (or it is refused).
    pub(super) fn facts(&mut self, fields: &Fields) -> Facts {
        Facts {
            retryable: fields
                .get("retryable")
                .and_then(|n| self.boolean(n, "retryable")),
            retry: fields.get("retry").and_then(|n| self.retry(n)),
            exit_code: fields.get("exit_code").and_then(|n| self.exit_code(n)),
            http_status: fields.get("http_status").and_then(|n| self.http_status(n)),
            jsonrpc_code: fields.get("jsonrpc_code").and_then(|n| self.jsonrpc_code(n)),
            expected: fields.get("expected").and_then(|n| self.boolean(n, "expected")),
        }
    }

    fn retry(&mut self, node: &Node) -> Option<Retry> {
        let fields = self.fields(node, "retry", "`retry`", &format::RETRY_ADVICE)?;
        let mut r = Retry::default();
        if let Some(n) = fields.get("max_attempts")
            && let Some(v) = self.integer(n, "max_attempts")
        {
            match u32::try_from(v) {
                Ok(v) if v >= 1 => r.max_attempts = Some(v),
                _ => {
                    self.err(
                        DiagCode::BadValue,
                        n.span,
                        &[
                            ("key", "max_attempts"),
                            ("found", &v.to_string()),
                            ("expected", "it must be a whole number from 1 to 4294967295"),
                        ],
                    );
                }
            }
        }
        if let Some(n) = fields.get("initial_backoff_ms")
            && let Some(v) = self.integer(n, "initial_backoff_ms")
        {
            match u64::try_from(v) {
                Ok(v) => r.initial_backoff_ms = Some(v),
                Err(_) => {
                    self.err(
                        DiagCode::BadValue,
                        n.span,
                        &[
                            ("key", "initial_backoff_ms"),
                            ("found", &v.to_string()),
                            ("expected", "it must be zero or more milliseconds"),
                        ],
                    );
                }
            }
        }
        r.advice = self.optional_text(&fields, "advice");
        Some(r)
    }
}
