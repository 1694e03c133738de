#!/usr/bin/env bash
# `make test-autoplay-sweep`: AUTOPLAY_GAMES (default 1000) seeded games per rule set between
# computer players (ENABLE1, score strategy), each replayed through `folio play --set`
# with no finding at all; the first AUTOPLAY_AGAIN (default 100) seeds played again must give
# byte-identical records. Prints each rule set's mean score per player and games/s.
# Needs $FOLIO_SHARED/wordlists/enable1.txt.
set -euo pipefail
games=${AUTOPLAY_GAMES:-1000}
again=${AUTOPLAY_AGAIN:-100}
[ "$again" -le "$games" ] || again=$games
shared=${FOLIO_SHARED:-../shared}
# FOLIO names a binary already built (`make test-autoplay-sweep` passes the tests' build);
# without it, a release build.
if [ -n "${FOLIO:-}" ]; then
    folio=$FOLIO
else
    cargo build --release --quiet --bin folio
    folio=target/release/folio
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$folio" words import "$shared/wordlists/enable1.txt" -o "$work/enable1.fst" >/dev/null
for rules in standard course wordbler; do
    "$folio" autoplay --rules "$rules" --set "$work/enable1.fst" --seed 1 --games "$games" -o "$work/$rules"
    n=$(ls "$work/$rules" | wc -l)
    [ "$n" -eq "$games" ] || { echo "$rules: $n records written, want $games"; exit 1; }
    # Every record replays with exit 0 and no finding of any severity.
    "$folio" play "$work/$rules"/*.gcg --set "$work/enable1.fst" --format jsonl >"$work/$rules.jsonl" \
        || { echo "$rules: some games do not replay clean"; cp "$work/$rules.jsonl" "/tmp/autoplay-$rules.jsonl"; exit 1; }
    summary=$(tail -n 1 "$work/$rules.jsonl")
    case "$summary" in
    *"\"games\":$games,"*"\"findings\":0,"*) ;;
    *) echo "$rules: not every game replays clean: $summary (/tmp/autoplay-$rules.jsonl)"
       cp "$work/$rules.jsonl" "/tmp/autoplay-$rules.jsonl"; exit 1 ;;
    esac
    # The same seed gives the same file.
    "$folio" autoplay --rules "$rules" --set "$work/enable1.fst" --seed 1 --games "$again" -o "$work/$rules-again" 2>/dev/null
    for f in "$work/$rules-again"/*.gcg; do
        cmp -s "$f" "$work/$rules/$(basename "$f")" || { echo "$rules: $(basename "$f") differs when played again"; exit 1; }
    done
    echo "$rules: $games games replay clean (no finding); $again seeds played again give the same records"
done
