#!/usr/bin/env bash
# `make demo`: the main job end to end on the default corpus (corpora/MANIFEST.tsv):
# get the books, build folio, ingest them into a word set, print its stats and a few lookups.
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/demo
mkdir -p "$out"
folio=target/release/folio

echo "== folio ingest corpora/books -o $out/books.fst"
"$folio" ingest corpora/books -o "$out/books.fst" --json

has() { "$folio" words --help 2>/dev/null | grep -qE "^\s+$1\b"; }
if has stats; then
    echo
    echo "== folio words stats --set $out/books.fst"
    "$folio" words stats --set "$out/books.fst"
fi
if has contains; then
    echo
    echo "== folio words contains --set $out/books.fst (words of the books; names and boilerplate are not)"
    "$folio" words contains --set "$out/books.fst" whale harpoon elephant illustration "whale’s" \
        darcy ahab london gutenberg ebook can\'t || true
fi
if has top; then
    echo
    echo "== folio words top --set $out/books.fst 10 (most frequent words, from books.counts.fst)"
    "$folio" words top --set "$out/books.fst" 10
fi
if ! has contains; then
    echo
    echo "(folio words contains/stats not built on this branch yet; the manifest is $out/books.json)"
fi
