//! `cargo xtask bench-tsc [N|FILE ...] [--runs R]`: issue 7's TypeScript measurement —
//! `tsc --noEmit --strict` (TypeScript 7 from `tools/node`) on the generated module against a
//! plain const object of the same codes, measured in the same run, alternating.
//!
//! For each scale catalogue of N codes (or catalogue FILE) it writes, under
//! `target/bench-tsc/<name>/`:
//!
//! - `gen/`: the generated package as `errdex generate` writes it (`index.js`, `index.d.ts`,
//!   `package.json`, `tsconfig.json`) and `consumer.ts`, which uses the API the way an
//!   application does: `ErrorCode`, `ERRORS[code].category`, `parseWireError` narrowed on
//!   `kind` and `code`, `createError` with typed params, `toWire`, `isWireError`,
//!   `isRetryable`;
//! - `plain/`: `index.ts`, `export const ErrorCode = { NAME: "CODE", ... } as const` with the
//!   same codes, and a `consumer.ts` that imports it.
//!
//! Four projects are timed, median of R runs (default 5), in alternating order: each module
//! alone (`tsc -p`: the generated package's own tsconfig checks `index.d.ts`; the plain one
//! checks `index.ts`), and each with its consumer. Each run is measured twice: wall clock, and
//! CPU time (user + system, all threads of the `tsc` process, from the `cutime` and `cstime`
//! of `/proc/self/stat`), which moves less than wall clock when other jobs share the machine.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use errdex_codegen::ir::{Catalogue, ParamType};

use crate::bench_rust::median;
use crate::input::Input;
use crate::workspace::write;
use crate::workspace::{target_dir, workspace_root};

pub fn run(args: &[String]) -> Result<(), String> {
    let mut runs = 5usize;
    let mut inputs: Vec<String> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--runs" {
            runs = it
                .next()
                .and_then(|r| r.parse().ok())
                .filter(|&r| r > 0)
                .ok_or("--runs needs a positive number")?;
        } else {
            inputs.push(a.clone());
        }
    }
    if inputs.is_empty() {
        inputs = vec!["1000".into(), "10000".into()];
    }
    let root = target_dir().join("bench-tsc");
    let tsc = workspace_root().join("tools/node/node_modules/typescript/bin/tsc");
    if !tsc.is_file() {
        return Err(format!(
            "{} is missing: run `bash .ci/steps/20-node.sh` first (node and npm needed)",
            tsc.display()
        ));
    }
    let version = Command::new("node")
        .arg(&tsc)
        .arg("--version")
        .output()
        .map_err(|e| format!("node: {e}"))?;
    println!(
        "tsc: {} (median of {runs} runs; same run, alternating; CPU = user + sys of tsc)",
        String::from_utf8_lossy(&version.stdout).trim()
    );
    println!();
    println!(
        "| catalogue | codes | index.d.ts (KiB) | measure | plain (s) | generated (s) | ratio | plain + consumer (s) | generated + consumer (s) | ratio |"
    );
    println!("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|");
    for input in &inputs {
        let input = Input::parse(input)?;
        let cat = input.catalogue()?;
        let name = if input.label.chars().all(|c| c.is_ascii_digit()) {
            format!("scale-{}", input.label)
        } else {
            input.crate_label()
        };
        let dir = root.join(&name);
        let _ = std::fs::remove_dir_all(&dir);
        let gen_dir = dir.join("gen");
        let plain_dir = dir.join("plain");
        let mut dts_len = 0;
        for (rel, text) in errdex_codegen::emit::typescript::emit(&cat) {
            if rel == "index.d.ts" {
                dts_len = text.len();
            }
            write(&gen_dir.join(rel), &text)?;
        }
        write(&gen_dir.join("consumer.ts"), &generated_consumer(&cat))?;
        write(
            &gen_dir.join("tsconfig.consumer.json"),
            &tsconfig("consumer.ts"),
        )?;
        write(&plain_dir.join("index.ts"), &plain_module(&cat))?;
        write(&plain_dir.join("consumer.ts"), &plain_consumer(&cat))?;
        write(&plain_dir.join("tsconfig.json"), &tsconfig("index.ts"))?;
        write(
            &plain_dir.join("tsconfig.consumer.json"),
            &tsconfig("consumer.ts"),
        )?;
        write(
            &plain_dir.join("package.json"),
            "{ \"type\": \"module\" }\n",
        )?;

        let projects = [
            plain_dir.join("tsconfig.json"),
            gen_dir.join("tsconfig.json"),
            plain_dir.join("tsconfig.consumer.json"),
            gen_dir.join("tsconfig.consumer.json"),
        ];
        // One untimed run each: warms the file cache and proves every project type-checks.
        for p in &projects {
            tsc_once(&tsc, p)?;
        }
        let mut times: Vec<Vec<Sample>> = vec![Vec::new(); projects.len()];
        for r in 0..runs {
            // Alternate the order so that drift on a shared machine hits both sides.
            let order: Vec<usize> = if r % 2 == 0 {
                (0..projects.len()).collect()
            } else {
                (0..projects.len()).rev().collect()
            };
            for i in order {
                times[i].push(tsc_once(&tsc, &projects[i])?);
            }
        }
        for (measure, pick) in [
            ("wall", (|s: &Sample| s.wall) as fn(&Sample) -> f64),
            ("CPU", |s: &Sample| s.cpu),
        ] {
            let m: Vec<f64> = times
                .iter()
                .map(|t| median(t.iter().map(pick).collect()))
                .collect();
            println!(
                "| {name} | {} | {} | {measure} | {:.2} | {:.2} | {:.2}× | {:.2} | {:.2} | {:.2}× |",
                cat.errors.len(),
                dts_len / 1024,
                m[0],
                m[1],
                m[1] / m[0],
                m[2],
                m[3],
                m[3] / m[2]
            );
        }
    }
    Ok(())
}

/// One timed `tsc` run, in seconds.
#[derive(Clone, Copy)]
struct Sample {
    wall: f64,
    /// User + system time of the process (every thread).
    cpu: f64,
}

/// User + system CPU seconds of this process's waited-for children (`cutime` + `cstime`,
/// fields 16 and 17 of `/proc/self/stat`; the `tsc` wrapper `exec`s the compiler, so its
/// threads count here).
pub(crate) fn children_cpu() -> Result<f64, String> {
    let stat =
        std::fs::read_to_string("/proc/self/stat").map_err(|e| format!("/proc/self/stat: {e}"))?;
    // The fields after the command name, which is in parentheses and may hold spaces.
    let rest = stat
        .rsplit_once(')')
        .map(|(_, r)| r)
        .ok_or("/proc/self/stat: no command name")?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // `rest` starts at field 3 (state), so field n is fields[n - 3].
    let ticks = |n: usize| -> Result<u64, String> {
        fields
            .get(n - 3)
            .and_then(|f| f.parse().ok())
            .ok_or_else(|| format!("/proc/self/stat: field {n} is not a number"))
    };
    let hz = rustix::param::clock_ticks_per_second() as f64;
    Ok((ticks(16)? + ticks(17)?) as f64 / hz)
}

/// Runs `tsc -p project`; fails when it reports errors. Returns its wall and CPU time.
fn tsc_once(tsc: &Path, project: &Path) -> Result<Sample, String> {
    let cpu0 = children_cpu()?;
    let t = Instant::now();
    let out = Command::new("node")
        .arg(tsc)
        .arg("-p")
        .arg(project)
        .output()
        .map_err(|e| format!("node: {e}"))?;
    let wall = t.elapsed().as_secs_f64();
    let cpu = children_cpu()? - cpu0;
    if !out.status.success() {
        return Err(format!(
            "tsc -p {} failed:\n{}{}",
            project.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(Sample { wall, cpu })
}

fn tsconfig(file: &str) -> String {
    format!(
        r#"{{
  "compilerOptions": {{
    "strict": true, "noEmit": true, "target": "es2022", "module": "nodenext",
    "moduleResolution": "nodenext", "skipLibCheck": false, "types": []
  }},
  "files": [{}]
}}
"#,
        serde_json::Value::from(file)
    )
}

fn lit(s: &str) -> String {
    serde_json::Value::from(s).to_string()
}

/// What people write without a generator: the codes as one const object.
fn plain_module(cat: &Catalogue) -> String {
    let mut s = String::from("export const ErrorCode = {\n");
    for e in &cat.errors {
        let _ = writeln!(s, "  {}: {},", lit(&e.ids.ts.key), lit(&e.code));
    }
    s.push_str(
        "} as const;\n\nexport type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];\n",
    );
    s
}

fn plain_consumer(cat: &Catalogue) -> String {
    let first = cat
        .errors
        .first()
        .map_or("x".into(), |e| lit(&e.ids.ts.key));
    format!(
        "import {{ ErrorCode }} from \"./index.js\";\n\
         export const code: ErrorCode = ErrorCode[{first}];\n\
         export function known(x: string): x is ErrorCode {{\n  \
           return (Object.values(ErrorCode) as string[]).includes(x);\n}}\n"
    )
}

/// An application's use of the generated module.
fn generated_consumer(cat: &Catalogue) -> String {
    let Some(first) = cat.errors.first() else {
        return "import { ALL_CODES } from \"./index.js\";\nexport const n = ALL_CODES.length;\n"
            .into();
    };
    let with_params = cat
        .errors
        .iter()
        .find(|e| !e.params.is_empty())
        .unwrap_or(first);
    let value = |ty: ParamType| match ty {
        ParamType::String => "\"x\"",
        ParamType::Integer | ParamType::Number => "1",
        ParamType::Boolean => "true",
        ParamType::List(_) => "[]",
        ParamType::Object => "{}",
    };
    let args: Vec<String> = with_params
        .params
        .iter()
        .map(|p| format!("{}: {}", lit(&p.name), value(p.ty)))
        .collect();
    let read_param = with_params
        .params
        .first()
        .map_or("e.message".to_string(), |p| {
            format!("String(e.params[{}] ?? \"\")", lit(&p.name))
        });
    let first_key = lit(&first.ids.ts.key);
    let wp_key = lit(&with_params.ids.ts.key);
    format!(
        r#"import {{ ErrorCode, ERRORS, parseWireError, isRetryable, createError, isWireError, type ParsedError, type Category }} from "./index.js";

export const code: ErrorCode = ErrorCode[{first_key}];
export const category: Category = ERRORS[code].category;
export const status: number = ERRORS[ErrorCode[{first_key}]].httpStatus;

export function describe(e: ParsedError): string {{
  if (e.kind !== "known") return e.message;
  switch (e.code) {{
    case ErrorCode[{wp_key}]:
      return {read_param};
    default:
      return `${{e.code}} ${{e.category}} ${{e.retryable}}`;
  }}
}}

export function handle(json: string): string {{
  const x: unknown = JSON.parse(json);
  const e = parseWireError(x);
  const wire = isWireError(x) ? String(x[{wire_code}]) : "";
  return describe(e) + wire + String(isRetryable(e));
}}

export const raised = createError(ErrorCode[{wp_key}], {{ {args} }});
export const wire = raised.toWire();
"#,
        wire_code = lit(&cat.registry.wire.code),
        args = args.join(", "),
    )
}
