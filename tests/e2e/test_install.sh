#!/usr/bin/env bash
# Installing like an HPC tool: `cmake --install` into a temporary prefix, then
#  - skel from that prefix's bin (first in PATH) runs skel generate on a
#    sample installed with it (finding its tracer and templates in the
#    prefix) and the skeleton runs (2 ranks);
#  - man -l shows skel(1) and a page per command with its SYNOPSIS;
#  - pkg-config --cflags --libs skel builds a small program against libskel
#    that opens the trace generate wrote, and so does find_package(skel) in
#    CMake (the imported target skel::skel);
#  - the bash completion completes commands and options;
#  - the documents are installed, with README's docs/ links resolving.
. "$(dirname "$0")/lib.sh"
for tool in man pkg-config cmake; do
  command -v "$tool" >/dev/null || fail "$tool is missing (bash scripts/setup.sh)"
done
P="$TMP/prefix"
cmake --install "$SKEL_BUILD_DIR" --prefix "$P" >"$TMP/install.log" 2>&1 ||
  fail "cmake --install failed: $(tail -5 "$TMP/install.log")"
export PATH="$P/bin:$PATH"
[ "$(command -v skel)" = "$P/bin/skel" ] || fail "skel is not the installed one: $(command -v skel)"
libdir=$(dirname "$(find "$P" -name 'libskel.so' | head -1)")
[ -n "$libdir" ] || fail "no libskel.so installed"

echo "-- skel generate from the prefix"
(cd "$TMP" && skel generate -k 5 -q -o "$TMP/sk" -- mpiexec.mpich -n 2 "$P/lib/skel/samples/jacobi" -n 64 -i 20) \
  >"$TMP/gen.out" 2>&1 || fail "generate with the installed skel: $(cat "$TMP/gen.out")"
timeout 60 mpiexec.mpich -n 2 "$TMP/sk/skeleton" >"$TMP/sk.out" 2>&1 || fail "skeleton: $(cat "$TMP/sk.out")"
grep -q '^SKEL_RESULT ' "$TMP/sk.out" || fail "no SKEL_RESULT: $(cat "$TMP/sk.out")"

echo "-- man pages"
man -l "$P/share/man/man1/skel.1" 2>/dev/null | grep -q "skel - turn a run of an MPI application" ||
  fail "man -l skel.1: $(man -l "$P/share/man/man1/skel.1" 2>&1 | head -5)"
for c in $(sed -n 's/^SKEL_COMMAND("\([a-z]*\)".*/\1/p' "$SKEL_SOURCE_DIR/runtime/cli/commands.def"); do
  page="$P/share/man/man1/skel-$c.1"
  [ -f "$page" ] || fail "no man page for $c"
  man -l "$page" 2>/dev/null | grep -A1 "^SYNOPSIS" | grep -Eq "skel +$c" || fail "skel-$c(1) has no synopsis"
done
man -l "$P/share/man/man1/skel.1" 2>/dev/null | grep -q "Exit status" || fail "skel(1) lists no exit status"

echo "-- pkg-config and find_package"
cat >"$TMP/prog.c" <<'C'
#include <skel.h>
#include <stdio.h>
int main(int argc, char **argv)
{
    skel_trace *t;
    if (argc != 2 || skel_trace_open(argv[1], &t) != SKEL_OK) {
        fprintf(stderr, "%s\n", skel_last_error());
        return 1;
    }
    printf("libskel %s: %u ranks\n", skel_library_version(), skel_trace_nranks(t));
    skel_trace_close(t);
    return 0;
}
C
export PKG_CONFIG_PATH="$libdir/pkgconfig"
flags=$(pkg-config --cflags --libs skel) || fail "pkg-config knows no skel"
# A sanitized libskel needs its runtime from the program.
san=""
[ "${SKEL_ASAN:-0}" = 1 ] && san="-fsanitize=address,undefined"
"${SKEL_C_COMPILER:-cc}" $san -o "$TMP/prog" "$TMP/prog.c" $flags ||
  fail "a program does not build with pkg-config --cflags --libs skel ($flags)"
out=$(LD_LIBRARY_PATH="$libdir" "$TMP/prog" "$TMP/sk/trace") || fail "the program failed: $out"
[ "$out" = "libskel $(skel -V | cut -d' ' -f2): 2 ranks" ] || fail "the program says '$out'"
mkdir -p "$TMP/cm"
cat >"$TMP/cm/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.18)
project(useskel C)
find_package(skel REQUIRED)
add_executable(prog ../prog.c)
target_link_libraries(prog PRIVATE skel::skel)
CM
cmake -S "$TMP/cm" -B "$TMP/cm/build" -DCMAKE_PREFIX_PATH="$P" -DCMAKE_C_COMPILER="${SKEL_C_COMPILER:-cc}" \
  -DCMAKE_C_FLAGS="$san" \
  >"$TMP/cm.log" 2>&1 && cmake --build "$TMP/cm/build" >>"$TMP/cm.log" 2>&1 ||
  fail "find_package(skel): $(tail -5 "$TMP/cm.log")"
out=$(LD_LIBRARY_PATH="$libdir" "$TMP/cm/build/prog" "$TMP/sk/trace") || fail "$out"
[ "$out" = "libskel $(skel -V | cut -d' ' -f2): 2 ranks" ] || fail "the CMake-built program says '$out'"

echo "-- bash completion"
comp="$P/share/bash-completion/completions/skel"
[ -f "$comp" ] || fail "no bash completion installed"
got=$(bash -c ". '$comp'; COMP_WORDS=(skel genera); COMP_CWORD=1; _skel; echo \${COMPREPLY[*]}")
[ "$got" = generate ] || fail "completing 'genera': '$got'"
got=$(bash -c ". '$comp'; COMP_WORDS=(skel export --o); COMP_CWORD=2; _skel; echo \${COMPREPLY[*]}")
[ "$got" = "--otf2 --output" ] || fail "completing 'export --o': '$got'"

echo "-- documents"
for d in README.md docs/otf2.md docs/trace-format.md docs/exit-codes.md; do
  [ -f "$P/share/doc/skel/$d" ] || fail "$d is not installed"
done
echo ok
