#!/bin/bash
# test_gen_wset.sh - a skeleton's compute is memory-bound where the
# application's was (working-set samples, tracer/wset.h; classes,
# codegen/emit.c).  randacc (random updates of an 8 MiB table: memory-bound)
# and nbody (50 KiB of bodies: arithmetic-bound) are traced on one rank and
# made into K = 4 skeletons.  Asserted:
#   - randacc's skeleton walks a working set of at least 8 MiB, nbody's
#     none (skeleton.meta's working_sets_kib);
#   - beside a competitor that streams over 256 MiB on the other core, the
#     skeletons' slowdowns are ordered like the applications' (randacc's
#     slows more than nbody's).  Slowdown is the CPU time (user + system) of
#     the run beside the competitor over that of the run alone, the least of
#     three each: memory stalls are CPU time, another process sharing the
#     processor is not, so this holds on a shared machine.  The skeletons
#     run with the calibration of a run alone (calibrating beside the
#     competitor would absorb the slowdown);
#   - --until: the skeleton repeats until its median's interval is tight
#     (at least 6 repeats, every time printed, the median inside the
#     interval).
# The application's own ordering is checked first: if this machine's
# memory system shows no difference, the test is skipped (77), saying so.
source "$(dirname "$0")/lib.sh"

cc -O2 -o "$TMP/hog" -x c - <<'EOF' || fail "compiling the competitor"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
/* Stream over 256 MiB, one write per cache line, until killed (or 120 s). */
int main(void)
{
    size_t n = ((size_t)256 << 20) / sizeof(long);
    long *a = malloc(n * sizeof *a);
    if (a == NULL)
        return 1;
    memset(a, 1, n * sizeof *a);
    alarm(120);
    for (;;)
        for (size_t i = 0; i < n; i += 8)
            a[i] += 1;
}
EOF

hog_pid=""
stop_hog() {
  if [ -n "$hog_pid" ]; then
    kill "$hog_pid" 2>/dev/null || true
    wait "$hog_pid" 2>/dev/null || true
    hog_pid=""
  fi
}
trap 'stop_hog; rm -rf "$TMP"' EXIT

# cpu_of CMD...: the CPU seconds (user + system, children included) of CMD.
cpu_of() {
  local TIMEFORMAT='%U %S'
  { time "$@" >"$TMP/out" 2>&1; } 2>"$TMP/time" || { cat "$TMP/out" >&2; fail "$* failed"; }
  awk '{ printf "%.4f\n", $1 + $2 }' "$TMP/time"
}

# least3 CMD...: the least CPU time of three runs.
least3() {
  local best="" t
  for _ in 1 2 3; do
    t=$(cpu_of "$@")
    best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
  done
  echo "$best"
}

# slowdown NAME CMD...: least CPU time beside the competitor over alone.
slowdown() {
  local name=$1 alone beside
  shift
  alone=$(least3 "$@")
  "$TMP/hog" &
  hog_pid=$!
  sleep 0.5
  beside=$(least3 "$@")
  stop_hog
  echo "$name: CPU $alone s alone, $beside s beside the competitor" >&2
  awk -v a="$alone" -v b="$beside" 'BEGIN { printf "%.4f\n", b / a }'
}

declare -A ARGS=([randacc]="" [nbody]="")
declare -A APP SK
for s in randacc nbody; do
  "$SKEL" generate -K 4 -o "$TMP/$s" --quiet -- mpiexec.mpich -n 1 "$SAMPLES/$s" \
    >"$TMP/$s.gen" 2>&1 || { cat "$TMP/$s.gen" >&2; fail "skel generate $s"; }
  [ -x "$TMP/$s/skeleton" ] || fail "$s: no skeleton built"
done

ws_randacc=$(sed -n 's/^working_sets_kib//p' "$TMP/randacc/skeleton.meta")
ws_nbody=$(sed -n 's/^working_sets_kib//p' "$TMP/nbody/skeleton.meta")
echo "working sets walked: randacc [$ws_randacc ] KiB, nbody [$ws_nbody ] KiB"
largest=$(echo "$ws_randacc" | tr ' ' '\n' | sort -n | tail -1)
[ -n "$largest" ] && [ "$largest" -ge 8192 ] ||
  fail "randacc's skeleton walks no working set of 8 MiB or more: [$ws_randacc ]"
[ -z "${ws_nbody// /}" ] || fail "nbody's skeleton walks memory: [$ws_nbody ] KiB"

# --until, and the calibration of a run alone.
for s in randacc nbody; do
  mpiexec.mpich -n 1 "$TMP/$s/skeleton" --until 50 --max-repeat 8 >"$TMP/$s.until" 2>&1 ||
    { cat "$TMP/$s.until" >&2; fail "$s: skeleton --until"; }
  line=$(grep '^SKEL_RESULT ' "$TMP/$s.until") || fail "$s: no SKEL_RESULT"
  n=$(echo "$line" | sed -n 's/.* repeats=\([0-9]*\) .*/\1/p')
  times=$(echo "$line" | sed -n 's/.* times_s=\([0-9.,]*\) .*/\1/p')
  [ "$n" -ge 6 ] && [ "$n" -le 8 ] || fail "$s: --until made $n repeats: $line"
  [ "$(echo "$times" | tr ',' '\n' | grep -c .)" = "$n" ] || fail "$s: times_s has not $n values: $line"
  echo "$line" | awk '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] } }
      END { exit !(v["ci_lo_s"] <= v["elapsed_s"] && v["elapsed_s"] <= v["ci_hi_s"]) }' ||
    fail "$s: the median is outside its interval: $line"
  calib=$(echo "$line" | sed -n 's/.* calibration=\([^ ]*\).*/\1/p')
  cws=$(echo "$line" | sed -n 's/.* calibration_ws=\([^ ]*\).*/\1/p')
  SKARGS=(--calibration "$calib")
  [ -n "$cws" ] && SKARGS+=(--calibration-ws "$cws")
  APP[$s]=$(slowdown "$s" mpiexec.mpich -n 1 "$SAMPLES/$s" ${ARGS[$s]})
  SK[$s]=$(slowdown "$s skeleton" mpiexec.mpich -n 1 "$TMP/$s/skeleton" "${SKARGS[@]}")
  echo "$s: slowdown beside the competitor: application ${APP[$s]}, skeleton ${SK[$s]}"
done

if ! awk -v a="${APP[randacc]}" -v b="${APP[nbody]}" 'BEGIN { exit !(a > b) }'; then
  echo "SKIP: on this machine randacc (${APP[randacc]}) does not slow more than nbody" \
    "(${APP[nbody]}) beside a memory-hungry competitor: nothing to reproduce"
  exit 77
fi
awk -v a="${SK[randacc]}" -v b="${SK[nbody]}" 'BEGIN { exit !(a > b) }' ||
  fail "the applications' slowdowns are ordered randacc ${APP[randacc]} > nbody ${APP[nbody]}," \
    "the skeletons' are not: randacc ${SK[randacc]}, nbody ${SK[nbody]}"
echo "ok: slowdowns ordered alike (randacc > nbody): applications ${APP[randacc]} > ${APP[nbody]}," \
  "skeletons ${SK[randacc]} > ${SK[nbody]}"
