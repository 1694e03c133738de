#!/usr/bin/env bash
# `make test-autoplay-sweep`: AUTOPLAY_GAMES (default 1000) seeded games per rule set, each
# replayed clean through `folio play --lexicon`. Needs $FOLIO_SHARED/wordlists/enable1.txt.
set -euo pipefail
games=${AUTOPLAY_GAMES:-1000}
shared=${FOLIO_SHARED:-../shared}
cargo build --release --quiet --bin folio
folio=target/release/folio
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$folio" words import "$shared/wordlists/enable1.txt" -o "$work/enable1.fst" >/dev/null
for rules in standard course wordbler; do
    "$folio" autoplay --rules "$rules" --set "$work/enable1.fst" --seed 1 --games "$games" -o "$work/$rules"
    "$folio" play "$work/$rules"/*.gcg --lexicon "$work/enable1.fst" >"$work/$rules.txt" \
        || { echo "$rules: some games do not replay clean (see $work/$rules.txt)"; trap - EXIT; exit 1; }
    echo "$rules: $games games replay clean"
done
