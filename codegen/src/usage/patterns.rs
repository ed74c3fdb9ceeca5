//! What `errdex usage` looks for, derived from the IR: per language, the identifiers the
//! targets generate for each code (from `names.rs`, as the IR carries them), the catalogue's
//! own `usage.patterns`, and the strings that start a code. One Aho-Corasick automaton per
//! language, leftmost-longest, so `ErrorCode::UnknownToolX` never passes for
//! `ErrorCode::UnknownTool`.

use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, MatchKind};

use crate::ir::Catalogue;
use crate::names;
use crate::template::Template;

/// The languages whose generated identifiers are known; `Other` files (`usage.files`) are
/// searched for code strings and `usage.patterns` only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Lang {
    Rust,
    Script,
    Python,
    Other,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::Rust, Lang::Script, Lang::Python, Lang::Other];

    /// The language of a file by its extension.
    pub fn of_extension(ext: &str) -> Option<Lang> {
        match ext {
            "rs" => Some(Lang::Rust),
            "ts" | "tsx" | "mts" | "cts" | "js" | "jsx" | "mjs" | "cjs" => Some(Lang::Script),
            "py" | "pyi" => Some(Lang::Python),
            _ => None,
        }
    }

    fn index(self) -> usize {
        self as usize
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
}

/// One language's automaton and, by pattern index, what each pattern finds.
type Automaton = (AhoCorasick, Vec<(Target, Via)>);

/// The automata and what each of their patterns means.
#[derive(Debug)]
pub struct Patterns {
    /// Per [`Lang`]: its patterns, and the automaton built from them the first time a file
    /// of that language is searched (`None` when the language has nothing to look for).
    by_lang: Vec<(Vec<Pattern>, OnceLock<Option<Automaton>>)>,
    /// Every fixed string of every language, deduplicated and sorted (the benchmark hands
    /// them to ripgrep).
    pub all: Vec<String>,
}

impl Patterns {
    /// The patterns of `cat`; with `only`, those of that one entry (`errdex explain`).
    pub fn new(cat: &Catalogue, only: Option<usize>) -> Patterns {
        let mut lists: Vec<Vec<Pattern>> = vec![Vec::new(); Lang::ALL.len()];
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
                rust_variant: &e.rust_variant,
                rust_fn: &e.rust_fn,
                ts_key: &e.ts_key,
                py_fn: &e.py_fn,
            };
            ids.push(&mut lists, Target::Entry(i), &extra);
            for text in std::iter::once(&e.code).chain(&e.legacy_codes) {
                for list in &mut lists {
                    list.push(Pattern {
                        text: text.clone(),
                        target: Target::CodeString,
                        via: Via::CodeString,
                    });
                }
            }
        }
        if only.is_none() {
            for (i, r) in cat.retired.iter().enumerate() {
                if let Some(name) = &r.name {
                    let (variant, rust_fn, ts_key, py_fn) = (
                        names::rust_variant(name),
                        names::rust_constructor(name),
                        names::ts_key(name),
                        names::py_function(name),
                    );
                    let ids = Identifiers {
                        name,
                        code: &r.code,
                        rust_variant: &variant,
                        rust_fn: &rust_fn,
                        ts_key: &ts_key,
                        py_fn: &py_fn,
                    };
                    ids.push(&mut lists, Target::Retired(i), &extra);
                }
                for list in &mut lists {
                    list.push(Pattern {
                        text: r.code.clone(),
                        target: Target::CodeString,
                        via: Via::CodeString,
                    });
                }
            }
            for seed in code_seeds(cat) {
                for list in &mut lists {
                    list.push(Pattern {
                        text: seed.clone(),
                        target: Target::CodeString,
                        via: Via::CodeString,
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
        Patterns { by_lang, all }
    }

    /// The automaton of `lang` and the meaning of its patterns (built on first use). A use
    /// sits on one line, so a pattern holding a line break (a `usage.patterns` entry can) is
    /// left out: no match then spans lines, and the search may look for the first match in
    /// a whole file rather than line by line.
    pub fn of(&self, lang: Lang) -> Option<(&AhoCorasick, &[(Target, Via)])> {
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
                Some((ac, list.iter().map(|p| (p.target, p.via)).collect()))
            })
            .as_ref()
            .map(|(ac, targets)| (ac, targets.as_slice()))
    }
}

/// The identifiers of one code (a live entry, or a retired code's former NAME).
struct Identifiers<'a> {
    name: &'a str,
    code: &'a str,
    rust_variant: &'a str,
    rust_fn: &'a str,
    ts_key: &'a str,
    py_fn: &'a str,
}

impl Identifiers<'_> {
    /// Pushes what each language's generated code calls this code, and the catalogue's own
    /// patterns filled in for it.
    fn push(&self, lists: &mut [Vec<Pattern>], target: Target, extra: &[Template]) {
        let mut add = |lang: Lang, text: String, via: Via| {
            lists[lang.index()].push(Pattern { text, target, via });
        };
        // Rust: the `ErrorCode` variant and the constructor on `Error` (`emit/rust.rs`).
        add(
            Lang::Rust,
            format!("ErrorCode::{}", self.rust_variant),
            Via::Identifier,
        );
        add(
            Lang::Rust,
            format!("Error::{}(", self.rust_fn),
            Via::Identifier,
        );
        // TypeScript / JavaScript: the `ErrorCode` object's key (`templates/ts/`).
        add(
            Lang::Script,
            format!("ErrorCode.{}", self.ts_key),
            Via::Identifier,
        );
        // Python: `ErrorCode.KEY` and the factory (`templates/python/`).
        add(
            Lang::Python,
            format!("ErrorCode.{}", self.ts_key),
            Via::Identifier,
        );
        add(Lang::Python, format!("{}(", self.py_fn), Via::Identifier);
        let values = [
            self.name.to_string(),
            self.code.to_string(),
            self.rust_variant.to_string(),
            self.rust_fn.to_string(),
            self.ts_key.to_string(),
            self.py_fn.to_string(),
        ];
        for t in extra {
            let text = t.render(&values);
            for lang in Lang::ALL {
                add(lang, text.clone(), Via::Pattern);
            }
        }
    }
}

/// The strings that start an unknown code: each namespace's `code_prefix`, and the literal
/// start of the registry's `code_pattern` (`^EDX[0-9]{4}$` → `EDX`).
fn code_seeds(cat: &Catalogue) -> Vec<String> {
    let mut seeds: Vec<String> = cat
        .namespaces
        .iter()
        .filter_map(|n| n.code_prefix.clone())
        .collect();
    if let Some(p) = cat
        .registry
        .code_pattern
        .as_deref()
        .and_then(literal_prefix)
    {
        seeds.push(p);
    }
    seeds.retain(|s| !s.is_empty());
    seeds
}

/// The literal text every match of an anchored regex starts with, when the regex says so
/// plainly: `^` then letters, digits, `-` and `_`, up to the first other character. A
/// quantifier after the last letter makes that letter optional; an alternation anywhere
/// gives nothing.
pub fn literal_prefix(pattern: &str) -> Option<String> {
    let rest = pattern.strip_prefix('^')?;
    if rest.contains('|') {
        return None;
    }
    let mut out: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    if matches!(rest[out.len()..].chars().next(), Some('?' | '*' | '{')) {
        out.pop();
    }
    (!out.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_prefixes() {
        assert_eq!(literal_prefix("^EDX[0-9]{4}$").as_deref(), Some("EDX"));
        assert_eq!(
            literal_prefix("^M-[A-Z]{3}-[0-9]{3}$").as_deref(),
            Some("M-")
        );
        assert_eq!(literal_prefix("^AB?C$").as_deref(), Some("A"));
        assert_eq!(literal_prefix("^[A-Z]+$"), None);
        assert_eq!(literal_prefix("EDX[0-9]+"), None);
        assert_eq!(literal_prefix("^(A|B)1$"), None);
    }
}
