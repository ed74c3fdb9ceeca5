//! The `examples/` registries end to end, from the command line's side:
//!
//! - every example's committed outputs (docs-site, generated/ts, generated/schema) are what
//!   `errdex generate` writes from its `errors.yaml` (`generate --check` passes);
//! - `examples/postgres/errors.yaml` stays the PostgreSQL converter's output, i.e. the
//!   `tests/fixtures/postgres` fixture (only the editor-schema path in line 1 differs);
//!   `UPDATE_EXPECT=1` rewrites it;
//! - the TypeScript consumers' tests pass (`node --test examples/*/ts/`) and the consumers
//!   type-check against the generated `index.d.ts` (`tsc --strict --checkJs`);
//! - the Go consumers (`examples/*/go/`) pass gofmt, go vet, staticcheck and their tests;
//! - every example has a README that says how to regenerate it and run its consumers.
//!
//! Without `node` (or without the pinned tools of `tools/node`) the Node checks print why
//! and skip; with the env var `CI` set they fail instead.
//!
//! The Rust consumers are workspace members (`examples/*/rust`) with their own tests.

#[path = "../../codegen/tests/testkit/mod.rs"]
mod testkit;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The examples with a Rust crate `rust/` and a JavaScript consumer `ts/`.
const EXAMPLES: [&str; 4] = ["postgres", "agent-cli", "runtime", "mcp-server"];

/// Every example catalogue: those above and the Python-only `tmux-mcp` (its server's tests
/// run in `python_examples.rs`).
const CATALOGUES: [&str; 5] = ["postgres", "agent-cli", "runtime", "mcp-server", "tmux-mcp"];

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("cli/ has a parent")
        .to_path_buf()
}

fn errdex() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_errdex"));
    c.current_dir(repo_root()).env("NO_COLOR", "1");
    c
}

/// node runs and `tools/node` holds `package` (a path under `node_modules`), or why not.
fn node_with(package: &str) -> Result<(), String> {
    testkit::tool::program("node")?;
    testkit::tool::file(
        repo_root().join("tools/node/node_modules").join(package),
        "bash .ci/steps/20-node.sh",
    )?;
    Ok(())
}

#[test]
fn committed_outputs_are_fresh() {
    for name in CATALOGUES {
        let catalogue = format!("examples/{name}/errors.yaml");
        let mut cmd = errdex();
        cmd.args(["generate", "--check", "--catalogue", &catalogue]);
        if name == "tmux-mcp" {
            // The rmcp example's committed Rust module.
            cmd.args(["--rust-file", "rmcp/src/libtmux_mcp_errors.rs"]);
        }
        let out = cmd.output().expect("run errdex");
        assert!(
            out.status.success(),
            "{catalogue}: committed outputs are stale; run `cargo run -p errdex -- generate --catalogue {catalogue}`\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        for dir in [
            "docs-site/book.toml",
            "docs-site/src/SUMMARY.md",
            "generated/ts/index.js",
            "generated/ts/index.d.ts",
            "generated/schema/wire-error.schema.json",
            "generated/schema/registry.json",
        ] {
            let p = repo_root().join("examples").join(name).join(dir);
            assert!(p.is_file(), "{} is missing", p.display());
        }
    }
}

#[test]
fn examples_lint_clean() {
    for name in CATALOGUES {
        let catalogue = format!("examples/{name}/errors.yaml");
        let out = errdex()
            .args(["lint", "--deny-warnings", &catalogue])
            .output()
            .expect("run errdex");
        assert!(
            out.status.success(),
            "{catalogue} is not lint-clean:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// The fixture with line 1's editor-schema path pointing at the example's own schema.
fn postgres_example_text(fixture: &str) -> String {
    let (first, rest) = fixture.split_once('\n').expect("the fixture has lines");
    assert_eq!(
        first, "# yaml-language-server: $schema=../../../generated/schema/catalogue.schema.json",
        "the fixture's first line changed: update this test"
    );
    format!("# yaml-language-server: $schema=generated/schema/errors.schema.json\n{rest}")
}

#[test]
fn postgres_example_is_the_converter_output() {
    let root = repo_root();
    let fixture = std::fs::read_to_string(root.join("tests/fixtures/postgres/errors.yaml"))
        .expect("read the postgres fixture");
    let want = postgres_example_text(&fixture);
    let path = root.join("examples/postgres/errors.yaml");
    testkit::golden::check_file(
        &path,
        &want,
        "examples/postgres/errors.yaml differs from tests/fixtures/postgres/errors.yaml (the \
         converter's output); after the rewrite, regenerate the example: \
         `cargo run -p errdex -- generate --catalogue examples/postgres/errors.yaml`",
    );
}

#[test]
fn typescript_consumers_pass_their_tests() {
    let node = testkit::tool::program("node");
    let Some(node) = testkit::tool::require_tool("the TypeScript consumers' tests", node) else {
        return;
    };
    let root = repo_root();
    let mut cmd = Command::new(node);
    cmd.current_dir(&root).arg("--test");
    for name in EXAMPLES {
        let test = format!("examples/{name}/ts/consumer.test.mjs");
        assert!(root.join(&test).is_file(), "{test} is missing");
        cmd.arg(test);
    }
    let out = cmd.output().expect("run node --test");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "node --test failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A test skipped for a missing tool shows up as `# SKIP`; under CI that is a failure
    // (ts-support.mjs already throws there, this is the belt to its braces).
    if testkit::tool::under_ci() {
        assert!(
            !stdout.contains("# SKIP"),
            "tests were skipped under CI:\n{stdout}"
        );
    }
}

#[test]
fn typescript_consumers_type_check() {
    let root = repo_root();
    let tsc = root.join("tools/node/node_modules/typescript/bin/tsc");
    let tools = node_with("typescript/bin/tsc");
    let Some(()) = testkit::tool::require_tool("tsc on the TypeScript consumers", tools) else {
        return;
    };
    let mut cmd = Command::new("node");
    cmd.current_dir(&root).arg(&tsc).args([
        "--noEmit",
        "--strict",
        "--allowJs",
        "--checkJs",
        "--module",
        "nodenext",
        "--moduleResolution",
        "nodenext",
        "--target",
        "es2022",
        "--types",
        "",
    ]);
    for name in EXAMPLES {
        cmd.arg(format!("examples/{name}/ts/consumer.mjs"));
        cmd.arg(format!("examples/{name}/ts/demo.mjs"));
    }
    let out = cmd.output().expect("run tsc");
    assert!(
        out.status.success(),
        "tsc --strict --checkJs failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn every_example_has_a_readme_with_its_commands() {
    for name in EXAMPLES {
        let p = repo_root().join("examples").join(name).join("README.md");
        let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let go = repo_root()
            .join("examples")
            .join(name)
            .join("go/go.mod")
            .is_file();
        for needle in [
            format!("generate --catalogue examples/{name}/errors.yaml"),
            if go {
                format!("cd examples/{name}/go && go test")
            } else {
                format!("examples/{name}")
            },
            format!("node --test examples/{name}/ts/"),
            format!("cargo test -p example-{name}"),
            format!("cargo run -p example-{name}"),
        ] {
            assert!(
                text.contains(&needle),
                "{} does not mention `{needle}`",
                p.display()
            );
        }
    }
}

/// The Go consumers (`examples/*/go/`, a module that `replace`s the example's generated
/// package): gofmt, go vet and staticcheck clean, their tests (the seed's sample payloads,
/// byte for byte) pass, and the demo prints the envelopes the example's README shows.
#[test]
fn go_consumers_pass_their_tests() {
    let Some(()) = testkit::tool::require_tool("the Go consumers' tests", testkit::go::tools())
    else {
        return;
    };
    let root = repo_root();
    let with_go: Vec<&str> = CATALOGUES
        .into_iter()
        .filter(|n| root.join("examples").join(n).join("go/go.mod").is_file())
        .collect();
    assert!(with_go.contains(&"runtime"), "{with_go:?}");
    for name in with_go {
        let dir = root.join("examples").join(name).join("go");
        testkit::go::gates(&dir);
        let out = testkit::go::run(&mut testkit::go::cmd(
            &dir,
            &["test", "-count=1", "-v", "./..."],
        ));
        assert!(out.contains("\nok "), "{name}: {out}");
        assert!(!out.contains("--- SKIP"), "{name}: a test skipped:\n{out}");
        let readme_path = root.join("examples").join(name).join("README.md");
        let readme = std::fs::read_to_string(&readme_path)
            .unwrap_or_else(|e| panic!("{}: {e}", readme_path.display()));
        let out = testkit::go::run(&mut testkit::go::cmd(&dir, &["run", "."]));
        for line in out.lines().filter(|l| l.starts_with("{\"id\"")) {
            assert!(
                readme.contains(&format!("{line}\n")),
                "{name}: `go run .` printed {line}, which the README's output does not show"
            );
        }
    }
}

/// The tmux example on the official TypeScript MCP SDK (`examples/tmux-mcp/ts/`), driven by
/// the SDK's own client over its in-memory transport.
#[test]
fn typescript_sdk_server_through_the_sdk_client() {
    let root = repo_root();
    let tools = node_with("@modelcontextprotocol/sdk/package.json");
    let Some(()) = testkit::tool::require_tool("the TypeScript MCP SDK example", tools) else {
        return;
    };
    let out = Command::new("node")
        .current_dir(&root)
        .args(["--test", "examples/tmux-mcp/ts/"])
        .output()
        .expect("run node --test");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "node --test examples/tmux-mcp/ts/ failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("# pass 5"), "{stdout}");
    assert!(!stdout.contains("# SKIP"), "{stdout}");
}
