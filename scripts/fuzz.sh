#!/usr/bin/env bash
# Builds folio's fuzz targets with libFuzzer on the stable toolchain and runs each for a set
# time (docs/fuzzing.md; the recipe is ../shared/docs/fuzzing.md).
#
#   scripts/fuzz.sh [TARGET...]        every target (or those named) for $FUZZ_SECONDS (60)
#   FUZZ_SECONDS=10 scripts/fuzz.sh    the CI smoke run (`make fuzz-smoke`)
#   FUZZ_BIN=DIR scripts/fuzz.sh ...   run targets built before (copied to DIR), no build
#
# Seeds come from tests/data and $FOLIO_SHARED (default ../shared), copied at run time into
# fuzz/corpus/<target>/ (git-ignored: shared data is never committed). Each target runs with
# a per-input time limit (-timeout: a hang is a finding) and a memory limit (-rss_limit_mb: a
# blow-up is a finding). A crash leaves fuzz/artifacts/<target>/crash-*; the run then fails.
# Exec counts go to fuzz/results.tsv (target, seconds, execs, execs/s, corpus size, status).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH="${FUZZ_SECONDS:-60}"
TIMEOUT="${FUZZ_TIMEOUT:-10}"
RSS_MB="${FUZZ_RSS_MB:-2048}"
MAX_LEN="${FUZZ_MAX_LEN:-8192}"
SHARED="${FOLIO_SHARED:-../shared}"
TRIPLE=x86_64-unknown-linux-gnu
NICE="${FUZZ_NICE:-nice -n 10}"

export RUSTFLAGS="-Cpasses=sancov-module \
  -Cllvm-args=-sanitizer-coverage-level=4 \
  -Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
  -Cllvm-args=-sanitizer-coverage-pc-table \
  -Cllvm-args=-sanitizer-coverage-trace-compares \
  --cfg fuzzing"
# --target keeps the flags away from build scripts (they would fail to link otherwise).
# FUZZ_BIN names a folder of targets built before (long runs beside work on the code).
BIN="${FUZZ_BIN:-fuzz/target/$TRIPLE/release}"
[ -n "${FUZZ_BIN:-}" ] ||
    $NICE cargo build --quiet --release --target "$TRIPLE" --manifest-path fuzz/Cargo.toml

ALL=$(sed -n 's/^name = "\(.*\)"$/\1/p' fuzz/Cargo.toml | grep -v '^folio-fuzz$')
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || read -r -a TARGETS <<<"$(echo $ALL)"

# Seed files for each target: globs over tests/data and the shared data.
seeds() {
    case "$1" in
    scrabble_gcg) echo tests/data/scrabble/*.gcg "$SHARED"/games/scrabble/gcg/*.gcg ;;
    scrabble_placement) echo fuzz/seeds/placement/* ;;
    boggle_script) echo tests/data/boggle/*.boggle ;;
    boggle_board) echo fuzz/seeds/boggle_board/* ;;
    words_import) echo "$SHARED"/games/boggle/wordlists/* fuzz/seeds/words/* ;;
    words_pattern) echo fuzz/seeds/words_pattern/* ;;
    ingest_book) echo "$SHARED"/corpora/gutenberg/* ;;
    html_book) echo "$SHARED"/corpora/html/*.htm fuzz/seeds/html_book/* ;;
    fst_build | lexicon_set | lexicon_counts) echo fuzz/seeds/fst/* ;;
    partial_read) echo fuzz/seeds/partial/* ;;
    journal_read) echo fuzz/seeds/journal/* ;;
    kenken_formats) echo "$SHARED"/games/kenken/verbatim/* fuzz/seeds/kenken/* ;;
    kenken_session) echo tests/data/kenken/*.kenken ;;
    freecell_script) echo tests/data/freecell/*.txt "$SHARED"/games/freecell/solutions/* ;;
    freecell_move) echo fuzz/seeds/freecell_move/* ;;
    serve_line) echo fuzz/seeds/serve_line/* ;;
    scrabble_cgp) echo fuzz/seeds/cgp/* ;;
    script_lines) echo tests/data/scrabble/*.gcg tests/data/kenken/*.kenken tests/data/boggle/*.boggle ;;
    esac
}

mkdir -p fuzz/corpus fuzz/artifacts
RESULTS=fuzz/results.tsv
[ -f "$RESULTS" ] || printf 'target\tseconds\texecs\texecs_per_s\tcorpus\tstatus\n' >"$RESULTS"
failed=()
for t in "${TARGETS[@]}"; do
    corpus="fuzz/corpus/$t"
    mkdir -p "$corpus" "fuzz/artifacts/$t"
    # Seeds over 64 KiB are cut by -max_len anyway; copy at most a few hundred.
    for f in $(seeds "$t"); do
        [ -f "$f" ] || continue
        dest="$corpus/seed-$(basename "$f" | tr -c 'A-Za-z0-9._-' _)"
        [ -e "$dest" ] || head -c "$MAX_LEN" "$f" >"$dest"
    done
    # One seed per record for the line-oriented shared KenKen files.
    if [ "$t" = kenken_formats ] && [ ! -e "$corpus/seed-keen-1" ]; then
        n=0
        while IFS=$'\t' read -r _ _ _ id _; do
            n=$((n + 1)); printf '%s' "$id" >"$corpus/seed-keen-$n"
        done < <(sed -n '2,41p' "$SHARED/games/kenken/keen-generated.tsv" 2>/dev/null)
        n=0
        while IFS= read -r line; do
            n=$((n + 1)); printf '%s' "$line" >"$corpus/seed-json-$n"
        done < <(head -n 20 "$SHARED/games/kenken/external-puzzles.jsonl" 2>/dev/null)
    fi
    # One CGP seed per position of wolges's regression set.
    if [ "$t" = scrabble_cgp ] && [ ! -e "$corpus/seed-cgp-1" ]; then
        n=0
        while IFS=$'\t' read -r fen rack; do
            n=$((n + 1)); printf '%s %s/ 0/0 0' "$fen" "$rack" >"$corpus/seed-cgp-$n"
        done < <(sed -n '2,$p' "$SHARED/games/scrabble/movegen-positions.tsv" 2>/dev/null)
    fi
    dict=()
    [ -f "fuzz/dict/$t.dict" ] && dict=(-dict="fuzz/dict/$t.dict")
    # Books and word lists are slow per byte (UAX #29 against a reference, set building):
    # shorter inputs give many more execs for the same paths.
    max_len="$MAX_LEN"
    case "$t" in ingest_book | words_import) max_len=$((MAX_LEN < 4096 ? MAX_LEN : 4096)) ;; esac
    log="fuzz/artifacts/$t/last.log"
    status=ok
    $NICE "$BIN/$t" "$corpus" "${dict[@]}" -max_total_time="$SECONDS_EACH" \
        -timeout="$TIMEOUT" -rss_limit_mb="$RSS_MB" -max_len="$max_len" \
        -artifact_prefix="fuzz/artifacts/$t/" -print_final_stats=1 >"$log" 2>&1 || status=FAILED
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    size=$(ls "$corpus" | wc -l)
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$SECONDS_EACH" "${execs:-0}" "${rate:-0}" "$size" "$status" | tee -a "$RESULTS"
    if [ "$status" != ok ]; then
        failed+=("$t")
        grep -m1 -A20 -E '^(==[0-9]+==|thread .* panicked|ERROR: libFuzzer)' "$log" >&2 || tail -20 "$log" >&2
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: findings in: ${failed[*]} (inputs in fuzz/artifacts/<target>/)" >&2
    exit 1
fi
