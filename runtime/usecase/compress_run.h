/* compress_run.h - a trace directory made into a signature file (`skel
 * compress`): the trace read, compressed (compress.h), the signature
 * written (sigfile.h) and, when asked, read back and checked against the
 * trace.
 *
 * Ownership: nothing is kept from the options; the result holds the
 * signature, released with skel_compress_run_free() (also after a failure).
 */
#ifndef SKEL_COMPRESS_RUN_H
#define SKEL_COMPRESS_RUN_H

#include <stdio.h>

#include "compress.h"

struct skel_compress_run_opts {
    const char *trace_dir;   /* a Skel trace or an OTF2 archive (traceinput.h) */
    const char *output;      /* the signature file (replaced atomically) */
    skel_compress_opts opts; /* threshold, or the scale K to choose it for */
    int verify;              /* read the file back and check it against the trace */
    int allow_partial;       /* compress a partial trace (skel_usecase_trace_check()) */
};

struct skel_compress_run_result {
    skel_signature *sig;
    skel_compress_stats stats;
    char input_note[512]; /* what importing an OTF2 archive said (traceinput.h), or "" */
};

/* The trace is refused when it is not whole (skel_trace_completeness():
 * SKEL_ETRUNCATED naming why), unless allow_partial: then the signature
 * carries the reason (skel_signature.partial).  So is an output that would
 * overwrite a file of the trace itself (SKEL_EUSAGE). */
int skel_compress_run(const struct skel_compress_run_opts *o, struct skel_compress_run_result *res);
void skel_compress_run_free(struct skel_compress_run_result *res);

/* What `skel compress` prints: the sizes, the threshold and how it was
 * chosen, Q, the rank classes, the time taken. */
void skel_compress_run_print(FILE *out, const struct skel_compress_run_opts *o,
                             const struct skel_compress_run_result *r);

#endif
