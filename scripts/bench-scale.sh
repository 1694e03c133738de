#!/usr/bin/env bash
# make bench-scale: a synthetic corpus of BENCH_SCALE_BYTES (default 5 GB), books drawn by
# Zipf's law over the 45 shared books' own vocabulary extended 200x (crates/folio-lexicon/
# examples/synth_corpus.rs), ingested with a 256 MB budget and unbounded, each under
# /usr/bin/time -v: throughput, peak RSS, the ratio, and that both wrote the same bytes.
# The corpus lives in a temporary folder under target/ (BENCH_SCALE_DIR to change; it
# needs BENCH_SCALE_BYTES free, twice over for the runs) and is deleted at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
BYTES="${BENCH_SCALE_BYTES:-5000000000}"
BUDGET="${BENCH_SCALE_BUDGET:-256M}"
SHARED="${FOLIO_SHARED:-../shared}"
cargo build --quiet --release -p folio --bin folio
cargo build --quiet --release -p folio-lexicon --example synth_corpus
FOLIO=target/release/folio
mkdir -p "${BENCH_SCALE_DIR:-target}"
T="$(mktemp -d -p "${BENCH_SCALE_DIR:-target}" bench-scale.XXXXXX)"
trap 'rm -rf "$T"' EXIT
"$FOLIO" ingest -q "$SHARED/corpora/gutenberg" -o "$T/seed.fst"
start=$(date +%s.%N)
target/release/examples/synth_corpus "$T/seed.counts.fst" "$T/corpus" "$BYTES"
echo "generated $(du -sb "$T/corpus" | cut -f1) bytes in $(echo "$(date +%s.%N) - $start" | bc) s"
run() { # name, extra args
    local name="$1"; shift
    mkdir -p "$T/$name"
    /usr/bin/time -v "$FOLIO" ingest -q "$T/corpus" -o "$T/$name/g.fst" --temp-dir "$T" "$@" \
        2> "$T/$name.time"
    local secs rss
    secs=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$T/$name.time" |
        awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$T/$name.time")
    # CPU seconds (user + system): what the run cost whatever else shares the cores.
    cpu=$(awk -F': ' '/User time \(seconds\)|System time \(seconds\)/ { s += $2 } END { print s }' "$T/$name.time")
    echo "$secs $rss $cpu"
}
read -r s_unb r_unb c_unb < <(run unbounded)
read -r s_bud r_bud c_bud < <(run budget --memory "$BUDGET")
for f in g.fst g.counts.fst g.books.fst g.json; do cmp "$T/unbounded/$f" "$T/budget/$f"; done
words=$(sed -n 's/^    "words": \([0-9]*\),*$/\1/p' "$T/unbounded/g.json" | tail -1)
distinct=$(sed -n 's/^    "distinct_words": \([0-9]*\),*$/\1/p' "$T/unbounded/g.json" | tail -1)
books=$(ls "$T/corpus" | wc -l)
mb=$(echo "$BYTES / 1000000" | bc)
printf 'corpus: %s books, %s MB, %s distinct keys, %s words kept; %s cores; load %s\n' \
    "$books" "$mb" "$distinct" "$words" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-28s %8.1f s %8.1f MB/s   peak RSS %7.1f MB   CPU %7.1f s\n' "unbounded" "$s_unb" \
    "$(echo "$mb / $s_unb" | bc -l)" "$(echo "$r_unb / 1024" | bc -l)" "$c_unb"
printf '%-28s %8.1f s %8.1f MB/s   peak RSS %7.1f MB   CPU %7.1f s\n' "--memory $BUDGET" "$s_bud" \
    "$(echo "$mb / $s_bud" | bc -l)" "$(echo "$r_bud / 1024" | bc -l)" "$c_bud"
printf 'time ratio budget/unbounded: %.2fx wall, %.2fx CPU (goal <= 1.5x); outputs identical\n' \
    "$(echo "$s_bud / $s_unb" | bc -l)" "$(echo "$c_bud / $c_unb" | bc -l)"
