#!/usr/bin/env bash
# yield_placement.sh [BUILDDIR] - the application's change when both of its
# 2 ranks share one core (taskset -c 0) under the yield shim, against the
# change `skel predict --placement 2/1` predicts from its trace.
#
# Each round, for each program: trace it (skel trace, no shim, as `skel
# generate` does), run it on the machine's 2 cores under the shim (A), on
# one core under the shim (placed), on one core under OLD_SHIM if given
# (placed-old), and on 2 cores again (B); the program's own timing of its
# loop is the time.  The application's change is placed / mean(A, B), its
# noise floor A / B; the prediction is predict's body under each scheduler
# model of SCHEDS over the identity's body on that round's trace (and the
# same with OLD_SKEL, another build of skel, when given).  Prints
# medians over the rounds with the distribution-free interval of the median
# (order statistics; its coverage printed).  Measures, never passes or fails.
#
#   R=6 OLD_SHIM=/tmp/old/libskelshim-yield.so bench/yield_placement.sh build/release
#   OLD_SKEL=/tmp/old/skel: also the predictions of another build of skel on the same traces
#   PROGRAMS="pscw onesided pipeline" (default)
#   SCHEDS="fair fair,wait=spin slice,wait=spin slice,wait=yield,quantum=3ms,switch=8us"
#   (default; the last is what skel calibrate's probe measures on this VM)
# Runs under the MPI lock (/tmp/skel-mpi.lock), one round at a time.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/release}
R=${R:-6}
PROGRAMS=${PROGRAMS:-"pscw onesided pipeline"}
SCHEDS=${SCHEDS:-"fair fair,wait=spin slice,wait=spin slice,wait=yield,quantum=3ms,switch=8us"}
skel=$build/runtime/cli/skel
shim=$build/runtime/libskelshim-yield.so
[ -x "$skel" ] && [ -f "$shim" ] || { echo "yield_placement: build $build first" >&2; exit 1; }
command -v mpiexec.mpich > /dev/null || { echo "yield_placement: needs MPICH" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cmd_of() {
    case $1 in
    pscw) echo "$build/tests/irregular/pscw -i 300 -w 3000000" ;;
    onesided) echo "$build/tests/irregular/onesided -i 200 -n 512 -w 3000000" ;;
    dynwin) echo "$build/tests/irregular/dynwin -i 200 -w 3000000" ;;
    jacobi | cg) echo "$build/samples/$1 -i 300" ;;
    mw) echo "$build/samples/mw -t 500" ;;
    *) echo "$build/samples/$1 -i 100" ;;
    esac
}
# The time a program prints for its loop ("... in 1.234 s", "..., 1.234 s").
secs() { grep -oE '[0-9]+\.[0-9]+ s' | tail -1 | awk '{print $1}'; }
run() { # run CORES SHIM CMD...
    local cores=$1 lib=$2
    shift 2
    local pin=()
    [ "$cores" = 1 ] && pin=(taskset -c 0)
    timeout 900 "${pin[@]}" mpiexec.mpich -n 2 -genv LD_PRELOAD "$lib" "$@" 2>&1 | secs
}
body() { "${SKEL:-$skel}" predict --tsv --no-interval "$@" | awk -F'\t' '$1 == "body_ns" {print $2}'; }

for r in $(seq 1 "$R"); do
    for p in $PROGRAMS; do
        read -r -a cmd <<< "$(cmd_of "$p")"
        tr=$tmp/tr_${p}_$r
        (
            flock 9
            "$skel" trace --quiet --timeout 600 -o "$tr" -- mpiexec.mpich -n 2 "${cmd[@]}" > /dev/null
            a=$(run 2 "$shim" "${cmd[@]}")
            pl=$(run 1 "$shim" "${cmd[@]}")
            old=NA
            [ -n "${OLD_SHIM:-}" ] && old=$(run 1 "$OLD_SHIM" "${cmd[@]}")
            b=$(run 2 "$shim" "${cmd[@]}")
            for v in "$a" "$pl" "$old" "$b"; do
                [ -n "$v" ] || { echo "yield_placement: $p printed no time" >&2; exit 1; }
            done
            preds=""
            for bin in "$skel" ${OLD_SKEL:-}; do
                id=$(SKEL=$bin body "$tr")
                for sc in $SCHEDS; do
                    v=$(SKEL=$bin body --placement 2/1 --sched "$sc" "$tr")
                    preds="$preds $(awk -v a="$v" -v b="$id" 'BEGIN { print a / b }')"
                done
            done
            echo "$p $r $a $pl $old $b $(cut -d' ' -f1 /proc/loadavg)$preds" >> "$tmp/rows"
            echo "round $r $p: A $a s, placed $pl s, placed-old $old s, B $b s (load $(cut -d' ' -f1 /proc/loadavg))" >&2
        ) 9> /tmp/skel-mpi.lock
        rm -rf "$tr"
    done
done

# median and the order-statistic interval of the median over n values.
awk -v scheds="$SCHEDS" -v old="${OLD_SKEL:+1}" '
function sort(a, n,   i, j, t) { for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t } }
function med(a, n) { sort(a, n); return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
function binom(n, k,   c, i) { c = 1; for (i = 1; i <= k; i++) c = c * (n - k + i) / i; return c }
# largest k with P(Bin(n, 1/2) < k) <= 2.5 %: [x(k), x(n-k+1)]
function kk(n,   k, s, i, best) { best = 0; for (k = 1; k <= n; k++) { s = 0; for (i = 0; i < k; i++) s += binom(n, i); if (s / 2 ^ n <= 0.025) best = k } return best }
function cov(n, k,   s, i) { s = 0; for (i = 0; i < k; i++) s += binom(n, i); return 1 - 2 * s / 2 ^ n }
function show(name, a, n,   k, m) {
    m = med(a, n); k = kk(n)
    if (k == 0) printf "%-50s %7.3fx  (too few rounds for an interval)\n", name, m
    else printf "%-50s %7.3fx  [%.3f, %.3f]  (coverage %.1f %%)\n", name, m, a[k], a[n - k + 1], 100 * cov(n, k)
}
BEGIN { ns = split(scheds, sc, " "); nb = old ? 2 : 1 }
{ p = $1; n[p]++; i = n[p]; base = ($3 + $6) / 2
  app[p, i] = $4 / base; olds[p, i] = $5 == "NA" ? -1 : $5 / base; noise[p, i] = $3 / $6
  for (j = 1; j <= ns * nb; j++) pr[p, i, j] = $(7 + j)
  order[p] = 1 }
END {
    for (p in order) {
        printf "== %s: %d rounds\n", p, n[p]
        for (i = 1; i <= n[p]; i++) x[i] = app[p, i]; show("application 2/1, shim", x, n[p])
        if (olds[p, 1] >= 0) { for (i = 1; i <= n[p]; i++) x[i] = olds[p, i]; show("application 2/1, OLD_SHIM", x, n[p]) }
        for (i = 1; i <= n[p]; i++) x[i] = noise[p, i]; show("noise floor A/B", x, n[p])
        for (b = 1; b <= nb; b++)
            for (j = 1; j <= ns; j++) {
                for (i = 1; i <= n[p]; i++) x[i] = pr[p, i, (b - 1) * ns + j]
                show(sprintf("%spredicted, %s", b == 2 ? "OLD_SKEL " : "", sc[j]), x, n[p])
            }
    }
}' "$tmp/rows"
echo "rows (program round A placed placed-old B load, then predicted/identity per SCHEDS, then OLD_SKEL's):"
cat "$tmp/rows"
