#!/bin/bash
# cache_share.sh - what two processes sharing one processor cost each other
# through the caches (issue 18: LBF models a shared processor's time, not
# its caches; docs/predictions.md, "Caches of a shared processor").
# Prints figures, never passes or fails: run it on a quiet machine.
#
#   bench/cache_share.sh [SIZES_KIB] [ROUNDS]
#
# A sweep reads and writes W bytes over and over (a stencil's grid), a
# fixed number of bytes in all.  Per working set W (default 256 KiB to 128
# MiB) and round (default 5), interleaved: one sweep alone on CPU 1, then
# two at once on CPU 1.  The figure is each process's CPU time against the
# sweep's alone (medians over the rounds, the pair's range beside it): a
# process sharing a processor is not charged the other's time, so what it
# gains is what the other did to its caches (and the switches).
set -euo pipefail
SIZES=${1:-"256 1024 4096 8192 16384 32768 65536 131072"}
ROUNDS=${2:-5}
TOTAL_MIB=${TOTAL_MIB:-8000}
W=$(mktemp -d /tmp/skel-cache.XXXXXX)
trap 'rm -rf "$W"' EXIT
cc -O2 -o "$W/sweep" -x c - <<'CEOF'
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sys/resource.h>
static double now(clockid_t c)
{
    struct timespec t;
    clock_gettime(c, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
int main(int argc, char **argv)
{
    if (argc != 3)
        return 2;
    size_t w = strtoull(argv[1], NULL, 10), n = w / sizeof(double);
    double total = strtod(argv[2], NULL) * 1048576.0;
    double *a = malloc(n * sizeof *a);
    if (a == NULL || n == 0)
        return 1;
    for (size_t i = 0; i < n; i++)
        a[i] = (double)i;
    long sweeps = (long)(total / (double)w);
    if (sweeps < 1)
        sweeps = 1;
    double c0 = now(CLOCK_PROCESS_CPUTIME_ID), w0 = now(CLOCK_MONOTONIC);
    for (long s = 0; s < sweeps; s++)
        for (size_t i = 0; i < n; i++)
            a[i] = a[i] * 0.999 + 1.0;
    double c1 = now(CLOCK_PROCESS_CPUTIME_ID), w1 = now(CLOCK_MONOTONIC);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("%.6f %.6f %ld %g\n", c1 - c0, w1 - w0, ru.ru_nivcsw, a[n / 2] > 0 ? 0.0 : 1.0);
    return 0;
}
CEOF
echo "cache_share.sh: $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg), $ROUNDS rounds, $TOTAL_MIB MiB swept per process"
lscpu | grep -E '^L[123]' | tr -s ' ' || true
for r in $(seq "$ROUNDS"); do
  for kib in $SIZES; do
    bytes=$((kib * 1024))
    echo "alone $kib $(taskset -c 1 "$W/sweep" "$bytes" "$TOTAL_MIB")" >> "$W/res"
    taskset -c 1 "$W/sweep" "$bytes" "$TOTAL_MIB" > "$W/p1" &
    p1=$!
    taskset -c 1 "$W/sweep" "$bytes" "$TOTAL_MIB" > "$W/p2" &
    p2=$!
    wait "$p1" "$p2"
    echo "pair $kib $(cat "$W/p1")" >> "$W/res"
    echo "pair $kib $(cat "$W/p2")" >> "$W/res"
  done
done
printf '%9s %10s %10s %9s %16s %10s %16s\n' "W_KiB" "alone_cpu" "pair_cpu" "extra" "pair range" "switches" "pair/alone wall"
for kib in $SIZES; do
  awk -v k="$kib" '
    function med(v, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
                                    return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }
    $2 == k && $1 == "alone" { a[++na] = $3; aw[na] = $4 }
    $2 == k && $1 == "pair" { p[++np] = $3; pw[np] = $4; sw[np] = $5
                              if (np == 1 || $3 < lo) lo = $3; if (np == 1 || $3 > hi) hi = $3 }
    END { ac = med(a, na); pc = med(p, np); awm = med(aw, na); pwm = med(pw, np)
          printf "%9d %9.3fs %9.3fs %+8.1f%% %+7.1f..%+5.1f%% %10d %16.3f\n", k, ac, pc, 100 * (pc / ac - 1),
                 100 * (lo / ac - 1), 100 * (hi / ac - 1), med(sw, np), pwm / awm }' "$W/res"
done
