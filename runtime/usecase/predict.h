/* predict.h - the run time of a traced program on another placement of its
 * processes (LBF) and/or another network (NF) (`skel predict`): the trace
 * and the cost tables read, the placement parsed, lbf.h run; and the tables
 * `skel predict` prints.
 *
 * Ownership: nothing is kept from the options; the result is released with
 * skel_predict_result_free() (also after a failure).
 */
#ifndef SKEL_PREDICT_H
#define SKEL_PREDICT_H

#include <stdio.h>

#include "lbf.h"

struct skel_predict_opts {
    const char *trace_dir;     /* a Skel trace or an OTF2 archive (traceinput.h) */
    const char *placement;     /* LBF spec (lbf.h); NULL: identity */
    const char *table_current; /* cost table of the network the trace was taken on, or NULL */
    const char *network;       /* table of the network to predict on (needs table_current) */
    struct skel_lbf_opts lbf;  /* untraced, link_burst, drop_off_cpu, report; the placement
                                  and the tables are set here */
    int allow_partial;         /* use a partial trace (skel_usecase_trace_check()) */
};

struct skel_predict_result {
    struct skel_lbf_result lbf;
    struct skel_lbf_placement *placement; /* NULL: identity */
    double ratio;                         /* predicted / measured (0: nothing measured) */
    char input_note[512]; /* what importing an OTF2 archive said (traceinput.h), or "" */
    char *partial; /* why the trace is not whole, or NULL; printed with the prediction */
};

int skel_predict_run(const struct skel_predict_opts *o, struct skel_predict_result *res);
void skel_predict_result_free(struct skel_predict_result *res);

/* The summary: the trace, the placement, the networks, the prediction, each
 * processor's busy time. */
void skel_predict_print(FILE *out, const struct skel_predict_opts *o,
                        const struct skel_predict_result *r);
/* The same as tab-separated values. */
void skel_predict_print_tsv(FILE *out, const struct skel_predict_result *r);

#endif
