#!/usr/bin/env bash
# What a new user meets first (2 ranks):
#  - progress: under a pseudo-terminal (script -qc) `skel trace` shows one
#    line rewritten in place ("\r", the ranks traced, the time elapsed) on
#    standard error while the program runs, and `skel generate` its steps;
#    with standard error a file there is no such line (a quick run prints
#    no progress at all); standard output never holds progress; --quiet
#    shows none; a run shorter than the first second of the ticker still
#    shows its "running" line (the sampler is read at once);
#  - a program that never calls MPI_Init, and a mistyped program, end in one
#    error line saying so with the exit status (exit 5), not in a complaint
#    about missing trace files;
#  - a mistyped option or command: one error line with "did you mean" (exit 2);
#  - -V prints the version; -k and -K both set the scaling factor;
#  - skel show prints the MPI library on one line (no raw tab).
. "$(dirname "$0")/lib.sh"
command -v script >/dev/null || fail "script (util-linux/bsdutils) is missing"
MW=("$SAMPLES/mw" -t 300 --work-us 5000)   # about 1.5 s with 2 ranks

echo "-- progress on a terminal"
script -qec "$SKEL trace -o $TMP/t1 -- mpiexec.mpich -n 2 ${MW[*]} >$TMP/t1.stdout" "$TMP/t1.tty" \
  >/dev/null || fail "skel trace under script failed: $(cat "$TMP/t1.tty")"
grep -q $'\r\033\\[Kskel trace: running mw: ' "$TMP/t1.tty" ||
  fail "no progress line on the terminal: $(cat -A "$TMP/t1.tty" | head -5)"
grep -q 'elapsed' "$TMP/t1.tty" || fail "the progress line gives no elapsed time"
grep -q 'traced with the MPICH tracer' "$TMP/t1.stdout" || fail "no summary on stdout"
grep -q 'elapsed' "$TMP/t1.stdout" && fail "progress on stdout"
grep -q $'\r' "$TMP/t1.stdout" && fail "carriage returns on stdout"

echo "-- a run shorter than the ticker's first second still shows what runs"
script -qec "$SKEL trace -o $TMP/t0 -- mpiexec.mpich -n 2 $SAMPLES/mw -t 4 --work-us 100 >$TMP/t0.stdout" \
  "$TMP/t0.tty" >/dev/null || fail "skel trace under script failed: $(cat "$TMP/t0.tty")"
grep -q $'\r\033\\[Kskel trace: running mw: ' "$TMP/t0.tty" ||
  fail "no progress line for a short run: $(cat -A "$TMP/t0.tty" | head -5)"

echo "-- no progress line without a terminal"
"$SKEL" trace -o "$TMP/t2" -- mpiexec.mpich -n 2 "${MW[@]}" >"$TMP/t2.stdout" 2>"$TMP/t2.stderr" ||
  fail "skel trace failed: $(cat "$TMP/t2.stderr")"
grep -q $'\r' "$TMP/t2.stderr" && fail "a carriage return on a non-terminal stderr: $(cat -A "$TMP/t2.stderr")"
grep -q $'\033' "$TMP/t2.stderr" && fail "an escape sequence on a non-terminal stderr"
grep -q 'skel trace: running' "$TMP/t2.stderr" && fail "a quick run printed progress into a file"
grep -q 'traced with the MPICH tracer' "$TMP/t2.stdout" || fail "no summary"

echo "-- --quiet"
script -qec "$SKEL trace --quiet -o $TMP/t3 -- mpiexec.mpich -n 2 ${MW[*]}" "$TMP/t3.tty" >/dev/null ||
  fail "skel trace --quiet failed"
grep -q 'elapsed' "$TMP/t3.tty" && fail "--quiet showed progress: $(cat -A "$TMP/t3.tty" | head -3)"

echo "-- generate's steps on a terminal"
script -qec "$SKEL generate -k 5 -o $TMP/sk --from-trace $TMP/t2 >/dev/null" "$TMP/g.tty" >/dev/null ||
  fail "generate --from-trace failed: $(cat "$TMP/g.tty")"
for s in "compressing the trace" "generating and building the skeleton"; do
  grep -q "skel generate: $s" "$TMP/g.tty" || fail "no step '$s': $(cat -A "$TMP/g.tty" | head -5)"
done

echo "-- a program that never calls MPI, a mistyped program"
rc=0; "$SKEL" trace -o "$TMP/t4" -- mpiexec.mpich -n 2 /bin/true >/dev/null 2>"$TMP/err" || rc=$?
[ $rc = 5 ] || fail "no MPI: exit $rc (expected 5): $(cat "$TMP/err")"
grep -q "exited with status 0 without any rank calling MPI_Init" "$TMP/err" || fail "$(cat "$TMP/err")"
grep -q "meta" "$TMP/err" && fail "the error speaks of trace files: $(cat "$TMP/err")"
rc=0; "$SKEL" trace -o "$TMP/t5" -- mpiexec.mpich -n 2 "$SAMPLES/jacobii" >/dev/null 2>"$TMP/err" || rc=$?
[ $rc = 5 ] || fail "mistyped: exit $rc (expected 5): $(cat "$TMP/err")"
grep -q "skel trace: error: mpiexec.mpich exited with status [1-9][0-9]* before any rank called MPI_Init" \
  "$TMP/err" || fail "$(cat "$TMP/err")"

echo "-- mistyped options and commands"
rc=0; "$SKEL" gen --sacle 2 -o "$TMP/x" "$TMP/sk/app.sig" 2>"$TMP/err" || rc=$?
[ $rc = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] || fail "exit $rc, $(cat "$TMP/err")"
grep -q "unknown option '--sacle'; did you mean '--scale'?" "$TMP/err" || fail "$(cat "$TMP/err")"
rc=0; "$SKEL" genrate 2>"$TMP/err" || rc=$?
[ $rc = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] || fail "exit $rc, $(cat "$TMP/err")"
grep -q "unknown command 'genrate'; did you mean 'generate'?" "$TMP/err" || fail "$(cat "$TMP/err")"
rc=0; "$SKEL" compress -o 2>"$TMP/err" || rc=$?
[ $rc = 2 ] && grep -q "option '-o' needs a value" "$TMP/err" || fail "exit $rc, $(cat "$TMP/err")"
"$SKEL" -V | grep -qx "skel [0-9][0-9.]*" || fail "-V: $("$SKEL" -V)"

echo "-- -k and -K"
"$SKEL" compress -q -k 4 -o "$TMP/k.sig" "$TMP/t2" || fail "compress -k"
"$SKEL" compress -q -K 4 -o "$TMP/K.sig" "$TMP/t2" || fail "compress -K"
cmp -s "$TMP/k.sig" "$TMP/K.sig" || fail "-k and -K differ"
"$SKEL" gen -q -K 4 -o "$TMP/gK" "$TMP/k.sig" || fail "gen -K"
"$SKEL" gen -q -k 4 -o "$TMP/gk" "$TMP/k.sig" || fail "gen -k"
cmp -s "$TMP/gk/skeleton.c" "$TMP/gK/skeleton.c" || fail "gen -k and -K differ"

echo "-- the MPI library on one line"
"$SKEL" show "$TMP/k.sig" | sed -n 2p >"$TMP/show"
grep -q 'MPICH Version: ' "$TMP/show" || fail "skel show: $(cat -A "$TMP/show")"
grep -q $'\t\\|\\\\x09' "$TMP/show" && fail "a tab in skel show: $(cat -A "$TMP/show")"
echo ok
