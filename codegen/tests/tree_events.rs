//! The events' fast path (`tree/events.rs`: a tree built straight from granit-parser's
//! events) must give exactly serde-saphyr's tree, spans included, or leave the text to
//! serde-saphyr. Checked on every catalogue in the repository and the seeds beside it, the
//! bad-input corpus, the fuzz seeds, a table of scalar spellings as values and as keys, and
//! generated documents of them. And it must actually be taken for the catalogues users
//! write.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

mod testkit;
use testkit::trees::{assert_same_tree, repository_texts};

use errdex_codegen::catalogue::{Limits, parse_events, parse_serde};
use proptest::prelude::*;

fn root() -> PathBuf {
    testkit::repo_root()
}

/// Whether the fast path took `src`; panics when its tree differs from serde-saphyr's, or
/// when serde-saphyr refuses a text it took.
fn agree(src: &str, what: &str) -> bool {
    let limits = Limits::default();
    let Some(fast) = parse_events(src, &limits) else {
        return false;
    };
    match parse_serde(src, &limits) {
        Ok(slow) => assert_same_tree(&fast, &slow, what, "the events' tree", "serde-saphyr's"),
        Err(d) => panic!("{what}: the events took a text serde-saphyr refuses: {d:?}"),
    }
    true
}

#[test]
fn every_catalogue_in_the_repository_gives_serde_saphyrs_tree() {
    // And the seeds and fixtures beside the repository (`../shared`).
    let files = repository_texts(&["../shared"]);
    let (mut used, mut total) = (0, 0);
    for f in &files {
        let Ok(src) = std::fs::read_to_string(f) else {
            continue;
        };
        total += 1;
        used += usize::from(agree(&src, &f.display().to_string()));
    }
    println!("{used} of {total} texts built from the events, each equal to serde-saphyr's tree");
    // The catalogues users write take the fast path (else it saves nothing).
    for f in [
        "errors.yaml",
        "tests/fixtures/postgres/errors.yaml",
        "examples/http-api/errors.yaml",
    ] {
        let Ok(src) = std::fs::read_to_string(root().join(f)) else {
            panic!("{f} is missing");
        };
        assert!(agree(&src, f), "{f} was left to serde-saphyr");
    }
}

/// Plain scalars of every kind serde-saphyr tells apart, and some it does not.
const SCALARS: &[&str] = &[
    "0",
    "00",
    "007",
    "-0",
    "-1",
    "+1",
    "1",
    "42",
    "1.0",
    "1e3",
    ".5",
    "5.",
    ".inf",
    "-.inf",
    "+.inf",
    ".nan",
    ".NaN",
    "inf",
    "Inf",
    "INF",
    "infinity",
    "Infinity",
    "nan",
    "NaN",
    "NAN",
    "0x1F",
    "0o17",
    "0b101",
    "1_000",
    "_x",
    "x_",
    "18446744073709551615",
    "18446744073709551616",
    "9223372036854775807",
    "-9223372036854775808",
    "-9223372036854775809",
    "99999999999999999999",
    "true",
    "True",
    "TRUE",
    "tRue",
    "false",
    "False",
    "FALSE",
    "yes",
    "no",
    "on",
    "off",
    "y",
    "n",
    "Y",
    "N",
    "null",
    "Null",
    "NULL",
    "nUll",
    "~",
    "~x",
    "1.2.3",
    "1.2",
    "v1",
    "E0001",
    "SOME_NAME",
    "some name",
    "é",
    "ü-x",
    "/path",
    "<x",
    "=",
    "%x",
    "x: y",
    "a#b",
    "1 2",
    "-x",
    ".x",
    "+x",
    "0.1.2-rc.1",
    "https://example.com/x#y",
    "12:30",
    "2001-12-14",
    "1e",
    "e1",
    "0e0",
    "-1e-3",
    "1,000",
    "(x)",
    "$x",
    "^x",
    "x?",
    ";x",
    "\\x",
];

/// Quoted and block forms, which are strings whatever they spell.
fn forms(s: &str) -> Vec<String> {
    vec![
        s.to_string(),
        format!("'{}'", s.replace('\'', "''")),
        format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\"")),
    ]
}

#[test]
fn scalar_spellings_as_values_and_keys() {
    let mut taken = Vec::new();
    for s in SCALARS {
        for f in forms(s) {
            let docs = [
                format!("k: {f}\n"),
                format!("{f}: v\n"),
                format!("- {f}\n- [{f}, x]\n"),
                format!("m: {{a: {f}, {f}: b}}\n"),
                format!("k: |\n  {s}\n"),
                format!("k: >-\n  {s}\n  {s}\n"),
                format!("{f}\n"),
                format!("k:\n  - {f}\n  -\n  - k2: {f}\n"),
            ];
            for d in docs {
                if agree(&d, &format!("{d:?}")) {
                    taken.push(d);
                }
            }
        }
    }
    // The common spellings are taken, not left to serde-saphyr.
    for d in [
        "k: 42\n",
        "k: -1\n",
        "k: true\n",
        "k: null\n",
        "k: ~\n",
        "k: E0001\n",
        "k: 1_000\n",
        "k: 1.2.3\n",
        "k: 'inf'\n",
        "E0001: v\n",
        "k: é\n",
    ] {
        assert!(
            taken.iter().any(|t| t == d),
            "{d:?} was left to serde-saphyr"
        );
    }
    // What only serde-saphyr settles is left to it.
    for d in [
        "k: 1.0\n",
        "k: inf\n",
        "k: 0x1F\n",
        "k: 007\n",
        "k: +1\n",
        "42: v\n",
    ] {
        assert!(
            parse_events(d, &Limits::default()).is_none(),
            "{d:?} was taken"
        );
    }
}

#[test]
fn what_the_events_leave_to_serde_saphyr() {
    let limits = Limits::default();
    for d in [
        "a: &x 1\nb: *x\n",
        "a: !!str 1\n",
        "base: &b {x: 1}\nk:\n  <<: *b\n",
        "%YAML 1.2\n---\nk: v\n",
        "---\na: 1\n---\nb: 2\n",
        "? [a, b]\n: v\n",
        "k: [unclosed\n",
        "",
        "# only a comment\n",
    ] {
        assert!(parse_events(d, &limits).is_none(), "{d:?} was taken");
    }
    // Nesting near the depth budget is serde-saphyr's to refuse.
    let deep = format!("{}1{}\n", "[".repeat(40), "]".repeat(40));
    assert!(parse_events(&deep, &limits).is_none());
    assert!(parse_serde(&deep, &limits).is_err());
}

fn leaf() -> impl Strategy<Value = String> {
    (0..SCALARS.len(), 0..3usize).prop_map(|(i, f)| forms(SCALARS[i]).swap_remove(f))
}

/// A block mapping `indent` deep of generated keys and values, some nested.
fn doc() -> impl Strategy<Value = String> {
    let entry = (leaf(), leaf(), leaf(), 0..5usize);
    proptest::collection::vec(entry, 1..12).prop_map(|entries| {
        let mut s = String::new();
        for (n, (k, v, w, shape)) in entries.into_iter().enumerate() {
            // Keys made unique and string-like half the time, the spelling itself else.
            let key = if n % 2 == 0 { format!("k{n}") } else { k };
            match shape {
                0 => s.push_str(&format!("{key}: {v}\n")),
                1 => s.push_str(&format!("{key}:\n  - {v}\n  - {w}\n")),
                2 => s.push_str(&format!("{key}:\n  a{n}: {v}\n  b{n}: [{w}, {v}]\n")),
                3 => s.push_str(&format!("{key}: {{x: {v}, y: {w}}}\n")),
                _ => s.push_str(&format!("{key}:\n  text: |\n    {v}\n    {w}\n")),
            }
        }
        s
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn generated_documents_give_serde_saphyrs_tree(src in doc(), crlf in any::<bool>()) {
        let src = if crlf { src.replace('\n', "\r\n") } else { src };
        agree(&src, &format!("{src:?}"));
    }
}
