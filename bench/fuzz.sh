#!/usr/bin/env bash
# Coverage-guided fuzzing of every reader with Jazzer (plugins/formats ReaderJazzerTest), one reader
# after the other, each for MINUTES (default 5). Seeds: the heads of the real files of the test data
# (TestFiles.shared), plus the corpus Jazzer grew in earlier runs (plugins/formats/.cifuzz-corpus,
# not committed). What a reader fails on is written by Jazzer to
#   plugins/formats/src/test/resources/org/kibitz/formats/ReaderJazzerTestInputs/<method>/crash-*
# and stays there as a regression test the build runs (commit it with the fix).
# Prints per reader libFuzzer's last status line: executions (#N), coverage (cov: edges, ft: features),
# executions per second (exec/s); and any finding. Logs: plugins/formats/target/fuzz/<method>.log.
# Usage: bench/fuzz.sh [MINUTES] [METHOD...]   (methods: fuzzPgn fuzzXqf fuzzFen fuzzEpd)
set -euo pipefail
cd "$(dirname "$0")/.."
MINUTES=${1:-5}
if [ $# -gt 0 ]; then shift; fi
METHODS=("$@")
if [ ${#METHODS[@]} -eq 0 ]; then METHODS=(fuzzPgn fuzzXqf fuzzFen fuzzEpd); fi
logs=plugins/formats/target/fuzz
mkdir -p "$logs"
for m in "${METHODS[@]}"; do
  log="$logs/$m.log"
  echo "== $m: $MINUTES min"
  # JAZZER_FUZZ turns the regression test into a fuzzer; JAZZER_MAX_DURATION overrides the
  # annotation's 10 s. -am builds the modules the formats tests need (their tests are not run).
  if ! JAZZER_FUZZ=1 JAZZER_MAX_DURATION="${MINUTES}m" mvn -B -o -pl plugins/formats -am \
      -Dsurefire.failIfNoSpecifiedTests=false -Dtest="ReaderJazzerTest#$m" verify >"$log" 2>&1; then
    echo "   the run failed: a finding (see below) or a build problem, see $log"
  fi
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  echo "   ${last:-no status line: see $log}"
  grep -E 'Test unit written|== Java Exception|FuzzerSecurityIssue' "$log" | head -5 | sed 's/^/   /' || true
done
