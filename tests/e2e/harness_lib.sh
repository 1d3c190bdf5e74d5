# harness_lib.sh - shared by tests/e2e/test_testbed_*.sh and test_harness_*.sh.
# Environment (set by ctest): SKEL_BUILD_DIR, SKEL_SOURCE_DIR, SKEL_ASAN.
# Sourcing it: checks root, builds the ping-pong helper, and makes sure no
# testbed is left behind whatever happens (trap).  Timing never decides a
# test's outcome except as a large ratio (a property, not a threshold).

set -u
SKEL="${SKEL_BUILD_DIR:?}/runtime/cli/skel"
SRC="${SKEL_SOURCE_DIR:?}"
PAPER5="$SRC/runtime/scenarios/paper5.xml"
WORK=$(mktemp -d /tmp/skel-e2e-XXXXXX)

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

note() {
    echo "--- $*"
}

# Exit status 77: ctest reports the test as skipped, never as passed
# (SKIP_RETURN_CODE in tests/CMakeLists.txt).
if [ "$(id -u)" != 0 ]; then
    echo "SKIP: the emulated testbed needs root"
    exit 77
fi
for tool in ip tc mpicc.mpich mpiexec.mpich; do
    command -v "$tool" >/dev/null || { echo "SKIP: $tool not found"; exit 77; }
done
[ -d /sys/fs/cgroup/cpu ] && [ -d /sys/fs/cgroup/cpuset ] ||
    { echo "SKIP: cgroup v1 cpu and cpuset controllers are not mounted"; exit 77; }

cleanup() {
    "$SKEL" testbed down >/dev/null 2>&1
    rm -rf "$WORK"
}
trap cleanup EXIT

PP="$WORK/pingpong"
mpicc.mpich -O2 -o "$PP" "$SRC/tests/e2e/pingpong.c" || fail "cannot build pingpong.c"

# Start from a clean machine (a previous test may have been killed).
"$SKEL" testbed down >/dev/null || fail "initial testbed down"

# Number of live (non-zombie) competitor processes.
live_competitors() {
    ps -eo stat=,comm= | awk '$2 == "skel-compete" && $1 !~ /^Z/' | wc -l
}

# Wait up to 5 s for the live competitors to drop to zero.
wait_no_competitors() {
    for _ in $(seq 50); do
        [ "$(live_competitors)" = 0 ] && return 0
        sleep 0.1
    done
    return 1
}

# Everything the testbed naming matches must be gone.
assert_nothing_left() {
    local what=$1
    ls /run/netns 2>/dev/null | grep -q '^skh[0-9]' && fail "$what: skh* namespaces left: $(ls /run/netns)"
    [ -e /sys/class/net/skbr0 ] && fail "$what: skbr0 left"
    ls /sys/class/net | grep -q '^skv[0-9]' && fail "$what: skv* links left"
    ls /sys/fs/cgroup/cpu /sys/fs/cgroup/cpuset | grep -q '^skel_' && fail "$what: skel_* cgroups left"
    wait_no_competitors || fail "$what: competitor processes left: $(pgrep -a skel-compete)"
    ls "${SKEL_STATE_DIR:-/run/skel}" 2>/dev/null | grep -q '\.state$' && fail "$what: state files left"
    return 0
}

# Interface byte counter.
bytes() {
    cat "/sys/class/net/$1/statistics/$2_bytes"
}

# Value of key=... in pingpong's output line.
field() {
    sed -n "s/.*$1=\([0-9.]*\).*/\1/p" | head -n 1
}
