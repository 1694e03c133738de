# folio — the commands a newcomer needs. `make demo` and `make test` are the README's two.
SHELL := bash
CARGO ?= cargo
FOLIO_SHARED ?= ../shared
export FOLIO_SHARED

.PHONY: all build test demo corpora bench fmt clippy doc clean

# The build `make test` makes. It also leaves target/debug/folio as the tests built it:
# `cargo build --bin folio` would compile the dependencies again, since the tests'
# dev-dependencies unify other features into them (six minutes on CI's 2 cores).
# test-spark and test-autoplay-sweep run that binary.
TEST_BUILD = $(CARGO) test --workspace --all-targets --no-run --quiet

all: build

build:
	$(CARGO) build --release

## The test suite: formatting and clippy (any warning fails), unit, property, CLI and
## real-data tests (data from $FOLIO_SHARED), doc examples, and the API docs building
## without a warning.
test:
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets --quiet -- -D warnings
	$(CARGO) test --workspace --all-targets
	$(CARGO) test --workspace --doc
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --workspace --no-deps --quiet

## Every benchmark (release builds; not tests): ingest vs `wc -w`, word-set queries, move
## evaluation, Boggle boards/s, GCG games replayed/s. Each prints its own numbers and ratios.
bench: bench-ingest bench-fst-build bench-words bench-core bench-boggle bench-play bench-kenken bench-freecell

doc:
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --workspace --no-deps

fmt:
	$(CARGO) fmt --all

clippy:
	$(CARGO) clippy --workspace --all-targets -- -D warnings

clean:
	$(CARGO) clean

## folio-scrabble: move evaluation throughput (moves/s per preset, with and without a word list).
.PHONY: bench-core
bench-core:
	$(CARGO) bench -p folio-scrabble --bench evaluate

## The default chosen books (corpora/MANIFEST.tsv) into corpora/books/: from $FOLIO_MIRROR
## (default ../shared/corpora/gutenberg) or Project Gutenberg.
corpora:
	bash corpora/get-books.sh

## The main job end to end: books, release build, ingest, stats and lookups.
demo: corpora
	$(CARGO) build --release --bin folio
	bash scripts/demo.sh

## Ingest throughput on the 45 shared books vs `wc -w` and `tr | sort -u` (best of N=5).
.PHONY: bench-ingest
bench-ingest:
	bash scripts/bench-ingest.sh

## `folio words` speed (release build, ENABLE): contains lookups/s from a batch file, and
## the time of from-rack for a 7-tile rack with two blanks.
.PHONY: bench-words
bench-words:
	$(CARGO) build --release --bin folio
	scripts/bench-words.sh

## Boggle solver throughput: random 4x4 boards (new-1987 cubes, fixed seeds) per second, ENABLE2K.
.PHONY: bench-boggle
bench-boggle:
	$(CARGO) bench -p folio-boggle --bench boggle

## Games replayed per second over the shared GCG records (release build; criterion's thrpt = games/s).
.PHONY: bench-play
bench-play:
	$(CARGO) bench -p folio-scrabble --bench replay

## folio play --html over the 97 shared GCG records in a release build: best-of-5 wall
## time against the same run without --html, and whether it is under one second.
.PHONY: bench-render
bench-render:
	bash scripts/bench-render.sh

## folio's fst builder against the fst crate's (same bytes, checked), on ENABLE and the 45
## shared books' counts: best-of-30 build times of the set and the map, and the ratio.
.PHONY: bench-fst-build
bench-fst-build:
	$(CARGO) bench -p folio-lexicon --bench fst_build

## What checking the fst checksum on every open costs (ENABLE, and the 45 shared books' set
## and counts map): best-of-200 open times with and without it, and the checksum's MB/s.
.PHONY: bench-verify
bench-verify:
	$(CARGO) bench -p folio-lexicon --bench verify

## KenKen: the shared 9x9 puzzles solved with proof of uniqueness (median, max, against a
## cage-tuple backtracker measured in the same run), and unique 9x9 generation per level
## (against Keen's C generator's published time). KENKEN_GEN=K seeds per level (default 5).
.PHONY: bench-kenken
bench-kenken:
	$(CARGO) bench -p folio-kenken --bench kenken

## KenKen acceptance sweep: 100 generated puzzles per size 4..7 and difficulty (fixed seeds),
## each proven unique, graded as requested and reproduced (optimised build; `make test` runs
## 10 per pair).
.PHONY: test-kenken-sweep
test-kenken-sweep:
	KENKEN_SEEDS=100 $(CARGO) test --release -p folio-kenken --test it generated
## FreeCell solver vs fc-solve (apt-get install freecell-solver-bin), one core each: deals/s over
## 1..32000 (every solution checked by the replayer), median/max solution length, time to prove
## 11982 unsolvable. FROM, TO, LEN_SAMPLE narrow it while iterating.
.PHONY: bench-freecell
bench-freecell:
	bash scripts/bench-freecell.sh

## Fuzzing on the stable toolchain (docs/fuzzing.md): builds fuzz/ with coverage flags once,
## then runs every target for FUZZ_SECONDS (default 60) with -timeout and -rss_limit_mb; a
## crash, hang or memory blow-up fails. FUZZ_TARGETS narrows it. Exec counts: fuzz/results.tsv.
.PHONY: fuzz fuzz-smoke
FUZZ_SECONDS ?= 60
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash scripts/fuzz.sh $(FUZZ_TARGETS)

## The CI smoke run: every target for 10 s.
fuzz-smoke:
	FUZZ_SECONDS=10 FUZZ_NICE= bash scripts/fuzz.sh $(FUZZ_TARGETS)
## Move generation: the generator against a brute-force enumerator on 1,000 positions per
## rule set (shared records replayed to random turns, random racks with blanks), and every
## recorded play of all 97 shared records found at its score (optimised build). `make test`
## runs 6 positions per rule set and every 8th record.
.PHONY: test-movegen-sweep
test-movegen-sweep:
	MOVEGEN_POSITIONS=1000 MOVEGEN_RECORDS=1 $(CARGO) test --release -p folio-scrabble --test it movegen -- --nocapture

## Move generation speed with ENABLE1 (one thread): wolges's 17 regression positions (every
## play and best play, positions/s, beside wolges's published numbers), the shared
## records' positions, and autoplay games/s on 2 threads per rule set (goal 200).
## MOVEGEN_REPS=N repetitions (default 200), AUTOPLAY_GAMES=N games (default 400).
.PHONY: bench-movegen
bench-movegen:
	$(CARGO) bench -p folio-scrabble --bench movegen

## Computer players: 1,000 seeded games per rule set (ENABLE1, score strategy) written with
## `folio autoplay` and replayed with `folio play --set` (every one with no finding);
## the first 100 seeds played again give byte-identical records; prints mean scores per
## player and games/s. AUTOPLAY_GAMES=N (and AUTOPLAY_AGAIN=M) change the counts. In .ci/run.
## It runs the tests' build (our code at opt-level 1: ~1.4x the release build's CPU here,
## where a release build of the workspace would cost CI more than the sweep itself).
.PHONY: test-autoplay-sweep
test-autoplay-sweep:
	$(TEST_BUILD)
	FOLIO=target/debug/folio bash scripts/autoplay-sweep.sh

## `folio serve` under load on loopback (release build): 64 connections of pipelined
## `Q,BOOK1,BOOK2,BOOK3,WORD` lines over three shared books, then 64 keep-alive HTTP
## connections; queries/s and p50/p99 latency against an in-process baseline of the same run.
## BENCH_SECONDS (default 5) per measurement.
.PHONY: bench-serve
bench-serve:
	$(CARGO) bench -p folio-server --bench serve_load
## Issue 21: the PySpark job of examples/spark/ in local mode (local[2]) on the 45 shared
## books gives the bytes of one `folio ingest` (needs `pip install pyspark` and Java 17;
## .ci/run calls it after `make test`).
.PHONY: test-spark
test-spark:
	$(TEST_BUILD)
	bash examples/spark/test-local.sh

## Issue 21: a synthetic corpus (BENCH_SCALE_BYTES, default 5 GB; Zipf over the shared
## books' vocabulary extended 200x) ingested with --memory 256M and unbounded: throughput,
## peak RSS, the ratio (docs/ingest-scale.md).
.PHONY: bench-scale
bench-scale:
	bash scripts/bench-scale.sh
