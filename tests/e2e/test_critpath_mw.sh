#!/usr/bin/env bash
# Hollingsworth's TSP effect (Fig. 8) on the master/worker sample: with 3 ranks on
# this 2-core machine, `mw -t 200 --work-us 1000 --prep-us 800` hands out one
# task per 800 us while the two workers could take one per 500 us, so the
# run is master-bound although the workers compute more in total.  Critical-
# path zeroing must rank the master's preparation phase above the workers'
# compute phase, while the workers' phase has more CPU time.
#
# --cpu-timed: each task's work lasts its microseconds of CPU time; mw's
# start-up calibration of its arithmetic, taken while three ranks share two
# cores, is off by up to a factor of two, which made some runs worker-bound
# and others balanced.
#
# --worker-poll: the workers then wait with MPI_Test + nanosleep instead of
# MPICH's busy-polling MPI_Recv, so the three ranks share the two cores
# without the workers' polling taking the master's core away (samples/
# README.md).  Both kinds of waits are modelled as waiting, but with busy-
# polling workers the master's compute phases also hold the time it spent
# descheduled, and the ranking would partly measure the scheduler.
#
# The critical path is weighed by CPU time (--off-cpu drop), as Hollingsworth
# does: with three ranks on two cores, time off the CPU is mostly time
# waiting for a core, which zeroing the master's work would give back.
#
# Environment: SKEL_BUILD_DIR (the CMake build directory), SKEL_SOURCE_DIR;
# SKEL_ASAN=1 when the build is sanitized.
set -euo pipefail

: "${SKEL_BUILD_DIR:?SKEL_BUILD_DIR must name the CMake build directory}"
skel="$SKEL_BUILD_DIR/runtime/cli/skel"
samples="$SKEL_BUILD_DIR/samples"
if [[ "${SKEL_ASAN:-0}" == 1 ]]; then
    export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The master prepares tasks between its MPI_Test and its MPI_Send (on
# demand) or between two MPI_Tests (ahead, while it waits); the workers
# compute between their MPI_Test and their MPI_Send.  Which of the master's
# two phases holds most of the preparation depends on timing, so each side
# is zeroed as a group (--zero-group: every phase of it at once, the way
# Hollingsworth zeroes a procedure).  skel trace resolves call sites to
# mw.c:LINE; which function a line is in comes from the source (function
# names in the debug information depend on inlining).
src="${SKEL_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}/samples/mw.c"
mfirst=$(grep -n '^static int master(' "$src" | cut -d: -f1)
wfirst=$(grep -n '^static void worker(' "$src" | cut -d: -f1)
wlast=$(grep -n '^static int run(' "$src" | cut -d: -f1)

# check BOUND: exit 0 if zeroing ranks the master first, 1 if not, 2 if the
# run does not meet the premise (master-bound, the workers computing more),
# 3 if a group of phases is missing.
# TSV columns: item category cp cpu time count zero name detail.
check() {
    "$skel" critpath --off-cpu drop --tsv --top 0 "$tmp/mw" >"$tmp/c"
    # the two groups: CPU, and a pattern matching exactly their phases' names
    awk -F'\t' -v m0="$mfirst" -v w0="$wfirst" -v w1="$wlast" '
        function fn(label,   n) { n = label; sub(/^.*:/, "", n); n += 0
            return n >= m0 && n < w0 ? "master" : n >= w0 && n < w1 ? "worker" : "" }
        function calls(d) { gsub(/ in [A-Za-z_0-9]+/, "", d); return d }
        function quote(x) { gsub(/[.]/, "[.]", x); return x }
        $1 == "item" && $2 == "phase" {
            split($8, ends, " -> "); f = fn(ends[1]); t = fn(ends[2]); c = calls($9)
            if (f == "master" && t == "master" && (c == "MPI_Test -> MPI_Send" || c == "MPI_Test -> MPI_Test")) {
                mcpu += $4; mre = mre (mre == "" ? "" : "|") quote($8) }
            if (f == "worker" && t == "worker" && c == "MPI_Test -> MPI_Send") {
                wcpu += $4; wre = wre (wre == "" ? "" : "|") quote($8) } }
        END { printf "%.0f\t^(%s)$\n%.0f\t^(%s)$\n", mcpu, mre, wcpu, wre }' "$tmp/c" >"$tmp/groups"
    local mcpu mre wcpu wre mzero wzero
    IFS=$'\t' read -r mcpu mre < <(sed -n 1p "$tmp/groups")
    IFS=$'\t' read -r wcpu wre < <(sed -n 2p "$tmp/groups")
    if [[ "$mre" == "^()$" || "$wre" == "^()$" ]]; then
        echo "FAIL: the master's preparation or the workers' compute phase is missing"
        return 3
    fi
    mzero=$("$skel" critpath --off-cpu drop --tsv --top 0 --zero-group "$mre" "$tmp/mw" |
        awk -F'\t' '$1 == "group_zero_ns" { print $2 }')
    wzero=$("$skel" critpath --off-cpu drop --tsv --top 0 --zero-group "$wre" "$tmp/mw" |
        awk -F'\t' '$1 == "group_zero_ns" { print $2 }')
    awk -v mc="$mcpu" -v mz="$mzero" -v wc="$wcpu" -v wz="$wzero" -v bound="$1" 'BEGIN {
        printf "master prepares: CPU %.3f s, zeroing saves %.3f s\n", mc / 1e9, mz / 1e9
        printf "workers compute: CPU %.3f s, zeroing saves %.3f s\n", wc / 1e9, wz / 1e9
        # Master-bound with a margin: the master prepares for longer than
        # each of the two workers computes, by 20 %.  Near balance (mw'"'"'s
        # start-up calibration of its arithmetic is off by that much on a
        # loaded machine) either side may be critical, and the premise is
        # not met.
        if (!bound || !(wc > mc) || !(mc > 1.2 * wc / 2)) exit 2
        if (!(mz > wz)) { print "FAIL: zeroing does not rank the master'"'"'s preparation first"; exit 1 }
        exit 0 }'
}

# The premise is a master-bound run (mw's summary line says which side waited
# less) in which the workers compute more than the master prepares.  On a
# loaded machine a run may not be one (other processes take the master's
# core, or mw's start-up calibration of its arithmetic is off): try a few
# times.  One run that meets the premise and still ranks the workers first
# is tried again too (CI on 2026-11-29: master prep 0.163 s of CPU, workers
# 0.199 s, zeroing saving 0.031 s and 0.032 s, where six runs on the quiet
# machine after it saved 0.048-0.063 s for the master and 0.009-0.020 s for
# the workers); a second such run fails.
wrong=0
for try in 1 2 3 4 5; do
    rm -rf "$tmp/mw"
    timeout 300 "$skel" trace --quiet -o "$tmp/mw" -- mpiexec.mpich -n 3 "$samples/mw" -t 200 \
        --work-us 1000 --prep-us 800 --worker-poll --cpu-timed | tee "$tmp/out"
    bound=0
    if grep -q "master-bound" "$tmp/out"; then
        bound=1
    fi
    status=0
    check "${bound:-0}" || status=$?
    if ((status == 0)); then
        "$skel" critpath --off-cpu drop --top 10 "$tmp/mw" | sed -n '/Compute phases/,$p'
        break
    fi
    ((status == 3)) && exit 1
    if ((status == 1)); then
        wrong=$((wrong + 1))
        ((wrong < 2)) || { echo "FAIL: a second run ranked the workers first" >&2; exit 1; }
        echo "note: run $try met the premise but ranked the workers first; again"
        continue
    fi
    echo "note: run $try is not master-bound with the workers computing more (a busy machine?); again"
done
if ((status != 0)); then
    echo "FAIL: no run of mw met the premise in 5 tries; is the machine very busy?" >&2
    exit 1
fi
echo "critical-path zeroing ranks the master first"
