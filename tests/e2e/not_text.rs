//! End-to-end tests of files that are no text script: each game refuses them by its own
//! format's name, and says UTF-16 only when the bytes are UTF-16.

use crate::common::folio;

fn utf16(text: &str) -> Vec<u8> {
    "\u{feff}"
        .encode_utf16()
        .chain(text.encode_utf16())
        .flat_map(u16::to_le_bytes)
        .collect()
}

fn quiet(path: &std::path::Path) -> (i32, String) {
    let out = folio()
        .args(["play", "-q", path.to_str().unwrap()])
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
    )
}

#[test]
fn utf16_scripts_are_named_utf16_by_their_own_game() {
    let tmp = tempfile::tempdir().unwrap();
    for (data, name, says) in [
        (
            "boggle/three-players.boggle",
            "b16.boggle",
            "not a Boggle round",
        ),
        // Named `.gcg`, it still says `#game boggle` on its first line.
        (
            "boggle/three-players.boggle",
            "b16.gcg",
            "not a Boggle round",
        ),
        ("kenken/solved.kenken", "k16.kenken", "not a KenKen session"),
        (
            "freecell/won-deal-24.txt",
            "f16.freecell",
            "not a FreeCell solution",
        ),
    ] {
        let text = std::fs::read_to_string(format!("tests/data/{data}")).unwrap();
        let path = tmp.path().join(name);
        std::fs::write(&path, utf16(&text)).unwrap();
        let (code, out) = quiet(&path);
        assert_eq!(code, 1, "{out}");
        assert!(
            out.contains(&format!("UTF-16 text (little-endian), {says}")),
            "{name}: {out}"
        );
        assert!(out.contains("iconv -f UTF-16 -t UTF-8"), "{out}");
    }
    let path = tmp.path().join("r16.gcg");
    std::fs::write(&path, utf16("#player1 A Ann\n#player2 B Bob\n")).unwrap();
    let (_, out) = quiet(&path);
    assert!(
        out.contains("UTF-16 text (little-endian) (NUL byte at offset 3), not a GCG record"),
        "{out}"
    );
}

#[test]
fn random_bytes_are_binary_not_utf16() {
    let tmp = tempfile::tempdir().unwrap();
    // Bytes of no pattern, with NULs among them.
    let noise: Vec<u8> = (0u32..5000)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 11) as u8)
        .collect();
    assert!(noise.contains(&0));
    for (name, says) in [
        ("rnd.gcg", "not a GCG record"),
        ("rnd.kenken", "not a KenKen session"),
        ("rnd.boggle", "not a Boggle round"),
    ] {
        let path = tmp.path().join(name);
        std::fs::write(&path, &noise).unwrap();
        let (code, out) = quiet(&path);
        assert_eq!(code, 1, "{out}");
        assert!(
            out.contains("binary file") && out.contains(says),
            "{name}: {out}"
        );
        assert!(!out.contains("UTF-16"), "{name}: {out}");
    }
}

/// Every game locates a binary file's finding alike: at its first NUL byte (not at an
/// invalid byte before or after it), else at its first byte that is not UTF-8.
#[test]
fn binary_input_is_located_at_the_nul_in_every_game() {
    let tmp = tempfile::tempdir().unwrap();
    for ext in ["freecell", "kenken", "boggle", "gcg"] {
        let p = tmp.path().join(format!("n.{ext}"));
        std::fs::write(&p, b"a\0b\xffc\n").unwrap();
        let (code, out) = quiet(&p);
        assert_eq!(code, 1, "{ext}: {out}");
        assert!(
            out.contains(&format!("n.{ext}:1:2: error: binary file")),
            "{ext}: {out}"
        );
        // On a later line, after an invalid byte of its own line.
        std::fs::write(&p, b"ab\ncd\xffe\0\n").unwrap();
        let (_, out) = quiet(&p);
        assert!(
            out.contains(&format!("n.{ext}:2:5: error: binary file")),
            "{ext}: {out}"
        );
    }
    // No NUL: the first byte that is not UTF-8.
    for ext in ["freecell", "kenken"] {
        let p = tmp.path().join(format!("m.{ext}"));
        std::fs::write(&p, b"a\xffb\n").unwrap();
        let (_, out) = quiet(&p);
        assert!(
            out.contains(&format!("m.{ext}:1:2: error: invalid UTF-8")),
            "{ext}: {out}"
        );
    }
    let out = folio()
        .args(["freecell", "check", "-q"])
        .arg(tmp.path().join("n.freecell"))
        .output()
        .unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(out.contains("n.freecell:2:5: error: binary file"), "{out}");
}
