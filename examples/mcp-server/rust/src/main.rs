//! `cargo run -p example-mcp-server`: a few tool calls of the notebook server and the
//! retry decisions a client makes from their results.

use example_mcp_server::errors::ErrorCode;
use example_mcp_server::{Decision, call_tool, decide};
use serde_json::json;

fn main() {
    let calls = [
        ("read_notebook", json!({"id": "nb-42"})),
        ("read_notebook", json!({})),
        ("edit_cell", json!({"cell": "c1", "version": 3})),
    ];
    for (tool, args) in &calls {
        let result = call_tool(tool, args);
        println!(
            "{tool} {args}\n  -> {}",
            serde_json::to_string(&result).unwrap_or_default()
        );
    }
    let nf = example_mcp_server::errors::Error::not_found("notebook", "nb-42").to_wire();
    println!("\nwire: {nf}");
    for attempt in 1..=3 {
        match decide(&nf, attempt) {
            Decision::Retry(d) => {
                println!("attempt {attempt} failed: retry in {} ms", d.as_millis())
            }
            Decision::GiveUp(why) => println!("attempt {attempt} failed: {why}"),
        }
    }
    if let Decision::GiveUp(why) = decide(&json!({"error": "Notebook not found"}), 1) {
        println!("{why}");
    }
    println!();
    for code in ErrorCode::ALL {
        let max = code.retry().and_then(|r| r.max_attempts);
        println!(
            "{:<20} retryable={:<5} category={:<9} max_attempts={max:?}",
            code.as_str(),
            code.retryable(),
            code.category().as_str()
        );
    }
}
