/* cmd_compress.c - `skel compress TRACEDIR -o FILE`: a trace becomes an
 * execution signature (usecase/compress_run.h, docs/signature.md). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "compress_run.h"
#include "error.h"
#include "progress.h"

#include <stdio.h>

static const struct skel_cli_cmd cmd = {"compress", "compress", 0, "unknown option"};

static void ranks_read(void *arg, uint32_t done, uint32_t total)
{
    (void)arg;
    skel_progress_count(done, total);
    skel_progress_update(done < total ? "reading the trace: %u of %u ranks read"
                                      : "%u of %u ranks read; folding loops and rank classes",
                         done, total);
}

int skel_cmd_compress(int argc, char **argv)
{
    struct skel_compress_run_opts o = {0};
    skel_compress_defaults(&o.opts);
    double threshold = -1;
    int quiet = 0, status;
    struct skel_cli_opt opts[] = {OPT_STR("output", 'o', &o.output),
                                  OPT_DOUBLE("threshold", 't', &threshold, 0, 1),
                                  OPT_SCALE(&o.opts.scale, 1, 1e12),
                                  OPT_DOUBLE("max-threshold", 0, &o.opts.max_threshold, 0, 1),
                                  OPT_DOUBLE("step", 0, &o.opts.step, 1e-6, 1),
                                  OPT_UINT("threads", 'j', &o.opts.threads, 1, 64),
                                  OPT_FLAG("keep-overhead", 0, &o.opts.keep_overhead),
                                  OPT_FLAG("pin-sources", 0, &o.opts.pin_sources),
                                  OPT_FLAG("verify", 0, &o.verify),
                                  OPT_FLAG("allow-partial", 0, &o.allow_partial),
                                  OPT_FLAG("quiet", 'q', &quiet),
                                  OPT_END};
    int first = skel_cli_parse(&cmd, opts, argc, argv, &status);
    if (first < 0)
        return status;
    if (first != argc - 1)
        return skel_cli_usage_error("compress", "expected one trace directory");
    if (o.output == NULL)
        return skel_cli_usage_error("compress", "the output file is missing (-o FILE)");
    if (threshold >= 0 && o.opts.scale > 0)
        return skel_cli_usage_error("compress", "--threshold and --scale exclude each other");
    if (threshold >= 0)
        o.opts.threshold = threshold;
    o.trace_dir = argv[first];
    struct skel_compress_run_result res;
    o.opts.progress = ranks_read;
    skel_progress_start("compress", quiet);
    skel_progress_step("reading %s", skel_usecase_printable(o.trace_dir));
    int rc = skel_compress_run(&o, &res);
    skel_progress_stop();
    if (res.input_note[0] && !quiet)
        fprintf(stderr, "skel compress: %s\n", res.input_note);
    if (rc == SKEL_OK && !quiet)
        skel_compress_run_print(stdout, &o, &res);
    skel_compress_run_free(&res);
    return rc == SKEL_OK ? 0 : skel_cli_fail("compress", rc);
}
