//! The chunked parse (a large catalogue cut at entry lines and parsed on several threads,
//! `tree/chunk.rs`) must give exactly the tree of the whole text, spans included, or give
//! up so the whole text is parsed in one piece. Checked on every catalogue in the
//! repository, the bad-input corpus, the fuzz seeds (and a local fuzz corpus), and generated
//! texts full of YAML that is hostile to cutting (block scalars, multi-line quoted and flow
//! values, comments at every indentation, aliases, CRLF, keys after the mapping).
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

mod testkit;
use testkit::trees::{assert_same_tree, repository_texts};

use errdex_codegen::catalogue::{Limits, parse_chunked, parse_serial};
use proptest::prelude::*;

fn root() -> PathBuf {
    testkit::repo_root()
}

/// `Some(true)` when the chunked parse was used and agreed, `Some(false)` when it gave up;
/// panics when it returned a tree that differs from the whole-text parse.
fn agree(src: &str, pieces: usize, what: &str) -> bool {
    let limits = Limits::default();
    let Some(chunked) = parse_chunked(src, &limits, pieces) else {
        return false;
    };
    match parse_serial(src, &limits) {
        Ok(whole) => assert_same_tree(
            &chunked,
            &whole,
            what,
            &format!("{pieces} pieces"),
            "the whole text",
        ),
        Err(d) => panic!("{what}: {pieces} pieces parsed, the whole text fails: {d:?}"),
    }
    true
}

#[test]
fn every_catalogue_in_the_repository_parses_the_same_in_pieces() {
    let files = repository_texts(&[]);
    let (mut used, mut total) = (0, 0);
    for f in &files {
        let Ok(src) = std::fs::read_to_string(f) else {
            continue;
        };
        for pieces in [2, 3, 5] {
            total += 1;
            used += usize::from(agree(&src, pieces, &f.display().to_string()));
        }
    }
    println!("{used} of {total} chunked parses used, all equal to the whole text");
    // The shipped catalogues have many entries: they must actually be cut.
    for f in ["errors.yaml", "tests/fixtures/postgres/errors.yaml"] {
        let src = std::fs::read_to_string(root().join(f)).unwrap();
        assert!(agree(&src, 4, f), "{f} was not cut into pieces");
    }
}

/// Entries, some hostile to cutting at lines indented like an entry.
const ENTRIES: &[&str] = &[
    "{k}E{n}:\n{k}  category: invalid\n{k}  summary: plain\n",
    "{k}E{n}:\n{k}  explanation: |\n{k}    Line one\n{k}    E{n}X: not a key\n\n{k}    after a blank line\n",
    "{k}E{n}:\n{k}  explanation: |+\n{k}    kept\n\n\n",
    "{k}E{n}:\n{k}  explanation: >-\n{k}    folded\n{k}     more\n",
    "{k}E{n}:\n{k}  explanation: |2\n{k}     indented by the indicator\n",
    "{k}E{n}:\n{k}  message: \"multi\n{k}    line quoted\"\n",
    "{k}E{n}:\n{k}  message: \"quoted\n{k}E{n}Q: continues at entry indent\"\n",
    "{k}E{n}:\n{k}  message: 'single\n\n{k}    quoted'\n",
    "{k}E{n}:\n{k}  summary: plain text\n{k}    continued plainly\n",
    "{k}E{n}:\n{k}  summary: plain text\n{k}continued at entry indent\n",
    "{k}E{n}:\n{k}  retry: {max_attempts: 3,\n{k}    initial_backoff_ms: 2}\n",
    "{k}E{n}:\n{k}  retry: {max_attempts: 3,\n{k}E{n}F: 2}\n",
    "{k}E{n}:\n{k}  aliases: [A{n},\n{k}B{n}]\n",
    "{k}E{n}:\n{k}  aliases:\n{k}  - A{n}\n{k}  - B{n}\n",
    "{k}E{n}:\n{k}- seq at entry indent\n",
    "{k}E{n}:\n",
    "{k}E{n}: ~\n",
    "{k}E{n}: scalar\n",
    "# comment at column 0\n{k}E{n}:\n{k}  summary: x # trailing\n",
    "{k}# comment at entry indent\n{k}E{n}: {a: 1}\n",
    "{k}E{n}: &anchor{n}\n{k}  summary: anchored\n",
    "{k}E{n}: *anchor0\n",
    "{k}E{n}:\n{k}  <<: {category: invalid}\n{k}  summary: merged\n",
    "{k}\"E {n}\":\n{k}  summary: quoted key\n",
    "{k}'E{n}': {summary: single-quoted key}\n",
    "{k}? E{n}\n{k}: complex key\n",
    "{k}E{n}:\n{k}  summary: tab\tinside\n",
    "{k}E{n}:\n\t  summary: tab indent\n",
    "{k}E{n}:\n {k}summary: one more space\n",
    "{k}E{n}:\n{k}  summary: x\n   \n{k}  message: y\n",
    "{k}E{n}: !!str tagged\n",
    "{k}E{n}:\n{k}  summary: \"unterminated\n",
];

const TAILS: &[&str] = &[
    "",
    "retired:\n  OLD: {code: X}\n",
    "namespaces: {}\n",
    "...\n",
    "---\nsecond: document\n",
    "errors:\n  AGAIN: {}\n",
    "tail: *anchor0\n",
    "  less: indented\n",
];

fn text(indent: usize, entries: &[usize], tail: usize, crlf: bool) -> String {
    let k = " ".repeat(indent);
    let mut s = String::from("errdex: 1\nregistry: {name: t}\nerrors:\n");
    for (n, &e) in entries.iter().enumerate() {
        s.push_str(&ENTRIES[e].replace("{k}", &k).replace("{n}", &n.to_string()));
    }
    s.push_str(TAILS[tail]);
    if crlf {
        s = s.replace('\n', "\r\n");
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn hostile_texts_parse_the_same_in_pieces(
        indent in 1usize..5,
        entries in prop::collection::vec(0..ENTRIES.len(), 2..24),
        tail in 0..TAILS.len(),
        crlf in any::<bool>(),
        pieces in 2usize..6,
    ) {
        let src = text(indent, &entries, tail, crlf);
        agree(&src, pieces, &format!("{src:?}"));
    }
}

#[test]
fn plain_catalogues_are_cut() {
    // Teeth for the property above: the cut must be used on ordinary texts, or the
    // comparisons would all be vacuous.
    for indent in 1..5 {
        for tail in [0, 1, 2] {
            for crlf in [false, true] {
                let src = text(indent, &[0; 40], tail, crlf);
                for pieces in 2..6 {
                    assert!(
                        agree(&src, pieces, &src),
                        "not cut: indent {indent}, tail {tail}, crlf {crlf}, {pieces} pieces"
                    );
                }
            }
        }
    }
}

#[test]
fn aliases_fall_back_to_the_whole_text() {
    // Defaults anchored at the top and merged into entries in every piece: the pieces give
    // up (their alias budget is zero) and the whole text is parsed instead.
    let mut src = String::from("errdex: 1\ndefaults: &d {category: invalid}\nerrors:\n");
    for i in 0..400 {
        let merge = if i % 80 == 79 { "    <<: *d\n" } else { "" };
        src.push_str(&format!("  E{i}:\n{merge}    summary: entry {i}\n"));
    }
    let limits = Limits::default();
    for pieces in 2..5 {
        assert!(parse_chunked(&src, &limits, pieces).is_none());
    }
    let whole = parse_serial(&src, &limits).unwrap();
    let parsed = errdex_codegen::catalogue::parse(&src, &limits).unwrap();
    assert_eq!(format!("{parsed:?}"), format!("{whole:?}"));
}
