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

# expect_counts TRACEDIR EXPECT_FILE: compare `skel stats --csv` with a
# sample's `--expect` output (expect RANKS CALL COUNT; RANKS "3" or "1-4"
# summed; COUNT -1 meaning at least one).
expect_counts() {
  local trace=$1 expect=$2 csv
  csv=$("$SKEL" stats --csv --no-check "$trace")
  local bad=0 ranks call count lo hi got
  while read -r _ ranks call count; do
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
    echo "$announced" | grep -qx "$c" || { echo "  traced $c, which the sample does not make" >&2; bad=1; }
  done
  return $bad
}
