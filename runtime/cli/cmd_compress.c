/* cmd_compress.c - `skel compress TRACEDIR -o FILE`: a trace becomes an
 * execution signature (compress/compress.h, docs/signature.md). */
#include "cli.h"
#include "commands.h"

#include "compress.h"
#include "error.h"
#include "sigfile.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static void usage(FILE *f)
{
    fprintf(f,
            "usage: skel compress TRACEDIR -o FILE [--threshold T | --scale K]\n"
            "                     [--max-threshold M] [--step S] [--threads N]\n"
            "                     [--keep-overhead] [--verify] [--quiet]\n\n"
            "Compress a trace into an execution signature: similar MPI events become\n"
            "symbols, repetitions become loops, ranks with the same behaviour become\n"
            "rank classes.  See docs/signature.md.\n\n"
            "  -o, --output FILE      the signature file to write (replaced atomically)\n"
            "  -t, --threshold T      similarity threshold in [0, 1] (default 0: only\n"
            "                         identical events share a symbol)\n"
            "  -k, --scale K          choose the threshold: the smallest of 0, S, 2S, ...\n"
            "                         at which the compression ratio reaches K/2\n"
            "      --max-threshold M  upper bound of that search (default %.2f)\n"
            "      --step S           its increment (default %.2f)\n"
            "  -j, --threads N        threads (default: one per CPU)\n"
            "      --keep-overhead    keep the tracer's per-event cost in compute times\n"
            "      --verify           read the file back and check it against the trace\n"
            "                         (exact at threshold 0, within the threshold above)\n"
            "  -q, --quiet            print nothing on success\n",
            SKEL_COMPRESS_MAX_THRESHOLD, SKEL_COMPRESS_STEP);
}

static void print_ranks(FILE *out, const uint32_t *r, uint32_t n)
{
    for (uint32_t i = 0; i < n;) {
        uint32_t j = i;
        while (j + 1 < n && r[j + 1] == r[j] + 1)
            j++;
        fprintf(out, "%s%u", i ? "," : "", r[i]);
        if (j > i)
            fprintf(out, "-%u", r[j]);
        i = j + 1;
    }
}

int skel_cmd_compress(int argc, char **argv)
{
    static const struct option opts[] = {{"output", required_argument, NULL, 'o'},
                                         {"threshold", required_argument, NULL, 't'},
                                         {"scale", required_argument, NULL, 'k'},
                                         {"max-threshold", required_argument, NULL, 'M'},
                                         {"step", required_argument, NULL, 'S'},
                                         {"threads", required_argument, NULL, 'j'},
                                         {"keep-overhead", no_argument, NULL, 'O'},
                                         {"verify", no_argument, NULL, 'V'},
                                         {"quiet", no_argument, NULL, 'q'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    skel_compress_opts o;
    skel_compress_defaults(&o);
    const char *output = NULL;
    int have_threshold = 0, verify = 0, quiet = 0, c, rc;
    uint64_t u;
    optind = 1;
    while ((c = getopt_long(argc, argv, "ho:t:k:j:q", opts, NULL)) != -1) {
        switch (c) {
        case 'o':
            output = optarg;
            break;
        case 't':
            if ((rc = skel_cli_parse_double("--threshold", optarg, 0, 1, &o.threshold)) != SKEL_OK)
                return skel_cli_usage_error("compress", "%s", skel_last_error());
            have_threshold = 1;
            break;
        case 'k':
            if ((rc = skel_cli_parse_double("--scale", optarg, 1, 1e12, &o.scale)) != SKEL_OK)
                return skel_cli_usage_error("compress", "%s", skel_last_error());
            break;
        case 'M':
            if ((rc = skel_cli_parse_double("--max-threshold", optarg, 0, 1, &o.max_threshold)) !=
                SKEL_OK)
                return skel_cli_usage_error("compress", "%s", skel_last_error());
            break;
        case 'S':
            if ((rc = skel_cli_parse_double("--step", optarg, 1e-6, 1, &o.step)) != SKEL_OK)
                return skel_cli_usage_error("compress", "%s", skel_last_error());
            break;
        case 'j':
            if ((rc = skel_cli_parse_u64("--threads", optarg, 1, 64, &u)) != SKEL_OK)
                return skel_cli_usage_error("compress", "%s", skel_last_error());
            o.threads = (unsigned)u;
            break;
        case 'O':
            o.keep_overhead = 1;
            break;
        case 'V':
            verify = 1;
            break;
        case 'q':
            quiet = 1;
            break;
        case 'h':
            usage(stdout);
            return 0;
        default:
            return skel_cli_usage_error("compress", "unknown option");
        }
    }
    if (optind != argc - 1)
        return skel_cli_usage_error("compress", "expected one trace directory");
    if (output == NULL)
        return skel_cli_usage_error("compress", "the output file is missing (-o FILE)");
    if (have_threshold && o.scale > 0)
        return skel_cli_usage_error("compress", "--threshold and --scale exclude each other");
    const char *dir = argv[optind];
    skel_trace *t = NULL;
    skel_signature *sig = NULL, *back = NULL;
    skel_compress_stats st;
    if ((rc = skel_trace_open(dir, &t)) != SKEL_OK)
        return skel_cli_fail("compress", rc);
    if ((rc = skel_compress_trace(t, &o, &sig, &st)) != SKEL_OK)
        goto fail;
    if ((rc = skel_sigfile_write(output, sig)) != SKEL_OK)
        goto fail;
    if (verify) {
        if ((rc = skel_sigfile_read(output, &back)) != SKEL_OK ||
            (rc = skel_compress_verify(t, back)) != SKEL_OK) {
            skel_fail_context(rc, "verification of %s against %s", output, dir);
            goto fail;
        }
    }
    if (!quiet) {
        printf("%s: %u ranks, %" PRIu64 " events -> %s\n", dir, sig->nranks, st.trace_length,
               output);
        if (o.scale > 0)
            printf("threshold %.3f, chosen for scale %g: Q %s K/2 = %g after %u threshold%s "
                   "(maximum %.3f)\n",
                   st.threshold, o.scale, st.reached ? ">=" : "<", o.scale / 2, st.tried,
                   st.tried == 1 ? "" : "s", o.max_threshold);
        else
            printf("threshold %.3f\n", st.threshold);
        printf("Q = %.2f (trace %" PRIu64 " events, signature %" PRIu64 " items)\n", st.ratio,
               st.trace_length, st.signature_length);
        printf("%u rank class%s:", sig->nclasses, sig->nclasses == 1 ? "" : "es");
        for (uint32_t k = 0; k < sig->nclasses; k++) {
            printf(" [");
            print_ranks(stdout, sig->classes[k].ranks, sig->classes[k].nranks);
            printf("]");
        }
        printf("\ntime %.3f s (reading the trace %.3f s)%s\n", st.total_s, st.scan_s,
               verify ? "; verified against the trace" : "");
    }
    skel_signature_free(back);
    skel_signature_free(sig);
    skel_trace_close(t);
    return 0;
fail:
    skel_signature_free(back);
    skel_signature_free(sig);
    skel_trace_close(t);
    return skel_cli_fail("compress", rc);
}
