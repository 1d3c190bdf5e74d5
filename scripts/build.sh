#!/usr/bin/env bash
# build.sh [BUILDDIR] [cmake options...] - configure and build Skel (MPICH named
# explicitly).  Default BUILDDIR: build/release.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$root/build/release}
shift || true
cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
cmake --build "$dir" -j "$(nproc)"
