#!/usr/bin/env bash
# test_validate_small.sh - `skel validate` end to end on a short Jacobi run:
# the dedicated reference and one CPU-sharing scenario, a small-input run, the
# table and the CSV; the reference row's error is 0 by construction of the
# measured scaling ratio; the calibration file skel select reads is written;
# the average-prediction baseline from an earlier run's CSV; and everything
# validate starts (an implicit testbed, competitors, the scenario) is gone
# afterwards - after a normal run, a failed one and Ctrl-C.  No assertion
# on time: only on the arithmetic that ties the reported numbers together.
source "$(dirname "$0")/harness_lib.sh"
SAMPLES="$SKEL_BUILD_DIR/samples"
if [ "${SKEL_ASAN:-0}" = 1 ]; then
    # The traced samples are instrumented too: MPICH and UCX leak at exit by design.
    export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1"
fi
set -e

note "a skeleton of a short Jacobi run (load: $(cut -d' ' -f1-3 /proc/loadavg))"
# Long enough (about 1 s) that the times net of the launch overhead, which
# the skeletons' launches measure beside them, stay well above zero under cpu-one.
APP="$SAMPLES/jacobi -n 512 -i 3000"
"$SKEL" generate -K 4 -o "$WORK/sk" --quiet -- mpiexec.mpich -n 2 $APP || fail "generate"
[ ! -e "$WORK/sk/calibration" ] || fail "a fresh skeleton has a calibration file"

note "validate under dedicated and cpu-one, with a small input (implicit testbed)"
"$SKEL" validate --skeleton "$WORK/sk" --scenarios "$PAPER5" --names cpu-one \
    --small "$SAMPLES/jacobi -n 384 -i 3000" --csv "$WORK/v.csv" -- $APP \
    >"$WORK/v.out" 2>"$WORK/v.err" || { cat "$WORK/v.out" "$WORK/v.err"; fail "validate"; }
cat "$WORK/v.out"
assert_nothing_left "after validate"
for want in 'Measured time (s)' 'Predicted application time (s) and error' \
    '^dedicated (ref) ' '^cpu-one ' '^skeleton 1 (' '^small input '; do
    grep -q "$want" "$WORK/v.out" || fail "the table has no '$want'"
done

# CSV fields by kind and scenario (the command and node fields are quoted or
# last, so the numeric columns 1-12 split cleanly after dropping quoted fields).
col() { # col KIND SCENARIO COLUMN
    sed 's/"[^"]*"/Q/g' "$WORK/v.csv" | awk -F, -v k="$1" -v s="$2" -v c="$3" \
        '$1 == k && $2 == s { print $c }'
}
head -n 1 "$WORK/v.csv" | grep -qx \
    'kind,scenario,reference,name,time_s,min_s,max_s,runs,predicted_s,error,ratio,k,nodes,nranks,command,lo_s,hi_s,error_lo,error_hi,ratio_lo,ratio_hi,spent_s,samples_s' ||
    fail "CSV header"
[ "$(grep -c "" "$WORK/v.csv")" = 9 ] || fail "expected 8 CSV rows (app, skeleton, small, launch x 2): $(cat "$WORK/v.csv")"
app=$(col app dedicated 5) skel=$(col skeleton dedicated 5) ratio=$(col skeleton dedicated 11)
[ -n "$app" ] && [ -n "$skel" ] || fail "no dedicated measurements in the CSV"
[ "$(col app dedicated 3)" = 1 ] && [ "$(col app cpu-one 3)" = 0 ] || fail "reference flags"
# The measured scaling ratio is app / skeleton on the reference ...
awk -v a="$app" -v s="$skel" -v r="$ratio" 'BEGIN { d = a / s - r; exit !(d < 1e-6 * r && -d < 1e-6 * r) }' ||
    fail "ratio $ratio != $app / $skel"
# ... so the reference row's prediction is the measurement: error 0.
[ "$(col skeleton dedicated 10)" = 0.000000 ] || fail "dedicated skeleton error $(col skeleton dedicated 10)"
[ "$(col skeleton dedicated 9)" = "$app" ] || fail "dedicated prediction $(col skeleton dedicated 9) != $app"
[ "$(col small dedicated 10)" = 0.000000 ] || fail "dedicated small-input error"
# The applications' times are net of a launch overhead measured per scenario.
for sc in dedicated cpu-one; do
    awk -v l="$(col launch $sc 5)" 'BEGIN { exit !(l > 0) }' || fail "no launch overhead for $sc"
done
# Under cpu-one: predicted = skeleton x ratio, error = (predicted - measured) / measured.
awk -v s="$(col skeleton cpu-one 5)" -v r="$ratio" -v p="$(col skeleton cpu-one 9)" \
    -v m="$(col app cpu-one 5)" -v e="$(col skeleton cpu-one 10)" \
    'BEGIN { d1 = s * r - p; d2 = (p - m) / m - e;
             exit !(s > 0 && m > 0 && d1 * d1 < 1e-10 * p * p && d2 * d2 < 1e-10) }' ||
    fail "cpu-one prediction or error does not follow from the measurements"

note "the calibration file for skel select"
grep -qx 'skel-calibration 1' "$WORK/sk/calibration" || fail "no calibration file"
grep -qx "ratio $ratio" "$WORK/sk/calibration" ||
    fail "calibration ratio differs from the CSV's $ratio: $(cat "$WORK/sk/calibration")"
grep -qx 'nodes testbed:1,2' "$WORK/sk/calibration" || fail "calibration nodes"

note "average prediction from an earlier run's CSV (here: the same application)"
"$SKEL" validate --from-csv "$WORK/v.csv" --baseline-csv "$WORK/v.csv" --csv "$WORK/r.csv" \
    >"$WORK/r.out" || fail "validate --from-csv"
grep -q '^average prediction ' "$WORK/r.out" || { cat "$WORK/r.out"; fail "no average prediction"; }
# Its own slowdown predicts it exactly.
[ "$(sed 's/"[^"]*"/Q/g' "$WORK/r.csv" | awk -F, '$1 == "average" && $2 == "cpu-one" { print $10 }')" = 0.000000 ] ||
    fail "average prediction from the application's own slowdown is not exact"

note "a failing application: exit status 5, nothing left"
"$SKEL" validate --skeleton "$WORK/sk" --scenarios "$PAPER5" --names cpu-one \
    -- "$SAMPLES/jacobi" --no-such-option >"$WORK/f.out" 2>&1 && rc=0 || rc=$?
[ "$rc" = 5 ] || fail "failing application: exit status $rc, expected 5: $(cat "$WORK/f.out")"
grep -q 'the reference run' "$WORK/f.out" || fail "the failure does not say which run: $(cat "$WORK/f.out")"
assert_nothing_left "after a failed validate"

note "Ctrl-C while a scenario is applied: exit 130, nothing left"
# One round, one skeleton launch per round: the dedicated reference before
# the first scenario takes seconds, not the 30 s and more three rounds of the
# sanitizer build took on a loaded machine.  Waits while validate runs.
"$SKEL" validate --skeleton "$WORK/sk" --scenarios "$PAPER5" --names cpu-all,cpu-one \
    --repeat 1 --skeleton-ci 0 -- $APP >"$WORK/int.out" 2>&1 &
run=$!
for _ in $(seq 1800); do
    [ "$(live_competitors)" -gt 0 ] && break
    kill -0 $run 2>/dev/null || break
    sleep 0.1
done
[ "$(live_competitors)" -gt 0 ] || { kill -KILL $run; fail "no competitors appeared: $(cat "$WORK/int.out")"; }
kill -INT $run
rc=0
wait $run || rc=$?
[ "$rc" = 130 ] || fail "exit status $rc after SIGINT, expected 130: $(cat "$WORK/int.out")"
assert_nothing_left "after SIGINT"
tc qdisc show | grep -q '7a2:' && fail "a scenario qdisc is left"
echo "PASS"
