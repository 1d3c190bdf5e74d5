#!/usr/bin/env bash
# Traces every sample with 2 ranks and small arguments, compresses each
# trace and checks the signature:
#  - at threshold 0 it is lossless: `skel compress --verify` reads the file
#    back and replays every rank's expansion against the trace (call, peers,
#    tags, communicator, counts, bytes, root, operation, completed requests);
#  - independently, the per-call counts of `skel show --expand` equal the
#    sample's own `--expect` counts;
#  - over a grid of thresholds the signature still verifies (calls exact,
#    sizes within the threshold) and Q never decreases; --scale picks one;
#  - rank classes: jacobi's ranks (2, and 4 on a 2 x 2 grid) fold into one
#    class, the master of mw stays alone;
#  - a damaged signature is refused with its line and nothing on stdout;
#    usage errors exit 2, --help 0.
#
# Environment: SKEL_BUILD_DIR (the CMake build directory); SKEL_ASAN=1 when
# the build is sanitized.
set -euo pipefail

: "${SKEL_BUILD_DIR:?SKEL_BUILD_DIR must name the CMake build directory}"
samples="$SKEL_BUILD_DIR/samples"
skel="$SKEL_BUILD_DIR/runtime/cli/skel"
tracer="$SKEL_BUILD_DIR/tracer/libskeltrace.so"
mpiexec=mpiexec.mpich

asan_rt=""
if [[ "${SKEL_ASAN:-0}" == 1 ]]; then
    export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
    # The sanitized tracer needs the sanitizer runtime in programs built
    # without it (the Fortran samples, compiled by mpif90.mpich).
    for lib in libclang_rt.asan-x86_64.so libasan.so; do
        rt=$("${SKEL_C_COMPILER:-cc}" -print-file-name="$lib" 2>/dev/null || true)
        if [[ "$rt" == /* && -e "$rt" ]]; then
            asan_rt=$rt
            break
        fi
    done
fi

cases=(
    "jacobi -n 128 -i 400 -r 5"
    "cg -n 64 -i 40"
    "isort -k 20000 -i 12"
    "pipeline -n 128 -i 10 -b 8"
    "mw -t 40 --work-us 200 --prep-us 50"
    "fstencil -n 10000 -i 50"
    "fstencil08 -n 10000 -i 50"
)
fortran=" fstencil fstencil08 "
thresholds=(0 0.005 0.01 0.02 0.05 0.1 0.2)

failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for tool in "$skel" "$tracer"; do
    [[ -e "$tool" ]] || { echo "FAIL: $tool is missing" >&2; exit 1; }
done

# trace NAME NRANKS ARGS...: trace a sample into $tmp/NAME.trace
trace() {
    local name=$1 n=$2
    shift 2
    rm -rf "$tmp/$name.trace"
    local preload=$tracer bin="$samples/${name%%.*}"
    if [[ -n "$asan_rt" ]] && ! grep -qa __asan_init "$bin"; then
        preload="$asan_rt $tracer"
    fi
    timeout 120 "$mpiexec" -n "$n" -genv LD_PRELOAD "$preload" \
        -genv SKEL_TRACE_DIR "$tmp/$name.trace" "$samples/${name%%.*}" "$@" \
        >"$tmp/$name.out" 2>"$tmp/$name.err"
}

# q_of FILE: the Q printed by `skel compress`
q_of() {
    sed -n 's/^Q = \([0-9.]*\) .*/\1/p' "$1"
}

# check_counts NAME ARGS...: `skel show --expand` per-call counts against
# two oracles that share no code with compress/: `skel stats --csv` (the
# trace's counts) and the sample's own --expect lines (exact counts for single
# ranks; ranges and -1 are timing-dependent and skipped).  fstencil08 is
# only checked against the trace: MPICH's mpi_f08 routines without buffer
# arguments call PMPI_ directly, so its trace lacks them (samples/README.md).
check_counts() {
    local name=$1
    shift
    "$skel" show --expand "$tmp/$name.sig" >"$tmp/$name.expand"
    # Polls that found nothing are folded into the poll that ends their
    # loop (compress/pollfold.h): a symbol's polls="N" counts them, for each
    # rank of its class.
    awk 'match($0, /<class id="[0-9]+" ranks="[^"]*"/) {
             r = substr($0, RSTART, RLENGTH); sub(/.*ranks="/, "", r); sub(/"$/, "", r)
             nr = 0; np = split(r, parts, /[ ,]/)
             for (i = 1; i <= np; i++) {
                 if (split(parts[i], ab, "-") == 2) { for (x = ab[1]; x <= ab[2]; x++) rk[++nr] = x }
                 else if (parts[i] != "") rk[++nr] = parts[i]
             }
         }
         /<symbol / && match($0, / polls="[0-9]+"/) {
             p = substr($0, RSTART + 8, RLENGTH - 9)
             match($0, /call="[^"]*"/); c = substr($0, RSTART + 6, RLENGTH - 7)
             for (i = 1; i <= nr; i++) print rk[i], c, p
         }' "$tmp/$name.sig" >"$tmp/$name.polls"
    awk 'FILENAME == ARGV[1] { extra[$1 " " $2] += $3; next }
         { n[$1 " " $3]++ }
         END { for (k in n) print k, n[k] + extra[k] }' "$tmp/$name.polls" "$tmp/$name.expand" |
        sort >"$tmp/$name.got"
    "$skel" stats --csv --no-check "$tmp/$name.trace" |
        awk -F, 'NR > 1 && $1 != "all" { print $1, $2, $3 }' | sort >"$tmp/$name.stats"
    cmp -s "$tmp/$name.got" "$tmp/$name.stats" ||
        fail "$name: per-call counts of the expansion differ from skel stats: $(diff "$tmp/$name.got" "$tmp/$name.stats" | head -5)"
    [[ "$name" == fstencil08 ]] && return
    "$samples/$name" --expect --nranks 2 "$@" >"$tmp/$name.expect"
    local line ranks call count got
    while read -r line; do
        read -r _ ranks call count <<<"$line"
        [[ "$ranks" == *-* || "$count" == -1 ]] && continue
        got=$(awk -v k="$ranks $call" '$1 " " $2 == k { print $3 }' "$tmp/$name.got")
        [[ "${got:-0}" == "$count" ]] ||
            fail "$name: rank $ranks makes $count $call calls (--expect), the signature expands to ${got:-0}"
    done <"$tmp/$name.expect"
}

for case in "${cases[@]}"; do
    read -r -a args <<<"$case"
    name=${args[0]}
    args=("${args[@]:1}")
    if [[ ! -x "$samples/$name" ]]; then
        if [[ "$fortran" == *" $name "* ]] && ! command -v mpif90.mpich >/dev/null; then
            echo "note: $name not built (no mpif90.mpich); skipping it"
            continue
        fi
        fail "$samples/$name is missing"
        continue
    fi
    echo "== $name ${args[*]}"
    if ! trace "$name" 2 "${args[@]}"; then
        fail "$name: the traced run failed"
        cat "$tmp/$name.err" >&2
        continue
    fi

    # Lossless at threshold 0.
    if "$skel" compress "$tmp/$name.trace" -o "$tmp/$name.sig" --verify >"$tmp/$name.log" 2>&1; then
        sed 's/^/   /' "$tmp/$name.log"
    else
        fail "$name: compress --verify at threshold 0"
        cat "$tmp/$name.log" >&2
        continue
    fi
    check_counts "$name" "${args[@]}"

    # Thresholds: still verified, Q non-decreasing.
    prev=0
    for t in "${thresholds[@]}"; do
        if ! "$skel" compress "$tmp/$name.trace" -o "$tmp/$name.t.sig" --threshold "$t" --verify \
            >"$tmp/$name.t.log" 2>&1; then
            fail "$name: compress --verify at threshold $t"
            cat "$tmp/$name.t.log" >&2
            continue
        fi
        q=$(q_of "$tmp/$name.t.log")
        if awk -v a="$q" -v b="$prev" 'BEGIN { exit !(a + 1e-9 < b) }'; then
            fail "$name: Q fell from $prev to $q at threshold $t"
        fi
        prev=$q
    done
    echo "   Q over thresholds ${thresholds[*]}: non-decreasing, up to $prev"
    if ! "$skel" compress "$tmp/$name.trace" -o "$tmp/$name.k.sig" --scale 1000 --verify \
        >"$tmp/$name.k.log" 2>&1 || ! grep -q "chosen for scale 1000" "$tmp/$name.k.log"; then
        fail "$name: --scale"
        cat "$tmp/$name.k.log" >&2
    fi
done

# Rank classes.  jacobi's two ranks make the same calls and do the same
# work, so they fold into one class - when the trace shows them computing
# alike.  Ranks fold when their compute medians agree within a factor 1.5
# (compress/ranks.c, same_timing), and the sanitizer build does not always
# give them that: in 5 of 60 of its jacobi traces (2026-11-29) one rank's
# stencil took 1.5-1.74 times the other's CPU time over the whole run
# (55-65 us against 90-113 us per iteration, each rank steady), in 0 of 40
# traces of the normal build.  Two classes are then the right answer for
# that trace.  So the test reads each rank's compute medians per call site
# from `skel dump` (compute_ratio below), traces again (up to 8 times)
# while those of some site differ by more than a factor 1.25 and more than
# 20 us, and asserts one class only on a trace where all agree; eight
# uneven traces in a row fail.  (Medians within 20
# us fold whatever their ratio, as in same_timing: the normal build's
# stencil takes about 12 us, and CI on 2026-11-29 gave three traces in a
# row whose two ranks' medians were 1.35-1.52x apart, a few us, which the
# factor alone had refused.)  Why the sanitizer build's ranks differ: each
# virtual CPU of the test VM runs about 0.65 times as fast for 0.3-0.6 s
# at a time, apart from the other, and now and then for a minute (the
# host's time counts as the thread's CPU time; bench/accuracy.md,
# "Calibrations taken in a slow period"); CI on 2026-11-30 gave three
# traces in a row 1.56-1.65x apart, 33-38 us, within 10 s.  So the
# attempts are spread over about a minute: up to 8, 5 s apart.
classes_of() { sed -n 's/^\([0-9]*\) rank class.*/\1/p' "$1"; }
# compute_ratio TRACE: for every call site of the trace met 8 times or more
# on each rank and holding 2 % of its compute (the compute before each call
# there; compress compares each such symbol's compute, not only the
# stencil's), the ranks' CPU medians; prints the site whose medians are
# furthest apart among those more than 20 us apart (or, if none is, the
# largest ratio): the larger median over the smaller, their difference in
# us, and the site.  CI on 2026-12-02 gave a trace whose stencils agreed
# (1.38x, 17.6 us) while the compute before MPI_Allreduce took 46 us on one
# rank and 70 us on the other: two classes, rightly, for that trace.
compute_ratio() {
    "$skel" dump "$1" | awk '$1 ~ /^[0-9]+$/ && $7 ~ /^cpu=/ {
            s = $5 " " $NF; c = substr($7, 5) + 0
            if (!((s, $1) in n)) { ranks[$1] = 1; sites[s] = 1 }
            v[s, $1, ++n[s, $1]] = c; tot[s, $1] += c; all[$1] += c }
        function median(s, r,    m, i, j, x) {
            m = n[s, r]; delete a
            for (i = 1; i <= m; i++) a[i] = v[s, r, i]
            # insertion sort: a few hundred values
            for (i = 2; i <= m; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
            return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
        }
        END {
            best = ""; bad = 0
            for (s in sites) {
                k = 0
                # as compress/ranks.c (same_timing): only a site met 8 times
                # or more on each rank and holding 2 % of its compute
                few = 0
                for (r in ranks) if (!((s, r) in n) || n[s, r] < 8 || tot[s, r] < 0.02 * all[r]) few = 1
                if (few) continue
                for (r in ranks) med[++k] = median(s, r)
                if (k < 2) continue
                lo = med[1]; hi = med[1]
                for (i = 2; i <= k; i++) { if (med[i] < lo) lo = med[i]; if (med[i] > hi) hi = med[i] }
                ratio = lo > 0 ? hi / lo : (hi > 0 ? 1e9 : 1); d = hi - lo
                uneven = ratio > 1.25 && d > 20
                if (best == "" || (uneven && !bad) || (uneven == bad && ratio > bratio)) {
                    best = s; bratio = ratio; bd = d; bad = uneven
                }
            }
            if (best == "") print "inf inf none"; else printf "%.3f %.3f %s\n", bratio, bd, best
        }'
}
if [[ -s "$tmp/jacobi.log" ]]; then
    jac=(-n 128 -i 400 -r 5)
    for attempt in 1 2 3 4 5 6 7 8; do
        read -r ratio diff site < <(compute_ratio "$tmp/jacobi.trace")
        awk -v r="$ratio" -v d="$diff" 'BEGIN { exit !(r != "inf" && (r <= 1.25 || d <= 20)) }' && break
        echo "   jacobi: the ranks' compute before $site differs by a factor $ratio ($diff us) in trace $attempt"
        if ((attempt == 8)); then
            ratio=uneven
            break
        fi
        sleep 5
        trace jacobi 2 "${jac[@]}" &&
            "$skel" compress "$tmp/jacobi.trace" -o "$tmp/jacobi.sig" >"$tmp/jacobi.log" 2>&1 ||
            { fail "jacobi: traced again, but it failed"; break; }
    done
    if [[ "$ratio" == uneven ]]; then
        fail "jacobi: the ranks computed unevenly in 8 traces in a row, over about a minute"
    else
        echo "   jacobi: ranks' compute at most a factor $ratio ($diff us, before $site) apart; $(classes_of "$tmp/jacobi.log") class(es)"
        [[ "$(classes_of "$tmp/jacobi.log")" == 1 ]] || fail "jacobi: 2 ranks that computed alike should be one class"
    fi
fi
if [[ -s "$tmp/mw.log" ]]; then
    grep -q "\[0\]" "$tmp/mw.log" || fail "mw: the master (rank 0) should be a class of its own"
fi
echo "== jacobi on a 2 x 2 grid"
if trace jacobi.4 4 -n 32 -i 10 -r 5 &&
    "$skel" compress "$tmp/jacobi.4.trace" -o "$tmp/j4.sig" --verify >"$tmp/j4.log" 2>&1; then
    sed 's/^/   /' "$tmp/j4.log"
    [[ "$(classes_of "$tmp/j4.log")" == 1 ]] || fail "jacobi on 4 ranks should be one class"
    "$skel" show "$tmp/j4.sig" >"$tmp/j4.show"
    grep -q "cart(" "$tmp/j4.show" || fail "jacobi: no Cartesian peer encoding"
else
    fail "jacobi on 4 ranks"
    cat "$tmp/jacobi.4.err" "$tmp/j4.log" >&2 || true
fi

# A damaged signature: refused with its line, nothing printed on stdout.
if [[ -s "$tmp/jacobi.sig" ]]; then
    sed '0,/ occurrences="/s// occurrences="x/' "$tmp/jacobi.sig" >"$tmp/bad.sig"
    status=0
    "$skel" show "$tmp/bad.sig" >"$tmp/bad.out" 2>"$tmp/bad.err" || status=$?
    ((status == 3)) || fail "show of a damaged signature exited $status, not 3"
    [[ ! -s "$tmp/bad.out" ]] || fail "show of a damaged signature printed on stdout"
    grep -q "bad.sig:[0-9][0-9]*: " "$tmp/bad.err" || fail "no file:line in: $(cat "$tmp/bad.err")"
fi

# Usage.
expect_status() {
    local want=$1
    shift
    local st=0
    "$@" >/dev/null 2>&1 || st=$?
    ((st == want)) || fail "'$*' exited $st, not $want"
}
expect_status 0 "$skel" compress --help
expect_status 0 "$skel" show --help
expect_status 2 "$skel" compress
expect_status 2 "$skel" compress "$tmp/jacobi.trace"
expect_status 2 "$skel" compress "$tmp/jacobi.trace" -o "$tmp/x.sig" --threshold 1.5
expect_status 2 "$skel" compress "$tmp/jacobi.trace" -o "$tmp/x.sig" --threshold 0.1 --scale 10
expect_status 2 "$skel" show
expect_status 4 "$skel" show "$tmp/no-such.sig"

if ((failures > 0)); then
    echo "$failures failure(s)" >&2
    exit 1
fi
echo "all signatures verified"
