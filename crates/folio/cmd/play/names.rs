//! File names in `folio play`'s outputs: the exact bytes of a name that is not UTF-8 (its
//! text is escaped, `folio_core::file_name`), and the SARIF URI made from a name's bytes.

use std::path::Path;

/// The bytes of `path`'s name when it is not UTF-8 (an entry's `file` then shows it
/// escaped); `None` for a UTF-8 name, whose text is its bytes.
pub fn exact(path: &Path) -> Option<Vec<u8>> {
    let bytes = folio_core::file_name::bytes(path);
    std::str::from_utf8(&bytes)
        .is_err()
        .then(|| bytes.into_owned())
}

/// A file name's bytes as a SARIF `artifactLocation.uri`: a relative URI reference
/// (RFC 3986) whose unreserved bytes and `/` are themselves and every other byte — `%`,
/// space, a byte that is not UTF-8 — is percent-encoded, so the URI decodes to the exact
/// name. On Windows a `\` separates folders and is written `/`; elsewhere it is part of a
/// name (`%5C`).
pub fn uri(name: &[u8]) -> String {
    let mut out = String::with_capacity(name.len());
    for &b in name {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) || (cfg!(windows) && b == b'\\') {
            out.push(if b == b'\\' { '/' } else { b as char });
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_percent_encode_every_reserved_or_invalid_byte() {
        assert_eq!(uri(b"games/a b%.gcg"), "games/a%20b%25.gcg");
        assert_eq!(uri(b"x\xff\xfe.gcg"), "x%FF%FE.gcg");
        // A lone continuation byte, a truncated sequence, and a valid `é` (its two bytes).
        assert_eq!(uri(b"\x80a\xc3.gcg"), "%80a%C3.gcg");
        assert_eq!(uri("é.gcg".as_bytes()), "%C3%A9.gcg");
        assert_eq!(uri(b"bad\nname.gcg"), "bad%0Aname.gcg");
        if cfg!(windows) {
            assert_eq!(uri(b"dir\\x.gcg"), "dir/x.gcg");
        } else {
            assert_eq!(uri(b"dir\\x.gcg"), "dir%5Cx.gcg");
        }
    }

    #[cfg(unix)]
    #[test]
    fn only_names_that_are_not_utf8_carry_their_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let bad = Path::new(std::ffi::OsStr::from_bytes(b"d/x\xff.gcg"));
        assert_eq!(exact(bad).as_deref(), Some(&b"d/x\xff.gcg"[..]));
        assert_eq!(exact(Path::new("d/é.gcg")), None);
    }
}
