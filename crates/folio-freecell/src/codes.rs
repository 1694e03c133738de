//! The stable rule codes of FreeCell findings, written once; `code::ALL` is what `folio play
//! --allow CODE` knows of FreeCell.

folio_core::rule_codes! {
    /// FreeCell's rule codes (docs/freecell.md).
    pub mod code {
        /// A NUL byte or bytes not UTF-8.
        BINARY_INPUT = "binary-input",
        /// `#game` names another game.
        WRONG_GAME = "wrong-game",
        /// A folio script without its `#game freecell` line.
        MISSING_GAME = "missing-game",
        /// A `#word` that is no directive of a FreeCell script.
        UNKNOWN_DIRECTIVE = "unknown-directive",
        /// A directive (`#game`, `#deal`, `#freecells`, `#autoplay`, `#empty`) given twice.
        DUPLICATE_DIRECTIVE = "duplicate-directive",
        /// A deal number out of range or unreadable.
        BAD_DEAL = "bad-deal",
        /// A free-cell count out of range or unreadable.
        BAD_FREECELLS = "bad-freecells",
        /// An auto-play convention folio does not know.
        BAD_AUTOPLAY = "bad-autoplay",
        /// An `#empty` value other than `most` or `one`.
        BAD_EMPTY = "bad-empty",
        /// A move that does not read.
        UNKNOWN_MOVE = "unknown-move",
        /// More moves than a solution file may hold (`parse::MAX_MOVES`).
        TOO_MANY_MOVES = "too-many-moves",
        /// A line that is no move, directive or board.
        UNKNOWN_LINE = "unknown-line",
        /// A printed board where none is expected.
        UNEXPECTED_BOARD = "unexpected-board",
        /// A board expected and not printed.
        MISSING_BOARD = "missing-board",
        /// A printed board that does not read or is no deal.
        BAD_BOARD = "bad-board",
        /// No deal named, and no board to start from.
        MISSING_DEAL = "missing-deal",
        /// The printed start is not the deal named.
        START_MISMATCH = "start-mismatch",
        /// An option (`--deal`, `--freecells`, `--autoplay`) says other than the file.
        OPTION_MISMATCH = "option-mismatch",
        /// After a move the file prints another board.
        BOARD_MISMATCH = "board-mismatch",
        /// A move names a cascade or cell the layout has not.
        NO_SUCH_PLACE = "no-such-place",
        /// A move to where the cards are.
        SAME_PLACE = "same-place",
        /// A move from an empty place.
        EMPTY_SOURCE = "empty-source",
        /// A move from a foundation.
        FROM_FOUNDATION = "from-foundation",
        /// A card sent home out of order.
        FOUNDATION_ORDER = "foundation-order",
        /// A move to an occupied free cell.
        CELL_OCCUPIED = "cell-occupied",
        /// A card that does not go on the destination.
        DOES_NOT_FIT = "does-not-fit",
        /// Cards moved together that are no run.
        NOT_A_RUN = "not-a-run",
        /// More cards moved at once than free cells and cascades allow.
        OVER_CAPACITY = "over-capacity",
        /// A card count that cannot be moved.
        BAD_COUNT = "bad-count",
        /// The moves end before every card is home.
        NOT_WON = "not-won",
    }
}
