/* cmd_critpath.c - `skel critpath`: the critical path of a traced run, its
 * profile per MPI call, call site and compute phase, and critical-path
 * zeroing (runtime/critpath.h). */
#include "cli.h"
#include "commands.h"
#include "commtable.h"
#include "critpath.h"
#include "error.h"
#include "trace.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const cmd = "critpath";

static void usage(FILE *f)
{
    fprintf(f, "usage: skel critpath [OPTIONS] TRACEDIR\n"
               "\n"
               "Compute the critical path of a traced run - the longest chain of compute,\n"
               "MPI calls and messages through it - and what it is made of: the time of\n"
               "each MPI call, call site and compute phase (the code from one call site to\n"
               "the next) on the path, next to its share of all CPU time, and how much\n"
               "shorter the path gets when that item takes no time (critical-path zeroing).\n"
               "\n"
               "options:\n"
               "  --select REGEX   profile only the calls, call sites and phases whose names\n"
               "                   match this PCRE2 pattern (call names such as MPI_Send;\n"
               "                   site names file:line, function, module+0xOFFSET)\n"
               "  --top N          rows per table (default 10; 0 skips zeroing)\n"
               "  --zero-group REGEX\n"
               "                   also zero, all together, the items whose names match\n"
               "                   (e.g. every phase of a procedure: 'mw.c:(37[0-9]|40[0-9])')\n"
               "  --table TABLE    communication cost table of the network the trace was\n"
               "                   taken on (skel netprobe); without it the time a message\n"
               "                   spends in flight counts as its receiving call's work\n"
               "  --untraced       remove the tracer's own cost per event from the compute\n"
               "  --off-cpu keep|drop\n"
               "                   keep (default): weigh compute and calls by their elapsed\n"
               "                   time; drop: by their CPU time only, as Hollingsworth does (for\n"
               "                   runs with more ranks than cores)\n"
               "  --tsv            print tab-separated values instead of tables\n"
               "  -h, --help       show this help\n"
               "\n"
               "See docs/predictions.md for the model.\n");
}

/* Untrusted text (from the traced program) with control bytes escaped. */
static void put_escaped(FILE *f, const char *s)
{
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c == 0x7f || (f != stdout && c == '\t'))
            fprintf(f, "\\x%02x", c);
        else if (c == '\t')
            fputs("\\t", f);
        else
            fputc(c, f);
    }
}

static double pct(double a, double b)
{
    return b > 0 ? 100.0 * a / b : 0.0;
}

static void print_tables(const struct skel_critpath_result *r, unsigned top, int zeroing)
{
    for (int cat = 0; cat < SKEL_CRITPATH__CATEGORIES; cat++) {
        size_t n = 0;
        for (size_t i = 0; i < r->nitems; i++)
            n += r->items[i].category == cat;
        printf("\n%s%s (%zu, by time on the critical path%s)\n",
               cat == SKEL_CRITPATH_CALL   ? "MPI calls"
               : cat == SKEL_CRITPATH_SITE ? "Call sites"
                                           : "Compute phases",
               "", n, n > top ? ", top shown" : "");
        if (n == 0)
            continue;
        printf("  %12s %6s  %12s %6s", "CP s", "%CP", "CPU s", "%CPU");
        if (zeroing)
            printf("  %12s %6s", "zeroed s", "%zero");
        printf("  %10s  %s\n", "count", skel_critpath_category_name(cat));
        size_t shown = 0;
        for (size_t i = 0; i < r->nitems && shown < top; i++) {
            const struct skel_critpath_item *it = &r->items[i];
            if (it->category != cat)
                continue;
            shown++;
            printf("  %12.6f %6.1f  %12.6f %6.1f", it->cp_ns * 1e-9, pct(it->cp_ns, r->length_ns),
                   it->cpu_ns * 1e-9, pct(it->cpu_ns, r->cpu_total_ns));
            if (zeroing) {
                if (it->zero_ns >= 0)
                    printf("  %12.6f %6.1f", it->zero_ns * 1e-9, pct(it->zero_ns, r->length_ns));
                else
                    printf("  %12s %6s", "-", "-");
            }
            printf("  %10llu  ", (unsigned long long)it->count);
            put_escaped(stdout, it->name);
            if (it->detail[0] != '\0') {
                fputs("  (", stdout);
                put_escaped(stdout, it->detail);
                fputs(")", stdout);
            }
            fputc('\n', stdout);
        }
    }
}

static void print_tsv(const struct skel_critpath_result *r)
{
    printf("run_ns\t%.0f\n", r->run_ns);
    printf("critical_path_ns\t%.0f\n", r->length_ns);
    printf("end_rank\t%u\n", r->end_rank);
    printf("cpu_total_ns\t%.0f\n", r->cpu_total_ns);
    printf("events\t%llu\n", (unsigned long long)r->events);
    printf("messages\t%llu\n", (unsigned long long)r->messages);
    printf("collectives\t%llu\n", (unsigned long long)r->collectives);
    printf("pass_s\t%.6f\t%.6f\n", r->pass_s[0], r->pass_s[1]);
    for (uint32_t i = 0; i < r->nranks; i++)
        printf("busy_ns\t%u\t%.0f\n", i, r->busy_ns[i]);
    if (r->group_zero_ns >= 0)
        printf("group_zero_ns\t%.0f\t%u\n", r->group_zero_ns, r->group_items);
    printf("#item\tcategory\tcp_ns\tcpu_ns\ttime_ns\tcount\tzero_ns\tname\tdetail\n");
    static const char *const cats[] = {"call", "site", "phase"};
    for (size_t i = 0; i < r->nitems; i++) {
        const struct skel_critpath_item *it = &r->items[i];
        printf("item\t%s\t%.0f\t%.0f\t%.0f\t%llu\t%.0f\t", cats[it->category], it->cp_ns,
               it->cpu_ns, it->time_ns, (unsigned long long)it->count, it->zero_ns);
        put_escaped(stdout, it->name);
        fputc('\t', stdout);
        put_escaped(stdout, it->detail);
        fputc('\n', stdout);
    }
}

int skel_cmd_critpath(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"select", required_argument, NULL, 's'},
        {"top", required_argument, NULL, 'n'},
        {"table", required_argument, NULL, 't'},
        {"untraced", no_argument, NULL, 'u'},
        {"tsv", no_argument, NULL, 'T'},
        {"help", no_argument, NULL, 'h'},
        {"zero-group", required_argument, NULL, 'g'},
        {"off-cpu", required_argument, NULL, 'o'},
        {NULL, 0, NULL, 0},
    };
    struct skel_critpath_opts o = {.top = 10};
    const char *table_path = NULL;
    int tsv = 0, c;
    uint64_t v;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "+h", longopts, NULL)) != -1) {
        switch (c) {
        case 's':
            o.select = optarg;
            break;
        case 'n':
            if (skel_cli_parse_u64("--top", optarg, 0, 1000000, &v) != SKEL_OK)
                return skel_cli_usage_error(cmd, "%s", skel_last_error());
            o.top = (unsigned)v;
            break;
        case 't':
            table_path = optarg;
            break;
        case 'u':
            o.untraced = 1;
            break;
        case 'g':
            o.zero_group = optarg;
            break;
        case 'o':
            if (strcmp(optarg, "keep") != 0 && strcmp(optarg, "drop") != 0)
                return skel_cli_usage_error(cmd, "--off-cpu: expected keep or drop, got '%s'",
                                            optarg);
            o.cpu_only = strcmp(optarg, "drop") == 0;
            break;
        case 'T':
            tsv = 1;
            break;
        case 'h':
            usage(stdout);
            return 0;
        default:
            return skel_cli_usage_error(cmd, "unknown option or missing value: '%s'",
                                        argv[optind - 1]);
        }
    }
    if (argc - optind != 1)
        return skel_cli_usage_error(cmd, argc - optind == 0 ? "expected a trace directory"
                                                            : "expected one trace directory");
    const char *dir = argv[optind];
    skel_commtable *table = NULL;
    skel_trace *t = NULL;
    struct skel_critpath_result r;
    memset(&r, 0, sizeof r);
    int rc = SKEL_OK;
    if (table_path != NULL && (rc = skel_commtable_load(table_path, &table)) != SKEL_OK)
        goto out;
    o.table = table;
    if ((rc = skel_trace_open(dir, &t)) != SKEL_OK)
        goto out;
    if ((rc = skel_critpath_run(t, &o, &r)) != SKEL_OK)
        goto out;
    if (tsv) {
        print_tsv(&r);
        goto out;
    }
    printf("trace          ");
    put_escaped(stdout, dir);
    printf(" (%u ranks, %llu events, %llu messages, %llu collectives)\n", r.nranks,
           (unsigned long long)r.events, (unsigned long long)r.messages,
           (unsigned long long)r.collectives);
    printf("run            %.6f s (first event start to last event end)\n", r.run_ns * 1e-9);
    printf("critical path  %.6f s (%.1f %% of the run; ends on rank %u)\n", r.length_ns * 1e-9,
           pct(r.length_ns, r.run_ns), r.end_rank);
    printf("busy           ");
    for (uint32_t i = 0; i < r.nranks && i < 16; i++)
        printf("%srank %u %.6f s", i ? ", " : "", i, r.busy_ns[i] * 1e-9);
    printf("%s\n", r.nranks > 16 ? ", ..." : "");
    printf("CPU            %.6f s over all ranks (in-call time counts as CPU: MPICH polls)\n",
           r.cpu_total_ns * 1e-9);
    if (table == NULL)
        printf("network        no table (time in flight counts as the receiving call's work)\n");
    else {
        printf("network        ");
        put_escaped(stdout, table_path);
        printf("\n");
    }
    double secs = r.pass_s[0] + r.pass_s[1];
    printf("analysis       %.3f s (%.1f million events/s per pass)\n", secs,
           r.pass_s[0] > 0 ? (double)r.events / r.pass_s[0] * 1e-6 : 0.0);
    if (r.group_zero_ns >= 0) {
        printf("zero group     ");
        put_escaped(stdout, o.zero_group);
        printf(": %u items; zeroing them together saves %.6f s (%.1f %%)\n", r.group_items,
               r.group_zero_ns * 1e-9, pct(r.group_zero_ns, r.length_ns));
    }
    print_tables(&r, o.top, o.top > 0);
out:
    skel_critpath_result_free(&r);
    skel_trace_close(t);
    skel_commtable_free(table);
    return rc == SKEL_OK ? 0 : skel_cli_fail(cmd, rc);
}
