#!/usr/bin/env bash
# quickstart.sh - Skel's main job on a bundled sample: installs what is
# missing, builds, traces the 2-D Jacobi sample with 2 ranks and prints the
# trace summary.  Results go to skel-out/ (SKEL_OUT to change).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash scripts/setup.sh
bash scripts/build.sh build/release
skel=build/release/runtime/cli/skel
out=${SKEL_OUT:-$root/skel-out}
mkdir -p "$out"

echo "== tracing the Jacobi sample (2 ranks)"
"$skel" trace --force -o "$out/jacobi.trace" -- \
  mpiexec.mpich -n 2 build/release/samples/jacobi
echo
echo "trace: $out/jacobi.trace  (try: $skel dump --rank 0 --limit 20 $out/jacobi.trace)"
