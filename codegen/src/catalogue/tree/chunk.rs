//! A large catalogue parsed in pieces, one per core.
//!
//! Nearly all of a big catalogue is its `errors:` mapping, and each of its entries starts on
//! a line indented exactly like the first one. Such a line can only be the start of an
//! entry: block scalars, plain and quoted multi-line scalars and flow collections inside an
//! entry are indented deeper, and a line that breaks that rule is a syntax error in the
//! whole text too. So the mapping is cut at entry lines into pieces of similar size, each
//! piece is parsed on its own thread as a document of its own (a mapping indented like the
//! entries; from the events, `events.rs`, or by serde-saphyr, as a whole text is), and the
//! entries are appended, in order, to the `errors:` mapping of the first piece (the text
//! before the first cut). Top-level keys after the mapping are a piece of their own,
//! appended to the top level. Spans are shifted back to the whole file's lines and bytes.
//!
//! The result must be exactly the tree the whole text gives, diagnostics included, so any
//! doubt falls back to parsing the whole text in one piece ([`super::parse_whole`]):
//! - a piece that fails to parse for any reason, budget or syntax (the whole text then
//!   reports the error, with the limits of the whole text);
//! - a document that uses aliases (`*name` may refer to an anchor in another piece, and
//!   serde-saphyr's alias budgets count over the whole document): a piece's alias budget
//!   is zero, so its first alias ends it;
//! - directives (`%YAML`, `%TAG`), a lone CR line break (a break the locator does not count),
//!   a tab in indentation (serde-saphyr accepts or refuses one depending on the context,
//!   which a piece does not share), an `errors:` key that is not a plain block mapping,
//!   anything but top-level keys after it, or no place to cut.
//!
//! Once a piece has failed, the others stop at their next mapping or sequence, so falling
//! back costs little more than the whole parse.
//!
//! Budgets that add up over a document (nodes, events, anchors, merge keys) are divided
//! between the pieces, so pieces that all pass could not exceed them together.
//! `codegen/tests/tree_chunks.rs` compares the two parses on every catalogue in the
//! repository, the bad-input corpus and generated texts with cut-hostile YAML.

use serde_saphyr::Spanned;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{Conv, GIVE_UP, Kind, Limits, Locator, Node, RawNode, Shift, convert, options};

/// No piece is smaller than this: below it a thread costs more than it saves.
const MIN_PIECE_BYTES: usize = 16 * 1024;
/// More pieces than this gain little (the merge and the first piece are serial).
const MAX_PIECES: usize = 8;

/// How many pieces a text of `len` bytes is parsed in with `threads` threads (1 = whole).
pub(super) fn pieces(len: usize, threads: usize) -> usize {
    threads.min(MAX_PIECES).min(len / MIN_PIECE_BYTES).max(1)
}

/// Where to cut: the `errors` key, the line starts the pieces begin at, and the end of the
/// mapping's block (the start of the first line indented less than its entries).
#[derive(Debug)]
struct Plan {
    errors_key: usize,
    cuts: Vec<usize>,
    end: usize,
    /// The entries' indentation.
    entry_indent: usize,
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

fn is_blank(line: &str) -> bool {
    line.trim_matches([' ', '\t', '\r', '\n']).is_empty()
}

/// `errors:` at column 0 with nothing after it but a comment: a block value follows.
fn is_errors_key(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("errors:") else {
        return false;
    };
    let rest = rest.trim_end_matches(['\r', '\n']);
    rest.is_empty()
        || (rest.starts_with([' ', '\t']) && {
            let t = rest.trim_start_matches([' ', '\t']);
            t.is_empty() || t.starts_with('#')
        })
}

/// A line that can start a plain or quoted simple key (no `-`, `?`, `&`, `!`, `*`, flow or
/// block indicators, comments or tabs).
fn starts_key(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'"' | b'\'')
}

fn plan(loc: &Locator, pieces: usize) -> Option<Plan> {
    let src = loc.src;
    let starts = &loc.line_starts;
    let line = |i: usize| &src[starts[i]..starts.get(i + 1).copied().unwrap_or(src.len())];
    // A CR not followed by LF is a line break to YAML but not to the locator.
    if src
        .match_indices('\r')
        .any(|(i, _)| src.as_bytes().get(i + 1) != Some(&b'\n'))
    {
        return None;
    }
    let mut i = 0;
    let errors_line = loop {
        if i >= starts.len() {
            return None;
        }
        let l = line(i);
        if l.starts_with('%') {
            return None;
        }
        if is_errors_key(l) {
            break i;
        }
        i += 1;
    };
    // The first entry fixes the indentation of every entry.
    let mut i = errors_line + 1;
    let (first, entry_indent) = loop {
        if i >= starts.len() {
            return None;
        }
        let l = line(i);
        if !is_blank(l) && !l.trim_start_matches(' ').starts_with('#') {
            let entry_indent = indent(l);
            if entry_indent == 0 || !starts_key(l.as_bytes()[entry_indent]) {
                return None;
            }
            break (starts[i], entry_indent);
        }
        i += 1;
    };
    let mut end = src.len();
    let mut candidates = Vec::new();
    for (j, &start) in starts.iter().enumerate().skip(i + 1) {
        let l = line(j);
        let n = indent(l);
        // serde-saphyr accepts or refuses a tab in indentation depending on the context,
        // which a piece does not share.
        if l.as_bytes().get(n) == Some(&b'\t') {
            return None;
        }
        if is_blank(l) {
            continue;
        }
        let c = l.as_bytes()[n];
        if c == b'#' {
            continue;
        }
        if n < entry_indent {
            // Only more top-level keys may follow: not a second document, a directive, or
            // a line indented between the two levels.
            if n > 0 || l.starts_with("---") || l.starts_with("...") {
                return None;
            }
            end = start;
            if src[end..]
                .lines()
                .any(|l| l.starts_with("---") || l.starts_with("...") || l.starts_with('%'))
            {
                return None;
            }
            break;
        }
        if n == entry_indent && starts_key(c) {
            candidates.push(start);
        }
    }
    let mut cuts = Vec::with_capacity(pieces - 1);
    for p in 1..pieces {
        let target = first + (end - first) / pieces * p;
        let at = candidates.partition_point(|&c| c < target);
        if let Some(&c) = candidates.get(at)
            && cuts.last().is_none_or(|&last| c > last)
        {
            cuts.push(c);
        }
    }
    if cuts.is_empty() {
        return None;
    }
    Some(Plan {
        errors_key: starts[errors_line],
        cuts,
        end,
        entry_indent,
    })
}

/// Parses one piece (`depth`: how deep its root sits in the document) and converts it with
/// its shift; `None` on any error or alias, and then `give_up` is set so the other pieces
/// stop early.
fn piece(
    text: &str,
    loc: &Locator,
    limits: &Limits,
    shift: Shift,
    share: usize,
    depth: usize,
    give_up: &Arc<AtomicBool>,
) -> Option<Node> {
    GIVE_UP.with(|g| *g.borrow_mut() = Some(Arc::clone(give_up)));
    if let Some(node) = super::events::parse(text, loc, limits, shift, share, depth) {
        GIVE_UP.with(|g| *g.borrow_mut() = None);
        return Some(node);
    }
    let mut opts = options(limits, share, depth);
    if let Some(b) = opts.budget.as_mut() {
        // The first alias ends the piece (see the module notes).
        b.max_aliases = 0;
    }
    let node = serde_saphyr::from_str_with_options::<Spanned<RawNode>>(text, opts)
        .ok()
        .and_then(|raw| {
            let mut cx = Conv {
                loc,
                shift,
                limits,
                aliased: false,
            };
            let node = convert(raw, &mut cx, depth);
            (!cx.aliased).then_some(node)
        });
    GIVE_UP.with(|g| *g.borrow_mut() = None);
    if node.is_none() {
        give_up.store(true, Ordering::Relaxed);
    }
    node
}

/// The tree of the whole text parsed in `pieces` pieces, or `None` to parse it whole.
pub(super) fn parse(loc: &Locator, limits: &Limits, pieces: usize) -> Option<Node> {
    if pieces < 2 {
        return None;
    }
    let src = loc.src;
    let plan = plan(loc, pieces)?;
    let line_of = |offset: usize| loc.line_starts.partition_point(|&s| s < offset);
    // Each piece but the last ends after the indentation of the entry line that follows
    // it: the whole text's scanner reads that indentation before it ends a block scalar,
    // and the scalar's span includes it.
    let mut jobs: Vec<Job> = Vec::with_capacity(plan.cuts.len() + 2);
    jobs.push(Job {
        start: 0,
        end: plan.cuts[0] + plan.entry_indent,
        depth: 0,
    });
    for (i, &a) in plan.cuts.iter().enumerate() {
        let end = plan
            .cuts
            .get(i + 1)
            .map_or(plan.end, |&next| next + plan.entry_indent);
        jobs.push(Job {
            start: a,
            end,
            depth: 1,
        });
    }
    // What follows the mapping: more top-level keys, parsed as a document of their own.
    if plan.end < src.len() {
        jobs.push(Job {
            start: plan.end,
            end: src.len(),
            depth: 0,
        });
    }
    let share = jobs.len();
    let give_up = Arc::new(AtomicBool::new(false));
    let run = |j: &Job| {
        let shift = Shift {
            from_line: 0,
            lines: line_of(j.start),
            bytes: j.start,
        };
        piece(
            &src[j.start..j.end],
            loc,
            limits,
            shift,
            share,
            j.depth,
            &give_up,
        )
    };
    // A piece whose thread panicked is a failed piece: the whole text is parsed instead.
    let mut nodes: Vec<Option<Node>> = crate::par::map(&jobs, run)
        .into_iter()
        .map(|r| r.ok().flatten())
        .collect();
    let tail: Option<Option<Node>> = if plan.end < src.len() {
        nodes.pop()
    } else {
        None
    };
    let mut nodes = nodes.into_iter();
    let mut root = nodes.next()??;
    let Kind::Map(top) = &mut root.kind else {
        return None;
    };
    let (_, errors) = top
        .iter_mut()
        .find(|(k, _)| k.span.offset == plan.errors_key && k.as_str() == Some("errors"))?;
    let Kind::Map(entries) = &mut errors.kind else {
        return None;
    };
    for node in nodes {
        let Kind::Map(more) = node?.kind else {
            return None;
        };
        entries.extend(more);
    }
    if let Some(tail) = tail {
        let Kind::Map(more) = tail?.kind else {
            return None;
        };
        top.extend(more);
    }
    Some(root)
}

/// One piece: a byte range of the text, and how deep its root sits in the document.
struct Job {
    start: usize,
    end: usize,
    depth: usize,
}
