/* concur.c - calls that threads made at once, read as nonblocking ones
 * (concur.h). */
#include "concur.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calls.h"
#include "error.h"

/* What an item is (skel_concur_item.kind). */
enum { REAL = 0, POST, WAITALL };

static int oom(void)
{
    return skel_fail(SKEL_ENOMEM, "out of memory");
}

void skel_concur_init(skel_concur *c, skel_rank_reader *rd)
{
    memset(c, 0, sizeof *c);
    c->rd = rd;
}

static void item_release(skel_concur_item *it)
{
    if (!it->owned)
        return;
    free((void *)it->ev.complete);
    free((void *)it->ev.reqs);
    free((void *)it->ev.group);
    it->ev.complete = NULL;
    it->ev.reqs = NULL;
    it->ev.group = NULL;
    it->owned = 0;
}

void skel_concur_source(skel_concur *c, const skel_trace *t, uint32_t rank)
{
    c->trace = t;
    c->rank = rank;
}

void skel_concur_free(skel_concur *c)
{
    for (uint32_t i = 0; i < c->hn; i++)
        item_release(&c->held[(c->hhead + i) % (c->hcap ? c->hcap : 1)]);
    for (uint32_t i = c->opos; i < c->on; i++)
        item_release(&c->out[i]);
    item_release(&c->cur);
    free(c->held);
    free(c->out);
    free(c->bq);
    free(c->last_end);
    free(c->seen);
    free(c->left);
    free(c->bp);
    free(c->nb);
    free(c->pending);
    memset(c, 0, sizeof *c);
}

/* *dst: a copy of n elements of size bytes at src (NULL, *n 0, if none). */
static int dup_array(const void **dst, uint32_t *n, const void *src, size_t size)
{
    *dst = NULL;
    if (*n == 0 || src == NULL) {
        *n = 0;
        return SKEL_OK;
    }
    void *p = malloc(*n * size);
    if (p == NULL)
        return oom();
    memcpy(p, src, *n * size);
    *dst = p;
    return SKEL_OK;
}

/* A copy of ev that owns its arrays. */
static int copy_event(skel_concur_item *it, const skel_event *ev)
{
    memset(it, 0, sizeof *it);
    it->ev = *ev;
    it->owned = 1;
    it->ev.reqs = NULL;
    it->ev.group = NULL;
    int rc = dup_array((const void **)&it->ev.complete, &it->ev.ncomplete, ev->complete,
                       sizeof *ev->complete);
    if (rc == SKEL_OK)
        rc = dup_array((const void **)&it->ev.reqs, &it->ev.nreqs, ev->reqs, sizeof *ev->reqs);
    if (rc == SKEL_OK)
        rc = dup_array((const void **)&it->ev.group, &it->ev.ngroup, ev->group, sizeof *ev->group);
    return rc;
}

static int grow(void **p, uint32_t *cap, uint32_t need, size_t size)
{
    if (need <= *cap)
        return SKEL_OK;
    uint32_t n = *cap ? *cap : 16;
    while (n < need)
        n *= 2;
    void *q = realloc(*p, (size_t)n * size);
    if (q == NULL)
        return oom();
    *p = q;
    *cap = n;
    return SKEL_OK;
}

/* The nonblocking form of a blocking send, receive or collective
 * (MPI_Send -> MPI_Isend, MPI_Allreduce -> MPI_Iallreduce), 0 if none. */
static uint16_t nonblocking(skel_concur *c, uint16_t call)
{
    if (c->nb == NULL) {
        c->nb = malloc(SKEL_CALL_LIMIT * sizeof *c->nb);
        if (c->nb == NULL)
            return 0;
        for (unsigned i = 0; i < SKEL_CALL_LIMIT; i++)
            c->nb[i] = UINT16_MAX;
    }
    if (call >= SKEL_CALL_LIMIT)
        return 0;
    if (c->nb[call] != UINT16_MAX)
        return c->nb[call];
    const struct skel_call_info *ci = skel_call_info(call);
    uint16_t r = 0;
    if (ci != NULL && (ci->klass == SKEL_CLASS_SEND || ci->klass == SKEL_CLASS_RECV ||
                       ci->klass == SKEL_CLASS_COLL)) {
        char name[64];
        snprintf(name, sizeof name, "MPI_I%s", skel_call_name(call) + 4);
        unsigned id = skel_call_by_name(name);
        const struct skel_call_info *ni = id != 0 ? skel_call_info(id) : NULL;
        int want = ci->klass == SKEL_CLASS_SEND   ? SKEL_CLASS_ISEND
                   : ci->klass == SKEL_CLASS_RECV ? SKEL_CLASS_IRECV
                                                  : SKEL_CLASS_ICOLL;
        if (ni != NULL && ni->klass == want && ni->shape == ci->shape)
            r = (uint16_t)id;
    }
    c->nb[call] = r;
    return r;
}

static int convertible(skel_concur *c, const skel_event *ev)
{
    if (ev->flags & SKEL_EVF_ERROR)
        return 0;
    const struct skel_call_info *ci = skel_call_info(ev->call);
    return (ci != NULL && ci->klass == SKEL_CLASS_SENDRECV) || nonblocking(c, ev->call) != 0;
}

/* ---- the held events: a ring, with the clusters' possible ends ---------- */

static skel_concur_item *held_at(skel_concur *c, uint32_t i)
{
    return &c->held[(c->hhead + i) % c->hcap];
}

static int hold(skel_concur *c, const skel_event *ev)
{
    if (c->hn == c->hcap) {
        uint32_t ncap = c->hcap ? 2 * c->hcap : 64;
        skel_concur_item *n = malloc((size_t)ncap * sizeof *n);
        if (n == NULL)
            return oom();
        for (uint32_t i = 0; i < c->hn; i++)
            n[i] = *held_at(c, i);
        free(c->held);
        c->held = n;
        c->hcap = ncap;
        c->hhead = 0;
    }
    skel_concur_item *it = &c->held[(c->hhead + c->hn) % c->hcap];
    int rc = copy_event(it, ev);
    if (rc != SKEL_OK) {
        item_release(it);
        return rc;
    }
    c->hn++;
    c->hseq++;
    /* A cluster may end after an event only if no later one began before
     * its end; ends grow along the file, so the ends this event began
     * before are the latest ones. */
    while (c->bn > 0 && c->bq[c->bhead + c->bn - 1].end > ev->t_start)
        c->bn--;
    if (c->bhead + c->bn == c->bcap && c->bhead > 0) {
        memmove(c->bq, c->bq + c->bhead, c->bn * sizeof *c->bq);
        c->bhead = 0;
    }
    if ((rc = grow((void **)&c->bq, &c->bcap, c->bhead + c->bn + 1, sizeof *c->bq)) != SKEL_OK)
        return rc;
    c->bq[c->bhead + c->bn++] = (struct skel_concur_end){.seq = c->hseq, .end = ev->t_end};
    return SKEL_OK;
}

static int out_room(skel_concur *c, uint32_t more)
{
    if (c->opos == c->on)
        c->opos = c->on = 0;
    return grow((void **)&c->out, &c->ocap, c->on + more, sizeof *c->out);
}

static int by_key(const void *a, const void *b)
{
    const skel_concur_item *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* Whether ev of a cluster (of several threads: mixed) is posted
 * nonblocking.  A blocking collective never matches a nonblocking one (MPI
 * 3.0, 5.12), and another rank may have met the same collective outside a
 * cluster: under MPI_THREAD_MULTIPLE every blocking collective is posted,
 * alone with its MPI_Waitall where it is no cluster's, so that all ranks
 * make each collective alike. */
static int posted(skel_concur *c, const skel_event *ev, int mixed)
{
    if (!convertible(c, ev))
        return 0;
    if (mixed)
        return 1;
    const struct skel_call_info *ci = skel_call_info(ev->call);
    return c->multiple && ci != NULL && ci->klass == SKEL_CLASS_COLL;
}

/* The first n held events, one cluster, to out: as they are, or with their
 * blocking sends, receives and collectives posted at their starts and one
 * MPI_Waitall at the end. */
static int emit_cluster(skel_concur *c, uint32_t n)
{
    int mixed = 0, conv = 0;
    uint32_t thread0 = held_at(c, 0)->ev.thread;
    for (uint32_t i = 0; i < n; i++)
        mixed |= held_at(c, i)->ev.thread != thread0;
    for (uint32_t i = 0; i < n; i++)
        conv += posted(c, &held_at(c, i)->ev, mixed);
    int rc = out_room(c, 2 * n + 1);
    if (rc != SKEL_OK)
        return rc;
    uint32_t first = c->on;
    if (conv == 0) {
        for (uint32_t i = 0; i < n; i++) {
            c->out[c->on] = *held_at(c, i);
            c->out[c->on++].kind = REAL;
        }
        c->hhead = (c->hhead + n) % c->hcap;
        c->hn -= n;
        return SKEL_OK;
    }
    uint64_t end = 0, last_post = 0;
    uint32_t posts = 0, site = 0, thread = 0;
    for (uint32_t i = 0; i < n; i++) {
        skel_concur_item *it = held_at(c, i);
        skel_event *e = &it->ev;
        if (e->t_end > end) {
            end = e->t_end;
            thread = e->thread;
        }
        if (!posted(c, e, mixed)) {
            it->key = e->t_end;
            it->order = 2 * i;
            it->kind = REAL;
            c->out[c->on++] = *it;
            continue;
        }
        const struct skel_call_info *ci = skel_call_info(e->call);
        skel_concur_item *p = &c->out[c->on++];
        *p = *it;
        p->owned = 0; /* a blocking call's arrays (none expected) are dropped */
        p->ev.complete = NULL;
        p->ev.ncomplete = 0;
        p->ev.reqs = NULL;
        p->ev.nreqs = 0;
        p->ev.group = NULL;
        p->ev.ngroup = 0;
        p->kind = POST;
        p->key = e->t_start;
        p->order = 2 * i;
        p->ev.t_end = e->t_start;
        p->ev.req = 1; /* numbered when delivered */
        if (ci->klass == SKEL_CLASS_SENDRECV) {
            /* An MPI_Irecv of what it got, then an MPI_Isend of what it sent. */
            skel_event *r = &p->ev;
            r->call = SKEL_CALL_MPI_Irecv;
            r->peer = e->peer2;
            r->tag = e->tag2;
            r->peer2 = SKEL_PEER_NONE;
            r->tag2 = SKEL_TAG_NONE;
            r->bytes = e->rbytes;
            r->dtsize = e->dtsize > 0 && e->rbytes % e->dtsize == 0 ? e->dtsize : 1;
            r->count = (int64_t)(e->rbytes / r->dtsize);
            skel_concur_item *s = &c->out[c->on++];
            *s = *p;
            s->order = 2 * i + 1;
            s->ev.call = SKEL_CALL_MPI_Isend;
            s->ev.peer = e->peer;
            s->ev.tag = e->tag;
            s->ev.bytes = e->bytes;
            s->ev.dtsize = e->dtsize;
            s->ev.count = e->count;
            s->ev.rbytes = 0;
            s->ev.asrc = SKEL_PEER_NONE;
            s->ev.atag = SKEL_TAG_NONE;
            s->ev.gap_wall = s->ev.gap_cpu = s->ev.ws_bytes = 0;
            posts += 2;
        } else {
            p->ev.call = nonblocking(c, e->call);
            posts++;
        }
        if (e->t_start >= last_post)
            last_post = e->t_start;
        site = e->site;
        item_release(it);
    }
    /* Posts keep what a receive got for the MPI_Waitall; the posted
     * receive itself knows only what it asked for. */
    qsort(c->out + first, c->on - first, sizeof *c->out, by_key);
    skel_concur_item *w = &c->out[c->on++];
    memset(w, 0, sizeof *w);
    skel_event_init(&w->ev);
    w->kind = WAITALL;
    w->key = end;
    w->ev.call = SKEL_CALL_MPI_Waitall;
    w->ev.thread = thread;
    w->ev.seq = held_at(c, n - 1)->ev.seq;
    w->ev.t_start = last_post;
    w->ev.t_end = end;
    w->ev.site = site;
    skel_completion *cp = calloc(posts, sizeof *cp);
    if (cp == NULL)
        return oom();
    w->ev.complete = cp;
    w->ev.ncomplete = posts;
    w->owned = 1;
    uint32_t k = 0;
    for (uint32_t i = first; i < c->on - 1; i++) {
        skel_concur_item *p = &c->out[i];
        if (p->kind != POST)
            continue;
        const struct skel_call_info *pi = skel_call_info(p->ev.call);
        int recv = pi != NULL && pi->klass == SKEL_CLASS_IRECV;
        cp[k] = (skel_completion){.req = 0,
                                  .call = p->ev.call,
                                  .index = k,
                                  .src = recv ? p->ev.asrc : SKEL_PEER_NONE,
                                  .tag = recv ? p->ev.atag : SKEL_TAG_NONE,
                                  .bytes = recv ? p->ev.rbytes : p->ev.bytes};
        if (recv) {
            p->ev.asrc = SKEL_PEER_NONE;
            p->ev.atag = SKEL_TAG_NONE;
            p->ev.rbytes = 0;
        }
        k++;
    }
    c->hhead = (c->hhead + n) % c->hcap;
    c->hn -= n;
    c->posts += posts;
    return SKEL_OK;
}

/* Clusters that no call still in progress can join, to out. */
static int settle(skel_concur *c)
{
    uint64_t past = UINT64_MAX; /* every seen thread's next call starts after it */
    if (!c->ended)
        for (uint32_t t = 0; t < c->nthreads; t++)
            if (c->seen[t] && c->last_end[t] < past)
                past = c->last_end[t];
    uint64_t base = c->hseq - c->hn; /* seq of the event before held[0] */
    while (c->bn > 0 && c->bq[c->bhead].end <= past) {
        uint32_t n = (uint32_t)(c->bq[c->bhead].seq - base);
        c->bhead++;
        c->bn--;
        int rc = emit_cluster(c, n);
        if (rc != SKEL_OK)
            return rc;
        base += n;
    }
    if (c->bn == 0)
        c->bhead = 0;
    /* Too many held: the oldest goes in the file's order. */
    while (c->hn > SKEL_CONCUR_HOLD) {
        int rc = out_room(c, 1);
        if (rc != SKEL_OK)
            return rc;
        c->out[c->on] = *held_at(c, 0);
        c->out[c->on++].kind = REAL;
        c->hhead = (c->hhead + 1) % c->hcap;
        c->hn--;
        base++;
        if (c->bn > 0 && c->bq[c->bhead].seq == base) {
            c->bhead++;
            c->bn--;
        }
    }
    return SKEL_OK;
}

/* ---- request ids ------------------------------------------------------------ */

static uint64_t map_req(const skel_concur *c, uint64_t id)
{
    if (id == 0 || c->nbp == 0 || id < c->bp[0].from)
        return id;
    uint32_t lo = 0, hi = c->nbp; /* the last breakpoint at or below id */
    while (hi - lo > 1) {
        uint32_t mid = (lo + hi) / 2;
        if (c->bp[mid].from <= id)
            lo = mid;
        else
            hi = mid;
    }
    return id + c->bp[lo].off;
}

/* Under MPI_THREAD_MULTIPLE, the part of a gap the rank did not spend in
 * another thread's call or after it (concur.h). */
static void rank_gap(skel_concur *c, skel_concur_item *it)
{
    skel_event *e = &it->ev;
    uint64_t free_ns = e->t_start > c->busy_until ? e->t_start - c->busy_until : 0;
    if (e->gap_wall > free_ns) {
        e->gap_cpu = (uint64_t)((double)e->gap_cpu * (double)free_ns / (double)e->gap_wall);
        e->gap_wall = free_ns;
    }
    if (e->t_end > c->busy_until)
        c->busy_until = e->t_end;
}

/* Request ids of an event about to be delivered (and its gap, under
 * MPI_THREAD_MULTIPLE). */
static int number(skel_concur *c, skel_concur_item *it)
{
    skel_event *e = &it->ev;
    int rc;
    if (c->multiple)
        rank_gap(c, it);
    if (it->kind == POST) {
        c->off++;
        e->req = c->last_req + c->off;
        if ((rc = grow((void **)&c->pending, &c->pcap, c->npending + 1, sizeof *c->pending)) !=
            SKEL_OK)
            return rc;
        c->pending[c->npending++] = e->req;
        return SKEL_OK;
    }
    if (it->kind == WAITALL) {
        skel_completion *cp = (skel_completion *)e->complete;
        for (uint32_t i = 0; i < e->ncomplete && i < c->npending; i++)
            cp[i].req = c->pending[i];
        c->npending = 0;
        return SKEL_OK;
    }
    if (c->off == 0) {            /* nothing made yet: the trace's ids as they are */
        if (e->req > c->last_req) /* the latest (note_req) */
            c->last_req = e->req;
        return SKEL_OK;
    }
    for (uint32_t i = 0; i < e->ncomplete; i++)
        ((skel_completion *)e->complete)[i].req = map_req(c, e->complete[i].req);
    for (uint32_t i = 0; i < e->nreqs; i++)
        ((uint64_t *)e->reqs)[i] = map_req(c, e->reqs[i]);
    const struct skel_call_info *ci = skel_call_info(e->call);
    if (e->req != 0 && skel_call_creates_request(e->call, ci ? ci->klass : SKEL_CLASS_NONE)) {
        if (c->nbp == 0 || c->bp[c->nbp - 1].off != c->off) {
            if ((rc = grow((void **)&c->bp, &c->bpcap, c->nbp + 1, sizeof *c->bp)) != SKEL_OK)
                return rc;
            c->bp[c->nbp++] = (struct skel_concur_bp){.from = e->req, .off = c->off};
        }
        c->last_req = e->req;
        e->req += c->off;
    } else if (e->req != 0) {
        e->req = map_req(c, e->req);
    }
    return SKEL_OK;
}

/* ---- reading ------------------------------------------------------------------ */

static int see_thread(skel_concur *c, uint32_t t, uint64_t end)
{
    if (t >= c->nthreads) {
        uint32_t n = c->nthreads ? c->nthreads : 4;
        while (n <= t)
            n *= 2;
        uint64_t *le = realloc(c->last_end, n * sizeof *le);
        if (le == NULL)
            return oom();
        c->last_end = le;
        uint8_t *s = realloc(c->seen, n);
        if (s == NULL)
            return oom();
        c->seen = s;
        memset(c->last_end + c->nthreads, 0, (n - c->nthreads) * sizeof *le);
        memset(c->seen + c->nthreads, 0, n - c->nthreads);
        c->nthreads = n;
    }
    if (!c->seen[t] && c->nseen++ > 0)
        c->many = 1;
    c->seen[t] = 1;
    if (end > c->last_end[t])
        c->last_end[t] = end;
    return SKEL_OK;
}

/* The first pass: every thread's first start (its "latest end" until its
 * first call is read) and its number of events. */
static int first_pass(skel_concur *c)
{
    skel_rank_reader *rd;
    int rc = skel_trace_open_rank(c->trace, c->rank, &rd);
    if (rc != SKEL_OK)
        return rc;
    skel_event e;
    while ((rc = skel_rank_next(rd, &e)) > 0) {
        uint32_t t = e.thread;
        if (t >= c->nthreads || !c->seen[t]) {
            if ((rc = see_thread(c, t, 0)) != SKEL_OK)
                break;
            c->last_end[t] = e.t_start;
        }
        if ((rc = grow((void **)&c->left, &c->lcap, t + 1, sizeof *c->left)) != SKEL_OK)
            break;
        if (t >= c->nleft) {
            memset(c->left + c->nleft, 0, (t + 1 - c->nleft) * sizeof *c->left);
            c->nleft = t + 1;
        }
        c->left[t]++;
    }
    skel_rank_close(rd);
    return rc < 0 ? rc : SKEL_OK;
}

/* A request id of the trace's, delivered as it is (nothing was made
 * nonblocking before it): the latest is kept for when something is.  Ids
 * grow in creation order, and a call that names an older request (a start,
 * a free) names one made before, so the largest is the latest. */
static inline void note_req(skel_concur *c, const skel_event *ev)
{
    if (ev->req > c->last_req)
        c->last_req = ev->req;
}

/* Everything but one thread's next event: the first event, another
 * thread's, held events and clusters.  have: *ev was just read (rc 1). */
static int next_slow(skel_concur *c, skel_event *ev, int have)
{
    item_release(&c->cur);
    for (;;) {
        if (!have && c->opos < c->on) {
            c->cur = c->out[c->opos++];
            int rc = number(c, &c->cur);
            if (rc != SKEL_OK)
                return rc;
            *ev = c->cur.ev;
            return 1;
        }
        if (!have && c->ended)
            return 0;
        int rc = have ? 1 : skel_rank_next(c->rd, ev);
        have = 0;
        if (rc < 0)
            return rc;
        if (c->raw == 0 && rc > 0) {
            /* Under MPI_THREAD_MULTIPLE a thread's first call may overlap
             * calls already read: events are held from the start, and the
             * threads are known from a first pass (the rank information is
             * known once an event was read). */
            const skel_rank_info *info = skel_rank_info_of(c->rd);
            c->many = c->multiple = info != NULL && info->thread_level >= 3;
            if (c->many && c->trace != NULL) {
                int prc = first_pass(c);
                if (prc != SKEL_OK)
                    return prc;
                /* One thread under MPI_THREAD_MULTIPLE (mpi4py's default):
                 * nothing can overlap, read as it is. */
                c->many = c->multiple = c->nseen > 1;
            }
        }
        if (rc == 0) {
            c->ended = 1;
            if ((rc = settle(c)) != SKEL_OK)
                return rc;
            continue;
        }
        /* Threads' calls that overlapped, as the file holds them. */
        if (c->raw > 0 && ev->thread != c->raw_thread && ev->t_start < c->raw_end)
            c->overlaps++;
        c->raw++;
        c->raw_thread = ev->thread;
        c->raw_end = ev->t_end;
        if ((rc = see_thread(c, ev->thread, ev->t_end)) != SKEL_OK)
            return rc;
        if (ev->thread < c->nleft && c->left[ev->thread] > 0 && --c->left[ev->thread] == 0)
            c->last_end[ev->thread] = UINT64_MAX; /* its last call: it waits for nothing more */
        if (!c->many) {
            /* One thread so far: delivered as read, nothing held. */
            note_req(c, ev);
            return 1;
        }
        if ((rc = hold(c, ev)) != SKEL_OK || (rc = settle(c)) != SKEL_OK)
            return rc;
    }
}

int skel_concur_next(skel_concur *c, skel_event *ev)
{
    if (!c->many && c->raw > 0 && !c->ended) {
        /* The common case: the thread of the previous event calls again,
         * read into *ev and delivered from there (nothing is held while
         * one thread calls). */
        int rc = skel_rank_next(c->rd, ev);
        if (rc > 0 && ev->thread == c->raw_thread) {
            c->raw++;
            c->raw_end = ev->t_end;
            c->last_end[ev->thread] = ev->t_end;
            note_req(c, ev);
            return 1;
        }
        if (rc < 0)
            return rc;
        if (rc == 0) {
            c->ended = 1;
            return 0;
        }
        return next_slow(c, ev, 1);
    }
    return next_slow(c, ev, 0);
}
