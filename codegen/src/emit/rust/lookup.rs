//! The string → code lookup table of the generated crate, computed at generation time.
//!
//! Keys are every live code, NAME, alias and legacy code (targets `0..N`, the index in
//! `ErrorCode::ALL`) and every retired code and retired NAME (targets `N..`, `N + index in
//! RETIRED`). The table is open addressing with linear probing over a power-of-two number
//! of slots at most half full; each slot holds `key index + 1` (0 = empty). The seed of the
//! hash is chosen here so that the longest probe sequence is as short as we can find; in
//! practice a lookup hashes the bytes once and compares one candidate string.
//!
//! [`hash`] must stay identical to `errdex_hash` in `runtime/lookup.rs.in`; the
//! generated-crate tests look up every key, which proves the two agree.

/// The hash shared with the generated crate: FxHash-style, 8 bytes per multiply.
pub fn hash(seed: u64, bytes: &[u8]) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut h = seed ^ (bytes.len() as u64).wrapping_mul(K);
    for chunk in bytes.chunks(8) {
        let mut w = 0u64;
        for (j, b) in chunk.iter().enumerate() {
            w |= u64::from(*b) << (8 * j);
        }
        h = (h.rotate_left(5) ^ w).wrapping_mul(K);
    }
    h
}

/// A built table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table<K = String> {
    pub seed: u64,
    /// `64 - log2(slots.len())`: the slot is `hash >> shift`.
    pub shift: u32,
    /// `key index + 1`, or 0 for an empty slot.
    pub slots: Vec<u32>,
    /// (key, target) in insertion order.
    pub keys: Vec<(K, u32)>,
}

/// Builds the table. `keys` may repeat a key: the first occurrence wins (callers insert
/// codes first, then NAMEs, aliases, legacy codes, retired entries). The keys may be
/// borrowed (`&str`): the generator's own table is built from slices of one string, without
/// a copy of each key (at 50,000 codes, over 100,000 of them).
pub fn build<K: AsRef<str> + Clone>(keys: &[(K, u32)]) -> Table<K> {
    use foldhash::HashSetExt;
    let mut seen = foldhash::HashSet::with_capacity(keys.len());
    let keys: Vec<(K, u32)> = keys
        .iter()
        .filter(|(k, _)| seen.insert(k.as_ref()))
        .cloned()
        .collect();
    let size = (keys.len() * 2).next_power_of_two().max(2);
    let bits = size.trailing_zeros();
    let shift = 64 - bits;
    let mut best: Option<(usize, Table<K>)> = None;
    // Deterministic seed search: keep the seed with the smallest total probe count.
    for attempt in 0..16u64 {
        let seed = attempt.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut slots = vec![0u32; size];
        let mut cost = 0usize;
        for (i, (k, _)) in keys.iter().enumerate() {
            let mut s = (hash(seed, k.as_ref().as_bytes()) >> shift) as usize & (size - 1);
            while slots[s] != 0 {
                s = (s + 1) & (size - 1);
                cost += 1;
            }
            slots[s] = u32::try_from(i + 1).unwrap_or(u32::MAX);
        }
        if best.as_ref().is_none_or(|(c, _)| cost < *c) {
            best = Some((
                cost,
                Table {
                    seed,
                    shift,
                    slots,
                    keys: Vec::new(),
                },
            ));
        }
        if cost == 0 {
            break;
        }
    }
    let mut table = best.map(|(_, t)| t).unwrap_or(Table {
        seed: 0,
        shift,
        slots: vec![0; size],
        keys: Vec::new(),
    });
    table.keys = keys;
    table
}

impl<K: AsRef<str>> Table<K> {
    /// Looks a key up exactly like the generated code does.
    pub fn get(&self, key: &str) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut i = (hash(self.seed, key.as_bytes()) >> self.shift) as usize & mask;
        loop {
            let slot = self.slots[i] as usize;
            if slot == 0 {
                return None;
            }
            let (k, t) = &self.keys[slot - 1];
            if k.as_ref() == key {
                return Some(*t);
            }
            i = (i + 1) & mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_every_key_and_nothing_else() {
        let keys: Vec<(String, u32)> = (0..5000)
            .map(|i| (format!("ACM-X{:02}-{:03}", i / 1000, i % 1000), i))
            .chain([("ACM-X00-000".to_string(), 99_999)])
            .collect();
        let t = build(&keys);
        assert_eq!(t.slots.len(), 16384);
        for (k, v) in keys.iter().take(5000) {
            assert_eq!(t.get(k), Some(*v), "{k}");
        }
        assert_eq!(t.get("ACM-X00-000"), Some(0), "first occurrence wins");
        assert_eq!(t.get("nope"), None);
        assert_eq!(t.get(""), None);
    }

    #[test]
    fn empty() {
        let t = build::<String>(&[]);
        assert_eq!(t.slots, vec![0, 0]);
        assert_eq!(t.get("x"), None);
    }
}
