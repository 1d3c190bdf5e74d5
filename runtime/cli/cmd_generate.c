/* cmd_generate.c - `skel generate [-k K | --target-seconds S] -o DIR (-- LAUNCHER
 * APP ARGS... | --from-trace TRACE)`: the whole way from an application (or
 * an existing Skel trace or OTF2 archive) to a built skeleton in one command
 * (usecase/generate.h).  The trace and the signature stay in DIR. */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "error.h"
#include "generate.h"
#include "plan.h"
#include "progress.h"

#include <stdio.h>
#include <string.h>

static const int modes[] = {SKEL_CODEGEN_AUTO, SKEL_PLAN_LOOPS, SKEL_PLAN_EPOCHS,  SKEL_PLAN_MIXED,
                            SKEL_PLAN_INNER,   SKEL_PLAN_THIN,  SKEL_PLAN_MESSAGES};

static const int flavors[] = {SKEL_MPI_MPICH, SKEL_MPI_OPENMPI};

static const struct skel_cli_cmd cmd = {"generate", "generate", SKEL_CLI_POSIX, "unknown option"};

struct ctx {
    int quiet;
    double target_s;
    struct skel_cli_trace_view view;
};

/* The steps of generate on the progress line. */
static void step(void *arg, const char *what)
{
    struct ctx *c = arg;
    if (strcmp(what, "tracing") == 0) {
        skel_progress_sampler(skel_cli_trace_sampler, &c->view);
        return;
    }
    skel_progress_sampler(NULL, NULL);
    skel_progress_count(0, 0);
    if (strcmp(what, "importing") == 0)
        skel_progress_step("importing the OTF2 archive");
    else if (strcmp(what, "compressing") == 0)
        skel_progress_step("compressing the trace: reading the ranks");
    else
        skel_progress_step("%s the skeleton", what);
}

static void ranks_done(void *arg, unsigned done, unsigned total)
{
    (void)arg;
    skel_progress_count(done, total);
    skel_progress_update("compressing the trace: %u of %u ranks read", done, total);
}

/* What was traced and compressed, as soon as the signature is written. */
static void compressed(void *arg, const struct skel_generate_result *r)
{
    const struct ctx *c = arg;
    skel_progress_hide();
    if (r->k_clamped)
        fprintf(stderr,
                "skel generate: warning: the application ran %.3f s, less than the %g s asked "
                "for; K = 1\n",
                r->app_s, c->target_s);
    for (size_t i = 0; i < r->nuneven; i++) {
        const struct skel_generate_uneven *u = &r->uneven[i];
        fprintf(stderr,
                "skel generate: warning: ranks %u and %u run the same code (one rank class) "
                "but computed %.3f s and %.3f s: unless the application gives them "
                "different work, the machine slowed rank %u down while it was traced (other "
                "programs, a slow or shared core), and the skeleton replays that; trace it "
                "again on a quiet machine\n",
                u->lo, u->hi, u->lo_s, u->hi_s, u->hi);
    }
    if (r->input_note[0])
        fprintf(stderr, "skel generate: %s\n", r->input_note);
    if (c->quiet)
        return;
    if (r->from_trace)
        printf("trace      %s: %u ranks, %llu events, %.3f s of compute and MPI\n",
               skel_usecase_printable(r->trace_dir), r->nranks, (unsigned long long)r->events,
               r->app_s);
    else
        printf("traced     %s: %u ranks, %llu events, %.3f s of compute and MPI (run %.2f s)\n",
               skel_usecase_printable(r->trace_dir), r->nranks, (unsigned long long)r->events,
               r->app_s, r->run.wall_s);
    if (r->nruns > 1) {
        printf("runs       %u traced, compute and MPI", r->nruns);
        for (unsigned i = 0; i < r->nruns; i++)
            printf("%s%.3f", i ? ", " : " ", r->runs_app_s[i]);
        printf(" s: run %u, the median, kept\n", r->run_kept);
    }
    printf("signature  %s: %u rank class%s, Q = %.1f at threshold %.2f\n",
           skel_usecase_printable(r->sigpath), r->nclasses, r->nclasses == 1 ? "" : "es", r->ratio,
           r->threshold);
    fflush(stdout);
}

int skel_cmd_generate(int argc, char **argv)
{
    struct skel_generate_opts o = {.k = 0};
    int mpi = SKEL_MPI_UNKNOWN;
    struct ctx c = {0};
    int report = 0, rc, status;
    skel_codegen_defaults(&o.gen.codegen);
    o.gen.codegen.version = SKEL_VERSION;
    struct skel_cli_opt opts[] = {
        OPT_SCALE(&o.k, 1, 1e9),
        OPT_DOUBLE("target-seconds", 't', &o.target_s, 1e-6, 1e9),
        OPT_STR("output", 'o', &o.outdir),
        OPT_STR("trace-dir", 0, &o.trace_dir),
        OPT_STR("from-trace", 0, &o.from_trace),
        OPT_FLAG("allow-partial", 0, &o.gen.allow_partial),
        OPT_FLAG("force", 0, &o.force),
        OPT_DOUBLE("timeout", 0, &o.timeout_s, 0.001, 1e7),
        OPT_UINT("runs", 0, &o.runs, 1, 1000),
        OPT_U64("seed", 0, &o.gen.codegen.seed, 0, (double)(1ull << 53)),
        OPT_CHOICE("mode", 0, &o.gen.codegen.mode, "auto|loops|epochs|mixed|inner|thin|messages",
                   modes),
        OPT_U64("eager-limit", 0, &o.gen.codegen.eager_bytes, 0, (double)(1ull << 40)),
        OPT_FLAG("report", 'r', &report),
        OPT_STR("mpicc", 0, &o.gen.mpicc),
        OPT_CHOICE("mpi", 0, &mpi, "mpich|openmpi", flavors),
        OPT_FLAG("quiet", 'q', &c.quiet),
        OPT_END};
    int first = skel_cli_parse(&cmd, opts, argc, argv, &status);
    if (first < 0)
        return status;
    if (o.outdir == NULL)
        return skel_cli_usage_error("generate", "the output directory is missing (-o DIR)");
    if (o.k > 0 && o.target_s > 0)
        return skel_cli_usage_error("generate", "-K and --target-seconds exclude each other");
    if (first >= argc && o.from_trace == NULL)
        return skel_cli_usage_error("generate", "expected the command to run after -- (or "
                                                "--from-trace TRACE)");
    if (first < argc && o.from_trace != NULL)
        return skel_cli_usage_error("generate", "--from-trace makes a skeleton of an existing "
                                                "trace: no command to run");
    if (o.gen.allow_partial && o.from_trace == NULL)
        return skel_cli_usage_error("generate", "--allow-partial goes with --from-trace: a run "
                                                "traced now that ends partial is refused");
    if (o.runs > 1 && o.from_trace != NULL)
        return skel_cli_usage_error("generate", "--runs traces a command several times: not with "
                                                "--from-trace");
    if (o.k == 0)
        o.k = 50;
    o.argv = argv + first;
    o.gen.mpi = (enum skel_mpi_flavor)mpi;
    char mpich[PATH_MAX], ompi[PATH_MAX], templates[PATH_MAX];
    if ((o.from_trace == NULL &&
         (rc = skel_cli_resource(SKEL_RES_TRACER_MPICH, mpich, sizeof mpich)) != SKEL_OK) ||
        (rc = skel_cli_resource(SKEL_RES_TEMPLATES, templates, sizeof templates)) != SKEL_OK)
        return skel_cli_fail("generate", rc);
    o.tracer_mpich = o.from_trace == NULL ? mpich : NULL;
    if (skel_cli_resource(SKEL_RES_TRACER_OPENMPI, ompi, sizeof ompi) == SKEL_OK)
        o.tracer_openmpi = ompi;
    skel_clear_error();
    o.gen.codegen.templates = templates;
    c.target_s = o.target_s;
    o.compressed = compressed;
    o.step = step;
    o.ranks_done = ranks_done;
    o.arg = &c;
    char tracedir[PATH_MAX];
    snprintf(tracedir, sizeof tracedir, "%s", o.trace_dir ? o.trace_dir : "");
    if (o.trace_dir == NULL)
        snprintf(tracedir, sizeof tracedir, "%s/trace", o.outdir);
    if (o.from_trace == NULL)
        skel_cli_trace_view(&c.view, tracedir, o.argv);

    struct skel_generate_result res;
    skel_progress_start("generate", c.quiet);
    rc = skel_generate(&o, &res);
    skel_progress_stop();
    const struct skel_codegen_report *g = &res.gen.report;
    skel_gen_print_warnings(stderr, "skel gen", &res.gen, 0);
    if (rc == SKEL_OK && report)
        skel_gen_print(stdout, res.sigpath, o.outdir, g);
    if (rc == SKEL_OK && !c.quiet) {
        printf("skeleton   %s/skeleton: K = %.6g, it should run %.6f s (the application's %.3f s "
               "/ K)\n",
               skel_usecase_printable(o.outdir), g->k, g->expected_s, g->app_s);
        printf("           built with %s (%s); run it: %s -n %u %s/skeleton [--repeat R]\n",
               skel_mpi_flavor_title(res.gen.mpi), res.gen.mpi_why,
               skel_mpi_default_launcher(res.gen.mpi), res.nranks,
               skel_usecase_printable(o.outdir));
    }
    skel_generate_result_free(&res);
    return rc == SKEL_OK ? 0 : skel_cli_fail("generate", rc);
}
