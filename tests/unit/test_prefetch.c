/* test_prefetch.c - a reader decoding ahead in a thread (prefetch.h) delivers
 * exactly what the reader does: the same events with the same request and
 * completion lists, call sites declared while it runs ahead readable from
 * the caller, and the same damage report after the same events; and it can
 * be stopped mid-stream.  The replay with and without its reader threads
 * delivers the same items. */
#include <criterion/criterion.h>

#include "error.h"
#include "meta.h"
#include "prefetch.h"
#include "reader.h"
#include "replay.h"
#include "trace.h"
#include "writer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NEV    3000
#define NSITES 300 /* several times the reader's first table size */

static char dir[] = "/tmp/skel-test-prefetch-XXXXXX";
static char path[256];

static void setup(void)
{
    cr_assert_not_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/rank-000000.skt", dir);
}

static void teardown(void)
{
    unlink(path);
    rmdir(dir);
}

TestSuite(prefetch, .init = setup, .fini = teardown);

/* Irecv, Isend, Waitall of the two, again and again; a new call site every
 * tenth event until NSITES (site i has line 1000 + i), so the site table
 * grows while a thread reads ahead. */
static void write_trace(void)
{
    skel_rank_info info = {.rank = 0, .nranks = 2, .host = "h"};
    skel_writer *w;
    cr_assert_eq(skel_writer_open(path, &info, 4096, SKEL_WRITER_OVERWRITE, &w), SKEL_OK, "%s",
                 skel_last_error());
    uint64_t clock = 1000, req = 1;
    uint32_t nsites = 0;
    for (int i = 0; i < NEV; i++) {
        if (i % 10 == 0 && nsites < NSITES) {
            skel_site s = {.index = nsites,
                           .addr = 0x4000 + nsites,
                           .module = SKEL_COMM_NONE,
                           .func = "f",
                           .file = "a.c",
                           .line = 1000 + nsites};
            cr_assert_eq(skel_writer_site(w, &s), SKEL_OK, "%s", skel_last_error());
            nsites++;
        }
        skel_event ev;
        skel_completion c[2];
        skel_event_init(&ev);
        ev.site = nsites - 1;
        ev.t_start = clock + 50;
        ev.t_end = ev.t_start + 10 + (uint64_t)(i % 7);
        ev.gap_wall = ev.gap_cpu = 50;
        clock = ev.t_end;
        switch (i % 3) {
        case 0:
        case 1:
            ev.call = i % 3 == 0 ? SKEL_CALL_MPI_Irecv : SKEL_CALL_MPI_Isend;
            ev.peer = 1;
            ev.tag = i % 5;
            ev.count = 4 + i % 11;
            ev.dtsize = 8;
            ev.bytes = (uint64_t)ev.count * 8;
            ev.req = req++;
            if (i % 4 == 1) {
                /* A group list (rank files 2.2): {1}, {1, 0}, {0}, {0, 1} in
                 * turn, so that a list pointing at another event's shows. */
                static const int32_t groups[2][2] = {{1, 0}, {0, 1}};
                ev.ngroup = 1 + (uint32_t)(i / 12) % 2;
                ev.group = groups[(i / 24) % 2];
            }
            break;
        default:
            ev.call = SKEL_CALL_MPI_Waitall;
            c[0] = (skel_completion){.req = req - 2,
                                     .call = SKEL_CALL_MPI_Irecv,
                                     .index = 0,
                                     .src = 1,
                                     .tag = (i - 2) % 5,
                                     .bytes = (uint64_t)i};
            c[1] = (skel_completion){.req = req - 1,
                                     .call = SKEL_CALL_MPI_Isend,
                                     .index = 1,
                                     .src = SKEL_PEER_NONE,
                                     .tag = SKEL_TAG_NONE,
                                     .bytes = (uint64_t)(4 + (i - 1) % 11) * 8};
            ev.ncomplete = 2;
            ev.complete = c;
            break;
        }
        cr_assert_eq(skel_writer_event(w, &ev), SKEL_OK, "event %d: %s", i, skel_last_error());
    }
    skel_rank_end end = {.nevents = NEV, .t_end = clock};
    cr_assert_eq(skel_writer_finish(w, &end), SKEL_OK, "%s", skel_last_error());
}

/* What a read delivered: every event (its lists copied), the status and the
 * error's detail. */
struct reading {
    skel_event *ev;
    skel_completion *comp; /* two per event at most */
    int32_t *group;        /* two per event at most */
    int n, status;
    char detail[1024];
};

static void free_reading(struct reading *rd)
{
    free(rd->ev);
    free(rd->comp);
    free(rd->group);
}

/* How read_file takes events from a prefetch: one call each
 * (skel_prefetch_next), whole batches (skel_prefetch_next_batch), or the
 * two alternating with skel_prefetch_next_ref. */
enum { TAKE_EACH, TAKE_BATCH, TAKE_MIXED };
static int take_mode = TAKE_EACH;

/* The next event of p as take_mode says; bev/bpos/bn hold the batch. */
static int pf_take(skel_prefetch *p, skel_event *ev, const skel_event **bev, uint32_t *bpos,
                   uint32_t *bn, int *turn)
{
    if (take_mode == TAKE_EACH)
        return skel_prefetch_next(p, ev);
    if (*bpos < *bn) {
        *ev = (*bev)[(*bpos)++];
        return 1;
    }
    if (take_mode == TAKE_MIXED && (*turn)++ % 2 == 0) {
        const skel_event *e;
        int rc = skel_prefetch_next_ref(p, &e);
        if (rc == 1)
            *ev = *e;
        return rc;
    }
    int rc = skel_prefetch_next_batch(p, bev, bn);
    if (rc == 1) {
        cr_assert_geq(*bn, 1);
        *ev = (*bev)[0];
        *bpos = 1;
    }
    return rc;
}

/* batch 0: the reader itself; else through a prefetch of that batch size.
 * Every event's site is looked up in the reader while the thread may be
 * appending to the table. */
static void read_file(uint32_t batch, struct reading *rd)
{
    memset(rd, 0, sizeof *rd);
    rd->ev = calloc(NEV + 1, sizeof *rd->ev);
    rd->comp = calloc(2 * (NEV + 1), sizeof *rd->comp);
    rd->group = calloc(2 * (NEV + 1), sizeof *rd->group);
    cr_assert(rd->ev != NULL && rd->comp != NULL && rd->group != NULL);
    skel_rank_reader *r;
    int rc = skel_rank_open(path, &r);
    if (rc != SKEL_OK) {
        rd->status = rc;
        snprintf(rd->detail, sizeof rd->detail, "%s", skel_last_error());
        return;
    }
    skel_prefetch *p = NULL;
    if (batch > 0)
        cr_assert_eq(skel_prefetch_start(r, batch, &p), SKEL_OK, "%s", skel_last_error());
    skel_event ev;
    const skel_event *bev = NULL;
    uint32_t bpos = 0, bn = 0;
    int turn = 0;
    while ((rc = p != NULL ? pf_take(p, &ev, &bev, &bpos, &bn, &turn) : skel_rank_next(r, &ev)) ==
           1) {
        cr_assert_lt(rd->n, NEV);
        const skel_site *s = skel_rank_site(r, ev.site);
        cr_assert_not_null(s, "event %d: site %u unknown", rd->n, ev.site);
        cr_assert_eq(s->line, 1000 + ev.site, "event %d: site %u", rd->n, ev.site);
        cr_assert_leq(ev.ncomplete, 2);
        if (ev.ncomplete > 0)
            memcpy(&rd->comp[2 * rd->n], ev.complete, ev.ncomplete * sizeof *ev.complete);
        cr_assert_leq(ev.ngroup, 2);
        if (ev.ngroup > 0)
            memcpy(&rd->group[2 * rd->n], ev.group, ev.ngroup * sizeof *ev.group);
        ev.complete = NULL;
        ev.reqs = NULL;
        ev.group = NULL;
        rd->ev[rd->n++] = ev;
    }
    rd->status = rc;
    if (rc < 0) {
        snprintf(rd->detail, sizeof rd->detail, "%s", skel_last_error());
        /* Errors are sticky, through a prefetch too. */
        int again = p != NULL ? pf_take(p, &ev, &bev, &bpos, &bn, &turn) : skel_rank_next(r, &ev);
        cr_assert_eq(again, rc);
        cr_assert_str_eq(skel_last_error(), rd->detail);
    }
    skel_prefetch_stop(p);
    skel_rank_close(r);
}

static void same_reading(const struct reading *a, const struct reading *b, const char *what)
{
    cr_assert_eq(b->n, a->n, "%s: %d events, the reader gave %d", what, b->n, a->n);
    cr_assert_eq(b->status, a->status, "%s: status %d, the reader's %d", what, b->status,
                 a->status);
    cr_assert_str_eq(b->detail, a->detail, "%s", what);
    for (int i = 0; i < a->n; i++) {
        const skel_event *x = &a->ev[i], *y = &b->ev[i];
        int same = x->seq == y->seq && x->call == y->call && x->flags == y->flags &&
                   x->thread == y->thread && x->t_start == y->t_start && x->t_end == y->t_end &&
                   x->gap_wall == y->gap_wall && x->gap_cpu == y->gap_cpu && x->count == y->count &&
                   x->bytes == y->bytes && x->rbytes == y->rbytes && x->peer == y->peer &&
                   x->tag == y->tag && x->asrc == y->asrc && x->atag == y->atag &&
                   x->comm == y->comm && x->dtsize == y->dtsize && x->req == y->req &&
                   x->site == y->site && x->ncomplete == y->ncomplete && x->nreqs == y->nreqs &&
                   x->ws_bytes == y->ws_bytes && x->ngroup == y->ngroup;
        cr_assert(same, "%s: event %d differs", what, i);
        for (uint32_t k = 0; k < x->ngroup; k++)
            cr_assert_eq(a->group[2 * i + k], b->group[2 * i + k], "%s: event %d's member %u", what,
                         i, k);
        for (uint32_t k = 0; k < x->ncomplete; k++) {
            const skel_completion *c = &a->comp[2 * i + k], *d = &b->comp[2 * i + k];
            cr_assert(c->req == d->req && c->call == d->call && c->flags == d->flags &&
                          c->index == d->index && c->src == d->src && c->tag == d->tag &&
                          c->bytes == d->bytes,
                      "%s: event %d's completion %u differs", what, i, k);
        }
    }
}

Test(prefetch, delivers_what_the_reader_does)
{
    write_trace();
    struct reading direct;
    read_file(0, &direct);
    cr_assert_eq(direct.status, 0, "%s", direct.detail);
    cr_assert_eq(direct.n, NEV);
    cr_assert_eq(direct.ev[2].ncomplete, 2); /* the lists are compared, not empty */
    cr_assert_eq(direct.ev[1].ngroup, 1);
    cr_assert_eq(direct.ev[13].ngroup, 2);
    cr_assert(direct.group[2 * 13] == 1 && direct.group[2 * 13 + 1] == 0);
    cr_assert(direct.group[2 * 37] == 0 && direct.group[2 * 37 + 1] == 1);
    /* Events taken one by one, in whole batches (skel_prefetch_next_batch),
     * or the two alternating. */
    static const uint32_t batches[] = {1, 2, 7, 64, 4096};
    static const char *const modes[] = {"one by one", "whole", "mixed"};
    for (int mode = TAKE_EACH; mode <= TAKE_MIXED; mode++)
        for (size_t k = 0; k < sizeof batches / sizeof batches[0]; k++) {
            struct reading pf;
            take_mode = mode;
            read_file(batches[k], &pf);
            take_mode = TAKE_EACH;
            char what[64];
            snprintf(what, sizeof what, "%s, batches of %u", modes[mode], batches[k]);
            same_reading(&direct, &pf, what);
            free_reading(&pf);
        }
    free_reading(&direct);
}

/* A file cut anywhere: the same events, then the same error (or end). */
Test(prefetch, reports_damage_like_the_reader)
{
    write_trace();
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f);
    fseek(f, 0, SEEK_END);
    size_t len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *full = malloc(len);
    cr_assert_eq(fread(full, 1, len, f), len);
    fclose(f);
    int errors = 0;
    for (size_t cut = 0; cut < len; cut += 97) {
        f = fopen(path, "wb");
        cr_assert_not_null(f);
        cr_assert_eq(fwrite(full, 1, cut, f), cut);
        fclose(f);
        struct reading direct, pf;
        read_file(0, &direct);
        if (direct.status < 0 && direct.n == 0 && cut < 64) {
            free_reading(&direct);
            continue; /* the header itself is cut: nothing to prefetch */
        }
        read_file(5, &pf);
        char what[64];
        snprintf(what, sizeof what, "cut at byte %zu", cut);
        same_reading(&direct, &pf, what);
        free_reading(&pf);
        take_mode = cut % 2 ? TAKE_BATCH : TAKE_MIXED;
        read_file(5, &pf);
        take_mode = TAKE_EACH;
        snprintf(what, sizeof what, "cut at byte %zu, batches taken whole", cut);
        same_reading(&direct, &pf, what);
        errors += direct.status < 0;
        free_reading(&direct);
        free_reading(&pf);
    }
    cr_assert_gt(errors, 10, "the cuts were meant to land inside records");
    free(full);
}

/* The trace file opened and read ahead in batches of batch events. */
static skel_prefetch *prefetch_file(uint32_t batch, skel_rank_reader **r)
{
    cr_assert_eq(skel_rank_open(path, r), SKEL_OK, "%s", skel_last_error());
    skel_prefetch *p;
    cr_assert_eq(skel_prefetch_start(*r, batch, &p), SKEL_OK, "%s", skel_last_error());
    return p;
}

/* Stopped after a few events, with the thread waiting for room. */
Test(prefetch, stops_mid_stream)
{
    write_trace();
    for (uint32_t batch = 1; batch <= 8; batch *= 2) {
        skel_rank_reader *r;
        skel_prefetch *p = prefetch_file(batch, &r);
        skel_event ev;
        for (int i = 0; i < 5; i++) {
            cr_assert_eq(skel_prefetch_next(p, &ev), 1);
            cr_assert_eq(ev.seq, (uint64_t)i);
        }
        usleep(2000); /* let the thread fill every batch and wait */
        skel_prefetch_stop(p);
        skel_rank_close(r);
    }
}

/* A caller slower than the thread: the thread fills every batch and waits,
 * and is woken only once a single filled batch is left (prefetch.c).  Every
 * event must still come, in order, with no wake-up lost on either side (a
 * lost one hangs here until the timeout). */
Test(prefetch, a_slow_caller_gets_every_event, .timeout = 60)
{
    write_trace();
    for (uint32_t batch = 1; batch <= 64; batch *= 4) {
        skel_rank_reader *r;
        skel_prefetch *p = prefetch_file(batch, &r);
        const skel_event *bev;
        uint32_t bn, n = 0, nbatch = 0;
        int rc;
        while ((rc = skel_prefetch_next_batch(p, &bev, &bn)) == 1) {
            for (uint32_t i = 0; i < bn; i++)
                cr_assert_eq(bev[i].seq, (uint64_t)n + i, "batches of %u: event %u", batch, n + i);
            n += bn;
            /* every 3rd batch slow: the thread waits for room, and is woken
             * while the caller still has a batch, or after it has none */
            if (nbatch++ % 3 == 0)
                usleep(nbatch % 2 ? 300 : 50);
        }
        cr_assert_eq(rc, 0, "%s", skel_last_error());
        cr_assert_eq(n, NEV, "batches of %u", batch);
        skel_prefetch_stop(p);
        skel_rank_close(r);
    }
}

/* A two-rank ping-pong of Isend/Irecv/Waitall: the replay's items with and
 * without reader threads. */
struct item_rec {
    uint32_t rank, nmsg, ncoll;
    uint64_t seq, send_seq;
};

static int replay_items(struct item_rec *out, int max)
{
    skel_trace *t;
    cr_assert_eq(skel_trace_open(dir, &t), SKEL_OK, "%s", skel_last_error());
    skel_replay *rp;
    cr_assert_eq(skel_replay_open(t, &rp), SKEL_OK, "%s", skel_last_error());
    skel_replay_item it;
    int n = 0, rc;
    while ((rc = skel_replay_next(rp, &it)) == 1) {
        cr_assert_lt(n, max);
        out[n].rank = it.rank;
        out[n].nmsg = it.nmsg;
        out[n].ncoll = it.ncoll;
        out[n].seq = it.ev->seq;
        out[n].send_seq = it.nmsg > 0 ? it.msg[0].send_seq : UINT64_MAX;
        n++;
    }
    cr_assert_eq(rc, 0, "%s", skel_last_error());
    skel_replay_close(rp);
    skel_trace_close(t);
    return n;
}

Test(prefetch, replay_with_and_without_threads)
{
    skel_meta m = {.nranks = 2, .complete = 1};
    char p[300];
    snprintf(p, sizeof p, "%s/meta", dir);
    cr_assert_eq(skel_meta_write(p, &m), SKEL_OK);
    enum { ITERS = 2000 };
    for (int r = 0; r < 2; r++) {
        char name[64];
        skel_trace_rank_filename((uint32_t)r, name, sizeof name);
        snprintf(p, sizeof p, "%s/%s", dir, name);
        skel_rank_info info = {.rank = (uint32_t)r, .nranks = 2, .host = "h"};
        skel_writer *w;
        cr_assert_eq(skel_writer_open(p, &info, 4096, 0, &w), SKEL_OK, "%s", skel_last_error());
        uint64_t clock = 1000, req = 1;
        for (int i = 0; i < ITERS; i++) {
            for (int k = 0; k < 3; k++) {
                skel_event ev;
                skel_completion c[2];
                skel_event_init(&ev);
                ev.t_start = clock + 100 + (uint64_t)((i * 7 + r) % 13);
                ev.t_end = ev.t_start + 10;
                ev.gap_wall = ev.gap_cpu = 100;
                clock = ev.t_end;
                if (k < 2) {
                    ev.call = k == 0 ? SKEL_CALL_MPI_Irecv : SKEL_CALL_MPI_Isend;
                    ev.peer = 1 - r;
                    ev.tag = i % 3;
                    ev.count = 1;
                    ev.dtsize = 8;
                    ev.bytes = 8;
                    ev.req = req++;
                } else {
                    ev.call = SKEL_CALL_MPI_Waitall;
                    c[0] = (skel_completion){.req = req - 2,
                                             .call = SKEL_CALL_MPI_Irecv,
                                             .index = 0,
                                             .src = 1 - r,
                                             .tag = i % 3,
                                             .bytes = 8};
                    c[1] = (skel_completion){.req = req - 1,
                                             .call = SKEL_CALL_MPI_Isend,
                                             .index = 1,
                                             .src = SKEL_PEER_NONE,
                                             .tag = SKEL_TAG_NONE,
                                             .bytes = 8};
                    ev.ncomplete = 2;
                    ev.complete = c;
                }
                cr_assert_eq(skel_writer_event(w, &ev), SKEL_OK, "%s", skel_last_error());
            }
        }
        skel_rank_end end = {.nevents = 3 * ITERS, .t_end = clock};
        cr_assert_eq(skel_writer_finish(w, &end), SKEL_OK, "%s", skel_last_error());
    }
    enum { MAX = 6 * ITERS + 8 };
    struct item_rec *a = calloc(MAX, sizeof *a), *b = calloc(MAX, sizeof *b);
    cr_assert(a != NULL && b != NULL);
    setenv("SKEL_REPLAY_THREADS", "0", 1);
    int na = replay_items(a, MAX);
    setenv("SKEL_REPLAY_THREADS", "1", 1);
    int nb = replay_items(b, MAX);
    unsetenv("SKEL_REPLAY_THREADS");
    cr_assert_eq(na, 6 * ITERS);
    cr_assert_eq(nb, na);
    int msgs = 0;
    for (int i = 0; i < na; i++) {
        cr_assert(a[i].rank == b[i].rank && a[i].nmsg == b[i].nmsg && a[i].ncoll == b[i].ncoll &&
                      a[i].seq == b[i].seq && a[i].send_seq == b[i].send_seq,
                  "item %d differs", i);
        msgs += a[i].nmsg;
    }
    cr_assert_eq(msgs, 2 * ITERS, "every message matched");
    free(a);
    free(b);
    for (int r = 0; r < 2; r++) {
        char name[64];
        skel_trace_rank_filename((uint32_t)r, name, sizeof name);
        snprintf(p, sizeof p, "%s/%s", dir, name);
        unlink(p);
    }
    snprintf(p, sizeof p, "%s/meta", dir);
    unlink(p);
}
