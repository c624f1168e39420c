#!/usr/bin/env bash
# Runs a long command whose output goes to a log (pip, in `make install`) and says how far it got, instead of
# a minute of silence on a first run (issue #31).  On a terminal it is one line, rewritten in place every
# second; in a log (CI, a pipe) a line every 30 s, and only when something changed: never a column of
# repeated lines (a review saw one every 10 s).
# Usage: scripts/with-progress.sh LOG COMMAND [ARGS…]   — exits with the command's status.
set -u
log=$1
shift
"$@" >>"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null' INT TERM
if [[ -t 1 ]]; then tty=1; every=1; else tty=0; every=${PROGRESS_EVERY:-30}; fi  # PROGRESS_EVERY: tests
start=$SECONDS
shown=""
last=""
while kill -0 "$pid" 2>/dev/null; do
  sleep 1
  elapsed=$((SECONDS - start))
  if ((elapsed % every == 0)) && kill -0 "$pid" 2>/dev/null; then
    seen=$(grep -c '^Collecting' "$log" 2>/dev/null || true)
    step=$(grep -E '^(Collecting|Building|Installing collected)' "$log" 2>/dev/null | tail -1 | cut -c1-50)
    status="${seen:-0} pacotes verificados${step:+ (${step})}"
    if ((tty)); then
      printf '\r\033[K  … %d s: %s' "$elapsed" "$status"
      shown=1
    elif [[ $status != "$last" ]]; then
      echo "  … ${elapsed} s: ${status}"
    fi
    last=$status
  fi
done
wait "$pid"
rc=$?
if [[ -n $shown ]]; then printf '\r\033[K'; fi  # the line is erased: the next one says what was installed
exit "$rc"
