//! The Go, TypeScript and Python packages of a catalogue above `COMPACT_ABOVE_CODES` (their
//! scale forms: Go's constants link the docs instead of listing facts, `index.d.ts` drops the
//! facts sentence and the params aliases' JSDoc, `data.js` writes its per-code rows as calls
//! with defaults and interned docs URL prefixes, `_data.py` builds its lookup maps from
//! `CODES`) pass what each ecosystem runs — `go vet` and `go build`; `tsc --strict` over the
//! declarations with a consumer; `python -c import` and `mypy --strict` — and their runtimes
//! answer as the reference does for sampled codes: the facts of the code, the code a NAME,
//! an alias, a legacy code or an AIP-193 reason resolves to, and the wire object and problem
//! details of the code raised with its example params (`payload.rs`).
//!
//! Each tool's check is skipped with a printed reason when the tool is missing (a failure
//! under CI).

#![allow(clippy::unwrap_used)]

mod py_support;
mod testkit;
mod ts_support;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use errdex_codegen::emit::{go, python, typescript};
use errdex_codegen::ir::{Catalogue, ErrorEntry, ParamType};
use errdex_codegen::names;
use errdex_codegen::payload::{Instance, example_value};
use errdex_codegen::support::pretty_json::COMPACT_ABOVE_CODES;
use serde_json::{Value, json};
use ts_support::write_files;

/// A catalogue of `COMPACT_ABOVE_CODES + 1` codes with what the scale forms compress:
/// docs URLs from the registry's template (and one code's own), codes without, with one and
/// with two params, suggestions, aliases, legacy codes, deprecations, a namespace with its
/// own class, a retryable category, and text to escape.
fn big() -> Catalogue {
    let n = COMPACT_ABOVE_CODES + 1;
    let mut src = String::from(
        "errdex: 1\nregistry:\n  name: big\n  docs_url: \"https://docs.example.dev/{namespace}#{code}\"\n\
         categories:\n  invalid: {summary: Bad input, exit_code: 2, http_status: 400, jsonrpc_code: -32602, expected: true}\n  \
         unavailable: {summary: Try later, retryable: true, retry: {max_attempts: 3, initial_backoff_ms: 250}, exit_code: 3, http_status: 503, jsonrpc_code: -32603, expected: false}\n\
         namespaces:\n  FRM: {title: Forms}\n  NET: {title: Network, class: NetError}\n  CFG: {title: Config}\n\
         errors:\n",
    );
    let namespaces = ["FRM", "NET", "CFG"];
    for i in 0..n {
        let ns = namespaces[i % 3];
        let category = if i % 4 == 1 { "unavailable" } else { "invalid" };
        src.push_str(&format!(
            "  {ns}_CHECK_{i}:\n    code: {ns}-{i:05}\n    namespace: {ns}\n    category: {category}\n"
        ));
        match i % 3 {
            0 => src.push_str(&format!("    summary: Check {i} failed\n    message: \"check {i} failed\"\n")),
            1 => src.push_str(&format!(
                "    summary: Field check {i} failed\n    message: \"{{field}} failed check {i}\"\n    params: {{field: string}}\n    suggestion: \"Fix `{{field}}`.\"\n"
            )),
            _ => src.push_str(&format!(
                "    summary: Limit check {i} failed\n    message: \"{{field}} exceeded {{limit}} ({i})\"\n    params: {{field: string, limit: integer}}\n"
            )),
        }
        if i == 7 {
            src.push_str("    docs_url: \"https://elsewhere.example.org/only-{code}\"\n");
        }
        if i == 8 {
            src.push_str("    explanation: 'Say \"hi\" */ </b> \\ é'\n");
        }
        if i % 20 == 10 {
            src.push_str(&format!("    aliases: [OLD_{ns}_CHECK_{i}]\n"));
        }
        if i % 30 == 15 {
            src.push_str(&format!("    legacy_codes: [LEGACY-{i:05}]\n"));
        }
        if i % 50 == 25 && i + 1 < n {
            let next = namespaces[(i + 1) % 3];
            src.push_str(&format!(
                "    deprecated: {{since: \"2.0\", replaced_by: {next}_CHECK_{}, note: \"Use the next.\"}}\n",
                i + 1
            ));
        }
    }
    let loaded = errdex_codegen::load_str(&src, "errors.yaml");
    let cat = loaded
        .catalogue
        .unwrap_or_else(|| panic!("{:?}", loaded.diagnostics));
    assert!(cat.errors.len() > COMPACT_ABOVE_CODES);
    cat
}

/// The codes the runtimes are asked about: every 97th, and each one with an alias, a legacy
/// code, a deprecation or its own docs URL among the first 120.
fn sampled(cat: &Catalogue) -> Vec<&ErrorEntry> {
    cat.errors
        .iter()
        .enumerate()
        .filter(|(i, e)| {
            i % 97 == 0
                || (*i < 120
                    && (!e.aliases.is_empty()
                        || !e.legacy_codes.is_empty()
                        || e.deprecated.is_some()
                        || e.docs_url.contains("elsewhere")))
        })
        .map(|(_, e)| e)
        .collect()
}

/// What every runtime must answer for `e`, as one JSON object: its facts, what its NAME,
/// alias, legacy code and code resolve to (each the code), and the wire object and problem
/// details of the code with its example params. (Python's consumer also asserts the
/// AIP-193 reason map, which `_data.py` derives above the threshold.)
fn expected(cat: &Catalogue, e: &ErrorEntry) -> Value {
    let inst = Instance::example(e);
    json!({
        "code": e.code,
        "name": e.name,
        "category": cat.category_of(e).key,
        "docsUrl": e.docs_url,
        "httpStatus": e.http_status,
        "retryable": e.retryable,
        "class": e.class,
        "replacedBy": e.deprecated.as_ref().and_then(|d| d.replaced_by).map(|i| cat.errors[i].code.clone()),
        "byName": e.code,
        "byAlias": e.aliases.first().map(|_| e.code.clone()),
        "byLegacy": e.legacy_codes.first().map(|_| e.code.clone()),
        "byCode": e.code,
        "wire": inst.wire(cat),
        "problem": inst.problem_json(cat),
    })
}

/// The questions for one code, as the consumers read them (JSON: code, NAME, alias or
/// null, legacy code or null, AIP-193 reason, example params by name).
fn questions(cat: &Catalogue) -> Value {
    Value::Array(
        sampled(cat)
            .into_iter()
            .map(|e| {
                let params: serde_json::Map<String, Value> = e
                    .params
                    .iter()
                    .map(|p| (p.name.clone(), example_value(p)))
                    .collect();
                json!({
                    "code": e.code,
                    "name": e.name,
                    "alias": e.aliases.first(),
                    "legacy": e.legacy_codes.first(),
                    "reason": names::aip_reason(&e.name),
                    "params": params,
                })
            })
            .collect(),
    )
}

/// Compares each line of `out` (one JSON object per sampled code) with [`expected`].
fn assert_answers(lang: &str, cat: &Catalogue, out: &str) {
    let got: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{lang}: {e}: {l}")))
        .collect();
    let want: Vec<Value> = sampled(cat).into_iter().map(|e| expected(cat, e)).collect();
    assert_eq!(got.len(), want.len(), "{lang}: one answer per sampled code");
    for (g, w) in got.iter().zip(&want) {
        assert_eq!(g, w, "{lang}: {}", w["code"]);
    }
    eprintln!(
        "{lang}: {} sampled codes answer as the reference",
        got.len()
    );
}

fn time<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let t = std::time::Instant::now();
    let r = f();
    eprintln!("{what}: {:.1} s", t.elapsed().as_secs_f64());
    r
}

#[test]
fn go_vets_builds_and_answers_at_scale() {
    if testkit::tool::require_tool("go, gofmt, go vet", testkit::go::tools()).is_none() {
        return;
    }
    let cat = big();
    let files = go::emit(&cat);
    let codes = &files.iter().find(|(p, _)| p == "codes.go").unwrap().1;
    let first = &cat.errors[0];
    assert!(
        codes.contains(&format!("\t// Docs: {}.\n", first.docs_url))
            && !codes.contains("; docs URL: "),
        "above the threshold a constant links its docs instead of listing its facts"
    );
    assert!(
        codes.contains("\nconst docsPrefix0 = ") && codes.contains(", docsPrefix0 + \""),
        "the docs URLs' shared prefixes are constants"
    );
    let tmp = tempfile::tempdir().unwrap();
    let own = tmp.path().join("errors");
    write_files(&own, &files);
    let module = go::module_path(&cat);
    time("gofmt -l, go vet (2,001 codes)", || {
        let out = testkit::go::run(Command::new("gofmt").args(["-l", "."]).current_dir(&own));
        assert!(out.trim().is_empty(), "gofmt -l: {out}");
        let out = testkit::go::run(&mut testkit::go::cmd(&own, &["vet", "./..."]));
        assert!(out.trim().is_empty(), "go vet: {out}");
    });
    time("go build (2,001 codes)", || {
        testkit::go::run(&mut testkit::go::cmd(&own, &["build", "./..."]))
    });
    let app = tmp.path().join("app");
    std::fs::create_dir_all(&app).unwrap();
    std::fs::write(
        app.join("go.mod"),
        format!(
            "module app\n\ngo 1.19\n\nrequire {module} v0.0.0\n\nreplace {module} => ../errors\n"
        ),
    )
    .unwrap();
    std::fs::write(app.join("questions.json"), questions(&cat).to_string()).unwrap();
    let main = format!(
        r#"package main

import (
	"encoding/json"
	"fmt"
	"os"

	errs "{module}"
)

type question struct {{
	Code   string         `json:"code"`
	Name   string         `json:"name"`
	Alias  *string        `json:"alias"`
	Legacy *string        `json:"legacy"`
	Reason string         `json:"reason"`
	Params map[string]any `json:"params"`
}}

func resolve(key *string) any {{
	if key == nil {{
		return nil
	}}
	c, ok := errs.LookupCode(*key)
	if !ok {{
		return "unknown"
	}}
	return c.String()
}}

func main() {{
	data, _ := os.ReadFile("questions.json")
	var qs []question
	if err := json.Unmarshal(data, &qs); err != nil {{
		panic(err)
	}}
	for _, q := range qs {{
		c, err := errs.ParseCode(q.Code)
		if err != nil {{
			panic(err)
		}}
		var values []any
		for _, p := range c.Params() {{
			v := q.Params[p.Name]
			if f, ok := v.(float64); ok {{
				v = int64(f)
			}}
			values = append(values, v)
		}}
		e := errs.New(c, values...)
		var replacedBy any
		if d, ok := c.Deprecation(); ok && d.ReplacedBy != 0 {{
			replacedBy = d.ReplacedBy.String()
		}}
		var wire, problem any
		_ = json.Unmarshal(errs.EncodeJSON(e.Wire()), &wire)
		_ = json.Unmarshal(errs.EncodeJSON(e.Problem()), &problem)
		name := q.Name
		answer := map[string]any{{
			"code": c.String(), "name": c.Name(), "category": c.Category().String(),
			"docsUrl": c.DocsURL(), "httpStatus": c.HTTPStatus(), "retryable": c.Retryable(),
			"class": c.Class(), "replacedBy": replacedBy, "byName": resolve(&name),
			"byAlias": resolve(q.Alias), "byLegacy": resolve(q.Legacy), "byCode": resolve(&q.Code),
			"wire": wire, "problem": problem,
		}}
		line, _ := json.Marshal(answer)
		fmt.Println(string(line))
	}}
	// A constant by its name, as a consumer writes it.
	_ = errs.{constant}
}}
"#,
        constant = first.ids.go.constant
    );
    std::fs::write(app.join("main.go"), main).unwrap();
    let out = time("go run (a consumer)", || {
        testkit::go::run(&mut testkit::go::cmd(&app, &["run", "."]))
    });
    assert_answers("go", &cat, &out);
}

#[test]
fn typescript_checks_and_answers_at_scale() {
    let Some(node_modules) = ts_support::node_tools() else {
        return;
    };
    let cat = big();
    let files = typescript::emit(&cat);
    let file = |name: &str| &files.iter().find(|(p, _)| p == name).unwrap().1;
    let dts = file("index.d.ts");
    assert!(
        !dts.contains("; docs URL: ") && !dts.contains("/** Params of `"),
        "above the threshold the declarations leave out the facts sentence and the aliases' JSDoc"
    );
    assert!(dts.contains(&format!("Docs: {}.", cat.errors[0].docs_url)));
    let data = file("data.js");
    assert!(
        data.contains("\nconst E = (") && data.contains("\n  E(\""),
        "rows as calls"
    );
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("pkg");
    write_files(&dir, &files);
    std::fs::write(dir.join("questions.json"), questions(&cat).to_string()).unwrap();
    // A consumer the declarations must type: a code by NAME, its facts and params.
    let first = &cat.errors[0];
    let with_params = cat.errors.iter().find(|e| e.params.len() == 2).unwrap();
    // Beside the package (whose own tsconfig.json checks index.d.ts alone), as an ES module.
    let app = tmp.path().join("app");
    std::fs::create_dir_all(&app).unwrap();
    std::fs::write(app.join("package.json"), "{\"type\": \"module\"}\n").unwrap();
    std::fs::write(
        app.join("consumer.ts"),
        format!(
            "import {{ ErrorCode, ERRORS, createError, lookup }} from \"../pkg/index.js\";\n\
             const c: \"{code}\" = ErrorCode.{key};\n\
             const status: number = ERRORS[c].httpStatus;\n\
             const e = createError(\"{code2}\", {{ field: \"f\", limit: 3 }});\n\
             const url: string | undefined = lookup(\"{code}\")?.docsUrl;\n\
             export {{ status, e, url }};\n",
            code = first.code,
            key = first.ids.ts.key,
            code2 = with_params.code,
        ),
    )
    .unwrap();
    let tsc = node_modules.join("typescript/bin/tsc");
    time(
        "tsc --strict (index.d.ts + a consumer, 2,001 codes)",
        || {
            ts_support::run(
                Command::new("node")
                    .arg(&tsc)
                    .args([
                        "--strict",
                        "--noEmit",
                        "--target",
                        "es2022",
                        "--module",
                        "nodenext",
                        "--moduleResolution",
                        "nodenext",
                        "consumer.ts",
                    ])
                    .current_dir(&app),
            )
        },
    );
    let script = r#"
import { readFileSync } from "node:fs";
import { ERRORS, ALL_CODES, createError, lookup, readHttpResponse } from "./index.js";
const qs = JSON.parse(readFileSync("questions.json", "utf8"));
const resolve = (k) => (k === null || k === undefined ? null : lookup(k)?.code ?? "unknown");
if (ALL_CODES.length !== Object.keys(ERRORS).length) throw new Error("ALL_CODES");
for (const q of qs) {
  const i = ERRORS[q.code];
  const e = createError(q.code, q.params);
  const problem = e.toProblemJson();
  console.log(JSON.stringify({
    code: i.code, name: i.name, category: i.category, docsUrl: i.docsUrl,
    httpStatus: i.httpStatus, retryable: i.retryable, class: i.class,
    replacedBy: i.deprecated?.replacedBy ?? null, byName: resolve(q.name),
    byAlias: resolve(q.alias), byLegacy: resolve(q.legacy), byCode: resolve(q.code),
    wire: e.toWire(), problem,
  }));
}
"#;
    std::fs::write(dir.join("answers.mjs"), script).unwrap();
    let out = time("node (a consumer)", || {
        ts_support::run(Command::new("node").arg("answers.mjs").current_dir(&dir))
    });
    assert_answers("typescript", &cat, &out);
}

#[test]
fn python_imports_type_checks_and_answers_at_scale() {
    let Some(python3) = py_support::python3() else {
        return;
    };
    let cat = big();
    let files = python::emit(&cat);
    let pkg = &cat.registry.python_package;
    let data = &files
        .iter()
        .find(|(p, _)| p == &format!("{pkg}/_data.py"))
        .unwrap()
        .1;
    assert!(
        data.contains(
            "BY_WIRE_CODE: dict[str, str] = {c: c for c in CODES}\nBY_WIRE_CODE.update({"
        ),
        "above the threshold the maps are built from CODES"
    );
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    write_files(dir, &files);
    std::fs::write(dir.join("questions.json"), questions(&cat).to_string()).unwrap();
    let script = format!(
        r#"
import json
import {pkg} as p
from {pkg} import _data

qs = json.load(open("questions.json"))
def resolve(k):
    if k is None:
        return None
    i = p.lookup(k)
    return "unknown" if i is None else i.code
for q in qs:
    # What `read_http_response` resolves a Google body's ErrorInfo reason through.
    assert _data.BY_REASON.get(q["reason"]) == q["code"], q
    i = p.info(p.parse(q["code"]))
    e = p.create_error(p.parse(q["code"]), q["params"])
    print(json.dumps({{
        "code": i.code, "name": i.name, "category": i.category, "docsUrl": i.docs_url,
        "httpStatus": i.http_status, "retryable": i.retryable, "class": i.error_class,
        "replacedBy": i.deprecated.replaced_by if i.deprecated else None,
        "byName": resolve(q["name"]), "byAlias": resolve(q["alias"]),
        "byLegacy": resolve(q["legacy"]), "byCode": resolve(q["code"]),
        "wire": e.to_wire(), "problem": e.to_problem_json(),
    }}))
"#
    );
    std::fs::write(dir.join("answers.py"), script).unwrap();
    let out = time("python (import and answer, 2,001 codes)", || {
        py_support::run(Command::new(&python3).arg("answers.py").current_dir(dir))
    });
    assert_answers("python", &cat, &out);
    let Some(bin) = py_support::venv(&["mypy"]) else {
        return;
    };
    mypy_strict(&bin, dir, pkg);
}

fn mypy_strict(bin: &Path, dir: &Path, pkg: &str) {
    let out = time("mypy --strict (the package, 2,001 codes)", || {
        py_support::run(
            Command::new(bin.join("mypy"))
                .args(["--strict", "--no-incremental", "-p", pkg])
                .current_dir(dir),
        )
    });
    assert!(out.contains("Success"), "{out}");
}

/// Which of the sampled codes the catalogue gives each feature to: the sample covers them.
#[test]
fn the_sample_covers_what_the_scale_forms_compress() {
    let cat = big();
    let s = sampled(&cat);
    let has = |f: &dyn Fn(&ErrorEntry) -> bool| s.iter().any(|e| f(e));
    let mut covered = BTreeMap::new();
    covered.insert("alias", has(&|e| !e.aliases.is_empty()));
    covered.insert("legacy code", has(&|e| !e.legacy_codes.is_empty()));
    covered.insert("deprecation", has(&|e| e.deprecated.is_some()));
    covered.insert("own docs URL", has(&|e| e.docs_url.contains("elsewhere")));
    covered.insert(
        "two params",
        has(&|e| e.params.len() == 2 && e.params[1].ty == ParamType::Integer),
    );
    covered.insert("own class", has(&|e| e.class == "NetError"));
    covered.insert("retryable", has(&|e| e.retryable));
    assert!(covered.values().all(|v| *v), "{covered:?}");
}
