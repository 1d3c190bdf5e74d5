#!/bin/bash
# layout_ab.sh - skeletons of a program whose messages have a non-contiguous
# datatype (bench/layout.c: 1 MiB messages in runs of RUN doubles), made in
# runs as the application's (docs/codegen.md, "Non-contiguous messages")
# against the same skeleton made contiguous (the signature's runs-N flags
# taken out), interleaved with the application: ROUNDS rounds (default 9) of
# application, skeleton in runs, contiguous skeleton.  Prints the dedicated
# ratio (app/K)/skeleton of each and contiguous/runs time, medians with 95 %
# bootstrap intervals (10000 resamples of the rounds), and the application's
# noise floor.  NODES=testbed:1,2 runs everything on the emulated testbed
# (TCP between namespaces) through `skel run`; default: this machine, shared
# memory.  APP="PROGRAM ARGS..." measures another program instead (a sample
# whose halo is a strided column: APP="build/release/samples/jacobi -n 512
# -i 2000"), its time read from its last line ("... in T s" or "..., T s").
# FORM=sendrecv|persistent|mrecv|alltoall|bcast has layout.c exchange its
# messages with MPI_Sendrecv, persistent requests, matched probes,
# MPI_Alltoall or MPI_Bcast instead of MPI_Send/MPI_Recv (a collective's
# send and receive sides each in runs of their own: section 18 of
# bench/accuracy-mechanisms.md).  Figures only: never passes or fails.
#
#   bench/layout_ab.sh [BUILD_DIR]     environment: K (2), ROUNDS, RUN (8), NODES, APP, FORM
set -euo pipefail
B=$(cd "${1:-${SKEL_BUILD_DIR:-build/release}}" && pwd)
K=${K:-2}
ROUNDS=${ROUNDS:-9}
RUN=${RUN:-8}
here=$(cd "$(dirname "$0")" && pwd)
SKEL=$B/runtime/cli/skel
W=$(mktemp -d /tmp/skel-layout.XXXXXX)
trap 'rm -rf "$W"' EXIT
if [ -n "${APP:-}" ]; then
  read -r -a app <<<"$APP"
else
  mpicc.mpich -O2 -o "$W/layout" "$here/layout.c"
  app=("$W/layout" 1048576 "$RUN" 300 0.0005 "${FORM:-send}")
fi
"$SKEL" trace --quiet -o "$W/trace" -- mpiexec.mpich -n 2 "${app[@]}" >/dev/null
"$SKEL" compress -q -o "$W/runs.sig" "$W/trace"
# the layout tokens (runs-N, a send-receive's rruns-N) out of every flags list
sed -E 's/ ?r?runs-[0-9]+//g; s/ flags=""//g' "$W/runs.sig" >"$W/contig.sig"
# A call whose layout the tracer does not record (a reduction, an
# alltoallw): both skeletons are contiguous, and their ratio is what that
# costs.
grep -q 'runs-' "$W/runs.sig" ||
  echo "layout_ab.sh: the signature holds no non-contiguous message: both skeletons are contiguous" >&2
for v in runs contig; do
  "$SKEL" gen "$W/$v.sig" --scale "$K" -o "$W/$v" --build --quiet
done
run() {
  if [ -n "${NODES:-}" ]; then "$SKEL" run --nodes "$NODES" -- "$@" 2>/dev/null
  else mpiexec.mpich -n 2 "$@" 2>/dev/null; fi
}
elapsed() { grep -o 'elapsed_s=[0-9.]*' | cut -d= -f2; }
for _ in $(seq "$ROUNDS"); do
  a=$(run "${app[@]}" | awk 'match($0, / in [0-9.]+ s/) { v = substr($0, RSTART + 4, RLENGTH - 6); next }
                            match($0, /[0-9.]+ s$/) { v = substr($0, RSTART, RLENGTH - 2) }
                            END { print v }')
  n=$(run "$W/runs/skeleton" | elapsed)
  o=$(run "$W/contig/skeleton" | elapsed)
  echo "$a $n $o"
done >"$W/rounds"
echo "${APP:-layout.c, runs of $RUN doubles}, K = $K, ${NODES:-this machine (shared memory)}; application, runs, contiguous (s):"
cat "$W/rounds"
python3 "$here/ab_ratios.py" "$W/rounds" "$K" "in runs" contiguous --over 2 1 "contiguous / runs time"
