#!/bin/bash
# Sharing scenarios on the testbed: competitor processes appear in the host's
# cgroup and go away; a 10 Mbit/s limit makes a 1 MiB ping-pong much slower
# and its qdisc goes away; a dead harness's scenario is undone by the next
# apply; the paper's five scenarios all apply.
. "$(dirname "$0")/harness_lib.sh" || { echo "FAIL: cannot load harness_lib.sh" >&2; exit 1; }

"$SKEL" testbed up --hosts 2 >/dev/null || fail "testbed up"
tb_index

note "CPU scenario: two competitors on host 1 while 'skel testbed share' runs"
"$SKEL" testbed share --scenario "$PAPER5" --name cpu-one >"$WORK/share.out" 2>&1 &
share=$!
for _ in $(seq 50); do
    grep -q applied "$WORK/share.out" && break
    sleep 0.1
done
grep -q "applied (2 competitor" "$WORK/share.out" || fail "share did not apply: $(cat "$WORK/share.out")"
procs=$(cat "$(cg_dir cpu 1 compete.$share)/cgroup.procs")
[ "$(echo "$procs" | wc -w)" = 2 ] || fail "expected 2 competitors in host 1's cgroup, got '$procs'"
for p in $procs; do
    [ "$(cat /proc/$p/comm)" = skel-compete ] || fail "process $p in the cgroup is not a competitor"
    grep -q "^Cpus_allowed_list:[[:space:]]*0$" /proc/$p/status || fail "competitor $p not pinned to host 1's core"
done
[ "$(live_competitors)" = 2 ] || fail "expected 2 live competitors, got $(live_competitors)"
ls "$(cg_dir cpu 2)" | grep -q compete && fail "host 2 got competitors"
kill -TERM $share
wait $share
rc=$?
[ $rc = 143 ] || fail "share exited $rc after SIGTERM, expected 143"
wait_no_competitors || fail "competitors survived the scenario's removal"
[ -d "$(cg_dir cpu 1 compete.$share)" ] && fail "competitor cgroup left"
ls "${SKEL_STATE_DIR:-/run/skel}/testbed-$SKEL_TESTBED" | grep -q throttle && fail "throttle record left"

note "CPU scenario on every host, applied around a run"
"$SKEL" run --nodes testbed:1,2 -n 2 --scenario "$PAPER5" --name cpu-all -- \
    bash -c 'cat '"$(cg_dir cpu '*' 'compete.*')"'/cgroup.procs | wc -l > '"$WORK/ncomp" ||
    fail "run under cpu-all"
[ "$(sort -u "$WORK/ncomp")" = 4 ] || fail "expected 4 competitors during the run, saw $(cat "$WORK/ncomp")"
wait_no_competitors || fail "competitors left after the run"

note "bandwidth scenario: 1 MiB ping-pong with and without 10 Mbit/s on host 1's link"
"$SKEL" run --nodes testbed:1,2 -n 2 --timeout 60 -- "$PP" pingpong 1048576 2 >"$WORK/free.txt" ||
    fail "unshaped ping-pong"
"$SKEL" run --nodes testbed:1,2 -n 2 --timeout 60 --scenario "$PAPER5" --name link-one \
    -- "$PP" pingpong 1048576 2 >"$WORK/slow.txt" || fail "shaped ping-pong"
free=$(field seconds <"$WORK/free.txt")
slow=$(field seconds <"$WORK/slow.txt")
echo "unshaped $free s, 10mbit $slow s ($(field mbit_per_s <"$WORK/slow.txt") Mbit/s)"
awk -v f="$free" -v s="$slow" 'BEGIN { exit !(s > 3 * f) }' || fail "10 Mbit/s ping-pong is not >3x slower ($slow vs $free)"
tc qdisc show dev "$(veth 1)" | grep -q tbf && fail "qdisc left on $(veth 1): $(tc qdisc show dev "$(veth 1)")"
ip netns exec "$(ns 1)" tc qdisc show dev eth0 | grep -q tbf && fail "qdisc left in $(ns 1)"

note "a scenario left by a killed harness is undone by the next run, with or without a scenario"
"$SKEL" testbed share --scenario "$PAPER5" --name cpu-one-link-one >"$WORK/share2.out" 2>&1 &
share=$!
for _ in $(seq 50); do
    grep -q applied "$WORK/share2.out" && break
    sleep 0.1
done
tc qdisc show dev "$(veth 1)" | grep -q "tbf 7a2:" || fail "scenario qdisc missing"
kill -KILL $share
wait $share 2>/dev/null
rec="${SKEL_STATE_DIR:-/run/skel}/testbed-$SKEL_TESTBED/throttle.$share"
[ -e "$rec" ] || fail "no throttle record after SIGKILL"
"$SKEL" testbed status | grep -q "scenario 'cpu-one-link-one' (shared) of process $share .*gone" ||
    fail "status does not show the stale throttle: $("$SKEL" testbed status)"
"$SKEL" run --nodes testbed:1,2 -n 2 -- true || fail "run after kill"
[ -e "$rec" ] && fail "stale throttle record not undone"
tc qdisc show dev "$(veth 1)" | grep -q tbf && fail "stale scenario qdisc not removed"
wait_no_competitors || fail "competitors of the killed harness survive"

note "all five scenarios of the paper apply and go away"
for sc in cpu-one cpu-all link-one link-all cpu-one-link-one; do
    "$SKEL" run --nodes testbed:1,2 -n 2 --scenario "$PAPER5" --name $sc --quiet -- "$PP" pingpong 1024 2 ||
        fail "scenario $sc"
done
wait_no_competitors || fail "competitors left"
for i in 1 2; do tc qdisc show dev "$(veth $i)" | grep -q tbf && fail "qdisc left on $(veth $i)"; done

"$SKEL" testbed down >/dev/null || fail "down"
assert_nothing_left "down"
echo "PASS"
