/* profile.h - the critical path of a traced run and what it is made of
 * (`skel critpath`): the trace and the network's cost table read,
 * critpath.h run; and the tables `skel critpath` prints - the time of each
 * MPI call, call site and compute phase on the path, its share of all CPU
 * time, and how much shorter the path gets when the item takes no time.
 *
 * Ownership: nothing is kept from the options; the result is released with
 * skel_profile_result_free() (also after a failure).
 */
#ifndef SKEL_PROFILE_H
#define SKEL_PROFILE_H

#include <stdio.h>

#include "critpath.h"

struct skel_profile_opts {
    const char *trace_dir;        /* a Skel trace or an OTF2 archive (traceinput.h) */
    const char *table;            /* cost table of the network the trace was taken on, or NULL */
    struct skel_critpath_opts cp; /* select, top, zero_group, untraced, cpu_only; the table is
                                     set here */
    int allow_partial;            /* use a partial trace (skel_usecase_trace_check()) */
};

struct skel_profile_result {
    struct skel_critpath_result cp;
    char input_note[512]; /* what importing an OTF2 archive said (traceinput.h), or "" */
    char *partial; /* why the trace is not whole, or NULL; printed with every table */
};

int skel_profile_run(const struct skel_profile_opts *o, struct skel_profile_result *res);
void skel_profile_result_free(struct skel_profile_result *res);

/* The summary and one table per category (the top o->cp.top rows each). */
void skel_profile_print(FILE *out, const struct skel_profile_opts *o,
                        const struct skel_profile_result *r);
/* Everything as tab-separated values. */
void skel_profile_print_tsv(FILE *out, const struct skel_profile_result *r);

#endif
