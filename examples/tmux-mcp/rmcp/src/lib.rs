//! The tmux example server on rmcp, the official Rust MCP SDK, its tools failing with the
//! errors of `../errors.yaml` (the committed module `libtmux_mcp_errors.rs`, written by
//! `errdex generate --catalogue examples/tmux-mcp/errors.yaml --rust-file rmcp/src/libtmux_mcp_errors.rs`).
//!
//! The tools return `Result<String, Error>`; `call_tool` is the one boundary:
//!
//! - a tool's error becomes the rmcp `CallToolResult` deserialized from
//!   `err.to_mcp_tool_result()`: `isError`, the message as raised, the profile's `_meta`;
//! - a tool the server does not have is a protocol-level failure: `call_tool` returns the
//!   rmcp `ErrorData` deserialized from `unknown_tool(..).to_jsonrpc_error()`, which rmcp
//!   sends as the JSON-RPC error.
//!
//! Every failure is recorded in the server's log (`expected` → warning, else error).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, JsonObject,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::{json, Value};

/// The catalogue's errors (the committed module).
#[allow(dead_code)]
pub mod errors {
    include!("libtmux_mcp_errors.rs");
}

pub use errors::Error;

/// The safety tiers, lowest first.
const TIERS: [&str; 3] = ["readonly", "mutating", "destructive"];

/// An in-memory tmux: panes by id, each its lines; `binary: false` when tmux is missing.
#[derive(Debug, Clone)]
pub struct Tmux {
    pub binary: bool,
    pub panes: BTreeMap<String, Vec<String>>,
}

impl Tmux {
    /// Pane `%0` (a shell) and `%1` (empty).
    pub fn demo() -> Tmux {
        let mut panes = BTreeMap::new();
        panes.insert(
            "%0".into(),
            vec!["$ make test".into(), "ok: 12 passed".into()],
        );
        panes.insert("%1".into(), Vec::new());
        Tmux {
            binary: true,
            panes,
        }
    }

    fn pane(&mut self, pane_id: &str) -> Result<&mut Vec<String>, Error> {
        if !self.binary {
            return Err(Error::tmux_not_found());
        }
        self.panes
            .get_mut(pane_id)
            .ok_or_else(|| Error::pane_not_found(pane_id))
    }
}

/// One line of the server's log: (level, text).
pub type LogLine = (&'static str, String);

/// The server: the tmux, its safety tier, and its log.
#[derive(Clone)]
pub struct TmuxServer {
    tmux: Arc<Mutex<Tmux>>,
    safety: &'static str,
    pub log: Arc<Mutex<Vec<LogLine>>>,
}

const TOOLS: [&str; 3] = ["capture_pane", "send_keys", "pane_line_width"];

fn text_arg(args: &JsonObject, name: &str) -> Result<String, Error> {
    match args.get(name) {
        Some(Value::String(s)) => Ok(s.clone()),
        _ => Err(Error::invalid_argument(name, "must be a string").with_argument(name)),
    }
}

impl TmuxServer {
    pub fn new(tmux: Tmux, safety: &'static str) -> TmuxServer {
        TmuxServer {
            tmux: Arc::new(Mutex::new(tmux)),
            safety,
            log: Arc::default(),
        }
    }

    fn record(&self, err: &Error, text: String) {
        let level = if err.expected() { "warning" } else { "error" };
        self.log.lock().expect("log lock").push((level, text));
    }

    /// The tools; each returns its text or an error of the catalogue.
    fn run(&self, name: &str, args: &JsonObject) -> Result<String, Error> {
        let mut tmux = self.tmux.lock().expect("tmux lock");
        match name {
            "capture_pane" => Ok(tmux.pane(&text_arg(args, "pane_id")?)?.join("\n")),
            "send_keys" => {
                let allowed = TIERS.iter().position(|t| *t == self.safety)
                    >= TIERS.iter().position(|t| *t == "destructive");
                if !allowed {
                    return Err(Error::tier_denied("send_keys", "destructive"));
                }
                let keys = text_arg(args, "keys")?;
                tmux.pane(&text_arg(args, "pane_id")?)?.push(keys);
                Ok("sent".into())
            }
            "pane_line_width" => {
                let rows = tmux.pane(&text_arg(args, "pane_id")?)?;
                // Its bug, caught as an unexpected failure: an empty pane has no lines.
                let width = rows
                    .iter()
                    .map(String::len)
                    .sum::<usize>()
                    .checked_div(rows.len())
                    .ok_or_else(|| {
                        Error::unexpected("attempt to divide by zero")
                            .with_error_type("ArithmeticError")
                    })?;
                Ok(width.to_string())
            }
            other => unreachable!("call_tool checks the name first: {other}"),
        }
    }
}

impl ServerHandler for TmuxServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let schema = |props: &[&str]| -> Arc<JsonObject> {
            let properties: JsonObject = props
                .iter()
                .map(|p| ((*p).to_string(), json!({"type": "string"})))
                .collect();
            let v = json!({"type": "object", "properties": properties, "required": props});
            Arc::new(v.as_object().expect("an object").clone())
        };
        let tools = vec![
            Tool::new("capture_pane", "The lines of a pane", schema(&["pane_id"])),
            Tool::new(
                "send_keys",
                "Types keys into a pane (destructive)",
                schema(&["pane_id", "keys"]),
            ),
            Tool::new(
                "pane_line_width",
                "The mean line width of a pane",
                schema(&["pane_id"]),
            ),
        ];
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let name = request.name.to_string();
        if !TOOLS.contains(&name.as_str()) {
            let err = Error::unknown_tool(&name);
            self.record(&err, format!("{}: {}", err.wire_code(), err.message()));
            return Err(serde_json::from_value(err.to_jsonrpc_error())
                .expect("errdex's JSON-RPC error object is rmcp's ErrorData"));
        }
        let args = request.arguments.unwrap_or_default();
        match self.run(&name, &args) {
            Ok(text) => Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into()),
            Err(err) => {
                let kind = err.error_type().unwrap_or("?").to_string();
                self.record(&err, format!("{name} failed: {kind}: {}", err.message()));
                let result: CallToolResult = serde_json::from_value(err.to_mcp_tool_result())
                    .expect("errdex's MCP tool result is rmcp's CallToolResult");
                Ok(result.into())
            }
        }
    }
}
