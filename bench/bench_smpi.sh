#!/usr/bin/env bash
# bench_smpi.sh [--rounds N] WORKDIR SAMPLE [ARGS...]
#
# SimGrid's SMPI beside Skel: the change of a sample's run time that SMPI
# predicts for the targets `skel calibrate --keep WORKDIR` measured, on
# platform files describing the same emulated hosts and links.  Prints one
# line per target:
#
#     smpi TARGET CHANGE BASE_S TARGET_S
#
# (TARGET: "placement 2/1", "network 20mbit", ...; CHANGE = simulated time on
# the target / on the baseline, medians over N rounds).  bench_calibrate.sh
# puts it beside Skel's prediction and the measured application.
#
# The platforms are calibrated as SimGrid's documentation describes for
# SMPI: the hosts run at the speed of the machine the simulation runs on
# (smpi/host-speed and the hosts' speed equal, so a computation takes the
# time it took here, measured as the simulation runs it); the network model
# is SMPI's (Degomme et al.), with piecewise-linear latency and bandwidth factors
# (smpi/lat-factor, smpi/bw-factor) fitted to the ping-pong tables calibrate
# measured on the testbed - unlimited for the baseline, two ranks on host 1
# for the placement (a loopback link inside the host), each limited table
# for its network (whose link has the limit's nominal rate); MPICH's
# collective algorithms (smpi/coll-selector:mpich).  The placement puts both
# ranks on one host of one core, which SimGrid shares fairly between them.
#
# Needs smpicc and smpirun (Debian's libsimgrid-dev); as root it installs
# that package when it is missing.  Prints figures, never fails on them.
set -euo pipefail
rounds=3
while (($# > 0)); do
    case $1 in
    --rounds) rounds=$2; shift 2 ;;
    -h | --help) sed -n '2,/^set -e/p' "$0" | sed 's/^# \{0,1\}//; /^set -e/d'; exit 0 ;;
    *) break ;;
    esac
done
(($# >= 2)) || { echo "usage: bench_smpi.sh [--rounds N] WORKDIR SAMPLE [ARGS...]" >&2; exit 2; }
work=$1 sample=$2
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
src=$root/samples/$sample.c
[ -f "$src" ] || { echo "bench_smpi.sh: no sample $src" >&2; exit 2; }
[ -s "$work/table-testbed.csv" ] || { echo "bench_smpi.sh: $work/table-testbed.csv missing (skel calibrate --keep $work)" >&2; exit 2; }

if ! command -v smpicc >/dev/null || ! command -v smpirun >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "bench_smpi.sh: installing libsimgrid-dev (SMPI)" >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q libsimgrid-dev >&2 ||
            { echo "bench_smpi.sh: cannot install libsimgrid-dev" >&2; exit 3; }
    else
        echo "bench_smpi.sh: smpicc/smpirun not found (Debian: apt-get install libsimgrid-dev)" >&2
        exit 3
    fi
fi

out=$work/smpi
mkdir -p "$out"
exe=$out/$sample
smpicc -O2 -o "$exe" "$src" -lm >"$out/build.log" 2>&1 ||
    { echo "bench_smpi.sh: smpicc failed (see $out/build.log)" >&2; exit 1; }

# fit TABLE KIND: the SMPI factors of a ping-pong table, fitted per segment
# of message sizes (breaks at one Ethernet frame, at MPICH/UCX's switch to
# its rendezvous protocol and at 64 KiB): in each, a least-squares line
# t = a + b s through the measured one-way times; with the link's nominal
# latency L (the first segment's a) and bandwidth B (the largest segment's
# 1/b, or the nominal rate given), lat-factor = a / L and bw-factor =
# (1 / b) / B.  Prints "L B LATFACTORS BWFACTORS" (seconds, bytes/s, and
# SMPI's "size:factor;..." strings).
fit() {
    local table=$1 kind=$2 rate=${3:-0}
    awk -F, -v kind="$kind" -v rate="$rate" '
        /^#/ || NF < 3 { next }
        !hdr { for (i = 1; i <= NF; i++) { gsub(/ /, "", $i); col[$i] = i }; hdr = 1; next }
        { gsub(/ /, "") }
        $col["kind"] == kind { n++; s[n] = $col["size"] + 0; t[n] = $col["oneway_ns_median"] * 1e-9 }
        END {
            if (n < 4) { print "fit: too few rows" > "/dev/stderr"; exit 1 }
            nb = split("0 1500 16385 65536", br, " ")
            for (k = 1; k <= nb; k++) {
                lo = br[k] + 0; hi = k < nb ? br[k + 1] + 0 : 1e30
                m = 0; sx = sy = sxx = sxy = 0
                for (i = 1; i <= n; i++) if (s[i] >= lo && s[i] < hi) {
                    m++; sx += s[i]; sy += t[i]; sxx += s[i] * s[i]; sxy += s[i] * t[i] }
                if (m == 0) { a[k] = a[k - 1]; b[k] = b[k - 1]; continue }
                d = m * sxx - sx * sx
                b[k] = (m > 1 && d > 0) ? (m * sxy - sx * sy) / d : 0
                a[k] = (sy - b[k] * sx) / m
                if (a[k] <= 0) a[k] = 1e-7
                if (b[k] <= 0) b[k] = 1e-12
            }
            L = a[1]
            B = rate > 0 ? rate / 8 : 1 / b[nb]
            lat = ""; bw = ""
            for (k = 1; k <= nb; k++) {
                lat = lat (k > 1 ? ";" : "") br[k] ":" sprintf("%.6g", a[k] / L)
                bw = bw (k > 1 ? ";" : "") br[k] ":" sprintf("%.6g", (1 / b[k]) / B)
            }
            printf "%.9g %.9g %s %s\n", L, B, lat, bw
        }' "$table"
}

# platform FILE HOSTS L B: HOSTS hosts h1.. of one core at 1 Gflop/s in a
# full routing zone; every ordered pair of hosts through a link of its own
# of latency L (s) and bandwidth B (bytes/s) - the testbed shapes each
# host's traffic in each direction separately, so the two directions do not
# share a bandwidth - and a host to itself through its loopback (the same).
platform() {
    local file=$1 n=$2 lat=$3 bw=$4
    {
        echo "<?xml version='1.0'?>"
        echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
        echo '<platform version="4.1">'
        echo '  <zone id="testbed" routing="Full">'
        # SimGrid's DTD wants the hosts, then the links, then the routes.
        for ((i = 1; i <= n; i++)); do
            echo "    <host id=\"h$i\" speed=\"1Gf\" core=\"1\"/>"
        done
        for ((i = 1; i <= n; i++)); do
            for ((j = 1; j <= n; j++)); do
                echo "    <link id=\"l$i-$j\" bandwidth=\"${bw}Bps\" latency=\"${lat}s\"/>"
            done
        done
        for ((i = 1; i <= n; i++)); do
            for ((j = 1; j <= n; j++)); do
                echo "    <route src=\"h$i\" dst=\"h$j\" symmetrical=\"NO\"><link_ctn id=\"l$i-$j\"/></route>"
            done
        done
        echo '  </zone>'
        echo '</platform>'
    } >"$file"
}

# simulate NAME PLATFORM HOSTFILE LAT BW: the simulated time of one run (s)
simulate() {
    local name=$1 plat=$2 hosts=$3 lat=$4 bw=$5
    shift 5
    smpirun -np 2 -platform "$plat" -hostfile "$hosts" \
        --cfg=smpi/display-timing:yes --cfg=smpi/host-speed:1Gf --cfg=smpi/coll-selector:mpich --cfg=network/crosstraffic:1 \
        "--cfg=smpi/lat-factor:$lat" "--cfg=smpi/bw-factor:$bw" \
        "$exe" "$@" >"$out/$name.log" 2>&1 || { echo nan; return; }
    sed -n 's/.*Simulated time: \([0-9.e+-]*\) seconds.*/\1/p' "$out/$name.log" | tail -1 | grep . || echo nan
}

read -r L B LF BF < <(fit "$work/table-testbed.csv" cross-host)
printf 'h1\nh2\n' >"$out/hosts-base"
printf 'h1\nh1\n' >"$out/hosts-place"
platform "$out/base.xml" 2 "$L" "$B"
targets=()
if [ -s "$work/table-testbed-shared.csv" ]; then
    read -r Ls Bs LFs BFs < <(fit "$work/table-testbed-shared.csv" same-host)
    platform "$out/place.xml" 1 "$Ls" "$Bs"
    targets+=("placement 2/1|$out/place.xml|$out/hosts-place|$LFs|$BFs")
fi
for t in "$work"/table-testbed-*bit.csv; do
    [ -s "$t" ] || continue
    rate=${t##*table-testbed-}
    rate=${rate%.csv}
    bps=$(awk -v r="$rate" 'BEGIN { v = r + 0; u = r; sub(/^[0-9.]+/, "", u);
        m = u == "kbit" ? 1e3 : u == "mbit" ? 1e6 : u == "gbit" ? 1e9 : 1; print v * m }')
    read -r Ln Bn LFn BFn < <(fit "$t" cross-host "$bps")
    platform "$out/net-$rate.xml" 2 "$Ln" "$Bn"
    targets+=("network $rate|$out/net-$rate.xml|$out/hosts-base|$LFn|$BFn")
done

# Rounds: the baseline and every target once each, the changes against the
# same round's baseline; medians.
declare -A ratios
for ((r = 0; r < rounds; r++)); do
    b=$(simulate "base-$r" "$out/base.xml" "$out/hosts-base" "$LF" "$BF" "$@")
    for t in "${targets[@]}"; do
        IFS='|' read -r name plat hosts lf bf <<<"$t"
        v=$(simulate "$(echo "$name" | tr '/ ' '_-')-$r" "$plat" "$hosts" "$lf" "$bf" "$@")
        ratios[$name]+="$v $b "
    done
done
for t in "${targets[@]}"; do
    name=${t%%|*}
    echo "${ratios[$name]}" | awk -v n="$name" '{
        k = 0; for (i = 1; i < NF; i += 2) if ($i != "nan" && $(i + 1) != "nan" && $(i + 1) > 0) {
            k++; c[k] = $i / $(i + 1); tb[k] = $(i + 1); tt[k] = $i }
        if (k == 0) { printf "smpi %s nan nan nan\n", n; exit }
        for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (c[j] < c[i]) {
            x = c[i]; c[i] = c[j]; c[j] = x; x = tb[i]; tb[i] = tb[j]; tb[j] = x; x = tt[i]; tt[i] = tt[j]; tt[j] = x }
        m = int((k + 1) / 2)
        printf "smpi %s %.4f %.4f %.4f\n", n, c[m], tb[m], tt[m] }'
done
