//! `cargo run -p example-agent-cli -- run [--name NAME] [--max-turns N]`: validates the
//! arguments like agentkit does, printing the compact terminal error and exiting with its
//! code's status. `cargo run -p example-agent-cli -- rpc '<request JSON>'` answers one
//! JSON-RPC request. Without arguments, a short tour.

use example_agent_cli::{METHODS, handle_rpc, parse_run_args, unknown_tool_result};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("run") => match parse_run_args(&args[1..]) {
            Ok(a) => println!("agentkit: running {} (max {} turns)", a.name, a.max_turns),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(e.exit_code().into());
            }
        },
        Some("rpc") => println!(
            "{}",
            handle_rpc(args.get(1).map_or("", String::as_str), METHODS)
        ),
        _ => {
            for argv in [&["--max-turns", "500"][..], &[]] {
                if let Err(e) = parse_run_args(argv) {
                    println!(
                        "$ agentkit run {}\n{e}\n(exit {})\n",
                        argv.join(" "),
                        e.exit_code()
                    );
                }
            }
            for text in [
                r#"{"jsonrpc": "2.0", "id": 1, "method": "agent/run", "params": {"#,
                r#"{"jsonrpc": "2.0", "id": 2, "method": "agent/fly"}"#,
                r#"{"jsonrpc": "2.0", "id": 3, "method": "agent/run", "params": {}}"#,
                r#"{"jsonrpc": "2.0", "id": 4, "method": "agent/crash"}"#,
            ] {
                println!("--> {text}\n<-- {}", handle_rpc(text, METHODS));
            }
            println!("\nMCP: {}", unknown_tool_result("web_serch"));
        }
    }
}
