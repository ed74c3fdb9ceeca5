//! The TypeScript target: deterministic, headed, and — the real proof — accepted by
//! `tsc --noEmit --strict` (TypeScript 7 from tools/node) for every catalogue, together with
//! a consumer file whose `@ts-expect-error` lines prove the types reject misuse.

#![allow(clippy::unwrap_used)]

mod testkit;
mod ts_support;

use std::fmt::Write as _;
use std::process::Command;

use errdex_codegen::emit::typescript;
use errdex_codegen::ir::{Catalogue, Param, ParamType, Scalar};
use errdex_codegen::support::header::header_text;
use ts_support::*;

#[test]
fn deterministic_and_headed() {
    for (name, cat) in catalogues() {
        let a = typescript::emit(&cat);
        let b = typescript::emit(&cat);
        assert_eq!(a, b, "{name}: same catalogue, same bytes");
        let header = header_text(&cat.source_name);
        let paths: Vec<&str> = a.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(
            paths,
            [
                "index.js",
                "index.d.ts",
                "runtime.js",
                "data.js",
                "package.json",
                "README.md",
                "tsconfig.json"
            ]
        );
        for (path, text) in &a {
            assert!(
                text.ends_with('\n') && !text.contains('\r'),
                "{name}/{path}: LF"
            );
            match path.as_str() {
                "package.json" => {
                    let v: serde_json::Value = serde_json::from_str(text).unwrap();
                    assert_eq!(v["errdex"]["generated"], header.as_str());
                    assert_eq!(v["type"], "module");
                    assert_eq!(v["name"], cat.registry.npm_name.as_str());
                    assert_eq!(v["exports"]["."]["types"], "./index.d.ts");
                    assert_eq!(v["version"], cat.package.version.as_str());
                    assert_eq!(
                        v["exports"]["./wire-error.schema.json"],
                        "./wire-error.schema.json"
                    );
                }
                // The same bytes in every package (tests/ts_runtime.rs).
                "runtime.js" => assert_eq!(text, typescript::RUNTIME_JS),
                "README.md" => assert!(
                    text.starts_with(&format!("<!-- {} -->\n", header.replace("--", "- -"))),
                    "{name}/README.md starts with the header"
                ),
                _ => assert!(
                    text.starts_with(&format!("// {header}\n")),
                    "{name}/{path} starts with the header"
                ),
            }
        }
    }
}

/// Hostile catalogue text must stay inside literals and comments.
#[test]
fn hostile_text_is_escaped() {
    let cat = hostile();
    let files = typescript::emit(&cat);
    // runtime.js holds no catalogue text: it is the same file in every package.
    for (path, text) in files
        .iter()
        .filter(|(p, _)| (p.ends_with(".js") || p.ends_with(".ts")) && p != "runtime.js")
    {
        assert!(!text.contains("</script>"), "{path}: raw </script>");
        for c in ['\u{2028}', '\u{2029}', '\u{202e}', '\u{202c}', '\r'] {
            assert!(!text.contains(c), "{path}: raw {:?}", c);
        }
        // Inside JSDoc, `*/` only ever ends the block: catalogue text cannot close it early.
        for line in text.lines() {
            let t = line.trim_start();
            if t.starts_with("/**") || t.starts_with('*') || t.starts_with("//") {
                let body = t.strip_suffix("*/").unwrap_or(t);
                assert!(
                    !body.contains("*/"),
                    "{path}: comment closed early: {line:?}"
                );
            }
        }
    }
}

/// A value of the param's type: its example when it has one.
fn ts_value(p: &Param) -> String {
    if let Some(example) = &p.example {
        return example.to_string();
    }
    match p.ty {
        ParamType::String => "\"v\"",
        ParamType::Integer => "3",
        ParamType::Number => "2.5",
        ParamType::Boolean => "false",
        ParamType::List(Scalar::String) => "[\"v\", \"w\"]",
        ParamType::List(Scalar::Boolean) => "[false]",
        ParamType::List(_) => "[3, 2]",
        ParamType::Object => "{}",
    }
    .to_string()
}

fn wrong_value(ty: ParamType) -> &'static str {
    match ty {
        ParamType::String => "42",
        ParamType::List(_) | ParamType::Object => "\"not a list or object\"",
        _ => "\"not a number or boolean\"",
    }
}

/// A consumer written against this catalogue: uses every export, narrows the unions, and
/// proves (with `@ts-expect-error`) that a wrong param type and an unknown code do not
/// compile.
fn consumer(cat: &Catalogue) -> String {
    let lit = |s: &str| serde_json::Value::String(s.to_string()).to_string();
    let mut s = String::from(
        &r#"import {
  ALL_CODES, CATEGORIES, ERRORS, ErrorCode, NAMESPACES, PROFILES, REGISTRY, RETIRED, WIRE, AppError, createError,
  isErrorCode, isRetryable, isWireError, lookup, parseJsonRpcError, parseMcpToolResult,
  parseWireError, renderTemplate, retryAdvice,
  type Category, type ErrorClassName, type ErrorInfo, type LogLevel, type ParsedError, type ProfileField,
  type RetryAdvice, type WireError,
} from "./ts/index.js";
BASE_IMPORT
export const profileFields: readonly ProfileField[] = PROFILES.mcpToolError.fields;
export const baseClass: ErrorClassName = REGISTRY.class;
export const level: LogLevel = "warn";

export function describe(e: ParsedError): string {
  switch (e.kind) {
    KNOWN_CASE
    case "unknown":
      return `${e.code} ${e.category ?? "?"} ${e.retryable}`;
    case "retired":
      return `${e.code} retired ${e.note ?? ""}`;
    case "legacy":
      return e.message;
    case "invalid":
      return e.reason;
  }
}

export function all(x: unknown): boolean {
  const p = parseWireError(x);
  const advice: RetryAdvice | null = retryAdvice(p);
  const codes: ErrorCode[] = Object.values(ErrorCode);
  if (isWireError(x)) {
    const w: WireError = x;
    void w;
  }
  if (typeof x === "string" && isErrorCode(x)) {
    const info: ErrorInfo = ERRORS[x];
    void info;
  }
  const someCategory: Category | undefined = undefined;
  const first: ErrorCode | undefined = ALL_CODES[0];
  void [first, AppError, someCategory, CATEGORIES, NAMESPACES, REGISTRY.name, RETIRED, WIRE.code, lookup("x"), renderTemplate("{a}", { a: 1 })];
  return describe(p) !== "" && isRetryable(p) && advice !== null && codes.length > 0 &&
    describe(parseMcpToolResult(x)) !== "" && describe(parseJsonRpcError(x)) !== "";
}
"#
        .replace(
            "BASE_IMPORT",
            &if cat.registry.class == "AppError" {
                String::new()
            } else {
                format!(
                    "import {{ {0} }} from \"./ts/index.js\";\nexport const baseCtor: typeof AppError = {0};\n",
                    cat.registry.class
                )
            },
        )
        .replace(
            "KNOWN_CASE",
            if cat.errors.is_empty() {
                // No live code: `KnownError` is `never`, and so is a narrowed code.
                ""
            } else {
                KNOWN_CASE
            },
        ),
    );
    for (i, e) in cat.errors.iter().enumerate() {
        let args: Vec<String> = e
            .params
            .iter()
            .map(|p| format!("{}: {}", lit(&p.name), ts_value(p)))
            .collect();
        let code = format!("ErrorCode[{}]", lit(&e.ids.ts.key));
        let _ = writeln!(
            s,
            "\nexport const e{i}: AppError<typeof {code}> = createError({code}, {{ {} }}, {{ argument: \"a\", context: {{ k: 1 }} }});",
            args.join(", ")
        );
        let _ = writeln!(
            s,
            "export const w{i} = e{i}.toWire();\nexport const c{i}: {} = ERRORS[{code}].category;",
            lit(&cat.category_of(e).key)
        );
        let _ = writeln!(
            s,
            "export const r{i}: {} = ERRORS[{}].retryable;",
            e.retryable,
            lit(&e.code)
        );
        let _ = writeln!(
            s,
            "export const n{i} = new AppError({code}, {{ {} }});",
            args.join(", ")
        );
        // Raise-site overrides; the code's class; the base class; the log level.
        let _ = writeln!(
            s,
            "export const o{i} = createError({code}, {{ {} }}, {{ message: \"m\", expected: false, errorType: \"X\" }});\n\
             export const l{i}: LogLevel = o{i}.logLevel;\n\
             export const x{i}: boolean = o{i}.expected && o{i} instanceof {};\n\
             export const t{i}: string = o{i}.errorType + o{i}.name;\n\
             export const k{i}: {} = ERRORS[{code}].class;\n\
             export function g{i}<C extends typeof {code}>(c: C, p: import(\"./ts/index.js\").ParamsOf<C>): AppError<C> {{ return createError(c, p); }}",
            args.join(", "),
            cat.registry.class,
            lit(&e.class),
        );
        // Narrowing a parsed error on its code gives that code's literal facts and params.
        let (param_check, param_use) = e.params.first().map_or((String::new(), ""), |p| {
            (
                format!(
                    "\n    const p: {} | undefined = e.params[{}];",
                    ts_param_type_of(p),
                    lit(&p.name)
                ),
                ", p",
            )
        });
        let _ = writeln!(
            s,
            "export function narrow{i}(e: ParsedError): void {{\n  if (e.kind === \"known\" && e.code === {code}) {{\n    \
             const c: {} = e.category;\n    const r: {} = e.retryable;{param_check}\n    void [c, r{param_use}];\n  }}\n}}",
            lit(&cat.category_of(e).key),
            e.retryable,
        );
        let _ = writeln!(
            s,
            "// @ts-expect-error expected is a boolean\ncreateError({code}, {{ {} }}, {{ expected: \"yes\" }});",
            args.join(", ")
        );
        if let Some(p) = e.params.first() {
            let _ = writeln!(
                s,
                "// @ts-expect-error a wrong param type must not compile\ncreateError({code}, {{ {}: {} }});",
                lit(&p.name),
                wrong_value(p.ty)
            );
            let _ = writeln!(
                s,
                "// @ts-expect-error a missing param must not compile\ncreateError({code}, {{}});"
            );
        }
    }
    s.push_str(
        "// @ts-expect-error an unknown code must not compile\ncreateError(\"NO SUCH CODE\", {});\n",
    );
    s
}

const KNOWN_CASE: &str = "case \"known\": {
      const info: ErrorInfo = ERRORS[e.code];
      const c: Category = e.category;
      const problems: readonly string[] = e.problems;
      return `${info.code} ${c} ${e.message} ${problems.length} ${e.wireCode} ${e.name}`;
    }";

/// `tsc --noEmit --strict` on the generated package (its own tsconfig) and on a consumer.
#[test]
fn tsc_strict_accepts_every_catalogue() {
    let Some(tools) = node_tools() else { return };
    let tsc = tools.join("typescript/bin/tsc");
    let tmp = tempfile::tempdir().unwrap();
    let mut projects = Vec::new();
    for (name, cat) in catalogues() {
        let dir = tmp.path().join(&name);
        write_files(&dir.join("ts"), &typescript::emit(&cat));
        std::fs::write(dir.join("consumer.ts"), consumer(&cat)).unwrap();
        std::fs::write(
            dir.join("tsconfig.json"),
            r#"{
  "compilerOptions": {
    "strict": true, "noEmit": true, "target": "es2022", "module": "nodenext",
    "moduleResolution": "nodenext", "skipLibCheck": false, "types": [],
    "noUnusedLocals": true, "noImplicitReturns": true, "exactOptionalPropertyTypes": true
  },
  "files": ["consumer.ts", "ts/index.d.ts"]
}
"#,
        )
        .unwrap();
        std::fs::write(dir.join("package.json"), "{\"type\": \"module\"}\n").unwrap();
        projects.push((name, dir));
    }
    // The package as shipped (`tsc -p generated/ts`), then its consumer; the projects
    // two at a time (each tsc about 0.9 s, one after another 45 s).
    testkit::each_on_cores(&projects, |(name, dir)| {
        let out = Command::new("node")
            .arg(&tsc)
            .arg("-p")
            .arg(dir.join("ts"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{name}: tsc -p ts failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let out = Command::new("node")
            .arg(&tsc)
            .arg("-p")
            .arg(dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{name}: tsc on the consumer failed:\n{}{}\n--- consumer.ts ---\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
            std::fs::read_to_string(dir.join("consumer.ts")).unwrap()
        );
    });
}

/// The TypeScript type a narrowed param must be assignable to (`object` for object params,
/// whose exact type comes from their schema).
fn ts_param_type_of(p: &Param) -> String {
    let scalar = |s: Scalar| match s {
        Scalar::String => "string",
        Scalar::Integer | Scalar::Number => "number",
        Scalar::Boolean => "boolean",
    };
    match p.ty {
        ParamType::String => "string".into(),
        ParamType::Integer | ParamType::Number => "number".into(),
        ParamType::Boolean => "boolean".into(),
        ParamType::List(items) => format!("readonly {}[]", scalar(items)),
        ParamType::Object => "object".into(),
    }
}
