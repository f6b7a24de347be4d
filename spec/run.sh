#!/bin/sh
# Runs the busted suite once per named profile of .busted and ends with one
# line summed over all runs. Fails when any run fails, errs or counts nothing.
#   spec/run.sh lua5.4 luajit ...
passed=0 failed=0 status=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for run in "$@"; do
  echo "== busted --run=$run"
  busted --run="$run" >"$log" 2>&1
  code=$?
  cat "$log"
  # busted ends with "12 successes / 0 failures / 1 error / 0 pending : ..."
  counts=$(sed -n 's/^\([0-9]*\) successe*s* \/ \([0-9]*\) failures* \/ \([0-9]*\) errors* .*/\1 \2 \3/p' "$log" | tail -n 1)
  if [ -z "$counts" ]; then
    echo "spec/run.sh: busted --run=$run printed no summary (exit $code)"
    failed=$((failed + 1)) status=1
    continue
  fi
  ok=${counts%% *} bad=${counts#* }
  passed=$((passed + ok)) failed=$((failed + ${bad% *} + ${bad#* }))
  [ "$code" -eq 0 ] && [ "$ok" -gt 0 ] || status=1
done
echo "$passed passed, $failed failed"
exit $status
