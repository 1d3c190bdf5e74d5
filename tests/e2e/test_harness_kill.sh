#!/bin/bash
# Cleanup guarantee: a `skel run` that brought a testbed up implicitly and
# applied a scenario cleans everything up by itself on SIGINT (exit 130) and
# on a timeout; killed with SIGKILL it leaves state that `skel testbed down`
# (or the next implicit bring-up) removes.
. "$(dirname "$0")/harness_lib.sh" || { echo "FAIL: cannot load harness_lib.sh" >&2; exit 1; }

# Live processes of our ping-pong binary (ranks).
live_ranks() {
    ps -eo stat=,args= | awk -v pp="$PP" '$1 !~ /^Z/ && $2 == pp' | wc -l
}

# Wait until n ranks run.
wait_ranks() {
    for _ in $(seq 100); do
        [ "$(live_ranks)" -ge "$1" ] && return 0
        sleep 0.1
    done
    return 1
}

wait_no_ranks() {
    for _ in $(seq 50); do
        [ "$(live_ranks)" = 0 ] && return 0
        sleep 0.1
    done
    return 1
}

note "SIGINT: the run cleans up by itself (job, scenario, implicit testbed)"
"$SKEL" run --nodes testbed:1,2 -n 2 --scenario "$PAPER5" --name cpu-one-link-one \
    -- "$PP" sleep 60000 >"$WORK/int.out" 2>&1 &
run=$!
wait_ranks 2 || fail "ranks did not start: $(cat "$WORK/int.out")"
tb_index
[ "$(live_competitors)" = 2 ] || fail "no competitors during the run"
tc qdisc show dev "$(veth 1)" | grep -q "tbf 7a2:" || fail "no scenario qdisc during the run"
kill -INT $run
wait $run
rc=$?
[ $rc = 130 ] || fail "exit status $rc after SIGINT, expected 130: $(cat "$WORK/int.out")"
wait_no_ranks || fail "ranks survived SIGINT"
assert_nothing_left "after SIGINT"

note "SIGKILL: 'skel testbed down' removes what the killed run left"
"$SKEL" run --nodes testbed:1,2 -n 2 --scenario "$PAPER5" --name cpu-all \
    -- "$PP" sleep 60000 >"$WORK/kill.out" 2>&1 &
run=$!
wait_ranks 2 || fail "ranks did not start: $(cat "$WORK/kill.out")"
tb_index
kill -KILL $run
wait $run 2>/dev/null
[ -e "/run/netns/$(ns 1)" ] || fail "expected the killed run's testbed to be left behind"
"$SKEL" testbed down || fail "down after SIGKILL"
wait_no_ranks || fail "ranks survived down"
assert_nothing_left "down after SIGKILL"

note "SIGKILL: the next implicit bring-up replaces the stale testbed"
"$SKEL" run --nodes testbed:1,2 -n 2 -- "$PP" sleep 60000 >"$WORK/kill2.out" 2>&1 &
run=$!
wait_ranks 2 || fail "ranks did not start: $(cat "$WORK/kill2.out")"
tb_index
kill -KILL $run
wait $run 2>/dev/null
"$SKEL" run --nodes testbed:1,2 -n 2 --timeout 60 -- "$PP" pingpong 1024 2 >"$WORK/again.out" 2>&1 ||
    fail "run after a killed run: $(cat "$WORK/again.out")"
wait_no_ranks || fail "ranks of the killed run survived"
assert_nothing_left "after the next implicit run"

note "timeout: the job is killed, exit status 5, the (explicit) testbed stays"
"$SKEL" testbed up --hosts 2 >/dev/null || fail "up"
tb_index
"$SKEL" run --nodes testbed:1,2 -n 2 --timeout 1 -- "$PP" sleep 60000 >"$WORK/to.out" 2>&1
rc=$?
[ $rc = 5 ] || fail "exit status $rc after a timeout, expected 5"
grep -q "timed out" "$WORK/to.out" || fail "no timeout message: $(cat "$WORK/to.out")"
wait_no_ranks || fail "ranks survived the timeout"
[ -e "/run/netns/$(ns 1)" ] || fail "the explicit testbed was taken down"
ls -d "$(cg_dir cpu 1)"/run.* 2>/dev/null && fail "run cgroup left"
"$SKEL" testbed down >/dev/null || fail "down"
assert_nothing_left "down"
echo "PASS"
