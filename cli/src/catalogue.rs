//! The one sequence every command that reads a catalogue goes through: read it (an
//! unreadable file is EDX1001), load it, show its diagnostics, and decide the exit status.
//!
//! The exit status of diagnostics is that of the first error's code (with
//! `--deny-warnings`, of the first diagnostic). `errdex lint` shows every diagnostic and goes
//! on ([`read`], [`Checked::show`], [`Checked::exit_status`]); `generate`, `explain` and
//! `diff` want a valid catalogue and get it, or the exit status once everything is shown,
//! from [`open`] or [`Checked::into_catalogue`].

use std::path::Path;
use std::process::ExitCode;

use errdex_codegen::catalogue::{Disk, Files, TreeCache};
use errdex_codegen::diag::{self, Counts, Style};
use errdex_codegen::{Catalogue, Diagnostic, Loaded};
use errdex_errors::ErrorCode;

use crate::ReportFormat;
use crate::fail::{self, Failure};

/// The catalogue a command reads when it is given none.
pub const DEFAULT_PATH: &str = "errors.yaml";

/// A catalogue's bytes, the name messages use for it (its path, or `REV:PATH`), and where
/// the parts it lists are read from (its folder on disk, or at a git revision).
pub struct Source {
    pub name: String,
    pub bytes: Vec<u8>,
    /// Its path: its parts and `imports:` are read relative to its folder.
    pub path: std::path::PathBuf,
    /// Where its parts are read: the working tree, or the git revision it was read at.
    pub files: Box<dyn Files>,
    /// Where its imports are read, likewise.
    pub imports: Box<dyn errdex_codegen::catalogue::ImportFiles>,
}

/// For a relative `path` that does not exist (`errors.yaml` run from a subfolder): the
/// nearest file of that name in a folder above the working directory, as a relative path.
fn above(path: &Path, e: &std::io::Error) -> Option<String> {
    if e.kind() != std::io::ErrorKind::NotFound || path.is_absolute() {
        return None;
    }
    let cwd = std::env::current_dir().ok()?;
    cwd.ancestors().skip(1).enumerate().find_map(|(up, dir)| {
        dir.join(path)
            .is_file()
            .then(|| format!("{}{}", "../".repeat(up + 1), path.display()))
    })
}

impl Source {
    /// Reads the file at `path`; an unreadable file is EDX1001.
    pub fn read(path: &Path) -> Result<Source, Failure> {
        let name = path.display().to_string();
        match std::fs::read(path) {
            Ok(bytes) => Ok(Source {
                name,
                files: Box::new(Disk::beside(path)),
                bytes,
                path: path.to_path_buf(),
                imports: Box::new(errdex_codegen::catalogue::FileSystem),
            }),
            Err(e) => {
                let failure = Failure::file_unreadable(name, fail::io_reason(&e));
                Err(match above(path, &e) {
                    Some(found) => failure.with_suggestion(format!(
                        "there is no `{}` here; the nearest above is `{found}`: give its path, or run errdex in its folder",
                        path.display()
                    )),
                    None => failure,
                })
            }
        }
    }

    /// Loads (parses and validates) the catalogue.
    pub fn load(&self) -> Checked {
        self.checked(errdex_codegen::catalogue::load_registry(
            &self.bytes,
            &self.name,
            &self.path,
            self.files.as_ref(),
            self.imports.as_ref(),
        ))
    }

    /// Loads the catalogue, its parts' trees through `cache` when given, leaving the rules
    /// across entries that only report to the caller when nothing so far is an error
    /// ([`errdex_codegen::catalogue::Deferred`], [`Checked::settle`]).
    pub fn load_deferred(&self, cache: Option<&TreeCache>) -> Checked {
        self.checked(errdex_codegen::catalogue::load_registry_deferred(
            &self.bytes,
            &self.name,
            &self.path,
            self.files.as_ref(),
            self.imports.as_ref(),
            cache,
        ))
    }

    fn checked(&self, loaded: Loaded) -> Checked {
        Checked {
            loaded,
            name: self.name.clone(),
            text: String::from_utf8_lossy(&self.bytes).into_owned(),
        }
    }
}

/// Reads and loads the catalogue at `path`; an unreadable file is reported (in `format`)
/// and its exit status returned.
pub fn read(path: &Path, format: impl Into<ReportFormat>) -> Result<Checked, ExitCode> {
    match Source::read(path) {
        Ok(source) => Ok(source.load()),
        Err(failure) => Err(fail::report(&failure, format)),
    }
}

/// [`read`], its parts' trees through `cache` when given, the rules that only report
/// left to the caller ([`Source::load_deferred`]).
pub fn read_deferred(
    path: &Path,
    format: impl Into<ReportFormat>,
    cache: Option<&TreeCache>,
) -> Result<Checked, ExitCode> {
    match Source::read(path) {
        Ok(source) => Ok(source.load_deferred(cache)),
        Err(failure) => Err(fail::report(&failure, format)),
    }
}

/// Reads, loads and checks the catalogue at `path`: the catalogue, or the exit status of a
/// command that stops here (every message already printed, as `show` says).
pub fn open(
    path: &Path,
    format: impl Into<ReportFormat>,
    show: Show,
) -> Result<Catalogue, ExitCode> {
    let format = format.into();
    read(path, format)?.into_catalogue(format, show)
}

/// How a command that needs a valid catalogue shows its diagnostics when asked for
/// `format`: rustc-style text, or annotations for a CI that asked for them.
fn shown_as(format: ReportFormat) -> ReportFormat {
    match format {
        ReportFormat::Github => ReportFormat::Github,
        ReportFormat::Human | ReportFormat::Json => ReportFormat::Human,
    }
}

/// Which diagnostics a command that needs a valid catalogue shows, and how it closes when
/// the catalogue is invalid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Show {
    /// Every diagnostic, rustc-style on stderr, warnings of a valid catalogue included; an
    /// invalid one then fails with EDX1009 (`errdex generate`).
    Always,
    /// Nothing for a valid catalogue; for an invalid one every diagnostic, rustc-style on
    /// stderr, then EDX1009 (`errdex explain`).
    WhenInvalid,
    /// Nothing for a valid catalogue; for an invalid one its errors only (warnings are for
    /// `errdex lint`): human, rustc-style then EDX1009's message on stderr; json, one object
    /// `{"code", "catalogue", "diagnostics"}` on stdout (`errdex diff`).
    ErrorsWhenInvalid,
}

/// A loaded catalogue with its diagnostics, and the text they point into.
pub struct Checked {
    /// The name messages use for the catalogue.
    pub name: String,
    /// The source, decoded lossily (the snippets of human diagnostics quote it).
    text: String,
    pub loaded: Loaded,
}

impl Checked {
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.loaded.diagnostics
    }

    pub fn counts(&self) -> Counts {
        Counts::of(self.diagnostics())
    }

    /// Prints `diagnostics`: human, rustc-style on stderr (coloured for a terminal); json,
    /// one array on stdout; github, one workflow command each on stdout.
    pub fn show(&self, diagnostics: &[Diagnostic], format: ReportFormat) {
        let report = |style| self.report(diagnostics, style);
        match format {
            ReportFormat::Github => print!("{}", report(Style::Github)),
            ReportFormat::Human => eprint!(
                "{}",
                report(Style::Human {
                    color: color_stderr()
                })
            ),
            ReportFormat::Json => print!("{}", report(Style::Json)),
        }
    }

    /// The diagnostics in `style`: one file's as ever, a catalogue in many files' each
    /// naming its own file.
    fn report(&self, diagnostics: &[Diagnostic], style: Style) -> String {
        if self.loaded.sources.files().len() > 1 {
            diag::report_sources(diagnostics, &self.loaded.sources, style)
        } else {
            diag::report(diagnostics, &self.name, &self.text, style)
        }
    }

    /// The diagnostic whose code decides the exit status: the first error; with
    /// `deny_warnings`, else the first diagnostic.
    fn failing(&self, deny_warnings: bool) -> Option<&Diagnostic> {
        let diagnostics = self.diagnostics();
        diag::first_error(diagnostics).or_else(|| diagnostics.first().filter(|_| deny_warnings))
    }

    /// The exit status for the diagnostics: that of the failing one's code, else success.
    pub fn exit_status(&self, deny_warnings: bool) -> ExitCode {
        self.failing(deny_warnings)
            .map_or(ExitCode::SUCCESS, |d| fail::exit_code_of(d.code.as_str()))
    }

    /// EDX1009, counting the errors and the warnings; for a command that writes
    /// (`errdex generate`, [`Show::Always`]), saying that it wrote nothing.
    fn invalid(&self, writes: bool) -> Failure {
        let counts = self.counts();
        let failure = Failure::catalogue_invalid(
            &self.name,
            counts.errors.to_string(),
            counts.warnings.to_string(),
        );
        if writes {
            failure.with_suggestion("Fix the diagnostics listed above; nothing was written.")
        } else {
            failure
        }
    }

    /// The valid catalogue, or (diagnostics shown as `show` says, EDX1009 reported) the
    /// exit status of the first error's code.
    pub fn into_catalogue(
        mut self,
        format: impl Into<ReportFormat>,
        show: Show,
    ) -> Result<Catalogue, ExitCode> {
        self.take_catalogue(format.into(), show)
    }

    /// [`Checked::into_catalogue`], with the texts of the registry's files that its spans
    /// index (a command that points at entries in their parts). They are taken only once
    /// the diagnostics were shown: shown without them, a part's diagnostics would quote the
    /// root at the part's offsets.
    pub fn into_catalogue_and_sources(
        mut self,
        format: impl Into<ReportFormat>,
        show: Show,
    ) -> Result<(Catalogue, diag::SourceMap), ExitCode> {
        let catalogue = self.take_catalogue(format.into(), show)?;
        Ok((catalogue, std::mem::take(&mut self.loaded.sources)))
    }

    fn take_catalogue(&mut self, format: ReportFormat, show: Show) -> Result<Catalogue, ExitCode> {
        let shown = shown_as(format);
        if show == Show::Always {
            self.show(self.diagnostics(), shown);
        }
        if let Some(catalogue) = self.loaded.catalogue.take() {
            return Ok(catalogue);
        }
        match show {
            Show::Always => {
                fail::report(&self.invalid(true), format);
            }
            Show::WhenInvalid => {
                self.show(self.diagnostics(), shown);
                fail::report(&self.invalid(false), format);
            }
            Show::ErrorsWhenInvalid => self.show_errors(format),
        }
        Err(self.refused())
    }

    /// The exit status of an invalid catalogue: that of its first error's code.
    fn refused(&self) -> ExitCode {
        let code = self
            .failing(false)
            .map_or(ErrorCode::CatalogueInvalid.as_str(), |d| d.code.as_str());
        fail::exit_code_of(code)
    }

    /// The end of a deferred load ([`Source::load_deferred`]): `found`, what its rules
    /// found, put among the other diagnostics, then everything shown as [`Show::Always`]
    /// shows it; for an invalid catalogue EDX1009 is reported and the exit status of the
    /// first error's code returned.
    pub fn settle(
        &mut self,
        found: Vec<Diagnostic>,
        format: impl Into<ReportFormat>,
    ) -> Result<(), ExitCode> {
        let format = format.into();
        self.loaded.settle(found);
        self.show(self.diagnostics(), shown_as(format));
        if !self.loaded.has_errors() {
            return Ok(());
        }
        fail::report(&self.invalid(true), format);
        Err(self.refused())
    }

    /// [`Show::ErrorsWhenInvalid`] for an invalid catalogue.
    fn show_errors(&self, format: ReportFormat) {
        let errors: Vec<Diagnostic> = self
            .diagnostics()
            .iter()
            .filter(|d| d.severity() == errdex_codegen::Severity::Error)
            .cloned()
            .collect();
        match format {
            ReportFormat::Github => {
                self.show(&errors, ReportFormat::Github);
                fail::report(&self.invalid(false), ReportFormat::Github);
            }
            ReportFormat::Json => {
                let object = serde_json::json!({
                    "code": ErrorCode::CatalogueInvalid.as_str(),
                    "catalogue": self.name,
                    "diagnostics": if self.loaded.sources.files().len() > 1 {
                        diag::to_json_array_sources(&errors, &self.loaded.sources)
                    } else {
                        diag::to_json_array(&errors, &self.name)
                    },
                });
                crate::print_json(&object);
            }
            ReportFormat::Human => {
                self.show(&errors, ReportFormat::Human);
                fail::print_headline(&self.invalid(false));
            }
        }
    }
}

/// Colour on stderr only for a terminal, and never when NO_COLOR is set.
fn color_stderr() -> bool {
    use std::io::IsTerminal;
    std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal()
}

/// The folder of the file at `path` (`.` for a bare file name).
pub fn folder_of(path: &Path) -> std::path::PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    }
}

/// The catalogue's folder on disk with some files' texts replaced or added (paths relative
/// to the folder, `/`-separated): what `errdex new` and `errdex split` load the registry
/// through before they write anything.
pub struct Overlay {
    disk: Disk,
    files: std::collections::BTreeMap<String, String>,
}

impl Overlay {
    pub fn new(disk: Disk, files: impl IntoIterator<Item = (String, String)>) -> Overlay {
        Overlay {
            disk,
            files: files.into_iter().collect(),
        }
    }
}

impl Files for Overlay {
    fn read(&self, path: &str) -> std::io::Result<Vec<u8>> {
        match self.files.get(path) {
            Some(text) => Ok(text.clone().into_bytes()),
            None => self.disk.read(path),
        }
    }

    fn is_dir(&self, path: &str) -> bool {
        let prefix = format!("{}/", path.trim_end_matches('/'));
        self.files.keys().any(|f| f.starts_with(&prefix)) || self.disk.is_dir(path)
    }

    fn list(&self, dir: &str) -> std::io::Result<Vec<String>> {
        let prefix = if dir.is_empty() {
            String::new()
        } else {
            format!("{}/", dir.trim_end_matches('/'))
        };
        let added: Vec<String> = self
            .files
            .keys()
            .filter(|f| f.starts_with(&prefix))
            .cloned()
            .collect();
        // A folder that exists only in the overlay (about to be written) lists its files.
        let mut out = match self.disk.list(dir) {
            Ok(files) => files,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !added.is_empty() => Vec::new(),
            Err(e) => return Err(e),
        };
        out.extend(added);
        out.sort();
        out.dedup();
        Ok(out)
    }

    fn real_path(&self, path: &str) -> Result<Option<String>, String> {
        self.disk.real_path(path)
    }
}

/// The failure of a command that would leave the registry invalid (`what`: the registry
/// with the change, e.g. "errors.yaml with X added"): its errors shown with their files,
/// and nothing written.
pub fn invalid_after(loaded: &Loaded, what: String) -> Failure {
    let errors: Vec<Diagnostic> = loaded
        .diagnostics
        .iter()
        .filter(|d| d.severity() == errdex_codegen::Severity::Error)
        .cloned()
        .collect();
    eprint!(
        "{}",
        diag::report_sources(&errors, &loaded.sources, Style::Human { color: false })
    );
    let counts = Counts::of(&loaded.diagnostics);
    Failure::catalogue_invalid(what, counts.errors.to_string(), counts.warnings.to_string())
        .with_suggestion("nothing was written")
}
