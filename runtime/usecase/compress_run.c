/* compress_run.c - a trace made into a signature file (compress_run.h). */
#include "compress_run.h"

#include "error.h"
#include "sigfile.h"
#include "traceinput.h"
#include "usecase.h"

#include <errno.h>
#include <inttypes.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The signature must not land on a file of the trace it is made from
 * (`-o T/meta` would replace the trace's own metadata). */
static int check_output(const char *trace_dir, const char *output)
{
    char tdir[PATH_MAX], odir[PATH_MAX], copy1[PATH_MAX], copy2[PATH_MAX];
    snprintf(copy1, sizeof copy1, "%s", output);
    snprintf(copy2, sizeof copy2, "%s", output);
    const char *base = basename(copy2);
    if (realpath(trace_dir, tdir) == NULL || realpath(dirname(copy1), odir) == NULL ||
        strcmp(tdir, odir) != 0)
        return SKEL_OK;
    if (strcmp(base, "meta") == 0 || strcmp(base, "sites") == 0 ||
        (strncmp(base, "rank-", 5) == 0 && strstr(base, ".skt") != NULL))
        return skel_fail(SKEL_EUSAGE,
                         "-o %s would overwrite a file of the trace %s itself; choose another "
                         "name (such as %s/app.sig)",
                         output, trace_dir, trace_dir);
    return SKEL_OK;
}

int skel_compress_run(const struct skel_compress_run_opts *o, struct skel_compress_run_result *res)
{
    memset(res, 0, sizeof *res);
    skel_trace *t = NULL;
    skel_signature *back = NULL;
    struct skel_trace_input in;
    char *partial = NULL;
    int rc = check_output(o->trace_dir, o->output);
    if (rc != SKEL_OK || (rc = skel_trace_input_open(o->trace_dir, NULL, &in)) != SKEL_OK)
        return rc;
    skel_trace_input_note(&in, res->input_note, sizeof res->input_note);
    rc = skel_trace_open(in.dir, &t);
    if (rc == SKEL_OK)
        rc = skel_usecase_trace_check(t, o->trace_dir, o->allow_partial, &partial);
    if (rc == SKEL_OK && (rc = skel_compress_trace(t, &o->opts, &res->sig, &res->stats)) != SKEL_OK)
        rc = skel_usecase_trace_failed(t, o->trace_dir, rc);
    else if (rc == SKEL_OK) {
        res->sig->partial = partial; /* the signature says it, as long as it exists */
        partial = NULL;
        rc = skel_sigfile_write(o->output, res->sig);
    }
    free(partial);
    if (rc == SKEL_OK && o->verify &&
        ((rc = skel_sigfile_read(o->output, &back)) != SKEL_OK ||
         (rc = skel_compress_verify(t, back)) != SKEL_OK))
        skel_fail_context(rc, "verification of %s against %s", o->output, o->trace_dir);
    skel_signature_free(back);
    skel_trace_close(t);
    skel_trace_input_close(&in);
    return rc;
}

void skel_compress_run_free(struct skel_compress_run_result *res)
{
    skel_signature_free(res->sig);
    res->sig = NULL;
}

void skel_compress_run_print(FILE *out, const struct skel_compress_run_opts *o,
                             const struct skel_compress_run_result *r)
{
    const skel_compress_stats *st = &r->stats;
    const skel_signature *sig = r->sig;
    fprintf(out, "%s: %u ranks, %" PRIu64 " events -> %s\n", o->trace_dir, sig->nranks,
            st->trace_length, o->output);
    if (sig->partial != NULL)
        fprintf(out, "PARTIAL TRACE: %s (the signature says so)\n", sig->partial);
    if (o->opts.scale > 0)
        fprintf(out,
                "threshold %.3f, chosen for scale %g: Q of the loops %.2f %s K/2 = %g after "
                "%u threshold%s (maximum %.3f)\n",
                st->threshold, o->opts.scale, st->loop_ratio, st->reached ? ">=" : "<",
                o->opts.scale / 2, st->tried, st->tried == 1 ? "" : "s", o->opts.max_threshold);
    else
        fprintf(out, "threshold %.3f\n", st->threshold);
    fprintf(out, "Q = %.2f (trace %" PRIu64 " events, signature %" PRIu64 " items)\n", st->ratio,
            st->trace_length, st->signature_length);
    fprintf(out, "%u rank class%s:", sig->nclasses, sig->nclasses == 1 ? "" : "es");
    for (uint32_t k = 0; k < sig->nclasses; k++) {
        fprintf(out, " [");
        skel_usecase_print_ranks(out, sig->classes[k].ranks, sig->classes[k].nranks);
        fprintf(out, "]");
    }
    fprintf(out, "\n");
    for (uint32_t c = 1; c <= st->napart && c < sig->nclasses; c++)
        fprintf(out, "  class %u stays apart from class %u: %s\n", c, c - 1, st->apart[c - 1]);
    fprintf(out, "time %.3f s (reading the trace %.3f s)%s\n", st->total_s, st->scan_s,
            o->verify ? "; verified against the trace" : "");
}
