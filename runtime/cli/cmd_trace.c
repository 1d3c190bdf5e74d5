/* cmd_trace.c - `skel trace [-o DIR] -- LAUNCHER ARGS...`: run an MPI program
 * under the tracer and summarise the trace. */
#include "cli.h"
#include "commands.h"

#include "error.h"
#include "tracerun.h"
#include "tracestats.h"

#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

static void usage(FILE *f)
{
    fprintf(f,
            "usage: skel trace [-o DIR] [--force] [--buffer SIZE] [--mpi mpich|openmpi]\n"
            "                  [--timeout SECONDS] [--quiet] -- COMMAND [ARGS...]\n\n"
            "Runs COMMAND (mpiexec.mpich -n 4 ./app, mpirun.openmpi ..., srun ..., or the program\n"
            "itself) with Skel's tracer in every rank, writes one trace file per rank and the\n"
            "metadata into DIR, resolves call sites to source lines, and prints a summary.\n\n"
            "  -o, --output DIR   trace directory (default skel-trace); must be new or empty\n"
            "      --force        replace a previous trace in DIR\n"
            "      --buffer SIZE  per-rank trace buffer, e.g. 4M (default 4M)\n"
            "      --mpi FLAVOR   tracer to use; default: read from the program's ELF dependencies\n"
            "      --timeout S    stop the run after S seconds (its partial trace is kept)\n"
            "      --quiet        no summary\n\n"
            "The tracer can also be preloaded by hand: LD_PRELOAD=<lib>/libskeltrace.so with\n"
            "SKEL_TRACE_DIR naming the output directory (see docs/trace-format.md).\n");
}

int skel_cmd_trace(int argc, char **argv)
{
    static const struct option opts[] = {{"output", required_argument, NULL, 'o'},
                                         {"force", no_argument, NULL, 'f'},
                                         {"buffer", required_argument, NULL, 'b'},
                                         {"mpi", required_argument, NULL, 'm'},
                                         {"timeout", required_argument, NULL, 't'},
                                         {"quiet", no_argument, NULL, 'q'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    struct skel_tracerun_opts o = {.outdir = "skel-trace"};
    int quiet = 0, c;
    optind = 1;
    /* '+': stop at the first non-option, the command's own options are its own. */
    while ((c = getopt_long(argc, argv, "+o:h", opts, NULL)) != -1) {
        switch (c) {
        case 'o':
            o.outdir = optarg;
            break;
        case 'f':
            o.force = 1;
            break;
        case 'b':
            o.buffer = optarg;
            break;
        case 'm':
            if (strcmp(optarg, "mpich") == 0)
                o.flavor = SKEL_MPI_MPICH;
            else if (strcmp(optarg, "openmpi") == 0)
                o.flavor = SKEL_MPI_OPENMPI;
            else
                return skel_cli_usage_error("trace", "--mpi: expected mpich or openmpi, got '%s'",
                                            optarg);
            break;
        case 't':
            if (skel_cli_parse_double("--timeout", optarg, 0.001, 1e7, &o.timeout_s) != SKEL_OK)
                return skel_cli_fail("trace", SKEL_EUSAGE);
            break;
        case 'q':
            quiet = 1;
            break;
        case 'h':
            usage(stdout);
            return 0;
        default:
            return skel_cli_usage_error("trace", "unknown option");
        }
    }
    if (optind >= argc)
        return skel_cli_usage_error("trace", "expected a command to trace after --");
    if (o.buffer != NULL) {
        size_t n = strspn(o.buffer, "0123456789");
        if (n == 0 || !(o.buffer[n] == '\0' || (strchr("kKmM", o.buffer[n]) && !o.buffer[n + 1])))
            return skel_cli_usage_error("trace", "--buffer: expected a size like 4M, got '%s'",
                                        o.buffer);
    }
    char mpich[PATH_MAX], ompi[PATH_MAX];
    int rc = skel_cli_resource(SKEL_RES_TRACER_MPICH, mpich, sizeof mpich);
    if (rc != SKEL_OK)
        return skel_cli_fail("trace", rc);
    o.tracer_mpich = mpich;
    if (skel_cli_resource(SKEL_RES_TRACER_OPENMPI, ompi, sizeof ompi) == SKEL_OK)
        o.tracer_openmpi = ompi;
    skel_clear_error();

    struct skel_tracerun_result res;
    rc = skel_tracerun(argv + optind, &o, &res);
    if (rc != SKEL_OK)
        return skel_cli_fail("trace", rc);
    if (res.exit_status != 0)
        fprintf(stderr, "skel trace: warning: %s exited with status %d; the trace may be partial\n",
                argv[optind], res.exit_status);
    if (!quiet) {
        skel_trace *t;
        struct skel_tracestats st;
        if ((rc = skel_trace_open(o.outdir, &t)) != SKEL_OK)
            return skel_cli_fail("trace", rc);
        if ((rc = skel_tracestats(t, 1, &st)) != SKEL_OK) {
            skel_trace_close(t);
            return skel_cli_fail("trace", rc);
        }
        printf("traced with the %s tracer in %.2f s\n",
               res.flavor == SKEL_MPI_OPENMPI ? "Open MPI" : "MPICH", res.wall_s);
        skel_cli_print_stats(stdout, t, &st);
        skel_tracestats_free(&st);
        skel_trace_close(t);
    }
    return res.exit_status == 0 ? 0 : skel_exit_status(SKEL_EEXEC);
}
