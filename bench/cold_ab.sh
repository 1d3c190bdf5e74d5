#!/bin/bash
# cold_ab.sh - the skeleton's cold run (docs/codegen.md, "One-time costs")
# against none, interleaved, on the samples and the bandwidth sweep; and,
# from the same runs, its correction for loops' first iterations (docs/
# codegen.md, "A loop's first iteration") against none.
#
#   bench/cold_ab.sh [BUILD_DIR]
#
# Makes one skeleton per program at K (default 10) with bench_gen.sh
# (KEEP=1, one trace, one round), then runs ROUNDS rounds (default 15), each
# running per program the application, its skeleton with `--cold 1` and
# with `--cold 0`, back to back.  The `--cold 1` run's elapsed_s plus its
# first_s is the same run without the first-iteration correction (one
# repeat: exactly), the arm "first off": a paired comparison that no drift
# of the machine can enter.  Prints per program exp/skel (expected_s /
# skeleton's elapsed_s: the skeleton against the trace it was made from) for
# both arms and the dedicated ratio (app/K)/skeleton, medians with 95 %
# bootstrap intervals (4000 resamples of the rounds), and the noise floors.
# Figures only: never passes or fails.  Environment: K, ROUNDS, PROGRAMS.
set -euo pipefail
B=${1:-${SKEL_BUILD_DIR:-build/release}}
K=${K:-10}
ROUNDS=${ROUNDS:-15}
PROGRAMS=${PROGRAMS:-"bwsweep jacobi cg isort pipeline"}
here=$(cd "$(dirname "$0")" && pwd)
out=$(KEEP=1 K=$K REPEATS=1 TRACES=1 PROGRAMS="$PROGRAMS" bash "$here/bench_gen.sh" "$B")
echo "$out"
W=$(echo "$out" | sed -n 's/^kept: //p')
[ -d "$W" ] || { echo "bench_gen.sh kept no work directory" >&2; exit 1; }
trap 'rm -rf "$W"' EXIT
# bench_gen.sh's arguments (FACTOR 1) of the programs this script knows.
declare -A ARGS=([bwsweep]="-r 800" [jacobi]="-i 1000" [cg]="-i 1000" [isort]="-i 40"
  [pipeline]="-i 250" [mw]="-t 600" [panels]="-i 1000" [pscw]="-i 10000"
  [neighbor]="-i 15000" [bsend]="-i 6000")
exe() { if [ -x "$B/samples/$1" ]; then echo "$B/samples/$1"; else echo "$B/tests/irregular/$1"; fi; }
app_seconds() {
  awk 'match($0, / in [0-9.]+ s/) { v = substr($0, RSTART + 4, RLENGTH - 6); next }
       match($0, /[0-9.]+ s$/) { v = substr($0, RSTART, RLENGTH - 2) }
       END { if (v == "") exit 1; print v }'
}
elapsed() { grep -o 'elapsed_s=[0-9.]*' | cut -d= -f2; }
# "elapsed_s first_s" of a SKEL_RESULT line (first_s 0 when not printed).
elapsed_first() {
  awk '/^SKEL_RESULT/ { e = ""; f = 0
         for (i = 2; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "elapsed_s") e = kv[2]; if (kv[1] == "first_s") f = kv[2] }
         print e, f }'
}
: > "$W/rounds"
for _ in $(seq "$ROUNDS"); do
  for p in $PROGRAMS; do
    [ -x "$W/$p/skeleton" ] || continue
    # shellcheck disable=SC2086  # ARGS holds several words on purpose
    a=$(mpiexec.mpich -n 2 "$(exe "$p")" ${ARGS[$p]} | app_seconds)
    on=$(mpiexec.mpich -n 2 "$W/$p/skeleton" --cold 1 | elapsed_first)
    off=$(mpiexec.mpich -n 2 "$W/$p/skeleton" --cold 0 | elapsed)
    echo "$p $a $on $off" >> "$W/rounds"
  done
done
python3 - "$W" "$K" <<'EOF'
import random, re, statistics as st, sys
W, K = sys.argv[1], float(sys.argv[2])
rows = {}
for line in open(f"{W}/rounds"):
    f = line.split()
    rows.setdefault(f[0], []).append(tuple(map(float, f[1:])))
def fmt(xs, n=4000):
    random.seed(1)
    ms = sorted(st.median(random.choices(xs, k=len(xs))) for _ in range(n))
    return "%.3f [%.3f, %.3f]" % (st.median(xs), ms[int(.025 * n)], ms[int(.975 * n)])
def floor(xs):
    m = st.median(xs)
    return "%+.1f..%+.1f%%" % (100 * (min(xs) / m - 1), 100 * (max(xs) / m - 1))
print(f"K = {K:g}, rounds: app, skeleton --cold 1, skeleton --cold 0; first off = the --cold 1 "
      "run without its first-iteration correction (first_s added back)")
print(f"{'program':9} {'n':>2} {'exp/skel cold on':>22} {'exp/skel cold off':>22} "
      f"{'ratio cold on':>22} {'ratio cold off':>22} {'ratio first off':>22} {'first_s/skel %':>22}"
      f"  noise: app; skel on")
for p, v in rows.items():
    e = float(re.search(r"^expected_s (\S+)", open(f"{W}/{p}/skeleton.meta").read(), re.M)[1])
    print(f"{p:9} {len(v):2} {fmt([e / x[1] for x in v]):>22} {fmt([e / x[3] for x in v]):>22} "
          f"{fmt([x[0] / K / x[1] for x in v]):>22} {fmt([x[0] / K / x[3] for x in v]):>22} "
          f"{fmt([x[0] / K / (x[1] + x[2]) for x in v]):>22} "
          f"{fmt([100 * x[2] / x[1] for x in v]):>22}  "
          f"{floor([x[0] for x in v])}; {floor([x[1] for x in v])}")
EOF
