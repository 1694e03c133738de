#!/usr/bin/env bash
# `make bench-words`: speed of `folio words` (release build), on ENABLE from $FOLIO_SHARED.
#  - contains: lookups per second for a batch read from a file (stdin), one word a line,
#    against an awk hash join over the same list and batch as a reference;
#  - from-rack: wall time of one run for a 7-tile rack with two blanks (median of 11 runs,
#    process start included).
set -euo pipefail
FOLIO=${FOLIO:-target/release/folio}
SHARED=${FOLIO_SHARED:-../shared}
LIST=$SHARED/wordlists/enable1.txt
[[ -f $LIST ]] || { echo "bench-words: $LIST not found (set FOLIO_SHARED)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }

"$FOLIO" words import "$LIST" -o "$tmp/enable.fst" >/dev/null

# The batch: every ENABLE word and a reversed copy with a Q on the end (nearly always
# absent), three times over: about a million probes, half present.
awk '{ print; r = ""; for (i = length($0); i > 0; i--) r = r substr($0, i, 1); print r "q" }' \
    "$LIST" >"$tmp/once"
cat "$tmp/once" "$tmp/once" "$tmp/once" >"$tmp/batch"
n=$(wc -l <"$tmp/batch")

t0=$(now)
"$FOLIO" words contains --set "$tmp/enable.fst" <"$tmp/batch" >"$tmp/out" || true
t1=$(now)
present=$(grep -c ' true$' "$tmp/out" || true)
awk 'NR == FNR { a[$0]; next } { print $0, ($0 in a) ? "true" : "false" }' "$LIST" "$tmp/batch" >"$tmp/ref"
t2=$(now)
cmp -s "$tmp/out" "$tmp/ref" || { echo "bench-words: contains disagrees with the awk join" >&2; exit 1; }

awk -v n="$n" -v p="$present" -v f="$t1" -v f0="$t0" -v a="$t2" '
BEGIN {
    tf = f - f0; ta = a - f;
    printf "contains   %d probes (%d present) in %.3f s: %.0f lookups/s\n", n, p, tf, n / tf;
    printf "           awk hash join (loads the list, same batch): %.3f s, ratio %.2fx\n", ta, ta / tf;
}'

# Median wall time in ms of 11 runs of the command given.
median_ms() {
    local times=() s e
    for _ in $(seq 11); do
        s=$(now)
        "$@" >"$tmp/last" || true
        e=$(now)
        times+=("$(awk -v s="$s" -v e="$e" 'BEGIN { printf "%.3f", (e - s) * 1000 }')")
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n 6p
}

RACK=${RACK:-aeinr??}
rack_ms=$(median_ms "$FOLIO" words from-rack --set "$tmp/enable.fst" "$RACK")
words=$(wc -l <"$tmp/last")
base_ms=$(median_ms "$FOLIO" words contains --set "$tmp/enable.fst" whale)
echo "from-rack  $RACK (7 tiles, 2 blanks): $words words, median $rack_ms ms per run (11 runs)"
echo "           for scale, a one-word contains (process start + open): median $base_ms ms"
