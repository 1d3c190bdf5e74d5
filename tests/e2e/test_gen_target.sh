#!/bin/bash
# test_gen_target.sh - `skel generate --target-seconds S` takes K from the
# one definition of the application's time, the signature's app_time_s: the
# skeleton it makes expects exactly S (skeleton.meta's expected_s =
# app_time_s / K = S, K = app_time_s / S), and says so - also when K is so
# large that threshold 0 does not compress enough and the trace is
# compressed again for K; a K given with -K is kept as the double it is; a
# target longer than the application gives K = 1 with a warning; --runs 3
# makes the skeleton of the median of three traced runs.  Arithmetic
# on the recorded figures only, no timing.
source "$(dirname "$0")/lib.sh"

meta() { awk -v k="$2" '$1 == k { print $2 }' "$1/skeleton.meta"; }
# close A B: A and B equal to 1e-6 relative
close() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 1e-6 * (b < 0 ? -b : b)) }'; }

APP=("$SAMPLES/jacobi" -n 128 -i 400)

# target S DIR: generate for S into DIR; K and expected_s agree with app_time_s.
target() {
  local S=$1 d=$2 k app exp
  "$SKEL" generate --target-seconds "$S" -o "$d" -- mpiexec.mpich -n 2 "${APP[@]}" \
      >"$d.out" 2>"$d.err" || fail "generate --target-seconds $S: $(cat "$d.err")"
  cat "$d.out"
  k=$(meta "$d" k)
  app=$(meta "$d" app_time_s)
  exp=$(meta "$d" expected_s)
  [ -n "$k" ] && [ -n "$app" ] && [ -n "$exp" ] || fail "skeleton.meta lacks k, app_time_s or expected_s"
  awk -v k="$k" 'BEGIN { exit !(k > 1) }' || fail "K = $k: the run was too short for this test"
  close "$exp" "$S" || fail "expected_s $exp, not the $S s asked for (k $k, app_time_s $app)"
  close "$(awk -v a="$app" -v s="$S" 'BEGIN { printf "%.12g", a / s }')" "$k" ||
      fail "K $k is not app_time_s / S = $app / $S"
  grep -q "it should run $(printf '%.6f' "$S") s" "$d.out" || fail "the summary does not promise $S s"
  # The traced line reports the same application time as skeleton.meta.
  t_app=$(sed -n 's/.* events, \([0-9.]*\) s of compute and MPI.*/\1/p' "$d.out")
  [ "$t_app" = "$(printf '%.3f' "$app")" ] || fail "traced line says $t_app s, skeleton.meta $app s"
}
target 0.001 "$TMP/t"
# K in the thousands: Q at threshold 0 falls short of K/2, so the trace is
# compressed again for K - with the threshold `skel compress --scale K`
# chooses (0 when no larger one compresses better, as for this jacobi) - and
# K still comes from the signature the skeleton is made from.
target 0.000001 "$TMP/big"
thr=$(zcat -f "$TMP/big/app.sig" | grep -o '<compression threshold="[^"]*"' | cut -d'"' -f2)
"$SKEL" compress "$TMP/big/trace" -o "$TMP/big/again.sig" --scale "$(meta "$TMP/big" k)" >/dev/null ||
    fail "skel compress --scale K"
again=$(zcat -f "$TMP/big/again.sig" | grep -o '<compression threshold="[^"]*"' | cut -d'"' -f2)
[ -n "$thr" ] && [ "$thr" = "$again" ] ||
    fail "threshold '$thr': not what compressing for K chooses ('$again')"

"$SKEL" generate -K 3.3 --quiet -o "$TMP/k" -- mpiexec.mpich -n 2 "${APP[@]}" ||
    fail "generate -K 3.3"
[ "$(meta "$TMP/k" k)" = 3.3 ] || fail "K 3.3 written as $(meta "$TMP/k" k)"

"$SKEL" generate --target-seconds 1000 --quiet -o "$TMP/long" -- mpiexec.mpich -n 2 "${APP[@]}" \
    2>"$TMP/long.err" || fail "generate --target-seconds 1000: $(cat "$TMP/long.err")"
[ "$(meta "$TMP/long" k)" = 1 ] || fail "a target longer than the run: K $(meta "$TMP/long" k), not 1"
grep -q "less than the 1000 s asked for; K = 1" "$TMP/long.err" || fail "no warning: $(cat "$TMP/long.err")"
# --runs 3: three traced runs, the skeleton made of the median one, whose
# time skeleton.meta's app_time_s (and so K) is; the other traces removed.
"$SKEL" generate --runs 3 --target-seconds 0.001 -o "$TMP/runs" -- mpiexec.mpich -n 2 "${APP[@]}" \
    >"$TMP/runs.out" 2>"$TMP/runs.err" || fail "generate --runs 3: $(cat "$TMP/runs.err")"
cat "$TMP/runs.out"
line=$(grep '^runs ' "$TMP/runs.out") || fail "no runs line"
read -r -a t <<<"$(echo "$line" | sed -n 's/.*compute and MPI \([0-9., ]*\) s: run.*/\1/p' | tr -d ,)"
[ "${#t[@]}" = 3 ] || fail "three run times expected: $line"
kept=$(echo "$line" | sed -n 's/.* s: run \([0-9]*\), the median, kept$/\1/p')
[ -n "$kept" ] && [ "$kept" -ge 1 ] && [ "$kept" -le 3 ] || fail "which run was kept: $line"
median=$(printf '%s\n' "${t[@]}" | sort -g | sed -n 2p)
[ "${t[$((kept - 1))]}" = "$median" ] || fail "run $kept (${t[$((kept - 1))]} s) is not the median $median s"
[ "$(printf '%.3f' "$(meta "$TMP/runs" app_time_s)")" = "$median" ] ||
    fail "skeleton.meta's app_time_s $(meta "$TMP/runs" app_time_s) is not the kept run's $median s"
close "$(awk -v a="$(meta "$TMP/runs" app_time_s)" 'BEGIN { printf "%.12g", a / 0.001 }')" \
    "$(meta "$TMP/runs" k)" || fail "K is not the kept run's app_time_s / S"
[ -d "$TMP/runs/trace" ] || fail "the kept trace is not in DIR/trace"
ls -d "$TMP/runs/trace".* 2>/dev/null && fail "other runs' traces were left behind"
"$SKEL" stats "$TMP/runs/trace" >/dev/null || fail "the kept trace does not read"
# A failing run (nbody fails its energy check): no skeleton, no more runs.
"$SKEL" generate --runs 3 -K 2 --quiet -o "$TMP/runsfail" -- mpiexec.mpich -n 2 "$SAMPLES/nbody" -n 16 -s 5000 \
    >/dev/null 2>"$TMP/runsfail.err" && fail "generate --runs 3 of a failing run succeeded"
[ -e "$TMP/runsfail/skeleton" ] && fail "a skeleton was made of a failing run"
ls -d "$TMP/runsfail/trace".* 2>/dev/null && fail "a failing first run was traced again"
# Usage: --runs 0, --runs with --from-trace.
st=0; "$SKEL" generate --runs 0 -o "$TMP/r0" -- mpiexec.mpich -n 2 "${APP[@]}" 2>/dev/null || st=$?
[ "$st" = 2 ] || fail "--runs 0: exit $st, not 2"
st=0; "$SKEL" generate --runs 2 -o "$TMP/r2" --from-trace "$TMP/runs/trace" 2>/dev/null || st=$?
[ "$st" = 2 ] || fail "--runs 2 --from-trace: exit $st, not 2"
echo "PASS"
