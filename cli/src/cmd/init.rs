//! `errdex init [DIR]`: a starter `errors.yaml` and the lines that use it from Rust.
//!
//! Writes, in DIR (default `.`, created when missing):
//! - `errors.yaml`: a small, real catalogue (four categories, four codes) that lints clean.
//!   Its registry name is the directory's name made an identifier (`my-api` → `my_api`;
//!   `app` when nothing usable is left). Its first line points editors at the catalogue
//!   schema: `# yaml-language-server: $schema=generated/schema/catalogue.schema.json`.
//! - `generated/schema/catalogue.schema.json`: that editor schema, byte for byte what
//!   `errdex generate` writes there (so completion works before anything was generated, and
//!   the next `errdex generate` keeps it current). Left alone when it already exists.
//!
//! With `--parts`, a registry in many files instead (the layout `errdex split` makes): the
//! root `errors.yaml` keeps the registry and its categories and lists `errors/*.yaml`; two
//! part files, `errors/core.yaml` and `errors/upstream.yaml`, each hold a namespace and its
//! codes under a `part:` header with an owner and the range of codes it may allocate, so
//! `errdex new NAME --part errors/core.yaml` takes the next code of that range; the editor
//! schema `part.schema.json` is written beside the catalogue's. The same four codes.
//!
//! Never overwrites: when `errors.yaml` (or, with `--parts`, a part file) exists, nothing is written and the command fails
//! with EDX1008 (checked, then created with `create_new`, so a file appearing meanwhile is
//! not clobbered either). Then it prints the `Cargo.toml` (with the profile lines that make
//! the build script fast) and `build.rs` lines, and the committed-module alternative
//! ([`RUST_SETUP`]).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::Format;
use crate::catalogue;
use crate::fail::{self, Failure};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Directory to create the catalogue in (created when missing).
    #[arg(default_value = ".")]
    pub dir: PathBuf,
    /// A registry in many files: the root `errors.yaml` lists `errors/*.yaml`, and two part
    /// files each hold a namespace, its codes, an owner and the range of codes it may
    /// allocate (`errdex new NAME --part errors/core.yaml ...` adds the next one).
    #[arg(long)]
    pub parts: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    pub format: Format,
}

/// Where `errdex generate` writes the editor schema, relative to the catalogue's folder;
/// the starter's `$schema` comment points here.
pub const SCHEMA_PATH: &str = "generated/schema/catalogue.schema.json";

/// What to add to a Rust crate to build its error types from the catalogue (printed by
/// `errdex init`). One constant, kept in step with `errdex_codegen::Builder`.
pub const RUST_SETUP: &str = r#"Cargo.toml:

    [dependencies]
    serde = "1"
    serde_json = { version = "1", features = ["preserve_order"] }  # wire keys in errdex's order

    [build-dependencies]
    # Only the Rust target (no docs, TypeScript, diff or explain code and their crates).
    errdex-codegen = { version = "@VERSION@", default-features = false, features = ["rust"] }

    # Once the catalogue has thousands of codes: cargo builds build scripts unoptimized;
    # optimizing the generator and its YAML parser (nothing else) makes edit -> rebuild
    # faster for a slower clean build. In the workspace root's Cargo.toml.
    [profile.dev.package.errdex-codegen]
    opt-level = 3
    [profile.dev.package.serde-saphyr]
    opt-level = 3
    [profile.dev.package.granit-parser]
    opt-level = 3

build.rs:

    fn main() {
        // Reruns when errors.yaml changes; writes $OUT_DIR/errors.rs.
        errdex_codegen::Builder::new("errors.yaml")
            .generate()
            .unwrap_or_else(|e| e.exit());
    }

src/lib.rs (or a module of its own):

    include!(concat!(env!("OUT_DIR"), "/errors.rs"));

Or commit the module instead of a build script (no build dependency at all; the crate
publishes even when errors.yaml lives outside it):

    errdex generate --only rust --rust-file src/errors.rs   after each edit of errors.yaml (the module alone)
    errdex generate --check --rust-file src/errors.rs       in CI: fails when it is stale
    src/lib.rs: include!("errors.rs");

Once the catalogue has thousands of codes, its typed constructors and per-namespace enums
are most of every rebuild (about a second each at 10,000 codes); a crate that does not use
them leaves them out in errors.yaml (and a Go package its constructors, most of `go build`):

    rust:
      constructors: false     # build errors by name: Error::from_named(code, [("param", value)])
      namespace_enums: false  # match on ErrorCode instead of FrmCode
    go:
      constructors: false     # build errors with New(CodeFrmValidation, values...)
"#;

/// What to run next (printed after [`RUST_SETUP`]).
const NEXT_STEPS: &str = "Next:
    errdex lint                      check the catalogue (every problem at once)
    errdex generate                  TypeScript, Python, Go, JSON Schemas, OpenAPI and the mdBook reference
    errdex diff --against-git main   what a change breaks, before you merge it
";

/// The starter catalogue for a registry called `name` (an identifier).
pub fn starter_catalogue(name: &str) -> String {
    STARTER.replace("@NAME@", name)
}

const STARTER: &str = r#"# yaml-language-server: $schema=generated/schema/catalogue.schema.json
#
# The error catalogue of @NAME@: every error code with its category, retryability, exit
# code, HTTP status, JSON-RPC code, message and suggestion. errdex generates the Rust types
# (build.rs), TypeScript, Python and Go packages, JSON Schemas, OpenAPI components and a
# Markdown reference from this file.
# Codes are a contract: once released, deprecate or retire them instead of editing them
# (`errdex diff` tells you what a change breaks).
errdex: 1

registry:
  name: @NAME@
  title: "@NAME@ error reference"
  code_pattern: '^E[0-9]{4}$'
  # Where you deploy the generated book (docs-site/): docs URLs in problem+json `type` and
  # MCP `_meta` are absolute under it, and lint checks they land on each code's section.
  docs_site_url: "https://docs.example.com/errors/"
  # docs_url: "https://docs.example.com/errors/{namespace}.html#{code}"

categories:
  invalid:
    summary: Bad input; the caller can correct it
    retryable: false
    exit_code: 2
    http_status: 400
    jsonrpc_code: -32602
    expected: true          # logged at WARN
  not_found:
    summary: What was asked for does not exist
    retryable: false
    exit_code: 1
    http_status: 404
    jsonrpc_code: -32002
    expected: true
  unavailable:
    summary: A transient failure; retrying may succeed
    retryable: true
    retry: { max_attempts: 3, initial_backoff_ms: 200, advice: "Wait briefly, then retry." }
    exit_code: 75
    http_status: 503
    jsonrpc_code: -32603
    expected: false         # logged at ERROR
  internal:
    summary: A bug or an operator fault
    retryable: false
    exit_code: 70
    http_status: 500
    jsonrpc_code: -32603
    expected: false

errors:
  INVALID_VALUE:
    code: E0001
    category: invalid
    summary: A value is not valid
    message: "invalid value for `{field}`: {reason}"
    params:
      field: string
      reason: string
    suggestion: Check the value of `{field}`.
    explanation: |
      A value supplied by the caller (an argument, a field, a setting) was rejected.
      The message names the field and says why.
    since: "0.1.0"
  NOT_FOUND:
    code: E0002
    category: not_found
    summary: The requested item does not exist
    message: "{kind} `{id}` does not exist"
    params:
      kind: string
      id: string
    suggestion: Check the identifier, or list the existing items first.
    since: "0.1.0"
  UPSTREAM_UNAVAILABLE:
    code: E0003
    category: unavailable
    summary: A service this one depends on is unavailable
    message: "{service} is unavailable"
    params:
      service: string
    since: "0.1.0"
  INTERNAL:
    code: E0004
    category: internal
    summary: An unexpected internal error
    message: "internal error: {problem}"
    params:
      problem: string
    suggestion: Report this with the message above.
    since: "0.1.0"
    # Per-code overrides of the category: retryable, retry, exit_code, http_status,
    # jsonrpc_code, expected, docs_url. Evolving a code without breaking clients:
    # deprecated: { since: "0.2.0", replaced_by: OTHER_NAME, note: "why" }
    # aliases: [OLD_NAME]       # other NAMEs that still parse to this entry
    # legacy_codes: [E9999]     # former codes that still parse to this entry

# Codes that may never be used again (remove an entry from `errors:` by moving it here):
# retired:
#   E0099: { name: OLD_THING, since: "0.2.0", note: "merged into INVALID_VALUE" }
"#;

/// Where `errdex generate` writes the editor schema of a part file, relative to the
/// catalogue's folder.
pub const PART_SCHEMA_PATH: &str = "generated/schema/part.schema.json";

/// `--parts`: each file of the starter registry in many files (the root first), its path
/// relative to the catalogue's folder and its text for a registry called `name`.
pub fn starter_parts(name: &str) -> Vec<(&'static str, String)> {
    let root = STARTER.replace("@NAME@", name);
    let (head, rest) = root
        .split_once("\nerrors:\n")
        .unwrap_or_else(|| unreachable!("the starter has an `errors:` section"));
    let retired = rest
        .find("\n# Codes that may never")
        .map_or("", |at| &rest[at..]);
    let root = format!("{head}{PARTS_ROOT}{retired}");
    let part = |header: &str, entries: &[(&str, &str)], namespace: &str| {
        let mut text = header.to_string();
        for (name, code) in entries {
            text.push_str(&starter_entry(rest, name, code, namespace));
        }
        text
    };
    vec![
        (catalogue::DEFAULT_PATH, root),
        (
            "errors/core.yaml",
            part(
                PART_CORE,
                &[
                    ("INVALID_VALUE", "E0001"),
                    ("NOT_FOUND", "E0002"),
                    ("INTERNAL", "E0003"),
                ],
                "CORE",
            ),
        ),
        (
            "errors/upstream.yaml",
            part(
                PART_UPSTREAM,
                &[("UPSTREAM_UNAVAILABLE", "E1000")],
                "UPSTREAM",
            ),
        ),
    ]
}

/// The starter's entry `name` (its lines in `errors`, the text after `errors:`), with
/// `code` for its own and `namespace` under it.
fn starter_entry(errors: &str, name: &str, code: &str, namespace: &str) -> String {
    let key = format!("  {name}:");
    let mut lines = errors.lines().skip_while(|line| *line != key);
    let mut out = format!(
        "{}\n",
        lines.next().unwrap_or_else(|| unreachable!("{name}"))
    );
    // Its lines: those indented deeper than its key (the next entry's key, a blank line or
    // a comment at the margin ends it).
    for line in lines.take_while(|line| line.starts_with("    ")) {
        if line.starts_with("    code: ") {
            out.push_str(&format!("    code: {code}\n    namespace: {namespace}\n"));
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The root's `parts:` (in place of its `errors:`).
const PARTS_ROOT: &str = r#"
# The codes live in part files, one per team or area: each declares its owner and the codes
# it may allocate. `errdex new NAME --part errors/core.yaml --category invalid --summary "..."`
# adds a code with the next free code of that part's range, so two branches that each add
# one conflict in git instead of merging into a duplicate. A new part is a new file here.
parts:
  - errors/*.yaml
"#;

/// The head of `errors/core.yaml`; its entries are the starter's, in its namespace.
const PART_CORE: &str = r#"# yaml-language-server: $schema=../generated/schema/part.schema.json
# Codes E0001..E0999: bad input, missing items and internal faults.
part:
  owner: "@your-org/core"     # `outputs.codeowners` (or --codeowners) writes it to CODEOWNERS
  range: E0001..E0999         # the codes this part may allocate (others are EDX0807)
  description: Input, lookups and internal faults
namespaces:
  CORE:
    title: Core
    summary: Bad input, missing items and internal faults
errors:
"#;

/// The head of `errors/upstream.yaml`.
const PART_UPSTREAM: &str = r#"# yaml-language-server: $schema=../generated/schema/part.schema.json
# Codes E1000..E1999: the services this one depends on.
part:
  owner: "@your-org/platform"
  range: E1000..E1999
  description: The services this one depends on
namespaces:
  UPSTREAM:
    title: Upstream
    summary: Failures of the services this one depends on
errors:
"#;

/// The registry name for a directory: lower_snake, starting with a letter; `app` when
/// nothing usable is left.
pub fn registry_name(dir: &Path) -> String {
    let raw = std::fs::canonicalize(dir)
        .ok()
        .and_then(|path| {
            path.file_name()
                .map(|name| name.to_string_lossy().into_owned())
        })
        .or_else(|| {
            dir.file_name()
                .map(|name| name.to_string_lossy().into_owned())
        })
        .unwrap_or_default();
    let mut name = String::new();
    for c in raw.chars() {
        if c.is_ascii_alphanumeric() {
            name.push(c.to_ascii_lowercase());
        } else if !name.is_empty() && !name.ends_with('_') {
            name.push('_');
        }
    }
    let name = name
        .trim_matches('_')
        .trim_start_matches(|c: char| c.is_ascii_digit());
    let name = name.trim_start_matches('_');
    if name.is_empty() {
        "app".to_string()
    } else {
        name.to_string()
    }
}

pub fn run(args: Args) -> ExitCode {
    match init(&args.dir, args.parts) {
        Ok(report) => {
            print_report(&report, args.format);
            ExitCode::SUCCESS
        }
        Err(failure) => fail::report(&failure, args.format),
    }
}

struct Report {
    /// The catalogue's files, the root first.
    files: Vec<PathBuf>,
    schemas: Vec<Schema>,
    name: String,
    parts: bool,
}

/// An editor schema: where, and why it was not written (`None`: written).
struct Schema {
    path: PathBuf,
    note: Option<String>,
}

fn write_failure(path: &Path, error: &std::io::Error) -> Failure {
    Failure::write_failed(path.display().to_string(), fail::io_reason(error))
}

fn exists_failure(path: &Path) -> Failure {
    Failure::file_exists(path.display().to_string())
}

/// Creates `path` with `bytes`; `Ok(false)` when it already exists (nothing written).
fn create_new(path: &Path, bytes: &[u8]) -> std::io::Result<bool> {
    let mut file = match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
    {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => return Ok(false),
        Err(e) => return Err(e),
    };
    if let Err(e) = file.write_all(bytes).and_then(|()| file.sync_all()) {
        drop(file);
        let _ = std::fs::remove_file(path);
        return Err(e);
    }
    Ok(true)
}

fn init(dir: &Path, parts: bool) -> Result<Report, Failure> {
    let catalogue = dir.join(catalogue::DEFAULT_PATH);
    // Checked before anything is created (the directory included).
    if catalogue.symlink_metadata().is_ok() {
        return Err(exists_failure(&catalogue));
    }
    std::fs::create_dir_all(dir).map_err(|e| write_failure(dir, &e))?;
    let name = registry_name(dir);
    let files = if parts {
        starter_parts(&name)
    } else {
        vec![(catalogue::DEFAULT_PATH, starter_catalogue(&name))]
    };
    if let Some(path) = files
        .iter()
        .map(|(rel, _)| dir.join(rel))
        .find(|path| path.symlink_metadata().is_ok())
    {
        return Err(exists_failure(&path));
    }
    // Every file or none: one that cannot be created takes those before it away again.
    let mut created: Vec<PathBuf> = Vec::new();
    for (rel, text) in &files {
        let path = dir.join(rel);
        let made = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| create_new(&path, text.as_bytes()));
        let failure = match made {
            Ok(true) => {
                created.push(path);
                continue;
            }
            Ok(false) => exists_failure(&path),
            Err(e) => write_failure(&path, &e),
        };
        for path in &created {
            let _ = std::fs::remove_file(path);
        }
        return Err(failure);
    }

    // The editor schemas, exactly as `errdex generate` would write them.
    let wanted: &[&str] = if parts {
        &[SCHEMA_PATH, PART_SCHEMA_PATH]
    } else {
        &[SCHEMA_PATH]
    };
    let emitted = catalogue::Source::read(&catalogue)
        .ok()
        .and_then(|source| source.load().loaded.catalogue)
        .map(|mut cat| {
            // Named by its file name, as `errdex generate` names it.
            cat.source_name = catalogue::DEFAULT_PATH.to_string();
            errdex_codegen::emit::json_schema::emit(&cat)
        })
        .unwrap_or_default();
    let schemas = wanted
        .iter()
        .map(|rel| {
            let file = rel.rsplit('/').next().unwrap_or(rel);
            let path = dir.join(rel);
            let note = match emitted.iter().find(|(name, _)| name == file) {
                None => Some("the editor schema could not be built".to_string()),
                Some((_, json)) => {
                    let made = path
                        .parent()
                        .map_or(Ok(()), std::fs::create_dir_all)
                        .and_then(|()| create_new(&path, json.as_bytes()));
                    match made {
                        Ok(true) => None,
                        Ok(false) => Some("it already exists; left as it was".to_string()),
                        Err(e) => Some(format!(
                            "could not write it ({}); `errdex generate` writes it",
                            fail::io_reason(&e)
                        )),
                    }
                }
            };
            Schema { path, note }
        })
        .collect();
    Ok(Report {
        files: created,
        schemas,
        name,
        parts,
    })
}

fn rust_setup() -> String {
    RUST_SETUP.replace("@VERSION@", env!("CARGO_PKG_VERSION"))
}

fn print_report(report: &Report, format: Format) {
    let written = || report.schemas.iter().filter(|s| s.note.is_none());
    match format {
        Format::Json => {
            let created: Vec<String> = report
                .files
                .iter()
                .chain(written().map(|s| &s.path))
                .map(|p| p.display().to_string())
                .collect();
            let schema = |s: &Schema| serde_json::json!({ "path": s.path.display().to_string(), "written": s.note.is_none(), "note": s.note });
            let mut object = serde_json::json!({
                "created": created,
                "registry": report.name,
                "schema": report.schemas.first().map(schema),
                "rust_setup": rust_setup(),
            });
            if report.parts {
                object["parts"] = report.files[1..]
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect();
                object["part_schema"] = report.schemas.get(1).map(schema).into();
            }
            crate::print_json(&object);
        }
        Format::Human => {
            let root = report.files[0].display();
            if report.parts {
                println!(
                    "Created {root} (registry `{}`: 4 categories; its codes in `errors/*.yaml`).",
                    report.name
                );
                for part in &report.files[1..] {
                    println!(
                        "Created {} (a part: its owner, range and codes).",
                        part.display()
                    );
                }
            } else {
                println!(
                    "Created {root} (registry `{}`: 4 categories, 4 codes).",
                    report.name
                );
            }
            for schema in &report.schemas {
                match &schema.note {
                    None => println!(
                        "Created {} (editor completion through the `$schema` comment).",
                        schema.path.display()
                    ),
                    Some(note) => println!("Editor schema {}: {note}.", schema.path.display()),
                }
            }
            if report.parts {
                println!(
                    "\nAdd a code to a part (the next free code of its range):\n\n    \
                     errdex new MY_CODE --part errors/core.yaml --category invalid --summary \"...\"\n\n\
                     Set each part's `owner`, then keep CODEOWNERS in step on every run\n\
                     (`--check` in CI checks it) by adding to errors.yaml:\n\n    \
                     outputs: {{ codeowners: .github/CODEOWNERS }}"
                );
            }
            println!("\nUse it from Rust:\n\n{}\n{NEXT_STEPS}", rust_setup());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starter_lints_clean_for_any_name() {
        for dir in ["my-api", "Acme Corp", "2024_tool", "---", "x"] {
            let name = registry_name(Path::new(dir));
            let text = starter_catalogue(&name);
            let loaded = errdex_codegen::load_str(&text, "errors.yaml");
            assert!(
                loaded.diagnostics.is_empty(),
                "{dir} → {name}: {:#?}",
                loaded.diagnostics
            );
            let cat = loaded.catalogue.expect("catalogue");
            assert_eq!(cat.registry.name, name);
            assert_eq!(cat.errors.len(), 4);
            assert!(text.starts_with(&format!("# yaml-language-server: $schema={SCHEMA_PATH}\n")));
        }
    }

    #[test]
    fn registry_names() {
        assert_eq!(registry_name(Path::new("my-api")), "my_api");
        assert_eq!(registry_name(Path::new("Acme Corp")), "acme_corp");
        assert_eq!(registry_name(Path::new("2024-tool")), "tool");
        assert_eq!(registry_name(Path::new("---")), "app");
    }

    #[test]
    fn setup_names_the_builder_api() {
        let setup = rust_setup();
        assert!(setup.contains("errdex_codegen::Builder::new(\"errors.yaml\")"));
        assert!(setup.contains(&format!(
            "errdex-codegen = {{ version = \"{}\", default-features = false, features = [\"rust\"] }}",
            env!("CARGO_PKG_VERSION")
        )));
        assert!(setup.contains("/errors.rs\"));"));
        assert!(setup.contains("[profile.dev.package.errdex-codegen]\n    opt-level = 3\n"));
        assert!(setup.contains("errdex generate --only rust --rust-file src/errors.rs"));
        assert!(setup.contains("errdex generate --check --rust-file src/errors.rs"));
    }

    /// The `rust:` and `go:` lines printed for large catalogues, added to the starter as
    /// printed (indentation removed), load clean and turn every item off.
    #[test]
    fn setup_rust_items_load_as_printed() {
        let setup = rust_setup();
        let at = setup.find("    rust:\n").expect("the rust: lines");
        let block: String = setup[at..]
            .lines()
            .take_while(|l| l.starts_with("    "))
            .map(|l| format!("{}\n", &l[4..]))
            .collect();
        let text = format!("{}\n{block}", starter_catalogue("app"));
        let loaded = errdex_codegen::load_str(&text, "errors.yaml");
        assert!(loaded.diagnostics.is_empty(), "{:#?}", loaded.diagnostics);
        let cat = loaded.catalogue.expect("catalogue");
        assert!(
            !cat.rust.constructors && !cat.rust.namespace_enums,
            "{block}"
        );
        assert!(!cat.go.constructors, "{block}");
    }
}
