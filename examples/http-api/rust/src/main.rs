//! The orders service: `example-http-api [PORT]` serves `../SERVERS.md` on 127.0.0.1 (port
//! 8080 by default; 0 picks a free one) and prints `listening on http://<addr>` once it
//! accepts connections.

use std::io::Write as _;

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let port: u16 = match std::env::args().nth(1) {
        Some(p) => p
            .parse()
            .map_err(|e| std::io::Error::other(format!("port {p:?}: {e}")))?,
        None => 8080,
    };
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    let addr = listener.local_addr()?;
    let mut out = std::io::stdout();
    writeln!(out, "listening on http://{addr}")?;
    out.flush()?;
    axum::serve(listener, example_http_api::app()).await
}
