/* writer.c - encode one rank's records into checksummed blocks.
 *
 * Both output modes encode into buf: the current block's 24-byte header sits
 * at buf[blk - 24] and its payload is [blk, pos).  Every finished record
 * updates the header's payload length, then its record count, with single
 * aligned stores made after the record's bytes, so the header only ever
 * describes complete records (a kill between the two stores leaves the length
 * one record ahead of the count: readers go by the count).
 *
 * Mapped (the default): buf is a window of the file itself, mapped shared.
 * What a SIGKILL leaves behind is therefore a readable file: the blocks
 * sealed so far, then the open block (magic "SKOB") whose header counts
 * exactly the finished records, then space the writer never reached (zeros).
 * A full window seals its block - checksum, then the magic "SKBK" - and the
 * next window is mapped where the block ended.  The file header's ending
 * byte says how the process ended once it knows (docs/trace-format.md).
 *
 * Streamed (SKEL_WRITER_STREAM, or when the file cannot be mapped): buf is
 * memory; a full buffer is sealed, written with write(2) and reused.  A
 * SIGKILL loses what is buffered.
 */
#include "writer.h"

#include "codec.h"
#include "error.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

/* What the writer needs to know of each call id, looked up once. */
enum { CALL_KNOWN = 1, CALL_CREATES = 2 };

struct thread_state {
    uint64_t prev_end;
    uint64_t pause;
    uint8_t seen;
};

struct skel_writer {
    int fd;
    char *path;
    uint32_t rank, nranks;
    int stream;            /* buffer in memory and write(2) whole blocks */
    int failed;            /* an I/O error: further writes are refused */
    volatile int dead;     /* a crash was recorded: nothing more is written */
    volatile int flushing; /* inside a streamed write: signal handlers keep out */
    uint8_t ending;        /* what the file header says (enum skel_ending) */

    uint8_t *buf;     /* mapped window or stream buffer */
    size_t cap;       /* its size */
    size_t window;    /* the bound on cap (bufsize, whole pages when mapped) */
    size_t blk, pos;  /* current block payload start; encoding position */
    uint32_t nrec;    /* records in the current block */
    uint64_t base;    /* mapped: file offset of buf[0]; streamed: of the next block */
    uint64_t nevents; /* events in finished records */
    size_t page;
    uint8_t *hdr; /* mapped: the file's first page */

    uint32_t call_site[SKEL_CALL_LIMIT];
    uint8_t call_kind[SKEL_CALL_LIMIT]; /* CALL_* bits, from the call table */
    skel_site_ctx *site_ctx;
    uint32_t nsites, site_cap;
    uint32_t ncomms, nmodules, nobjects;

    uint64_t last_req;
    skel_reqtab reqs;

    struct thread_state *threads;
    uint32_t nthreads;

    uint64_t flush_ns, nflush;
    uint64_t unreported_flush_ns; /* flush time not yet charged to a thread's next gap */
};

/* ---- primitives ----------------------------------------------------------- */

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static size_t align8(size_t n)
{
    return (n + SKEL_BLOCK_ALIGN - 1) & ~(size_t)(SKEL_BLOCK_ALIGN - 1);
}

/* A little-endian u32 in one aligned store: a process killed at any moment
 * leaves either the old or the new value in the file, never a mix. */
static void store_le32(uint8_t *p, uint32_t v)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    __atomic_store_n((uint32_t *)(void *)p, v, __ATOMIC_RELAXED);
}

/* Write all of iov at file offset off, retrying on EINTR and short writes;
 * async-signal-safe (one system call per attempt, no locks). */
static int write_all(int fd, struct iovec *iov, int n, uint64_t off)
{
    while (n > 0) {
        ssize_t k = pwritev(fd, iov, n, (off_t)off);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        off += (uint64_t)k;
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

static int pwrite_all(int fd, const uint8_t *p, size_t n, uint64_t off)
{
    while (n > 0) {
        ssize_t k = pwrite(fd, p, n, (off_t)off);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += k;
        n -= (size_t)k;
        off += (uint64_t)k;
    }
    return 0;
}

/* Record how the process ends in the file header.  Async-signal-safe: stores
 * into the mapped header page, or one pwrite(2). */
static int set_ending(skel_writer *w, int ending, int signo, int abort_code)
{
    uint8_t f[12] = {(uint8_t)ending};
    skel_put_u32(f + 4, (uint32_t)signo);
    skel_put_u32(f + 8, (uint32_t)abort_code);
    w->ending = (uint8_t)ending;
    if (w->hdr != NULL) {
        /* The detail first, the ending last: a reader never sees an ending
         * without its signal or code. */
        store_le32(w->hdr + SKEL_HDR_SIGNAL, (uint32_t)signo);
        store_le32(w->hdr + SKEL_HDR_ABORT, (uint32_t)abort_code);
        __atomic_signal_fence(__ATOMIC_SEQ_CST);
        w->hdr[SKEL_HDR_ENDING] = (uint8_t)ending;
        return 0;
    }
    return pwrite_all(w->fd, f, sizeof f, SKEL_HDR_ENDING);
}

/* ---- blocks ------------------------------------------------------------------ */

/* Start an open block at buf[pos] (8-byte aligned, room checked by the caller). */
static void begin_block(skel_writer *w)
{
    uint8_t *h = w->buf + w->pos;
    skel_put_u32(h + 4, 0);
    skel_put_u32(h + 8, 0);
    skel_put_u32(h + 12, 0);
    skel_put_u64(h + 16, w->nevents);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    store_le32(h, SKEL_BLOCK_OPEN_MAGIC);
    w->blk = w->pos + SKEL_BLOCK_HEADER_LEN;
    w->pos = w->blk;
    w->nrec = 0;
}

/* A record ends at `end`: make it part of the block. */
static inline void commit(skel_writer *w, uint8_t *end, int is_event)
{
    uint8_t *h = w->buf + w->blk - SKEL_BLOCK_HEADER_LEN;
    w->pos = (size_t)(end - w->buf);
    w->nrec++;
    w->nevents += (unsigned)is_event;
    __atomic_signal_fence(__ATOMIC_SEQ_CST); /* the record's bytes before its count */
    store_le32(h + 4, (uint32_t)(w->pos - w->blk));
    store_le32(h + 8, w->nrec);
}

/* Checksum the current block and mark it sealed; zero its padding. */
static void seal(skel_writer *w)
{
    uint8_t *h = w->buf + w->blk - SKEL_BLOCK_HEADER_LEN;
    size_t len = w->pos - w->blk, end = align8(w->pos);
    if (end > w->cap)
        end = w->cap;
    memset(w->buf + w->pos, 0, end - w->pos);
    skel_put_u32(h + 12, skel_crc32c(w->buf + w->blk, len));
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    store_le32(h, SKEL_BLOCK_MAGIC);
}

static const uint8_t zeros[SKEL_BLOCK_ALIGN];

/* Streamed: write the sealed block at buf[0] (after the padding that aligns
 * it: the file ends right after the last payload) and empty the buffer. */
static int write_block(skel_writer *w)
{
    size_t pad = align8(w->base) - w->base, len = SKEL_BLOCK_HEADER_LEN + w->pos - w->blk;
    struct iovec iov[2] = {{(void *)zeros, pad}, {w->buf, len}};
    w->flushing = 1;
    int rc = write_all(w->fd, iov, 2, w->base);
    w->flushing = 0;
    if (rc != 0)
        return -1;
    w->base += pad + len;
    w->pos = 0;
    return 0;
}

/* Map the window that starts the next block at file offset off, with room
 * for that block's header and need bytes of records. */
static int map_window(skel_writer *w, uint64_t off, size_t need)
{
    uint64_t start = off & ~(uint64_t)(w->page - 1);
    size_t len = (size_t)(off - start) + SKEL_BLOCK_HEADER_LEN + need;
    len = (len + w->page - 1) & ~(w->page - 1);
    if (len < w->window)
        len = w->window;
    /* Reserve the disk space first: a write to a mapped page the file system
     * cannot back would kill the process with SIGBUS. */
    int err = posix_fallocate(w->fd, (off_t)start, (off_t)len);
    if (err != 0)
        return skel_fail(SKEL_EIO, "%s: cannot extend the file to %llu bytes: %s", w->path,
                         (unsigned long long)(start + len), strerror(err));
    void *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, w->fd, (off_t)start);
    if (m == MAP_FAILED)
        return skel_fail(SKEL_EIO, "%s: cannot map %zu bytes at %llu: %s", w->path, len,
                         (unsigned long long)start, strerror(errno));
#ifdef MADV_POPULATE_WRITE
    /* One system call instead of a page fault per page of the window. */
    (void)madvise(m, len, MADV_POPULATE_WRITE);
#endif
    if (w->buf != NULL)
        munmap(w->buf, w->cap);
    w->buf = m;
    w->cap = len;
    w->base = start;
    w->pos = (size_t)(off - start);
    begin_block(w);
    return SKEL_OK;
}

/* Seal the current block if it holds records and start the next one with room
 * for need bytes (streamed: after writing the sealed one out). */
static int next_block(skel_writer *w, size_t need)
{
    if (w->dead)
        return skel_fail(SKEL_ESTATE, "%s: the trace was already closed", w->path);
    if (w->failed)
        return skel_fail(SKEL_EIO, "%s: an earlier write failed", w->path);
    uint64_t t0 = now_ns();
    int rc = SKEL_OK;
    size_t hdr = w->blk - SKEL_BLOCK_HEADER_LEN; /* an empty block is reused */
    if (w->nrec > 0) {
        seal(w);
        hdr = align8(w->pos);
    }
    if (w->stream) {
        if (w->nrec > 0 && write_block(w) != 0) {
            w->failed = 1;
            rc = skel_fail(SKEL_EIO, "%s: write: %s", w->path, strerror(errno));
            goto out;
        }
        size_t want = SKEL_BLOCK_HEADER_LEN + need + SKEL_BLOCK_ALIGN;
        size_t ncap = want > w->window ? want : w->window;
        if (ncap != w->cap) { /* a huge record, or back to the bound after one */
            uint8_t *nb = realloc(w->buf, ncap);
            if (nb == NULL) {
                rc = skel_fail(SKEL_ENOMEM, "%s: cannot size the trace buffer to %zu bytes",
                               w->path, ncap);
                goto out;
            }
            w->buf = nb;
            w->cap = ncap;
        }
        w->pos = 0;
        begin_block(w);
    } else if (hdr + SKEL_BLOCK_HEADER_LEN + need <= w->cap) {
        w->pos = hdr;
        begin_block(w);
    } else if ((rc = map_window(w, w->base + hdr, need)) != SKEL_OK) {
        w->failed = 1;
    }
out:;
    uint64_t dt = now_ns() - t0;
    w->flush_ns += dt;
    w->unreported_flush_ns += dt;
    w->nflush++;
    return rc;
}

/* Make room for a record of at most need bytes. */
static inline int reserve(skel_writer *w, size_t need)
{
    if (__builtin_expect(w->pos + need <= w->cap, 1))
        return SKEL_OK;
    return next_block(w, need);
}

int skel_writer_flush(skel_writer *w)
{
    return w->nrec == 0 && !w->failed && !w->dead ? SKEL_OK : next_block(w, 0);
}

/* Seal what was written and leave the file ending right after it (mapped:
 * without the space reserved beyond).  Nothing is written afterwards: with
 * no room left every later record fails in next_block(). */
static int close_data(skel_writer *w)
{
    int rc = SKEL_OK;
    if (w->dead)
        return skel_fail(SKEL_ESTATE, "%s: the trace was already closed", w->path);
    if (w->failed)
        return skel_fail(SKEL_EIO, "%s: an earlier write failed", w->path);
    if (w->nrec > 0)
        seal(w);
    if (w->stream) {
        if (w->nrec > 0 && write_block(w) != 0)
            rc = skel_fail(SKEL_EIO, "%s: write: %s", w->path, strerror(errno));
    } else {
        uint64_t end = w->base + (w->nrec > 0 ? w->pos : w->blk - SKEL_BLOCK_HEADER_LEN);
        munmap(w->buf, w->cap);
        w->buf = NULL;
        if (ftruncate(w->fd, (off_t)end) != 0)
            rc = skel_fail(SKEL_EIO, "%s: truncate: %s", w->path, strerror(errno));
    }
    w->nrec = 0;
    w->cap = w->pos = 0;
    w->dead = 1;
    if (rc != SKEL_OK)
        w->failed = 1;
    return rc;
}

/* ---- open and close --------------------------------------------------------------- */

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

static void destroy(skel_writer *w)
{
    if (w->stream)
        free(w->buf);
    else if (w->buf != NULL)
        munmap(w->buf, w->cap);
    if (w->hdr != NULL)
        munmap(w->hdr, w->page);
    if (w->fd >= 0)
        close(w->fd);
    free(w->path);
    free(w->site_ctx);
    free(w->threads);
    skel_reqtab_free(&w->reqs);
    free(w);
}

/* Map the header page and the first window; on failure the caller streams. */
static int open_mapped(skel_writer *w, const uint8_t *fh)
{
    void *h = mmap(NULL, w->page, PROT_READ | PROT_WRITE, MAP_SHARED, w->fd, 0);
    if (h == MAP_FAILED)
        return -1;
    w->hdr = h;
    if (map_window(w, SKEL_FILE_HEADER_LEN, 0) != SKEL_OK) {
        munmap(w->hdr, w->page);
        w->hdr = NULL;
        return -1;
    }
    memcpy(w->hdr, fh, SKEL_FILE_HEADER_LEN);
    return 0;
}

static int open_streamed(skel_writer *w, const uint8_t *fh)
{
    w->stream = 1;
    w->cap = w->window;
    if ((w->buf = malloc(w->cap)) == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", w->path);
    if (ftruncate(w->fd, 0) != 0 || pwrite_all(w->fd, fh, SKEL_FILE_HEADER_LEN, 0) != 0)
        return skel_fail(SKEL_EIO, "%s: write: %s", w->path, strerror(errno));
    w->base = SKEL_FILE_HEADER_LEN;
    w->pos = 0;
    begin_block(w);
    return SKEL_OK;
}

static void file_header(uint8_t *fh, const skel_rank_info *info)
{
    memset(fh, 0, SKEL_FILE_HEADER_LEN);
    memcpy(fh, SKEL_FILE_MAGIC, 8);
    fh[8] = SKEL_RANK_FILE_VERSION_MAJOR;
    fh[10] = SKEL_RANK_FILE_VERSION_MINOR;
    skel_put_u32(fh + 12, SKEL_FILE_HEADER_LEN);
    skel_put_u32(fh + 16, info->rank);
    skel_put_u32(fh + 20, info->nranks);
    fh[SKEL_HDR_ENDING] = SKEL_END_OPEN;
    skel_put_u32(fh + SKEL_HDR_SIGNAL, 0);
    skel_put_u32(fh + SKEL_HDR_ABORT, (uint32_t)-1);
}

static int put_rankinfo(skel_writer *w, const skel_rank_info *info)
{
    int rc = reserve(w, 64 + strsize(info->host) + strsize(info->mpi_library) +
                            strsize(info->tracer_version));
    if (rc != SKEL_OK)
        return rc;
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
    return SKEL_OK;
}

int skel_writer_open(const char *path, const skel_rank_info *info, size_t bufsize, int flags,
                     skel_writer **out)
{
    int rc = SKEL_OK;
    skel_writer *w = calloc(1, sizeof *w);
    if (w == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", path);
    w->fd = -1;
    w->page = (size_t)sysconf(_SC_PAGESIZE);
    if (w->page == 0 || (w->page & (w->page - 1)) != 0)
        w->page = 4096;
    /* Mapped windows are whole pages, at least two so that a block header
     * and a record starting anywhere in the first page always fit; a stream
     * buffer holds at least a block header and a small record. */
    w->window = (flags & SKEL_WRITER_STREAM) ? (bufsize < 256 ? 256 : bufsize)
                                             : (bufsize + w->page - 1) & ~(w->page - 1);
    if (!(flags & SKEL_WRITER_STREAM) && w->window < 2 * w->page)
        w->window = 2 * w->page;
    w->ending = SKEL_END_OPEN;
    w->path = strdup(path);
    w->site_cap = 64;
    w->site_ctx = malloc(w->site_cap * sizeof *w->site_ctx);
    if (w->site_ctx != NULL)
        skel_site_ctx_init(&w->site_ctx[0]); /* site 0 may be used undeclared */
    w->nthreads = 1;
    w->threads = calloc(1, sizeof *w->threads);
    if (w->path == NULL || w->site_ctx == NULL || w->threads == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "%s: out of memory", path);
        goto fail;
    }
    w->rank = info->rank;
    w->nranks = info->nranks;
    w->ncomms = 2; /* MPI_COMM_WORLD and MPI_COMM_SELF are implicit */
    for (unsigned call = 0; call < SKEL_CALL_LIMIT; call++) {
        const struct skel_call_info *ci = skel_call_info(call);
        if (ci != NULL)
            w->call_kind[call] =
                CALL_KNOWN | (skel_call_creates_request(call, ci->klass) ? CALL_CREATES : 0);
    }
    int excl = (flags & SKEL_WRITER_OVERWRITE) ? O_TRUNC : O_EXCL;
    w->fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | excl, 0644);
    if (w->fd < 0) {
        rc = skel_fail(SKEL_EIO, "%s: cannot create: %s", path, strerror(errno));
        goto fail;
    }
    uint8_t fh[SKEL_FILE_HEADER_LEN];
    file_header(fh, info);
    if ((flags & SKEL_WRITER_STREAM) || open_mapped(w, fh) != 0) {
        if (!(flags & SKEL_WRITER_STREAM))
            w->window = bufsize < 256 ? 256 : bufsize;
        if ((rc = open_streamed(w, fh)) != SKEL_OK)
            goto fail;
    }
    if ((rc = put_rankinfo(w, info)) != SKEL_OK)
        goto fail;
    *out = w;
    return SKEL_OK;
fail:
    if (w->fd >= 0)
        unlink(path);
    destroy(w);
    return rc;
}

int skel_writer_streams(const skel_writer *w)
{
    return w->stream;
}

int skel_writer_finish(skel_writer *w, const skel_rank_end *e)
{
    int rc = reserve(w, 100);
    if (rc == SKEL_OK) {
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
        rc = close_data(w);
    }
    if (rc == SKEL_OK && set_ending(w, SKEL_END_CLEAN, 0, -1) != 0)
        rc = skel_fail(SKEL_EIO, "%s: write: %s", w->path, strerror(errno));
    if (rc == SKEL_OK && fsync(w->fd) != 0 && errno != EINVAL)
        rc = skel_fail(SKEL_EIO, "%s: fsync: %s", w->path, strerror(errno));
    if (close(w->fd) != 0 && rc == SKEL_OK)
        rc = skel_fail(SKEL_EIO, "%s: close: %s", w->path, strerror(errno));
    w->fd = -1;
    destroy(w);
    return rc;
}

static int ending_of(int signo, int abort_code)
{
    return signo > 0 ? SKEL_END_SIGNAL : abort_code >= 0 ? SKEL_END_ABORT : SKEL_END_EXIT;
}

int skel_writer_crash(skel_writer *w, int signo, int abort_code)
{
    if (w->dead)
        return SKEL_OK;
    /* The process is about to end, and the launcher may kill it any moment
     * (it kills the other ranks as soon as one exits without MPI_Finalize).
     * Mapped, every record is already in the file: say why first, then
     * tidy up.  Streamed, the records must be written before anything. */
    int ending = ending_of(signo, abort_code), rc = SKEL_OK;
    if (!w->stream && set_ending(w, ending, signo, abort_code) != 0)
        rc = skel_fail(SKEL_EIO, "%s: write: %s", w->path, strerror(errno));
    int rc2 = close_data(w);
    if (w->stream && set_ending(w, ending, signo, abort_code) != 0 && rc2 == SKEL_OK)
        rc2 = skel_fail(SKEL_EIO, "%s: write: %s", w->path, strerror(errno));
    return rc != SKEL_OK ? rc : rc2;
}

void skel_writer_crash_from_signal(skel_writer *w, int signo)
{
    if (w == NULL || w->dead)
        return;
    w->dead = 1;
    if (w->stream && !w->flushing && !w->failed && w->nrec > 0) {
        /* Write the finished records of the buffer as a block of their own,
         * its header built on the stack: the interrupted code may be in the
         * middle of the next record (the header in buf counts finished ones). */
        const uint8_t *h = w->buf + w->blk - SKEL_BLOCK_HEADER_LEN;
        uint32_t len = skel_get_u32(h + 4), nrec = skel_get_u32(h + 8);
        uint8_t sh[SKEL_BLOCK_HEADER_LEN];
        skel_put_u32(sh, SKEL_BLOCK_MAGIC);
        skel_put_u32(sh + 4, len);
        skel_put_u32(sh + 8, nrec);
        skel_put_u32(sh + 12, skel_crc32c(w->buf + w->blk, len));
        skel_put_u64(sh + 16, skel_get_u64(h + 16));
        struct iovec iov[3] = {
            {(void *)zeros, align8(w->base) - w->base}, {sh, sizeof sh}, {w->buf + w->blk, len}};
        if (write_all(w->fd, iov, 3, w->base) != 0)
            w->failed = 1;
    }
    /* Mapped: the file already holds every finished record. */
    (void)set_ending(w, SKEL_END_SIGNAL, signo, -1);
}

void skel_writer_abandon(skel_writer *w)
{
    if (w == NULL)
        return;
    if (!w->dead) {
        (void)close_data(w);
        if (w->ending == SKEL_END_OPEN)
            (void)set_ending(w, SKEL_END_STOPPED, 0, -1);
    }
    destroy(w);
}

uint64_t skel_writer_bytes(const skel_writer *w)
{
    return w->base + w->pos;
}

uint64_t skel_writer_flush_ns(const skel_writer *w)
{
    return w->flush_ns;
}

uint64_t skel_writer_nflush(const skel_writer *w)
{
    return w->nflush;
}

/* ---- table records -------------------------------------------------------------- */

int skel_writer_comm(skel_writer *w, const skel_comm *c)
{
    if (c->index != w->ncomms)
        return skel_fail(SKEL_ERANGE, "%s: communicator %u declared out of order (next is %u)",
                         w->path, c->index, w->ncomms);
    uint32_t nin = c->flags & SKEL_COMMF_ADJ ? c->nin : 0,
             nout = c->flags & SKEL_COMMF_ADJ ? c->nout : 0;
    if (c->size > SKEL_MAX_LIST || c->remote_size > SKEL_MAX_LIST || c->ndims > 64 ||
        nin > SKEL_MAX_LIST || nout > SKEL_MAX_LIST)
        return skel_fail(SKEL_ERANGE, "%s: communicator %u is too large", w->path, c->index);
    size_t need = 80 + ((size_t)c->size + c->remote_size + nin + nout) * 10 + (size_t)c->ndims * 20;
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
    if (c->flags & SKEL_COMMF_ADJ) {
        p = skel_put_varint(p, nin);
        prev = 0;
        for (uint32_t i = 0; i < nin; i++) {
            p = skel_put_varint(p, skel_zigzag((int64_t)c->in[i] - prev));
            prev = c->in[i];
        }
        p = skel_put_varint(p, nout);
        prev = 0;
        for (uint32_t i = 0; i < nout; i++) {
            p = skel_put_varint(p, skel_zigzag((int64_t)c->out[i] - prev));
            prev = c->out[i];
        }
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

static int need_thread(skel_writer *w, uint32_t thread)
{
    if (__builtin_expect(thread < w->nthreads, 1))
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

int skel_writer_wset(skel_writer *w, uint32_t thread, uint64_t bytes)
{
    int rc = need_thread(w, thread);
    if (rc == SKEL_OK)
        rc = reserve(w, 30);
    if (rc != SKEL_OK)
        return rc;
    uint8_t *p = w->buf + w->pos;
    p = skel_put_varint(p, SKEL_REC_WSET);
    p = skel_put_varint(p, thread);
    p = skel_put_varint(p, bytes);
    commit(w, p, 0);
    return SKEL_OK;
}

/* ---- events ------------------------------------------------------------------------ */

/* The fields an event inherits from the previous event at its site. */
#define CONTEXT_BITS                                                                               \
    (SKEL_M_PEER | SKEL_M_TAG | SKEL_M_COMM | SKEL_M_COUNT | SKEL_M_DTSIZE | SKEL_M_BYTES |        \
     SKEL_M_RBYTES | SKEL_M_ROOT | SKEL_M_OP | SKEL_M_PEER2 | SKEL_M_TAG2 | SKEL_M_ASRC |          \
     SKEL_M_ATAG | SKEL_M_OBJ)

/* Everything the event refers to exists and its sizes are sane.  Checked
 * before a byte is written, so that a rejected event leaves the stream as it
 * was: first all at once, then one by one to say what is wrong. */
static inline int event_ok(const skel_writer *w, const skel_event *ev)
{
    return ev->call < SKEL_CALL_LIMIT && (w->call_kind[ev->call] & CALL_KNOWN) &&
           ev->site < w->nsites && ev->comm < w->ncomms &&
           (ev->newcomm == SKEL_COMM_NONE || ev->newcomm < w->ncomms) &&
           (ev->obj == SKEL_COMM_NONE || ev->obj < w->nobjects) && ev->t_end >= ev->t_start &&
           ev->ncomplete <= SKEL_MAX_LIST && ev->nreqs <= SKEL_MAX_LIST &&
           ev->thread < w->nthreads && ev->ngroup == 0 && ev->parts == 0;
}

static int check_event(skel_writer *w, const skel_event *ev)
{
    if (ev->call >= SKEL_CALL_LIMIT || !(w->call_kind[ev->call] & CALL_KNOWN))
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
    if (ev->ngroup > w->nranks || (ev->ngroup > 0 && ev->group == NULL))
        return skel_fail(SKEL_ERANGE, "%s: a group of %u ranks in a run of %u", w->path, ev->ngroup,
                         w->nranks);
    for (uint32_t i = 0; i < ev->ngroup; i++)
        if (ev->group[i] < 0 || (uint32_t)ev->group[i] >= w->nranks)
            return skel_fail(SKEL_ERANGE, "%s: group member %u is rank %d of %u", w->path, i,
                             ev->group[i], w->nranks);
    if (ev->parts > INT32_MAX || (ev->parts > 0 && !skel_call_partitioned(ev->call)))
        return skel_fail(SKEL_ERANGE, "%s: %u partitions on a call that has none", w->path,
                         ev->parts);
    return need_thread(w, ev->thread);
}

/* The table entries of the requests ev completes, into ents (small, or a
 * malloc'd array the caller frees when it differs from small). */
static int find_completions(skel_writer *w, const skel_event *ev, skel_req_entry ***ents,
                            skel_req_entry **small)
{
    *ents = small;
    if (ev->ncomplete > 16 && (*ents = malloc(ev->ncomplete * sizeof **ents)) == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", w->path);
    for (uint32_t i = 0; i < ev->ncomplete; i++)
        if (((*ents)[i] = skel_reqtab_get(&w->reqs, ev->complete[i].req)) == NULL) {
            if (*ents != small)
                free(*ents);
            return skel_fail(SKEL_ERANGE, "%s: completion of unknown request %llu", w->path,
                             (unsigned long long)ev->complete[i].req);
        }
    return SKEL_OK;
}

/* Which context fields differ from the site's: usually none (a halo exchange
 * repeats itself), which one comparison of the whole block finds. */
static inline uint32_t context_mask(const skel_event *ev, const skel_site_ctx *sc)
{
    if (__builtin_expect(skel_ctx_same(ev, sc), 1))
        return 0;
    uint32_t m = 0;
    m |= ev->peer != sc->peer ? SKEL_M_PEER : 0;
    m |= ev->tag != sc->tag ? SKEL_M_TAG : 0;
    m |= ev->comm != sc->comm ? SKEL_M_COMM : 0;
    m |= ev->count != sc->count ? SKEL_M_COUNT : 0;
    m |= ev->dtsize != sc->dtsize ? SKEL_M_DTSIZE : 0;
    m |= ev->bytes != sc->bytes ? SKEL_M_BYTES : 0;
    m |= ev->rbytes != sc->rbytes ? SKEL_M_RBYTES : 0;
    m |= ev->root != sc->root ? SKEL_M_ROOT : 0;
    m |= ev->op != sc->op ? SKEL_M_OP : 0;
    m |= ev->peer2 != sc->peer2 ? SKEL_M_PEER2 : 0;
    m |= ev->tag2 != sc->tag2 ? SKEL_M_TAG2 : 0;
    m |= ev->asrc != sc->asrc ? SKEL_M_ASRC : 0;
    m |= ev->atag != sc->atag ? SKEL_M_ATAG : 0;
    m |= ev->obj != sc->obj ? SKEL_M_OBJ : 0;
    return m;
}

/* The context fields selected by mask (all but obj, which comes last), and
 * the site's context updated as the reader will update it. */
static uint8_t *put_context(uint8_t *p, const skel_event *ev, uint32_t mask, int64_t me,
                            skel_site_ctx *sc)
{
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
    memcpy(sc, skel_event_ctx(ev), SKEL_CTX_LEN);
    return p;
}

/* The completion list: each request as a difference to the previous one,
 * with only the fields that differ from what it was posted with. */
static uint8_t *put_completions(uint8_t *p, const skel_event *ev, uint64_t prev, int64_t me,
                                skel_req_entry *const *ents)
{
    p = skel_put_varint(p, ev->ncomplete);
    uint32_t index = 0;
    for (uint32_t i = 0; i < ev->ncomplete; i++) {
        const skel_completion *c = &ev->complete[i];
        const skel_req_entry *e = ents[i];
        uint64_t fl = 0;
        fl |= c->src != e->src ? SKEL_C_SRC : 0;
        fl |= c->tag != e->tag ? SKEL_C_TAG : 0;
        fl |= c->bytes != e->bytes ? SKEL_C_BYTES : 0;
        fl |= c->index != index ? SKEL_C_INDEX : 0;
        fl |= (c->flags & SKEL_EVF_CANCELLED) ? SKEL_C_CANCELLED : 0;
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
    return p;
}

/* The request fields: the request created (as a difference to its default),
 * the requests started, the completions. */
static uint8_t *put_requests(skel_writer *w, uint8_t *p, const skel_event *ev, uint32_t mask,
                             uint64_t req_default, skel_req_entry *const *ents)
{
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
    if (mask & SKEL_M_COMPLETE)
        p = put_completions(p, ev, w->last_req, (int64_t)w->rank, ents);
    return p;
}

/* After the record: completed requests leave the table (persistent ones stay
 * until freed), a created one enters it.  Deleting never moves entries, so
 * ents stay valid through the loop. */
static int update_requests(skel_writer *w, const skel_event *ev, int klass, int creates,
                           skel_req_entry *const *ents)
{
    for (uint32_t i = 0; i < ev->ncomplete; i++)
        if (!ents[i]->persistent)
            skel_reqtab_del(&w->reqs, ev->complete[i].req);
    if (creates) {
        int recv = klass == SKEL_CLASS_IRECV || klass == SKEL_CLASS_RECV_INIT ||
                   klass == SKEL_CLASS_IMRECV;
        skel_req_entry e = {.id = ev->req,
                            .call = ev->call,
                            .persistent =
                                klass == SKEL_CLASS_SEND_INIT || klass == SKEL_CLASS_RECV_INIT,
                            .src = recv ? ev->peer : SKEL_PEER_NONE,
                            .tag = recv ? ev->tag : SKEL_TAG_NONE,
                            .bytes = ev->bytes};
        w->last_req = ev->req;
        if (ev->req != 0) {
            int rc = skel_reqtab_put(&w->reqs, &e);
            if (rc != SKEL_OK)
                return rc;
        }
    }
    if (klass == SKEL_CLASS_REQFREE)
        skel_reqtab_del(&w->reqs, ev->req);
    return SKEL_OK;
}

/* The mask bits of the fields outside the context and the times. */
static uint32_t other_mask(const skel_writer *w, const skel_event *ev, uint64_t req_default)
{
    uint32_t mask = 0;
    mask |= ev->gap_cpu != ev->gap_wall ? SKEL_M_CPU : 0;
    mask |= ev->thread != 0 ? SKEL_M_THREAD : 0;
    mask |= ev->flags != 0 ? SKEL_M_FLAGS : 0;
    mask |= w->call_site[ev->call] != ev->site ? SKEL_M_SITE : 0;
    mask |= ev->req != req_default ? SKEL_M_REQ : 0;
    mask |= ev->nreqs > 0 ? SKEL_M_REQS : 0;
    mask |= ev->ncomplete > 0 ? SKEL_M_COMPLETE : 0;
    mask |= ev->newcomm != SKEL_COMM_NONE ? SKEL_M_NEWCOMM : 0;
    mask |= ev->ngroup > 0 ? SKEL_M_GROUP : 0;
    mask |= ev->parts > 0 ? SKEL_M_PARTS : 0;
    return mask;
}

/* The fields after the mask, as the mask says (the times always). */
static uint8_t *put_fields(skel_writer *w, uint8_t *p, const skel_event *ev, uint32_t mask,
                           int64_t raw, skel_site_ctx *sc, uint64_t req_default,
                           skel_req_entry *const *ents)
{
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
    if (mask & CONTEXT_BITS)
        p = put_context(p, ev, mask, (int64_t)w->rank, sc);
    if (mask & (SKEL_M_REQ | SKEL_M_REQS | SKEL_M_COMPLETE))
        p = put_requests(w, p, ev, mask, req_default, ents);
    if (mask & SKEL_M_NEWCOMM)
        p = skel_put_varint(p, ev->newcomm);
    if (mask & SKEL_M_OBJ)
        p = skel_put_varint(p, ev->obj);
    if (mask & SKEL_M_GROUP) {
        /* The members as differences to this rank. */
        p = skel_put_varint(p, ev->ngroup);
        for (uint32_t i = 0; i < ev->ngroup; i++)
            p = skel_put_varint(p, skel_zigzag((int64_t)ev->group[i] - (int64_t)w->rank));
    }
    if (mask & SKEL_M_PARTS)
        p = skel_put_varint(p, ev->parts);

    return p;
}

int skel_writer_event(skel_writer *w, const skel_event *ev)
{
    int rc = __builtin_expect(event_ok(w, ev), 1) ? SKEL_OK : check_event(w, ev);
    if (rc == SKEL_OK)
        rc = reserve(w, 64 + 23 * 10 + (size_t)ev->ncomplete * 50 + (size_t)ev->nreqs * 10 +
                            (size_t)ev->ngroup * 5);
    skel_req_entry *small[16], **ents = small;
    if (rc == SKEL_OK && ev->ncomplete > 0)
        rc = find_completions(w, ev, &ents, small);
    if (rc != SKEL_OK)
        return rc;
    struct thread_state *ts = &w->threads[ev->thread];
    skel_site_ctx *sc = &w->site_ctx[ev->site];
    int creates = w->call_kind[ev->call] & CALL_CREATES;
    uint64_t req_default = creates ? w->last_req + 1 : 0;
    int64_t raw = (int64_t)(ev->t_start - ts->prev_end);
    uint64_t derived = raw > (int64_t)ts->pause ? (uint64_t)raw - ts->pause : 0;

    uint32_t mask = context_mask(ev, sc);
    mask |= !ts->seen || ev->gap_wall != derived ? SKEL_M_ABSTIME : 0;
    /* The other fields are usually absent or as expected: one test for all. */
    if (__builtin_expect((ev->gap_cpu ^ ev->gap_wall) | ev->thread | ev->flags |
                             (w->call_site[ev->call] ^ ev->site) | (ev->req ^ req_default) |
                             ev->nreqs | ev->ncomplete | (ev->newcomm ^ SKEL_COMM_NONE) |
                             ev->ngroup | ev->parts,
                         0) != 0)
        mask |= other_mask(w, ev, req_default);

    uint8_t *p = w->buf + w->pos;
    p = skel_put_varint(p, ev->call);
    p = skel_put_varint(p, mask);
    if (__builtin_expect(mask == 0, 1)) { /* a repeated call: its times and nothing else */
        p = skel_put_varint(p, skel_zigzag(raw));
        p = skel_put_varint(p, ev->t_end - ev->t_start);
    } else {
        p = put_fields(w, p, ev, mask, raw, sc, req_default, ents);
    }
    if (creates || ev->ncomplete > 0 || ev->req != 0) {
        rc = update_requests(w, ev, skel_call_info(ev->call)->klass, creates, ents);
        if (ents != small)
            free(ents);
        if (rc != SKEL_OK)
            return rc;
    }
    ts->prev_end = ev->t_end;
    ts->pause = 0;
    ts->seen = 1;
    commit(w, p, 1);
    /* A flush while this event was being recorded happened after its end:
     * the reader subtracts it from the thread's next gap. */
    if (__builtin_expect(w->unreported_flush_ns > 0, 0)) {
        uint64_t ns = w->unreported_flush_ns;
        w->unreported_flush_ns = 0;
        return skel_writer_pause(w, ev->thread, ns);
    }
    return SKEL_OK;
}
