#!/usr/bin/env bash
# An engine match as a Slurm job array: array task I plays shard I of the opening pairs (pair k goes
# to shard k mod N; the two games of a --repeat pair are never split) and keeps its games in its own
# journal. slurm-match-merge.sh then joins the journals: every game once, in game order, one PGN, and
# the statistics computed once from the summed counts. See README.md.
#
#   jid=$(sbatch --parsable slurm-match.sh --engine stockfish --engine ./dev-engine \
#           --each tc=10+0.1 --games 2 --rounds 500 --repeat --openings file=book.epd order=random --seed 7)
#   sbatch --dependency=afterok:$jid slurm-match-merge.sh
#
# Arguments: any options of `kibitz match` except the ones this script sets (--shard, --journal,
# --concurrency, --run-id). The array's size is the shard count, as for slurm-evaluate.sh. A task
# that was stopped (preempted, out of time) resumes from its journal when it is submitted again with
# the same arguments: --resume is always passed.
#
# Environment (sbatch passes the submitting shell's on):
#   KIBITZ      the kibitz command (default: kibitz on PATH, else ./kibitz in the submit folder)
#   KIBITZ_OUT  a folder every node sees, for the journals (default: kibitz-match in the submit folder)
#
#SBATCH --job-name=kibitz-match
#SBATCH --array=0-3
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=2
#SBATCH --time=04:00:00
#SBATCH --output=kibitz-match-%A_%a.log
set -euo pipefail

: "${SLURM_ARRAY_TASK_ID:?submit this script with sbatch: it is one task of a job array}"
submit="${SLURM_SUBMIT_DIR:-$PWD}"
if [ -z "${KIBITZ:-}" ]; then
  if command -v kibitz >/dev/null 2>&1; then KIBITZ=kibitz; else KIBITZ="$submit/kibitz"; fi
fi
out="${KIBITZ_OUT:-$submit/kibitz-match}"
mkdir -p "$out"
journal="$out/match-${SLURM_ARRAY_TASK_ID}.journal.jsonl"
echo "kibitz-match: task ${SLURM_ARRAY_TASK_ID} of ${SLURM_ARRAY_TASK_COUNT:-?} on $(hostname), journal $journal" >&2
# Two engines think at once per game: one game per two allocated CPUs.
games=$(( ${SLURM_CPUS_PER_TASK:-2} / 2 ))
[ "$games" -ge 1 ] || games=1
"$KIBITZ" match "$@" --shard auto --journal "$journal" --resume --concurrency "$games"
