/* cmd_generate.c - `skel generate [-K K | --target-seconds S] -o DIR -- LAUNCHER
 * APP ARGS...`: the whole way from an application to a built skeleton in one
 * command - trace the run (as `skel trace`), compress the trace into a
 * signature (as `skel compress --scale K`), generate and build the skeleton
 * (as `skel gen --build`).  The trace and the signature stay in DIR. */
#include "cli.h"
#include "commands.h"

#include "codegen.h"
#include "compress.h"
#include "error.h"
#include "sigfile.h"
#include "trace.h"
#include "tracerun.h"
#include "tracestats.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static void usage(FILE *f)
{
    fprintf(f,
            "usage: skel generate [-K K | --target-seconds S] -o DIR [--trace-dir D] [--force]\n"
            "                     [--timeout S] [--seed N] [--mode auto|loops|mixed|messages]\n"
            "                     [--eager-limit BYTES] [--report] [--quiet]\n"
            "                     -- LAUNCHER ARGS...\n\n"
            "Make a performance skeleton of an MPI application in one step: run it under the\n"
            "tracer, compress the trace into an execution signature, generate the skeleton\n"
            "and build it with mpicc.mpich.  DIR receives skeleton.c, Makefile, skeleton.meta,\n"
            "the skeleton itself, the signature app.sig and (unless --trace-dir) the trace.\n\n"
            "  -K, --scale K           scaling factor: the skeleton runs 1/K of the application\n"
            "                          (default 50)\n"
            "  -t, --target-seconds S  choose K from the traced run so the skeleton runs S s\n"
            "  -o, --output DIR        output directory\n"
            "      --trace-dir D       where the trace goes (default DIR/trace)\n"
            "      --force             replace a previous trace in --trace-dir\n"
            "      --timeout S         stop the traced run after S seconds (then fail)\n"
            "      --seed N, --mode M, --eager-limit B, --report, --quiet: as for skel gen\n\n"
            "example: skel generate -K 50 -o jacobi-skel -- mpiexec.mpich -n 2 ./jacobi\n");
}

/* The traced run's time as the skeleton measures its own: per rank compute
 * and MPI time less MPI_Init and MPI_Finalize, the largest over the ranks. */
/* Ranks folded into one class ran the same code; when some computed much
 * longer than others, the usual cause is the machine (another program, a
 * slow or shared core) rather than the application, and the skeleton will
 * replay that slowness.  Say so: the trace is the one thing to redo. */
static void warn_uneven_class(const skel_signature *sig)
{
    for (uint32_t c = 0; c < sig->nclasses; c++) {
        const skel_sig_class *k = &sig->classes[c];
        uint32_t lo = UINT32_MAX, hi = UINT32_MAX;
        for (uint32_t i = 0; i < k->nranks; i++) {
            uint32_t r = k->ranks[i];
            if (r >= sig->nranks)
                continue;
            if (lo == UINT32_MAX || sig->ranks[r].compute_ns < sig->ranks[lo].compute_ns)
                lo = r;
            if (hi == UINT32_MAX || sig->ranks[r].compute_ns > sig->ranks[hi].compute_ns)
                hi = r;
        }
        if (lo == UINT32_MAX || lo == hi)
            continue;
        double a = (double)sig->ranks[lo].compute_ns, b = (double)sig->ranks[hi].compute_ns;
        if (b > 1.25 * a && b - a > 0.05 * (double)k->time_ns)
            fprintf(stderr,
                    "skel generate: warning: ranks %u and %u run the same code (one rank class) "
                    "but computed %.3f s and %.3f s: unless the application gives them "
                    "different work, the machine slowed rank %u down while it was traced (other "
                    "programs, a slow or shared core), and the skeleton replays that; trace it "
                    "again on a quiet machine\n",
                    lo, hi, a * 1e-9, b * 1e-9, hi);
    }
}

static double traced_seconds(const struct skel_tracestats *st)
{
    double best = 0;
    for (uint32_t r = 0; r < st->nranks; r++) {
        const struct skel_rankstat *rs = &st->ranks[r];
        if (!rs->present)
            continue;
        double t = (double)rs->compute_wall_ns + (double)rs->mpi_ns -
                   (double)rs->calls[SKEL_CALL_MPI_Init].time_ns -
                   (double)rs->calls[SKEL_CALL_MPI_Init_thread].time_ns -
                   (double)rs->calls[SKEL_CALL_MPI_Finalize].time_ns;
        if (t / 1e9 > best)
            best = t / 1e9;
    }
    return best;
}

int skel_cmd_generate(int argc, char **argv)
{
    static const struct option opts[] = {{"scale", required_argument, NULL, 'K'},
                                         {"target-seconds", required_argument, NULL, 't'},
                                         {"output", required_argument, NULL, 'o'},
                                         {"trace-dir", required_argument, NULL, 'T'},
                                         {"force", no_argument, NULL, 'f'},
                                         {"timeout", required_argument, NULL, 'w'},
                                         {"seed", required_argument, NULL, 'S'},
                                         {"mode", required_argument, NULL, 'M'},
                                         {"eager-limit", required_argument, NULL, 'E'},
                                         {"report", no_argument, NULL, 'r'},
                                         {"quiet", no_argument, NULL, 'q'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    double k = 50, target = 0, timeout = 0;
    uint32_t nranks = 0;
    int have_k = 0, force = 0, report = 0, quiet = 0, c, rc;
    const char *outdir = NULL, *tracedir = NULL, *seed = NULL, *mode = NULL, *eager = NULL;
    optind = 1;
    /* '+': the application's options are its own. */
    while ((c = getopt_long(argc, argv, "+K:t:o:rqh", opts, NULL)) != -1) {
        switch (c) {
        case 'K':
            if (skel_cli_parse_double("-K", optarg, 1, 1e9, &k) != SKEL_OK)
                return skel_cli_usage_error("generate", "%s", skel_last_error());
            have_k = 1;
            break;
        case 't':
            if (skel_cli_parse_double("--target-seconds", optarg, 1e-6, 1e9, &target) != SKEL_OK)
                return skel_cli_usage_error("generate", "%s", skel_last_error());
            break;
        case 'o':
            outdir = optarg;
            break;
        case 'T':
            tracedir = optarg;
            break;
        case 'f':
            force = 1;
            break;
        case 'w':
            if (skel_cli_parse_double("--timeout", optarg, 0.001, 1e7, &timeout) != SKEL_OK)
                return skel_cli_usage_error("generate", "%s", skel_last_error());
            break;
        case 'S':
            seed = optarg;
            break;
        case 'M':
            mode = optarg;
            break;
        case 'E':
            eager = optarg;
            break;
        case 'r':
            report = 1;
            break;
        case 'q':
            quiet = 1;
            break;
        case 'h':
            usage(stdout);
            return 0;
        default:
            return skel_cli_usage_error("generate", "unknown option");
        }
    }
    if (outdir == NULL)
        return skel_cli_usage_error("generate", "the output directory is missing (-o DIR)");
    if (have_k && target > 0)
        return skel_cli_usage_error("generate", "-K and --target-seconds exclude each other");
    if (optind >= argc)
        return skel_cli_usage_error("generate", "expected the command to run after --");
    if (mkdir(outdir, 0777) != 0 && errno != EEXIST)
        return skel_cli_usage_error("generate", "cannot create %s: %s", skel_cli_printable(outdir),
                                    strerror(errno));
    char tdir[PATH_MAX], sigpath[PATH_MAX], mpich[PATH_MAX], ompi[PATH_MAX];
    if (tracedir == NULL) {
        snprintf(tdir, sizeof tdir, "%s/trace", outdir);
        tracedir = tdir;
        force = 1; /* our own directory: a previous generate's trace goes */
    }
    snprintf(sigpath, sizeof sigpath, "%s/app.sig", outdir);

    /* 1. Trace. */
    struct skel_tracerun_opts to = {.outdir = tracedir, .force = force, .timeout_s = timeout};
    if ((rc = skel_cli_resource(SKEL_RES_TRACER_MPICH, mpich, sizeof mpich)) != SKEL_OK)
        return skel_cli_fail("generate", rc);
    to.tracer_mpich = mpich;
    if (skel_cli_resource(SKEL_RES_TRACER_OPENMPI, ompi, sizeof ompi) == SKEL_OK)
        to.tracer_openmpi = ompi;
    skel_clear_error();
    struct skel_tracerun_result res;
    if ((rc = skel_tracerun(argv + optind, &to, &res)) != SKEL_OK)
        return skel_cli_fail("generate", rc);
    if (res.exit_status != 0) {
        fprintf(stderr,
                "skel generate: error: %s exited with status %d: no skeleton is made of a "
                "failed run (its partial trace is in %s)\n",
                skel_cli_printable(argv[optind]), res.exit_status, skel_cli_printable(tracedir));
        return skel_exit_status(SKEL_EEXEC);
    }

    /* 2. Compress, with the threshold chosen for K. */
    skel_trace *t = NULL;
    skel_signature *sig = NULL;
    struct skel_tracestats st;
    memset(&st, 0, sizeof st);
    if ((rc = skel_trace_open(tracedir, &t)) != SKEL_OK)
        return skel_cli_fail("generate", rc);
    if ((rc = skel_tracestats(t, 0, &st)) != SKEL_OK)
        goto fail;
    double app_s = traced_seconds(&st);
    nranks = st.nranks;
    if (target > 0) {
        k = app_s / target;
        if (k < 1) {
            fprintf(stderr,
                    "skel generate: warning: the application ran %.3f s, less than the "
                    "%g s asked for; K = 1\n",
                    app_s, target);
            k = 1;
        }
        if (k > 1e9)
            k = 1e9;
    }
    skel_compress_opts co;
    skel_compress_defaults(&co);
    co.scale = k;
    skel_compress_stats cs;
    if ((rc = skel_compress_trace(t, &co, &sig, &cs)) != SKEL_OK ||
        (rc = skel_sigfile_write(sigpath, sig)) != SKEL_OK)
        goto fail;
    /* What the skeleton will be measured against (skeleton.meta's app_time_s). */
    double sig_s = skel_codegen_app_seconds(sig);
    warn_uneven_class(sig);
    if (!quiet) {
        printf("traced     %s: %u ranks, %llu events, %.3f s of compute and MPI (run %.2f s)\n",
               skel_cli_printable(tracedir), st.nranks, (unsigned long long)cs.trace_length, app_s,
               res.wall_s);
        printf("signature  %s: %u rank class%s, Q = %.1f at threshold %.2f\n",
               skel_cli_printable(sigpath), sig->nclasses, sig->nclasses == 1 ? "" : "es", cs.ratio,
               cs.threshold);
    }
    skel_signature_free(sig);
    sig = NULL;
    skel_tracestats_free(&st);
    skel_trace_close(t);
    t = NULL;

    /* 3. Generate and build, as `skel gen --build`. */
    char kbuf[64];
    snprintf(kbuf, sizeof kbuf, "%.17g", k);
    char *gargv[20];
    int n = 0;
    gargv[n++] = "gen";
    gargv[n++] = sigpath;
    gargv[n++] = "--scale";
    gargv[n++] = kbuf;
    gargv[n++] = "-o";
    gargv[n++] = (char *)outdir;
    gargv[n++] = "--build";
    if (seed != NULL) {
        gargv[n++] = "--seed";
        gargv[n++] = (char *)seed;
    }
    if (mode != NULL) {
        gargv[n++] = "--mode";
        gargv[n++] = (char *)mode;
    }
    if (eager != NULL) {
        gargv[n++] = "--eager-limit";
        gargv[n++] = (char *)eager;
    }
    if (report)
        gargv[n++] = "--report";
    gargv[n++] = "--quiet";
    gargv[n] = NULL;
    if ((rc = skel_cmd_gen(n, gargv)) != 0)
        return rc;
    if (!quiet)
        printf("skeleton   %s/skeleton: K = %.6g, it should run %.6f s (the application's %.3f s "
               "/ K)\n           run it: mpiexec.mpich -n %u %s/skeleton [--repeat R]\n",
               skel_cli_printable(outdir), k, sig_s / k, sig_s, nranks, skel_cli_printable(outdir));
    return 0;
fail:
    skel_signature_free(sig);
    skel_tracestats_free(&st);
    skel_trace_close(t);
    return skel_cli_fail("generate", rc);
}
