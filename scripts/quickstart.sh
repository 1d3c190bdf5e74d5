#!/usr/bin/env bash
# quickstart.sh - Skel's main job on a bundled sample: installs what is
# missing, builds, then runs scripts/mainjob.sh: a performance skeleton of
# the 2-D Jacobi sample, validated under sharing scenarios on an emulated
# 2-host testbed, the trace-driven predictions checked against it, and an
# HTML report.  Results go to skel-out/ (SKEL_OUT to change).  Needs root
# (or sudo) for the testbed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash scripts/setup.sh
bash scripts/build.sh build/release
if [ "$(id -u)" = 0 ]; then
    exec bash scripts/mainjob.sh build/release
fi
exec sudo SKEL_OUT="${SKEL_OUT:-$root/skel-out}" bash scripts/mainjob.sh build/release
