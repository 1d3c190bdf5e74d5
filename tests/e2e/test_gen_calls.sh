#!/bin/bash
# test_gen_calls.sh - `skel gen` on a hand-written signature that uses every
# form of call the skeleton template knows (point-to-point in all modes,
# probes, every Wait/Test, blocking and nonblocking collectives with roots
# and MPI_IN_PLACE, wildcard receives and replies, Cartesian, duplicated and
# split communicators): at K = 1 and K = 4 the skeleton compiles with -Werror,
# runs on 2 ranks, and a trace of it makes exactly the calls skeleton.meta
# lists.  Then the command's refusals: a deadlocking signature (exit 6,
# nothing written), bad options (exit 2).
source "$(dirname "$0")/lib.sh"

SIG="$TMP/calls.sig"
n=0
# sym CALL ATTRS INNER COUNT DTSIZE [LINKS] [FLAGS] [ROOTSIDE]: one symbol of
# class 0 (both ranks); ROOTSIDE=1 adds a root side (rooted collectives).
sym() {
  local call=$1 attrs=$2 inner=$3 c=$4 dt=$5 links=${6:-} flags=${7:-} root=${8:-0}
  local b=$((c * dt)) sides
  sides="<side role=\"member\" flags=\"$flags\" events=\"6\" rbytes-events=\"6\" count=\"$c $c $c\" bytes=\"$b $b $b\" rbytes=\"$b $b $b\"/>"
  [ "$root" = 1 ] && sides="<side role=\"member\" flags=\"\" events=\"6\" rbytes-events=\"6\" count=\"$c $c $c\" bytes=\"$b $b $b\" rbytes=\"$b $b $b\"/><side role=\"root\" flags=\"$flags\" events=\"6\" rbytes-events=\"6\" count=\"$c $c $c\" bytes=\"$b $b $b\" rbytes=\"$b $b $b\"/>"
  local d='count="6" mean="20000" min="10000" max="30000" buckets="580:2 630:2 670:2"'
  echo "<symbol id=\"$n\" call=\"$call\" $attrs dtsize=\"$dt\" site=\"0\" occurrences=\"12\">$inner$sides$links<compute $d/><compute-cpu $d/><duration count=\"6\" mean=\"1000\" min=\"1000\" max=\"1000\" buckets=\"\"/></symbol>"
  n=$((n + 1))
}
mod1='<peer kind="mod" value="1"/>'
link() { echo "<link dist=\"$1\" index=\"$2\" call=\"$3\"/>"; }
{
cat <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
<application ranks="2" mpi-library="test" tracer="test"><arg>calls</arg></application>
<compression threshold="0" max-threshold="0.2" scale="0" ratio="1" trace-length="1" signature-length="1"/>
<sites><site id="0" module="calls" offset="0" file="calls.c" line="1"/></sites>
<comms>
 <comm id="0" gid="0" members="0 1"/>
 <comm id="1" gid="1" created-by="MPI_Comm_dup" parent-slot="0" members="0 1"/>
 <comm id="2" gid="2" created-by="MPI_Cart_create" parent-slot="0" members="0 1" dims="2" periods="1"/>
 <comm id="3" gid="3" created-by="MPI_Comm_split" parent-slot="0" members="0"/>
 <comm id="4" gid="4" created-by="MPI_Comm_split" parent-slot="0" members="1"/>
</comms>
<ranks>
 <rank id="0" class="0" events="1" time-ns="200000000" compute-ns="100000000" mpi-ns="100000000" per-event-ns="0" comms="0 - 1 2 3"/>
 <rank id="1" class="0" events="1" time-ns="200000000" compute-ns="100000000" mpi-ns="100000000" per-event-ns="0" comms="0 - 1 2 4"/>
</ranks>
<class id="0" ranks="0 1" program="0" events="0" length="0" time-ns="0">
EOF
sym MPI_Init 'comm="0"' "" 0 0
sym MPI_Comm_dup 'comm="0" newcomm="2"' "" 0 0
sym MPI_Cart_create 'comm="0" newcomm="3"' "" 0 0
sym MPI_Comm_split 'comm="0" newcomm="4"' "" 0 0
first=$n
sym MPI_Sendrecv 'comm="2" tag="1" tag2="1"' "$mod1<peer2 kind=\"mod\" value=\"1\"/>" 100 8
sym MPI_Isend 'comm="3" tag="2"' '<peer kind="cart" vec="1"/>' 50 4
sym MPI_Irecv 'comm="3" tag="2"' '<peer kind="cart" vec="-1"/>' 50 4
sym MPI_Waitall 'comm="0"' "" 0 0 "$(link 2 0 MPI_Isend)$(link 1 1 MPI_Irecv)"
sym MPI_Allreduce 'comm="4" op="MPI_SUM"' "" 10 8
sym MPI_Bcast 'comm="0"' '<root kind="abs" value="1"/>' 20 4 "" "" 1
sym MPI_Reduce 'comm="0" op="MPI_MAX"' '<root kind="abs" value="0"/>' 5 8 "" "in-place" 1
sym MPI_Gather 'comm="0"' '<root kind="abs" value="0"/>' 3 8 "" "" 1
sym MPI_Scatter 'comm="0"' '<root kind="abs" value="1"/>' 3 8 "" "" 1
sym MPI_Allgather 'comm="0"' "" 4 4
sym MPI_Alltoall 'comm="0"' "" 4 4
sym MPI_Alltoallv 'comm="0"' "" 64 4
sym MPI_Allgatherv 'comm="0"' "" 7 8
sym MPI_Gatherv 'comm="0"' '<root kind="abs" value="0"/>' 7 8 "" "" 1
sym MPI_Scatterv 'comm="0"' '<root kind="abs" value="0"/>' 7 8 "" "" 1
sym MPI_Reduce_scatter 'comm="0" op="MPI_SUM"' "" 6 4
sym MPI_Reduce_scatter_block 'comm="0" op="MPI_BXOR"' "" 6 4
sym MPI_Scan 'comm="0" op="MPI_SUM"' "" 2 8
sym MPI_Exscan 'comm="0" op="MPI_PROD"' "" 2 8
sym MPI_Iallreduce 'comm="0" op="MPI_MINLOC"' "" 2 8
sym MPI_Ibcast 'comm="0"' '<root kind="abs" value="0"/>' 8 1 "" "" 1
sym MPI_Waitany 'comm="0"' "" 0 0 "$(link 2 0 MPI_Iallreduce)"
sym MPI_Wait 'comm="0"' "" 0 0 "$(link 1 0 MPI_Ibcast)"
sym MPI_Issend 'comm="0" tag="3"' "$mod1" 10 8
sym MPI_Recv 'comm="0" tag="3"' "$mod1" 10 8
sym MPI_Wait 'comm="0"' "" 0 0 "$(link 1 0 MPI_Issend)"
sym MPI_Iprobe 'comm="0" tag="4"' '<peer kind="any"/>' 0 0
sym MPI_Isend 'comm="0" tag="5"' "$mod1" 3 8
sym MPI_Probe 'comm="0" tag="5"' "$mod1" 0 0
sym MPI_Recv 'comm="0" tag="5"' "$mod1" 3 8
sym MPI_Test 'comm="0"' "" 0 0 "$(link 1 0 MPI_Isend)" "true"
sym MPI_Sendrecv_replace 'comm="0" tag="6" tag2="6"' "$mod1<peer2 kind=\"mod\" value=\"1\"/>" 16 8
sym MPI_Irecv 'comm="0" tag="7"' '<peer kind="any"/>' 1 8
sym MPI_Send 'comm="0" tag="7"' "$mod1" 1 8
sym MPI_Testall 'comm="0"' "" 0 0 "$(link 1 0 MPI_Irecv)" "true"
sym MPI_Isend 'comm="0" tag="8"' '<peer kind="reply"/>' 2 8
sym MPI_Recv 'comm="0" tag="-1"' '<peer kind="any"/>' 2 8
sym MPI_Testany 'comm="0"' "" 0 0 "$(link 1 0 MPI_Isend)" "true"
sym MPI_Ibarrier 'comm="0"' "" 0 0
sym MPI_Testsome 'comm="0"' "" 0 0
sym MPI_Waitsome 'comm="0"' "" 0 0 "$(link 1 0 MPI_Ibarrier)"
sym MPI_Barrier 'comm="3"' "" 0 0
last=$((n - 1))
sym MPI_Comm_free 'comm="4"' "" 0 0
sym MPI_Comm_free 'comm="3"' "" 0 0
sym MPI_Comm_free 'comm="2"' "" 0 0
sym MPI_Finalize 'comm="0"' "" 0 0
echo "<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/><s ref=\"2\"/><s ref=\"3\"/><loop body=\"1\" count=\"6\"/>"
for i in $(seq $((last + 1)) $((n - 1))); do echo "<s ref=\"$i\"/>"; done
echo "</block><block id=\"1\">"
for i in $(seq "$first" "$last"); do echo "<s ref=\"$i\"/>"; done
echo "</block></class></signature>"
} > "$SIG"


for K in 1 4; do
  d="$TMP/calls-$K"
  "$SKEL" gen "$SIG" --scale "$K" -o "$d" --report > "$d.report" 2>&1 ||
    { cat "$d.report" >&2; fail "skel gen K=$K"; }
  grep -q "^checked .* no deadlock" "$d.report" || fail "no check line: $(cat "$d.report")"
  mpicc.mpich -O2 -Wall -Wextra -Werror -o "$d/skeleton" "$d/skeleton.c" -lm ||
    fail "K=$K: the skeleton does not compile with -Werror"
  timeout 120 mpiexec.mpich -n 2 -genv LD_PRELOAD "$(tracer_preload)" -genv SKEL_TRACE_DIR "$d/trace" \
    "$d/skeleton" > "$d.run" 2>&1 || { cat "$d.run" >&2; fail "K=$K: the skeleton failed or hung"; }
  grep -q '^SKEL_RESULT ' "$d.run" || fail "K=$K: no SKEL_RESULT"
  expect_counts "$d/trace" "$d/skeleton.meta" || fail "K=$K: traced calls differ from skeleton.meta"
  per=$(awk '$1 == "expect" && $2 == 0 && $3 == "MPI_Alltoallv" { print $4 }' "$d/skeleton.meta")
  want=$([ "$K" = 1 ] && echo 6 || echo 2)
  [ "$per" = "$want" ] || fail "K=$K: $per MPI_Alltoallv, expected $want (6 iterations / $K, remainder merged)"
  echo "ok K=$K: $(grep -c '^expect 0 ' "$d/skeleton.meta") kinds of call on rank 0"
done

# A schedule that would hang is refused, with the operation named, and
# nothing is written.
awk 'BEGIN { done = 0 } /call="MPI_Recv" comm="0" tag="3"/ && !done { sub(/tag="3"/, "tag=\"9\""); done = 1 } { print }' \
  "$SIG" > "$TMP/hang.sig"
set +e
"$SKEL" gen "$TMP/hang.sig" --scale 1 -o "$TMP/hang" > "$TMP/hang.out" 2>&1
rc=$?
set -e
[ $rc = 6 ] || fail "deadlocking signature: exit $rc, expected 6: $(cat "$TMP/hang.out")"
grep -q "MPI_Recv" "$TMP/hang.out" && grep -q "tag 9" "$TMP/hang.out" && grep -q "rank 0" "$TMP/hang.out" ||
  fail "the refusal does not name the receive: $(cat "$TMP/hang.out")"
[ ! -e "$TMP/hang/skeleton.c" ] || fail "a refused skeleton was written"

# Usage errors.
for args in "$SIG -o $TMP/x" "$SIG --scale 2 --target-seconds 1 -o $TMP/x" "$SIG --scale 0.5 -o $TMP/x" \
            "$SIG --scale 2" "$SIG --scale 2 -o $TMP/x --mode fast"; do
  set +e
  # shellcheck disable=SC2086
  "$SKEL" gen $args > "$TMP/usage.out" 2>&1
  rc=$?
  set -e
  [ $rc = 2 ] || fail "skel gen $args: exit $rc, expected 2"
done
set +e
"$SKEL" gen "$TMP/missing.sig" --scale 2 -o "$TMP/x" > "$TMP/missing.out" 2>&1
rc=$?
set -e
[ $rc = 4 ] || fail "missing signature: exit $rc, expected 4 ($(cat "$TMP/missing.out"))"
echo "all forms of call generated, built, run and traced as expected"
