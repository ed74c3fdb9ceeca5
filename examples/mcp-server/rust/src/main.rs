//! `cargo run -p example-mcp-server`: a few tool calls of the tracker server and what a
//! client decides from their results.

use example_mcp_server::{call_tool, decide};
use serde_json::{Value, json};

fn main() {
    let calls = [
        ("create_issue", json!({"title": ""})),
        ("set_phase", json!({"issue_id": 7, "phase": "ship"})),
        ("set_phase", json!({"issue_id": 7, "phase": "design"})),
        ("set_phase", json!({"issue_id": 9, "phase": "review"})),
        ("create_issue", json!({"title": "Fix login"})),
    ];
    for (tool, args) in &calls {
        let result = call_tool(tool, args);
        let text = result["content"][0]["text"].as_str().unwrap_or_default();
        println!("{tool} {args}\n  -> {text}");
        let payload: Value = serde_json::from_str(text).unwrap_or_default();
        println!("  client: {:?}", decide(&payload));
    }
    let legacy = json!({"error": "Issue not found"});
    println!("{legacy}\n  client: {:?}", decide(&legacy));
}
