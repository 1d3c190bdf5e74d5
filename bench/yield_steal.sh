#!/usr/bin/env bash
# yield_steal.sh [BUILDDIR] - what a rank waiting inside MPI takes from the
# rank it waits for when both share one core (taskset -c 0), with MPICH's
# own busy-polling and under Skel's yield shim, and why (docs/predictions.md,
# "Waiting ranks and autogroups").
#
#  1. bench/yield_session.c: a sched_yield() loop beside a busy process, in
#     the busy process's session and in a session of its own;
#  2. bench/yield_steal.c under mpiexec.mpich (hydra starts every rank in a
#     session of its own): rank 0 computes W iterations while rank 1 waits
#     in MPI_Recv, MPI_Barrier, MPI_Win_fence or a passive-target epoch;
#     rank 0's stolen share and rank 1's CPU, without and with the shim;
#  3. the same under Open MPI's mpiexec when present (ranks in the
#     launcher's session).
# Medians over R rounds (default 8) of a compute phase of W (default
# 30000000, ~60 ms here).  Measures, never passes or fails.  Runs under the
# MPI lock (/tmp/skel-mpi.lock).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/release}
R=${R:-8}
W=${W:-30000000}
shim=$build/runtime/libskelshim-yield.so
[ -f "$shim" ] || { echo "yield_steal: build $build first" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -Wall -o "$tmp/yield_session" "$root/bench/yield_session.c"
mpicc.mpich -O2 -Wall -o "$tmp/yield_steal" "$root/bench/yield_steal.c"
echo "== sched_yield beside a busy process (autogroups: $(cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null || echo unknown))"
"$tmp/yield_session"
"$tmp/yield_session" -s
exec 9> /tmp/skel-mpi.lock
flock 9
echo "== MPICH (hydra), one core, no shim"
taskset -c 0 timeout 600 mpiexec.mpich -n 2 "$tmp/yield_steal" -r "$R" -w "$W"
echo "== MPICH (hydra), one core, yield shim"
taskset -c 0 timeout 600 mpiexec.mpich -n 2 -genv LD_PRELOAD "$shim" "$tmp/yield_steal" -r "$R" -w "$W"
if command -v mpicc.openmpi > /dev/null && command -v mpiexec.openmpi > /dev/null; then
    mpicc.openmpi -O2 -Wall -o "$tmp/yield_steal_ompi" "$root/bench/yield_steal.c"
    echo "== Open MPI, one core"
    taskset -c 0 timeout 600 mpiexec.openmpi --allow-run-as-root --oversubscribe -n 2 \
        "$tmp/yield_steal_ompi" -r "$R" -w "$W"
fi
