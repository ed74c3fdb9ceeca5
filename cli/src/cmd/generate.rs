//! `errdex generate [--check]`: write every target, or check the committed ones.
//!
//! `--rust-file PATH` also writes the Rust module, the same bytes `errdex_codegen::Builder`
//! writes into `OUT_DIR` from a build script (for a catalogue named `errors.yaml`), so a
//! project can commit it and drop the build dependency; `--check` then covers it too.
//!
//! `--only TARGET,...` restricts the run (writing, `--check` and the removal of obsolete files)
//! to those targets: `--only rust` is the edit loop of a project that commits its Rust module,
//! which then waits neither for the docs, TypeScript, Python and schemas nor for their writes.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use errdex_codegen::catalogue::TreeCache;
use errdex_codegen::emit::rust::RustOptions;
use errdex_codegen::targets::{OutputKind, TARGETS, Target, TargetId};
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
    /// Where each target goes: one flag per target (`--docs-dir`, `--ts-dir`, ...,
    /// `--rust-file`), from `errdex_codegen::targets::TARGETS`.
    #[command(flatten)]
    pub outputs: OutputFlags,
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
    #[arg(long, value_delimiter = ',', value_name = "TARGET", value_parser = target_parser())]
    pub only: Vec<TargetId>,
    /// Write nothing; fail with a diff when a committed output is stale.
    #[arg(long)]
    pub check: bool,
    /// Also keep a block of CODEOWNERS lines, one per part with a `part.owner`, in this
    /// file (relative to the catalogue's folder, e.g. `.github/CODEOWNERS`, or
    /// `../.github/CODEOWNERS` for a catalogue in a subfolder of the repository; in a git
    /// repository, a file GitHub does not read is refused): the rest of the file is left as
    /// it is; `--check` checks it too. The catalogue's `outputs.codeowners` gives it for every
    /// run (without `--only`); this flag wins.
    #[arg(long, value_name = "PATH")]
    pub codeowners: Option<PathBuf>,
    /// Where to keep the parse cache of a catalogue in many files (each part's tree, so
    /// that after an edit only the edited part is parsed again) [default:
    /// `target/errdex-cache/` under the root when the root has a `target/` folder, else
    /// none]. The outputs are the same bytes with or without it.
    #[arg(long, value_name = "DIR", conflicts_with = "no_cache")]
    pub cache_dir: Option<PathBuf>,
    /// Use no parse cache.
    #[arg(long)]
    pub no_cache: bool,
    /// Output format of failures.
    #[arg(long, value_enum, default_value = "human")]
    pub format: Format,
}

/// `--only`'s values: each target's name (and aliases), from the target table.
fn target_parser() -> impl clap::builder::TypedValueParser<Value = TargetId> {
    let values = TARGETS.iter().map(|t| {
        let help = match t.output.kind {
            OutputKind::File => format!(
                "{} (needs `--{}` or `outputs.{}`)",
                t.title,
                flag(t),
                t.output.key
            ),
            OutputKind::Folder => t.title.to_string(),
        };
        clap::builder::PossibleValue::new(t.name)
            .aliases(t.aliases.iter().copied())
            .help(help)
    });
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(values)
        .map(|name| TargetId::by_name(&name).unwrap_or_else(|| unreachable!("a possible value")))
}

/// A target's command-line flag: its `outputs:` key with `-` (`docs-dir`).
fn flag(t: &Target) -> String {
    t.output.key.replace('_', "-")
}

/// One `--<key>` flag per target: where it goes, overriding the catalogue's `outputs:`.
#[derive(Debug, Clone, Default)]
pub struct OutputFlags(pub BTreeMap<TargetId, PathBuf>);

impl clap::FromArgMatches for OutputFlags {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let mut flags = OutputFlags::default();
        flags.update_from_arg_matches(matches)?;
        Ok(flags)
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        for t in &TARGETS {
            if let Some(path) = matches.get_one::<PathBuf>(t.output.key) {
                self.0.insert(t.id, path.clone());
            }
        }
        Ok(())
    }
}

impl clap::Args for OutputFlags {
    fn augment_args(mut cmd: clap::Command) -> clap::Command {
        for t in &TARGETS {
            let help = match t.output.default {
                Some(default) => format!(
                    "Where to write {}.\n[default: `outputs.{}` of the catalogue, else {default}]",
                    t.title, t.output.key
                ),
                None => format!(
                    "Also write {} here (relative to the root, like the folders), for projects \
                     that commit it [default: `outputs.{}` of the catalogue, else none]",
                    t.title, t.output.key
                ),
            };
            let value_name = match t.output.kind {
                OutputKind::File => "PATH",
                OutputKind::Folder => "DIR",
            };
            cmd = cmd.arg(
                clap::Arg::new(t.output.key)
                    .long(flag(t))
                    .value_name(value_name)
                    .value_parser(clap::value_parser!(PathBuf))
                    .help(help),
            );
        }
        cmd
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

pub fn run(args: Args) -> ExitCode {
    let cache = cache_dir(&args).map(TreeCache::new);
    let mut checked = match catalogue::read_deferred(&args.catalogue, args.format, cache.as_ref()) {
        Ok(checked) => checked,
        Err(status) => return status,
    };
    if let Some(cache) = &cache {
        cache.prune();
    }
    // `outputs.codeowners` in a place GitHub does not read: an error at the key, shown with
    // every other diagnostic (the deferred rules run now), and nothing written.
    let key_used = args.codeowners.is_none() && args.only.is_empty();
    let root_dir = args
        .root
        .clone()
        .unwrap_or_else(|| catalogue_dir(&args.catalogue));
    if key_used
        && let Some(d) = checked
            .loaded
            .catalogue
            .as_ref()
            .and_then(|c| codeowners_key_diagnostic(&root_dir, &c.outputs))
    {
        checked.loaded.diagnostics.push(d);
        let found = match (&checked.loaded.deferred, &checked.loaded.catalogue) {
            (Some(deferred), Some(catalogue)) => deferred.run(catalogue),
            _ => Vec::new(),
        };
        return match checked.settle(found, args.format) {
            Err(status) => status,
            Ok(()) => unreachable!("the key's diagnostic is an error"),
        };
    }
    let owners = std::mem::take(&mut checked.loaded.owners);
    // When the load found no error, the rules across entries that only report are left to
    // run beside the emitters (`pending`); nothing is written until they find no error,
    // and every diagnostic is shown once they have run. Else the diagnostics are shown now.
    let deferred = match checked.loaded.deferred {
        Some(_) => checked.loaded.catalogue.take(),
        None => None,
    };
    let (mut catalogue, pending) = match deferred {
        Some(catalogue) => (catalogue, Some(checked)),
        None => match checked.into_catalogue(args.format, Show::Always) {
            Ok(catalogue) => (catalogue, None),
            Err(status) => return status,
        },
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
    // Never freed: the process ends when this command returns, and freeing the IR is time
    // the user would wait for nothing (0.8 million instructions at 266 codes, after the last
    // file is written).
    let catalogue = std::mem::ManuallyDrop::new(catalogue);
    let root = root_dir;
    // A flag wins over the catalogue's `outputs:`, which wins over the default; `--only`
    // keeps the targets it names.
    let on = |target: TargetId| args.only.is_empty() || args.only.contains(&target);
    let mut missing: Option<&Target> = None;
    let mut settings = Settings {
        rust: RustOptions {
            mcp_structured_content: args.rust_mcp_structured_content,
        },
        ..Settings::default()
    };
    settings.outputs = TARGETS
        .iter()
        .filter_map(|t| {
            let path = args.outputs.0.get(&t.id).cloned().or_else(|| {
                catalogue
                    .outputs
                    .get(t.id)
                    .or(t.output.default)
                    .map(PathBuf::from)
            });
            if path.is_none() && args.only.contains(&t.id) {
                missing = Some(t);
            }
            Some((t.id, path?)).filter(|_| on(t.id))
        })
        .collect();
    if let Some(t) = missing {
        let failure = Failure::bad_arguments(format!(
            "`--only {}` needs the path of {}: `--{} PATH`, or `outputs.{}` in the catalogue",
            t.name,
            t.title,
            flag(t),
            t.output.key
        ));
        return fail::report(&failure, args.format);
    }
    // `usage.docs`: the docs list where each code is raised, from a scan of the tree
    // (every run, `--check` too, so the check compares with what this tree gives).
    if settings.outputs.contains_key(&TargetId::Docs) {
        let generated = TARGETS
            .iter()
            .filter(|t| t.output.kind == OutputKind::Folder)
            .filter_map(|t| settings.path(t.id))
            .filter_map(|d| root.join(d).canonicalize().ok())
            .collect();
        settings.raised_at =
            usage::raised_at(&catalogue, &catalogue_dir(&args.catalogue), generated);
    }
    // `--codeowners PATH`, else `outputs.codeowners` (not with `--only`, which writes only
    // the targets it names): a marked block of that file from the parts' owners.
    let codeowners_path = match (&args.codeowners, &catalogue.outputs.codeowners) {
        (Some(path), _) => Some((path.clone(), CodeownersFrom::Flag)),
        (None, Some(path)) if args.only.is_empty() => {
            Some((PathBuf::from(path), CodeownersFrom::Catalogue))
        }
        _ => None,
    };
    if let Some((path, from)) = &codeowners_path
        && let Some(failure) = codeowners_misplaced(&root, path, *from)
    {
        return crate::fail::report(&failure, args.format);
    }
    let codeowners_file = match codeowners_path.map(|(path, _)| {
        let text = codeowners(&root.join(&path), &catalogue_dir(&args.catalogue), &owners);
        (path, text)
    }) {
        None => None,
        Some((path, Ok(text))) => Some((path, text.into_bytes())),
        Some((path, Err((why, help)))) => {
            let failure = Failure::bad_arguments(format!(
                "the CODEOWNERS file `{}` cannot take errdex's block: {why}",
                path.display()
            ))
            .with_suggestion(help);
            return fail::report(&failure, args.format);
        }
    };
    // The deferred rules, run by the generation beside its emitters; what they found.
    let mut found = Vec::new();
    let check = || match pending.as_ref().and_then(|p| p.loaded.deferred.as_ref()) {
        Some(deferred) => {
            found = deferred.run(&catalogue);
            errdex_codegen::diag::first_error(&found).is_none()
        }
        None => true,
    };
    if args.check {
        let outputs = write::generate_checked(&catalogue, &settings, check);
        if let Some(mut pending) = pending
            && let Err(status) = pending.settle(found, args.format)
        {
            return status;
        }
        let Some(mut outputs) = outputs else {
            unreachable!("the check failed, so settling reported an error")
        };
        if let Some((path, bytes)) = &codeowners_file {
            outputs.insert(path.clone(), bytes.clone());
        }
        let mut stale = write::check(&root, &outputs);
        let produced = |rel: &Path| outputs.contains_key(rel);
        let obsolete = write::obsolete(&root, &settings, produced, &catalogue.source_name);
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
        // The command that rewrites them is this one without `--check`: with its flags
        // (`--codeowners`, `--rust-file`, …), which a bare `errdex generate` would not redo.
        let again: Vec<String> = std::env::args()
            .skip(1)
            .filter(|a| a != "--check")
            .map(|a| shell_word(&a))
            .collect();
        let failure = Failure::outputs_stale(stale.len().to_string(), file.clone())
            .with_suggestion(format!(
                "run `errdex {}` (this command without --check) and commit the result",
                again.join(" ")
            ));
        return fail::report(&failure, args.format);
    }
    // Each target's files are written as soon as its emitter returns them (never all of
    // them held at once); obsolete files are then those this run did not produce.
    let written = write::generate_and_write_checked(&root, &catalogue, &settings, check);
    if let Some(mut pending) = pending {
        let settled = pending.settle(found, args.format);
        // Not freed, as the catalogue: the process ends with this command.
        std::mem::forget(pending);
        if let Err(status) = settled {
            return status;
        }
    }
    match written {
        Ok(None) => unreachable!("the check failed, so settling reported an error"),
        Ok(Some(write::Streamed {
            mut report,
            produced,
        })) => {
            if let Some((path, bytes)) = &codeowners_file {
                match errdex_codegen::files::write_if_changed(&root.join(path), bytes) {
                    Ok(true) => report.written.push(path.clone()),
                    Ok(false) => report.unchanged.push(path.clone()),
                    Err(error) => {
                        let failure = Failure::write_failed(
                            root.join(path).display().to_string(),
                            fail::io_reason(&error),
                        );
                        return fail::report(&failure, args.format);
                    }
                }
            }
            let produced = |rel: &Path| produced.contains(rel);
            let obsolete = write::obsolete(&root, &settings, produced, &catalogue.source_name);
            let removed = write::remove_obsolete(&root, &obsolete);
            let removed_count = match &removed {
                Ok(()) => obsolete.len(),
                Err((failed, _)) => obsolete.iter().position(|path| path == failed).unwrap_or(0),
            };
            // One write to stderr (unbuffered: a line each would be a few system calls
            // each, a fifth of a millisecond for the 36 files of a small catalogue).
            let mut text = format!(
                "errdex: {} file(s) written, {} unchanged, {} obsolete removed\n",
                report.written.len(),
                report.unchanged.len(),
                removed_count
            );
            for path in &report.written {
                text.push_str(&format!("  wrote {}\n", path.display()));
            }
            for path in &obsolete[..removed_count] {
                text.push_str(&format!(
                    "  removed {} (no longer generated)\n",
                    path.display()
                ));
            }
            eprint!("{text}");
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

/// The parse cache's folder: `--cache-dir`, else `target/errdex-cache/` under the root
/// when the root has a `target/` folder (cargo's, which projects already ignore in git),
/// else none (`--no-cache`: none). It holds one catalogue's trees: another catalogue under
/// the same root gets a folder of its own, named after its file name.
fn cache_dir(args: &Args) -> Option<PathBuf> {
    if args.no_cache {
        return None;
    }
    if let Some(dir) = &args.cache_dir {
        return Some(dir.clone());
    }
    let root = args
        .root
        .clone()
        .unwrap_or_else(|| catalogue_dir(&args.catalogue));
    let target = root.join("target");
    if !target.is_dir() {
        return None;
    }
    let name = args
        .catalogue
        .file_name()
        .map_or("errors".into(), |n| n.to_string_lossy().replace('.', "-"));
    Some(target.join("errdex-cache").join(name))
}

/// The catalogue's folder: what `usage.docs.paths` and the places the docs list are
/// relative to.
pub(crate) fn catalogue_dir(catalogue: &Path) -> PathBuf {
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

/// `word` as a shell reads it back: as it is when it is plain, else in single quotes.
fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./=:@+,".contains(&b));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// Why `--codeowners PATH` (relative to `root`) names a file GitHub would not read: one
/// not named `CODEOWNERS` (GitHub and GitLab read no other name, so a typo such as
/// `CODEOWNERS.txt` would leave the parts without owners, silently), or, in a git
/// repository, one outside the places GitHub reads it from: the repository's root, its
/// `.github/` or `docs/` folder, with paths from that root. A catalogue in a subfolder given
/// `.github/CODEOWNERS` would make `svc/.github/CODEOWNERS`, with paths from `svc/`, both
/// ignored; the failure names the path that works. `None` when the file is named so and is
/// in one of those places, or no repository is found.
fn codeowners_misplaced(
    root: &Path,
    path: &Path,
    from: CodeownersFrom,
) -> Option<crate::fail::Failure> {
    let advice = |instead: &str| match from {
        CodeownersFrom::Flag => format!("give --codeowners {instead}"),
        CodeownersFrom::Catalogue => {
            format!("write `codeowners: {instead}` in the catalogue's `outputs`")
        }
    };
    if path.file_name().is_some_and(|name| name == "CODEOWNERS") && root.join(path).is_dir() {
        return Some(crate::fail::Failure::bad_arguments(format!(
            "{} `{}` is a folder: CODEOWNERS is a file",
            from.name(),
            path.display()
        ))
        .with_suggestion("remove or rename the folder; GitHub reads the file `CODEOWNERS` in the repository's root, `.github/` or `docs/`"));
    }
    let folder_given =
        path.as_os_str().to_string_lossy().ends_with(['/', '\\']) || root.join(path).is_dir();
    if folder_given || path.file_name().is_none_or(|name| name != "CODEOWNERS") {
        // (The catalogue's key is refused by the load already, EDX0106.) `.github/` means
        // the file in it.
        let file = if folder_given {
            path.join("CODEOWNERS")
        } else {
            path.with_file_name("CODEOWNERS")
        };
        let instead = codeowners_folder_misplaced(root, &file)
            .map(|(_, _, instead)| instead)
            .unwrap_or_else(|| file.display().to_string());
        return Some(
            crate::fail::Failure::bad_arguments(format!(
                "{} `{}` is not a file GitHub reads: it reads owners only from a file named `CODEOWNERS` (at the repository's root, in `.github/` or in `docs/`)",
                from.name(),
                path.display()
            ))
            .with_suggestion(advice(&instead)),
        );
    }
    let (repo, why, instead) = codeowners_folder_misplaced(root, path)?;
    Some(
        crate::fail::Failure::bad_arguments(format!(
            "{} `{}` is not where GitHub reads CODEOWNERS in the repository at `{}`: {why} (the path is relative to the catalogue's folder, or --root)",
            from.name(),
            path.display(),
            repo.display()
        ))
        .with_suggestion(advice(&instead)),
    )
}

/// `outputs.codeowners` (named `CODEOWNERS`: the load checks that) in a place GitHub does
/// not read, found from `root`: EDX0106 at the key's value, with the path that works.
/// `errdex lint` and `errdex generate` both check it, since both can find the repository.
pub(crate) fn codeowners_key_diagnostic(
    root: &Path,
    outputs: &errdex_codegen::ir::OutputPaths,
) -> Option<errdex_codegen::diag::Diagnostic> {
    use errdex_codegen::diag::{DiagCode, Diagnostic};
    let path = Path::new(outputs.codeowners.as_deref()?);
    let span = outputs.codeowners_span?;
    let (expected, help) = if root.join(path).is_dir() {
        (
            "it is a folder, and CODEOWNERS is a file".to_string(),
            "remove or rename the folder; GitHub reads the file `CODEOWNERS` in the repository's root, `.github/` or `docs/`".to_string(),
        )
    } else {
        let (repo, why, instead) = codeowners_folder_misplaced(root, path)?;
        (
            format!(
                "GitHub does not read it in the repository at `{}`: {why}",
                repo.display()
            ),
            format!("write `codeowners: {instead}` (relative to the catalogue's folder)"),
        )
    };
    Some(
        Diagnostic::new(
            DiagCode::BadValue,
            Some(span),
            &[
                ("key", "codeowners"),
                ("found", &format!("\"{}\"", path.display())),
                ("expected", &expected),
            ],
        )
        .with_help(help),
    )
}

/// Where the CODEOWNERS path came from, for the failure's words.
#[derive(Debug, Clone, Copy)]
enum CodeownersFrom {
    /// `--codeowners`.
    Flag,
    /// The catalogue's `outputs.codeowners`.
    Catalogue,
}

impl CodeownersFrom {
    fn name(self) -> &'static str {
        match self {
            CodeownersFrom::Flag => "--codeowners",
            CodeownersFrom::Catalogue => "the catalogue's `outputs.codeowners`",
        }
    }
}

/// In a git repository, when `path` (relative to `root`) is not a file GitHub reads
/// CODEOWNERS from: the repository (the root's, when the root is in one, else the file's),
/// why, and the path from `root` that works. GitHub reads `CODEOWNERS` in the repository's
/// `.github/`, its root or its `docs/`, the first of them that exists; a file outside the
/// root's repository, anywhere else in it, or behind one GitHub finds first is never read.
fn codeowners_folder_misplaced(root: &Path, path: &Path) -> Option<(PathBuf, String, String)> {
    let root = std::path::absolute(root)
        .ok()?
        .canonicalize()
        .unwrap_or_else(|_| root.to_path_buf());
    // The file's folder from the (real) root, `..` applied by name: it may not exist yet.
    let folder =
        errdex_codegen::files::normalize(&root.join(path.parent().unwrap_or(Path::new(""))));
    let in_repo = |d: &Path| {
        d.ancestors()
            .find(|a| a.join(".git").exists())
            .map(Path::to_path_buf)
    };
    let root_repo = in_repo(&root);
    let repo = root_repo.clone().or_else(|| in_repo(&folder))?;
    // From `root` up to the repository, then `.github/CODEOWNERS`.
    let from_root = |to: &str| {
        let up = root
            .strip_prefix(&repo)
            .map(|below| below.components().count())
            .unwrap_or(0);
        format!("{}{to}", "../".repeat(up))
    };
    let why = if !folder.starts_with(&repo) {
        "it is outside the repository".to_string()
    } else if folder != repo && ![".github", "docs"].iter().any(|d| folder == repo.join(d)) {
        "GitHub reads only `CODEOWNERS`, `.github/CODEOWNERS` and `docs/CODEOWNERS`".to_string()
    } else {
        // GitHub's order: `.github/`, the root, `docs/`; the first file found is the one.
        let order = [repo.join(".github"), repo.clone(), repo.join("docs")];
        let rank = order.iter().position(|d| *d == folder)?;
        let first = order[..rank]
            .iter()
            .find(|d| d.join("CODEOWNERS").is_file())?;
        let rel = first
            .strip_prefix(&repo)
            .map(|r| r.join("CODEOWNERS"))
            .unwrap_or_else(|_| PathBuf::from("CODEOWNERS"));
        let rel = rel.display().to_string();
        return Some((
            repo.clone(),
            format!("GitHub reads `{rel}` first, which exists, and reads no other"),
            from_root(&rel),
        ));
    };
    let instead = from_root(".github/CODEOWNERS");
    Some((repo, why, instead))
}

/// The first line of errdex's block in a CODEOWNERS file.
const CODEOWNERS_BEGIN: &str = "# BEGIN errdex: the owners of the catalogue's parts (`errdex generate --codeowners`; edit `part.owner` in the parts, not these lines)";
/// Its last line.
const CODEOWNERS_END: &str = "# END errdex";

/// The CODEOWNERS file at `file` with errdex's block (one line per owned part, its path
/// from the repository's root, which is the file's folder, or the folder above a
/// `.github/` or `docs/` one) in place of the old block, or appended; the rest as it was,
/// its line endings kept. Refused (the reason, and what to do) when the file has a begin
/// line without its end line, an end line without a begin, or two blocks (rewriting from a
/// begin line to a later block's end would delete the owners written by hand between
/// them), or when a part's path has characters GitHub reads as pattern syntax.
fn codeowners(
    file: &Path,
    catalogue_dir: &Path,
    owners: &[(String, String)],
) -> Result<String, (String, String)> {
    // A file that is not there is empty; one that cannot be read as text is refused, not
    // taken for empty (which would replace the owners written in it by errdex's block).
    let existing = match std::fs::read(file) {
        Ok(bytes) => String::from_utf8(bytes).map_err(|_| {
            (
                "it is not UTF-8 text, so errdex cannot keep the lines written by hand in it"
                    .to_string(),
                "save the file as UTF-8 (GitHub reads it so); nothing was written".to_string(),
            )
        })?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => {
            return Err((
                format!("it cannot be read: {}", crate::fail::io_reason(&e)),
                "nothing was written".to_string(),
            ));
        }
    };
    let folder = file.parent().unwrap_or(Path::new("."));
    let repo = match folder.file_name().and_then(|n| n.to_str()) {
        Some(".github" | "docs") => folder.parent().unwrap_or(Path::new(".")),
        _ => folder,
    };
    let canon = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let base = canon(catalogue_dir);
    let prefix = base
        .strip_prefix(canon(repo))
        .map(|p| {
            p.components()
                .map(|c| format!("{}/", c.as_os_str().to_string_lossy()))
                .collect::<String>()
        })
        .unwrap_or_default();
    let newline = if existing.contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    let mut block = format!("{CODEOWNERS_BEGIN}{newline}");
    for (path, owner) in owners {
        // GitHub reads a line with `[ ]` as an error (no character ranges), a pattern's
        // `*` and `?` would match other files, and `#`, `!` and `\` are comments,
        // negations and escapes it does not take: such a part cannot be named.
        if let Some(c) = format!("{prefix}{path}")
            .chars()
            .find(|c| "[]*?#!\\".contains(*c))
        {
            return Err((
                format!(
                    "the part `{path}` cannot be named in it: GitHub reads `{c}` in a path as pattern syntax it rejects or misreads"
                ),
                "rename the part's file or folder without `[ ] * ? # ! \\`; nothing was written"
                    .to_string(),
            ));
        }
        // Spaces in a CODEOWNERS path are escaped with a backslash.
        let path = format!("/{prefix}{path}").replace(' ', "\\ ");
        block.push_str(&format!("{path} {owner}{newline}"));
    }
    block.push_str(CODEOWNERS_END);
    block.push_str(newline);
    // errdex's lines, by where they start: (begin?, start of the line, end of the line
    // with its line ending).
    let mut marks = Vec::new();
    let mut at = 0;
    for line in existing.split_inclusive('\n') {
        // Spaces around the line, or a byte order mark before the first, do not hide it.
        let text = line.trim_start_matches('\u{feff}').trim();
        if text == CODEOWNERS_BEGIN || text == CODEOWNERS_END {
            // The mark's line from after a byte order mark, which stays.
            let bom = if line.starts_with('\u{feff}') {
                '\u{feff}'.len_utf8()
            } else {
                0
            };
            marks.push((text == CODEOWNERS_BEGIN, at + bom, at + line.len()));
        }
        at += line.len();
    }
    let line_of = |offset: usize| existing[..offset].matches('\n').count() + 1;
    match marks.as_slice() {
        [] if existing.is_empty() => Ok(block),
        [] => {
            let sep = if existing.ends_with(&format!("{newline}{newline}")) {
                ""
            } else if existing.ends_with('\n') {
                newline
            } else {
                if newline == "\n" { "\n\n" } else { "\r\n\r\n" }
            };
            Ok(format!("{existing}{sep}{block}"))
        }
        [(true, start, _), (false, _, end)] => Ok(format!(
            "{}{block}{}",
            &existing[..*start],
            &existing[*end..]
        )),
        [(true, start, _)] => Err(format!(
            "its line {} begins errdex's block, which has no end line (`{CODEOWNERS_END}`): errdex would not know which lines after it are its own",
            line_of(*start)
        )),
        [(false, start, _)] => Err(format!(
            "its line {} ends errdex's block, which has no begin line",
            line_of(*start)
        )),
        _ => Err(format!(
            "it has errdex's begin or end line {} times (lines {}): one block, begun and ended once, is errdex's",
            marks.len(),
            marks
                .iter()
                .map(|(_, start, _)| line_of(*start).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
    .map_err(|why| {
        (
            why,
            format!(
                "edit the file so that it has no line of errdex's block, or one `{CODEOWNERS_BEGIN}` line and one `{CODEOWNERS_END}` line after it; nothing was written"
            ),
        )
    })
}
