#!/usr/bin/env bash
# test_select_trust.sh - skel select can be trusted on a noisy machine:
#   1. two identical candidates (two hostfiles naming the same two testbed
#      hosts) are reported as not distinguishable, with how much their
#      launches overlap, after the default 5 interleaved rounds;
#   2. with a CPU competitor on the hosts of one candidate, the free
#      candidate is ranked first in every one of 5 selections.
# Hosts are pinned so that a candidate's two ranks share one core (hosts 1-2
# on core 1, hosts 3-4 on core 0, --yield): the competitor, in host 3's
# cgroup on core 0, slows only the busy candidate.  The properties are a
# ranking and a statistical verdict, never a time threshold.
source "$(dirname "$0")/harness_lib.sh"
SAMPLES="$SKEL_BUILD_DIR/samples"
if [ "${SKEL_ASAN:-0}" = 1 ]; then
    export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1"
fi
set -e
[ "$(nproc)" -ge 2 ] || { echo "SKIP: needs 2 cores (one per candidate)"; exit 77; }
SHARE=""
stop_share() {
    if [ -n "$SHARE" ]; then
        kill -TERM "$SHARE" 2>/dev/null || true
        wait "$SHARE" 2>/dev/null || true
        SHARE=""
    fi
}
trap 'stop_share; cleanup' EXIT

note "a skeleton of a short Jacobi run (load: $(cut -d' ' -f1-3 /proc/loadavg))"
"$SKEL" generate -K 8 -o "$WORK/sk" --quiet -- mpiexec.mpich -n 2 "$SAMPLES/jacobi" -n 512 -i 2000 ||
    fail "generate"

unquoted() { sed 's/"[^"]*"/Q/g' "$1"; }

note "1. two identical candidates are not distinguishable"
"$SKEL" testbed up --hosts 2 >/dev/null || fail "testbed up"
printf '10.77.0.1\n10.77.0.2\n' >"$WORK/left.hosts"
printf '10.77.0.1\n10.77.0.2\n' >"$WORK/right.hosts"
"$SKEL" select --skeleton "$WORK/sk" --candidates "$WORK/left.hosts" "$WORK/right.hosts" --ratio 8 \
    --csv "$WORK/same.csv" >"$WORK/same.out" 2>"$WORK/same.err" ||
    { cat "$WORK/same.out" "$WORK/same.err"; fail "select on identical candidates"; }
cat "$WORK/same.out"
grep -q "^warning: the best two, \(left\|right\) and \(left\|right\), are not distinguishable: their launches overlap - .* in [0-9.]* of 25 pairs of launches ([0-9]*%; rank-sum p = " \
    "$WORK/same.out" || fail "identical candidates are not reported as indistinguishable"
grep -q "the best two are distinguishable" "$WORK/same.out" && fail "identical candidates told apart"
grep -q "within the noise)" "$WORK/same.out" || fail "the recommendation does not say 'within the noise'"
# Default: 5 rounds, every launch's time in the CSV.
[ "$(unquoted "$WORK/same.csv" | awk -F, 'NR > 1 && $5 == 5 && split($15, a, ";") == 5' | wc -l)" = 2 ] ||
    fail "5 launches per candidate expected: $(cat "$WORK/same.csv")"
# Interleaved, the first candidate rotating: round 1 left then right, round 2 right then left.
grep -o "skel select: [a-z]*: .*\[round [0-9]/5\]" "$WORK/same.err" | awk '{ print $3 $NF }' | head -4 |
    tr -d ':]' | tr '\n' ' ' >"$WORK/order"
[ "$(cat "$WORK/order")" = "left1/5 right1/5 right2/5 left2/5 " ] ||
    fail "launch order: $(cat "$WORK/order")"
"$SKEL" testbed down >/dev/null

note "2. a CPU competitor on one candidate: the free one first, 5 times out of 5"
"$SKEL" testbed up --hosts 4 --cores 1,1,0,0 >/dev/null || fail "testbed up (4 hosts)"
printf '10.77.0.1\n10.77.0.2\n' >"$WORK/free.hosts"
printf '10.77.0.3\n10.77.0.4\n' >"$WORK/busy.hosts"
cat >"$WORK/compete.xml" <<'XML'
<scenario name="busy"><cpu host="3" processes="1"/></scenario>
XML
"$SKEL" testbed share --scenario "$WORK/compete.xml" --name busy >"$WORK/share.out" 2>&1 &
SHARE=$!
for _ in $(seq 100); do
    [ "$(live_competitors)" -gt 0 ] && break
    sleep 0.1
done
[ "$(live_competitors)" -gt 0 ] || fail "the competitor did not start: $(cat "$WORK/share.out")"
for i in 1 2 3 4 5; do
    "$SKEL" select --skeleton "$WORK/sk" --candidates "$WORK/busy.hosts" "$WORK/free.hosts" --ratio 8 \
        --rounds 3 --yield --csv "$WORK/c$i.csv" >"$WORK/c$i.out" 2>"$WORK/c$i.err" ||
        { cat "$WORK/c$i.out" "$WORK/c$i.err"; fail "select $i with a competitor"; }
    grep -E '^(1|2) ' "$WORK/c$i.out"
    first=$(unquoted "$WORK/c$i.csv" | awk -F, 'NR == 2 { print $2 }')
    [ "$first" = free ] || { cat "$WORK/c$i.out"; fail "selection $i ranked '$first' first"; }
done
grep -q "this machine was loaded" "$WORK/c1.out" || fail "the competitor's load was not reported"
stop_share
"$SKEL" testbed down >/dev/null || fail "testbed down"
assert_nothing_left "after the selections"
echo "PASS"
