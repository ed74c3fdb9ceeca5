//! `errdex diff` against every real catalogue of the repository (the fixtures and errdex's
//! own): each entry is mutated one fact at a time in the IR, and the diff must report the
//! matching breaking kind, or nothing breaking for a compatible mutation.

use std::path::{Path, PathBuf};

use errdex_codegen::Catalogue;
use errdex_codegen::diff::{self, ChangeKind};
use errdex_codegen::ir::{Deprecation, Param, ParamType, Retired, Retry};
use errdex_codegen::names;

fn catalogues() -> Vec<(PathBuf, Catalogue)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut paths = vec![root.join("errors.yaml"), root.join("tests/diff/base.yaml")];
    if let Ok(rd) = std::fs::read_dir(root.join("tests/fixtures")) {
        let mut more: Vec<_> = rd
            .filter_map(|e| e.ok())
            .map(|e| e.path().join("errors.yaml"))
            .filter(|p| p.exists())
            .collect();
        more.sort();
        paths.extend(more);
    }
    paths
        .into_iter()
        .filter_map(|p| {
            // With its parts (tests/fixtures/split).
            let cat = errdex_codegen::load_path_as(&p, "errors.yaml")
                .ok()?
                .catalogue?;
            Some((p, cat))
        })
        .collect()
}

type Mutation = (&'static str, fn(&mut Catalogue, usize) -> bool);

fn rename(c: &mut Catalogue, i: usize) -> bool {
    let e = &mut c.errors[i];
    e.name = format!("{}_V2", e.name.to_uppercase());
    e.ids = errdex_codegen::ir::EntryIds::derive(&e.name);
    true
}

fn param(name: &str, ty: ParamType) -> Param {
    Param {
        name: name.into(),
        ty,
        ids: errdex_codegen::ir::ParamIds {
            rust: name.into(),
            ts: name.into(),
            py: errdex_codegen::names::py_param(name),
            go: errdex_codegen::names::go_param(name),
        },
        schema: None,
        example: None,
    }
}

/// Breaking mutations: (expected kind, mutation). A mutation returns false when it does not
/// apply to the entry (e.g. no params to remove).
const BREAKING: &[Mutation] = &[
    ("code-changed", |c, i| {
        c.errors[i].code.push_str("-X");
        true
    }),
    ("retryable-changed", |c, i| {
        c.errors[i].retryable = !c.errors[i].retryable;
        true
    }),
    ("exit-code-changed", |c, i| {
        c.errors[i].exit_code = c.errors[i].exit_code.wrapping_add(1);
        true
    }),
    ("http-status-changed", |c, i| {
        c.errors[i].http_status += 1;
        true
    }),
    ("jsonrpc-code-changed", |c, i| {
        c.errors[i].jsonrpc_code -= 1;
        true
    }),
    ("category-changed", |c, i| {
        let n = c.categories.len();
        if n < 2 {
            return false;
        }
        c.errors[i].category = (c.errors[i].category + 1) % n;
        true
    }),
    ("namespace-changed", |c, i| {
        let n = c.namespaces.len();
        if n == 0 {
            return false;
        }
        c.errors[i].namespace = match c.errors[i].namespace {
            None => Some(0),
            Some(k) if n > 1 => Some((k + 1) % n),
            Some(_) => None,
        };
        true
    }),
    ("param-added", |c, i| {
        c.errors[i]
            .params
            .push(param("zz_new_param", ParamType::String));
        true
    }),
    ("param-removed", |c, i| c.errors[i].params.pop().is_some()),
    ("param-retyped", |c, i| {
        match c.errors[i].params.first_mut() {
            Some(p) => {
                p.ty = if p.ty == ParamType::Integer {
                    ParamType::String
                } else {
                    ParamType::Integer
                };
                true
            }
            None => false,
        }
    }),
    ("params-reordered", |c, i| {
        let ps = &mut c.errors[i].params;
        if ps.len() < 2 {
            return false;
        }
        ps.reverse();
        true
    }),
    ("renamed", rename),
    ("code-removed", |c, i| {
        c.errors.remove(i);
        // Keep deprecation indices pointing somewhere valid.
        for e in &mut c.errors {
            if let Some(d) = e.deprecated.as_mut() {
                d.replaced_by = None;
            }
        }
        true
    }),
    ("alias-removed", |c, i| c.errors[i].aliases.pop().is_some()),
    ("legacy-code-removed", |c, i| {
        c.errors[i].legacy_codes.pop().is_some()
    }),
    ("docs-url-changed", |c, i| {
        c.errors[i].docs_url.push_str("-moved");
        true
    }),
];

/// Compatible mutations: (expected kind, mutation).
const COMPATIBLE: &[Mutation] = &[
    ("summary-changed", |c, i| {
        c.errors[i].summary.push_str(" (reworded)");
        true
    }),
    ("message-changed", |c, i| {
        c.errors[i].message.raw.push_str(" (reworded)");
        true
    }),
    ("explanation-changed", |c, i| {
        c.errors[i].explanation = Some("A new explanation.".into());
        true
    }),
    ("since-changed", |c, i| {
        c.errors[i].since = Some("9.9.9".into());
        true
    }),
    ("deprecated", |c, i| {
        if c.errors[i].deprecated.is_some() {
            return false;
        }
        c.errors[i].deprecated = Some(Deprecation {
            since: Some("9.0.0".into()),
            replaced_by: None,
            note: Some("going away".into()),
        });
        true
    }),
    ("alias-added", |c, i| {
        c.errors[i].aliases.push("SOME_NEW_ALIAS_XYZ".into());
        true
    }),
    ("legacy-code-added", |c, i| {
        c.errors[i].legacy_codes.push("OLD-XYZ-999".into());
        true
    }),
    ("log-level-changed", |c, i| {
        c.errors[i].expected = !c.errors[i].expected;
        true
    }),
    ("retry-advice-changed", |c, i| {
        c.errors[i].retry = Some(Retry {
            max_attempts: Some(99),
            initial_backoff_ms: None,
            advice: Some("new advice".into()),
        });
        true
    }),
    ("code-retired", |c, i| {
        let e = c.errors.remove(i);
        for x in &mut c.errors {
            if let Some(d) = x.deprecated.as_mut() {
                d.replaced_by = None;
            }
        }
        c.retired.push(Retired {
            replaced_by: None,
            anchor: names::slug(&e.code),
            code: e.code,
            name: Some(e.name),
            since: None,
            note: None,
        });
        true
    }),
];

/// Entries per catalogue to mutate (spread over the catalogue), to keep the test fast.
const PER_CATALOGUE: usize = 25;

fn sample(n: usize) -> Vec<usize> {
    if n <= PER_CATALOGUE {
        (0..n).collect()
    } else {
        (0..PER_CATALOGUE).map(|k| k * n / PER_CATALOGUE).collect()
    }
}

#[test]
fn mutations_of_real_catalogues() {
    let cats = catalogues();
    assert!(cats.len() >= 3, "catalogues found: {}", cats.len());
    let mut checked = 0;
    let mut failures = Vec::new();
    for (path, cat) in &cats {
        // Deprecation indices shift when an entry is removed: normalise them away in the
        // baseline too, so only the mutation differs.
        let mut base = cat.clone();
        for e in &mut base.errors {
            if let Some(d) = e.deprecated.as_mut() {
                d.replaced_by = None;
            }
        }
        for i in sample(base.errors.len()) {
            for (kind, m) in BREAKING {
                let mut new = base.clone();
                if !m(&mut new, i) {
                    continue;
                }
                checked += 1;
                let found = diff::diff(&base, &new);
                let k = ChangeKind::from_id(kind).expect("kind");
                if !found.iter().any(|f| f.kind == k && f.breaking) {
                    failures.push(format!(
                        "{}: {} on {}: not reported ({:?})",
                        path.display(),
                        kind,
                        base.errors[i].code,
                        found.iter().map(|f| f.kind.as_str()).collect::<Vec<_>>()
                    ));
                }
            }
            for (kind, m) in COMPATIBLE {
                let mut new = base.clone();
                if !m(&mut new, i) {
                    continue;
                }
                checked += 1;
                let found = diff::diff(&base, &new);
                let k = ChangeKind::from_id(kind).expect("kind");
                let breaking: Vec<_> = found
                    .iter()
                    .filter(|f| f.breaking)
                    .map(|f| format!("{} {}", f.kind.as_str(), f.code))
                    .collect();
                if !breaking.is_empty() || !found.iter().any(|f| f.kind == k) {
                    failures.push(format!(
                        "{}: {} on {}: breaking {:?}, found {:?}",
                        path.display(),
                        kind,
                        base.errors[i].code,
                        breaking,
                        found.iter().map(|f| f.kind.as_str()).collect::<Vec<_>>()
                    ));
                }
            }
        }
    }
    assert!(checked > 500, "only {checked} mutations applied");
    assert!(
        failures.is_empty(),
        "{} of {checked} mutations misjudged:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
