//! Moves, their standard notation, and the typed errors of the move judge.

use std::fmt;

use crate::card::Card;
use crate::code;

/// A place cards move from or to. Indexes are 0-based (`Cascade(0)` is column `1`,
/// `Cell(0)` is free cell `a`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loc {
    /// A cascade 0..8.
    Cascade(u8),
    /// A free cell 0..8.
    Cell(u8),
    /// The foundations (the suit is the card's).
    Foundation,
}

impl fmt::Display for Loc {
    /// Standard notation: `1`-`8`, `a`-`h`, `h` for home.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Loc::Cascade(k) => write!(f, "{}", k + 1),
            Loc::Cell(i) => write!(f, "{}", (b'a' + i) as char),
            Loc::Foundation => write!(f, "h"),
        }
    }
}

impl Loc {
    /// Words for messages: `cascade 3`, `free cell b`, `the foundation`.
    pub fn describe(self) -> String {
        match self {
            Loc::Cascade(k) => format!("cascade {}", k + 1),
            Loc::Cell(i) => format!("free cell {}", (b'a' + i) as char),
            Loc::Foundation => "the foundation".to_string(),
        }
    }
}

/// A move: from, to, and for a cascade-to-cascade move an optional explicit card count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the card(s) come from.
    pub from: Loc,
    /// Where they go.
    pub to: Loc,
    /// The number of cards, when the notation gives it.
    pub count: Option<u8>,
}

impl Move {
    /// A move without an explicit count.
    pub fn new(from: Loc, to: Loc) -> Move {
        Move {
            from,
            to,
            count: None,
        }
    }
}

impl fmt::Display for Move {
    /// Standard notation (`3a`, `a4`, `5h`, `21`); an explicit count as `21/3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(n) = self.count {
            write!(f, "/{n}")?;
        }
        Ok(())
    }
}

/// How many cards a cascade-to-*empty*-cascade move without a count carries
/// (`../shared/docs/freecell.md` §3: the notation is ambiguous there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmptyTarget {
    /// As many as the run and the capacity allow (MS "move column", and our solver's output).
    Most,
    /// One card (FC-Pro solver files, which are single-card only).
    One,
}

/// A move the judge accepted: the move, how many cards it carried, the bottom card moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The move as written.
    pub mv: Move,
    /// Cards moved.
    pub count: u8,
    /// The bottom card of what moved (the only card unless `count > 1`).
    pub card: Card,
}

/// Why the judge refused a move. [`MoveError::rule`] gives a stable kebab-case code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// A cascade beyond 8 or a free cell beyond the game's count.
    #[error("there is no {}", .0.describe())]
    NoSuchPlace(Loc),
    /// From and to are the same place.
    #[error("a move must go somewhere else")]
    SamePlace,
    /// Nothing to move there.
    #[error("{} is empty", .0.describe())]
    EmptySource(Loc),
    /// Cards never leave the foundations.
    #[error("cards cannot be taken back from the foundation")]
    FromFoundation,
    /// The card is not the next one of its suit.
    #[error("{card} cannot go home: its foundation holds {}", folio_core::plural(*.height, "card", "cards"))]
    FoundationOrder {
        /// The card.
        card: Card,
        /// Its foundation's height.
        height: u8,
    },
    /// The free cell holds a card.
    #[error("free cell {} already holds {card}", (b'a' + .cell) as char)]
    CellOccupied {
        /// The cell (0-based).
        cell: u8,
        /// Its card.
        card: Card,
    },
    /// Not one rank lower in the other colour.
    #[error("{card} does not go on {onto} (one rank lower, other colour)")]
    DoesNotFit {
        /// The moving (bottom) card.
        card: Card,
        /// The destination's exposed card.
        onto: Card,
    },
    /// The moved cards are not a run in alternating colours.
    #[error("{count} cards are not a run (the top run is {})", folio_core::plural(*.run, "card", "cards"))]
    NotARun {
        /// Cards asked for.
        count: usize,
        /// Length of the run on top.
        run: usize,
    },
    /// More cards than the free cells and empty cascades can carry.
    #[error("{count} cards exceed the supermove capacity of {capacity}")]
    OverCapacity {
        /// Cards in the move.
        count: usize,
        /// `(free cells + 1) × 2^(empty cascades)`, the destination not counted.
        capacity: usize,
    },
    /// An explicit count that cannot apply.
    #[error("a count of {count} is not possible: {reason}")]
    BadCount {
        /// The count.
        count: usize,
        /// Why.
        reason: &'static str,
    },
}

impl MoveError {
    /// The stable kebab-case code of the broken rule.
    pub fn rule(&self) -> &'static str {
        match self {
            MoveError::NoSuchPlace(_) => code::NO_SUCH_PLACE,
            MoveError::SamePlace => code::SAME_PLACE,
            MoveError::EmptySource(_) => code::EMPTY_SOURCE,
            MoveError::FromFoundation => code::FROM_FOUNDATION,
            MoveError::FoundationOrder { .. } => code::FOUNDATION_ORDER,
            MoveError::CellOccupied { .. } => code::CELL_OCCUPIED,
            MoveError::DoesNotFit { .. } => code::DOES_NOT_FIT,
            MoveError::NotARun { .. } => code::NOT_A_RUN,
            MoveError::OverCapacity { .. } => code::OVER_CAPACITY,
            MoveError::BadCount { .. } => code::BAD_COUNT,
        }
    }
}
