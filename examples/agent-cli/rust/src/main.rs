//! `cargo run -p example-agent-cli`: the compact terminal form, a `tools/call` error result
//! with `errorData`, and JSON-RPC errors, for the milo framework's codes.

use example_agent_cli::errors::Error;
use example_agent_cli::{call_tool, dispatch, require_env};
use serde_json::json;

fn main() {
    if let Err(err) = require_env("") {
        println!(
            "$ contract deploy --environment ''\n{err}\n(exit {})\n",
            err.exit_code()
        );
    }
    let result = call_tool("deploy", &json!({"environment": ""}));
    println!("tools/call deploy {{\"environment\": \"\"}}\n{result}\n");
    for err in [
        Error::cmd_not_found().with_message("Command was not found: site.bild"),
        Error::cfg_missing().with_message("Required config value or file missing: milo.toml"),
        Error::sta_dispatch(),
    ] {
        println!("{}", dispatch(json!(1), &err));
    }
}
