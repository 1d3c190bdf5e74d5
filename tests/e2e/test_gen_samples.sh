#!/bin/bash
# test_gen_samples.sh - every sample made into a skeleton by `skel generate`
# at K = 10 and K = 50: the skeleton builds warning-free (-Werror), runs on 2
# ranks without hanging, reports itself, and a trace of it with Skel's own
# tracer makes exactly the calls skeleton.meta expects of each rank (the
# unrolled remainders included).  Small sample arguments keep it short.
source "$(dirname "$0")/lib.sh"

declare -A ARGS=(
  [jacobi]="-n 128 -i 200 -r 10"
  [cg]="-n 128 -i 100"
  [isort]="-k 16384 -i 20"
  [mw]="-t 200 --work-us 100"
  [pipeline]="-n 200 -i 50 -b 8"
  [fstencil]="-n 20000 -i 100"
  [fstencil08]="-n 20000 -i 100"
  [randacc]="-t 2 -u 65536 -i 30"
  [nbody]="-n 512 -s 40"
  [fft]="-n 128 -i 16"
)
samples="jacobi cg isort mw pipeline randacc nbody fft"
asan_rt=""
if [ "${SKEL_ASAN:-0}" = 1 ]; then
  # The sanitized tracer needs the sanitizer runtime preloaded into programs
  # built without it: the skeletons (mpicc.mpich) and the Fortran samples,
  # which `skel generate` cannot trace that way - they are left out here.
  for lib in libclang_rt.asan-x86_64.so libasan.so; do
    rt=$("${SKEL_C_COMPILER:-cc}" -print-file-name="$lib" 2>/dev/null || true)
    if [[ "$rt" == /* && -e "$rt" ]]; then asan_rt=$rt; break; fi
  done
  [ -n "$asan_rt" ] || fail "no sanitizer runtime to preload"
else
  for f in fstencil fstencil08; do
    [ -x "$SAMPLES/$f" ] && samples="$samples $f"
  done
fi

# trace_skeleton DIR OUT ARGS...: run DIR/skeleton on 2 ranks under the tracer
# into OUT, bounded in time (the generator checked it cannot hang).
trace_skeleton() {
  local d=$1 out=$2
  shift 2
  if [ -n "$asan_rt" ]; then
    timeout 120 mpiexec.mpich -n 2 -genv LD_PRELOAD "$asan_rt $SKEL_BUILD_DIR/tracer/libskeltrace.so" \
      -genv SKEL_TRACE_DIR "$out" "$d/skeleton" "$@"
  else
    timeout 120 "$SKEL" trace --quiet --timeout 90 -o "$out" -- mpiexec.mpich -n 2 "$d/skeleton" "$@"
  fi
}

failed=0
for K in 10 50; do
  for s in $samples; do
    d="$TMP/$s-$K"
    # shellcheck disable=SC2086  # ARGS holds several words on purpose
    if ! "$SKEL" generate -K "$K" -o "$d" --quiet -- mpiexec.mpich -n 2 "$SAMPLES/$s" ${ARGS[$s]} \
        > "$d.gen" 2>&1; then
      echo "FAIL $s K=$K: skel generate failed:" >&2; cat "$d.gen" >&2; failed=1; continue
    fi
    for f in skeleton.c Makefile skeleton.meta app.sig skeleton; do
      [ -e "$d/$f" ] || { echo "FAIL $s K=$K: $f missing" >&2; failed=1; }
    done
    if ! mpicc.mpich -O2 -Wall -Wextra -Werror -o "$d/skeleton.werror" "$d/skeleton.c" -lm \
        > "$d.cc" 2>&1; then
      echo "FAIL $s K=$K: the skeleton does not compile with -Werror:" >&2; cat "$d.cc" >&2
      failed=1; continue
    fi
    # The generator ran the deadlock check; a hang here is a bug, bounded twice.
    if ! trace_skeleton "$d" "$d/sktrace" > "$d.run" 2>&1; then
      echo "FAIL $s K=$K: the traced skeleton failed or hung:" >&2; tail -5 "$d.run" >&2
      failed=1; continue
    fi
    grep -Eq '^SKEL_RESULT elapsed_s=[0-9.]+ repeats=1 ranks=2 k=' "$d.run" ||
      { echo "FAIL $s K=$K: no SKEL_RESULT line" >&2; cat "$d.run" >&2; failed=1; }
    if ! expect_counts "$d/sktrace" "$d/skeleton.meta"; then
      echo "FAIL $s K=$K: traced calls differ from skeleton.meta" >&2; failed=1; continue
    fi
    grep -q "^k $K" "$d/skeleton.meta" || { echo "FAIL $s K=$K: meta k" >&2; failed=1; }
    echo "ok $s K=$K $(grep -o 'elapsed_s=[0-9.]*' "$d.run") $(grep '^mode ' "$d/skeleton.meta")"
  done
done

# Repeats: the whole skeleton again, the same calls again (Init/Finalize once).
d="$TMP/cg-10"
trace_skeleton "$d" "$d/rep3" --repeat 3 > "$d.rep" 2>&1 || fail "repeat run"
grep -q 'repeats=3' "$d.rep" || fail "repeat count not reported"
awk '/^expect / { n = ($3 == "MPI_Init" || $3 == "MPI_Init_thread" || $3 == "MPI_Finalize") ? $4 : 3 * $4;
                  print "expect", $2, $3, n }' "$d/skeleton.meta" > "$d/rep3.expect"
expect_counts "$d/rep3" "$d/rep3.expect" || fail "calls of --repeat 3"

# The wrong number of ranks is refused, not run.
if timeout 60 mpiexec.mpich -n 1 "$d/skeleton" > "$d.one" 2>&1; then
  fail "a 2-rank skeleton ran on 1 rank"
fi
grep -q "made for 2 ranks" "$d.one" || fail "no message for the wrong rank count"

[ $failed = 0 ] || exit 1
echo "all skeletons built, ran and made the expected calls"
