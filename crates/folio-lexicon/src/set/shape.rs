//! The shape every walk of an fst relies on, checked once when a set or counts map is
//! verified: what keeps a walk finite and as long as the file says.
//!
//! A checksum only proves the bytes are the ones written. A file crafted (or written by a
//! broken tool) to pass it can still hold a cycle, which makes a stream over it run forever,
//! growing its stack; nodes that lead to no word, which a search explores without ever
//! yielding; or a few hundred bytes of shared nodes spelling more words than the header's
//! count, so that a walk of a "ten-word" set never ends in practice (fuzzing found a 1 KB
//! counts map taking seconds per walk). An fst builder writes each node after the nodes its
//! transitions lead to, so in every file it writes:
//!
//! - each transition leads to a lower address (no cycle);
//! - each node reachable from the root, but the root of an empty set, leads to at least
//!   one word (no dead end);
//! - the root spells exactly as many words as the header counts.
//!
//! With those three, a walk yields the header's count of words and does work proportional to
//! their letters, whatever the bytes; and that count is at most [`MAX_WORDS_PER_BYTE`] times
//! the file's size, their letters at most [`MAX_KEY_BYTES_PER_BYTE`] times, so a small file
//! cannot hold a walk of hours nor an export of gigabytes. [`check`] proves them in time linear in the reachable
//! nodes, each decoded twice, with two bits per byte of the file and 8 bytes per reachable
//! node of memory.

use std::path::Path;

use fst::raw::Fst;

use crate::error::{Error, Result};

/// [`check`] under [`crate::guarded`]: a panic decoding a node, or a property broken, is
/// [`Error::Malformed`] naming `path`.
///
/// # Errors
/// [`Error::Malformed`].
pub(crate) fn verify<D: AsRef<[u8]>>(fst: &Fst<D>, path: &Path) -> Result<()> {
    crate::guarded(&[path], || check(fst))?.map_err(|detail| Error::Malformed {
        paths: vec![path.to_path_buf()],
        detail,
    })
}

/// The most words a set may spell per byte of its file. Shared nodes let a few hundred
/// bytes spell billions of words (32 levels of two letters: 2^32 words in about 200 bytes),
/// and walking those takes hours, although the shape is sound. No set built from text comes
/// near: ENABLE's is 0.34 words a byte, the 45 shared books' 0.13, 4.5 M random words 0.1;
/// an 8 KB file may still hold half a million words.
pub const MAX_WORDS_PER_BYTE: usize = 64;

/// The most key bytes all of a set's words may hold together per byte of its file: as many
/// as [`MAX_WORDS_PER_BYTE`] words of 16 letters. Within the word bound, long shared chains
/// still let a few kilobytes spell gigabytes of keys (64 words a byte, each up to
/// [`crate::policy::MAX_KEY_LEN`] characters long), which an export or a prefix query then
/// writes out; no set built from text comes near (ENABLE: about 3 bytes of keys a byte).
pub const MAX_KEY_BYTES_PER_BYTE: usize = 16 * MAX_WORDS_PER_BYTE;

/// Why a file's nodes are not what a builder writes, for [`crate::Error::Malformed`].
pub(crate) type Problem = String;

/// Checks the three properties of the module doc on the nodes reachable from the root.
///
/// Node decoding may panic on malformed bytes: call it under [`crate::guarded`].
///
/// # Errors
/// A description of the first property broken.
pub(crate) fn check<D: AsRef<[u8]>>(fst: &Fst<D>) -> std::result::Result<(), Problem> {
    let size = fst.as_bytes().len();
    let root = fst.root().addr();
    if root >= size.max(1) {
        return Err(format!(
            "its root address {root} lies past its {size} bytes"
        ));
    }
    // Pass 1: the nodes reachable from the root, each decoded once; no transition may lead
    // up (that also bounds every address by the root's).
    let mut seen = Bits::new(root + 1);
    seen.set(root);
    let mut stack = vec![root];
    while let Some(addr) = stack.pop() {
        for t in fst.node(addr).transitions() {
            if t.addr >= addr {
                return Err(format!(
                    "the node at byte {addr} leads to byte {}, not below it (a cycle)",
                    t.addr
                ));
            }
            if !seen.get(t.addr) {
                seen.set(t.addr);
                stack.push(t.addr);
            }
        }
    }
    // Pass 2: in address order (children first), the words each node spells and the key
    // bytes they hold below it (each word below a child gains the transition's byte). u32
    // counts saturate: a set of 4 billion words, or of keys, is not one folio reads.
    let rank = Rank::new(&seen);
    let mut below = vec![(0u32, 0u32); rank.total()];
    for addr in seen.ones() {
        let node = fst.node(addr);
        let (mut n, mut bytes) = (u32::from(node.is_final()), 0u32);
        for t in node.transitions() {
            let (w, b) = below[rank.of(t.addr)];
            n = n.saturating_add(w);
            bytes = bytes.saturating_add(b).saturating_add(w);
        }
        // The root of an empty set spells nothing; the header's count is checked below.
        if n == 0 && addr != root {
            return Err(format!("the node at byte {addr} leads to no word"));
        }
        below[rank.of(addr)] = (n, bytes);
    }
    let (spelled, key_bytes) = below[rank.of(root)];
    let counted = fst.len();
    if spelled == u32::MAX || spelled as usize != counted {
        let spelled = if spelled == u32::MAX {
            format!("at least {spelled}")
        } else {
            spelled.to_string()
        };
        return Err(format!(
            "its nodes spell {spelled} words, its header counts {counted}"
        ));
    }
    if counted > size.saturating_mul(MAX_WORDS_PER_BYTE) {
        return Err(format!(
            "its nodes spell {counted} words in {size} bytes: more than \
             {MAX_WORDS_PER_BYTE} words a byte, which no set built from text comes near"
        ));
    }
    if key_bytes as usize > size.saturating_mul(MAX_KEY_BYTES_PER_BYTE) {
        let shown = if key_bytes == u32::MAX {
            format!("at least {key_bytes}")
        } else {
            key_bytes.to_string()
        };
        return Err(format!(
            "its {counted} words hold {shown} bytes of keys in {size} bytes: more than \
             {MAX_KEY_BYTES_PER_BYTE} a byte, which no set built from text comes near"
        ));
    }
    Ok(())
}

/// A fixed-size bit set over byte addresses.
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Bits {
        Bits(vec![0; len.div_ceil(64)])
    }

    fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// The set addresses in increasing order.
    fn ones(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| {
            let mut b = bits;
            std::iter::from_fn(move || {
                (b != 0).then(|| {
                    let i = b.trailing_zeros() as usize;
                    b &= b - 1;
                    w * 64 + i
                })
            })
        })
    }
}

/// Dense indices for the set addresses of a [`Bits`]: a set bit's rank among them.
struct Rank<'a> {
    bits: &'a Bits,
    /// Set bits before each word.
    before: Vec<u32>,
}

impl<'a> Rank<'a> {
    fn new(bits: &'a Bits) -> Rank<'a> {
        let mut n = 0u32;
        let before = bits
            .0
            .iter()
            .map(|w| {
                let b = n;
                n += w.count_ones();
                b
            })
            .collect();
        Rank { bits, before }
    }

    fn total(&self) -> usize {
        let last = self.bits.0.len().saturating_sub(1);
        self.bits
            .0
            .last()
            .map_or(0, |w| self.before[last] as usize + w.count_ones() as usize)
    }

    fn of(&self, i: usize) -> usize {
        let below = self.bits.0[i / 64] & ((1u64 << (i % 64)) - 1);
        self.before[i / 64] as usize + below.count_ones() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fst_of(keys: &[&str]) -> Fst<Vec<u8>> {
        let mut b = fst::raw::Builder::memory();
        for k in keys {
            b.add(k).unwrap();
        }
        Fst::new(b.into_inner().unwrap()).unwrap()
    }

    #[test]
    fn what_a_builder_writes_passes() {
        for keys in [
            &[][..],
            &[""][..],
            &["A"][..],
            &["CAT", "CATS", "DOG", "DOGS", "ZEBRA"][..],
        ] {
            assert_eq!(check(&fst_of(keys)), Ok(()), "{keys:?}");
        }
        let many: Vec<String> = (0..5000).map(|i| format!("W{i:05}X")).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        assert_eq!(check(&fst_of(&many)), Ok(()));
    }

    /// 4,096 words of 1,000 letters sharing one long chain: within the word bound (a few
    /// words a byte), refused by the bytes of keys they hold.
    #[test]
    fn a_small_file_spelling_gigabytes_of_keys_is_refused() {
        let chain = "Q".repeat(988);
        let keys: Vec<String> = (0u32..1 << 12)
            .map(|i| {
                let tail: String = (0..12)
                    .rev()
                    .map(|bit| char::from(b'A' + (i >> bit & 1) as u8))
                    .collect();
                format!("{chain}{tail}")
            })
            .collect();
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        let fst = fst_of(&keys);
        let size = fst.as_bytes().len();
        assert!(fst.len() <= size * MAX_WORDS_PER_BYTE, "{size} bytes");
        let err = check(&fst).unwrap_err();
        assert_eq!(
            err,
            format!(
                "its 4096 words hold 4096000 bytes of keys in {size} bytes: more than \
                 {MAX_KEY_BYTES_PER_BYTE} a byte, which no set built from text comes near"
            )
        );
    }

    #[test]
    fn a_header_counting_fewer_words_than_the_nodes_spell_is_refused() {
        let mut bytes = fst_of(&["CAT", "DOG"]).as_bytes().to_vec();
        // The word count sits 16 bytes from the end (before the root address and checksum).
        let n = bytes.len();
        bytes[n - 20..n - 12].copy_from_slice(&1u64.to_le_bytes());
        let err = check(&Fst::new(bytes).unwrap()).unwrap_err();
        assert_eq!(err, "its nodes spell 2 words, its header counts 1");
    }

    /// 2^20 words of 20 letters in a few hundred bytes: a sound shape, refused by its ratio.
    #[test]
    fn a_tiny_file_spelling_millions_of_words_is_refused() {
        let mut b = fst::raw::Builder::memory();
        for i in 0u32..1 << 20 {
            let key: Vec<u8> = (0..20)
                .rev()
                .map(|bit| b'A' + (i >> bit & 1) as u8)
                .collect();
            b.add(key).unwrap();
        }
        let fst = Fst::new(b.into_inner().unwrap()).unwrap();
        assert!(fst.as_bytes().len() < 1000, "{}", fst.as_bytes().len());
        let err = check(&fst).unwrap_err();
        assert!(
            err.starts_with("its nodes spell 1048576 words in "),
            "{err}"
        );
    }

    #[test]
    fn bits_and_ranks_agree() {
        let mut b = Bits::new(200);
        for i in [0, 3, 63, 64, 65, 130, 199] {
            b.set(i);
        }
        assert_eq!(b.ones().collect::<Vec<_>>(), [0, 3, 63, 64, 65, 130, 199]);
        let r = Rank::new(&b);
        assert_eq!(r.total(), 7);
        assert_eq!(
            [0, 3, 63, 64, 65, 130, 199].map(|i| r.of(i)),
            [0, 1, 2, 3, 4, 5, 6]
        );
    }
}
