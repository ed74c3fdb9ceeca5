//! The mutation corpus of `errdex diff`: `tests/diff/<case>/` holds `new.yaml`, an optional
//! `old.yaml` (default: `tests/diff/base.yaml`) and `expect.txt`:
//!
//! ```text
//! # what the case is about
//! breaking code-changed ACM-FRM-002      # kind, and optionally the subject (code or key)
//! compatible legacy-code-added
//! nothing                                # no finding at all
//! ```
//!
//! Every case asserts that the set of breaking kinds found is exactly the set expected (so a
//! compatible change never reports anything breaking), that every expected compatible kind
//! is found, with its subject when given, and that each kind carries its breaking flag.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use errdex_codegen::Catalogue;
use errdex_codegen::diff::{self, ChangeKind, Finding};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/diff")
}

fn load(path: &Path) -> Catalogue {
    // From its path: a case may import a registry beside it (`import-changed`).
    let loaded =
        errdex_codegen::load_path(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // Where the docs live is a state `diff` compares, not a mistake of the corpus:
    // `docs-url-added` starts from unpublished (relative) docs URLs (EDX0605), and
    // `docs-url-template-changed` moves them to a host that is not the generated book (EDX0604).
    use errdex_codegen::diag::DiagCode;
    assert!(
        loaded.diagnostics.iter().all(|d| matches!(
            d.code,
            DiagCode::RelativeDocsUrl | DiagCode::DocsSiteUnstated
        )),
        "{} must lint clean: {:#?}",
        path.display(),
        loaded.diagnostics
    );
    loaded.catalogue.expect("catalogue")
}

#[derive(Debug)]
struct Expect {
    breaking: bool,
    kind: ChangeKind,
    subject: Option<String>,
}

fn parse_expect(path: &Path) -> (Vec<Expect>, bool) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    let mut nothing = false;
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if line == "nothing" {
            nothing = true;
            continue;
        }
        let mut parts = line.split_whitespace();
        let flag = parts.next().unwrap_or_default();
        let id = parts.next().unwrap_or_default();
        let kind = ChangeKind::from_id(id)
            .unwrap_or_else(|| panic!("{}: unknown kind `{id}`", path.display()));
        let breaking = match flag {
            "breaking" => true,
            "compatible" => false,
            other => panic!("{}: `{other}` is not breaking|compatible", path.display()),
        };
        assert_eq!(
            kind.is_breaking(),
            breaking,
            "{}: `{id}` is listed with the wrong flag",
            path.display()
        );
        out.push(Expect {
            breaking,
            kind,
            subject: parts.next().map(str::to_string),
        });
    }
    assert!(
        nothing || !out.is_empty(),
        "{}: expect nothing or some kinds",
        path.display()
    );
    (out, nothing)
}

fn describe(findings: &[Finding]) -> String {
    findings
        .iter()
        .map(|f| {
            format!(
                "  {} {} {} {}: {:?} -> {:?}\n",
                if f.breaking { "breaking" } else { "compatible" },
                f.kind.as_str(),
                f.code,
                f.field,
                f.old,
                f.new
            )
        })
        .collect()
}

fn check_case(dir: &Path) -> Result<(), String> {
    let old_path = if dir.join("old.yaml").exists() {
        dir.join("old.yaml")
    } else {
        corpus_dir().join("base.yaml")
    };
    let old = load(&old_path);
    let new = load(&dir.join("new.yaml"));
    let (expect, nothing) = parse_expect(&dir.join("expect.txt"));
    let findings = diff::diff(&old, &new);
    let name = dir.file_name().unwrap_or_default().to_string_lossy();
    let ctx = || format!("case `{name}` found:\n{}", describe(&findings));

    for f in &findings {
        if f.breaking != f.kind.is_breaking() {
            return Err(format!("{} has the wrong flag; {}", f.kind.as_str(), ctx()));
        }
        if f.breaking && f.advice.is_empty() {
            return Err(format!("{} has no advice; {}", f.kind.as_str(), ctx()));
        }
    }
    if nothing {
        if !findings.is_empty() {
            return Err(format!("expected no finding; {}", ctx()));
        }
        return Ok(());
    }
    let found_breaking: BTreeSet<&str> = findings
        .iter()
        .filter(|f| f.breaking)
        .map(|f| f.kind.as_str())
        .collect();
    let want_breaking: BTreeSet<&str> = expect
        .iter()
        .filter(|e| e.breaking)
        .map(|e| e.kind.as_str())
        .collect();
    if found_breaking != want_breaking {
        return Err(format!(
            "breaking kinds {found_breaking:?}, expected {want_breaking:?}; {}",
            ctx()
        ));
    }
    for e in &expect {
        let hit = findings
            .iter()
            .any(|f| f.kind == e.kind && e.subject.as_ref().is_none_or(|s| *s == f.code));
        if !hit {
            return Err(format!(
                "missing {} {}; {}",
                e.kind.as_str(),
                e.subject.as_deref().unwrap_or(""),
                ctx()
            ));
        }
    }
    Ok(())
}

fn cases() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/diff")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs
}

#[test]
fn corpus() {
    let dirs = cases();
    assert!(dirs.len() >= 40, "the corpus lost cases: {}", dirs.len());
    let failures: Vec<String> = dirs.iter().filter_map(|d| check_case(d).err()).collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n\n{}",
        failures.len(),
        dirs.len(),
        failures.join("\n")
    );
}

/// Every breaking kind that a catalogue edit can produce has a pair in the corpus, and so
/// does every compatible kind the issue lists.
#[test]
fn corpus_covers_every_kind() {
    let mut covered = BTreeSet::new();
    for d in cases() {
        let (expect, _) = parse_expect(&d.join("expect.txt"));
        covered.extend(expect.iter().map(|e| e.kind.as_str()));
    }
    // `identifier-changed` needs a change of errdex's own naming rules: no catalogue pair
    // can produce it.
    let missing: Vec<&str> = ChangeKind::ALL
        .iter()
        .filter(|k| **k != ChangeKind::IdentifierChanged)
        .map(|k| k.as_str())
        .filter(|k| !covered.contains(k))
        .collect();
    assert!(
        missing.is_empty(),
        "kinds without a corpus pair: {missing:?}"
    );
}

/// Reversing a pair never panics, and undoing a compatible addition is breaking where it
/// should be: removing a code is always caught.
#[test]
fn reversed_pairs() {
    let base = load(&corpus_dir().join("base.yaml"));
    for d in cases() {
        let old = if d.join("old.yaml").exists() {
            load(&d.join("old.yaml"))
        } else {
            base.clone()
        };
        let new = load(&d.join("new.yaml"));
        let back = diff::diff(&new, &old);
        let forward = diff::diff(&old, &new);
        if forward.iter().any(|f| f.kind == ChangeKind::CodeAdded) {
            assert!(
                back.iter().any(|f| f.kind == ChangeKind::CodeRemoved),
                "{}: undoing a new code must be a removal:\n{}",
                d.display(),
                describe(&back)
            );
        }
        assert_eq!(forward.is_empty(), back.is_empty(), "{}", d.display());
    }
}

/// The reports are deterministic and the JSON report carries every finding.
#[test]
fn reports() {
    let dir = corpus_dir().join("category-changed");
    let old = load(&corpus_dir().join("base.yaml"));
    let new = load(&dir.join("new.yaml"));
    let findings = diff::diff(&old, &new);
    let human = diff::render_human(&findings, "old.yaml", "new.yaml");
    assert_eq!(
        human,
        diff::render_human(&diff::diff(&old, &new), "old.yaml", "new.yaml")
    );
    assert!(human.contains("code ACM-NET-002 (NET_REFUSED)"), "{human}");
    assert!(
        human.contains("category-changed: category: unavailable → config"),
        "{human}"
    );
    assert!(human.contains("fix: "), "{human}");
    assert!(
        human.ends_with("2 breaking, 0 compatible change(s) between old.yaml and new.yaml\n"),
        "{human}"
    );
    let json = diff::to_json(&findings, "old.yaml", "new.yaml");
    assert_eq!(json["breaking"], 2);
    assert_eq!(json["compatible"], 0);
    let items = json["findings"].as_array().expect("array");
    assert_eq!(items.len(), findings.len());
    assert_eq!(items[0]["code"], "ACM-NET-002");
    assert_eq!(items[0]["name"], "NET_REFUSED");
    assert_eq!(items[0]["breaking"], true);
    assert!(
        items
            .iter()
            .all(|i| i["advice"].is_string() && i["field"].is_string())
    );

    // Groups with a breaking finding come first; inside a group, breaking findings first.
    let new = load(&corpus_dir().join("text-edits/new.yaml"));
    let mut edited = load(&corpus_dir().join("param-added/new.yaml"));
    edited.registry.title = new.registry.title.clone();
    let findings = diff::diff(&old, &edited);
    let human = diff::render_human(&findings, "a", "b");
    let registry = human.find("registry\n").expect("registry group");
    let code = human.find("code ACM-FRM-001").expect("code group");
    assert!(code < registry, "breaking group first:\n{human}");
    let b = human.find("BREAKING   param-added").expect("breaking");
    let c = human
        .find("compatible message-changed")
        .expect("compatible");
    assert!(b < c, "{human}");
}

/// Hostile catalogue text can neither drive the terminal nor reorder the human report:
/// control characters and every bidi control are shown as escapes. U+061C (the Arabic
/// letter mark) was missing from the report's own list until the lists became one.
#[test]
fn human_report_neutralises_controls_and_bidi() {
    let old = load(&corpus_dir().join("base.yaml"));
    let mut new = old.clone();
    new.registry.title = "Acme\u{61c} \u{202e}errors\u{2066}\u{200f}\u{1b}[31m".into();
    let findings = diff::diff(&old, &new);
    assert!(!findings.is_empty());
    let human = diff::render_human(&findings, "old\u{61c}.yaml", "new.yaml");
    for c in ['\u{61c}', '\u{202e}', '\u{2066}', '\u{200f}', '\u{1b}'] {
        assert!(!human.contains(c), "{c:?} reached the terminal:\n{human}");
        assert!(
            human.contains(&format!("\\u{{{:x}}}", c as u32)),
            "{c:?}:\n{human}"
        );
    }
}

/// The real catalogues under tests/fixtures diff clean against themselves, and errdex's own
/// catalogue too.
#[test]
fn self_diff_is_empty() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut paths = vec![root.join("errors.yaml")];
    if let Ok(rd) = std::fs::read_dir(root.join("tests/fixtures")) {
        paths.extend(
            rd.filter_map(|e| e.ok())
                .map(|e| e.path().join("errors.yaml")),
        );
    }
    for p in paths.iter().filter(|p| p.exists()) {
        let src = std::fs::read_to_string(p).expect("read");
        let Some(cat) = errdex_codegen::load_str(&src, "errors.yaml").catalogue else {
            continue;
        };
        let findings = diff::diff(&cat, &cat);
        assert!(
            findings.is_empty(),
            "{}:\n{}",
            p.display(),
            describe(&findings)
        );
    }
}

/// A docs address change says how to keep the old address (`docs.moved`), and a retired
/// code says where its old address now leads.
#[test]
fn redirect_advice() {
    let dir = corpus_dir();
    let base = load(&dir.join("base.yaml"));
    let moved = load(&dir.join("namespace-changed/new.yaml"));
    let f = diff::diff(&base, &moved);
    let url = f
        .iter()
        .find(|f| f.kind == ChangeKind::DocsUrlChanged)
        .expect("docs-url-changed");
    assert!(
        url.advice
            .contains(r#"`docs: {moved: {"general.html#acm-cfg-001": ACM-CFG-001}}`"#),
        "{}",
        url.advice
    );
    let case = dir.join("code-retired-redirected");
    let f = diff::diff(&load(&case.join("old.yaml")), &load(&case.join("new.yaml")));
    let retired = f
        .iter()
        .find(|f| f.kind == ChangeKind::CodeRetired)
        .expect("code-retired");
    assert!(
        retired.advice.ends_with(
            "Its docs address now leads to gateway_unreachable (`gateway_unreachable.html`)."
        ),
        "{}",
        retired.advice
    );
}

/// A rename's advice names the identifiers user code writes in every language that
/// `errdex usage` searches, old → new (`idents::IDENTS`), Go's constant and constructor
/// among them.
#[test]
fn rename_advice_names_each_language_identifiers() {
    let old = load(&corpus_dir().join("base.yaml"));
    let new = load(&corpus_dir().join("renamed/new.yaml"));
    let findings = diff::diff(&old, &new);
    let human = diff::render_human(&findings, "a", "b");
    for want in [
        "Rust `ErrorCode::FrmTooLong` → `ErrorCode::FrmFieldTooLong`",
        "TypeScript `ErrorCode.FRM_TOO_LONG` → `ErrorCode.FRM_FIELD_TOO_LONG`",
        "`frm_too_long()` → `frm_field_too_long()`",
        "Go `CodeFrmTooLong` → `CodeFrmFieldTooLong`, `NewFrmTooLong()` → `NewFrmFieldTooLong()`",
    ] {
        assert!(human.contains(want), "no {want:?} in\n{human}");
    }
}

/// A rename of case alone lists only the identifiers that change: the Rust variant
/// `FrmTooLong` is the same for `FRM_TOO_LONG` and `frm_too_long`, so it is not listed as
/// changing into itself.
#[test]
fn a_rename_of_case_lists_only_identifiers_that_change() {
    let old = load(&corpus_dir().join("base.yaml"));
    let text = std::fs::read_to_string(corpus_dir().join("base.yaml")).expect("base");
    let new = errdex_codegen::load_str(
        &text.replace("  FRM_TOO_LONG:", "  frm_too_long:"),
        "new.yaml",
    )
    .catalogue
    .expect("valid");
    let human = diff::render_human(&diff::diff(&old, &new), "a", "b");
    assert!(
        human.contains("renamed: name: FRM_TOO_LONG → frm_too_long"),
        "{human}"
    );
    assert!(
        !human.contains("`ErrorCode::FrmTooLong` → `ErrorCode::FrmTooLong`")
            && human
                .contains("The generated identifiers stay, but `FRM_TOO_LONG` no longer parses"),
        "{human}"
    );
}

/// A param change's advice quotes the Rust constructor as the generated module declares it:
/// Rust argument names and types (`limit: i64` → `limit: f64`), not the catalogue's
/// (`integer`, `number`), which are in the finding's old and new values.
#[test]
fn param_advice_quotes_the_rust_signature() {
    let old = load(&corpus_dir().join("base.yaml"));
    let new = load(&corpus_dir().join("param-retyped/new.yaml"));
    let findings = diff::diff(&old, &new);
    let f = findings
        .iter()
        .find(|f| f.kind == ChangeKind::ParamRetyped)
        .expect("param-retyped");
    assert_eq!(f.old.as_deref(), Some("limit: integer"));
    assert_eq!(f.new.as_deref(), Some("limit: number"));
    assert!(
        f.advice.contains(
            "(`Error::frm_too_long(field: impl Into<String>, limit: i64)` → \
             `Error::frm_too_long(field: impl Into<String>, limit: f64)`)"
        ),
        "{}",
        f.advice
    );
}

/// The advice for a removed code is YAML the catalogue takes as is: pasted into `retired:`
/// (its `<version>` filled in), it loads without a diagnostic and retires that code. SQLite's
/// codes are numbers, which YAML reads as integers unless quoted (a retired key must be a
/// string, EDX0101): the advice quotes them.
#[test]
fn a_removed_codes_advice_pastes_into_retired() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/sqlite/errors.yaml");
    let text = std::fs::read_to_string(&path).expect("the SQLite fixture");
    let old = errdex_codegen::load_str(&text, "errors.yaml")
        .catalogue
        .expect("the fixture loads");
    // `error_retry` (code "513") taken out with its lines.
    let start = text.find("\n  error_retry:\n").expect("the entry") + 1;
    let end = start
        + text[start..]
            .match_indices("\n  ")
            .map(|(i, _)| i + 1)
            .find(|&i| !text[start + i..].starts_with("   "))
            .expect("a next entry");
    assert!(
        text[start..].starts_with("  error_retry:") && !text[end..].starts_with("  error_retry")
    );
    let without = format!("{}{}", &text[..start], &text[end..]);
    let new = errdex_codegen::load_str(&without, "errors.yaml")
        .catalogue
        .expect("the edited fixture loads");
    let removed = diff::diff(&old, &new)
        .into_iter()
        .find(|f| f.kind == ChangeKind::CodeRemoved)
        .expect("the removal is reported");
    assert_eq!(removed.code, "513");
    let advice = &removed.advice;
    let snippet = advice
        .split_once("can never be reused (`")
        .and_then(|(_, rest)| rest.split_once("`)"))
        .map(|(s, _)| s)
        .unwrap_or_else(|| panic!("no snippet in {advice:?}"));
    assert!(
        snippet.starts_with("\"513\": { name: error_retry,"),
        "{snippet}"
    );
    assert!(
        !without.contains("\nretired:"),
        "the fixture has no retired: yet"
    );
    let retired = format!(
        "{without}retired:\n  {}\n",
        snippet.replace("<version>", "2.0.0")
    );
    let loaded = errdex_codegen::load_str(&retired, "errors.yaml");
    assert!(
        loaded.diagnostics.is_empty(),
        "{snippet}\n{:#?}",
        loaded.diagnostics
    );
    let cat = loaded.catalogue.expect("loads");
    assert!(
        cat.retired
            .iter()
            .any(|r| r.code == "513" && r.name.as_deref() == Some("error_retry")),
        "{:?}",
        cat.retired
    );
    // And the diff of the two is no longer breaking for that code.
    assert!(
        diff::diff(&old, &cat)
            .iter()
            .all(|f| f.kind != ChangeKind::CodeRemoved),
    );
}
