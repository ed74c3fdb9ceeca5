//! `errdex generate [--check]`: write every target, or check the committed ones.

use std::path::PathBuf;
use std::process::ExitCode;

use errdex_codegen::write::{self, Settings};
use errdex_codegen::{Severity, diag};

use crate::Format;
use crate::fail::{self, Failure};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The catalogue.
    #[arg(long, default_value = "errors.yaml")]
    pub catalogue: PathBuf,
    /// Project root the output directories are relative to (default: the catalogue's folder).
    #[arg(long)]
    pub root: Option<PathBuf>,
    /// Where the mdBook reference goes.
    #[arg(long, default_value = "docs-site")]
    pub docs_dir: PathBuf,
    /// Where the TypeScript package goes.
    #[arg(long, default_value = "generated/ts")]
    pub ts_dir: PathBuf,
    /// Where the JSON Schemas and registry.json go.
    #[arg(long, default_value = "generated/schema")]
    pub schema_dir: PathBuf,
    /// Write nothing; fail with a diff when a committed output is stale.
    #[arg(long)]
    pub check: bool,
    /// Output format of failures.
    #[arg(long, value_enum, default_value = "human")]
    pub format: Format,
}

pub fn run(args: Args) -> ExitCode {
    let (loaded, src) = match crate::read_catalogue(&args.catalogue) {
        Ok(x) => x,
        Err(e) => return fail::report(&e, args.format),
    };
    let file = args.catalogue.display().to_string();
    if !loaded.diagnostics.is_empty() {
        eprint!(
            "{}",
            diag::render_human(&loaded.diagnostics, &file, &src, crate::color_stderr())
        );
    }
    let Some(mut catalogue) = loaded.catalogue else {
        let first = loaded
            .diagnostics
            .iter()
            .find(|d| d.severity() == Severity::Error);
        fail::report(
            &fail::catalogue_invalid(&file, &loaded.diagnostics),
            args.format,
        );
        return first.map_or(ExitCode::FAILURE, |d| fail::exit_code_of(d.code.as_str()));
    };
    // Headers name the catalogue by its file name, so the same catalogue gives the same
    // bytes wherever it lives.
    catalogue.source_name = args
        .catalogue
        .file_name()
        .map_or(file.clone(), |n| n.to_string_lossy().into_owned());
    let root = args.root.clone().unwrap_or_else(|| {
        args.catalogue
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map_or(PathBuf::from("."), PathBuf::from)
    });
    let settings = Settings {
        docs_dir: args.docs_dir.clone(),
        ts_dir: args.ts_dir.clone(),
        schema_dir: args.schema_dir.clone(),
        ..Settings::default()
    };
    let outputs = write::generate(&catalogue, &settings);
    if args.check {
        let mut stale = write::check(&root, &outputs);
        let gone = write::obsolete(&root, &settings, &outputs, &catalogue.source_name);
        stale.extend(gone.iter().map(|rel| write::stale_obsolete(&root, rel)));
        if stale.is_empty() {
            eprintln!(
                "{} generated file(s) are up to date with `{file}`",
                outputs.len()
            );
            return ExitCode::SUCCESS;
        }
        for s in &stale {
            print!("{}", s.diff);
        }
        let f = Failure::outputs_stale(stale.len().to_string(), file.clone());
        return fail::report(&f, args.format);
    }
    // Listed before writing: a file this run writes is never obsolete.
    let gone = write::obsolete(&root, &settings, &outputs, &catalogue.source_name);
    match write::write_outputs(&root, &outputs) {
        Ok(report) => {
            let removed = write::remove_obsolete(&root, &gone);
            let n_removed = match &removed {
                Ok(()) => gone.len(),
                Err((failed, _)) => gone.iter().position(|p| p == failed).unwrap_or(0),
            };
            eprintln!(
                "errdex: {} file(s) written, {} unchanged, {} obsolete removed",
                report.written.len(),
                report.unchanged.len(),
                n_removed
            );
            for p in &report.written {
                eprintln!("  wrote {}", p.display());
            }
            for p in &gone[..n_removed] {
                eprintln!("  removed {} (no longer generated)", p.display());
            }
            if let Err((failed, error)) = removed {
                let f = Failure::write_failed(
                    root.join(&failed).display().to_string(),
                    crate::io_reason(&error),
                );
                return fail::report(&f, args.format);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            for p in &e.report.written {
                eprintln!("  updated      {}", p.display());
            }
            for p in &e.report.unchanged {
                eprintln!("  unchanged    {}", p.display());
            }
            eprintln!("  FAILED       {}", e.failed.display());
            for p in &e.not_attempted {
                eprintln!("  not updated  {}", p.display());
            }
            let f = Failure::write_failed(
                root.join(&e.failed).display().to_string(),
                crate::io_reason(&e.error),
            );
            fail::report(&f, args.format)
        }
    }
}
