#!/bin/bash
# skeleton_accuracy.sh - how close a skeleton's run time comes to 1/K of its
# application's, per sample, for K giving a 1 s and a 0.5 s skeleton (seed
# 003, 5.3 measures the same "scaling ratio").  Prints figures, never
# passes or fails: run it on a quiet machine and read the load averages it
# prints with them.
#
#   bench/skeleton_accuracy.sh [BUILD_DIR]
#
# For each sample, with arguments that make the application run about 10 s
# on 2 ranks (scaled by FACTOR, default 1):
#   1. `skel generate --target-seconds 1` traces it once (RUNS times with
#      RUNS > 1: `--runs`, the median run kept), compresses and builds a
#      skeleton with K chosen from the traced run; `skel gen
#      --target-seconds 0.5` makes the second one from the same signature;
#   2. REPEATS rounds (default 5), each running the application once and each
#      skeleton once, so that all three see the same load: app_s is the
#      median of the times the application reports itself (from after its
#      set-up to its end, as the skeleton measures between its barriers),
#      skel_s the median of the skeleton's elapsed_s; the ranges show the
#      spread.
# ratio = (app_s / K) / skel_s: 1.00 is a skeleton exactly 1/K of its
# application; above 1 the skeleton is too fast, below 1 too slow.  Beside
# each ratio, its 95 % bootstrap interval (rounds resampled in pairs: round
# i's application with round i's skeleton, 2000 resamples), and beside the
# application's median its own noise floor (the 95 % interval of that
# median, relative).  full_1s/full_0.5s: iterations of the dominant loop the
# skeleton keeps whole, of how many (0 = all of it is scaled residue).
# Each skeleton's compute calibration is measured by one uncounted launch
# and then fixed (--calibration), as skel validate and skel select do;
# CALIBRATE=each measures it at every launch instead.
# Environment: SAMPLES (names), REPEATS, RUNS, FACTOR, NP (ranks, default 2), KEEP=1
# (keep the work directory), CALIBRATE (once|each).
set -euo pipefail
B=${1:-${SKEL_BUILD_DIR:-build}}
SKEL="$B/runtime/cli/skel"
S="$B/samples"
REPEATS=${REPEATS:-5}
FACTOR=${FACTOR:-1}
NP=${NP:-2}
RUNS=${RUNS:-1}
CALIBRATE=${CALIBRATE:-once}
[ -x "$SKEL" ] || { echo "no skel in $B (build first)" >&2; exit 2; }
W=$(mktemp -d /tmp/skel-bench-accuracy.XXXXXX)
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$W"' EXIT

# About 10 s each on an idle 2-core machine (the samples' defaults run ~1 s).
declare -A ARGS=(
  [jacobi]="-i $((20000 * FACTOR))"
  [cg]="-i $((14000 * FACTOR))"
  [isort]="-i $((600 * FACTOR))"
  [mw]="-t $((9000 * FACTOR))"
  [pipeline]="-i $((3500 * FACTOR))"
  [fstencil]="-i $((8000 * FACTOR))"
  [fstencil08]="-i $((8000 * FACTOR))"
  [randacc]="-i $((600 * FACTOR))"
  [nbody]="-n 4096 -s $((300 * FACTOR))"
  [fft]="-n 4096 -i $((16 * FACTOR))"
)
names=${SAMPLES:-"jacobi cg isort mw pipeline fstencil fstencil08 randacc nbody fft"}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
field() { grep -o "$1=[0-9.e+-]*" | head -1 | cut -d= -f2; }
load() { cut -d' ' -f1-3 /proc/loadavg; }

# boot K APPFILE SKELFILE: "ratio lo hi" - the ratio of medians and its 95 %
# bootstrap interval, rounds resampled in pairs.
boot() {
  paste "$2" "$3" | awk -v k="$1" '
    function med(x, n,   i, j, t) {
      for (i = 2; i <= n; i++) { t = x[i]; for (j = i - 1; j >= 1 && x[j] > t; j--) x[j + 1] = x[j]; x[j + 1] = t }
      return (n % 2) ? x[(n + 1) / 2] : (x[n / 2] + x[n / 2 + 1]) / 2
    }
    { a[NR] = $1; s[NR] = $2 }
    END {
      n = NR; for (i = 1; i <= n; i++) { x[i] = a[i]; y[i] = s[i] }
      r = (med(x, n) / k) / med(y, n)
      srand(1)
      for (b = 1; b <= 2000; b++) {
        for (i = 1; i <= n; i++) { j = int(rand() * n) + 1; x[i] = a[j]; y[i] = s[j] }
        v[b] = (med(x, n) / k) / med(y, n)
      }
      med(v, 2000)
      printf "%.3f %.3f %.3f", r, v[50], v[1951]
    }'
}
# floor APPFILE: the 95 % interval of the application's median, relative (%).
floor_of() {
  awk '
    function med(x, n,   i, j, t) {
      for (i = 2; i <= n; i++) { t = x[i]; for (j = i - 1; j >= 1 && x[j] > t; j--) x[j + 1] = x[j]; x[j + 1] = t }
      return (n % 2) ? x[(n + 1) / 2] : (x[n / 2] + x[n / 2 + 1]) / 2
    }
    { a[NR] = $1 }
    END {
      n = NR; for (i = 1; i <= n; i++) x[i] = a[i]; m = med(x, n); srand(2)
      for (b = 1; b <= 2000; b++) { for (i = 1; i <= n; i++) x[i] = a[int(rand() * n) + 1]; v[b] = med(x, n) }
      med(v, 2000)
      printf "%+.1f..%+.1f%%", 100 * (v[50] / m - 1), 100 * (v[1951] / m - 1)
    }' "$1"
}

echo "skeleton accuracy: $NP ranks, $REPEATS interleaved rounds, $RUNS traced run(s) per skeleton, $(nproc) CPUs, load average at start $(load)"
printf '%-10s %8s %-13s | %6s %5s %-19s %-9s | %6s %5s %-19s %-9s | %-8s %s\n' sample app_s "noise floor" \
  K_1s ratio "[95 %]" full_1s K_0.5s ratio "[95 %]" full_0.5s mode "ranges: app skel_1s skel_0.5s"
for s in $names; do
  [ -x "$S/$s" ] || { echo "$s: not built, skipped"; continue; }
  d1="$W/$s-1s" d05="$W/$s-05s"
  # shellcheck disable=SC2086  # the arguments are several words
  "$SKEL" generate --target-seconds 1 --runs "$RUNS" -o "$d1" --quiet -- mpiexec.mpich -n "$NP" "$S/$s" ${ARGS[$s]} \
    > "$W/$s.gen" 2>&1 || { echo "$s: generate failed: $(tail -1 "$W/$s.gen")"; continue; }
  "$SKEL" gen "$d1/app.sig" --target-seconds 0.5 -o "$d05" --build --quiet > "$W/$s.gen05" 2>&1 ||
    { echo "$s: gen 0.5 s failed: $(tail -1 "$W/$s.gen05")"; continue; }
  # The compute calibration of each skeleton, measured once by a launch
  # that is not counted and then fixed, as skel validate and skel select do
  # (a calibration measured at every launch varied +/-15 % here).
  declare -A CAL=()
  for d in "$d1" "$d05"; do
    CAL[$d]=""
    [ "$CALIBRATE" = once ] || continue
    out=$(mpiexec.mpich -n "$NP" "$d/skeleton" | grep SKEL_RESULT) || true
    u=$(echo "$out" | field calibration) || true
    ws=$(echo "$out" | grep -o 'calibration_ws=[^ ]*' | head -1 | cut -d= -f2) || true
    [ -n "$u" ] && CAL[$d]="--calibration $u"
    [ -n "$u" ] && [ -n "$ws" ] && CAL[$d]="${CAL[$d]} --calibration-ws $ws"
  done
  # Interleaved rounds: the application and both skeletons see the same load.
  : > "$W/$s.app"; : > "$d1.t"; : > "$d05.t"
  for _ in $(seq "$REPEATS"); do
    # shellcheck disable=SC2086
    mpiexec.mpich -n "$NP" "$S/$s" ${ARGS[$s]} | grep -Eo '[0-9.]+ s$' | cut -d' ' -f1 >> "$W/$s.app"
    for d in "$d1" "$d05"; do
      # shellcheck disable=SC2086  # the options are several words
      mpiexec.mpich -n "$NP" "$d/skeleton" ${CAL[$d]} | field elapsed_s >> "$d.t"
    done
  done
  app=$(median < "$W/$s.app")
  row=""
  for d in "$d1" "$d05"; do
    k=$(awk '$1 == "k" { print $2 }' "$d/skeleton.meta")
    full=$(awk '$1 == "class" { for (i = 2; i < NF; i++) { if ($i == "dominant_iterations") it = $(i + 1); if ($i == "dominant_full") f = $(i + 1) } }
                END { printf "%s/%s", f, it }' "$d/skeleton.meta")
    read -r r lo hi <<< "$(boot "$k" "$W/$s.app" "$d.t")"
    row="$row$(printf '%6.2f %5.3f [%5.3f, %5.3f]     %-9s | ' "$k" "$r" "$lo" "$hi" "$full")"
  done
  spread=$(for f in "$W/$s.app" "$d1.t" "$d05.t"; do sort -g "$f" | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.2f-%.2f ", lo, hi }'; done)
  printf '%-10s %8.3f %-13s | %s%-8s %s\n' "$s" "$app" "$(floor_of "$W/$s.app")" "$row" \
    "$(awk '$1 == "mode" { print $2 }' "$d1/skeleton.meta")" "$spread"
done
echo "load average at end $(load)"
