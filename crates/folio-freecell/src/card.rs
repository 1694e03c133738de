//! Cards: one byte each, `rank * 4 + suit` (0 = AC … 51 = KS), the Microsoft deck order.

use std::fmt;

/// A suit, in the Microsoft deck order C, D, H, S.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// ♣ (black).
    Clubs = 0,
    /// ♦ (red).
    Diamonds = 1,
    /// ♥ (red).
    Hearts = 2,
    /// ♠ (black).
    Spades = 3,
}

impl Suit {
    /// The four suits in deck order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// `C`, `D`, `H` or `S`.
    pub fn letter(self) -> char {
        b"CDHS"[self as usize] as char
    }

    /// True for diamonds and hearts.
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    /// The suit from its index 0..4 (deck order).
    pub fn from_index(i: u8) -> Suit {
        Suit::ALL[(i & 3) as usize]
    }

    fn from_letter(c: u8) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            b'C' => Some(Suit::Clubs),
            b'D' => Some(Suit::Diamonds),
            b'H' => Some(Suit::Hearts),
            b'S' => Some(Suit::Spades),
            _ => None,
        }
    }
}

/// A card, stored as `rank0 * 4 + suit` where `rank0` is 0 for an ace … 12 for a king.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

const RANKS: &[u8; 13] = b"A23456789TJQK";

impl Card {
    /// The card of `rank` (1 = ace … 13 = king) and `suit`. `None` for a rank outside 1..=13.
    pub fn new(rank: u8, suit: Suit) -> Option<Card> {
        (1..=13)
            .contains(&rank)
            .then(|| Card((rank - 1) * 4 + suit as u8))
    }

    /// The card with deck index `i` (0..52), `None` beyond.
    pub fn from_index(i: u8) -> Option<Card> {
        (i < 52).then_some(Card(i))
    }

    /// The deck index 0..52 (`rank0 * 4 + suit`).
    pub fn index(self) -> u8 {
        self.0
    }

    /// The rank, 1 (ace) … 13 (king).
    pub fn rank(self) -> u8 {
        self.0 / 4 + 1
    }

    /// The suit.
    pub fn suit(self) -> Suit {
        Suit::from_index(self.0 & 3)
    }

    /// True for red cards (diamonds, hearts).
    pub fn is_red(self) -> bool {
        self.suit().is_red()
    }

    /// Whether `self` may be placed on `below` in a cascade: one rank lower, other colour.
    pub fn fits_on(self, below: Card) -> bool {
        self.rank() + 1 == below.rank() && self.is_red() != below.is_red()
    }

    /// Parses `AS`, `TD`, `10H`, `kh` (rank then suit; `T` or `10` for ten; case ignored).
    pub fn parse(s: &str) -> Option<Card> {
        let b = s.as_bytes();
        let (rank_part, suit) = match b {
            [r @ .., s] if !r.is_empty() => (r, Suit::from_letter(*s)?),
            _ => return None,
        };
        let rank = match rank_part {
            [b'1', b'0'] => 10,
            [r] => RANKS.iter().position(|&x| x == r.to_ascii_uppercase())? as u8 + 1,
            _ => return None,
        };
        Card::new(rank, suit)
    }

    /// The rank letter: `A 2 … 9 T J Q K`.
    pub fn rank_char(self) -> char {
        RANKS[(self.0 / 4) as usize] as char
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank_char(), self.suit().letter())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The rank letter of a foundation height (`0` when empty, else `A`…`K`), as fc-solve prints it.
pub fn rank_text(height: u8) -> char {
    if height == 0 {
        '0'
    } else {
        RANKS[(height - 1) as usize] as char
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_order_is_rank_major_clubs_first() {
        assert_eq!(Card::from_index(0).unwrap().to_string(), "AC");
        assert_eq!(Card::from_index(3).unwrap().to_string(), "AS");
        assert_eq!(Card::from_index(4).unwrap().to_string(), "2C");
        assert_eq!(Card::from_index(51).unwrap().to_string(), "KS");
        assert!(Card::from_index(52).is_none());
    }

    #[test]
    fn parse_round_trips_every_card() {
        for i in 0..52 {
            let c = Card::from_index(i).unwrap();
            assert_eq!(Card::parse(&c.to_string()), Some(c));
            assert_eq!(Card::parse(&c.to_string().to_lowercase()), Some(c));
        }
        assert_eq!(Card::parse("10H"), Card::parse("TH"));
        for bad in ["", "A", "1H", "ZS", "AX", "11H", "AHH"] {
            assert_eq!(Card::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn builds_alternate_colour_one_rank_lower() {
        let c = |s| Card::parse(s).unwrap();
        assert!(c("9S").fits_on(c("TH")));
        assert!(c("9H").fits_on(c("TS")));
        assert!(!c("9D").fits_on(c("TH")));
        assert!(!c("8S").fits_on(c("TH")));
    }
}
