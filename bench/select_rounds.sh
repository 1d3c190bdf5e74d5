#!/usr/bin/env bash
# select_rounds.sh - how many rounds `skel select` needs for a stable ranking
# at this machine's noise level, for candidates differing by 5, 10 and 20 %.
# Prints a table; never fails on the figures.  Run it on a quiet machine.
#
# usage: bench/select_rounds.sh [BUILD] [ROUNDS]     (root: the testbed)
#
#   1. a skeleton of the Jacobi sample (about 0.1 s per repeat, 2 ranks);
#   2. `skel select` on two identical candidates (both testbed hosts 1 and 2,
#      one rank each), ROUNDS interleaved rounds (default 15): its verdict on
#      identical candidates, and 2 x ROUNDS launch times - this machine's
#      noise as select sees it (each launch the median of --repeat 3);
#   3. bench_select_rounds resamples those launches into selections of 1-30
#      rounds between candidates differing by 0, 5, 10 and 20 % and reports
#      how often the ranking is right and the best two told apart.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build/release}" && pwd)
rounds=${2:-15}
skel="$build/runtime/cli/skel"
[ "$(id -u)" = 0 ] || { echo "select_rounds.sh: the testbed needs root" >&2; exit 2; }
[ -x "$build/bench/bench_select_rounds" ] || { echo "select_rounds.sh: build first ($build)" >&2; exit 2; }
work=$(mktemp -d /tmp/skel-bench-select.XXXXXX)
cleanup() {
    "$skel" testbed down >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

load() { cut -d' ' -f1-3 /proc/loadavg; }
echo "select rounds: $(nproc) CPUs, load average at start $(load), $rounds rounds"
"$skel" generate -K 20 -o "$work/sk" --quiet -- mpiexec.mpich -n 2 "$build/samples/jacobi" -n 1024 -i 2000
"$skel" testbed up --hosts 2 >/dev/null
printf '10.77.0.1\n10.77.0.2\n' >"$work/a.hosts"
printf '10.77.0.1\n10.77.0.2\n' >"$work/b.hosts"
"$skel" select --skeleton "$work/sk" --candidates "$work/a.hosts" "$work/b.hosts" --ratio 20 \
    --rounds "$rounds" --repeat 3 --csv "$work/sel.csv" >"$work/sel.out" 2>/dev/null
"$skel" testbed down >/dev/null
echo "== skel select on two identical candidates, $rounds rounds (load now $(load))"
grep -E '^(rank|1 |2 |warning|the best|load)' "$work/sel.out"
# The launch times: column 15 of the CSV (quoted host lists blanked first).
sed 's/"[^"]*"/Q/g' "$work/sel.csv" | awk -F, 'NR > 1 { n = split($15, v, ";"); for (i = 1; i <= n; i++) print v[i] }' \
    >"$work/samples"
echo
echo "== resampled selections"
"$build/bench/bench_select_rounds" --trials 4000 "$work/samples"
