# lib.sh - sourced by the end-to-end tests (tests/e2e/test_*.sh).
# ctest provides SKEL_BUILD_DIR, SKEL_SOURCE_DIR, SKEL_ASAN (0/1) and
# SKEL_C_COMPILER.  This sets SKEL (the skel binary), SAMPLES, a scratch
# directory TMP removed on exit, and the sanitizer options MPI programs need.
set -euo pipefail
: "${SKEL_BUILD_DIR:?run through ctest}"
: "${SKEL_SOURCE_DIR:?run through ctest}"
SKEL="$SKEL_BUILD_DIR/runtime/cli/skel"
SAMPLES="$SKEL_BUILD_DIR/samples"
TMP=$(mktemp -d /tmp/skel-e2e.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
if [ "${SKEL_ASAN:-0}" = 1 ]; then
  # MPICH and UCX leak at exit by design; everything else stays checked.
  export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1"
fi

fail() { echo "FAIL: $*" >&2; exit 1; }

# ASAN_RT: in the sanitizer build, the sanitizer runtime that programs built
# without it (skeletons from mpicc.mpich, Fortran samples) need preloaded
# before the sanitized tracer; empty otherwise.  tracer_preload prints the
# LD_PRELOAD value that traces such a program by hand.
ASAN_RT=""
if [ "${SKEL_ASAN:-0}" = 1 ]; then
  for lib in libclang_rt.asan-x86_64.so libasan.so; do
    rt=$("${SKEL_C_COMPILER:-cc}" -print-file-name="$lib" 2>/dev/null || true)
    if [[ "$rt" == /* && -e "$rt" ]]; then ASAN_RT=$rt; break; fi
  done
  [ -n "$ASAN_RT" ] || fail "no sanitizer runtime of ${SKEL_C_COMPILER:-cc} to preload"
fi
tracer_preload() { echo "${ASAN_RT:+$ASAN_RT }$SKEL_BUILD_DIR/tracer/libskeltrace.so"; }

# expect_counts TRACEDIR EXPECT_FILE [IGNORED]: compare `skel stats --csv`
# with a sample's `--expect` output (expect RANKS CALL COUNT; RANKS "3" or
# "1-4" summed; COUNT -1 meaning at least one).  IGNORED: calls left out on
# both sides (space-separated).
expect_counts() {
  local trace=$1 expect=$2 ignored=" ${3:-} " csv
  csv=$("$SKEL" stats --csv --no-check "$trace")
  local bad=0 ranks call count lo hi got
  while read -r _ ranks call count; do
    [[ $ignored == *" $call "* ]] && continue
    lo=${ranks%-*}; hi=${ranks#*-}
    got=$(echo "$csv" | awk -F, -v lo="$lo" -v hi="$hi" -v c="$call" \
      '$1 != "rank" && $1 != "all" && $1 >= lo && $1 <= hi && $2 == c { s += $3 } END { print s + 0 }')
    if [ "$count" = -1 ]; then
      [ "$got" -ge 1 ] || { echo "  $call on ranks $ranks: expected some, got 0" >&2; bad=1; }
    elif [ "$got" != "$count" ]; then
      echo "  $call on ranks $ranks: expected $count, traced $got" >&2; bad=1
    fi
  done < <(grep '^expect ' "$expect")
  # Nothing traced that the sample does not announce.
  local announced
  announced=$(awk '/^expect /{print $3}' "$expect" | sort -u)
  for c in $(echo "$csv" | awk -F, '$1 == "all" {print $2}'); do
    [[ $ignored == *" $c "* ]] && continue
    grep -qx "$c" <<< "$announced" || { echo "  traced $c, which the sample does not make" >&2; bad=1; }
  done
  return $bad
}

# skeleton_cpus DIR: the lowest of three runs' CPU time of all ranks over the
# job's wall time (2 ranks, --repeat 3): about 1 when one rank sleeps while
# the other computes, about 2 when both use a processor throughout.
skeleton_cpus() { # call as best=$(skeleton_cpus DIR) || fail ...
  local best=9 r
  for _ in 1 2 3; do
    /usr/bin/time -f '%e %U %S' -o "$TMP/time" mpiexec.mpich -n 2 "$1/skeleton" --repeat 3 \
      >"$TMP/out" || fail "the skeleton failed: $(cat "$TMP/out")"
    grep -q '^SKEL_RESULT ' "$TMP/out" || fail "no SKEL_RESULT: $(cat "$TMP/out")"
    r=$(awk '{ printf "%.3f", ($2 + $3) / $1 }' "$TMP/time")
    echo "CPU / wall: $r ($(cat "$TMP/time"))" >&2
    best=$(awk -v a="$best" -v b="$r" 'BEGIN { print (b < a ? b : a) }')
  done
  echo "$best"
}
