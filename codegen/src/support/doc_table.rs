//! Markdown tables of errdex's own facts, for the repository's docs (`docs/catalogue.md`):
//! the format's keys and the diagnostic codes. The text is errdex's own (descriptions,
//! message templates), not a catalogue's, so it keeps its `code spans`; only what would
//! break a table row or read as HTML is escaped. Catalogue text, which is hostile, goes
//! through the Markdown emitter's escapers instead.

/// A table: a header row, the delimiter row, one row per item; every line ends in `\n`.
pub fn table(header: &[&str], rows: impl IntoIterator<Item = Vec<String>>) -> String {
    let mut out = row(header.iter().map(|h| cell(h)));
    out.push_str(&row(header.iter().map(|_| "---".to_string())));
    for cells in rows {
        out.push_str(&row(cells));
    }
    out
}

fn row(cells: impl IntoIterator<Item = String>) -> String {
    let mut out = String::from("|");
    for c in cells {
        out.push(' ');
        out.push_str(&c);
        out.push_str(" |");
    }
    out.push('\n');
    out
}

/// `text` as one table cell: code spans stay code (a `|` inside is escaped, which GitHub
/// and mdBook both read as a literal `|`); outside them `&`, `<`, `>` become entities and
/// `|` is escaped; line breaks become spaces.
pub fn cell(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_code = false;
    for c in text.chars() {
        match c {
            '`' => {
                in_code = !in_code;
                out.push(c);
            }
            '|' => out.push_str("\\|"),
            '\r' | '\n' => out.push(' '),
            '&' if !in_code => out.push_str("&amp;"),
            '<' if !in_code => out.push_str("&lt;"),
            '>' if !in_code => out.push_str("&gt;"),
            _ => out.push(c),
        }
    }
    out
}

/// `text` as a code span (for values such as patterns and defaults).
pub fn code(text: &str) -> String {
    let fence = if text.contains('`') { "``" } else { "`" };
    let pad = if text.starts_with('`') || text.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{text}{pad}{fence}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_keep_code_and_escape_the_rest() {
        assert_eq!(
            cell("a `<x>|y` <b> | c & d"),
            "a `<x>\\|y` &lt;b&gt; \\| c &amp; d"
        );
        assert_eq!(cell("one\ntwo"), "one two");
        assert_eq!(code("a|b"), "`a|b`");
        assert_eq!(cell(&code("a|b")), "`a\\|b`");
    }

    #[test]
    fn tables_have_a_delimiter_row() {
        let t = table(&["A", "B"], [vec!["1".to_string(), "2".to_string()]]);
        assert_eq!(t, "| A | B |\n| --- | --- |\n| 1 | 2 |\n");
    }
}
