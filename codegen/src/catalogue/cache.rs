//! The parse cache of a catalogue in many files: each part's located tree, kept on disk
//! between runs, so that after an edit to one part only that part's YAML is parsed again.
//!
//! Like cargo's fingerprints, an entry is found by what it was computed from, never by
//! a file's name or time: its key is a BLAKE3 hash of errdex's version, this cache's format,
//! the parser's [`Limits`] and the file's text. The tree is [`tree::parse`]'s result at
//! offset 0 (a part's base in the virtual offset space is applied after, as for a fresh
//! parse), so a hit is the same tree the parse would give, and every later stage —
//! validation over the whole registry, the emitters — runs as without the cache: same
//! catalogue, same diagnostics, same bytes.
//!
//! A cache file is `MAGIC`, the key, the BLAKE3 hash of the payload, then the payload (the
//! tree in postcard). A file that is short, foreign (another magic or key), corrupted (its
//! payload's hash differs) or does not decode is ignored and rewritten; nothing in the cache
//! is trusted without its checks. Writes go through a temporary file and a rename, so a
//! reader never sees half a file; any I/O failure only means a miss. Only trees that parsed
//! are kept: a part with a YAML error is parsed (and reported) every time.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::tree::{self, Limits, Node};

/// The first bytes of every cache file; bump the digit when the payload's layout changes.
const MAGIC: &[u8; 8] = b"EDXTREE1";
const HASH: usize = 32;
const HEADER: usize = MAGIC.len() + 2 * HASH;

/// A folder of cached part trees (one folder per catalogue: [`TreeCache::prune`] removes
/// what the last load did not use).
#[derive(Debug)]
pub struct TreeCache {
    dir: PathBuf,
    /// The file names this run read or wrote.
    used: Mutex<Vec<String>>,
    /// Hits and misses of this run (for tests and benchmarks).
    stats: Mutex<(usize, usize)>,
}

impl TreeCache {
    /// A cache in `dir` (created on the first write).
    pub fn new(dir: impl Into<PathBuf>) -> TreeCache {
        TreeCache {
            dir: dir.into(),
            used: Mutex::new(Vec::new()),
            stats: Mutex::new((0, 0)),
        }
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// (hits, misses) so far.
    pub fn stats(&self) -> (usize, usize) {
        *self.stats.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `text`'s tree, from the cache when a sound entry is there, else parsed (and kept).
    pub(super) fn parse(
        &self,
        text: &str,
        limits: &Limits,
    ) -> Result<Node, Vec<crate::diag::Diagnostic>> {
        let key = key(text, limits);
        let name = file_name(&key);
        self.used
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(name.clone());
        let path = self.dir.join(&name);
        if let Some(node) = std::fs::read(&path).ok().and_then(|b| decode(&b, &key)) {
            self.stats.lock().unwrap_or_else(|e| e.into_inner()).0 += 1;
            return Ok(node);
        }
        self.stats.lock().unwrap_or_else(|e| e.into_inner()).1 += 1;
        let node = tree::parse(text, limits)?;
        if let Some(bytes) = encode(&node, &key) {
            let _ = crate::files::write_atomic(&path, &bytes);
        }
        Ok(node)
    }

    /// Removes the cache files this run did not use (an edited part's old tree), so the
    /// folder holds one tree per part. Failures are ignored: a leftover file is only space.
    pub fn prune(&self) {
        let used = self.used.lock().unwrap_or_else(|e| e.into_inner());
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".tree") && !used.contains(&name) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// What a tree is computed from: errdex's version, the cache's format, the limits the
/// parse enforces (not the thread count, which never changes the tree) and the text.
fn key(text: &str, limits: &Limits) -> [u8; HASH] {
    let limits = Limits {
        threads: 0,
        ..*limits
    };
    let mut h = blake3::Hasher::new();
    h.update(MAGIC);
    h.update(env!("CARGO_PKG_VERSION").as_bytes());
    h.update(&[0]);
    h.update(format!("{limits:?}").as_bytes());
    h.update(&[0]);
    h.update(text.as_bytes());
    *h.finalize().as_bytes()
}

fn file_name(key: &[u8; HASH]) -> String {
    let hex: String = key[..16].iter().map(|b| format!("{b:02x}")).collect();
    format!("{hex}.tree")
}

fn encode(node: &Node, key: &[u8; HASH]) -> Option<Vec<u8>> {
    let payload = postcard::to_allocvec(node).ok()?;
    let mut out = Vec::with_capacity(HEADER + payload.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(key);
    out.extend_from_slice(blake3::hash(&payload).as_bytes());
    out.extend_from_slice(&payload);
    Some(out)
}

/// The tree in `bytes`, when they are a sound cache file for `key`.
fn decode(bytes: &[u8], key: &[u8; HASH]) -> Option<Node> {
    if bytes.len() < HEADER || &bytes[..MAGIC.len()] != MAGIC {
        return None;
    }
    let (stored_key, rest) = bytes[MAGIC.len()..].split_at(HASH);
    let (sum, payload) = rest.split_at(HASH);
    if stored_key != key || sum != blake3::hash(payload).as_bytes() {
        return None;
    }
    postcard::from_bytes(payload).ok()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a test's failure is its panic, as in `cli/tests`
mod tests {
    use super::*;

    const TEXT: &str =
        "errors:\n  A_B:\n    code: E1\n    message: \"x: {y}\"\n    n: [1, 2.5, true, null]\n";

    #[test]
    fn a_hit_is_the_parsed_tree() {
        let dir = tempfile::tempdir().unwrap();
        let limits = Limits::default();
        let cache = TreeCache::new(dir.path());
        let cold = cache.parse(TEXT, &limits).unwrap();
        let warm = TreeCache::new(dir.path());
        assert_eq!(warm.parse(TEXT, &limits).unwrap(), cold);
        assert_eq!(warm.stats(), (1, 0));
        assert_eq!(cold, tree::parse(TEXT, &limits).unwrap());
    }

    #[test]
    fn a_corrupted_or_foreign_file_is_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let limits = Limits::default();
        TreeCache::new(dir.path()).parse(TEXT, &limits).unwrap();
        let name = file_name(&key(TEXT, &limits));
        let path = dir.path().join(&name);
        let good = std::fs::read(&path).unwrap();
        // A flipped payload byte, a truncated file, another key's header, garbage.
        let mut flipped = good.clone();
        *flipped.last_mut().unwrap() ^= 0x55;
        let mut foreign = good.clone();
        foreign[MAGIC.len()] ^= 1;
        for bad in [
            flipped,
            good[..HEADER - 1].to_vec(),
            foreign,
            b"junk".to_vec(),
        ] {
            std::fs::write(&path, &bad).unwrap();
            let cache = TreeCache::new(dir.path());
            assert_eq!(
                cache.parse(TEXT, &limits).unwrap(),
                tree::parse(TEXT, &limits).unwrap()
            );
            assert_eq!(cache.stats(), (0, 1), "a bad file counts as a miss");
            assert_eq!(std::fs::read(&path).unwrap(), good, "and is rewritten");
        }
    }

    #[test]
    fn the_key_follows_the_text_and_the_limits() {
        let limits = Limits::default();
        let other = Limits {
            max_nodes: 10,
            ..limits
        };
        let threads = Limits {
            threads: 7,
            ..limits
        };
        assert_ne!(key(TEXT, &limits), key("errors: {}\n", &limits));
        assert_ne!(key(TEXT, &limits), key(TEXT, &other));
        assert_eq!(key(TEXT, &limits), key(TEXT, &threads));
    }

    #[test]
    fn prune_keeps_only_what_was_used() {
        let dir = tempfile::tempdir().unwrap();
        let limits = Limits::default();
        TreeCache::new(dir.path()).parse(TEXT, &limits).unwrap();
        let second = TreeCache::new(dir.path());
        second.parse("errors: {}\n", &limits).unwrap();
        second.prune();
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 1);
    }
}
