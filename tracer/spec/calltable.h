/* calltable.h - tracer/spec/mpi_calls.tbl as the build-time generators read
 * it (gencalls.c: the call table and the C wrappers; genfort.c: the Fortran
 * wrappers).  The table is parsed and validated here, once: an unknown
 * class, category, shape, flag or parameter kind, a duplicate id or name, or
 * a malformed line stops the build with "TABLE:LINE: what".
 *
 * Ownership: skel_spec_read() fills the caller's array; nothing to free.
 */
#ifndef SKEL_SPEC_CALLTABLE_H
#define SKEL_SPEC_CALLTABLE_H

#include <stddef.h>

#define SKEL_SPEC_MAX_CALLS  512
#define SKEL_SPEC_MAX_PARAMS 16
#define SKEL_SPEC_MAX_ID     1024

struct skel_spec_param {
    char decl[160]; /* "const void *buf" */
    char name[64];  /* "buf" */
    char kind[16];  /* "IGN" */
};

struct skel_spec_call {
    int line; /* in the table, for messages */
    int id;
    char name[64];     /* "MPI_Send" */
    char klass[16];    /* "SEND" */
    char category[16]; /* "p2p" */
    char shape[16];    /* "-" or "bcast" */
    int handwritten;   /* flag H */
    int poll;          /* flag P */
    int started;       /* flag S: a persistent collective's set-up (MPI 4.0) */
    int large;         /* flag L: MPI 4.0 has a large-count variant NAME_c */
    int mpi4;          /* flag 4: an MPI 4.0 call wrapped by hand (partitioned) */
    int nparams;
    struct skel_spec_param params[SKEL_SPEC_MAX_PARAMS];
};

/* The names each column accepts, NULL-terminated. */
extern const char *const skel_spec_classes[];
extern const char *const skel_spec_categories[];
extern const char *const skel_spec_shapes[];
extern const char *const skel_spec_kinds[];

/* Read the table at path into calls[0 .. return value); exits with a message
 * on any error. */
int skel_spec_read(const char *path, struct skel_spec_call *calls, int max);

/* Stop the build: "TABLE:LINE: message" on stderr (line 0: no line), exit 1. */
void skel_spec_die(int line, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));

#endif
