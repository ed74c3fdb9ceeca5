//! `errdex usage [PATH…]`: the catalogue held against the source code that raises its codes.
//!
//! Scans PATH (default `.`; `.gitignore` respected, hidden files, `target/` and
//! `node_modules/` skipped) for every code's generated identifiers and code strings, and
//! reports codes never raised, unknown code strings, deprecated codes still raised and
//! retired codes still referenced (EDX07xx). Human findings go to stderr with snippets, as
//! `errdex lint`'s; `--format json` prints per code its count and places of use, then the
//! findings; `--format sarif` prints a SARIF 2.1.0 log; `--format github` one GitHub
//! Actions workflow command per finding (the summary line then goes to stderr). The exit status is `lint`'s: that of
//! the first error's code (with `--deny-warnings`, of the first finding), else 0.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::ValueEnum;
use errdex_codegen::diag;
use errdex_codegen::usage::{self, Options, Source, Summary};
use errdex_codegen::{DiagCode, Severity};
use errdex_errors::ErrorCode;

use crate::ReportFormat;
use crate::catalogue::{self, Show};
use crate::fail;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum UsageFormat {
    /// rustc-style findings and a summary line on stderr.
    Human,
    /// Per code its count and places, the findings and the summary, on stdout.
    Json,
    /// A SARIF 2.1.0 log on stdout.
    Sarif,
    /// One GitHub Actions workflow command per finding on stdout (`::error
    /// file=…,line=…,col=…,title=EDX0702::…`), the summary line on stderr.
    Github,
}

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Files and directories to scan.
    #[arg(default_value = ".")]
    pub paths: Vec<PathBuf>,
    /// The catalogue.
    #[arg(long, default_value = catalogue::DEFAULT_PATH)]
    pub catalogue: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    pub format: UsageFormat,
    /// Fail on warnings too.
    #[arg(long)]
    pub deny_warnings: bool,
    /// Scan `target/` and `node_modules/` directories too.
    #[arg(long)]
    pub build_dirs: bool,
    /// Scan what `.gitignore` excludes too (with `--build-dirs`, a `target/` that
    /// `.gitignore` lists).
    #[arg(long)]
    pub no_ignore: bool,
    /// Follow symbolic links (a link that loops is reported and skipped).
    #[arg(long)]
    pub follow: bool,
}

pub fn run(args: Args) -> ExitCode {
    let format = match args.format {
        UsageFormat::Human => ReportFormat::Human,
        UsageFormat::Json | UsageFormat::Sarif => ReportFormat::Json,
        UsageFormat::Github => ReportFormat::Github,
    };
    let source = match catalogue::Source::read(&args.catalogue) {
        Ok(source) => source,
        Err(failure) => return fail::report(&failure, format),
    };
    let text = String::from_utf8_lossy(&source.bytes).into_owned();
    let name = source.name.clone();
    let mut checked = source.load();
    let spans = std::mem::take(&mut checked.loaded.entry_spans);
    let (cat, sources) = match checked.into_catalogue_and_sources(format, Show::WhenInvalid) {
        Ok(found) => found,
        Err(status) => return status,
    };
    let options = Options {
        roots: args.paths.clone(),
        build_dirs: args.build_dirs,
        follow_links: args.follow,
        no_ignore: args.no_ignore,
        generated_dirs: usage::generated_dirs(&cat, catalogue_dir(&args.catalogue)),
        ..Options::default()
    };
    let source = Source {
        catalogue: &cat,
        name: &name,
        text: &text,
        spans: Some(&spans),
    };
    let mut report = usage::scan(source, &options);
    in_its_part(&mut report, &spans, &sources, &name);
    match args.format {
        UsageFormat::Human | UsageFormat::Github => {
            if args.format == UsageFormat::Github {
                let mut out = std::io::BufWriter::new(std::io::stdout().lock());
                for f in &report.findings {
                    let _ = out.write_all(diag::to_github(&f.diagnostic, &f.file).as_bytes());
                }
                let _ = out.flush();
            } else {
                let color = color_stderr();
                for f in &report.findings {
                    eprint!("{}", f.render_human(color));
                }
            }
            let Summary {
                codes,
                raised,
                files_with_uses,
                errors,
                warnings,
            } = report.summary();
            eprintln!(
                "{name}: {raised} of {codes} code(s) raised, used in {files_with_uses} file(s); {errors} error(s), {warnings} warning(s)",
            );
        }
        UsageFormat::Json => {
            let _ = usage::write_json(source, &report, std::io::stdout().lock());
        }
        UsageFormat::Sarif => {
            let help = |code: DiagCode| {
                code.as_str()
                    .parse::<ErrorCode>()
                    .ok()
                    .map(|c| c.docs_url().to_string())
                    .filter(|u| u.starts_with("http"))
            };
            crate::print_json(&usage::sarif::to_sarif(
                &report,
                env!("CARGO_PKG_VERSION"),
                &help,
            ));
        }
    }
    let failing = report
        .findings
        .iter()
        .find(|f| f.diagnostic.severity() == Severity::Error)
        .or_else(|| report.findings.first().filter(|_| args.deny_warnings));
    failing.map_or(ExitCode::SUCCESS, |f| {
        fail::exit_code_of(f.diagnostic.code.as_str())
    })
}

/// The directory of the catalogue (where `errdex generate` writes its outputs).
fn catalogue_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Colour on stderr only for a terminal, and never when NO_COLOR is set.
fn color_stderr() -> bool {
    use std::io::IsTerminal;
    std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal()
}

/// A catalogue in many files: points each finding about a declared code (EDX0701, "declared
/// here") at the part that declares it, with that file's line.
fn in_its_part(
    report: &mut usage::Report,
    spans: &[(String, errdex_codegen::Span)],
    sources: &errdex_codegen::diag::SourceMap,
    root: &str,
) {
    if sources.files().len() <= 1 {
        return;
    }
    let by_name: std::collections::HashMap<&str, errdex_codegen::Span> =
        spans.iter().map(|(k, s)| (k.as_str(), *s)).collect();
    for finding in &mut report.findings {
        let d = &mut finding.diagnostic;
        if d.code != errdex_codegen::DiagCode::CodeNeverRaised || finding.file != root {
            continue;
        }
        let Some(name) = d
            .args
            .iter()
            .find(|(k, _)| *k == "name")
            .map(|(_, v)| v.clone())
        else {
            continue;
        };
        let Some((file, span)) = by_name.get(name.as_str()).and_then(|s| sources.locate(*s)) else {
            continue;
        };
        let line = file
            .text
            .lines()
            .nth(span.line.saturating_sub(1))
            .unwrap_or("");
        let start = line
            .char_indices()
            .nth(span.column.saturating_sub(1))
            .map_or(0, |(b, _)| b);
        d.span = Some(errdex_codegen::Span {
            offset: start,
            len: name.len(),
            line: span.line,
            column: span.column,
        });
        finding.file.clone_from(&file.name);
        finding.excerpt = line.to_string();
        finding.first_line = span.line;
    }
}
