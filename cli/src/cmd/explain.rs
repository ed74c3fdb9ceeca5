//! `errdex explain CODE`: a code's reference in the terminal, or as JSON.
//!
//! CODE may be a code, a NAME, an alias or a legacy code (case-insensitive when
//! unambiguous). Exit status:
//! - 0: a live code; its reference is on stdout.
//! - the exit code of EDX1010 (`CODE_RETIRED`): the code is retired; what the catalogue says
//!   about it (since when, why) is still printed on stdout, as the answer to the question.
//! - the exit code of EDX1006 (`UNKNOWN_CODE`): no such code; the nearest known codes are
//!   suggested (on stderr in human form; in the JSON object with `--format json`).
//! - a catalogue that cannot be read or has errors fails like `errdex lint`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use errdex_codegen::explain::{self, ExplainError};
use errdex_codegen::text::escape_controls;
use errdex_codegen::usage;
use errdex_errors::ErrorCode;

use crate::Format;
use crate::catalogue::{self, Show};
use crate::fail::{self, Failure};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A code, name, alias or legacy code.
    pub code: String,
    /// The catalogue.
    #[arg(long, default_value = catalogue::DEFAULT_PATH)]
    pub catalogue: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    pub format: Format,
}

pub fn run(args: Args) -> ExitCode {
    let mut checked = match catalogue::read(&args.catalogue, args.format) {
        Ok(checked) => checked,
        Err(status) => return status,
    };
    let spans = std::mem::take(&mut checked.loaded.entry_spans);
    let (cat, sources) = match checked.into_catalogue_and_sources(args.format, Show::WhenInvalid) {
        Ok(found) => found,
        Err(status) => return status,
    };
    let declared = declared_at(&cat, &spans, &sources, &args.code);
    let result = match args.format {
        Format::Human => explain::explain_text(&cat, &args.code).map(|text| {
            print!("{text}");
            if let Some(place) = &declared {
                print!("\nDeclared at {}.\n", escape_controls(place));
            }
            if let Some(raised) = raised_at(&cat, &args) {
                print!("{}", raised.text());
            }
        }),
        Format::Json => explain::explain_json(&cat, &args.code).map(|mut reference| {
            if let Some(o) = reference.as_object_mut() {
                o.insert("declared_at".into(), serde_json::json!(declared));
                if let Some(raised) = raised_at(&cat, &args) {
                    o.insert("raised_at".into(), raised.json());
                }
            }
            crate::print_json(&reference);
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error @ ExplainError::Retired { .. }) => {
            let retired = retired_at(&error, &spans, &sources);
            match args.format {
                Format::Human => {
                    print!("{}", error.retired_text());
                    if let Some(place) = &retired {
                        print!("\nDeclared at {}.\n", escape_controls(place));
                    }
                }
                Format::Json => {
                    let mut json = error.to_json();
                    if let Some(o) = json.as_object_mut() {
                        o.insert("declared_at".into(), serde_json::json!(retired));
                    }
                    crate::print_json(&json)
                }
            }
            ExitCode::from(ErrorCode::CodeRetired.exit_code())
        }
        Err(error @ ExplainError::Unknown { .. }) => match args.format {
            Format::Json => {
                crate::print_json(&error.to_json());
                ExitCode::from(ErrorCode::UnknownCode.exit_code())
            }
            Format::Human => {
                let ExplainError::Unknown { query, suggestions } = &error else {
                    return ExitCode::FAILURE;
                };
                let suggestion = if suggestions.is_empty() {
                    "Check the spelling; `errdex lint` lists the catalogue, and its docs list every code.".to_string()
                } else {
                    let list: Vec<String> = suggestions
                        .iter()
                        .map(|code| format!("`{}`", escape_controls(code)))
                        .collect();
                    format!("did you mean {}?", list.join(", "))
                };
                fail::report(
                    &Failure::unknown_code(escape_controls(query)).with_suggestion(suggestion),
                    Format::Human,
                )
            }
        },
    }
}

/// Where the catalogue declares the entry `code` resolves to, `file:line:column` (its NAME's
/// key; in a registry of many files, the part that holds it). `None` for an imported code.
fn declared_at(
    cat: &errdex_codegen::Catalogue,
    spans: &[(String, errdex_codegen::diag::Span)],
    sources: &errdex_codegen::diag::SourceMap,
    code: &str,
) -> Option<String> {
    let (entry, _) = explain::resolve(cat, code).ok()?;
    if cat.import_of(&entry.code).is_some() {
        return None;
    }
    place(spans, sources, &entry.name)
}

/// `file:line:column` of the key `key` of `errors:` or `retired:`.
fn place(
    spans: &[(String, errdex_codegen::diag::Span)],
    sources: &errdex_codegen::diag::SourceMap,
    key: &str,
) -> Option<String> {
    let (_, span) = spans.iter().find(|(k, _)| k == key)?;
    let (file, span) = sources.locate(*span)?;
    Some(format!("{}:{}:{}", file.name, span.line, span.column))
}

/// Where the catalogue's `retired:` section declares the tombstone `error` found, as
/// [`declared_at`]. `None` for a code an imported registry retired.
fn retired_at(
    error: &ExplainError,
    spans: &[(String, errdex_codegen::diag::Span)],
    sources: &errdex_codegen::diag::SourceMap,
) -> Option<String> {
    let ExplainError::Retired {
        retired,
        import: None,
        ..
    } = error
    else {
        return None;
    };
    place(spans, sources, &retired.code)
}

/// How many places raise a code, and the first few: the `errdex usage` of one code, in the
/// tree around the catalogue (its directory, as `errdex usage` would walk it).
struct RaisedAt {
    root: String,
    count: usize,
    first: Vec<String>,
}

/// The places shown; `errdex usage --format json` lists them all.
const RAISED_AT_SHOWN: usize = 3;

fn raised_at(cat: &errdex_codegen::Catalogue, args: &Args) -> Option<RaisedAt> {
    // The entry the reference is about: the query resolved as `explain` resolves it (in any
    // case, by alias or legacy code), not only by its exact code or NAME.
    let (entry, _) = explain::resolve(cat, &args.code).ok()?;
    let index = cat.errors.iter().position(|e| std::ptr::eq(e, entry))?;
    let root = match args.catalogue.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let options = usage::Options {
        roots: vec![root.clone()],
        generated_dirs: usage::generated_dirs(cat, &root),
        only: Some(index),
        ..usage::Options::default()
    };
    let source = usage::Source {
        catalogue: cat,
        name: "",
        text: "",
        spans: Some(&[]),
    };
    let report = usage::scan(source, &options);
    let raising: Vec<String> = report.uses[index]
        .iter()
        .filter(|u| !u.test)
        .map(|u| format!("{}:{}:{}", u.path, u.line, u.column))
        .collect();
    Some(RaisedAt {
        root: display(&root),
        count: raising.len(),
        first: raising.into_iter().take(RAISED_AT_SHOWN).collect(),
    })
}

fn display(path: &Path) -> String {
    path.display().to_string()
}

impl RaisedAt {
    fn text(&self) -> String {
        use std::fmt::Write as _;
        let mut out = String::from("\n");
        if self.count == 0 {
            let _ = writeln!(
                out,
                "Raised nowhere under {} (outside generated files and tests).",
                escape_controls(&self.root)
            );
            return out;
        }
        let _ = writeln!(
            out,
            "Raised at {} place(s) under {}{}:",
            self.count,
            escape_controls(&self.root),
            if self.count > self.first.len() {
                " (`errdex usage --format json` lists them all)"
            } else {
                ""
            }
        );
        for place in &self.first {
            let _ = writeln!(out, "  {}", escape_controls(place));
        }
        out
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({ "root": self.root, "count": self.count, "places": self.first })
    }
}
