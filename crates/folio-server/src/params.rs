//! The query string of an HTTP request, read strictly: every name and value percent-decoded
//! to UTF-8 (a value that is not UTF-8 once decoded is refused, as a word in the path that
//! is not is, rather than turned into `�`), `books` given any number of times (its values
//! are joined as one comma list: `?books=a.txt&books=b.txt` is `?books=a.txt,b.txt`), and
//! every other parameter at most once.

use percent_encoding::percent_decode_str;

/// Why a query string was refused (answered 400).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParamError {
    /// A name or value is not UTF-8 once percent-decoded.
    #[error("query parameter `{0}`: not UTF-8 once percent-decoded")]
    NotUtf8(String),
    /// A parameter other than `books` was given more than once.
    #[error("query parameter `{0}` given more than once")]
    Repeated(String),
    /// A boolean parameter whose value is neither `true` nor `false`.
    #[error("{name}={value:?}: give true or false (the only spellings of a boolean parameter)")]
    NotABool {
        /// The parameter.
        name: String,
        /// Its value, as given (clipped).
        value: String,
    },
}

/// The parameters of one query string, decoded.
#[derive(Clone, Debug, Default)]
pub struct Params {
    pairs: Vec<(String, String)>,
}

/// The parameter whose values are joined rather than refused when repeated.
pub const BOOKS: &str = "books";

impl Params {
    /// Parses the raw query string (the part after `?`, if any).
    ///
    /// ```
    /// use folio_server::params::{Params, ParamError};
    /// let p = Params::parse(Some("books=a.txt&books=b%20c.txt&limit=3")).unwrap();
    /// assert_eq!(p.books().as_deref(), Some("a.txt,b c.txt"));
    /// assert_eq!(p.get("limit"), Some("3"));
    /// assert_eq!(Params::parse(Some("books=%FF")).unwrap_err(), ParamError::NotUtf8("books".into()));
    /// assert_eq!(Params::parse(Some("limit=1&limit=2")).unwrap_err(), ParamError::Repeated("limit".into()));
    /// ```
    ///
    /// # Errors
    /// A [`ParamError`] naming the parameter.
    pub fn parse(raw: Option<&str>) -> Result<Params, ParamError> {
        let mut pairs: Vec<(String, String)> = Vec::new();
        for piece in raw.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
            let (name, value) = piece.split_once('=').unwrap_or((piece, ""));
            let name = decode(name).map_err(|()| ParamError::NotUtf8(lossy(name)))?;
            let value = decode(value).map_err(|()| ParamError::NotUtf8(name.clone()))?;
            if name != BOOKS && pairs.iter().any(|(n, _)| *n == name) {
                return Err(ParamError::Repeated(name));
            }
            pairs.push((name, value));
        }
        Ok(Params { pairs })
    }

    /// The value of `name` (not `books`), if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The boolean parameter `name`: `false` when not given. Every boolean parameter of the
    /// API is spelled `true` or `false`, exactly (not `1`, `yes` or `TRUE`): one spelling
    /// set, so a client's mistake is refused rather than read one way here and another
    /// elsewhere.
    ///
    /// ```
    /// use folio_server::params::{Params, ParamError};
    /// assert_eq!(Params::parse(Some("load=true")).unwrap().flag("load"), Ok(true));
    /// assert_eq!(Params::parse(None).unwrap().flag("load"), Ok(false));
    /// assert!(Params::parse(Some("load=1")).unwrap().flag("load").is_err());
    /// ```
    ///
    /// # Errors
    /// [`ParamError::NotABool`] for any other value.
    pub fn flag(&self, name: &str) -> Result<bool, ParamError> {
        match self.get(name) {
            None | Some("false") => Ok(false),
            Some("true") => Ok(true),
            Some(other) => Err(ParamError::NotABool {
                name: name.to_string(),
                value: crate::protocol::clip(other),
            }),
        }
    }

    /// Every `books` value joined by commas, if any was given.
    pub fn books(&self) -> Option<String> {
        let values: Vec<&str> = self
            .pairs
            .iter()
            .filter(|(n, _)| n == BOOKS)
            .map(|(_, v)| v.as_str())
            .collect();
        (!values.is_empty()).then(|| values.join(","))
    }
}

/// `application/x-www-form-urlencoded` decoding (`+` is a space), strict about UTF-8.
fn decode(s: &str) -> Result<String, ()> {
    let plus = s.replace('+', " ");
    percent_decode_str(&plus)
        .decode_utf8()
        .map(|c| c.into_owned())
        .map_err(|_| ())
}

fn lossy(s: &str) -> String {
    crate::protocol::clip(&String::from_utf8_lossy(
        &percent_decode_str(s).collect::<Vec<u8>>(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_boolean_is_true_or_false_and_nothing_else() {
        for (raw, want) in [
            ("load=true", Some(true)),
            ("load=false", Some(false)),
            ("", Some(false)),
        ] {
            assert_eq!(
                Params::parse(Some(raw)).unwrap().flag("load").ok(),
                want,
                "{raw}"
            );
        }
        for bad in ["1", "0", "yes", "TRUE", "", "truee"] {
            let err = Params::parse(Some(&format!("load={bad}")))
                .unwrap()
                .flag("load")
                .unwrap_err();
            assert_eq!(
                err.to_string(),
                format!(
                    "load={bad:?}: give true or false (the only spellings of a boolean parameter)"
                )
            );
        }
    }

    #[test]
    fn books_join_and_others_refuse_repeats() {
        let p = Params::parse(Some("books=a.txt&load=true&books=b.txt,c.txt&books=")).unwrap();
        assert_eq!(p.books().as_deref(), Some("a.txt,b.txt,c.txt,"));
        assert_eq!(p.get("load"), Some("true"));
        assert_eq!(Params::parse(None).unwrap().books(), None);
        assert_eq!(
            Params::parse(Some("load=1&load=1")).unwrap_err(),
            ParamError::Repeated("load".into())
        );
        assert_eq!(
            Params::parse(Some("books=a+b%2Ctxt"))
                .unwrap()
                .books()
                .as_deref(),
            Some("a b,txt")
        );
        assert_eq!(
            Params::parse(Some("x%C3=1")).unwrap_err(),
            ParamError::NotUtf8("x\u{fffd}".into())
        );
        assert_eq!(
            Params::parse(Some("books=%E2%82")).unwrap_err(),
            ParamError::NotUtf8("books".into())
        );
    }
}
