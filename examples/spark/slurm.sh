#!/usr/bin/env bash
# folio's map/merge as a Slurm job array (examples/spark/README.md):
#   sbatch --array=0-$((N - 1)) slurm.sh map     one partial per group file groups/g.NNNNN
#   sbatch --dependency=afterok:$MAP slurm.sh merge
# FOLIO (the binary), WORK (a shared folder for partials) and OUT may be set in the
# environment; MERGE_OPTS passes --min-count/--min-books to the last merge.
#SBATCH --job-name=folio
#SBATCH --cpus-per-task=2
#SBATCH --mem=2G
set -euo pipefail
FOLIO="${FOLIO:-./folio}"
WORK="${WORK:-work}"
OUT="${OUT:-library.fst}"
mkdir -p "$WORK"
case "${1:-}" in
map)
    i=$(printf '%05d' "${SLURM_ARRAY_TASK_ID:?run as a job array}")
    # --memory bounds the task's counting tables; the partial is the same either way.
    xargs -d '\n' "$FOLIO" ingest -q --memory 1G --partial -o "$WORK/part-$i.part" \
        < "groups/g.$i"
    ;;
merge)
    # One merge: folio merges 64 partials at a time in passes by itself.
    # shellcheck disable=SC2086
    "$FOLIO" merge "$WORK"/part-*.part -o "$OUT" ${MERGE_OPTS:-}
    ;;
*)
    echo "usage: slurm.sh map|merge" >&2
    exit 2
    ;;
esac
