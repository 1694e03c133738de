//! Names offered to shell completion and `--help` for options whose values come from a
//! table (rule sets, tile sets, cube sets, rule codes…), while the command itself still
//! reads the value and words its own error (case-insensitive names, "known … are …").

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};

/// `inner` parses the value; `names` are what completion offers (and `--help` lists).
#[derive(Clone)]
pub struct Offer<P> {
    inner: P,
    names: Vec<&'static str>,
}

/// Offers `names` for a value parsed by `inner` (a `fn(&str) -> Result<T, E>` or any
/// parser).
pub fn offer<P>(inner: P, names: impl IntoIterator<Item = &'static str>) -> Offer<P> {
    Offer {
        inner,
        names: names.into_iter().collect(),
    }
}

/// Offers `names` for a value kept as text.
pub fn names(
    names: impl IntoIterator<Item = &'static str>,
) -> Offer<clap::builder::StringValueParser> {
    offer(clap::builder::StringValueParser::new(), names)
}

impl<P: TypedValueParser> TypedValueParser for Offer<P> {
    type Value = P::Value;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Self::Value, clap::Error> {
        self.inner.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.names.iter().map(|n| PossibleValue::new(*n))))
    }
}

/// The rule sets' names.
pub fn rule_sets() -> [&'static str; 3] {
    folio_scrabble::script::RulesName::ALL.map(folio_scrabble::script::RulesName::name)
}

/// The tile sets' names.
pub fn tile_sets() -> impl Iterator<Item = &'static str> {
    folio_scrabble::TileSet::ALL.iter().map(|t| t.name)
}

/// Every rule code of folio's games and of `folio play` itself (`--deny`, `--warn`,
/// `--allow`).
pub fn rule_codes() -> Vec<&'static str> {
    super::play::select::known_codes(&super::play::games())
        .into_iter()
        .collect()
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Completion offers the names (bash completion once offered file names for these).
    #[test]
    fn tabled_options_offer_their_names() {
        let cmd = crate::Cli::command();
        let values = |path: &[&str], arg: &str| -> Vec<String> {
            let mut c = &cmd;
            for p in path {
                c = c.find_subcommand(p).unwrap_or_else(|| panic!("no {p}"));
            }
            c.get_arguments()
                .find(|a| a.get_id() == arg)
                .unwrap_or_else(|| panic!("no --{arg}"))
                .get_possible_values()
                .iter()
                .map(|v| v.get_name().to_string())
                .collect()
        };
        assert_eq!(
            values(&["play"], "rules"),
            ["course", "standard", "wordbler"]
        );
        assert_eq!(values(&["autoplay"], "strategy"), ["score", "equity"]);
        assert!(values(&["autoplay"], "tileset").contains(&"german".to_string()));
        assert!(values(&["boggle", "roll"], "dice").contains(&"classic-1976".to_string()));
        assert_eq!(
            values(&["boggle", "solve"], "scoring"),
            ["official", "seed"]
        );
        assert!(values(&["kenken", "generate"], "difficulty").contains(&"extreme".to_string()));
        assert_eq!(values(&["words", "export"], "format"), ["csv", "tsv"]);
        let codes = values(&["play"], "allow");
        for code in [
            "row-duplicate",
            "unknown-word",
            "not-won",
            "misplaced-game-pragma",
        ] {
            assert!(codes.contains(&code.to_string()), "{code}: {codes:?}");
        }
    }
}
