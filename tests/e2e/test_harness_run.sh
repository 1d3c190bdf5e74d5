#!/bin/bash
# `skel run`: repeats, statistics and CSV; node sets from hostfiles, XML
# files and specs; launch vectors for real hosts and Slurm; the finalize shim
# (3-4 ranks over TCP on the testbed) and the yield shim (4 ranks on 2 cores;
# one-sided waits of 2 ranks on one core).
. "$(dirname "$0")/harness_lib.sh" || { echo "FAIL: cannot load harness_lib.sh" >&2; exit 1; }

note "local: 3 repeats, CSV with one row per run and a summary row"
"$SKEL" run --nodes local -n 2 --repeat 3 --csv "$WORK/r.csv" -- "$PP" pingpong 4096 10 >"$WORK/local.out" 2>&1 ||
    fail "local run: $(cat "$WORK/local.out")"
grep -q "^median .* (3 runs)" "$WORK/local.out" || fail "no summary: $(cat "$WORK/local.out")"
[ "$(wc -l <"$WORK/r.csv")" = 5 ] || fail "CSV should have a header, 3 runs and a summary"
head -n 1 "$WORK/r.csv" | grep -q "^kind,repeat,wall_s,outcome,status,median_s" || fail "CSV header"
[ "$(grep -c '^run,[123],[0-9.]*,ok,0,' "$WORK/r.csv")" = 3 ] || fail "CSV run rows: $(cat "$WORK/r.csv")"
grep -q '^summary,3,[0-9.]*,ok,,' "$WORK/r.csv" || fail "CSV summary row"
ls "$WORK" | grep -q 'r.csv.tmp' && fail "temporary CSV left"

note "exit statuses: program failure (5) and usage errors (2)"
"$SKEL" run --nodes local -n 1 --quiet -- "$PP" exit 3; rc=$?
[ $rc = 5 ] || fail "a failing program gave $rc, expected 5"
"$SKEL" run -n 1 -- true 2>/dev/null; [ $? = 2 ] || fail "missing --nodes must exit 2"
"$SKEL" run --nodes local -- 2>/dev/null; [ $? = 2 ] || fail "missing command must exit 2"

note "node-set files: hostfile and XML (with a named candidate set)"
printf '# two emulated hosts\n10.77.0.1:1\n10.77.0.2:1\n' >"$WORK/hosts"
cat >"$WORK/sets.xml" <<'EOF'
<nodesets version="1">
  <nodeset name="one"><host testbed="1" slots="2"/></nodeset>
  <nodeset name="both"><host testbed="1"/><host testbed="2"/></nodeset>
</nodesets>
EOF
"$SKEL" testbed up --hosts 2 >/dev/null || fail "up"
tb_index
"$SKEL" run --nodes "$WORK/hosts" -n 2 --quiet -- "$PP" pingpong 1024 4 || fail "hostfile node set"
"$SKEL" run --nodes "$WORK/sets.xml#both" -n 2 --dry-run -- "$PP" >"$WORK/dry.txt" || fail "XML dry run"
# Testbed hosts of a file are launched on the instance's addresses.
grep -q -- "-localhost $(addr 254) -hosts $(addr 1):1,$(addr 2):1 -n 2" "$WORK/dry.txt" ||
    fail "XML set vector: $(cat "$WORK/dry.txt")"
"$SKEL" run --nodes "$WORK/sets.xml#both" -n 2 --quiet -- "$PP" pingpong 1024 4 || fail "XML node set"
"$SKEL" run --nodes "$WORK/sets.xml" -n 2 -- true 2>"$WORK/err"; [ $? = 2 ] || fail "a list without #NAME must exit 2"
printf '<nodeset name="x">\n  <host testbed="9"/>\n</nodeset>\n' >"$WORK/bad.xml"
"$SKEL" run --nodes "$WORK/bad.xml" -n 1 -- true 2>"$WORK/err" && fail "unknown testbed host accepted"
grep -q "bad.xml:2: testbed host 9 does not exist" "$WORK/err" || fail "message: $(cat "$WORK/err")"

note "launch vectors for real hosts and for Slurm"
printf 'node01:2\nnode02:2\n' >"$WORK/real"
"$SKEL" run --nodes "$WORK/real" -n 4 --dry-run -- ./app >"$WORK/dry.txt" || fail "hosts dry run"
grep -q "^mpiexec.mpich -hosts node01:2,node02:2 -n 4 ./app$" "$WORK/dry.txt" || fail "hosts vector: $(cat "$WORK/dry.txt")"
SLURM_JOB_NODELIST='c[1-2]' SLURM_TASKS_PER_NODE='2(x2)' "$SKEL" run --nodes slurm --yield --dry-run -- ./app >"$WORK/dry.txt" ||
    fail "slurm dry run"
grep -q "^srun --mpi=pmi2 --ntasks 4 --nodes=2 --nodelist c1,c2 --export ALL,LD_PRELOAD=.*libskelshim-yield.so ./app$" "$WORK/dry.txt" ||
    fail "slurm vector: $(cat "$WORK/dry.txt")"

note "finalize shim: 4 ranks over TCP finish, code after MPI_Finalize runs, exit status kept"
"$SKEL" testbed down >/dev/null
"$SKEL" testbed up --hosts 2 --slots 2 --cores all >/dev/null || fail "up"
"$SKEL" run --nodes testbed -n 4 --dry-run -- "$PP" >"$WORK/dry.txt" || fail "dry run"
grep -q -- "-genv LD_PRELOAD [^ ]*libskelshim-finalize.so" "$WORK/dry.txt" || fail "finalize shim not preloaded: $(cat "$WORK/dry.txt")"
for i in 1 2 3; do
    "$SKEL" run --nodes testbed -n 4 --timeout 60 -- "$PP" allreduce 50 >"$WORK/fin.out" 2>&1 ||
        fail "4-rank run $i with the finalize shim: $(cat "$WORK/fin.out")"
done
"$SKEL" run --nodes testbed -n 3 --timeout 60 -- "$PP" exit 0 >"$WORK/fin.out" 2>&1 || fail "3-rank run"
grep -q "after finalize" "$WORK/fin.out" || fail "code after MPI_Finalize did not run"
"$SKEL" run --nodes testbed -n 3 --timeout 60 --quiet -- "$PP" exit 7; rc=$?
[ $rc = 5 ] || fail "exit status through the shim: skel gave $rc, expected 5 (program exit 7)"

note "yield shim: 4 ranks on 2 cores"
"$SKEL" run --nodes local -n 4 --yield --timeout 120 -- "$PP" allreduce 200 >"$WORK/y.out" 2>&1 ||
    fail "yield run: $(cat "$WORK/y.out")"
grep "^allreduce" "$WORK/y.out"

note "yield shim: one-sided waits give the core away (2 ranks on one core)"
# MPI_Win_fence, lock, flush and complete have no nonblocking form; the shim
# yields in MPICH's progress engine instead.  Without it this run spins a
# time slice per synchronisation (2.3 s here, 0.01 s with the shim): the
# order is the property, with a factor 5 to spare for noise.
OS="$SKEL_BUILD_DIR/tests/irregular/onesided"
YS="$SKEL_BUILD_DIR/runtime/libskelshim-yield.so"
# (MPICH and UCX leave allocations at exit, which LeakSanitizer would report
# in a sanitized build's program.)
noleak="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
loop_s() { grep -oE 'in [0-9]+\.[0-9]+ s' "$1" | awk '{print $2}'; }
ASAN_OPTIONS=$noleak timeout 120 taskset -c 0 mpiexec.mpich -n 2 -genv LD_PRELOAD "$YS" "$OS" -i 20 -n 512 >"$WORK/os1.out" 2>&1 ||
    fail "onesided under the shim on one core: $(cat "$WORK/os1.out")"
ASAN_OPTIONS=$noleak timeout 120 taskset -c 0 mpiexec.mpich -n 2 "$OS" -i 20 -n 512 >"$WORK/os0.out" 2>&1 ||
    fail "onesided without the shim on one core: $(cat "$WORK/os0.out")"
with=$(loop_s "$WORK/os1.out") without=$(loop_s "$WORK/os0.out")
[ -n "$with" ] && [ -n "$without" ] || fail "no loop time: $(cat "$WORK/os1.out" "$WORK/os0.out")"
echo "onesided on one core: ${with} s with the shim, ${without} s without"
awk -v w="$with" -v o="$without" 'BEGIN { exit !(o > 5 * w) }' ||
    fail "the shim did not shorten one-sided waits on one core (${with} s against ${without} s)"

"$SKEL" testbed down >/dev/null || fail "down"
assert_nothing_left "down"
echo "PASS"
