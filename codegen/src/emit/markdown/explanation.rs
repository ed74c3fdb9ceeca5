//! Explanations are Markdown by design; this module makes them safe to embed in a page.
//!
//! The explanation keeps its Markdown (paragraphs, lists, emphasis, code, tables, links),
//! with these rewrites, each done on the source text at the offsets pulldown-cmark reports
//! (with the options mdBook uses), so everything else stays byte for byte as written:
//!
//! - **raw HTML** is shown as text (`<` → `&lt;`): no catalogue text can inject markup, and
//!   mdBook never sees unbalanced tags (which it reports as warnings);
//! - **headings** become bold paragraphs on a page of several codes: an explanation can never
//!   add a heading to the page (nor a heading id that could shadow a code's anchor). On a
//!   code's own page ([`sanitize_on_own_page`]) they stay headings, demoted so the
//!   explanation's top level is `top` (below the page's title and sections) and each given
//!   an explicit id of its own (the slug of its text, never the code's anchor, `-1`, `-2` …
//!   when taken); headings inside quotes and lists still become bold;
//! - **links and images** whose scheme is not `http`, `https` or `mailto` (e.g.
//!   `javascript:`) lose their link and keep their text;
//! - **footnotes** get labels private to the code (`[^acm-frm-001-1]`), so two explanations
//!   on one page cannot clash; definitions nobody references are shown as text;
//! - a fenced code block left **unclosed** at the end is closed, so it cannot swallow the
//!   rest of the page;
//! - `{{` followed by `#` gets a zero-width space between the braces, so mdBook's
//!   `{{#include …}}` / `{{#title …}}` directives can never run on catalogue text.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, Event, LinkType, Options, Parser, Tag, TagEnd};

/// The pulldown-cmark options mdBook 0.5 parses our chapters with (admonitions on; smart
/// punctuation and definition lists off in the generated `book.toml`).
pub fn mdbook_options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_GFM
}

struct Edit {
    range: Range<usize>,
    text: String,
}

/// What becomes of an explanation's headings.
#[derive(Clone, Copy)]
enum Headings<'a> {
    /// Bold paragraphs (a page of several codes).
    Bold,
    /// Headings from level `top` down, with ids of their own that are never `taken`
    /// (a code's own page).
    Demote { top: usize, taken: &'a str },
}

/// Makes `src` safe to embed below a code's heading. `footnote_prefix` makes footnote
/// labels unique on the page (the code's anchor).
pub fn sanitize(src: &str, footnote_prefix: &str) -> String {
    sanitize_with(src, footnote_prefix, Headings::Bold)
}

/// [`sanitize`] for a code's own page: the explanation's top-level headings stay headings,
/// the highest of them at level `top` (3 under the page's `##` sections), the others below
/// it as written (at most level 6), each with an explicit id that is unique on the
/// explanation and never `anchor` (the code's, on the page's title).
pub fn sanitize_on_own_page(src: &str, anchor: &str, top: usize) -> String {
    sanitize_with(src, anchor, Headings::Demote { top, taken: anchor })
}

fn sanitize_with(src: &str, footnote_prefix: &str, headings: Headings) -> String {
    // One pass can uncover new Markdown (an escaped `<!--` block no longer hides what
    // follows it), so passes repeat until nothing changes; every rewrite is idempotent.
    let mut text = src.replace("\r\n", "\n").replace('\r', "\n");
    for _ in 0..8 {
        let next = sanitize_pass(&text, footnote_prefix, headings);
        if next == text {
            break;
        }
        text = next;
    }
    neutralize_mdbook_directives(&text)
}

fn sanitize_pass(src: &str, footnote_prefix: &str, headings: Headings) -> String {
    let own = format!("{footnote_prefix}-");
    let mut edits: Vec<Edit> = Vec::new();

    // Footnotes: which labels are both defined and referenced (pulldown only reports a
    // reference when a definition exists).
    let events: Vec<(Event<'_>, Range<usize>)> = Parser::new_ext(src, mdbook_options())
        .into_offset_iter()
        .collect();
    // Demoted headings: how far the highest top-level one moves, and the ids given so far.
    let shift: isize = match headings {
        Headings::Bold => 0,
        Headings::Demote { top, .. } => {
            let mut depth = 0usize;
            let mut highest = usize::MAX;
            for (ev, _) in &events {
                match ev {
                    Event::Start(Tag::Heading { level, .. }) if depth == 0 => {
                        highest = highest.min(*level as usize);
                        depth += 1;
                    }
                    Event::Start(_) => depth += 1,
                    Event::End(_) => depth = depth.saturating_sub(1),
                    _ => {}
                }
            }
            if highest == usize::MAX {
                0
            } else {
                top as isize - highest as isize
            }
        }
    };
    let mut ids: HashSet<String> = HashSet::new();
    let mut referenced: HashSet<String> = HashSet::new();
    for (ev, _) in &events {
        if let Event::FootnoteReference(l) = ev {
            referenced.insert(l.to_string());
        }
    }
    let mut defined: HashSet<String> = HashSet::new();

    // Stack of open containers that need their wrapper rewritten: (kind, range, first inner
    // start, last inner end).
    struct Open {
        kind: Wrap,
        range: Range<usize>,
        inner: Option<Range<usize>>,
        /// A heading's level, when it is at the top level and stays a heading.
        keep_level: Option<usize>,
    }
    #[derive(Clone, Copy, PartialEq)]
    enum Wrap {
        Heading,
        UnsafeLink,
        Other,
    }
    let mut stack: Vec<Open> = Vec::new();
    let mut depth = 0usize;
    let mut unclosed_fence: Option<String> = None;

    let note_inner = |stack: &mut Vec<Open>, r: &Range<usize>| {
        for o in stack.iter_mut() {
            if o.kind != Wrap::Other {
                let inner = o.inner.get_or_insert(r.clone());
                inner.start = inner.start.min(r.start);
                inner.end = inner.end.max(r.end);
            }
        }
    };

    for (ev, range) in &events {
        match ev {
            Event::Start(tag) => {
                note_inner(&mut stack, range);
                let kind = match tag {
                    Tag::Heading { .. } => Wrap::Heading,
                    Tag::Link {
                        link_type,
                        dest_url,
                        ..
                    }
                    | Tag::Image {
                        link_type,
                        dest_url,
                        ..
                    } if !safe_url(dest_url) || matches!(link_type, LinkType::WikiLink { .. }) => {
                        Wrap::UnsafeLink
                    }
                    _ => Wrap::Other,
                };
                if let Tag::CodeBlock(CodeBlockKind::Fenced(_)) = tag
                    && depth == 0
                    && range.end >= src.trim_end().len()
                {
                    unclosed_fence = open_fence_if_unclosed(&src[range.clone()]);
                }
                if let Tag::FootnoteDefinition(label) = tag {
                    let label = label.to_string();
                    let first = defined.insert(label.clone());
                    let text = &src[range.clone()];
                    if let Some(end) = text.find("]:") {
                        let label_range = range.start..range.start + end + 1;
                        let replacement = if referenced.contains(&label) && first {
                            if label.starts_with(&own) {
                                text[..=end].to_string()
                            } else {
                                format!("[^{footnote_prefix}-{label}]")
                            }
                        } else {
                            // Unreferenced or duplicate: shown as text.
                            format!("\\[^{}]", &text[2..end])
                        };
                        edits.push(Edit {
                            range: label_range,
                            text: replacement,
                        });
                    }
                }
                let keep_level = match (tag, headings) {
                    (Tag::Heading { level, .. }, Headings::Demote { top, .. }) if depth == 0 => {
                        Some((*level as isize + shift).clamp(top as isize, 6) as usize)
                    }
                    _ => None,
                };
                depth += 1;
                stack.push(Open {
                    kind,
                    range: range.clone(),
                    inner: None,
                    keep_level,
                });
            }
            Event::End(end) => {
                depth = depth.saturating_sub(1);
                let Some(open) = stack.pop() else { continue };
                let _ = end;
                match open.kind {
                    Wrap::Heading if open.keep_level.is_some() => {
                        let level = open.keep_level.unwrap_or(6);
                        let text = &src[open.range.clone()];
                        let newlines = &text[text.trim_end_matches('\n').len()..];
                        let taken = match headings {
                            Headings::Demote { taken, .. } => taken,
                            Headings::Bold => "",
                        };
                        let replacement = match &open.inner {
                            Some(inner) => {
                                let inner_text = src[inner.clone()].replace('\n', " ");
                                let id = heading_id(&inner_text, taken, &mut ids);
                                format!(
                                    "{} {} {{#{id}}}{newlines}",
                                    "#".repeat(level),
                                    inner_text.trim()
                                )
                            }
                            None => newlines.to_string(),
                        };
                        edits.push(Edit {
                            range: open.range.clone(),
                            text: replacement,
                        });
                    }
                    Wrap::Heading | Wrap::UnsafeLink => {
                        let (pre, post) = match &open.kind {
                            Wrap::Heading => ("**", "**"),
                            _ => ("", ""),
                        };
                        match open.inner {
                            Some(inner) => {
                                let tail = &src[inner.end..open.range.end];
                                let newlines = &tail[tail.trim_end_matches('\n').len()..];
                                edits.push(Edit {
                                    range: open.range.start..inner.start,
                                    text: pre.to_string(),
                                });
                                edits.push(Edit {
                                    range: inner.end..open.range.end,
                                    text: format!("{post}{newlines}"),
                                });
                            }
                            None => {
                                let text = &src[open.range.clone()];
                                let newlines = &text[text.trim_end_matches('\n').len()..];
                                edits.push(Edit {
                                    range: open.range.clone(),
                                    text: newlines.to_string(),
                                });
                            }
                        }
                    }
                    Wrap::Other => {}
                }
                if matches!(end, TagEnd::Heading(_) | TagEnd::Link | TagEnd::Image) {
                    note_inner(&mut stack, &open.range);
                }
            }
            Event::Html(_) | Event::InlineHtml(_) => {
                note_inner(&mut stack, range);
                let text = &src[range.clone()];
                edits.push(Edit {
                    range: range.clone(),
                    text: text.replace('<', "&lt;"),
                });
            }
            Event::FootnoteReference(label) => {
                note_inner(&mut stack, range);
                if !label.starts_with(&own) {
                    edits.push(Edit {
                        range: range.clone(),
                        text: format!("[^{footnote_prefix}-{label}]"),
                    });
                }
            }
            _ => note_inner(&mut stack, range),
        }
    }

    // Apply edits back to front; drop any that overlap an edit already applied (cannot
    // happen for well-nested events, but never corrupt the text if it does).
    edits.sort_by_key(|e| (e.range.start, e.range.end));
    let mut out = String::with_capacity(src.len() + 64);
    let mut pos = 0;
    for e in edits {
        if e.range.start < pos {
            continue;
        }
        out.push_str(&src[pos..e.range.start]);
        out.push_str(&e.text);
        pos = e.range.end;
    }
    out.push_str(&src[pos..]);
    let mut out = out.trim_end().to_string();
    if let Some(fence) = unclosed_fence {
        out.push('\n');
        out.push_str(&fence);
    }
    out.push('\n');
    out
}

/// The id of a demoted heading: the slug of its text (`-` trimmed; `section` when nothing
/// is left), never `taken`, and `-1`, `-2` … when an earlier heading has it.
fn heading_id(text: &str, taken: &str, ids: &mut HashSet<String>) -> String {
    let slug = crate::names::slug(text);
    let base = match slug.trim_matches('-') {
        "" => "section",
        s => s,
    };
    let mut id = base.to_string();
    let mut n = 0;
    while id == taken || ids.contains(&id) {
        n += 1;
        id = format!("{base}-{n}");
    }
    ids.insert(id.clone());
    id
}

/// `true` for link destinations that cannot run script: relative links, fragments and
/// `http`, `https`, `mailto` URLs.
fn safe_url(url: &str) -> bool {
    let url = url.trim();
    let scheme_end = url.find([':', '/', '?', '#']);
    match scheme_end {
        Some(i) if url[i..].starts_with(':') => {
            let scheme = url[..i].to_ascii_lowercase();
            matches!(scheme.as_str(), "http" | "https" | "mailto")
        }
        _ => true,
    }
}

/// For a fenced code block's source, the fence that would close it when it is unclosed.
fn open_fence_if_unclosed(block: &str) -> Option<String> {
    let first = block.lines().next()?;
    let trimmed = first.trim_start();
    let ch = trimmed.chars().next()?;
    let len = trimmed.chars().take_while(|c| *c == ch).count();
    let last = block.trim_end_matches('\n').lines().last()?;
    let closed = block.lines().count() > 1 && {
        let t = last.trim();
        t.len() >= len && t.chars().all(|c| c == ch)
    };
    (!closed).then(|| ch.to_string().repeat(len))
}

/// Inserts U+200B between `{{` when it is followed by optional whitespace and `#` (the
/// shape of mdBook's link preprocessor directives, escaped or not).
pub fn neutralize_mdbook_directives(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut last = 0;
    let mut i = 0;
    while i + 1 < bytes.len() {
        if bytes[i] == b'{' && bytes[i + 1] == b'{' {
            let rest = &s[i + 2..];
            if rest.trim_start().starts_with('#') {
                out.push_str(&s[last..=i]);
                out.push('\u{200B}');
                last = i + 1;
            }
        }
        i += 1;
    }
    out.push_str(&s[last..]);
    out
}

/// Footnote labels used by [`sanitize`] (exposed for tests).
pub fn footnote_labels(src: &str) -> HashMap<String, usize> {
    let mut m = HashMap::new();
    for ev in Parser::new_ext(src, mdbook_options()) {
        if let Event::FootnoteReference(l) = ev {
            *m.entry(l.to_string()).or_insert(0) += 1;
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_ordinary_markdown() {
        let s = "Raised when *x* is `y`.\n\n- one\n- two\n";
        assert_eq!(sanitize(s, "c"), s);
    }

    #[test]
    fn headings_become_bold() {
        assert_eq!(
            sanitize("# Causes {#x}\n\ntext\n", "c"),
            "**Causes**\n\ntext\n"
        );
        assert_eq!(sanitize("Causes\n---\ntext\n", "c"), "**Causes**\ntext\n");
        assert_eq!(sanitize("> ## Q\n", "c"), "> **Q**\n");
    }

    #[test]
    fn headings_on_a_code_page_are_demoted() {
        let src = "## What you should do\n\nAct.\n\n### Details {#x .y}\n\nWhy\n---\n\n> # quoted\n\n## What you should do\n\n# 40160\n";
        assert_eq!(
            sanitize_on_own_page(src, "40160", 3),
            "#### What you should do {#what-you-should-do}\n\nAct.\n\n##### Details {#details}\n\n#### Why {#why}\n\n> **quoted**\n\n#### What you should do {#what-you-should-do-1}\n\n### 40160 {#40160-1}\n"
        );
        // Idempotent: a second run changes nothing.
        let once = sanitize_on_own_page(src, "40160", 3);
        assert_eq!(sanitize_on_own_page(&once, "40160", 3), once);
        // Never above `top`, never below 6.
        assert_eq!(
            sanitize_on_own_page("###### deep\n", "c", 3),
            "### deep {#deep}\n"
        );
        assert_eq!(
            sanitize_on_own_page("# a\n\n###### b\n", "c", 3),
            "### a {#a}\n\n###### b {#b}\n"
        );
    }

    #[test]
    fn html_is_text() {
        assert_eq!(
            sanitize("a <script>x</script> b\n", "c"),
            "a &lt;script>x&lt;/script> b\n"
        );
        assert_eq!(sanitize("<div>\n\nx\n", "c"), "&lt;div>\n\nx\n");
        assert_eq!(
            sanitize("<!-- open\n\nmore\n", "c"),
            "&lt;!-- open\n\nmore\n"
        );
    }

    #[test]
    fn unsafe_links_lose_their_link() {
        assert_eq!(sanitize("[click](javascript:alert(1))\n", "c"), "click\n");
        assert_eq!(
            sanitize("[ok](https://x.dev)\n", "c"),
            "[ok](https://x.dev)\n"
        );
        assert_eq!(sanitize("[ok](other.md#a)\n", "c"), "[ok](other.md#a)\n");
    }

    #[test]
    fn footnotes_are_private() {
        assert_eq!(
            sanitize("See[^1].\n\n[^1]: note\n", "acm-1"),
            "See[^acm-1-1].\n\n[^acm-1-1]: note\n"
        );
        assert_eq!(
            sanitize("x\n\n[^n]: unused\n", "c"),
            "x\n\n\\[^n]: unused\n"
        );
    }

    #[test]
    fn unclosed_fence_is_closed() {
        assert_eq!(
            sanitize("a\n\n````rust\nfn x\n", "c"),
            "a\n\n````rust\nfn x\n````\n"
        );
        assert_eq!(sanitize("```\nx\n```\n", "c"), "```\nx\n```\n");
    }

    #[test]
    fn mdbook_directives_are_neutralized() {
        assert_eq!(
            sanitize("{{#include /etc/passwd}} and `{{ #title x}}`\n", "c"),
            "{\u{200B}{#include /etc/passwd}} and `{\u{200B}{ #title x}}`\n"
        );
        assert_eq!(neutralize_mdbook_directives("{{x}}"), "{{x}}");
    }
}
