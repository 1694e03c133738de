//! The canonical state: the key of a position (free cells in card order, cascades ordered
//! by their bottom cards), the canonical layout itself, and a key decoded back.

use super::cards::NO_CARD;
use super::features::{ColFeat, ColFeats};
use super::table::Key;
use crate::position::Position;

/// The canonical key (see [`Key`]): free cells in card order, then the non-empty cascades
/// ordered by their bottom cards (distinct cards, so both orders come from bit masks).
pub(super) fn encode(p: &Position) -> Key {
    // 32 spare bytes: each cascade is copied as its whole fixed-size array (no variable
    // length copy), the next one overwriting what lies past its end.
    let mut bytes = [0xffu8; 96];
    let mut i = 0;
    let mut m = 0u64;
    for &c in p.raw_cells() {
        if c != 0xff {
            m |= 1 << c;
        }
    }
    while m != 0 {
        bytes[i] = m.trailing_zeros() as u8;
        i += 1;
        m &= m - 1;
    }
    i += 1;
    let mut bottoms = 0u64;
    let mut at = [0u8; 52];
    for k in 0..8 {
        if let Some(&c) = p.raw_cascade(k).first() {
            bottoms |= 1 << c;
            at[c as usize] = k as u8;
        }
    }
    while bottoms != 0 {
        let k = at[bottoms.trailing_zeros() as usize] as usize;
        let (arr, len) = p.raw_column(k);
        bytes[i..i + 32].copy_from_slice(arr);
        bytes[i + len] = 0xff;
        i += len + 1;
        bottoms &= bottoms - 1;
    }
    bytes[i.min(64)..64].fill(0xff);
    // Cards become `index + 1` and the 0xff gaps the 0 separators.
    let mut key = [0u64; 8];
    for (w, chunk) in key.iter_mut().zip(bytes.chunks_exact(8)) {
        let b = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        *w = add_bytes_one(b);
    }
    key
}

/// `canonical` written into `q`, and `f` (the features of `p`'s cascades) in the same
/// order into `g`.
pub(super) fn canonical_into(p: &Position, f: &ColFeats, q: &mut Position, g: &mut ColFeats) {
    *q = Position::blank(p.cell_count());
    let mut m = 0u64;
    for &c in p.raw_cells() {
        if c != NO_CARD {
            m |= 1 << c;
        }
    }
    let mut i = 0;
    while m != 0 {
        q.set_cell_raw(i, m.trailing_zeros() as u8);
        i += 1;
        m &= m - 1;
    }
    let mut bottoms = 0u64;
    let mut at = [0u8; 52];
    for k in 0..8 {
        if let Some(&c) = p.raw_cascade(k).first() {
            bottoms |= 1 << c;
            at[c as usize] = k as u8;
        }
    }
    let mut k = 0;
    while bottoms != 0 {
        let from = at[bottoms.trailing_zeros() as usize] as usize;
        let (arr, len) = p.raw_column(from);
        q.set_column_raw(k, arr, len);
        g.0[k] = f.0[from];
        k += 1;
        bottoms &= bottoms - 1;
    }
    for c in &mut g.0[k..] {
        *c = ColFeat::default();
    }
    q.set_foundations(p.foundations());
}

/// The layout [`decode`] gives back from `p`'s key: free cells in card order, then the
/// non-empty cascades ordered by their bottom cards (whole arrays copied, no decoding).
#[cfg(test)] // the search keeps the features along: `canonical_into`
pub(super) fn canonical(p: &Position) -> Position {
    let (mut q, mut g) = (*p, ColFeats([ColFeat::default(); 8]));
    canonical_into(p, &g.clone(), &mut q, &mut g);
    q
}

/// Adds 1 to each byte of `w` (wrapping within the byte: 0xff becomes 0).
#[inline]
fn add_bytes_one(w: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    ((w & LOW7) + 0x0101_0101_0101_0101) ^ (w & HIGH)
}

#[inline]
pub(super) fn decode(key: &Key, ncells: usize) -> Position {
    let mut bytes = [0u8; 64];
    for (w, chunk) in key.iter().zip(bytes.chunks_exact_mut(8)) {
        chunk.copy_from_slice(&w.to_le_bytes());
    }
    let mut p = Position::blank(ncells);
    let mut present = [0u8; 4];
    let mut i = 0;
    while bytes[i] != 0 {
        let c = bytes[i] - 1;
        p.set_cell_raw(i, c);
        present[(c & 3) as usize] += 1;
        i += 1;
    }
    i += 1;
    for k in 0..8 {
        while i < 64 && bytes[i] != 0 {
            let c = bytes[i] - 1;
            p.push_raw(k, c);
            present[(c & 3) as usize] += 1;
            i += 1;
        }
        i += 1;
    }
    p.set_foundations(present.map(|n| 13 - n));
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::deal;
    use crate::solver::playout::{auto_play, playouts};

    #[test]
    fn canonical_is_the_decoded_key() {
        playouts([1, 2, 11982, 617], 7, 200, auto_play, |_, p, _| {
            let c = canonical(p);
            let d = decode(&encode(p), 4);
            assert_eq!(encode(&c), encode(p));
            for k in 0..8 {
                assert_eq!(c.raw_cascade(k), d.raw_cascade(k));
            }
            assert_eq!(c.raw_cells(), d.raw_cells());
            assert_eq!(c.foundations(), d.foundations());
        });
    }

    #[test]
    fn encode_decode_round_trip() {
        let p = Position::new(&deal(1).unwrap(), 4).unwrap();
        let q = decode(&encode(&p), 4);
        assert_eq!(encode(&q), encode(&p));
        assert_eq!(q.foundations(), [0; 4]);
    }

    /// The canonical key by the definition: free cells sorted, cascades sorted by their
    /// bottom cards, as text.
    fn reference_key(p: &Position) -> String {
        let mut cells: Vec<u8> = p
            .raw_cells()
            .iter()
            .copied()
            .filter(|&c| c != 0xff)
            .collect();
        cells.sort_unstable();
        let mut cols: Vec<Vec<u8>> = (0..8)
            .map(|k| p.raw_cascade(k).to_vec())
            .filter(|c| !c.is_empty())
            .collect();
        cols.sort();
        format!("{cells:?}{cols:?}{:?}", p.foundations())
    }

    #[test]
    fn keys_are_equal_exactly_when_canonical_layouts_are() {
        // Positions along pseudo-random playouts (generated moves, auto-play) of a few deals.
        let mut seen: std::collections::HashMap<Key, String> = Default::default();
        playouts([1, 2, 3, 11982, 617], 12345, 300, auto_play, |_, p, _| {
            let k = encode(p);
            let r = reference_key(p);
            assert_eq!(reference_key(&decode(&k, 4)), r);
            assert_eq!(seen.entry(k).or_insert_with(|| r.clone()), &r);
        });
        let distinct: std::collections::HashSet<&String> = seen.values().collect();
        assert_eq!(distinct.len(), seen.len(), "two layouts share a key");
    }
}
