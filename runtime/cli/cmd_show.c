/* cmd_show.c - `skel show FILE`: an execution signature in the notation of
 * Sodhi et al. ({M4, M5, L0, (L0:60), M1 ...}), its symbol table and the
 * per-class summary; `--expand` prints every rank's event sequence
 * (usecase/show.h). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "error.h"
#include "show.h"
#include "sigfile.h"

#include <inttypes.h>
#include <stdio.h>

static void usage(FILE *f)
{
    fprintf(f, "usage: skel show [--expand] [--rank R] FILE\n\n"
               "Print an execution signature: for each rank class its loop structure in the\n"
               "notation of the skeleton paper - {M4, M5, L0, (L0:60), M1} where M4 is a\n"
               "symbol, L0 a loop body listed below and (X:n) X repeated n times - the\n"
               "dominant loop, and the symbol table (call, peers as seen from the rank,\n"
               "sizes, requests completed, timing of the compute before the call and of\n"
               "the call).  Names: P point-to-point, M collective, O completion, X other.\n\n"
               "  --expand   print the events every rank's signature expands to, one line\n"
               "             each, peers resolved for the rank\n"
               "  --rank R   only rank R (with --expand) or only R's class\n");
}

static const struct skel_cli_cmd cmd = {"show", usage, 0, "unknown option"};

int skel_cmd_show(int argc, char **argv)
{
    int expand = 0, status;
    uint64_t only = UINT64_MAX;
    struct skel_cli_opt opts[] = {OPT_FLAG("expand", 0, &expand),
                                  OPT_U64("rank", 0, &only, 0, UINT32_MAX - 1), OPT_END};
    int first = skel_cli_parse(&cmd, opts, argc, argv, &status);
    if (first < 0)
        return status;
    if (first != argc - 1)
        return skel_cli_usage_error("show", "expected one signature file");
    skel_signature *s;
    int rc = skel_sigfile_read(argv[first], &s);
    if (rc != SKEL_OK)
        return skel_cli_fail("show", rc);
    if (only != UINT64_MAX && only >= s->nranks) {
        skel_signature_free(s);
        return skel_cli_usage_error("show", "--rank %" PRIu64 ": the signature has %u ranks", only,
                                    s->nranks);
    }
    long long rank = only == UINT64_MAX ? -1 : (long long)only;
    if (expand)
        rc = skel_show_expand(stdout, s, rank);
    else
        skel_show_print(stdout, argv[first], s, rank);
    skel_signature_free(s);
    return rc == SKEL_OK ? 0 : skel_cli_fail("show", rc);
}
