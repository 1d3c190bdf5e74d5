/* replay.c - merge all ranks of a trace in happens-before order (replay.h).
 *
 * Each rank has a "current" event: read but not yet delivered.  When an
 * event becomes current its sends are posted to their channels at once
 * (sends never wait), its receives are given their place in their channels,
 * and its collective arrival is registered.  The event is then ready, or
 * blocked on a channel or a collective; ready ranks sit in a heap ordered by
 * the start time of their current event.  Delivering an event makes its
 * rank read the next one.
 */
#include "replay.h"

#include "error.h"
#include "grow.h"
#include "map.h"
#include "prefetch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NO_SLOT UINT64_MAX

/* A sent message waiting in its channel. */
struct pending_send {
    skel_msg m;
    uint8_t taken;
};

struct channel {
    uint64_t nsent;  /* sends posted so far */
    uint64_t nslots; /* receive places handed out so far */
    uint64_t base;   /* index of q[head] */
    struct pending_send *q;
    uint32_t head, len, cap;
    uint32_t *waiters; /* ranks blocked on this channel */
    uint32_t nwait, wcap;
    uint64_t key; /* in chan_map while live or idle */
    uint64_t gid; /* what it is: communicator, source, destination, tag */
    uint32_t src, dst;
    int32_t tag;
    uint8_t live;    /* in use; 0: idle (still found by its key until reused) */
    uint8_t in_idle; /* on the replay's idle list */
};

/* Recently used channels, direct-mapped by (source, destination, tag): a
 * hit skips the key's three mixes and the hash map (see channel_of). */
#define CHAN_CACHE 64u

struct coll {
    uint64_t id;
    uint32_t size, arrived;
    uint8_t blocking;
    skel_coll_member *members; /* room for mcap, kept when the instance is reused */
    uint32_t mcap;
    uint32_t *waiters; /* ranks whose completion waits for it */
    uint32_t nwait, wcap;
    uint32_t done; /* members whose completion was delivered (recycled when all) */
    uint64_t key;  /* in coll_map while members arrive */
};

/* What a request of this rank is, for its completion. */
struct req_info {
    uint8_t kind;  /* RK_RECV, RK_SEND_PERSIST, RK_RECV_PERSIST, RK_ICOLL, RK_OTHER */
    uint32_t chan; /* receives with a known channel */
    uint64_t slot; /* their place, or NO_SLOT until known */
    uint32_t coll; /* nonblocking collectives: instance index */
    /* persistent requests: the parameters of each started instance */
    uint64_t gid;
    int32_t peer, tag;
    uint64_t bytes;
};
enum { RK_OTHER = 0, RK_RECV, RK_SEND_PERSIST, RK_RECV_PERSIST, RK_ICOLL };

/* The tracer numbers a rank's requests in sequence, so the live ones sit in
 * a direct-mapped table indexed by id; the few that a newer id displaces
 * while still live (persistent requests, a receive posted long before its
 * wait) move to a hash map.  Hash maps cost ~150 instructions per event on
 * a trace of nonblocking exchanges (bench/README.md). */
#define REQ_FRONT 1024u
struct req_front {
    uint64_t id; /* 0: empty (request ids start at 1) */
    uint32_t idx;
};

/* Something the current event must wait for. */
struct need {
    uint8_t what; /* 0 message, 1 collective */
    uint8_t peek;
    uint32_t chan;
    uint64_t slot;
    uint32_t coll;
    uint32_t completion;
};

struct rstate {
    skel_rank_reader *r;
    skel_prefetch *pf;     /* r decoding ahead in a thread, or NULL */
    const skel_event *cur; /* the current event: own, or in r's prefetched batch */
    const skel_event *bev; /* pf's batch: cur is bev[bpos - 1], bev[bpos..bn) to come */
    uint32_t bpos, bn;
    skel_event own;
    int have, done;
    int queued;   /* in the heap */
    uint64_t key; /* global start time of cur */
    struct need *needs;
    uint32_t nneeds, ncap;
    uint32_t group_coll;     /* cur is a blocking collective: its instance, else UINT32_MAX */
    struct req_front *front; /* live requests by id (REQ_FRONT slots), then */
    skel_map reqs;           /* those a newer id displaced: request id -> index in reqinfo */
    uint64_t nlive;          /* live requests in both */
    struct req_info *reqinfo;
    uint32_t nreqinfo, reqinfo_cap, reqinfo_free;
    uint32_t *free_list;
    uint32_t nfree, free_cap;
    skel_map coll_count; /* communicator gid -> collectives seen on it, but for: */
    uint64_t cc_gid;     /* the communicator of the rank's last collective (cc_have) */
    uint32_t cc_k;       /* its count, ahead of the map's */
    int cc_have;
    int64_t offset; /* clock offset against rank 0 */
    /* The gid of the communicator index gid_comm - 1 (0: none yet): events
     * mostly use the one before's.  A known entry of the reader's table
     * never changes (reader.h), so it stays valid. */
    uint32_t gid_comm;
    uint64_t gid;
};

struct skel_replay {
    const skel_trace *t;
    uint32_t n;
    struct rstate *rs;
    uint32_t *heap;
    uint32_t nheap;
    skel_map chan_map;
    struct channel *chans; /* idle ones are reused (see trim_channels) */
    uint32_t nchans, chan_cap;
    uint32_t *chan_free; /* idle channels, and some reused since (skipped) */
    uint32_t nchan_free, chan_free_cap;
    uint32_t chan_cache[CHAN_CACHE]; /* channel index + 1, 0: empty */
    skel_map coll_map;
    struct coll *colls; /* instances; those delivered to every member are reused, so that
                           memory follows the collectives in flight, not the trace */
    uint32_t ncolls, coll_cap;
    uint32_t *coll_free;
    uint32_t ncoll_free, coll_free_cap;
    uint64_t next_coll_id;
    uint32_t *advance; /* ranks whose event was delivered: read their next */
    uint32_t nadvance;
    /* the item handed out */
    skel_msg *msgs;
    uint32_t msg_cap;
    skel_coll_member *members;
    uint32_t member_cap;
    uint32_t *wake_buf; /* scratch for wake() */
    uint32_t wake_cap;
    skel_replay_stats st;
    int err;
};

/* ---- small growable arrays --------------------------------------------------- */

/* ---- heap of ready ranks ---------------------------------------------------------- */

/* heap_push(), check(), req_get(), req_complete() and finish_requests() run
 * for nearly every event: inline (bench/README.md). */

static int heap_less(const skel_replay *rp, uint32_t a, uint32_t b)
{
    const struct rstate *x = &rp->rs[a], *y = &rp->rs[b];
    return x->key != y->key ? x->key < y->key : a < b;
}

static inline __attribute__((always_inline)) void heap_push(skel_replay *rp, uint32_t rank)
{
    if (rp->rs[rank].queued)
        return;
    rp->rs[rank].queued = 1;
    uint32_t i = rp->nheap++;
    rp->heap[i] = rank;
    while (i > 0) {
        uint32_t p = (i - 1) / 2;
        if (!heap_less(rp, rp->heap[i], rp->heap[p]))
            break;
        uint32_t tmp = rp->heap[i];
        rp->heap[i] = rp->heap[p];
        rp->heap[p] = tmp;
        i = p;
    }
}

static uint32_t heap_pop(skel_replay *rp)
{
    uint32_t top = rp->heap[0];
    rp->heap[0] = rp->heap[--rp->nheap];
    uint32_t i = 0;
    for (;;) {
        uint32_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < rp->nheap && heap_less(rp, rp->heap[l], rp->heap[m]))
            m = l;
        if (r < rp->nheap && heap_less(rp, rp->heap[r], rp->heap[m]))
            m = r;
        if (m == i)
            break;
        uint32_t tmp = rp->heap[i];
        rp->heap[i] = rp->heap[m];
        rp->heap[m] = tmp;
        i = m;
    }
    rp->rs[top].queued = 0;
    return top;
}

/* ---- channels ------------------------------------------------------------------------ */

/* MPI_COMM_SELF has the same id on every rank but is a different
 * communicator on each: make its ids distinct. */
static uint64_t gid_of(const skel_comm *c, uint32_t rank)
{
    if (c == NULL)
        return 0;
    return c->gid == 1 ? ((uint64_t)rank << 32) | 0x8000000000000001ull : c->gid;
}

static uint64_t comm_gid(struct rstate *s, uint32_t comm, uint32_t rank)
{
    if (s->gid_comm == comm + 1)
        return s->gid;
    const skel_comm *cm = skel_rank_comm(s->r, comm);
    if (cm == NULL) /* unknown yet: not cached */
        return 0;
    s->gid = gid_of(cm, rank);
    s->gid_comm = comm + 1;
    return s->gid;
}

static uint64_t chan_key(uint64_t gid, uint32_t src, uint32_t dst, int32_t tag)
{
    uint64_t h = skel_mix64(gid);
    h = skel_mix64(h ^ ((uint64_t)src << 32 | dst));
    return skel_mix64(h ^ (uint32_t)tag);
}

/* A channel's numbering starts again when it is taken up (new, reused or
 * idle and wanted again): nothing refers to its old places.  It keeps its
 * buffers (empty). */
static void chan_restart(struct channel *c)
{
    c->nsent = c->nslots = c->base = 0;
    c->head = c->len = c->nwait = 0;
    c->live = 1;
}

static uint32_t chan_cache_slot(uint32_t src, uint32_t dst, int32_t tag)
{
    return ((uint32_t)tag * 0x9e3779b1u + src * 0x85ebca6bu + dst) >> (32 - 6);
}

static int channel_of(skel_replay *rp, uint64_t gid, uint32_t src, uint32_t dst, int32_t tag,
                      uint32_t *out)
{
    uint32_t *cs = &rp->chan_cache[chan_cache_slot(src, dst, tag)];
    if (*cs != 0) {
        struct channel *c = &rp->chans[*cs - 1];
        if (c->gid == gid && c->src == src && c->dst == dst && c->tag == tag) {
            if (!c->live)
                chan_restart(c);
            *out = *cs - 1;
            return SKEL_OK;
        }
    }
    /* Keys are hashes: a collision between two channels would merge them;
     * with 64-bit mixing over the few thousand channels of a run the chance
     * is negligible. */
    uint64_t key = chan_key(gid, src, dst, tag);
    skel_map_slot *s = skel_map_find(&rp->chan_map, key);
    if (s != NULL) {
        struct channel *c = &rp->chans[s->val];
        if (!c->live)
            chan_restart(c);
        *out = s->val;
        *cs = s->val + 1;
        return SKEL_OK;
    }
    /* An idle channel is reused (the list also holds channels taken up
     * again since they went idle: skipped), else a new one made. */
    uint32_t ci = UINT32_MAX;
    while (rp->nchan_free > 0 && ci == UINT32_MAX) {
        uint32_t k = rp->chan_free[--rp->nchan_free];
        rp->chans[k].in_idle = 0;
        if (!rp->chans[k].live)
            ci = k;
    }
    if (ci != UINT32_MAX) {
        skel_map_del(&rp->chan_map, rp->chans[ci].key);
    } else {
        if (skel_grow_u32(&rp->chans, &rp->chan_cap, rp->nchans + 1, sizeof *rp->chans) != SKEL_OK)
            return skel_oom();
        ci = rp->nchans;
        memset(&rp->chans[ci], 0, sizeof rp->chans[ci]);
        rp->nchans++;
    }
    struct channel *c = &rp->chans[ci];
    chan_restart(c);
    c->key = key;
    c->gid = gid;
    c->src = src;
    c->dst = dst;
    c->tag = tag;
    if (skel_map_put(&rp->chan_map, key, ci) != 0)
        return skel_oom();
    *out = ci;
    *cs = ci + 1;
    return SKEL_OK;
}

static struct pending_send *chan_at(struct channel *c, uint64_t idx)
{
    if (idx < c->base || idx >= c->base + c->len)
        return NULL;
    return &c->q[(c->head + (uint32_t)(idx - c->base)) % c->cap];
}

static void wake(skel_replay *rp, uint32_t **waiters, uint32_t *nwait);

static int post_send(skel_replay *rp, uint32_t rank, uint64_t gid, int32_t peer, int32_t tag,
                     uint64_t bytes)
{
    if (peer < 0 || (uint32_t)peer >= rp->n)
        return SKEL_OK; /* MPI_PROC_NULL */
    uint32_t ci;
    int rc = channel_of(rp, gid, rank, (uint32_t)peer, tag, &ci);
    if (rc != SKEL_OK)
        return rc;
    struct channel *c = &rp->chans[ci];
    if (c->len == c->cap) {
        uint32_t ncap = c->cap ? c->cap * 2 : 4;
        struct pending_send *nq = malloc((size_t)ncap * sizeof *nq);
        if (nq == NULL)
            return skel_oom();
        for (uint32_t i = 0; i < c->len; i++)
            nq[i] = c->q[(c->head + i) % c->cap];
        free(c->q);
        c->q = nq;
        c->head = 0;
        c->cap = ncap;
    }
    const skel_event *ev = rp->rs[rank].cur;
    struct pending_send *p = &c->q[(c->head + c->len) % c->cap];
    c->len++;
    c->nsent++;
    p->taken = 0;
    p->m = (skel_msg){.src = rank,
                      .send_seq = ev->seq,
                      .send_start = ev->t_start,
                      .send_end = ev->t_end,
                      .dst = (uint32_t)peer,
                      .tag = tag,
                      .bytes = bytes,
                      .completion = UINT32_MAX};
    wake(rp, &c->waiters, &c->nwait);
    return SKEL_OK;
}

/* ---- collectives ------------------------------------------------------------------------ */

static int coll_arrive(skel_replay *rp, uint32_t rank, uint32_t comm, int blocking, uint32_t *out)
{
    struct rstate *s = &rp->rs[rank];
    uint64_t gid = comm_gid(s, comm, rank);
    int created;
    uint32_t k;
    if (s->cc_have && s->cc_gid == gid) {
        k = ++s->cc_k; /* a loop's collectives: one communicator, no lookup */
    } else {
        skel_map_slot *cnt;
        if (s->cc_have) {
            if ((cnt = skel_map_upsert(&s->coll_count, s->cc_gid, &created)) == NULL)
                return skel_oom();
            cnt->val = s->cc_k;
        }
        if ((cnt = skel_map_upsert(&s->coll_count, gid, &created)) == NULL)
            return skel_oom();
        k = created ? 0 : cnt->val + 1;
        cnt->val = k;
        s->cc_gid = gid;
        s->cc_k = k;
        s->cc_have = 1;
    }
    uint64_t key = skel_mix64(gid ^ skel_mix64(k + 0x9e37ull));
    skel_map_slot *sl = skel_map_upsert(&rp->coll_map, key, &created);
    if (sl == NULL)
        return skel_oom();
    uint32_t ci;
    if (created) {
        if (rp->ncoll_free > 0) {
            ci = rp->coll_free[rp->ncoll_free - 1];
        } else {
            if (skel_grow_u32(&rp->colls, &rp->coll_cap, rp->ncolls + 1, sizeof *rp->colls) !=
                SKEL_OK)
                return skel_oom();
            ci = rp->ncolls;
            memset(&rp->colls[ci], 0, sizeof rp->colls[ci]);
        }
        sl->val = ci;
        if (rp->ncoll_free > 0)
            rp->ncoll_free--;
        else
            rp->ncolls++;
        struct coll *c = &rp->colls[ci];
        /* A reused instance keeps its buffers: its waiters' (empty: all were
         * woken) and its members' (each arrival fills its member whole). */
        uint32_t *waiters = c->waiters, wcap = c->wcap;
        skel_coll_member *members = c->members;
        uint32_t mcap = c->mcap;
        memset(c, 0, sizeof *c);
        c->waiters = waiters;
        c->wcap = wcap;
        c->members = members;
        c->mcap = mcap;
        c->key = key;
        c->id = rp->next_coll_id++;
        const skel_comm *cm = skel_rank_comm(s->r, comm);
        c->size =
            cm != NULL ? cm->size + ((cm->flags & SKEL_COMMF_INTER) ? cm->remote_size : 0) : 1;
        c->blocking = (uint8_t)blocking;
        if (skel_grow_u32(&c->members, &c->mcap, c->size, sizeof *c->members) != SKEL_OK)
            return skel_oom();
        rp->st.collectives++;
    } else {
        ci = sl->val;
    }
    struct coll *c = &rp->colls[ci];
    if (c->arrived >= c->size || c->blocking != blocking)
        return skel_fail(SKEL_EFORMAT,
                         "%s: rank %u, event %llu (%s): collective #%u on its communicator does "
                         "not match the other members' (%s)",
                         skel_trace_dir(rp->t), rank, (unsigned long long)s->cur->seq,
                         skel_call_name(s->cur->call), k,
                         c->arrived >= c->size ? "more members than the communicator has"
                                               : "blocking and nonblocking mixed");
    skel_coll_member *m = &c->members[c->arrived++];
    m->rank = rank;
    m->ev = NULL;
    m->seq = s->cur->seq;
    m->t_start = s->cur->t_start;
    m->t_end = s->cur->t_end;
    *out = ci;
    if (c->arrived == c->size)
        wake(rp, &c->waiters, &c->nwait);
    return SKEL_OK;
}

/* ---- requests ------------------------------------------------------------------------------ */

static struct req_info *req_new(struct rstate *s, uint64_t id)
{
    uint32_t i;
    if (s->nfree > 0) {
        i = s->free_list[--s->nfree];
    } else {
        /* The free list gets room for every entry now, so that dropping
         * one never allocates. */
        if (skel_grow_u32(&s->reqinfo, &s->reqinfo_cap, s->nreqinfo + 1, sizeof *s->reqinfo) !=
                SKEL_OK ||
            skel_grow_u32(&s->free_list, &s->free_cap, s->nreqinfo + 1, sizeof *s->free_list) !=
                SKEL_OK)
            return NULL;
        i = s->nreqinfo++;
    }
    struct req_front *f = &s->front[id & (REQ_FRONT - 1)];
    if (f->id != id) {
        if (f->id != 0 && skel_map_put(&s->reqs, f->id, f->idx) != 0)
            return NULL;
        /* An id created twice (a damaged trace) is one request, as before. */
        skel_map_slot *old = s->reqs.live > 0 ? skel_map_find(&s->reqs, id) : NULL;
        if (old != NULL)
            skel_map_del_slot(&s->reqs, old);
        else
            s->nlive++;
    }
    *f = (struct req_front){.id = id, .idx = i};
    memset(&s->reqinfo[i], 0, sizeof s->reqinfo[i]);
    s->reqinfo[i].slot = NO_SLOT;
    return &s->reqinfo[i];
}

static inline __attribute__((always_inline)) struct req_info *req_get(struct rstate *s, uint64_t id)
{
    const struct req_front *f = &s->front[id & (REQ_FRONT - 1)];
    if (f->id == id && id != 0)
        return &s->reqinfo[f->idx];
    if (s->reqs.live == 0)
        return NULL;
    skel_map_slot *sl = skel_map_find(&s->reqs, id);
    return sl != NULL ? &s->reqinfo[sl->val] : NULL;
}

/* Forget request id, if it is live. */
static void req_drop(struct rstate *s, uint64_t id)
{
    struct req_front *f = &s->front[id & (REQ_FRONT - 1)];
    uint32_t i;
    if (f->id == id && id != 0) {
        i = f->idx;
        f->id = 0;
    } else {
        skel_map_slot *sl = s->reqs.live > 0 ? skel_map_find(&s->reqs, id) : NULL;
        if (sl == NULL)
            return;
        i = sl->val;
        skel_map_del_slot(&s->reqs, sl);
    }
    s->nlive--;
    s->free_list[s->nfree++] = i; /* room was made when entry i was created */
}

/* ---- becoming current -------------------------------------------------------------------- */

static int add_need(struct rstate *s, struct need n)
{
    if (skel_grow_u32(&s->needs, &s->ncap, s->nneeds + 1, sizeof *s->needs) != SKEL_OK)
        return skel_oom();
    s->needs[s->nneeds++] = n;
    return SKEL_OK;
}

/* A receive taking its place in the channel (src/tag known). */
static int recv_place(skel_replay *rp, uint32_t rank, uint64_t gid, int32_t src, int32_t tag,
                      uint32_t *chan, uint64_t *slot)
{
    int rc = channel_of(rp, gid, (uint32_t)src, rank, tag, chan);
    if (rc == SKEL_OK)
        *slot = rp->chans[*chan].nslots++;
    return rc;
}

static int known(int32_t peer, const skel_replay *rp)
{
    return peer >= 0 && (uint32_t)peer < rp->n;
}

static int become_current(skel_replay *rp, uint32_t rank)
{
    struct rstate *s = &rp->rs[rank];
    const skel_event *ev = s->cur;
    const struct skel_call_info *ci = skel_call_info(ev->call);
    int klass = ci->klass;
    /* Decided before comm_gid: GCC kept klass in a byte of the stack and
     * read it back as a word (a store-forwarding stall, ~8 % of advance). */
    int creates = ev->req != 0 && skel_call_creates_request(ev->call, klass);
    uint64_t gid = comm_gid(s, ev->comm, rank);
    uint32_t chan;
    uint64_t slot;
    int rc = SKEL_OK;
    s->nneeds = 0;
    s->group_coll = UINT32_MAX;
    s->key = (uint64_t)((int64_t)ev->t_start - s->offset); /* skel_replay_global_time() */

    /* Requests this event creates. */
    if (creates) {
        struct req_info *q = req_new(s, ev->req);
        if (q == NULL)
            return skel_oom();
        if (klass == SKEL_CLASS_IRECV) {
            q->kind = RK_RECV;
            q->gid = gid;
            q->peer = ev->peer;
            if (known(ev->peer, rp) && ev->tag >= 0) {
                if ((rc = recv_place(rp, rank, gid, ev->peer, ev->tag, &q->chan, &q->slot)))
                    return rc;
            }
        } else if (klass == SKEL_CLASS_SEND_INIT || klass == SKEL_CLASS_RECV_INIT) {
            q->kind = klass == SKEL_CLASS_SEND_INIT ? RK_SEND_PERSIST : RK_RECV_PERSIST;
            q->gid = gid;
            q->peer = ev->peer;
            q->tag = ev->tag;
            q->bytes = ev->bytes;
        } else if (klass == SKEL_CLASS_ICOLL) {
            q->kind = RK_ICOLL;
            if ((rc = coll_arrive(rp, rank, ev->comm, 0, &q->coll)))
                return rc;
        } else if (klass == SKEL_CLASS_IMRECV) {
            q->kind = RK_OTHER; /* the message was taken by the matched probe */
        }
    }

    switch (klass) {
    case SKEL_CLASS_SEND:
    case SKEL_CLASS_ISEND:
        rc = post_send(rp, rank, gid, ev->peer, ev->tag, ev->bytes);
        break;
    case SKEL_CLASS_SENDRECV:
        rc = post_send(rp, rank, gid, ev->peer, ev->tag, ev->bytes);
        if (rc == SKEL_OK && known(ev->asrc, rp) && ev->atag >= 0 &&
            (rc = recv_place(rp, rank, gid, ev->asrc, ev->atag, &chan, &slot)) == SKEL_OK)
            rc = add_need(s, (struct need){.chan = chan, .slot = slot, .completion = UINT32_MAX});
        break;
    case SKEL_CLASS_RECV:
    case SKEL_CLASS_MPROBE:
    case SKEL_CLASS_IMPROBE:
        if ((klass != SKEL_CLASS_IMPROBE || (ev->flags & SKEL_EVF_FLAG)) && known(ev->asrc, rp) &&
            ev->atag >= 0 &&
            (rc = recv_place(rp, rank, gid, ev->asrc, ev->atag, &chan, &slot)) == SKEL_OK)
            rc = add_need(s, (struct need){.chan = chan, .slot = slot, .completion = UINT32_MAX});
        break;
    case SKEL_CLASS_PROBE:
    case SKEL_CLASS_IPROBE:
        if ((klass == SKEL_CLASS_PROBE || (ev->flags & SKEL_EVF_FLAG)) && known(ev->asrc, rp) &&
            ev->atag >= 0 &&
            (rc = channel_of(rp, gid, (uint32_t)ev->asrc, rank, ev->atag, &chan)) == SKEL_OK)
            rc = add_need(s, (struct need){.peek = 1,
                                           .chan = chan,
                                           .slot = rp->chans[chan].nslots,
                                           .completion = UINT32_MAX});
        break;
    case SKEL_CLASS_START: {
        uint32_t n = ev->nreqs > 0 ? ev->nreqs : ev->req != 0;
        for (uint32_t i = 0; i < n && rc == SKEL_OK; i++) {
            uint64_t id = ev->nreqs > 0 ? ev->reqs[i] : ev->req;
            struct req_info *q = req_get(s, id);
            if (q == NULL)
                continue;
            if (q->kind == RK_SEND_PERSIST)
                rc = post_send(rp, rank, q->gid, q->peer, q->tag, q->bytes);
            else if (q->kind == RK_RECV_PERSIST) {
                q->slot = NO_SLOT;
                if (known(q->peer, rp) && q->tag >= 0)
                    rc = recv_place(rp, rank, q->gid, q->peer, q->tag, &q->chan, &q->slot);
            }
        }
        break;
    }
    case SKEL_CLASS_WAIT:
        for (uint32_t i = 0; i < ev->ncomplete && rc == SKEL_OK; i++) {
            const skel_completion *cp = &ev->complete[i];
            struct req_info *q = req_get(s, cp->req);
            if (q == NULL || (cp->flags & SKEL_EVF_CANCELLED))
                continue;
            if (q->kind == RK_RECV || q->kind == RK_RECV_PERSIST) {
                if (q->peer == SKEL_PEER_NULL || !known(cp->src, rp) || cp->tag < 0)
                    continue; /* from MPI_PROC_NULL */
                /* Wildcard receives take their place now that the source is known. */
                if (q->slot == NO_SLOT &&
                    (rc = recv_place(rp, rank, q->gid, cp->src, cp->tag, &q->chan, &q->slot)))
                    break;
                rc = add_need(s, (struct need){.chan = q->chan, .slot = q->slot, .completion = i});
            } else if (q->kind == RK_ICOLL) {
                rc = add_need(s, (struct need){.what = 1, .coll = q->coll, .completion = i});
            }
        }
        break;
    case SKEL_CLASS_COLL:
    case SKEL_CLASS_COMMFREE:
        rc = coll_arrive(rp, rank, ev->comm, 1, &s->group_coll);
        break;
    case SKEL_CLASS_COMM:
        /* Communicator constructors synchronise their parent's members; the
         * group-based and intercommunicator ones only some of them. */
        if (ev->call != SKEL_CALL_MPI_Comm_create_group &&
            ev->call != SKEL_CALL_MPI_Intercomm_create && ev->call != SKEL_CALL_MPI_Comm_idup)
            rc = coll_arrive(rp, rank, ev->comm, 1, &s->group_coll);
        break;
    default:
        break;
    }
    return rc;
}

/* ---- readiness ------------------------------------------------------------------------------ */

static int need_met(const skel_replay *rp, const struct need *n)
{
    if (n->what == 1)
        return rp->colls[n->coll].arrived == rp->colls[n->coll].size;
    return rp->chans[n->chan].nsent > n->slot;
}

static int add_waiter(uint32_t **w, uint32_t *n, uint32_t *cap, uint32_t rank)
{
    if (skel_grow_u32(w, cap, *n + 1, sizeof **w) != SKEL_OK)
        return skel_oom();
    (*w)[(*n)++] = rank;
    return SKEL_OK;
}

/* Put the rank in the heap if its current event can go, else register it
 * with what it waits for. */
static inline __attribute__((always_inline)) int check(skel_replay *rp, uint32_t rank)
{
    struct rstate *s = &rp->rs[rank];
    for (uint32_t i = 0; i < s->nneeds; i++) {
        const struct need *n = &s->needs[i];
        if (need_met(rp, n))
            continue;
        if (n->what == 1) {
            struct coll *c = &rp->colls[n->coll];
            return add_waiter(&c->waiters, &c->nwait, &c->wcap, rank);
        }
        struct channel *c = &rp->chans[n->chan];
        return add_waiter(&c->waiters, &c->nwait, &c->wcap, rank);
    }
    if (s->group_coll != UINT32_MAX) {
        struct coll *c = &rp->colls[s->group_coll];
        if (c->arrived < c->size)
            return SKEL_OK; /* the last member to arrive carries the group */
    }
    heap_push(rp, rank);
    return SKEL_OK;
}

static void wake(skel_replay *rp, uint32_t **waiters, uint32_t *nwait)
{
    uint32_t n = *nwait;
    if (n == 0)
        return;
    /* Move the waiters aside first: checking them may register them again,
     * on this very list.  The scratch list is the replay's own; a nested
     * wake cannot happen (check() only registers or queues). */
    if (skel_grow_u32(&rp->wake_buf, &rp->wake_cap, n, sizeof *rp->wake_buf) != SKEL_OK) {
        rp->err = skel_oom();
        return;
    }
    memcpy(rp->wake_buf, *waiters, n * sizeof *rp->wake_buf);
    *nwait = 0;
    for (uint32_t i = 0; i < n; i++) {
        int rc = check(rp, rp->wake_buf[i]);
        if (rc != SKEL_OK)
            rp->err = rc;
    }
}

/* A reader thread wrote the batch's events on another core: ask for the
 * rank's event PREFETCH_AHEAD after the one taken while the ones between
 * are replayed, so that its first reads do not wait for the transfer
 * (bench/README.md, "What callgrind did not see"). */
enum { PREFETCH_AHEAD = 3 }; /* events ahead of the one taken */
static inline void prefetch_event(const skel_event *ev)
{
    const char *p = (const char *)ev;
    for (size_t off = 0; off < sizeof *ev; off += 64)
        __builtin_prefetch(p + off, 0, 3);
}

/* Read the rank's next event and make it current. */
static int advance(skel_replay *rp, uint32_t rank)
{
    struct rstate *s = &rp->rs[rank];
    int rc;
    if (s->pf != NULL) {
        /* The batch's events walked here: a call per batch, not per event. */
        if (s->bpos < s->bn) {
            s->cur = &s->bev[s->bpos++];
            if (s->bpos + PREFETCH_AHEAD < s->bn)
                prefetch_event(&s->bev[s->bpos + PREFETCH_AHEAD]);
            rc = 1;
        } else if ((rc = skel_prefetch_next_batch(s->pf, &s->bev, &s->bn)) == 1) {
            s->cur = s->bev;
            s->bpos = 1;
        }
    } else {
        rc = skel_rank_next(s->r, &s->own);
        s->cur = &s->own;
    }
    if (rc < 0)
        return rc;
    if (rc == 0) {
        s->have = 0;
        s->done = 1;
        return SKEL_OK;
    }
    s->have = 1;
    rp->st.events++;
    rc = become_current(rp, rank);
    if (rc == SKEL_OK)
        rc = check(rp, rank);
    if (rc == SKEL_OK && s->group_coll != UINT32_MAX) {
        /* The last arrival of a blocking collective carries the group. */
        struct coll *c = &rp->colls[s->group_coll];
        if (c->arrived == c->size)
            heap_push(rp, rank);
    }
    return rc;
}

/* ---- public API --------------------------------------------------------------------------- */

/* Decode each rank ahead in a thread of its own (prefetch.h) when there is
 * another processor to run them and few enough ranks; SKEL_REPLAY_THREADS=0
 * turns it off, =1 on whatever the machine.  Batches shrink as ranks grow,
 * so that the batches of all ranks stay within about 9.4 MB (3 x 16384
 * events of 192 bytes); few ranks get long batches, so that a reader is
 * woken seldom (prefetch.c). */
static void start_prefetch(skel_replay *rp)
{
    const char *env = getenv("SKEL_REPLAY_THREADS");
    int on = rp->n <= 64 && sysconf(_SC_NPROCESSORS_ONLN) > 1;
    if (env != NULL && (env[0] == '0' || env[0] == '1') && env[1] == '\0')
        on = env[0] == '1';
    if (!on)
        return;
    uint32_t batch = 16384 / (rp->n > 0 ? rp->n : 1);
    batch = batch < 256 ? 256 : batch > 8192 ? 8192 : batch;
    for (uint32_t i = 0; i < rp->n; i++)
        if (skel_prefetch_start(rp->rs[i].r, batch, &rp->rs[i].pf) != SKEL_OK)
            rp->rs[i].pf = NULL; /* read in this thread */
}

int skel_replay_open(const skel_trace *t, skel_replay **out)
{
    skel_replay *rp = calloc(1, sizeof *rp);
    if (rp == NULL)
        return skel_oom();
    rp->t = t;
    rp->n = skel_trace_nranks(t);
    rp->rs = calloc(rp->n, sizeof *rp->rs);
    rp->heap = calloc(rp->n, sizeof *rp->heap);
    rp->advance = calloc(rp->n, sizeof *rp->advance);
    int rc = SKEL_OK;
    if (rp->rs == NULL || rp->heap == NULL || rp->advance == NULL) {
        rc = skel_oom();
        goto fail;
    }
    /* Clock offsets at MPI_Init; ranks on rank 0's host share its clock (an
     * estimate there would only add its error). */
    const skel_meta *m = skel_trace_meta(t);
    const char *host0 = NULL;
    for (uint32_t i = 0; i < m->nrank_entries; i++)
        if (m->ranks[i].rank == 0)
            host0 = m->ranks[i].host;
    for (uint32_t i = 0; i < m->nrank_entries; i++) {
        const skel_meta_rank *mr = &m->ranks[i];
        if (mr->rank < rp->n &&
            !(host0 != NULL && mr->host != NULL && strcmp(mr->host, host0) == 0))
            rp->rs[mr->rank].offset = mr->offset_init_ns;
    }
    for (uint32_t i = 0; i < rp->n; i++) {
        if ((rc = skel_trace_open_rank(t, i, &rp->rs[i].r)) != SKEL_OK)
            goto fail;
        rp->rs[i].group_coll = UINT32_MAX;
        if ((rp->rs[i].front = calloc(REQ_FRONT, sizeof *rp->rs[i].front)) == NULL) {
            rc = skel_oom();
            goto fail;
        }
    }
    start_prefetch(rp);
    for (uint32_t i = 0; i < rp->n; i++)
        if ((rc = advance(rp, i)) != SKEL_OK || (rc = rp->err) != SKEL_OK)
            goto fail;
    *out = rp;
    return SKEL_OK;
fail:
    skel_replay_close(rp);
    return rc;
}

void skel_replay_close(skel_replay *rp)
{
    if (rp == NULL)
        return;
    for (uint32_t i = 0; rp->rs != NULL && i < rp->n; i++) {
        struct rstate *s = &rp->rs[i];
        skel_prefetch_stop(s->pf);
        skel_rank_close(s->r);
        free(s->needs);
        skel_map_free(&s->reqs);
        free(s->front);
        free(s->reqinfo);
        free(s->free_list);
        skel_map_free(&s->coll_count);
    }
    for (uint32_t i = 0; i < rp->nchans; i++) {
        free(rp->chans[i].q);
        free(rp->chans[i].waiters);
    }
    for (uint32_t i = 0; i < rp->ncolls; i++) {
        free(rp->colls[i].members);
        free(rp->colls[i].waiters);
    }
    free(rp->chans);
    free(rp->chan_free);
    free(rp->colls);
    free(rp->coll_free);
    skel_map_free(&rp->chan_map);
    skel_map_free(&rp->coll_map);
    free(rp->rs);
    free(rp->heap);
    free(rp->advance);
    free(rp->msgs);
    free(rp->members);
    free(rp->wake_buf);
    free(rp);
}

static int stuck(skel_replay *rp)
{
    for (uint32_t i = 0; i < rp->n; i++) {
        struct rstate *s = &rp->rs[i];
        if (!s->have)
            continue;
        const char *what = "a collective some member never reaches";
        char buf[256];
        for (uint32_t k = 0; k < s->nneeds; k++) {
            const struct need *n = &s->needs[k];
            if (need_met(rp, n))
                continue;
            if (n->what == 0) {
                snprintf(buf, sizeof buf,
                         "a message that was never sent (message #%llu of its "
                         "channel; %llu were sent)",
                         (unsigned long long)n->slot, (unsigned long long)rp->chans[n->chan].nsent);
                what = buf;
            }
            break;
        }
        return skel_fail(SKEL_EFORMAT,
                         "%s: the trace cannot be completed: rank %u, event %llu (%s) "
                         "waits for %s",
                         skel_trace_dir(rp->t), i, (unsigned long long)s->cur->seq,
                         skel_call_name(s->cur->call), what);
    }
    return skel_fail(SKEL_EINTERNAL, "replay stuck without a blocked rank");
}

/* Take the messages of the delivered event out of their channels. */
static int take_messages(skel_replay *rp, struct rstate *s, skel_replay_item *item)
{
    item->nmsg = 0;
    for (uint32_t i = 0; i < s->nneeds; i++) {
        const struct need *n = &s->needs[i];
        if (n->what != 0)
            continue;
        struct channel *c = &rp->chans[n->chan];
        struct pending_send *p = chan_at(c, n->slot);
        if (p == NULL)
            return skel_fail(SKEL_EINTERNAL, "replay: message already taken");
        if (skel_grow_u32(&rp->msgs, &rp->msg_cap, item->nmsg + 1, sizeof *rp->msgs) != SKEL_OK)
            return skel_oom();
        skel_msg *m = &rp->msgs[item->nmsg++];
        *m = p->m;
        m->completion = n->completion;
        m->peek = n->peek;
        if (!n->peek) {
            p->taken = 1;
            rp->st.messages++;
        }
    }
    item->msg = rp->msgs;
    return SKEL_OK;
}

/* Drop the taken messages at the front of every channel the event used.
 * A channel left idle - every send received, no receive place handed out
 * beyond them, nobody waiting - is reused: nothing refers to its places any
 * more (a receive holds its place until its message is taken; a probe that
 * waits is among the waiters), so that memory follows the channels in use,
 * not every (communicator, source, destination, tag) of the run (programs
 * that tag by iteration or by task). */
static int trim_channels(skel_replay *rp, struct rstate *s)
{
    for (uint32_t i = 0; i < s->nneeds; i++) {
        if (s->needs[i].what != 0)
            continue;
        uint32_t ci = s->needs[i].chan;
        struct channel *c = &rp->chans[ci];
        while (c->len > 0 && c->q[c->head].taken) {
            c->head = (c->head + 1) % c->cap;
            c->len--;
            c->base++;
        }
        if (c->live && c->len == 0 && c->nsent == c->nslots && c->nwait == 0) {
            /* Idle, but still found by its key until another channel takes
             * it: a loop that sends on the same channel every iteration
             * takes it up again without touching the hash map.  On the idle
             * list at most once (the list stays within the channels). */
            c->live = 0;
            if (!c->in_idle) {
                if (skel_grow_u32(&rp->chan_free, &rp->chan_free_cap, rp->nchan_free + 1,
                                  sizeof *rp->chan_free) != SKEL_OK)
                    return skel_oom();
                c->in_idle = 1;
                rp->chan_free[rp->nchan_free++] = ci;
            }
        }
    }
    return SKEL_OK;
}

/* A request completed: forgotten, unless persistent (then it waits for its
 * next start).  One lookup where req_get() and req_drop() took two. */
static inline __attribute__((always_inline)) void req_complete(struct rstate *s, uint64_t id)
{
    struct req_front *f = &s->front[id & (REQ_FRONT - 1)];
    if (f->id != id || id == 0) {
        struct req_info *q = req_get(s, id);
        if (q == NULL)
            return;
        if (q->kind != RK_SEND_PERSIST && q->kind != RK_RECV_PERSIST)
            req_drop(s, id);
        else
            q->slot = NO_SLOT;
        return;
    }
    struct req_info *q = &s->reqinfo[f->idx];
    if (q->kind == RK_SEND_PERSIST || q->kind == RK_RECV_PERSIST) {
        q->slot = NO_SLOT;
        return;
    }
    f->id = 0;
    s->nlive--;
    s->free_list[s->nfree++] = f->idx; /* room was made when the entry was created */
}

static inline __attribute__((always_inline)) void finish_requests(struct rstate *s)
{
    const skel_event *ev = s->cur;
    for (uint32_t i = 0; i < ev->ncomplete; i++)
        req_complete(s, ev->complete[i].req);
    if (ev->req != 0 && skel_call_info(ev->call)->klass == SKEL_CLASS_REQFREE)
        req_drop(s, ev->req);
}

int skel_replay_next(skel_replay *rp, skel_replay_item *item)
{
    if (rp->err != SKEL_OK)
        return rp->err;
    for (uint32_t i = 0; i < rp->nadvance; i++) {
        int rc = advance(rp, rp->advance[i]);
        if (rc == SKEL_OK)
            rc = rp->err;
        if (rc != SKEL_OK)
            return rp->err = rc;
    }
    rp->nadvance = 0;
    if (rp->nheap == 0) {
        for (uint32_t i = 0; i < rp->n; i++)
            if (rp->rs[i].have)
                return rp->err = stuck(rp);
        for (uint32_t i = 0; i < rp->n; i++)
            rp->st.pending_requests += rp->rs[i].nlive;
        for (uint32_t i = 0; i < rp->nchans; i++)
            for (uint32_t k = 0; k < rp->chans[i].len; k++)
                rp->st.unmatched_sends +=
                    !rp->chans[i].q[(rp->chans[i].head + k) % rp->chans[i].cap].taken;
        return 0;
    }
    uint32_t rank = heap_pop(rp);
    struct rstate *s = &rp->rs[rank];
    memset(item, 0, sizeof *item);
    item->rank = rank;
    item->ev = s->cur;
    int rc = take_messages(rp, s, item);
    if (rc != SKEL_OK)
        return rp->err = rc;
    if ((rc = trim_channels(rp, s)) != SKEL_OK)
        return rp->err = rc;
    /* A collective this event completes (blocking group or a Wait). */
    uint32_t coll = s->group_coll;
    if (coll == UINT32_MAX)
        for (uint32_t i = 0; i < s->nneeds; i++)
            if (s->needs[i].what == 1)
                coll = s->needs[i].coll;
    if (coll != UINT32_MAX) {
        struct coll *c = &rp->colls[coll];
        if (skel_grow_u32(&rp->members, &rp->member_cap, c->size, sizeof *rp->members) != SKEL_OK)
            return rp->err = skel_oom();
        memcpy(rp->members, c->members, c->size * sizeof *rp->members);
        item->ncoll = c->size;
        item->coll = rp->members;
        item->coll_id = c->id;
        if (s->group_coll != UINT32_MAX) {
            /* Deliver every member's event at once; all of them advance. */
            item->group = 1;
            for (uint32_t i = 0; i < c->size; i++) {
                uint32_t r = c->members[i].rank;
                rp->members[i].ev = rp->rs[r].cur;
                rp->advance[rp->nadvance++] = r;
                finish_requests(&rp->rs[r]);
            }
            item->rank = c->members[0].rank;
            item->ev = rp->members[0].ev;
            c->done = c->size;
        } else {
            c->done++;
        }
        if (c->done >= c->size) { /* nobody needs it any more: reuse it */
            skel_map_del(&rp->coll_map, c->key);
            if (skel_grow_u32(&rp->coll_free, &rp->coll_free_cap, rp->ncoll_free + 1,
                              sizeof *rp->coll_free) != SKEL_OK)
                return rp->err = skel_oom();
            rp->coll_free[rp->ncoll_free++] = coll;
        }
        if (item->group)
            return 1;
    }
    finish_requests(s);
    rp->advance[rp->nadvance++] = rank;
    return 1;
}

uint64_t skel_replay_global_time(const skel_replay *rp, uint32_t rank, uint64_t t)
{
    int64_t off = rank < rp->n ? rp->rs[rank].offset : 0;
    return (uint64_t)((int64_t)t - off);
}

void skel_replay_stats_of(const skel_replay *rp, skel_replay_stats *st)
{
    *st = rp->st;
    st->coll_instances = rp->ncolls;
    st->channels = rp->nchans;
}

const skel_rank_reader *skel_replay_reader(const skel_replay *rp, uint32_t rank)
{
    return rank < rp->n ? rp->rs[rank].r : NULL;
}
