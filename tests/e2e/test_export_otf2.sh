#!/usr/bin/env bash
# OTF2: `skel export --otf2` and Skel's reading of OTF2 archives, on traces
# of real samples (2 ranks):
#  - otf2-print (otf2-tools, libotf2's own reader) reads the archive, and per
#    rank finds exactly the MPI records the trace implies: an MPI_ISEND per
#    MPI_Isend to a real peer, an MPI_IRECV per completed receive request
#    from a real source, an MPI_SEND / MPI_RECV per blocking send / receive
#    with a real peer, an MPI_COLLECTIVE_END per collective call (counted
#    from `skel dump` of the Skel trace, not from the exporter);
#  - round trip: the signature compressed from the archive equals, byte for
#    byte, the one compressed from the original trace (threshold 0 and
#    --scale 10), working-set samples included (skel::working_set_bytes);
#    also for a program with an intercommunicator (OTF2 3's InterComm), one
#    with graph communicators and neighbourhood collectives, and one with
#    general active-target synchronisation (the groups of MPI_Win_post and
#    MPI_Win_start as skel::group), whose archive makes a skeleton;
#  - skel generate --from-trace ARCHIVE and skel gen ARCHIVE make a skeleton
#    that runs; critpath and predict read the archive;
#  - a damaged archive is refused (exit 3) with its name, and no imported
#    trace is left in TMPDIR; existing output directories are refused.
. "$(dirname "$0")/lib.sh"
command -v otf2-print >/dev/null || fail "otf2-print is missing (otf2-tools; bash scripts/setup.sh)"
export TMPDIR="$TMP/tmpdir"
mkdir -p "$TMPDIR"

# per_rank FILE: "rank count" lines from a list of ranks (one per line).
count_by_rank() { sort -n | uniq -c | awk '{ print $2, $1 }'; }

check() { # name args...
  local name=$1; shift
  echo "-- $name $*"
  timeout 120 "$SKEL" trace --quiet -o "$TMP/$name" -- mpiexec.mpich -n 2 "${PROGDIR:-$SAMPLES}/$name" "$@" \
    >"$TMP/$name.out" 2>&1 || { cat "$TMP/$name.out"; fail "$name: skel trace failed"; }
  "$SKEL" export --otf2 -o "$TMP/$name.otf2" "$TMP/$name" 2>"$TMP/$name.exp" ||
    { cat "$TMP/$name.exp"; fail "$name: export failed"; }
  grep -q "traces.otf2: .* calls on 2 ranks" "$TMP/$name.exp" || fail "$name: $(cat "$TMP/$name.exp")"
  otf2-print "$TMP/$name.otf2/traces.otf2" >"$TMP/$name.print" 2>"$TMP/$name.print.err" ||
    fail "$name: otf2-print failed: $(cat "$TMP/$name.print.err")"
  [ -s "$TMP/$name.print.err" ] && fail "$name: otf2-print complained: $(cat "$TMP/$name.print.err")"

  # What the trace implies, from skel dump (columns: rank seq t dur CALL ...).
  "$SKEL" dump "$TMP/$name" | grep -v '^#' >"$TMP/$name.dump"
  local want got rec
  for rec in MPI_ISEND MPI_IRECV MPI_SEND MPI_RECV MPI_COLLECTIVE_END; do
    case $rec in
      MPI_ISEND) want=$(awk '$5 == "MPI_Isend" && / peer=[0-9]/ { print $1 }' "$TMP/$name.dump" | count_by_rank) ;;
      MPI_IRECV) want=$(awk '/ done=/ { n = gsub(/\(from [0-9]/, "&"); for (i = 0; i < n; i++) print $1 }' \
                          "$TMP/$name.dump" | count_by_rank) ;;
      MPI_SEND) want=$(awk '($5 == "MPI_Send" || $5 == "MPI_Sendrecv") && / peer=[0-9]/ { print $1 }' \
                          "$TMP/$name.dump" | count_by_rank) ;;
      MPI_RECV) want=$(awk '($5 == "MPI_Recv" || $5 == "MPI_Sendrecv") && / from=[0-9]/ { print $1 }' \
                          "$TMP/$name.dump" | count_by_rank) ;;
      MPI_COLLECTIVE_END) want=$(awk '$5 ~ /^MPI_(Allreduce|Reduce|Bcast|Gather|Scatter|Barrier|Allgather|Alltoall|Gatherv|Scatterv|Allgatherv|Alltoallv|Alltoallw|Reduce_scatter|Reduce_scatter_block|Scan|Exscan)$/ { print $1 }' \
                          "$TMP/$name.dump" | count_by_rank) ;;
    esac
    got=$(awk -v r="$rec" '$1 == r { print $2 }' "$TMP/$name.print" | count_by_rank)
    echo "   $rec per rank: $(echo $got)"
    [ "$got" = "$want" ] || fail "$name: $rec records per rank: otf2-print finds '$(echo $got)', the trace implies '$(echo $want)'"
  done

  # Round trip: the same signature from the archive as from the trace.
  local k
  for k in "" "-k 10"; do
    "$SKEL" compress -q $k -o "$TMP/$name.a.sig" "$TMP/$name" || fail "$name: compress"
    "$SKEL" compress -q $k -o "$TMP/$name.b.sig" "$TMP/$name.otf2" || fail "$name: compress the archive"
    cmp -s "$TMP/$name.a.sig" "$TMP/$name.b.sig" ||
      { diff "$TMP/$name.a.sig" "$TMP/$name.b.sig" | head -20; fail "$name: the round trip changed the signature ($k)"; }
  done
  echo "   round trip: same signature at threshold 0 and with -k 10 ($(zcat -f "$TMP/$name.a.sig" | grep -c ' ws="') symbols with a working set)"
}

check jacobi -n 64 -i 30
check mw -t 30 --work-us 100 --prep-us 20
# An intercommunicator (the corpus program: messages and rooted collectives
# across two halves, then merged): one InterComm definition for both sides,
# its groups A and B, peers numbered in the other side's group.
PROGDIR="$SKEL_BUILD_DIR/tests/irregular" check intercomm -i 40 -p 10
# Graph communicators: each rank's neighbour lists (skel::neighbors), which
# the neighbourhood collectives of its skeleton need.
PROGDIR="$SKEL_BUILD_DIR/tests/irregular" check neighbor -i 20 -n 64
"$SKEL" gen "$TMP/neighbor.otf2" --scale 3 -o "$TMP/neighbor-sk" --quiet >"$TMP/neighbor-gen.out" 2>&1 ||
  { cat "$TMP/neighbor-gen.out"; fail "neighbor: no skeleton from the archive"; }
# MPI_Win_post and MPI_Win_start with their groups (skel::group).
PROGDIR="$SKEL_BUILD_DIR/tests/irregular" check pscw -i 20 -w 20000
zcat -f "$TMP/pscw.b.sig" | grep -q '<member ' || fail "pscw: no group members in the archive's signature"
"$SKEL" gen "$TMP/pscw.otf2" --scale 3 -o "$TMP/pscw-sk" --quiet >"$TMP/pscw-gen.out" 2>&1 ||
  { cat "$TMP/pscw-gen.out"; fail "pscw: no skeleton from the archive"; }
grep -q '^INTER_COMM ' <(otf2-print -G "$TMP/intercomm.otf2/traces.otf2") ||
  fail "intercomm: no INTER_COMM definition in the archive"
"$SKEL" critpath "$TMP/intercomm.otf2" >"$TMP/intercomm.cp" 2>&1 ||
  { cat "$TMP/intercomm.cp"; fail "intercomm: no critical path from the archive"; }

echo "-- skel generate --from-trace / gen / critpath / predict on an archive"
"$SKEL" generate --from-trace "$TMP/jacobi.otf2" -k 5 -q -o "$TMP/sk" 2>"$TMP/gen.err" ||
  fail "generate --from-trace: $(cat "$TMP/gen.err")"
grep -q "imported the OTF2 archive" "$TMP/gen.err" || fail "generate says nothing of the import"
[ -x "$TMP/sk/skeleton" ] && [ -f "$TMP/sk/trace/meta" ] || fail "no skeleton or no imported trace in DIR"
timeout 60 mpiexec.mpich -n 2 "$TMP/sk/skeleton" >"$TMP/sk.out" 2>&1 || fail "the skeleton failed: $(cat "$TMP/sk.out")"
grep -q '^SKEL_RESULT ' "$TMP/sk.out" || fail "no SKEL_RESULT: $(cat "$TMP/sk.out")"
"$SKEL" gen "$TMP/jacobi.otf2" -K 5 -q -o "$TMP/gen2" 2>/dev/null || fail "gen ARCHIVE"
cmp -s "$TMP/gen2/skeleton.c" "$TMP/sk/skeleton.c" || fail "gen ARCHIVE and generate --from-trace differ"
"$SKEL" critpath --top 3 "$TMP/jacobi.otf2" >/dev/null 2>&1 || fail "critpath ARCHIVE"
"$SKEL" predict "$TMP/jacobi.otf2/traces.otf2" >/dev/null 2>&1 || fail "predict ANCHOR"

echo "-- refusals"
rc=0; "$SKEL" export --otf2 -o "$TMP/jacobi.otf2" "$TMP/jacobi" 2>"$TMP/err" || rc=$?
[ $rc = 2 ] && grep -q "exists already" "$TMP/err" || fail "an existing output: exit $rc, $(cat "$TMP/err")"
cp -r "$TMP/jacobi.otf2" "$TMP/bad.otf2"
head -c 100 "$TMP/jacobi.otf2/traces.def" >"$TMP/bad.otf2/traces.def"
rc=0; "$SKEL" compress -o "$TMP/bad.sig" "$TMP/bad.otf2" 2>"$TMP/err" || rc=$?
[ $rc = 3 ] || fail "a damaged archive: exit $rc (expected 3): $(cat "$TMP/err")"
grep -q "bad.otf2/traces.otf2" "$TMP/err" || fail "the error does not name the archive: $(cat "$TMP/err")"
[ "$(wc -l <"$TMP/err")" = 1 ] || fail "more than one error line: $(cat "$TMP/err")"
[ -e "$TMP/bad.sig" ] && fail "a signature was written"
[ -z "$(ls -A "$TMPDIR")" ] || fail "imported traces left in TMPDIR: $(ls "$TMPDIR")"
echo ok
