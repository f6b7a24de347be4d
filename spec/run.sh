#!/bin/sh
# Runs the busted suite once per named profile of .busted, two at a time
# (the machine's two cores), prints each run's output in the order given,
# and ends with one line summed over all runs. Fails when any run fails,
# errs or counts nothing.
#   spec/run.sh lua5.4 luajit ...
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# busted --run=$1 into $dir/$1.log, its exit code into $dir/$1.code.
run() {
  busted --run="$1" >"$dir/$1.log" 2>&1
  echo $? >"$dir/$1.code"
}

pending=""
for profile in "$@"; do
  run "$profile" &
  pending="$pending $!"
  if [ "$(echo $pending | wc -w)" -ge 2 ]; then
    wait $pending
    pending=""
  fi
done
wait $pending

passed=0 failed=0 status=0
for profile in "$@"; do
  echo "== busted --run=$profile"
  log="$dir/$profile.log"
  code=$(cat "$dir/$profile.code")
  cat "$log"
  # busted ends with "12 successes / 0 failures / 1 error / 0 pending : ..."
  counts=$(sed -n 's/^\([0-9]*\) successe*s* \/ \([0-9]*\) failures* \/ \([0-9]*\) errors* .*/\1 \2 \3/p' "$log" | tail -n 1)
  if [ -z "$counts" ]; then
    echo "spec/run.sh: busted --run=$profile printed no summary (exit $code)"
    failed=$((failed + 1)) status=1
    continue
  fi
  ok=${counts%% *} bad=${counts#* }
  passed=$((passed + ok)) failed=$((failed + ${bad% *} + ${bad#* }))
  [ "$code" -eq 0 ] && [ "$ok" -gt 0 ] || status=1
done
echo "$passed passed, $failed failed"
exit $status
