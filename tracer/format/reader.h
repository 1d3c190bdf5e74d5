/* reader.h - streaming reader of one rank's trace file.
 *
 * Events are delivered one at a time; memory is bounded by the communicator,
 * call-site and in-flight request tables, never by the trace length.  Damage
 * (truncation, corruption) is reported precisely - file, rank, byte offset,
 * what was expected - after every complete event before it was delivered.
 *
 * Ownership: skel_rank_open() allocates the reader, skel_rank_close() frees it
 * and everything it handed out.  Arrays inside a delivered event are valid
 * until the next skel_rank_next(); tables (comms, sites...) until close.
 */
#ifndef SKEL_READER_H
#define SKEL_READER_H

#include <stddef.h>
#include <stdint.h>

#include "event.h"

/* ---- Reading one rank's stream ------------------------------------------ */

typedef struct skel_rank_reader skel_rank_reader;

/* Open a rank file.  Fails (SKEL_EIO, SKEL_EFORMAT, SKEL_EVERSION) with a
 * detail naming the file if it cannot be read or its header is wrong. */
int skel_rank_open(const char *path, skel_rank_reader **out);
void skel_rank_close(skel_rank_reader *r);

/* Next event: 1 and *ev filled; 0 at the end of the stream; a negative code on
 * damage, after every complete event before the damage has been delivered.
 * The detail names the file, the rank, the byte offset and what was expected.
 * Communicator, site, module and object records are absorbed silently. */
int skel_rank_next(skel_rank_reader *r, skel_event *ev);

/* After skel_rank_next() returned 0 or an error: 1 if the stream ended without
 * its end record (crash, signal, MPI_Abort, damage), 0 if it ended cleanly. */
int skel_rank_truncated(const skel_rank_reader *r);
/* Signal that ended the rank (0 if none recorded), MPI_Abort error code via
 * skel_rank_abort_code (-1 if not aborted). */
int skel_rank_signal(const skel_rank_reader *r);
int skel_rank_abort_code(const skel_rank_reader *r);
/* Why the stream ended (enum skel_ending), after skel_rank_next() returned 0
 * or an error: SKEL_END_CLEAN with the end record, SKEL_END_DAMAGED after an
 * error, else what the file says about its process (SKEL_END_OPEN: killed
 * without a word, as by SIGKILL). */
int skel_rank_ending(const skel_rank_reader *r);
/* What the file header says about how the process ended (enum
 * skel_ending; version 2 files), known as soon as the reader is open; -1 for
 * a version 1 file, whose ending is known only at its end. */
int skel_rank_header_ending(const skel_rank_reader *r);
/* A short name for an ending ("clean", "killed", "MPI_Abort"...). */
const char *skel_ending_name(int ending);
/* One sentence for a person: which rank, complete or not, how many events up
 * to which byte, the last event, and why it ends ("rank 1: incomplete, 20003
 * events up to byte 131072 (the last, #20002, was MPI_Allreduce): the process
 * was killed without a chance to say so (...)").  Returns buf. */
char *skel_rank_ending_text(const skel_rank_reader *r, char *buf, size_t len);

const skel_rank_info *skel_rank_info_of(const skel_rank_reader *r);
const skel_rank_end *skel_rank_end_of(const skel_rank_reader *r); /* NULL until seen */
/* Clock syncs seen so far (0, 1 or 2 of them). */
uint32_t skel_rank_nclock(const skel_rank_reader *r);
const skel_clock_sync *skel_rank_clock(const skel_rank_reader *r, uint32_t i);

/* Tables accumulated so far (entries appear before the first event using them).
 * Another thread may call these while one thread reads events (a prefetching
 * replay): entries never move or change before close, and a count read here
 * covers complete entries. */
uint32_t skel_rank_ncomms(const skel_rank_reader *r);
const skel_comm *skel_rank_comm(const skel_rank_reader *r, uint32_t index); /* NULL if unknown */
uint32_t skel_rank_nsites(const skel_rank_reader *r);
const skel_site *skel_rank_site(const skel_rank_reader *r, uint32_t index);
uint32_t skel_rank_nmodules(const skel_rank_reader *r);
const skel_module *skel_rank_module(const skel_rank_reader *r, uint32_t index);
uint32_t skel_rank_nobjects(const skel_rank_reader *r);
const skel_object *skel_rank_object(const skel_rank_reader *r, uint32_t index);

/* Byte offset of the next unread record, and the file's path. */
uint64_t skel_rank_offset(const skel_rank_reader *r);
const char *skel_rank_path(const skel_rank_reader *r);

#endif
