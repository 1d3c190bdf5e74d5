/* writer.c - encode one rank's records into checksummed blocks.
 *
 * The buffer holds [block_start, committed) complete records not yet written
 * and [committed, pos) a record being encoded.  Only whole records are ever
 * written, so a crash between two records leaves a readable file; the signal
 * flush writes [block_start, committed) and moves block_start, never touching
 * the record being encoded.
 */
#include "writer.h"

#include "codec.h"
#include "error.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

struct thread_state {
    uint64_t prev_end;
    uint64_t pause;
    uint8_t seen;
};

struct skel_writer {
    int fd;
    char *path;
    uint32_t rank, nranks;

    uint8_t *buf;
    size_t cap;
    size_t block_start;        /* first byte not yet written */
    volatile size_t committed; /* end of the last complete record */
    size_t pos;                /* encoding position */
    volatile uint32_t rec_block, rec_committed; /* records in [0, block_start) / [0, committed) */
    volatile uint64_t ev_block, ev_committed;   /* events before block_start / committed */
    volatile int flushing;
    int failed; /* a write failed: further writes are refused */

    uint32_t call_site[SKEL_CALL_LIMIT];
    skel_site_ctx *site_ctx;
    uint32_t nsites, site_cap;
    uint32_t ncomms, nmodules, nobjects;

    uint64_t last_req;
    skel_reqtab reqs;

    struct thread_state *threads;
    uint32_t nthreads;

    uint64_t bytes_written, flush_ns, nflush;
    uint64_t unreported_flush_ns; /* flush time not yet charged to a thread's next gap */
};

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* write(2) all of iov, retrying on EINTR and short writes; async-signal-safe. */
static int write_all(int fd, struct iovec *iov, int n)
{
    while (n > 0) {
        ssize_t k = writev(fd, iov, n);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        while (n > 0 && (size_t)k >= iov->iov_len) {
            k -= (ssize_t)iov->iov_len;
            iov++;
            n--;
        }
        if (n > 0) {
            iov->iov_base = (uint8_t *)iov->iov_base + k;
            iov->iov_len -= (size_t)k;
        }
    }
    return 0;
}

/* Write [block_start, committed) as one block.  Async-signal-safe. */
static int write_block(skel_writer *w)
{
    size_t start = w->block_start, end = w->committed;
    uint32_t nrec = w->rec_committed - w->rec_block;
    if (end == start)
        return 0;
    uint8_t hdr[SKEL_BLOCK_HEADER_LEN];
    skel_put_u32(hdr, SKEL_BLOCK_MAGIC);
    skel_put_u32(hdr + 4, (uint32_t)(end - start));
    skel_put_u32(hdr + 8, nrec);
    skel_put_u32(hdr + 12, skel_crc32c(w->buf + start, end - start));
    skel_put_u64(hdr + 16, w->ev_block);
    struct iovec iov[2] = {{hdr, sizeof hdr}, {w->buf + start, end - start}};
    if (write_all(w->fd, iov, 2) != 0)
        return -1;
    w->bytes_written += sizeof hdr + (end - start);
    w->block_start = end;
    w->rec_block = w->rec_committed;
    w->ev_block = w->ev_committed;
    return 0;
}

int skel_writer_flush(skel_writer *w)
{
    if (w->failed)
        return skel_fail(SKEL_EIO, "%s: an earlier write failed", w->path);
    uint64_t t0 = now_ns();
    w->flushing = 1;
    int bad = write_block(w);
    int err = errno;
    if (w->block_start == w->pos) { /* empty: restart at the front */
        w->block_start = w->committed = w->pos = 0;
    }
    w->flushing = 0;
    uint64_t dt = now_ns() - t0;
    w->flush_ns += dt;
    w->unreported_flush_ns += dt;
    w->nflush++;
    if (bad) {
        w->failed = 1;
        return skel_fail(SKEL_EIO, "%s: write: %s", w->path, strerror(err));
    }
    return SKEL_OK;
}

void skel_writer_flush_from_signal(skel_writer *w)
{
    if (w == NULL || w->flushing || w->failed)
        return;
    w->flushing = 1;
    if (write_block(w) != 0)
        w->failed = 1;
    w->flushing = 0;
}

/* Make room for a record of at most need bytes: flush, or grow the buffer
 * when a single record is larger than it (huge completion lists). */
static int reserve(skel_writer *w, size_t need)
{
    if (w->pos + need <= w->cap)
        return SKEL_OK;
    int rc = skel_writer_flush(w);
    if (rc != SKEL_OK)
        return rc;
    if (w->pos + need <= w->cap)
        return SKEL_OK;
    size_t ncap = w->cap;
    while (w->pos + need > ncap)
        ncap *= 2;
    uint8_t *nb = realloc(w->buf, ncap);
    if (nb == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: cannot grow the trace buffer to %zu bytes", w->path,
                         ncap);
    w->buf = nb;
    w->cap = ncap;
    return SKEL_OK;
}

static void commit(skel_writer *w, uint8_t *end, int is_event)
{
    w->pos = (size_t)(end - w->buf);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    w->rec_committed++;
    if (is_event)
        w->ev_committed++;
    w->committed = w->pos;
}

static uint8_t *put_string(uint8_t *p, const char *s)
{
    size_t n = s != NULL ? strlen(s) : 0;
    if (n > SKEL_MAX_STRING)
        n = SKEL_MAX_STRING;
    p = skel_put_varint(p, n);
    if (n > 0)
        memcpy(p, s, n);
    return p + n;
}

static size_t strsize(const char *s)
{
    size_t n = s != NULL ? strlen(s) : 0;
    return (n > SKEL_MAX_STRING ? SKEL_MAX_STRING : n) + 10;
}

int skel_writer_open(const char *path, const skel_rank_info *info, size_t bufsize, int overwrite,
                     skel_writer **out)
{
    int rc = SKEL_OK;
    skel_writer *w = calloc(1, sizeof *w);
    if (w == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", path);
    w->fd = -1;
    if (bufsize < 4096)
        bufsize = 4096;
    w->cap = bufsize;
    w->path = strdup(path);
    w->buf = malloc(w->cap);
    w->site_cap = 64;
    w->site_ctx = malloc(w->site_cap * sizeof *w->site_ctx);
    if (w->site_ctx != NULL)
        skel_site_ctx_init(&w->site_ctx[0]); /* site 0 may be used undeclared */
    w->nthreads = 1;
    w->threads = calloc(1, sizeof *w->threads);
    if (w->path == NULL || w->buf == NULL || w->site_ctx == NULL || w->threads == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "%s: out of memory", path);
        goto fail;
    }
    w->rank = info->rank;
    w->nranks = info->nranks;
    w->ncomms = 2; /* MPI_COMM_WORLD and MPI_COMM_SELF are implicit */
    w->fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (overwrite ? O_TRUNC : O_EXCL), 0644);
    if (w->fd < 0) {
        rc = skel_fail(SKEL_EIO, "%s: cannot create: %s", path, strerror(errno));
        goto fail;
    }
    uint8_t hdr[SKEL_FILE_HEADER_LEN];
    memcpy(hdr, SKEL_FILE_MAGIC, 8);
    hdr[8] = SKEL_TRACE_VERSION_MAJOR;
    hdr[9] = 0;
    hdr[10] = SKEL_TRACE_VERSION_MINOR;
    hdr[11] = 0;
    skel_put_u32(hdr + 12, SKEL_FILE_HEADER_LEN);
    skel_put_u32(hdr + 16, info->rank);
    skel_put_u32(hdr + 20, info->nranks);
    struct iovec iov = {hdr, sizeof hdr};
    if (write_all(w->fd, &iov, 1) != 0) {
        rc = skel_fail(SKEL_EIO, "%s: write: %s", path, strerror(errno));
        goto fail;
    }
    w->bytes_written = sizeof hdr;

    rc = reserve(w, 64 + strsize(info->host) + strsize(info->mpi_library) +
                        strsize(info->tracer_version));
    if (rc != SKEL_OK)
        goto fail;
    uint8_t *p = w->buf + w->pos;
    p = skel_put_varint(p, SKEL_REC_RANKINFO);
    p = skel_put_varint(p, info->rank);
    p = skel_put_varint(p, info->nranks);
    p = skel_put_varint(p, info->pid);
    p = skel_put_varint(p, info->thread_level);
    p = skel_put_varint(p, info->t_init);
    p = skel_put_varint(p, info->unix_init_ns);
    p = put_string(p, info->host);
    p = put_string(p, info->mpi_library);
    p = put_string(p, info->tracer_version);
    commit(w, p, 0);
    *out = w;
    return SKEL_OK;
fail:
    if (w->fd >= 0) {
        close(w->fd);
        unlink(path);
    }
    free(w->path);
    free(w->buf);
    free(w->site_ctx);
    free(w->threads);
    free(w);
    return rc;
}

static int need_thread(skel_writer *w, uint32_t thread)
{
    if (thread < w->nthreads)
        return SKEL_OK;
    if (thread >= SKEL_MAX_THREADS)
        return skel_fail(SKEL_ERANGE, "%s: thread index %u exceeds %u", w->path, thread,
                         SKEL_MAX_THREADS);
    struct thread_state *nt = realloc(w->threads, (thread + 1) * sizeof *nt);
    if (nt == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", w->path);
    memset(nt + w->nthreads, 0, (thread + 1 - w->nthreads) * sizeof *nt);
    w->threads = nt;
    w->nthreads = thread + 1;
    return SKEL_OK;
}

static int call_creates_request(unsigned call, int klass)
{
    return skel_class_creates_request(klass) || call == SKEL_CALL_MPI_Comm_idup;
}

int skel_writer_event(skel_writer *w, const skel_event *ev)
{
    const struct skel_call_info *ci = skel_call_info(ev->call);
    if (ci == NULL)
        return skel_fail(SKEL_ERANGE, "%s: unknown call id %u", w->path, ev->call);
    if (ev->site >= w->nsites && !(w->nsites == 0 && ev->site == 0))
        return skel_fail(SKEL_ERANGE, "%s: event uses undeclared site %u", w->path, ev->site);
    if (ev->comm >= w->ncomms || (ev->newcomm != SKEL_COMM_NONE && ev->newcomm >= w->ncomms))
        return skel_fail(SKEL_ERANGE, "%s: event uses undeclared communicator", w->path);
    if (ev->obj != SKEL_COMM_NONE && ev->obj >= w->nobjects)
        return skel_fail(SKEL_ERANGE, "%s: event uses undeclared object %u", w->path, ev->obj);
    if (ev->t_end < ev->t_start)
        return skel_fail(SKEL_ERANGE, "%s: event ends before it starts", w->path);
    if (ev->ncomplete > SKEL_MAX_LIST || ev->nreqs > SKEL_MAX_LIST)
        return skel_fail(SKEL_ERANGE, "%s: too many requests in one event", w->path);
    int rc = need_thread(w, ev->thread);
    if (rc != SKEL_OK)
        return rc;
    rc = reserve(w, 64 + 22 * 10 + (size_t)ev->ncomplete * 50 + (size_t)ev->nreqs * 10);
    if (rc != SKEL_OK)
        return rc;
    struct thread_state *ts = &w->threads[ev->thread];
    skel_site_ctx *sc = &w->site_ctx[ev->site];
    int creates = call_creates_request(ev->call, ci->klass);
    uint64_t req_default = creates ? w->last_req + 1 : 0;
    int64_t raw = (int64_t)(ev->t_start - ts->prev_end);
    uint64_t derived = raw > (int64_t)ts->pause ? (uint64_t)raw - ts->pause : 0;
    uint32_t mask = 0;

    if (!ts->seen || ev->gap_wall != derived)
        mask |= SKEL_M_ABSTIME;
    if (ev->gap_cpu != ev->gap_wall)
        mask |= SKEL_M_CPU;
    if (ev->thread != 0)
        mask |= SKEL_M_THREAD;
    if (ev->flags != 0)
        mask |= SKEL_M_FLAGS;
    if (w->call_site[ev->call] != ev->site)
        mask |= SKEL_M_SITE;
    if (ev->peer != sc->peer)
        mask |= SKEL_M_PEER;
    if (ev->tag != sc->tag)
        mask |= SKEL_M_TAG;
    if (ev->comm != sc->comm)
        mask |= SKEL_M_COMM;
    if (ev->count != sc->count)
        mask |= SKEL_M_COUNT;
    if (ev->dtsize != sc->dtsize)
        mask |= SKEL_M_DTSIZE;
    if (ev->bytes != sc->bytes)
        mask |= SKEL_M_BYTES;
    if (ev->rbytes != sc->rbytes)
        mask |= SKEL_M_RBYTES;
    if (ev->root != sc->root)
        mask |= SKEL_M_ROOT;
    if (ev->op != sc->op)
        mask |= SKEL_M_OP;
    if (ev->peer2 != sc->peer2)
        mask |= SKEL_M_PEER2;
    if (ev->tag2 != sc->tag2)
        mask |= SKEL_M_TAG2;
    if (ev->asrc != sc->asrc)
        mask |= SKEL_M_ASRC;
    if (ev->atag != sc->atag)
        mask |= SKEL_M_ATAG;
    if (ev->req != req_default)
        mask |= SKEL_M_REQ;
    if (ev->nreqs > 0)
        mask |= SKEL_M_REQS;
    if (ev->ncomplete > 0)
        mask |= SKEL_M_COMPLETE;
    if (ev->newcomm != SKEL_COMM_NONE)
        mask |= SKEL_M_NEWCOMM;
    if (ev->obj != sc->obj)
        mask |= SKEL_M_OBJ;

    /* Completions are checked against the request table before anything is
     * written, so that a bad event leaves the stream untouched; the entries
     * found are kept for encoding and removal (one lookup per request). */
    skel_req_entry *small[16], **ents = small;
    if (ev->ncomplete > 16 && (ents = malloc(ev->ncomplete * sizeof *ents)) == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", w->path);
    for (uint32_t i = 0; i < ev->ncomplete; i++)
        if ((ents[i] = skel_reqtab_get(&w->reqs, ev->complete[i].req)) == NULL) {
            if (ents != small)
                free(ents);
            return skel_fail(SKEL_ERANGE, "%s: completion of unknown request %llu", w->path,
                             (unsigned long long)ev->complete[i].req);
        }

    uint8_t *p = w->buf + w->pos;
    int64_t me = (int64_t)w->rank;
    p = skel_put_varint(p, ev->call);
    p = skel_put_varint(p, mask);
    if (mask & SKEL_M_THREAD)
        p = skel_put_varint(p, ev->thread);
    if (mask & SKEL_M_ABSTIME) {
        p = skel_put_varint(p, ev->t_start);
        p = skel_put_varint(p, ev->gap_wall);
    } else {
        p = skel_put_varint(p, skel_zigzag(raw));
    }
    p = skel_put_varint(p, ev->t_end - ev->t_start);
    if (mask & SKEL_M_CPU)
        p = skel_put_varint(p, skel_zigzag((int64_t)(ev->gap_wall - ev->gap_cpu)));
    if (mask & SKEL_M_FLAGS)
        p = skel_put_varint(p, ev->flags);
    if (mask & SKEL_M_SITE) {
        p = skel_put_varint(p, ev->site);
        w->call_site[ev->call] = ev->site;
    }
    if (mask & SKEL_M_PEER)
        p = skel_put_varint(p, skel_zigzag((int64_t)ev->peer - me));
    if (mask & SKEL_M_TAG)
        p = skel_put_varint(p, skel_zigzag(ev->tag));
    if (mask & SKEL_M_COMM)
        p = skel_put_varint(p, ev->comm);
    if (mask & SKEL_M_COUNT)
        p = skel_put_varint(p, skel_zigzag(ev->count));
    if (mask & SKEL_M_DTSIZE)
        p = skel_put_varint(p, ev->dtsize);
    if (mask & SKEL_M_BYTES)
        p = skel_put_varint(p, ev->bytes);
    if (mask & SKEL_M_RBYTES)
        p = skel_put_varint(p, ev->rbytes);
    if (mask & SKEL_M_ROOT)
        p = skel_put_varint(p, skel_zigzag(ev->root));
    if (mask & SKEL_M_OP)
        p = skel_put_varint(p, ev->op);
    if (mask & SKEL_M_PEER2)
        p = skel_put_varint(p, skel_zigzag((int64_t)ev->peer2 - me));
    if (mask & SKEL_M_TAG2)
        p = skel_put_varint(p, skel_zigzag(ev->tag2));
    if (mask & SKEL_M_ASRC)
        p = skel_put_varint(p, skel_zigzag((int64_t)ev->asrc - me));
    if (mask & SKEL_M_ATAG)
        p = skel_put_varint(p, skel_zigzag(ev->atag));
    if (mask & SKEL_M_REQ)
        p = skel_put_varint(p, skel_zigzag((int64_t)(ev->req - req_default)));
    if (mask & SKEL_M_REQS) {
        p = skel_put_varint(p, ev->nreqs);
        uint64_t prev = w->last_req;
        for (uint32_t i = 0; i < ev->nreqs; i++) {
            p = skel_put_varint(p, skel_zigzag((int64_t)(ev->reqs[i] - prev)));
            prev = ev->reqs[i];
        }
    }
    if (mask & SKEL_M_COMPLETE) {
        p = skel_put_varint(p, ev->ncomplete);
        uint64_t prev = w->last_req;
        uint32_t index = 0;
        for (uint32_t i = 0; i < ev->ncomplete; i++) {
            const skel_completion *c = &ev->complete[i];
            const skel_req_entry *e = ents[i];
            uint64_t fl = 0;
            if (c->src != e->src)
                fl |= SKEL_C_SRC;
            if (c->tag != e->tag)
                fl |= SKEL_C_TAG;
            if (c->bytes != e->bytes)
                fl |= SKEL_C_BYTES;
            if (c->index != index)
                fl |= SKEL_C_INDEX;
            if (c->flags & SKEL_EVF_CANCELLED)
                fl |= SKEL_C_CANCELLED;
            p = skel_put_varint(p, skel_zigzag((int64_t)(c->req - prev)) << 5 | fl);
            if (fl & SKEL_C_SRC)
                p = skel_put_varint(p, skel_zigzag((int64_t)c->src - me));
            if (fl & SKEL_C_TAG)
                p = skel_put_varint(p, skel_zigzag(c->tag));
            if (fl & SKEL_C_BYTES)
                p = skel_put_varint(p, c->bytes);
            if (fl & SKEL_C_INDEX)
                p = skel_put_varint(p, c->index);
            prev = c->req;
            index = c->index + 1;
        }
    }
    if (mask & SKEL_M_NEWCOMM)
        p = skel_put_varint(p, ev->newcomm);
    if (mask & SKEL_M_OBJ)
        p = skel_put_varint(p, ev->obj);

    /* The record is complete: update the contexts exactly as the reader will. */
    sc->peer = ev->peer;
    sc->tag = ev->tag;
    sc->comm = ev->comm;
    sc->count = ev->count;
    sc->dtsize = ev->dtsize;
    sc->bytes = ev->bytes;
    sc->rbytes = ev->rbytes;
    sc->root = ev->root;
    sc->op = ev->op;
    sc->peer2 = ev->peer2;
    sc->tag2 = ev->tag2;
    sc->asrc = ev->asrc;
    sc->atag = ev->atag;
    sc->obj = ev->obj;
    /* Completed requests leave the table (persistent ones stay until freed);
     * deleting moves map slots, never pool entries, so ents stay valid. */
    for (uint32_t i = 0; i < ev->ncomplete; i++)
        if (!ents[i]->persistent)
            skel_reqtab_del(&w->reqs, ev->complete[i].req);
    if (ents != small)
        free(ents);
    if (creates) {
        skel_req_entry e = {.id = ev->req, .call = ev->call};
        e.persistent = ci->klass == SKEL_CLASS_SEND_INIT || ci->klass == SKEL_CLASS_RECV_INIT;
        int recv = ci->klass == SKEL_CLASS_IRECV || ci->klass == SKEL_CLASS_RECV_INIT ||
                   ci->klass == SKEL_CLASS_IMRECV;
        e.src = recv ? ev->peer : SKEL_PEER_NONE;
        e.tag = recv ? ev->tag : SKEL_TAG_NONE;
        e.bytes = ev->bytes;
        w->last_req = ev->req;
        if (ev->req != 0 && (rc = skel_reqtab_put(&w->reqs, &e)) != SKEL_OK)
            return rc;
    }
    if (ci->klass == SKEL_CLASS_REQFREE)
        skel_reqtab_del(&w->reqs, ev->req);
    ts->prev_end = ev->t_end;
    ts->pause = 0;
    ts->seen = 1;
    commit(w, p, 1);
    /* A flush while this event was being recorded happened after its end:
     * the reader subtracts it from the thread's next gap. */
    if (w->unreported_flush_ns > 0) {
        uint64_t ns = w->unreported_flush_ns;
        w->unreported_flush_ns = 0;
        return skel_writer_pause(w, ev->thread, ns);
    }
    return SKEL_OK;
}

int skel_writer_comm(skel_writer *w, const skel_comm *c)
{
    if (c->index != w->ncomms)
        return skel_fail(SKEL_ERANGE, "%s: communicator %u declared out of order (next is %u)",
                         w->path, c->index, w->ncomms);
    if (c->size > SKEL_MAX_LIST || c->remote_size > SKEL_MAX_LIST || c->ndims > 64)
        return skel_fail(SKEL_ERANGE, "%s: communicator %u is too large", w->path, c->index);
    size_t need = 80 + ((size_t)c->size + c->remote_size) * 10 + (size_t)c->ndims * 20;
    int rc = reserve(w, need);
    if (rc != SKEL_OK)
        return rc;
    uint8_t *p = w->buf + w->pos;
    p = skel_put_varint(p, SKEL_REC_COMM);
    p = skel_put_varint(p, c->index);
    p = skel_put_varint(p, c->gid);
    p = skel_put_varint(p, c->parent == SKEL_COMM_NONE ? 0 : (uint64_t)c->parent + 1);
    p = skel_put_varint(p, c->created_by);
    p = skel_put_varint(p, c->flags);
    p = skel_put_varint(p, c->size);
    int64_t prev = 0;
    for (uint32_t i = 0; i < c->size; i++) {
        p = skel_put_varint(p, skel_zigzag((int64_t)c->members[i] - prev));
        prev = c->members[i];
    }
    if (c->flags & SKEL_COMMF_INTER) {
        p = skel_put_varint(p, c->remote_size);
        prev = 0;
        for (uint32_t i = 0; i < c->remote_size; i++) {
            p = skel_put_varint(p, skel_zigzag((int64_t)c->remote[i] - prev));
            prev = c->remote[i];
        }
    }
    if (c->flags & SKEL_COMMF_CART) {
        p = skel_put_varint(p, c->ndims);
        for (uint32_t i = 0; i < c->ndims; i++)
            p = skel_put_varint(p, skel_zigzag(c->dims[i]));
        for (uint32_t i = 0; i < c->ndims; i++)
            p = skel_put_varint(p, skel_zigzag(c->periods[i]));
    }
    w->ncomms++;
    commit(w, p, 0);
    return SKEL_OK;
}

int skel_writer_site(skel_writer *w, const skel_site *s)
{
    if (s->index != w->nsites)
        return skel_fail(SKEL_ERANGE, "%s: site %u declared out of order (next is %u)", w->path,
                         s->index, w->nsites);
    if (w->nsites == w->site_cap) {
        skel_site_ctx *n = realloc(w->site_ctx, 2 * w->site_cap * sizeof *n);
        if (n == NULL)
            return skel_fail(SKEL_ENOMEM, "%s: out of memory", w->path);
        w->site_ctx = n;
        w->site_cap *= 2;
    }
    int rc = reserve(w, 60 + strsize(s->func) + strsize(s->file));
    if (rc != SKEL_OK)
        return rc;
    uint8_t *p = w->buf + w->pos;
    p = skel_put_varint(p, SKEL_REC_SITE);
    p = skel_put_varint(p, s->index);
    p = skel_put_varint(p, s->addr);
    p = skel_put_varint(p, s->module == SKEL_COMM_NONE ? 0 : (uint64_t)s->module + 1);
    p = skel_put_varint(p, s->offset);
    p = put_string(p, s->func);
    p = put_string(p, s->file);
    p = skel_put_varint(p, s->line);
    p = skel_put_varint(p, s->fortran);
    skel_site_ctx_init(&w->site_ctx[w->nsites]);
    w->nsites++;
    commit(w, p, 0);
    return SKEL_OK;
}

int skel_writer_module(skel_writer *w, const skel_module *m)
{
    if (m->index != w->nmodules)
        return skel_fail(SKEL_ERANGE, "%s: module %u declared out of order", w->path, m->index);
    int rc = reserve(w, 30 + strsize(m->path));
    if (rc != SKEL_OK)
        return rc;
    uint8_t *p = w->buf + w->pos;
    p = skel_put_varint(p, SKEL_REC_MODULE);
    p = skel_put_varint(p, m->index);
    p = skel_put_varint(p, m->base);
    p = put_string(p, m->path);
    w->nmodules++;
    commit(w, p, 0);
    return SKEL_OK;
}

int skel_writer_object(skel_writer *w, const skel_object *o)
{
    if (o->index != w->nobjects)
        return skel_fail(SKEL_ERANGE, "%s: object %u declared out of order", w->path, o->index);
    if (o->comm != SKEL_COMM_NONE && o->comm >= w->ncomms)
        return skel_fail(SKEL_ERANGE, "%s: object %u uses undeclared communicator", w->path,
                         o->index);
    int rc = reserve(w, 30 + strsize(o->name));
    if (rc != SKEL_OK)
        return rc;
    uint8_t *p = w->buf + w->pos;
    p = skel_put_varint(p, SKEL_REC_OBJECT);
    p = skel_put_varint(p, o->index);
    p = skel_put_varint(p, o->kind);
    p = skel_put_varint(p, o->comm == SKEL_COMM_NONE ? 0 : (uint64_t)o->comm + 1);
    p = put_string(p, o->name);
    w->nobjects++;
    commit(w, p, 0);
    return SKEL_OK;
}

int skel_writer_clock(skel_writer *w, const skel_clock_sync *c)
{
    int rc = reserve(w, 50);
    if (rc != SKEL_OK)
        return rc;
    uint8_t *p = w->buf + w->pos;
    p = skel_put_varint(p, SKEL_REC_CLOCK);
    p = skel_put_varint(p, c->phase);
    p = skel_put_varint(p, skel_zigzag(c->offset_ns));
    p = skel_put_varint(p, c->rtt_ns);
    p = skel_put_varint(p, c->t_local);
    commit(w, p, 0);
    return SKEL_OK;
}

int skel_writer_pause(skel_writer *w, uint32_t thread, uint64_t ns)
{
    int rc = need_thread(w, thread);
    if (rc == SKEL_OK)
        rc = reserve(w, 30);
    if (rc != SKEL_OK)
        return rc;
    uint8_t *p = w->buf + w->pos;
    p = skel_put_varint(p, SKEL_REC_PAUSE);
    p = skel_put_varint(p, thread);
    p = skel_put_varint(p, ns);
    w->threads[thread].pause += ns;
    commit(w, p, 0);
    return SKEL_OK;
}

static int put_end_record(skel_writer *w, const skel_rank_end *e)
{
    int rc = reserve(w, 100);
    if (rc != SKEL_OK)
        return rc;
    uint8_t *p = w->buf + w->pos;
    p = skel_put_varint(p, SKEL_REC_END);
    p = skel_put_varint(p, e->nevents);
    p = skel_put_varint(p, e->overhead_ns);
    p = skel_put_varint(p, e->per_event_ns);
    p = skel_put_varint(p, e->flush_ns);
    p = skel_put_varint(p, e->nflush);
    p = skel_put_varint(p, e->user_cpu_ns);
    p = skel_put_varint(p, e->sys_cpu_ns);
    p = skel_put_varint(p, e->t_end);
    commit(w, p, 0);
    return SKEL_OK;
}

static void destroy(skel_writer *w)
{
    free(w->path);
    free(w->buf);
    free(w->site_ctx);
    free(w->threads);
    skel_reqtab_free(&w->reqs);
    free(w);
}

int skel_writer_finish(skel_writer *w, const skel_rank_end *end)
{
    int rc = put_end_record(w, end);
    if (rc == SKEL_OK)
        rc = skel_writer_flush(w);
    if (rc == SKEL_OK && fsync(w->fd) != 0 && errno != EINVAL)
        rc = skel_fail(SKEL_EIO, "%s: fsync: %s", w->path, strerror(errno));
    if (close(w->fd) != 0 && rc == SKEL_OK)
        rc = skel_fail(SKEL_EIO, "%s: close: %s", w->path, strerror(errno));
    destroy(w);
    return rc;
}

int skel_writer_crash(skel_writer *w, int signo, int abort_code)
{
    int rc = reserve(w, 30);
    if (rc != SKEL_OK)
        return rc;
    uint8_t *p = w->buf + w->pos;
    p = skel_put_varint(p, SKEL_REC_CRASH);
    p = skel_put_varint(p, skel_zigzag(signo));
    p = skel_put_varint(p, skel_zigzag(abort_code));
    commit(w, p, 0);
    return skel_writer_flush(w);
}

void skel_writer_crash_from_signal(skel_writer *w, int signo)
{
    if (w == NULL)
        return;
    skel_writer_flush_from_signal(w);
    if (w->flushing || w->failed)
        return;
    /* The crash record goes in a block of its own, built on the stack: the
     * buffer may hold a half-encoded record of the interrupted code. */
    uint8_t rec[32], hdr[SKEL_BLOCK_HEADER_LEN];
    uint8_t *p = skel_put_varint(rec, SKEL_REC_CRASH);
    p = skel_put_varint(p, skel_zigzag(signo));
    p = skel_put_varint(p, skel_zigzag(-1));
    size_t len = (size_t)(p - rec);
    skel_put_u32(hdr, SKEL_BLOCK_MAGIC);
    skel_put_u32(hdr + 4, (uint32_t)len);
    skel_put_u32(hdr + 8, 1);
    skel_put_u32(hdr + 12, skel_crc32c(rec, len));
    skel_put_u64(hdr + 16, w->ev_block);
    struct iovec iov[2] = {{hdr, sizeof hdr}, {rec, len}};
    if (write_all(w->fd, iov, 2) != 0)
        w->failed = 1;
}

void skel_writer_abandon(skel_writer *w)
{
    if (w == NULL)
        return;
    close(w->fd);
    destroy(w);
}

uint64_t skel_writer_bytes(const skel_writer *w)
{
    return w->bytes_written + (w->committed - w->block_start);
}

uint64_t skel_writer_flush_ns(const skel_writer *w)
{
    return w->flush_ns;
}

uint64_t skel_writer_nflush(const skel_writer *w)
{
    return w->nflush;
}
