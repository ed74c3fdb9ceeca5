//! `errdex generate [--check]`: write every target, or check the committed ones.
//!
//! `--rust-file PATH` also writes the Rust module, the same bytes `errdex_codegen::Builder`
//! writes into `OUT_DIR` from a build script (for a catalogue named `errors.yaml`), so a
//! project can commit it and drop the build dependency; `--check` then covers it too.
//!
//! `--only TARGET,...` restricts the run (writing, `--check` and the removal of obsolete files)
//! to those targets: `--only rust` is the edit loop of a project that commits its Rust module,
//! which then waits neither for the docs, TypeScript, Python and schemas nor for their writes.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use errdex_codegen::emit::rust::RustOptions;
use errdex_codegen::usage;
use errdex_codegen::write::{self, Settings};

use crate::Format;
use crate::catalogue::{self, Show};
use crate::fail::{self, Failure};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The catalogue.
    #[arg(long, default_value = catalogue::DEFAULT_PATH)]
    pub catalogue: PathBuf,
    /// Project root the output directories are relative to (default: the catalogue's folder).
    #[arg(long)]
    pub root: Option<PathBuf>,
    /// Where the mdBook reference goes.
    /// [default: `outputs.docs_dir` of the catalogue, else docs-site]
    #[arg(long)]
    pub docs_dir: Option<PathBuf>,
    /// Where the TypeScript package goes.
    /// [default: `outputs.ts_dir` of the catalogue, else generated/ts]
    #[arg(long)]
    pub ts_dir: Option<PathBuf>,
    /// Where the Python package goes (`pyproject.toml` and the package directory).
    /// [default: `outputs.python_dir` of the catalogue, else generated/python]
    #[arg(long)]
    pub python_dir: Option<PathBuf>,
    /// Where the JSON Schemas and registry.json go.
    /// [default: `outputs.schema_dir` of the catalogue, else generated/schema]
    #[arg(long)]
    pub schema_dir: Option<PathBuf>,
    /// Also write the Rust module here (relative to the root, like the directories): what
    /// `errdex_codegen::Builder` writes from build.rs, for projects that commit it
    /// [default: `outputs.rust_file` of the catalogue, else none].
    #[arg(long, value_name = "PATH")]
    pub rust_file: Option<PathBuf>,
    /// In that module, also put the wire object under `structuredContent` in MCP tool
    /// results (as `Builder::mcp_structured_content(true)`).
    #[arg(long)]
    pub rust_mcp_structured_content: bool,
    /// The version of the npm package and the Python distribution, overriding the
    /// catalogue's `package.version` (e.g. from a release tag).
    #[arg(long, value_name = "SEMVER", value_parser = package_version)]
    pub package_version: Option<String>,
    /// Only these targets (comma-separated or repeated): write them, check them with
    /// `--check`, and remove only their obsolete files; the others are left as they are.
    /// `--only rust` writes just the Rust module (`--rust-file` or `outputs.rust_file`): the
    /// fast edit loop of a project that commits it [default: every target].
    #[arg(long, value_enum, value_delimiter = ',', value_name = "TARGET")]
    pub only: Vec<Target>,
    /// Write nothing; fail with a diff when a committed output is stale.
    #[arg(long)]
    pub check: bool,
    /// Output format of failures.
    #[arg(long, value_enum, default_value = "human")]
    pub format: Format,
}

/// A target `--only` can select.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    /// The Rust module (needs `--rust-file` or `outputs.rust_file`).
    Rust,
    /// The mdBook reference.
    Docs,
    /// The TypeScript package (it ships the wire-error schema too).
    #[value(alias = "ts")]
    Typescript,
    /// The JSON Schemas and registry.json.
    Schema,
    /// The Python package.
    Python,
}

pub fn run(args: Args) -> ExitCode {
    let mut catalogue = match catalogue::open(&args.catalogue, args.format, Show::Always) {
        Ok(catalogue) => catalogue,
        Err(status) => return status,
    };
    if let Some(version) = &args.package_version {
        catalogue.package.version.clone_from(version);
    }
    let file = args.catalogue.display().to_string();
    // Headers name the catalogue by its file name, so the same catalogue gives the same
    // bytes wherever it lives.
    catalogue.source_name = args
        .catalogue
        .file_name()
        .map_or(file.clone(), |name| name.to_string_lossy().into_owned());
    let root = args.root.clone().unwrap_or_else(|| catalogue_dir(&args.catalogue));
    // A flag wins over the catalogue's `outputs:`, which wins over the default.
    let defaults = Settings::default();
    let pick = |flag: &Option<PathBuf>, set: &Option<String>, default: &PathBuf| {
        flag.clone()
            .or_else(|| set.as_ref().map(PathBuf::from))
            .unwrap_or_else(|| default.clone())
    };
    let set = &catalogue.outputs;
    let on = |target: Target| args.only.is_empty() || args.only.contains(&target);
    let rust_file = args
        .rust_file
        .clone()
        .or_else(|| set.rust_file.as_ref().map(PathBuf::from));
    if rust_file.is_none() && args.only.contains(&Target::Rust) {
        let failure = Failure::bad_arguments(
            "`--only rust` needs the Rust module's path: `--rust-file PATH`, or `outputs.rust_file` in the catalogue".to_string(),
        );
        return fail::report(&failure, args.format);
    }
    let mut settings = Settings {
        docs_dir: pick(&args.docs_dir, &set.docs_dir, &defaults.docs_dir),
        ts_dir: pick(&args.ts_dir, &set.ts_dir, &defaults.ts_dir),
        schema_dir: pick(&args.schema_dir, &set.schema_dir, &defaults.schema_dir),
        python_dir: pick(&args.python_dir, &set.python_dir, &defaults.python_dir),
        docs: on(Target::Docs),
        typescript: on(Target::Typescript),
        schema: on(Target::Schema),
        python: on(Target::Python),
        rust_file: rust_file.filter(|_| on(Target::Rust)),
        rust: RustOptions {
            mcp_structured_content: args.rust_mcp_structured_content,
        },
        raised_at: None,
    };
    // `usage.docs`: the docs list where each code is raised, from a scan of the tree
    // (every run, `--check` too, so the check compares with what this tree gives).
    if settings.docs {
        let generated = [&settings.docs_dir, &settings.ts_dir, &settings.schema_dir, &settings.python_dir]
            .iter()
            .filter_map(|d| root.join(d).canonicalize().ok())
            .collect();
        settings.raised_at = usage::raised_at(&catalogue, &catalogue_dir(&args.catalogue), generated);
    }
    let outputs = write::generate(&catalogue, &settings);
    if args.check {
        let mut stale = write::check(&root, &outputs);
        let obsolete = write::obsolete(&root, &settings, &outputs, &catalogue.source_name);
        stale.extend(obsolete.iter().map(|rel| write::stale_obsolete(&root, rel)));
        if stale.is_empty() {
            eprintln!(
                "{} generated file(s) are up to date with `{file}`",
                outputs.len()
            );
            return ExitCode::SUCCESS;
        }
        for stale_file in &stale {
            print!("{}", stale_file.diff);
        }
        let failure = Failure::outputs_stale(stale.len().to_string(), file.clone());
        return fail::report(&failure, args.format);
    }
    // Listed before writing: a file this run writes is never obsolete.
    let obsolete = write::obsolete(&root, &settings, &outputs, &catalogue.source_name);
    match write::write_outputs(&root, &outputs) {
        Ok(report) => {
            let removed = write::remove_obsolete(&root, &obsolete);
            let removed_count = match &removed {
                Ok(()) => obsolete.len(),
                Err((failed, _)) => obsolete.iter().position(|path| path == failed).unwrap_or(0),
            };
            eprintln!(
                "errdex: {} file(s) written, {} unchanged, {} obsolete removed",
                report.written.len(),
                report.unchanged.len(),
                removed_count
            );
            for path in &report.written {
                eprintln!("  wrote {}", path.display());
            }
            for path in &obsolete[..removed_count] {
                eprintln!("  removed {} (no longer generated)", path.display());
            }
            if let Err((failed, error)) = removed {
                let failure = Failure::write_failed(
                    root.join(&failed).display().to_string(),
                    fail::io_reason(&error),
                );
                return fail::report(&failure, args.format);
            }
            ExitCode::SUCCESS
        }
        Err(partial) => {
            for path in &partial.report.written {
                eprintln!("  updated      {}", path.display());
            }
            for path in &partial.report.unchanged {
                eprintln!("  unchanged    {}", path.display());
            }
            eprintln!("  FAILED       {}", partial.failed.display());
            for path in &partial.not_attempted {
                eprintln!("  not updated  {}", path.display());
            }
            let failure = Failure::write_failed(
                root.join(&partial.failed).display().to_string(),
                fail::io_reason(&partial.error),
            );
            fail::report(&failure, args.format)
        }
    }
}

/// The catalogue's folder: what `usage.docs.paths` and the places the docs list are
/// relative to.
fn catalogue_dir(catalogue: &Path) -> PathBuf {
    catalogue
        .parent()
        .filter(|parent| !parent.as_os_str().is_empty())
        .map_or(PathBuf::from("."), PathBuf::from)
}

/// `--package-version`: a semantic version, as `package.version`.
fn package_version(value: &str) -> Result<String, String> {
    if errdex_codegen::catalogue::format::is_package_version(value) {
        Ok(value.to_string())
    } else {
        Err("a package version is MAJOR.MINOR.PATCH (semantic versioning), e.g. 1.0.0 or 2.0.0-rc.1".into())
    }
}
