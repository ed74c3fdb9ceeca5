//! `cargo run -p example-postgres [SQLSTATE...]`: what a database layer learns from a
//! SQLSTATE, then the classes with their sizes.

use example_postgres::errors::ErrorCode;
use example_postgres::{Resolved, by_class, condition, rerun_delay};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        args = [
            "22012",
            "23505",
            "40001",
            "01000",
            "UNDEFINED_CURSOR",
            "22ZZZ",
            "QQ123",
        ]
        .map(String::from)
        .to_vec();
    }
    for s in &args {
        match condition(s) {
            None => println!("{s:<16} -> unknown SQLSTATE"),
            Some(r) => {
                let c = r.code();
                let ns = c.namespace().map_or("-", |n| n.title());
                let how = if matches!(r, Resolved::ClassFallback(_)) {
                    "; class fallback"
                } else {
                    ""
                };
                let rerun = match rerun_delay(c, 1) {
                    Some(d) => format!("; rerun after {} ms", d.as_millis()),
                    None => String::new(),
                };
                println!(
                    "{s:<16} -> {} {:?} ({ns}; {}{how}{rerun})",
                    c.as_str(),
                    c,
                    c.category()
                );
            }
        }
    }
    let groups = by_class();
    println!(
        "\n{} classes, {} codes:",
        groups.len(),
        ErrorCode::ALL.len()
    );
    for (ns, codes) in groups {
        println!(
            "  {} {:<4} {}",
            ns.code_prefix().unwrap_or("??"),
            codes.len(),
            ns.title()
        );
    }
}
