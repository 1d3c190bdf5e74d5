#!/usr/bin/env bash
# ab_time.sh - compare the wall time of two commands, interleaved (A, B, A,
# B...: a drift of the machine hits both alike), and print each one's median
# with its range, and B/A as the median of the per-round ratios with a 95 %
# bootstrap interval (10000 resamples of the rounds).  The spread of A's
# rounds about its median is the noise floor.  Prints figures; never fails
# on them.
#
# usage: R=9 bench/ab_time.sh [--label-a A] [--label-b B] -- CMD_A... -- CMD_B...
#
# The commands run with their output thrown away; a failing command stops
# the comparison.
set -euo pipefail

rounds=${R:-9}
la=A lb=B
while (($# > 0)) && [[ $1 != -- ]]; do
    case $1 in
    --label-a) la=$2; shift 2 ;;
    --label-b) lb=$2; shift 2 ;;
    -h | --help) sed -n '2,/^set -e/p' "$0" | sed 's/^# \{0,1\}//; /^set -e/d'; exit 0 ;;
    *) echo "ab_time.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
(($# > 0)) || { echo "ab_time.sh: expected -- CMD_A... -- CMD_B..." >&2; exit 2; }
shift
a=() b=()
while (($# > 0)) && [[ $1 != -- ]]; do a+=("$1"); shift; done
(($# > 0)) || { echo "ab_time.sh: expected -- CMD_B..." >&2; exit 2; }
shift
b=("$@")
((${#a[@]} > 0 && ${#b[@]} > 0)) || { echo "ab_time.sh: empty command" >&2; exit 2; }

now() { date +%s.%N; }
time_of() {
    local t0 t1
    t0=$(now)
    "$@" >/dev/null 2>&1 || { echo "ab_time.sh: failed: $*" >&2; return 1; }
    t1=$(now)
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f\n", b - a }'
}

times=$(mktemp)
trap 'rm -f "$times"' EXIT
echo "ab_time: $rounds rounds, $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)"
for ((i = 1; i <= rounds; i++)); do
    ta=$(time_of "${a[@]}")
    tb=$(time_of "${b[@]}")
    echo "$ta $tb" >>"$times"
done
# The bootstrap: 10000 medians of rounds resampled with replacement, sorted
# to read the 2.5 % and 97.5 % points.
boot=$(awk 'function median(v, n,   i, j, t, w) {
    for (i = 1; i <= n; i++) w[i] = v[i]
    for (i = 2; i <= n; i++) { t = w[i]; for (j = i - 1; j >= 1 && w[j] > t; j--) w[j + 1] = w[j]; w[j + 1] = t }
    return n % 2 ? w[(n + 1) / 2] : (w[n / 2] + w[n / 2 + 1]) / 2
}
{ n++; Q[n] = $1 > 0 ? $2 / $1 : 0 }
END {
    srand(1)
    for (k = 1; k <= 10000; k++) {
        for (i = 1; i <= n; i++) S[i] = Q[int(rand() * n) + 1]
        printf "%.6f\n", median(S, n)
    }
}' "$times" | sort -g | sed -n '250p;9751p' | tr '\n' ' ')
awk -v la="$la" -v lb="$lb" -v boot="$boot" -v load="$(cut -d' ' -f1-3 /proc/loadavg)" '
function median(v, n,   i, j, t, w) {
    for (i = 1; i <= n; i++) w[i] = v[i]
    for (i = 2; i <= n; i++) { t = w[i]; for (j = i - 1; j >= 1 && w[j] > t; j--) w[j + 1] = w[j]; w[j + 1] = t }
    return n % 2 ? w[(n + 1) / 2] : (w[n / 2] + w[n / 2 + 1]) / 2
}
function minof(v, n,   i, m) { m = v[1]; for (i = 2; i <= n; i++) if (v[i] < m) m = v[i]; return m }
function maxof(v, n,   i, m) { m = v[1]; for (i = 2; i <= n; i++) if (v[i] > m) m = v[i]; return m }
{ n++; A[n] = $1; B[n] = $2; Q[n] = $1 > 0 ? $2 / $1 : 0 }
END {
    ma = median(A, n); mb = median(B, n); mq = median(Q, n)
    split(boot, ci, " ")
    printf "%-10s median %.3f s  range %.3f-%.3f s  (noise floor: %+.1f..%+.1f %% about the median)\n", la, ma, minof(A, n), maxof(A, n), 100 * (minof(A, n) / ma - 1), 100 * (maxof(A, n) / ma - 1)
    printf "%-10s median %.3f s  range %.3f-%.3f s\n", lb, mb, minof(B, n), maxof(B, n)
    printf "%s/%s  %.3f  95 %% interval [%.3f, %.3f] (median of %d paired rounds)\n", lb, la, mq, ci[1], ci[2], n
    printf "load at the end %s\n", load
}' "$times"
