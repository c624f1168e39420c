#!/usr/bin/env bash
# Runs a long command whose output goes to a log (pip, in `make install`) and says every 10 s that it is
# still working and how far it got, instead of a minute of silence on a first run (issue #31).
# Usage: scripts/with-progress.sh LOG COMMAND [ARGS…]   — exits with the command's status.
set -u
log=$1
shift
"$@" >>"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null' INT TERM
start=$SECONDS
while kill -0 "$pid" 2>/dev/null; do
  sleep 1
  elapsed=$((SECONDS - start))
  if ((elapsed % 10 == 0)) && kill -0 "$pid" 2>/dev/null; then
    seen=$(grep -c '^Collecting' "$log" 2>/dev/null || true)
    step=$(grep -E '^(Collecting|Building|Installing collected)' "$log" 2>/dev/null | tail -1 | cut -c1-50)
    echo "  … ${elapsed} s: ${seen:-0} pacotes verificados${step:+ (${step})}"
  fi
done
wait "$pid"
