//! Where each code is raised in a source tree: the second input of the Markdown reference
//! (`usage.docs`), as plain data.
//!
//! `errdex usage`'s scan builds it (`usage::raised_at`), the command hands it to
//! the writer (`write::Settings::raised_at`) and the Markdown emitter lists it under
//! each code. Neither the emitter nor the writer imports the scanner: this is all they see.

use std::collections::BTreeMap;

/// One place a code is raised: a file relative to the catalogue's folder, `/`-separated,
/// and the 1-based line and column (in characters) of the use.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Place {
    pub path: String,
    pub line: u64,
    pub column: usize,
}

/// Code → the places that raise it (outside generated files and tests), sorted by path,
/// line and column, without duplicates. A code that is not a key is raised nowhere.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RaisedAt {
    pub by_code: BTreeMap<String, Vec<Place>>,
}

impl RaisedAt {
    /// Builds the map from (code, place) pairs in any order: each list sorted, repeats
    /// dropped, so the same places give the same value however they were found.
    pub fn from_places(places: impl IntoIterator<Item = (String, Place)>) -> RaisedAt {
        let mut by_code: BTreeMap<String, Vec<Place>> = BTreeMap::new();
        for (code, place) in places {
            by_code.entry(code).or_default().push(place);
        }
        for list in by_code.values_mut() {
            list.sort();
            list.dedup();
        }
        RaisedAt { by_code }
    }

    /// The places of `code` (empty when nothing raises it).
    pub fn places(&self, code: &str) -> &[Place] {
        self.by_code.get(code).map_or(&[], Vec::as_slice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_and_deduplicated_whatever_the_order() {
        let p = |path: &str, line, column| Place {
            path: path.into(),
            line,
            column,
        };
        let a = RaisedAt::from_places([
            ("A".to_string(), p("src/b.rs", 3, 1)),
            ("A".to_string(), p("src/a.rs", 10, 2)),
            ("A".to_string(), p("src/a.rs", 9, 7)),
            ("A".to_string(), p("src/b.rs", 3, 1)),
        ]);
        let b = RaisedAt::from_places([
            ("A".to_string(), p("src/a.rs", 9, 7)),
            ("A".to_string(), p("src/b.rs", 3, 1)),
            ("A".to_string(), p("src/a.rs", 10, 2)),
        ]);
        assert_eq!(a, b);
        assert_eq!(
            a.places("A"),
            [
                p("src/a.rs", 9, 7),
                p("src/a.rs", 10, 2),
                p("src/b.rs", 3, 1)
            ]
        );
        assert!(a.places("B").is_empty());
    }
}
