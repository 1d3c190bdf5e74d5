#!/usr/bin/env bash
# tracer_callgrind.sh [LIB...] - where the tracer's per-call time goes, in
# instructions (repeatable on a noisy machine, unlike times): the ping-pong
# sweep (bench/pingpong_sweep.c, SCALE 2000, 2 ranks) runs under
# valgrind --tool=callgrind with each tracer library given (default: the one
# in build/release), and the instructions the tracer executes are split by
# component, per traced call of rank 0.  Prints figures; asserts nothing.
#
# CG_KEEP=DIR keeps each library's callgrind output of rank 0 there (cg.1,
# cg.2... in the order given), for callgrind_annotate by function or line.
#
# Instructions are not time: the two clock reads per call cost 24 ns each
# with clock_gettime and 10 ns with the TSC (clock.h) whatever their count.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || set -- "$root/build/release/tracer/libskeltrace.so"
command -v valgrind > /dev/null || { echo "tracer_callgrind: valgrind is not installed" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mpicc.mpich -O2 -g -Wno-stringop-overflow "$root/bench/pingpong_sweep.c" -o "$tmp/sweep"

# component FILE: the part of the tracer a source file (of an inlined or
# called function) belongs to.
components='
function comp(file, fn, obj) {
  n = split(file, p, "/"); f = p[n]
  if (obj == "[???]" || fn ~ /clock_gettime/ || f ~ /^clock\.[ch]$/) return "clock reads"
  # callgrind_annotate names the object only where it changes: a tracer
  # source file without one is the tracer too.
  if (obj == "") {
    if (file !~ /(^|\/)tracer\//) # paths are relative to the current directory
      return ""
  } else if (obj !~ /skeltrace|\.so\]$/ || obj ~ /libmpich|libuc|libc\.|ld-linux/) {
    return ""
  }
  if (f ~ /^(writer\.c|codec\.[ch]|calls\.c|event\.c)$/) return "writer: encoding, blocks, request ids"
  if (f == "map.c") return "hash probes (handles, sites)"
  if (f == "record.c") return "handler: translating the arguments, requests"
  if (f ~ /^(record\.h|session\.h)$/) return "wrapper entry and exit (inline)"
  if (f ~ /^(skel_wrappers\.c|irregular\.c)$/) return "wrappers (generated; Wait family)"
  return "other: " f
}'

for lib in "$@"; do
  rm -rf "$tmp/tr" "$tmp"/cg.*
  mpiexec.mpich -n 2 -genv LD_PRELOAD "$lib" -genv SKEL_TRACE_DIR "$tmp/tr" \
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.%p" "$tmp/sweep" both 2000 > "$tmp/out" 2>&1
  cg=$(ls "$tmp"/cg.* | sort -t. -k2 -n | head -1) # rank 0 started first
  calls=$(awk '/^total/ {print $3}' "$tmp/out")
  echo "== $lib: instructions per traced call (rank 0, $calls calls)"
  if [ -n "${CG_KEEP:-}" ]; then
    mkdir -p "$CG_KEEP"
    k=$(( $(ls "$CG_KEEP" | grep -c '^cg\.' || true) + 1 ))
    cp "$cg" "$CG_KEEP/cg.$k"
  fi
  {
    # Exclusive cost of each function, by the source file its lines are in.
    callgrind_annotate --auto=no --threshold=100 "$cg" | awk "$components"'
      match($0, /^ *[0-9,]+ /) {
        v = substr($0, RSTART, RLENGTH); gsub(/[ ,]/, "", v)
        rest = substr($0, RSTART + RLENGTH); sub(/^\([ 0-9.]+%\) +/, "", rest)
        obj = ""; if (match(rest, / \[.*\]$/)) { obj = substr(rest, RSTART + 1); rest = substr(rest, 1, RSTART - 1) }
        i = index(rest, ":"); if (i == 0 || rest ~ /^(=>|<|>|\*)/) next
        c = comp(substr(rest, 1, i - 1), substr(rest, i + 1), obj)
        if (c != "") sum[c] += v
      }
      END { for (c in sum) print sum[c], c }'
    # The MPI calls the tracer makes itself (datatype sizes, statuses...).
    callgrind_annotate --auto=no --inclusive=yes --tree=calling --threshold=100 "$cg" | awk '
      /\* / { tracer = ($0 ~ /skeltrace|(^| )tracer\/|\/tracer\//) }
      tracer && /> .*:PMPI_(Type_size|Get_count|Comm_rank|Type_get_envelope|Topo_test) / {
        v = $1; gsub(/,/, "", v); s += v }
      END { print s + 0, "MPI queries (Type_size, Get_count...)" }'
  } | awk -v n="$calls" '{ v = $1; $1 = ""; t += v; printf "%8.1f %s\n", v / n, $0 } END { printf "%8.1f  all\n", t / n }' |
    sort -k1,1 -g -r
  echo
done
