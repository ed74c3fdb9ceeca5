//! Loading a large catalogue uses several threads (the chunked parse and each entry's
//! checks); the IR and every diagnostic, in order, must be the same as with one thread.
#![allow(clippy::unwrap_used)]

use errdex_codegen::catalogue::load_str_with;
use errdex_codegen::catalogue::{Limits, parse_chunked};

const HEAD: &str = "errdex: 1
registry:
  name: threads
  title: Threads
  docs_site_url: \"https://errors.example.dev/\"\n  docs_url: \"https://errors.example.dev/{namespace}#{code}\"
  code_pattern: '^TH-[A-Z]{3}-[0-9]{4}$'
categories:
  invalid:
    summary: Bad input
    retryable: false
    exit_code: 1
    http_status: 400
    jsonrpc_code: -32602
    expected: true
  unavailable:
    summary: Try again
    retryable: true
    exit_code: 1
    http_status: 503
    jsonrpc_code: -32603
    expected: false
namespaces:
  AAA:
    title: A
    summary: Codes of A.
    code_prefix: TH-AAA-
errors:
";

/// Entry `i`; every `bad`-th entry carries one of several mistakes.
fn entry(i: usize, bad: usize) -> String {
    let ok = format!(
        "  E_{i:04}:\n    code: TH-AAA-{i:04}\n    namespace: AAA\n    category: invalid\n    summary: Entry {i}\n    message: \"entry `{{name}}` failed\"\n    params:\n      name: string\n"
    );
    if bad == 0 || !i.is_multiple_of(bad) {
        return ok;
    }
    match (i / bad) % 9 {
        0 => ok.replace("category: invalid", "category: invalidd"),
        1 => ok.replace("namespace: AAA", "namespace: ZZZ"),
        2 => ok.replace(&format!("TH-AAA-{i:04}"), "TH-AAA-0001"),
        3 => ok.replace(
            "      name: string\n",
            "      name: strin\n      other: integer\n",
        ),
        4 => ok.replace("failed\"", "failed {missing}\""),
        5 => ok.replace("    summary:", "    sumary:"),
        6 => ok.replace(&format!("E_{i:04}:"), &format!("e-{i}:")),
        7 => format!("{ok}  E_{i:04}:\n    summary: duplicate key\n"),
        _ => ok.replace("    message:", "    retryable: maybe\n    message:"),
    }
}

fn catalogue(n: usize, bad: usize) -> String {
    let mut s = String::from(HEAD);
    for i in 0..n {
        s.push_str(&entry(i, bad));
    }
    s
}

/// Everything loading gives, as text; and how many diagnostics.
fn load(src: &str, threads: usize) -> (String, usize) {
    let limits = Limits {
        threads,
        ..Limits::default()
    };
    let l = load_str_with(src, "errors.yaml", &limits);
    (
        format!("{:#?}\n{:#?}", l.diagnostics, l.catalogue),
        l.diagnostics.len(),
    )
}

#[test]
fn one_thread_or_many_load_the_same() {
    for (n, bad) in [(2000, 0), (2000, 37), (2000, 5)] {
        let src = catalogue(n, bad);
        assert!(
            parse_chunked(&src, &Limits::default(), 4).is_some(),
            "the parse is cut into pieces"
        );
        let (one, count) = load(&src, 1);
        match n.checked_div(bad) {
            None => assert_eq!(count, 0, "the clean catalogue loads: {one}"),
            Some(broken) => assert!(
                count > broken,
                "each broken entry has a diagnostic: {count}"
            ),
        }
        for threads in [2, 3, 4, 8] {
            let (many, _) = load(&src, threads);
            if many != one {
                let at = many.lines().zip(one.lines()).position(|(a, b)| a != b);
                panic!(
                    "{n} entries, every {bad}th bad: {threads} threads differ from one at line {at:?}"
                );
            }
        }
    }
}
