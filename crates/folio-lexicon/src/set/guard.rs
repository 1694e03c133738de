//! The one guard every walker of a word set runs under.
//!
//! [`crate::set::checked`] checks a set's checksum when it opens it, so a flipped byte is an
//! error naming the file. But fst decodes nodes without bounds checks of its own, so a file
//! crafted to pass the checksum can still make a walk panic. [`guarded`] turns such a panic
//! into [`Error::Malformed`] naming the sets, for every command that walks one (queries,
//! Boggle solving, replays checking words), instead of a crash.

use std::panic::{self, AssertUnwindSafe, PanicHookInfo};
use std::path::Path;
use std::sync::{Mutex, PoisonError};

use crate::error::{Error, Result};

type Hook = Box<dyn Fn(&PanicHookInfo<'_>) + Sync + Send + 'static>;

/// How many guarded calls run now, and the panic hook to restore when the last one returns.
static QUIET: Mutex<(usize, Option<Hook>)> = Mutex::new((0, None));

/// Runs `f`, a walk over the sets at `paths`, and reports a panic inside it as
/// [`Error::Malformed`] naming those paths and the panic's message.
///
/// While any guarded call runs, the process's panic hook is replaced by a silent one (the
/// message is in the error instead, so nothing is printed twice); the previous hook is put
/// back when the last guarded call returns. The hook is process-wide: a panic elsewhere in
/// the process meanwhile is not printed either (it still unwinds as usual).
///
/// ```
/// use folio_lexicon::{guarded, Error};
/// let paths = ["g.fst"];
/// assert_eq!(guarded(&paths, || 2 + 2).unwrap(), 4);
/// let err = guarded(&paths, || -> u32 { panic!("node out of bounds") }).unwrap_err();
/// assert!(matches!(err, Error::Malformed { .. }));
/// assert!(err.to_string().starts_with("g.fst: word set could not be decoded"));
/// ```
///
/// # Errors
/// [`Error::Malformed`] when `f` panics.
pub fn guarded<P: AsRef<Path>, T>(paths: &[P], f: impl FnOnce() -> T) -> Result<T> {
    quiet(true);
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    quiet(false);
    result.map_err(|payload| Error::Malformed {
        paths: paths.iter().map(|p| p.as_ref().to_path_buf()).collect(),
        detail: payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default(),
    })
}

/// Enters (`true`) or leaves (`false`) a guarded call.
fn quiet(enter: bool) {
    let mut state = QUIET.lock().unwrap_or_else(PoisonError::into_inner);
    if enter {
        if state.0 == 0 {
            state.1 = Some(panic::take_hook());
            panic::set_hook(Box::new(|_| {}));
        }
        state.0 += 1;
    } else {
        state.0 -= 1;
        if state.0 == 0 {
            if let Some(previous) = state.1.take() {
                panic::set_hook(previous);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_an_error_naming_the_sets() {
        let err = guarded(&["a.fst", "b.fst"], || -> () {
            panic!("index out of bounds")
        })
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "a.fst, b.fst: word set could not be decoded although its checksum matches (a \
             malformed fst): index out of bounds"
        );
        let err = guarded(&["c.fst"], || -> () { std::panic::panic_any(7u8) }).unwrap_err();
        assert!(err.to_string().ends_with("(a malformed fst): "));
    }

    #[test]
    fn nested_calls_return_their_values() {
        let inner = guarded(&["x.fst"], || guarded(&["y.fst"], || 5).unwrap()).unwrap();
        assert_eq!(inner, 5);
    }

    /// Every one-byte change of a small set, re-checksummed so that only the shape check
    /// stands between it and a walk: the checked opening refuses it as `Malformed` (some
    /// changes make fst panic while decoding a node, which the guard turns into that
    /// error), or opens a set whose full walk, under the guard, yields exactly the words
    /// its header counts.
    #[test]
    fn malformed_but_checksummed_sets_are_errors() {
        use crate::build::fst_builder::{crc32c, masked};
        let good = crate::build::build(&[("CAT", 1), ("CATS", 2), ("DOG", 3), ("DOGS", 4)])
            .unwrap()
            .set;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.fst");
        let (mut malformed, mut opened) = (0, 0);
        for i in 0..good.len() - 4 {
            for flip in [0x01u8, 0x80, 0xFF] {
                let mut bytes = good.clone();
                bytes[i] ^= flip;
                let n = bytes.len();
                let sum = masked(crc32c(&bytes[..n - 4]));
                bytes[n - 4..].copy_from_slice(&sum.to_le_bytes());
                std::fs::write(&path, &bytes).unwrap();
                match crate::set::checked::open_set(&path) {
                    Ok(set) => {
                        opened += 1;
                        let walked =
                            guarded(&[&path], || crate::query::export::words(&set).count());
                        assert_eq!(walked.unwrap(), set.len(), "byte {i} ^ {flip:#x}");
                    }
                    Err(Error::Malformed { paths, .. }) => {
                        assert_eq!(paths, std::slice::from_ref(&path));
                        malformed += 1;
                    }
                    Err(_) => {}
                }
            }
        }
        assert!(malformed > 0, "no change was refused as malformed");
        assert!(opened > 0, "no change left a sound set");
    }
}
