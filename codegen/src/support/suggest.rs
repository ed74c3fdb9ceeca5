//! "Did you mean": the known words nearest to a mistyped one, on [`strsim`].
//!
//! One engine for the loader's diagnostics (an unknown key, category, namespace, param type,
//! `docs_url` placeholder or `replaced_by` target) and for `errdex explain` (an unknown code).
//! Both compare without case and suggest only within a third of a word's length (at least 2
//! edits); the loader's never suggests a word every character of which would change. They differ where their readers differ, and each difference is part of their
//! output:
//!
//! - [`nearest`] (the loader) names one candidate: the Levenshtein distance, the limit taken
//!   from the mistyped word, ties broken by the candidate's text.
//! - [`nearest_all`] (`explain`, `usage`) lists every candidate at the smallest distance:
//!   optimal string alignment (a swapped pair of letters is one edit, the usual typo in a
//!   code), the limit taken from the longer of the two, ties in the candidates' order. It
//!   is asked about one word against every code of a catalogue, so it uses rapidfuzz's
//!   bit-parallel OSA (Hyyrö 2003: one pass of a few word operations per character of the
//!   candidate) with the limit as cutoff; the distance is strsim's `osa_distance` (tested).

/// The largest distance still worth suggesting for a word of `chars` characters.
fn limit(chars: usize) -> usize {
    (chars / 3).max(2)
}

/// The candidate nearest to `word` (see the module docs), if any is near enough.
pub fn nearest<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    let chars = word.chars().count();
    let max = limit(chars);
    let word = word.to_lowercase();
    candidates
        .into_iter()
        .map(|c| (strsim::levenshtein(&word, &c.to_lowercase()), c))
        // A candidate every character of which differs (`A` for `B`) is no hint.
        .filter(|(distance, c)| *distance <= max && *distance < chars.max(c.chars().count()))
        .min_by_key(|(distance, c)| (*distance, *c))
        .map(|(_, c)| c)
}

/// "did you mean `X`?" for the [`nearest`] candidate.
pub fn did_you_mean<'c>(
    word: &str,
    candidates: impl IntoIterator<Item = &'c str>,
) -> Option<String> {
    nearest(word, candidates).map(|c| format!("did you mean `{c}`?"))
}

/// Every distinct candidate at the smallest distance from `word`, at most `most`, in the
/// candidates' order (see the module docs).
#[cfg(any(feature = "explain", feature = "usage"))]
pub fn nearest_all<'c>(
    word: &str,
    candidates: impl IntoIterator<Item = &'c str>,
    most: usize,
) -> Vec<&'c str> {
    Candidates::new(candidates).nearest_all(word, most)
}

/// Candidates prepared once for many [`Candidates::nearest_all`] questions (`errdex usage`
/// asks about every unknown code among every code of a catalogue): each lower-cased, with
/// its length and the set of its characters, which rules most of them out without computing
/// a distance.
#[cfg(any(feature = "explain", feature = "usage"))]
#[derive(Debug, Clone)]
pub struct Candidates<'c> {
    /// (candidate, its lower-cased characters, character set), distinct, in order. The
    /// characters are a slice so that the distance gets their number without counting.
    items: Vec<(&'c str, Vec<char>, u64)>,
}

#[cfg(any(feature = "explain", feature = "usage"))]
impl<'c> Candidates<'c> {
    pub fn new(candidates: impl IntoIterator<Item = &'c str>) -> Candidates<'c> {
        let mut seen = std::collections::HashSet::new();
        let items = candidates
            .into_iter()
            .filter(|c| seen.insert(*c))
            .map(|c| {
                let lower = c.to_lowercase();
                (c, lower.chars().collect(), char_set(&lower))
            })
            .collect();
        Candidates { items }
    }

    /// [`nearest_all`] over these candidates.
    pub fn nearest_all(&self, word: &str, most: usize) -> Vec<&'c str> {
        let word = word.to_lowercase();
        let word_chars = word.chars().count();
        let word_set = char_set(&word);
        let osa = rapidfuzz::distance::osa::BatchComparator::new(word.chars());
        // (distance, position, candidate): sorting gives nearest first, then candidate order.
        let mut scored: Vec<(usize, usize, &str)> = Vec::new();
        for (position, (c, lower, set)) in self.items.iter().enumerate() {
            let chars = lower.len();
            let max = limit(word_chars.max(chars));
            // A lower bound of the distance: a character only one side has takes an edit
            // (one edit removes at most one character of each side; a swap none).
            let only_word = (word_set & !set).count_ones() as usize;
            let only_candidate = (set & !word_set).count_ones() as usize;
            if word_chars.abs_diff(chars) > max || only_word.max(only_candidate) > max {
                continue;
            }
            let cutoff = rapidfuzz::distance::osa::Args::default().score_cutoff(max);
            if let Some(distance) = osa.distance_with_args(lower.iter().copied(), &cutoff) {
                scored.push((distance, position, c));
            }
        }
        scored.sort_unstable();
        let best = scored.first().map_or(0, |s| s.0);
        scored
            .into_iter()
            .take_while(|s| s.0 == best)
            .take(most)
            .map(|(_, _, c)| c)
            .collect()
    }
}

#[cfg(any(feature = "explain", feature = "usage"))]
impl Candidates<'_> {
    /// Whether some candidate is one edit from `word`, without case (optimal string
    /// alignment: a character added, dropped or changed, or two neighbours swapped), and
    /// not `word` itself.
    pub fn within_one_edit(&self, word: &str) -> bool {
        let word = word.to_lowercase();
        let word_chars = word.chars().count();
        let word_set = char_set(&word);
        let osa = rapidfuzz::distance::osa::BatchComparator::new(word.chars());
        let cutoff = rapidfuzz::distance::osa::Args::default().score_cutoff(1);
        self.items.iter().any(|(_, lower, set)| {
            word_chars.abs_diff(lower.len()) <= 1
                && (word_set & !set).count_ones() <= 1
                && (set & !word_set).count_ones() <= 1
                && osa.distance_with_args(lower.iter().copied(), &cutoff) == Some(1)
        })
    }
}

/// The characters of a lower-cased word as a set of 64 buckets (sharing a bucket only
/// weakens the bound it gives).
#[cfg(any(feature = "explain", feature = "usage"))]
fn char_set(lower: &str) -> u64 {
    lower
        .chars()
        .fold(0, |set, c| set | 1u64 << (u32::from(c) % 64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_ignores_case_and_breaks_ties_by_text() {
        assert_eq!(
            nearest("Retryble", ["retryable", "retry"]),
            Some("retryable")
        );
        // Both one edit away: the smaller text wins, whatever the order.
        assert_eq!(nearest("cot", ["dot", "cat"]), Some("cat"));
        assert_eq!(nearest("summary", ["exit_code"]), None);
    }

    #[test]
    fn the_limit_is_a_third_of_the_word_and_at_least_two() {
        assert_eq!(nearest("ab", ["abcd"]), Some("abcd"));
        assert_eq!(nearest("ab", ["abcde"]), None);
        assert_eq!(nearest("abcdefghi", ["abcdefghijkl"]), Some("abcdefghijkl"));
        assert_eq!(nearest("abcdefghi", ["abcdefghijklm"]), None);
        // Every character changed: no hint, however short the word.
        assert_eq!(nearest("B", ["A"]), None);
        assert_eq!(nearest("ab", ["xy"]), None);
        assert_eq!(nearest("B", ["BC"]), Some("BC"));
    }

    #[cfg(any(feature = "explain", feature = "usage"))]
    #[test]
    fn nearest_all_counts_a_swap_as_one_edit_and_keeps_order() {
        assert_eq!(
            nearest_all("ACM-FMR-001", ["ACM-FRM-001"], 5),
            ["ACM-FRM-001"]
        );
        assert_eq!(nearest_all("E1", ["E2", "E3", "E2", "X"], 5), ["E2", "E3"]);
        assert_eq!(nearest_all("E1", ["E2", "E3"], 1), ["E2"]);
    }

    #[cfg(any(feature = "explain", feature = "usage"))]
    proptest::proptest! {
        #[test]
        fn rapidfuzz_osa_is_strsims(a in "[a-dé\\-0-1]{0,70}", b in "[a-dé\\-0-1]{0,70}", cut in 0usize..8) {
            // The bit-parallel distance (one 64-bit word, or blocks past 64 characters) is
            // the textbook one, and the cutoff keeps exactly those within it.
            use rapidfuzz::distance::osa;
            let d = strsim::osa_distance(&a, &b);
            let batch = osa::BatchComparator::new(a.chars());
            proptest::prop_assert_eq!(batch.distance(b.chars()), d);
            let within = batch.distance_with_args(b.chars(), &osa::Args::default().score_cutoff(cut));
            proptest::prop_assert_eq!(within, (d <= cut).then_some(d));
        }

        #[test]
        fn rapidfuzz_osa_is_strsims_on_near_words(a in "[abé]{0,12}", b in "[abé]{0,12}", cut in 0usize..5) {
            use rapidfuzz::distance::osa;
            let d = strsim::osa_distance(&a, &b);
            let batch = osa::BatchComparator::new(a.chars());
            let within = batch.distance_with_args(b.chars(), &osa::Args::default().score_cutoff(cut));
            proptest::prop_assert_eq!(within, (d <= cut).then_some(d));
        }

        #[test]
        fn the_set_bound_never_rules_out_a_candidate_in_reach(a in "\\PC{0,8}", b in "[a-cA-CΣσς\\-0-2é]{0,8}") {
            // The prepared search finds what comparing every candidate finds.
            let (la, lb) = (a.to_lowercase(), b.to_lowercase());
            let d = strsim::osa_distance(&la, &lb);
            let found = Candidates::new([b.as_str()]).nearest_all(&a, 1);
            let reach = limit(la.chars().count().max(lb.chars().count()));
            proptest::prop_assert_eq!(found.len(), usize::from(d <= reach));
        }
    }

    #[test]
    fn levenshtein_is_the_hand_written_one() {
        // The loader's distance before it moved onto strsim: insert, delete, substitute.
        fn by_hand(a: &str, b: &str) -> usize {
            let b: Vec<char> = b.chars().collect();
            let mut prev: Vec<usize> = (0..=b.len()).collect();
            for (i, ca) in a.chars().enumerate() {
                let mut cur = vec![i + 1];
                for (j, cb) in b.iter().enumerate() {
                    let cost = usize::from(ca != *cb);
                    cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
                }
                prev = cur;
            }
            prev[b.len()]
        }
        let words = [
            "",
            "a",
            "ab",
            "ba",
            "retryble",
            "retryable",
            "héllo",
            "hello",
            "ÉTÉ",
        ];
        for a in words {
            for b in words {
                assert_eq!(strsim::levenshtein(a, b), by_hand(a, b), "{a:?} {b:?}");
            }
        }
    }
}
