#!/usr/bin/env bash
# accuracy.sh [BUILDDIR] [--quick] [--samples "jacobi cg ..."] [--out DIR] [--report-only]
#
# The accuracy table of Sodhi et al. section 5 on the emulated testbed: for every
# sample (jacobi, cg, isort, mw, pipeline), skeletons of about 1 s and 0.5 s
# made with `skel generate`, validated with `skel validate` under the
# dedicated run and the five sharing scenarios of
# runtime/scenarios/paper5.xml, on 2 testbed hosts with one rank each (host
# i pinned to core i-1).  Beside the skeletons, the two baselines of 5.4:
#   average prediction  the mean slowdown of the *other* four samples under
#                       the same scenario (leave-one-out; the paper averaged
#                       the whole suite, the program itself included)
#   small input         the same sample with a small problem (~0.1-1 s, like
#                       NAS class S), scaled by its dedicated ratio.
# Prints (and writes to OUT/accuracy.txt) the error per sample x scenario x
# skeleton size, the average error per size and per scenario, and the
# baselines; the per-sample tables and CSVs stay in OUT.  Measures, never
# passes or fails on time.  Needs root; takes about an hour (--quick: a few
# minutes, shorter applications: for trying the bench, not for figures).
# Run it on a quiet machine - the skeletons are made from traces, and a trace
# of a run that had to wait for the CPU makes a skeleton with too much
# compute; the load average is recorded before and after every sample.
# --report-only makes the tables again from OUT without running anything.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build/release
quick=0
report_only=0
samples="jacobi cg isort mw pipeline"
out=${SKEL_BENCH_OUT:-/tmp/skel-accuracy}
while [ $# -gt 0 ]; do
    case $1 in
    --quick) quick=1 ;;
    --report-only) report_only=1 ;;
    --samples) samples=$2; shift ;;
    --out) out=$2; shift ;;
    -h | --help) sed -n '2,26p' "$0"; exit 0 ;;
    -*) echo "accuracy.sh: unknown option $1" >&2; exit 2 ;;
    *) build=$1 ;;
    esac
    shift
done
skel=$build/runtime/cli/skel
bin=$build/samples
scenarios=$root/runtime/scenarios/paper5.xml
[ -x "$skel" ] || { echo "accuracy.sh: $skel not found (scripts/build.sh)" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "accuracy.sh: the testbed needs root" >&2; exit 1; }

# The applications: 10-20 s on the dedicated testbed, except isort, whose
# every iteration moves ~2 MB each way: 60x slower at 10 Mbit/s, so it runs
# ~2.5 s (each link scenario then takes 5-10 minutes, skeletons included).
# The small inputs: the same programs on a much smaller problem.
app_args() {
    case $1 in
    jacobi) [ $quick = 1 ] && echo "-n 1024 -i 2000" || echo "-n 1024 -i 10000" ;;
    cg) [ $quick = 1 ] && echo "-n 640 -i 2000" || echo "-n 640 -i 9000" ;;
    isort) [ $quick = 1 ] && echo "-k 262144 -i 40" || echo "-k 1048576 -i 150" ;;
    mw) [ $quick = 1 ] && echo "-t 2000" || echo "-t 12000" ;;
    pipeline) [ $quick = 1 ] && echo "-i 300" || echo "-i 2000" ;;
    esac
}
small_args() {
    case $1 in
    jacobi) echo "-n 256 -i 2000" ;;
    cg) echo "-n 160 -i 1400" ;;
    isort) echo "-k 65536 -i 60" ;;
    mw) echo "-t 900 --work-us 100 --prep-us 10" ;;
    pipeline) echo "-n 250 -i 350" ;;
    esac
}

load() { cut -d' ' -f1-3 /proc/loadavg; }

mkdir -p "$out"
log=$out/accuracy.log
note() { echo "$*" | tee -a "$log" >&2; }
run_all() {
: >"$log"

note "accuracy.sh: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(load), samples: $samples$([ $quick = 1 ] && echo ' (quick)')"
"$skel" testbed up --hosts 2 >>"$log"
trap '"$skel" testbed down >/dev/null 2>&1 || true' EXIT

for s in $samples; do
    read -r -a app <<<"$bin/$s $(app_args "$s")"
    note "== $s: ${app[*]} (load $(load))"
    # One trace for both sizes: the 0.5 s skeleton comes from the 1 s one's
    # signature, so that both see the same run (this machine's speed can
    # change by tens of % between two runs of the same program).
    for size in 1 0.5; do
        d=$out/$s-$size
        rm -rf "$d"
        if [ "$size" = 1 ]; then
            "$skel" generate --target-seconds "$size" -o "$d" --quiet -- \
                mpiexec.mpich -n 2 "${app[@]}" >>"$log" 2>&1 || { note "generate $s $size failed"; continue; }
        else
            [ -f "$out/$s-1/app.sig" ] || continue
            "$skel" gen "$out/$s-1/app.sig" --target-seconds "$size" --build --quiet -o "$d" \
                >>"$log" 2>&1 || { note "gen $s $size failed"; continue; }
        fi
        note "   skeleton $size s: K = $(awk '$1 == "k" { printf "%.3g", $2 }' "$d/skeleton.meta"), expected $(awk '$1 == "expected_s" { printf "%.3f", $2 }' "$d/skeleton.meta") s"
    done
    skels=()
    for size in 1 0.5; do
        [ -x "$out/$s-$size/skeleton" ] && skels+=(--skeleton "$out/$s-$size")
    done
    [ ${#skels[@]} -gt 0 ] || continue
    rm -rf "$out/logs-$s"
    mkdir -p "$out/logs-$s"
    "$skel" validate "${skels[@]}" --scenarios "$scenarios" --nodes testbed:1,2 \
        --small "$bin/$s $(small_args "$s")" --timeout 3600 --logs "$out/logs-$s" \
        --csv "$out/$s.csv" -- "${app[@]}" >"$out/$s.run.txt" 2>>"$log" ||
        note "   validate $s: exit status $? (see $out/$s.run.txt)"
    note "   done (load $(load))"
done
"$skel" testbed down >>"$log"
trap - EXIT
}
[ $report_only = 1 ] || run_all

# Average prediction: each sample against the other samples' slowdowns.
for s in $samples; do
    [ -f "$out/$s.csv" ] || continue
    others=()
    for o in $samples; do
        [ "$o" != "$s" ] && [ -f "$out/$o.csv" ] && others+=(--baseline-csv "$out/$o.csv")
    done
    "$skel" validate --from-csv "$out/$s.csv" "${others[@]}" --csv "$out/$s.final.csv" \
        >"$out/$s.txt"
done

# The table: one line per sample and scenario, then the averages.
{
    echo "Skeletons: K, the time skel generate expected, the dedicated time measured on the"
    echo "testbed (its own elapsed_s, median of 3), and the measured scaling ratio."
    printf "%-9s %5s %8s %11s %11s %8s\n" sample size K expected_s dedicated_s ratio
    for s in $samples; do
        for size in 1 0.5; do
            m=$out/$s-$size/skeleton.meta
            [ -f "$m" ] && [ -f "$out/$s.csv" ] || continue
            k=$(awk '$1 == "k" { print $2 }' "$m")
            e=$(awk '$1 == "expected_s" { print $2 }' "$m")
            sed 's/"[^"]*"/Q/g' "$out/$s.csv" | awk -F, -v s="$s" -v size="$size" -v k="$k" -v e="$e" \
                -v d="$out/$s-$size" '$1 == "skeleton" && $3 == 1 && $4 == d {
                    printf "%-9s %5s %8.2f %11.3f %11.3f %8.2f\n", s, size, k, e, $5, $11 }'
        done
    done
    echo
    echo "Prediction error (predicted - measured) / measured, in %; skeletons of ~1 s and ~0.5 s;"
    echo "average = mean slowdown of the other samples; small = small-input run."
    echo "Load average: see accuracy.log.  $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    for s in $samples; do
        [ -f "$out/$s.final.csv" ] || continue
        sed 's/"[^"]*"/Q/g' "$out/$s.final.csv" | awk -F, -v s="$s" '
            NR == 1 { next }
            $1 == "app" { app[$2] = $5; if (!($2 in seen)) { seen[$2] = 1; order[n++] = $2 } }
            $1 == "skeleton" { if (!($4 in sk)) { sk[$4] = ++nsk; kk[nsk] = $12 }
                               e[$2, "s" sk[$4]] = $10 }
            $1 == "average" { e[$2, "avg"] = $10 }
            $1 == "small" { e[$2, "small"] = $10 }
            function pct(x) { return x == "" ? "      -" : sprintf("%+7.1f", x * 100) }
            END {
                for (i = 0; i < n; i++) {
                    sc = order[i]
                    printf "%-9s %-17s %9.2f", s, sc, app[sc]
                    for (k = 1; k <= 2; k++) printf " %s", pct(e[sc, "s" k])
                    printf " %s %s\n", pct(e[sc, "avg"]), pct(e[sc, "small"])
                }
            }'
    done | awk '
        BEGIN { printf "%-9s %-17s %9s %7s %7s %7s %7s\n", "sample", "scenario", "app_s", "1s", "0.5s", "average", "small" }
        { print }
        # Averages of |error| over the shared scenarios (dedicated is 0 by construction).
        $2 != "dedicated" {
            for (c = 4; c <= 7; c++) if ($c != "-") {
                v = $c < 0 ? -$c : $c
                sum[c] += v; cnt[c]++; ssum[$2, c] += v; scnt[$2, c]++
                if (!($2 in sn)) { sn[$2] = 1; sorder[ns++] = $2 }
            }
        }
        END {
            printf "\nmean |error| per scenario (%%)\n%-27s %7s %7s %7s %7s\n", "scenario", "1s", "0.5s", "average", "small"
            for (i = 0; i < ns; i++) {
                printf "%-27s", sorder[i]
                for (c = 4; c <= 7; c++) printf " %7.1f", scnt[sorder[i], c] ? ssum[sorder[i], c] / scnt[sorder[i], c] : 0
                printf "\n"
            }
            printf "%-27s", "all shared scenarios"
            for (c = 4; c <= 7; c++) printf " %7.1f", cnt[c] ? sum[c] / cnt[c] : 0
            printf "\n"
        }'
} | tee "$out/accuracy.txt"
note "accuracy.sh: finished $(date -u '+%H:%M UTC'), load $(load); tables in $out"
