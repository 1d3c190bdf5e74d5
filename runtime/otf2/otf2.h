/* otf2.h - Skel traces to and from OTF2 archives, the format of Score-P,
 * Scalasca, Vampir and the tools around them (docs/otf2.md says which
 * records are written and read, and what is refused).
 *
 * Export: a Skel trace directory becomes an OTF2 archive of one location
 * per rank and thread; one region per MPI call and one per call-site
 * function; communicators with their groups and Cartesian topologies; and
 * per call Enter, the MPI records (MpiSend, MpiIsend, MpiIrecvRequest,
 * MpiRecv, MpiIrecv, MpiIsendComplete, MpiCollectiveBegin/End,
 * NonBlockingCollectiveRequest/Complete, MpiRequestCancelled, CommCreate,
 * CommDestroy) and Leave, so that Vampir shows the messages and Scalasca-
 * style analyses match them.  What the standard records cannot hold (the
 * CPU time of a compute gap, the source an MPI_ANY_SOURCE receive asked
 * for, counts and datatype sizes, the call site...) travels in attributes
 * named "skel::...", so that importing the archive again gives back the
 * same events and hence the same signature.
 *
 * Import: an OTF2 archive - Skel's own or, for example, one written by
 * Score-P - becomes a Skel trace directory that every Skel command reads
 * (compress, gen, generate --from-trace, critpath, predict...).  Archives
 * without MPI records, with measurement switched off for part of the run,
 * with intercommunicators, or (not written by Skel) with one-sided, MPI-IO
 * or persistent calls are refused with an error that says so.
 *
 * Both stream: export reads one rank at a time; import reads the archive's
 * events in time order and writes every rank's file as it goes.
 *
 * Ownership: nothing is kept after return.  Outputs appear whole or not at
 * all: the archive and the trace directory are written under temporary
 * names and renamed into place when complete.
 */
#ifndef SKEL_OTF2_H
#define SKEL_OTF2_H

#include <stddef.h>
#include <stdint.h>

#include "trace.h"

struct skel_otf2_export_stats {
    uint32_t ranks;
    uint32_t locations;   /* ranks x threads */
    uint64_t events;      /* Skel events, one Enter/Leave pair each */
    uint64_t mpi_records; /* MPI records written (MpiSend, MpiRecv, ...) */
};

/* Write trace t as an OTF2 archive: dir/traces.otf2 (the anchor file),
 * dir/traces.def, dir/traces/.  dir must not exist yet (its parent must).
 * SKEL_EUNSUPPORTED for what OTF2 cannot hold (intercommunicators);
 * SKEL_EINTERRUPTED, nothing written, once cancelled (may be NULL) returns
 * non-zero - it is asked between events. */
int skel_otf2_export(const skel_trace *t, const char *dir, int (*cancelled)(void),
                     struct skel_otf2_export_stats *st);

/* 1 when path is an OTF2 archive: an anchor file (*.otf2), or a directory
 * holding traces.otf2 (what Score-P's experiment directories and skel export
 * hold); the anchor's path is written to anchor.  0 when it is anything
 * else (a Skel trace directory...).  Never fails: a path that cannot be
 * looked at is 0. */
int skel_otf2_is_archive(const char *path, char *anchor, size_t len);

struct skel_otf2_import_stats {
    uint32_t ranks;
    uint64_t events;        /* Skel events written */
    uint64_t skipped_calls; /* MPI calls Skel does not know, left in the compute time */
    char skipped_example[64];
    int skel_archive; /* the archive was written by skel export --otf2 */
    char creator[128];
};

/* Convert the OTF2 archive whose anchor file is `anchor` into the Skel
 * trace directory dir (which must not exist yet).  Errors name the archive,
 * the location and the time of the record at fault. */
int skel_otf2_import(const char *anchor, const char *dir, struct skel_otf2_import_stats *st);

#endif
