//! A catalogue in many files: the root names its parts (`parts:`), and this layer reads
//! them. It is the loader's only I/O, behind [`Files`] (the disk, or a git revision's tree),
//! and it sits before the one pipeline: each file is parsed at its base in one virtual
//! offset space ([`SourceMap`]: a span's `offset` says its file, its `line` and `column`
//! are the file's own), the parts' own rules are checked ([`super::parts`]), and the parts'
//! `namespaces` and `errors` are appended to the root's tree in a defined order (parts in
//! the order the root lists them, a glob's files sorted, a folder's in code order). The validator then
//! runs unchanged on the whole registry, so a duplicate code, NAME or alias across files
//! names both places with the rules that already name both places in one file.
//!
//! A catalogue without `parts:` goes through exactly the one-file path.

use std::collections::BTreeMap;
use std::io;
use std::path::{Component, Path, PathBuf};

use crate::diag::{DiagCode, Diagnostic, Severity, SourceMap, Span};

use super::parts::{self, Part, PartEntry, PartSource};
use super::tree::{self, Kind, Limits, Node};
use super::{Loaded, finish};

/// The files of a catalogue's folder, as the loader sees them. Paths are relative to the
/// root catalogue's folder and `/`-separated.
pub trait Files {
    /// The bytes of the file at `path`.
    fn read(&self, path: &str) -> io::Result<Vec<u8>>;
    /// Whether `path` is a folder.
    fn is_dir(&self, path: &str) -> bool;
    /// Every file under the folder `dir` (`""`: the root's folder), at any depth.
    fn list(&self, dir: &str) -> io::Result<Vec<String>>;
    /// Where `path` really is, through symbolic links: its real path relative to the root's
    /// folder (another path may reach the same file), `Ok(None)` when that cannot be told
    /// (`path` is then taken as it is), or why it leads out of the root's folder.
    fn real_path(&self, _path: &str) -> Result<Option<String>, String> {
        Ok(None)
    }
}

/// The files on disk under a folder.
#[derive(Debug, Clone)]
pub struct Disk {
    dir: PathBuf,
}

impl Disk {
    /// The folder of the catalogue at `path`.
    pub fn beside(path: &Path) -> Disk {
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        Disk { dir }
    }
}

impl Files for Disk {
    fn read(&self, path: &str) -> io::Result<Vec<u8>> {
        std::fs::read(self.dir.join(path))
    }

    fn is_dir(&self, path: &str) -> bool {
        self.dir.join(path).is_dir()
    }

    /// Through symbolic links to folders too, except one back up to a folder being walked: a linked folder's
    /// files are listed under the link's path, where [`Files::real_path`] then finds a file
    /// outside the root's folder (EDX0804) or another path to a listed one (EDX0802), instead
    /// of a glob passing the link by and its codes going missing without a word.
    fn list(&self, dir: &str) -> io::Result<Vec<String>> {
        fn walk(
            base: &Path,
            rel: &str,
            up: &mut Vec<PathBuf>,
            out: &mut Vec<String>,
        ) -> io::Result<()> {
            // A link back up (to the folder itself, or one above it) would never end.
            let real = std::fs::canonicalize(base.join(rel))?;
            if up.contains(&real) {
                return Ok(());
            }
            up.push(real);
            for entry in std::fs::read_dir(base.join(rel))? {
                let entry = entry?;
                let name = entry.file_name().to_string_lossy().into_owned();
                let path = if rel.is_empty() {
                    name
                } else {
                    format!("{rel}/{name}")
                };
                let ty = entry.file_type()?;
                if ty.is_dir() || (ty.is_symlink() && entry.path().is_dir()) {
                    walk(base, &path, up, out)?;
                } else {
                    out.push(path);
                }
            }
            up.pop();
            Ok(())
        }
        let mut out = Vec::new();
        walk(&self.dir, dir, &mut Default::default(), &mut out)?;
        Ok(out)
    }

    fn real_path(&self, path: &str) -> Result<Option<String>, String> {
        let (Ok(root), Ok(real)) = (
            std::fs::canonicalize(&self.dir),
            std::fs::canonicalize(self.dir.join(path)),
        ) else {
            return Ok(None);
        };
        let Ok(rel) = real.strip_prefix(&root) else {
            return Err("a symbolic link leads out of it".to_string());
        };
        let parts: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        Ok(Some(parts.join("/")))
    }
}

/// Loads the catalogue `bytes` named `name`, with its parts read from `files`. Without
/// `parts:` this is [`super::load_bytes`].
pub fn load_with_parts(bytes: &[u8], name: &str, files: &dyn Files) -> Loaded {
    load_with_parts_and(bytes, name, files, None, None, false)
}

/// The parse cache, when the crate has it ([`super::cache`]).
#[cfg(feature = "cache")]
pub(super) type Cache = super::cache::TreeCache;
/// Without the `cache` feature there is none to pass.
#[cfg(not(feature = "cache"))]
pub(super) enum Cache {}

/// [`load_with_parts`], the catalogue's `imports:` read through `icx`; `defer`: leave the
/// rules that only report to the caller when no error is found before them
/// ([`Loaded::deferred`]).
pub(super) fn load_with_parts_and(
    bytes: &[u8],
    name: &str,
    files: &dyn Files,
    icx: Option<super::imports::ImportCx<'_>>,
    cache: Option<&Cache>,
    defer: bool,
) -> Loaded {
    let limits = Limits::default();
    let Ok(text) = std::str::from_utf8(bytes) else {
        return super::load_bytes_inner(bytes, name, icx);
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if bytes.len() > limits.max_bytes {
        return super::load_bytes_inner(bytes, name, icx);
    }
    // Parsed once, whether or not it lists parts: a root without `parts:` (or whose
    // `parts:` is not a list, the validator's to refuse) is the one-file path from here.
    let root = match tree::parse(text, &limits) {
        Ok(root) => root,
        Err(diagnostics) => {
            return Loaded {
                catalogue: None,
                diagnostics,
                entry_spans: Vec::new(),
                import_spans: Vec::new(),
                sources: SourceMap::single(name, text),
                owners: Vec::new(),
                parts: Vec::new(),
                deferred: None,
            };
        }
    };
    let Some(listing) = parts_listing(&root) else {
        let mut loaded = finish(root, text, name, &limits, icx, false, defer);
        loaded.sources = SourceMap::single(name, text);
        return loaded;
    };
    let mut sources = SourceMap::single(name, text);
    let mut diags = Vec::new();
    let prefix = match name.rfind('/') {
        Some(i) => &name[..=i],
        None => "",
    };
    let read = Reader {
        files,
        prefix,
        root_file: name.rsplit('/').next().unwrap_or(name),
        limits: &limits,
        jobs: std::cell::RefCell::new(Vec::new()),
        cache,
        listing: listing
            .iter()
            .map(|(item, _)| {
                let item = item.trim_end_matches('/');
                if is_glob(item) {
                    item.trim_start_matches("./").to_string()
                } else {
                    lexical(item).unwrap_or_default()
                }
            })
            .collect(),
        schemas: super::modeline::schema_line(text).map(|(value, _)| {
            super::modeline::schema_folder(name.rsplit('/').next().unwrap_or(name), value)
        }),
    };
    let parts = read.parts(&listing, &mut sources, &mut diags);
    let mut trees = read.parse_all(&sources, &mut diags);
    // A part that could not be read or parsed leaves its namespaces and codes out of the
    // merge, and checking the rest would report every use of them as an error of its own
    // (one syntax error in a part gave eight errors in another, printed before it). Those
    // errors alone, then, as for a root that does not parse.
    if diags.iter().any(|d| d.severity() == Severity::Error) {
        crate::diag::sort_by_place(&mut diags);
        return Loaded {
            catalogue: None,
            diagnostics: diags,
            entry_spans: Vec::new(),
            import_spans: Vec::new(),
            sources,
            owners: Vec::new(),
            parts: Vec::new(),
            deferred: None,
        };
    }
    let paths = parts.iter().map(|p| p.path.clone()).collect();
    let parts = parts
        .into_iter()
        .filter_map(|p| p.with_trees(&mut trees))
        .collect();
    let mut root = root;
    let owners = parts::merge(&mut root, parts, &mut diags);
    let joined = sources.joined();
    // The parts' own errors are known now: with one, nothing is left for later.
    let defer = defer && !diags.iter().any(|d| d.severity() == Severity::Error);
    let mut loaded = finish(root, &joined, name, &limits, icx, true, defer);
    loaded.diagnostics.extend(diags);
    // A deferred load's diagnostics stay in the order found until it is settled.
    if loaded.deferred.is_none() {
        crate::diag::sort_by_place(&mut loaded.diagnostics);
    }
    if loaded.has_errors() {
        loaded.catalogue = None;
    }
    // A key repeated across files (a namespace declared in two parts): not a slip within
    // one mapping, as the plain help says, but two teams declaring one thing.
    for d in &mut loaded.diagnostics {
        if d.code != DiagCode::DuplicateKey {
            continue;
        }
        let file = |offset: usize| sources.file_of(offset).map(|f| f.name.as_str());
        let here = d.span.and_then(|s| file(s.offset));
        if let Some(first) = d.notes.first().and_then(|(s, _)| file(s.offset))
            && here.is_some_and(|h| h != first)
        {
            d.help = Some(format!(
                "it is declared in `{first}` too: declare it once, in the part that owns it (or in the root); the codes of every part may use a namespace declared anywhere"
            ));
        }
    }
    loaded.sources = sources;
    loaded.owners = owners;
    loaded.parts = paths;
    loaded
}

/// The strings of the root's `parts:` list, each with its span (others are the validator's
/// to refuse).
fn parts_listing(root: &Node) -> Option<Vec<(String, Span)>> {
    let Kind::Map(top) = &root.kind else {
        return None;
    };
    let (_, value) = top
        .iter()
        .find(|(k, _)| k.as_str() == Some(super::format::keys::top::PARTS.name()))?;
    let Kind::Seq(items) = &value.kind else {
        return None;
    };
    Some(
        items
            .iter()
            .filter_map(|n| n.as_str().map(|s| (s.to_string(), n.span)))
            .collect(),
    )
}

struct Reader<'a> {
    files: &'a dyn Files,
    /// The root's folder as diagnostics name it (`""` or ending in `/`).
    prefix: &'a str,
    /// The root's own file name (a glob never makes it a part of itself).
    root_file: &'a str,
    limits: &'a Limits,
    /// The files read so far to parse together ([`Reader::parse_all`]): each one's index
    /// among the [`SourceMap`]'s files, which keeps its text, and its base.
    jobs: std::cell::RefCell<Vec<(usize, usize)>>,
    /// Where parts' trees are kept between runs, if anywhere.
    cache: Option<&'a Cache>,
    /// The root's `parts:` as listed (plain paths resolved), for a folder part to tell a
    /// file in its subfolder that is another part's from one that nothing reads.
    listing: Vec<String>,
    /// The folder of the schema the root's editor schema line names, relative to the
    /// root's folder: every file's line should name one there ([`super::modeline`]).
    schemas: Option<String>,
}

impl Reader<'_> {
    /// Expands the listing and reads each part, in order.
    fn parts(
        &self,
        listing: &[(String, Span)],
        sources: &mut SourceMap,
        diags: &mut Vec<Diagnostic>,
    ) -> Vec<Part<usize>> {
        let mut seen: BTreeMap<String, (Span, String)> = BTreeMap::new();
        // Each part's path, whether it is a folder part, and where it is listed.
        let mut taken: Vec<(String, bool, Span)> = Vec::new();
        let mut out = Vec::new();
        for (item, span) in listing {
            let span = *span;
            if let Some(reason) = outside(item) {
                diags.push(
                    Diagnostic::new(
                        DiagCode::PartOutside,
                        Some(span),
                        &[("part", item), ("reason", reason)],
                    )
                    .with_help("list paths relative to the root catalogue's folder, inside it"),
                );
                continue;
            }
            let given = item.as_str();
            let item = item.trim_end_matches('/');
            // `./teams/../teams/a.yaml` is `teams/a.yaml`; a path that climbs above the
            // root's folder is outside it.
            let plain;
            let item = if is_glob(item) {
                item
            } else if let Some(p) = lexical(item) {
                plain = p;
                plain.as_str()
            } else {
                diags.push(
                    Diagnostic::new(
                        DiagCode::PartOutside,
                        Some(span),
                        &[("part", item), ("reason", "it goes up with `..`")],
                    )
                    .with_help("list paths relative to the root catalogue's folder, inside it"),
                );
                continue;
            };
            // The root's folder (``, `.`) or the root itself: never a part of itself.
            if item.is_empty() {
                let reason = if given.is_empty() {
                    "the path is empty"
                } else {
                    "it is the root catalogue's own folder"
                };
                diags.push(
                    Diagnostic::new(
                        DiagCode::PartNotFound,
                        Some(span),
                        &[("part", given), ("reason", reason)],
                    )
                    .with_help("list part files (`teams/*.yaml`) or folders of one file per code, below the root catalogue's folder"),
                );
                continue;
            }
            if item == self.root_file {
                diags.push(
                    Diagnostic::new(DiagCode::PartListedTwice, Some(span), &[("file", item)])
                        .with_label("the root catalogue itself")
                        .with_help("remove it from `parts`: the root is read first, and `parts` lists the other files"),
                );
                continue;
            }
            let paths: Vec<(String, bool)> = if is_glob(item) {
                match self.glob(item) {
                    Ok(Globbed {
                        paths,
                        not_yaml,
                        root,
                    }) if paths.is_empty() => {
                        let help = match (not_yaml, root) {
                            (Some(file), _) => format!(
                                "it matches only files that are not YAML (`{file}`): a glob's parts are its `.yaml` and `.yml` files and folders; check the pattern, or remove it from `parts`"
                            ),
                            (None, true) => format!(
                                "it matches only the root catalogue, `{}`, which is never a part of itself: put the parts in a folder of their own (`teams/*.yaml`), or list them by name",
                                self.root_file
                            ),
                            (None, false) => {
                                "check the pattern, or remove it from `parts`".to_string()
                            }
                        };
                        diags.push(
                            Diagnostic::new(DiagCode::PartGlobEmpty, Some(span), &[("glob", item)])
                                .with_help(help),
                        );
                        continue;
                    }
                    Ok(globbed) => globbed.paths,
                    Err(reason) => {
                        diags.push(Diagnostic::new(
                            DiagCode::PartNotFound,
                            Some(span),
                            &[("part", item), ("reason", &reason)],
                        ));
                        continue;
                    }
                }
            } else {
                vec![(item.to_string(), self.files.is_dir(item))]
            };
            for (path, folder) in paths {
                // By the file it is: a path through a symbolic link to a listed file is the
                // same file.
                let identity = match self.files.real_path(&path) {
                    Ok(real) => real.unwrap_or_else(|| path.clone()),
                    Err(reason) => {
                        diags.push(
                            Diagnostic::new(
                                DiagCode::PartOutside,
                                Some(span),
                                &[("part", &path), ("reason", &reason)],
                            )
                            .with_help("a part's files live in the root catalogue's folder: move them there (or make the link lead there), or import the other registry (`imports:`) instead"),
                        );
                        continue;
                    }
                };
                if let Some((first, first_path)) = seen.get(&identity) {
                    let d =
                        Diagnostic::new(DiagCode::PartListedTwice, Some(span), &[("file", &path)]);
                    // Another path to the same file: a symbolic link (named, since the
                    // listing may show neither path).
                    let d = if *first_path == path {
                        d.with_label("listed again here")
                            .with_help("list each file once: a part's codes would be read twice")
                    } else {
                        d.with_label(format!("`{path}` here"))
                            .with_help(format!(
                                "`{path}` and `{first_path}` are the same file (a symbolic link): remove the link, or list or match only one of them"
                            ))
                    };
                    let d = match (*first == span, *first_path == path) {
                        (true, _) => d,
                        (false, true) => d.with_note(Some(*first), "first listed here"),
                        (false, false) => {
                            d.with_note(Some(*first), format!("first listed here (`{first_path}`)"))
                        }
                    };
                    diags.push(d);
                    continue;
                }
                // A file of a folder part listed as a part too, either way round: one file
                // read twice (its header's range overlapping itself, its namespaces
                // "duplicate keys").
                // A folder part reads the files directly in it: `file` is one of `dir`'s.
                let within = |file: &str, dir: &str| {
                    file.rsplit_once('/')
                        .is_some_and(|(parent, _)| parent == dir)
                };
                let clash = taken.iter().find(|(other, other_folder, _)| {
                    (*other_folder && !folder && within(&path, other))
                        || (folder && !*other_folder && within(other, &path))
                });
                if let Some((other, other_folder, first)) = clash {
                    let (file, holder) = if *other_folder {
                        (path.as_str(), other.as_str())
                    } else {
                        (other.as_str(), path.as_str())
                    };
                    diags.push(
                        Diagnostic::new(DiagCode::PartListedTwice, Some(span), &[("file", file)])
                            .with_label(format!("`{file}` is a file of the folder part `{holder}`"))
                            .with_note(Some(*first), "listed here")
                            .with_help(format!(
                                "list the folder `{holder}` alone: it reads its `_part.yaml` and every `<CODE>.yaml` in it"
                            )),
                    );
                    continue;
                }
                taken.push((path.clone(), folder, span));
                seen.insert(identity, (span, path.clone()));
                let part = if folder {
                    self.folder(&path, span, sources, diags)
                } else {
                    self.file(&path, span, sources, diags).map(|node| Part {
                        listed: span,
                        path: path.clone(),
                        source: PartSource::File(node),
                    })
                };
                out.extend(part);
            }
        }
        out
    }

    /// What a glob matches, sorted: files (never the root catalogue itself), and folders
    /// (`true`: a folder part of one file per code), the outermost of them when folders
    /// nest; a file inside a matched folder is that folder's, not a part of its own, and so
    /// is a matched file inside a folder with a `_part.yaml`, which makes the folder matched.
    fn glob(&self, pattern: &str) -> Result<Globbed, String> {
        let matcher = globset::GlobBuilder::new(pattern)
            .literal_separator(true)
            .build()
            .map_err(|e| e.to_string())?
            .compile_matcher();
        let dir: Vec<&str> = pattern.split('/').take_while(|c| !is_glob(c)).collect();
        let dir = dir.join("/");
        let dir = if self.files.is_dir(&dir) {
            dir
        } else {
            String::new()
        };
        let listed = self.files.list(&dir).map_err(|e| e.to_string())?;
        let held: std::collections::BTreeSet<&str> = listed.iter().map(String::as_str).collect();
        let mut folders: std::collections::BTreeSet<&str> = std::collections::BTreeSet::new();
        for path in &listed {
            let matched = matcher.is_match(path.as_str());
            let mut cur = path.as_str();
            while let Some((parent, _)) = cur.rsplit_once('/') {
                if parent.len() <= dir.len() {
                    break;
                }
                // A folder the glob names is a folder part, and so is one that holds a
                // `_part.yaml` and a file the glob matches (`teams/**/*.yaml` reaching into
                // `teams/frames/`): the folder is the part, instead of each `<CODE>.yaml`
                // read as a part file.
                let marked = || held.contains(format!("{parent}/_part.yaml").as_str());
                if matcher.is_match(parent) || (matched && marked()) {
                    folders.insert(parent);
                }
                cur = parent;
            }
        }
        let inside = |p: &str, folder: &str| {
            p.len() > folder.len() && p.starts_with(folder) && p.as_bytes()[folder.len()] == b'/'
        };
        let outermost: Vec<&str> = folders
            .iter()
            .copied()
            .filter(|f| !folders.iter().any(|g| inside(f, g)))
            .collect();
        // Only YAML files are parts: `teams/*` also matches the folder's `README.md` or an
        // editor's `billing.yaml.bak`, which are not (a file listed by name is read whatever
        // it is called).
        let (files, others): (Vec<&String>, Vec<&String>) = listed
            .iter()
            .filter(|p| {
                matcher.is_match(p.as_str())
                    && p.as_str() != self.root_file
                    && !outermost.iter().any(|f| inside(p, f))
            })
            .partition(|p| p.ends_with(".yaml") || p.ends_with(".yml"));
        let mut paths: Vec<(String, bool)> = files
            .into_iter()
            .map(|p| (p.clone(), false))
            .chain(outermost.iter().map(|f| (f.to_string(), true)))
            .collect();
        paths.sort();
        Ok(Globbed {
            paths,
            not_yaml: others.first().map(|p| p.to_string()),
            root: matcher.is_match(self.root_file),
        })
    }

    /// Reads one file and places it at its base: its index among the files to parse.
    fn file(
        &self,
        path: &str,
        listed: Span,
        sources: &mut SourceMap,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<usize> {
        let text = self.text(path, listed, sources, diags)?;
        let name = format!("{}{path}", self.prefix);
        let astray = self
            .schemas
            .as_deref()
            .and_then(|folder| super::modeline::check(&text, path, sources.next_base(), folder));
        diags.extend(astray);
        let base = sources.push_owned(name, text);
        let mut jobs = self.jobs.borrow_mut();
        jobs.push((sources.files().len() - 1, base));
        Some(jobs.len() - 1)
    }

    /// Parses every file read (their texts in `sources`), on several threads (contiguous
    /// runs of files, one run per thread), each tree moved to its file's base; their
    /// diagnostics are located in them.
    fn parse_all(&self, sources: &SourceMap, diags: &mut Vec<Diagnostic>) -> Vec<Option<Node>> {
        let jobs = self.jobs.take();
        let per = jobs.len().div_ceil(self.limits.threads().max(1)).max(1);
        let runs: Vec<&[(usize, usize)]> = jobs.chunks(per).collect();
        let (limits, cache) = (self.limits, self.cache);
        let files = sources.files();
        let parsed = crate::par::map(&runs, |run| {
            run.iter()
                .map(|&(file, base)| parse_at(&files[file].text, base, limits, cache))
                .collect::<Vec<_>>()
        });
        let mut out = Vec::with_capacity(jobs.len());
        for run in parsed {
            let run = run.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            for result in run {
                match result {
                    Ok(node) => out.push(Some(node)),
                    Err(found) => {
                        diags.extend(found);
                        out.push(None);
                    }
                }
            }
        }
        out
    }

    /// The text of the file `path`; `None` when it cannot be read (EDX0801 at its listing)
    /// or is not UTF-8 (EDX0002 at its first bad byte, the file kept among `sources` up to
    /// it for the excerpt).
    fn text(
        &self,
        path: &str,
        listed: Span,
        sources: &mut SourceMap,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<String> {
        let bytes = match self.files.read(path) {
            Ok(bytes) => bytes,
            Err(e) => {
                diags.push(
                    Diagnostic::new(
                        DiagCode::PartNotFound,
                        Some(listed),
                        &[("part", path), ("reason", &io_reason(&e))],
                    )
                    .with_help("fix the path, relative to the root catalogue's folder"),
                );
                return None;
            }
        };
        match String::from_utf8(bytes) {
            Ok(text) => Some(
                text.strip_prefix('\u{feff}')
                    .map(str::to_string)
                    .unwrap_or(text),
            ),
            Err(e) => {
                let (d, before) =
                    super::not_utf8(e.as_bytes(), e.utf8_error(), sources.next_base());
                let before = before.to_string();
                sources.push_owned(format!("{}{path}", self.prefix), before);
                diags.push(d);
                None
            }
        }
    }

    /// Whether the file `path`, below the folder part `dir`, is listed in `parts:` other
    /// than through `dir`: by a path to a folder between them (a folder part of its own) or
    /// by a glob that matches it or a folder it is in.
    fn listed_below(&self, dir: &str, path: &str) -> bool {
        self.listing.iter().any(|item| {
            if is_glob(item) {
                globset::GlobBuilder::new(item)
                    .literal_separator(true)
                    .build()
                    .is_ok_and(|g| {
                        let m = g.compile_matcher();
                        let mut at = path;
                        loop {
                            if at.len() <= dir.len() {
                                return false;
                            }
                            if m.is_match(at) {
                                return true;
                            }
                            at = match at.rfind('/') {
                                Some(i) => &at[..i],
                                None => return false,
                            };
                        }
                    })
            } else {
                item.len() > dir.len()
                    && path.len() > item.len()
                    && path.starts_with(item.as_str())
                    && path.as_bytes()[item.len()] == b'/'
            }
        })
    }

    /// Where EDX0811 points for a file of a folder part that is not read: its first line
    /// with text (its start when it is empty), the file being kept among the sources for
    /// the excerpt, so that an editor or a CI annotation opens the file to rename, not the
    /// root. `None` when it cannot be read as text or holds only blank lines; the warning
    /// then points at the folder's listing.
    fn stray_at(&self, path: &str, name: &str, sources: &mut SourceMap) -> Option<Span> {
        let text = String::from_utf8(self.files.read(path).ok()?).ok()?;
        let (mut offset, mut line, mut len) = (0, 1, 0);
        for (i, l) in text.split_inclusive('\n').enumerate() {
            let body = l.trim_end_matches(['\n', '\r']);
            if !body.trim().is_empty() {
                (line, len) = (i + 1, body.len());
                break;
            }
            offset += l.len();
        }
        if len == 0 {
            // Blank lines only: an excerpt of nothing at a line's end reads as a range
            // over the lines after it.
            if !text.is_empty() {
                return None;
            }
            offset = 0;
        }
        let base = sources.push_owned(name.to_string(), text);
        Some(Span {
            offset: base + offset,
            len,
            line,
            column: 1,
        })
    }

    /// A folder of one file per code: `<CODE>.yaml` each (an entry with its `name`),
    /// `<CODE>.md` its explanation, `_part.yaml` the part's header and namespaces.
    fn folder(
        &self,
        dir: &str,
        listed: Span,
        sources: &mut SourceMap,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Part<usize>> {
        let mut files: Vec<String> = match self.files.list(dir) {
            Ok(files) => {
                let (files, nested): (Vec<String>, Vec<String>) = files
                    .into_iter()
                    .partition(|p| !p[dir.len() + 1..].contains('/'));
                // A `.yaml` in a subfolder (`sub/A-006.yaml`, or inside a folder named
                // like a code) is a code someone meant to add: said, not left out. So is an
                // explanation named like a code (`old/A-004.md`, a digit in its name: not a
                // guide) without a `.yaml` beside it, which is said already.
                let code_md = |p: &str| {
                    p.strip_suffix(".md").is_some_and(|stem| {
                        let name = stem.rsplit('/').next().unwrap_or(stem);
                        name.bytes().any(|b| b.is_ascii_digit())
                            && !nested.iter().any(|q| q.strip_suffix(".yaml") == Some(stem))
                    })
                };
                let mut nested: Vec<String> = nested
                    .iter()
                    .filter(|p| (p.ends_with(".yaml") || code_md(p)) && !self.listed_below(dir, p))
                    .cloned()
                    .collect();
                nested.sort();
                for path in nested {
                    let name = format!("{}{path}", self.prefix);
                    let at = self.stray_at(&path, &name, sources);
                    diags.push(
                        Diagnostic::new(
                            DiagCode::FolderFileUnread,
                            Some(at.unwrap_or(listed)),
                            &[
                                ("file", &name),
                                (
                                    "reason",
                                    "a folder part reads the files directly in it, not those in its subfolders",
                                ),
                            ],
                        )
                        .with_label(if at.is_some() {
                            "this file is not read"
                        } else {
                            "in this folder"
                        })
                        .with_help(match path.strip_suffix(".md") {
                            Some(stem) => format!(
                                "move it into `{dir}/`, beside its entry `{}.yaml`",
                                stem.rsplit('/').next().unwrap_or(stem)
                            ),
                            None => format!(
                                "move it into `{dir}/`, or list its folder as a part of its own"
                            ),
                        }),
                    );
                }
                files
            }
            Err(e) => {
                diags.push(Diagnostic::new(
                    DiagCode::PartNotFound,
                    Some(listed),
                    &[("part", dir), ("reason", &io_reason(&e))],
                ));
                return None;
            }
        };
        // In the order of the codes the names are: numbers compared as numbers, so that
        // SQLite's `5.yaml` comes before `261.yaml` and `1034.yaml` (a plain sort put `1034`
        // first, and the catalogue's order is that of every output); names that compare
        // equal so (`05`, `5`) by their bytes, so the order never depends on the listing.
        files.sort_by(|a, b| alphanumeric_sort::compare_str(a, b).then_with(|| a.cmp(b)));
        let stem = |p: &str, ext: &str| -> Option<String> {
            p[dir.len() + 1..].strip_suffix(ext).map(str::to_string)
        };
        let mut header = None;
        let mut entries = Vec::new();
        for path in &files {
            if let Some(reason) = unread(path, &files) {
                let name = format!("{}{path}", self.prefix);
                let at = self.stray_at(path, &name, sources);
                diags.push(
                    Diagnostic::new(
                        DiagCode::FolderFileUnread,
                        Some(at.unwrap_or(listed)),
                        &[("file", &name), ("reason", reason)],
                    )
                    .with_label(if at.is_some() {
                        "this file is not read"
                    } else {
                        "in this folder"
                    })
                    .with_help(
                        "name an entry `<CODE>.yaml`, and its explanation `<CODE>.md` beside it",
                    ),
                );
            }
            let Some(code) = stem(path, ".yaml") else {
                continue;
            };
            let Some(node) = self.file(path, listed, sources, diags) else {
                continue;
            };
            if code.starts_with('_') {
                header = Some(node);
                continue;
            }
            let md = format!("{dir}/{code}.md");
            let explanation = if files.contains(&md) {
                self.text(&md, listed, sources, diags).map(|text| {
                    // Lines end as in the YAML, whose parser reads `\r\n` as `\n`: a
                    // checkout with Windows line endings (`core.autocrlf`) generates the
                    // same bytes.
                    let text = if text.contains('\r') {
                        text.replace("\r\n", "\n")
                    } else {
                        text
                    };
                    let name = format!("{}{md}", self.prefix);
                    let base = sources.push(&name, &text);
                    // Markdown parses whatever a merge left in it: the markers would be
                    // published in every output.
                    if let Some(at) = super::tree::conflict_marker(&text) {
                        let line = text[..at].matches('\n').count() + 1;
                        diags.push(super::tree::conflict(Span {
                            offset: base + at,
                            len: 7,
                            line,
                            column: 1,
                        }));
                    }
                    let span = Span {
                        offset: base,
                        len: text.len(),
                        line: 1,
                        column: 1,
                    };
                    (text, span, md.clone())
                })
            } else {
                None
            };
            entries.push(PartEntry {
                code,
                node,
                explanation,
            });
        }
        Some(Part {
            listed,
            path: format!("{dir}/"),
            source: PartSource::Folder { header, entries },
        })
    }
}

/// Why the file `path` of a folder part (whose files are `files`) is not read though it
/// looks like a code's (EDX0811): a `.yml` (or `.YAML`) file, or an explanation with no entry
/// beside it. Other files, a `README.md` among them, are the folder's own business.
fn unread(path: &str, files: &[String]) -> Option<&'static str> {
    let name = path.rsplit('/').next().unwrap_or(path);
    let (stem, ext) = name.rsplit_once('.')?;
    if stem.is_empty() || stem.starts_with('.') {
        return None;
    }
    if ext.eq_ignore_ascii_case("yml") || (ext != "yaml" && ext.eq_ignore_ascii_case("yaml")) {
        return Some("the entries of a folder part are `<CODE>.yaml` files");
    }
    let dir = &path[..path.len() - name.len()];
    if ext == "md"
        && !stem.eq_ignore_ascii_case("readme")
        && !stem.starts_with('_')
        && !files
            .iter()
            .any(|f| f.strip_prefix(dir).and_then(|n| n.strip_suffix(".yaml")) == Some(stem))
    {
        return Some("an explanation `<CODE>.md` needs its entry `<CODE>.yaml` beside it");
    }
    None
}

/// What a glob of `parts` matches.
struct Globbed {
    /// Its part files and folder parts, sorted (`true`: a folder part).
    paths: Vec<(String, bool)>,
    /// A file it matches that is not YAML, and so not read (the first, sorted).
    not_yaml: Option<String>,
    /// Whether it matches the root catalogue's own file (never a part of itself).
    root: bool,
}

/// Why a listed path is outside the root's folder, if it is: an absolute path, or a glob
/// that goes up with `..` (a plain path is resolved first, [`lexical`]).
fn outside(path: &str) -> Option<&'static str> {
    let p = Path::new(path);
    if p.is_absolute() || path.starts_with('/') || path.starts_with('\\') {
        return Some("it is an absolute path");
    }
    if is_glob(path) && p.components().any(|c| matches!(c, Component::ParentDir)) {
        return Some("it goes up with `..`");
    }
    None
}

/// A relative `path` with its `.` and `..` resolved (`/`-separated); `None` when it climbs
/// above the folder it is relative to.
fn lexical(path: &str) -> Option<String> {
    let mut out: Vec<&str> = Vec::new();
    for c in path.split(['/', '\\']) {
        match c {
            "" | "." => {}
            ".." => {
                out.pop()?;
            }
            c => out.push(c),
        }
    }
    Some(out.join("/"))
}

fn is_glob(s: &str) -> bool {
    s.contains(['*', '?', '[', '{'])
}

fn io_reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file or folder".into(),
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}

/// Moves every span of a file's tree to the file's base.
fn shift(node: &mut Node, base: usize) {
    node.span.offset += base;
    match &mut node.kind {
        Kind::Seq(items) => items.iter_mut().for_each(|n| shift(n, base)),
        Kind::Map(pairs) => pairs.iter_mut().for_each(|(k, v)| {
            shift(k, base);
            shift(v, base);
        }),
        _ => {}
    }
}

/// Parses one file's text and moves its tree, or its diagnostics, to its base.
fn parse_at(
    text: &str,
    base: usize,
    limits: &Limits,
    cache: Option<&Cache>,
) -> Result<Node, Vec<Diagnostic>> {
    let parsed = match cache {
        #[cfg(feature = "cache")]
        Some(cache) => cache.parse(text, limits),
        #[cfg(not(feature = "cache"))]
        Some(never) => match *never {},
        None => tree::parse(text, limits),
    };
    match parsed {
        Ok(mut node) => {
            shift(&mut node, base);
            Ok(node)
        }
        Err(found) => Err(found
            .into_iter()
            .map(|mut d| {
                d.span = Some(d.span.map_or(
                    Span {
                        offset: base,
                        len: 0,
                        line: 1,
                        column: 1,
                    },
                    |s| Span {
                        offset: s.offset + base,
                        ..s
                    },
                ));
                // Notes point into the same file.
                for (at, _) in &mut d.notes {
                    at.offset += base;
                }
                // A part holds no `errdex:` key: the root's advice would be refused.
                if d.code == DiagCode::EmptyCatalogue {
                    d.help = Some(
                        "a part file holds `errors:` (write `errors: {}` while it has no codes), a folder part's `<CODE>.yaml` one entry with its `name:`; or remove the file".into(),
                    );
                }
                d
            })
            .collect()),
    }
}
