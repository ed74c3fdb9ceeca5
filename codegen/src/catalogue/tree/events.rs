//! The fast path: a located tree built straight from granit-parser's events.
//!
//! serde-saphyr reads a catalogue through granit-parser, then through a deserializer that
//! replays anchors, merges `<<` keys, resolves tags, keeps its budgets and types every
//! scalar. A catalogue uses none of the first three, yet at 266 codes that layer was about
//! 20 million of the run's 138 million instructions (BENCHMARKS.md, thirteenth session).
//! So a text is first read here, from the same parser with the options serde-saphyr gives
//! it, and the tree built directly, with the spans serde-saphyr would give each node.
//!
//! This path takes only what it can build exactly as serde-saphyr does, and gives the text
//! back (`None`) at the first doubt; [`super`] then parses it with serde-saphyr, which
//! reports every error, so a mistake's diagnostic is always serde-saphyr's. What was read
//! up to that doubt is read twice: a text with an anchor near its end costs about two
//! parses (a chunked parse gives up per piece, so only that piece). It gives back:
//! - any syntax error (granit-parser's error, found again by serde-saphyr);
//! - an anchor, an alias, a tag, a directive, a `<<` key, a key that is not a string, a
//!   second document;
//! - a plain scalar whose type it does not settle below (a number other than a decimal
//!   integer, `inf`/`nan`-like words, a leading `+`, `-`, `.` or zero);
//! - a document nested or sized near serde-saphyr's budgets (half of them), so a budget's
//!   error is always serde-saphyr's.
//!
//! Plain scalars are typed as serde-saphyr's deserializer types them with errdex's options
//! (`strict_booleans`, `underscored_numbers_as_strings`): `null`, `Null`, `NULL`, `~` and
//! nothing are null; `true`/`false` in three cases are booleans; text with `_` is a string;
//! a decimal integer is an integer; text that starts with a letter (not `inf`, `nan` or
//! `infinity`), punctuation other than `+ - .`, or a digit and has two dots is a string.
//! Quoted and block scalars are strings. `codegen/tests/tree_events.rs` holds this path to
//! serde-saphyr's tree on every catalogue in the repository, the bad-input corpus and
//! generated texts.

use std::borrow::Cow;

use granit_parser::{Event, Parser, ScalarStyle, Span as GSpan};

use super::{Kind, Limits, Locator, Node, Shift, given_up};

/// The tree of `text` (a piece of `loc`'s text moved by `shift`, whose root sits `depth`
/// deep in the document, with `share` of the document's budgets), or `None` for
/// serde-saphyr to parse it.
pub(super) fn parse(
    text: &str,
    loc: &Locator,
    limits: &Limits,
    shift: Shift,
    share: usize,
    depth: usize,
) -> Option<Node> {
    let opts = super::options(limits, share, depth);
    let budget = opts.budget.as_ref()?;
    // The options serde-saphyr's `Budget::parser_options` gives the parser.
    let mut parser_opts = granit_parser::Options::default();
    parser_opts.simple_key_max_lookahead = budget.simple_key_max_lookahead;
    parser_opts.flow_nesting_limit = budget.flow_nesting_limit;
    parser_opts.block_nesting_limit = parser_opts
        .block_nesting_limit
        .max(budget.max_depth.saturating_add(1));
    parser_opts.emit_comments = false;
    let max_depth = budget.max_depth / 2;
    let max_nodes = budget.max_nodes.min(budget.max_events / 2) / 2;

    let mut builder = Builder {
        loc,
        shift,
        stack: Vec::new(),
        root: None,
        nodes: 0,
    };
    let mut documents = 0;
    for item in Parser::new_from_str_with_options(text, parser_opts) {
        let (event, span) = item.ok()?;
        match event {
            Event::StreamStart | Event::DocumentEnd => {}
            Event::StreamEnd => break,
            Event::DocumentStart(_, version) => {
                documents += 1;
                if version.is_some() || documents > 1 {
                    return None;
                }
            }
            Event::Scalar(value, style, anchor, tag) => {
                if anchor != 0 || tag.is_some() {
                    return None;
                }
                let is_key = builder.expects_key();
                let kind = scalar(value, style)?;
                if is_key && !matches!(kind, Kind::Str(_)) {
                    return None;
                }
                let node = Node {
                    kind,
                    span: builder.span(&span, true),
                };
                builder.add(node, max_nodes)?;
            }
            Event::SequenceStart(_, anchor, ref tag) | Event::MappingStart(_, anchor, ref tag) => {
                let map = matches!(event, Event::MappingStart(..));
                if anchor != 0 || tag.is_some() || builder.expects_key() || given_up() {
                    return None;
                }
                if builder.stack.len() + 1 >= max_depth {
                    return None;
                }
                let span = builder.span(&span, false);
                builder.stack.push(Frame {
                    span,
                    items: if map {
                        Items::Map(Vec::new(), None)
                    } else {
                        Items::Seq(Vec::new())
                    },
                });
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let frame = builder.stack.pop()?;
                let kind = match frame.items {
                    Items::Seq(items) => Kind::Seq(items),
                    Items::Map(entries, None) => Kind::Map(entries),
                    Items::Map(_, Some(_)) => return None,
                };
                builder.add(
                    Node {
                        kind,
                        span: frame.span,
                    },
                    max_nodes,
                )?;
            }
            _ => return None,
        }
    }
    if !builder.stack.is_empty() {
        return None;
    }
    builder.root
}

/// The collections open around the next event, and the root once closed.
struct Builder<'a> {
    loc: &'a Locator<'a>,
    shift: Shift,
    stack: Vec<Frame>,
    root: Option<Node>,
    nodes: usize,
}

struct Frame {
    span: crate::diag::Span,
    items: Items,
}

enum Items {
    Seq(Vec<Node>),
    /// The entries, and a key waiting for its value.
    Map(Vec<(Node, Node)>, Option<Node>),
}

impl Builder<'_> {
    /// Whether the next node is a mapping's key.
    fn expects_key(&self) -> bool {
        matches!(
            self.stack.last(),
            Some(Frame {
                items: Items::Map(_, None),
                ..
            })
        )
    }

    /// A node's span, as serde-saphyr's location of the same event gives it
    /// (`location_from_span`: the start's line, its column + 1, the bytes start to end).
    fn span(&self, span: &GSpan, is_scalar: bool) -> crate::diag::Span {
        let start = span.start.byte_offset();
        let len = start
            .zip(span.end.byte_offset())
            .map(|(a, b)| b.saturating_sub(a));
        self.loc.span_at(
            span.start.line(),
            span.start.col() + 1,
            start,
            len,
            is_scalar,
            self.shift,
        )
    }

    /// Puts a finished node in its place; `None` past the node budget, or a `<<` key.
    fn add(&mut self, node: Node, max_nodes: usize) -> Option<()> {
        self.nodes += 1;
        if self.nodes > max_nodes {
            return None;
        }
        match self.stack.last_mut() {
            None => {
                if self.root.is_some() {
                    return None;
                }
                self.root = Some(node);
            }
            Some(Frame {
                items: Items::Seq(items),
                ..
            }) => items.push(node),
            Some(Frame {
                items: Items::Map(entries, pending),
                ..
            }) => match pending.take() {
                Some(key) => entries.push((key, node)),
                None => {
                    if node.as_str() == Some("<<") {
                        return None;
                    }
                    *pending = Some(node);
                }
            },
        }
        Some(())
    }
}

/// A scalar's kind as serde-saphyr types it, or `None` where this path does not settle it.
fn scalar(value: Cow<'_, str>, style: ScalarStyle) -> Option<Kind> {
    if !matches!(style, ScalarStyle::Plain) {
        return Some(Kind::Str(value.into_owned()));
    }
    let t: &str = &value;
    let kind = match t {
        "" | "~" | "null" | "Null" | "NULL" => Kind::Null,
        "true" | "True" | "TRUE" => Kind::Bool(true),
        "false" | "False" | "FALSE" => Kind::Bool(false),
        _ => {
            let first = t.as_bytes()[0];
            if t.contains('_') || first.is_ascii_alphabetic() && !float_word(t) {
                Kind::Str(value.into_owned())
            } else if let Some(i) = decimal(t) {
                Kind::Int(i)
            } else if first.is_ascii_digit() && t.bytes().filter(|&b| b == b'.').count() >= 2 {
                // A version (`1.2.0`): no integer has a dot, no float two.
                Kind::Str(value.into_owned())
            } else if first.is_ascii_digit() || matches!(first, b'+' | b'-' | b'.') {
                return None;
            } else if first.is_ascii() && !first.is_ascii_punctuation() {
                // Whitespace or a control character first: not a plain scalar serde-saphyr
                // is known to keep as it is.
                return None;
            } else {
                // Punctuation or a non-ASCII character first: no number, boolean or null
                // begins so.
                Kind::Str(value.into_owned())
            }
        }
    };
    Some(kind)
}

/// Words a float parser may read (`inf`, `infinity`, `nan`, in any case): left to
/// serde-saphyr.
fn float_word(t: &str) -> bool {
    t.len() <= 8
        && ["inf", "infinity", "nan"]
            .iter()
            .any(|w| t.eq_ignore_ascii_case(w))
}

/// A decimal integer without a sign or a leading zero that fits serde-saphyr's `u64`, or
/// `-` and one that fits its `i64`.
fn decimal(t: &str) -> Option<i128> {
    let (negative, digits) = match t.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, t),
    };
    let b = digits.as_bytes();
    if b.is_empty() || b.len() > 19 || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    if b[0] == b'0' && (b.len() > 1 || negative) {
        return None;
    }
    let n: u64 = digits.parse().ok()?;
    if negative {
        i64::try_from(n).ok().map(|v| -i128::from(v))
    } else {
        Some(i128::from(n))
    }
}
