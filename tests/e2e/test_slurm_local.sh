#!/usr/bin/env bash
# test_slurm_local.sh - Skel inside a real Slurm allocation: the test brings
# up a two-node Slurm cluster on this machine (scripts/slurm-local.sh:
# munged, slurmctld and two slurmd), and inside `salloc -N 2` checks that
#   - skel run --nodes slurm starts the ranks with srun (--mpi=pmi2 for an
#     MPICH program) and the skeleton reports;
#   - skel select --nodes slurm ranks two candidate node sets of the
#     allocation given as hostfiles (launched with srun, named after their
#     files), and, without candidate files, the allocation's own nodes;
#   - skel trace -- srun ... hands the tracer to the ranks only (srun's
#     --export), not to srun itself;
# then takes the cluster down and checks that nothing of it is left running
# (the trap takes it down on failure too).  2 ranks; no timing assertion.
source "$(dirname "$0")/lib.sh"
if [ "$(id -u)" != 0 ]; then
    echo "SKIP: the local Slurm cluster needs root"
    exit 77
fi
for tool in munged slurmctld slurmd salloc srun; do
    command -v "$tool" >/dev/null || { echo "SKIP: $tool not found (apt-get install slurm-wlm munge)"; exit 77; }
done
# Not under $TMP (mode 700): the munge user must reach the cluster's directory.
CLUSTER=$(mktemp -d /tmp/skel-slurm.XXXXXX)
chmod 755 "$CLUSTER"
SLURM_LOCAL="$SKEL_SOURCE_DIR/scripts/slurm-local.sh"
cleanup() {
    bash "$SLURM_LOCAL" down "$CLUSTER" >/dev/null 2>&1 || true
    rm -rf "$TMP" "$CLUSTER"
}
trap cleanup EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

# Processes of the cluster: its daemons (their command lines name its
# directory) and whatever runs with its slurm.conf (job steps, ranks).
cluster_left() {
    local p
    for p in /proc/[0-9]*; do
        p=${p#/proc/}
        [ "$p" = $$ ] && continue
        if grep -qzxF -- "SLURM_CONF=$CLUSTER/slurm.conf" "/proc/$p/environ" 2>/dev/null ||
            grep -qzF -- "$CLUSTER/" "/proc/$p/cmdline" 2>/dev/null; then
            echo "$p $(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null)"
        fi
    done
}

echo "--- an MPICH skeleton of a short Jacobi run (load: $(cut -d' ' -f1-3 /proc/loadavg))"
APP=("$SAMPLES/jacobi" -n 256 -i 1000)
"$SKEL" generate -K 4 -o "$TMP/sk" --quiet -- mpiexec.mpich -n 2 "${APP[@]}" || fail "generate"
grep -qx "mpi mpich" "$TMP/sk/skeleton.meta" || fail "skeleton.meta: no 'mpi mpich'"

echo "--- the local Slurm cluster comes up ($SECONDS s)"
bash "$SLURM_LOCAL" up "$CLUSTER" 2 2 || fail "slurm-local.sh up"
export SLURM_CONF="$CLUSTER/slurm.conf"
sinfo -h -N -o '%N %T' | sort >"$TMP/sinfo"
[ "$(cat "$TMP/sinfo")" = "n1 idle
n2 idle" ] || fail "two idle nodes expected: $(cat "$TMP/sinfo")"

printf 'n1:2\n' >"$TMP/n1only.hosts"
printf 'n1\nn2\n' >"$TMP/spread.hosts"
mkdir "$TMP/bin"
# A srun that records how it was called (and whether the tracer was loaded
# into it) before running the real one.
cat >"$TMP/bin/srun" <<SH
#!/bin/sh
printf '%s\n' "LD_PRELOAD=\${LD_PRELOAD:-}" >"$TMP/srun.env"
printf '%s\n' "\$@" >"$TMP/srun.args"
exec $(command -v srun) "\$@"
SH
chmod +x "$TMP/bin/srun"

echo "--- inside salloc -N 2: skel run, skel select (two ways), skel trace ($SECONDS s)"
cat >"$TMP/inside.sh" <<SH
set -u
cd "$TMP"
"$SKEL" run --nodes slurm -n 2 --repeat 2 -v -- "$TMP/sk/skeleton" --repeat 2 >run.out 2>&1 || exit 11
"$SKEL" select --skeleton "$TMP/sk" --nodes slurm --candidates n1only.hosts spread.hosts \
    --rounds 3 --repeat 1 -v --csv sel.csv >sel.out 2>sel.err || exit 12
"$SKEL" select --skeleton "$TMP/sk" --nodes slurm --rounds 2 --repeat 1 --ratio 4 --csv auto.csv \
    >auto.out 2>auto.err || exit 13
PATH="$TMP/bin:\$PATH" "$SKEL" trace -o "$TMP/tr" -- srun --mpi=pmi2 -n 2 ${APP[*]} >trace.out 2>&1 || exit 14
SH
rc=0
timeout -k 10 120 salloc -N 2 --ntasks-per-node 2 timeout -k 5 90 bash "$TMP/inside.sh" \
    >"$TMP/salloc.out" 2>&1 || rc=$?
for f in salloc.out run.out sel.out sel.err auto.out auto.err trace.out; do
    [ -e "$TMP/$f" ] && { echo "== $f"; cat "$TMP/$f"; }
done
[ "$rc" = 0 ] || fail "inside the allocation: step $rc failed (11 run, 12 select, 13 select auto, 14 trace)"

# skel run: srun with the MPICH PMI, both runs reported.
grep -q "launching: srun --mpi=pmi2 --ntasks 2 --nodes=2 --nodelist n1,n2 $TMP/sk/skeleton --repeat 2" \
    "$TMP/run.out" || fail "skel run did not launch with srun --mpi=pmi2"
[ "$(grep -c '^SKEL_RESULT .*ranks=2' "$TMP/run.out")" = 2 ] || fail "skel run: two reports of 2 ranks expected"
# skel select with hostfiles of the allocation: both ranked, named after their files.
grep -q "launching: srun --mpi=pmi2 --ntasks 2 --nodes=1 --nodelist n1 " "$TMP/sel.err" ||
    fail "candidate n1only not launched with srun on n1"
grep -q "launching: srun --mpi=pmi2 --ntasks 2 --nodes=2 --nodelist n1,n2 " "$TMP/sel.err" ||
    fail "candidate spread not launched with srun on n1,n2"
grep -q "measured now on the reference 'slurm'" "$TMP/sel.out" || fail "the reference is not the allocation"
ranked=$(sed 's/"[^"]*"/Q/g' "$TMP/sel.csv" | awk -F, 'NR > 1 && $12 == "ok" && $5 == 3 { print $1 ":" $2 }' | sort | tr '\n' ' ')
[ "$ranked" = "1:n1only 2:spread " ] || [ "$ranked" = "1:spread 2:n1only " ] ||
    fail "both candidates ranked after 3 launches each expected, got '$ranked'"
grep -q '^recommendation: ' "$TMP/sel.out" || fail "no recommendation"
# Without candidate files: the allocation's nodes, one candidate each.
names=$(sed 's/"[^"]*"/Q/g' "$TMP/auto.csv" | awk -F, 'NR > 1 && $12 == "ok" { print $2 }' | sort | tr '\n' ' ')
[ "$names" = "n1 n2 " ] || fail "candidates from the allocation: expected n1 n2, got '$names'"
# skel trace under srun: the tracer went to the ranks (a trace of 2 ranks),
# through --export, and srun itself ran without it.
grep -qx -- "--export=ALL,LD_PRELOAD=.*libskeltrace.so" "$TMP/srun.args" ||
    fail "skel trace did not hand the tracer over with --export: $(cat "$TMP/srun.args")"
grep -q "libskeltrace" "$TMP/srun.env" && fail "the tracer was loaded into srun itself"
"$SKEL" stats "$TMP/tr" >"$TMP/stats.out" || fail "the trace under srun is unreadable"
grep -q "2 ranks" "$TMP/stats.out" || fail "the trace under srun should hold 2 ranks: $(head -3 "$TMP/stats.out")"

echo "--- the cluster goes down, and nothing of it is left ($SECONDS s)"
bash "$SLURM_LOCAL" down "$CLUSTER" || fail "slurm-local.sh down"
left=$(cluster_left)
[ -z "$left" ] || fail "left running: $left"
[ ! -e "$CLUSTER" ] || fail "$CLUSTER was not removed"
echo "PASS ($SECONDS s)"
