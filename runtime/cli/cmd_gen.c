/* cmd_gen.c - `skel gen SIGNATURE|TRACE (--scale K | --target-seconds S) -o DIR`:
 * an execution signature becomes a performance skeleton (usecase/gen.h,
 * docs/codegen.md); given a trace (a Skel trace directory or an OTF2
 * archive), it is compressed for K first, as skel generate --from-trace
 * does (usecase/generate.h). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "error.h"
#include "gen.h"
#include "generate.h"
#include "otf2.h"
#include "plan.h"
#include "sigfile.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* The modes `--mode` takes: auto, then the plan's modes by their names. */
static const int modes[] = {SKEL_CODEGEN_AUTO, SKEL_PLAN_LOOPS, SKEL_PLAN_EPOCHS,  SKEL_PLAN_MIXED,
                            SKEL_PLAN_INNER,   SKEL_PLAN_THIN,  SKEL_PLAN_MESSAGES};

static const int flavors[] = {SKEL_MPI_MPICH, SKEL_MPI_OPENMPI};

static const struct skel_cli_cmd cmd = {"gen", "gen", 0, "unknown option"};

static void print_done(const char *outdir, int build, const struct skel_codegen_report *r)
{
    printf("%s/%s: K = %.6g, expected %.6f s per repeat (application %.6f s), mode %s\n",
           skel_usecase_printable(outdir), build ? "skeleton" : "skeleton.c", r->k, r->expected_s,
           r->app_s, skel_plan_mode_name(r->mode));
}

/* A trace instead of a signature: compressed for K (or the target time)
 * into DIR/app.sig first, an OTF2 archive imported into DIR/trace. */
static int from_trace(const char *trace, const struct skel_gen_opts *g, const char *outdir,
                      int report, int quiet)
{
    struct skel_generate_opts o = {.from_trace = trace,
                                   .outdir = outdir,
                                   .k = g->codegen.k,
                                   .target_s = g->target_s,
                                   .gen = *g,
                                   .source_only = !g->build};
    struct skel_generate_result res;
    int rc = skel_generate(&o, &res);
    if (res.input_note[0])
        fprintf(stderr, "skel gen: %s\n", res.input_note);
    if (res.k_clamped)
        fprintf(stderr,
                "skel gen: warning: the application ran %.3f s, less than the %g s asked "
                "for; K = 1\n",
                res.app_s, g->target_s);
    skel_gen_print_warnings(stderr, "skel gen", &res.gen, 0);
    if (rc == SKEL_OK && report)
        skel_gen_print(stdout, res.sigpath, outdir, &res.gen.report);
    else if (rc == SKEL_OK && !quiet)
        print_done(outdir, g->build, &res.gen.report);
    skel_generate_result_free(&res);
    return rc == SKEL_OK ? 0 : skel_cli_fail("gen", rc);
}

int skel_cmd_gen(int argc, char **argv)
{
    struct skel_gen_opts o = {0};
    int mpi = SKEL_MPI_UNKNOWN;
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
        OPT_CHOICE("mode", 0, &o.codegen.mode, "auto|loops|epochs|mixed|inner|thin|messages",
                   modes),
        OPT_U64("eager-limit", 0, &o.codegen.eager_bytes, 0, (double)(1ull << 40)),
        OPT_U64("check-limit", 0, &o.codegen.max_check_ops, 1, (double)(1ull << 40)),
        OPT_FLAG("build", 'b', &o.build),
        OPT_STR("mpicc", 0, &o.mpicc),
        OPT_CHOICE("mpi", 0, &mpi, "mpich|openmpi", flavors),
        OPT_FLAG("werror", 0, &o.werror),
        OPT_FLAG("allow-partial", 0, &o.allow_partial),
        OPT_FLAG("quiet", 'q', &quiet),
        OPT_END};
    int first = skel_cli_parse(&cmd, opts, argc, argv, &status);
    if (first < 0)
        return status;
    if (first != argc - 1)
        return skel_cli_usage_error("gen", "expected one signature file or trace");
    if (outdir == NULL)
        return skel_cli_usage_error("gen", "the output directory is missing (-o DIR)");
    if ((k > 0) == (o.target_s > 0))
        return skel_cli_usage_error("gen", "give exactly one of --scale K and --target-seconds S");
    o.codegen.k = k;
    o.mpi = (enum skel_mpi_flavor)mpi;
    const char *sigpath = argv[first];
    char templates[PATH_MAX];
    if ((rc = skel_cli_resource(SKEL_RES_TEMPLATES, templates, sizeof templates)) != SKEL_OK)
        return skel_cli_fail("gen", rc);
    o.codegen.templates = templates;
    char anchor[PATH_MAX];
    struct stat sb;
    if (skel_otf2_is_archive(sigpath, anchor, sizeof anchor) ||
        (stat(sigpath, &sb) == 0 && S_ISDIR(sb.st_mode)))
        return from_trace(sigpath, &o, outdir, report, quiet);
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
        print_done(outdir, o.build, &res.report);
    skel_gen_result_free(&res);
    return rc == SKEL_OK ? 0 : skel_cli_fail("gen", rc);
}
