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

static const struct skel_cli_cmd cmd = {"show", "show", 0, "unknown option"};

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
        uint32_t n = s->nranks; /* read before the signature is freed */
        skel_signature_free(s);
        return skel_cli_usage_error("show", "--rank %" PRIu64 ": the signature has %u ranks", only,
                                    n);
    }
    long long rank = only == UINT64_MAX ? -1 : (long long)only;
    if (expand)
        rc = skel_show_expand(stdout, s, rank);
    else
        skel_show_print(stdout, argv[first], s, rank);
    skel_signature_free(s);
    return rc == SKEL_OK ? 0 : skel_cli_fail("show", rc);
}
