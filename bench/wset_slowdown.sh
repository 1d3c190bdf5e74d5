#!/bin/bash
# wset_slowdown.sh - how a memory-bound and an arithmetic-bound sample and
# their skeletons slow down beside a memory-hungry competitor (issue 17,
# "compute that is not like the application's").  Prints figures, never
# passes or fails: run it on a quiet machine.
#
#   bench/wset_slowdown.sh [BUILD_DIR]
#
# randacc (8 MiB table, random updates), nbody (50 KiB of bodies) and fft
# (a 64 MiB grid, transformed row by row: a large footprint, cache-blocked
# arithmetic) are traced on one rank and made into K = 4 skeletons
# (SAMPLES chooses among them).  Each program then runs ROUNDS times
# (default 5) alone and ROUNDS times beside a competitor that streams over
# 256 MiB (one write per cache line) on the other core.  The figure is the
# least CPU time (user + system) beside the competitor over the least
# alone: memory stalls are CPU time, another process sharing a processor is
# not.  The skeletons run with the calibration of a run alone (calibrating
# beside the competitor would absorb the slowdown).  A skeleton reproduces
# its application's memory behaviour when the slowdowns are ordered alike.
set -euo pipefail
B=${1:-${SKEL_BUILD_DIR:-build/release}}
SKEL="$B/runtime/cli/skel"
S="$B/samples"
ROUNDS=${ROUNDS:-5}
SAMPLES=${SAMPLES:-"randacc nbody fft"}
declare -A ARGS=([randacc]="" [nbody]="" [fft]="-n 2048 -i 8")
W=$(mktemp -d /tmp/skel-wset.XXXXXX)
hog_pid=""
stop_hog() {
  if [ -n "$hog_pid" ]; then
    kill "$hog_pid" 2>/dev/null || true
    wait "$hog_pid" 2>/dev/null || true
    hog_pid=""
  fi
}
trap 'stop_hog; rm -rf "$W"' EXIT
trap 'exit 130' INT TERM

cc -O2 -o "$W/hog" -x c - <<'CEOF'
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(void)
{
    size_t n = ((size_t)256 << 20) / sizeof(long);
    long *a = malloc(n * sizeof *a);
    if (a == NULL)
        return 1;
    memset(a, 1, n * sizeof *a);
    alarm(600);
    for (;;)
        for (size_t i = 0; i < n; i += 8)
            a[i] += 1;
}
CEOF

cpu_of() {
  local TIMEFORMAT='%U %S'
  { time "$@" >"$W/out" 2>&1; } 2>"$W/time" || { cat "$W/out" >&2; exit 1; }
  awk '{ printf "%.4f\n", $1 + $2 }' "$W/time"
}
least() {
  local best="" t
  for _ in $(seq "$ROUNDS"); do
    t=$(cpu_of "$@")
    best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
  done
  echo "$best"
}
slowdown() {
  local alone beside
  alone=$(least "$@")
  "$W/hog" &
  hog_pid=$!
  sleep 0.5
  beside=$(least "$@")
  stop_hog
  echo "$alone $beside"
}

echo "wset_slowdown: 1 rank, $ROUNDS rounds, load average at start $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %-10s %10s %10s %9s\n' sample program cpu_alone cpu_beside slowdown
for s in $SAMPLES; do
  # shellcheck disable=SC2086  # ARGS holds several words on purpose
  "$SKEL" generate -K 4 -o "$W/$s" --quiet -- mpiexec.mpich -n 1 "$S/$s" ${ARGS[$s]} >"$W/$s.gen" 2>&1 ||
    { cat "$W/$s.gen" >&2; exit 1; }
  mpiexec.mpich -n 1 "$W/$s/skeleton" >"$W/$s.cal" 2>&1
  line=$(grep '^SKEL_RESULT ' "$W/$s.cal")
  args=(--calibration "$(echo "$line" | sed -n 's/.* calibration=\([^ ]*\).*/\1/p')")
  cws=$(echo "$line" | sed -n 's/.* calibration_ws=\([^ ]*\).*/\1/p')
  [ -n "$cws" ] && args+=(--calibration-ws "$cws")
  for prog in application skeleton; do
    if [ "$prog" = application ]; then
      # shellcheck disable=SC2086
      read -r a b < <(slowdown mpiexec.mpich -n 1 "$S/$s" ${ARGS[$s]})
    else
      read -r a b < <(slowdown mpiexec.mpich -n 1 "$W/$s/skeleton" "${args[@]}")
    fi
    printf '%-8s %-10s %10s %10s %9s\n' "$s" "$prog" "$a" "$b" \
      "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b / a }')"
  done
  echo "$s: working sets walked [$(sed -n 's/^working_sets_kib//p' "$W/$s/skeleton.meta") ] KiB"
done
echo "load average at end $(cut -d' ' -f1-3 /proc/loadavg)"
