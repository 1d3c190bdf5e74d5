/* cmd_gen.c - `skel gen SIGNATURE (--scale K | --target-seconds S) -o DIR`:
 * an execution signature becomes a performance skeleton (codegen/codegen.h,
 * docs/codegen.md).  `skel generate` ends by running this command. */
#include "cli.h"
#include "commands.h"

#include "codegen.h"
#include "error.h"
#include "plan.h"
#include "proc.h"
#include "sigfile.h"
#include "sim.h"

#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

static void usage(FILE *f)
{
    fprintf(f,
            "usage: skel gen SIGNATURE (--scale K | --target-seconds S) -o DIR [--report]\n"
            "                [--seed N] [--mode auto|loops|mixed|messages] [--eager-limit B]\n"
            "                [--check-limit N] [--build] [--mpicc PATH] [--quiet]\n\n"
            "Generate a performance skeleton: a C/MPI program that runs 1/K of the\n"
            "application's time by replaying its signature with loops divided by K and\n"
            "the rest scaled down.  Writes DIR/skeleton.c, DIR/Makefile and\n"
            "DIR/skeleton.meta (K, times, the calls each rank makes).  The communication\n"
            "schedule is checked over all ranks first: one that could hang is refused.\n\n"
            "  -k, --scale K           scaling factor (>= 1)\n"
            "  -t, --target-seconds S  choose K so that the skeleton runs about S seconds\n"
            "  -o, --output DIR        output directory (created if needed)\n"
            "  -r, --report            print the plan: times, residue, shortest good skeleton\n"
            "      --seed N            default seed of the compute durations drawn (1)\n"
            "      --mode M            loops: divide loops by K (Sodhi et al.); mixed: also keep\n"
            "                          loops shorter than K whole; messages: keep every message;\n"
            "                          auto (default): the first of the three that passes\n"
            "                          the check\n"
            "      --eager-limit B     assume standard sends of at most B bytes are buffered\n"
            "                          (default 4096, below the common libraries' eager\n"
            "                          thresholds; 0: every send may wait for its receive)\n"
            "      --check-limit N     largest schedule checked, in operations (default %llu)\n"
            "  -b, --build             compile DIR/skeleton with the MPI compiler wrapper\n"
            "      --mpicc PATH        compiler wrapper (default mpicc.mpich)\n"
            "      --werror            compile with -Werror\n"
            "  -q, --quiet             print nothing but warnings and errors\n",
            (unsigned long long)SKEL_SIM_DEFAULT_MAX_OPS);
}

/* Compile DIR/skeleton.c into DIR/skeleton (through a temporary name). */
static int build(const char *dir, const char *mpicc, int werror)
{
    char src[PATH_MAX], tmp[PATH_MAX], out[PATH_MAX];
    snprintf(src, sizeof src, "%s/skeleton.c", dir);
    snprintf(tmp, sizeof tmp, "%s/.skeleton.build", dir);
    snprintf(out, sizeof out, "%s/skeleton", dir);
    char *argv[16];
    int n = 0;
    argv[n++] = (char *)mpicc;
    argv[n++] = "-O2";
    argv[n++] = "-Wall";
    argv[n++] = "-Wextra";
    if (werror)
        argv[n++] = "-Werror";
    argv[n++] = "-o";
    argv[n++] = tmp;
    argv[n++] = src;
    argv[n++] = "-lm";
    argv[n] = NULL;
    int rc = skel_proc_run(argv, 300, NULL);
    if (rc != SKEL_OK) {
        remove(tmp);
        return skel_fail_context(rc, "building the skeleton");
    }
    if (rename(tmp, out) != 0) {
        remove(tmp);
        return skel_fail(SKEL_EIO, "cannot rename %s to %s", tmp, out);
    }
    return SKEL_OK;
}

static void print_report(const char *sig, const char *dir,
                         const struct skel_codegen_report *r)
{
    printf("signature       %s\n", skel_cli_printable(sig));
    printf("skeleton        %s/skeleton.c (%u operations, %u sequences)\n",
           skel_cli_printable(dir), r->ops, r->seqs);
    printf("scaling         K = %.6g, mode %s%s\n", r->k,
           r->mode == SKEL_PLAN_LOOPS   ? "loops (Sodhi et al., 4.3)"
           : r->mode == SKEL_PLAN_MIXED ? "mixed (loops shorter than K kept whole)"
                                        : "messages (every message kept)",
           r->fell_back ? " after the loop-scaled schedule failed its check" : "");
    printf("application     %.6f s (computing and in MPI between MPI_Init and MPI_Finalize)\n",
           r->app_s);
    printf("expected        %.6f s per repeat (application / K)\n", r->expected_s);
    printf("model           %.6f s (signature means, scaled); residue %.1f%% of it\n",
           r->model_s, 100.0 * r->residue);
    if (r->shortest_good_s > 0)
        printf("shortest good   %.6f s: one full iteration of the dominant sequence "
               "(Sodhi et al., 4.5)\n",
               r->shortest_good_s);
    else
        printf("shortest good   - (no class has a loop)\n");
    for (uint32_t c = 0; c < r->nclasses; c++) {
        const struct skel_codegen_class_report *cr = &r->classes[c];
        printf("class %-3u       %llu operations, model %.6f s, residue %.1f%%", c,
               (unsigned long long)cr->ops, cr->model_s, 100.0 * cr->residue);
        if (cr->dominant_total > 0)
            printf("; dominant loop %.0f%% of the run, %llu iterations of %.3g ms, %llu kept whole",
                   100.0 * cr->dominant_share, (unsigned long long)cr->dominant_total,
                   cr->dominant_iter_s * 1e3, (unsigned long long)cr->dominant_full);
        printf("\n");
    }
    printf("checked         %llu operations, %llu messages, %llu collectives: no deadlock\n",
           (unsigned long long)r->checked_ops, (unsigned long long)r->messages,
           (unsigned long long)r->collectives);
}

int skel_cmd_gen(int argc, char **argv)
{
    static const struct option opts[] = {{"scale", required_argument, NULL, 'k'},
                                         {"target-seconds", required_argument, NULL, 't'},
                                         {"output", required_argument, NULL, 'o'},
                                         {"report", no_argument, NULL, 'r'},
                                         {"seed", required_argument, NULL, 'S'},
                                         {"mode", required_argument, NULL, 'M'},
                                         {"eager-limit", required_argument, NULL, 'E'},
                                         {"check-limit", required_argument, NULL, 'L'},
                                         {"build", no_argument, NULL, 'b'},
                                         {"mpicc", required_argument, NULL, 'C'},
                                         {"werror", no_argument, NULL, 'W'},
                                         {"quiet", no_argument, NULL, 'q'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    struct skel_codegen_opts o;
    skel_codegen_defaults(&o);
    o.version = SKEL_VERSION;
    const char *outdir = NULL, *mpicc = "mpicc.mpich";
    double target = 0;
    int have_k = 0, report = 0, do_build = 0, werror = 0, quiet = 0, c, rc;
    uint64_t u;
    /* 0, not 1: glibc then forgets the scanning mode of an earlier getopt
     * in the same process (`skel generate` calls this function). */
    optind = 0;
    while ((c = getopt_long(argc, argv, "k:t:o:rbqh", opts, NULL)) != -1) {
        switch (c) {
        case 'k':
            if (skel_cli_parse_double("--scale", optarg, 1, 1e9, &o.k) != SKEL_OK)
                return skel_cli_usage_error("gen", "%s", skel_last_error());
            have_k = 1;
            break;
        case 't':
            if (skel_cli_parse_double("--target-seconds", optarg, 1e-6, 1e9, &target) != SKEL_OK)
                return skel_cli_usage_error("gen", "%s", skel_last_error());
            break;
        case 'o':
            outdir = optarg;
            break;
        case 'r':
            report = 1;
            break;
        case 'S':
            if (skel_cli_parse_u64("--seed", optarg, 0, (1ull << 53), &o.seed) != SKEL_OK)
                return skel_cli_usage_error("gen", "%s", skel_last_error());
            break;
        case 'M':
            if (strcmp(optarg, "auto") == 0)
                o.mode = SKEL_CODEGEN_AUTO;
            else if ((o.mode = skel_plan_mode_by_name(optarg)) < 0)
                return skel_cli_usage_error("gen", "--mode: expected auto, loops, mixed or "
                                            "messages, got '%s'", skel_cli_printable(optarg));
            break;
        case 'E':
            if (skel_cli_parse_u64("--eager-limit", optarg, 0, 1ull << 40, &o.eager_bytes) !=
                SKEL_OK)
                return skel_cli_usage_error("gen", "%s", skel_last_error());
            break;
        case 'L':
            if (skel_cli_parse_u64("--check-limit", optarg, 1, 1ull << 40, &u) != SKEL_OK)
                return skel_cli_usage_error("gen", "%s", skel_last_error());
            o.max_check_ops = u;
            break;
        case 'b':
            do_build = 1;
            break;
        case 'C':
            mpicc = optarg;
            break;
        case 'W':
            werror = 1;
            break;
        case 'q':
            quiet = 1;
            break;
        case 'h':
            usage(stdout);
            return 0;
        default:
            return skel_cli_usage_error("gen", "unknown option");
        }
    }
    if (optind != argc - 1)
        return skel_cli_usage_error("gen", "expected one signature file");
    if (outdir == NULL)
        return skel_cli_usage_error("gen", "the output directory is missing (-o DIR)");
    if (have_k == (target > 0))
        return skel_cli_usage_error("gen", "give exactly one of --scale K and --target-seconds S");
    const char *sigpath = argv[optind];
    char templates[PATH_MAX];
    if ((rc = skel_cli_resource(SKEL_RES_TEMPLATES, templates, sizeof templates)) != SKEL_OK)
        return skel_cli_fail("gen", rc);
    o.templates = templates;
    skel_signature *sig = NULL;
    if ((rc = skel_sigfile_read(sigpath, &sig)) != SKEL_OK)
        return skel_cli_fail("gen", rc);
    if (target > 0 && (rc = skel_codegen_k_for_seconds(sig, target, &o.k)) != SKEL_OK) {
        skel_signature_free(sig);
        return skel_cli_fail("gen", rc);
    }
    if (target > 0 && o.k <= 1.0 && skel_codegen_app_seconds(sig) < target)
        fprintf(stderr, "skel gen: warning: the application ran %.3f s, less than the %g s "
                "asked for; K = 1\n", skel_codegen_app_seconds(sig), target);
    struct skel_codegen_report rep;
    rc = skel_codegen_generate(sig, &o, outdir, &rep);
    skel_signature_free(sig);
    if (rc != SKEL_OK) {
        skel_codegen_report_free(&rep);
        return skel_cli_fail("gen", rc);
    }
    if (rep.fell_back)
        fprintf(stderr, "skel gen: warning: the rank classes' loops cannot be divided by K "
                "consistently (%s); %s\n", rep.fallback_reason,
                rep.mode == SKEL_PLAN_MIXED
                    ? "loops shorter than K keep all their iterations instead (mode mixed)"
                    : "every message is kept instead and sizes and compute are scaled by 1/K "
                      "(mode messages)");
    if (rep.too_short)
        fprintf(stderr, "skel gen: warning: K = %.6g leaves no full iteration of the dominant "
                "sequence in the skeleton; the shortest good skeleton runs %.6f s (Sodhi et al., "
                "4.5)\n", rep.k, rep.shortest_good_s);
    if (do_build && (rc = build(outdir, mpicc, werror)) != SKEL_OK) {
        skel_codegen_report_free(&rep);
        return skel_cli_fail("gen", rc);
    }
    if (report)
        print_report(sigpath, outdir, &rep);
    else if (!quiet)
        printf("%s/%s: K = %.6g, expected %.6f s per repeat (application %.6f s), mode %s\n",
               skel_cli_printable(outdir), do_build ? "skeleton" : "skeleton.c", rep.k,
               rep.expected_s, rep.app_s, skel_plan_mode_name(rep.mode));
    skel_codegen_report_free(&rep);
    return 0;
}
