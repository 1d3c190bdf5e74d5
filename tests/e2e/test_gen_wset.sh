#!/bin/bash
# test_gen_wset.sh - a skeleton's compute walks memory where the
# application's phases touched much of it (working-set samples,
# tracer/wset.h; classes, codegen/emit.c).  randacc (random updates of an
# 8 MiB table: memory-bound) and nbody (50 KiB of bodies: arithmetic-bound)
# are traced on one rank and made into K = 4 skeletons.  Asserted:
#   - randacc's skeleton walks a working set of at least 8 MiB, nbody's
#     none (skeleton.meta's working_sets_kib), and both run;
#   - --until: the skeleton repeats until its median's interval is tight
#     (at least 6 repeats, at most --max-repeat, every time printed, the
#     median inside the interval), and prints calibration_ws= for the
#     classes it walks, which --calibration-ws takes back.
# How the two skeletons slow down beside a memory-hungry competitor, next
# to their applications, is a timing figure: bench/wset_slowdown.sh prints
# it (on this 2-vCPU VM the effect is a few percent, within the noise of a
# test).
source "$(dirname "$0")/lib.sh"

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
  if [ "$s" = randacc ]; then
    [[ "$cws" == *32768:* || "$cws" == *16384:* || "$cws" == *8192:* ]] ||
      fail "randacc: no calibration_ws for its walk: $line"
  else
    [ -z "$cws" ] || fail "nbody: calibration_ws without a walk: $line"
  fi
  # Given back, the calibrations are not measured again: the same values.
  args=(--calibration "$calib")
  [ -n "$cws" ] && args+=(--calibration-ws "$cws")
  mpiexec.mpich -n 1 "$TMP/$s/skeleton" "${args[@]}" >"$TMP/$s.again" 2>&1 ||
    { cat "$TMP/$s.again" >&2; fail "$s: skeleton with its calibrations"; }
  again=$(grep '^SKEL_RESULT ' "$TMP/$s.again") || fail "$s: no SKEL_RESULT"
  [ "$(echo "$again" | sed -n 's/.* calibration_ws=\([^ ]*\).*/\1/p')" = "$cws" ] ||
    fail "$s: --calibration-ws $cws not taken: $again"
  # ... nor corrected during the run (a measured one is: the template's
  # "rate during the run").
  [ "$(echo "$again" | sed -n 's/.* calibration=\([^ ]*\).*/\1/p')" = "$calib" ] ||
    fail "$s: --calibration $calib changed during the run: $again"
  echo "ok $s: $n repeats, calibration_ws [$cws]"
done
