#!/usr/bin/env bash
# Joins the journals slurm-match.sh's tasks wrote into one match: merged.pgn (every game once, in game
# order) in the same folder, and the statistics on stdout (in this job's log). Run it after the array:
#
#   sbatch --dependency=afterok:<array job id> slurm-match-merge.sh
#
# `kibitz merge` refuses journals of different matches and a shard missing or given twice; it then
# writes nothing and this job fails (exit 2). Environment: KIBITZ and KIBITZ_OUT as for slurm-match.sh.
#
#SBATCH --job-name=kibitz-match-merge
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
#SBATCH --time=00:30:00
#SBATCH --output=kibitz-match-merge-%j.log
set -euo pipefail

submit="${SLURM_SUBMIT_DIR:-$PWD}"
if [ -z "${KIBITZ:-}" ]; then
  if command -v kibitz >/dev/null 2>&1; then KIBITZ=kibitz; else KIBITZ="$submit/kibitz"; fi
fi
out="${KIBITZ_OUT:-$submit/kibitz-match}"
shopt -s nullglob
journals=("$out"/match-*.journal.jsonl)
[ ${#journals[@]} -gt 0 ] || { echo "kibitz-match-merge: no journals (match-*.journal.jsonl) in $out" >&2; exit 2; }
"$KIBITZ" merge --out "$out/merged.pgn" "${journals[@]}"
