#!/usr/bin/env bash
# `make demo`: the main job end to end on the default corpus (corpora/MANIFEST.tsv):
# get the books (make corpora, already run), ingest them into a word set, print its stats and a
# few lookups, then replay a sample game against it and the shared tournament records.
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/demo
mkdir -p "$out"
folio=target/release/folio
shared=${FOLIO_SHARED:-../shared}

step() { printf '\n== %s\n' "$*"; }

step "folio ingest corpora/books -o $out/books.fst"
"$folio" ingest corpora/books -o "$out/books.fst" --quiet
echo "wrote $out/books.fst, $out/books.counts.fst and $out/books.json (the manifest)"

step "folio words stats --set $out/books.fst"
"$folio" words stats --set "$out/books.fst"

step "folio words contains --set $out/books.fst ... (words of the books are in; names, boilerplate and contractions are not)"
"$folio" words contains --set "$out/books.fst" whale harpoon elephant illustration "whale’s" \
    darcy ahab london gutenberg ebook "can't" || true

step "folio words top --set $out/books.fst 10 (most frequent words, from books.counts.fst)"
"$folio" words top --set "$out/books.fst" 10

step "folio words anagram --set $out/books.fst aeinrst"
"$folio" words anagram --set "$out/books.fst" aeinrst

step "folio play tests/data/scrabble/standard_bingo.gcg --set $out/books.fst"
"$folio" play tests/data/scrabble/standard_bingo.gcg --set "$out/books.fst"

if compgen -G "$shared/games/scrabble/gcg/*.gcg" >/dev/null; then
    step "folio play $shared/games/scrabble/gcg/*.gcg (97 real records; the summary line and the findings)"
    "$folio" play "$shared"/games/scrabble/gcg/*.gcg > "$out/records.txt" || true
    grep -E '^[^ ].*:[0-9]+(:[0-9]+)?: ' "$out/records.txt" | head -n 12 || true
    tail -n 1 "$out/records.txt"
    echo "(full transcript: $out/records.txt)"
fi
