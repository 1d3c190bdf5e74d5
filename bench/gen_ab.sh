#!/bin/bash
# gen_ab.sh - two builds of skel's generator on one application: the
# application is traced once (build B's tracer and compressor), a K
# skeleton made from that signature by each build's `skel gen`, then ROUNDS
# interleaved rounds of the application (traced, its time the ranks' mean
# time between MPI_Init and MPI_Finalize less the tracer's overhead, as
# skeleton.meta's app_time_s counts it), skeleton A and skeleton B.
# Prints the dedicated ratio (app/K)/skeleton of each and B/A time, medians
# with 95 % bootstrap intervals (bench/ab_ratios.py), and the application's
# noise floor.  Figures only: never passes or fails.  For an application
# that is not in this repository (ScaLAPACK's testers, from Debian's
# scalapack-mpi-test: bench/accuracy-mechanisms.md, section 19), run from
# the directory holding its input files.
#
#   bench/gen_ab.sh BUILD_A BUILD_B -- PROGRAM ARGS...
#   environment: K (3), ROUNDS (7), NP (2), GEN_ARGS (extra skel gen options)
set -euo pipefail
if [ $# -lt 4 ] || [ "$3" != "--" ]; then sed -n "2,16p" "$0" >&2; exit 2; fi
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

# app_time TRACE: the ranks' mean time between MPI_Init and MPI_Finalize,
# less the tracer's overhead (skel stats: run time, its overhead %, and
# MPI_Init's time per rank).
app_time() {
  local init
  init=$("$SKEL" stats --csv --no-check "$1" | awk -F, '$2 == "MPI_Init" && $1 != "all" { printf "%s=%s ", $1, $6 }')
  "$SKEL" stats --no-check "$1" | awk -v init="$init" '
    BEGIN { n = split(init, kv, " "); for (i = 1; i <= n; i++) { split(kv[i], p, "="); ns[p[1]] = p[2] } }
    /^rank +events/ { on = 1; next }
    on && $1 ~ /^[0-9]+$/ { s += $3 * (1 - $7 / 100) - ns[$1] / 1e9; r++ }
    END { if (r) printf "%.6f\n", s / r }'
}

"$SKEL" trace --quiet -o "$W/trace" -- mpiexec.mpich -n "$NP" "$@" >"$W/app.out" 2>&1
"$SKEL" compress -q -o "$W/app.sig" "$W/trace"
for v in A B; do
  b=$A; [ "$v" = B ] && b=$B
  # shellcheck disable=SC2086  # GEN_ARGS holds several words on purpose
  "$b/runtime/cli/skel" gen "$W/app.sig" --scale "$K" -o "$W/$v" --build --quiet ${GEN_ARGS:-}
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
echo "$*, K = $K, $NP ranks; application (traced, its time less the tracer's), skeleton A, skeleton B (s):"
cat "$W/rounds"
python3 "$here/ab_ratios.py" "$W/rounds" "$K" "A ($A)" "B ($B)" --over 2 1 "B / A time"
