//! What `errdex usage` looks for, derived from the IR: per language, the identifiers the
//! targets generate for each code (from `names.rs`, as the IR carries them), the catalogue's
//! own `usage.patterns`, and the strings that start a code. One Aho-Corasick automaton per
//! language, leftmost-longest, so `ErrorCode::UnknownToolX` never passes for
//! `ErrorCode::UnknownTool`.

use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, MatchKind};

use crate::ir::{Catalogue, EntryIds};
use crate::targets::{self, TargetId};
use crate::template::Template;

/// The languages whose generated identifiers are known (the code targets' of
/// [`crate::targets::TARGETS`]); `Other` files (`usage.files`) are searched for code strings
/// and `usage.patterns` only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Lang {
    Code(TargetId),
    Other,
}

impl Lang {
    /// Every language, the code targets' first.
    pub fn all() -> impl Iterator<Item = Lang> {
        targets::languages()
            .map(|(t, _)| Lang::Code(t))
            .chain([Lang::Other])
    }

    /// The language of a file by its extension.
    pub fn of_extension(ext: &str) -> Option<Lang> {
        targets::languages()
            .find(|(_, l)| l.extensions.contains(&ext))
            .map(|(t, _)| Lang::Code(t))
    }

    fn index(self) -> usize {
        Lang::all().position(|l| l == self).unwrap_or(0)
    }
}

/// What a pattern found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// An identifier of the live entry at this index (`Catalogue::errors`).
    Entry(usize),
    /// An identifier of the retired code at this index (`Catalogue::retired`): its NAME's
    /// identifiers, which the targets no longer generate.
    Retired(usize),
    /// The start of something that may be a code: the token around it is classified.
    CodeString,
}

/// How a use was written, for the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via {
    Identifier,
    Pattern,
    CodeString,
    LegacyCode,
}

impl Via {
    pub fn as_str(self) -> &'static str {
        match self {
            Via::Identifier => "identifier",
            Via::Pattern => "pattern",
            Via::CodeString => "code",
            Via::LegacyCode => "legacy_code",
        }
    }
}

/// One searched-for string.
#[derive(Debug, Clone)]
struct Pattern {
    text: String,
    target: Target,
    via: Via,
    /// A bare name that counts only where the file imports it
    /// ([`crate::idents::IdentSpec::imported`]).
    imported: bool,
}

/// What a pattern finds, and whether it counts only where the file imports it
/// ([`crate::idents::IdentSpec::imported`]).
#[derive(Debug, Clone, Copy)]
pub struct Meaning {
    pub target: Target,
    pub via: Via,
    pub imported: bool,
}

/// One language's automaton and, by pattern index, what each pattern finds.
type Automaton = (AhoCorasick, Vec<Meaning>);

/// The automata and what each of their patterns means.
#[derive(Debug)]
pub struct Patterns {
    /// Per [`Lang`]: its patterns, and the automaton built from them the first time a file
    /// of that language is searched (`None` when the language has nothing to look for).
    by_lang: Vec<(Vec<Pattern>, OnceLock<Option<Automaton>>)>,
    /// Every fixed string of every language, deduplicated and sorted (the benchmark hands
    /// them to ripgrep).
    pub all: Vec<String>,
    /// The generated Python package's import name: the module an imported factory is
    /// called on.
    pub python_package: String,
}

impl Patterns {
    /// The patterns of `cat`; with `only`, those of that one entry (`errdex explain`).
    pub fn new(cat: &Catalogue, only: Option<usize>) -> Patterns {
        let mut lists: Vec<Vec<Pattern>> = vec![Vec::new(); Lang::all().count()];
        let extra: Vec<Template> = cat
            .usage
            .patterns
            .iter()
            .filter_map(|p| Template::parse(p, &crate::catalogue::format::USAGE_PLACEHOLDERS).ok())
            .collect();
        for (i, e) in cat.errors.iter().enumerate() {
            if only.is_some_and(|o| o != i) {
                continue;
            }
            let ids = Identifiers {
                name: &e.name,
                code: &e.code,
                ids: &e.ids,
                generated_in: Some(cat),
            };
            ids.push(&mut lists, Target::Entry(i), &extra);
            for text in std::iter::once(&e.code)
                .chain(&e.legacy_codes)
                .filter(|c| searchable(c))
            {
                for list in &mut lists {
                    list.push(Pattern {
                        text: text.clone(),
                        target: Target::CodeString,
                        via: Via::CodeString,
                        imported: false,
                    });
                }
            }
        }
        if only.is_none() {
            for (i, r) in cat.retired.iter().enumerate() {
                if let Some(name) = &r.name {
                    let derived = EntryIds::derive(name);
                    let ids = Identifiers {
                        name,
                        code: &r.code,
                        ids: &derived,
                        generated_in: None,
                    };
                    ids.push(&mut lists, Target::Retired(i), &extra);
                }
                for list in lists.iter_mut().filter(|_| searchable(&r.code)) {
                    list.push(Pattern {
                        text: r.code.clone(),
                        target: Target::CodeString,
                        via: Via::CodeString,
                        imported: false,
                    });
                }
            }
            // Codes of registries imported `as: reference`: found as themselves, so that
            // one this registry's `code_pattern` also matches is not "unknown" (EDX0702).
            for (_, c) in cat.referenced_codes().filter(|(_, c)| searchable(&c.code)) {
                for list in &mut lists {
                    list.push(Pattern {
                        text: c.code.clone(),
                        target: Target::CodeString,
                        via: Via::CodeString,
                        imported: false,
                    });
                }
            }
            for seed in code_seeds(cat) {
                for list in &mut lists {
                    list.push(Pattern {
                        text: seed.clone(),
                        target: Target::CodeString,
                        via: Via::CodeString,
                        imported: false,
                    });
                }
            }
        }
        let mut all: Vec<String> = Vec::new();
        let by_lang = lists
            .into_iter()
            .map(|mut list| {
                // One pattern per text: the first target wins (an entry's own identifier
                // before a code string that happens to read the same).
                let mut seen = std::collections::HashSet::new();
                list.retain(|p| !p.text.is_empty() && seen.insert(p.text.clone()));
                all.extend(list.iter().map(|p| p.text.clone()));
                (list, OnceLock::new())
            })
            .collect();
        all.sort();
        all.dedup();
        Patterns {
            by_lang,
            all,
            python_package: cat.registry.python_package.clone(),
        }
    }

    /// The patterns of `lang` that start with the name `name` (the whole pattern, or `name`
    /// followed by what is not part of a name: `auth_failed(`, `ErrorCode.AUTH_FAILED`), with
    /// `alias` in its place: what a file that imports `name` as `alias` writes.
    pub fn aliased(&self, lang: Lang, name: &str, alias: &str) -> Vec<(String, Meaning)> {
        let (list, _) = &self.by_lang[lang.index()];
        list.iter()
            .filter(|p| p.via == Via::Identifier)
            .filter_map(|p| {
                let rest = p.text.strip_prefix(name)?;
                let next = rest.bytes().next();
                next.is_none_or(|b| !(b.is_ascii_alphanumeric() || b == b'_'))
                    .then(|| {
                        (
                            format!("{alias}{rest}"),
                            Meaning {
                                target: p.target,
                                via: p.via,
                                imported: false,
                            },
                        )
                    })
            })
            .collect()
    }

    /// The automaton of `lang` and the meaning of its patterns (built on first use). A use
    /// sits on one line, so a pattern holding a line break (a `usage.patterns` entry can) is
    /// left out: no match then spans lines, and the search may look for the first match in
    /// a whole file rather than line by line.
    pub fn of(&self, lang: Lang) -> Option<(&AhoCorasick, &[Meaning])> {
        let (list, built) = &self.by_lang[lang.index()];
        built
            .get_or_init(|| {
                let list: Vec<&Pattern> = list.iter().filter(|p| !p.text.contains('\n')).collect();
                if list.is_empty() {
                    return None;
                }
                let ac = AhoCorasick::builder()
                    .match_kind(MatchKind::LeftmostLongest)
                    .build(list.iter().map(|p| p.text.as_bytes()))
                    .ok()?;
                let meanings = list
                    .iter()
                    .map(|p| Meaning {
                        target: p.target,
                        via: p.via,
                        imported: p.imported,
                    })
                    .collect();
                Some((ac, meanings))
            })
            .as_ref()
            .map(|(ac, targets)| (ac, targets.as_slice()))
    }
}

/// The identifiers of one code (a live entry, or a retired code's former NAME).
struct Identifiers<'a> {
    name: &'a str,
    code: &'a str,
    ids: &'a EntryIds,
    /// A live code's catalogue: only the identifiers it generates are searched (no
    /// `NewXxx(` with `go.constructors: false`). `None` for a retired code: code written
    /// before its retirement may call any identifier it ever had.
    generated_in: Option<&'a Catalogue>,
}

impl Identifiers<'_> {
    /// Pushes what each language's generated code calls this code (the `usage` forms of
    /// [`crate::idents::IDENTS`]), and the catalogue's own patterns filled in for it.
    fn push(&self, lists: &mut [Vec<Pattern>], target: Target, extra: &[Template]) {
        let mut add = |lang: Lang, text: String, via: Via, imported: bool| {
            lists[lang.index()].push(Pattern {
                text,
                target,
                via,
                imported,
            });
        };
        let generated = |spec: &crate::idents::IdentSpec| {
            self.generated_in.is_none_or(|cat| (spec.generated)(cat))
        };
        for (spec, ident) in self.ids.each().filter(|(spec, _)| generated(spec)) {
            for (prefix, suffix) in spec.usage {
                add(
                    Lang::Code(spec.target),
                    format!("{prefix}{ident}{suffix}"),
                    Via::Identifier,
                    spec.imported,
                );
            }
        }
        // In the order of `format::USAGE_PLACEHOLDERS`: the NAME, the code, then the
        // identifiers that are placeholders.
        let values: Vec<String> = [self.name, self.code]
            .into_iter()
            .chain(
                self.ids
                    .each()
                    .filter(|(spec, _)| spec.placeholder)
                    .map(|(_, ident)| ident),
            )
            .map(str::to_string)
            .collect();
        for t in extra {
            let text = t.render(&values);
            for lang in Lang::all() {
                add(lang, text.clone(), Via::Pattern, false);
            }
        }
    }
}

/// The strings that start an unknown code: each namespace's `code_prefix`, and the literal
/// start of the registry's `code_pattern` (`^EDX[0-9]{4}$` → `EDX`); the same of every
/// imported registry (its codes are raised here too).
fn code_seeds(cat: &Catalogue) -> Vec<String> {
    let mut seeds: Vec<String> = cat
        .namespaces
        .iter()
        .filter_map(|n| n.code_prefix.clone())
        .chain(
            cat.imports
                .iter()
                .flat_map(|i| i.code_prefixes.iter().cloned()),
        )
        .collect();
    let patterns = std::iter::once(&cat.registry.code_pattern)
        .chain(cat.imports.iter().map(|i| &i.code_pattern))
        .filter_map(|p| p.as_deref())
        .flat_map(literal_prefixes);
    seeds.extend(patterns);
    seeds.retain(|s| !s.is_empty());
    seeds.sort_unstable();
    seeds.dedup();
    seeds
}

/// The literal texts every match of an anchored regex starts with, when the regex says so
/// plainly: `^` then letters, digits, `-` and `_`, up to the first other character
/// (`^EDX[0-9]{4}$` → `EDX`). A quantifier after the last letter makes that letter
/// optional. Alternatives give one each: `^(ORD|PLT)-[0-9]{3}$` → `ORD-`, `PLT-` (a group
/// of them first, `(…)` or `(?:…)`, then the literal after it), and `^A-1|^B-2` → `A-`,
/// `B-`; an alternative without `^`, or a group that is optional or repeated, gives nothing.
pub fn literal_prefixes(pattern: &str) -> Vec<String> {
    let mut out = Vec::new();
    let Some(alternatives) = split_alternatives(pattern) else {
        return out;
    };
    for alternative in alternatives {
        let Some(rest) = alternative.strip_prefix('^') else {
            continue;
        };
        let group = rest.strip_prefix("(?:").or_else(|| rest.strip_prefix('('));
        match group {
            Some(group) if !group.starts_with('?') => {
                let Some(end) = group_end(group) else {
                    continue;
                };
                let after = &group[end + 1..];
                if matches!(after.chars().next(), Some('?' | '*' | '+' | '{')) {
                    continue;
                }
                let (tail, _) = literal_run(after);
                for branch in split_alternatives(&group[..end]).unwrap_or_default() {
                    let (head, whole) = literal_run(branch);
                    out.push(if whole { head + &tail } else { head });
                }
            }
            _ => out.push(literal_run(rest).0),
        }
    }
    out.retain(|s| !s.is_empty());
    out
}

/// The literal start of `text` (letters, digits, `-`, `_`; its last letter dropped when a
/// quantifier follows), and whether it is the whole of `text`.
fn literal_run(text: &str) -> (String, bool) {
    let mut out: String = text
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    let whole = out.len() == text.len();
    if matches!(
        text[out.len()..].chars().next(),
        Some('?' | '*' | '+' | '{')
    ) {
        out.pop();
    }
    (out, whole)
}

/// `text` split at its `|`s outside groups and classes; `None` when its brackets do not
/// pair up.
fn split_alternatives(text: &str) -> Option<Vec<&str>> {
    let (bars, None) = top_level(text)? else {
        return None;
    };
    let mut start = 0;
    let mut out = Vec::with_capacity(bars.len() + 1);
    for bar in bars {
        out.push(&text[start..bar]);
        start = bar + 1;
    }
    out.push(&text[start..]);
    Some(out)
}

/// Where the group that `text` is the inside of ends: the index of its `)`.
fn group_end(text: &str) -> Option<usize> {
    top_level(text)?.1
}

/// Where `text`'s `|`s outside groups, classes and escapes are, up to the first `)` that
/// closes no group of `text` (the end of a group `text` is the inside of), and that `)`.
/// `None` when a class, or a group opened in `text`, is not closed.
fn top_level(text: &str) -> Option<(Vec<usize>, Option<usize>)> {
    let (mut depth, mut bars, mut chars) = (0usize, Vec::new(), text.char_indices());
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '[' => skip_class(&mut chars)?,
            '(' => depth += 1,
            ')' if depth == 0 => return Some((bars, Some(i))),
            ')' => depth -= 1,
            '|' if depth == 0 => bars.push(i),
            _ => {}
        }
    }
    (depth == 0).then_some((bars, None))
}

/// Past a character class whose `[` was just read (a `]` first, or after `^`, is its own).
fn skip_class(chars: &mut std::str::CharIndices<'_>) -> Option<()> {
    let mut first = true;
    while let Some((_, c)) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '^' if first => continue,
            ']' if !first => return Some(()),
            _ => {}
        }
        first = false;
    }
    None
}

/// Whether a code is looked for as a code string: not when it is a bare number (SQLite's
/// `5`), which nothing tells from any other number in code (`time.Sleep(5 * …)`); such a
/// code is found by its identifiers and `usage.patterns` alone.
fn searchable(code: &str) -> bool {
    !code.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_the_identifiers_of_the_table() {
        let from_table: Vec<&str> = ["name", "code"]
            .into_iter()
            .chain(crate::idents::IDENTS.iter().filter_map(|s| s.placeholder()))
            .collect();
        assert_eq!(from_table, crate::catalogue::format::USAGE_PLACEHOLDERS);
    }

    #[test]
    fn literal_prefixes_of_patterns() {
        let of = |p: &str| literal_prefixes(p);
        assert_eq!(of("^EDX[0-9]{4}$"), ["EDX"]);
        assert_eq!(of("^M-[A-Z]{3}-[0-9]{3}$"), ["M-"]);
        assert_eq!(of("^AB?C$"), ["A"]);
        assert_eq!(of("^E\\d{4}$"), ["E"]);
        assert!(of("^[A-Z]+$").is_empty());
        assert!(of("EDX[0-9]+").is_empty());
        // Alternatives: one start each.
        assert_eq!(of("^(A|B)1$"), ["A1", "B1"]);
        assert_eq!(of("^(ORD|PLT)-[0-9]{3}$"), ["ORD-", "PLT-"]);
        assert_eq!(
            of("^(SHP-[A-Z]{3}-[0-9]{3}|PLT-[0-9]{4})$"),
            ["SHP-", "PLT-"]
        );
        assert_eq!(of("^(?:E|W)[0-9]{4}$"), ["E", "W"]);
        assert_eq!(of("^A-[0-9]+$|^B-[0-9]+$"), ["A-", "B-"]);
        assert_eq!(of("^(A(B|C)|D)-1$"), ["A", "D-1"]);
        assert_eq!(of("^([|]X|Y)-1$"), ["Y-1"]);
        // What is not certain gives nothing: an unanchored alternative, an optional group.
        assert_eq!(of("^A-1|B-2"), ["A-1"]);
        assert!(of("^(A|B)?C$").is_empty());
        assert!(of("^(A|B$").is_empty());
        assert!(of("^(?i)abc$").is_empty());
    }
}
