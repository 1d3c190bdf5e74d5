#!/usr/bin/env bash
# test_openmpi_flow.sh - Skel with an application built against Open MPI,
# end to end on the emulated testbed: skel generate traces it with the Open
# MPI tracer, builds its skeleton with mpicc.openmpi and records that in
# skeleton.meta; skel run, select and validate then launch the skeleton and
# the application with Open MPI's mpirun (never mpiexec.mpich, never the
# MPICH shims).  Also: the MPI is found through the program's whole
# dependency closure (a program that reaches Open MPI only through a shared
# library of its own).  2 ranks, one per testbed host; no timing assertion.
source "$(dirname "$0")/harness_lib.sh"
for tool in mpicc.openmpi mpirun.openmpi; do
    command -v "$tool" >/dev/null || { echo "SKIP: $tool not found (apt-get install openmpi-bin libopenmpi-dev)"; exit 77; }
done
[ -e "$SKEL_BUILD_DIR/tracer/libskeltrace-openmpi.so" ] ||
    fail "Open MPI is installed but libskeltrace-openmpi.so was not built"
if [ "${SKEL_ASAN:-0}" = 1 ]; then
    export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1"
fi
set -e
export OMPI_MCA_btl_base_warn_component_unused=0

note "a sample built with Open MPI, traced and made into a skeleton (load: $(cut -d' ' -f1-3 /proc/loadavg))"
APP="$WORK/jacobi-ompi"
mpicc.openmpi -O2 -g -o "$APP" "$SRC/samples/jacobi.c" -lm || fail "cannot build jacobi with Open MPI"
"$SKEL" generate -K 4 -o "$WORK/sk" -- mpirun.openmpi --allow-run-as-root -n 2 "$APP" -n 512 -i 5000 \
    >"$WORK/gen.out" 2>&1 || { cat "$WORK/gen.out"; fail "generate"; }
cat "$WORK/gen.out"
grep -q "built with Open MPI" "$WORK/gen.out" || fail "generate does not say it built with Open MPI"
grep -qx "mpi openmpi" "$WORK/sk/skeleton.meta" || fail "skeleton.meta records no 'mpi openmpi'"
grep -qx "mpicc mpicc.openmpi" "$WORK/sk/skeleton.meta" || fail "skeleton.meta records no mpicc.openmpi"
grep -q "^MPICC ?= mpicc.openmpi$" "$WORK/sk/Makefile" || fail "the Makefile builds with another MPI"
"$SKEL" stats "$WORK/sk/trace" | grep -q "Open MPI" || fail "the trace does not name Open MPI"
# The skeleton program itself links Open MPI (and not MPICH).
readelf -d "$WORK/sk/skeleton" | grep -q 'libmpi.so.40' || fail "the skeleton does not link Open MPI"
readelf -d "$WORK/sk/skeleton" | grep -q 'libmpich' && fail "the skeleton links MPICH"

note "skel run on the testbed with Open MPI's launcher"
"$SKEL" testbed up --hosts 2 >/dev/null || fail "testbed up"
tb_index
"$SKEL" run --nodes testbed:1,2 --dry-run -- "$WORK/sk/skeleton" >"$WORK/dry.txt" || fail "dry run"
grep -q "^SKEL_RUN_CGROUP=run.PID SKEL_TESTBED=$SKEL_TESTBED mpirun.openmpi .*--mca plm_rsh_agent [^ ]*skel-nsexec .*--mca oob_tcp_if_include $(addr 0)/24 .*-H $(addr 1):1,$(addr 2):1 -n 2 $WORK/sk/skeleton$" \
    "$WORK/dry.txt" || fail "testbed vector: $(cat "$WORK/dry.txt")"
grep -q "libskelshim" "$WORK/dry.txt" && fail "MPICH's shims preloaded into Open MPI ranks"
b0=$(bytes "$(veth 1)" tx)
"$SKEL" run --nodes testbed:1,2 --repeat 2 -v --csv "$WORK/run.csv" -- "$WORK/sk/skeleton" --repeat 2 \
    >"$WORK/run.out" 2>&1 || { cat "$WORK/run.out"; fail "skel run"; }
grep -q "launching: .*mpirun.openmpi" "$WORK/run.out" || fail "not launched with mpirun.openmpi: $(cat "$WORK/run.out")"
grep -q "mpiexec.mpich" "$WORK/run.out" && fail "mpiexec.mpich was used"
[ "$(grep -c '^SKEL_RESULT ' "$WORK/run.out")" = 2 ] || fail "two runs should report: $(cat "$WORK/run.out")"
grep -q '^summary,2,[0-9.]*,ok,' "$WORK/run.csv" || fail "run CSV: $(cat "$WORK/run.csv")"
# Both ranks ran in their namespaces: the messages crossed host 1's link.
[ $(($(bytes "$(veth 1)" tx) - b0)) -gt 100000 ] || fail "no traffic crossed the testbed link"

note "skel select between two candidates (hostfiles named after their files)"
printf '10.77.0.1\n10.77.0.2\n' >"$WORK/pair.hosts"
printf '10.77.0.2:2\n' >"$WORK/single.hosts"
"$SKEL" select --skeleton "$WORK/sk" --candidates "$WORK/pair.hosts" "$WORK/single.hosts" \
    --rounds 2 --repeat 2 -v --csv "$WORK/sel.csv" >"$WORK/sel.out" 2>"$WORK/sel.err" ||
    { cat "$WORK/sel.out" "$WORK/sel.err"; fail "select"; }
cat "$WORK/sel.out"
grep -q "launching: .*mpirun.openmpi" "$WORK/sel.err" || fail "select did not launch with mpirun.openmpi"
grep -q "mpiexec.mpich" "$WORK/sel.err" && fail "select used mpiexec.mpich"
grep -q '^recommendation: \(pair\|single\) ' "$WORK/sel.out" || fail "no recommendation"
[ "$(sed 's/"[^"]*"/Q/g' "$WORK/sel.csv" | awk -F, 'NR > 1 && $12 == "ok" && $5 == 2' | wc -l)" = 2 ] ||
    fail "both candidates should have run twice: $(cat "$WORK/sel.csv")"

note "skel validate of the Open MPI application under cpu-one"
"$SKEL" validate --skeleton "$WORK/sk" --scenarios "$PAPER5" --names cpu-one --nodes testbed:1,2 \
    --repeat 2 -v --csv "$WORK/v.csv" -- "$APP" -n 512 -i 5000 >"$WORK/v.out" 2>"$WORK/v.err" ||
    { cat "$WORK/v.out" "$WORK/v.err"; fail "validate"; }
cat "$WORK/v.out"
grep -q "mpiexec.mpich" "$WORK/v.err" && fail "validate used mpiexec.mpich"
[ "$(grep -c "launching: .*mpirun.openmpi .* $APP -n 512" "$WORK/v.err")" = 4 ] ||
    fail "the application should have been launched 4 times with mpirun.openmpi"
col() { sed 's/"[^"]*"/Q/g' "$WORK/v.csv" | awk -F, -v k="$1" -v s="$2" -v c="$3" '$1 == k && $2 == s { print $c }'; }
[ "$(col app dedicated 8)" = 2 ] && [ "$(col app cpu-one 8)" = 2 ] || fail "the application's rounds: $(cat "$WORK/v.csv")"
[ "$(col skeleton dedicated 10)" = 0.000000 ] || fail "reference error should be 0"
[ -n "$(col skeleton cpu-one 9)" ] || fail "no cpu-one prediction"

note "the MPI behind a library of the program's own is found"
cat >"$WORK/solver.c" <<'C'
#include <mpi.h>
int solver_rank(void) { int r; MPI_Comm_rank(MPI_COMM_WORLD, &r); return r; }
int solver_init(int *c, char ***v) { return MPI_Init(c, v); }
int solver_end(void) { return MPI_Finalize(); }
C
cat >"$WORK/main.c" <<'C'
int solver_init(int *c, char ***v);
int solver_rank(void);
int solver_end(void);
int main(int argc, char **argv) { solver_init(&argc, &argv); solver_rank(); return solver_end(); }
C
mkdir -p "$WORK/lib"
mpicc.openmpi -shared -fPIC -o "$WORK/lib/libsolver.so" "$WORK/solver.c" || fail "libsolver"
cc -O1 -o "$WORK/main" "$WORK/main.c" -L"$WORK/lib" -lsolver -Wl,-rpath,'$ORIGIN/lib' || fail "main"
readelf -d "$WORK/main" | grep -q 'libmpi' && fail "main should not link MPI directly"
"$SKEL" run --nodes local -n 2 -v --dry-run -- "$WORK/main" >"$WORK/lib.out" 2>&1 || fail "dry run of main"
grep -q "^mpirun.openmpi .*-n 2 $WORK/main$" "$WORK/lib.out" || fail "main's MPI not found: $(cat "$WORK/lib.out")"
grep -q "needed by libsolver.so" "$WORK/lib.out" || fail "the evidence does not name libsolver.so: $(cat "$WORK/lib.out")"
"$SKEL" run --nodes local -n 2 --quiet -- "$WORK/main" || fail "main did not run under mpirun.openmpi"

note "communicators Open MPI makes its own way: MPI_Comm_idup and intercommunicators"
# Each library implements MPI_Comm_idup and MPI_Intercomm_create its own
# way: the corpus programs are traced through Open MPI's tracer and their
# skeletons run under mpirun.openmpi.
for p in idup intercomm; do
    mpicc.openmpi -O2 -I"$SRC/tests/e2e/irregular" -o "$WORK/$p-ompi" "$SRC/tests/e2e/irregular/$p.c" ||
        fail "cannot build $p with Open MPI"
    timeout 300 "$SKEL" generate -K 3 -o "$WORK/sk-$p" -- mpirun.openmpi --allow-run-as-root -n 2 \
        "$WORK/$p-ompi" -i 1000 >"$WORK/gen-$p.out" 2>&1 || { cat "$WORK/gen-$p.out"; fail "generate $p"; }
    grep -qx "mpi openmpi" "$WORK/sk-$p/skeleton.meta" || fail "$p: skeleton.meta records no 'mpi openmpi'"
    timeout 120 mpirun.openmpi --allow-run-as-root -n 2 "$WORK/sk-$p/skeleton" >"$WORK/run-$p.out" 2>&1 ||
        { cat "$WORK/run-$p.out"; fail "the $p skeleton failed under Open MPI"; }
    grep -q '^SKEL_RESULT elapsed_s=[0-9.]* repeats=1 ranks=2 ' "$WORK/run-$p.out" ||
        fail "$p: no SKEL_RESULT line: $(cat "$WORK/run-$p.out")"
done

# Three ranks: halves of two and one, so the root's half has a member that
# passes MPI_PROC_NULL to the rooted collectives across the
# intercommunicator (MPICH polls: three ranks on two cores are too slow with
# it; Open MPI yields when idle).  Per rank, the skeleton's broadcast,
# reduce, gather and scatter and their v forms move the application's
# bytes: nothing for the MPI_PROC_NULL member, nothing sent by the gather's
# root nor received by the scatter's; its all-to-all-v too.  (Not its
# all-gather and all-gather-v, whose halves send 2 and 1 values: both sides
# send the larger count in the skeleton, docs/codegen.md.)
note "intercomm on 3 ranks (an MPI_PROC_NULL member) with Open MPI"
ic3=(mpirun.openmpi --allow-run-as-root --oversubscribe --mca mpi_yield_when_idle 1 -n 3)
timeout 300 "$SKEL" generate -K 1 -o "$WORK/sk-ic3" -- "${ic3[@]}" "$WORK/intercomm-ompi" -i 30 -p 10 \
    >"$WORK/gen-ic3.out" 2>&1 || { cat "$WORK/gen-ic3.out"; fail "generate intercomm on 3 ranks"; }
# Built with -Werror too: GCC 12 took Open MPI's MPI_UNWEIGHTED for an empty
# array in the template's graph code.
"$SKEL" gen "$WORK/sk-ic3/app.sig" --scale 1 --build --werror --quiet -o "$WORK/sk-ic3-werror" \
    >"$WORK/werror-ic3.out" 2>&1 || { cat "$WORK/werror-ic3.out"; fail "the 3-rank skeleton does not build with -Werror"; }
timeout 120 "$SKEL" trace --quiet -o "$WORK/sk-ic3.trace" -- "${ic3[@]}" "$WORK/sk-ic3/skeleton" \
    >"$WORK/run-ic3.out" 2>&1 || { cat "$WORK/run-ic3.out"; fail "the 3-rank intercomm skeleton failed"; }
rooted() {
    "$SKEL" stats --csv --no-check "$1" |
        awk -F, '$1 != "all" && $2 ~ /^MPI_(Bcast|Reduce|Gatherv?|Scatterv?|Alltoallv)$/ { print $1, $2, $3, $4, $5 }'
}
rooted "$WORK/sk-ic3/trace" >"$WORK/ic3-app.txt"
rooted "$WORK/sk-ic3.trace" >"$WORK/ic3-skel.txt"
cat "$WORK/ic3-app.txt"
[ "$(wc -l <"$WORK/ic3-app.txt")" = 21 ] || fail "intercomm on 3 ranks: expected 7 collectives on 3 ranks"
grep -q '^2 MPI_Gather [0-9]* 0 0$' "$WORK/ic3-app.txt" || fail "the MPI_PROC_NULL member's gather moved bytes"
grep -q '^0 MPI_Gather [0-9]* 0 [1-9]' "$WORK/ic3-app.txt" || fail "the gather's root sent or received nothing right"
grep -q '^2 MPI_Gatherv [0-9]* 0 0$' "$WORK/ic3-app.txt" || fail "the MPI_PROC_NULL member's gatherv moved bytes"
diff "$WORK/ic3-app.txt" "$WORK/ic3-skel.txt" || fail "the 3-rank skeleton's rooted collectives moved other bytes"
# Reduce-scatter across groups of two and one: recvcounts over the local
# group add up to one length on both (4 values), which the skeleton spreads
# over each group as the application did; its block form on the
# intercommunicator MPI_Comm_create made; MPI_Comm_split of the
# intercommunicator, whose colour 1 (rank 2) has no partner group and gets
# MPI_COMM_NULL.  Per rank, the calls and bytes are the application's.
parts() {
    "$SKEL" stats --csv --no-check "$1" |
        awk -F, '$1 != "all" && $2 ~ /^MPI_(Reduce_scatter|Ireduce_scatter_block|Comm_split|Comm_create)$/ { print $1, $2, $3, $4, $5 }'
}
parts "$WORK/sk-ic3/trace" >"$WORK/ic3-app-parts.txt"
parts "$WORK/sk-ic3.trace" >"$WORK/ic3-skel-parts.txt"
cat "$WORK/ic3-app-parts.txt"
[ "$(wc -l <"$WORK/ic3-app-parts.txt")" = 12 ] || fail "intercomm on 3 ranks: expected 4 calls on 3 ranks"
grep -q '^1 MPI_Reduce_scatter [1-9][0-9]* \([0-9]*\) \1$' "$WORK/ic3-app-parts.txt" ||
    fail "intercomm on 3 ranks: the lone rank's reduce-scatter received other than its group's vector"
diff "$WORK/ic3-app-parts.txt" "$WORK/ic3-skel-parts.txt" ||
    fail "the 3-rank skeleton's reduce-scatters, splits or creates differ from the application's"
# Groups of two and one: both sides name the intercommunicator alike, and
# the trace replays for the critical path.
"$SKEL" stats "$WORK/sk-ic3/trace" >"$WORK/ic3.stats" 2>&1 ||
    { tail -3 "$WORK/ic3.stats"; fail "intercomm on 3 ranks: the trace does not replay"; }
"$SKEL" critpath "$WORK/sk-ic3/trace" >"$WORK/ic3.cp" 2>&1 ||
    { cat "$WORK/ic3.cp"; fail "intercomm on 3 ranks: no critical path"; }
# ... and goes through OTF2 (groups of two and one in one InterComm
# definition) to the same signature.
"$SKEL" export --otf2 -o "$WORK/ic3.otf2" "$WORK/sk-ic3/trace" >"$WORK/ic3.exp" 2>&1 ||
    { cat "$WORK/ic3.exp"; fail "intercomm on 3 ranks: export --otf2"; }
"$SKEL" compress -q -o "$WORK/ic3.a.sig" "$WORK/sk-ic3/trace" &&
    "$SKEL" compress -q -o "$WORK/ic3.b.sig" "$WORK/ic3.otf2" || fail "intercomm on 3 ranks: compress"
cmp -s "$WORK/ic3.a.sig" "$WORK/ic3.b.sig" ||
    fail "intercomm on 3 ranks: the signature from the OTF2 archive differs from the trace's"

# MPI_Comm_spawn (with Open MPI: MPICH 4.0.2's ch4:ucx fails it here,
# untraced too).  The child's world numbers its ranks from 0 as the parents'
# does: its trace goes into spawn-1, not over the parents' rank files; calls
# on the communicators that reach the other world (the intercommunicator,
# its merge) are not recorded, so both traces replay whole; the parents'
# trace makes a skeleton that runs.
note "MPI_Comm_spawn with Open MPI: the spawned world traced in spawn-1"
mpicc.openmpi -O2 -o "$WORK/spawn-ompi" "$SRC/tests/e2e/spawn.c" || fail "cannot build spawn.c"
spawn_run=(mpirun.openmpi --allow-run-as-root --oversubscribe -n 2 "$WORK/spawn-ompi" -i 300)
for round in 1 2; do # the second replaces the first, spawn-1 included
    timeout 120 "$SKEL" trace --force --quiet -o "$WORK/spawn.trace" -- "${spawn_run[@]}" \
        >"$WORK/spawn.out" 2>"$WORK/spawn.err" || { cat "$WORK/spawn.out" "$WORK/spawn.err"; fail "trace of spawn (round $round)"; }
    [ "$(grep -c '^spawn: ok' "$WORK/spawn.out")" = 3 ] || fail "spawn: $(cat "$WORK/spawn.out")"
    grep -q "note: the program spawned 1 world (MPI_Comm_spawn).*1 of them whole" "$WORK/spawn.err" ||
        fail "skel trace does not say the program spawned a world: $(cat "$WORK/spawn.err")"
    [ "$(cd "$WORK/spawn.trace" && echo spawn-*)" = spawn-1 ] ||
        fail "round $round: expected spawn-1 alone in the trace: $(ls "$WORK/spawn.trace")"
done
calls() { "$SKEL" stats --csv "$1" | awk -F, -v c="$2" '$1 != "all" && $2 == c { print $1, $3 }' | tr '\n' ' '; }
# Whole and consistent (stats checks by default), 2 parents and 1 child,
# each world's own reductions only (not the merged communicator's), no
# message (the one crossing the intercommunicator is not recorded).
[ "$(calls "$WORK/spawn.trace" MPI_Allreduce)" = "0 300 1 300 " ] ||
    fail "parents' reductions: $(calls "$WORK/spawn.trace" MPI_Allreduce)"
[ "$(calls "$WORK/spawn.trace/spawn-1" MPI_Allreduce)" = "0 300 " ] ||
    fail "child's reductions: $(calls "$WORK/spawn.trace/spawn-1" MPI_Allreduce)"
[ -z "$(calls "$WORK/spawn.trace" MPI_Send)$(calls "$WORK/spawn.trace/spawn-1" MPI_Recv)" ] ||
    fail "a message between worlds was recorded"
"$SKEL" stats "$WORK/spawn.trace/spawn-1" | grep -q "^consistent: " || fail "the child's trace does not replay"
timeout 300 "$SKEL" gen "$WORK/spawn.trace" --scale 2 --build --quiet -o "$WORK/sk-spawn" \
    >"$WORK/gen-spawn.out" 2>&1 || { cat "$WORK/gen-spawn.out"; fail "gen of the parents' trace"; }
timeout 120 mpirun.openmpi --allow-run-as-root -n 2 "$WORK/sk-spawn/skeleton" >"$WORK/run-spawn.out" 2>&1 ||
    { cat "$WORK/run-spawn.out"; fail "the parents' skeleton failed"; }
grep -q '^SKEL_RESULT elapsed_s=' "$WORK/run-spawn.out" || fail "spawn skeleton: $(cat "$WORK/run-spawn.out")"

"$SKEL" testbed down >/dev/null || fail "testbed down"
assert_nothing_left "after the Open MPI flow"
echo "PASS"
