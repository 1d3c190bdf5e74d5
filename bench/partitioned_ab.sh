#!/bin/bash
# partitioned_ab.sh - skeletons of a program whose run time is partitioned
# transfers (bench/partitioned.c: rank 0 sends rank 1 ITERS transfers of 4
# partitions of N doubles), made partitioned as the application's
# (docs/codegen.md, "Persistent requests": Partitioned) against the same
# skeleton with persistent requests stood in for the partitioned ones (the
# signature's MPI_Psend_init/MPI_Precv_init renamed MPI_Send_init/
# MPI_Recv_init and their parts dropped: what skeletons made before
# 2026-12-03), interleaved with the application: ROUNDS rounds (default 7)
# of application, partitioned skeleton, persistent skeleton.  Prints the
# dedicated ratio (app/K)/skeleton of each, medians with 95 % bootstrap
# intervals (10000 resamples of the rounds), and the application's noise
# floor (bench/accuracy-mechanisms.md, section 17).  US > 0: rank 0
# computes US microseconds before each partition and readies it alone, so
# the application's transfers overlap its compute.  Figures only: never
# passes or fails.
#
#   bench/partitioned_ab.sh [BUILD_DIR]     environment: K (2), ROUNDS (7), N (131072), ITERS (100), US (0)
set -euo pipefail
B=$(cd "${1:-${SKEL_BUILD_DIR:-build/release}}" && pwd)
K=${K:-2}
ROUNDS=${ROUNDS:-7}
here=$(cd "$(dirname "$0")" && pwd)
SKEL=$B/runtime/cli/skel
W=$(mktemp -d /tmp/skel-partitioned.XXXXXX)
trap 'rm -rf "$W"' EXIT
mpicc.mpich -O2 -o "$W/partitioned" "$here/partitioned.c"
app=("$W/partitioned" "${N:-131072}" "${ITERS:-100}" "${US:-0}")
"$SKEL" trace --quiet -o "$W/trace" -- mpiexec.mpich -n 2 "${app[@]}" >/dev/null
"$SKEL" compress -q -o "$W/part.sig" "$W/trace"
grep -q 'parts="' "$W/part.sig" || { echo "partitioned_ab.sh: the signature holds no partitioned set-up" >&2; exit 1; }
sed -E 's/MPI_Psend_init/MPI_Send_init/g; s/MPI_Precv_init/MPI_Recv_init/g; s/ parts="[0-9]+"//g' \
  "$W/part.sig" >"$W/pers.sig"
for v in part pers; do
  "$SKEL" gen "$W/$v.sig" --scale "$K" -o "$W/$v" --build --quiet
done
elapsed() { grep -o 'elapsed_s=[0-9.]*' | cut -d= -f2; }
for _ in $(seq "$ROUNDS"); do
  a=$(mpiexec.mpich -n 2 "${app[@]}" 2>/dev/null | sed -nE 's/.* in ([0-9.]+) s$/\1/p')
  p=$(mpiexec.mpich -n 2 "$W/part/skeleton" 2>/dev/null | elapsed)
  q=$(mpiexec.mpich -n 2 "$W/pers/skeleton" 2>/dev/null | elapsed)
  echo "$a $p $q"
done >"$W/rounds"
echo "partitioned.c, 4 x ${N:-131072} doubles x ${ITERS:-100}, ${US:-0} us before each partition, K = $K; application, partitioned, persistent (s):"
cat "$W/rounds"
python3 "$here/ab_ratios.py" "$W/rounds" "$K" partitioned persistent
