//! `cargo run -p example-runtime -- [--config PATH]`: starts "agentrt" with a configuration
//! file; a missing or invalid one prints the error and exits with its code's status (2 for
//! `config`). Without arguments, shows how a supervisor handles a few wire errors.

use example_runtime::errors::Error;
use example_runtime::{by_subsystem, handle, load_config};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, path] = args.as_slice()
        && flag == "--config"
    {
        match load_config(path) {
            Ok(settings) => println!("agentrt: started with {} setting(s)", settings.len()),
            Err(err) => {
                eprintln!("{err}");
                std::process::exit(err.exit_code().into());
            }
        }
        return;
    }
    let samples = [
        Error::unknown_tool("web_serch")
            .with_argument("web_serch")
            .with_context("session", "s-17")
            .to_wire(),
        Error::rate_limited("api.example", 2.5).to_wire(),
        Error::config_missing("agentrt.toml").to_wire(),
        serde_json::json!({"error": "gpu_unavailable", "category": "unavailable", "detail": "no GPU left", "pool": "a100"}),
    ];
    println!("wire: {}", samples[0]);
    for s in &samples {
        let h = handle(s);
        println!(
            "{}\n    -> retry={} exit={}",
            h.line, h.retry, h.exit_status
        );
    }
    let (groups, general) = by_subsystem();
    for (ns, codes) in groups {
        let names: Vec<&str> = codes.iter().map(|c| c.as_str()).collect();
        println!("{:<14} {}", ns.as_str(), names.join(", "));
    }
    let names: Vec<&str> = general.iter().map(|c| c.as_str()).collect();
    println!("{:<14} {}", "(none)", names.join(", "));
}
