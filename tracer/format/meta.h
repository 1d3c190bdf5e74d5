/* meta.h - the metadata file of a trace directory (TRACEDIR/meta): a small
 * line-oriented text file, documented in docs/trace-format.md.
 *
 * Ownership: skel_meta_read()/skel_meta_parse() allocate a skel_meta that the
 * caller frees with skel_meta_free(); all strings inside belong to it.
 */
#ifndef SKEL_META_H
#define SKEL_META_H

#include <stddef.h>
#include <stdint.h>

typedef struct skel_meta_rank {
    uint32_t rank;
    char *host;
    uint32_t pid;
    int64_t offset_init_ns, offset_fini_ns; /* against rank 0 */
    uint64_t rtt_init_ns, rtt_fini_ns;
    uint64_t overhead_ns;
    uint64_t nevents;
    uint64_t call_ns; /* the tracer's own time inside each call's duration (0: unknown) */
} skel_meta_rank;

/* A call site resolved to source by `skel trace` (addr2line): keyed by the
 * code module's path and the offset of the return address in it. */
typedef struct skel_meta_site {
    char *module;
    uint64_t offset;
    char *func;
    char *file;
    uint32_t line;
} skel_meta_site;

typedef struct skel_meta {
    uint32_t version_major, version_minor;
    char *tracer_version;
    char *mpi_library;
    uint32_t mpi_version, mpi_subversion;
    uint32_t nranks;
    uint32_t ncommand; /* application argv */
    char **command;
    uint32_t nlaunch; /* launcher argv given to `skel trace` (may be 0) */
    char **launch;
    uint64_t start_unix_ns;
    int complete;          /* 1 when rank 0 finished cleanly and wrote the full record */
    skel_meta_rank *ranks; /* nranks entries when complete, else may be fewer */
    uint32_t nrank_entries;
    skel_meta_site *sites; /* resolved call sites (may be none) */
    uint32_t nsites;
} skel_meta;

/* Parse a meta file (bounds-checked; errors name the file, line and column). */
int skel_meta_read(const char *path, skel_meta **out);
int skel_meta_parse(const char *name, const char *text, size_t len, skel_meta **out);
/* Write atomically (temporary file, then rename). */
int skel_meta_write(const char *path, const skel_meta *m);
void skel_meta_free(skel_meta *m);

#endif
