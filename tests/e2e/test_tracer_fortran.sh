#!/usr/bin/env bash
# Traces MPI programs written in Fortran and checks that every call was
# captured through the Fortran bindings (tracer/spec/genfort.c):
#
#   - the samples fstencil (`use mpi`) and fstencil08 (`use mpi_f08`), and
#     tests/e2e/fcalls.F90 compiled both ways, with 2 ranks, against MPICH
#     and against Open MPI (with libskeltrace-openmpi.so);
#   - trace_counts.c checks each trace: events per rank and call equal what
#     the program says it makes (`--expect`, or fcalls' own list), every
#     event is marked as called from Fortran and has its call site in the
#     program (not in the MPI library's binding), and the replay of all
#     ranks completes with every message matched and no request pending;
#   - fcalls must observe the same results traced and untraced (request
#     handles, indices, statuses, strings, MPI_IN_PLACE...);
#   - every Fortran routine the tracer exports exists in the MPI library's
#     Fortran bindings (a wrapper under a name the library does not have
#     would mean the generator guessed a binding wrong).
#
# The Open MPI part is skipped, with a note, only when Open MPI is not
# installed.
#
# Environment: see lib.sh (SKEL_BUILD_DIR, SKEL_SOURCE_DIR, SKEL_ASAN=1 when
# the build is sanitized with ASan+UBSan, SKEL_C_COMPILER the compiler).
. "$(dirname "$0")/lib.sh"

build=$(cd "$SKEL_BUILD_DIR" && pwd)
src=$(cd "$SKEL_SOURCE_DIR" && pwd)
cc=${SKEL_C_COMPILER:-cc}
nranks=2
sample_args=(-n 2000 -i 30)

# Every check runs; the failures are counted and reported at the end.
failures=0
check_failed() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# A sanitized tracer needs the sanitizer runtime loaded before it.
asan_rt=""
sanitize=()
if [[ "${SKEL_ASAN:-0}" == 1 ]]; then
    if "$cc" --version 2>/dev/null | grep -q clang; then
        asan_rt=$("$cc" -print-file-name=libclang_rt.asan-x86_64.so)
    else
        asan_rt=$("$cc" -print-file-name=libasan.so)
    fi
    [[ -e "$asan_rt" ]] || fail "cannot find the ASan runtime of $cc ($asan_rt)"
    sanitize=(-fsanitize=address,undefined)
fi
preload_of() { # LIB: the LD_PRELOAD value that loads the tracer LIB
    echo "${asan_rt:+$asan_rt:}$1"
}

# The checker, against the trace format library of this build.
checker=$TMP/trace_counts
"$cc" -std=c11 -D_GNU_SOURCE -O1 -g "${sanitize[@]}" -o "$checker" \
    "$src/tests/e2e/trace_counts.c" -I"$src/tracer/format" -I"$src/tracer/base" \
    -I"$build/tracer/gen" "$build/tracer/libskelformat.a" "$build/tracer/libskelbase.a" -lm

# compile_fortran MPIF90 OUT SOURCE [FLAGS...]
compile_fortran() {
    local f90=$1 out=$2 source=$3
    shift 3
    mkdir -p "$out.mod"
    "$f90" -O2 -g -J "$out.mod" "$@" -o "$out" "$source"
}

# --- launching -----------------------------------------------------------------
# run_MPI TRACEDIR|- PROGRAM ARGS...: 2 ranks in the current directory, traced
# into TRACEDIR, or untraced for "-".
run_mpich() {
    local dir=$1
    shift
    if [[ "$dir" == - ]]; then
        timeout 300 mpiexec.mpich -n "$nranks" "$@"
    else
        timeout 300 mpiexec.mpich -n "$nranks" -genv LD_PRELOAD "$(preload_of "$build/tracer/libskeltrace.so")" \
            -genv SKEL_TRACE_DIR "$dir" "$@"
    fi
}
run_openmpi() {
    local dir=$1
    shift
    local mpiexec=(timeout 300 mpiexec.openmpi --allow-run-as-root --oversubscribe -n "$nranks")
    local var
    for var in ASAN_OPTIONS UBSAN_OPTIONS; do
        if [[ -n "${!var:-}" ]]; then
            mpiexec+=(-x "$var")
        fi
    done
    if [[ "$dir" == - ]]; then
        "${mpiexec[@]}" "$@"
    else
        "${mpiexec[@]}" -x LD_PRELOAD="$(preload_of "$build/tracer/libskeltrace-openmpi.so")" \
            -x SKEL_TRACE_DIR="$dir" "$@"
    fi
}

# --- checks ---------------------------------------------------------------------
# check_sample MPI NAME PROGRAM: trace a sample and check it against --expect.
check_sample() {
    local mpi=$1 name=$2 prog=$3
    local dir=$TMP/$mpi-$name
    mkdir -p "$dir"
    if ! "$prog" --expect --nranks "$nranks" "${sample_args[@]}" >"$dir/expect"; then
        check_failed "$mpi $name: --expect failed"
        return
    fi
    if ! (cd "$dir" && run_"$mpi" "$dir/trace" "$prog" "${sample_args[@]}" >"$dir/log" 2>&1); then
        check_failed "$mpi $name: the traced run failed:"
        cat "$dir/log" >&2
        return
    fi
    if "$checker" "$dir/trace" "$dir/expect" --fortran --sites-in "$prog" >"$dir/check" 2>&1; then
        echo "ok: $mpi $name"
        sed 's/^/    /' "$dir/check"
    else
        check_failed "$mpi $name: the trace does not show the calls the program made:"
        cat "$dir/check" >&2
    fi
}

# check_fcalls MPI MPIF90 VARIANT [FLAGS...]: build fcalls.F90, run it
# untraced and traced, compare what it saw, check the trace.
check_fcalls() {
    local mpi=$1 f90=$2 variant=$3
    shift 3
    local dir=$TMP/$mpi-fcalls-$variant
    local prog=$dir/fcalls
    mkdir -p "$dir/untraced" "$dir/traced"
    if ! compile_fortran "$f90" "$prog" "$src/tests/e2e/fcalls.F90" "$@" >"$dir/log" 2>&1; then
        check_failed "$mpi fcalls ($variant): does not compile:"
        cat "$dir/log" >&2
        return
    fi
    local run
    for run in untraced traced; do
        local tracedir=-
        [[ $run == traced ]] && tracedir=$dir/trace
        if ! (cd "$dir/$run" && run_"$mpi" "$tracedir" "$prog" >"$dir/$run.log" 2>&1); then
            check_failed "$mpi fcalls ($variant): the $run run failed:"
            cat "$dir/$run.log" >&2
            return
        fi
    done
    local r
    for ((r = 0; r < nranks; r++)); do
        if ! diff -u "$dir/untraced/fcalls.out.$r" "$dir/traced/fcalls.out.$r" >&2; then
            check_failed "$mpi fcalls ($variant): rank $r saw other results when traced"
        fi
        cat "$dir/traced/fcalls.expect.$r"
    done >"$dir/expect"
    if "$checker" "$dir/trace" "$dir/expect" --fortran --sites-in "$prog" >"$dir/check" 2>&1; then
        echo "ok: $mpi fcalls ($variant)"
        sed 's/^/    /' "$dir/check"
    else
        check_failed "$mpi fcalls ($variant): the trace does not show the calls the program made:"
        cat "$dir/check" >&2
    fi
}

# check_exports MPI TRACERLIB FORTRANLIB...: every Fortran routine the tracer
# defines is defined by one of the MPI's Fortran libraries.
check_exports() {
    local mpi=$1 lib=$2
    shift 2
    if (($# == 0)); then
        check_failed "$mpi: cannot find the MPI's Fortran libraries to compare the tracer with"
        return
    fi
    nm -D --defined-only "$lib" | awk '{print $3}' |
        { grep -E '^(mpi_[a-z0-9_]+|MPI_[A-Z0-9_]+)$' || true; } | sort >"$TMP/$mpi-ours"
    nm -D --defined-only "$@" | awk '{print $3}' | sort -u >"$TMP/$mpi-theirs"
    local n missing
    n=$(wc -l <"$TMP/$mpi-ours")
    missing=$(comm -23 "$TMP/$mpi-ours" "$TMP/$mpi-theirs")
    if ((n == 0)); then
        check_failed "$mpi: $lib defines no Fortran routines"
    elif [[ -n "$missing" ]]; then
        check_failed "$mpi: $lib wraps Fortran routines that $* do not define: $(echo $missing | head -c 400)"
    else
        echo "ok: $mpi: the tracer wraps $n Fortran entry points, all defined by $(basename -a "$@" | tr '\n' ' ')"
    fi
}

# The shared libraries a program loads whose name matches PATTERN.
libs_of() {
    ldd "$1" | awk -v pat="$2" '$1 ~ pat {print $3}'
}

# --- MPICH ------------------------------------------------------------------------
for name in fstencil fstencil08; do
    if [[ ! -x "$SAMPLES/$name" ]]; then
        check_failed "$SAMPLES/$name was not built (is mpif90.mpich installed?)"
        continue
    fi
    check_sample mpich "$name" "$SAMPLES/$name"
done
check_fcalls mpich mpif90.mpich mpi -DMPI4
check_fcalls mpich mpif90.mpich f08 -DUSE_F08 -DMPI4
if [[ -x "$SAMPLES/fstencil" ]]; then
    check_exports mpich "$build/tracer/libskeltrace.so" $(libs_of "$SAMPLES/fstencil" mpichfort)
fi

# --- Open MPI ---------------------------------------------------------------------
if ! command -v mpif90.openmpi >/dev/null || ! command -v mpiexec.openmpi >/dev/null; then
    echo "NOTE: Open MPI is not installed (no mpif90.openmpi/mpiexec.openmpi): its part is skipped"
elif [[ ! -e "$build/tracer/libskeltrace-openmpi.so" ]]; then
    check_failed "Open MPI is installed but $build/tracer/libskeltrace-openmpi.so was not built (SKEL_OPENMPI=OFF?)"
else
    for name in fstencil fstencil08; do
        prog=$TMP/openmpi-$name.bin
        if compile_fortran mpif90.openmpi "$prog" "$src/samples/$name.f90" >"$TMP/ompi-$name.log" 2>&1; then
            check_sample openmpi "$name" "$prog"
        else
            check_failed "openmpi $name: does not compile with mpif90.openmpi:"
            cat "$TMP/ompi-$name.log" >&2
        fi
    done
    check_fcalls openmpi mpif90.openmpi mpi
    check_fcalls openmpi mpif90.openmpi f08 -DUSE_F08
    if [[ -x "$TMP/openmpi-fcalls-f08/fcalls" && -x "$TMP/openmpi-fcalls-mpi/fcalls" ]]; then
        check_exports openmpi "$build/tracer/libskeltrace-openmpi.so" \
            $(libs_of "$TMP/openmpi-fcalls-mpi/fcalls" mpifh) \
            $(libs_of "$TMP/openmpi-fcalls-f08/fcalls" usempif08)
    fi
fi

if ((failures > 0)); then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "all Fortran tracing checks passed"
