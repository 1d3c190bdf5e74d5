#!/usr/bin/env bash
# Runs every sample program untraced with 2 ranks and small arguments, and
# checks its --expect output: each run must exit 0 and print its one-line
# summary; `--expect --nranks 2` must print well-formed
# `expect RANKS CALL COUNT` lines, with MPI_Init (or MPI_Init_thread) and
# MPI_Finalize once on every rank, and the same lines as --expect under
# mpiexec. Usage errors must exit 2 and --help 0.
#
# Environment: SKEL_BUILD_DIR (the CMake build directory); SKEL_ASAN=1 when
# the build is sanitized.
set -euo pipefail

: "${SKEL_BUILD_DIR:?SKEL_BUILD_DIR must name the CMake build directory}"
samples="$SKEL_BUILD_DIR/samples"
mpiexec=mpiexec.mpich
nranks=2

# MPICH and UCX keep allocations until exit, which LeakSanitizer reports.
if [[ "${SKEL_ASAN:-0}" == 1 ]]; then
    export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fi

# name, then the small arguments it runs with (a fraction of a second each).
cases=(
    "jacobi -n 128 -i 50 -r 5"
    "cg -n 64 -i 40"
    "isort -k 20000 -i 3"
    "pipeline -n 128 -i 10 -b 8"
    "mw -t 40 --work-us 200 --prep-us 50"
    "fstencil -n 10000 -i 50"
    "fstencil08 -n 10000 -i 50"
)
fortran=" fstencil fstencil08 "

failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# check_expect NAME FILE: the lines in FILE are well-formed for $nranks ranks.
check_expect() {
    local name=$1 file=$2 line ranks call count lo hi r
    local -A seen=()
    if [[ ! -s "$file" ]]; then
        fail "$name --expect printed nothing"
        return
    fi
    while IFS= read -r line; do
        if [[ ! "$line" =~ ^expect\ ([0-9]+|[0-9]+-[0-9]+)\ (MPI_[A-Za-z0-9_]+)\ (-1|[0-9]+)$ ]]; then
            fail "$name --expect: malformed line '$line'"
            continue
        fi
        ranks=${BASH_REMATCH[1]} call=${BASH_REMATCH[2]} count=${BASH_REMATCH[3]}
        lo=${ranks%-*} hi=${ranks#*-}
        if ((lo > hi || hi >= nranks)) || [[ "$ranks" == *-* && $lo == "$hi" ]]; then
            fail "$name --expect: bad ranks in '$line' for $nranks ranks"
        fi
        if [[ -n "${seen[$ranks $call]:-}" ]]; then
            fail "$name --expect: '$ranks $call' listed twice"
        fi
        seen[$ranks $call]=$count
    done <"$file"
    for ((r = 0; r < nranks; r++)); do
        if [[ "${seen[$r MPI_Init]:-}" != 1 && "${seen[$r MPI_Init_thread]:-}" != 1 ]]; then
            fail "$name --expect: no 'expect $r MPI_Init 1' (or MPI_Init_thread)"
        fi
        if [[ "${seen[$r MPI_Finalize]:-}" != 1 ]]; then
            fail "$name --expect: no 'expect $r MPI_Finalize 1'"
        fi
    done
}

for case in "${cases[@]}"; do
    read -r -a args <<<"$case"
    name=${args[0]}
    args=("${args[@]:1}")
    bin="$samples/$name"
    if [[ ! -x "$bin" ]]; then
        if [[ "$fortran" == *" $name "* ]] && ! command -v mpif90.mpich >/dev/null; then
            echo "note: $name not built (no mpif90.mpich); skipping it"
        else
            fail "$bin is missing"
        fi
        continue
    fi

    echo "== $name ${args[*]}"
    if timeout 120 "$mpiexec" -n "$nranks" "$bin" "${args[@]}" >"$tmp/out" 2>"$tmp/err"; then
        if ! grep -q "^$name: " "$tmp/out"; then
            fail "$name printed no '$name: ...' summary line"
            cat "$tmp/out" "$tmp/err" >&2
        else
            grep "^$name: " "$tmp/out"
        fi
    else
        fail "$name exited with status $? under $mpiexec -n $nranks"
        cat "$tmp/out" "$tmp/err" >&2
    fi

    if "$bin" --expect --nranks "$nranks" "${args[@]}" >"$tmp/expect" 2>"$tmp/err"; then
        check_expect "$name" "$tmp/expect"
    else
        fail "$name --expect --nranks $nranks exited with status $?"
        cat "$tmp/err" >&2
    fi
    if timeout 120 "$mpiexec" -n "$nranks" "$bin" --expect "${args[@]}" >"$tmp/expect2" 2>"$tmp/err"; then
        if ! cmp -s "$tmp/expect" "$tmp/expect2"; then
            fail "$name --expect under $mpiexec differs from --expect --nranks $nranks"
            diff "$tmp/expect" "$tmp/expect2" >&2 || true
        fi
    else
        fail "$name --expect under $mpiexec exited with status $?"
        cat "$tmp/err" >&2
    fi

    status=0
    "$bin" --no-such-option >/dev/null 2>&1 || status=$?
    ((status == 2)) || fail "$name --no-such-option exited with status $status, not 2"
    status=0
    "$bin" --help >"$tmp/help" 2>&1 || status=$?
    ((status == 0)) || fail "$name --help exited with status $status, not 0"
    grep -q "usage" "$tmp/help" || fail "$name --help printed no usage"
done

if ((failures > 0)); then
    echo "$failures failure(s)" >&2
    exit 1
fi
echo "all samples ran"
