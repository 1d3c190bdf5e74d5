#!/usr/bin/env bash
# mainjob.sh [BUILDDIR] - Skel's main job on a bundled sample, end to end:
# bring up a 2-host emulated testbed, make a ~0.5 s performance skeleton of
# the 2-D Jacobi sample with `skel generate`, validate it with `skel
# validate` under the dedicated run and two of the paper's sharing scenarios
# (a CPU one and a bandwidth one), print the table; check the trace-driven
# predictions (LBF placement, NF link limit, critical-path zeroing) against
# the skeleton with `skel calibrate`; trace the skeleton; write everything
# into one HTML page with `skel report`; take the testbed down.
# Needs root (network namespaces, cgroups, tc) and a build (scripts/build.sh;
# default BUILDDIR: build/release).  Results go to skel-out/ (SKEL_OUT to
# change).  About 3-4 minutes on an idle 2-core machine.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/release}
skel=$build/runtime/cli/skel
out=${SKEL_OUT:-$root/skel-out}
scenarios=$root/runtime/scenarios/paper5.xml
# ~4 s with 2 ranks; under 10 Mbit/s its halo exchanges take most of ~30 s.
app=("$build/samples/jacobi" -n 1024 -i 4000)

[ -x "$skel" ] || { echo "mainjob: $skel not found: run scripts/build.sh first" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "mainjob: the emulated testbed needs root" >&2; exit 1; }
mkdir -p "$out"

echo "== 1. an emulated cluster of 2 hosts (network namespaces; host i on core i-1)"
"$skel" testbed up --hosts 2
# From here on the testbed is ours: take it down however the script ends.
trap '"$skel" testbed down >/dev/null 2>&1 || true' EXIT

echo
echo "== 2. a performance skeleton of the Jacobi sample (traced with 2 ranks, K for ~0.5 s)"
rm -rf "$out/jacobi-skel"
"$skel" generate --target-seconds 0.5 -o "$out/jacobi-skel" -- mpiexec.mpich -n 2 "${app[@]}"

echo
echo "== 3. predicted vs measured time: dedicated, cpu-one (2 competing processes on host 1),"
echo "      link-one (host 1's link at 10 Mbit/s); one rank per host"
"$skel" validate --skeleton "$out/jacobi-skel" --scenarios "$scenarios" \
    --names dedicated,cpu-one,link-one --nodes testbed:1,2 \
    --csv "$out/validate.csv" -- "${app[@]}"

echo
echo "== 4. trace-driven predictions against the skeleton: both ranks on one host (LBF),"
echo "      links at 20 Mbit/s (NF), the top compute phase of the critical path removed"
"$skel" calibrate --skeleton "$out/jacobi-skel" --placement 2/1 --link 20mbit --zero 1 \
    --csv "$out/calibrate.csv"

echo
echo "== 5. the testbed goes down"
"$skel" testbed down
trap - EXIT

echo
echo "== 6. the report: timelines of the application and its skeleton, the signature,"
echo "      predicted vs measured, the calibration"
rm -rf "$out/jacobi-skel/skeleton-trace"
"$skel" trace -o "$out/jacobi-skel/skeleton-trace" -- \
    mpiexec.mpich -n 2 "$out/jacobi-skel/skeleton" >/dev/null
"$skel" report --skeleton "$out/jacobi-skel" --results "$out/validate.csv" \
    --results "$out/calibrate.csv" --title "Skel: the Jacobi sample" -o "$out/report.html"
echo
echo "results: $out/report.html (open it in a browser), $out/validate.csv,"
echo "         $out/calibrate.csv; the skeleton: $out/jacobi-skel (try: $skel select --help)"
