#!/usr/bin/env bash
# Joins the parts slurm-evaluate.sh wrote into the files one run would have written (merged.pgn,
# merged.csv, merged.jsonl and merged.pgn.manifest.json, in the same folder). Run it after the array:
#
#   sbatch --dependency=afterok:<array job id> slurm-merge.sh
#
# `kibitz merge` refuses parts that are not from one batch, a shard missing or given twice, and a
# part changed since its task wrote it; it then writes nothing and this job fails (exit 2).
# Environment: KIBITZ and KIBITZ_OUT as for slurm-evaluate.sh.
#
#SBATCH --job-name=kibitz-merge
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
#SBATCH --time=00:30:00
#SBATCH --output=kibitz-merge-%j.log
set -euo pipefail

submit="${SLURM_SUBMIT_DIR:-$PWD}"
if [ -z "${KIBITZ:-}" ]; then
  if command -v kibitz >/dev/null 2>&1; then KIBITZ=kibitz; else KIBITZ="$submit/kibitz"; fi
fi
out="${KIBITZ_OUT:-$submit/kibitz-parts}"
shopt -s nullglob
parts=("$out"/part-*.pgn)
[ ${#parts[@]} -gt 0 ] || { echo "kibitz-merge: no parts (part-*.pgn) in $out" >&2; exit 2; }
"$KIBITZ" merge --out "$out/merged.pgn" --csv "$out/merged.csv" --jsonl "$out/merged.jsonl" "${parts[@]}"
