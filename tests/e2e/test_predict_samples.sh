#!/usr/bin/env bash
# Traces every C sample with 2 ranks, and the one-sided programs of the
# irregular corpus, and checks skel predict on each:
#  - the identity placement reproduces the measured run time (first event
#    start to last event end) within 5 %, without a communication table and
#    with one - a property of the model (docs/predictions.md), not a timing
#    threshold: the model splits each call's measured time so that the
#    traced placement on the traced network re-times every event as traced;
#  - a slower network never makes the run faster (NF), and neither does
#    putting both ranks on one processor (LBF), with any scheduler model;
#  - the interval's low end is not above its high end;
#  - a table the trace needs but that lacks the rows, bad placements and a
#    bad scheduler spec are refused with exit status 2 or 4.
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
    # one-sided synchronisation (fences and windows as synchronisations,
    # start/wait waiting for post/complete): programs of the corpus
    "irregular/onesided -i 200 -n 512"
    "irregular/pscw -i 200 -w 50000"
    "irregular/dynwin -i 200 -n 512"
)

failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Hand-written tables: the network the samples ran on (shared memory, about
# right for this machine) and one ten times slower.  The checks below do not
# depend on how right they are.
cat >"$tmp/shm.csv" <<'CSV'
# hand-written for the test: shared memory on one host
kind,size,oneway_ns_min,oneway_ns_median
same-host,0,250,300
same-host,4096,900,1000
same-host,65536,9000,10000
same-host,1048576,90000,100000
CSV
cat >"$tmp/slow.csv" <<'CSV'
kind,size,oneway_ns_median
same-host,0,3000
same-host,4096,10000
same-host,65536,100000
same-host,1048576,1000000
CSV
cat >"$tmp/cross-only.csv" <<'CSV'
kind,size,oneway_ns_median
cross-host,0,4000
CSV

# value KEY FILE: the value of a "KEY<TAB>value" line of skel's --tsv output
value() { awk -F'\t' -v k="$1" '$1 == k { print $2; exit }' "$2"; }
# within A B PCT: |A/B - 1| <= PCT %
within() { awk -v a="$1" -v b="$2" -v p="$3" 'BEGIN { r = a / b - 1; if (r < 0) r = -r; exit !(r <= p / 100) }'; }
# atleast A B: A >= B * (1 - 1e-9)
atleast() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a >= b * (1 - 1e-9)) }'; }

for case in "${cases[@]}"; do
    read -r -a args <<<"$case"
    name=${args[0]}
    bin="$samples/$name"
    if [[ $name == */* ]]; then
        bin="$SKEL_BUILD_DIR/tests/$name"
        name=${name##*/}
    fi
    args=("${args[@]:1}")
    trace="$tmp/$name"
    echo "== $name ${args[*]}"
    if ! timeout 300 "$skel" trace --quiet -o "$trace" -- mpiexec.mpich -n 2 "$bin" \
        "${args[@]}" >"$tmp/out" 2>&1; then
        fail "$name: skel trace failed"
        cat "$tmp/out" >&2
        continue
    fi
    for opts in "" "--table-current $tmp/shm.csv"; do
        # shellcheck disable=SC2086
        if ! "$skel" predict --tsv $opts "$trace" >"$tmp/p" 2>"$tmp/err"; then
            fail "$name: skel predict $opts failed: $(cat "$tmp/err")"
            continue
        fi
        measured=$(value measured_ns "$tmp/p")
        predicted=$(value predicted_ns "$tmp/p")
        echo "   identity ${opts:+with a table }: measured $measured ns, predicted $predicted ns"
        within "$predicted" "$measured" 5 ||
            fail "$name: identity prediction $predicted ns is not within 5 % of the measured $measured ns ($opts)"
    done
    base=$predicted
    "$skel" predict --tsv --table-current "$tmp/shm.csv" --network "$tmp/slow.csv" "$trace" >"$tmp/p"
    slow=$(value predicted_ns "$tmp/p")
    echo "   on a network 10x slower: $slow ns"
    atleast "$slow" "$base" || fail "$name: a slower network predicts a faster run ($slow < $base ns)"
    "$skel" predict --tsv --table-current "$tmp/shm.csv" --placement 2/1 "$trace" >"$tmp/p"
    one=$(value predicted_ns "$tmp/p")
    echo "   both ranks on one processor: $one ns"
    atleast "$one" "$base" || fail "$name: sharing a processor predicts a faster run ($one < $base ns)"
    # Whatever the scheduler model, sharing a processor is never faster.
    for sched in slice,wait=block slice,wait=yield,quantum=4ms slice,wait=spin,quantum=2ms,switch=5us; do
        "$skel" predict --tsv --no-interval --table-current "$tmp/shm.csv" --placement 2/1 \
            --sched "$sched" "$trace" >"$tmp/p"
        shared=$(value predicted_ns "$tmp/p")
        echo "   both ranks on one processor, $sched: $shared ns"
        atleast "$shared" "$base" || fail "$name: $sched predicts a faster run on one processor ($shared < $base ns)"
        grep -q '^body_lo_ns' "$tmp/p" && fail "$name: --no-interval printed an interval"
    done
    # The interval: every compute phase and call at the 10th percentile of its
    # kind cannot end later than all at the 90th (the replay is monotone).
    "$skel" predict --tsv --table-current "$tmp/shm.csv" "$trace" >"$tmp/p"
    lo=$(value body_lo_ns "$tmp/p") hi=$(value body_hi_ns "$tmp/p")
    echo "   interval of the body: $lo .. $hi ns"
    [[ -n "$lo" && -n "$hi" ]] && atleast "$hi" "$lo" && atleast "$lo" 1 ||
        fail "$name: interval '$lo' .. '$hi'"

    status=0
    "$skel" predict --table-current "$tmp/cross-only.csv" "$trace" >/dev/null 2>"$tmp/err" || status=$?
    ((status == 4)) || fail "$name: a table without same-host rows: exit status $status, not 4"
    grep -q "no same-host rows" "$tmp/err" || fail "$name: unhelpful error: $(cat "$tmp/err")"
    status=0
    "$skel" predict --placement 0,0 "$trace" >/dev/null 2>"$tmp/err" || status=$?
    ((status == 2)) || fail "$name: a bad placement: exit status $status, not 2"
done

status=0
"$skel" predict --sched slice,wait=nap "$tmp/jacobi" >/dev/null 2>"$tmp/err" || status=$?
((status == 2)) || fail "a bad --sched: exit status $status, not 2"
grep -q "nap" "$tmp/err" || fail "a bad --sched: the error does not name it: $(cat "$tmp/err")"

status=0
"$skel" predict --network "$tmp/slow.csv" "$tmp/jacobi" >/dev/null 2>&1 || status=$?
((status == 2)) || fail "--network without --table-current: exit status $status, not 2"

if ((failures > 0)); then
    echo "$failures failure(s)" >&2
    exit 1
fi
echo "predictions ok"
