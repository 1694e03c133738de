#!/usr/bin/env bash
# `make bench-render`: folio play --html over the shared GCG records (release build), best
# of 5 wall-clock runs, against a baseline measured in the same run: the same replay with
# text output only. The acceptance bound is one second for the --html run.
set -euo pipefail
cd "$(dirname "$0")/.."
shared="${FOLIO_SHARED:-../shared}"
dir="$shared/games/scrabble/gcg"
[ -d "$dir" ] || { echo "bench-render: $dir is missing (set FOLIO_SHARED)" >&2; exit 2; }
cargo build --release -q -p folio
bin="$PWD/target/release/folio"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
mapfile -t records < <(find "$dir" -maxdepth 1 -name '*.gcg' | sort)
best() { # best of 5 runs of "$@", in seconds
    local b=999
    for _ in 1 2 3 4 5; do
        local s e
        s=$(date +%s.%N)
        "$@" >/dev/null 2>&1 || true
        e=$(date +%s.%N)
        b=$(awk -v s="$s" -v e="$e" -v b="$b" 'BEGIN { t = e - s; print (t < b) ? t : b }')
    done
    echo "$b"
}
base=$(best "$bin" play "${records[@]}")
html=$(best "$bin" play "${records[@]}" --html "$out/report.html")
pages=$(find "$out/report-files" -name '*.html' | wc -l)
bytes=$(du -sb "$out" | cut -f1)
printf 'records: %d, pages written: %d (%.1f MB)\n' "${#records[@]}" "$pages" "$(awk -v b="$bytes" 'BEGIN { print b / 1e6 }')"
printf 'folio play (text only):  %.3f s\n' "$base"
printf 'folio play --html:       %.3f s  (%.2fx the text-only run)\n' "$html" "$(awk -v h="$html" -v b="$base" 'BEGIN { print h / b }')"
if awk -v t="$html" 'BEGIN { exit !(t < 1.0) }'; then
    echo "under one second: yes"
else
    echo "under one second: NO"
    exit 1
fi
