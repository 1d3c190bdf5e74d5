/* cmd_dump.c - `skel dump TRACEDIR [--rank R]`: a trace's events as text. */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "error.h"
#include "trace.h"

#include <inttypes.h>
#include <stdio.h>

static void peer(FILE *f, const char *name, int32_t p)
{
    if (p == SKEL_PEER_NONE)
        return;
    if (p == SKEL_PEER_ANY)
        fprintf(f, " %s=ANY", name);
    else if (p == SKEL_PEER_NULL)
        fprintf(f, " %s=NULL", name);
    else if (p == SKEL_PEER_ROOT)
        fprintf(f, " %s=ROOT", name);
    else
        fprintf(f, " %s=%d", name, p);
}

static void tag(FILE *f, const char *name, int32_t t)
{
    if (t == SKEL_TAG_ANY)
        fprintf(f, " %s=ANY", name);
    else if (t != SKEL_TAG_NONE)
        fprintf(f, " %s=%d", name, t);
}

static int dump_rank(const skel_trace *t, uint32_t rank, uint64_t limit)
{
    skel_rank_reader *r;
    int rc = skel_trace_open_rank(t, rank, &r);
    if (rc != SKEL_OK)
        return rc;
    skel_event ev;
    uint64_t n = 0, t0 = 0;
    char label[512];
    while (n < limit && (rc = skel_rank_next(r, &ev)) == 1) {
        /* Output that cannot be written (a full disk) is not produced on:
         * the error is reported when the command ends. */
        if ((n & 1023) == 0 && ferror(stdout))
            break;
        if (n == 0) {
            const skel_rank_info *in = skel_rank_info_of(r);
            t0 = in->t_init != 0 && in->t_init <= ev.t_start ? in->t_init : ev.t_start;
            printf("# rank %u of %u on %s, pid %u (times in us since the tracer started)\n", rank,
                   in->nranks, skel_usecase_printable(in->host), in->pid);
        }
        printf("%u %8" PRIu64 " %12.3f %9.3f %-20s", rank, ev.seq, (double)(ev.t_start - t0) / 1e3,
               (double)(ev.t_end - ev.t_start) / 1e3, skel_call_name(ev.call));
        printf(" gap=%.3f cpu=%.3f", (double)ev.gap_wall / 1e3, (double)ev.gap_cpu / 1e3);
        if (ev.ws_bytes > 0)
            printf(" ws=%" PRIu64 "KiB", ev.ws_bytes >> 10);
        peer(stdout, "peer", ev.peer);
        tag(stdout, "tag", ev.tag);
        peer(stdout, "src", ev.peer2);
        tag(stdout, "rtag", ev.tag2);
        peer(stdout, "from", ev.asrc);
        tag(stdout, "atag", ev.atag);
        peer(stdout, "root", ev.root);
        if (ev.comm != SKEL_COMM_WORLD)
            printf(" comm=%u", ev.comm);
        if (ev.newcomm != SKEL_COMM_NONE)
            printf(" newcomm=%u", ev.newcomm);
        if (ev.count != 0 || ev.dtsize != 0)
            printf(" count=%" PRId64 "x%u", ev.count, ev.dtsize);
        if (ev.parts != 0)
            printf(" parts=%u", ev.parts);
        if (ev.bytes != 0)
            printf(" bytes=%" PRIu64, ev.bytes);
        if (ev.rbytes != 0)
            printf(" rbytes=%" PRIu64, ev.rbytes);
        if (ev.op != SKEL_OP_NONE)
            printf(" op=%s", skel_op_name(ev.op));
        if (ev.req != 0)
            printf(" req=%" PRIu64, ev.req);
        for (uint32_t i = 0; i < ev.nreqs; i++)
            printf("%s%" PRIu64, i == 0 ? " reqs=" : ",", ev.reqs[i]);
        for (uint32_t i = 0; i < ev.ngroup; i++)
            printf("%s%d", i == 0 ? " group=" : ",", ev.group[i]);
        for (uint32_t i = 0; i < ev.ncomplete; i++) {
            const skel_completion *c = &ev.complete[i];
            printf("%s%" PRIu64, i == 0 ? " done=" : ",", c->req);
            if (c->src >= 0)
                printf("(from %d tag %d %" PRIu64 "B)", c->src, c->tag, c->bytes);
        }
        if (ev.flags & SKEL_EVF_FLAG)
            printf(" found"); /* a poll's flag came back true */
        if (ev.flags & SKEL_EVF_FORTRAN)
            printf(" fortran");
        if (ev.flags & SKEL_EVF_ERROR)
            printf(" ERROR");
        if (ev.flags & SKEL_EVF_REWRITE)
            printf(" rewrite");
        if (ev.flags & SKEL_EVF_BLOCK_MASK) /* a non-contiguous datatype */
            printf(" runs=%" PRIu64 "B", skel_evf_block_bytes(ev.flags));
        /* the receive side's datatype (a send-receive, a collective) */
        if (ev.flags & SKEL_EVF_RBLOCK_MASK)
            printf(" rruns=%" PRIu64 "B", skel_evf_rblock_bytes(ev.flags));
        printf(" @%s\n",
               skel_usecase_printable(skel_trace_site_label(t, r, ev.site, label, sizeof label)));
        n++;
    }
    if (rc == 0 && n < limit) {
        char why[512];
        if (skel_rank_truncated(r))
            printf("# %s\n# rank %u: the stream ends without an end record (signal %d, abort code "
                   "%d)\n",
                   skel_usecase_printable(skel_rank_ending_text(r, why, sizeof why)), rank,
                   skel_rank_signal(r), skel_rank_abort_code(r));
        else
            printf("# rank %u: end of stream\n", rank);
    }
    skel_rank_close(r);
    return rc < 0 ? rc : SKEL_OK;
}

static const struct skel_cli_cmd cmd = {"dump", "dump", SKEL_CLI_NUM_FAIL, "unknown option"};

int skel_cmd_dump(int argc, char **argv)
{
    uint64_t rank = UINT64_MAX, limit = UINT64_MAX;
    int status;
    struct skel_cli_opt opts[] = {OPT_U64("rank", 'r', &rank, 0, UINT32_MAX),
                                  OPT_U64("limit", 'n', &limit, 1, 0x1p64), OPT_END};
    int first = skel_cli_parse(&cmd, opts, argc, argv, &status);
    if (first < 0)
        return status;
    if (first != argc - 1)
        return skel_cli_usage_error("dump", "expected one trace directory");
    skel_trace *t;
    int rc = skel_trace_open(argv[first], &t);
    if (rc != SKEL_OK)
        return skel_cli_fail("dump", rc);
    if (rank != UINT64_MAX && rank >= skel_trace_nranks(t)) {
        uint32_t n = skel_trace_nranks(t); /* read before the handle is freed */
        skel_trace_close(t);
        return skel_cli_usage_error("dump", "--rank %" PRIu64 ": the trace has %u ranks", rank, n);
    }
    for (uint32_t i = 0; i < skel_trace_nranks(t) && rc == SKEL_OK; i++)
        if (rank == UINT64_MAX || rank == i)
            rc = dump_rank(t, i, limit);
    skel_trace_close(t);
    fflush(stdout);
    return rc == SKEL_OK ? 0 : skel_cli_fail("dump", rc);
}
