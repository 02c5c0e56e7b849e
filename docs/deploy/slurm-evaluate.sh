#!/usr/bin/env bash
# Batch evaluation as a Slurm job array: array task I evaluates shard I of the games (game k, counted
# over all input files, goes to shard k mod N) and writes its own part with a manifest beside it.
# slurm-merge.sh then joins the parts into the files one run would have written. See README.md.
#
#   jid=$(sbatch --parsable slurm-evaluate.sh games.pgn --engine stockfish --nodes 100000)
#   sbatch --dependency=afterok:$jid slurm-merge.sh
#
# Arguments: the input files and any options of `kibitz evaluate` except the ones this script sets
# (--shard, --jobs, --out, --csv, --jsonl). The array's size is the shard count: --array=0-3 gives
# four shards; change it here or with `sbatch --array=0-7 ...`. The range must start at its first
# index and have no gaps or steps (--array=0-7%2 throttles and is fine; --array=0,2,4 is not).
#
# Environment (sbatch passes the submitting shell's on):
#   KIBITZ          the kibitz command (default: kibitz on PATH, else ./kibitz in the submit folder)
#   KIBITZ_OUT      a folder every node sees, for the parts (default: kibitz-parts in the submit folder)
#   KIBITZ_SCRATCH  a node-local folder for this task's analysis store (default: $TMPDIR, else /tmp)
#
#SBATCH --job-name=kibitz-evaluate
#SBATCH --array=0-3
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
#SBATCH --time=04:00:00
#SBATCH --output=kibitz-evaluate-%A_%a.log
set -euo pipefail

: "${SLURM_ARRAY_TASK_ID:?submit this script with sbatch: it is one task of a job array}"
submit="${SLURM_SUBMIT_DIR:-$PWD}"
if [ -z "${KIBITZ:-}" ]; then
  if command -v kibitz >/dev/null 2>&1; then KIBITZ=kibitz; else KIBITZ="$submit/kibitz"; fi
fi
out="${KIBITZ_OUT:-$submit/kibitz-parts}"
mkdir -p "$out"

# Each task gets an analysis store of its own on node-local scratch, empty when the task starts.
# Not one store shared by all tasks: a position found in the store from before a run started is
# taken from there instead of searched (the "cached" count), so with a shared store what a task
# finds cached depends on which other tasks ran before it and how far they got. The same game would
# then carry another engine's search, and the merged result would differ from run to run and from a
# single run. (SQLite on a network file system is a poor idea besides: its locks are not reliable
# there.) The task's run journal lives there too, and both go when the task ends: the parts and
# their manifests are what it leaves. Only the data folder moves; the config folder (your engine
# list) stays where it is.
scratch="${KIBITZ_SCRATCH:-${TMPDIR:-/tmp}}/kibitz-${SLURM_ARRAY_JOB_ID:-$SLURM_JOB_ID}-${SLURM_ARRAY_TASK_ID}"
mkdir -p "$scratch"
trap 'rm -rf "$scratch"' EXIT
export XDG_DATA_HOME="$scratch"

part="$out/part-${SLURM_ARRAY_TASK_ID}"
echo "kibitz-evaluate: task ${SLURM_ARRAY_TASK_ID} of ${SLURM_ARRAY_TASK_COUNT:-?} on $(hostname), part $part.pgn" >&2
# --shard auto: the index from SLURM_ARRAY_TASK_ID (less SLURM_ARRAY_TASK_MIN), the count from
# SLURM_ARRAY_TASK_COUNT. One search per allocated CPU, each on an engine of its own.
"$KIBITZ" evaluate "$@" \
  --shard auto \
  --jobs "${SLURM_CPUS_PER_TASK:-1}" \
  --out "$part.pgn" --csv "$part.csv" --jsonl "$part.jsonl"
