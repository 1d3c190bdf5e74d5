#!/bin/bash
# gen_ab.sh - two builds of skel's generator on one application: the
# application is traced once (build B's tracer and compressor), a K
# skeleton made from that signature by each build's `skel gen`, then ROUNDS
# interleaved rounds of the application (traced, its time skeleton.meta's
# app_time_s of that trace), skeleton A and skeleton B.
# Prints the dedicated ratio (app/K)/skeleton of each and B/A time, medians
# with 95 % bootstrap intervals (bench/ab_ratios.py), and the application's
# noise floor.  Figures only: never passes or fails.  For an application
# that is not in this repository (ScaLAPACK's testers, from Debian's
# scalapack-mpi-test: bench/accuracy-mechanisms.md, section 19), run from
# the directory holding its input files.
#
#   bench/gen_ab.sh BUILD_A BUILD_B -- PROGRAM ARGS...
#   environment: K (3), ROUNDS (7), NP (2), GEN_ARGS (extra skel gen options),
#   GEN_ARGS_A / GEN_ARGS_B (A's or B's own, GEN_ARGS by default: one build
#   given twice compares two modes, e.g. GEN_ARGS_B="--mode thin")
set -euo pipefail
if [ $# -lt 4 ] || [ "$3" != "--" ]; then sed -n "2,18p" "$0" >&2; exit 2; fi
A=$(cd "$1" && pwd)
B=$(cd "$2" && pwd)
shift 3
K=${K:-3}
ROUNDS=${ROUNDS:-7}
NP=${NP:-2}
here=$(cd "$(dirname "$0")" && pwd)
W=$(mktemp -d /tmp/skel-genab.XXXXXX)
trap 'rm -rf "$W"' EXIT
SKEL=$B/runtime/cli/skel

# app_time TRACE: the application's time as skeleton.meta's app_time_s
# counts it (between MPI_Init and MPI_Finalize, less the tracer's cost),
# from a signature of the trace and a plan made of it (not built).
app_time() {
  rm -rf "$W/at.sig" "$W/at"
  "$SKEL" compress -q -o "$W/at.sig" "$1"
  "$SKEL" gen "$W/at.sig" --scale 1 -o "$W/at" --quiet >/dev/null
  awk '$1 == "app_time_s" { print $2 }' "$W/at/skeleton.meta"
}

"$SKEL" trace --quiet -o "$W/trace" -- mpiexec.mpich -n "$NP" "$@" >"$W/app.out" 2>&1
"$SKEL" compress -q -o "$W/app.sig" "$W/trace"
for v in A B; do
  b=$A args=${GEN_ARGS_A-${GEN_ARGS:-}}
  [ "$v" = B ] && b=$B args=${GEN_ARGS_B-${GEN_ARGS:-}}
  # shellcheck disable=SC2086  # the options hold several words on purpose
  "$b/runtime/cli/skel" gen "$W/app.sig" --scale "$K" -o "$W/$v" --build --quiet $args
  echo "skeleton $v: $(grep -E '^(mode|expected_s) ' "$W/$v/skeleton.meta" | tr '\n' ' ')"
done
elapsed() { grep -o 'elapsed_s=[0-9.]*' | cut -d= -f2; }
for _ in $(seq "$ROUNDS"); do
  rm -rf "$W/round"
  "$SKEL" trace --quiet -o "$W/round" -- mpiexec.mpich -n "$NP" "$@" >/dev/null 2>&1
  a=$(app_time "$W/round")
  x=$(mpiexec.mpich -n "$NP" "$W/A/skeleton" 2>/dev/null | elapsed)
  y=$(mpiexec.mpich -n "$NP" "$W/B/skeleton" 2>/dev/null | elapsed)
  echo "$a $x $y"
done >"$W/rounds"
echo "$*, K = $K, $NP ranks; application (traced: app_time_s of its trace), skeleton A, skeleton B (s):"
cat "$W/rounds"
python3 "$here/ab_ratios.py" "$W/rounds" "$K" "A ($A)" "B ($B)" --over 2 1 "B / A time"
