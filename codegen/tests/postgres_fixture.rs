//! The `postgres` fixture: PostgreSQL's SQLSTATE list as an errdex catalogue.
//!
//! [`convert`] turns `tests/fixtures/postgres/errcodes.txt` (the 2022 copy of PostgreSQL's
//! `src/backend/utils/errcodes.txt`, unchanged, under the PostgreSQL Licence: `COPYRIGHT`
//! beside it) into `tests/fixtures/postgres/errors.yaml`. The committed file is compared with
//! the converter's output; `UPDATE_EXPECT=1` rewrites it.
//!
//! Mapping (choices the format leaves open, written down here and in the fixture's header):
//!
//! - Each `Section: Class XX - Title` line becomes a namespace `CLASS_XX` (an UPPER_SNAKE
//!   key that starts with a letter, as names must), titled with the section text after
//!   `Class XX - `, with `code_prefix: "XX"`.
//! - Each SQLSTATE becomes one entry: code = the SQLSTATE (always quoted: `"00000"` would
//!   otherwise be the integer 0), name = the C macro without `ERRCODE_`.
//! - Six SQLSTATEs have two macro names (`2202E`, `22008`, `26000`, `34000`, `3D000`,
//!   `3F000`). In each pair exactly one row has a spec (condition) name; that row is the
//!   entry (PostgreSQL documents and PL/pgSQL exposes that name) and the other macro becomes
//!   an `aliases:` entry. The entry sits where its code first appears in the file. For five
//!   pairs the spec row comes first; for `2202E` the alias row (`ARRAY_ELEMENT_ERROR`) comes
//!   first, and the entry is still `ARRAY_SUBSCRIPT_ERROR`.
//! - Summary and message come from the spec name (`division_by_zero` → "Division by zero" /
//!   "division by zero"), with SQL's acronyms restored (SQL, FDW, JSON, XML, I/O, PL/pgSQL).
//!   Messages have no params: PostgreSQL's real messages are free text.
//! - Categories: `S` rows → `success`, `W` rows → `warning`, `E` rows by class (see
//!   [`error_category`]), plus a few per-code overrides for well-known codes (see
//!   [`overrides`]). `success` and `warning` are not errors, but a client that receives one
//!   on an error path should still get a sensible, lint-clean mapping: non-retryable, exit
//!   code 1, HTTP 500 (success: receiving it as an error is a bug) or 400 (warning: the
//!   caller chose to treat a warning as a failure).

mod testkit;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

// ------------------------------------------------------------------------------ parsing

/// One `Section:` line.
#[derive(Debug, Clone, PartialEq)]
struct Section {
    /// Two-character class, e.g. `22`.
    class: String,
    /// Text after `Class XX - `.
    title: String,
}

/// One code row: `SQLSTATE E/W/S ERRCODE_MACRO [spec_name]`.
#[derive(Debug, Clone, PartialEq)]
struct Row {
    sqlstate: String,
    severity: char,
    /// Without the `ERRCODE_` prefix.
    name: String,
    spec_name: Option<String>,
    /// Index into the sections.
    section: usize,
}

fn parse(txt: &str) -> (Vec<Section>, Vec<Row>) {
    let mut sections: Vec<Section> = Vec::new();
    let mut rows = Vec::new();
    for (i, line) in txt.lines().enumerate() {
        let lineno = i + 1;
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("Section:") {
            let rest = rest.trim();
            let (class, title) = rest
                .strip_prefix("Class ")
                .and_then(|r| r.split_once(" - "))
                .unwrap_or_else(|| panic!("line {lineno}: unexpected section line {line:?}"));
            assert_eq!(class.len(), 2, "line {lineno}: class {class:?}");
            sections.push(Section {
                class: class.to_string(),
                title: title.trim().to_string(),
            });
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert!(
            fields.len() == 3 || fields.len() == 4,
            "line {lineno}: expected 3 or 4 fields, got {line:?}"
        );
        let sqlstate = fields[0];
        assert!(
            sqlstate.len() == 5
                && sqlstate
                    .chars()
                    .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase()),
            "line {lineno}: bad SQLSTATE {sqlstate:?}"
        );
        let severity = match fields[1] {
            "E" => 'E',
            "W" => 'W',
            "S" => 'S',
            other => panic!("line {lineno}: bad severity {other:?}"),
        };
        let name = fields[2]
            .strip_prefix("ERRCODE_")
            .unwrap_or_else(|| panic!("line {lineno}: macro without ERRCODE_: {line:?}"));
        assert!(
            is_upper_snake(name),
            "line {lineno}: {name:?} is not an UPPER_SNAKE name"
        );
        let section = sections
            .len()
            .checked_sub(1)
            .unwrap_or_else(|| panic!("line {lineno}: row before any Section: line"));
        rows.push(Row {
            sqlstate: sqlstate.to_string(),
            severity,
            name: name.to_string(),
            spec_name: fields.get(3).map(|s| s.to_string()),
            section,
        });
    }
    (sections, rows)
}

fn is_upper_snake(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_uppercase())
        && !s.ends_with('_')
        && !s.contains("__")
        && s.chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

/// One catalogue entry: a SQLSTATE with its primary row and the names of its alias rows.
#[derive(Debug)]
struct Entry<'a> {
    primary: &'a Row,
    aliases: Vec<&'a Row>,
}

/// Groups rows by SQLSTATE in order of first appearance; the row with a spec name is the
/// primary one (see the module docs).
fn entries(rows: &[Row]) -> Vec<Entry<'_>> {
    let mut order: Vec<&str> = Vec::new();
    for r in rows {
        if !order.contains(&r.sqlstate.as_str()) {
            order.push(&r.sqlstate);
        }
    }
    order
        .into_iter()
        .map(|code| {
            let group: Vec<&Row> = rows.iter().filter(|r| r.sqlstate == code).collect();
            let with_spec: Vec<&Row> = group
                .iter()
                .copied()
                .filter(|r| r.spec_name.is_some())
                .collect();
            let primary = match (group.len(), with_spec.as_slice()) {
                (1, _) => group[0],
                (_, [one]) => *one,
                _ => panic!("SQLSTATE {code}: cannot choose the primary row of {group:?}"),
            };
            let aliases = group
                .into_iter()
                .filter(|r| !std::ptr::eq(*r, primary))
                .collect();
            Entry { primary, aliases }
        })
        .collect()
}

// ------------------------------------------------------------------------------ mapping

/// A category of the generated catalogue, with the reason for its mappings.
struct CategoryDef {
    key: &'static str,
    summary: &'static str,
    /// Why these mappings (written as a YAML comment).
    why: &'static str,
    retryable: bool,
    /// (max_attempts, initial_backoff_ms, advice)
    retry: Option<(u32, u64, &'static str)>,
    exit_code: u8,
    http_status: u16,
    jsonrpc_code: i32,
    expected: bool,
}

/// Every category, in catalogue order. Exit code 1 everywhere except `config` (2);
/// JSON-RPC -32602 where the request is at fault (`expected: true`), else -32603.
const CATEGORIES: &[CategoryDef] = &[
    CategoryDef {
        key: "success",
        summary: "Successful completion (severity S); never an error by itself",
        why: "not an error: seen on an error path it means a bug, hence exit 1 / HTTP 500 (exit 0 and HTTP 2xx would lint as warnings)",
        retryable: false,
        retry: None,
        exit_code: 1,
        http_status: 500,
        jsonrpc_code: -32603,
        expected: false,
    },
    CategoryDef {
        key: "warning",
        summary: "Completed with a warning or no data (severity W)",
        why: "the caller chose to treat a warning as a failure: exit 1 / HTTP 400, logged at WARN",
        retryable: false,
        retry: None,
        exit_code: 1,
        http_status: 400,
        jsonrpc_code: -32602,
        expected: true,
    },
    CategoryDef {
        key: "invalid",
        summary: "The statement, its data or its use of the session is wrong; fix it and resubmit",
        why: "syntax, data, cursor, transaction-state and routine errors: the client's to fix",
        retryable: false,
        retry: None,
        exit_code: 1,
        http_status: 400,
        jsonrpc_code: -32602,
        expected: true,
    },
    CategoryDef {
        key: "permission",
        summary: "Authentication failed or the role lacks a privilege",
        why: "class 28 and insufficient_privilege",
        retryable: false,
        retry: None,
        exit_code: 1,
        http_status: 403,
        jsonrpc_code: -32602,
        expected: true,
    },
    CategoryDef {
        key: "conflict",
        summary: "The statement conflicts with existing data or with an object's current state",
        why: "integrity constraint violations (23) and objects not in the prerequisite state (55)",
        retryable: false,
        retry: None,
        exit_code: 1,
        http_status: 409,
        jsonrpc_code: -32602,
        expected: true,
    },
    CategoryDef {
        key: "rollback",
        summary: "The transaction was rolled back by concurrency control; rerun it",
        why: "serialization failures and deadlocks (40) are expected under concurrency and safe to rerun",
        retryable: true,
        retry: Some((
            5,
            10,
            "Roll back, then rerun the whole transaction from its first statement.",
        )),
        exit_code: 1,
        http_status: 409,
        jsonrpc_code: -32603,
        expected: true,
    },
    CategoryDef {
        key: "unavailable",
        summary: "Connection lost, server shutting down, or resources exhausted; transient",
        why: "connection (08), resources (53), operator intervention (57), snapshot too old (72)",
        retryable: true,
        retry: Some((
            3,
            500,
            "Reconnect if the connection is gone, wait, then retry.",
        )),
        exit_code: 1,
        http_status: 503,
        jsonrpc_code: -32603,
        expected: false,
    },
    CategoryDef {
        key: "internal",
        summary: "Internal or system error in the server; an operator must look",
        why: "system errors (58) and internal errors (XX)",
        retryable: false,
        retry: None,
        exit_code: 1,
        http_status: 500,
        jsonrpc_code: -32603,
        expected: false,
    },
    CategoryDef {
        key: "config",
        summary: "The server's configuration file is invalid",
        why: "class F0; exit 2 like every configuration failure",
        retryable: false,
        retry: None,
        exit_code: 2,
        http_status: 500,
        jsonrpc_code: -32603,
        expected: false,
    },
];

/// The category of an `E` row's class. Panics on a class this converter has not placed,
/// so a newer errcodes.txt forces a decision instead of a silent default.
fn error_category(class: &str) -> &'static str {
    match class {
        "03" | "09" | "0A" | "0B" | "0F" | "0L" | "0P" | "0Z" | "20" | "21" | "22" | "24"
        | "25" | "26" | "27" | "2B" | "2D" | "2F" | "34" | "38" | "39" | "3B" | "3D" | "3F"
        | "42" | "44" | "54" | "HV" | "P0" => "invalid",
        "28" => "permission",
        "23" | "55" => "conflict",
        "40" => "rollback",
        "08" | "53" | "57" | "72" => "unavailable",
        "58" | "XX" => "internal",
        "F0" => "config",
        other => panic!("class {other} has no category: place it in error_category()"),
    }
}

/// Per-code exceptions to the class mapping, each with its reason.
#[derive(Default)]
struct Override {
    category: Option<&'static str>,
    retryable: Option<bool>,
    retry: Option<(u32, u64, &'static str)>,
    http_status: Option<u16>,
    why: &'static str,
}

fn overrides(sqlstate: &str) -> Override {
    match sqlstate {
        "42501" => Override {
            category: Some("permission"),
            why: "a privilege problem, although class 42",
            ..Override::default()
        },
        "08P01" => Override {
            category: Some("invalid"),
            why: "a client bug, not a transient connection failure",
            ..Override::default()
        },
        "0A000" => Override {
            http_status: Some(501),
            why: "HTTP 501 Not Implemented",
            ..Override::default()
        },
        "40002" | "40003" => Override {
            retryable: Some(false),
            why: "rerunning cannot fix a constraint violation or an unknown outcome",
            ..Override::default()
        },
        "53400" => Override {
            retryable: Some(false),
            why: "a configured limit, not a transient shortage",
            ..Override::default()
        },
        "55P03" => Override {
            retryable: Some(true),
            retry: Some((
                3,
                100,
                "The lock is held by another session; retry shortly.",
            )),
            why: "NOWAIT / lock_timeout: the lock is usually free again soon",
            ..Override::default()
        },
        "57014" | "57P04" => Override {
            retryable: Some(false),
            why: "a cancelled statement or a dropped database does not come back by retrying",
            ..Override::default()
        },
        _ => Override::default(),
    }
}

/// Human words for the parts of a spec name.
fn word(w: &str) -> &str {
    match w {
        "sql" => "SQL",
        "sqlstate" => "SQLSTATE",
        "sqlclient" => "SQL-client",
        "sqlserver" => "SQL-server",
        "sqlconnection" => "SQL-connection",
        "fdw" => "FDW",
        "json" => "JSON",
        "xml" => "XML",
        "io" => "I/O",
        "srf" => "SRF",
        "plpgsql" => "PL/pgSQL",
        "c" => "C",
        "cant" => "can't",
        other => other,
    }
}

/// `division_by_zero` → `division by zero` (acronyms restored).
fn phrase(spec: &str) -> String {
    spec.split('_').map(word).collect::<Vec<_>>().join(" ")
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

// ------------------------------------------------------------------------------ YAML out

/// A YAML double-quoted scalar: `"` and `\` escaped, control characters (and the Unicode
/// line/paragraph separators and BOM) written as escapes.
fn q(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{FEFF}') => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn severity_word(s: char) -> &'static str {
    match s {
        'E' => "error",
        'W' => "warning",
        _ => "success",
    }
}

/// errcodes.txt → the `postgres` fixture catalogue. Pure and deterministic.
fn convert(errcodes_txt: &str) -> String {
    let (sections, rows) = parse(errcodes_txt);
    let entries = entries(&rows);
    let mut y = String::new();
    let w = &mut y;

    w.push_str(
        "# yaml-language-server: $schema=../../../generated/schema/catalogue.schema.json\n\
         #\n\
         # @generated by codegen/tests/postgres_fixture.rs from tests/fixtures/postgres/errcodes.txt\n\
         # (PostgreSQL's src/backend/utils/errcodes.txt, 2022 copy, PostgreSQL Licence).\n\
         # Do not edit: change the converter, then run\n\
         #   UPDATE_EXPECT=1 cargo test -p errdex-codegen --test postgres_fixture\n\
         #\n\
         # One namespace per SQLSTATE class, one entry per SQLSTATE (name = C macro without\n\
         # ERRCODE_); a second macro for the same SQLSTATE is an alias. Categories: S rows ->\n\
         # success, W rows -> warning, E rows by class (see the comments on each category).\n\
         errdex: 1\n\n",
    );

    w.push_str("registry:\n");
    let _ = writeln!(w, "  name: {}", q("postgres"));
    let _ = writeln!(w, "  title: {}", q("PostgreSQL error codes (SQLSTATE)"));
    let _ = writeln!(w, "  code_pattern: {}", q("^[0-9A-Z]{5}$"));
    // Where the generated reference book is deployed: a placeholder host (the source says
    // nothing of it), so docs URLs are absolute in problem+json `type` and MCP `_meta`.
    let _ = writeln!(
        w,
        "  docs_site_url: {}",
        q("https://postgres-errors.example/reference/")
    );
    w.push_str("  wire:\n");
    let _ = writeln!(w, "    code: {}", q("code"));
    let _ = writeln!(w, "    message: {}", q("message"));
    let _ = writeln!(w, "    category: {}", q("category"));
    w.push_str("    retryable: null\n    details: null\n");
    let _ = writeln!(w, "  mcp_meta_prefix: {}", q("org.postgresql/"));
    w.push('\n');

    w.push_str("categories:\n");
    for c in CATEGORIES {
        let _ = writeln!(w, "  # {}", c.why);
        let _ = writeln!(w, "  {}:", c.key);
        let _ = writeln!(w, "    summary: {}", q(c.summary));
        let _ = writeln!(w, "    retryable: {}", c.retryable);
        if let Some(r) = c.retry {
            write_retry(w, "    ", r);
        }
        let _ = writeln!(w, "    exit_code: {}", c.exit_code);
        let _ = writeln!(w, "    http_status: {}", c.http_status);
        let _ = writeln!(w, "    jsonrpc_code: {}", c.jsonrpc_code);
        let _ = writeln!(w, "    expected: {}", c.expected);
    }
    w.push('\n');

    w.push_str("namespaces:\n");
    for s in &sections {
        let _ = writeln!(w, "  {}:", namespace_key(&s.class));
        let _ = writeln!(w, "    title: {}", q(&s.title));
        let _ = writeln!(
            w,
            "    summary: {}",
            q(&format!("SQLSTATE class {}", s.class))
        );
        let _ = writeln!(w, "    code_prefix: {}", q(&s.class));
    }
    w.push('\n');

    w.push_str("errors:\n");
    for e in &entries {
        let r = e.primary;
        let class = &r.sqlstate[..2];
        let section = &sections[r.section];
        assert_eq!(
            section.class, class,
            "{}: primary row lies outside its class's section",
            r.sqlstate
        );
        let ov = overrides(&r.sqlstate);
        let category = match r.severity {
            'S' => "success",
            'W' => "warning",
            _ => ov.category.unwrap_or_else(|| error_category(class)),
        };
        let spec = r.spec_name.clone().unwrap_or_else(|| r.name.to_lowercase());
        let text = phrase(&spec);

        let _ = writeln!(w, "  {}:", r.name);
        let _ = writeln!(w, "    code: {}", q(&r.sqlstate));
        let _ = writeln!(w, "    namespace: {}", q(&namespace_key(class)));
        let _ = writeln!(w, "    category: {}", q(category));
        let _ = writeln!(w, "    summary: {}", q(&capitalise(&text)));
        let _ = writeln!(w, "    message: {}", q(&text));
        let _ = writeln!(
            w,
            "    explanation: {}",
            q(&explanation(r, section, &e.aliases))
        );
        if !ov.why.is_empty() {
            let _ = writeln!(w, "    # {}", ov.why);
        }
        if let Some(b) = ov.retryable {
            let _ = writeln!(w, "    retryable: {b}");
        }
        if let Some(rt) = ov.retry {
            write_retry(w, "    ", rt);
        }
        if let Some(h) = ov.http_status {
            let _ = writeln!(w, "    http_status: {h}");
        }
        if !e.aliases.is_empty() {
            let names: Vec<String> = e.aliases.iter().map(|a| q(&a.name)).collect();
            let _ = writeln!(w, "    aliases: [{}]", names.join(", "));
        }
    }
    y
}

fn namespace_key(class: &str) -> String {
    format!("CLASS_{class}")
}

fn write_retry(w: &mut String, indent: &str, (max, backoff, advice): (u32, u64, &str)) {
    let _ = writeln!(w, "{indent}retry:");
    let _ = writeln!(w, "{indent}  max_attempts: {max}");
    let _ = writeln!(w, "{indent}  initial_backoff_ms: {backoff}");
    let _ = writeln!(w, "{indent}  advice: {}", q(advice));
}

/// The entry's Markdown explanation: condition name, class, severity, macro, aliases.
fn explanation(r: &Row, section: &Section, aliases: &[&Row]) -> String {
    let mut s = String::new();
    match &r.spec_name {
        Some(spec) => {
            let _ = write!(s, "PostgreSQL condition `{spec}`");
        }
        None => s.push_str("PostgreSQL error code (no condition name)"),
    }
    let _ = write!(
        s,
        ", SQLSTATE `{}`, class {}: {}. Severity {} ({}).",
        r.sqlstate,
        section.class,
        section.title,
        r.severity,
        severity_word(r.severity)
    );
    if r.sqlstate.ends_with("000") {
        s.push_str(" This is the class's generic code, used only when no more specific code fits.");
    }
    let _ = write!(s, "\n\nServer macro: `ERRCODE_{}`.", r.name);
    if let (Some(spec), 'E') = (&r.spec_name, r.severity) {
        let _ = write!(s, " PL/pgSQL: `EXCEPTION WHEN {spec} THEN ...`.");
    }
    for a in aliases {
        let _ = write!(
            s,
            "\n\nThe server also raises this SQLSTATE as `ERRCODE_{}` (alias `{}`).",
            a.name, a.name
        );
    }
    s
}

// ------------------------------------------------------------------------------ tests

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("codegen/ has a parent")
        .to_path_buf()
}

fn fixture_path() -> PathBuf {
    repo_root().join("tests/fixtures/postgres/errors.yaml")
}

/// The committed errcodes.txt.
fn input() -> String {
    let path = repo_root().join("tests/fixtures/postgres/errcodes.txt");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn errcodes_txt_has_the_documented_shape() {
    let txt = input();
    let (sections, rows) = parse(&txt);
    assert_eq!(rows.len(), 266, "code rows");
    assert_eq!(sections.len(), 43, "classes");
    let entries = entries(&rows);
    assert_eq!(entries.len(), 260, "distinct SQLSTATEs");
    let mut shared: Vec<(&str, &str, &str)> = entries
        .iter()
        .flat_map(|e| {
            e.aliases.iter().map(|a| {
                (
                    e.primary.sqlstate.as_str(),
                    e.primary.name.as_str(),
                    a.name.as_str(),
                )
            })
        })
        .collect();
    shared.sort();
    assert_eq!(
        shared,
        [
            (
                "22008",
                "DATETIME_FIELD_OVERFLOW",
                "DATETIME_VALUE_OUT_OF_RANGE"
            ),
            ("2202E", "ARRAY_SUBSCRIPT_ERROR", "ARRAY_ELEMENT_ERROR"),
            (
                "26000",
                "INVALID_SQL_STATEMENT_NAME",
                "UNDEFINED_PSTATEMENT"
            ),
            ("34000", "INVALID_CURSOR_NAME", "UNDEFINED_CURSOR"),
            ("3D000", "INVALID_CATALOG_NAME", "UNDEFINED_DATABASE"),
            ("3F000", "INVALID_SCHEMA_NAME", "UNDEFINED_SCHEMA"),
        ],
        "SQLSTATEs with two macro names (entry, alias)"
    );
    // The rows without a spec name are exactly the alias rows.
    let no_spec: Vec<&str> = rows
        .iter()
        .filter(|r| r.spec_name.is_none())
        .map(|r| r.name.as_str())
        .collect();
    let mut alias_names: Vec<&str> = shared.iter().map(|s| s.2).collect();
    alias_names.sort();
    let mut no_spec_sorted = no_spec.clone();
    no_spec_sorted.sort();
    assert_eq!(no_spec_sorted, alias_names);
    // Severities: S only in class 00, W only in classes 01 and 02.
    for r in &rows {
        let class = &r.sqlstate[..2];
        match r.severity {
            'S' => assert_eq!(class, "00", "{r:?}"),
            'W' => assert!(class == "01" || class == "02", "{r:?}"),
            _ => assert!(!["00", "01", "02"].contains(&class), "{r:?}"),
        }
    }
}

#[test]
fn committed_fixture_matches_the_converter() {
    let txt = input();
    let produced = convert(&txt);
    assert_eq!(produced, convert(&txt), "convert() is deterministic");
    testkit::golden::check_file(
        &fixture_path(),
        &produced,
        "the converter's output changed (then copy it to examples/postgres: \
         UPDATE_EXPECT=1 cargo test -p errdex --test examples)",
    );
}

/// The converter's YAML, read back by a YAML parser (independent of errdex's loader).
#[test]
fn converter_output_parses_as_the_intended_yaml() {
    let txt = input();
    let y = convert(&txt);
    let v: serde_json::Value = serde_saphyr::from_str(&y).expect("valid YAML");
    let errors = v["errors"].as_object().expect("errors mapping");
    let namespaces = v["namespaces"].as_object().expect("namespaces mapping");
    assert_eq!(errors.len(), 260);
    assert_eq!(namespaces.len(), 43);
    let aliases: usize = errors
        .values()
        .map(|e| e["aliases"].as_array().map_or(0, Vec::len))
        .sum();
    assert_eq!(aliases, 6);
    let re =
        regex::Regex::new(v["registry"]["code_pattern"].as_str().expect("pattern")).expect("regex");
    for (name, e) in errors {
        let code = e["code"]
            .as_str()
            .unwrap_or_else(|| panic!("{name}: code is a string"));
        assert!(re.is_match(code), "{name}: {code}");
        let ns = &namespaces[e["namespace"].as_str().expect("namespace")];
        assert!(code.starts_with(ns["code_prefix"].as_str().expect("prefix")));
        assert!(
            v["categories"]
                .get(e["category"].as_str().expect("category"))
                .is_some()
        );
    }
    assert_eq!(errors["SUCCESSFUL_COMPLETION"]["code"], "00000");
    assert_eq!(errors["DIVISION_BY_ZERO"]["summary"], "Division by zero");
    assert_eq!(errors["IO_ERROR"]["summary"], "I/O error");
    assert_eq!(
        errors["ARRAY_SUBSCRIPT_ERROR"]["aliases"][0],
        "ARRAY_ELEMENT_ERROR"
    );
    assert_eq!(errors["INSUFFICIENT_PRIVILEGE"]["category"], "permission");
    assert_eq!(errors["T_R_SERIALIZATION_FAILURE"]["category"], "rollback");
    assert_eq!(errors["CONFIG_FILE_ERROR"]["category"], "config");
    assert_eq!(errors["WARNING"]["category"], "warning");
    assert_eq!(namespaces["CLASS_22"]["title"], "Data Exception");
    assert_eq!(namespaces["CLASS_22"]["code_prefix"], "22");
}

#[test]
fn quoting_round_trips_hostile_text() {
    for s in [
        "plain",
        "\"quoted\" and \\back\\slashed",
        "line\nbreak\r\ntab\tend",
        "# not a comment: {x} [a, b] *anchor &ref !tag | > '",
        "\u{202E}rtl \u{2028} \u{FEFF} \u{7} \u{85} 🚀",
        "00000",
        "null",
        "true",
        "",
    ] {
        let y = format!("k: {}\n", q(s));
        let v: serde_json::Value = serde_saphyr::from_str(&y).expect("valid YAML");
        assert_eq!(v["k"], s, "{y}");
    }
}

/// The committed fixture loads with errdex's own loader: no errors, no warnings.
#[test]
fn committed_fixture_loads_clean() {
    let src = std::fs::read_to_string(fixture_path()).expect("committed postgres fixture");
    let loaded = errdex_codegen::load_str(&src, "errors.yaml");
    let msgs: Vec<String> = loaded
        .diagnostics
        .iter()
        .map(|d| {
            format!(
                "{} {} {:?}: {}",
                d.code.severity().as_str(),
                d.code.as_str(),
                d.span,
                d.message
            )
        })
        .collect();
    assert!(msgs.is_empty(), "diagnostics:\n{}", msgs.join("\n"));
    let cat = loaded
        .catalogue
        .expect("a catalogue when there are no errors");
    assert_eq!(cat.errors.len(), 260);
    assert_eq!(cat.namespaces.len(), 43);
    assert_eq!(cat.categories.len(), CATEGORIES.len());
    let cursor = cat.lookup("UNDEFINED_CURSOR").expect("alias resolves");
    assert_eq!(
        (cursor.code.as_str(), cursor.name.as_str()),
        ("34000", "INVALID_CURSOR_NAME")
    );
    let ser = cat.lookup("40001").expect("serialization_failure");
    assert!(ser.retryable);
    assert_eq!(ser.retry.as_ref().and_then(|r| r.max_attempts), Some(5));
    let integrity = cat.lookup("40002").expect("40002");
    assert!(!integrity.retryable, "per-code override");
    let lock = cat.lookup("55P03").expect("lock_not_available");
    assert!(lock.retryable && cat.category_of(lock).key == "conflict");
    assert_eq!(cat.lookup("0A000").expect("0A000").http_status, 501);
    assert_eq!(cat.lookup("F0000").expect("F0000").exit_code, 2);
}
