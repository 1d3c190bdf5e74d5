#!/usr/bin/env bash
# A rank that dies after N of its events - SIGKILL, abort() or MPI_Abort -
# leaves a trace with at least N events, and the other rank, killed by the
# launcher, keeps every event it recorded up to the kill.  Both are marked
# incomplete, with the rank, the event count and the reason.  Rank files are
# written through a shared mapping, so a SIGKILL loses nothing the tracer
# finished; --buffer bounds the part of the file mapped (and preallocated);
# a child forked by a rank does not touch its parent's trace.
. "$(dirname "$0")/lib.sh"

N=20000 # about 120 KiB of trace: the old tracer held all of it in memory
cat > "$TMP/die.c" <<'C'
#include <mpi.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const char *how = argv[1];
    long n = atol(argv[2]);
    double x = rank;
    for (long i = 0; i < n; i++) {
        MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        /* A child that exits (running the exit handlers it inherited)
         * halfway through must leave its parent's trace alone. */
        if (rank == 1 && i == n / 2 && strcmp(how, "fork") == 0) {
            pid_t child = fork();
            if (child == 0)
                exit(0);
            waitpid(child, NULL, 0);
        }
    }
    if (rank == 1 && strcmp(how, "kill") == 0)
        raise(SIGKILL);
    if (rank == 1 && strcmp(how, "abort") == 0)
        abort();
    if (rank == 1 && strcmp(how, "mpiabort") == 0)
        MPI_Abort(MPI_COMM_WORLD, 7);
    /* Rank 0 waits for rank 1 in one more collective until it is killed. */
    MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
C
mpicc.mpich -O1 -g "$TMP/die.c" -o "$TMP/die"

# allreduces RANK DIR: the Allreduce events of a rank's trace
allreduces() { "$SKEL" dump --rank "$1" "$2" | grep -c " MPI_Allreduce " || true; }

run() { # run HOW DIR [skel trace options]: the program fails on purpose
  local how=$1 dir=$2
  shift 2
  if "$SKEL" trace --quiet -o "$dir" "$@" -- timeout 120 mpiexec.mpich -n 2 "$TMP/die" "$how" "$N" \
    > "$dir.out" 2>&1; then
    cat "$dir.out"
    fail "$how: the run was expected to fail"
  fi
}

for how in kill abort mpiabort; do
  echo "-- $how"
  run "$how" "$TMP/$how"
  n1=$(allreduces 1 "$TMP/$how")
  n0=$(allreduces 0 "$TMP/$how")
  [ "$n1" -ge "$N" ] || fail "$how: rank 1 kept $n1 of its $N Allreduce events"
  # Rank 0 finished exactly N Allreduces: the next one needed rank 1.
  [ "$n0" = "$N" ] || fail "$how: rank 0 kept $n0 Allreduce events, expected $N"
  for r in 0 1; do
    "$SKEL" dump --rank $r "$TMP/$how" | grep "^# rank $r: incomplete" > "$TMP/$how.end$r" || true
    grep -q "^# rank $r: incomplete, [0-9]* events up to byte [0-9]* (the last, #[0-9]*, was MPI_" \
      "$TMP/$how.end$r" || fail "$how: rank $r not marked incomplete: $(cat "$TMP/$how.end$r")"
  done
  case $how in
    kill) want="killed without a chance to say so" ;;
    abort) want="signal 6" ;;
    mpiabort) want="MPI_Abort with error code 7" ;;
  esac
  grep -q "$want" "$TMP/$how.end1" || fail "$how: rank 1's reason: $(cat "$TMP/$how.end1")"
  # The launcher kills rank 0: SIGKILL leaves no word, SIGTERM is caught.
  grep -Eq "killed without a chance to say so|signal (9|15) " "$TMP/$how.end0" ||
    fail "$how: rank 0's reason: $(cat "$TMP/$how.end0")"
  "$SKEL" stats --strict "$TMP/$how" > /dev/null && fail "$how: --strict accepted an incomplete trace"
  cat "$TMP/$how.end0" "$TMP/$how.end1"
done

# The buffer bounds the mapped window, which is also what a killed rank's
# file has reserved beyond its data: 4 MiB by default, two pages for 1K.
echo "-- kill with --buffer 1K"
run kill "$TMP/small" --buffer 1K
n1=$(allreduces 1 "$TMP/small")
[ "$n1" -ge "$N" ] || fail "--buffer 1K: rank 1 kept $n1 of its $N Allreduce events"
small=$(stat -c %s "$TMP/small/rank-000001.skt")
big=$(stat -c %s "$TMP/kill/rank-000001.skt")
data=$("$SKEL" dump --rank 1 "$TMP/small" | sed -n 's/^# rank 1: incomplete, .* up to byte \([0-9]*\) .*/\1/p')
[ -n "$data" ] || fail "--buffer 1K: no end offset in the dump"
[ "$small" -le $((data + 3 * 4096)) ] ||
  fail "--buffer 1K: rank 1's file has $small bytes for $data bytes of data"
[ "$big" -ge $((4 << 20)) ] || fail "default buffer: rank 1's file has only $big bytes reserved"
echo "file of the killed rank: $small bytes with --buffer 1K, $big with the default buffer"

# A rank that forks a child which exits: no rank dies, both traces are whole.
echo "-- fork"
"$SKEL" trace --quiet -o "$TMP/fork" -- timeout 120 mpiexec.mpich -n 2 "$TMP/die" fork "$N" \
  > "$TMP/fork.out" 2>&1 || { cat "$TMP/fork.out"; fail "fork: the run failed"; }
for r in 0 1; do
  n=$(allreduces $r "$TMP/fork")
  [ "$n" = $((N + 1)) ] || fail "fork: rank $r has $n Allreduce events, expected $((N + 1))"
  "$SKEL" dump --rank $r "$TMP/fork" | tail -1 | grep -q "^# rank $r: end of stream" ||
    fail "fork: rank $r's trace is not complete: $("$SKEL" dump --rank $r "$TMP/fork" | tail -2)"
done
"$SKEL" stats --strict "$TMP/fork" > /dev/null || fail "fork: the trace is not consistent"
echo ok
