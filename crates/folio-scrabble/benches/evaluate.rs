//! Throughput of move evaluation (legality + words formed + scoring) on a mid-game board.
//! `make bench-core` runs it; criterion prints moves per second.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use folio_scrabble::{Board, Placement, Rules, WordList, NO_LEXICON};

/// A mid-game position from a real record's opening moves (standard scoring).
const OPENING: [&str; 6] = [
    "8F AIRGLOW",
    "M8 SEnEcIO",
    "J4 FAKE.Y",
    "4H RI.LE",
    "3G RAX",
    "14G ATTERC.P",
];
/// Plays evaluated on it: bingo, cross-words, playthrough, one illegal.
const PLAYS: [&str; 4] = ["13B INNUITS", "H10 AUGI.E", "5J .IN", "A1 ZZZ"];

fn position() -> Board {
    let mut board = Board::new();
    for p in OPENING {
        let mv = Rules::STANDARD
            .evaluate_notation(&board, p, NO_LEXICON)
            .expect("opening is legal");
        board.apply(&mv);
    }
    board
}

fn bench(c: &mut Criterion) {
    let board = position();
    let placements: Vec<Placement> = PLAYS
        .iter()
        .map(|p| Placement::parse(p).expect("parses"))
        .collect();
    let words = WordList::new([
        "INNUITS",
        "AUGITE",
        "TIN",
        "ZZZ",
        "GINS",
        "ATTERCOPS",
        "FAKERY",
        "RILLE",
    ]);
    let mut g = c.benchmark_group("evaluate");
    g.throughput(Throughput::Elements(placements.len() as u64));
    for rules in Rules::presets() {
        g.bench_function(format!("{}/no-lexicon", rules.name), |b| {
            b.iter(|| {
                for p in &placements {
                    let _ = black_box(rules.evaluate(black_box(&board), p, NO_LEXICON));
                }
            })
        });
    }
    g.bench_function("standard/word-list", |b| {
        b.iter(|| {
            for p in &placements {
                let _ = black_box(Rules::STANDARD.evaluate(black_box(&board), p, Some(&words)));
            }
        })
    });
    g.bench_function("parse", |b| {
        b.iter(|| {
            for p in PLAYS {
                let _ = black_box(Placement::parse(black_box(p)));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
