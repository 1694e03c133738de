#!/usr/bin/env bash
# The Spark job in local mode (local[2]) on the 45 shared books against one `folio ingest`:
# the same bytes for the set, the counts map and the manifest, with and without
# --min-count/--min-books. Needs pyspark (pip) and Java 17. Run by `make test-spark`.
set -euo pipefail
cd "$(dirname "$0")/../.."
FOLIO="${FOLIO:-target/debug/folio}"
BOOKS="${FOLIO_SHARED:-../shared}/corpora/gutenberg"
[ -d "$BOOKS" ] || { echo "test-spark: no books at $BOOKS" >&2; exit 1; }
BOOKS="$(cd "$BOOKS" && pwd)"
T="$(mktemp -d)"
trap 'rm -rf "$T"' EXIT
export TMPDIR="$T" PYSPARK_PYTHON="${PYSPARK_PYTHON:-python3}"
opts="--min-count 3 --min-books 2"
mkdir -p "$T/ref" "$T/ref-all" "$T/spark" "$T/spark-all"
# shellcheck disable=SC2086
"$FOLIO" ingest -q "$BOOKS" -o "$T/ref/g.fst" $opts
"$FOLIO" ingest -q "$BOOKS" -o "$T/ref-all/g.fst"
# 45 books in groups of 4 (12 map tasks), merged 3 at a time (12 -> 4 -> 2 -> root).
# shellcheck disable=SC2086
python3 examples/spark/folio_spark.py --master 'local[2]' --folio "$FOLIO" \
    --books "$BOOKS" --work "$T/work" --out "$T/spark/g.fst" \
    --group-size 4 --fan-in 3 $opts 2> "$T/spark.log" || { tail -40 "$T/spark.log"; exit 1; }
for f in g.fst g.counts.fst g.json; do
    cmp "$T/ref/$f" "$T/spark/$f"
done
echo "test-spark: Spark local[2] $opts: g.fst, g.counts.fst, g.json identical to one ingest ($(ls "$T/work" | wc -l) partials)"
# The root's inputs (the last level of the tree) merged without selection rules.
"$FOLIO" merge -q "$T"/work/merge-1-*.part -o "$T/spark-all/g.fst"
for f in g.fst g.counts.fst g.json; do
    cmp "$T/ref-all/$f" "$T/spark-all/$f"
done
echo "test-spark: the tree's last partials merged without options: identical to one ingest"
