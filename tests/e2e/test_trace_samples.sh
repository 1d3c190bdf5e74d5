#!/usr/bin/env bash
# Trace every C sample with 2 ranks through `skel trace`; the trace must hold
# exactly the calls the sample's parameters imply, every send must match one
# receive, every request must complete, and the format must stay compact.
. "$(dirname "$0")/lib.sh"

run() { # name args...
  local name=$1; shift
  echo "-- $name $*"
  "$SKEL" trace --quiet -o "$TMP/$name" -- timeout 120 mpiexec.mpich -n 2 "$SAMPLES/$name" "$@" \
    > "$TMP/$name.out" 2>&1 || { cat "$TMP/$name.out"; fail "$name: skel trace failed"; }
  "$SAMPLES/$name" --expect --nranks 2 "$@" > "$TMP/$name.expect"
  expect_counts "$TMP/$name" "$TMP/$name.expect" || fail "$name: traced calls differ from --expect"
  # --strict: non-zero when a message is unmatched, a request never completes,
  # a collective is incomplete or a rank's stream is damaged or truncated.
  "$SKEL" stats --strict "$TMP/$name" > "$TMP/$name.stats" || { cat "$TMP/$name.stats"; fail "$name: inconsistent trace"; }
  grep -q "^consistent: " "$TMP/$name.stats" || fail "$name: no consistency line"
  # Compact: at most 16 bytes per event on every rank long enough for the
  # fixed part of the file (header, call sites, module paths) not to dominate.
  awk '$1 ~ /^[0-9]+$/ && NF >= 9 && $2 >= 300 && $8+0 > 16 { print; bad = 1 } END { exit bad }' "$TMP/$name.stats" \
    || fail "$name: more than 16 bytes per event"
  # Call sites resolve to the sample's source.
  "$SKEL" dump --rank 0 --limit 50 "$TMP/$name" > "$TMP/$name.dump"
  grep -q "($name\.c:[0-9]*)" "$TMP/$name.dump" || fail "$name: call sites not resolved to $name.c"
}

run jacobi -n 256 -i 40 -r 4
run cg -n 128 -i 30
run isort -k 20000 -i 4
run mw -t 60 --work-us 200 --prep-us 50
run pipeline -n 128 -i 10 -b 4
echo "ok"
