#!/usr/bin/env bash
# bench_calibrate.sh [BUILDDIR] [--samples "jacobi cg ..."] [--out DIR] [--link RATE] [--rounds N] [--smpi]
#
# LBF, NF and critical-path zeroing predictions checked on the emulated
# testbed, for every C sample: `skel generate` makes a ~1 s skeleton of the
# sample (2 ranks, traced on this machine), then `skel calibrate --app`
# measures, on 2 testbed hosts pinned to one core each,
#   placement 2/1   both ranks on host 1 (one core, the yield shim)
#   network RATE    every link limited to RATE (default 20mbit)
#   zero            the top 2 compute phases of the critical path, each
#                   removed from a regenerated skeleton
# the change of the run time the trace predicts, the change the skeleton
# shows and - for placement and network - the change the application shows.
# Prints one table (OUT/calibrate.txt) with the errors against the
# application and against the skeleton, and their means per kind; the
# per-sample outputs and CSVs stay in OUT.  With --smpi, SimGrid's SMPI
# simulates each sample on platforms fitted to the tables calibrate measured
# (bench_smpi.sh) and a second table puts Skel's predicted change, SMPI's
# and the application's side by side.  Measures, never passes or fails on
# time.  Needs root; about 10 minutes.  Run it on a quiet machine.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build/release
samples="jacobi cg isort mw pipeline"
out=${SKEL_BENCH_OUT:-/tmp/skel-bench-calibrate}
link=20mbit
rounds=5
smpi=0
while [ $# -gt 0 ]; do
    case $1 in
    --samples) samples=$2; shift ;;
    --out) out=$2; shift ;;
    --link) link=$2; shift ;;
    --rounds) rounds=$2; shift ;;
    --smpi) smpi=1 ;;
    -h | --help) sed -n '2,20p' "$0"; exit 0 ;;
    -*) echo "bench_calibrate.sh: unknown option $1" >&2; exit 2 ;;
    *) build=$1 ;;
    esac
    shift
done
skel=$build/runtime/cli/skel
bin=$build/samples
[ -x "$skel" ] || { echo "bench_calibrate.sh: $skel not found (scripts/build.sh)" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "bench_calibrate.sh: the testbed needs root" >&2; exit 1; }

# 3-6 s on the dedicated testbed; isort moves ~0.5 MB per rank and
# iteration, so it gets few iterations at 20 Mbit/s (each takes ~0.4 s
# there), and more on faster links: 100 iterations take only 0.35-0.44 s on
# the dedicated testbed, too short to measure a 1 Gbit/s link's ~2x against
# the launches' noise (its change came out at 2.10x and 2.59x in two runs).
app_args() {
    case $1 in
    jacobi) echo "-n 1024 -i 4000" ;;
    cg) echo "-n 640 -i 4000" ;;
    isort) case $link in
        1gbit | 1000mbit) echo "-k 262144 -i 800" ;;
        *) echo "-k 262144 -i 100" ;;
        esac ;;
    mw) echo "-t 5000" ;;
    pipeline) echo "-i 800" ;;
    esac
}

mkdir -p "$out"
echo "bench_calibrate.sh: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), link $link" |
    tee "$out/calibrate.log"
for s in $samples; do
    # shellcheck disable=SC2207
    args=($(app_args "$s"))
    echo "== $s: ${args[*]} (load $(cut -d' ' -f1-3 /proc/loadavg))" | tee -a "$out/calibrate.log"
    rm -rf "$out/$s-skel"
    # three traced runs, the median one kept: a trace taken while the
    # machine was slow carries off-CPU time into every prediction
    # (docs/predictions.md, the 1 Gbit/s table of 2026-11-26)
    "$skel" generate --target-seconds 1 --runs 3 --quiet -o "$out/$s-skel" -- \
        mpiexec.mpich -n 2 "$bin/$s" "${args[@]}" >>"$out/calibrate.log" 2>&1 ||
        { echo "   generate failed (see $out/calibrate.log)"; continue; }
    "$skel" calibrate --skeleton "$out/$s-skel" --placement 2/1 --link "$link" --zero 2 \
        --repeat 3 --rounds "$rounds" --app "$bin/$s ${args[*]}" --csv "$out/$s.csv" --keep "$out/$s-keep" \
        >"$out/$s.txt" 2>>"$out/calibrate.log" ||
        echo "   calibrate failed (see $out/calibrate.log)"
    sed 's/^/   /' "$out/$s.txt"
    if [ "$smpi" = 1 ] && [ -s "$out/$s-keep/table-testbed.csv" ]; then
        bash "$root/bench/bench_smpi.sh" "$out/$s-keep" "$s" "${args[@]}" >"$out/$s.smpi" \
            2>>"$out/calibrate.log" || echo "   bench_smpi.sh failed (see $out/calibrate.log)"
        sed 's/^/   /' "$out/$s.smpi"
    fi
done

# One table: sample, kind, target, predicted, skeleton change and error,
# application change and error; means of |error| per kind.
{
    echo
    echo "Predicted vs measured change of the run time (new / old), link $link"
    printf '%-9s %-10s %-28s %9s %9s %8s %9s %8s\n' sample prediction target predicted skeleton error app error
    for s in $samples; do
        [ -f "$out/$s.csv" ] || continue
        sed 's/"[^"]*"/Q/g' "$out/$s.csv" | awk -F, -v s="$s" 'NR > 1 {
            printf "%-9s %-10s %-28.28s %9s %9s %8s %9s %8s\n", s, $1, $2,
                ($3 == "" ? "-" : sprintf("%.3fx", $3)), ($4 == "" ? "-" : sprintf("%.3fx", $4)),
                ($5 == "" ? "-" : sprintf("%+.1f%%", 100 * $5)),
                ($12 == "" ? "-" : sprintf("%.3fx", $12)),
                ($13 == "" ? "-" : sprintf("%+.1f%%", 100 * $13)) }'
    done
    echo
    echo "mean |error|        against the skeleton   against the application"
    for k in placement network zero; do
        for s in $samples; do
            [ -f "$out/$s.csv" ] && sed 's/"[^"]*"/Q/g' "$out/$s.csv" | awk -F, -v k="$k" 'NR > 1 && $1 == k'
        done | awk -F, -v k="$k" '
            $5 != "" { se += ($5 < 0 ? -$5 : $5); sn++ }
            $13 != "" { ae += ($13 < 0 ? -$13 : $13); an++ }
            END { printf "%-18s %10s (%2d) %16s (%2d)\n", k,
                      sn ? sprintf("%.1f%%", 100 * se / sn) : "-", sn,
                      an ? sprintf("%.1f%%", 100 * ae / an) : "-", an }'
    done
} | tee "$out/calibrate.txt"

# Skel, SMPI and the application: the change each gives for the placement
# and the network, and Skel's and SMPI's errors against the application.
if [ "$smpi" = 1 ]; then
    {
        echo
        echo "Skel and SimGrid SMPI against the application (change new / old)"
        printf '%-9s %-10s %-10s %9s %13s %9s %9s %8s %8s\n' sample prediction target skel \
            interval smpi app "skel err" "smpi err"
        for s in $samples; do
            [ -f "$out/$s.csv" ] || continue
            sed 's/"[^"]*"/Q/g' "$out/$s.csv" | awk -F, 'NR > 1 && ($1 == "placement" || $1 == "network")' |
                while IFS=, read -r kind target pc _ _ _ _ _ _ _ _ ac _ _ lo hi _; do
                    sm=$(awk -v k="$kind" -v t="$target" '$1 == "smpi" && $2 == k && $3 == t { print $4 }' \
                        "$out/$s.smpi" 2>/dev/null)
                    awk -v s="$s" -v k="$kind" -v t="$target" -v p="$pc" -v lo="$lo" -v hi="$hi" \
                        -v m="${sm:-nan}" -v a="$ac" 'function x(v) { return v == "" || v == "nan" ? "-" : sprintf("%.3fx", v) }
                        function e(v) { return v == "" || v == "nan" || a == "" ? "-" : sprintf("%+.1f%%", 100 * (v / a - 1)) }
                        BEGIN { printf "%-9s %-10s %-10s %9s %13s %9s %9s %8s %8s\n", s, k, t, x(p),
                            (lo == "" ? "-" : sprintf("%.2f..%.2f", lo, hi)), x(m), x(a), e(p), e(m) }'
                done
        done
    } | tee -a "$out/calibrate.txt"
fi
