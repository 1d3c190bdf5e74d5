/* test_compress_concur.c - calls that threads made at once, read as
 * nonblocking ones (compress/concur.h), on synthetic rings (compress/synth.h)
 * whose two threads per rank make MPI_Sendrecv and MPI_Allreduce on
 * communicators of their own at the same time, each rank's file holding
 * them in the other order from its neighbour's: every such pair is
 * delivered as posts in the order the threads began them (thread 0's
 * first on every rank) and one MPI_Waitall completing them with what the
 * receives got; thread 0's MPI_Bcast, in no cluster, is posted too with a
 * MPI_Waitall of its own (under MPI_THREAD_MULTIPLE every blocking
 * collective is, so that ranks make each alike); request ids stay
 * sequential; the compressed signature has no MPI_Sendrecv left and
 * replays the trace (skel_compress_verify); a one-thread ring passes
 * unchanged. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "calls.h"
#include "compress.h"
#include "concur.h"
#include "error.h"
#include "synth.h"

#define ITERS  30
#define REDUCE 5

static char dir[64];
static skel_synth_opts opts;
static skel_trace *trace;

static void make(uint32_t threads)
{
    snprintf(dir, sizeof dir, "/tmp/skel-test-concur-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    skel_synth_defaults(&opts);
    opts.pattern = SKEL_SYNTH_RING;
    opts.nranks = 2;
    opts.iterations = ITERS;
    opts.reduce_every = REDUCE;
    opts.inner = 1;
    opts.threads = threads;
    cr_assert_eq(skel_synth_write(dir, &opts), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_trace_open(dir, &trace), SKEL_OK, "%s", skel_last_error());
}

static void teardown(void)
{
    skel_trace_close(trace);
    char p[4096], name[64];
    for (uint32_t r = 0; r < opts.nranks; r++) {
        skel_trace_rank_filename(r, name, sizeof name);
        snprintf(p, sizeof p, "%s/%s", dir, name);
        unlink(p);
    }
    snprintf(p, sizeof p, "%s/meta", dir);
    unlink(p);
    rmdir(dir);
}

static void setup2(void)
{
    make(2);
}

static void setup1(void)
{
    make(1);
}

/* Rank r's events through the filter: per iteration an MPI_Irecv and an
 * MPI_Isend on slot 2 (thread 0 began first), the same on slot 3, one
 * MPI_Waitall completing the four, every REDUCE iterations an
 * MPI_Iallreduce on each slot and an MPI_Waitall of the two, and an
 * MPI_Ibcast with its MPI_Waitall. */
static void posts_in_start_order(uint32_t rank)
{
    skel_rank_reader *rd;
    cr_assert_eq(skel_trace_open_rank(trace, rank, &rd), SKEL_OK, "%s", skel_last_error());
    skel_concur cc;
    skel_concur_init(&cc, rd);
    skel_concur_source(&cc, trace, rank);
    skel_event ev;
    uint64_t last_req = 0, waits = 0, posted[4];
    uint32_t npost = 0, nreduce = 0, nbcast = 0;
    int rc;
    while ((rc = skel_concur_next(&cc, &ev)) > 0) {
        cr_assert_neq(ev.call, SKEL_CALL_MPI_Sendrecv, "rank %u: a blocking MPI_Sendrecv left",
                      rank);
        cr_assert_neq(ev.call, SKEL_CALL_MPI_Allreduce, "rank %u: a blocking MPI_Allreduce left",
                      rank);
        cr_assert_neq(ev.call, SKEL_CALL_MPI_Bcast, "rank %u: a blocking MPI_Bcast left", rank);
        if (ev.call == SKEL_CALL_MPI_Ibcast) {
            cr_assert_eq(npost, 0);
            cr_assert_eq(ev.req, last_req + 1);
            last_req = ev.req;
            posted[npost++] = ev.req;
            nbcast++;
            continue;
        }
        if (ev.call == SKEL_CALL_MPI_Irecv || ev.call == SKEL_CALL_MPI_Isend ||
            ev.call == SKEL_CALL_MPI_Iallreduce) {
            cr_assert_eq(ev.req, last_req + 1, "rank %u: request %llu after %llu", rank,
                         (unsigned long long)ev.req, (unsigned long long)last_req);
            last_req = ev.req;
            cr_assert_lt(npost, 4);
            /* Thread 0's posts (slot 2) before thread 1's (slot 3). */
            uint32_t per = ev.call == SKEL_CALL_MPI_Iallreduce ? 1 : 2;
            cr_assert_eq(ev.comm, 2 + npost / per, "rank %u: post %u on slot %u", rank, npost,
                         ev.comm);
            if (ev.call == SKEL_CALL_MPI_Irecv) {
                cr_assert_eq(ev.peer, (int32_t)(1 - rank));
                cr_assert_eq(ev.tag, 7);
                cr_assert_eq(ev.rbytes, 0, "a posted receive has received nothing yet");
            }
            nreduce += ev.call == SKEL_CALL_MPI_Iallreduce;
            posted[npost++] = ev.req;
            continue;
        }
        if (ev.call == SKEL_CALL_MPI_Waitall) {
            cr_assert(npost == 4 || npost == 2 || npost == 1,
                      "rank %u: a MPI_Waitall after %u posts", rank, npost);
            cr_assert_eq(ev.ncomplete, npost);
            for (uint32_t i = 0; i < npost; i++) {
                cr_assert_eq(ev.complete[i].req, posted[i]);
                cr_assert_eq(ev.complete[i].index, i);
                if (ev.complete[i].call == SKEL_CALL_MPI_Irecv) {
                    cr_assert_eq(ev.complete[i].src, (int32_t)(1 - rank));
                    cr_assert_eq(ev.complete[i].tag, 7);
                    cr_assert_gt(ev.complete[i].bytes, 0);
                }
            }
            cr_assert_geq(ev.t_end, ev.t_start);
            npost = 0;
            waits++;
            continue;
        }
        cr_assert_eq(npost, 0, "rank %u: %s between posts and their MPI_Waitall", rank,
                     skel_call_name(ev.call));
    }
    cr_assert_eq(rc, 0, "%s", skel_last_error());
    cr_assert_eq(waits, 2 * ITERS + ITERS / REDUCE);
    cr_assert_eq(nreduce, 2 * (ITERS / REDUCE));
    cr_assert_eq(nbcast, ITERS);
    cr_assert_eq(cc.posts, 5 * ITERS + 2 * (ITERS / REDUCE));
    cr_assert_eq(cc.overlaps, ITERS + ITERS / REDUCE, "rank %u: %llu overlaps", rank,
                 (unsigned long long)cc.overlaps);
    skel_concur_free(&cc);
    skel_rank_close(rd);
}

Test(concur, posts_in_start_order, .init = setup2, .fini = teardown)
{
    posts_in_start_order(0);
    posts_in_start_order(1);
}

Test(concur, signature_replays_trace, .init = setup2, .fini = teardown)
{
    skel_compress_opts o;
    skel_compress_defaults(&o);
    o.threshold = 0;
    skel_signature *s;
    cr_assert_eq(skel_compress_trace(trace, &o, &s, NULL), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_compress_verify(trace, s), SKEL_OK, "%s", skel_last_error());
    uint64_t waitalls = 0;
    for (uint32_t i = 0; i < s->nsymbols; i++) {
        cr_assert_neq(s->symbols[i].call, SKEL_CALL_MPI_Sendrecv);
        if (s->symbols[i].call == SKEL_CALL_MPI_Waitall)
            waitalls += s->symbols[i].occurrences;
    }
    cr_assert_gt(waitalls, 0);
    cr_assert_not_null(s->threads);
    cr_assert_not_null(strstr(s->threads, "made nonblocking"), "%s", s->threads);
    skel_signature_free(s);
}

/* One thread: the filter delivers the file as it is. */
Test(concur, one_thread_unchanged, .init = setup1, .fini = teardown)
{
    skel_rank_reader *rd, *raw;
    cr_assert_eq(skel_trace_open_rank(trace, 0, &rd), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_trace_open_rank(trace, 0, &raw), SKEL_OK, "%s", skel_last_error());
    skel_concur cc;
    skel_concur_init(&cc, rd);
    skel_event ev, r;
    uint64_t n = 0;
    int rc;
    while ((rc = skel_concur_next(&cc, &ev)) > 0) {
        cr_assert_eq(skel_rank_next(raw, &r), 1);
        cr_assert_eq(ev.call, r.call);
        cr_assert_eq(ev.seq, r.seq);
        cr_assert_eq(ev.t_start, r.t_start);
        cr_assert_eq(ev.req, r.req);
        n++;
    }
    cr_assert_eq(rc, 0);
    cr_assert_eq(skel_rank_next(raw, &r), 0);
    cr_assert_eq(n, skel_synth_events(&opts, 0));
    cr_assert_eq(cc.posts, 0);
    cr_assert_eq(cc.overlaps, 0);
    skel_concur_free(&cc);
    skel_rank_close(rd);
    skel_rank_close(raw);
}
