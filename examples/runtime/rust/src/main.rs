//! `cargo run -p example-runtime -- [--spec PATH]`: loads a pipeline spec (an empty or
//! missing one exits with status 2, the `config` category's); without arguments, shows the
//! tool response envelopes a model receives and what a retry policy does with payloads.

use example_runtime::{Bindings, dispatch_tool, load_spec, retry_decision};
use serde_json::json;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, path] = args.as_slice()
        && flag == "--spec"
    {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        match load_spec(path, &text) {
            Ok(n) => println!("plumbing: {n} binding(s) loaded"),
            Err(err) => {
                eprintln!("{}", err.to_wire());
                std::process::exit(err.exit_code().into());
            }
        }
        return;
    }
    let bindings = Bindings {
        tools: vec!["read_doc".into(), "shell".into()],
        declined_by_operator: vec!["shell".into()],
    };
    for (id, name) in [
        ("toolu_abc123", "foo"),
        ("toolu_def456", "shell"),
        ("toolu_ghi789", "read_doc"),
    ] {
        println!("{}", dispatch_tool(id, name, &bindings));
    }
    for payload in [
        json!({"error": "mcp_disconnected", "category": "unavailable", "detail": "MCP server connection is dead"}),
        json!({"error": "unknown_tool", "category": "not_found", "detail": "unknown tool: foo", "source": "foo"}),
        json!({"error": "human message"}),
    ] {
        println!("{payload} -> {:?}", retry_decision(&payload));
    }
}
