#!/bin/bash
# The emulated cluster: up with CPU/link options, an MPI job whose traffic
# provably crosses the veth links, a second instance beside it, leftover
# detection, down of one instance only.
. "$(dirname "$0")/harness_lib.sh" || { echo "FAIL: cannot load harness_lib.sh" >&2; exit 1; }

note "up: 2 hosts, quota 0.5 on host 2, 100mbit on host 2"
"$SKEL" testbed up --hosts 2 --cpu full,0.5 --link none,100mbit >"$WORK/up.txt" || fail "testbed up"
cat "$WORK/up.txt"
tb_index
for i in 1 2; do
    [ -e "/run/netns/$(ns $i)" ] || fail "no namespace $(ns $i)"
    [ -e "/sys/class/net/$(veth $i)" ] || fail "no veth $(veth $i)"
    ip -n "$(ns $i)" -br addr show eth0 | grep -q "$(addr $i)/24" || fail "$(ns $i) has no $(addr $i)"
    [ -d "$(cg_dir cpu $i)" ] || fail "no cpu cgroup for host $i"
done
ip -br addr show "skbr$IDX" | grep -q "$(addr 254)/24" || fail "bridge address"
if [ "$CGV" = v2 ]; then
    [ "$(cat "$(cg_dir cpu 2)/cpu.max")" = "5000 10000" ] || fail "host 2 quota"
    [ "$(cat "$(cg_dir cpu 1)/cpu.max")" = "max 10000" ] || fail "host 1 quota"
else
    [ "$(cat "$(cg_dir cpu 2)/cpu.cfs_quota_us")" = 5000 ] && [ "$(cat "$(cg_dir cpu 2)/cpu.cfs_period_us")" = 10000 ] || fail "host 2 quota"
    [ "$(cat "$(cg_dir cpu 1)/cpu.cfs_quota_us")" = -1 ] || fail "host 1 quota"
fi
tc qdisc show dev "$(veth 2)" | grep -q "tbf 7a1:.*rate 100Mbit" || fail "host 2 link not shaped: $(tc qdisc show dev "$(veth 2)")"
ip netns exec "$(ns 2)" tc qdisc show dev eth0 | grep -q "tbf 7a1:" || fail "host 2 eth0 not shaped"
tc qdisc show dev "$(veth 1)" | grep -q tbf && fail "host 1 link shaped"
"$SKEL" testbed status | grep -q "$(addr 2)" || fail "status"

note "a second up of the same instance while it is live is refused"
"$SKEL" testbed up --hosts 2 >/dev/null 2>"$WORK/err" && fail "second up succeeded"
grep -q "already up" "$WORK/err" || fail "unexpected message: $(cat "$WORK/err")"

note "MPI ping-pong across the link, one rank per host"
bytes_per_run=$((2 * 1048576 * 8))
tx1=$(bytes "$(veth 1)" tx); rx1=$(bytes "$(veth 1)" rx); tx2=$(bytes "$(veth 2)" tx); rx2=$(bytes "$(veth 2)" rx)
"$SKEL" run --nodes testbed:1,2 -n 2 --timeout 60 -- "$PP" pingpong 1048576 8 >"$WORK/pp.txt" ||
    fail "skel run across the testbed"
cat "$WORK/pp.txt"
moved=$(field bytes <"$WORK/pp.txt")
[ "$moved" = "$bytes_per_run" ] || fail "pingpong moved $moved bytes"
# Each direction of each veth carries half of the payload (plus headers).
for d in "$(veth 1) tx $tx1" "$(veth 1) rx $rx1" "$(veth 2) tx $tx2" "$(veth 2) rx $rx2"; do
    set -- $d
    delta=$(( $(bytes "$1" "$2") - $3 ))
    [ "$delta" -ge $((bytes_per_run / 2)) ] || fail "$1 $2 grew by $delta bytes, expected >= $((bytes_per_run / 2))"
done
echo "links carried the traffic: $(veth 1) tx +$(( $(bytes "$(veth 1)" tx) - tx1 )) bytes"

note "a second instance beside it: its own names and subnet; down removes only its own"
"$SKEL" testbed up --hosts 1 --name "$SKEL_TESTBED-b" >/dev/null || fail "up of a second instance"
other=$("$SKEL" testbed status | sed -n "s/^testbed '$SKEL_TESTBED-b': .* on bridge skbr\([0-9]*\) .*/\1/p")
[ -n "$other" ] && [ "$other" != "$IDX" ] || fail "the second instance has index '$other' (first: $IDX)"
SKEL_TESTBED="$SKEL_TESTBED-b" "$SKEL" run --nodes testbed:1 -n 1 --quiet -- true || fail "run on the second instance"
"$SKEL" testbed down --name "$SKEL_TESTBED-b" >/dev/null || fail "down of the second instance"
[ -e "/run/netns/sk${other}h1" ] && fail "the second instance's namespace survived its down"
[ -e "/run/netns/$(ns 1)" ] || fail "down of the second instance removed the first one's namespace"
"$SKEL" run --nodes testbed:1,2 -n 2 --quiet -- true || fail "the first instance no longer runs"

note "leftovers: a state file removed by hand leaves orphans, which status shows and down --orphans removes"
mv "${SKEL_STATE_DIR:-/run/skel}/testbed-$SKEL_TESTBED" "$WORK/state-moved"
"$SKEL" testbed status | grep -q "orphans: objects of testbed index $IDX " || fail "status does not report the orphan"
"$SKEL" testbed down >/dev/null || fail "down of an instance without state"
[ -e "/run/netns/$(ns 1)" ] || fail "down without a state removed objects it cannot prove are its own"
"$SKEL" testbed down --orphans || fail "down --orphans"
assert_nothing_left "down --orphans"

note "an interrupted bring-up is removed by the next up of the same name"
"$SKEL" testbed up --hosts 1 >/dev/null || fail "up"
tb_index
sed -i 's/^complete 1$/complete 0/; s/^owner [0-9]* /owner 999999 /' "${SKEL_STATE_DIR:-/run/skel}/testbed-$SKEL_TESTBED/state"
"$SKEL" run --nodes testbed:1 -n 1 -- true 2>"$WORK/err" && fail "a run on a half-built testbed"
grep -q "was interrupted" "$WORK/err" || fail "message: $(cat "$WORK/err")"
"$SKEL" testbed up --hosts 1 >/dev/null 2>"$WORK/err" || fail "up over a leftover"
grep -q "leftover" "$WORK/err" || fail "up did not report the leftover"
"$SKEL" testbed down >/dev/null || fail "down"
assert_nothing_left "down"

note "usage errors"
"$SKEL" testbed up >/dev/null 2>&1; [ $? = 2 ] || fail "up without --hosts must exit 2"
"$SKEL" testbed up --hosts 2 --cpu 1,1,1 >/dev/null 2>&1; [ $? = 2 ] || fail "bad --cpu list must exit 2"
"$SKEL" testbed up --hosts 2 --link 10mb >/dev/null 2>&1; [ $? = 3 ] || fail "bad --link must exit 3"
"$SKEL" testbed up --hosts 1 --name 'Bad Name' >/dev/null 2>&1; [ $? = 2 ] || fail "bad --name must exit 2"
assert_nothing_left "after usage errors"
echo "PASS"
