/* cmd_report.c - `skel report`: one self-contained HTML page of charts from
 * whatever is given - a trace, a signature, a skeleton, results files
 * (runtime/report.h). */
#include "cli.h"
#include "commands.h"

#include "error.h"
#include "report.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const cmd = "report";

static void usage(FILE *f)
{
    fprintf(f, "usage: skel report [--trace DIR] [--signature FILE] [--skeleton DIR]\n"
               "                   [--skeleton-trace DIR] [--results FILE...] [--title T]\n"
               "                   [--no-critpath] [--top N] [-q] -o report.html\n"
               "\n"
               "Write one HTML page, viewable offline, with a section for each input given:\n"
               "  --trace DIR           timeline (ranks, compute vs MPI, messages), share of\n"
               "                        time in compute and MPI, MPI calls, critical path\n"
               "  --signature FILE      loop structure, rank classes, dominant sequence\n"
               "  --skeleton DIR        a skel generate/gen directory: K and expected times from\n"
               "                        skeleton.meta; DIR/trace, DIR/app.sig and\n"
               "                        DIR/skeleton-trace are used when present and not named\n"
               "  --skeleton-trace DIR  a trace of the skeleton (skel trace ... DIR/skeleton):\n"
               "                        its timeline under the application's, stretched by K\n"
               "  --results FILE...     results files, recognised by their header line: the CSV\n"
               "                        of skel run, validate, select, stats, calibrate; the\n"
               "                        --tsv output of skel critpath and skel predict.  Takes\n"
               "                        every following argument up to the next option\n"
               "  --title T             the page's title (default: the program's name)\n"
               "  --no-critpath         do not compute the critical path from the trace\n"
               "  --top N               rows per critical-path table (default 10)\n"
               "  -o, --output FILE     the page to write\n"
               "  -q, --quiet           print nothing on success\n"
               "\n"
               "Sections, inputs and the CSV headers read are described in docs/report.md.\n");
}

int skel_cmd_report(int argc, char **argv)
{
    static const struct option opts[] = {{"trace", required_argument, NULL, 't'},
                                         {"signature", required_argument, NULL, 's'},
                                         {"skeleton", required_argument, NULL, 'k'},
                                         {"skeleton-trace", required_argument, NULL, 'K'},
                                         {"results", required_argument, NULL, 'r'},
                                         {"title", required_argument, NULL, 'T'},
                                         {"no-critpath", no_argument, NULL, 'n'},
                                         {"top", required_argument, NULL, 'N'},
                                         {"output", required_argument, NULL, 'o'},
                                         {"quiet", no_argument, NULL, 'q'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    struct skel_report_opts ro = {0};
    const char *out = NULL;
    int quiet = 0, o;
    uint64_t v;
    const char **results = calloc((size_t)argc + 1, sizeof *results);
    if (results == NULL)
        return skel_cli_fail(cmd, skel_fail(SKEL_ENOMEM, "out of memory"));
    size_t nres = 0;
    int status = 0;
    optind = 1;
    opterr = 0;
    while ((o = getopt_long(argc, argv, "+ho:q", opts, NULL)) != -1) {
        switch (o) {
        case 't':
            ro.trace = optarg;
            break;
        case 's':
            ro.signature = optarg;
            break;
        case 'k':
            ro.skeleton = optarg;
            break;
        case 'K':
            ro.skeleton_trace = optarg;
            break;
        case 'r':
            /* --results A B C: the option's argument and the words after it. */
            results[nres++] = optarg;
            while (optind < argc && argv[optind][0] != '-')
                results[nres++] = argv[optind++];
            break;
        case 'T':
            ro.title = optarg;
            break;
        case 'n':
            ro.no_critpath = 1;
            break;
        case 'N':
            if (skel_cli_parse_u64("--top", optarg, 1, 64, &v) != SKEL_OK) {
                status = skel_cli_usage_error(cmd, "%s", skel_last_error());
                goto out;
            }
            ro.top = (unsigned)v;
            break;
        case 'o':
            out = optarg;
            break;
        case 'q':
            quiet = 1;
            break;
        case 'h':
            usage(stdout);
            goto out;
        default:
            status = skel_cli_usage_error(cmd, "unknown option or missing value: '%s'",
                                          argv[optind - 1]);
            goto out;
        }
    }
    if (optind < argc) {
        status = skel_cli_usage_error(cmd,
                                      "unexpected argument '%s' (inputs are named by "
                                      "options: --trace, --results...)",
                                      skel_cli_printable(argv[optind]));
        goto out;
    }
    if (out == NULL) {
        status = skel_cli_usage_error(cmd, "expected -o FILE");
        goto out;
    }
    if (ro.trace == NULL && ro.signature == NULL && ro.skeleton == NULL &&
        ro.skeleton_trace == NULL && nres == 0) {
        status = skel_cli_usage_error(cmd, "nothing to report: give --trace, --signature, "
                                           "--skeleton or --results");
        goto out;
    }
    ro.results = results;
    ro.nresults = nres;
    struct skel_report_summary sum;
    int rc = skel_report_write(&ro, out, &sum);
    if (rc != SKEL_OK) {
        status = skel_cli_fail(cmd, rc);
        goto out;
    }
    if (!quiet) {
        /* skel_cli_printable() has one buffer: one call per statement. */
        fprintf(stderr, "%s: ", skel_cli_printable(out));
        fprintf(stderr, "%d sections, %d charts from %s\n", sum.sections, sum.charts,
                skel_cli_printable(sum.inputs));
    }
out:
    free(results);
    return status;
}
