//! The stable rule codes of KenKen findings: a session's (`#game kenken`) and a checked
//! grid's, written once; `code::ALL` is what `folio play --allow CODE` knows of KenKen.

folio_core::rule_codes! {
    /// KenKen's rule codes (docs/kenken.md).
    pub mod code {
        /// A NUL byte or bytes not UTF-8: the one finding of such a file.
        BINARY_INPUT = "binary-input",
        /// A line that is neither a move, a pragma nor a comment; in a checked grid, a
        /// character that is no digit, empty cell or separator.
        SYNTAX = "syntax",
        /// A checked grid with fewer or more digits than the puzzle has cells.
        GRID_SHAPE = "grid-shape",
        /// `#game` names another game.
        WRONG_GAME = "wrong-game",
        /// A `#word` that is no pragma of KenKen's.
        UNKNOWN_PRAGMA = "unknown-pragma",
        /// No `#puzzle` before the first move.
        NO_PUZZLE = "no-puzzle",
        /// A `#puzzle` that is no Keen ID.
        BAD_PUZZLE = "bad-puzzle",
        /// A second `#puzzle`.
        PUZZLE_TWICE = "puzzle-twice",
        /// A move to a cell outside the grid.
        CELL_OFF_GRID = "cell-off-grid",
        /// A digit outside 1..=size.
        DIGIT_OUT_OF_RANGE = "digit-out-of-range",
        /// A checked grid's empty cell.
        EMPTY_CELL = "empty-cell",
        /// The digit already stands in that row.
        ROW_DUPLICATE = "row-duplicate",
        /// The digit already stands in that column.
        COLUMN_DUPLICATE = "column-duplicate",
        /// A full cage whose digits miss its target.
        CAGE_OFF_TARGET = "cage-off-target",
        /// A session whose final grid does not solve its puzzle (at its last move).
        NOT_SOLVED = "not-solved",
        /// More moves than a session may hold (`script::MAX_MOVES`): not read further.
        TOO_MANY_MOVES = "too-many-moves",
        /// More problems than one parse collects (`script::MAX_PROBLEMS`): not read further.
        TOO_MANY_PROBLEMS = "too-many-problems",
    }
}
