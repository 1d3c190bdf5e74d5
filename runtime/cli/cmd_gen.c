/* cmd_gen.c - `skel gen SIGNATURE (--scale K | --target-seconds S) -o DIR`:
 * an execution signature becomes a performance skeleton (usecase/gen.h,
 * docs/codegen.md). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "error.h"
#include "gen.h"
#include "plan.h"
#include "sigfile.h"

#include <stdio.h>
#include <string.h>

/* The modes `--mode` takes: auto, then the plan's modes by their names. */
static const int modes[] = {SKEL_CODEGEN_AUTO, SKEL_PLAN_LOOPS, SKEL_PLAN_MIXED,
                            SKEL_PLAN_MESSAGES};

static const struct skel_cli_cmd cmd = {"gen", "gen", 0, "unknown option"};

int skel_cmd_gen(int argc, char **argv)
{
    struct skel_gen_opts o = {.mpicc = "mpicc.mpich"};
    skel_codegen_defaults(&o.codegen);
    o.codegen.version = SKEL_VERSION;
    const char *outdir = NULL;
    double k = 0;
    int report = 0, quiet = 0, rc, status;
    struct skel_cli_opt opts[] = {
        OPT_SCALE(&k, 1, 1e9),
        OPT_DOUBLE("target-seconds", 't', &o.target_s, 1e-6, 1e9),
        OPT_STR("output", 'o', &outdir),
        OPT_FLAG("report", 'r', &report),
        OPT_U64("seed", 0, &o.codegen.seed, 0, (double)(1ull << 53)),
        OPT_CHOICE("mode", 0, &o.codegen.mode, "auto|loops|mixed|messages", modes),
        OPT_U64("eager-limit", 0, &o.codegen.eager_bytes, 0, (double)(1ull << 40)),
        OPT_U64("check-limit", 0, &o.codegen.max_check_ops, 1, (double)(1ull << 40)),
        OPT_FLAG("build", 'b', &o.build),
        OPT_STR("mpicc", 0, &o.mpicc),
        OPT_FLAG("werror", 0, &o.werror),
        OPT_FLAG("quiet", 'q', &quiet),
        OPT_END};
    int first = skel_cli_parse(&cmd, opts, argc, argv, &status);
    if (first < 0)
        return status;
    if (first != argc - 1)
        return skel_cli_usage_error("gen", "expected one signature file");
    if (outdir == NULL)
        return skel_cli_usage_error("gen", "the output directory is missing (-o DIR)");
    if ((k > 0) == (o.target_s > 0))
        return skel_cli_usage_error("gen", "give exactly one of --scale K and --target-seconds S");
    o.codegen.k = k;
    const char *sigpath = argv[first];
    char templates[PATH_MAX];
    if ((rc = skel_cli_resource(SKEL_RES_TEMPLATES, templates, sizeof templates)) != SKEL_OK)
        return skel_cli_fail("gen", rc);
    o.codegen.templates = templates;
    skel_signature *sig = NULL;
    if ((rc = skel_sigfile_read(sigpath, &sig)) != SKEL_OK)
        return skel_cli_fail("gen", rc);
    struct skel_gen_result res;
    rc = skel_gen_build(sig, &o, outdir, &res);
    skel_signature_free(sig);
    skel_gen_print_warnings(stderr, "skel gen", &res, o.target_s);
    if (rc == SKEL_OK && report)
        skel_gen_print(stdout, sigpath, outdir, &res.report);
    else if (rc == SKEL_OK && !quiet)
        printf("%s/%s: K = %.6g, expected %.6f s per repeat (application %.6f s), mode %s\n",
               skel_usecase_printable(outdir), o.build ? "skeleton" : "skeleton.c", res.report.k,
               res.report.expected_s, res.report.app_s, skel_plan_mode_name(res.report.mode));
    skel_gen_result_free(&res);
    return rc == SKEL_OK ? 0 : skel_cli_fail("gen", rc);
}
