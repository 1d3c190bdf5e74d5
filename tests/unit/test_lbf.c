/* test_lbf.c - LBF/NF predictions (runtime/lbf.c): Eom et al.'s worked example
 * (Figs. 3-5) as a synthetic trace, identity and grouped placements, the
 * network change of NF, placement specs; the scheduler models, sleeping
 * pollers, collectives on the links, shaped links and spreads, each from the
 * measurement that motivated it (docs/predictions.md). */
#include <criterion/criterion.h>

#include "commtable.h"
#include "error.h"
#include "lbf.h"
#include "pag.h"
#include "meta.h"
#include "trace.h"
#include "writer.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAXR 8
#define MS   1000000ull /* one time unit of the seed's example */

static char dir[64];
static skel_writer *w[MAXR];
static uint64_t clk[MAXR], nreq[MAXR], nev[MAXR];
static int nranks;

static void open_trace(int n, const char *const *hosts)
{
    snprintf(dir, sizeof dir, "/tmp/skel-test-lbf-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    nranks = n;
    skel_meta m = {.nranks = (uint32_t)n, .complete = 1};
    char p[128];
    snprintf(p, sizeof p, "%s/meta", dir);
    cr_assert_eq(skel_meta_write(p, &m), SKEL_OK);
    for (int r = 0; r < n; r++) {
        char name[64];
        skel_trace_rank_filename((uint32_t)r, name, sizeof name);
        snprintf(p, sizeof p, "%s/%s", dir, name);
        skel_rank_info info = {.rank = (uint32_t)r,
                               .nranks = (uint32_t)n,
                               .host = (char *)(hosts != NULL ? hosts[r] : "h")};
        cr_assert_eq(skel_writer_open(p, &info, 4096, 1, &w[r]), SKEL_OK);
        clk[r] = 0;
        nreq[r] = 1;
        nev[r] = 0;
    }
}

/* Append an event to rank r: `gap` ns of compute after the previous event,
 * then the call lasting `dur` ns; the next event's gap has only gap_cpu_next
 * ns of CPU when set (the rest off the CPU: a sleep). */
static uint64_t gap_cpu_next = UINT64_MAX;
static uint64_t add(int r, skel_event *ev, uint64_t gap, uint64_t dur)
{
    ev->gap_wall = ev->gap_cpu = gap;
    if (gap_cpu_next != UINT64_MAX && gap_cpu_next < gap)
        ev->gap_cpu = gap_cpu_next;
    gap_cpu_next = UINT64_MAX;
    ev->t_start = clk[r] + gap;
    ev->t_end = ev->t_start + dur;
    clk[r] = ev->t_end;
    if (skel_class_creates_request(skel_call_info(ev->call)->klass))
        ev->req = nreq[r]++;
    cr_assert_eq(skel_writer_event(w[r], ev), SKEL_OK, "rank %d: %s", r, skel_last_error());
    nev[r]++;
    return ev->req;
}

static void simple(int r, int call, uint64_t gap, uint64_t dur)
{
    skel_event ev;
    skel_event_init(&ev);
    ev.call = (uint16_t)call;
    add(r, &ev, gap, dur);
}

static uint64_t p2p(int r, int call, int peer, uint64_t bytes, uint64_t gap, uint64_t dur)
{
    skel_event ev;
    skel_event_init(&ev);
    ev.call = (uint16_t)call;
    ev.peer = peer;
    ev.tag = 0;
    ev.count = (int64_t)bytes;
    ev.dtsize = 1;
    ev.bytes = bytes;
    if (call == SKEL_CALL_MPI_Recv) {
        ev.asrc = peer;
        ev.atag = 0;
        ev.rbytes = bytes;
    }
    return add(r, &ev, gap, dur);
}

static void wait1(int r, uint64_t req, int src, uint64_t bytes, uint64_t gap, uint64_t dur)
{
    skel_event ev;
    skel_completion c = {.req = req, .index = 0, .src = src, .tag = 0, .bytes = bytes};
    skel_event_init(&ev);
    ev.call = SKEL_CALL_MPI_Wait;
    ev.ncomplete = 1;
    ev.complete = &c;
    add(r, &ev, gap, dur);
}

static void close_trace(void)
{
    for (int r = 0; r < nranks; r++) {
        skel_rank_end end = {.nevents = nev[r]};
        cr_assert_eq(skel_writer_finish(w[r], &end), SKEL_OK);
    }
}

static void remove_trace(void)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
        char p[512];
        if (e->d_name[0] == '.')
            continue;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        unlink(p);
    }
    if (d != NULL)
        closedir(d);
    rmdir(dir);
}

/* Eom et al., Fig. 3: P1 startRecv (ProcTime 1), endRecv (0), exit (2); P2 a
 * local event (2), exit (1); P3 send (5), exit (1).  As a trace: every rank
 * starts with MPI_Init at 0; P1's receive is MPI_Irecv + MPI_Wait; P2's
 * local event an MPI_Iprobe that finds nothing; exits are MPI_Finalize.
 * Times are what a run with one processor per process would record. */
static void fig3_trace(void)
{
    open_trace(3, NULL);
    for (int r = 0; r < 3; r++)
        simple(r, SKEL_CALL_MPI_Init, 0, 0);
    uint64_t req = p2p(0, SKEL_CALL_MPI_Irecv, 2, 8, 1 * MS, 0); /* E11 at 1 */
    simple(1, SKEL_CALL_MPI_Iprobe, 2 * MS, 0);                  /* E21 at 2 */
    simple(1, SKEL_CALL_MPI_Finalize, 1 * MS, 0);                /* E22 at 3 */
    p2p(2, SKEL_CALL_MPI_Send, 0, 8, 5 * MS, 0);                 /* E31 at 5 */
    wait1(0, req, 2, 8, 0, 4 * MS);                              /* E12: 1..5 */
    simple(2, SKEL_CALL_MPI_Finalize, 1 * MS, 0);                /* E32 at 6 */
    simple(0, SKEL_CALL_MPI_Finalize, 2 * MS, 0);                /* E13 at 7 */
    close_trace();
}

struct seen {
    struct skel_lbf_report r[512];
    int n;
};

static void record(void *ctx, const struct skel_lbf_report *r)
{
    struct seen *s = ctx;
    if (s->n < 512)
        s->r[s->n++] = *r;
}

static double link_burst;           /* skel_lbf_opts.link_burst of the next predictions */
static double link_rate;            /* skel_lbf_opts.link_ns_per_byte of the next predictions */
static struct skel_lbf_sched sched; /* the scheduler of the next predictions */

static double predict(const char *spec, const skel_commtable *cur, const skel_commtable *tgt,
                      struct seen *seen)
{
    skel_trace *t;
    cr_assert_eq(skel_trace_open(dir, &t), SKEL_OK, "%s", skel_last_error());
    struct skel_lbf_placement *pl = NULL;
    if (spec != NULL)
        cr_assert_eq(skel_lbf_placement_parse(spec, skel_trace_nranks(t), &pl), SKEL_OK, "%s",
                     skel_last_error());
    struct skel_lbf_opts o = {.placement = pl,
                              .current = cur,
                              .target = tgt,
                              .link_burst = link_burst,
                              .link_ns_per_byte = link_rate,
                              .sched = sched,
                              .report = seen != NULL ? record : NULL,
                              .ctx = seen};
    struct skel_lbf_result res;
    cr_assert_eq(skel_lbf_predict(t, &o, &res), SKEL_OK, "%s", skel_last_error());
    double v = res.predicted_ns;
    skel_lbf_result_free(&res);
    skel_lbf_placement_free(pl);
    skel_trace_close(t);
    return v;
}

Test(lbf, eom_worked_example)
{
    fig3_trace();
    struct seen s = {.n = 0};
    /* P1 and P2 on one processor (G1), P3 alone (G2). */
    double v = predict("0,1/2", NULL, NULL, &s);
    cr_expect_float_eq(v, 7.0 * MS, 1e-6, "LBF is %g units, the seed says 7", v / MS);

    /* Fig. 5: the events in the order they are reported, with the time of
     * their group when they are (rows 6, 7, 9, 10, 12, 14, 15). */
    static const struct {
        uint32_t rank;
        uint64_t seq;
        uint32_t group;
        double time;
        const char *name;
    } fig5[] = {
        {0, 1, 0, 2, "E11"}, {1, 1, 0, 3, "E21"}, {1, 2, 0, 4, "E22"}, {2, 1, 1, 5, "E31"},
        {0, 2, 0, 5, "E12"}, {2, 2, 1, 6, "E32"}, {0, 3, 0, 7, "E13"},
    };
    int k = 0;
    for (int i = 0; i < s.n; i++) {
        if (s.r[i].seq == 0) { /* MPI_Init, not in the figure: at 0 */
            cr_expect_float_eq(s.r[i].time_ns, 0.0, 1e-9);
            continue;
        }
        cr_assert_lt(k, 7, "more events than in Fig. 5");
        cr_expect_eq(s.r[i].rank, fig5[k].rank, "%s: reported %d-th, got rank %u event %llu",
                     fig5[k].name, k, s.r[i].rank, (unsigned long long)s.r[i].seq);
        cr_expect_eq(s.r[i].seq, fig5[k].seq, "%s", fig5[k].name);
        cr_expect_eq(s.r[i].group, fig5[k].group, "%s", fig5[k].name);
        cr_expect_float_eq(s.r[i].time_ns, fig5[k].time * MS, 1e-6,
                           "%s: group time %g, Fig. 5 says %g", fig5[k].name, s.r[i].time_ns / MS,
                           fig5[k].time);
        k++;
    }
    cr_expect_eq(k, 7, "%d of Fig. 5's 7 events reported", k);
    remove_trace();
}

Test(lbf, eom_example_other_placements)
{
    fig3_trace();
    /* One processor each: the traced run itself. */
    cr_expect_float_eq(predict(NULL, NULL, NULL, NULL), 7.0 * MS, 1e-6);
    cr_expect_float_eq(predict("identity", NULL, NULL, NULL), 7.0 * MS, 1e-6);
    cr_expect_float_eq(predict("3/3", NULL, NULL, NULL), 7.0 * MS, 1e-6);
    /* Everything on one processor: 12 units of work, never idle (P3's send
     * comes before P1 needs it). */
    cr_expect_float_eq(predict("3/1", NULL, NULL, NULL), 12.0 * MS, 1e-6);
    /* P1 alone, P2 and P3 together: P2 (3 units) and P3 share until P2
     * exits at 6, P3 then has 2 units left before its send (at 8) and 1
     * after; P1 receives at 8 and ends at 10. */
    double v = predict("0/1,2", NULL, NULL, NULL);
    cr_expect_float_eq(v, 10.0 * MS, 1e-6, "got %g", v / MS);
    remove_trace();
}

static skel_commtable *table(double lat0, double per_byte)
{
    skel_commtable *t;
    cr_assert_eq(skel_commtable_new("test", &t), SKEL_OK);
    for (int kind = 0; kind < SKEL_COMMTABLE__KINDS; kind++)
        for (uint64_t size = 0; size <= 1 << 20; size = size ? size * 4 : 1) {
            double v = lat0 * (kind + 1) + per_byte * (double)size;
            struct skel_commtable_row row = {
                .kind = kind, .size = size, .min_ns = v, .median_ns = v};
            cr_assert_eq(skel_commtable_add(t, &row), SKEL_OK, "%s", skel_last_error());
        }
    return t;
}

/* Two ranks exchanging messages: the identity prediction is the run with or
 * without tables; a network twice as slow stretches the waits. */
Test(lbf, networking_factor)
{
    /* a ping-pong: 500 ns of compute, then 1000 ns in flight, each way */
    open_trace(2, NULL);
    simple(0, SKEL_CALL_MPI_Init, 0, 0);
    simple(1, SKEL_CALL_MPI_Init, 0, 0);
    uint64_t t = 0;
    for (int i = 0; i < 10; i++) {
        /* rank 0 computes 500, sends; rank 1 receives 1000 later */
        t += 500;
        p2p(0, SKEL_CALL_MPI_Send, 1, 1024, t - clk[0], 0);
        p2p(1, SKEL_CALL_MPI_Recv, 0, 1024, 0, t + 1000 - clk[1]);
        t += 1000;
        /* rank 1 computes 500, replies */
        t += 500;
        p2p(1, SKEL_CALL_MPI_Send, 0, 1024, t - clk[1], 0);
        p2p(0, SKEL_CALL_MPI_Recv, 1, 1024, 0, t + 1000 - clk[0]);
        t += 1000;
    }
    simple(0, SKEL_CALL_MPI_Finalize, 0, 0);
    simple(1, SKEL_CALL_MPI_Finalize, 0, 0);
    close_trace();
    double run = (double)t;
    cr_expect_float_eq(predict(NULL, NULL, NULL, NULL), run, 1e-6);
    /* current: 1000 ns at 1 KiB on the same host (lat0 = 1000 - 1024*0) */
    skel_commtable *cur = table(1000.0, 0.0), *slow = table(2000.0, 0.0);
    cr_expect_float_eq(predict(NULL, cur, NULL, NULL), run, 1e-6,
                       "identity with the traced network's table is the run");
    /* every message takes 1000 ns longer: 20 messages on the path */
    cr_expect_float_eq(predict(NULL, cur, slow, NULL), run + 20 * 1000.0, 1e-6);
    /* both ranks on one processor of the same host: the flight times stay,
     * the compute does not overlap anyway (a ping-pong) */
    cr_expect_float_eq(predict("2/1", cur, NULL, NULL), run, 1e-6);
    /* on two hosts: cross-host rows (2000 ns in this table) */
    cr_expect_float_eq(predict("0@a/1@b", cur, NULL, NULL), run + 20 * 1000.0, 1e-6);
    skel_commtable_free(cur);
    skel_commtable_free(slow);
    remove_trace();
}

/* A stream of messages on a slower link: each holds the link for its bytes
 * at the target's time per byte beyond the traced one, so they queue. */
Test(lbf, links_are_shared)
{
    open_trace(2, NULL);
    simple(0, SKEL_CALL_MPI_Init, 0, 0);
    simple(1, SKEL_CALL_MPI_Init, 0, 0);
    /* rank 0 sends 1000 B every 100 ns; each arrives 1000 ns later */
    for (int i = 0; i < 10; i++) {
        p2p(0, SKEL_CALL_MPI_Send, 1, 1000, 100, 0);
        p2p(1, SKEL_CALL_MPI_Recv, 0, 1000, 0, clk[0] + 1000 - clk[1]);
    }
    simple(0, SKEL_CALL_MPI_Finalize, 0, 0);
    simple(1, SKEL_CALL_MPI_Finalize, 0, 0);
    close_trace();
    double run = (double)clk[1];
    cr_assert_float_eq(run, 2000.0, 1e-9);
    /* traced: 1000 ns, nothing per byte; target: 1 ns per byte */
    skel_commtable *cur = table(1000.0, 0.0), *slow = table(1000.0, 1.0);
    cr_expect_float_eq(predict(NULL, cur, NULL, NULL), run, 1e-6, "identity stays the run");
    /* Traced on the slow network itself: two hosts add 1000 ns of flight,
     * nothing per byte, so no queueing: the last arrives at 1000 + 2000. */
    double same = predict("0@a/1@b", slow, slow, NULL);
    cr_expect_float_eq(same, 3000.0, 1e-6, "got %g", same);
    /* On two hosts of the slow network a message's flight is 1000 + (2000 +
     * 1000) - 1000 = 3000 ns and it holds the link for 1000 ns: message i
     * (sent at 100 (i + 1)) starts at max(its send, 1000 i + 100), the last
     * at 9100, and arrives at 12100.  Without the link: 1000 + 3000. */
    double v = predict("0@a/1@b", cur, slow, NULL);
    cr_expect_float_eq(v, 12100.0, 1e-6, "got %g", v);
    /* Token-bucket links with a 10000-byte burst, refilled at 1 byte per ns:
     * the 1000-byte messages every 100 ns never empty it, nothing queues. */
    link_burst = 10000;
    double b = predict("0@a/1@b", cur, slow, NULL);
    link_burst = 0;
    cr_expect_float_eq(b, 4000.0, 1e-6, "got %g", b);
    /* Both on one host: no link between them; each flight 2000 ns. */
    double one = predict("2/1", cur, slow, NULL);
    cr_expect_float_eq(one, 3000.0, 1e-6, "got %g", one);
    skel_commtable_free(cur);
    skel_commtable_free(slow);
    remove_trace();
}

/* Two independent ranks computing: sharing one processor doubles the time. */
Test(lbf, sharing_is_fair)
{
    open_trace(2, NULL);
    simple(0, SKEL_CALL_MPI_Init, 0, 0);
    simple(1, SKEL_CALL_MPI_Init, 0, 0);
    simple(0, SKEL_CALL_MPI_Iprobe, 1000, 0);
    simple(0, SKEL_CALL_MPI_Iprobe, 3000, 0);
    simple(1, SKEL_CALL_MPI_Iprobe, 2000, 0);
    simple(0, SKEL_CALL_MPI_Finalize, 0, 0);
    simple(1, SKEL_CALL_MPI_Finalize, 0, 0);
    close_trace();
    cr_expect_float_eq(predict(NULL, NULL, NULL, NULL), 4000.0, 1e-6);
    /* 6000 ns of CPU on one processor */
    struct seen s = {.n = 0};
    cr_expect_float_eq(predict("2/1", NULL, NULL, &s), 6000.0, 1e-6);
    /* rank 1 finishes its 2000 at 4000 (both ran at half speed) */
    int found = 0;
    for (int i = 0; i < s.n; i++)
        if (s.r[i].rank == 1 && s.r[i].seq == 1) {
            cr_expect_float_eq(s.r[i].time_ns, 4000.0, 1e-6);
            found = 1;
        }
    cr_expect(found);
    remove_trace();
}

/* A blocking collective synchronises every member on every placement. */
Test(lbf, collectives_synchronise)
{
    open_trace(3, NULL);
    for (int r = 0; r < 3; r++)
        simple(r, SKEL_CALL_MPI_Init, 0, 0);
    /* rank 2 arrives at 3000, the others earlier; all leave at 3000 */
    simple(0, SKEL_CALL_MPI_Barrier, 1000, 2000);
    simple(1, SKEL_CALL_MPI_Barrier, 2000, 1000);
    simple(2, SKEL_CALL_MPI_Barrier, 3000, 0);
    for (int r = 0; r < 3; r++)
        simple(r, SKEL_CALL_MPI_Finalize, 100, 0);
    close_trace();
    cr_expect_float_eq(predict(NULL, NULL, NULL, NULL), 3100.0, 1e-6);
    /* ranks 0 and 1 share: 3000 ns of their CPU before the barrier, rank 2
     * still arrives at 3000; then 200 ns for their two exits */
    cr_expect_float_eq(predict("0,1/2", NULL, NULL, NULL), 3200.0, 1e-6);
    /* all on one: 6000 + 300 */
    cr_expect_float_eq(predict("3/1", NULL, NULL, NULL), 6300.0, 1e-6);
    remove_trace();
}

Test(lbf, placement_specs)
{
    struct skel_lbf_placement *p;
    cr_assert_eq(skel_lbf_placement_parse("8/4", 8, &p), SKEL_OK);
    cr_expect_eq(p->ngroups, 4);
    cr_expect_eq(p->group[0], 0);
    cr_expect_eq(p->group[1], 0);
    cr_expect_eq(p->group[2], 1);
    cr_expect_eq(p->group[7], 3);
    cr_expect_null(p->host[0]);
    skel_lbf_placement_free(p);

    cr_assert_eq(skel_lbf_placement_parse("5/2@2", 5, &p), SKEL_OK);
    cr_expect_eq(p->ngroups, 2);
    cr_expect_eq(p->group[2], 0);
    cr_expect_eq(p->group[3], 1);
    cr_expect_str_neq(p->host[0], p->host[1]);
    skel_lbf_placement_free(p);

    cr_assert_eq(skel_lbf_placement_parse("0,2-3@x/1@y", 4, &p), SKEL_OK);
    cr_expect_eq(p->ngroups, 2);
    cr_expect_eq(p->group[0], 0);
    cr_expect_eq(p->group[1], 1);
    cr_expect_eq(p->group[2], 0);
    cr_expect_eq(p->group[3], 0);
    cr_expect_str_eq(p->host[0], "x");
    cr_expect_str_eq(p->host[1], "y");
    skel_lbf_placement_free(p);

    /* two ranks: "1/0" is a grouping, "2/1" the block form */
    cr_assert_eq(skel_lbf_placement_parse("1/0", 2, &p), SKEL_OK);
    cr_expect_eq(p->ngroups, 2);
    cr_expect_eq(p->group[1], 0);
    skel_lbf_placement_free(p);
    cr_assert_eq(skel_lbf_placement_parse("2/1", 2, &p), SKEL_OK);
    cr_expect_eq(p->ngroups, 1);
    skel_lbf_placement_free(p);

    static const struct {
        const char *spec;
        const char *msg;
    } bad[] = {
        {"0,1", "rank 2 is in no group"},
        {"0-2/2", "rank 2 is in two groups"},
        {"0-9", "rank 9 does not exist"},
        {"0,/1-2", "column 3"},
        {"3-1/0", "FIRST <= LAST"},
        {"0/1/2/", "column 7"},
        {"3/0", "cannot go on 0 processors"},
        {"3/2@3", "cannot go on 3 hosts"},
        {"0@/1,2", "host name"},
        {"0 /1,2", "column 2"},
        {"", "column 1"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        p = NULL;
        cr_expect_eq(skel_lbf_placement_parse(bad[i].spec, 3, &p), SKEL_EUSAGE, "'%s'",
                     bad[i].spec);
        cr_expect_null(p);
        cr_expect(strstr(skel_last_error(), bad[i].msg) != NULL, "'%s': got '%s', expected '%s'",
                  bad[i].spec, skel_last_error(), bad[i].msg);
    }
}

/* The time an event of a rank was reported at (NAN: not reported). */
static double at(const struct seen *s, uint32_t rank, uint64_t seq)
{
    for (int i = 0; i < s->n; i++)
        if (s->r[i].rank == rank && s->r[i].seq == seq)
            return s->r[i].time_ns;
    return NAN;
}

static struct skel_lbf_sched sched_of(const char *spec)
{
    struct skel_lbf_sched sc;
    cr_assert_eq(skel_lbf_sched_parse(spec, &sc), SKEL_OK, "%s: %s", spec, skel_last_error());
    return sc;
}

#define US 1000.0

/* Measured on the testbed's kernel (EEVDF, 250 Hz): a process waiting in a
 * sched_yield loop while another computes on its core sees a flag the other
 * sets 4 ms later (one tick); a process that sleeps preempts at once when it
 * wakes.  Rank 0 sends at 1 ms and computes 10 ms more; rank 1 waits for the
 * message, then computes 0.1 ms.  On one processor: */
Test(lbf, slices_and_waiting)
{
    open_trace(2, NULL);
    simple(0, SKEL_CALL_MPI_Init, 0, 0);
    simple(1, SKEL_CALL_MPI_Init, 0, 0);
    p2p(0, SKEL_CALL_MPI_Send, 1, 8, 1000 * 1000, 0);
    p2p(1, SKEL_CALL_MPI_Recv, 0, 8, 0, 1000 * 1000);
    simple(0, SKEL_CALL_MPI_Iprobe, 10000 * 1000, 0);
    simple(1, SKEL_CALL_MPI_Iprobe, 100 * 1000, 0);
    simple(0, SKEL_CALL_MPI_Finalize, 0, 0);
    simple(1, SKEL_CALL_MPI_Finalize, 0, 0);
    close_trace();
    static const struct {
        const char *spec;
        double recv_us, end_us;
    } want[] = {
        /* Eom et al.: rank 1 continues as soon as the message is there */
        {"fair", 1000, 11100},
        /* a blocked rank is woken and preempts */
        {"slice,wait=block,quantum=4ms", 1000, 11100},
        /* a yielding rank notices when rank 0's quantum ends */
        {"slice,wait=yield,quantum=4ms", 4000, 11100},
        /* a busy-polling rank spins through its quantum first (it came
         * back from MPI_Init last, so it runs first), then rank 0 sends in
         * its quantum, and rank 1 notices in its next one */
        {"slice,wait=spin,quantum=4ms", 8000, 15100},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        sched = sched_of(want[i].spec);
        struct seen s = {.n = 0};
        double end = predict("2/1", NULL, NULL, &s);
        cr_expect_float_eq(at(&s, 1, 1), want[i].recv_us * US, 1e-6, "%s: receive at %g us",
                           want[i].spec, at(&s, 1, 1) / US);
        cr_expect_float_eq(end, want[i].end_us * US, 1e-6, "%s: end at %g us", want[i].spec,
                           end / US);
        /* on a processor each nothing is shared: the traced run */
        cr_expect_float_eq(predict(NULL, NULL, NULL, NULL), 11000 * US, 1e-6, "%s", want[i].spec);
    }
    /* every switch costs the processor: a yielding waiter is visited once
     * per quantum (two switches each time) */
    sched = sched_of("slice,wait=yield,quantum=4ms,switch=10us");
    double slow = predict("2/1", NULL, NULL, NULL);
    cr_expect_gt(slow, 11100 * US, "switches cost nothing: %g us", slow / US);
    /* Measured by calibrate's probe on a loaded machine (2026-12-02): a
     * quantum of 40 us and a switch of 20.8 us.  The yielder's turn then
     * costs more than the quantum; rank 0 still gets a whole quantum after
     * each turn (the simulation once ran on for ever, its clock at 730000 s
     * with nothing done): 40 us of every 81.6 us until the message. */
    sched = sched_of("slice,wait=yield,quantum=40us,switch=20.8us");
    double tiny = predict("2/1", NULL, NULL, NULL);
    double cycle = 40 + 2 * 20.8;
    cr_expect_gt(tiny, 11100 * US, "a 40 us quantum: %g us", tiny / US);
    cr_expect_lt(tiny, (1000 * cycle / 40 + 10000 + 100 + 2 * cycle) * US,
                 "a 40 us quantum: %g us, more than the yielder's turns take", tiny / US);
    /* A signal's flag stops the simulation (skel calibrate under Ctrl-C or
     * a CI's SIGTERM ran on for minutes in the case above). */
    skel_trace *t;
    cr_assert_eq(skel_trace_open(dir, &t), SKEL_OK, "%s", skel_last_error());
    volatile sig_atomic_t flag = 15;
    struct skel_lbf_opts o = {.sched = sched, .stop = &flag};
    struct skel_lbf_result res;
    memset(&res, 0, sizeof res);
    cr_expect_eq(skel_lbf_predict(t, &o, &res), SKEL_EINTERRUPTED, "a raised flag is not seen");
    cr_expect(strstr(skel_last_error(), "signal 15") != NULL, "%s", skel_last_error());
    skel_lbf_result_free(&res);
    flag = 0;
    cr_expect_eq(skel_lbf_predict(t, &o, &res), SKEL_OK, "%s", skel_last_error());
    skel_lbf_result_free(&res);
    skel_trace_close(t);
    memset(&sched, 0, sizeof sched);
    remove_trace();
}

/* Measured: a process that sleeps 20 us between polls (83 us a turn, 12 us
 * of its own CPU) takes 20 us of every turn from a process computing on its
 * core.  Rank 0 polls with sleeps (10 us CPU and 90 us asleep a turn) while
 * rank 1 computes 10 ms and then sends what rank 0 waits for. */
Test(lbf, sleeping_pollers_take_their_share)
{
    open_trace(2, NULL);
    simple(0, SKEL_CALL_MPI_Init, 0, 0);
    simple(1, SKEL_CALL_MPI_Init, 0, 0);
    uint64_t req = p2p(0, SKEL_CALL_MPI_Irecv, 1, 8, 0, 0);
    for (int i = 0; i < 100; i++) {
        gap_cpu_next = 10 * 1000;
        simple(0, SKEL_CALL_MPI_Test, 100 * 1000, 0);
    }
    p2p(1, SKEL_CALL_MPI_Send, 0, 8, 10000 * 1000, 0);
    /* the Test that finds it, 100 us after it arrived */
    skel_event ev;
    skel_completion c = {.req = req, .index = 0, .src = 1, .tag = 0, .bytes = 8};
    skel_event_init(&ev);
    ev.call = SKEL_CALL_MPI_Test;
    ev.flags = SKEL_EVF_FLAG;
    ev.ncomplete = 1;
    ev.complete = &c;
    gap_cpu_next = 10 * 1000;
    add(0, &ev, 100 * 1000, 0);
    simple(0, SKEL_CALL_MPI_Finalize, 0, 0);
    simple(1, SKEL_CALL_MPI_Finalize, 0, 0);
    close_trace();
    /* alone, each as traced */
    cr_expect_float_eq(predict(NULL, NULL, NULL, NULL), 10100 * US, 1e-6);
    /* together: the first poll's gap is compute (10 us shared); the 99
     * polls after it slept, 990 us of CPU in 990 + 9000 us: while rank 0
     * waits it takes 9.9 % of the processor from rank 1 */
    struct seen s = {.n = 0};
    predict("2/1", NULL, NULL, &s);
    double f = 990.0 / 9990.0;
    double send = at(&s, 1, 1);
    double want = 20 * US + (10000 - 10) * US / (1 - f);
    cr_expect(fabs(send - want) < 0.005 * want, "fair: rank 1 sends at %g us, want %g", send / US,
              want / US);
    /* with slices every turn also costs two switches (5 us each here);
     * rank 1 may hold the processor a quantum before rank 0 gets to its
     * polls, so the share is taken for part of the run at most */
    sched = sched_of("slice,wait=yield,quantum=4ms,switch=5us");
    s.n = 0;
    predict("2/1", NULL, NULL, &s);
    double cycle = 9990.0 / 99;
    double f2 = f + 2 * 5 / cycle;
    double send2 = at(&s, 1, 1);
    double most = 200 * US + (10000 - 10) * US / (1 - f2);
    cr_expect_gt(send2, send, "slice: rank 1 sends at %g us, before fair sharing's %g", send2 / US,
                 send / US);
    cr_expect_lt(send2, most, "slice: rank 1 sends at %g us, after %g", send2 / US, most / US);
    /* Measured (docs/predictions.md, finding 8): a poll traced on an idle
     * processor took 17.8 us of CPU, placed beside a computing process 13.4
     * us; wake=4us takes 4 us off each of the 99 sleeping polls' 10 us */
    sched = sched_of("fair,wake=4us");
    s.n = 0;
    predict("2/1", NULL, NULL, &s);
    double f3 = (990.0 - 99 * 4) / 9990.0;
    double send3 = at(&s, 1, 1);
    double want3 = 20 * US + (10000 - 10) * US / (1 - f3);
    cr_expect(fabs(send3 - want3) < 0.005 * want3,
              "fair, wake 4 us: rank 1 sends at %g us, want %g", send3 / US, want3 / US);
    cr_expect_lt(send3, send, "wake 4 us: %g us, not before %g", send3 / US, send / US);
    /* a wake beyond the poll's CPU leaves it none, never a negative share */
    sched = sched_of("fair,wake=50us");
    s.n = 0;
    predict("2/1", NULL, NULL, &s);
    cr_expect(fabs(at(&s, 1, 1) - 10000 * US) < 0.005 * 10000 * US, "wake 50 us: %g us",
              at(&s, 1, 1) / US);
    memset(&sched, 0, sizeof sched);
    remove_trace();
}

/* MPICH's collective algorithms (pag.c): recursive doubling, Rabenseifner's
 * above 2 KiB, pairwise and all-at-once Alltoall. */
Test(lbf, collective_algorithms)
{
    skel_commtable *t = table(1000.0, 1.0);
    const int k = SKEL_COMMTABLE_SAME_HOST;
    double L0 = skel_commtable_oneway(t, k, 0);
    cr_expect_float_eq(skel_pag_coll_cost(t, k, SKEL_SHAPE_ALLREDUCE, 2, 1024),
                       skel_commtable_oneway(t, k, 1024), 1e-9);
    cr_expect_float_eq(skel_pag_coll_cost(t, k, SKEL_SHAPE_ALLREDUCE, 2, 1 << 20),
                       2 * skel_commtable_oneway(t, k, 1 << 19), 1e-9);
    cr_expect_float_eq(skel_pag_coll_cost(t, k, SKEL_SHAPE_ALLREDUCE, 8, 8),
                       3 * skel_commtable_oneway(t, k, 8), 1e-9);
    cr_expect_float_eq(skel_pag_coll_cost(t, k, SKEL_SHAPE_BARRIER, 4, 0), 2 * L0, 1e-9);
    double lb = skel_commtable_oneway(t, k, 1000);
    cr_expect_float_eq(skel_pag_coll_cost(t, k, SKEL_SHAPE_ALLTOALL, 4, 1000), lb + 2 * (lb - L0),
                       1e-9);
    cr_expect_float_eq(skel_pag_coll_cost(t, k, SKEL_SHAPE_ALLTOALL, 4, 100000),
                       3 * skel_commtable_oneway(t, k, 100000), 1e-9);
    /* what each member puts on its links: an Allreduce of 2 ranks sends
     * and receives the buffer once; a Bcast's root sends, the others
     * receive */
    double snd, rcv;
    skel_pag_coll_link_bytes(SKEL_SHAPE_ALLREDUCE, 2, 0, 0, 800, &snd, &rcv);
    cr_expect_float_eq(snd, 800.0, 1e-9);
    cr_expect_float_eq(rcv, 800.0, 1e-9);
    skel_pag_coll_link_bytes(SKEL_SHAPE_BCAST, 4, 1, 1, 100, &snd, &rcv);
    cr_expect_float_eq(snd, 200.0, 1e-9, "the root of 4 sends twice, got %g", snd);
    cr_expect_float_eq(rcv, 0.0, 1e-9);
    skel_pag_coll_link_bytes(SKEL_SHAPE_BCAST, 4, 0, 1, 100, &snd, &rcv);
    cr_expect_float_eq(rcv, 100.0, 1e-9);
    skel_commtable_free(t);
}

/* Measured: on a tbf-shaped link the bytes of collectives queue with the
 * messages' (a cg Allreduce of 8 bytes waited 4 ms behind halo rows).  An
 * Allreduce of 100000 bytes between two hosts whose links pass 1 byte per
 * ns takes the link for 100 us; without links it costs its table time. */
Test(lbf, collectives_take_the_links)
{
    open_trace(2, NULL);
    simple(0, SKEL_CALL_MPI_Init, 0, 0);
    simple(1, SKEL_CALL_MPI_Init, 0, 0);
    for (int r = 0; r < 2; r++) {
        skel_event ev;
        skel_event_init(&ev);
        ev.call = SKEL_CALL_MPI_Allreduce;
        ev.count = 100000;
        ev.dtsize = 1;
        ev.bytes = ev.rbytes = 100000;
        add(r, &ev, 1000, 1000);
        simple(r, SKEL_CALL_MPI_Finalize, 0, 0);
    }
    close_trace();
    skel_commtable *cur = table(1000.0, 0.0);
    /* two hosts, no links: 1000 (compute) + 2 L(50000) on cross-host rows
     * (2000 each), less the traced cost 2 L(50000) same-host (1000 each) */
    double plain = predict("0@a/1@b", cur, NULL, NULL);
    cr_expect_float_eq(plain, 1000 + 1000 + 2 * 1000.0, 1e-6, "got %g", plain);
    /* links of 1 ns per byte: Rabenseifner's sends and receives 100000
     * bytes per member */
    link_rate = 1.0;
    double linked = predict("0@a/1@b", cur, NULL, NULL);
    link_rate = 0;
    cr_expect_float_eq(linked, 1000 + 100000 + 2000.0, 1e-6, "got %g", linked);
    /* on one host nothing crosses a link */
    link_rate = 1.0;
    double one = predict("2/1", cur, NULL, NULL);
    link_rate = 0;
    cr_expect_lt(one, 10000.0, "got %g", one);
    skel_commtable_free(cur);
    remove_trace();
}

/* A shaper's rate given directly (what the limited table's large messages
 * show) instead of the tables' difference: the same queue. */
Test(lbf, shaped_links_given_by_rate)
{
    open_trace(2, NULL);
    simple(0, SKEL_CALL_MPI_Init, 0, 0);
    simple(1, SKEL_CALL_MPI_Init, 0, 0);
    for (int i = 0; i < 10; i++) {
        p2p(0, SKEL_CALL_MPI_Send, 1, 1000, 100, 0);
        p2p(1, SKEL_CALL_MPI_Recv, 0, 1000, 0, clk[0] + 1000 - clk[1]);
    }
    simple(0, SKEL_CALL_MPI_Finalize, 0, 0);
    simple(1, SKEL_CALL_MPI_Finalize, 0, 0);
    close_trace();
    skel_commtable *cur = table(1000.0, 0.0);
    /* as in links_are_shared: the last message leaves the link at 10100,
     * plus the 2000 ns of a cross-host flight */
    link_rate = 1.0;
    double v = predict("0@a/1@b", cur, cur, NULL);
    cr_expect_float_eq(v, 12100.0, 1e-6, "got %g", v);
    /* a burst the stream never empties: no queue, each flight 2000 */
    link_burst = 10000;
    double b = predict("0@a/1@b", cur, cur, NULL);
    link_burst = 0;
    link_rate = 0;
    cr_expect_float_eq(b, 3000.0, 1e-6, "got %g", b);
    skel_commtable_free(cur);
    remove_trace();
}

/* The interval: every compute phase at a quantile of its kind. */
Test(lbf, spread_interval)
{
    open_trace(1, NULL);
    simple(0, SKEL_CALL_MPI_Init, 0, 0);
    for (int i = 0; i < 20; i++)
        simple(0, SKEL_CALL_MPI_Iprobe, (i % 2 ? 3000 : 1000) * 1000, 0);
    simple(0, SKEL_CALL_MPI_Finalize, 0, 0);
    close_trace();
    skel_trace *t;
    cr_assert_eq(skel_trace_open(dir, &t), SKEL_OK);
    struct skel_lbf_opts o = {0};
    skel_lbf_spread *sp;
    cr_assert_eq(skel_lbf_spread_build(t, &o, &sp), SKEL_OK, "%s", skel_last_error());
    /* the Iprobe -> Iprobe phase holds 19 values: 9 of 1 ms, 10 of 3 ms */
    int found = 0;
    for (uint32_t ph = 0; ph < 8; ph++) {
        double lo = skel_lbf_spread_quantile(sp, 0, ph, 0.1);
        double hi = skel_lbf_spread_quantile(sp, 0, ph, 0.9);
        if (isnan(lo))
            continue;
        found = 1;
        cr_expect(fabs(lo - 1e6) < 0.05e6, "p10 %g", lo);
        cr_expect(fabs(hi - 3e6) < 0.15e6, "p90 %g", hi);
    }
    cr_expect(found, "no phase with a spread");
    struct skel_lbf_result r;
    double lo, hi;
    o.spread = sp;
    cr_assert_eq(skel_lbf_predict_interval(t, &o, 0.1, 0.9, &r, &lo, &hi), SKEL_OK);
    double mid = r.body_end_ns - r.body_start_ns;
    cr_expect_float_eq(mid, 40e6, 1e-3, "the body is the trace's: %g", mid);
    cr_expect_lt(lo, mid);
    cr_expect_gt(hi, mid);
    cr_expect(fabs(lo - (1e6 + 19 * 1e6)) < 0.1e6, "lo %g", lo);
    skel_lbf_result_free(&r);
    skel_lbf_spread_free(sp);
    skel_trace_close(t);
    remove_trace();
}

Test(lbf, sched_specs)
{
    struct skel_lbf_sched sc;
    cr_assert_eq(skel_lbf_sched_parse("fair", &sc), SKEL_OK);
    cr_expect_eq(sc.policy, SKEL_LBF_FAIR);
    cr_expect_eq(sc.wait, SKEL_LBF_WAIT_BLOCK);
    cr_assert_eq(skel_lbf_sched_parse("slice,wait=yield,quantum=4ms,switch=3.5us", &sc), SKEL_OK);
    cr_expect_eq(sc.policy, SKEL_LBF_SLICE);
    cr_expect_eq(sc.wait, SKEL_LBF_WAIT_YIELD);
    cr_expect_float_eq(sc.quantum_ns, 4e6, 1e-9);
    cr_expect_float_eq(sc.switch_ns, 3500, 1e-9);
    char buf[128];
    skel_lbf_sched_format(&sc, buf, sizeof buf);
    cr_expect_str_eq(buf, "slice,wait=yield,quantum=4ms,switch=3.5us");
    struct skel_lbf_sched back;
    cr_assert_eq(skel_lbf_sched_parse(buf, &back), SKEL_OK);
    cr_expect_float_eq(back.switch_ns, sc.switch_ns, 1e-9);
    cr_assert_eq(skel_lbf_sched_parse("slice,wait=yield,quantum=3ms,switch=4.8us,wake=4.4us", &sc),
                 SKEL_OK);
    cr_expect_float_eq(sc.wake_ns, 4400, 1e-9);
    skel_lbf_sched_format(&sc, buf, sizeof buf);
    cr_expect_str_eq(buf, "slice,wait=yield,quantum=3ms,switch=4.8us,wake=4.4us");
    cr_assert_eq(skel_lbf_sched_parse("fair,wake=2us", &sc), SKEL_OK);
    skel_lbf_sched_format(&sc, buf, sizeof buf);
    cr_expect_str_eq(buf, "fair,wait=block,wake=2us");
    static const struct {
        const char *spec, *msg;
    } bad[] = {
        {"round-robin", "expected 'fair' or 'slice'"},
        {"slice,wait=sleep", "wait is block, yield or spin"},
        {"slice,quantum=4", "quantum is a time"},
        {"slice,quantum=10ns", "quantum is a time"},
        {"slice,switch=-1us", "switch is a time"},
        {"slice,wake=fast", "wake is a time"},
        {"fair,speed=2", "unknown setting"},
        {"fair,wait", "expected KEY=VALUE"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cr_expect_eq(skel_lbf_sched_parse(bad[i].spec, &sc), SKEL_EUSAGE, "%s", bad[i].spec);
        cr_expect(strstr(skel_last_error(), bad[i].msg) != NULL, "'%s': got '%s'", bad[i].spec,
                  skel_last_error());
    }
}

/* ---- one-sided synchronisation (docs/predictions.md, "One-sided synchronisation") ------- */

/* Window 0 on MPI_COMM_WORLD on every rank, and one call site per kind of
 * call (the least own work is kept per site: a fence must not share it
 * with MPI_Init's 0). */
static void win_setup(void)
{
    for (int r = 0; r < nranks; r++) {
        skel_object o = {.index = 0, .kind = SKEL_OBJ_WIN, .comm = SKEL_COMM_WORLD, .name = ""};
        cr_assert_eq(skel_writer_object(w[r], &o), SKEL_OK, "%s", skel_last_error());
        for (uint32_t s = 0; s < 8; s++) {
            char fn[16];
            snprintf(fn, sizeof fn, "site%u", s);
            skel_site st = {.index = s,
                            .addr = 0x1000 + 16 * s,
                            .module = SKEL_COMM_NONE,
                            .func = fn,
                            .file = "",
                            .line = 0};
            cr_assert_eq(skel_writer_site(w[r], &st), SKEL_OK, "%s", skel_last_error());
        }
    }
}

/* A call on window 0 (group: MPI_Win_post/start's, world ranks). */
static void win_call(int r, int call, const int32_t *grp, uint32_t ngrp, uint64_t gap, uint64_t dur)
{
    skel_event ev;
    skel_event_init(&ev);
    ev.call = (uint16_t)call;
    ev.obj = 0;
    ev.ngroup = ngrp;
    ev.group = grp;
    ev.site = (uint32_t)(call % 7) + 1;
    add(r, &ev, gap, dur);
}

static void win_begin(int n)
{
    open_trace(n, NULL);
    win_setup();
    for (int r = 0; r < n; r++)
        simple(r, SKEL_CALL_MPI_Init, 0, 0);
}

static void win_end(int n, uint64_t gap_free)
{
    for (int r = 0; r < n; r++)
        win_call(r, SKEL_CALL_MPI_Win_free, NULL, 0, gap_free, 0);
    for (int r = 0; r < n; r++)
        simple(r, SKEL_CALL_MPI_Finalize, 0, 0);
    close_trace();
}

/* MPICH's fence waits for the last member (rank 0 measured 3000 ns in it,
 * rank 1 arriving late): waiting, not work.  Sharing one processor, rank
 * 0's 1000 ns and rank 1's 4000 ns of compute take 5000 ns; with the fence
 * as rank 0's own work (the old model) its 3000 ns competed for the
 * processor too: 8000. */
Test(lbf, fence_waits_for_the_last_member)
{
    win_begin(2);
    for (int r = 0; r < 2; r++)
        win_call(r, SKEL_CALL_MPI_Win_create, NULL, 0, 0, 0);
    win_call(0, SKEL_CALL_MPI_Win_fence, NULL, 0, 1000, 3000);
    win_call(1, SKEL_CALL_MPI_Win_fence, NULL, 0, 4000, 0);
    win_end(2, 0);
    cr_expect_float_eq(predict(NULL, NULL, NULL, NULL), 4000.0, 1e-6, "identity");
    double v = predict("2/1", NULL, NULL, NULL);
    cr_expect_float_eq(v, 5000.0, 1e-6, "2/1: %g ns", v);
    remove_trace();
}

/* Window creation and MPI_Win_free synchronise the communicator too (each
 * measured waiting for the late rank). */
Test(lbf, window_creation_and_free_synchronise)
{
    win_begin(2);
    win_call(0, SKEL_CALL_MPI_Win_create, NULL, 0, 1000, 3000);
    win_call(1, SKEL_CALL_MPI_Win_create, NULL, 0, 4000, 0);
    win_call(0, SKEL_CALL_MPI_Win_free, NULL, 0, 4000, 0);
    win_call(1, SKEL_CALL_MPI_Win_free, NULL, 0, 1000, 3000);
    for (int r = 0; r < 2; r++)
        simple(r, SKEL_CALL_MPI_Finalize, 0, 0);
    close_trace();
    cr_expect_float_eq(predict(NULL, NULL, NULL, NULL), 8000.0, 1e-6, "identity");
    double v = predict("2/1", NULL, NULL, NULL);
    cr_expect_float_eq(v, 10000.0, 1e-6, "2/1: %g ns (16000 with both as own work)", v);
    remove_trace();
}

/* Active target: rank 0's MPI_Win_start waits for rank 1's MPI_Win_post
 * (1000..4000), rank 1's MPI_Win_wait for rank 0's MPI_Win_complete
 * (4000..5000).  On one processor: 5000 ns of both ranks' compute until the
 * post, then rank 0's 1000 ns before its complete while rank 1 waits. */
Test(lbf, start_waits_for_post_and_wait_for_complete)
{
    static const int32_t g0[] = {0}, g1[] = {1};
    win_begin(2);
    for (int r = 0; r < 2; r++)
        win_call(r, SKEL_CALL_MPI_Win_create, NULL, 0, 0, 0);
    win_call(0, SKEL_CALL_MPI_Win_start, g1, 1, 1000, 3000);
    win_call(1, SKEL_CALL_MPI_Win_post, g0, 1, 4000, 0);
    win_call(1, SKEL_CALL_MPI_Win_wait, NULL, 0, 0, 1000);
    win_call(0, SKEL_CALL_MPI_Win_complete, NULL, 0, 1000, 0);
    win_end(2, 0);
    cr_expect_float_eq(predict(NULL, NULL, NULL, NULL), 5000.0, 1e-6, "identity");
    double v = predict("2/1", NULL, NULL, NULL);
    cr_expect_float_eq(v, 6000.0, 1e-6, "2/1: %g ns (10000 with both as own work)", v);
    remove_trace();
    /* The target late instead: its post at 1000 at once, its wait 1000..4000
     * for a complete at 4000. */
    win_begin(2);
    for (int r = 0; r < 2; r++)
        win_call(r, SKEL_CALL_MPI_Win_create, NULL, 0, 0, 0);
    win_call(1, SKEL_CALL_MPI_Win_post, g0, 1, 0, 0);
    win_call(0, SKEL_CALL_MPI_Win_start, g1, 1, 0, 0);
    win_call(1, SKEL_CALL_MPI_Win_wait, NULL, 0, 1000, 3000);
    win_call(0, SKEL_CALL_MPI_Win_complete, NULL, 0, 4000, 0);
    win_end(2, 0);
    cr_expect_float_eq(predict(NULL, NULL, NULL, NULL), 4000.0, 1e-6, "identity");
    v = predict("2/1", NULL, NULL, NULL);
    cr_expect_float_eq(v, 5000.0, 1e-6, "2/1: %g ns (8000 with the wait as own work)", v);
    remove_trace();
}

/* The post's group names rank 0, which never starts an epoch, and rank 1
 * never reaches the fence rank 0 makes: no hang, no error; the calls left
 * without their partners are their own work. */
Test(lbf, one_sided_partners_that_never_come)
{
    static const int32_t g0[] = {0};
    win_begin(2);
    for (int r = 0; r < 2; r++)
        win_call(r, SKEL_CALL_MPI_Win_create, NULL, 0, 0, 0);
    win_call(1, SKEL_CALL_MPI_Win_post, g0, 1, 100, 0);
    win_call(1, SKEL_CALL_MPI_Win_wait, NULL, 0, 0, 2000);
    win_call(0, SKEL_CALL_MPI_Win_fence, NULL, 0, 1000, 1500);
    for (int r = 0; r < 2; r++)
        simple(r, SKEL_CALL_MPI_Finalize, 100, 0);
    close_trace();
    cr_expect_float_eq(predict(NULL, NULL, NULL, NULL), 2600.0, 1e-6, "identity");
    /* one processor: every call's time is its own (CPU) work */
    double v = predict("2/1", NULL, NULL, NULL);
    cr_expect_float_eq(v, 4800.0, 1e-6, "2/1: %g ns", v);
    remove_trace();
}

/* A passive-target call on window 0 (peer: the target's world rank). */
static void win_target(int r, int call, int peer, uint64_t gap, uint64_t dur)
{
    skel_event ev;
    skel_event_init(&ev);
    ev.call = (uint16_t)call;
    ev.obj = 0;
    ev.peer = peer;
    ev.site = (uint32_t)(call % 7) + 1;
    add(r, &ev, gap, dur);
}

/* Passive target (docs/predictions.md, "Passive target"; measured: every
 * long lock, unlock and flush of the corpus' onesided ended 11-25 us after
 * its target's next MPI call began).  Rank 1's MPI_Win_lock on rank 0
 * (1000..4000) waits for rank 0's next call at 4000; rank 0 computes 4000
 * ns, as does rank 2.  With ranks 0 and 2 on one processor, rank 0 reaches
 * its call at 8000: the lock ends there and rank 1's 1000 ns after it end at
 * 9000.  Kept as the lock's own work (the old model), the 3000 ns would not
 * move with rank 0: 8000, set by ranks 0 and 2 alone. */
Test(lbf, passive_target_waits_for_the_targets_next_call)
{
    win_begin(3);
    for (int r = 0; r < 3; r++)
        win_call(r, SKEL_CALL_MPI_Win_create, NULL, 0, 0, 0);
    win_target(1, SKEL_CALL_MPI_Win_lock, 0, 1000, 3000);
    win_target(0, SKEL_CALL_MPI_Win_flush, 0, 4000, 0); /* on itself: needs nobody */
    win_target(2, SKEL_CALL_MPI_Win_flush, 2, 4000, 0);
    win_target(1, SKEL_CALL_MPI_Win_unlock, 0, 1000, 0);
    win_end(3, 0);
    cr_expect_float_eq(predict(NULL, NULL, NULL, NULL), 5000.0, 1e-6, "identity");
    double v = predict("0,2/1", NULL, NULL, NULL);
    cr_expect_float_eq(v, 9000.0, 1e-6, "0,2/1: %g ns (8000 with the wait as own work)", v);
    /* Rank 0 on a processor of its own with nothing to share: the lock ends
     * when the trace says. */
    v = predict("0/1/2", NULL, NULL, NULL);
    cr_expect_float_eq(v, 5000.0, 1e-6, "0/1/2: %g ns", v);
    remove_trace();
}

/* A lock that ended before its target's next call began (in the trace the
 * target was not needed: a lock already granted) does not wait for it
 * anywhere; and a target inside an MPI call when the lock begins lets it go
 * at once. */
Test(lbf, passive_target_that_did_not_wait)
{
    win_begin(3);
    for (int r = 0; r < 3; r++)
        win_call(r, SKEL_CALL_MPI_Win_create, NULL, 0, 0, 0);
    win_target(1, SKEL_CALL_MPI_Win_lock, 0, 1000, 500); /* 1000..1500 */
    win_target(0, SKEL_CALL_MPI_Win_flush, 0, 4000, 0);  /* at 4000 */
    win_target(2, SKEL_CALL_MPI_Win_flush, 2, 4000, 0);
    win_target(1, SKEL_CALL_MPI_Win_unlock, 0, 1000, 0); /* 2500 */
    win_end(3, 0);
    cr_expect_float_eq(predict(NULL, NULL, NULL, NULL), 4000.0, 1e-6, "identity");
    struct seen s = {.n = 0};
    double v = predict("0,2/1", NULL, NULL, &s);
    cr_expect_float_eq(v, 8000.0, 1e-6, "0,2/1: %g ns", v);
    /* rank 1's unlock (event 3) at 2500, as alone: it waited for nobody */
    cr_expect_float_eq(at(&s, 1, 3), 2500.0, 1e-6, "unlock at %g", at(&s, 1, 3));
    remove_trace();

    /* Rank 0 in a long call (a flush on itself, 500..6000) when rank 1's
     * lock (1000..1200) begins: no wait. */
    win_begin(2);
    for (int r = 0; r < 2; r++)
        win_call(r, SKEL_CALL_MPI_Win_create, NULL, 0, 0, 0);
    win_target(0, SKEL_CALL_MPI_Win_flush, 0, 500, 5500);
    win_target(1, SKEL_CALL_MPI_Win_lock, 0, 1000, 200);
    win_end(2, 0);
    cr_expect_float_eq(predict(NULL, NULL, NULL, NULL), 6000.0, 1e-6, "identity");
    remove_trace();
}
