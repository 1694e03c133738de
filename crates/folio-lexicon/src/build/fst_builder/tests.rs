//! Tests of [`FstBuilder`](super::FstBuilder): its bytes against the `fst` crate's builders.

use super::*;
use proptest::prelude::*;

/// What `fst`'s own builders write for the same keys.
fn reference(keys: &[(Vec<u8>, u64)], map: bool) -> Vec<u8> {
    if map {
        let mut b = fst::MapBuilder::memory();
        for (k, v) in keys {
            b.insert(k, *v).unwrap();
        }
        b.into_inner().unwrap()
    } else {
        let mut b = fst::SetBuilder::memory();
        for (k, _) in keys {
            b.insert(k).unwrap();
        }
        b.into_inner().unwrap()
    }
}

fn ours(keys: &[(Vec<u8>, u64)], map: bool) -> Vec<u8> {
    let mut b = FstBuilder::new(0);
    for (k, v) in keys {
        b.insert(k, if map { *v } else { 0 }).unwrap();
    }
    b.finish()
}

/// A sink the test can read back after the builder is gone.
#[derive(Clone, Default)]
struct Shared(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Shared {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn streamed(keys: &[(Vec<u8>, u64)], map: bool) -> Vec<u8> {
    let out = Shared::default();
    let mut b = FstBuilder::streaming(out.clone());
    for (k, v) in keys {
        b.insert(k, if map { *v } else { 0 }).unwrap();
    }
    let n = b.finish_streaming().unwrap();
    let bytes = out.0.lock().unwrap().clone();
    assert_eq!(n, bytes.len() as u64);
    bytes
}

#[test]
fn a_streamed_fst_past_several_flushes_is_the_same() {
    // 600,000 random keys of five letters: more than one flush of the sink.
    let mut keys = Vec::new();
    let mut x: u64 = 1;
    for i in 0..600_000u64 {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let k: Vec<u8> = (0..5)
            .map(|j| b'A' + ((x >> (8 * j + 16)) % 26) as u8)
            .collect();
        keys.push((k, i % 97));
    }
    let keys = sorted(keys);
    for map in [false, true] {
        let a = ours(&keys, map);
        assert!(a.len() > FLUSH_BYTES, "{} bytes", a.len());
        assert_eq!(streamed(&keys, map), a);
        assert_eq!(a, reference(&keys, map));
    }
}

fn sorted(mut keys: Vec<(Vec<u8>, u64)>) -> Vec<(Vec<u8>, u64)> {
    keys.sort();
    keys.dedup_by(|a, b| a.0 == b.0);
    keys
}

#[test]
fn empty_and_tiny_fsts_match() {
    for keys in [
        vec![],
        vec![(vec![], 0)],
        vec![(vec![], 7)],
        vec![(vec![], 7), (b"a".to_vec(), 0)],
        vec![
            (b"a".to_vec(), 1),
            (b"ab".to_vec(), 300),
            (b"b".to_vec(), 0),
        ],
    ] {
        for map in [false, true] {
            assert_eq!(
                ours(&keys, map),
                reference(&keys, map),
                "{keys:?} map {map}"
            );
        }
    }
}

#[test]
fn nodes_with_many_transitions_match() {
    // 256 transitions from the root, and from a second node; more than 32 gets an index.
    let mut keys: Vec<(Vec<u8>, u64)> = (0..=255u8).map(|b| (vec![b], u64::from(b))).collect();
    keys.extend((0..=255u8).map(|b| (vec![b'x', b, b'y'], 1 << 40 | u64::from(b))));
    let keys = sorted(keys);
    for map in [false, true] {
        assert_eq!(ours(&keys, map), reference(&keys, map));
    }
    let forty: Vec<(Vec<u8>, u64)> = (0..40u8).map(|b| (vec![b'a' + b % 26, b], 5)).collect();
    let forty = sorted(forty);
    assert_eq!(ours(&forty, true), reference(&forty, true));
}

#[test]
fn the_registry_evicts_as_fst_does() {
    // Enough distinct suffixes to overflow the 10,000 rows many times over.
    let keys: Vec<(Vec<u8>, u64)> = (0..60_000u64)
        .map(|i| (format!("{:05}{}", i, i * 7919 % 1000).into_bytes(), i % 97))
        .collect();
    let keys = sorted(keys);
    for map in [false, true] {
        assert_eq!(ours(&keys, map), reference(&keys, map), "map {map}");
    }
}

#[test]
fn keys_out_of_order_or_repeated_are_refused() {
    let mut b = FstBuilder::new(0);
    b.insert(b"dog", 1).unwrap();
    assert!(b.insert(b"cat", 1).is_err());
    assert!(b.insert(b"dog", 2).is_err());
    b.insert(b"dogs", 2).unwrap();
    let set = fst::Map::new(b.finish()).unwrap();
    assert_eq!(set.get("dogs"), Some(2));
    assert_eq!(set.len(), 2);
}

#[test]
fn crc32c_check_value() {
    assert_eq!(crc32c(b"123456789"), 0xE306_9283);
    assert_eq!(crc32c(b""), 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_key_sets_match_fst(
        keys in proptest::collection::vec(
            (
                proptest::collection::vec(
                    prop_oneof![4 => b'a'..=b'e', 1 => any::<u8>()],
                    0..12,
                ),
                prop_oneof![3 => Just(0u64), 3 => 0..1000u64, 1 => any::<u64>()],
            ),
            0..400,
        ).prop_map(sorted)
    ) {
        prop_assert_eq!(ours(&keys, false), reference(&keys, false));
        prop_assert_eq!(ours(&keys, true), reference(&keys, true));
        prop_assert_eq!(streamed(&keys, true), ours(&keys, true));
    }
}
