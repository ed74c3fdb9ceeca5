//! YAML text → located generic tree.
//!
//! A text that needs nothing of serde-saphyr's deserializer (no anchor, tag or merge key,
//! no scalar whose type is in doubt) is built straight from granit-parser's events, with
//! the tree and spans serde-saphyr would give (`events.rs`, which says what it takes).
//! Otherwise, and for every error, serde-saphyr parses the text; every node is read as a
//! `Spanned<RawNode>` through a
//! visitor that accepts any YAML value, so the whole document (duplicate keys included,
//! thanks to `DuplicateKeyPolicy::PassThrough`) arrives as a tree whose every node knows its
//! line, column and byte range. The validator then extracts the typed model from this tree
//! itself, collecting every problem instead of stopping at the first (a serde derive would).
//!
//! Safety limits (size, depth, node count, alias expansion) are enforced here, before any
//! large allocation, each with its own diagnostic code.

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;

use crate::diag::{DiagCode, Diagnostic, Span};

mod chunk;
mod events;

/// Limits a catalogue must stay within (all refused with located diagnostics).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Bytes of YAML text.
    pub max_bytes: usize,
    /// Nesting depth of collections.
    pub max_depth: usize,
    /// YAML nodes (scalars and collections, after alias expansion).
    pub max_nodes: usize,
    /// Alias (`*ref`) uses.
    pub max_aliases: usize,
    /// Events replayed by alias expansion (a "billion laughs" guard).
    pub max_alias_replay: usize,
    /// Live codes in `errors:`.
    pub max_codes: usize,
    /// Bytes in one text field (summary, message, explanation, ...).
    pub max_text: usize,
    /// Threads loading may use for a large catalogue (its parse and each entry's checks);
    /// 0 = one per core. Not a limit on the catalogue: the tree, the IR and the diagnostics
    /// are the same for every value.
    pub threads: usize,
}

impl Limits {
    /// The threads loading may use ([`Limits::threads`], 0 = one per core).
    pub(crate) fn threads(&self) -> usize {
        if self.threads == 0 {
            crate::par::threads()
        } else {
            self.threads
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_bytes: 16 * 1024 * 1024,
            max_depth: 32,
            max_nodes: 2_000_000,
            max_aliases: 10_000,
            max_alias_replay: 100_000,
            max_codes: 50_000,
            max_text: 64 * 1024,
            threads: 0,
        }
    }
}

/// A located YAML node. With the `cache` feature it is (de)serializable: the parse cache
/// ([`super::cache`]) keeps parts' trees.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "cache", derive(serde::Serialize, serde::Deserialize))]
pub struct Node {
    pub kind: Kind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "cache", derive(serde::Serialize, serde::Deserialize))]
pub enum Kind {
    Null,
    Bool(bool),
    Int(i128),
    Float(f64),
    Str(String),
    Seq(Vec<Node>),
    /// Entries in document order, duplicates kept (the validator reports them).
    Map(Vec<(Node, Node)>),
}

impl Kind {
    /// How a value of this kind is described in messages ("a string", "an integer").
    pub fn describe(&self) -> String {
        match self {
            Kind::Null => "nothing (null)".into(),
            Kind::Bool(b) => format!("the boolean `{b}`"),
            Kind::Int(i) => format!("the integer `{i}`"),
            Kind::Float(f) => format!("the number `{f}`"),
            Kind::Str(s) => {
                let mut short: String = s.chars().take(40).collect();
                if short.len() < s.len() {
                    short.push('…');
                }
                format!("the string {short:?}")
            }
            Kind::Seq(_) => "a list".into(),
            Kind::Map(_) => "a mapping".into(),
        }
    }
}

impl Node {
    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            Kind::Str(s) => Some(s),
            _ => None,
        }
    }
}

thread_local! {
    /// Set on the threads of a chunked parse: once any piece has failed, the others stop at
    /// their next collection instead of parsing text whose tree will be thrown away.
    static GIVE_UP: std::cell::RefCell<Option<std::sync::Arc<std::sync::atomic::AtomicBool>>> =
        const { std::cell::RefCell::new(None) };
}

fn given_up() -> bool {
    GIVE_UP.with(|g| {
        g.borrow()
            .as_ref()
            .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed))
    })
}

/// What serde-saphyr hands us: any YAML value, children spanned.
#[derive(Debug)]
enum RawNode {
    Null,
    Bool(bool),
    Int(i128),
    Float(f64),
    Str(String),
    Seq(Vec<Spanned<RawNode>>),
    Map(Vec<(Spanned<RawNode>, Spanned<RawNode>)>),
}

impl<'de> Deserialize<'de> for RawNode {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawNode;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("any YAML value")
            }
            fn visit_unit<E>(self) -> Result<RawNode, E> {
                Ok(RawNode::Null)
            }
            fn visit_none<E>(self) -> Result<RawNode, E> {
                Ok(RawNode::Null)
            }
            fn visit_some<D2: Deserializer<'de>>(self, d: D2) -> Result<RawNode, D2::Error> {
                RawNode::deserialize(d)
            }
            fn visit_bool<E>(self, v: bool) -> Result<RawNode, E> {
                Ok(RawNode::Bool(v))
            }
            fn visit_i64<E>(self, v: i64) -> Result<RawNode, E> {
                Ok(RawNode::Int(v.into()))
            }
            fn visit_u64<E>(self, v: u64) -> Result<RawNode, E> {
                Ok(RawNode::Int(v.into()))
            }
            fn visit_i128<E>(self, v: i128) -> Result<RawNode, E> {
                Ok(RawNode::Int(v))
            }
            fn visit_u128<E: de::Error>(self, v: u128) -> Result<RawNode, E> {
                i128::try_from(v)
                    .map(RawNode::Int)
                    .map_err(|_| E::custom("integer too large"))
            }
            fn visit_f64<E>(self, v: f64) -> Result<RawNode, E> {
                Ok(RawNode::Float(v))
            }
            fn visit_str<E>(self, v: &str) -> Result<RawNode, E> {
                Ok(RawNode::Str(v.to_string()))
            }
            fn visit_string<E>(self, v: String) -> Result<RawNode, E> {
                Ok(RawNode::Str(v))
            }
            fn visit_bytes<E>(self, v: &[u8]) -> Result<RawNode, E> {
                Ok(RawNode::Str(String::from_utf8_lossy(v).into_owned()))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<RawNode, A::Error> {
                if given_up() {
                    return Err(de::Error::custom("another piece failed"));
                }
                let mut v = Vec::new();
                while let Some(x) = s.next_element()? {
                    v.push(x);
                }
                Ok(RawNode::Seq(v))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<RawNode, A::Error> {
                if given_up() {
                    return Err(de::Error::custom("another piece failed"));
                }
                let mut v = Vec::new();
                while let Some(k) = m.next_key::<Spanned<RawNode>>()? {
                    let val = m.next_value::<Spanned<RawNode>>()?;
                    v.push((k, val));
                }
                Ok(RawNode::Map(v))
            }
        }
        d.deserialize_any(V)
    }
}

/// Maps serde-saphyr locations to byte spans. Columns are 1-based characters.
struct Locator<'a> {
    src: &'a str,
    line_starts: Vec<usize>,
}

impl<'a> Locator<'a> {
    fn new(src: &'a str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(src.match_indices('\n').map(|(i, _)| i + 1));
        Locator { src, line_starts }
    }

    /// Byte offset of a 1-based (line, character column).
    fn offset(&self, line: usize, column: usize) -> usize {
        let Some(&start) = self.line_starts.get(line.saturating_sub(1)) else {
            return self.src.len();
        };
        let rest = &self.src[start..];
        rest.char_indices()
            .nth(column.saturating_sub(1))
            .map_or(self.src.len(), |(i, _)| start + i)
    }

    /// 1-based (line, character column) of a byte offset.
    fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.src.len());
        let line = self.line_starts.partition_point(|&s| s <= offset).max(1);
        let start = self.line_starts[line - 1];
        let col = self
            .src
            .get(start..offset)
            .map_or(1, |s| s.chars().count() + 1);
        (line, col)
    }

    fn span(&self, loc: &serde_saphyr::Location, is_scalar: bool, shift: Shift) -> Span {
        let s = loc.span();
        self.span_at(
            usize::try_from(loc.line()).unwrap_or(0),
            usize::try_from(loc.column()).unwrap_or(0),
            s.byte_offset().and_then(|o| usize::try_from(o).ok()),
            s.byte_len().and_then(|l| usize::try_from(l).ok()),
            is_scalar,
            shift,
        )
    }

    /// The span of a node at 1-based `line` and character `column`, `byte_len` bytes from
    /// `byte_offset` in the text parsed (before `shift`), as serde-saphyr's and
    /// granit-parser's locations give them.
    fn span_at(
        &self,
        line: usize,
        column: usize,
        byte_offset: Option<usize>,
        byte_len: Option<usize>,
        is_scalar: bool,
        shift: Shift,
    ) -> Span {
        if line == 0 {
            return Span::default();
        }
        let (line, offset) = shift.apply(line, byte_offset);
        let offset = offset
            .filter(|&o| o <= self.src.len())
            .unwrap_or_else(|| self.offset(line, column));
        let mut len = byte_len.unwrap_or(0);
        if !is_scalar || len == 0 {
            // Collections: underline the rest of the first line, trimmed.
            let line_end = self.src[offset..]
                .find('\n')
                .map_or(self.src.len(), |i| offset + i);
            len = self.src[offset..line_end].trim_end().len().max(1);
        }
        len = len.min(self.src.len().saturating_sub(offset));
        Span {
            offset,
            len,
            line,
            column,
        }
    }
}

/// Where a piece of the text parsed on its own sits in the whole: lines after `from_line` of
/// the piece are `lines` lines and `bytes` bytes further on in the file. The identity for the
/// whole text.
#[derive(Debug, Clone, Copy, Default)]
struct Shift {
    from_line: usize,
    lines: usize,
    bytes: usize,
}

impl Shift {
    fn apply(self, line: usize, offset: Option<usize>) -> (usize, Option<usize>) {
        if line > self.from_line {
            (line + self.lines, offset.map(|o| o + self.bytes))
        } else {
            (line, offset)
        }
    }
}

/// What [`convert`] needs besides the node: where spans point, and how deep the node is.
struct Conv<'a> {
    loc: &'a Locator<'a>,
    shift: Shift,
    limits: &'a Limits,
    /// Set when a node came through an alias (`*name`): its use site differs from its
    /// definition. The chunked parse gives up on such documents (see `chunk`).
    aliased: bool,
}

fn convert(raw: Spanned<RawNode>, cx: &mut Conv, depth: usize) -> Node {
    let is_scalar = !matches!(raw.value, RawNode::Seq(_) | RawNode::Map(_));
    if raw.referenced != raw.defined {
        cx.aliased = true;
    }
    let span = cx.loc.span(&raw.referenced, is_scalar, cx.shift);
    let kind = match raw.value {
        RawNode::Null => Kind::Null,
        RawNode::Bool(b) => Kind::Bool(b),
        RawNode::Int(i) => Kind::Int(i),
        RawNode::Float(f) => Kind::Float(f),
        RawNode::Str(s) => Kind::Str(s),
        RawNode::Seq(v) if depth < cx.limits.max_depth => {
            Kind::Seq(v.into_iter().map(|n| convert(n, cx, depth + 1)).collect())
        }
        RawNode::Map(v) if depth < cx.limits.max_depth => Kind::Map(
            v.into_iter()
                .map(|(k, n)| (convert(k, cx, depth + 1), convert(n, cx, depth + 1)))
                .collect(),
        ),
        RawNode::Seq(_) | RawNode::Map(_) => Kind::Null,
    };
    Node { kind, span }
}

/// serde-saphyr's options for a catalogue. `share` divides the budgets that add up over a
/// document (nodes, events, anchors, merge keys) for one of `share` pieces parsed apart;
/// `depth` is how deep the piece's root sits in the document.
fn options(limits: &Limits, share: usize, depth: usize) -> serde_saphyr::Options {
    let part = |n: usize| n.div_ceil(share.max(1));
    let mut opts = serde_saphyr::Options::default();
    opts.duplicate_keys = serde_saphyr::DuplicateKeyPolicy::PassThrough;
    opts.with_snippet = false;
    // The tree keeps no comments: serde-saphyr is built without its `comments` feature
    // (the workspace's Cargo.toml), so its scanner skips them instead of keeping each as a
    // token.
    // The YAML 1.2 core schema, which editors (yaml-language-server) apply too: `yes`, `on`,
    // `no` are strings and `1_000` is a string, so the CLI and the editor schema agree.
    opts.strict_booleans = true;
    opts.underscored_numbers_as_strings = true;
    let mut budget = serde_saphyr::Budget::default();
    budget.max_depth = (limits.max_depth + 1).saturating_sub(depth);
    budget.flow_nesting_limit = limits.max_depth + 1;
    budget.max_nodes = part(limits.max_nodes);
    budget.max_events = part(limits.max_nodes.saturating_mul(2));
    budget.max_aliases = limits.max_aliases;
    budget.max_anchors = part(budget.max_anchors);
    budget.max_recorded_anchor_events = part(budget.max_recorded_anchor_events);
    budget.max_recorded_anchor_bytes = part(budget.max_recorded_anchor_bytes);
    budget.max_merge_keys = part(budget.max_merge_keys);
    opts.budget = Some(budget);
    opts.alias_limits.max_total_replayed_events = limits.max_alias_replay;
    opts.alias_limits.max_replay_stack_depth = limits.max_depth;
    opts
}

/// Parses YAML text into a located tree, or the diagnostics that stop it.
pub fn parse(src: &str, limits: &Limits) -> Result<Node, Vec<Diagnostic>> {
    if src.len() > limits.max_bytes {
        return Err(vec![too_large(src.len() as u64, limits)]);
    }
    if !has_document(src) {
        return Err(vec![
            Diagnostic::new(DiagCode::EmptyCatalogue, None, &[])
                .with_help("start from `errdex init`, or add at least `errdex: 1`"),
        ]);
    }
    let loc = Locator::new(src);
    let pieces = chunk::pieces(src.len(), limits.threads());
    if pieces >= 2
        && let Some(node) = chunk::parse(&loc, limits, pieces)
    {
        return Ok(node);
    }
    parse_whole(&loc, limits)
}

/// [`parse`] in one piece, whatever the size (for tests of the chunked parse).
#[doc(hidden)]
pub fn parse_serial(src: &str, limits: &Limits) -> Result<Node, Vec<Diagnostic>> {
    parse_whole(&Locator::new(src), limits)
}

/// The chunked parse with `pieces` pieces, or `None` where [`parse`] would fall back to one
/// piece (for tests: whenever this is `Some`, it must equal [`parse_serial`]).
#[doc(hidden)]
pub fn parse_chunked(src: &str, limits: &Limits, pieces: usize) -> Option<Node> {
    chunk::parse(&Locator::new(src), limits, pieces)
}

/// The whole text by serde-saphyr alone, without the events' fast path (for tests: wherever
/// [`parse_events`] gives a tree, it must equal this one).
#[doc(hidden)]
pub fn parse_serde(src: &str, limits: &Limits) -> Result<Node, Vec<Diagnostic>> {
    parse_serde_whole(&Locator::new(src), limits)
}

/// The whole text by the events' fast path alone (`tree/events.rs`), `None` where it leaves
/// the text to serde-saphyr (for tests).
#[doc(hidden)]
pub fn parse_events(src: &str, limits: &Limits) -> Option<Node> {
    events::parse(src, &Locator::new(src), limits, Shift::default(), 1, 0)
}

/// The whole text in one piece: from the events when it is in their subset, else by
/// serde-saphyr.
fn parse_whole(loc: &Locator, limits: &Limits) -> Result<Node, Vec<Diagnostic>> {
    match events::parse(loc.src, loc, limits, Shift::default(), 1, 0) {
        Some(node) => Ok(node),
        None => parse_serde_whole(loc, limits),
    }
}

fn parse_serde_whole(loc: &Locator, limits: &Limits) -> Result<Node, Vec<Diagnostic>> {
    let src = loc.src;
    match serde_saphyr::from_str_with_options::<Spanned<RawNode>>(src, options(limits, 1, 0)) {
        Ok(raw) => {
            let mut cx = Conv {
                loc,
                shift: Shift::default(),
                limits,
                aliased: false,
            };
            let node = convert(raw, &mut cx, 0);
            if matches!(node.kind, Kind::Null) && node.span == Span::default() {
                return Err(vec![Diagnostic::new(
                    DiagCode::EmptyCatalogue,
                    Some(START),
                    &[],
                )]);
            }
            Ok(node)
        }
        Err(e) => Err(vec![yaml_error(&e, loc, limits)]),
    }
}

/// Drops a tree, the largest mapping's entries (a big catalogue's `errors:`) split across
/// `threads` threads: freeing a 10,000-entry tree takes about a tenth of its parse.
///
/// A tree that is not split (too small for `threads`, or one thread asked for) is handed to
/// the pool and freed while the emitters run (at 266 codes, 1.9 million instructions the
/// calling thread no longer spends between the checks and the first emitter). A split one is
/// freed here, before the emitters: at 50,000 codes its memory would otherwise add to the
/// emitters' peak.
pub fn drop_tree(mut root: Node, threads: usize) {
    const MIN_PER_THREAD: usize = 1024;
    let Kind::Map(top) = &mut root.kind else {
        return;
    };
    let Some(big) = top
        .iter_mut()
        .filter_map(|(_, v)| match &mut v.kind {
            Kind::Map(m) => Some(m),
            _ => None,
        })
        .max_by_key(|m| m.len())
    else {
        return;
    };
    let threads = threads.min(big.len() / MIN_PER_THREAD);
    if threads < 2 {
        crate::par::detach(move || drop(root));
        return;
    }
    let per = big.len().div_ceil(threads);
    let mut parts: Vec<Vec<(Node, Node)>> = Vec::with_capacity(threads);
    while big.len() > per {
        parts.push(big.split_off(big.len() - per));
    }
    std::thread::scope(|s| {
        for part in parts {
            // No thread to be had: the part is dropped here instead.
            let _ = std::thread::Builder::new().spawn_scoped(s, move || drop(part));
        }
        drop(root);
    });
}

/// The start of the file: where whole-file diagnostics point.
pub const START: Span = Span {
    offset: 0,
    len: 0,
    line: 1,
    column: 1,
};

/// EDX0004, raised before anything is parsed.
pub fn too_large(size: u64, limits: &Limits) -> Diagnostic {
    Diagnostic::new(
        DiagCode::CatalogueTooLarge,
        Some(START),
        &[
            ("size", &size.to_string()),
            ("limit", &limits.max_bytes.to_string()),
        ],
    )
    .with_help("split the catalogue; errdex refuses it before parsing")
}

/// `true` when the text holds anything besides blank lines, comments and document markers.
fn has_document(src: &str) -> bool {
    src.lines().any(|l| {
        let t = l.trim();
        !(t.is_empty() || t.starts_with('#') || t == "---" || t == "..." || t.starts_with('%'))
    })
}

fn yaml_error(e: &serde_saphyr::Error, loc: &Locator, limits: &Limits) -> Diagnostic {
    let span = e.location().and_then(|l| {
        let line = usize::try_from(l.line()).ok()?;
        let column = usize::try_from(l.column()).ok()?;
        if line == 0 {
            return None;
        }
        let offset = loc.offset(line, column);
        let (line, column) = loc.line_col(offset);
        let len = loc.src[offset..].chars().next().map_or(0, char::len_utf8);
        Some(Span {
            offset,
            len,
            line,
            column,
        })
    });
    let text = plain_message(e);
    let lower = text.to_lowercase();
    // "while scanning a plain scalar, found a tab": the parser points at the scalar's start,
    // lines above the tab that stopped it; the tab is the first one from there.
    let span = match span {
        Some(at) if lower.contains("found a tab") => loc.src[at.offset..]
            .find('\t')
            .map(|i| {
                let offset = at.offset + i;
                let (line, column) = loc.line_col(offset);
                Span {
                    offset,
                    len: 1,
                    line,
                    column,
                }
            })
            .or(span),
        // "tabs disallowed within this context": the parser points after the tabs; the
        // first tab of the run is what to replace.
        Some(at) if lower.contains("tab") && loc.src[..at.offset].ends_with('\t') => {
            let offset = loc.src[..at.offset].trim_end_matches('\t').len();
            let (line, column) = loc.line_col(offset);
            Some(Span {
                offset,
                len: 1,
                line,
                column,
            })
        }
        other => other,
    };
    let (code, args): (DiagCode, Vec<(&'static str, String)>) =
        if lower.contains("depth") || lower.contains("nesting") || lower.contains("recursion") {
            (
                DiagCode::NestingTooDeep,
                vec![("limit", limits.max_depth.to_string())],
            )
        } else if lower.contains("budget")
            || lower.contains("alias")
            || lower.contains("limit")
            || lower.contains("exceeded")
        {
            (
                DiagCode::YamlBudgetExceeded,
                vec![("problem", text.clone())],
            )
        } else if lower.contains("multiple yaml documents") {
            (
                DiagCode::YamlSyntax,
                vec![(
                    "problem",
                    "a catalogue is one YAML document, but a second one starts here".to_string(),
                )],
            )
        } else if lower.contains("utf-8") || lower.contains("utf8") {
            (DiagCode::NotUtf8, vec![("offset", "?".into())])
        } else {
            (DiagCode::YamlSyntax, vec![("problem", text.clone())])
        };
    // A merge left unresolved (two branches that each added a code with `errdex new`):
    // said as such, at the first marker, instead of the parser's complaint somewhere after it.
    if code == DiagCode::YamlSyntax
        && let Some(offset) = conflict_marker(loc.src)
    {
        let (line, column) = loc.line_col(offset);
        return conflict(Span {
            offset,
            len: 7,
            line,
            column,
        });
    }
    let args: Vec<(&'static str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut d = Diagnostic::new(code, span, &args);
    if code == DiagCode::YamlSyntax && loc.src.contains('\t') && lower.contains("tab") {
        d = d.with_help("YAML indentation must use spaces, not tabs");
    }
    // A quote left open: the parser stops lines below, where the string ran into the next
    // key; the quote that opened it is what to fix.
    if code == DiagCode::YamlSyntax
        && lower.contains("quoted scalar")
        && let Some(at) = span
        && let Some(open) = open_quote_before(loc.src, at.offset)
    {
        let (line, column) = loc.line_col(open);
        let quote = &loc.src[open..=open];
        d = d
            .with_note(
                Some(Span {
                    offset: open,
                    len: 1,
                    line,
                    column,
                }),
                "the string opened here is not closed",
            )
            .with_help(format!("close the string with `{quote}` where it ends"));
    }
    d
}

/// The offset of the quote that opened a quoted scalar still open at `end`: the text read
/// from the start as YAML reads quotes (a `"` or `'` opens a string only where a value
/// starts; `\\` escapes in `"…"`, `''` in `'…'`; `#` after a space outside one starts a
/// comment).
fn open_quote_before(src: &str, end: usize) -> Option<usize> {
    let bytes = src.as_bytes();
    let end = end.min(bytes.len());
    let mut open: Option<(usize, u8)> = None;
    let mut i = 0;
    while i < end {
        let b = bytes[i];
        match open {
            Some((_, b'"')) if b == b'\\' => i += 1,
            Some((_, b'\'')) if b == b'\'' && bytes.get(i + 1) == Some(&b'\'') => i += 1,
            Some((_, q)) if b == q => open = None,
            Some(_) => {}
            None if b == b'#' && (i == 0 || bytes[i - 1].is_ascii_whitespace()) => {
                while i < end && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            None if b == b'"' || b == b'\'' => {
                let before = bytes[..i]
                    .iter()
                    .rev()
                    .find(|c| **c != b' ' && **c != b'\t')
                    .copied();
                if matches!(
                    before,
                    None | Some(b'\n' | b':' | b'-' | b'[' | b'{' | b',' | b'?')
                ) {
                    open = Some((i, b));
                }
            }
            None => {}
        }
        i += 1;
    }
    open.map(|(at, _)| at)
}

/// EDX0009 for a file left with a merge's conflict markers, at the first one (`at`, the
/// 7 characters of `<<<<<<<`).
pub(super) fn conflict(at: Span) -> Diagnostic {
    Diagnostic::new(DiagCode::MergeConflict, Some(at), &[])
        .with_label("conflict starts here")
    .with_help("resolve the merge: keep what each side meant (two new codes need two codes: give one of them the next free code, `errdex new` finds it), and remove the `<<<<<<<`, `=======` and `>>>>>>>` lines")
}

/// The offset of the first line that opens a git conflict (`<<<<<<< ` at its start), when
/// a `=======` line and a `>>>>>>>` line follow it.
pub(super) fn conflict_marker(src: &str) -> Option<usize> {
    let mut offset = 0;
    let mut open = None;
    let mut middle = false;
    for line in src.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        if open.is_none() && (body == "<<<<<<<" || body.starts_with("<<<<<<< ")) {
            open = Some(offset);
        } else if open.is_some() && body == "=======" {
            middle = true;
        } else if middle && (body == ">>>>>>>" || body.starts_with(">>>>>>> ")) {
            return open;
        }
        offset += line.len();
    }
    None
}

/// serde-saphyr's message without its own location suffix.
fn plain_message(e: &serde_saphyr::Error) -> String {
    let s = e.to_string();
    let first = s.lines().next().unwrap_or("").trim();
    let cut = first
        .find(" at line ")
        .map_or(first, |i| &first[..i])
        .trim_end_matches(':')
        .trim();
    if cut.is_empty() {
        "malformed YAML".into()
    } else {
        cut.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_ok(s: &str) -> Node {
        parse(s, &Limits::default()).unwrap_or_else(|d| panic!("{d:?}"))
    }

    #[test]
    fn spans_point_at_nodes() {
        let src = "a: 1\nb:\n  c: \"x y\"\n  c: z\n";
        let n = parse_ok(src);
        let Kind::Map(top) = &n.kind else { panic!() };
        let (_, b) = &top[1];
        let Kind::Map(inner) = &b.kind else { panic!() };
        assert_eq!(inner.len(), 2, "duplicates are kept");
        let (k, v) = &inner[0];
        assert_eq!((k.span.line, k.span.column), (3, 3));
        assert_eq!(&src[v.span.offset..v.span.offset + v.span.len], "\"x y\"");
        assert_eq!((inner[1].0.span.line, inner[1].0.span.column), (4, 3));
    }

    #[test]
    fn empty_and_comment_only() {
        for s in ["", "\n\n", "# only a comment\n# another\n", "---\n"] {
            let e = parse(s, &Limits::default()).expect_err("must be rejected");
            assert_eq!(e[0].code, DiagCode::EmptyCatalogue, "{s:?}");
        }
    }

    #[test]
    fn syntax_error_is_located() {
        let e = parse("a: [1, 2\nb: c\n", &Limits::default()).expect_err("must be rejected");
        assert_eq!(e[0].code, DiagCode::YamlSyntax);
        assert!(e[0].span.is_some());
    }

    #[test]
    fn alias_bomb_is_refused() {
        let mut s = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..12 {
            let p = i - 1;
            s.push_str(&format!(
                "a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"
            ));
        }
        let e = parse(&s, &Limits::default()).expect_err("must be rejected");
        assert!(
            matches!(
                e[0].code,
                DiagCode::YamlBudgetExceeded | DiagCode::NestingTooDeep
            ),
            "{e:?}"
        );
    }

    #[test]
    fn deep_nesting_is_refused() {
        let s = format!("a: {}1{}\n", "[".repeat(200), "]".repeat(200));
        let e = parse(&s, &Limits::default()).expect_err("must be rejected");
        assert!(
            matches!(
                e[0].code,
                DiagCode::NestingTooDeep | DiagCode::YamlBudgetExceeded
            ),
            "{e:?}"
        );
    }

    #[test]
    fn too_large_is_refused_before_parsing() {
        let limits = Limits {
            max_bytes: 10,
            ..Limits::default()
        };
        let e = parse("errdex: 1\nregistry: {}\n", &limits).expect_err("must be rejected");
        assert_eq!(e[0].code, DiagCode::CatalogueTooLarge);
    }
}
