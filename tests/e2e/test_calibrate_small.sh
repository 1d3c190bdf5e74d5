#!/usr/bin/env bash
# test_calibrate_small.sh - `skel calibrate` end to end on a short Jacobi
# run: an LBF placement (both ranks on one testbed host), an NF link limit
# and the zeroing of the top compute phase, each predicted from the trace and
# measured on the skeleton; the table and the CSV agree and their arithmetic
# holds (error = predicted / measured - 1); the placement is checked before
# anything runs; and everything calibrate starts (an implicit testbed, the
# link limit) is gone afterwards - after a normal run and after Ctrl-C.  No
# assertion on time.
source "$(dirname "$0")/harness_lib.sh"
SAMPLES="$SKEL_BUILD_DIR/samples"
if [ "${SKEL_ASAN:-0}" = 1 ]; then
    # The traced samples are instrumented too: MPICH and UCX leak at exit by design.
    export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1"
fi
set -e

note "a skeleton of a short Jacobi run (load: $(cut -d' ' -f1-3 /proc/loadavg))"
"$SKEL" generate -K 4 -o "$WORK/sk" --quiet -- mpiexec.mpich -n 2 "$SAMPLES/jacobi" -n 256 -i 1500 ||
    fail "generate"

note "a placement that is not in blocks is refused before anything runs"
"$SKEL" calibrate --skeleton "$WORK/sk" --placement 2/3 >"$WORK/bad.out" 2>&1 && rc=0 || rc=$?
[ "$rc" != 0 ] || fail "placement 2/3 of 2 ranks accepted"
grep -q "2/3" "$WORK/bad.out" || fail "the error does not name the placement: $(cat "$WORK/bad.out")"
! grep -q "baseline" "$WORK/bad.out" || fail "something ran before the placement was checked"
assert_nothing_left "after a refused placement"

note "calibrate: placement 2/1, links at 20 Mbit/s, zero the top compute phase; the application too"
"$SKEL" calibrate --skeleton "$WORK/sk" --placement 2/1 --link 20mbit --zero 1 --repeat 2 \
    --rounds 2 --app "$SAMPLES/jacobi -n 256 -i 1500" \
    --keep "$WORK/keep" --csv "$WORK/c.csv" >"$WORK/c.out" 2>"$WORK/c.err" ||
    { cat "$WORK/c.out" "$WORK/c.err"; fail "calibrate"; }
cat "$WORK/c.out"
assert_nothing_left "after calibrate"
tc qdisc show | grep -q '7a2:' && fail "the link limit is left"
# host 1's processor probed three times before the rounds and once in each
# of the 2 rounds, the placement predicted from the medians of all five
grep -q "^host 1's processor .*(medians of 5 probes)" "$WORK/c.out" ||
    fail "host 1 not probed in every round: $(grep "host 1" "$WORK/c.out")"
grep -q "^placements predicted with the scheduler model slice,wait=yield,quantum=" "$WORK/c.out" ||
    fail "no measured scheduler model: $(grep "scheduler model" "$WORK/c.out")"
head -n 1 "$WORK/c.csv" | grep -qx \
    'kind,target,predicted_change,measured_change,error,baseline_s,measured_s,min_s,max_s,app_baseline_s,app_s,app_change,app_error,note,predicted_lo,predicted_hi,inside,rounds,change_min,change_max,app_rounds,app_change_min,app_change_max,app_inside' ||
    fail "CSV header: $(head -n 1 "$WORK/c.csv")"
row() { sed 's/"[^"]*"/Q/g' "$WORK/c.csv" | awk -F, -v k="$1" '$1 == k'; }
for k in placement network zero; do
    [ "$(row $k | wc -l)" = 1 ] || fail "expected one $k row: $(cat "$WORK/c.csv")"
    grep -q "^$k " "$WORK/c.out" || fail "the table has no $k row"
    # Both changes known, and error = predicted / measured - 1.
    row $k | awk -F, '{ p = $3; m = $4; e = $5; b = $6; t = $7;
        d = p / m - 1 - e;
        exit !(p > 0 && m > 0 && b > 0 && t > 0 && d * d < 1e-12) }' ||
        fail "$k: the numbers do not hold together: $(row $k)"
done
# A zeroed phase is measured once: its skeleton's time = baseline x change.
row zero | awk -F, '{ d2 = $6 * $4 - $7; exit !(d2 * d2 < 1e-12 * $7 * $7) }' ||
    fail "zero: time, baseline and change do not hold together: $(row zero)"
# The application was measured where it can be (not for a zeroed phase),
# and its error is against its own change (a median over the rounds).
for k in placement network; do
    row $k | awk -F, '{ b = $10; a = $11; c = $12; e = $13; d2 = $3 / c - 1 - e;
        exit !(b > 0 && a > 0 && c > 0 && d2 * d2 < 1e-12) }' ||
        fail "$k: the application's numbers do not hold together: $(row $k)"
done
row zero | awk -F, '{ exit !($11 == "" && $12 == "") }' || fail "a zeroed phase has an application time"
# LBF and NF give an interval around their prediction, say whether the
# skeleton's change lies inside it, and were measured in both rounds with
# the change in their spread.
for k in placement network; do
    row $k | awk -F, '{ exit !($15 <= $3 && $3 <= $16 && ($17 == 0 || $17 == 1) &&
        (($17 == 1) == ($15 <= $4 && $4 <= $16)) && $18 == 2 && $19 <= $4 && $4 <= $20 &&
        $21 == 2 && $22 <= $12 && $12 <= $23) }' ||
        fail "$k: interval, rounds or spread do not hold together: $(row $k)"
done
grep -q "quantum" "$WORK/c.out" || fail "the processor sharing measured on host 1 is not shown"
# What the models must say whatever the machine: two ranks on one processor
# take longer than on two; a slower link cannot speed the run up; removing
# a compute phase cannot slow it down.
row placement | awk -F, '{ exit !($3 > 1.2) }' || fail "LBF: 2/1 not slower: $(row placement)"
row network | awk -F, '{ exit !($3 >= 1) }' || fail "NF: 20 Mbit/s faster: $(row network)"
row zero | awk -F, '{ exit !($3 < 1) }' || fail "zeroing predicts no gain: $(row zero)"
grep -q 'skeleton on testbed:1:2' "$WORK/c.csv" || fail "the placement did not run both ranks on host 1"
# The zeroed skeleton was regenerated with the same K from a signature
# without that phase.
ls "$WORK"/keep/zero-1/skeleton >/dev/null || fail "no regenerated skeleton kept"
grep -qx "k $(awk '$1 == "k" { print $2 }' "$WORK/sk/skeleton.meta")" "$WORK/keep/zero-1/skeleton.meta" ||
    fail "the zeroed skeleton has another K"
[ -s "$WORK/keep/table-testbed.csv" ] && [ -s "$WORK/keep/table-testbed-20mbit.csv" ] ||
    fail "the testbed tables were not kept"

note "the report shows the calibration"
"$SKEL" report --results "$WORK/c.csv" -o "$WORK/r.html" || fail "report"
grep -q 'Calibration against skeleton runs' "$WORK/r.html" || fail "no calibration section in the report"

note "Ctrl-C while the link is limited: exit 130, nothing left"
"$SKEL" calibrate --skeleton "$WORK/sk" --placement none --link 5mbit --zero 0 --repeat 50 \
    >"$WORK/int.out" 2>&1 &
run=$!
for _ in $(seq 600); do
    tc qdisc show 2>/dev/null | grep -q "7a2:" && break
    sleep 0.1
done
tc qdisc show 2>/dev/null | grep -q "7a2:" ||
    { kill -KILL $run; fail "the link limit never appeared: $(cat "$WORK/int.out")"; }
kill -INT $run
rc=0
wait $run || rc=$?
[ "$rc" = 130 ] || fail "exit status $rc after SIGINT, expected 130: $(cat "$WORK/int.out")"
assert_nothing_left "after SIGINT"
echo "PASS"
