#!/usr/bin/env bash
# tracer_overhead.sh [BUILDDIR] - what tracing costs.
#  1. the added cost per intercepted call: loops of cheap MPI calls with 1 rank,
#     traced and untraced alternately in one run, medians of R repeats;
#  2. the overhead on every sample at its default size (2 ranks): on the time
#     the sample reports for its own work, and on the wall time of the job.
# Prints figures; asserts nothing.  Run it on an otherwise idle machine.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
B=${1:-$root/build/release}
R=${R:-7}
skel=$B/runtime/cli/skel
lib=$B/tracer/libskeltrace.so
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mpicc.mpich -O2 -Wno-stringop-overflow "$root/bench/percall.c" -o "$tmp/percall"

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

echo "== added cost per intercepted call (1 rank, median of $R, ns)"
printf "%-12s %10s %10s %10s\n" call untraced traced added/call
for what in test iprobe isend-wait allreduce; do
  n=2000000; [ $what = isend-wait ] && n=300000
  : > "$tmp/u"; : > "$tmp/t"
  for i in $(seq "$R"); do
    mpiexec.mpich -n 1 "$tmp/percall" $what $n | awk '{print $2}' >> "$tmp/u"
    mpiexec.mpich -n 1 -genv LD_PRELOAD "$lib" -genv SKEL_TRACE_DIR "$tmp/tr" "$tmp/percall" $what $n \
      | awk '{print $2, $3}' >> "$tmp/t"
    rm -rf "$tmp/tr"
  done
  u=$(median < "$tmp/u"); t=$(awk '{print $1}' "$tmp/t" | median); c=$(awk '{print $2; exit}' "$tmp/t")
  printf "%-12s %10.1f %10.1f %10.1f\n" $what "$u" "$t" "$(echo "($t - $u) / $c" | bc -l)"
done

echo
echo "== overhead on the samples (2 ranks, default sizes, median of $R, traced and untraced alternately)"
echo "   run: the time each sample reports for its own work (after set-up, before MPI_Finalize);"
echo "   wall: mpiexec to exit, with MPI_Init, the tracer's clock sync, its files and symbol lookups"
printf "%-10s %9s %9s %9s %10s %10s %9s %12s\n" sample "run" traced overhead wall traced overhead bytes/event
now() { date +%s.%N; }
for s in jacobi cg isort mw pipeline; do
  : > "$tmp/u"; : > "$tmp/t"; : > "$tmp/wu"; : > "$tmp/wt"
  for i in $(seq "$R"); do
    t0=$(now)
    mpiexec.mpich -n 2 "$B/samples/$s" | awk 'END { print $(NF-1) }' >> "$tmp/u"
    echo "$(now) - $t0" | bc -l >> "$tmp/wu"
    rm -rf "$tmp/tr"
    t0=$(now)
    mpiexec.mpich -n 2 -genv LD_PRELOAD "$lib" -genv SKEL_TRACE_DIR "$tmp/tr" \
      "$B/samples/$s" | awk 'END { print $(NF-1) }' >> "$tmp/t"
    echo "$(now) - $t0" | bc -l >> "$tmp/wt"
  done
  u=$(median < "$tmp/u"); t=$(median < "$tmp/t"); wu=$(median < "$tmp/wu"); wt=$(median < "$tmp/wt")
  ev=$("$skel" stats --csv --no-check "$tmp/tr" | awk -F, '$1=="all" {s+=$3} END {print s}')
  by=$(cat "$tmp"/tr/rank-*.skt | wc -c)
  printf "%-10s %8.3fs %8.3fs %8.2f%% %9.3fs %9.3fs %8.2f%% %12.1f\n" $s "$u" "$t" \
    "$(echo "100 * ($t - $u) / $u" | bc -l)" "$wu" "$wt" "$(echo "100 * ($wt - $wu) / $wu" | bc -l)" \
    "$(echo "$by / $ev" | bc -l)"
done
