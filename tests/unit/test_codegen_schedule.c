/* test_codegen_schedule.c - scaling (codegen/plan.h) and the deadlock check
 * (codegen/sim.h) on hand-made signatures: loop counts divided by K with the
 * remainder merged, counts per call, and schedules that would hang refused
 * with the operation named. */
#include "test_codegen_sig.h"

#include <dirent.h>
#include <unistd.h>

#include "codegen.h"
#include "compress.h"
#include "emit.h"
#include "meta.h"
#include "plan.h"
#include "sim.h"
#include "trace.h"
#include "writer.h"

#include <math.h>

static uint64_t calls(const skel_plan *p, uint32_t cls, const char *name)
{
    const skel_plan_class *c = &p->classes[cls];
    for (uint32_t i = 0; i < c->ncounts; i++)
        if (strcmp(skel_call_name(c->counts[i].call), name) == 0)
            return c->counts[i].n;
    return 0;
}

static int check(skel_plan *p, uint64_t eager)
{
    struct skel_sim_opts o = {.eager_bytes = eager};
    return skel_sim_run(p, &o, NULL);
}

static void expect_detail(const char *needle)
{
    cr_assert(strstr(skel_last_error(), needle) != NULL, "detail '%s' does not mention '%s'",
              skel_last_error(), needle);
}

Test(codegen_schedule, loops_divided_by_k)
{
    skel_signature *s = tsig_stencil();
    struct {
        double k;
        int mode;
        uint64_t sends, reduces;
    } cases[] = {
        {1, SKEL_PLAN_LOOPS, 171, 19},
        /* 19/10: one full outer iteration (9 + 1), the remainder 0.9 of one:
         * 8 full inner iterations and one merged 0.1, and its Allreduce. */
        {10, SKEL_PLAN_LOOPS, 18, 2},
        {19, SKEL_PLAN_LOOPS, 9, 1},
        {1000, SKEL_PLAN_LOOPS, 1, 1},
        {10, SKEL_PLAN_MESSAGES, 171, 19},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        skel_plan *p = NULL;
        cr_assert_eq(skel_plan_build(s, cases[i].k, cases[i].mode, &p), SKEL_OK, "%s",
                     skel_last_error());
        cr_assert_eq(calls(p, 0, "MPI_Isend"), cases[i].sends, "K=%g: %llu sends", cases[i].k,
                     (unsigned long long)calls(p, 0, "MPI_Isend"));
        cr_assert_eq(calls(p, 0, "MPI_Irecv"), cases[i].sends);
        cr_assert_eq(calls(p, 0, "MPI_Waitall"), cases[i].sends);
        cr_assert_eq(calls(p, 0, "MPI_Allreduce"), cases[i].reduces);
        cr_assert_eq(check(p, 0), SKEL_OK, "K=%g: %s", cases[i].k, skel_last_error());
        /* Every scaled send carries weight x 800 bytes (as MPI_BYTE), at
         * least one; a whole one its 100 elements of 8 bytes. */
        for (uint32_t j = 0; j < p->nops; j++) {
            const skel_plan_op *op = &p->ops[j];
            if (op->kind != SKEL_PLAN_ISEND)
                continue;
            if (op->w >= p->wden) {
                cr_assert_eq(op->count[0], 100);
                cr_assert_eq(op->dtsize, 8);
                continue;
            }
            int64_t want = (int64_t)((800.0 * (double)op->w / (double)p->wden) + 0.5);
            cr_assert_eq(op->count[0], want < 1 ? 1 : want);
            cr_assert_eq(op->dtsize, 1);
        }
        skel_plan_free(p);
    }
    skel_signature_free(s);
}

/* Mode thin: one message in K made on every channel, whole, by the same
 * rule on both sides; a Wait on requests whose messages were all left out
 * is left out too; one collective in K on a communicator, whole (counted
 * by every member alike); compute stays as in mode messages. */
Test(codegen_schedule, thin_makes_one_message_in_k_per_channel)
{
    /* The rule: the first message, then one whenever n / K crosses a
     * whole number: 40 of 100 at K = 2.5, all at K = 1. */
    uint64_t kept = 0;
    for (uint64_t n = 0; n < 100; n++)
        kept += (uint64_t)skel_plan_thin_keeps(n, 1000, 2500);
    cr_assert_eq(kept, 40u);
    cr_assert(skel_plan_thin_keeps(0, 1000, 2500));
    cr_assert(!skel_plan_thin_keeps(1, 1000, 2500));
    cr_assert(skel_plan_thin_keeps(7, 1000, 1000));
    /* Counted along a channel without divisions, as the skeleton and the
     * check run it: the same messages. */
    const uint64_t dens[] = {1000, 1001, 1500, 2500, 3000, 9999, 30000, 1000000};
    for (size_t i = 0; i < sizeof dens / sizeof dens[0]; i++) {
        uint64_t g = 0;
        for (uint64_t n = 0; n < 5000; n++) {
            int peek = skel_plan_thin_step(&g, 1000, dens[i], 0);
            cr_assert_eq(skel_plan_thin_step(&g, 1000, dens[i], 1), peek);
            cr_assert_eq(peek, skel_plan_thin_keeps(n, 1000, dens[i]), "wden %llu, n %llu",
                         (unsigned long long)dens[i], (unsigned long long)n);
        }
    }
    cr_assert_eq(skel_plan_mode_by_name("thin"), SKEL_PLAN_THIN);

    skel_signature *s = tsig_stencil();
    /* a collective counts its communicator's collectives: 19 Allreduce,
     * one in K made, whole */
    struct {
        double k;
        uint64_t msgs, colls;
    } cases[] = {{1, 171, 19}, {10, 18, 2}, {171, 1, 1}, {1000, 1, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        skel_plan *p = NULL;
        cr_assert_eq(skel_plan_build(s, cases[i].k, SKEL_PLAN_THIN, &p), SKEL_OK, "%s",
                     skel_last_error());
        cr_assert_eq(check(p, 0), SKEL_OK, "K=%g: %s", cases[i].k, skel_last_error());
        cr_assert_eq(calls(p, 0, "MPI_Isend"), cases[i].msgs, "K=%g: %llu sends", cases[i].k,
                     (unsigned long long)calls(p, 0, "MPI_Isend"));
        cr_assert_eq(calls(p, 0, "MPI_Irecv"), cases[i].msgs);
        cr_assert_eq(calls(p, 0, "MPI_Waitall"), cases[i].msgs);
        cr_assert_eq(calls(p, 0, "MPI_Allreduce"), cases[i].colls, "K=%g: %llu allreduces",
                     cases[i].k, (unsigned long long)calls(p, 0, "MPI_Allreduce"));
        for (uint32_t j = 0; j < p->nops; j++)
            if (p->ops[j].kind == SKEL_PLAN_ISEND) {
                cr_assert(p->ops[j].thin);
                cr_assert_eq(p->ops[j].count[0], 100); /* whole */
                cr_assert_eq(p->ops[j].dtsize, 8);
            } else if (p->ops[j].kind == SKEL_PLAN_COLL) {
                cr_assert(p->ops[j].thin);
                cr_assert_eq(p->ops[j].count[0], 1); /* whole */
            }
        skel_plan_free(p);
    }
    skel_signature_free(s);
}

/* Two ranks, loop(100) { Isend, Sendrecv, Recv, Wait of the Isend }, all
 * with the other rank and one tag: the Sendrecv's send is the second
 * message of each iteration on the send channel, its receive the first on
 * the receive channel, so mode thin keeps its two halves apart. */
static skel_signature *sendrecv_between(void)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 0});
    tclass(&t, 0, "0 1", 1);
    tsym(&t, 0, "MPI_Isend", "tag=\"1\"", PEER("mod", 1), 100, 8, "");
    tsym(&t, 1, "MPI_Sendrecv", "tag=\"1\" tag2=\"1\"",
         PEER("mod", 1) "<peer2 kind=\"mod\" value=\"-1\"/>", 100, 8, "");
    tsym(&t, 2, "MPI_Recv", "tag=\"1\"", PEER("mod", -1), 100, 8, "");
    tsym(&t, 3, "MPI_Wait", "", "", 0, 0, "<link dist=\"1\" index=\"0\" call=\"MPI_Isend\"/>");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/><s ref=\"2\"/><s ref=\"3\"/></block>\n"
             "<block id=\"1\"><loop body=\"0\" count=\"100\"/></block>\n</class>\n");
    return tsig_end(&t);
}

/* Two ranks, loop(100) { Isend, Mprobe and Mrecv of the other rank's
 * message, Wait of the Isend }: a matched probe counts its message's
 * channel as a receive, and its Mrecv is made when a probe made holds a
 * message.  At K = 5, 20 of each, the messages whole (until 2026-11-30 mode
 * thin kept every matched probe and left out four sends in five, and the
 * check found the probes waiting for messages nobody sent). */
static skel_signature *matched_between(void)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 0});
    tclass(&t, 0, "0 1", 1);
    tsym(&t, 0, "MPI_Isend", "tag=\"1\"", PEER("mod", 1), 100, 8, "");
    tsym(&t, 1, "MPI_Mprobe", "tag=\"1\"", PEER("mod", -1), 100, 8, "");
    tsym(&t, 2, "MPI_Mrecv", "", "", 100, 8, "");
    tsym(&t, 3, "MPI_Wait", "", "", 0, 0, "<link dist=\"1\" index=\"0\" call=\"MPI_Isend\"/>");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/><s ref=\"2\"/><s ref=\"3\"/></block>\n"
             "<block id=\"1\"><loop body=\"0\" count=\"100\"/></block>\n</class>\n");
    return tsig_end(&t);
}

Test(codegen_schedule, thin_counts_matched_probes_as_receives)
{
    skel_signature *s = matched_between();
    const double ks[] = {1, 5, 10, 1000};
    const uint64_t n[] = {100, 20, 10, 1};
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
        skel_plan *p = NULL;
        cr_assert_eq(skel_plan_build(s, ks[i], SKEL_PLAN_THIN, &p), SKEL_OK, "%s",
                     skel_last_error());
        cr_assert_eq(check(p, 0), SKEL_OK, "K=%g: %s", ks[i], skel_last_error());
        const char *names[] = {"MPI_Isend", "MPI_Mprobe", "MPI_Mrecv", "MPI_Wait"};
        for (int c = 0; c < 4; c++)
            cr_assert_eq(calls(p, 0, names[c]), n[i], "K=%g: %llu %s", ks[i],
                         (unsigned long long)calls(p, 0, names[c]), names[c]);
        for (uint32_t j = 0; j < p->nops; j++)
            if (p->ops[j].kind == SKEL_PLAN_MPROBE || p->ops[j].kind == SKEL_PLAN_MRECV)
                cr_assert(p->ops[j].thin);
        skel_plan_free(p);
    }
    skel_signature_free(s);
}

Test(codegen_schedule, thin_counts_the_halves_of_a_sendrecv_apart)
{
    /* Per channel 200 messages, n = 0, 1, ...: the Isend is n = 2i on the
     * send channel, the Sendrecv's send 2i + 1; its receive 2i on the
     * receive channel, the Recv 2i + 1.  At K = 5 the messages n = 0, 5,
     * 10, ... are made: the Sendrecv made 40 times, each time one half
     * only (the other MPI_PROC_NULL), the Isend and the Recv 20 times
     * each.  At K = 10 (n = 0, 10, ...: all even) the Sendrecv receives
     * only, 20 times, and no Recv is made.  (The application needs its
     * 800-byte sends buffered: each Sendrecv's send meets the peer's Recv,
     * which comes after the peer's own Sendrecv.) */
    skel_signature *s = sendrecv_between();
    struct {
        double k;
        uint64_t sendrecv, isend, recv;
    } cases[] = {{1, 100, 100, 100}, {5, 40, 20, 20}, {10, 20, 20, 0}, {1000, 1, 1, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        skel_plan *p = NULL;
        cr_assert_eq(skel_plan_build(s, cases[i].k, SKEL_PLAN_THIN, &p), SKEL_OK, "%s",
                     skel_last_error());
        cr_assert_eq(check(p, 65536), SKEL_OK, "K=%g: %s", cases[i].k, skel_last_error());
        cr_assert_eq(calls(p, 0, "MPI_Sendrecv"), cases[i].sendrecv, "K=%g: %llu", cases[i].k,
                     (unsigned long long)calls(p, 0, "MPI_Sendrecv"));
        cr_assert_eq(calls(p, 0, "MPI_Isend"), cases[i].isend, "K=%g", cases[i].k);
        cr_assert_eq(calls(p, 0, "MPI_Wait"), cases[i].isend, "K=%g: %llu", cases[i].k,
                     (unsigned long long)calls(p, 0, "MPI_Wait"));
        cr_assert_eq(calls(p, 0, "MPI_Recv"), cases[i].recv, "K=%g: %llu", cases[i].k,
                     (unsigned long long)calls(p, 0, "MPI_Recv"));
        for (uint32_t j = 0; j < p->nops; j++)
            if (p->ops[j].kind == SKEL_PLAN_SENDRECV) {
                cr_assert(p->ops[j].thin);
                cr_assert_eq(p->ops[j].count[0], 100); /* whole */
            }
        skel_plan_free(p);
    }
    skel_signature_free(s);
}

Test(codegen_schedule, dominant_sequence)
{
    skel_signature *s = tsig_stencil();
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 10, SKEL_PLAN_LOOPS, &p), SKEL_OK);
    cr_assert_eq(s->classes[0].dominant, 1u);
    cr_assert_eq(p->classes[0].dominant_total, 19u);
    cr_assert_eq(p->classes[0].dominant_full, 1u);
    skel_plan_free(p);
    cr_assert_eq(skel_plan_build(s, 20, SKEL_PLAN_LOOPS, &p), SKEL_OK);
    cr_assert_eq(p->classes[0].dominant_full, 0u); /* K > 19: no full iteration left */
    skel_plan_free(p);
    skel_signature_free(s);
}

/* Two ranks, one class, each sending 8000 bytes to the other before receiving. */
static skel_signature *head_to_head_with(const char *send)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 0});
    tclass(&t, 0, "0 1", 0);
    tsym(&t, 0, send, "tag=\"1\"", PEER("mod", 1), 1000, 8, "");
    tsym(&t, 1, "MPI_Recv", "tag=\"1\"", PEER("mod", 1), 1000, 8, "");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/></block>\n</class>\n");
    return tsig_end(&t);
}

static skel_signature *head_to_head(void)
{
    return head_to_head_with("MPI_Send");
}

Test(codegen_schedule, send_send_deadlock)
{
    skel_signature *s = head_to_head();
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK);
    cr_assert_eq(check(p, 0), SKEL_EDEADLOCK);
    expect_detail("rank 0, operation 0 of its skeleton program: symbol 0 (MPI_Send of class 0");
    expect_detail("sends to rank 1 with tag 1 on MPI_COMM_WORLD");
    expect_detail("2 of 2 ranks blocked");
    /* Assuming MPICH's buffering of 8000-byte messages, it completes. */
    cr_assert_eq(check(p, 8000), SKEL_OK, "%s", skel_last_error());
    skel_plan_free(p);
    skel_signature_free(s);
}

/* Rank 0 runs class 0, rank 1 class 1.  Block ids are dense over the whole
 * signature: each class writes its program as block `base` and any loop
 * bodies after it, and returns how many blocks it wrote. */
typedef int (*class_fn)(struct tsig *, int base);

static skel_signature *two_classes(class_fn c0, class_fn c1)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 1});
    tclass(&t, 0, "0", 0);
    int n = c0(&t, 0);
    tput(&t, "</class>\n");
    tclass(&t, 1, "1", n);
    c1(&t, n);
    tput(&t, "</class>\n");
    return tsig_end(&t);
}

static int nothing(struct tsig *t, int base)
{
    tput(t, "<block id=\"%d\"/>\n", base);
    return 1;
}

static int recv_from_1(struct tsig *t, int base)
{
    tsym(t, 0, "MPI_Recv", "tag=\"5\"", PEER("abs", 1), 10, 4, "");
    tput(t, "<block id=\"%d\"><s ref=\"0\"/></block>\n", base);
    return 1;
}

static void expect_accepted(skel_signature *s, uint64_t eager)
{
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, eager), SKEL_OK, "%s", skel_last_error());
    skel_plan_free(p);
}

static void expect_refusal(skel_signature *s, uint64_t eager)
{
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, eager), SKEL_EDEADLOCK, "accepted");
    skel_plan_free(p);
}

Test(codegen_schedule, receive_never_matched)
{
    skel_signature *s = two_classes(recv_from_1, nothing);
    expect_refusal(s, 0);
    expect_detail("rank 0, operation 0 of its skeleton program: symbol 0 (MPI_Recv");
    expect_detail("receives from rank 1 with tag 5 on MPI_COMM_WORLD, and no message ever matches");
    expect_detail("rank 1 waits forever in the skeleton's closing barrier");
    skel_signature_free(s);
}

static int barrier_allreduce(struct tsig *t, int base)
{
    tsym(t, 0, "MPI_Barrier", "", "", 0, 0, "");
    tsym(t, 1, "MPI_Allreduce", "op=\"MPI_SUM\"", "", 1, 8, "");
    tput(t, "<block id=\"%d\"><s ref=\"0\"/><s ref=\"1\"/></block>\n", base);
    return 1;
}

static int allreduce_barrier(struct tsig *t, int base)
{
    tsym(t, 2, "MPI_Allreduce", "op=\"MPI_SUM\"", "", 1, 8, "");
    tsym(t, 3, "MPI_Barrier", "", "", 0, 0, "");
    tput(t, "<block id=\"%d\"><s ref=\"2\"/><s ref=\"3\"/></block>\n", base);
    return 1;
}

Test(codegen_schedule, collectives_out_of_order)
{
    skel_signature *s = two_classes(barrier_allreduce, allreduce_barrier);
    expect_refusal(s, 0);
    expect_detail("collective mismatch on MPI_COMM_WORLD (its collective number 0): rank ");
    expect_detail("calls MPI_Barrier");
    expect_detail("calls MPI_Allreduce");
    expect_detail("at operation 0");
    skel_signature_free(s);
}

static int irecv_any_wait(struct tsig *t, int base)
{
    tsym(t, 0, "MPI_Irecv", "tag=\"3\"", "<peer kind=\"any\"/>", 10, 4, "");
    tsym(t, 1, "MPI_Wait", "", "", 0, 0, "<link dist=\"1\" index=\"0\" call=\"MPI_Irecv\"/>");
    tput(t, "<block id=\"%d\"><s ref=\"0\"/><s ref=\"1\"/></block>\n", base);
    return 1;
}

static int send_tag4(struct tsig *t, int base)
{
    tsym(t, 2, "MPI_Send", "tag=\"4\"", PEER("abs", 0), 10, 4, "");
    tput(t, "<block id=\"%d\"><s ref=\"2\"/></block>\n", base);
    return 1;
}

Test(codegen_schedule, wait_on_a_receive_never_matched)
{
    skel_signature *s = two_classes(irecv_any_wait, send_tag4);
    expect_refusal(s, 0);
    expect_detail("rank 0, operation 1 of its skeleton program: symbol 1 (MPI_Wait");
    expect_detail("waits for its receive from MPI_ANY_SOURCE with tag 3");
    expect_detail("rank 1, operation 0 of its skeleton program: symbol 2 (MPI_Send");
    /* Buffered, the send completes but its message is never received. */
    expect_refusal(s, 1 << 20);
    skel_signature_free(s);
}

static int send_tag4_alone(struct tsig *t, int base)
{
    tsym(t, 0, "MPI_Send", "tag=\"4\"", PEER("abs", 0), 10, 4, "");
    tput(t, "<block id=\"%d\"><s ref=\"0\"/></block>\n", base);
    return 1;
}

Test(codegen_schedule, message_never_received)
{
    skel_signature *s = two_classes(nothing, send_tag4_alone);
    expect_refusal(s, 1 << 20);
    expect_detail("a message is never received: rank 1 sends it to rank 0 with tag 4");
    /* The application itself left a message unreceived (a last message at
     * MPI_Finalize, as Ray's ranks do): one buffered leftover is accepted,
     * not two, and not one its sender waits for (rendezvous). */
    s->messages_unreceived = 1;
    expect_accepted(s, 1 << 20);
    expect_refusal(s, 0);
    skel_signature_free(s);
}

static int send_tag4_twice(struct tsig *t, int base)
{
    tsym(t, 0, "MPI_Send", "tag=\"4\"", PEER("abs", 0), 10, 4, "");
    tput(t, "<block id=\"%d\"><s ref=\"0\"/><s ref=\"0\"/></block>\n", base);
    return 1;
}

Test(codegen_schedule, more_messages_unreceived_than_the_application_left)
{
    skel_signature *s = two_classes(nothing, send_tag4_twice);
    s->messages_unreceived = 1;
    expect_refusal(s, 1 << 20);
    expect_detail("a message is never received: rank 1 sends it to rank 0 with tag 4");
    s->messages_unreceived = 2;
    expect_accepted(s, 1 << 20);
    skel_signature_free(s);
}

static int reply_first(struct tsig *t, int base)
{
    tsym(t, 0, "MPI_Send", "tag=\"2\"", "<peer kind=\"reply\"/>", 1, 4, "");
    tput(t, "<block id=\"%d\"><s ref=\"0\"/></block>\n", base);
    return 1;
}

Test(codegen_schedule, reply_without_wildcard_receive)
{
    skel_signature *s = two_classes(reply_first, nothing);
    expect_refusal(s, 0);
    expect_detail("no MPI_ANY_SOURCE receive has completed before it");
    skel_signature_free(s);
}

static int big_send(struct tsig *t, int base)
{
    tsym(t, 0, "MPI_Send", "tag=\"1\"", PEER("abs", 1), 1000, 8, "");
    tput(t, "<block id=\"%d\"><s ref=\"0\"/></block>\n", base);
    return 1;
}

static int small_recv(struct tsig *t, int base)
{
    tsym(t, 1, "MPI_Recv", "tag=\"1\"", PEER("abs", 0), 10, 8, "");
    tput(t, "<block id=\"%d\"><s ref=\"1\"/></block>\n", base);
    return 1;
}

Test(codegen_schedule, message_longer_than_its_receive)
{
    skel_signature *s = two_classes(big_send, small_recv);
    expect_refusal(s, 0);
    expect_detail("a message of 8000 bytes from rank 0");
    expect_detail("is longer than the receive of rank 1");
    skel_signature_free(s);
}

/* Rank 0 sends twice ten messages, rank 1 receives twenty in one loop: with
 * K = 20 each half-loop of rank 0 keeps a merged remainder message while
 * rank 1's loop keeps one full iteration - 2 sends, 1 receive. */
static int split_sends(struct tsig *t, int base)
{
    tsym(t, 0, "MPI_Send", "tag=\"1\"", PEER("abs", 1), 100, 8, "");
    tsym(t, 1, "MPI_Send", "tag=\"1\"", PEER("abs", 1), 100, 8, "");
    tput(t,
         "<block id=\"%d\"><loop body=\"%d\" count=\"10\"/><loop body=\"%d\" count=\"10\"/>"
         "</block><block id=\"%d\"><s ref=\"0\"/></block><block id=\"%d\"><s ref=\"1\"/>"
         "</block>\n",
         base, base + 1, base + 2, base + 1, base + 2);
    return 3;
}

static int one_recv_loop(struct tsig *t, int base)
{
    tsym(t, 2, "MPI_Recv", "tag=\"1\"", PEER("abs", 0), 100, 8, "");
    tput(t,
         "<block id=\"%d\"><loop body=\"%d\" count=\"20\"/></block><block id=\"%d\">"
         "<s ref=\"2\"/></block>\n",
         base, base + 1, base + 1);
    return 2;
}

static char *tempdir(void)
{
    char tmpl[] = "/tmp/skel-cg-test.XXXXXX";
    char *d = mkdtemp(tmpl);
    cr_assert_not_null(d);
    return strdup(d);
}

static int count_files(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;)
        if (e->d_name[0] != '.' || (e->d_name[1] != '\0' && e->d_name[1] != '.'))
            n++;
    if (d != NULL)
        closedir(d);
    return n;
}

static void remove_dir(const char *dir)
{
    const char *names[] = {"skeleton.c", "Makefile", "skeleton.meta"};
    char path[1024];
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    rmdir(dir);
}

Test(codegen_schedule, inconsistent_loops_fall_back_to_every_message)
{
    skel_signature *s = two_classes(split_sends, one_recv_loop);
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 20, SKEL_PLAN_LOOPS, &p), SKEL_OK);
    cr_assert_eq(calls(p, 0, "MPI_Send"), 2u);
    cr_assert_eq(calls(p, 1, "MPI_Recv"), 1u);
    cr_assert_eq(check(p, 0), SKEL_EDEADLOCK);
    skel_plan_free(p);
    cr_assert_eq(skel_plan_build(s, 20, SKEL_PLAN_MESSAGES, &p), SKEL_OK);
    cr_assert_eq(calls(p, 0, "MPI_Send"), 20u);
    cr_assert_eq(calls(p, 1, "MPI_Recv"), 20u);
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    skel_plan_free(p);
    /* Thinned: the 20 messages of the channel 0 -> 1 are one message in
     * the skeleton, counted alike by both loops of the sender and the one
     * loop of the receiver. */
    cr_assert_eq(skel_plan_build(s, 20, SKEL_PLAN_THIN, &p), SKEL_OK);
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(calls(p, 0, "MPI_Send"), 1u);
    cr_assert_eq(calls(p, 1, "MPI_Recv"), 1u);
    skel_plan_free(p);

    /* The generator: loops only refuses and writes nothing; auto falls back. */
    struct skel_codegen_opts o;
    skel_codegen_defaults(&o);
    o.templates = SKEL_SOURCE_DIR "/templates";
    o.k = 20;
    o.mode = SKEL_PLAN_LOOPS;
    char *dir = tempdir();
    struct skel_codegen_report rep;
    cr_assert_eq(skel_codegen_generate(s, &o, dir, &rep), SKEL_EDEADLOCK);
    skel_codegen_report_free(&rep);
    cr_assert_eq(count_files(dir), 0, "files written for a refused skeleton");
    o.mode = SKEL_CODEGEN_AUTO;
    cr_assert_eq(skel_codegen_generate(s, &o, dir, &rep), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(rep.mode, SKEL_PLAN_THIN);
    cr_assert(rep.fell_back);
    cr_assert(strstr(rep.fallback_reason, "never received") != NULL ||
                  strstr(rep.fallback_reason, "deadlock") != NULL,
              "%s", rep.fallback_reason);
    cr_assert_float_eq(rep.residue, 1.0, 1e-9);
    skel_codegen_report_free(&rep);
    cr_assert_eq(count_files(dir), 3);
    remove_dir(dir);
    free(dir);
    skel_signature_free(s);
}

/* Master/worker on 3 ranks: the master answers wildcard receives; each
 * worker asks twice. */
static skel_signature *master_worker(void)
{
    struct tsig t = {0};
    tsig_head(&t, 3, (int[]){0, 1, 1});
    tclass(&t, 0, "0", 0);
    tsym(&t, 0, "MPI_Recv", "tag=\"1\"", "<peer kind=\"any\"/>", 1, 8, "");
    tsym(&t, 1, "MPI_Send", "tag=\"2\"", "<peer kind=\"reply\"/>", 1, 8, "");
    tput(&t, "<block id=\"0\"><loop body=\"1\" count=\"4\"/></block>"
             "<block id=\"1\"><s ref=\"0\"/><s ref=\"1\"/></block></class>\n");
    tclass(&t, 1, "1 2", 2);
    tsym(&t, 2, "MPI_Send", "tag=\"1\"", PEER("abs", 0), 1, 8, "");
    tsym(&t, 3, "MPI_Recv", "tag=\"2\"", PEER("abs", 0), 1, 8, "");
    tput(&t, "<block id=\"2\"><loop body=\"3\" count=\"2\"/></block>"
             "<block id=\"3\"><s ref=\"2\"/><s ref=\"3\"/></block></class>\n");
    return tsig_end(&t);
}

Test(codegen_schedule, master_worker_wildcards)
{
    skel_signature *s = master_worker();
    skel_plan *p = NULL;
    /* K = 2: the master keeps 2 answers, each worker 1 question: consistent. */
    cr_assert_eq(skel_plan_build(s, 2, SKEL_PLAN_LOOPS, &p), SKEL_OK);
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    skel_plan_free(p);
    /* K = 4: 1 answer for 2 questions - refused in loops mode... */
    cr_assert_eq(skel_plan_build(s, 4, SKEL_PLAN_LOOPS, &p), SKEL_OK);
    cr_assert_eq(check(p, 0), SKEL_EDEADLOCK);
    skel_plan_free(p);
    /* ...and fine with every message kept. */
    cr_assert_eq(skel_plan_build(s, 4, SKEL_PLAN_MESSAGES, &p), SKEL_OK);
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    skel_plan_free(p);
    skel_signature_free(s);
}

/* Collectives whose members' scaled counts differ use the largest. */
static int allreduce_100(struct tsig *t, int base)
{
    tsym(t, 0, "MPI_Allreduce", "op=\"MPI_MAX\"", "", 100, 8, "");
    tput(t, "<block id=\"%d\"><s ref=\"0\"/></block>\n", base);
    return 1;
}

static int allreduce_80(struct tsig *t, int base)
{
    tsym(t, 1, "MPI_Allreduce", "op=\"MPI_MAX\"", "", 80, 8, "");
    tput(t, "<block id=\"%d\"><s ref=\"1\"/></block>\n", base);
    return 1;
}

Test(codegen_schedule, collective_counts_unified)
{
    skel_signature *s = two_classes(allreduce_100, allreduce_80);
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 4, SKEL_PLAN_LOOPS, &p), SKEL_OK);
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    for (uint32_t i = 0; i < p->nops; i++) {
        cr_assert_eq(p->ops[i].ucount, 25, "op %u: %lld", i, (long long)p->ops[i].ucount);
        cr_assert_eq(p->ops[i].udtsize, 8u);
    }
    skel_plan_free(p);
    skel_signature_free(s);
}

static int win_post(struct tsig *t, int base)
{
    tsym(t, 0, "MPI_Win_post", "obj=\"0\"", "", 0, 0, "");
    tput(t, "<block id=\"%d\"><s ref=\"0\"/></block>\n", base);
    return 1;
}

/* A trace from before the tracer recorded groups: MPI_Win_post without its
 * members cannot be made again. */
Test(codegen_schedule, unsupported_calls_refused)
{
    skel_signature *s = two_classes(win_post, nothing);
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 10, SKEL_PLAN_LOOPS, &p), SKEL_EUNSUPPORTED);
    cr_assert_null(p);
    expect_detail("symbol 0 (MPI_Win_post of class 0 at app+0x0): the trace does not name this "
                  "call's group");
    skel_signature_free(s);
}

/* How pscw_class() ends each exposure epoch: 0 MPI_Win_wait, 1 an
 * MPI_Win_test that found it over (its polls folded), 2 one that found
 * nothing. */
static int pscw_close;

/* General active-target synchronisation: a window, then a loop of 20
 * iterations: post to the other rank, start on it, a put, complete, wait.
 * Blocks base and base + 1, symbols 7 (base / 2) and on. */
static int pscw_class(struct tsig *t, int base, int post, int start)
{
    int b = base / 2 * 7;
    const char *member = "<member kind=\"mod\" value=\"1\"/>";
    tsym(t, b + 0, "MPI_Win_create", "obj=\"0\"", "", 0, 0, "");
    tsym(t, b + 1, "MPI_Win_post", "obj=\"0\"", member, 0, 0, "");
    tsym(t, b + 2, "MPI_Win_start", "obj=\"0\"", member, 0, 0, "");
    tsym(t, b + 3, "MPI_Put", "obj=\"0\"", PEER("mod", 1), 500, 8, "");
    tsym(t, b + 4, "MPI_Win_complete", "obj=\"0\"", "", 0, 0, "");
    if (pscw_close == 0)
        tsym(t, b + 5, "MPI_Win_wait", "obj=\"0\"", "", 0, 0, "");
    else
        tsym_side(t, b + 5, "MPI_Win_test", "obj=\"0\"", "", 0, 0, pscw_close == 1 ? "true" : "",
                  "");
    tsym(t, b + 6, "MPI_Win_free", "obj=\"0\"", "", 0, 0, "");
    tput(t, "<block id=\"%d\">", base + 1);
    if (post)
        tput(t, "<s ref=\"%d\"/>", b + 1);
    if (start)
        tput(t, "<s ref=\"%d\"/><s ref=\"%d\"/><s ref=\"%d\"/>", b + 2, b + 3, b + 4);
    if (post)
        tput(t, "<s ref=\"%d\"/>", b + 5);
    tput(t,
         "</block>\n<block id=\"%d\"><s ref=\"%d\"/><loop body=\"%d\" count=\"20\"/>"
         "<s ref=\"%d\"/></block>\n",
         base, b, base + 1, b + 6);
    return 2;
}

static int pscw_both(struct tsig *t, int base)
{
    return pscw_class(t, base, 1, 1);
}

static int pscw_start_only(struct tsig *t, int base)
{
    return pscw_class(t, base, 0, 1);
}

static int pscw_post_only(struct tsig *t, int base)
{
    return pscw_class(t, base, 1, 0);
}

/* Both ranks expose and access: the schedule passes, at every K, and the
 * skeleton makes the calls with their groups. */
Test(codegen_schedule, pscw_epochs_pass)
{
    skel_signature *s = two_classes(pscw_both, pscw_both);
    cr_assert_eq(s->symbols[1].ngroup, 1u);
    cr_assert_eq(s->symbols[1].group[0].kind, SKEL_SIG_PEER_MOD);
    for (int k = 1; k <= 20; k += 19) {
        skel_plan *p = NULL;
        cr_assert_eq(skel_plan_build(s, k, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
        cr_assert_eq(check(p, 0), SKEL_OK, "K = %d: %s", k, skel_last_error());
        cr_assert_eq(calls(p, 0, "MPI_Win_post"), 20u / (unsigned)k);
        cr_assert_eq(calls(p, 1, "MPI_Win_wait"), 20u / (unsigned)k);
        skel_plan_free(p);
    }
    skel_signature_free(s);
}

/* One direction: rank 0 only accesses rank 1's window, rank 1 only exposes
 * it; then each side without its peer: two ranks that only start wait for a
 * post that never comes, two that only post wait for a completion. */
Test(codegen_schedule, pscw_without_its_peer_refused)
{
    skel_signature *s = two_classes(pscw_start_only, pscw_post_only);
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 4, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    skel_plan_free(p);
    skel_signature_free(s);

    s = two_classes(pscw_start_only, pscw_start_only);
    expect_refusal(s, 1 << 20);
    expect_detail("rank 0, operation 1 of its skeleton program: symbol 2 (MPI_Win_start of class "
                  "0");
    expect_detail("waits for the MPI_Win_post of rank 1, which never comes");
    skel_signature_free(s);

    s = two_classes(pscw_post_only, pscw_post_only);
    expect_refusal(s, 1 << 20);
    expect_detail("waits for the MPI_Win_complete of rank 1, which never comes");
    skel_signature_free(s);
}

/* Exposure epochs ended by MPI_Win_test: one that found the epoch over is
 * its MPI_Win_wait (the schedule passes, and the skeleton makes it with the
 * flag that makes it wait); one that found nothing ends nothing, so the
 * next iteration's post opens an epoch over the open one: refused. */
Test(codegen_schedule, pscw_ended_by_win_test)
{
    pscw_close = 1;
    skel_signature *s = two_classes(pscw_both, pscw_both);
    pscw_close = 0;
    for (int k = 1; k <= 20; k += 19) {
        skel_plan *p = NULL;
        cr_assert_eq(skel_plan_build(s, k, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
        cr_assert_eq(check(p, 0), SKEL_OK, "K = %d: %s", k, skel_last_error());
        cr_assert_eq(calls(p, 1, "MPI_Win_test"), 20u / (unsigned)k);
        cr_assert_eq(calls(p, 1, "MPI_Win_wait"), 0u);
        int flagged = 0;
        for (uint32_t i = 0; i < p->nops; i++)
            flagged += p->ops[i].call == SKEL_CALL_MPI_Win_test && p->ops[i].flag;
        cr_assert_eq(flagged, 2, "K = %d: %d flagged MPI_Win_test operations", k, flagged);
        skel_plan_free(p);
    }
    skel_signature_free(s);

    pscw_close = 2;
    s = two_classes(pscw_both, pscw_both);
    pscw_close = 0;
    expect_refusal(s, 1 << 20);
    expect_detail("opens an exposure epoch on a window whose previous one is not closed");
    skel_signature_free(s);
}

/* A checkpoint: open, a collective write of 1000 doubles, an independent
 * one, close; then a window with a put of 500 ints to the next rank inside
 * two fences.  Symbols base.. of the class. */
static int io_and_rma(struct tsig *t, int base)
{
    int b = base * 8; /* symbol ids of this class (its block id is its class) */
    tsym(t, b + 0, "MPI_File_open", "obj=\"0\"", "", 0, 0, "");
    tsym(t, b + 1, "MPI_File_write_at_all", "obj=\"0\"", "", 1000, 8, "");
    tsym(t, b + 2, "MPI_File_write_at", "obj=\"0\"", "", 64, 1, "");
    tsym(t, b + 3, "MPI_File_close", "obj=\"0\"", "", 0, 0, "");
    tsym(t, b + 4, "MPI_Win_allocate", "obj=\"0\"", "", 0, 0, "");
    tsym(t, b + 5, "MPI_Win_fence", "obj=\"0\"", "", 0, 0, "");
    tsym(t, b + 6, "MPI_Put", "obj=\"0\"", PEER("mod", 1), 500, 4, "");
    tsym(t, b + 7, "MPI_Win_free", "obj=\"0\"", "", 0, 0, "");
    tput(t, "<block id=\"%d\">", base);
    for (int i = 0; i < 8; i++)
        tput(t, "<s ref=\"%d\"/>", b + (i == 7 ? 5 : i));
    tput(t, "<s ref=\"%d\"/></block>\n", b + 7);
    return 1;
}

/* MPI-IO and one-sided calls are made again, collective ones in the order
 * of their communicator's collectives, with 1/K of their bytes. */
Test(codegen_schedule, io_and_rma_are_replayed)
{
    skel_signature *s = two_classes(io_and_rma, io_and_rma);
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 4, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    int seen = 0;
    for (uint32_t i = 0; i < p->nops; i++) {
        const skel_plan_op *op = &p->ops[i];
        cr_assert_eq(op->obj, 0, "op %u", i);
        switch (op->call) {
        case SKEL_CALL_MPI_File_write_at_all:
            cr_assert_eq(op->kind, SKEL_PLAN_IO);
            cr_assert(op->collective);
            cr_assert_eq(op->count[0], 2000, "%lld bytes", (long long)op->count[0]);
            cr_assert_eq(op->dtsize, 1u);
            seen |= 1;
            break;
        case SKEL_CALL_MPI_File_write_at:
            cr_assert_eq(op->kind, SKEL_PLAN_IO);
            cr_assert(!op->collective);
            cr_assert_eq(op->count[0], 16);
            seen |= 2;
            break;
        case SKEL_CALL_MPI_Put:
            cr_assert_eq(op->kind, SKEL_PLAN_RMA);
            cr_assert(!op->collective && !op->request);
            cr_assert_eq(op->count[0], 500);
            seen |= 4;
            break;
        case SKEL_CALL_MPI_Win_fence:
            cr_assert_eq(op->kind, SKEL_PLAN_WINSYNC);
            cr_assert(op->collective);
            seen |= 8;
            break;
        case SKEL_CALL_MPI_File_open:
        case SKEL_CALL_MPI_Win_allocate:
            cr_assert(op->collective);
            seen |= 16;
            break;
        default:
            break;
        }
    }
    cr_assert_eq(seen, 31);
    skel_plan_free(p);
    skel_signature_free(s);
}

/* A file opened, a collective write extending it and an independent one
 * into bytes written before (flag "rewrite"), closed. */
static int io_rewrite(struct tsig *t, int base)
{
    int b = base * 4; /* symbol ids of this class (its block id is its class) */
    tsym(t, b + 0, "MPI_File_open", "obj=\"0\"", "", 0, 0, "");
    tsym(t, b + 1, "MPI_File_write_at_all", "obj=\"0\"", "", 1000, 8, "");
    tsym_side(t, b + 2, "MPI_File_write_at", "obj=\"0\"", "", 64, 1, "rewrite", "");
    tsym(t, b + 3, "MPI_File_close", "obj=\"0\"", "", 0, 0, "");
    tput(t, "<block id=\"%d\">", base);
    for (int i = 0; i < 4; i++)
        tput(t, "<s ref=\"%d\"/>", b + i);
    tput(t, "</block>\n");
    return 1;
}

/* The flags of the generated row of symbol sym (its comment names it). */
static unsigned row_flags(const char *src, int sym)
{
    char pat[64];
    snprintf(pat, sizeof pat, ", symbol %d */", sym);
    const char *end = strstr(src, pat);
    cr_assert_not_null(end, "no row of symbol %d", sym);
    const char *row = end;
    while (row > src && row[-1] != '\n')
        row--;
    unsigned flags = 0;
    cr_assert_eq(sscanf(row, " { %*[^,], %u", &flags), 1, "row: %.80s", row);
    return flags;
}

/* A write the application made into bytes it had written before is marked
 * in its row (SKEL_OPF_REWRITE, 256: the skeleton writes where the rank
 * wrote last instead of into new space); the other is not. */
Test(codegen_schedule, io_rewrites_are_marked, .timeout = 120)
{
    skel_signature *s = two_classes(io_rewrite, io_rewrite);
    char dir[] = "/tmp/skel-cg-rewrite.XXXXXX";
    tsig_generate(s, dir);
    char *src = tsig_slurp(dir, "skeleton.c");
    cr_expect_eq(row_flags(src, 2) & 256u, 256u, "the rewriting MPI_File_write_at is not marked");
    cr_expect_eq(row_flags(src, 1) & 256u, 0u, "the extending MPI_File_write_at_all is marked");
    cr_expect_eq(row_flags(src, 6) & 256u, 256u, "class 1's rewrite is not marked");
    free(src);
    skel_signature_free(s);
    tsig_remove_dir(dir);
}

/* One rank's collective file call where the other makes a window call: the
 * check says the collectives do not match. */
static int io_only(struct tsig *t, int base)
{
    tsym(t, base * 8, "MPI_File_open", "obj=\"0\"", "", 0, 0, "");
    tput(t, "<block id=\"%d\"><s ref=\"%d\"/></block>\n", base, base * 8);
    return 1;
}

Test(codegen_schedule, io_collectives_must_match)
{
    skel_signature *s = two_classes(io_and_rma, io_only);
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 0), SKEL_EDEADLOCK, "accepted");
    expect_detail("MPI_File_write_at_all");
    skel_plan_free(p);
    skel_signature_free(s);
}

/* Mode auto, when only messages is left, falls back to epochs further
 * from 1/K, else to a residue-heavy schedule that divides a loop, else to
 * one dividing none: a mixed schedule of residue 0.7 outranks a loops one
 * of residue 1 (anyof's trace where epochs refused: auto took loops, which
 * divides nothing, over a mixed schedule that passed). */
Test(codegen_schedule, auto_falls_back_to_the_schedule_that_divides_most)
{
    cr_expect_eq(skel_codegen_fallback_rank(SKEL_PLAN_EPOCHS, 0.0), 2);
    cr_expect_eq(skel_codegen_fallback_rank(SKEL_PLAN_EPOCHS, 1.0), 2);
    cr_expect_eq(skel_codegen_fallback_rank(SKEL_PLAN_MIXED, 0.7), 1);
    cr_expect_eq(skel_codegen_fallback_rank(SKEL_PLAN_INNER, 0.98), 1);
    cr_expect_eq(skel_codegen_fallback_rank(SKEL_PLAN_MIXED, 1.0), 0);
    cr_expect_eq(skel_codegen_fallback_rank(SKEL_PLAN_LOOPS, SKEL_CODEGEN_NO_LOOP_RESIDUE), 0);
    cr_expect_gt(skel_codegen_fallback_rank(SKEL_PLAN_MIXED, 0.7),
                 skel_codegen_fallback_rank(SKEL_PLAN_LOOPS, 1.0));
}

Test(codegen_schedule, k_out_of_range)
{
    skel_signature *s = tsig_stencil();
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 0.5, SKEL_PLAN_LOOPS, &p), SKEL_ERANGE);
    cr_assert_eq(skel_plan_build(s, 2e9, SKEL_PLAN_LOOPS, &p), SKEL_ERANGE);
    double k = 0;
    cr_assert_eq(skel_codegen_k_for_seconds(s, 0, &k), SKEL_ERANGE);
    cr_assert_eq(skel_codegen_k_for_seconds(s, 1e-6, &k), SKEL_OK);
    cr_assert(k >= 1);
    skel_signature_free(s);
}

/* A root that receives from each other rank in a loop (a gather by hand)
 * beside a dominant loop of collectives: dividing the per-peer loop by K
 * leaves one receive for two senders; mode mixed keeps it whole. */
static skel_signature *gather_by_hand(void)
{
    struct tsig t = {0};
    tsig_head(&t, 3, (int[]){0, 1, 1});
    tclass(&t, 0, "0", 0);
    tsym(&t, 0, "MPI_Allreduce", "op=\"MPI_SUM\"", "", 1, 8, "");
    tsym(&t, 1, "MPI_Recv", "tag=\"9\"", "<peer kind=\"any\"/>", 10, 8, "");
    tput(&t,
         "<block id=\"0\"><loop body=\"1\" count=\"40\"/><loop body=\"2\" count=\"2\"/></block>"
         "<block id=\"1\"><s ref=\"0\"/></block><block id=\"2\"><s ref=\"1\"/></block></class>\n");
    tclass(&t, 1, "1 2", 3);
    tsym(&t, 2, "MPI_Allreduce", "op=\"MPI_SUM\"", "", 1, 8, "");
    tsym(&t, 3, "MPI_Send", "tag=\"9\"", PEER("abs", 0), 10, 8, "");
    tput(&t, "<block id=\"3\"><loop body=\"4\" count=\"40\"/><s ref=\"3\"/></block>"
             "<block id=\"4\"><s ref=\"2\"/></block></class>\n");
    return tsig_end(&t);
}

/* skel gen --mode auto of s at K = k into a directory removed again: the
 * report (the mode taken, the fallback) in rep. */
static void auto_mode(const skel_signature *s, double k, struct skel_codegen_report *rep)
{
    struct skel_codegen_opts o;
    skel_codegen_defaults(&o);
    o.templates = SKEL_SOURCE_DIR "/templates";
    o.k = k;
    char *dir = tempdir();
    cr_assert_eq(skel_codegen_generate(s, &o, dir, rep), SKEL_OK, "%s", skel_last_error());
    remove_dir(dir);
    free(dir);
}

Test(codegen_schedule, per_peer_loop_kept_whole_in_mixed_mode)
{
    skel_signature *s = gather_by_hand();
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 10, SKEL_PLAN_LOOPS, &p), SKEL_OK);
    cr_assert_eq(calls(p, 0, "MPI_Recv"), 1u);
    cr_assert_eq(check(p, 0), SKEL_EDEADLOCK);
    skel_plan_free(p);
    cr_assert_eq(skel_plan_build(s, 10, SKEL_PLAN_MIXED, &p), SKEL_OK);
    cr_assert_eq(calls(p, 0, "MPI_Recv"), 2u);
    cr_assert_eq(calls(p, 0, "MPI_Allreduce"), 4u); /* the dominant loop is still divided */
    cr_assert_eq(calls(p, 1, "MPI_Allreduce"), 4u);
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    skel_plan_free(p);
    /* The automatic mode takes one epoch in K before it: every Allreduce
     * ends an epoch, and the epochs made model 1/K within
     * SKEL_CODEGEN_EPOCH_PREFER (codegen.c; mode mixed is checked in
     * codegen_scale/master_worker_9_ranks). */
    cr_assert_eq(skel_plan_build(s, 10, SKEL_PLAN_EPOCHS, &p), SKEL_OK);
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    cr_assert(fabs(p->epoch_ratio - 1) <= SKEL_CODEGEN_EPOCH_PREFER, "%g", p->epoch_ratio);
    double ratio = p->epoch_ratio;
    cr_assert_neq(ratio, 1.0, "the case needs epochs that are not exactly 1/K");
    skel_plan_free(p);
    struct skel_codegen_report rep;
    auto_mode(s, 10, &rep);
    cr_assert_eq(rep.mode, SKEL_PLAN_EPOCHS);
    cr_assert(rep.fell_back);
    /* The skeleton declares the K its epochs implement, and the time that
     * goes with it (skeleton.meta's k and expected_s). */
    cr_assert_float_eq(rep.k_asked, 10.0, 1e-12);
    cr_assert_float_eq(rep.k, 10.0 / ratio, 1e-9, "k %g, epochs %g of 1/K", rep.k, ratio);
    cr_assert_float_eq(rep.expected_s, rep.app_s / rep.k, 1e-12);
    skel_codegen_report_free(&rep);
    skel_signature_free(s);
}

/* A run where nothing repeats (Q = 1: every call its own symbol, no loop),
 * both ranks alike: 40 rounds of an exchange with the other rank by
 * MPI_Sendrecv of 100 doubles, then an MPI_Allreduce.  Mode loops divides
 * nothing: its schedule is every message shrunk (residue 100 %), mode
 * messages under another name, and passes the check.  The automatic mode
 * must not take it: one round in K made whole passes too and models 1/K
 * (anyof of the corpus: 0.82 of 1/K in mode loops at K = 10, 0.97 in mode
 * epochs, bench/accuracy-mechanisms.md). */
static skel_signature *rounds_without_loops(int nrounds)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 0});
    tclass(&t, 0, "0 1", 0);
    for (int i = 0; i < nrounds; i++) {
        tsym(&t, 2 * i, "MPI_Sendrecv", "tag=\"3\" tag2=\"3\"",
             PEER("mod", 1) "<peer2 kind=\"mod\" value=\"-1\"/>", 100, 8, "");
        tsym(&t, 2 * i + 1, "MPI_Allreduce", "op=\"MPI_SUM\"", "", 1, 8, "");
    }
    tput(&t, "<block id=\"0\">");
    for (int i = 0; i < 2 * nrounds; i++)
        tput(&t, "<s ref=\"%d\"/>", i);
    tput(&t, "</block></class>\n");
    return tsig_end(&t);
}

Test(codegen_schedule, no_loop_to_divide_takes_whole_rounds)
{
    skel_signature *s = rounds_without_loops(40);
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 4, SKEL_PLAN_LOOPS, &p), SKEL_OK);
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(calls(p, 0, "MPI_Sendrecv"), 40u, "mode loops keeps every message");
    skel_plan_free(p);
    struct skel_codegen_report rep;
    auto_mode(s, 4, &rep);
    cr_assert_eq(rep.mode, SKEL_PLAN_EPOCHS, "auto took mode %d", rep.mode);
    cr_assert_lt(rep.residue, 0.5, "residue %g", rep.residue);
    cr_assert(!rep.fell_back, "mode loops passed the check; nothing failed");
    skel_codegen_report_free(&rep);
    /* Planned and checked only (skel generate's look ahead): the same
     * report, nothing written. */
    struct skel_codegen_opts o;
    skel_codegen_defaults(&o);
    o.templates = SKEL_SOURCE_DIR "/templates";
    o.k = 4;
    cr_assert_eq(skel_codegen_generate(s, &o, NULL, &rep), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(rep.mode, SKEL_PLAN_EPOCHS);
    cr_assert_lt(rep.residue, 0.5);
    skel_codegen_report_free(&rep);
    skel_signature_free(s);
}

/* Two rank classes whose outer loops the compressor folded differently, as
 * HDF5's checkpoints of h5ckpt were (bench/accuracy-mechanisms.md, section
 * 5): class 0 runs 4 periods of [Allreduce, 20 exchanges] as one loop;
 * class 1 runs them as a loop of 3 and one period written out.  An exchange
 * is an Isend to the other rank, a Barrier, the Recv of the other's
 * message and the Wait: every Barrier's boundary is crossed by a message,
 * so mode epochs can only leave out whole periods (1 of 4 is too far from
 * 1/3.5).  Dividing the outer loops gives the classes different numbers
 * of Allreduces or Barriers (loops, mixed); dividing only the inner loops of
 * 20 (mode inner) gives both 4 periods of 6 exchanges. */
static void exchange_symbols(struct tsig *t, int first)
{
    tsym(t, first, "MPI_Allreduce", "op=\"MPI_SUM\"", "", 1, 8, "");
    tsym(t, first + 1, "MPI_Isend", "tag=\"1\"", PEER("mod", 1), 100, 8, "");
    tsym(t, first + 2, "MPI_Barrier", "", "", 0, 0, "");
    tsym(t, first + 3, "MPI_Recv", "tag=\"1\"", PEER("mod", 1), 100, 8, "");
    tsym(t, first + 4, "MPI_Wait", "", "", 0, 0,
         "<link dist=\"1\" index=\"0\" call=\"MPI_Isend\"/>");
}

static skel_signature *outer_folded_differently(void)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 1});
    tclass(&t, 0, "0", 0);
    exchange_symbols(&t, 0);
    tput(&t, "<block id=\"0\"><loop body=\"1\" count=\"4\"/></block>"
             "<block id=\"1\"><s ref=\"0\"/><loop body=\"2\" count=\"20\"/></block>"
             "<block id=\"2\"><s ref=\"1\"/><s ref=\"2\"/><s ref=\"3\"/><s ref=\"4\"/>"
             "</block></class>\n");
    tclass(&t, 1, "1", 3);
    exchange_symbols(&t, 5);
    tput(&t, "<block id=\"3\"><loop body=\"4\" count=\"3\"/><s ref=\"5\"/>"
             "<loop body=\"5\" count=\"20\"/></block>"
             "<block id=\"4\"><s ref=\"5\"/><loop body=\"5\" count=\"20\"/></block>"
             "<block id=\"5\"><s ref=\"6\"/><s ref=\"7\"/><s ref=\"8\"/><s ref=\"9\"/>"
             "</block></class>\n");
    return tsig_end(&t);
}

Test(codegen_schedule, inner_loops_divided_when_outer_loops_differ)
{
    skel_signature *s = outer_folded_differently();
    skel_plan *p = NULL;
    for (int mode = SKEL_PLAN_LOOPS; mode <= SKEL_PLAN_MIXED; mode += SKEL_PLAN_MIXED) {
        cr_assert_eq(skel_plan_build(s, 3.5, mode, &p), SKEL_OK);
        cr_assert(calls(p, 0, "MPI_Allreduce") != calls(p, 1, "MPI_Allreduce") ||
                      calls(p, 0, "MPI_Barrier") != calls(p, 1, "MPI_Barrier"),
                  "mode %d", mode);
        cr_assert_eq(check(p, 0), SKEL_EDEADLOCK, "mode %d", mode);
        skel_plan_free(p);
    }
    cr_assert_eq(skel_plan_build(s, 3.5, SKEL_PLAN_INNER, &p), SKEL_OK);
    for (uint32_t c = 0; c < 2; c++) {
        cr_assert_eq(calls(p, c, "MPI_Allreduce"), 4u, "class %u", c);
        /* 20 / 3.5: 5 full iterations and the remainder, in each period */
        cr_assert_eq(calls(p, c, "MPI_Barrier"), 24u, "class %u", c);
    }
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    skel_plan_free(p);
    cr_assert_eq(skel_plan_build(s, 3.5, SKEL_PLAN_EPOCHS, &p), SKEL_OK);
    cr_assert_eq(check(p, 0), SKEL_EDEADLOCK, "epochs: only whole periods can be left out");
    skel_plan_free(p);
    /* The automatic mode lands there, and says why. */
    struct skel_codegen_report rep;
    auto_mode(s, 3.5, &rep);
    cr_assert_eq(rep.mode, SKEL_PLAN_INNER);
    cr_assert(rep.fell_back);
    cr_assert(strstr(rep.fallback_reason, "MPI_Allreduce") != NULL, "%s", rep.fallback_reason);
    skel_codegen_report_free(&rep);
    skel_signature_free(s);
}

/* Both ranks MPI_Isend 800 bytes to each other, poll MPI_Testall until it
 * comes back true, then receive: the application's library had buffered
 * the sends.  A Test that completed defers its sends (they are received
 * after), so the schedule passes even when no send is assumed buffered; a
 * Wait in its place needs the eager assumption. */
static skel_signature *polled_sends(const char *completion, const char *flags)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 0});
    tclass(&t, 0, "0 1", 0);
    tsym(&t, 0, "MPI_Isend", "tag=\"1\"", PEER("mod", 1), 100, 8, "");
    tsym_side(&t, 1, completion, "", "", 0, 0, flags,
              "<link dist=\"1\" index=\"0\" call=\"MPI_Isend\"/>");
    tsym(&t, 2, "MPI_Recv", "tag=\"1\"", PEER("mod", -1), 100, 8, "");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/><s ref=\"2\"/></block>\n</class>\n");
    return tsig_end(&t);
}

Test(codegen_schedule, sends_a_test_saw_complete_are_deferred)
{
    skel_signature *s = polled_sends("MPI_Testall", "true");
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    skel_plan_free(p);
    skel_signature_free(s);

    s = polled_sends("MPI_Waitall", "");
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 0), SKEL_EDEADLOCK, "a Waitall on unreceived sends passed");
    expect_detail("waits for its send to rank 1 with tag 1 on MPI_COMM_WORLD (800 bytes");
    /* Real semantics: sends up to the eager limit are buffered. */
    cr_assert_eq(check(p, 799), SKEL_EDEADLOCK, "800 bytes taken as eager below 800");
    cr_assert_eq(check(p, 800), SKEL_OK, "%s", skel_last_error());
    skel_plan_free(p);
    skel_signature_free(s);
}

/* An MPI_Isendrecv on both ranks (tsig_isendrecv): with rendezvous for every
 * message (eager limit 0) it passes, the Wait completing both halves. */
Test(codegen_schedule, isendrecv_completes_both_halves_at_one_index)
{
    skel_signature *s = tsig_isendrecv();
    skel_plan *p = NULL;
    for (double k = 1; k <= 3; k += 2) {
        cr_assert_eq(skel_plan_build(s, k, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
        cr_assert_eq(check(p, 0), SKEL_OK, "K = %g: %s", k, skel_last_error());
        int waits = 0;
        for (uint32_t i = 0; i < p->nops; i++)
            if (p->ops[i].kind == SKEL_PLAN_WAIT) {
                cr_assert_eq(p->ops[i].nreq, 1, "two links at index 0 are one request");
                waits++;
            }
        cr_assert_eq(waits, 1);
        skel_plan_free(p);
    }
    skel_signature_free(s);
}

/* Rank 0 receives from MPI_ANY_SOURCE a zero-count message, then one of 800
 * bytes (the same tag); rank 1 sends the empty one, rank 2 the long one.
 * MPI may deliver either first.  When the trace paired them in one matching
 * class, both receives are sized for the class's longest message; when it
 * paired each with its own, they get distinct tags and keep their size. */
static skel_signature *wildcard_pair(const char *m_short, const char *m_long)
{
    char a[64], b[64];
    snprintf(a, sizeof a, "tag=\"5\" match=\"%s\"", m_short);
    snprintf(b, sizeof b, "tag=\"5\" match=\"%s\"", m_long);
    struct tsig t = {0};
    tsig_head(&t, 3, (int[]){0, 1, 2});
    tclass(&t, 0, "0", 0);
    tsym(&t, 0, "MPI_Recv", a, "<peer kind=\"any\"/>", 0, 1, "");
    tsym(&t, 1, "MPI_Recv", b, "<peer kind=\"any\"/>", 100, 8, "");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/></block>\n</class>\n");
    tclass(&t, 1, "1", 1);
    tsym(&t, 2, "MPI_Send", a, PEER("abs", 0), 0, 1, "");
    tput(&t, "<block id=\"1\"><s ref=\"2\"/></block>\n</class>\n");
    tclass(&t, 2, "2", 2);
    tsym(&t, 3, "MPI_Send", b, PEER("abs", 0), 100, 8, "");
    tput(&t, "<block id=\"2\"><s ref=\"3\"/></block>\n</class>\n");
    return tsig_end(&t);
}

/* Rank 0 sends rank 1 ten pairs of messages, tag 1 then tag 2 (each its
 * own matching class); rank 1 receives each pair tag 2 first.  Counted per
 * peer, mode thin would make rank 0's tag-1 sends and rank 1's tag-2
 * receives; counted per matching class, half of each. */
static skel_signature *crossed_tags(void)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 1});
    tclass(&t, 0, "0", 1);
    tsym(&t, 0, "MPI_Send", "tag=\"1\" match=\"0\"", PEER("abs", 1), 1, 8, "");
    tsym(&t, 1, "MPI_Send", "tag=\"2\" match=\"1\"", PEER("abs", 1), 1, 8, "");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/></block>\n"
             "<block id=\"1\"><loop body=\"0\" count=\"10\"/></block>\n</class>\n");
    tclass(&t, 1, "1", 3);
    tsym(&t, 2, "MPI_Recv", "tag=\"2\" match=\"1\"", PEER("abs", 0), 1, 8, "");
    tsym(&t, 3, "MPI_Recv", "tag=\"1\" match=\"0\"", PEER("abs", 0), 1, 8, "");
    tput(&t, "<block id=\"2\"><s ref=\"2\"/><s ref=\"3\"/></block>\n"
             "<block id=\"3\"><loop body=\"2\" count=\"10\"/></block>\n</class>\n");
    return tsig_end(&t);
}

Test(codegen_schedule, thin_counts_per_class_when_tags_cross)
{
    skel_signature *s = crossed_tags();
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 2, SKEL_PLAN_THIN, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert(p->matched);
    cr_assert_eq(check(p, 4096), SKEL_EDEADLOCK, "counted per peer, the tags do not meet");
    p->thin_tags = 1;
    cr_assert_eq(check(p, 4096), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(calls(p, 0, "MPI_Send"), 10u);
    cr_assert_eq(calls(p, 1, "MPI_Recv"), 10u);
    skel_plan_free(p);

    /* The generator falls back to counting per class by itself. */
    struct skel_codegen_opts o;
    skel_codegen_defaults(&o);
    o.templates = SKEL_SOURCE_DIR "/templates";
    o.k = 2;
    o.mode = SKEL_PLAN_THIN;
    char *dir = tempdir();
    struct skel_codegen_report rep;
    cr_assert_eq(skel_codegen_generate(s, &o, dir, &rep), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(rep.mode, SKEL_PLAN_THIN);
    skel_codegen_report_free(&rep);
    char *src = tsig_slurp(dir, "skeleton.c");
    cr_assert(strstr(src, "\n#define SKEL_THIN_TAGS 1 ") != NULL,
              "skeleton.c does not count its channels per matching class");
    free(src);
    remove_dir(dir);
    free(dir);
    skel_signature_free(s);
}

static const skel_plan_op *op_of(const skel_plan *p, uint32_t sym)
{
    for (uint32_t i = 0; i < p->nops; i++)
        if (p->ops[i].sym == sym)
            return &p->ops[i];
    cr_assert_fail("no operation of symbol %u", sym);
    return NULL;
}

/* One element of a 30000-byte datatype each way (BLACS sends a matrix
 * block so). */
static int block_send(struct tsig *t, int base)
{
    tsym(t, 0, "MPI_Send", "tag=\"1\"", PEER("abs", 1), 1, 30000, "");
    tput(t, "<block id=\"%d\"><s ref=\"0\"/></block>\n", base);
    return 1;
}

static int block_recv(struct tsig *t, int base)
{
    tsym(t, 1, "MPI_Recv", "tag=\"1\"", PEER("abs", 0), 1, 30000, "");
    tput(t, "<block id=\"%d\"><s ref=\"1\"/></block>\n", base);
    return 1;
}

/* A message of one large element, scaled by K = 2, carries half its bytes
 * (it kept all of them when scaled in elements), and its receive still
 * takes it. */
Test(codegen_schedule, scaled_send_of_one_element_halves_its_bytes)
{
    skel_signature *s = two_classes(block_send, block_recv);
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 2, SKEL_PLAN_MESSAGES, &p), SKEL_OK, "%s", skel_last_error());
    const skel_plan_op *snd = op_of(p, 0), *rcv = op_of(p, 1);
    cr_assert_lt(snd->w, p->wden);
    cr_assert_eq(snd->count[0] * (int64_t)snd->dtsize, 15000, "%lld x %u bytes",
                 (long long)snd->count[0], snd->dtsize);
    cr_assert_geq(rcv->rcap * (int64_t)(rcv->dtsize ? rcv->dtsize : 1), 15000);
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    skel_plan_free(p);
    /* Whole (K = 1): its one element, unchanged. */
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_MESSAGES, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(op_of(p, 0)->count[0], 1);
    cr_assert_eq(op_of(p, 0)->dtsize, 30000);
    skel_plan_free(p);
    skel_signature_free(s);
}

Test(codegen_schedule, wildcard_receives_sized_for_their_matching_class)
{
    skel_signature *s = wildcard_pair("0", "0");
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    const skel_plan_op *r0 = op_of(p, 0), *r1 = op_of(p, 1);
    cr_expect_geq(r0->rcap * (r0->dtsize ? r0->dtsize : 1), 800,
                  "the zero-count receive can meet the 800-byte message: capacity %lld",
                  (long long)r0->rcap);
    cr_expect_eq(r0->tag, r1->tag);
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    skel_plan_free(p);
    skel_signature_free(s);

    s = wildcard_pair("0", "1");
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    r0 = op_of(p, 0);
    r1 = op_of(p, 1);
    cr_expect_eq(r0->rcap, 0, "a receive of its own class keeps its size");
    cr_expect_neq(r0->tag, r1->tag, "different classes, different tags");
    cr_expect_eq(op_of(p, 2)->tag, r0->tag);
    cr_expect_eq(op_of(p, 3)->tag, r1->tag);
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    skel_plan_free(p);
    skel_signature_free(s);
}

Test(codegen_schedule, refusal_is_one_line)
{
    skel_signature *s = two_classes(irecv_any_wait, send_tag4);
    expect_refusal(s, 0);
    const char *e = skel_last_error();
    cr_expect_null(strchr(e, '\n'), "a refusal spans lines: %s", e);
    cr_expect_lt(strlen(e), 1000, "a refusal of %zu characters", strlen(e));
    skel_signature_free(s);
}

/* The application's time for K and expected_s leaves the tracer out, also
 * where the program is all communication.  A 2-rank ping-pong, written as a
 * trace: each hop takes 1000 ns untraced; the tracer spends 100 ns after
 * every call (its per-event cost, recorded in the end record), which also
 * delays the peer - rank 0 waits in MPI_Recv for rank 1's cost too.  The
 * signature's time must be the untraced 2 x 1000 ns per round trip. */
Test(codegen_schedule, application_time_without_the_tracer)
{
    char dir[] = "/tmp/skel-test-apptime-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    const uint64_t hop = 1000, o = 100, send = 150;
    const uint32_t rounds = 500;
    skel_meta_rank mr[2] = {{.rank = 0, .host = "h", .nevents = 2 * rounds + 2},
                            {.rank = 1, .host = "h", .nevents = 2 * rounds + 2}};
    char *cmd[] = {"pingpong", NULL};
    skel_meta m = {.tracer_version = "t",
                   .mpi_library = "m",
                   .nranks = 2,
                   .ncommand = 1,
                   .command = cmd,
                   .complete = 1,
                   .ranks = mr,
                   .nrank_entries = 2};
    char p[256];
    snprintf(p, sizeof p, "%s/meta", dir);
    cr_assert_eq(skel_meta_write(p, &m), SKEL_OK, "%s", skel_last_error());
    for (uint32_t r = 0; r < 2; r++) {
        char name[64];
        skel_trace_rank_filename(r, name, sizeof name);
        snprintf(p, sizeof p, "%s/%s", dir, name);
        skel_rank_info info = {.rank = r,
                               .nranks = 2,
                               .pid = 1,
                               .t_init = 1000,
                               .host = "h",
                               .mpi_library = "m",
                               .tracer_version = "t"};
        skel_writer *w;
        cr_assert_eq(skel_writer_open(p, &info, 1 << 16, 1, &w), SKEL_OK, "%s", skel_last_error());
        skel_site site = {.index = 0, .addr = 1, .module = SKEL_COMM_NONE, .func = "", .file = ""};
        cr_assert_eq(skel_writer_site(w, &site), SKEL_OK);
        skel_event ev;
        uint64_t t = 1000, seq = 0;
        /* Rank 0 starts its round trip at t: send, receive the answer at
         * t + 2 hop + o (rank 1's cost after receiving delays it). */
        uint64_t period = 2 * hop + 2 * o;
#define PUT(call_, start_, end_, peer_)                                                            \
    do {                                                                                           \
        skel_event_init(&ev);                                                                      \
        ev.call = (call_);                                                                         \
        ev.site = 0;                                                                               \
        ev.seq = seq++;                                                                            \
        ev.t_start = (start_);                                                                     \
        ev.t_end = (end_);                                                                         \
        ev.gap_wall = ev.gap_cpu = ev.t_start - t;                                                 \
        ev.peer = (peer_);                                                                         \
        ev.tag = (peer_) >= 0 ? 1 : SKEL_TAG_NONE;                                                 \
        ev.asrc = (call_) == SKEL_CALL_MPI_Recv ? (peer_) : SKEL_PEER_NONE;                        \
        ev.atag = (call_) == SKEL_CALL_MPI_Recv ? 1 : SKEL_TAG_NONE;                               \
        ev.count = ev.bytes = (peer_) >= 0 ? 8 : 0;                                                \
        ev.dtsize = 1;                                                                             \
        ev.comm = 0;                                                                               \
        cr_assert_eq(skel_writer_event(w, &ev), SKEL_OK, "%s", skel_last_error());                 \
        t = ev.t_end;                                                                              \
    } while (0)
        PUT(SKEL_CALL_MPI_Init, 1000, 2000, -3);
        uint64_t base = 2000 + o;
        for (uint32_t i = 0; i < rounds; i++, base += period) {
            if (r == 0) {
                PUT(SKEL_CALL_MPI_Send, base, base + send, 1);
                PUT(SKEL_CALL_MPI_Recv, base + send + o, base + 2 * hop + o, 1);
            } else {
                /* Posted right after its previous send, done when rank 0's
                 * message arrives; answers after its own cost. */
                PUT(SKEL_CALL_MPI_Recv, i == 0 ? base : base - period + hop + o + send + o,
                    base + hop, 0);
                PUT(SKEL_CALL_MPI_Send, base + hop + o, base + hop + o + send, 0);
            }
            t = t + 0; /* the next gap starts at this call's end */
        }
        PUT(SKEL_CALL_MPI_Finalize, t + o, t + o + 10, -3);
#undef PUT
        skel_rank_end end = {.nevents = seq, .per_event_ns = o};
        cr_assert_eq(skel_writer_finish(w, &end), SKEL_OK, "%s", skel_last_error());
    }
    skel_trace *tr = NULL;
    cr_assert_eq(skel_trace_open(dir, &tr), SKEL_OK, "%s", skel_last_error());
    skel_compress_opts co;
    skel_compress_defaults(&co);
    skel_signature *s = NULL;
    cr_assert_eq(skel_compress_trace(tr, &co, &s, NULL), SKEL_OK, "%s", skel_last_error());
    skel_trace_close(tr);
    double want = (double)rounds * 2 * (double)hop / 1e9, got = skel_codegen_app_seconds(s);
    /* The first round trip and the last gap differ by a few o. */
    cr_expect(fabs(got - want) <= 4 * (double)o / 1e9, "application time %.9f s, untraced %.9f s",
              got, want);
    skel_signature_free(s);
    for (uint32_t r = 0; r < 2; r++) {
        char name[64];
        skel_trace_rank_filename(r, name, sizeof name);
        snprintf(p, sizeof p, "%s/%s", dir, name);
        unlink(p);
    }
    snprintf(p, sizeof p, "%s/meta", dir);
    unlink(p);
    rmdir(dir);
}

/* A persistent halo: Send_init to the next rank and Recv_init from the
 * previous one (1000 doubles), 20 iterations of Startall and Waitall (or,
 * when `rewait` is not set, of Startall alone: restarting active requests),
 * then both freed. */
static skel_signature *persistent_halo(int rewait)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 0});
    tclass(&t, 0, "0 1", 1);
    const char *two = "<link dist=\"2\" index=\"0\" call=\"MPI_Send_init\"/>"
                      "<link dist=\"1\" index=\"1\" call=\"MPI_Recv_init\"/>";
    tsym(&t, 0, "MPI_Send_init", "tag=\"1\"", PEER("mod", 1), 1000, 8, "");
    tsym(&t, 1, "MPI_Recv_init", "tag=\"1\"", PEER("mod", -1), 1000, 8, "");
    tsym(&t, 2, "MPI_Startall", "", "", 0, 0, two);
    tsym(&t, 3, "MPI_Waitall", "", "", 0, 0, two);
    tsym(&t, 4, "MPI_Request_free", "", "", 0, 0,
         "<link dist=\"2\" index=\"0\" call=\"MPI_Send_init\"/>");
    tsym(&t, 5, "MPI_Request_free", "", "", 0, 0,
         "<link dist=\"1\" index=\"0\" call=\"MPI_Recv_init\"/>");
    tput(&t, rewait ? "<block id=\"0\"><s ref=\"2\"/><s ref=\"3\"/></block>\n"
                    : "<block id=\"0\"><s ref=\"2\"/></block>\n");
    tput(&t, "<block id=\"1\"><s ref=\"0\"/><s ref=\"1\"/><loop body=\"0\" count=\"20\"/>"
             "<s ref=\"4\"/><s ref=\"5\"/></block>\n</class>\n");
    return tsig_end(&t);
}

/* A persistent collective as the tracer records it (docs/trace-format.md,
 * "Persistent collectives"): its set-up a local call, each start an
 * MPI_Iallreduce completed by MPI_Wait, its MPI_Request_free naming no
 * request.  The skeleton makes the nonblocking collectives and their Waits,
 * and neither the set-up nor the free (a free of nothing held would stop
 * it); the compute before both is kept. */
Test(codegen_schedule, persistent_collectives_are_made_as_nonblocking_ones)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 0});
    tclass(&t, 0, "0 1", 1);
    tsym(&t, 0, "MPI_Allreduce_init", "", "", 0, 0, "");
    tsym(&t, 1, "MPI_Iallreduce", "op=\"MPI_SUM\"", "", 64, 8, "");
    tsym(&t, 2, "MPI_Wait", "", "", 0, 0, "<link dist=\"1\" index=\"0\" call=\"MPI_Iallreduce\"/>");
    tsym(&t, 3, "MPI_Request_free", "", "", 0, 0, "");
    tput(&t, "<block id=\"0\"><s ref=\"1\"/><s ref=\"2\"/></block>\n");
    tput(&t, "<block id=\"1\"><s ref=\"0\"/><loop body=\"0\" count=\"20\"/>"
             "<s ref=\"3\"/></block>\n</class>\n");
    skel_signature *s = tsig_end(&t);
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(calls(p, 0, "MPI_Iallreduce"), 20);
    cr_expect_eq(calls(p, 0, "MPI_Wait"), 20);
    cr_expect_eq(calls(p, 0, "MPI_Allreduce_init"), 0);
    cr_expect_eq(calls(p, 0, "MPI_Request_free"), 0);
    const skel_plan_op *init = op_of(p, 0), *fr = op_of(p, 3);
    cr_assert(init != NULL && fr != NULL);
    cr_expect_eq(init->kind, SKEL_PLAN_COMPUTE);
    cr_expect_eq(fr->kind, SKEL_PLAN_COMPUTE);
    skel_plan_free(p);
    skel_signature_free(s);
}

/* Persistent requests are made once, started, completed and freed where the
 * application did.  A loop-scaled skeleton makes them at 1/K but starts
 * them in full iterations: the send's count is the application's (the
 * largest weight of its Starts); with every message kept it is 1/K of the
 * bytes. */
Test(codegen_schedule, persistent_requests_are_started_again)
{
    skel_signature *s = persistent_halo(1);
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 4, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(calls(p, 0, "MPI_Send_init"), 1);
    cr_expect_eq(calls(p, 0, "MPI_Recv_init"), 1);
    cr_expect_eq(calls(p, 0, "MPI_Startall"), 5);
    cr_expect_eq(calls(p, 0, "MPI_Waitall"), 5);
    cr_expect_eq(calls(p, 0, "MPI_Request_free"), 2);
    const skel_plan_op *send = op_of(p, 0), *recv = op_of(p, 1), *start = op_of(p, 2);
    cr_assert(send != NULL && recv != NULL && start != NULL);
    cr_expect_eq(send->kind, SKEL_PLAN_PSEND);
    cr_expect_eq(recv->kind, SKEL_PLAN_PRECV);
    cr_expect_eq(start->kind, SKEL_PLAN_START);
    cr_expect_eq(start->nreq, 2);
    cr_expect_eq(send->count[0] * send->dtsize, 8000, "%lld x %u bytes", (long long)send->count[0],
                 send->dtsize);
    cr_expect_geq(recv->rcap * recv->dtsize, 8000);
    skel_plan_free(p);

    cr_assert_eq(skel_plan_build(s, 4, SKEL_PLAN_MESSAGES, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    send = op_of(p, 0);
    cr_assert(send != NULL);
    cr_expect_eq(send->count[0] * send->dtsize, 2000, "%lld x %u bytes", (long long)send->count[0],
                 send->dtsize);
    skel_plan_free(p);
    skel_signature_free(s);

    /* Started again while still active: refused, naming the Start. */
    s = persistent_halo(0);
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 1 << 20), SKEL_EDEADLOCK, "a restart of active requests passed");
    expect_detail("symbol 2 (MPI_Startall");
    expect_detail("a request that is still active");
    skel_plan_free(p);
    skel_signature_free(s);
}

/* A Start of a request made before the trace began (link distance 0)
 * cannot be made again: refused by name. */
static int start_unknown(struct tsig *t, int base)
{
    tsym(t, base, "MPI_Start", "", "", 0, 0,
         "<link dist=\"0\" index=\"0\" call=\"MPI_Send_init\"/>");
    tput(t, "<block id=\"%d\"><s ref=\"%d\"/></block>\n", base, base);
    return 1;
}

Test(codegen_schedule, start_of_an_unknown_request_refused)
{
    skel_signature *s = two_classes(start_unknown, start_unknown);
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_EUNSUPPORTED, "accepted");
    expect_detail("MPI_Start");
    expect_detail("made before the trace began");
    skel_plan_free(p);
    skel_signature_free(s);
}

/* Rank 0 takes a message from MPI_ANY_SOURCE with MPI_Mprobe and receives
 * it with MPI_Mrecv (or, with mrecv_first, makes the Mrecv first, with no
 * message held); rank 1 sends it 800 bytes.  Both in matching class 0. */
static int mrecv_first;

static int mprobe_mrecv(struct tsig *t, int base)
{
    tsym(t, 0, "MPI_Mprobe", "tag=\"7\" match=\"0\"", "<peer kind=\"any\"/>", 0, 1, "");
    tsym(t, 1, "MPI_Mrecv", "", "", 100, 8, "");
    tput(t, "<block id=\"%d\"><s ref=\"%d\"/><s ref=\"%d\"/></block>\n", base, mrecv_first,
         !mrecv_first);
    return 1;
}

static int send_800(struct tsig *t, int base)
{
    tsym(t, 2, "MPI_Send", "tag=\"7\" match=\"0\"", PEER("abs", 0), 100, 8, "");
    tput(t, "<block id=\"%d\"><s ref=\"2\"/></block>\n", base);
    return 1;
}

/* A matched probe is the receive of its message: the check pairs it with
 * the send (even with no send assumed buffered), its buffer holds the
 * class's message; an Mrecv before any matched probe is refused. */
Test(codegen_schedule, matched_probes_receive_their_message)
{
    skel_signature *s = two_classes(mprobe_mrecv, send_800);
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    const skel_plan_op *probe = op_of(p, 0), *recv = op_of(p, 1);
    cr_expect_eq(probe->kind, SKEL_PLAN_MPROBE);
    cr_expect_eq(recv->kind, SKEL_PLAN_MRECV);
    cr_expect_geq(probe->rcap * (probe->dtsize ? probe->dtsize : 1), 800);
    cr_expect_eq(calls(p, 0, "MPI_Mprobe"), 1);
    cr_expect_eq(calls(p, 0, "MPI_Mrecv"), 1);
    skel_plan_free(p);
    skel_signature_free(s);

    mrecv_first = 1;
    s = two_classes(mprobe_mrecv, send_800);
    mrecv_first = 0;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 1 << 20), SKEL_EDEADLOCK, "an Mrecv with no message held passed");
    expect_detail("symbol 1 (MPI_Mrecv");
    expect_detail("no matched probe holds one");
    skel_plan_free(p);
    skel_signature_free(s);
}

/* Rank 0 posts a receive from MPI_ANY_SOURCE, then takes rank 1's message
 * (matching class 0) and cancels the first receive; with `cancel_met` set
 * the cancelled receive is the one that met the message. */
static int cancel_met;

static int recv_then_cancel(struct tsig *t, int base)
{
    tsym(t, 0, "MPI_Irecv", "tag=\"66\"", "<peer kind=\"any\"/>", 1, 4, "");
    tsym(t, 1, "MPI_Irecv", "tag=\"7\" match=\"0\"", PEER("abs", 1), 100, 8, "");
    tsym(t, 2, "MPI_Wait", "", "", 0, 0, "<link dist=\"1\" index=\"0\" call=\"MPI_Irecv\"/>");
    tsym(t, 3, "MPI_Cancel", "", "", 0, 0,
         cancel_met ? "<link dist=\"1\" index=\"0\" call=\"MPI_Irecv\"/>"
                    : "<link dist=\"2\" index=\"0\" call=\"MPI_Irecv\"/>");
    tsym(t, 4, "MPI_Wait", "", "", 0, 0, "<link dist=\"2\" index=\"0\" call=\"MPI_Irecv\"/>");
    /* The cancel of the matched receive comes before its Wait. */
    tput(t,
         "<block id=\"%d\"><s ref=\"0\"/><s ref=\"1\"/><s ref=\"%d\"/><s ref=\"%d\"/>"
         "<s ref=\"4\"/></block>\n",
         base, cancel_met ? 3 : 2, cancel_met ? 2 : 3);
    return 1;
}

static int send_7(struct tsig *t, int base)
{
    tsym(t, 5, "MPI_Send", "tag=\"7\" match=\"0\"", PEER("abs", 0), 100, 8, "");
    tput(t, "<block id=\"%d\"><s ref=\"5\"/></block>\n", base);
    return 1;
}

/* A receive that never met a message is cancelled and its Wait completes;
 * cancelling the one that met a message is refused by name. */
Test(codegen_schedule, cancel_of_a_receive_nothing_matched)
{
    skel_signature *s = two_classes(recv_then_cancel, send_7);
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(op_of(p, 3)->kind, SKEL_PLAN_CANCEL);
    cr_expect_eq(calls(p, 0, "MPI_Cancel"), 1);
    skel_plan_free(p);
    skel_signature_free(s);

    cancel_met = 1;
    s = two_classes(recv_then_cancel, send_7);
    cancel_met = 0;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    /* Refused either at the cancel (the check's rank 1 sent first) or at
     * the Wait whose link says the application's receive was not
     * cancelled; as a refused schedule, so that another mode is tried. */
    cr_assert_eq(check(p, 0), SKEL_EDEADLOCK, "a cancel of a matched receive passed");
    cr_assert(strstr(skel_last_error(), "receive the skeleton matched first") != NULL ||
                  strstr(skel_last_error(), "which the application's cancel did not") != NULL,
              "%s", skel_last_error());
    skel_plan_free(p);
    skel_signature_free(s);
}

/* Rank 0 makes an MPI_Isend to rank 1, cancels it (unless `isend_uncancelled`)
 * and waits for it, then sends rank 1 a message of matching class 1.  The
 * Isend's message no receive took in the application (no matching class),
 * unless `isend_taken`: then it is of class 0, which rank 1 receives. */
static int isend_taken, isend_uncancelled;

static int isend_cancel_wait(struct tsig *t, int base)
{
    tsym(t, 0, "MPI_Isend", isend_taken ? "tag=\"7\" match=\"0\"" : "tag=\"68\"", PEER("abs", 1), 1,
         4, "");
    tsym(t, 1, "MPI_Cancel", "", "", 0, 0, "<link dist=\"1\" index=\"0\" call=\"MPI_Isend\"/>");
    tsym(t, 2, "MPI_Wait", "", "", 0, 0, "<link dist=\"1\" index=\"0\" call=\"MPI_Isend\"/>");
    tsym(t, 3, "MPI_Send", "tag=\"9\" match=\"1\"", PEER("abs", 1), 100, 8, "");
    tput(t, "<block id=\"%d\"><s ref=\"0\"/>%s<s ref=\"2\"/><s ref=\"3\"/></block>\n", base,
         isend_uncancelled ? "" : "<s ref=\"1\"/>");
    return 1;
}

static int recv_after_cancel(struct tsig *t, int base)
{
    tsym(t, 4, "MPI_Recv", "tag=\"7\" match=\"0\"", PEER("abs", 0), 1, 4, "");
    tsym(t, 5, "MPI_Recv", "tag=\"9\" match=\"1\"", PEER("abs", 0), 100, 8, "");
    tput(t, "<block id=\"%d\">%s<s ref=\"5\"/></block>\n", base,
         isend_taken ? "<s ref=\"4\"/>" : "");
    return 1;
}

/* A send no receive took in the application, cancelled: made (MPICH and
 * Open MPI deliver a small one instead, and no receive of the skeleton can
 * take it), and its message may stay unreceived.  Without the cancel the
 * same message left unreceived is refused; the cancel of a send whose
 * message a receive took is refused by name. */
Test(codegen_schedule, cancel_of_a_send_no_receive_took)
{
    skel_signature *s = two_classes(isend_cancel_wait, recv_after_cancel);
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 1 << 20), SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(op_of(p, 1)->kind, SKEL_PLAN_CANCEL);
    cr_expect_eq(calls(p, 0, "MPI_Cancel"), 1);
    cr_expect_eq(calls(p, 0, "MPI_Isend"), 1);
    skel_plan_free(p);
    skel_signature_free(s);

    isend_uncancelled = 1;
    s = two_classes(isend_cancel_wait, recv_after_cancel);
    isend_uncancelled = 0;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 1 << 20), SKEL_EDEADLOCK, "an unreceived message passed uncancelled");
    expect_detail("a message is never received");
    skel_plan_free(p);
    skel_signature_free(s);

    isend_taken = 1;
    s = two_classes(isend_cancel_wait, recv_after_cancel);
    isend_taken = 0;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 1 << 20), SKEL_EUNSUPPORTED, "a cancel of a received send passed");
    expect_detail("symbol 1 (MPI_Cancel");
    expect_detail("cancels a send whose messages receives took");
    skel_plan_free(p);
    skel_signature_free(s);
}

/* HPCC's RandomAccess: one receive from MPI_ANY_SOURCE, posted again after
 * each message, the last one cancelled at the end.  The symbol met a
 * message in the application, its last instance did not: the cancel
 * passes when the application's Wait found that instance cancelled
 * (`cancelled` on its link), and is refused when it did not. */
static int recv_cancelled_flag = 1;

static int recv_repost_cancel(struct tsig *t, int base)
{
    tsym(t, 0, "MPI_Irecv", "tag=\"7\" match=\"0\"", "<peer kind=\"any\"/>", 100, 8, "");
    tsym(t, 1, "MPI_Wait", "", "", 0, 0, "<link dist=\"1\" index=\"0\" call=\"MPI_Irecv\"/>");
    tsym(t, 2, "MPI_Cancel", "", "", 0, 0, "<link dist=\"1\" index=\"0\" call=\"MPI_Irecv\"/>");
    /* Symbol 3 is not used: ids are dense up to send_7's 5. */
    tsym(t, 3, "MPI_Barrier", "", "", 0, 0, "");
    tsym(t, 4, "MPI_Wait", "", "", 0, 0,
         recv_cancelled_flag ? "<link dist=\"1\" index=\"0\" call=\"MPI_Irecv\" cancelled=\"1\"/>"
                             : "<link dist=\"1\" index=\"0\" call=\"MPI_Irecv\"/>");
    tput(t,
         "<block id=\"%d\"><s ref=\"0\"/><s ref=\"1\"/><s ref=\"0\"/><s ref=\"2\"/>"
         "<s ref=\"4\"/></block>\n",
         base);
    return 1;
}

Test(codegen_schedule, cancel_of_a_reposted_receive)
{
    skel_signature *s = two_classes(recv_repost_cancel, send_7);
    expect_accepted(s, 0);
    skel_signature_free(s);

    recv_cancelled_flag = 0;
    s = two_classes(recv_repost_cancel, send_7);
    recv_cancelled_flag = 1;
    expect_refusal(s, 0);
    expect_detail("which the application's cancel did not");
    skel_signature_free(s);
}

/* Both ranks MPI_Bsend 8000 bytes, then receive: the attached buffer lets
 * the sends complete whatever the eager limit, and the skeleton's buffer is
 * sized for the bytes the check saw pending. */
Test(codegen_schedule, buffered_sends_complete_into_their_buffer)
{
    skel_signature *s = head_to_head_with("MPI_Bsend");
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(p->bsend_msgs, 1);
    cr_expect_eq(p->bsend_bytes, 8000);
    cr_expect_eq(calls(p, 0, "MPI_Bsend"), 1);
    skel_plan_free(p);
    skel_signature_free(s);
}

/* Rank 0 posts a receive before a loop of 20 Isend + Wait and waits for it
 * after the loop (the application's link distance: 21 activations); rank 1
 * receives the 20 messages, then sends the one rank 0 waits for. */
static int posted_before_loop(struct tsig *t, int base)
{
    tsym(t, 0, "MPI_Irecv", "tag=\"9\" match=\"1\"", PEER("abs", 1), 10, 4, "");
    tsym(t, 1, "MPI_Isend", "tag=\"1\" match=\"0\"", PEER("abs", 1), 100, 8, "");
    tsym(t, 2, "MPI_Wait", "", "", 0, 0, "<link dist=\"1\" index=\"0\" call=\"MPI_Isend\"/>");
    tsym(t, 3, "MPI_Wait", "", "", 0, 0, "<link dist=\"21\" index=\"0\" call=\"MPI_Irecv\"/>");
    tput(t,
         "<block id=\"%d\"><s ref=\"0\"/><loop body=\"%d\" count=\"20\"/><s ref=\"3\"/></block>\n",
         base, base + 1);
    tput(t, "<block id=\"%d\"><s ref=\"1\"/><s ref=\"2\"/></block>\n", base + 1);
    return 2;
}

static int recv_loop_then_send(struct tsig *t, int base)
{
    tsym(t, 4, "MPI_Recv", "tag=\"1\" match=\"0\"", PEER("abs", 0), 100, 8, "");
    tsym(t, 5, "MPI_Send", "tag=\"9\" match=\"1\"", PEER("abs", 0), 10, 4, "");
    tput(t, "<block id=\"%d\"><loop body=\"%d\" count=\"20\"/><s ref=\"5\"/></block>\n", base,
         base + 1);
    tput(t, "<block id=\"%d\"><s ref=\"4\"/></block>\n", base + 1);
    return 2;
}

/* A link across a loop the skeleton runs fewer times: at K = 4 the loop
 * keeps 5 iterations, so the Wait after it names the receive 6 activations
 * back, not 21; unscaled, the application's distance stays. */
Test(codegen_schedule, links_across_a_scaled_loop)
{
    skel_signature *s = two_classes(posted_before_loop, recv_loop_then_send);
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 4, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    const skel_plan_op *wait = op_of(p, 3), *inner = op_of(p, 2);
    cr_assert_not_null(wait->ldist, "the Wait after the loop kept the application's distance");
    cr_expect_eq(wait->ldist[0], 6);
    cr_expect_null(inner->ldist, "the Wait in the loop changed its distance");
    cr_expect_eq(calls(p, 0, "MPI_Isend"), 5);
    skel_plan_free(p);

    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    cr_expect_null(op_of(p, 3)->ldist);
    skel_plan_free(p);
    skel_signature_free(s);
}

/* The header of a 2-rank signature in one class with the communicators
 * comms_xml and the slot tables of rank 0 and rank 1. */
static void head_with_comms(struct tsig *t, const char *comms_xml, const char *slots0,
                            const char *slots1)
{
    tsig_head_full(t, 2, (int[]){0, 0}, NULL, NULL, comms_xml,
                   (const char *const[]){slots0, slots1});
}

/* Two ranks on a periodic ring made by MPI_Cart_create (slot 2), then
 * loop(8) { coll }, coll's attributes naming its communicator slot. */
static skel_signature *ring_collective(const char *call, const char *attrs, long count, int dtsize)
{
    struct tsig t = {0};
    head_with_comms(&t,
                    "<comm id=\"0\" gid=\"0\" members=\"0 1\"/>"
                    "<comm id=\"1\" gid=\"7\" created-by=\"MPI_Cart_create\" parent-slot=\"0\" "
                    "members=\"0 1\" dims=\"2\" periods=\"1\"/>",
                    "0 - 1", "0 - 1");
    tclass(&t, 0, "0 1", 1);
    tsym(&t, 0, "MPI_Cart_create", "comm=\"0\" newcomm=\"2\"", "", 0, 0, "");
    tsym(&t, 1, call, attrs, "", count, dtsize, "");
    tput(&t, "<block id=\"0\"><s ref=\"1\"/></block>\n"
             "<block id=\"1\"><s ref=\"0\"/><loop body=\"0\" count=\"8\"/></block>\n</class>\n");
    return tsig_end(&t);
}

/* Neighbourhood collectives on a Cartesian communicator, and Alltoallw: a
 * total count (V and W forms) becomes the same share per peer on every
 * member, over its neighbours (2 per dimension) or its communicator. */
Test(codegen_schedule, neighborhood_and_alltoallw_collectives)
{
    static const struct {
        const char *call, *attrs;
        long count;
        int dtsize;
        int64_t ucount; /* per peer where count is a total (the loop is scaled, not it) */
    } cases[] = {
        {"MPI_Neighbor_alltoall", "comm=\"2\"", 400, 8, 400},
        {"MPI_Neighbor_allgather", "comm=\"2\"", 400, 8, 400},
        {"MPI_Neighbor_alltoallv", "comm=\"2\"", 400, 8, 200},
        {"MPI_Ineighbor_alltoallw", "comm=\"2\"", 4000, 1, 2000},
        {"MPI_Alltoallw", "comm=\"0\"", 4000, 1, 2000},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        skel_signature *s =
            ring_collective(cases[i].call, cases[i].attrs, cases[i].count, cases[i].dtsize);
        skel_plan *p = NULL;
        cr_assert_eq(skel_plan_build(s, 4, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s: %s", cases[i].call,
                     skel_last_error());
        cr_assert_eq(check(p, 0), SKEL_OK, "%s: %s", cases[i].call, skel_last_error());
        cr_expect_eq(calls(p, 0, cases[i].call), 2, "%s", cases[i].call);
        const skel_plan_op *op = op_of(p, 1);
        cr_expect_eq(op->ucount, cases[i].ucount, "%s: %lld per peer", cases[i].call,
                     (long long)op->ucount);
        skel_plan_free(p);
        skel_signature_free(s);
    }
    /* A distributed graph whose members have different degrees: rank 0 one
     * source and two destinations (both rank 1), rank 1 the reverse.  The
     * v form's total is shared over each rank's destinations: rank 0 sends
     * 200 to each, rank 1 400, so both receive 400 from each source. */
    struct tsig t = {0};
    head_with_comms(&t,
                    "<comm id=\"0\" gid=\"0\" members=\"0 1\"/>"
                    "<comm id=\"1\" gid=\"9\" created-by=\"MPI_Dist_graph_create_adjacent\" "
                    "parent-slot=\"0\" members=\"0 1\" graph=\"1\">"
                    "<neighbors member=\"0\" in=\"1\" out=\"1 1\"/>"
                    "<neighbors member=\"1\" in=\"0 0\" out=\"0\"/></comm>",
                    "0 - 1", "0 - 1");
    tclass(&t, 0, "0 1", 1);
    tsym(&t, 0, "MPI_Dist_graph_create_adjacent", "comm=\"0\" newcomm=\"2\"", "", 0, 0, "");
    tsym(&t, 1, "MPI_Neighbor_alltoallv", "comm=\"2\"", "", 400, 8, "");
    tput(&t, "<block id=\"0\"><s ref=\"1\"/></block>\n"
             "<block id=\"1\"><s ref=\"0\"/><loop body=\"0\" count=\"8\"/></block>\n</class>\n");
    skel_signature *g = tsig_end(&t);
    skel_plan *gp = NULL;
    cr_assert_eq(skel_plan_build(g, 4, SKEL_PLAN_LOOPS, &gp), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(gp, 0), SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(op_of(gp, 0)->newcomm, SKEL_PLAN_GRAPH);
    cr_expect_eq(calls(gp, 0, "MPI_Dist_graph_create_adjacent"), 1);
    cr_expect_eq(op_of(gp, 1)->ucount, 400, "%lld per source", (long long)op_of(gp, 1)->ucount);
    skel_plan_free(gp);
    skel_signature_free(g);

    /* On a communicator without a Cartesian topology: refused by name. */
    skel_signature *s = ring_collective("MPI_Neighbor_alltoall", "comm=\"0\"", 400, 8);
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 4, SKEL_PLAN_LOOPS, &p), SKEL_EUNSUPPORTED);
    cr_assert_null(p);
    expect_detail("symbol 1 (MPI_Neighbor_alltoall of class 0 at app+0x0): a neighbourhood "
                  "collective on a communicator without a Cartesian topology");
    skel_signature_free(s);
}

/* MPI_Cart_sub's kept dimensions, which the trace does not record, found
 * from the members: a 2 x 1 grid (the second dimension periodic) split into
 * its row of 2 (keeps the first dimension) and its columns of 1 (keep the
 * second: a 1-dimensional communicator of one rank, periodic). */
Test(codegen_schedule, cart_sub_made_again)
{
    struct tsig t = {0};
    head_with_comms(&t,
                    "<comm id=\"0\" gid=\"0\" members=\"0 1\"/>"
                    "<comm id=\"1\" gid=\"5\" created-by=\"MPI_Cart_create\" parent-slot=\"0\" "
                    "members=\"0 1\" dims=\"2 1\" periods=\"0 1\"/>"
                    "<comm id=\"2\" gid=\"6\" created-by=\"MPI_Cart_sub\" parent-slot=\"2\" "
                    "members=\"0 1\" dims=\"2\" periods=\"0\"/>"
                    "<comm id=\"3\" gid=\"8\" created-by=\"MPI_Cart_sub\" parent-slot=\"2\" "
                    "members=\"0\" dims=\"1\" periods=\"1\"/>"
                    "<comm id=\"4\" gid=\"10\" created-by=\"MPI_Cart_sub\" parent-slot=\"2\" "
                    "members=\"1\" dims=\"1\" periods=\"1\"/>"
                    "<comm id=\"5\" gid=\"12\" created-by=\"MPI_Cart_sub\" parent-slot=\"2\" "
                    "members=\"1 0\" dims=\"2\" periods=\"0\"/>",
                    "0 - 1 2 3 5", "0 - 1 2 4 5");
    tclass(&t, 0, "0 1", 0);
    tsym(&t, 0, "MPI_Cart_create", "comm=\"0\" newcomm=\"2\"", "", 0, 0, "");
    tsym(&t, 1, "MPI_Cart_sub", "comm=\"2\" newcomm=\"3\"", "", 0, 0, "");
    tsym(&t, 2, "MPI_Cart_sub", "comm=\"2\" newcomm=\"4\"", "", 0, 0, "");
    tsym(&t, 3, "MPI_Cart_sub", "comm=\"2\" newcomm=\"5\"", "", 0, 0, "");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/><s ref=\"2\"/><s ref=\"3\"/>"
             "</block>\n</class>\n");
    skel_signature *s = tsig_end(&t);
    int32_t remain[SKEL_SIG_MAXDIMS];
    cr_assert(skel_plan_cart_sub_remain(s, 2, remain));
    cr_expect(remain[0] == 1 && remain[1] == 0, "row: %d %d", remain[0], remain[1]);
    cr_assert(skel_plan_cart_sub_remain(s, 3, remain));
    cr_expect(remain[0] == 0 && remain[1] == 1, "column: %d %d", remain[0], remain[1]);
    cr_assert(skel_plan_cart_sub_remain(s, 4, remain));
    cr_expect(!skel_plan_cart_sub_remain(s, 1, remain), "made by MPI_Cart_create");
    cr_expect(!skel_plan_cart_sub_remain(s, 5, remain), "members not in MPI_Cart_sub's order");

    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(op_of(p, 1)->newcomm, SKEL_PLAN_CART_SUB);
    cr_expect_eq(op_of(p, 2)->newcomm, SKEL_PLAN_CART_SUB);
    cr_expect_eq(op_of(p, 3)->newcomm, SKEL_PLAN_SPLIT, "reordered: a split given the topology");
    cr_expect_eq(calls(p, 0, "MPI_Cart_sub"), 2);
    skel_plan_free(p);
    skel_signature_free(s);
}

/* Mode epochs.  loop(20) { Isend to the next rank; Allreduce; Recv from the
 * previous one; Wait; Allreduce }: every Allreduce ends an epoch, and the
 * message sent before the first of each pair is received after it, so it
 * crosses the boundaries after epochs 0, 2, 4... and never those after 1,
 * 3, 5... */
static skel_signature *exchange_across_allreduce(void)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 0});
    tclass(&t, 0, "0 1", 1);
    tsym(&t, 0, "MPI_Isend", "tag=\"1\"", PEER("mod", 1), 100, 8, "");
    tsym(&t, 1, "MPI_Allreduce", "op=\"MPI_SUM\"", "", 1, 8, "");
    tsym(&t, 2, "MPI_Recv", "tag=\"1\"", PEER("mod", -1), 100, 8, "");
    tsym(&t, 3, "MPI_Wait", "", "", 0, 0, "<link dist=\"1\" index=\"0\" call=\"MPI_Isend\"/>");
    tsym(&t, 4, "MPI_Allreduce", "op=\"MPI_MAX\"", "", 1, 8, "");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/><s ref=\"2\"/><s ref=\"3\"/>"
             "<s ref=\"4\"/></block>\n"
             "<block id=\"1\"><loop body=\"0\" count=\"20\"/></block>\n</class>\n");
    return tsig_end(&t);
}

Test(codegen_schedule, epochs_made_in_runs_no_message_leaves)
{
    skel_signature *s = exchange_across_allreduce();
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 4, SKEL_PLAN_EPOCHS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(p->nekeep, 41, "40 Allreduces end 40 epochs: %llu", (unsigned long long)p->nekeep);
    cr_expect(p->ekeep[0], "the first epoch is made");
    uint64_t made = 0;
    for (uint64_t e = 0; e < p->nekeep; e++) {
        made += p->ekeep[e];
        if (e + 1 < p->nekeep && p->ekeep[e] != p->ekeep[e + 1])
            cr_expect(e % 2 == 1,
                      "made and left out change after epoch %llu, which a message "
                      "crosses",
                      (unsigned long long)e);
    }
    cr_expect(made >= 9 && made <= 12, "%llu epochs made of 41 at K = 4", (unsigned long long)made);
    cr_expect_eq(p->epochs_kept, made);
    /* Every call of an epoch made, at full size; the pairs stay whole. */
    cr_expect_eq(calls(p, 0, "MPI_Isend"), calls(p, 0, "MPI_Recv"));
    cr_expect_eq(calls(p, 0, "MPI_Allreduce"), made);
    cr_expect_eq(p->ops[0].count[0], 100, "at full weight");
    cr_expect(fabs(p->epoch_ratio - 1) <= SKEL_PLAN_EPOCH_TOL, "ratio %g", p->epoch_ratio);
    skel_plan_free(p);
    skel_signature_free(s);
}

/* Mode epochs, epochs of unequal cost.  loop(20) { Allreduce after 1 ms of
 * compute; Allreduce after 10 us }: every Allreduce ends an epoch, so long
 * and short epochs alternate.  Counting epochs, one in two at K = 2 was
 * every short one (0.12 of 1/K); weighed by their time, the
 * epochs made model 1/K, about half the long ones. */
/* Two ranks of one class, two Allreduces (symbols 0 and 1) after compute
 * of c0 and c1 ns, in the blocks given (block 1 the program); its plan at
 * scale k in mode epochs, checked. */
static skel_plan *two_allreduce_epochs(const char *blocks, double c0, double c1, double k,
                                       skel_signature **sig)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 0});
    tclass(&t, 0, "0 1", 1);
    tsym(&t, 0, "MPI_Allreduce", "op=\"MPI_SUM\"", "", 1, 8, "");
    tsym(&t, 1, "MPI_Allreduce", "op=\"MPI_MAX\"", "", 1, 8, "");
    tput(&t, "%s</class>\n", blocks);
    skel_signature *s = tsig_end(&t);
    s->symbols[0].compute.mean = c0;
    s->symbols[1].compute.mean = c1;
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, k, SKEL_PLAN_EPOCHS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    *sig = s;
    return p;
}

Test(codegen_schedule, epochs_weighed_by_their_time)
{
    skel_signature *s;
    skel_plan *p = two_allreduce_epochs("<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/></block>\n"
                                        "<block id=\"1\"><loop body=\"0\" count=\"20\"/></block>\n",
                                        1e6, 1e4, 2, &s);
    cr_assert_eq(p->nekeep, 41, "%llu epochs", (unsigned long long)p->nekeep);
    uint64_t long_made = 0, short_made = 0;
    for (uint64_t e = 0; e + 1 < p->nekeep; e++)
        *(e % 2 == 0 ? &long_made : &short_made) += p->ekeep[e];
    cr_expect(long_made >= 9 && long_made <= 11, "%llu of the 20 long epochs made",
              (unsigned long long)long_made);
    cr_expect(fabs(p->epoch_ratio - 1) <= SKEL_CODEGEN_EPOCH_PREFER, "ratio %g", p->epoch_ratio);
    cr_expect_eq(calls(p, 0, "MPI_Allreduce"), long_made + short_made);
    skel_plan_free(p);
    skel_signature_free(s);
}

/* Mode epochs, an epoch longer than a share at the end.  loop(60) {
 * Allreduce after 10 us } then one Allreduce after 400 us: at K = 4 the
 * last epoch alone is 0.4 of the run, more than its share, so it is left
 * out, and a choice that made 1/K of the short epochs as they came would
 * end at 0.6 of 1/K.  Aiming higher from the start, the epochs made model
 * 1/K, the long one left out. */
Test(codegen_schedule, epochs_aim_for_the_whole_run)
{
    skel_signature *s;
    skel_plan *p = two_allreduce_epochs(
        "<block id=\"0\"><s ref=\"0\"/></block>\n"
        "<block id=\"1\"><loop body=\"0\" count=\"60\"/><s ref=\"1\"/></block>\n",
        1e4, 4e5, 4, &s);
    cr_assert_eq(p->nekeep, 62, "%llu epochs", (unsigned long long)p->nekeep);
    cr_expect(!p->ekeep[60], "the long epoch is left out");
    cr_expect(fabs(p->epoch_ratio - 1) <= SKEL_CODEGEN_EPOCH_PREFER, "ratio %g", p->epoch_ratio);
    skel_plan_free(p);
    skel_signature_free(s);
}

/* Every boundary crossed: the epochs cannot be left out, so they would all
 * be made; their model is K times 1/K, and the mode is refused. */
Test(codegen_schedule, epochs_refused_when_every_boundary_is_crossed)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 0});
    tclass(&t, 0, "0 1", 1);
    tsym(&t, 0, "MPI_Isend", "tag=\"1\"", PEER("mod", 1), 100, 8, "");
    tsym(&t, 1, "MPI_Allreduce", "op=\"MPI_SUM\"", "", 1, 8, "");
    tsym(&t, 2, "MPI_Recv", "tag=\"1\"", PEER("mod", -1), 100, 8, "");
    tsym(&t, 3, "MPI_Wait", "", "", 0, 0, "<link dist=\"1\" index=\"0\" call=\"MPI_Isend\"/>");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/><s ref=\"2\"/><s ref=\"3\"/></block>\n"
             "<block id=\"1\"><loop body=\"0\" count=\"20\"/></block>\n</class>\n");
    skel_signature *s = tsig_end(&t);
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 4, SKEL_PLAN_EPOCHS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 0), SKEL_EDEADLOCK);
    expect_detail("mode epochs: the 21 epochs kept of 21");
    skel_plan_free(p);
    skel_signature_free(s);
}

/* Both ranks make a persistent send of 1000 doubles to the next rank once,
 * then 10 times start it, wait for it and receive from the previous rank:
 * with MPI_Bsend_init the waits complete into the attached buffer whatever
 * the eager limit; with MPI_Send_init and no send assumed eager they would
 * wait for receives nobody has posted yet. */
static skel_signature *persistent_then_recv(const char *init)
{
    struct tsig t = {0};
    char link[128];
    snprintf(link, sizeof link, "<link dist=\"1\" index=\"0\" call=\"%s\"/>", init);
    tsig_head(&t, 2, (int[]){0, 0});
    tclass(&t, 0, "0 1", 1);
    tsym(&t, 0, init, "tag=\"1\"", PEER("mod", 1), 1000, 8, "");
    tsym(&t, 1, "MPI_Start", "", "", 0, 0, link);
    tsym(&t, 2, "MPI_Wait", "", "", 0, 0, link);
    tsym(&t, 3, "MPI_Recv", "tag=\"1\"", PEER("mod", -1), 1000, 8, "");
    tsym(&t, 4, "MPI_Request_free", "", "", 0, 0, link);
    tput(&t, "<block id=\"0\"><s ref=\"1\"/><s ref=\"2\"/><s ref=\"3\"/></block>\n"
             "<block id=\"1\"><s ref=\"0\"/><loop body=\"0\" count=\"10\"/><s ref=\"4\"/>"
             "</block>\n</class>\n");
    return tsig_end(&t);
}

Test(codegen_schedule, persistent_buffered_sends)
{
    skel_signature *s = persistent_then_recv("MPI_Bsend_init");
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(calls(p, 0, "MPI_Bsend_init"), 1);
    cr_expect_eq(calls(p, 0, "MPI_Start"), 10);
    cr_expect_eq(p->bsend_msgs, 1);
    cr_expect_eq(p->bsend_bytes, 8000);
    skel_plan_free(p);
    skel_signature_free(s);

    s = persistent_then_recv("MPI_Send_init");
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(check(p, 0), SKEL_EDEADLOCK, "standard persistent sends buffered");
    skel_plan_free(p);
    skel_signature_free(s);
}

/* MPI_Comm_idup of MPI_COMM_WORLD (slot 2), then the symbols of order[]:
 * 1 the Wait on its request, 2 an Allreduce on the duplicate, 3 its
 * MPI_Comm_free; an MPI_Isend to the next rank and an MPI_Recv from the
 * previous one come between the idup and the Wait, which completes both. */
static skel_signature *idup_then(const char *order)
{
    struct tsig t = {0};
    head_with_comms(&t,
                    "<comm id=\"0\" gid=\"0\" members=\"0 1\"/>"
                    "<comm id=\"1\" gid=\"4\" created-by=\"MPI_Comm_idup\" parent-slot=\"0\" "
                    "members=\"0 1\"/>",
                    "0 - 1", "0 - 1");
    tclass(&t, 0, "0 1", 0);
    tsym(&t, 0, "MPI_Comm_idup", "comm=\"0\" newcomm=\"2\"", "", 0, 0, "");
    tsym(&t, 1, "MPI_Waitall", "", "", 0, 0,
         "<link dist=\"2\" index=\"0\" call=\"MPI_Comm_idup\"/>"
         "<link dist=\"1\" index=\"1\" call=\"MPI_Isend\"/>");
    tsym(&t, 2, "MPI_Allreduce", "comm=\"2\" op=\"MPI_SUM\"", "", 1, 8, "");
    tsym(&t, 3, "MPI_Comm_free", "comm=\"2\"", "", 0, 0, "");
    tsym(&t, 4, "MPI_Isend", "tag=\"1\"", PEER("mod", 1), 100, 8, "");
    tsym(&t, 5, "MPI_Recv", "tag=\"1\"", PEER("mod", -1), 100, 8, "");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/><s ref=\"4\"/><s ref=\"5\"/>");
    for (const char *c = order; *c != '\0'; c++)
        tput(&t, "<s ref=\"%c\"/>", *c);
    tput(&t, "</block>\n</class>\n");
    return tsig_end(&t);
}

Test(codegen_schedule, comm_idup_completes_where_the_application_did)
{
    /* The application's order: made as MPI_Comm_idup with a request, which
     * counts as an activation (the Isend's link is 1, the idup's 2). */
    skel_signature *s = idup_then("123");
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    const skel_plan_op *op = op_of(p, 0);
    cr_expect_eq(op->kind, SKEL_PLAN_COMM);
    cr_expect_eq(op->newcomm, SKEL_PLAN_DUP);
    cr_expect(op->request, "MPI_Comm_idup makes a request");
    cr_expect_eq(calls(p, 0, "MPI_Comm_idup"), 1);
    cr_expect_eq(calls(p, 0, "MPI_Comm_dup"), 0);
    cr_expect_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    skel_plan_free(p);
    skel_signature_free(s);

    /* Used, freed, or left incomplete at the end before its Wait: each is
     * an error in MPI, refused naming what came too early. */
    const struct {
        const char *order, *detail;
    } bad[] = {
        {"213", "MPI_Allreduce of class 0"},
        {"31", "MPI_Comm_free of class 0"},
        {"", "ends with the MPI_Comm_idup of communicator slot 2 not completed"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        s = idup_then(bad[i].order);
        p = NULL;
        cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
        cr_expect_eq(check(p, 0), SKEL_EDEADLOCK, "order '%s' accepted", bad[i].order);
        expect_detail(bad[i].detail);
        if (*bad[i].order != '\0')
            expect_detail("before the MPI_Comm_idup making it completed");
        skel_plan_free(p);
        skel_signature_free(s);
    }
}

/* Two groups coupled by an intercommunicator: rank 0 alone in one half
 * (slot 2), rank 1 in the other, joined by MPI_Intercomm_create (slot 3);
 * rank 0 sends to rank 0 of the remote group and receives its answer,
 * rank 1 receives from MPI_ANY_SOURCE (tag rtag) and answers the sender;
 * then coll (if not NULL) on the intercommunicator, MPI_Intercomm_merge
 * (slot 4, rank 0's group first) and an MPI_Allreduce on the merged one. */
/* pre0, pre1: each group's root element of the collective (NULL: none). */
static skel_signature *coupled_root(int rtag, const char *coll, long count1, const char *pre0,
                                    const char *pre1)
{
    struct tsig t = {0};
    tsig_head_full(&t, 2, (int[]){0, 1}, NULL, NULL,
                   "<comm id=\"0\" gid=\"0\" members=\"0 1\"/>"
                   "<comm id=\"1\" gid=\"3\" created-by=\"MPI_Comm_split\" parent-slot=\"0\" "
                   "members=\"0\"/>"
                   "<comm id=\"2\" gid=\"5\" created-by=\"MPI_Intercomm_create\" "
                   "parent-slot=\"2\" inter=\"1\" members=\"0\" remote=\"1\"/>"
                   "<comm id=\"3\" gid=\"7\" created-by=\"MPI_Intercomm_merge\" "
                   "parent-slot=\"3\" members=\"0 1\"/>"
                   "<comm id=\"4\" gid=\"9\" created-by=\"MPI_Comm_split\" parent-slot=\"0\" "
                   "members=\"1\"/>"
                   "<comm id=\"5\" gid=\"11\" created-by=\"MPI_Intercomm_create\" "
                   "parent-slot=\"2\" inter=\"1\" members=\"1\" remote=\"0\"/>",
                   (const char *const[]){"0 - 1 2 3", "0 - 4 5 3"});
    char tag[32];
    snprintf(tag, sizeof tag, "comm=\"3\" tag=\"%d\"", rtag);
    for (int cls = 0; cls < 2; cls++) {
        int b = cls * 7;
        tclass(&t, cls, cls ? "1" : "0", cls);
        tsym(&t, b, "MPI_Comm_split", "comm=\"0\" newcomm=\"2\"", "", 0, 0, "");
        tsym(&t, b + 1, "MPI_Intercomm_create", "comm=\"2\" newcomm=\"3\"", "", 0, 0, "");
        if (cls == 0) {
            tsym(&t, 2, "MPI_Send", "comm=\"3\" tag=\"1\"", PEER("abs", 0), 100, 8, "");
            tsym(&t, 3, "MPI_Recv", "comm=\"3\" tag=\"2\"", PEER("abs", 0), 100, 8, "");
        } else {
            tsym(&t, b + 2, "MPI_Recv", tag, "<peer kind=\"any\"/>", 100, 8, "");
            tsym(&t, b + 3, "MPI_Send", "comm=\"3\" tag=\"2\"", "<peer kind=\"reply\"/>", 100, 8,
                 "");
        }
        const char *pre = cls ? pre1 : pre0;
        tsym(&t, b + 4, coll != NULL ? coll : "MPI_Barrier", "comm=\"3\"", pre ? pre : "",
             cls ? count1 : 1, 8, "");
        tsym(&t, b + 5, "MPI_Intercomm_merge", "comm=\"3\" newcomm=\"4\"", "", 0, 0, "");
        tsym(&t, b + 6, "MPI_Allreduce", "comm=\"4\" op=\"MPI_SUM\"", "", 1, 8, "");
        tput(&t, "<block id=\"%d\"><s ref=\"%d\"/><s ref=\"%d\"/><s ref=\"%d\"/><s ref=\"%d\"/>",
             cls, b, b + 1, b + 2, b + 3);
        if (coll != NULL)
            tput(&t, "<s ref=\"%d\"/>", b + 4);
        tput(&t, "<s ref=\"%d\"/><s ref=\"%d\"/></block>\n</class>\n", b + 5, b + 6);
    }
    return tsig_end(&t);
}

static skel_signature *coupled_n(int rtag, const char *coll, long count1)
{
    return coupled_root(rtag, coll, count1, NULL, NULL);
}

static skel_signature *coupled(int rtag, const char *coll)
{
    return coupled_n(rtag, coll, 1);
}

Test(codegen_schedule, intercommunicators_made_again)
{
    /* Made by the application's calls; the two sides' messages meet even
     * with every send synchronous, and so do their collectives. */
    skel_signature *s = coupled(1, "MPI_Barrier");
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(op_of(p, 1)->newcomm, SKEL_PLAN_INTER);
    cr_expect_eq(op_of(p, 1)->call, SKEL_CALL_MPI_Intercomm_create);
    cr_expect_eq(op_of(p, 5)->newcomm, SKEL_PLAN_MERGE);
    cr_expect_eq(op_of(p, 12)->newcomm, SKEL_PLAN_MERGE);
    cr_expect_eq(calls(p, 1, "MPI_Intercomm_merge"), 1);
    cr_expect_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    skel_plan_free(p);
    skel_signature_free(s);

    /* A receive on the other side that no message matches is found. */
    s = coupled(3, NULL);
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(check(p, 0), SKEL_EDEADLOCK);
    expect_detail("MPI_ANY_SOURCE with tag 3");
    skel_plan_free(p);
    skel_signature_free(s);

    /* All-gather, all-reduce and all-to-all (and the v and w forms, counted
     * per remote rank) across the two groups: both sides use the largest
     * count either sent (group 1 sent 3 values, group 0 one), so each
     * side's receive fits the other's send. */
    static const char *const across[] = {"MPI_Allgather", "MPI_Iallgather", "MPI_Allreduce",
                                         "MPI_Alltoall",  "MPI_Allgatherv", "MPI_Alltoallv",
                                         "MPI_Alltoallw"};
    for (size_t i = 0; i < sizeof across / sizeof *across; i++) {
        s = coupled_n(1, across[i], 3);
        p = NULL;
        cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s: %s", across[i],
                     skel_last_error());
        if (strcmp(across[i], "MPI_Iallgather") != 0) { /* no Wait: its own check */
            cr_expect_eq(check(p, 0), SKEL_OK, "%s: %s", across[i], skel_last_error());
            cr_expect_eq(op_of(p, 4)->ucount, op_of(p, 11)->ucount, "%s", across[i]);
            cr_expect_geq(op_of(p, 4)->ucount * (int64_t)op_of(p, 4)->udtsize, 3 * 8, "%s",
                          across[i]);
        }
        skel_plan_free(p);
        skel_signature_free(s);
    }

    /* Rooted ones: group 0's rank passes MPI_ROOT, group 1's names it as
     * rank 0 of its remote group; the skeleton passes MPI_ROOT too. */
    static const char *const rooted[] = {"MPI_Bcast",   "MPI_Reduce",  "MPI_Gather",
                                         "MPI_Scatter", "MPI_Gatherv", "MPI_Scatterv"};
    for (size_t i = 0; i < sizeof rooted / sizeof *rooted; i++) {
        s = coupled_root(1, rooted[i], 3, "<root kind=\"root\"/>",
                         "<root kind=\"abs\" value=\"0\"/>");
        p = NULL;
        cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s: %s", rooted[i],
                     skel_last_error());
        cr_expect_eq(check(p, 0), SKEL_OK, "%s: %s", rooted[i], skel_last_error());
        cr_expect_eq(op_of(p, 4)->ucount, op_of(p, 11)->ucount, "%s", rooted[i]);
        skel_plan_free(p);
        skel_signature_free(s);
    }
    /* Both groups claiming the root: the two sides' calls do not match. */
    s = coupled_root(1, "MPI_Bcast", 1, "<root kind=\"root\"/>", "<root kind=\"root\"/>");
    p = NULL;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(check(p, 0), SKEL_EDEADLOCK);
    expect_detail("collective mismatch");
    skel_plan_free(p);
    skel_signature_free(s);
    /* MPI_ROOT on an intracommunicator (the merged one): refused. */
    s = coupled(1, NULL);
    s->symbols[6].call = SKEL_CALL_MPI_Bcast;
    s->symbols[6].root.kind = SKEL_SIG_PEER_ROOT;
    p = NULL;
    cr_expect_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_EUNSUPPORTED);
    expect_detail("MPI_ROOT outside a collective on an intercommunicator");
    skel_plan_free(p);
    skel_signature_free(s);

    /* Reduce-scatter (refused until 2026-11-28): each group's vector is
     * scattered over the other, so both sides get one length, at least the
     * largest count times its group's size (group 1 received 3 values,
     * group 0 one; one rank each). */
    static const char *const redscat[] = {"MPI_Reduce_scatter", "MPI_Reduce_scatter_block"};
    for (size_t i = 0; i < sizeof redscat / sizeof *redscat; i++) {
        s = coupled_n(1, redscat[i], 3);
        p = NULL;
        cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s: %s", redscat[i],
                     skel_last_error());
        cr_expect_eq(check(p, 0), SKEL_OK, "%s: %s", redscat[i], skel_last_error());
        cr_expect_eq(op_of(p, 4)->ucount, op_of(p, 11)->ucount, "%s", redscat[i]);
        cr_expect_eq(op_of(p, 4)->ucount, 3, "%s", redscat[i]);
        skel_plan_free(p);
        skel_signature_free(s);
    }
    /* MPI_IN_PLACE there is still refused. */
    s = coupled_n(1, "MPI_Reduce_scatter", 3);
    s->symbols[4].side[SKEL_SIG_SIDE_OTHER].flags |= SKEL_EVF_INPLACE;
    p = NULL;
    cr_expect_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_EUNSUPPORTED);
    expect_detail("MPI_IN_PLACE on an intercommunicator");
    skel_plan_free(p);
    skel_signature_free(s);
}

/* Groups of two (ranks 0 and 2, class 0) and one (rank 1, class 1)
 * coupled by MPI_Intercomm_create (slot 3), then coll on it with count ca
 * in the pair and cb on the lone rank. */
static skel_signature *coupled_2_1(const char *coll, long ca, long cb)
{
    struct tsig t = {0};
    tsig_head_full(&t, 3, (int[]){0, 1, 0}, NULL, NULL,
                   "<comm id=\"0\" gid=\"0\" members=\"0 1 2\"/>"
                   "<comm id=\"1\" gid=\"3\" created-by=\"MPI_Comm_split\" parent-slot=\"0\" "
                   "members=\"0 2\"/>"
                   "<comm id=\"2\" gid=\"5\" created-by=\"MPI_Intercomm_create\" "
                   "parent-slot=\"2\" inter=\"1\" members=\"0 2\" remote=\"1\"/>"
                   "<comm id=\"3\" gid=\"9\" created-by=\"MPI_Comm_split\" parent-slot=\"0\" "
                   "members=\"1\"/>"
                   "<comm id=\"4\" gid=\"5\" created-by=\"MPI_Intercomm_create\" "
                   "parent-slot=\"2\" inter=\"1\" members=\"1\" remote=\"0 2\"/>",
                   (const char *const[]){"0 - 1 2", "0 - 3 4", "0 - 1 2"});
    for (int cls = 0; cls < 2; cls++) {
        int b = cls * 3;
        tclass(&t, cls, cls ? "1" : "0 2", cls);
        tsym(&t, b, "MPI_Comm_split", "comm=\"0\" newcomm=\"2\"", "", 0, 0, "");
        tsym(&t, b + 1, "MPI_Intercomm_create", "comm=\"2\" newcomm=\"3\"", "", 0, 0, "");
        tsym(&t, b + 2, coll, "comm=\"3\" op=\"MPI_SUM\"", "", cls ? cb : ca, 8, "");
        tput(&t,
             "<block id=\"%d\"><s ref=\"%d\"/><s ref=\"%d\"/><s ref=\"%d\"/></block>\n"
             "</class>\n",
             cls, b, b + 1, b + 2);
    }
    return tsig_end(&t);
}

Test(codegen_schedule, intercommunicator_reduce_scatter_unequal_groups)
{
    /* Each group's vector is reduced and scattered over the other: its
     * length is a rank's count times its own group's size, the same on both
     * sides in a correct program (1 x 2 = 2 x 1), and the check gives both
     * groups the larger where a signature's counts differ (3 x 1 > 1 x 2),
     * so no receive of the skeleton is truncated. */
    static const struct {
        const char *call;
        long ca, cb;
        int64_t len;
    } cases[] = {{"MPI_Reduce_scatter_block", 1, 2, 2},
                 {"MPI_Reduce_scatter", 2, 4, 4},
                 {"MPI_Reduce_scatter_block", 1, 3, 3},
                 {"MPI_Reduce_scatter", 3, 1, 6}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        skel_signature *s = coupled_2_1(cases[i].call, cases[i].ca, cases[i].cb);
        skel_plan *p = NULL;
        cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s: %s", cases[i].call,
                     skel_last_error());
        cr_expect_eq(check(p, 0), SKEL_OK, "%s: %s", cases[i].call, skel_last_error());
        cr_expect_eq(op_of(p, 2)->ucount, cases[i].len, "case %zu: %lld", i,
                     (long long)op_of(p, 2)->ucount);
        cr_expect_eq(op_of(p, 5)->ucount, cases[i].len, "case %zu: %lld", i,
                     (long long)op_of(p, 5)->ucount);
        skel_plan_free(p);
        skel_signature_free(s);
    }
}

/* The coupled halves of coupled_root, then call (MPI_Comm_dup or another
 * maker) on the intercommunicator (slot 3) making slot 4 - sides 6 and 7,
 * the intercommunicator's two groups - and a message from rank 0 to rank 1
 * (MPI_ANY_SOURCE) and a barrier on it. */
static skel_signature *coupled_dup(const char *call)
{
    struct tsig t = {0};
    tsig_head_full(&t, 2, (int[]){0, 1}, NULL, NULL,
                   "<comm id=\"0\" gid=\"0\" members=\"0 1\"/>"
                   "<comm id=\"1\" gid=\"3\" created-by=\"MPI_Comm_split\" parent-slot=\"0\" "
                   "members=\"0\"/>"
                   "<comm id=\"2\" gid=\"5\" created-by=\"MPI_Intercomm_create\" "
                   "parent-slot=\"2\" inter=\"1\" members=\"0\" remote=\"1\"/>"
                   "<comm id=\"3\" gid=\"9\" created-by=\"MPI_Comm_split\" parent-slot=\"0\" "
                   "members=\"1\"/>"
                   "<comm id=\"4\" gid=\"5\" created-by=\"MPI_Intercomm_create\" "
                   "parent-slot=\"2\" inter=\"1\" members=\"1\" remote=\"0\"/>"
                   "<comm id=\"5\" gid=\"13\" created-by=\"MPI_Comm_dup\" "
                   "parent-slot=\"3\" inter=\"1\" members=\"0\" remote=\"1\"/>"
                   "<comm id=\"6\" gid=\"13\" created-by=\"MPI_Comm_dup\" "
                   "parent-slot=\"3\" inter=\"1\" members=\"1\" remote=\"0\"/>",
                   (const char *const[]){"0 - 1 2 5", "0 - 3 4 6"});
    for (int cls = 0; cls < 2; cls++) {
        int b = cls * 5;
        tclass(&t, cls, cls ? "1" : "0", cls);
        tsym(&t, b, "MPI_Comm_split", "comm=\"0\" newcomm=\"2\"", "", 0, 0, "");
        tsym(&t, b + 1, "MPI_Intercomm_create", "comm=\"2\" newcomm=\"3\"", "", 0, 0, "");
        tsym(&t, b + 2, call, "comm=\"3\" newcomm=\"4\"", "", 0, 0, "");
        if (cls == 0)
            tsym(&t, b + 3, "MPI_Send", "comm=\"4\" tag=\"3\"", PEER("abs", 0), 8, 8, "");
        else
            tsym(&t, b + 3, "MPI_Recv", "comm=\"4\" tag=\"3\"", "<peer kind=\"any\"/>", 8, 8, "");
        tsym(&t, b + 4, "MPI_Barrier", "comm=\"4\"", "", 0, 0, "");
        tput(&t, "<block id=\"%d\">", cls);
        for (int i = 0; i < 5; i++)
            tput(&t, "<s ref=\"%d\"/>", b + i);
        tput(&t, "</block>\n</class>\n");
    }
    return tsig_end(&t);
}

Test(codegen_schedule, intercommunicator_duplicated)
{
    /* MPI_Comm_dup of an intercommunicator: made by the same call, its
     * message and barrier across the groups meet. */
    skel_signature *s = coupled_dup("MPI_Comm_dup");
    skel_plan *p = NULL;
    cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(op_of(p, 2)->newcomm, SKEL_PLAN_DUP);
    cr_expect_eq(op_of(p, 7)->newcomm, SKEL_PLAN_DUP);
    cr_expect_eq(check(p, 0), SKEL_OK, "%s", skel_last_error());
    skel_plan_free(p);
    skel_signature_free(s);
    /* MPI_Comm_split and MPI_Comm_create of an intercommunicator (refused
     * until 2026-11-28): made by the same call; the new intercommunicator's
     * message and barrier meet. */
    static const struct {
        const char *call;
        uint8_t method;
    } parts[] = {{"MPI_Comm_split", SKEL_PLAN_SPLIT}, {"MPI_Comm_create", SKEL_PLAN_CREATE}};
    for (size_t i = 0; i < sizeof parts / sizeof *parts; i++) {
        s = coupled_dup(parts[i].call);
        p = NULL;
        cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s: %s", parts[i].call,
                     skel_last_error());
        cr_expect_eq(op_of(p, 2)->newcomm, parts[i].method, "%s", parts[i].call);
        cr_expect_eq(op_of(p, 7)->newcomm, parts[i].method, "%s", parts[i].call);
        cr_expect_eq(check(p, 0), SKEL_OK, "%s: %s", parts[i].call, skel_last_error());
        skel_plan_free(p);
        skel_signature_free(s);
    }
    /* A remote group that is not a part of the parent's: refused. */
    s = coupled_dup("MPI_Comm_split");
    s->comms[5].remote[0] = 0;
    p = NULL;
    cr_expect_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_EUNSUPPORTED);
    expect_detail("whose groups are not parts of its parent's");
    skel_plan_free(p);
    skel_signature_free(s);
    /* Another maker on an intercommunicator is refused, naming it. */
    s = coupled_dup("MPI_Comm_split_type");
    p = NULL;
    cr_expect_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_EUNSUPPORTED);
    expect_detail("MPI_Comm_split_type of class 0");
    expect_detail("duplicating calls may make or come from intercommunicators");
    skel_plan_free(p);
    skel_signature_free(s);
}

/* MPI_Comm_create of a group of rank 0 alone: rank 1's class got
 * MPI_COMM_NULL (its symbol makes no communicator), as BLACS gives the
 * ranks outside a process grid.  call: the maker. */
static skel_signature *grid_of_one(const char *call)
{
    struct tsig t = {0};
    tsig_head_full(&t, 2, (int[]){0, 1}, NULL, NULL,
                   "<comm id=\"0\" gid=\"0\" members=\"0 1\"/>"
                   "<comm id=\"1\" gid=\"3\" created-by=\"MPI_Comm_create\" parent-slot=\"0\" "
                   "members=\"0\"/>",
                   (const char *const[]){"0 - 1", "0 -"});
    tclass(&t, 0, "0", 0);
    tsym(&t, 0, call, "comm=\"0\" newcomm=\"2\"", "", 0, 0, "");
    tsym(&t, 1, "MPI_Allreduce", "comm=\"2\" op=\"MPI_SUM\"", "", 1, 8, "");
    tsym(&t, 2, "MPI_Comm_free", "comm=\"2\"", "", 0, 0, "");
    tsym(&t, 3, "MPI_Barrier", "comm=\"0\"", "", 0, 0, "");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/><s ref=\"2\"/><s ref=\"3\"/></block>\n"
             "</class>\n");
    tclass(&t, 1, "1", 1);
    tsym(&t, 4, call, "comm=\"0\"", "", 0, 0, "");
    tsym(&t, 5, "MPI_Barrier", "comm=\"0\"", "", 0, 0, "");
    tput(&t, "<block id=\"1\"><s ref=\"4\"/><s ref=\"5\"/></block>\n</class>\n");
    return tsig_end(&t);
}

Test(codegen_schedule, a_class_outside_the_communicator_made)
{
    /* Made on both sides, rank 1's into a slot of its own that no
     * communicator uses (it gets MPI_COMM_NULL). */
    static const char *const makers[] = {"MPI_Comm_create", "MPI_Comm_split"};
    for (size_t i = 0; i < sizeof makers / sizeof *makers; i++) {
        skel_signature *s = grid_of_one(makers[i]);
        skel_plan *p = NULL;
        cr_assert_eq(skel_plan_build(s, 1, SKEL_PLAN_LOOPS, &p), SKEL_OK, "%s: %s", makers[i],
                     skel_last_error());
        cr_expect_eq(p->null_slot, 3, "%s", makers[i]);
        cr_expect_eq(p->nslots, 4, "%s", makers[i]);
        /* Each made by its own call, the member's and the other alike. */
        int create = strcmp(makers[i], "MPI_Comm_create") == 0;
        cr_expect_eq(op_of(p, 0)->newcomm, create ? SKEL_PLAN_CREATE : SKEL_PLAN_SPLIT, "%s",
                     makers[i]);
        cr_expect_eq(op_of(p, 4)->newcomm, op_of(p, 0)->newcomm, "%s", makers[i]);
        cr_expect_eq(op_of(p, 4)->call, op_of(p, 0)->call, "%s", makers[i]);
        cr_expect_eq(check(p, 0), SKEL_OK, "%s: %s", makers[i], skel_last_error());
        skel_plan_free(p);
        skel_signature_free(s);
    }
}

/* A polling loop folded into one symbol sleeps between its polls in the
 * skeleton only if its phase's time off the CPU per poll was a sleep: the
 * selfprobe corpus program's busy MPI_Iprobe loop (4.6 polls per found
 * message, 2212 ns of wall time and 1983 ns of CPU before each: 50 ns off
 * the CPU per poll, preemption) polls busily; a loop that slept 200 us per
 * poll sleeps that long. */
Test(codegen_schedule, busy_polls_preempted_do_not_sleep)
{
    skel_sig_symbol y = {.call = SKEL_CALL_MPI_Iprobe, .occurrences = 14303, .polls = 65861};
    y.compute.count = y.compute_cpu.count = 14303;
    y.compute.mean = 2211.6;
    y.compute_cpu.mean = 1983.4;
    cr_expect_eq(skel_emit_poll_interval(&y), 0, "a preempted busy loop sleeps %ld ns per poll",
                 skel_emit_poll_interval(&y));
    /* The same loop with 200 us of sleep per poll. */
    y.compute.mean = 1983.4 + 200e3 * 65861.0 / 14303.0;
    long per = skel_emit_poll_interval(&y);
    cr_expect(per > 199000 && per < 201000, "sleeps %ld ns per poll, not 200 us", per);
    /* 5 us off per poll against 50 us of CPU per poll: preemption again. */
    y.compute_cpu.mean = 50e3 * 65861.0 / 14303.0;
    y.compute.mean = y.compute_cpu.mean + 5e3 * 65861.0 / 14303.0;
    cr_expect_eq(skel_emit_poll_interval(&y), 0);
    /* A loop that never left the CPU. */
    y.compute.mean = y.compute_cpu.mean;
    cr_expect_eq(skel_emit_poll_interval(&y), 0);
}
