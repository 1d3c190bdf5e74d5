#!/bin/bash
# The emulated cluster: up with CPU/link options, an MPI job whose traffic
# provably crosses the veth links, leftover detection, down with and without
# the state file.
. "$(dirname "$0")/harness_lib.sh" || { echo "FAIL: cannot load harness_lib.sh" >&2; exit 1; }

note "up: 2 hosts, quota 0.5 on host 2, 100mbit on host 2"
"$SKEL" testbed up --hosts 2 --cpu full,0.5 --link none,100mbit >"$WORK/up.txt" || fail "testbed up"
cat "$WORK/up.txt"
for i in 1 2; do
    [ -e /run/netns/skh$i ] || fail "no namespace skh$i"
    [ -e /sys/class/net/skv$i ] || fail "no veth skv$i"
    ip -n skh$i -br addr show eth0 | grep -q "10.77.0.$i/24" || fail "skh$i has no 10.77.0.$i"
    [ -d /sys/fs/cgroup/cpu/skel_skh$i ] || fail "no cpu cgroup for host $i"
done
ip -br addr show skbr0 | grep -q 10.77.0.254/24 || fail "bridge address"
[ "$(cat /sys/fs/cgroup/cpu/skel_skh2/cpu.cfs_quota_us)" = 5000 ] && [ "$(cat /sys/fs/cgroup/cpu/skel_skh2/cpu.cfs_period_us)" = 10000 ] || fail "host 2 quota"
[ "$(cat /sys/fs/cgroup/cpu/skel_skh1/cpu.cfs_quota_us)" = -1 ] || fail "host 1 quota"
tc qdisc show dev skv2 | grep -q "tbf 7a1:.*rate 100Mbit" || fail "host 2 link not shaped: $(tc qdisc show dev skv2)"
ip netns exec skh2 tc qdisc show dev eth0 | grep -q "tbf 7a1:" || fail "host 2 eth0 not shaped"
tc qdisc show dev skv1 | grep -q tbf && fail "host 1 link shaped"
"$SKEL" testbed status | grep -q "10.77.0.2" || fail "status"

note "a second up while one is live is refused"
"$SKEL" testbed up --hosts 2 >/dev/null 2>"$WORK/err" && fail "second up succeeded"
grep -q "already up" "$WORK/err" || fail "unexpected message: $(cat "$WORK/err")"

note "MPI ping-pong across the link, one rank per host"
bytes_per_run=$((2 * 1048576 * 8))
tx1=$(bytes skv1 tx); rx1=$(bytes skv1 rx); tx2=$(bytes skv2 tx); rx2=$(bytes skv2 rx)
"$SKEL" run --nodes testbed:1,2 -n 2 --timeout 60 -- "$PP" pingpong 1048576 8 >"$WORK/pp.txt" ||
    fail "skel run across the testbed"
cat "$WORK/pp.txt"
moved=$(field bytes <"$WORK/pp.txt")
[ "$moved" = "$bytes_per_run" ] || fail "pingpong moved $moved bytes"
# Each direction of each veth carries half of the payload (plus headers).
for d in "skv1 tx $tx1" "skv1 rx $rx1" "skv2 tx $tx2" "skv2 rx $rx2"; do
    set -- $d
    delta=$(( $(bytes "$1" "$2") - $3 ))
    [ "$delta" -ge $((bytes_per_run / 2)) ] || fail "$1 $2 grew by $delta bytes, expected >= $((bytes_per_run / 2))"
done
echo "links carried the traffic: skv1 tx +$(( $(bytes skv1 tx) - tx1 )) bytes"

note "leftovers: a missing state file does not stop down"
rm -f /run/skel/testbed.state
"$SKEL" testbed status | grep -q "leftovers" || fail "status does not report leftovers"
"$SKEL" testbed down || fail "down without state"
assert_nothing_left "down without a state file"

note "leftovers: a stray namespace and cgroup are removed by the next up"
ip netns add skh7
mkdir /sys/fs/cgroup/cpu/skel_skh7
"$SKEL" testbed up --hosts 1 >/dev/null 2>"$WORK/err" || fail "up over leftovers"
grep -q "leftover" "$WORK/err" || fail "up did not report the leftover"
[ -e /run/netns/skh7 ] && fail "stray namespace survived up"
[ -d /sys/fs/cgroup/cpu/skel_skh7 ] && fail "stray cgroup survived up"
"$SKEL" testbed down >/dev/null || fail "down"
assert_nothing_left "down"

note "usage errors"
"$SKEL" testbed up >/dev/null 2>&1; [ $? = 2 ] || fail "up without --hosts must exit 2"
"$SKEL" testbed up --hosts 2 --cpu 1,1,1 >/dev/null 2>&1; [ $? = 2 ] || fail "bad --cpu list must exit 2"
"$SKEL" testbed up --hosts 2 --link 10mb >/dev/null 2>&1; [ $? = 3 ] || fail "bad --link must exit 3"
assert_nothing_left "after usage errors"
echo "PASS"
