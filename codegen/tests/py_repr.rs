//! errdex's Python `repr()` of JSON values (`profiles.terminal.values: python`, the rule the
//! Rust and TypeScript targets implement) held against Python itself: `python3` prints
//! `repr(json.loads(...))` of every value, and `support::py_repr` must give the same bytes.
//! Code points Python's Unicode tables leave unassigned (category Cn) are skipped: errdex
//! prints them as they are (see the module's docs).

#![allow(clippy::unwrap_used)]

use std::io::Write as _;
use std::process::{Command, Stdio};

mod testkit;

use errdex_codegen::support::py_repr::{self, NON_PRINTABLE};
use serde_json::{Value, json};

/// Strings around every boundary of the table, every ASCII character, quotes and escapes.
fn corpus() -> Vec<Value> {
    let mut chars: Vec<u32> = (0..0x80).collect();
    for &(lo, hi) in &NON_PRINTABLE {
        chars.extend([lo.saturating_sub(1), lo, hi, hi + 1]);
    }
    chars.extend([
        0xe9, 0x4e2d, 0x1f389, 0x10ffff, 0xfffd, 0x300, 0x2029, 0x200b,
    ]);
    let mut out: Vec<Value> = chars
        .into_iter()
        .filter_map(char::from_u32)
        .map(|c| json!(format!("a{c}b")))
        .collect();
    for s in [
        "",
        "'",
        "\"",
        "'\"",
        "it's",
        "say \"hi\"",
        "say \"hi\" it's",
        "\\",
        "\\'",
        "\r\n\t",
        "é中🎉",
    ] {
        out.push(json!(s));
    }
    out.extend([
        json!(0.5),
        json!(1e16),
        json!(1e15),
        json!(123456789012345.6),
        json!(1e-5),
        json!(0.0001),
        json!(-2.5e-7),
        json!(1.2345e100),
        json!(5e-324),
        json!(1.7976931348623157e308),
        json!(0.1),
        json!(-0.0),
        json!(i64::MIN),
        json!(u64::MAX),
        json!(null),
        json!(true),
        json!([]),
        json!({}),
        json!({"minLength": 1}),
        json!({"a": [1, 2.5, "x", null, false, {"b": []}], "it's": {"\"": "'"}}),
        serde_json::from_str(include_str!("vectors_support/rich-constraint.json")).unwrap(),
    ]);
    out
}

#[test]
fn python_repr_agrees_with_python() {
    let script = r#"
import json, sys, unicodedata
values = json.load(sys.stdin)
def assigned(v):
    return not isinstance(v, str) or all(unicodedata.category(c) != "Cn" for c in v)
print(json.dumps([repr(v) if assigned(v) else None for v in values]))
"#;

    let Some(python3) =
        testkit::tool::require_tool("Python's repr", testkit::tool::program("python3"))
    else {
        return;
    };
    let mut child = Command::new(python3)
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let values = corpus();
    let text = serde_json::to_string(&values).unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "python3 failed");
    let got: Vec<Option<String>> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(got.len(), values.len());
    let mut compared = 0;
    for (v, want) in values.iter().zip(got) {
        let Some(want) = want else { continue };
        assert_eq!(py_repr::repr(v), want, "repr of {v}");
        compared += 1;
    }
    assert!(compared > 150, "only {compared} values compared");
}

/// The seed's sample: milo's `format_compact()` prints the constraint as a dict.
#[test]
fn the_seed_constraint_as_milo_prints_it() {
    assert_eq!(py_repr::repr(&json!({"minLength": 1})), "{'minLength': 1}");
}

/// The TypeScript module's repr (its `toString()` under `profiles.terminal.values: python`)
/// agrees with errdex's on the same corpus, but for what JavaScript numbers cannot tell
/// apart: a whole float (`1.0` is `1`) and integers beyond 2^53.
#[test]
fn typescript_repr_agrees() {
    let Some(node) =
        testkit::tool::require_tool("the TypeScript repr", testkit::tool::program("node"))
    else {
        return;
    };
    let src = "errdex: 1\nregistry:\n  name: milo\ncategories:\n  invalid:\n    summary: Bad input\nprofiles:\n  terminal:\n    values: python\nerrors:\n  FRM_VALIDATION:\n    code: M-FRM-001\n    category: invalid\n    summary: Form validation failure\n";
    let loaded = errdex_codegen::load_str(src, "errors.yaml");
    assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
    let cat = loaded.catalogue.unwrap();
    let tmp = tempfile::tempdir().unwrap();
    for (name, text) in errdex_codegen::emit::typescript::emit(&cat) {
        let path = tmp.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let js_safe = |v: &Value| match v {
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => i.unsigned_abs() <= 1 << 53,
            (_, Some(u), _) => u <= 1 << 53,
            (_, _, Some(f)) => f.fract() != 0.0,
            _ => false,
        },
        _ => true,
    };
    let values: Vec<Value> = corpus().into_iter().filter(js_safe).collect();
    std::fs::write(
        tmp.path().join("values.json"),
        serde_json::to_string(&values).unwrap(),
    )
    .unwrap();
    let script = r#"
import { createError } from "./index.js";
import { readFileSync } from "node:fs";
const values = JSON.parse(readFileSync(new URL("./values.json", import.meta.url), "utf8"));
const prefix = "M-FRM-001: Form validation failure\n  constraint: ";
const out = values.map((v) => {
  const s = String(createError("M-FRM-001", {}, { constraint: v }));
  if (!s.startsWith(prefix)) throw new Error(`unexpected form: ${s}`);
  return s.slice(prefix.length);
});
process.stdout.write(JSON.stringify(out));
"#;
    std::fs::write(tmp.path().join("check.mjs"), script).unwrap();
    let out = Command::new(node)
        .arg(tmp.path().join("check.mjs"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got: Vec<String> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(got.len(), values.len());
    for (v, g) in values.iter().zip(&got) {
        assert_eq!(*g, py_repr::repr(v), "TypeScript repr of {v}");
    }
}
