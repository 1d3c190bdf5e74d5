#!/usr/bin/env bash
# test_validate_rounds.sh - `skel validate --repeat` measured so that an error
# can be told from noise (issue 17): with 3 rounds of a short Jacobi run under
# the dedicated reference and cpu-one, the table prints the application's
# noise floor, every shared cell's error with its 95 % interval and a
# verdict, the dedicated ratio with its interval and what the skeleton's
# repeat policy cost; the CSV keeps every round, the medians and intervals
# follow from them, and reading the CSV back gives the same intervals (the
# bootstrap has a fixed seed).  Assertions on the arithmetic that ties the
# numbers together, never on how long anything took.
source "$(dirname "$0")/harness_lib.sh"
SAMPLES="$SKEL_BUILD_DIR/samples"
if [ "${SKEL_ASAN:-0}" = 1 ]; then
    export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1"
fi
set -e

note "a skeleton of a short Jacobi run (load: $(cut -d' ' -f1-3 /proc/loadavg))"
APP="$SAMPLES/jacobi -n 512 -i 3000"
"$SKEL" generate -K 4 -o "$WORK/sk" --quiet -- mpiexec.mpich -n 2 $APP || fail "generate"

note "validate --repeat 3 under dedicated and cpu-one, the skeleton repeated until +/- 5 %"
"$SKEL" validate --skeleton "$WORK/sk" --scenarios "$PAPER5" --names cpu-one --repeat 3 \
    --skeleton-ci 5 --skeleton-launches 3 --csv "$WORK/v.csv" -- $APP \
    >"$WORK/v.out" 2>"$WORK/v.err" || { cat "$WORK/v.out" "$WORK/v.err"; fail "validate"; }
cat "$WORK/v.out"
assert_nothing_left "after validate"

# The table: the noise floor column, an interval and a verdict on cpu-one,
# the dedicated ratio with its interval, the cost of the skeleton's rounds.
grep -q 'app noise 95%' "$WORK/v.out" || fail "no noise-floor column"
grep -Eq '^cpu-one( +[0-9.]+)+ +[0-9.]+% +[-+][0-9.]+\.\.[-+][0-9.]+%$' "$WORK/v.out" ||
    fail "cpu-one's measured row has no noise floor"
grep -Eq '^cpu-one +[0-9.]+ +[-+][0-9.]+% +\[[-+][0-9.]+, [-+][0-9.]+\] (hit|noise|unsure|miss)' "$WORK/v.out" ||
    fail "cpu-one's prediction has no interval and verdict"
grep -Eq '^dedicated \(ref\) +[0-9.]+ +\+0\.0% +\(by definition\)' "$WORK/v.out" ||
    fail "the reference row is not marked as exact by definition"
grep -Eq '^dedicated +skeleton 1: \(application / K\) / skeleton = [0-9.]+ \[[0-9.]+, [0-9.]+\]' "$WORK/v.out" ||
    fail "no dedicated ratio with its interval"
grep -Eq '^cpu-one +[0-9.]+ s \([0-9]+, [0-9]+; [0-3]/3\)$' "$WORK/v.out" ||
    fail "no cost of the skeleton's measurement under cpu-one"
grep -Eq 'intervals: [0-9]+ hit, [0-9]+ noise, [0-9]+ unsure, [0-9]+ miss' "$WORK/v.out" ||
    fail "no verdict summary"

# The CSV: columns 1-15 as before, then the rounds and the intervals.
head -n 1 "$WORK/v.csv" | grep -qx \
    'kind,scenario,reference,name,time_s,min_s,max_s,runs,predicted_s,error,ratio,k,nodes,nranks,command,lo_s,hi_s,error_lo,error_hi,ratio_lo,ratio_hi,spent_s,samples_s' ||
    fail "CSV header: $(head -n 1 "$WORK/v.csv")"
col() { # col KIND SCENARIO COLUMN
    sed 's/"[^"]*"/Q/g' "$WORK/v.csv" | awk -F, -v k="$1" -v s="$2" -v c="$3" '$1 == k && $2 == s { print $c }'
}
for kind in app skeleton; do
    for sc in dedicated cpu-one; do
        samples=$(col $kind $sc 23)
        [ "$(echo "$samples" | tr ';' '\n' | grep -c .)" = 3 ] || fail "$kind $sc: not 3 rounds: '$samples'"
        # The time is the median of the rounds, inside its interval [lo_s, hi_s].
        echo "$samples" | tr ';' '\n' | sort -g | awk -v t="$(col $kind $sc 5)" \
            -v lo="$(col $kind $sc 16)" -v hi="$(col $kind $sc 17)" \
            'NR == 2 { m = $1 } END { d = m - t; exit !(d * d < 1e-12 * t * t && lo <= t && t <= hi) }' ||
            fail "$kind $sc: time $(col $kind $sc 5) is not the median of $samples within [$(col $kind $sc 16), $(col $kind $sc 17)]"
    done
    awk -v s="$(col skeleton $sc 22)" 'BEGIN { exit !(s > 0) }' || fail "no skeleton seconds spent"
done
# The error lies in its interval; the ratio in its own.
awk -v e="$(col skeleton cpu-one 10)" -v lo="$(col skeleton cpu-one 18)" -v hi="$(col skeleton cpu-one 19)" \
    'BEGIN { exit !(lo != "" && lo <= e + 1e-6 && e <= hi + 1e-6) }' ||
    fail "cpu-one error $(col skeleton cpu-one 10) outside [$(col skeleton cpu-one 18), $(col skeleton cpu-one 19)]"
awk -v r="$(col skeleton dedicated 11)" -v lo="$(col skeleton dedicated 20)" -v hi="$(col skeleton dedicated 21)" \
    'BEGIN { exit !(lo > 0 && lo <= r * (1 + 1e-9) && r <= hi * (1 + 1e-9)) }' ||
    fail "ratio $(col skeleton dedicated 11) outside [$(col skeleton dedicated 20), $(col skeleton dedicated 21)]"

note "the CSV read back: the same intervals"
"$SKEL" validate --from-csv "$WORK/v.csv" --csv "$WORK/r.csv" >"$WORK/r.out" || fail "validate --from-csv"
diff <(grep -E '^(cpu-one|dedicated) ' "$WORK/v.out" | grep -E '\[|by definition') \
    <(grep -E '^(cpu-one|dedicated) ' "$WORK/r.out" | grep -E '\[|by definition') ||
    fail "the intervals read back differ"
# Numbers written with 9 digits and read back: equal to 1e-6 (relative above
# 1, absolute below: an error near 0 is a difference of two near-equal
# ratios, and the rounds' 9-digit rounding moves it by ~1e-9 absolute).
paste -d '|' <(sed 's/"[^"]*"/Q/g' "$WORK/v.csv" | cut -d, -f16-21,23) \
    <(sed 's/"[^"]*"/Q/g' "$WORK/r.csv" | cut -d, -f16-21,23) | tr ';' ',' | awk -F'|' '
    { n = split($1, a, ","); m = split($2, b, ",")
      if (n != m) exit 1
      for (i = 1; i <= n; i++) { d = a[i] - b[i]; s = a[i] < 0 ? -a[i] : a[i]
          if ((a[i] == "") != (b[i] == "") || d * d > 1e-12 * (s > 1 ? s * s : 1)) exit 1 } }' ||
    fail "the CSV written from the CSV differs in its rounds or intervals"
echo "PASS"
