#!/usr/bin/env bash
# Traces every C sample with 2 ranks and checks skel critpath on it: the
# critical path is never longer than the run (first event start to last
# event end) nor shorter than any rank's busy (non-waiting) time; calls and
# call sites are two views of the same time on the path; zeroing an item
# never saves more than its share of the path.  With and without a table.
#
# Environment: SKEL_BUILD_DIR (the CMake build directory); SKEL_ASAN=1 when
# the build is sanitized.
set -euo pipefail

: "${SKEL_BUILD_DIR:?SKEL_BUILD_DIR must name the CMake build directory}"
skel="$SKEL_BUILD_DIR/runtime/cli/skel"
samples="$SKEL_BUILD_DIR/samples"
if [[ "${SKEL_ASAN:-0}" == 1 ]]; then
    export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fi

cases=(
    "jacobi -n 256 -i 200 -r 10"
    "cg -n 128 -i 100"
    "isort -k 100000 -i 5"
    "pipeline -n 256 -i 20 -b 8"
    "mw -t 100 --work-us 300 --prep-us 100"
)

failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/shm.csv" <<'CSV'
kind,size,oneway_ns_median
same-host,0,300
same-host,65536,10000
same-host,1048576,100000
CSV

for case in "${cases[@]}"; do
    read -r -a args <<<"$case"
    name=${args[0]}
    args=("${args[@]:1}")
    trace="$tmp/$name"
    echo "== $name ${args[*]}"
    if ! timeout 300 "$skel" trace --quiet -o "$trace" -- mpiexec.mpich -n 2 "$samples/$name" \
        "${args[@]}" >"$tmp/out" 2>&1; then
        fail "$name: skel trace failed"
        cat "$tmp/out" >&2
        continue
    fi
    for opts in "" "--table $tmp/shm.csv"; do
        # shellcheck disable=SC2086
        if ! "$skel" critpath --tsv --top 5 $opts "$trace" >"$tmp/c" 2>"$tmp/err"; then
            fail "$name: skel critpath $opts failed: $(cat "$tmp/err")"
            continue
        fi
        if ! awk -F'\t' -v name="$name" -v opts="$opts" '
            $1 == "run_ns" { run = $2 }
            $1 == "critical_path_ns" { cp = $2 }
            $1 == "busy_ns" { busy[$2] = $3 }
            $1 == "item" && $2 == "call" { calls += $3 }
            $1 == "item" && $2 == "site" { sites += $3 }
            $1 == "item" && $7 >= 0 && $7 > $3 + 1 {
                printf "zeroing %s saves %s ns, more than its %s ns on the path\n", $8, $7, $3; bad = 1 }
            END {
                printf "   %s: run %.0f ns, critical path %.0f ns", opts == "" ? "no table" : "a table", run, cp
                for (r in busy) printf ", rank %s busy %.0f", r, busy[r]
                printf "\n"
                if (cp > run + 1) { printf "critical path %.0f > run %.0f\n", cp, run; bad = 1 }
                for (r in busy) if (busy[r] > cp + 1) { printf "rank %s busy %.0f > critical path %.0f\n", r, busy[r], cp; bad = 1 }
                d = calls - sites; if (d < 0) d = -d
                if (d > 1 + 1e-9 * cp) { printf "calls %.0f != sites %.0f on the path\n", calls, sites; bad = 1 }
                exit bad }' "$tmp/c"; then
            fail "$name ($opts): see above"
        fi
    done
done

# Bad input is refused with a message.
status=0
"$skel" critpath --select '(' "$tmp/jacobi" >/dev/null 2>"$tmp/err" || status=$?
((status == 2)) || fail "--select with a bad pattern: exit status $status, not 2"
grep -q -- "--select" "$tmp/err" || fail "unhelpful error: $(cat "$tmp/err")"
status=0
"$skel" critpath "$tmp/no-such-trace" >/dev/null 2>&1 || status=$?
((status == 4)) || fail "a missing trace: exit status $status, not 4"

if ((failures > 0)); then
    echo "$failures failure(s)" >&2
    exit 1
fi
echo "critical paths ok"
