#!/bin/bash
# bench_gen.sh - what making a skeleton costs and how it scales, for every
# sample and every program of the irregular corpus (tests/e2e/irregular):
# trace, signature and source sizes, compression and generation times, and
# the dedicated ratio.  Prints figures, never passes or fails: run it on a
# quiet machine and read the load averages it prints with them.
#
#   bench/bench_gen.sh [BUILD_DIR]
#
# Per program (arguments for runs of about 0.5-1 s on 2 ranks, times FACTOR):
#   1. `skel trace` TRACES times (default 3), the run whose application time
#      is their median kept: the trace's size (bytes, events);
#   2. `skel compress --scale K`: its time, the signature's size (the file,
#      and its XML when compressed), Q and the threshold chosen;
#   3. `skel gen TRACE --scale K` (what a user runs: compression again, with
#      the wildcard receives pinned where that lets messages be left out;
#      the check and the source, no build): its time and skeleton.c's size;
#      then the build with mpicc.mpich -O2, timed.  (Until 2026-11-30 the
#      skeleton was made from step 2's signature, which pins nothing: blacs
#      and mprobe kept every message there, not with skel gen TRACE);
#   4. REPEATS interleaved rounds (default 5), each running the application
#      (untraced) and its skeleton once, so that both see the same load:
#      app_s is the median of the times the application reports for its own
#      run (after set-up, before its end: how the skeleton measures itself),
#      skel_s the median of the skeleton's elapsed_s, with their ranges.
# ratio = (app_s / K) / skel_s: 1.00 is a skeleton of exactly 1/K of its
# application; above 1 the skeleton is too fast, below 1 too slow.  "ratio
# 95%" is the 95 % bootstrap interval of the median of the rounds' own ratios
# (each round's application and skeleton ran back to back); the application's
# noise floor is the spread of its rounds about their median.  sig_app_s
# is the application's time as the signature records it (skeleton.meta's
# app_time_s, what K and expected_s are computed from): it should be app_s
# (the tracer's own cost left out).  exp/skel = expected_s / skel_s: the
# skeleton against the traced time it was made from - how well the
# mechanisms replay the trace, whatever the machine's speed was when it was
# made (ratio = exp/skel x app_s / sig_app_s).
# Environment: K (default 5), REPEATS, TRACES, FACTOR (default 1), NP (default 2),
# PROGRAMS (names), KEEP=1 (keep the work directory).
set -euo pipefail
B=${1:-${SKEL_BUILD_DIR:-build/release}}
SKEL="$B/runtime/cli/skel"
K=${K:-5}
REPEATS=${REPEATS:-5}
TRACES=${TRACES:-3}
FACTOR=${FACTOR:-1}
NP=${NP:-2}
[ -x "$SKEL" ] || { echo "no skel in $B (build first)" >&2; exit 2; }
W=$(mktemp -d /tmp/skel-bench-gen.XXXXXX)
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$W"' EXIT

declare -A PATHS ARGS
for s in jacobi cg isort mw pipeline fstencil fstencil08; do PATHS[$s]="$B/samples/$s"; done
for s in blacs testall dtypes norepeat bwsweep onesided mpiio persistent mprobe cancel bsend dynwin neighbor nbx idup intercomm pscw selfprobe panels anyof pcoll tagstep isendrecv partitioned bigcount shwin wintest strided; do PATHS[$s]="$B/tests/irregular/$s"; done
# Runs of about 0.5-1 s on an idle 2-core machine.
ARGS=(
  [jacobi]="-i $((1000 * FACTOR))"
  [cg]="-i $((1000 * FACTOR))"
  [isort]="-i $((40 * FACTOR))"
  [mw]="-t $((600 * FACTOR))"
  [pipeline]="-i $((250 * FACTOR))"
  [fstencil]="-i $((600 * FACTOR))"
  [fstencil08]="-i $((600 * FACTOR))"
  [blacs]="-n $((1536 * FACTOR))"
  [testall]="-i $((20000 * FACTOR))"
  [dtypes]="-i $((300 * FACTOR))"
  [norepeat]="-i $((15000 * FACTOR))"
  [bwsweep]="-r $((800 * FACTOR))"
  [onesided]="-i $((5000 * FACTOR))"
  [mpiio]="-i $((2000 * FACTOR))"
  [persistent]="-i $((4000 * FACTOR))"
  [mprobe]="-i $((6000 * FACTOR))"
  [cancel]="-i $((10000 * FACTOR))"
  [bsend]="-i $((6000 * FACTOR))"
  [dynwin]="-i $((15000 * FACTOR))"
  [neighbor]="-i $((15000 * FACTOR))"
  [nbx]="-i $((12000 * FACTOR))"
  [idup]="-i $((15000 * FACTOR))"
  [intercomm]="-i $((15000 * FACTOR))"
  [pscw]="-i $((10000 * FACTOR))"
  [selfprobe]="-i $((20000 * FACTOR))"
  [panels]="-i $((1000 * FACTOR))"
  [anyof]="-i $((2000 * FACTOR)) -w 200000"
  [pcoll]="-i $((2000 * FACTOR)) -w 100000"
  [tagstep]="-i $((4000 * FACTOR)) -w 80000"
  [isendrecv]="-i $((2000 * FACTOR)) -w 150000"
  [partitioned]="-i $((2000 * FACTOR)) -w 150000"
  [bigcount]="-i $((2000 * FACTOR)) -w 150000"
  [shwin]="-i $((2000 * FACTOR)) -w 150000"
  [wintest]="-i $((2000 * FACTOR)) -w 150000"
  [strided]="-i $((2000 * FACTOR))"
)
# Options of `skel compress` per program: selfprobe's wildcard probes are
# pinned to the sources they found (docs/codegen.md, "Pinned sources").
declare -A COMPRESS=([selfprobe]="--pin-sources")
names=${PROGRAMS:-"jacobi cg isort mw pipeline fstencil fstencil08 blacs testall dtypes norepeat bwsweep onesided mpiio persistent mprobe cancel bsend dynwin neighbor nbx idup intercomm pscw selfprobe panels anyof pcoll tagstep isendrecv partitioned bigcount shwin wintest strided"}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
range() { sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.3g-%.3g", lo, hi }'; }
field() { grep -o "$1=[0-9.e+-]*" | head -1 | cut -d= -f2; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }
load() { cut -d' ' -f1-3 /proc/loadavg; }
# app_seconds: the time a program reports for its own run, from its output:
# "... in T s" (the corpus programs, whose line may go on after it, as
# cancel's "(N sends cancelled)"), else "... T s" at the end of a line (the
# samples).  Nothing found is an error, not an empty figure.
app_seconds() {
  awk 'match($0, / in [0-9.]+ s/) { v = substr($0, RSTART + 4, RLENGTH - 6); next }
       match($0, /[0-9.]+ s$/) { v = substr($0, RSTART, RLENGTH - 2) }
       END { if (v == "") exit 1; print v }'
}
# ratio_ci K APPFILE SKELFILE: the per-round ratios (app/K)/skeleton of the
# interleaved rounds, their median's 95 % bootstrap interval (2000
# resamples), "[lo, hi]".
ratio_ci() {
  paste "$2" "$3" | awk -v k="$1" '
    $1 > 0 && $2 > 0 { r[++n] = ($1 / k) / $2 }
    function med(a, m,   i, j, t) {
      for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
      return (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
    }
    END {
      if (n < 2) { print "[-, -]"; exit }
      srand(12345)
      for (b = 1; b <= 2000; b++) { for (i = 1; i <= n; i++) x[i] = r[int(rand() * n) + 1]; m[b] = med(x, n) }
      med(m, 2000)
      printf "[%.2f, %.2f]", m[50], m[1951]
    }'
}
# noise FILE: the spread of a program's own times about their median, in %.
noise() {
  sort -g "$1" | awk '{ v[NR] = $1 } END {
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    if (m > 0) printf "%+.1f..%+.1f%%", (v[1] / m - 1) * 100, (v[NR] / m - 1) * 100 }'
}

echo "skeleton generation: K = $K, $NP ranks, $REPEATS interleaved rounds, $(nproc) CPUs, load average at start $(load)"
printf '%-10s %9s %8s | %9s %9s %7s %5s %6s | %6s %9s %6s | %7s %7s %8s %6s %-12s %7s %-8s | %s\n' \
  program trace_B events sig_B sig_xml_B Q T comp_s gen_s src_B build_s \
  app_s sig_app skel_s ratio "ratio 95%" exp/skel mode "ranges: app skel; app noise floor"
for p in $names; do
  exe=${PATHS[$p]:-}
  [ -n "$exe" ] && [ -x "$exe" ] || { echo "$p: not built, skipped"; continue; }
  t="$W/$p.trace" sig="$W/$p.sig" d="$W/$p"
  # TRACES traced runs; the one whose application time is their median is
  # kept (as accuracy.sh does): K, expected_s and the skeleton's compute
  # come from one traced run, and a run made in a slow or fast moment of
  # the machine moved the ratio by up to 20 % (bench/README.md, the evening
  # run of 2026-11-30).
  : > "$W/$p.traces"
  for i in $(seq "$TRACES"); do
    # shellcheck disable=SC2086  # the arguments are several words
    "$SKEL" trace --quiet -o "$t.$i" -- mpiexec.mpich -n "$NP" "$exe" ${ARGS[$p]} > "$W/$p.out" 2>&1 ||
      { echo "$p: the traced run failed: $(tail -1 "$W/$p.out")"; continue 2; }
    echo "$(app_seconds < "$W/$p.out") $i" >> "$W/$p.traces"
  done
  pick=$(sort -g "$W/$p.traces" | awk '{ v[NR] = $2 } END { print v[int((NR + 1) / 2)] }')
  mv "$t.$pick" "$t"
  for i in $(seq "$TRACES"); do rm -rf "$t.$i"; done
  trace_b=$(du -sb "$t" | cut -f1)
  t0=$(now)
  # shellcheck disable=SC2086  # the options are several words
  "$SKEL" compress "$t" -o "$sig" --scale "$K" ${COMPRESS[$p]:-} > "$W/$p.comp" 2>&1 ||
    { echo "$p: compress failed: $(tail -1 "$W/$p.comp")"; continue; }
  comp_s=$(since "$t0")
  events=$(grep -o 'trace [0-9]* events' "$W/$p.comp" | head -1 | cut -d' ' -f2)
  q=$(grep -o 'Q = [0-9.]*' "$W/$p.comp" | head -1 | cut -d' ' -f3)
  thr=$(grep -o '^threshold [0-9.]*' "$W/$p.comp" | head -1 | cut -d' ' -f2)
  t0=$(now)
  "$SKEL" gen "$t" --scale "$K" -o "$d" --quiet > "$W/$p.gen" 2>&1 ||
    { echo "$p: gen refused: $(tail -1 "$W/$p.gen")"; continue; }
  gen_s=$(since "$t0")
  t0=$(now)
  mpicc.mpich -O2 -o "$d/skeleton" "$d/skeleton.c" -lm 2> "$W/$p.cc" ||
    { echo "$p: the skeleton does not build: $(head -3 "$W/$p.cc")"; continue; }
  build_s=$(since "$t0")
  : > "$W/$p.app"; : > "$W/$p.skel"
  for _ in $(seq "$REPEATS"); do
    # shellcheck disable=SC2086
    mpiexec.mpich -n "$NP" "$exe" ${ARGS[$p]} | app_seconds >> "$W/$p.app"
    mpiexec.mpich -n "$NP" "$d/skeleton" | field elapsed_s >> "$W/$p.skel"
  done
  app=$(median < "$W/$p.app")
  sk=$(median < "$W/$p.skel")
  sig_app=$(awk '$1 == "app_time_s" { print $2 }' "$d/skeleton.meta")
  printf '%-10s %9s %8s | %9s %9s %7s %5s %6s | %6s %9s %6s | %7.3f %7.3f %8.4f %6.2f %-12s %7.2f %-8s | %s %s; %s\n' \
    "$p" "$trace_b" "$events" "$(wc -c < "$sig")" "$(zcat -f "$sig" | wc -c)" "$q" "$thr" "$comp_s" \
    "$gen_s" "$(wc -c < "$d/skeleton.c")" "$build_s" "$app" "$sig_app" "$sk" \
    "$(awk -v a="$app" -v k="$K" -v s="$sk" 'BEGIN { print (a / k) / s }')" \
    "$(ratio_ci "$K" "$W/$p.app" "$W/$p.skel")" \
    "$(awk -v e="$(awk '$1 == "expected_s" { print $2 }' "$d/skeleton.meta")" -v s="$sk" 'BEGIN { print e / s }')" \
    "$(awk '$1 == "mode" { print $2 }' "$d/skeleton.meta")" \
    "$(range < "$W/$p.app")" "$(range < "$W/$p.skel")" "$(noise "$W/$p.app")"
done
echo "load average at end $(load)"
[ "${KEEP:-0}" != 1 ] || echo "kept: $W"
