//! Real data from ../shared/games/freecell: every deal vector, every published solution.

use folio_freecell::{deal, replay, Options};

fn shared(rel: &str) -> Option<std::path::PathBuf> {
    folio_testdata::path(&format!("games/freecell/{rel}"))
}

#[test]
fn every_deal_vector_is_reproduced_card_for_card() {
    let Some(p) = shared("deals.txt") else { return };
    let text = std::fs::read_to_string(p).unwrap();
    let mut lines = text.lines().peekable();
    let mut checked = Vec::new();
    while let Some(l) = lines.next() {
        let Some(n) = l.strip_prefix("deal ") else {
            continue;
        };
        let n: i64 = n.trim().parse().unwrap();
        let want: Vec<&str> = (0..8).map(|_| lines.next().unwrap()).collect();
        let got = deal::to_text(&deal::deal(n).unwrap());
        assert_eq!(got.lines().collect::<Vec<_>>(), want, "deal {n}");
        checked.push(n);
    }
    // The extended ranges and both joke deals are among them.
    for n in [1, 617, 11982, 3_000_000_000, 6_000_000_000, -1, -2] {
        assert!(checked.contains(&n), "deals.txt lacks {n}");
    }
}

#[test]
fn every_published_solution_replays_as_its_manifest_says() {
    let Some(dir) = shared("solutions") else {
        return;
    };
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    let mut n = 0;
    for row in manifest.lines().skip(1) {
        let f: Vec<&str> = row.split('\t').collect();
        let (file, deal_no) = (f[0], f[1].parse::<i64>().unwrap());
        let bytes = std::fs::read(dir.join(file)).unwrap();
        let opts = Options {
            deal: Some(deal_no),
            ..Options::default()
        };
        let r = replay::replay(file, &bytes, &opts);
        if file.contains("INVALID") {
            // The names say where they fail: 4D on 6D, JD on QH.
            let want = if file.contains("INVALID-1") {
                "4D does not go on 6D"
            } else {
                "JD does not go on QH"
            };
            // The illegal move, then the verdict at it (allowing the move's rule must not
            // make the game valid).
            assert_eq!(r.findings.len(), 2, "{file}: {r}");
            assert_eq!(r.findings[1].rule.code, "not-won", "{file}");
            assert_eq!(r.findings[1].loc, r.findings[0].loc, "{file}");
            assert_eq!(r.findings[0].rule.code, "does-not-fit", "{file}");
            assert!(
                r.findings[0].rule.message.contains(want),
                "{file}: {}",
                r.findings[0].rule.message
            );
            assert!(r.findings[0].text.starts_with("Move"), "{file}");
        } else {
            assert!(r.valid() && r.won(), "{file}: {r}");
            // 3-cell solutions also win with 4 cells (MANIFEST caveat).
            if r.freecells == 3 || file.contains("fcs-verbose") {
                let four = Options {
                    freecells: Some(4),
                    ..opts.clone()
                };
                assert!(
                    replay::replay(file, &bytes, &four).won(),
                    "{file} with 4 cells"
                );
            }
        }
        n += 1;
    }
    assert_eq!(n, 25);
}
