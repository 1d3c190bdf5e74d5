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
[ -e /sys/fs/cgroup/cgroup.controllers ] || { [ -d /sys/fs/cgroup/cpu ] && [ -d /sys/fs/cgroup/cpuset ]; } ||
    { echo "SKIP: neither cgroup v2 nor the cgroup v1 cpu and cpuset controllers are mounted"; exit 77; }

# Each test has a testbed instance of its own (testbed.h): its name says
# which test made it, and nothing of anyone else's testbed is touched.
export SKEL_TESTBED="${SKEL_TESTBED:-e2e-$(basename "$0" .sh | sed 's/^test_//; s/_/-/g' | cut -c1-24)}"

cleanup() {
    "$SKEL" testbed down >/dev/null 2>&1
    rm -rf "$WORK"
}
trap cleanup EXIT

# The index X of this test's instance while it is up (host i is sk<X>h<i>,
# 10.77.X.i, veth skv<X>h<i>, cgroup skel<X>/h<i>): IDX, and CGV (v1 or v2)
# and CGB (the v2 delegation root).
tb_index() {
    local line
    for _ in $(seq 100); do
        line=$("$SKEL" testbed status 2>/dev/null | grep "^testbed '$SKEL_TESTBED': .* up")
        [ -n "$line" ] && break
        sleep 0.1
    done
    IDX=$(echo "$line" | sed -n 's/.* on bridge skbr\([0-9]*\) .*/\1/p')
    CGV=$(echo "$line" | sed -n 's/.*, cgroups \(v[12]\).*/\1/p')
    CGB=$(echo "$line" | sed -n 's/.*, cgroups v2 \([^,]*\),.*/\1/p')
    [ -n "$IDX" ] || fail "testbed '$SKEL_TESTBED' is not up"
}
ns() { echo "sk${IDX}h$1"; }
veth() { echo "skv${IDX}h$1"; }
addr() { echo "10.77.${IDX}.$1"; }
# cg_dir HIERARCHY HOST [SUB]: the directory of a host's cgroup.
cg_dir() {
    local d
    if [ "$CGV" = v2 ]; then d="$CGB/skel$IDX/h$2"; else d="/sys/fs/cgroup/$1/skel$IDX/h$2"; fi
    echo "$d${3:+/$3}"
}

PP="$WORK/pingpong"
mpicc.mpich -O2 -o "$PP" "$SRC/tests/e2e/pingpong.c" || fail "cannot build pingpong.c"

# Start from a clean instance (a previous run of this test may have been killed).
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

# Everything of this test's instance must be gone (IDX set by tb_index).
assert_nothing_left() {
    local what=$1
    if [ -z "${IDX:-}" ]; then
        # An implicit testbed this test never saw up: its objects would be
        # orphans now that no state names them.
        "$SKEL" testbed status | grep -q "^orphans:" && fail "$what: orphans left: $("$SKEL" testbed status)"
        [ -e "${SKEL_STATE_DIR:-/run/skel}/testbed-$SKEL_TESTBED" ] && fail "$what: state of '$SKEL_TESTBED' left"
        wait_no_competitors || fail "$what: competitor processes left: $(pgrep -a skel-compete)"
        return 0
    fi
    ls /run/netns 2>/dev/null | grep -q "^sk${IDX}h[0-9]" && fail "$what: namespaces left: $(ls /run/netns)"
    [ -e "/sys/class/net/skbr$IDX" ] && fail "$what: skbr$IDX left"
    ls /sys/class/net | grep -q "^skv${IDX}h[0-9]" && fail "$what: veths left"
    if [ "${CGV:-v1}" = v2 ]; then
        [ -e "$CGB/skel$IDX" ] && fail "$what: cgroup $CGB/skel$IDX left"
    else
        ls /sys/fs/cgroup/cpu /sys/fs/cgroup/cpuset | grep -qx "skel$IDX" && fail "$what: skel$IDX cgroups left"
    fi
    wait_no_competitors || fail "$what: competitor processes left: $(pgrep -a skel-compete)"
    [ -e "${SKEL_STATE_DIR:-/run/skel}/testbed-$SKEL_TESTBED" ] && fail "$what: state left: $(ls "${SKEL_STATE_DIR:-/run/skel}/testbed-$SKEL_TESTBED")"
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
