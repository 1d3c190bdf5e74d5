/* test_replay.c - the cross-rank replay: matching by channel and posting
 * order, wildcards, collectives as groups, and traces that cannot complete. */
#include <criterion/criterion.h>

#include "error.h"
#include "meta.h"
#include "profile.h"
#include "replay.h"
#include "trace.h"
#include "writer.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAXR 20

static char dir[64];
static skel_writer *w[MAXR];
static uint64_t clk[MAXR], nreq[MAXR], nev[MAXR];
static int nranks;

static void open_trace(int n)
{
    snprintf(dir, sizeof dir, "/tmp/skel-test-replay-XXXXXX");
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
        skel_rank_info info = {.rank = (uint32_t)r, .nranks = (uint32_t)n, .host = "h"};
        cr_assert_eq(skel_writer_open(p, &info, 4096, 1, &w[r]), SKEL_OK);
        clk[r] = 1000;
        nreq[r] = 1;
        nev[r] = 0;
    }
}

/* Append an event to rank r, 100 ns after the previous one, lasting 10 ns. */
static uint64_t add(int r, skel_event *ev)
{
    ev->gap_wall = ev->gap_cpu = clk[r] == 1000 ? 0 : 100;
    ev->t_start = clk[r] + 100;
    ev->t_end = ev->t_start + 10;
    clk[r] = ev->t_end;
    if (skel_class_creates_request(skel_call_info(ev->call)->klass))
        ev->req = nreq[r]++;
    cr_assert_eq(skel_writer_event(w[r], ev), SKEL_OK, "rank %d: %s", r, skel_last_error());
    nev[r]++;
    return ev->req;
}

static uint64_t p2p(int r, int call, int peer, int tag)
{
    skel_event ev;
    skel_event_init(&ev);
    ev.call = (uint16_t)call;
    ev.peer = peer;
    ev.tag = tag;
    ev.count = 1;
    ev.dtsize = 8;
    ev.bytes = 8;
    if (call == SKEL_CALL_MPI_Recv) {
        ev.asrc = peer;
        ev.atag = tag;
        ev.rbytes = 8;
    }
    return add(r, &ev);
}

static void wait_for(int r, const uint64_t *reqs, const int32_t *src, const int32_t *tag, int n,
                     int call)
{
    skel_event ev;
    skel_completion c[8];
    skel_event_init(&ev);
    ev.call = (uint16_t)call;
    for (int i = 0; i < n; i++)
        c[i] = (skel_completion){
            .req = reqs[i], .index = (uint32_t)i, .src = src[i], .tag = tag[i], .bytes = 8};
    ev.ncomplete = (uint32_t)n;
    ev.complete = c;
    add(r, &ev);
}

static void coll(int r, int call)
{
    skel_event ev;
    skel_event_init(&ev);
    ev.call = (uint16_t)call;
    add(r, &ev);
}

static void close_trace(void)
{
    for (int r = 0; r < nranks; r++) {
        skel_event ev;
        skel_event_init(&ev);
        ev.call = SKEL_CALL_MPI_Finalize;
        add(r, &ev);
        cr_assert_eq(skel_writer_flush(w[r]), SKEL_OK);
        skel_writer_abandon(w[r]); /* the replay does not need end records */
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

/* Replay and check that every delivered receive came after its send was
 * posted; return the replay status; fill the messages seen per rank. */
static int run(skel_replay_stats *st, skel_msg *msgs, int *nmsgs, int *groups)
{
    skel_trace *t;
    cr_assert_eq(skel_trace_open(dir, &t), SKEL_OK, "%s", skel_last_error());
    skel_replay *rp;
    cr_assert_eq(skel_replay_open(t, &rp), SKEL_OK, "%s", skel_last_error());
    skel_replay_item it;
    int rc;
    *nmsgs = 0;
    *groups = 0;
    while ((rc = skel_replay_next(rp, &it)) == 1) {
        for (uint32_t i = 0; i < it.nmsg && *nmsgs < 64; i++)
            msgs[(*nmsgs)++] = it.msg[i];
        if (it.group) {
            (*groups)++;
            cr_assert_eq(it.ncoll, (uint32_t)nranks);
            for (uint32_t i = 0; i < it.ncoll; i++)
                cr_assert_eq(it.coll[i].ev->call, it.ev->call);
        }
    }
    skel_replay_stats_of(rp, st);
    skel_replay_close(rp);
    skel_trace_close(t);
    return rc;
}

Test(replay, posting_order_not_completion_order)
{
    open_trace(2);
    /* rank 0 sends two messages on one channel; rank 1 posts two receives
     * and completes the second first (Waitany) */
    p2p(0, SKEL_CALL_MPI_Send, 1, 5);
    p2p(0, SKEL_CALL_MPI_Send, 1, 5);
    uint64_t r1 = p2p(1, SKEL_CALL_MPI_Irecv, 0, 5);
    uint64_t r2 = p2p(1, SKEL_CALL_MPI_Irecv, 0, 5);
    int32_t src[] = {0}, tag[] = {5};
    wait_for(1, &r2, src, tag, 1, SKEL_CALL_MPI_Waitany);
    wait_for(1, &r1, src, tag, 1, SKEL_CALL_MPI_Waitany);
    close_trace();
    skel_replay_stats st;
    skel_msg m[64];
    int n, g;
    cr_assert_eq(run(&st, m, &n, &g), 0, "%s", skel_last_error());
    cr_assert_eq(n, 2);
    /* The first completion (of r2, posted second) got the second message. */
    cr_assert_eq(m[0].send_seq, 1);
    cr_assert_eq(m[1].send_seq, 0);
    cr_assert_eq(st.messages, 2);
    cr_assert_eq(st.pending_requests, 0);
    cr_assert_eq(st.unmatched_sends, 0);
    remove_trace();
}

Test(replay, wildcard_receives_take_the_actual_source)
{
    open_trace(3);
    uint64_t a = p2p(0, SKEL_CALL_MPI_Irecv, SKEL_PEER_ANY, SKEL_TAG_ANY);
    uint64_t b = p2p(0, SKEL_CALL_MPI_Irecv, SKEL_PEER_ANY, SKEL_TAG_ANY);
    p2p(1, SKEL_CALL_MPI_Send, 0, 1);
    p2p(2, SKEL_CALL_MPI_Send, 0, 2);
    uint64_t reqs[] = {a, b};
    int32_t src[] = {2, 1}, tag[] = {2, 1};
    wait_for(0, reqs, src, tag, 2, SKEL_CALL_MPI_Waitall);
    close_trace();
    skel_replay_stats st;
    skel_msg m[64];
    int n, g;
    cr_assert_eq(run(&st, m, &n, &g), 0, "%s", skel_last_error());
    cr_assert_eq(n, 2);
    cr_assert_eq(m[0].src, 2);
    cr_assert_eq(m[0].completion, 0);
    cr_assert_eq(m[1].src, 1);
    cr_assert_eq(m[1].completion, 1);
    remove_trace();
}

Test(replay, collectives_and_sendrecv_cycles)
{
    open_trace(2);
    for (int r = 0; r < 2; r++) {
        coll(r, SKEL_CALL_MPI_Barrier);
        skel_event ev;
        skel_event_init(&ev);
        ev.call = SKEL_CALL_MPI_Sendrecv;
        ev.peer = ev.peer2 = ev.asrc = 1 - r;
        ev.tag = ev.tag2 = ev.atag = 3;
        ev.bytes = ev.rbytes = 8;
        add(r, &ev);
        coll(r, SKEL_CALL_MPI_Allreduce);
    }
    close_trace();
    skel_replay_stats st;
    skel_msg m[64];
    int n, g;
    cr_assert_eq(run(&st, m, &n, &g), 0, "%s", skel_last_error());
    cr_assert_eq(g, 2, "two collectives, each delivered once as a group");
    cr_assert_eq(st.collectives, 2);
    cr_assert_eq(n, 2);
    remove_trace();
}

/* Memory follows the collectives in flight: an instance delivered to every
 * member is reused (a 5 M-event trace of 250 k collectives held them all,
 * 33 MB, before). */
Test(replay, collective_instances_are_reused_once_delivered)
{
    open_trace(2);
    for (int i = 0; i < 3000; i++) {
        for (int r = 0; r < 2; r++)
            coll(r, SKEL_CALL_MPI_Allreduce);
        uint64_t q[2];
        for (int r = 0; r < 2; r++) {
            skel_event ev;
            skel_event_init(&ev);
            ev.call = SKEL_CALL_MPI_Iallreduce;
            q[r] = add(r, &ev);
        }
        for (int r = 0; r < 2; r++) {
            int32_t src = SKEL_PEER_NONE, tag = SKEL_TAG_NONE;
            wait_for(r, &q[r], &src, &tag, 1, SKEL_CALL_MPI_Wait);
        }
    }
    close_trace();
    skel_replay_stats st;
    skel_msg m[64];
    int n, g;
    cr_assert_eq(run(&st, m, &n, &g), 0, "%s", skel_last_error());
    cr_assert_eq(st.collectives, 6000);
    cr_assert_eq(g, 3000, "the blocking ones, each delivered once as a group");
    cr_assert_eq(st.pending_requests, 0);
    cr_assert_leq(st.coll_instances, 4, "%llu collective instances held for 2 in flight",
                  (unsigned long long)st.coll_instances);
    remove_trace();
}

/* A program that tags by iteration (or by task) uses each (source,
 * destination, tag) once: idle channels are reused. */
Test(replay, channels_of_tags_used_once_are_reused)
{
    open_trace(2);
    for (int i = 0; i < 5000; i++) {
        p2p(0, SKEL_CALL_MPI_Send, 1, i);
        p2p(1, SKEL_CALL_MPI_Recv, 0, i);
        /* and one the receive posts first (MPI_Irecv, then the send) */
        uint64_t q = p2p(0, SKEL_CALL_MPI_Irecv, 1, 100000 + i);
        p2p(1, SKEL_CALL_MPI_Send, 0, 100000 + i);
        int32_t src = 1, tag = 100000 + i;
        wait_for(0, &q, &src, &tag, 1, SKEL_CALL_MPI_Wait);
    }
    close_trace();
    skel_replay_stats st;
    skel_msg m[64];
    int n, g;
    cr_assert_eq(run(&st, m, &n, &g), 0, "%s", skel_last_error());
    cr_assert_eq(st.messages, 10000);
    cr_assert_eq(st.unmatched_sends, 0);
    cr_assert_eq(st.pending_requests, 0);
    cr_assert_leq(st.channels, 8, "%llu channels held for 10000 tags used once",
                  (unsigned long long)st.channels);
    remove_trace();
}

/* An idle channel stays found by its key until another channel takes it
 * (replay.c, channel_of): tags 5, 6 and 7 come back again and again and
 * take their channels up again, tags used once take idle ones (perhaps 5's,
 * which must then be forgotten under its old key), and the receives come
 * in another order than the sends across tags (in order within a tag):
 * every receive must get a message of its own tag. */
Test(replay, idle_channels_taken_up_again_or_by_other_tags)
{
    open_trace(2);
    enum { N = 6000 };
    static int32_t tags[N];
    static int order[N];
    uint64_t x = 88172645463325252ull;
    for (int k = 0; k < N; k++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        tags[k] = x % 4 == 0 ? 1000 + k : 5 + (int32_t)(x / 4 % 3);
        order[k] = k;
    }
    for (int pass = 0; pass < 3; pass++) /* swap neighbours of different tags */
        for (int k = 0; k + 1 < N; k++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            if (x % 2 && tags[order[k]] != tags[order[k + 1]]) {
                int t = order[k];
                order[k] = order[k + 1];
                order[k + 1] = t;
            }
        }
    for (int k = 0; k < N; k++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        if (x % 3 == 0) /* a local call: shifts the interleaving */
            p2p(0, SKEL_CALL_MPI_Iprobe, SKEL_PEER_ANY, SKEL_TAG_ANY);
        p2p(0, SKEL_CALL_MPI_Send, 1, tags[k]);
        p2p(1, SKEL_CALL_MPI_Recv, 0, tags[order[k]]);
    }
    close_trace();
    skel_trace *t;
    cr_assert_eq(skel_trace_open(dir, &t), SKEL_OK, "%s", skel_last_error());
    skel_replay *rp;
    cr_assert_eq(skel_replay_open(t, &rp), SKEL_OK, "%s", skel_last_error());
    skel_replay_item it;
    int rc;
    uint64_t nmsg = 0;
    while ((rc = skel_replay_next(rp, &it)) == 1) {
        if (it.ev->call != SKEL_CALL_MPI_Recv)
            continue;
        cr_assert_eq(it.nmsg, 1);
        cr_assert_eq(it.msg[0].tag, it.ev->atag, "event %llu: a receive of tag %d got tag %d",
                     (unsigned long long)it.ev->seq, it.ev->atag, it.msg[0].tag);
        nmsg++;
    }
    cr_assert_eq(rc, 0, "%s", skel_last_error());
    skel_replay_stats st;
    skel_replay_stats_of(rp, &st);
    cr_expect_eq(nmsg, (uint64_t)N);
    cr_expect_eq(st.unmatched_sends, 0);
    cr_expect_leq(st.channels, 16, "%llu channels", (unsigned long long)st.channels);
    skel_replay_close(rp);
    skel_trace_close(t);
    remove_trace();
}

/* Communicator 2 (gid 77): ranks 0 and 1, declared on both. */
static void pair_comm(void)
{
    static int32_t pair[] = {0, 1};
    for (int r = 0; r < 2; r++) {
        skel_comm c = {.index = 2,
                       .gid = 77,
                       .created_by = SKEL_CALL_MPI_Comm_split,
                       .size = 2,
                       .members = pair};
        cr_assert_eq(skel_writer_comm(w[r], &c), SKEL_OK, "%s", skel_last_error());
    }
}

static void pair_allreduce(int r)
{
    skel_event ev;
    skel_event_init(&ev);
    ev.call = SKEL_CALL_MPI_Allreduce;
    ev.comm = 2;
    add(r, &ev);
}

/* A collective instance delivered to every member is reused with its
 * members' buffer (room for 16 at first), which must grow when the next
 * communicator is larger: collectives on a communicator of ranks 0 and 1
 * and on all 20 ranks, alternating, each delivered with exactly its own
 * members (a buffer left at 16 shows under valgrind or ASan, as the
 * sanitizer run of the suite does). */
Test(replay, reused_collective_instances_hold_larger_communicators)
{
    open_trace(20);
    pair_comm();
    for (int i = 0; i < 500; i++) {
        /* the pair's collective, then rank 1 tells the others, then all
         * 20: one instance in flight at a time, so each takes the other's */
        for (int r = 0; r < 2; r++)
            pair_allreduce(r);
        for (int r = 2; r < 20; r++) {
            p2p(1, SKEL_CALL_MPI_Send, r, 0);
            p2p(r, SKEL_CALL_MPI_Recv, 1, 0);
        }
        for (int r = 0; r < 20; r++)
            coll(r, SKEL_CALL_MPI_Allreduce);
    }
    close_trace();
    skel_trace *t;
    cr_assert_eq(skel_trace_open(dir, &t), SKEL_OK, "%s", skel_last_error());
    skel_replay *rp;
    cr_assert_eq(skel_replay_open(t, &rp), SKEL_OK, "%s", skel_last_error());
    skel_replay_item it;
    int rc, groups[21] = {0};
    while ((rc = skel_replay_next(rp, &it)) == 1) {
        if (!it.group)
            continue;
        cr_assert(it.ncoll == 2 || it.ncoll == 20, "%u members", it.ncoll);
        unsigned seen = 0;
        for (uint32_t k = 0; k < it.ncoll; k++) {
            cr_assert_lt(it.coll[k].rank, it.ncoll, "member %u: rank %u", k, it.coll[k].rank);
            cr_assert_eq(it.coll[k].ev->call, SKEL_CALL_MPI_Allreduce);
            cr_assert_eq(it.coll[k].seq, it.coll[k].ev->seq);
            seen |= 1u << it.coll[k].rank;
        }
        cr_assert_eq(seen, (1u << it.ncoll) - 1, "members %x of %u", seen, it.ncoll);
        groups[it.ncoll]++;
    }
    cr_assert_eq(rc, 0, "%s", skel_last_error());
    cr_expect_eq(groups[2], 500);
    cr_expect_eq(groups[20], 500);
    skel_replay_close(rp);
    skel_trace_close(t);
    remove_trace();
}

/* Each rank counts its collectives per communicator, the count of the one
 * it used last kept out of the map: rank 0 posts nonblocking collectives on
 * a pair's communicator and on the world in runs (A A W A A A W A) long
 * before rank 1 posts the same, so that all are in flight at once and a
 * count lost when the communicator changes (A's third taken as its second)
 * makes two of rank 0's arrivals one instance's: "more members". */
Test(replay, collective_counts_follow_runs_on_two_communicators)
{
    open_trace(2);
    pair_comm();
    static const int onpair[] = {1, 1, 0, 1, 1, 1, 0, 1};
    enum { N = sizeof onpair / sizeof onpair[0] };
    clk[1] += 1000000; /* rank 1 starts after rank 0 posted all */
    for (int r = 0; r < 2; r++) {
        uint64_t q[N];
        int32_t src[N], tag[N];
        for (int i = 0; i < N; i++) {
            skel_event ev;
            skel_event_init(&ev);
            ev.call = SKEL_CALL_MPI_Iallreduce;
            ev.comm = onpair[i] ? 2 : SKEL_COMM_WORLD;
            q[i] = add(r, &ev);
            src[i] = SKEL_PEER_NONE;
            tag[i] = SKEL_TAG_NONE;
        }
        for (int i = 0; i < N; i++)
            wait_for(r, &q[i], &src[i], &tag[i], 1, SKEL_CALL_MPI_Wait);
    }
    close_trace();
    skel_replay_stats st;
    skel_msg m[64];
    int n, g;
    cr_assert_eq(run(&st, m, &n, &g), 0, "%s", skel_last_error());
    cr_assert_eq(st.collectives, N);
    cr_assert_eq(st.pending_requests, 0);
    remove_trace();
}

Test(replay, a_receive_without_send_is_reported)
{
    open_trace(2);
    p2p(1, SKEL_CALL_MPI_Recv, 0, 9);
    close_trace();
    skel_replay_stats st;
    skel_msg m[64];
    int n, g;
    int rc = run(&st, m, &n, &g);
    cr_assert_eq(rc, SKEL_EFORMAT);
    cr_assert(strstr(skel_last_error(), "rank 1") && strstr(skel_last_error(), "never sent"), "%s",
              skel_last_error());
    remove_trace();
}

Test(replay, unreceived_sends_and_pending_requests_are_counted)
{
    open_trace(2);
    p2p(0, SKEL_CALL_MPI_Send, 1, 1);
    p2p(1, SKEL_CALL_MPI_Isend, 0, 2); /* never waited for */
    close_trace();
    skel_replay_stats st;
    skel_msg m[64];
    int n, g;
    cr_assert_eq(run(&st, m, &n, &g), 0, "%s", skel_last_error());
    cr_assert_eq(st.unmatched_sends, 2);
    cr_assert_eq(st.pending_requests, 1);
    remove_trace();
}

/* Requests sit in a table indexed by id; one that a newer id displaces
 * while still live (here: a receive posted before 1100 other requests) is
 * still found when it completes. */
Test(replay, a_long_lived_request_is_found_after_many_newer_ones)
{
    open_trace(2);
    uint64_t first = p2p(1, SKEL_CALL_MPI_Irecv, 0, 7);
    int32_t src[] = {0}, tag[] = {7}, src1[] = {1}, tag1[] = {3};
    for (int i = 0; i < 1100; i++) {
        uint64_t r = p2p(1, SKEL_CALL_MPI_Isend, 0, 3);
        wait_for(1, &r, src1, tag1, 1, SKEL_CALL_MPI_Wait);
        p2p(0, SKEL_CALL_MPI_Recv, 1, 3);
    }
    p2p(0, SKEL_CALL_MPI_Send, 1, 7);
    wait_for(1, &first, src, tag, 1, SKEL_CALL_MPI_Wait);
    close_trace();
    skel_replay_stats st;
    skel_msg m[64];
    int n, g;
    cr_assert_eq(run(&st, m, &n, &g), 0, "%s", skel_last_error());
    cr_assert_eq(st.messages, 1101);
    cr_assert_eq(st.pending_requests, 0);
    cr_assert_eq(st.unmatched_sends, 0);
    remove_trace();
}

Test(replay, mismatched_collectives_are_reported)
{
    open_trace(2);
    coll(0, SKEL_CALL_MPI_Barrier);
    coll(0, SKEL_CALL_MPI_Barrier);
    coll(1, SKEL_CALL_MPI_Barrier);
    close_trace();
    skel_replay_stats st;
    skel_msg m[64];
    int n, g;
    cr_assert_eq(run(&st, m, &n, &g), SKEL_EFORMAT);
    cr_assert(strstr(skel_last_error(), "collective") != NULL, "%s", skel_last_error());
    remove_trace();
}

/* Rank r's clean end: MPI_Finalize, then its end record. */
static void finish_rank(int r)
{
    skel_event ev;
    skel_event_init(&ev);
    ev.call = SKEL_CALL_MPI_Finalize;
    add(r, &ev);
    skel_rank_end end = {.nevents = nev[r], .t_end = clk[r]};
    cr_assert_eq(skel_writer_finish(w[r], &end), SKEL_OK, "%s", skel_last_error());
}

static int profile(int allow_partial)
{
    struct skel_profile_opts o = {.trace_dir = dir, .allow_partial = allow_partial};
    struct skel_profile_result res;
    int rc = skel_profile_run(&o, &res);
    skel_profile_result_free(&res);
    return rc;
}

/* A trace whose headers all say MPI_Finalize is not read before the
 * critical path reads it (usecase.h); a damaged file is then found by that
 * reading, and refused as partial with the reason a full check gives. */
Test(replay, a_trace_that_says_it_is_whole_is_read_once)
{
    open_trace(2);
    for (int i = 0; i < 3000; i++) { /* several blocks of 4 KiB per rank */
        p2p(0, SKEL_CALL_MPI_Send, 1, 1);
        p2p(1, SKEL_CALL_MPI_Recv, 0, 1);
    }
    finish_rank(0);
    finish_rank(1);
    skel_trace *t;
    int complete = 0;
    char why[256];
    cr_assert_eq(skel_trace_open(dir, &t), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_trace_says_complete(t), 1);
    cr_assert_eq(skel_trace_completeness(t, &complete, why, sizeof why), SKEL_OK);
    cr_assert_eq(complete, 1, "%s", why);
    skel_trace_close(t);
    cr_assert_eq(profile(0), SKEL_OK, "%s", skel_last_error());

    /* Cut rank 1's file inside its last block: its header still says it
     * ended cleanly. */
    char name[64], p[128];
    struct stat st;
    skel_trace_rank_filename(1, name, sizeof name);
    snprintf(p, sizeof p, "%s/%s", dir, name);
    cr_assert_eq(stat(p, &st), 0);
    cr_assert_eq(truncate(p, st.st_size - 5), 0);
    cr_assert_eq(skel_trace_open(dir, &t), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_trace_says_complete(t), 1);
    cr_assert_eq(skel_trace_completeness(t, &complete, why, sizeof why), SKEL_OK);
    cr_assert_eq(complete, 0);
    cr_assert(strstr(why, "rank 1") != NULL, "%s", why);
    skel_trace_close(t);
    cr_assert_eq(profile(0), SKEL_ETRUNCATED);
    char want[512];
    snprintf(want, sizeof want, "is a partial trace: %s.", why);
    cr_assert(strstr(skel_last_error(), want) != NULL, "%s", skel_last_error());
    remove_trace();

    /* A rank that never said how it ended: known from its header. */
    open_trace(2);
    p2p(0, SKEL_CALL_MPI_Send, 1, 1);
    p2p(1, SKEL_CALL_MPI_Recv, 0, 1);
    finish_rank(0);
    cr_assert_eq(skel_writer_flush(w[1]), SKEL_OK);
    skel_writer_abandon(w[1]);
    cr_assert_eq(skel_trace_open(dir, &t), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_trace_says_complete(t), 0);
    skel_trace_close(t);
    cr_assert_eq(profile(0), SKEL_ETRUNCATED);
    cr_assert(strstr(skel_last_error(), "is a partial trace: ") != NULL, "%s", skel_last_error());
    remove_trace();
}
