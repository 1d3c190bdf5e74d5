/* match.c - which send met which receive in the traced run (match.h). */
#include "match.h"

#include "calls.h"
#include "error.h"
#include "grow.h"

#include <stdlib.h>
#include <string.h>

#define NONE      UINT32_MAX
#define SELF_KEY  (UINT32_MAX - 1) /* MPI_COMM_SELF: its own communicator on every rank */
#define PROBE_BIT 0x80000000u      /* in a receive run: a probe, not a receive */

/* ---- streams: runs of equal symbols, per (peer, communicator, tag) -------- */

struct run {
    uint32_t node; /* 2 * symbol + half, PROBE_BIT for probes */
    uint64_t n;
};

struct stream {
    int32_t peer, tag;
    uint32_t comm;
    uint32_t nruns;
    size_t cap;
    struct run *runs;
};

struct smap {
    struct stream *v;
    uint32_t n;
    size_t cap;
    uint32_t *tab; /* open addressing: stream index + 1, 0 empty */
    uint32_t tabcap;
};

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static uint64_t stream_hash(int32_t peer, uint32_t comm, int32_t tag)
{
    return mix(((uint64_t)(uint32_t)peer << 32 | comm) ^ mix((uint64_t)(uint32_t)tag));
}

static int smap_rehash(struct smap *m)
{
    uint32_t cap = m->tabcap ? m->tabcap * 2 : 64;
    uint32_t *t = calloc(cap, sizeof *t);
    if (t == NULL)
        return skel_oom();
    for (uint32_t i = 0; i < m->n; i++) {
        const struct stream *st = &m->v[i];
        uint32_t j = (uint32_t)stream_hash(st->peer, st->comm, st->tag) & (cap - 1);
        while (t[j] != 0)
            j = (j + 1) & (cap - 1);
        t[j] = i + 1;
    }
    free(m->tab);
    m->tab = t;
    m->tabcap = cap;
    return SKEL_OK;
}

/* The stream (peer, comm, tag), created when create is set (else NULL if
 * absent; *out stays NULL on failure too, with the error returned). */
static int smap_get(struct smap *m, int32_t peer, uint32_t comm, int32_t tag, int create,
                    struct stream **out)
{
    *out = NULL;
    if (!create && m->tabcap == 0)
        return SKEL_OK;
    if (create && (uint64_t)(m->n + 1) * 2 > m->tabcap) {
        int rc = smap_rehash(m);
        if (rc != SKEL_OK)
            return rc;
    }
    uint32_t j = (uint32_t)stream_hash(peer, comm, tag) & (m->tabcap - 1);
    for (; m->tab[j] != 0; j = (j + 1) & (m->tabcap - 1)) {
        struct stream *st = &m->v[m->tab[j] - 1];
        if (st->peer == peer && st->comm == comm && st->tag == tag) {
            *out = st;
            return SKEL_OK;
        }
    }
    if (!create)
        return SKEL_OK;
    int rc = skel_grow(&m->v, &m->cap, (size_t)m->n + 1, sizeof *m->v);
    if (rc != SKEL_OK)
        return rc;
    m->v[m->n] = (struct stream){.peer = peer, .tag = tag, .comm = comm};
    m->tab[j] = ++m->n;
    *out = &m->v[m->n - 1];
    return SKEL_OK;
}

static int stream_add(struct smap *m, int32_t peer, uint32_t comm, int32_t tag, uint32_t node)
{
    struct stream *st;
    int rc = smap_get(m, peer, comm, tag, 1, &st);
    if (rc != SKEL_OK)
        return rc;
    if (st->nruns > 0 && st->runs[st->nruns - 1].node == node) {
        st->runs[st->nruns - 1].n++;
        return SKEL_OK;
    }
    if ((rc = skel_grow(&st->runs, &st->cap, (size_t)st->nruns + 1, sizeof *st->runs)) != SKEL_OK)
        return rc;
    st->runs[st->nruns++] = (struct run){node, 1};
    return SKEL_OK;
}

static void smap_free(struct smap *m)
{
    for (uint32_t i = 0; i < m->n; i++)
        free(m->v[i].runs);
    free(m->v);
    free(m->tab);
}

/* ---- receives in posting order --------------------------------------------
 * A nonblocking receive learns its stream when it completes, but its place
 * in the stream is where it was posted: receives wait in a FIFO until every
 * one posted before them is known. */

enum { PEND_WAIT = 0, PEND_KNOWN, PEND_DROPPED };

struct pend {
    uint32_t node;
    int32_t src, tag;
    uint32_t comm;
    uint8_t state;
};

/* Request id -> FIFO position of a pending receive (linear probing with
 * backward-shift deletion). */
struct reqmap {
    uint64_t *key, *val; /* key 0: empty (request ids start at 1) */
    uint64_t cap, n;
};

static int reqmap_put(struct reqmap *m, uint64_t key, uint64_t val)
{
    if ((m->n + 1) * 2 > m->cap) {
        uint64_t cap = m->cap ? m->cap * 2 : 64;
        uint64_t *k = calloc(cap, sizeof *k), *v = calloc(cap, sizeof *v);
        if (k == NULL || v == NULL) {
            free(k);
            free(v);
            return skel_oom();
        }
        for (uint64_t i = 0; i < m->cap; i++)
            if (m->key[i] != 0) {
                uint64_t j = mix(m->key[i]) & (cap - 1);
                while (k[j] != 0)
                    j = (j + 1) & (cap - 1);
                k[j] = m->key[i];
                v[j] = m->val[i];
            }
        free(m->key);
        free(m->val);
        m->key = k;
        m->val = v;
        m->cap = cap;
    }
    uint64_t j = mix(key) & (m->cap - 1);
    while (m->key[j] != 0 && m->key[j] != key)
        j = (j + 1) & (m->cap - 1);
    if (m->key[j] == 0)
        m->n++;
    m->key[j] = key;
    m->val[j] = val;
    return SKEL_OK;
}

/* The slot of key, or UINT64_MAX if it is not there. */
static uint64_t reqmap_find(const struct reqmap *m, uint64_t key)
{
    if (m->cap == 0 || key == 0)
        return UINT64_MAX;
    uint64_t mask = m->cap - 1, j = mix(key) & mask;
    while (m->key[j] != 0 && m->key[j] != key)
        j = (j + 1) & mask;
    return m->key[j] == 0 ? UINT64_MAX : j;
}

/* 1 and key's value in *val if it is there. */
static int reqmap_get(const struct reqmap *m, uint64_t key, uint64_t *val)
{
    uint64_t j = reqmap_find(m, key);
    if (j == UINT64_MAX)
        return 0;
    *val = m->val[j];
    return 1;
}

/* Remove key; 1 and its value in *val if it was there. */
static int reqmap_take(struct reqmap *m, uint64_t key, uint64_t *val)
{
    uint64_t j = reqmap_find(m, key);
    if (j == UINT64_MAX)
        return 0;
    uint64_t mask = m->cap - 1;
    *val = m->val[j];
    m->key[j] = 0;
    m->n--;
    for (uint64_t k = (j + 1) & mask; m->key[k] != 0; k = (k + 1) & mask) {
        uint64_t home = mix(m->key[k]) & mask;
        /* Move k back into the hole at j unless its home lies in (j, k]. */
        if ((k > j && (home <= j || home > k)) || (k < j && home <= j && home > k)) {
            m->key[j] = m->key[k];
            m->val[j] = m->val[k];
            m->key[k] = 0;
            j = k;
        }
    }
    return 1;
}

/* ---- one rank ---------------------------------------------------------------- */

/* A persistent request: what each of its Starts sends or receives.  Its
 * messages belong to the symbol that made it (Send_init, Recv_init), which
 * fixes peer, tag and communicator in the skeleton too. */
struct pinit {
    uint32_t node;
    int32_t peer, tag;
    uint32_t comm;
    uint8_t recv;
};

struct skel_match_log {
    struct smap out, in; /* comm in a key: the rank's own slot */
    struct pend *fifo;   /* positions head..tail-1, at fifo[pos % cap] */
    size_t cap;
    uint64_t head, tail;
    struct reqmap reqs;
    struct reqmap pmap; /* request id -> index in pv + 1 */
    struct pinit *pv;
    size_t pcap;
    uint32_t pn;
    uint32_t *pfree; /* indices of pv freed (Request_free), reused */
    size_t pfcap;
    uint32_t pfn;
};

int skel_match_log_new(skel_match_log **out)
{
    *out = calloc(1, sizeof **out);
    return *out != NULL ? SKEL_OK : skel_oom();
}

void skel_match_log_free(skel_match_log *m)
{
    if (m == NULL)
        return;
    smap_free(&m->out);
    smap_free(&m->in);
    free(m->fifo);
    free(m->reqs.key);
    free(m->reqs.val);
    free(m->pmap.key);
    free(m->pmap.val);
    free(m->pv);
    free(m->pfree);
    free(m);
}

static int fifo_push(skel_match_log *m, struct pend p, uint64_t *pos)
{
    if (m->tail - m->head == m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 64;
        struct pend *nf = malloc(cap * sizeof *nf);
        if (nf == NULL)
            return skel_oom();
        for (uint64_t i = m->head; i < m->tail; i++)
            nf[i % cap] = m->fifo[i % m->cap];
        free(m->fifo);
        m->fifo = nf;
        m->cap = cap;
    }
    m->fifo[m->tail % m->cap] = p;
    *pos = m->tail++;
    return SKEL_OK;
}

/* Move the receives whose streams are known, in posting order, into their
 * streams - up to the first one still waiting. */
static int fifo_flush(skel_match_log *m)
{
    while (m->head < m->tail) {
        struct pend *p = &m->fifo[m->head % m->cap];
        if (p->state == PEND_WAIT)
            return SKEL_OK;
        if (p->state == PEND_KNOWN) {
            int rc = stream_add(&m->in, p->src, p->comm, p->tag, p->node);
            if (rc != SKEL_OK)
                return rc;
        }
        m->head++;
    }
    return SKEL_OK;
}

static int received(skel_match_log *m, uint32_t node, int32_t src, int32_t tag, uint32_t comm)
{
    if (src < 0 || comm == NONE)
        return SKEL_OK; /* MPI_PROC_NULL, or nothing arrived */
    if (m->head == m->tail)
        return stream_add(&m->in, src, comm, tag, node);
    uint64_t pos;
    int rc = fifo_push(m, (struct pend){node, src, tag, comm, PEND_KNOWN}, &pos);
    return rc != SKEL_OK ? rc : fifo_flush(m);
}

/* Completions of this event: nonblocking receives learn their stream. */
static int completions(skel_match_log *m, const skel_event *ev)
{
    for (uint32_t i = 0; i < ev->ncomplete; i++) {
        const skel_completion *c = &ev->complete[i];
        uint64_t pos;
        if (!reqmap_take(&m->reqs, c->req, &pos) || pos < m->head)
            continue;
        struct pend *p = &m->fifo[pos % m->cap];
        if (c->src >= 0 && !(c->flags & SKEL_EVF_CANCELLED)) {
            p->src = c->src;
            p->tag = c->tag;
            p->state = PEND_KNOWN;
        } else {
            p->state = PEND_DROPPED;
        }
    }
    return fifo_flush(m);
}

static int persist_made(skel_match_log *m, const skel_event *ev, uint32_t node, int recv)
{
    if (ev->req == 0 || ev->comm == NONE)
        return SKEL_OK;
    uint32_t i;
    int rc;
    if (m->pfn > 0) {
        i = m->pfree[--m->pfn];
    } else {
        if ((rc = skel_grow(&m->pv, &m->pcap, (size_t)m->pn + 1, sizeof *m->pv)) != SKEL_OK)
            return rc;
        i = m->pn++;
    }
    m->pv[i] = (struct pinit){node, ev->peer, ev->tag, ev->comm, (uint8_t)recv};
    return reqmap_put(&m->pmap, ev->req, (uint64_t)i + 1);
}

/* The persistent request `id`, NULL if unknown; taken out of the map when
 * `take` (Request_free). */
static int persist_find(skel_match_log *m, uint64_t id, int take, struct pinit **out)
{
    *out = NULL;
    uint64_t v = 0;
    if (!(take ? reqmap_take(&m->pmap, id, &v) : reqmap_get(&m->pmap, id, &v)) || v == 0 ||
        v > m->pn)
        return SKEL_OK;
    *out = &m->pv[v - 1];
    if (!take)
        return SKEL_OK;
    int rc = skel_grow(&m->pfree, &m->pfcap, (size_t)m->pfn + 1, sizeof *m->pfree);
    if (rc == SKEL_OK)
        m->pfree[m->pfn++] = (uint32_t)(v - 1);
    return rc;
}

/* Start, Startall: each started request sends or posts a receive, as an
 * Isend or Irecv of the symbol that made it; Request_free forgets it. */
static int persist_refer(skel_match_log *m, const skel_event *ev, int klass)
{
    uint32_t n = ev->nreqs > 0 ? ev->nreqs : (ev->req != 0 ? 1 : 0);
    for (uint32_t i = 0; i < n; i++) {
        uint64_t id = ev->nreqs > 0 ? ev->reqs[i] : ev->req;
        struct pinit *pi;
        int rc = persist_find(m, id, klass == SKEL_CLASS_REQFREE, &pi);
        if (rc != SKEL_OK)
            return rc;
        if (pi == NULL || klass != SKEL_CLASS_START)
            continue;
        if (!pi->recv) {
            if (pi->peer >= 0 &&
                (rc = stream_add(&m->out, pi->peer, pi->comm, pi->tag, pi->node)) != SKEL_OK)
                return rc;
            continue;
        }
        if (pi->peer == SKEL_PEER_NULL)
            continue;
        uint64_t pos;
        if ((rc = fifo_push(m, (struct pend){pi->node, -1, 0, pi->comm, PEND_WAIT}, &pos)) !=
                SKEL_OK ||
            (rc = reqmap_put(&m->reqs, id, pos)) != SKEL_OK)
            return rc;
    }
    return SKEL_OK;
}

int skel_match_log_event(skel_match_log *m, const skel_event *ev, uint32_t sym)
{
    int rc;
    if (sym >= PROBE_BIT / 2)
        return skel_fail(SKEL_ERANGE, "too many symbols to pair messages");
    if ((rc = completions(m, ev)) != SKEL_OK)
        return rc;
    const struct skel_call_info *ci = skel_call_info(ev->call);
    uint32_t comm = ev->comm, node = 2 * sym;
    switch (ci != NULL ? ci->klass : SKEL_CLASS_NONE) {
    case SKEL_CLASS_SEND:
    case SKEL_CLASS_ISEND:
        return ev->peer >= 0 && comm != NONE ? stream_add(&m->out, ev->peer, comm, ev->tag, node)
                                             : SKEL_OK;
    case SKEL_CLASS_SENDRECV:
        if (ev->peer >= 0 && comm != NONE &&
            (rc = stream_add(&m->out, ev->peer, comm, ev->tag, node)) != SKEL_OK)
            return rc;
        return received(m, node + 1, ev->asrc, ev->atag, comm);
    case SKEL_CLASS_RECV:
        return received(m, node, ev->asrc, ev->atag, comm);
    case SKEL_CLASS_PROBE:
    case SKEL_CLASS_IPROBE:
        if (ci->klass == SKEL_CLASS_IPROBE && !(ev->flags & SKEL_EVF_FLAG))
            return SKEL_OK;
        return received(m, node | PROBE_BIT, ev->asrc, ev->atag, comm);
    case SKEL_CLASS_MPROBE:
    case SKEL_CLASS_IMPROBE:
        /* A matched probe receives the message (MPI_Mrecv only copies it
         * out): it is the receive of the pairing. */
        if (ci->klass == SKEL_CLASS_IMPROBE && !(ev->flags & SKEL_EVF_FLAG))
            return SKEL_OK;
        return received(m, node, ev->asrc, ev->atag, comm);
    case SKEL_CLASS_IRECV: {
        if (ev->peer == SKEL_PEER_NULL || ev->req == 0 || comm == NONE)
            return SKEL_OK;
        uint64_t pos;
        if ((rc = fifo_push(m, (struct pend){node, -1, 0, comm, PEND_WAIT}, &pos)) != SKEL_OK)
            return rc;
        return reqmap_put(&m->reqs, ev->req, pos);
    }
    case SKEL_CLASS_SEND_INIT:
    case SKEL_CLASS_RECV_INIT:
        return persist_made(m, ev, node, ci->klass == SKEL_CLASS_RECV_INIT);
    case SKEL_CLASS_START:
    case SKEL_CLASS_REQFREE:
        return persist_refer(m, ev, ci->klass);
    default:
        return SKEL_OK;
    }
}

int skel_match_log_end(skel_match_log *m)
{
    /* Receives never completed stay unmatched; the known ones behind them
     * still count. */
    for (uint64_t i = m->head; i < m->tail; i++)
        if (m->fifo[i % m->cap].state == PEND_WAIT)
            m->fifo[i % m->cap].state = PEND_DROPPED;
    int rc = fifo_flush(m);
    free(m->fifo);
    free(m->reqs.key);
    free(m->reqs.val);
    free(m->pmap.key);
    free(m->pmap.val);
    free(m->pv);
    free(m->pfree);
    m->fifo = NULL;
    m->cap = 0;
    m->head = m->tail = 0;
    m->reqs = (struct reqmap){0};
    m->pmap = (struct reqmap){0};
    m->pv = NULL;
    m->pfree = NULL;
    m->pcap = m->pfcap = 0;
    m->pn = m->pfn = 0;
    return rc;
}

/* ---- pairing ------------------------------------------------------------------ */

static uint32_t uf_find(uint32_t *uf, uint32_t x)
{
    while (uf[x] != x) {
        uf[x] = uf[uf[x]];
        x = uf[x];
    }
    return x;
}

static void uf_join(uint32_t *uf, uint8_t *seen, uint32_t a, uint32_t b)
{
    seen[a] = seen[b] = 1;
    a = uf_find(uf, a);
    b = uf_find(uf, b);
    if (a != b)
        uf[a > b ? a : b] = a < b ? a : b;
}

/* A rank's node (2 x its own symbol + half, PROBE_BIT kept) as a node of
 * the signature's symbols; NONE if unknown. */
static uint32_t global_node(const uint32_t *map, uint32_t nmap, uint32_t node)
{
    uint32_t sym = (node & ~PROBE_BIT) / 2;
    if (sym >= nmap || map[sym] == NONE)
        return NONE;
    return 2 * map[sym] + (node & 1);
}

struct side {
    const uint32_t *map;
    uint32_t nmap;
};

/* The k-th send of a stream met the k-th receive of it; a probe saw the
 * message the next receive got. */
static uint64_t zip(uint32_t *uf, uint8_t *seen, const struct stream *out, struct side so,
                    const struct stream *in, struct side si)
{
    uint32_t i = 0;
    uint64_t used = 0, matched = 0;
    for (uint32_t k = 0; k < in->nruns && i < out->nruns; k++) {
        const struct run *r = &in->runs[k];
        uint32_t rn = global_node(si.map, si.nmap, r->node);
        if (r->node & PROBE_BIT) {
            uint32_t sn = global_node(so.map, so.nmap, out->runs[i].node);
            if (rn != NONE && sn != NONE)
                uf_join(uf, seen, rn, sn);
            continue;
        }
        for (uint64_t need = r->n; need > 0 && i < out->nruns;) {
            uint32_t sn = global_node(so.map, so.nmap, out->runs[i].node);
            if (rn != NONE && sn != NONE)
                uf_join(uf, seen, rn, sn);
            uint64_t avail = out->runs[i].n - used, take = need < avail ? need : avail;
            need -= take;
            used += take;
            matched += take;
            if (used == out->runs[i].n) {
                i++;
                used = 0;
            }
        }
    }
    return matched;
}

/* Slot of global communicator g on rank r (the receiver's streams are keyed
 * by its own slots), NONE if it has none. */
static uint32_t slot_of(const skel_signature *s, uint32_t r, uint32_t g)
{
    const skel_sig_rank *rk = &s->ranks[r];
    for (uint32_t k = 0; k < rk->ncomms; k++)
        if (k != SKEL_COMM_SELF && rk->comms[k] == g)
            return k;
    return NONE;
}

/* Pair rank r's sends with their receivers' receives. */
static int pair_rank(const skel_signature *s, uint32_t r, skel_match_log *const *logs,
                     const uint32_t *const *maps, const uint32_t *nmaps, uint32_t *uf,
                     uint8_t *seen, uint64_t *matched, uint64_t *sent)
{
    const skel_sig_rank *rk = &s->ranks[r];
    for (uint32_t k = 0; k < logs[r]->out.n; k++) {
        const struct stream *o = &logs[r]->out.v[k];
        if (o->peer < 0 || (uint32_t)o->peer >= s->nranks)
            continue;
        for (uint32_t i = 0; i < o->nruns; i++)
            *sent += o->runs[i].n;
        uint32_t dst = (uint32_t)o->peer, slot;
        if (o->comm == SKEL_COMM_SELF)
            slot = dst == r ? SKEL_COMM_SELF : NONE;
        else if (o->comm < rk->ncomms && rk->comms[o->comm] < s->ncomms)
            slot = slot_of(s, dst, rk->comms[o->comm]);
        else
            slot = NONE;
        struct stream *in = NULL;
        int rc;
        if (slot == NONE ||
            (rc = smap_get(&logs[dst]->in, (int32_t)r, slot, o->tag, 0, &in)) != SKEL_OK)
            continue;
        if (in != NULL)
            *matched += zip(uf, seen, o, (struct side){maps[r], nmaps[r]}, in,
                            (struct side){maps[dst], nmaps[dst]});
    }
    return SKEL_OK;
}

int skel_match_pair(skel_signature *s, skel_match_log *const *logs, const uint32_t *const *maps,
                    const uint32_t *nmaps, uint64_t *messages, uint64_t *unreceived)
{
    uint64_t nodes = 2 * (uint64_t)s->nsymbols;
    if (nodes >= PROBE_BIT)
        return skel_fail(SKEL_ERANGE, "%u symbols: too many to pair messages", s->nsymbols);
    uint32_t *uf = malloc((nodes ? nodes : 1) * sizeof *uf), *id = NULL;
    uint8_t *seen = calloc(nodes ? nodes : 1, 1);
    int rc = SKEL_OK;
    if (uf == NULL || seen == NULL) {
        rc = skel_oom();
        goto out;
    }
    for (uint32_t i = 0; i < nodes; i++)
        uf[i] = i;
    uint64_t matched = 0, sent = 0;
    for (uint32_t r = 0; r < s->nranks && rc == SKEL_OK; r++)
        rc = pair_rank(s, r, logs, maps, nmaps, uf, seen, &matched, &sent);
    /* Dense class numbers, in the order of the first symbol. */
    id = malloc((nodes ? nodes : 1) * sizeof *id);
    if (rc != SKEL_OK || id == NULL) {
        rc = rc != SKEL_OK ? rc : skel_oom();
        goto out;
    }
    memset(id, 0xff, (nodes ? nodes : 1) * sizeof *id);
    uint32_t next = 0;
    for (uint32_t i = 0; i < s->nsymbols; i++)
        for (int h = 0; h < 2; h++) {
            uint32_t node = 2 * i + (uint32_t)h, root = uf_find(uf, node);
            s->symbols[i].match[h] = NONE;
            if (!seen[node])
                continue;
            if (id[root] == NONE)
                id[root] = next++;
            s->symbols[i].match[h] = id[root];
        }
    s->nmatch = next;
    if (messages != NULL)
        *messages = matched;
    if (unreceived != NULL)
        *unreceived = sent > matched ? sent - matched : 0;
out:
    free(uf);
    free(seen);
    free(id);
    return rc;
}

/* ---- a rank's symbols as the signature's ------------------------------------ */

/* The expansion of a class's program, one symbol at a time. */
struct frame {
    uint32_t block, idx;
    uint64_t left;
};

struct sigiter {
    const skel_signature *s;
    struct frame *st;
    size_t depth, cap;
};

static int sigiter_next(struct sigiter *it, uint32_t *sym)
{
    while (it->depth > 0) {
        struct frame *f = &it->st[it->depth - 1];
        const skel_sig_block *b = &it->s->blocks[f->block];
        if (f->idx >= b->nitems) {
            if (--f->left > 0) {
                f->idx = 0;
                continue;
            }
            it->depth--;
            continue;
        }
        const skel_sig_item *x = &b->items[f->idx++];
        if (x->kind == SKEL_SIG_ITEM_SYMBOL) {
            *sym = x->ref;
            return 1;
        }
        if (x->count == 0)
            continue;
        int rc = skel_grow(&it->st, &it->cap, it->depth + 1, sizeof *it->st);
        if (rc != SKEL_OK)
            return rc;
        it->st[it->depth].block = x->ref;
        it->st[it->depth].idx = 0;
        it->st[it->depth].left = x->count;
        it->depth++;
    }
    return 0;
}

struct mapper {
    const skel_loops *fold;
    struct sigiter it;
    uint32_t *map, nsyms, left;
    int depth;
};

/* Walk the rank's own folding (its symbols in event order) beside the
 * class's expansion, until every symbol of the rank is mapped. */
static int map_items(struct mapper *m, const skel_loops_item *items, uint32_t n)
{
    if (++m->depth > 100000)
        return skel_fail(SKEL_EINTERNAL, "loops nested too deep to pair messages");
    for (uint32_t i = 0; i < n && m->left > 0; i++) {
        for (uint64_t c = 0; c < items[i].count && m->left > 0; c++) {
            int rc;
            if (items[i].ref & SKEL_LOOPS_LOOP) {
                uint32_t bn;
                const skel_loops_item *body =
                    skel_loops_body(m->fold, items[i].ref & ~SKEL_LOOPS_LOOP, &bn);
                if ((rc = map_items(m, body, bn)) != SKEL_OK)
                    return rc;
                continue;
            }
            uint32_t sym = NONE;
            if ((rc = sigiter_next(&m->it, &sym)) < 0)
                return rc;
            if (rc == 0)
                return skel_fail(SKEL_EINTERNAL, "a rank's events outnumber its class's");
            uint32_t own = items[i].ref;
            if (own < m->nsyms && m->map[own] == NONE) {
                m->map[own] = sym;
                m->left--;
            }
        }
    }
    m->depth--;
    return SKEL_OK;
}

int skel_match_rank_map(const skel_loops *fold, uint32_t nsyms, const skel_signature *s,
                        uint32_t rank, uint32_t *map)
{
    for (uint32_t i = 0; i < nsyms; i++)
        map[i] = NONE;
    struct mapper m = {.fold = fold, .it = {.s = s}, .map = map, .nsyms = nsyms, .left = nsyms};
    int rc = skel_grow(&m.it.st, &m.it.cap, 1, sizeof *m.it.st);
    if (rc == SKEL_OK) {
        m.it.st[0].block = s->classes[s->ranks[rank].cls].top;
        m.it.st[0].idx = 0;
        m.it.st[0].left = 1;
        m.it.depth = 1;
        uint32_t n;
        const skel_loops_item *top = skel_loops_top(fold, &n);
        rc = map_items(&m, top, n);
    }
    free(m.it.st);
    return rc;
}
