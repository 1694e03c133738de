#!/usr/bin/env bash
# FreeCell solver vs fc-solve (Debian's freecell-solver-bin), in one run, on one core each:
# deals solved per second over FROM..TO, median/max solution length (every move counted,
# foundation moves included, as fc-solve prints them), time to prove 11982 unsolvable.
# Deals/s is measured both on the wall clock and per CPU second (/usr/bin/time).
# Env: FROM (1), TO (32000), LEN_SAMPLE (500: deals 1..N for fc-solve's solution lengths).
set -euo pipefail
FROM=${FROM:-1}
TO=${TO:-32000}
LEN_SAMPLE=${LEN_SAMPLE:-500}
export FREECELL_SOLVER_QUIET=1
if ! command -v freecell-solver-range-parallel-solve >/dev/null; then
    echo "fc-solve is missing: apt-get install -y freecell-solver-bin" >&2
    exit 2
fi
cargo bench -q -p folio-freecell --bench sweep --no-run 2>/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }

echo "== fc-solve (-l lg), deals $FROM..$TO, one process"
t0=$(now)
/usr/bin/time -f "%U %S" -o "$tmp/fcs.cpu" freecell-solver-range-parallel-solve "$FROM" "$TO" 4000 -l lg >"$tmp/fcs-range.txt" 2>&1
t1=$(now)
fcs_secs=$(echo "$t1 - $t0" | bc -l)
fcs_unsolved=$(grep -c -i "intractable\|unsolved\|could not" "$tmp/fcs-range.txt" || true)
t0=$(now)
make-microsoft-freecell-board -t 11982 >"$tmp/11982.board"
/usr/bin/time -f "%U %S" -o "$tmp/fcs-11982.cpu" fc-solve -l lg "$tmp/11982.board" >"$tmp/fcs-11982.txt" 2>&1 || true
t1=$(now)
fcs_prove=$(echo "$t1 - $t0" | bc -l)
grep -q "could not solve" "$tmp/fcs-11982.txt" && fcs_verdict=unsolvable || fcs_verdict=other
: >"$tmp/fcs-len.txt"
for n in $(seq 1 "$LEN_SAMPLE"); do
    make-microsoft-freecell-board -t "$n" | fc-solve -l lg -m 2>/dev/null | grep -c '^Move' >>"$tmp/fcs-len.txt" || true
done

echo "== folio, deals $FROM..$TO, one thread"
LENGTHS_OUT="$tmp/folio-len.tsv" /usr/bin/time -f "%U %S" -o "$tmp/folio.cpu" cargo bench -q -p folio-freecell --bench sweep -- "$FROM" "$TO" 1 11982 >"$tmp/folio.txt" 2>/dev/null
cat "$tmp/folio.txt"
val() { awk -v k="$1" '$1 == k { $1 = ""; sub(/^ /, ""); gsub(/ /, ""); print }' "$tmp/folio.txt"; }

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int(NR / 2) + 1] }'; }
maxof() { sort -n | tail -1; }
fcs_med=$(median <"$tmp/fcs-len.txt")
fcs_max=$(maxof <"$tmp/fcs-len.txt")
our_sample_med=$(awk -v n="$LEN_SAMPLE" '$1 <= n { print $3 }' "$tmp/folio-len.tsv" | median)
our_sample_max=$(awk -v n="$LEN_SAMPLE" '$1 <= n { print $3 }' "$tmp/folio-len.tsv" | maxof)
deals=$((TO - FROM + 1))
fcs_rate=$(echo "$deals / $fcs_secs" | bc -l)
our_rate=$(val deals_per_second)

echo
echo "== side by side (one core each)"
printf '%-44s %12s %12s %8s\n' measure folio fc-solve ratio
printf '%-44s %12.0f %12.0f %8.2f\n' "deals/s over $FROM..$TO" "$our_rate" "$fcs_rate" "$(echo "$our_rate / $fcs_rate" | bc -l)"
# CPU seconds (user + system) too: on a shared machine wall time depends on the neighbours.
# folio's CPU time also covers the 11982 proof and the 5-cell solve that precede the sweep.
cpu() { awk '{ print $1 + $2 }' "$1"; }
fcs_cpu_rate=$(echo "$deals / $(cpu "$tmp/fcs.cpu")" | bc -l)
our_cpu_rate=$(echo "$deals / $(cpu "$tmp/folio.cpu")" | bc -l)
# The same work on both sides: folio's solving of the range on its thread's CPU clock
# (11982 included, as in fc-solve's range), its replay of every solution timed apart.
our_solve_rate=$(val solve_deals_per_cpu_second)
printf '%-44s %12.0f %12.0f %8.2f\n' "deals per CPU second solving $FROM..$TO" "$our_solve_rate" "$fcs_cpu_rate" "$(echo "$our_solve_rate / $fcs_cpu_rate" | bc -l)"
printf '%-44s %12.0f %12.0f %8.2f\n' "  the whole process (+ proof, 5 cells, checks)" "$our_cpu_rate" "$fcs_cpu_rate" "$(echo "$our_cpu_rate / $fcs_cpu_rate" | bc -l)"
printf '%-44s %12s\n' "  CPU seconds replaying every solution" "$(val check_cpu_seconds)"
printf '%-44s %12s %12s\n' "unsolved deals" "$(val unsolved)" "$fcs_unsolved lines"
printf '%-44s %12s %12s %8.2f\n' "median moves, deals 1..$LEN_SAMPLE (all moves)" "$our_sample_med" "$fcs_med" "$(echo "$our_sample_med / $fcs_med" | bc -l)"
printf '%-44s %12s %12s %8.2f\n' "max moves, deals 1..$LEN_SAMPLE (all moves)" "$our_sample_max" "$fcs_max" "$(echo "$our_sample_max / $fcs_max" | bc -l)"
printf '%-44s %12s %12s\n' "median/max moves $FROM..$TO (all moves)" "$(val median_moves_with_auto)/$(val max_moves_with_auto)" "-"
printf '%-44s %12s %12s\n' "median/max moves $FROM..$TO (as printed)" "$(val median_moves)/$(val max_moves)" "-"
printf '%-44s %12s %12.3f %8.2f\n' "seconds to prove 11982 ($(val prove_verdict) / $fcs_verdict)" "$(val prove_seconds)" "$fcs_prove" "$(echo "$(val prove_seconds) / $fcs_prove" | bc -l)"
fcs_prove_cpu=$(cpu "$tmp/fcs-11982.cpu")
printf '%-44s %12s %12.3f %8.2f\n' "CPU seconds to prove 11982" "$(val prove_cpu_seconds)" "$fcs_prove_cpu" "$(echo "$(val prove_cpu_seconds) / $fcs_prove_cpu" | bc -l)"
printf '%-44s %12s\n' "11982 solved with 5 free cells" "$(val five_cells_solved)"
