//! Cube sets as data: the letters on each cube of the Boggle editions folio knows.
//!
//! The tables mirror `games/boggle/dice.tsv` of the shared data (a test checks them against
//! it, cube by cube). A cube is written as in that file: six faces, `Q` meaning the `Qu` face,
//! `[An|Er|He|In|Qu|Th]` a cube of multi-letter faces, `[Qu]` one multi-letter face among
//! single letters, `#` a blank face.

use super::board::Face;

/// A named set of cubes for one board shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CubeSet {
    /// Name used on the command line and in scripts (`new-1987`).
    pub name: &'static str,
    /// Rows of the tray the set fills.
    pub rows: usize,
    /// Columns of the tray the set fills.
    pub cols: usize,
    /// Where the letters come from.
    pub source: &'static str,
    /// The cubes, each as its six faces in `dice.tsv` notation.
    pub cubes: &'static [&'static str],
}

/// A cube string that is not six faces in `dice.tsv` notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cube {cube:?} is not six faces (letters, Q for Qu, [Ab|Cd] groups, # blank)")]
pub struct CubeError {
    /// The cube as written.
    pub cube: String,
}

impl CubeSet {
    /// Every set folio knows, in `dice.tsv` order.
    pub const ALL: &'static [CubeSet] = &[
        CLASSIC_1976,
        NEW_1987,
        BIG_BOGGLE_1979,
        BIG_BOGGLE_DELUXE_MASTER,
        BIG_BOGGLE_2012,
        SUPER_BIG_BOGGLE_2011,
    ];

    /// The set called `name` (exact, case-insensitive), if any.
    pub fn by_name(name: &str) -> Option<&'static CubeSet> {
        CubeSet::ALL
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(name))
    }

    /// The names of all sets, for messages.
    pub fn names() -> Vec<&'static str> {
        CubeSet::ALL.iter().map(|s| s.name).collect()
    }

    /// The six faces of cube `i`.
    ///
    /// # Panics
    /// When `i` is out of range, or the embedded table is malformed (a test rules it out).
    pub fn faces(&self, i: usize) -> [Face; 6] {
        match cube_faces(self.cubes[i]) {
            Ok(f) => f,
            Err(e) => panic!("embedded cube set {}: {e}", self.name),
        }
    }
}

/// Parses one cube in `dice.tsv` notation into its six faces.
///
/// # Errors
/// [`CubeError`] unless the string holds exactly six faces.
pub fn cube_faces(cube: &str) -> Result<[Face; 6], CubeError> {
    let err = || CubeError {
        cube: cube.to_string(),
    };
    let mut faces = Vec::with_capacity(6);
    let mut rest = cube;
    while let Some(c) = rest.chars().next() {
        match c {
            '#' => {
                faces.push(Face::BLANK);
                rest = &rest[1..];
            }
            '[' => {
                let end = rest.find(']').ok_or_else(err)?;
                for part in rest[1..end].split('|') {
                    faces.push(Face::from_letters(part).ok_or_else(err)?);
                }
                rest = &rest[end + 1..];
            }
            _ => {
                faces.push(
                    Face::letter(c as u8)
                        .filter(|_| c.is_ascii())
                        .ok_or_else(err)?,
                );
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    faces.try_into().map_err(|_| err())
}

/// `classic-1976` (4x4): bananagrammer.com 2013-10 'Boggle cube redesign'; had2know.org; danvk/hybrid-boggle boggle/dice.py CLASSIC_DICE.
pub const CLASSIC_1976: CubeSet = CubeSet {
    name: "classic-1976",
    rows: 4,
    cols: 4,
    source: "bananagrammer.com 2013-10 'Boggle cube redesign'; had2know.org; danvk/hybrid-boggle boggle/dice.py CLASSIC_DICE",
    cubes: &[
        "AACIOT", "ABILTY", "ABJMOQ", "ACDEMP", "ACELRS", "ADENVZ",
        "AHMORS", "BIFORX", "DENOSW", "DKNOTU", "EEFHIY", "EGKLUY",
        "EGINTV", "EHINPS", "ELPSTU", "GILRUW",
    ],
};

/// `new-1987` (4x4): OEIS A063000 attachment (E. McDonnell 2001, column form); bananagrammer.com 2013-10; had2know.org; Stanford CS106 Boggle starter CUBES.
pub const NEW_1987: CubeSet = CubeSet {
    name: "new-1987",
    rows: 4,
    cols: 4,
    source: "OEIS A063000 attachment (E. McDonnell 2001, column form); bananagrammer.com 2013-10; had2know.org; Stanford CS106 Boggle starter CUBES",
    cubes: &[
        "AAEEGN", "ABBJOO", "ACHOPS", "AFFKPS", "AOOTTW", "CIMOTU",
        "DEILRX", "DELRVY", "DISTTY", "EEGHNW", "EEINSU", "EHRTVW",
        "EIOSST", "ELRTTY", "HIMNQU", "HLNNRZ",
    ],
};

/// `big-boggle-1979` (5x5): OEIS A063000 attachment (rules (c)1979,1983 Parker Brothers); public code labelled 'Big Boggle (1979)'.
pub const BIG_BOGGLE_1979: CubeSet = CubeSet {
    name: "big-boggle-1979",
    rows: 5,
    cols: 5,
    source: "OEIS A063000 attachment (rules (c)1979,1983 Parker Brothers); public code labelled 'Big Boggle (1979)'",
    cubes: &[
        "AAAFRS", "AAEEEE", "AAFIRS", "ADENNN", "AEEEEM", "AEEGMU",
        "AEGMNN", "AFIRSY", "BJKQXZ", "CCENST", "CEIILT", "CEILPT",
        "CEIPST", "DDHNOT", "DHHLOR", "DHLNOR", "DHLNOR", "EIIITT",
        "EMOTTT", "ENSSSU", "FIPRSY", "GORRVW", "IPRRRY", "NOOTUW",
        "OOOTTU",
    ],
};

/// `big-boggle-deluxe-master` (5x5): public code labelled 'Boggle Master (1993)' / 'Boggle Deluxe (1997)'; Stanford CS106B BIG_BOGGLE_CUBES.
pub const BIG_BOGGLE_DELUXE_MASTER: CubeSet = CubeSet {
    name: "big-boggle-deluxe-master",
    rows: 5,
    cols: 5,
    source: "public code labelled 'Boggle Master (1993)' / 'Boggle Deluxe (1997)'; Stanford CS106B BIG_BOGGLE_CUBES",
    cubes: &[
        "AAAFRS", "AAEEEE", "AAFIRS", "ADENNN", "AEEEEM", "AEEGMU",
        "AEGMNN", "AFIRSY", "BJKQXZ", "CCNSTW", "CEIILT", "CEILPT",
        "CEIPST", "DDLNOR", "DHHLOR", "DHHNOT", "DHLNOR", "EIIITT",
        "EMOTTT", "ENSSSU", "FIPRSY", "GORRVW", "HIPRRY", "NOOTUW",
        "OOOTTU",
    ],
};

/// `big-boggle-2012` (5x5): public code labelled 'Big Boggle (2012)' (die written AEHIQT = An Er He In Qu Th); single source, unverified.
pub const BIG_BOGGLE_2012: CubeSet = CubeSet {
    name: "big-boggle-2012",
    rows: 5,
    cols: 5,
    source: "public code labelled 'Big Boggle (2012)' (die written AEHIQT = An Er He In Qu Th); single source, unverified",
    cubes: &[
        "AAAFRS", "AAEEEE", "AAFIRS", "ADENNN", "AEEEEM", "AEEGMU",
        "AEGMNN", "AFIRSY", "BBJKXZ", "CCENST", "EIILST", "CEIPST",
        "DDHNOT", "DHHLOR", "DHHNOW", "DHLNOR", "EIIITT", "EILPST",
        "EMOTTT", "ENSSSU", "[An|Er|He|In|Qu|Th]", "GORRVW", "IPRSYY", "NOOTUW",
        "OOOTTU",
    ],
};

/// `super-big-boggle-2011` (6x6): two independent public code files agree (one labels blank faces ###); '#'=blank/word-stop face.
pub const SUPER_BIG_BOGGLE_2011: CubeSet = CubeSet {
    name: "super-big-boggle-2011",
    rows: 6,
    cols: 6,
    source: "two independent public code files agree (one labels blank faces ###); '#'=blank/word-stop face",
    cubes: &[
        "AAAFRS", "AAEEEE", "AAEEOO", "AAFIRS", "ABDEIO", "ADENNN",
        "AEEEEM", "AEEGMU", "AEGMNN", "AEILMN", "AEINOU", "AFIRSY",
        "[An|Er|He|In|Qu|Th]", "BBJKXZ", "CCENST", "CDDLNN", "CEIITT", "CEIPST",
        "CFGNUY", "DDHNOT", "DHHLOR", "DHHNOW", "DHLNOR", "EHILRS",
        "EIILST", "EILPST", "EIO###", "EMTTTO", "ENSSSU", "GORRVW",
        "HIRSTV", "HOPRST", "IPRSYY", "JK[Qu]WXZ", "NOOTUW", "OOOTTU",
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cube_has_six_faces() {
        for set in CubeSet::ALL {
            assert_eq!(set.cubes.len(), set.rows * set.cols, "{}", set.name);
            for (i, cube) in set.cubes.iter().enumerate() {
                assert!(cube_faces(cube).is_ok(), "{} cube {i}: {cube}", set.name);
            }
        }
    }

    #[test]
    fn faces_in_dice_notation() {
        let f = cube_faces("[An|Er|He|In|Qu|Th]").unwrap();
        assert_eq!(f[4], Face::QU);
        assert_eq!(f[5].letters(), b"TH");
        let f = cube_faces("JK[Qu]WXZ").unwrap();
        assert_eq!(f[2], Face::QU);
        let f = cube_faces("EIO###").unwrap();
        assert!(f[3].is_blank() && f[5].is_blank());
        assert_eq!(cube_faces("HIMNQU").unwrap()[4], Face::QU);
        for bad in ["ABCDE", "ABCDEFG", "AB[CD", "ABCD[EFG]", "ABCDE1", "ABCDEÉ"] {
            assert!(cube_faces(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn lookup_by_name() {
        assert_eq!(CubeSet::by_name("NEW-1987"), Some(&NEW_1987));
        assert!(CubeSet::by_name("new").is_none());
        assert_eq!(NEW_1987.cubes[0], "AAEEGN");
        assert_eq!(NEW_1987.cubes[15], "HLNNRZ");
    }

    /// The embedded tables are the shared `dice.tsv`, row for row.
    #[test]
    fn tables_match_shared_dice_tsv() {
        let Some(path) = folio_testdata::path("games/boggle/dice.tsv") else {
            return;
        };
        let text = std::fs::read_to_string(path).unwrap();
        let mut rows = Vec::new();
        for line in text.lines().filter(|l| !l.starts_with('#')).skip(1) {
            let f: Vec<&str> = line.split('\t').collect();
            rows.push((
                f[0].to_string(),
                f[1].to_string(),
                f[2].to_string(),
                f[3].to_string(),
            ));
        }
        let mut ours = Vec::new();
        for set in CubeSet::ALL {
            for (i, cube) in set.cubes.iter().enumerate() {
                ours.push((
                    set.name.to_string(),
                    format!("{}x{}", set.rows, set.cols),
                    (i + 1).to_string(),
                    cube.to_string(),
                ));
            }
        }
        assert_eq!(ours, rows);
    }
}
