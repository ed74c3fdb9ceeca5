//! The parts of a catalogue in many files, once read ([`super::sources`]): their own rules
//! (what a part may hold, its `part:` header, the codes its range or prefix allows, ranges
//! that overlap, a namespace with two owners), then their `namespaces` and `errors`
//! appended to the root's tree. Pure: nodes in, nodes and diagnostics out.

use std::collections::BTreeMap;

use crate::diag::{DiagCode, Diagnostic, Span};

use super::format::keys::top;
use super::tree::{Kind, Node};

/// One listed part, read and parsed at its base.
/// `N` is the parsed tree of a file, or (while the files are read, before they are parsed
/// together on several threads) its index among them.
pub(super) struct Part<N = Node> {
    /// Where the root lists it (a glob's or folder's files share the listing's span).
    pub listed: Span,
    /// Its path, relative to the root's folder (a folder's ends in `/`).
    pub path: String,
    pub source: PartSource<N>,
}

pub(super) enum PartSource<N = Node> {
    /// A part file: `part`, `namespaces`, `errors`.
    File(N),
    /// A folder of one file per code, with its `_part.yaml` (a part file) if any.
    Folder {
        header: Option<N>,
        entries: Vec<PartEntry<N>>,
    },
}

impl Part<usize> {
    /// The part with its files' trees (`trees[i]` of file `i`; `None`: it did not parse,
    /// and the part, header or entry is left out).
    pub(super) fn with_trees(self, trees: &mut [Option<Node>]) -> Option<Part> {
        let mut take = |i: usize| trees.get_mut(i).and_then(Option::take);
        let source = match self.source {
            PartSource::File(i) => PartSource::File(take(i)?),
            PartSource::Folder { header, entries } => PartSource::Folder {
                header: header.and_then(&mut take),
                entries: entries
                    .into_iter()
                    .filter_map(|e| {
                        Some(PartEntry {
                            node: take(e.node)?,
                            code: e.code,
                            explanation: e.explanation,
                        })
                    })
                    .collect(),
            },
        };
        Some(Part {
            listed: self.listed,
            path: self.path,
            source,
        })
    }
}

/// `<CODE>.yaml` of a folder part, and `<CODE>.md` beside it.
pub(super) struct PartEntry<N = Node> {
    pub code: String,
    pub node: N,
    /// The Markdown text, its span (the whole file) and its path.
    pub explanation: Option<(String, Span, String)>,
}

/// The codes a part may allocate (`part.range` or `part.prefix`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Allowed {
    /// `PREFIX` + `width` digits, from `low` to `high`.
    Range {
        prefix: String,
        width: usize,
        low: u64,
        high: u64,
    },
    Prefix(String),
}

impl Allowed {
    /// Reads `low..high` (`ACM-FRM-100..ACM-FRM-199`); else what is wrong with it, for
    /// EDX0106's "expected".
    pub fn parse_range(text: &str) -> Result<Allowed, String> {
        const FORM: &str =
            "low..high, two codes of one prefix with as many digits (ACM-FRM-100..ACM-FRM-199)";
        let Some((a, b)) = text.split_once("..") else {
            return Err(FORM.to_string());
        };
        let (a, b) = (a.trim(), b.trim());
        let split = |s: &str| {
            let digits = s.len() - s.trim_end_matches(|c: char| c.is_ascii_digit()).len();
            let (p, d) = s.split_at(s.len() - digits);
            (p.to_string(), d.to_string())
        };
        let ((pa, da), (pb, db)) = (split(a), split(b));
        if da.is_empty() || db.is_empty() {
            return Err(format!("each end ending in digits: {FORM}"));
        }
        if pa != pb {
            return Err(format!(
                "one prefix at both ends (`{pa}` and `{pb}` differ): {FORM}"
            ));
        }
        if da.len() != db.len() {
            return Err(format!(
                "as many digits at both ends (`{a}` has {}, `{b}` has {}; codes that are bare numbers of any width fit no range: give the part a `prefix`, or neither): {FORM}",
                da.len(),
                db.len()
            ));
        }
        if da.len() > 18 {
            return Err(format!("at most 18 digits: {FORM}"));
        }
        let (low, high): (u64, u64) = (
            da.parse().map_err(|_| FORM.to_string())?,
            db.parse().map_err(|_| FORM.to_string())?,
        );
        if low > high {
            return Err(format!("the low end first (`{b}..{a}`)"));
        }
        Ok(Allowed::Range {
            prefix: pa,
            width: da.len(),
            low,
            high,
        })
    }

    pub fn allows(&self, code: &str) -> bool {
        match self {
            Allowed::Prefix(p) => code.starts_with(p.as_str()),
            Allowed::Range {
                prefix,
                width,
                low,
                high,
            } => code.strip_prefix(prefix.as_str()).is_some_and(|d| {
                d.len() == *width
                    && d.bytes().all(|b| b.is_ascii_digit())
                    && d.parse::<u64>().is_ok_and(|n| (*low..=*high).contains(&n))
            }),
        }
    }

    /// How messages name it.
    pub fn describe(&self) -> String {
        match self {
            Allowed::Prefix(p) => format!("the prefix `{p}`"),
            Allowed::Range {
                prefix,
                width,
                low,
                high,
            } => format!("the range `{prefix}{low:0width$}..{prefix}{high:0width$}`"),
        }
    }

    /// Whether some code is allowed by both.
    pub fn overlaps(&self, other: &Allowed) -> bool {
        use Allowed::{Prefix, Range};
        match (self, other) {
            (Prefix(a), Prefix(b)) => a.starts_with(b.as_str()) || b.starts_with(a.as_str()),
            (
                Range {
                    prefix: pa,
                    width: wa,
                    low: la,
                    high: ha,
                },
                Range {
                    prefix: pb,
                    width: wb,
                    low: lb,
                    high: hb,
                },
            ) => pa == pb && wa == wb && la <= hb && lb <= ha,
            (Prefix(p), r @ Range { .. }) | (r @ Range { .. }, Prefix(p)) => {
                let Range {
                    prefix,
                    width,
                    low,
                    high,
                } = r
                else {
                    return false;
                };
                if p.len() <= prefix.len() {
                    return prefix.starts_with(p.as_str());
                }
                let Some(rest) = p.strip_prefix(prefix.as_str()) else {
                    return false;
                };
                if rest.len() > *width || !rest.bytes().all(|b| b.is_ascii_digit()) {
                    return false;
                }
                let Ok(lead) = rest.parse::<u64>() else {
                    return false;
                };
                let scale = 10u64.pow((width - rest.len()) as u32);
                lead * scale <= *high && *low < (lead + 1) * scale
            }
        }
    }
}

/// A part's header, read.
#[derive(Default)]
struct Header {
    owner: Option<(String, Span)>,
    allowed: Option<(Allowed, Span)>,
}

const HEADER: &str = "part";

/// Checks every part and appends its `namespaces` and `errors` to the root's. Returns each
/// part's path with its owner, for the parts that name one.
pub(super) fn merge(
    root: &mut Node,
    parts: Vec<Part>,
    diags: &mut Vec<Diagnostic>,
) -> Vec<(String, String)> {
    let mut namespaces: Vec<(Node, Node)> = Vec::new();
    let mut errors: Vec<(Node, Node)> = Vec::new();
    let mut owners = Vec::new();
    // Per part: its header and the range of `errors` it added.
    let mut headers: Vec<(Header, std::ops::Range<usize>, std::ops::Range<usize>)> = Vec::new();
    for part in parts {
        let (ns0, e0) = (namespaces.len(), errors.len());
        let header = match part.source {
            PartSource::File(node) => part_file(node, &mut namespaces, &mut errors, diags),
            PartSource::Folder { header, entries } => {
                let h = header
                    .map(|n| part_file(n, &mut namespaces, &mut errors, diags))
                    .unwrap_or_default();
                for entry in entries {
                    errors.extend(entry_file(entry, &part.path, diags));
                }
                h
            }
        };
        let _ = part.listed;
        if let Some((owner, _)) = &header.owner {
            owners.push((part.path.clone(), owner.clone()));
        }
        headers.push((header, ns0..namespaces.len(), e0..errors.len()));
    }
    let ranges: Vec<&(Allowed, Span)> = headers
        .iter()
        .filter_map(|(h, ..)| h.allowed.as_ref())
        .collect();
    for (h, _, e) in &headers {
        if let Some((allowed, span)) = &h.allowed {
            for (_, value) in &errors[e.clone()] {
                code_outside_range(value, allowed, *span, &ranges, diags);
            }
        }
    }
    ranges_overlap(&headers, diags);
    code_in_another_range(&headers, &errors, root, diags);
    conflicting_owners(&headers, &namespaces, &errors, diags);
    if !namespaces.is_empty() {
        append(root, top::NAMESPACES.name(), namespaces);
    }
    // Always: a root with parts needs no `errors:` of its own, even while no part has a
    // code yet.
    append(root, top::ERRORS.name(), errors);
    owners
}

/// EDX0807: a code its part's range or prefix does not allow; with the part whose range
/// allows it, if one does (`ranges`: every part's).
fn code_outside_range(
    entry: &Node,
    allowed: &Allowed,
    at: Span,
    ranges: &[&(Allowed, Span)],
    diags: &mut Vec<Diagnostic>,
) {
    let Some(code) = value_of(entry, "code") else {
        return;
    };
    let Some(text) = code.as_str() else {
        return;
    };
    if !allowed.allows(text) {
        let d = Diagnostic::new(
            DiagCode::CodeOutsideRange,
            Some(code.span),
            &[("code", text), ("range", &allowed.describe())],
        )
        .with_note(Some(at), "the part's codes")
        .with_help(
            "move the entry to the part that owns its code, or give it a code of this part (`errdex new`)",
        );
        let owner = ranges.iter().find(|(a, _)| a.allows(text));
        diags.push(match owner {
            Some((other, span)) => d.with_note(
                Some(*span),
                format!("the part that allocates {}", other.describe()),
            ),
            None => d,
        });
    }
}

/// EDX0812: a code inside a part's range or prefix, declared where no range or prefix says
/// what may be allocated (a part without one, or the root): that part's team would find its
/// next code taken, or skip it without knowing why. (A part with a range of its own is held
/// to it by EDX0807, and two ranges that meet are EDX0808.)
fn code_in_another_range(
    headers: &[(Header, std::ops::Range<usize>, std::ops::Range<usize>)],
    errors: &[(Node, Node)],
    root: &Node,
    diags: &mut Vec<Diagnostic>,
) {
    let ranges: Vec<&(Allowed, Span)> = headers
        .iter()
        .filter_map(|(h, ..)| h.allowed.as_ref())
        .collect();
    if ranges.is_empty() {
        return;
    }
    let unranged = headers
        .iter()
        .filter(|(h, ..)| h.allowed.is_none())
        .flat_map(|(_, _, e)| errors[e.clone()].iter());
    let own = match value_of(root, top::ERRORS.name()).map(|n| &n.kind) {
        Some(Kind::Map(pairs)) => pairs.as_slice(),
        _ => &[],
    };
    for (_, entry) in own.iter().chain(unranged) {
        let Some(code) = value_of(entry, "code") else {
            continue;
        };
        let Some(text) = code.as_str() else {
            continue;
        };
        if let Some((allowed, at)) = ranges.iter().find(|(a, _)| a.allows(text)) {
            diags.push(
                Diagnostic::new(
                    DiagCode::CodeInAnotherRange,
                    Some(code.span),
                    &[("code", text), ("range", &allowed.describe())],
                )
                .with_note(Some(*at), "that part's codes")
                .with_help(
                    "move the entry to that part, or give it a code outside the parts' ranges",
                ),
            );
        }
    }
}

/// EDX0808: two parts that may allocate the same code.
fn ranges_overlap(
    headers: &[(Header, std::ops::Range<usize>, std::ops::Range<usize>)],
    diags: &mut Vec<Diagnostic>,
) {
    let allowed: Vec<&(Allowed, Span)> = headers
        .iter()
        .filter_map(|(h, ..)| h.allowed.as_ref())
        .collect();
    // One report for each part that meets earlier ones, naming every one it meets (three
    // parts that share codes pairwise are three pairs, not two).
    for (i, (a, span)) in allowed.iter().enumerate() {
        let mut met = allowed[..i]
            .iter()
            .map(|x| (&x.0, x.1))
            .filter(|(b, _)| a.overlaps(b));
        let Some((b, first)) = met.next() else {
            continue;
        };
        let mut d = Diagnostic::new(
            DiagCode::RangesOverlap,
            Some(*span),
            &[("range", &a.describe()), ("other", &b.describe())],
        )
        .with_note(Some(first), "the other part's codes");
        for (b, at) in met {
            d = d.with_note(
                Some(at),
                format!("also overlaps this part's codes: {}", b.describe()),
            );
        }
        diags.push(d.with_help("give each part codes of its own"));
    }
}

/// What keeps `owner` from being written to a CODEOWNERS line (EDX0810), if anything: each of
/// its owners, separated by white space, is `@user`, `@org/team` (GitLab: `@group/subgroup`,
/// any depth) or an email address.
fn owner_problem(owner: &str) -> Option<String> {
    let name_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    if owner.split_whitespace().next().is_none() {
        return Some("it names no owner".into());
    }
    for one in owner.split_whitespace() {
        let ok = match one.strip_prefix('@') {
            Some(handle) => handle
                .split('/')
                .all(|segment| !segment.is_empty() && segment.chars().all(name_char)),
            None => one.split_once('@').is_some_and(|(local, domain)| {
                !local.is_empty()
                    && !one.contains('#')
                    && domain.split('.').count() >= 2
                    && domain
                        .split('.')
                        .all(|label| !label.is_empty() && label.chars().all(name_char))
            }),
        };
        if !ok {
            return Some(format!(
                "`{one}` is not `@user`, `@org/team` or an email address"
            ));
        }
    }
    None
}

/// Owners as CODEOWNERS compares them: without regard to case or to the spaces between two.
fn same_owner(a: &str, b: &str) -> bool {
    a.split_whitespace()
        .map(str::to_ascii_lowercase)
        .eq(b.split_whitespace().map(str::to_ascii_lowercase))
}

/// EDX0809: a namespace declared or used by parts of two different owners.
fn conflicting_owners(
    headers: &[(Header, std::ops::Range<usize>, std::ops::Range<usize>)],
    namespaces: &[(Node, Node)],
    errors: &[(Node, Node)],
    diags: &mut Vec<Diagnostic>,
) {
    let mut owner_of: BTreeMap<String, (String, Span)> = BTreeMap::new();
    for (h, ns, es) in headers {
        let Some((owner, _)) = &h.owner else {
            continue;
        };
        let declared = namespaces[ns.clone()]
            .iter()
            .filter_map(|(k, _)| k.as_str().map(|s| (s.to_string(), k.span)));
        let used = errors[es.clone()].iter().filter_map(|(_, v)| {
            let n = value_of(v, "namespace")?;
            n.as_str().map(|s| (s.to_string(), n.span))
        });
        for (name, span) in declared.chain(used) {
            match owner_of.get(&name) {
                None => {
                    owner_of.insert(name, (owner.clone(), span));
                }
                Some((other, first)) if !same_owner(other, owner) => {
                    diags.push(
                        Diagnostic::new(
                            DiagCode::ConflictingOwners,
                            Some(span),
                            &[("namespace", &name), ("owner", owner), ("other", other)],
                        )
                        .with_note(Some(*first), "owned by the other part here")
                        .with_help("keep a namespace in the parts of one owner, or give its parts the same owner"),
                    );
                    // One report per namespace and owner.
                    owner_of.insert(name.clone(), (owner.clone(), span));
                }
                Some(_) => {}
            }
        }
    }
}

/// A part file's keys: its header, its namespaces and errors (appended), nothing else.
fn part_file(
    node: Node,
    namespaces: &mut Vec<(Node, Node)>,
    errors: &mut Vec<(Node, Node)>,
    diags: &mut Vec<Diagnostic>,
) -> Header {
    let mut header = Header::default();
    let span = node.span;
    let Kind::Map(pairs) = node.kind else {
        diags.push(
            Diagnostic::new(
                DiagCode::WrongType,
                Some(span),
                &[
                    ("key", "(top level)"),
                    (
                        "expected",
                        "a part file: a mapping of `part`, `namespaces` and `errors`",
                    ),
                    ("found", &node.kind.describe()),
                ],
            )
            .with_help("a file that is not a part should not be listed in the root's `parts`"),
        );
        return header;
    };
    for (key, value) in pairs {
        let name = key.as_str().unwrap_or("");
        if name == HEADER {
            header = read_header(&value, diags);
        } else if name == top::NAMESPACES.name() || name == top::ERRORS.name() {
            let into = if name == top::ERRORS.name() {
                &mut *errors
            } else {
                &mut *namespaces
            };
            match value.kind {
                Kind::Map(items) => into.extend(items),
                Kind::Null => {}
                other => diags.push(Diagnostic::new(
                    DiagCode::WrongType,
                    Some(value.span),
                    &[
                        ("key", name),
                        ("expected", "a mapping"),
                        ("found", &other.describe()),
                    ],
                )),
            }
        } else if super::format::TOP.keys.iter().any(|k| k.name == name)
            || name == top::PARTS.name()
        {
            diags.push(
                Diagnostic::new(DiagCode::RootOnlySection, Some(key.span), &[("key", name)])
                    .with_help("a part holds `part`, `namespaces` and `errors`; move this section to the root catalogue"),
            );
        } else {
            let mut d = Diagnostic::new(
                DiagCode::UnknownKey,
                Some(key.span),
                &[
                    ("key", name),
                    (
                        "context",
                        "a part (it holds `part`, `namespaces` and `errors`)",
                    ),
                ],
            );
            d.help = crate::support::suggest::did_you_mean(
                name,
                [HEADER, top::NAMESPACES.name(), top::ERRORS.name()],
            );
            diags.push(d);
        }
    }
    header
}

/// `part: {owner, range | prefix, description}`.
fn read_header(node: &Node, diags: &mut Vec<Diagnostic>) -> Header {
    let mut header = Header::default();
    let Kind::Map(pairs) = &node.kind else {
        diags.push(Diagnostic::new(
            DiagCode::WrongType,
            Some(node.span),
            &[
                ("key", HEADER),
                ("expected", "a mapping"),
                ("found", &node.kind.describe()),
            ],
        ));
        return header;
    };
    for (key, value) in pairs {
        let name = key.as_str().unwrap_or("");
        let known = super::format::PART_HEADER_KEYS
            .iter()
            .any(|(key, _)| *key == name);
        let text = match &value.kind {
            Kind::Str(s) if known && !s.is_empty() => s,
            _ if known => {
                diags.push(Diagnostic::new(
                    DiagCode::WrongType,
                    Some(value.span),
                    &[
                        ("key", name),
                        ("expected", "a non-empty string"),
                        ("found", &value.kind.describe()),
                    ],
                ));
                continue;
            }
            _ => {
                let mut d = Diagnostic::new(
                    DiagCode::UnknownKey,
                    Some(key.span),
                    &[
                        ("key", name),
                        ("context", "`part` (owner, range, prefix, description)"),
                    ],
                );
                d.help = crate::support::suggest::did_you_mean(
                    name,
                    super::format::PART_HEADER_KEYS.iter().map(|(key, _)| *key),
                );
                diags.push(d);
                continue;
            }
        };
        match name {
            "owner" => match owner_problem(text) {
                None => header.owner = Some((text.clone(), value.span)),
                Some(problem) => diags.push(
                    Diagnostic::new(
                        DiagCode::InvalidOwner,
                        Some(value.span),
                        &[("owner", text), ("problem", &problem)],
                    )
                    .with_help("write the owner as `@user`, `@org/team` or an email address; several are separated by spaces"),
                ),
            },
            "range" | "prefix" => {
                if header.allowed.is_some() {
                    diags.push(Diagnostic::new(
                        DiagCode::BadValue,
                        Some(key.span),
                        &[
                            ("key", name),
                            ("found", "given with the other"),
                            ("expected", "a part has a `range` or a `prefix`, not both"),
                        ],
                    ));
                    continue;
                }
                let allowed = if name == "prefix" {
                    Ok(Allowed::Prefix(text.clone()))
                } else {
                    Allowed::parse_range(text)
                };
                match allowed {
                    Ok(a) => header.allowed = Some((a, value.span)),
                    Err(expected) => diags.push(Diagnostic::new(
                        DiagCode::BadValue,
                        Some(value.span),
                        &[
                            ("key", name),
                            ("found", &format!("`{text}`")),
                            ("expected", &expected),
                        ],
                    )),
                }
            }
            _ => {}
        }
    }
    header
}

/// `<CODE>.yaml`: the entry under its `name`, its code the file's stem (a `code:` key must
/// say the same), its explanation `<CODE>.md` if there is one.
/// One `<CODE>.yaml` of the folder part `folder` (`teams/`).
fn entry_file(entry: PartEntry, folder: &str, diags: &mut Vec<Diagnostic>) -> Option<(Node, Node)> {
    let PartEntry {
        code,
        node,
        explanation,
    } = entry;
    let span = node.span;
    let Kind::Map(mut pairs) = node.kind else {
        diags.push(Diagnostic::new(
            DiagCode::WrongType,
            Some(span),
            &[
                ("key", &code),
                ("expected", "an error entry with its `name`"),
                ("found", &node.kind.describe()),
            ],
        ));
        return None;
    };
    let Some(i) = pairs.iter().position(|(k, _)| k.as_str() == Some("name")) else {
        let d = Diagnostic::new(
            DiagCode::MissingKey,
            Some(span),
            &[
                ("context", "an entry in a file of its own"),
                ("key", "name"),
            ],
        );
        // A part file in a folder listed as a folder part (`parts: [teams]` for
        // `teams/a.yaml`, `teams/b.yaml`): say so, not only that `name` is missing.
        let section = pairs.iter().find_map(|(k, _)| {
            k.as_str()
                .filter(|k| ["errors", "namespaces", "part"].contains(k))
        });
        diags.push(match section {
            Some(key) => d.with_help(format!(
                "this file has `{key}:`, so it looks like a part file, not one code: list the folder's files as parts (`{folder}*.yaml`) instead of the folder, which the root takes for a folder of one file per code"
            )),
            None => d,
        });
        return None;
    };
    let (_, name) = pairs.remove(i);
    match pairs.iter().find(|(k, _)| k.as_str() == Some("code")) {
        Some((_, given)) if given.as_str() != Some(code.as_str()) => {
            diags.push(Diagnostic::new(
                DiagCode::BadValue,
                Some(given.span),
                &[
                    ("key", "code"),
                    ("found", &given.kind.describe()),
                    (
                        "expected",
                        &format!("the file is named after its code, `{code}`"),
                    ),
                ],
            ));
        }
        Some(_) => {}
        None => pairs.insert(
            0,
            (
                Node {
                    kind: Kind::Str("code".into()),
                    span: name.span,
                },
                Node {
                    kind: Kind::Str(code.clone()),
                    span: name.span,
                },
            ),
        ),
    }
    if let Some((text, md_span, md)) = explanation {
        match pairs
            .iter()
            .find(|(k, _)| k.as_str() == Some("explanation"))
        {
            Some((k, _)) => diags.push(
                Diagnostic::new(
                    DiagCode::ExplanationTwice,
                    Some(k.span),
                    &[("code", &code), ("file", &md)],
                )
                .with_help("keep one: the Markdown file, or the `explanation` key"),
            ),
            None => pairs.push((
                Node {
                    kind: Kind::Str("explanation".into()),
                    span: Span { len: 0, ..md_span },
                },
                Node {
                    kind: Kind::Str(text),
                    span: md_span,
                },
            )),
        }
    }
    Some((
        name,
        Node {
            kind: Kind::Map(pairs),
            span,
        },
    ))
}

/// The value of `key` in the mapping `node`.
fn value_of<'n>(node: &'n Node, key: &str) -> Option<&'n Node> {
    match &node.kind {
        Kind::Map(pairs) => pairs
            .iter()
            .find(|(k, _)| k.as_str() == Some(key))
            .map(|(_, v)| v),
        _ => None,
    }
}

/// Appends `items` to the root's mapping `key` (made, empty, where the root has none).
fn append(root: &mut Node, key: &str, items: Vec<(Node, Node)>) {
    let root_span = root.span;
    let Kind::Map(top) = &mut root.kind else {
        return;
    };
    let at = match top.iter().position(|(k, _)| k.as_str() == Some(key)) {
        Some(i) => i,
        None => {
            let span = Span {
                len: 0,
                ..root_span
            };
            top.push((
                Node {
                    kind: Kind::Str(key.into()),
                    span,
                },
                Node {
                    kind: Kind::Map(Vec::new()),
                    span,
                },
            ));
            top.len() - 1
        }
    };
    let value = &mut top[at].1;
    match &mut value.kind {
        Kind::Map(pairs) => pairs.extend(items),
        Kind::Null => value.kind = Kind::Map(items),
        // A root `errors:` of another type is the validator's to refuse.
        _ => {}
    }
}

/// What `errdex new` reads of a part file: its `part:` header's owner and the codes it may
/// allocate, and the namespaces it declares.
#[derive(Debug, Default)]
pub struct PartHeader {
    pub owner: Option<String>,
    pub allowed: Option<Allowed>,
    /// The keys of its `namespaces:`, in order.
    pub namespaces: Vec<String>,
}

/// A part file's text, read leniently (the load reports its mistakes): its `part:` header
/// and its namespaces. `errdex new` reads it.
pub fn part_header(text: &str) -> PartHeader {
    let Ok(root) = super::tree::parse(text, &super::Limits::default()) else {
        return PartHeader::default();
    };
    let namespaces = match value_of(&root, top::NAMESPACES.name()).map(|n| &n.kind) {
        Some(Kind::Map(pairs)) => pairs
            .iter()
            .filter_map(|(k, _)| k.as_str().map(str::to_string))
            .collect(),
        _ => Vec::new(),
    };
    let Some(node) = value_of(&root, HEADER) else {
        return PartHeader {
            namespaces,
            ..PartHeader::default()
        };
    };
    let header = read_header(node, &mut Vec::new());
    PartHeader {
        owner: header.owner.map(|(o, _)| o),
        allowed: header.allowed.map(|(a, _)| a),
        namespaces,
    }
}

#[cfg(test)]
mod owner_tests {
    use super::{owner_problem, same_owner};

    #[test]
    fn owners_are_what_codeowners_names() {
        for ok in [
            "@octocat",
            "@acme/billing",
            "@Acme/Billing-Team_2",
            "@group/subgroup/team",
            "docs@example.com",
            "first.last+tag@mail.example.co.uk",
            "@acme/billing @acme/leads",
            "  @acme/billing\tdocs@example.com ",
        ] {
            assert_eq!(owner_problem(ok), None, "{ok}");
        }
        for bad in [
            "sqlite vfs team",
            "@",
            "@acme/",
            "@/billing",
            "@acme//billing",
            "@acme billing",
            "acme/billing",
            "me@localhost",
            "@me@example.com",
            "#me@example.com",
            "   ",
        ] {
            assert!(owner_problem(bad).is_some(), "{bad}");
        }
        assert_eq!(
            owner_problem("@acme/billing sqlite").as_deref(),
            Some("`sqlite` is not `@user`, `@org/team` or an email address")
        );
    }

    #[test]
    fn owners_compare_without_case_or_spacing() {
        assert!(same_owner("@SQLite/VFS", "@sqlite/vfs"));
        assert!(same_owner("@a  @b", "@a @b"));
        assert!(!same_owner("@a @b", "@b @a"));
        assert!(!same_owner("@acme/billing", "@acme/search"));
    }
}
