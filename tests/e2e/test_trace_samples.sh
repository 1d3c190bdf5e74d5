#!/usr/bin/env bash
# Trace every C sample with 2 ranks through `skel trace`; the trace must hold
# exactly the calls the sample's parameters imply, every send must match one
# receive, every request must complete, and the format must stay compact.
# Then a stripped library's call sites: named by a function only when one of
# the library's symbols holds them.
. "$(dirname "$0")/lib.sh"

run() { # name args...
  local name=$1; shift
  echo "-- $name $*"
  "$SKEL" trace --quiet -o "$TMP/$name" -- timeout 120 mpiexec.mpich -n 2 "$SAMPLES/$name" "$@" \
    > "$TMP/$name.out" 2>&1 || { cat "$TMP/$name.out"; fail "$name: skel trace failed"; }
  "$SAMPLES/$name" --expect --nranks 2 "$@" > "$TMP/$name.expect"
  expect_counts "$TMP/$name" "$TMP/$name.expect" || fail "$name: traced calls differ from --expect"
  # --strict: non-zero when a message is unmatched, a request never completes,
  # a collective is incomplete or a rank's stream is damaged or truncated.
  "$SKEL" stats --strict "$TMP/$name" > "$TMP/$name.stats" || { cat "$TMP/$name.stats"; fail "$name: inconsistent trace"; }
  grep -q "^consistent: " "$TMP/$name.stats" || fail "$name: no consistency line"
  # Compact: at most 16 bytes per event on every rank long enough for the
  # fixed part of the file (header, call sites, module paths) not to dominate.
  awk '$1 ~ /^[0-9]+$/ && NF >= 9 && $2 >= 300 && $8+0 > 16 { print; bad = 1 } END { exit bad }' "$TMP/$name.stats" \
    || fail "$name: more than 16 bytes per event"
  # Call sites resolve to the sample's source.
  "$SKEL" dump --rank 0 --limit 50 "$TMP/$name" > "$TMP/$name.dump"
  grep -q "($name\.c:[0-9]*)" "$TMP/$name.dump" || fail "$name: call sites not resolved to $name.c"
}

run jacobi -n 256 -i 40 -r 4
run cg -n 128 -i 30
run isort -k 20000 -i 4
run mw -t 60 --work-us 200 --prep-us 50
run pipeline -n 128 -i 10 -b 4

# Call sites in a stripped library are named only by a function that holds
# them.  libsn.so keeps only its exported functions' names (.dynsym); its
# static sn_hidden lies after the exported sn_first, and dladdr and
# addr2line would both name sn_hidden's MPI_Allreduce after sn_first.
echo "-- call sites in a stripped library"
mkdir -p "$TMP/sn"
cat > "$TMP/sn/lib.c" <<'SRC'
#include <mpi.h>
void sn_first(void) { MPI_Barrier(MPI_COMM_WORLD); }
static __attribute__((noinline)) void sn_hidden(int n)
{
    for (int i = 0; i < n; i++) {
        int x = i, y = 0;
        MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }
}
void sn_entry(int n) { sn_hidden(n); }
SRC
cat > "$TMP/sn/main.c" <<'SRC'
#include <mpi.h>
void sn_first(void);
void sn_entry(int n);
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    sn_first();
    sn_entry(3);
    MPI_Finalize();
    return 0;
}
SRC
# The sanitized build's tracer needs a sanitized program (the samples are).
san=()
[ "${SKEL_ASAN:-0}" = 1 ] && san=(-fsanitize=address,undefined)
mpicc=(mpicc.mpich -cc="${SKEL_C_COMPILER:-cc}")
# -O0 keeps the functions in source order (sn_hidden after sn_first).
"${mpicc[@]}" "${san[@]}" -O0 -g0 -fPIC -shared -o "$TMP/sn/libsn.so" "$TMP/sn/lib.c"
strip --strip-all "$TMP/sn/libsn.so"
"${mpicc[@]}" "${san[@]}" -O0 -g -o "$TMP/sn/main" "$TMP/sn/main.c" -L"$TMP/sn" -lsn -Wl,-rpath,"$TMP/sn"
# Through `skel trace` (addr2line and the library's symbols), then with
# the tracer alone (dladdr).
"$SKEL" trace --quiet -o "$TMP/sn/t1" -- timeout 120 mpiexec.mpich -n 2 "$TMP/sn/main" \
  > "$TMP/sn/out" 2>&1 || { cat "$TMP/sn/out"; fail "stripped library: skel trace failed"; }
timeout 120 mpiexec.mpich -n 2 -genv LD_PRELOAD "$SKEL_BUILD_DIR/tracer/libskeltrace.so" \
  -genv SKEL_TRACE_DIR "$TMP/sn/t2" "$TMP/sn/main" > "$TMP/sn/out" 2>&1 ||
  { cat "$TMP/sn/out"; fail "stripped library: the traced run failed"; }
for t in t1 t2; do
  "$SKEL" dump --rank 0 "$TMP/sn/$t" > "$TMP/sn/$t.dump"
  grep -q "MPI_Barrier .*@sn_first\b" "$TMP/sn/$t.dump" ||
    { cat "$TMP/sn/$t.dump"; fail "stripped library ($t): sn_first's MPI_Barrier not named sn_first"; }
  n=$(grep -c "MPI_Allreduce .*@libsn\.so+0x[0-9a-f]*\$" "$TMP/sn/$t.dump" || true)
  [ "$n" = 3 ] ||
    { cat "$TMP/sn/$t.dump"; fail "stripped library ($t): sn_hidden's MPI_Allreduce should be named libsn.so+0x..., $n of 3 are"; }
done
echo "ok"
