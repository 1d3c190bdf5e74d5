/* trace.h - a trace directory: one per traced run.
 *
 *   TRACEDIR/meta              text metadata (meta.h)
 *   TRACEDIR/rank-NNNNNN.skt   one binary event stream per rank (reader.h, writer.h)
 *   TRACEDIR/sites             call sites resolved to file:line (optional)
 *
 * This header is the way the rest of Skel opens traces; it includes the event
 * types, the reader and the metadata API.
 *
 * Ownership: skel_trace_open() allocates; skel_trace_close() frees it and
 * every string it handed out.  Rank readers opened from it are independent
 * handles (close them with skel_rank_close()).
 */
#ifndef SKEL_TRACE_H
#define SKEL_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "event.h"
#include "meta.h"
#include "reader.h"

typedef struct skel_trace skel_trace;

/* Open a trace directory: reads meta if present (a crashed run may lack the
 * final one) and finds the rank files. */
int skel_trace_open(const char *dir, skel_trace **out);
void skel_trace_close(skel_trace *t);
uint32_t skel_trace_nranks(const skel_trace *t);
const skel_meta *skel_trace_meta(const skel_trace *t); /* never NULL */
const char *skel_trace_dir(const skel_trace *t);
/* Path of a rank's file (valid until close). */
const char *skel_trace_rank_path(const skel_trace *t, uint32_t rank);
int skel_trace_open_rank(const skel_trace *t, uint32_t rank, skel_rank_reader **out);

/* Where a call site of a rank is in the source: the resolution `skel trace`
 * stored in the metadata when it has one, else NULL. */
const skel_meta_site *skel_trace_site(const skel_trace *t, const skel_rank_reader *r,
                                      uint32_t site);

/* The same, by module path and offset in the module. */
const skel_meta_site *skel_trace_site_at(const skel_trace *t, const char *module,
                                         uint64_t offset);

/* A short human-readable name for a call site, written to buf:
 * "func (file.c:42)", "func+0x1a", or "module+0x1a2b" - whatever is known.
 * The text comes from the traced program: escape it before using it in
 * markup.  Returns buf. */
char *skel_trace_site_label(const skel_trace *t, const skel_rank_reader *r, uint32_t site,
                            char *buf, size_t len);

/* Whether the trace holds the whole run: every rank's file read to its end
 * record (not cut short by a signal, MPI_Abort, an exit without
 * MPI_Finalize, damage or a lost last block) and rank 0's final metadata.
 * Reads every event of every rank.  *complete gets 1, or 0 with the cause
 * written to why - the rank that called MPI_Abort or died of its own signal
 * before those the launcher then killed ("rank 1 was ended by signal 11":
 * numbers and fixed words only, fit to be copied into other files).  Fails
 * only when memory runs out. */
int skel_trace_completeness(const skel_trace *t, int *complete, char *why, size_t len);

/* 1 when the trace says it is whole without reading its events: rank 0's
 * final metadata, and a version 2 file for every rank whose header says the
 * process ended cleanly (MPI_Finalize).  Only a damaged file can then make
 * the trace partial, and reading it to its end finds that (the reader fails
 * on a cleanly closed file that lacks its end record).  0 otherwise: ask
 * skel_trace_completeness(). */
int skel_trace_says_complete(const skel_trace *t);

/* Name of rank r's file inside a trace directory ("rank-000003.skt"). */
void skel_trace_rank_filename(uint32_t rank, char *out, size_t outlen);

#endif
