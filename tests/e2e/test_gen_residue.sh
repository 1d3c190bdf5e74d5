#!/bin/bash
# test_gen_residue.sh - how a skeleton times its compute phases
# (docs/codegen.md, "Durations follow the traced distributions"): a phase of
# a full iteration draws its duration from its symbol's distribution, a
# scaled phase (the residue, weight below 1) takes the distribution's mean
# times its weight.  A hand-written signature gives two MPI_Barrier symbols
# the same wide compute distribution (0.1-4 ms, mean 1.5 ms): twelve of the
# first stand outside any loop (at K = 4 each is residue, weight 1/4), the
# second is the body of a loop of 40 iterations (10 full iterations at
# K = 4).  The skeleton is traced; the CPU time before each barrier
# (`skel dump`'s cpu=, the thread's CPU clock) must be the same for the
# residue phases (max / min < 2 without the extremes: measured 1.04-1.09;
# the first is left out, below) and spread for the drawn ones (> 5:
# measured 19) - an ordering of spreads, not a time.
source "$(dirname "$0")/lib.sh"

SIG="$TMP/residue.sig"
# The compute distribution: a log-bucket sketch spread over 0.1-4 ms.
dist='count="40" mean="1500000" min="100000" max="4000000" shift="207" buckets="760:4 820:4 870:4 910:4 950:4 980:4 1010:4 1040:4 1065:4 1090:4"'
zero='count="40" mean="0" min="0" max="0" buckets=""'
sym() { # ID CALL COMPUTE_ATTRS
  echo "<symbol id=\"$1\" call=\"$2\" comm=\"0\" dtsize=\"0\" site=\"0\" occurrences=\"80\"><side role=\"member\" flags=\"\" events=\"40\" rbytes-events=\"40\" count=\"0 0 0\" bytes=\"0 0 0\" rbytes=\"0 0 0\"/><compute $3/><compute-cpu $3/><duration $zero/></symbol>"
}
{
cat <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
<application ranks="2" mpi-library="test" tracer="test"><arg>residue</arg></application>
<compression threshold="0" max-threshold="0.2" scale="0" ratio="1" trace-length="1" signature-length="1"/>
<sites><site id="0" module="residue" offset="0" file="residue.c" line="1"/></sites>
<comms>
 <comm id="0" gid="0" members="0 1"/>
</comms>
<ranks>
 <rank id="0" class="0" events="54" time-ns="78000000" compute-ns="78000000" mpi-ns="0" per-event-ns="0" comms="0"/>
 <rank id="1" class="0" events="54" time-ns="78000000" compute-ns="78000000" mpi-ns="0" per-event-ns="0" comms="0"/>
</ranks>
<class id="0" ranks="0 1" program="0" events="0" length="0" time-ns="0">
EOF
sym 0 MPI_Init "$zero"
sym 1 MPI_Barrier "$dist"
sym 2 MPI_Barrier "$dist"
sym 3 MPI_Finalize "$zero"
echo '<block id="0"><s ref="0"/>'
for _ in $(seq 12); do echo '<s ref="1"/>'; done
echo '<loop body="1" count="40"/><s ref="3"/></block>'
echo '<block id="1"><s ref="2"/></block></class></signature>'
} > "$SIG"

d="$TMP/sk"
"$SKEL" gen "$SIG" --scale 4 -o "$d" --mode loops > "$d.gen" 2>&1 || { cat "$d.gen" >&2; fail "skel gen"; }
mpicc.mpich -O2 -Wall -Wextra -Werror -o "$d/skeleton" "$d/skeleton.c" -lm || fail "the skeleton does not compile"
timeout 120 mpiexec.mpich -n 2 -genv LD_PRELOAD "$(tracer_preload)" \
  -genv SKEL_TRACE_DIR "$d/trace" "$d/skeleton" > "$d.run" 2>&1 || { cat "$d.run" >&2; fail "the skeleton failed"; }
expect_counts "$d/trace" "$d/skeleton.meta" || fail "traced calls differ from skeleton.meta"
n=$(awk '$1 == "expect" && $2 == 0 && $3 == "MPI_Barrier" { print $4 }' "$d/skeleton.meta")
[ "$n" = 22 ] || fail "rank 0 makes $n barriers, expected 12 residue + 10 full iterations"

# cpu= before each barrier, in order (us).
"$SKEL" dump --rank 0 "$d/trace" | awk '$5 == "MPI_Barrier" { for (i = 6; i <= NF; i++) if ($i ~ /^cpu=/) { sub("cpu=", "", $i); print $i } }' > "$d/cpu"
[ "$(wc -l < "$d/cpu")" = 22 ] || fail "expected 22 barriers in the trace: $(wc -l < "$d/cpu")"
# spread LINES: max / min of those phases, the smallest and the largest left
# out (a phase now and then takes up to 1.8x its CPU time: the tracer's
# own sampling), then that min and max.
spread() { sed -n "$1p" "$d/cpu" | sort -g | awk '{ v[NR] = $1 } END { lo = v[2]; hi = v[NR - 1]; printf "%.3f %.1f %.1f\n", (lo > 0 ? hi / lo : 1e9), lo, hi }'; }
# The first barrier's gap also holds the skeleton's set-up (its own
# barriers and calibration go through PMPI): left out.
read -r rs rlo rhi <<<"$(spread 2,12)"
read -r fs flo fhi <<<"$(spread 13,22)"
echo "residue phases: ${rlo}-${rhi} us (max/min $rs); drawn phases: ${flo}-${fhi} us (max/min $fs)"
awk -v s="$rs" 'BEGIN { exit !(s < 2) }' || fail "the residue's phases vary (max/min $rs): they should all take the mean"
awk -v s="$fs" 'BEGIN { exit !(s > 5) }' || fail "the full iterations' phases do not vary (max/min $fs): they should draw"
echo "PASS"
