#!/usr/bin/env bash
# `make bench-ingest`: ingest throughput on the shared corpus against `wc -w` and a
# `tr | sort -u` word-list pipeline on the same files, best of N interleaved runs. A benchmark,
# not a test: it prints numbers and ratios and asserts nothing.
#
#   N=5 FOLIO_SHARED=../shared scripts/bench-ingest.sh
set -euo pipefail
cd "$(dirname "$0")/.."
N="${N:-5}"
shared="${FOLIO_SHARED:-../shared}"
books="$shared/corpora/gutenberg"
if [[ ! -d "$books" ]]; then
    echo "bench-ingest: $books not found (set FOLIO_SHARED)" >&2
    exit 2
fi
cargo build --release --quiet --bin folio
folio=target/release/folio
shopt -s nullglob
files=("$books"/*.txt)
bytes=$(cat "${files[@]}" | wc -c)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
# Times one run of the command given as its argument (through bash -c), in seconds.
once() {
    local t0 t1
    t0=$(now)
    bash -c "$1" >/dev/null 2>&1
    t1=$(now)
    echo "$t1 - $t0" | bc -l
}
q() { printf '%q ' "$@"; }
filelist=$(q "${files[@]}")

# Rounds of folio (two threads), folio (one thread) and `wc -w` back to back, so that load
# from other work falls on all three alike; best of N each, and the median of the
# per-round ratios. (The `tr | sort` pipeline, ~4 s, runs N times after.)
declare -a r_folio r_folio1 r_wc r_ratio
for _ in $(seq "$N"); do
    a=$(once "$folio ingest $filelist -o $tmp/g.fst --quiet")
    b=$(once "RAYON_NUM_THREADS=1 $folio ingest $filelist -o $tmp/g1.fst --quiet")
    c=$(once "wc -w $filelist")
    r_folio+=("$a"); r_folio1+=("$b"); r_wc+=("$c")
    r_ratio+=("$(echo "$c / $a" | bc -l)")
done
best() { printf '%s\n' "$@" | sort -g | head -1; }
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }
t_folio=$(best "${r_folio[@]}")
t_folio1=$(best "${r_folio1[@]}")
t_wc=$(best "${r_wc[@]}")
t_tr=999999
for _ in $(seq "$N"); do
    t=$(once "cat $filelist | tr -cs A-Za-z '\n' | tr a-z A-Z | sort -u")
    if (( $(echo "$t < $t_tr" | bc -l) )); then t_tr=$t; fi
done

mbs() { echo "scale=1; $bytes / 1000000 / $1" | bc -l; }
ratio() { echo "scale=2; $2 / $1" | bc -l; }
echo "corpus: ${#files[@]} files, $bytes bytes ($books); best of $N interleaved rounds; $(nproc) cores; locale ${LC_ALL:-${LANG:-unset}}"
printf '%-44s %8.3fs %8s MB/s\n' "folio ingest (all cores)" "$t_folio" "$(mbs "$t_folio")"
printf '%-44s %8.3fs %8s MB/s\n' "folio ingest (RAYON_NUM_THREADS=1)" "$t_folio1" "$(mbs "$t_folio1")"
printf '%-44s %8.3fs %8s MB/s\n' "wc -w" "$t_wc" "$(mbs "$t_wc")"
printf '%-44s %8.3fs %8s MB/s\n' "tr -cs A-Za-z '\\n' | tr a-z A-Z | sort -u" "$t_tr" "$(mbs "$t_tr")"
echo "ratio folio/wc -w          : $(ratio "$t_folio" "$t_wc")x  (target >= 1.0; median of the rounds' ratios $(printf '%.2f' "$(median "${r_ratio[@]}")")x)"
echo "ratio folio/tr|sort        : $(ratio "$t_folio" "$t_tr")x"
echo "ratio folio 1 thread/wc -w : $(ratio "$t_folio1" "$t_wc")x"
# CPU seconds (user + system) of one run each: independent of how busy the machine is.
cpu() { /usr/bin/time -f "%U %S" bash -c "$1" 2>&1 >/dev/null | tail -1 | awk '{print $1 + $2}'; }
if [[ -x /usr/bin/time ]]; then
    c_folio=$(cpu "$folio ingest $filelist -o $tmp/g.fst --quiet")
    c_wc=$(cpu "wc -w $filelist")
    echo "cpu seconds: folio ingest $c_folio, wc -w $c_wc (folio needs $(ratio "$c_wc" "$c_folio")x the CPU of wc -w)"
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown) (wall-clock ratios suffer when other work shares the cores)"

# Many distinct words (issue 13): 50 MB of random lower-case words, nearly all distinct, made
# here with a fixed seed. Ingest time must grow with the size (it was quadratic in the merge
# of the chunks' spelling tables): printed as MB/s against the books' rate above.
DISTINCT_MB="${DISTINCT_MB:-50}"
awk -v mb="$DISTINCT_MB" 'BEGIN {
    srand(13); n = 0; target = mb * 1000000
    while (n < target) {
        line = ""
        for (w = 0; w < 10; w++) {
            len = 5 + int(rand() * 8); word = ""
            for (i = 0; i < len; i++) word = word sprintf("%c", 97 + int(rand() * 26))
            line = line (w ? " " : "") word
        }
        print line; n += length(line) + 1
    }
}' >"$tmp/distinct.txt"
dbytes=$(wc -c <"$tmp/distinct.txt")
t_distinct=999999
for _ in $(seq "$N"); do
    t=$(once "$folio ingest $tmp/distinct.txt -o $tmp/d.fst --quiet")
    if (( $(echo "$t < $t_distinct" | bc -l) )); then t_distinct=$t; fi
done
t_distinct_mem=999999
for _ in $(seq "$N"); do
    t=$(once "$folio ingest $tmp/distinct.txt -o $tmp/dm.fst --quiet --memory 64M --temp-dir $tmp")
    if (( $(echo "$t < $t_distinct_mem" | bc -l) )); then t_distinct_mem=$t; fi
done
books_rate=$(echo "$bytes / $t_folio" | bc -l)
distinct_rate=$(echo "$dbytes / $t_distinct" | bc -l)
distinct_mem_rate=$(echo "$dbytes / $t_distinct_mem" | bc -l)
printf '%-44s %8.3fs %8s MB/s\n' "folio ingest, $DISTINCT_MB MB distinct words" "$t_distinct" "$(echo "scale=1; $distinct_rate / 1000000" | bc -l)"
printf '%-44s %8.3fs %8s MB/s\n' "  the same, --memory 64M" "$t_distinct_mem" "$(echo "scale=1; $distinct_mem_rate / 1000000" | bc -l)"
echo "ratio books rate/distinct-words rate: $(echo "scale=2; $books_rate / $distinct_rate" | bc -l)x unbounded, $(echo "scale=2; $books_rate / $distinct_mem_rate" | bc -l)x --memory 64M  (issue 13 target <= 2.0; each distinct word costs set, counts-map and books-map entries the books' repeated words do not)"
if [[ -x /usr/bin/time ]]; then
    # The same per-byte ratio in CPU seconds, which the load of other work does not change.
    c_books=$(cpu "$folio ingest $filelist -o $tmp/g.fst --quiet")
    c_distinct=$(cpu "$folio ingest $tmp/distinct.txt -o $tmp/d.fst --quiet")
    echo "cpu seconds: books $c_books ($bytes bytes), distinct words $c_distinct ($dbytes bytes): per byte $(echo "scale=2; $c_distinct * $bytes / ($c_books * $dbytes)" | bc -l)x the books' CPU"
fi

# A chain of 2,000 nested folders with one book at the bottom (issue 13: under a second).
mkdir -p "$tmp/nest"
deep="$tmp/nest"
for _ in $(seq 2000); do deep="$deep/d"; done
mkdir -p "$deep"
echo "the deepest word" >"$deep/book.txt"
t_nest=$(once "cd $tmp && $PWD/$folio ingest nest -o n.fst --quiet && test -s n.fst")
printf '%-44s %8.3fs  (issue 13 target < 1 s)\n' "folio ingest, 2,000 nested folders" "$t_nest"
