#!/usr/bin/env bash
# skel netprobe on this machine: measures a same-host table in the documented
# format (the figures themselves are not checked: they are timings), refuses
# a cross-host measurement on one host, and writes nothing on failure.
#
# Environment: SKEL_BUILD_DIR (the CMake build directory).
set -euo pipefail

: "${SKEL_BUILD_DIR:?SKEL_BUILD_DIR must name the CMake build directory}"
skel="$SKEL_BUILD_DIR/runtime/cli/skel"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

if ! timeout 300 "$skel" netprobe --nodes local -o "$tmp/t.csv" --max-size 65536 \
    --seconds 0.01 --repeats 50 2>"$tmp/err"; then
    fail "skel netprobe failed: $(cat "$tmp/err")"
else
    cat "$tmp/err"
    head -5 "$tmp/t.csv"
    grep -q '^kind,size,oneway_ns_min,oneway_ns_median,repeats$' "$tmp/t.csv" ||
        fail "no header line in the table"
    rows=$(grep -c '^same-host,' "$tmp/t.csv" || true)
    ((rows >= 20)) || fail "only $rows same-host rows (0 B to 64 KiB: 0, powers of two, halfway points)"
    grep -q '^same-host,65536,' "$tmp/t.csv" || fail "no row for the largest size"
    ! grep -q '^cross-host' "$tmp/t.csv" || fail "cross-host rows measured on one host"
fi

status=0
"$skel" netprobe --nodes local --kind cross-host -o "$tmp/x.csv" >/dev/null 2>"$tmp/err" || status=$?
((status == 2)) || fail "cross-host on one host: exit status $status, not 2"
grep -q "no cross-host pair" "$tmp/err" || fail "unhelpful error: $(cat "$tmp/err")"
[[ ! -e "$tmp/x.csv" ]] || fail "a table was written although the measurement failed"
status=0
"$skel" netprobe --nodes local >/dev/null 2>&1 || status=$?
((status == 2)) || fail "no -o: exit status $status, not 2"
status=0
"$skel" netprobe -o "$tmp/y.csv" --kind nearby >/dev/null 2>&1 || status=$?
((status == 2)) || fail "--kind nearby: exit status $status, not 2"

if ((failures > 0)); then
    echo "$failures failure(s)" >&2
    exit 1
fi
echo "netprobe ok"
