//! A small, portable, seeded PRNG for rolling boards: SplitMix64.
//!
//! A roll must be the same on every platform and in every folio version, so the generator
//! is spelled out here rather than taken from a crate whose stream may change. SplitMix64 is
//! Steele, Lea and Flood's generator ("Fast splittable pseudorandom number generators",
//! OOPSLA 2014), with Vigna's constants (<https://prng.di.unimi.it/splitmix64.c>). Bounded
//! draws take the high 64 bits of a 128-bit product (Lemire's multiply-shift, without the
//! rejection step: the bias is below `n / 2^64`, invisible for dice).
//!
//! Note for the merge: this is the same generator, with the same `below`, as
//! `folio_core::rng::SplitMix64` of the Scrabble bag (branch `core`); a test here pins the
//! same vectors, so this file can be replaced by that one without changing any roll.

/// SplitMix64: a 64-bit state advanced by the golden-ratio increment and mixed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose first output is determined by `seed` alone.
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n`: the high 64 bits of `next_u64() * n`. Returns 0 when
    /// `n == 0`.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference outputs of splitmix64.c for seed 1234567.
    #[test]
    fn matches_the_reference_stream() {
        let mut r = SplitMix64::new(1234567);
        let got: Vec<u64> = (0..5).map(|_| r.next_u64()).collect();
        assert_eq!(
            got,
            [
                6457827717110365317,
                3203168211198807973,
                9817491932198370423,
                4593380528125082431,
                16408922859458223821,
            ]
        );
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = SplitMix64::new(7);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            let v = r.below(6);
            seen[v] += 1;
        }
        assert!(seen.iter().all(|&c| (800..1200).contains(&c)), "{seen:?}");
        assert_eq!(r.below(0), 0);
        assert_eq!(r.below(1), 0);
    }

    /// The vector pinned by the Scrabble bag's generator, so the two can be unified.
    #[test]
    fn below_is_multiply_shift() {
        let mut g = SplitMix64::new(42);
        let got: Vec<usize> = (0..5).map(|_| g.below(100)).collect();
        assert_eq!(got, [74, 15, 27, 34, 3]);
    }
}
