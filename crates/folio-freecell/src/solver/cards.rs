//! Card bytes (`rank − 1` × 4 + suit, suits C, D, H, S) and foundations as bit sets: the
//! colour and fit tests, the MS auto-play rule, each suit's next card.

/// An empty free cell (and a position's padding past a cascade's top).
pub(super) const NO_CARD: u8 = 0xff;

/// Whether card byte `c` is red (diamonds or hearts).
#[inline]
pub(super) fn red(c: u8) -> bool {
    (c & 3).wrapping_sub(1) < 2
}

/// Whether card byte `c` may go on card byte `below` in a cascade.
#[inline]
pub(super) fn fits(c: u8, below: u8) -> bool {
    (c >> 2) + 1 == below >> 2 && red(c) != red(below)
}

/// MS auto-play ([`Autoplay::Ms`](crate::Autoplay::Ms)) on a card byte: next on its foundation, and an ace or a
/// two, or both opposite-colour foundations at least one rank below it.
#[inline]
fn ms_home(found: &[u8; 4], c: u8) -> bool {
    let (r0, s) = (c >> 2, (c & 3) as usize);
    // Suits C, D, H, S: C and S are black, D and H red.
    let opposite = if s == 0 || s == 3 {
        found[1].min(found[2])
    } else {
        found[0].min(found[3])
    };
    found[s] == r0 && (r0 < 2 || opposite >= r0)
}

/// The cards [`ms_home`] sends home on foundations `found`, as a bit set of card bytes.
#[inline]
pub(super) fn ms_home_set(found: &[u8; 4]) -> u64 {
    let mut m = 0;
    for (s, &h) in found.iter().enumerate() {
        let c = h * 4 + s as u8;
        if h < 13 && ms_home(found, c) {
            m |= 1 << c;
        }
    }
    m
}

/// Each suit's next card as a bit (card bytes are < 52; a complete suit has none).
pub(super) fn next_cards(found: &[u8; 4]) -> u64 {
    let mut next = 0u64;
    for (s, &h) in found.iter().enumerate() {
        if h < 13 {
            next |= 1 << (h as usize * 4 + s);
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::autoplay::Autoplay;
    use crate::position::card;
    use crate::solver::key::encode;
    use crate::solver::playout::playouts;

    #[test]
    fn auto_play_by_set_is_auto_play_by_card() {
        // Positions along pseudo-random playouts without auto-play, both kinds applied.
        playouts(
            [1, 5, 11982, 617, 24],
            99,
            200,
            |_| {},
            |_, p, _| {
                let (mut a, mut b) = (*p, *p);
                a.auto_home(ms_home);
                b.auto_home_set(ms_home_set);
                assert_eq!(encode(&a), encode(&b));
                assert_eq!(a.foundations(), b.foundations());
            },
        );
    }

    #[test]
    fn fast_auto_play_rule_is_the_ms_rule() {
        for f in 0..14u32.pow(4) {
            let found = [0, 1, 2, 3].map(|i| (f / 14u32.pow(i) % 14) as u8);
            for c in 0..52u8 {
                let card = card(c);
                let want = Autoplay::Ms.sends_home(found, card.suit(), card.rank());
                assert_eq!(ms_home(&found, c), want, "{card} on {found:?}");
            }
        }
    }
}
