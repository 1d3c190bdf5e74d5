#!/usr/bin/env bash
# tracer_overhead.sh [BUILDDIR] - what tracing costs.  Prints figures; asserts
# nothing.  Run it on an otherwise idle machine (figures taken while anything
# else runs are noise: the load averages are printed with them).
#
#  percall  the added cost per intercepted call: loops of cheap MPI calls
#           with 1 rank, untraced and traced alternately in one run, medians
#           of R repeats; traced both ways the tracer can write its files
#           (mapped: through a shared mapping, the default; stream: buffered
#           and written with pwrite, the old way), and with the tracer library
#           OLD_LIB too when it is given (e.g. one built from an older commit)
#  sweep    the overhead on a ping-pong bandwidth sweep (bench/pingpong_sweep.c,
#           2 ranks, 0 B .. 1 MiB, MPI_Send/Recv then Isend/Irecv/Waitall):
#           R interleaved repeats, the median of the traced/untraced ratios of
#           the whole sweep with a 95 % interval, and per message size
#  samples  the overhead on every C sample at its default size (2 ranks; the
#           memory-bound fft, nbody and randacc too): on the time the sample
#           reports for its own work, and on the wall time of the job; traced,
#           traced without working-set samples (SKEL_TRACE_WS=0: what clearing
#           the pages' referenced bits costs the compute that follows), and
#           untraced twice (the noise floor), interleaved, with intervals;
#           SAMPLES chooses a subset
#
# Environment: R (repeats, default 7), SECTIONS (default "percall sweep
# samples"), SCALE (sweep repetitions of the small sizes, default 100000),
# OLD_LIB (another libskeltrace.so to compare with), NOISE (1, the default:
# also a way "none" that runs untraced a second time, interleaved like the
# others, so that its "overhead" is the noise floor of the other figures).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
B=${1:-$root/build/release}
R=${R:-7}
SECTIONS=${SECTIONS:-percall sweep samples}
SCALE=${SCALE:-100000}
OLD_LIB=${OLD_LIB:-}
NOISE=${NOISE:-1}
skel=$B/runtime/cli/skel
lib=$B/tracer/libskeltrace.so
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mpicc.mpich -O2 -Wno-stringop-overflow "$root/bench/percall.c" -o "$tmp/percall"
mpicc.mpich -O2 -Wno-stringop-overflow "$root/bench/pingpong_sweep.c" -o "$tmp/sweep"

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
# ci95: the median of the numbers on stdin and a distribution-free 95 %
# interval for it (order statistics k and n+1-k, binomial(n, 1/2)).
ci95() {
  sort -g | awk '{a[NR]=$1} END {
    n = NR; k = 0; p = 0.5 ^ n; c = p
    for (i = 1; i <= n && c <= 0.025; i++) { k = i; p = p * (n - i + 1) / i; c += p }
    m = (n % 2) ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
    if (k >= 1) printf "%.2f [%.2f, %.2f]", m, a[k], a[n+1-k]
    else printf "%.2f [n too small]", m }'
}
# traced WAY CMD...: run CMD with the tracer (WAY: mapped, stream, old), or
# untraced (WAY none: the noise floor).
traced() {
  local way=$1 l=$lib io=mapped
  shift
  case $way in stream) io=stream ;; old) l=$OLD_LIB ;; none) mpiexec.mpich "$@"; return ;; esac
  rm -rf "$tmp/tr"
  mpiexec.mpich -genv LD_PRELOAD "$l" -genv SKEL_TRACE_DIR "$tmp/tr" -genv SKEL_TRACE_IO "$io" "$@"
}
ways="mapped stream"
[ "$NOISE" = 1 ] && ways="none $ways"
[ -n "$OLD_LIB" ] && ways="$ways old"
echo "tracer_overhead: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), R=$R," \
  "tracer $lib${OLD_LIB:+, old tracer $OLD_LIB}"

if [[ " $SECTIONS " == *" percall "* ]]; then
  echo
  echo "== added cost per intercepted call (1 rank, median of $R, ns)"
  echo "   (est: what the compressor takes off per call for the mapped way's traces,"
  echo "    the sampled cost per event plus call-ns from the meta file; est-added:"
  echo "    median over the repeats of est minus that repeat's added cost: > 0, more"
  echo "    is taken off than the tracer added, and the application's time is short)"
  printf "%-12s %10s" call untraced
  for w in $ways; do printf " %10s %10s" "$w" "+/call"; done
  printf " %8s %9s\n" est est-added
  # est_of META: the sampled cost per event plus call-ns of a trace.
  est_of() {
    awk '/^rank / { for (i = 1; i < NF; i++) { if ($i == "overhead-ns") o += $(i + 1)
                      if ($i == "events") e += $(i + 1); if ($i == "call-ns") c = $(i + 1) } }
         END { if (e > 0) printf "%.2f\n", o / e + c }' "$1"
  }
  for what in test iprobe isend-wait allreduce pscw; do
    n=2000000; [ $what = isend-wait ] && n=300000; [ $what = pscw ] && n=200000
    : > "$tmp/u"
    for w in $ways; do : > "$tmp/$w"; done
    : > "$tmp/estd"
    for _ in $(seq "$R"); do
      u1=$(mpiexec.mpich -n 1 "$tmp/percall" $what $n | awk '{print $2}')
      echo "$u1" >> "$tmp/u"
      for w in $ways; do
        t1=$(traced $w -n 1 "$tmp/percall" $what $n | awk '{print $2, $3}')
        echo "$t1" >> "$tmp/$w"
        if [ "$w" = mapped ]; then
          e1=$(est_of "$tmp/tr/meta")
          echo "$e1 $t1 $u1" | awk '{print $1, $1 - ($2 - $4) / $3}' >> "$tmp/estd"
        fi
      done
    done
    u=$(median < "$tmp/u")
    printf "%-12s %10.1f" $what "$u"
    for w in $ways; do
      t=$(awk '{print $1}' "$tmp/$w" | median); c=$(awk '{print $2; exit}' "$tmp/$w")
      printf " %10.1f %10.1f" "$t" "$(echo "($t - $u) / $c" | bc -l)"
    done
    printf " %8.1f %9.1f\n" "$(awk '{print $1}' "$tmp/estd" | median)" \
      "$(awk '{print $2}' "$tmp/estd" | median)"
  done
fi

if [[ " $SECTIONS " == *" sweep "* ]]; then
  echo
  echo "== ping-pong sweep (2 ranks, 0 B .. 1 MiB, blocking then nonblocking, SCALE=$SCALE," \
    "$R interleaved repeats)"
  for i in $(seq "$R"); do
    mpiexec.mpich -n 2 "$tmp/sweep" both "$SCALE" > "$tmp/sw.u.$i"
    for w in $ways; do traced $w -n 2 "$tmp/sweep" both "$SCALE" > "$tmp/sw.$w.$i"; done
  done
  tot() { awk '/^total/ {print $2}' "$1"; }
  printf "%-8s %9s %12s   %s\n" way "untraced" traced "overhead %: median [95 % interval]"
  for w in $ways; do
    for i in $(seq "$R"); do
      echo "$(tot "$tmp/sw.u.$i") $(tot "$tmp/sw.$w.$i")"
    done > "$tmp/pairs.$w"
    printf "%-8s %8.3fs %11.3fs   %s\n" "$w" "$(awk '{print $1}' "$tmp/pairs.$w" | median)" \
      "$(awk '{print $2}' "$tmp/pairs.$w" | median)" \
      "$(awk '{print 100 * ($2 / $1 - 1)}' "$tmp/pairs.$w" | ci95)"
  done
  if [ -n "$OLD_LIB" ]; then
    # New against old directly, repeat by repeat (each repeat runs both).
    for i in $(seq "$R"); do echo "$(tot "$tmp/sw.mapped.$i") $(tot "$tmp/sw.old.$i")"; done |
      awk '{print 100 * ($1 / $2 - 1)}' > "$tmp/vs_old"
    echo "mapped against old, time %: $(ci95 < "$tmp/vs_old")"
  fi
  calls=$(awk '/^total/ {print $3}' "$tmp/sw.u.1")
  echo "calls per rank: $calls"
  echo
  echo "per message size: median microseconds per round trip, and the overhead of each way"
  printf "%-11s %8s %10s" mode bytes untraced
  for w in $ways; do printf " %9s" "$w %"; done
  echo
  while read -r mode bytes; do
    sel() { awk -v m="$mode" -v b="$bytes" '$1 == m && $2 == b {print $7}' "$@"; }
    u=$(for i in $(seq "$R"); do sel "$tmp/sw.u.$i"; done | median)
    printf "%-11s %8s %10.3f" "$mode" "$bytes" "$u"
    for w in $ways; do
      t=$(for i in $(seq "$R"); do sel "$tmp/sw.$w.$i"; done | median)
      printf " %9.1f" "$(echo "100 * ($t / $u - 1)" | bc -l)"
    done
    echo
  done < <(awk '$3 == "B" {print $1, $2}' "$tmp/sw.u.1")

  # The machine's two speeds.  On the development VM a run's small round
  # trip is about 0.4 us or about 1.3 us, for the whole run, traced or not
  # (bench/tracer.md, 2026-11-29), and repeats split between the two at
  # random: a median over them compares speeds, not tracers.  The runs'
  # 8 B blocking round trips (all ways together) are sorted and split at
  # their widest gap when its ratio is 1.4 or more (the tracer adds about
  # 0.2-0.3 us, less than that gap); "slow" runs are above the split.  The
  # whole-sweep overhead is then also given over the rounds whose untraced
  # and traced runs were both fast.
  t8() { awk '$1 == "blocking" && $2 == 8 && $3 == "B" {print $7}' "$1"; }
  split=$(for f in "$tmp"/sw.*.[0-9]*; do t8 "$f"; done | sort -g | awk '
    { v[NR] = $1 }
    END { best = 1; cut = "inf"
          for (i = 2; i <= NR; i++) if (v[i - 1] > 0 && v[i] / v[i - 1] > best) {
              best = v[i] / v[i - 1]; c = sqrt(v[i] * v[i - 1]) }
          if (best >= 1.4) cut = c
          print cut }')
  slow() { awk -v t="$(t8 "$1")" -v c="$split" 'BEGIN { exit !(c != "inf" && t > c) }'; }
  echo
  echo "8 B blocking round trips of every run, sorted (us): $(for f in "$tmp"/sw.*.[0-9]*; do
    t8 "$f"; done | sort -g | tr '\n' ' ')"
  if [ "$split" = inf ]; then
    echo "the machine's speed per run: one mode (no gap of 1.4x between the runs' 8 B round trips)"
  else
    printf "the machine's speed per run (8 B blocking round trip above %.3f us: slow)\n" "$split"
  fi
  for w in u $ways; do
    ns=0
    for i in $(seq "$R"); do slow "$tmp/sw.$w.$i" && ns=$((ns + 1)); done
    printf "%-8s %d of %d runs slow\n" "$([ $w = u ] && echo untraced || echo "$w")" "$ns" "$R"
  done
  printf "%-8s %s\n" way "overhead % over the rounds where both runs were fast: median [95 % interval] (rounds)"
  for w in $ways; do
    for i in $(seq "$R"); do
      slow "$tmp/sw.u.$i" || slow "$tmp/sw.$w.$i" || echo "$(tot "$tmp/sw.u.$i") $(tot "$tmp/sw.$w.$i")"
    done > "$tmp/fast.$w"
    if [ -s "$tmp/fast.$w" ]; then
      printf "%-8s %s (%d)\n" "$w" "$(awk '{print 100 * ($2 / $1 - 1)}' "$tmp/fast.$w" | ci95)" \
        "$(wc -l < "$tmp/fast.$w")"
    else
      printf "%-8s no round with both runs fast\n" "$w"
    fi
  done
fi

if [[ " $SECTIONS " == *" samples "* ]]; then
  echo
  echo "== overhead on the samples (2 ranks, default sizes, $R interleaved rounds of: untraced,"
  echo "   traced (mapped), traced without working-set samples (SKEL_TRACE_WS=0), untraced again)"
  echo "   run: the time each sample reports for its own work (after set-up, before MPI_Finalize);"
  echo "   wall: mpiexec to exit, with MPI_Init, the tracer's clock sync, its files and symbol lookups."
  echo "   Overheads in %: the median of the rounds' ratios to that round's untraced run, with a"
  echo "   distribution-free 95 % interval; 'noise' is the second untraced run's (the noise floor)."
  printf "%-9s %8s %22s %22s %22s %22s %7s\n" sample "run" "traced run %" "no-wset run %" \
    "noise run %" "traced wall %" "B/event"
  now() { date +%s.%N; }
  # one WAY SAMPLE: run it, append its own time to $tmp/WAY.run and the wall time to $tmp/WAY.wall.
  one() {
    local w=$1 s=$2 t0
    t0=$(now)
    case $w in
      u | n) mpiexec.mpich -n 2 "$B/samples/$s" ;;
      t) traced mapped -n 2 "$B/samples/$s" ;;
      nows) SKEL_TRACE_WS=0 traced mapped -n 2 "$B/samples/$s" ;;
    esac | awk 'END { print $(NF-1) }' >> "$tmp/$w.run"
    echo "$(now) - $t0" | bc -l >> "$tmp/$w.wall"
  }
  # pct WAY KIND: per-round overhead of WAY against the untraced run, median [interval].
  pct() { paste "$tmp/u.$2" "$tmp/$1.$2" | awk '{print 100 * ($2 / $1 - 1)}' | ci95; }
  for s in ${SAMPLES:-jacobi cg isort mw pipeline fft nbody randacc}; do
    for w in u t nows n; do : > "$tmp/$w.run"; : > "$tmp/$w.wall"; done
    for _ in $(seq "$R"); do
      for w in u t nows n; do one $w "$s"; done
    done
    ev=$("$skel" stats --csv --no-check "$tmp/tr" | awk -F, '$1=="all" {s+=$3} END {print s}')
    by=$(cat "$tmp"/tr/rank-*.skt | wc -c)
    printf "%-9s %7.3fs %22s %22s %22s %22s %7.1f\n" "$s" "$(median < "$tmp/u.run")" \
      "$(pct t run)" "$(pct nows run)" "$(pct n run)" "$(pct t wall)" "$(echo "$by / $ev" | bc -l)"
  done
fi
echo
echo "load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
