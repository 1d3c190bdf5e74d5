/* reader.c - decode one rank's trace file block by block.
 *
 * A sealed block is verified against its checksum before any of its records
 * is decoded.  A block cut short by the end of the file (a crash in the
 * middle of a write, a copy cut short) is decoded record by record up to the
 * cut, so every complete event before the damage is still delivered; then
 * the reader reports where the file ends and what was expected there.
 *
 * Version 2 files are written through a shared mapping: a process killed
 * while writing leaves its last block open ("SKOB": no checksum yet, its
 * header counting the records that were finished) followed by space the
 * writer had reserved but never reached (zeros).  The open block is decoded
 * up to the records its header counts and ends the data; the file header
 * says how the process ended, when it had the chance to say it.
 */
#include "reader.h"

#include "codec.h"
#include "error.h"
#include "grow.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_RANKS (1u << 22)

struct thread_state {
    uint64_t prev_end;
    uint64_t pause;
    uint64_t ws; /* working set of the thread's next event (a WSET record), 0: none */
    uint8_t seen;
};

struct skel_rank_reader {
    int fd;
    char *path;
    uint32_t rank, nranks;
    uint32_t version; /* major version of the file: 1 or 2 */
    int hdr_ending;   /* version 2: the ending the file header states */
    int hdr_signal, hdr_abort;

    uint64_t file_off; /* file offset of the next unread byte */
    uint8_t *block;    /* current block payload */
    size_t block_cap, block_len, block_pos;
    uint64_t block_off; /* file offset of the payload's first byte */
    uint32_t block_nrec, block_seen;
    int block_partial;       /* payload cut short by the end of the file */
    int block_open;          /* an open block: the last of the data */
    uint32_t block_declared; /* payload length the header promised */
    int in_block;
    int data_ended; /* an open block or unwritten space ended the data */

    int status; /* 0 running, 1 ended cleanly, <0 sticky error */
    int have_info, have_end, have_crash;
    int signo, abort_code; /* from a version-1 crash record */
    skel_rank_info info;
    skel_rank_end end;
    skel_clock_sync clocks[2];
    uint32_t nclock;

    skel_comm *comms;
    uint32_t ncomms, comm_cap;
    skel_site *sites;
    skel_site_ctx *site_ctx;
    uint32_t nsites, site_cap, site_ctx_cap;
    skel_module *modules;
    uint32_t nmodules, module_cap;
    skel_object *objects;
    uint32_t nobjects, object_cap;

    uint32_t call_site[SKEL_CALL_LIMIT];
    uint64_t last_req;
    skel_reqtab reqs;
    struct thread_state *threads;
    uint32_t nthreads;
    uint64_t nevents;
    uint16_t last_call; /* call of the last event delivered */

    skel_completion *completions;
    uint32_t completions_cap;
    uint64_t *reqbuf;
    uint32_t reqbuf_cap;
    int32_t *groupbuf;
    uint32_t groupbuf_cap;

    void **retired; /* table blocks replaced by larger ones, freed at close */
    uint32_t nretired, retired_cap;
};

/* ---- errors -------------------------------------------------------------- */

static int fail_at(skel_rank_reader *r, int code, uint64_t off, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int fail_at(skel_rank_reader *r, int code, uint64_t off, const char *fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    skel_fail(code, "%s (rank %u): byte %llu: %s (%llu complete events were read before it)",
              r->path, r->rank, (unsigned long long)off, what, (unsigned long long)r->nevents);
    r->status = code;
    return code;
}

/* ---- I/O ----------------------------------------------------------------- */

/* Read up to n bytes; returns bytes read (< n only at end of file) or -1. */
static ssize_t read_full(int fd, void *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t k = read(fd, (uint8_t *)buf + got, n - got);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (k == 0)
            break;
        got += (size_t)k;
    }
    return (ssize_t)got;
}

static char *dup_bytes(const uint8_t *p, size_t n)
{
    char *s = malloc(n + 1);
    if (s != NULL) {
        memcpy(s, p, n);
        s[n] = '\0';
    }
    return s;
}

/* Room in a table (comms, sites, modules, objects) that another thread may
 * read while this reader appends to it (a prefetching replay, replay.c):
 * growing it never frees the old block before close, and the new block is
 * published with a release store, as is each new count (publish()), so a
 * thread that read a count reads complete entries below it in whichever
 * block it sees. */
static int table_room(skel_rank_reader *r, void *arrp, uint32_t *cap, uint64_t need, size_t elem)
{
    if (need <= *cap)
        return SKEL_OK;
    uint64_t ncap = *cap > 0 ? (uint64_t)*cap * 2 : 16;
    while (ncap < need)
        ncap *= 2;
    if (ncap > UINT32_MAX)
        return skel_fail(SKEL_ERANGE, "%s: a table of more than %u entries", r->path, UINT32_MAX);
    if (skel_grow_u32(&r->retired, &r->retired_cap, (uint64_t)r->nretired + 1,
                      sizeof *r->retired) != SKEL_OK)
        return SKEL_ENOMEM;
    void *old = *(void **)arrp;
    void *nb = calloc((size_t)ncap, elem);
    if (nb == NULL)
        return skel_oom();
    if (*cap > 0)
        memcpy(nb, old, (size_t)*cap * elem);
    if (old != NULL)
        r->retired[r->nretired++] = old;
    __atomic_store_n((void **)arrp, nb, __ATOMIC_RELEASE);
    *cap = (uint32_t)ncap;
    return SKEL_OK;
}

/* The entry below *count is written: make it visible (table_room). */
static void publish(uint32_t *count)
{
    __atomic_store_n(count, *count + 1, __ATOMIC_RELEASE);
}

static int all_zero(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != 0)
            return 0;
    return 1;
}

/* ---- open / close -------------------------------------------------------- */

static int add_predefined_comms(skel_rank_reader *r)
{
    r->comm_cap = 8;
    r->comms = calloc(r->comm_cap, sizeof *r->comms);
    if (r->comms == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", r->path);
    skel_comm *world = &r->comms[0], *self = &r->comms[1];
    world->index = SKEL_COMM_WORLD;
    world->gid = 0;
    world->parent = SKEL_COMM_NONE;
    world->size = r->nranks;
    world->members = malloc((size_t)r->nranks * sizeof(int32_t));
    self->index = SKEL_COMM_SELF;
    self->gid = 1;
    self->parent = SKEL_COMM_NONE;
    self->size = 1;
    self->members = malloc(sizeof(int32_t));
    if (world->members == NULL || self->members == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", r->path);
    for (uint32_t i = 0; i < r->nranks; i++)
        world->members[i] = (int32_t)i;
    self->members[0] = (int32_t)r->rank;
    r->ncomms = 2;
    return SKEL_OK;
}

/* Reserved header bytes must be zero: a writer that gives them a meaning
 * will raise the version, and anything else there is damage. */
static int check_reserved(const char *path, const uint8_t *hdr, const size_t *at, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (hdr[at[i]] != 0)
            return skel_fail(SKEL_EFORMAT, "%s: byte %zu: reserved header byte is %u, expected 0",
                             path, at[i], hdr[at[i]]);
    return SKEL_OK;
}

/* The file header: magic, version, sizes, and (version 2) how the writer
 * says the process ended. */
static int read_header(skel_rank_reader *r)
{
    const char *path = r->path;
    uint8_t hdr[SKEL_FILE_HEADER_LEN];
    ssize_t n = read_full(r->fd, hdr, SKEL_FILE_HEADER_LEN_V1);
    if (n < 0)
        return skel_fail(SKEL_EIO, "%s: read: %s", path, strerror(errno));
    if (n < 8 || memcmp(hdr, SKEL_FILE_MAGIC, 8) != 0)
        return skel_fail(SKEL_EFORMAT,
                         "%s: byte 0: not a Skel trace file (expected the magic "
                         "\"SKELTRC\\n\")",
                         path);
    if (n >= 9 && hdr[8] != 1 && hdr[8] != SKEL_RANK_FILE_VERSION_MAJOR)
        return skel_fail(SKEL_EVERSION,
                         "%s: byte 8: trace format version %u.%u, this Skel reads versions 1.x "
                         "and %u.x",
                         path, hdr[8], n > 10 ? hdr[10] : 0, SKEL_RANK_FILE_VERSION_MAJOR);
    uint32_t hlen = n >= 16 ? skel_get_u32(hdr + 12) : 0;
    r->version = n >= 9 ? hdr[8] : 0;
    uint32_t want = r->version == 1 ? SKEL_FILE_HEADER_LEN_V1 : SKEL_FILE_HEADER_LEN;
    if (n == SKEL_FILE_HEADER_LEN_V1 && want > SKEL_FILE_HEADER_LEN_V1) {
        ssize_t k = read_full(r->fd, hdr + n, want - (size_t)n);
        if (k < 0)
            return skel_fail(SKEL_EIO, "%s: read: %s", path, strerror(errno));
        n += k;
    }
    if ((size_t)n < want)
        return skel_fail(SKEL_ETRUNCATED,
                         "%s: byte %zd: file header truncated (expected %u bytes, file has %zd)",
                         path, n, want, n);
    static const size_t v1_reserved[] = {9, 11},
                        v2_reserved[] = {9, 11, 25, 26, 27, 36, 37, 38, 39};
    int rc = r->version == 1 ? check_reserved(path, hdr, v1_reserved, 2)
                             : check_reserved(path, hdr, v2_reserved, 9);
    if (rc != SKEL_OK)
        return rc;
    if (hlen != want)
        return skel_fail(SKEL_EFORMAT, "%s: byte 12: header length %u, expected %u", path, hlen,
                         want);
    r->rank = skel_get_u32(hdr + 16);
    r->nranks = skel_get_u32(hdr + 20);
    if (r->nranks == 0 || r->nranks > MAX_RANKS || r->rank >= r->nranks)
        return skel_fail(SKEL_EFORMAT, "%s: byte 16: rank %u of %u ranks is impossible", path,
                         r->rank, r->nranks);
    r->hdr_ending = SKEL_END_OPEN;
    r->hdr_abort = -1;
    if (r->version >= 2) {
        r->hdr_ending = hdr[SKEL_HDR_ENDING];
        r->hdr_signal = (int32_t)skel_get_u32(hdr + SKEL_HDR_SIGNAL);
        r->hdr_abort = (int32_t)skel_get_u32(hdr + SKEL_HDR_ABORT);
        /* Any abort code is possible (MPI_Abort takes any int); -1 means none. */
        if (r->hdr_ending > SKEL_END_STOPPED || r->hdr_signal < 0 || r->hdr_signal > 1024)
            return skel_fail(SKEL_EFORMAT,
                             "%s: byte 24: impossible ending (%u, signal %d, abort code %d)", path,
                             r->hdr_ending, r->hdr_signal, r->hdr_abort);
    }
    r->file_off = want;
    return SKEL_OK;
}

int skel_rank_open(const char *path, skel_rank_reader **out)
{
    int rc = SKEL_OK;
    skel_rank_reader *r = calloc(1, sizeof *r);
    if (r == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", path);
    r->fd = -1;
    r->abort_code = -1;
    r->path = strdup(path);
    r->site_cap = r->site_ctx_cap = 64;
    r->site_ctx = malloc(r->site_ctx_cap * sizeof *r->site_ctx);
    r->sites = calloc(r->site_cap, sizeof *r->sites);
    r->nthreads = 1;
    r->threads = calloc(1, sizeof *r->threads);
    if (r->path == NULL || r->site_ctx == NULL || r->sites == NULL || r->threads == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "%s: out of memory", path);
        goto fail;
    }
    skel_site_ctx_init(&r->site_ctx[0]);
    r->fd = open(path, O_RDONLY | O_CLOEXEC);
    if (r->fd < 0) {
        rc = skel_fail(SKEL_EIO, "%s: cannot open: %s", path, strerror(errno));
        goto fail;
    }
    if ((rc = read_header(r)) != SKEL_OK)
        goto fail;
    r->info.rank = r->rank; /* known from the header before the rank-info record */
    r->info.nranks = r->nranks;
    if ((rc = add_predefined_comms(r)) != SKEL_OK)
        goto fail;
    *out = r;
    return SKEL_OK;
fail:
    skel_rank_close(r);
    return rc;
}

void skel_rank_close(skel_rank_reader *r)
{
    if (r == NULL)
        return;
    if (r->fd >= 0)
        close(r->fd);
    free(r->block);
    free(r->info.host);
    free(r->info.mpi_library);
    free(r->info.tracer_version);
    for (uint32_t i = 0; i < r->ncomms; i++) {
        free(r->comms[i].members);
        free(r->comms[i].remote);
        free(r->comms[i].dims);
        free(r->comms[i].periods);
        free(r->comms[i].in);
        free(r->comms[i].out);
    }
    free(r->comms);
    for (uint32_t i = 0; i < r->nsites; i++) {
        free(r->sites[i].func);
        free(r->sites[i].file);
    }
    free(r->sites);
    free(r->site_ctx);
    for (uint32_t i = 0; i < r->nmodules; i++)
        free(r->modules[i].path);
    free(r->modules);
    for (uint32_t i = 0; i < r->nobjects; i++)
        free(r->objects[i].name);
    free(r->objects);
    for (uint32_t i = 0; i < r->nretired; i++)
        free(r->retired[i]);
    free(r->retired);
    skel_reqtab_free(&r->reqs);
    free(r->threads);
    free(r->completions);
    free(r->reqbuf);
    free(r->groupbuf);
    free(r->path);
    free(r);
}

/* ---- blocks -------------------------------------------------------------- */

/* Version 2: blocks start at multiples of 8; skip the zero padding before
 * the next one.  Returns 1 when positioned, 0 at the end of the file, or an
 * error. */
static int skip_padding(skel_rank_reader *r)
{
    uint64_t to = (r->file_off + SKEL_BLOCK_ALIGN - 1) & ~(uint64_t)(SKEL_BLOCK_ALIGN - 1);
    if (r->version < 2 || to == r->file_off)
        return 1;
    uint8_t pad[SKEL_BLOCK_ALIGN];
    size_t want = (size_t)(to - r->file_off);
    ssize_t n = read_full(r->fd, pad, want);
    if (n < 0)
        return fail_at(r, SKEL_EIO, r->file_off, "read: %s", strerror(errno));
    if (!all_zero(pad, (size_t)n))
        return fail_at(r, SKEL_EFORMAT, r->file_off, "padding after a block is not zero");
    r->file_off += (uint64_t)n;
    return (size_t)n == want;
}

/* The data ends where no block was written (zeros the writer reserved, an
 * empty open block): legitimate only in a file whose writer did not close it
 * cleanly. */
static int end_of_data(skel_rank_reader *r, uint64_t off)
{
    if (r->hdr_ending == SKEL_END_CLEAN)
        return fail_at(r, SKEL_EFORMAT, off,
                       "expected a block header (the file was closed cleanly, yet its data "
                       "stops here)");
    r->data_ended = 1;
    return 0;
}

/* Check a block header read at off; 1 when it starts a block, 0 when the data
 * ends there, or an error. */
static int check_block_header(skel_rank_reader *r, const uint8_t *hdr, uint64_t off)
{
    uint32_t magic = skel_get_u32(hdr);
    uint32_t len = skel_get_u32(hdr + 4);
    uint32_t nrec = skel_get_u32(hdr + 8);
    uint64_t first = skel_get_u64(hdr + 16);
    int open = r->version >= 2 && magic == SKEL_BLOCK_OPEN_MAGIC;
    if (r->version >= 2 && magic == 0)
        return end_of_data(r, off);
    if (open && r->hdr_ending == SKEL_END_CLEAN)
        return fail_at(r, SKEL_EFORMAT, off, "an open block in a file that was closed cleanly");
    if (open && len == 0 && nrec == 0)
        return end_of_data(r, off);
    if (magic != SKEL_BLOCK_MAGIC && !open)
        return fail_at(r, SKEL_EFORMAT, off, "expected a block header (magic \"SKBK\")");
    if (len == 0 || len > SKEL_MAX_BLOCK || nrec == 0 || nrec > len)
        return fail_at(r, SKEL_EFORMAT, off,
                       "block header with impossible sizes (%u payload bytes, %u records)", len,
                       nrec);
    if (first != r->nevents)
        return fail_at(r, SKEL_EFORMAT, off,
                       "block starts at event %llu but %llu events came before it",
                       (unsigned long long)first, (unsigned long long)r->nevents);
    r->block_open = open;
    return 1;
}

/* Load the next block.  Returns 1 when a block is ready, 0 at the end of the
 * data, or an error. */
static int next_block(skel_rank_reader *r)
{
    if (r->data_ended)
        return 0;
    int rc = skip_padding(r);
    if (rc <= 0)
        return rc;
    uint64_t off = r->file_off;
    uint8_t hdr[SKEL_BLOCK_HEADER_LEN];
    ssize_t n = read_full(r->fd, hdr, sizeof hdr);
    if (n < 0)
        return fail_at(r, SKEL_EIO, off, "read: %s", strerror(errno));
    if (n == 0)
        return 0;
    if ((size_t)n < sizeof hdr) {
        if (r->version >= 2 && all_zero(hdr, (size_t)n))
            return end_of_data(r, off);
        return fail_at(r, SKEL_ETRUNCATED, off,
                       "block header cut off by the end of the file (expected %u bytes, found %zd)",
                       SKEL_BLOCK_HEADER_LEN, n);
    }
    if ((rc = check_block_header(r, hdr, off)) <= 0)
        return rc;
    uint32_t len = skel_get_u32(hdr + 4);
    if (len > r->block_cap) {
        uint8_t *nb = realloc(r->block, len);
        if (nb == NULL)
            return fail_at(r, SKEL_ENOMEM, off, "out of memory for a %u-byte block", len);
        r->block = nb;
        r->block_cap = len;
    }
    n = read_full(r->fd, r->block, len);
    if (n < 0)
        return fail_at(r, SKEL_EIO, off, "read: %s", strerror(errno));
    r->file_off += SKEL_BLOCK_HEADER_LEN + (uint64_t)n;
    r->block_off = off + SKEL_BLOCK_HEADER_LEN;
    r->block_len = (size_t)n;
    r->block_pos = 0;
    r->block_nrec = skel_get_u32(hdr + 8);
    r->block_seen = 0;
    r->block_declared = len;
    r->block_partial = (size_t)n < len;
    /* An open block has no checksum yet: the writer was killed before it
     * sealed it, and its header counts the records it finished. */
    if (!r->block_partial && !r->block_open && skel_crc32c(r->block, len) != skel_get_u32(hdr + 12))
        return fail_at(r, SKEL_EFORMAT, off,
                       "block of %u bytes fails its checksum (the file is corrupt)", len);
    if (r->block_partial && n == 0)
        return fail_at(r, SKEL_ETRUNCATED, r->block_off,
                       "block payload missing (expected %u bytes, the file ends)", len);
    r->in_block = 1;
    return 1;
}

/* ---- records ------------------------------------------------------------- */

/* After a decode failure at record offset rec_off: truncation if the cursor
 * ran into the cut end of a partial block, else corruption. */
static int bad_record(skel_rank_reader *r, const skel_cursor *c, uint64_t rec_off, const char *what)
{
    if (r->block_partial && c->p >= c->end)
        return fail_at(r, SKEL_ETRUNCATED, rec_off,
                       "%s cut off by the end of the file (block promised %u bytes, file has %zu)",
                       what, r->block_declared, r->block_len);
    return fail_at(r, SKEL_EFORMAT, rec_off, "malformed %s", what);
}

static int get_string(skel_cursor *c, char **out)
{
    uint64_t n = skel_get_varint(c);
    if (c->bad)
        return 0;
    if (n > SKEL_MAX_STRING || n > (uint64_t)(c->end - c->p)) {
        c->bad = 1;
        if (n <= SKEL_MAX_STRING)
            c->p = c->end; /* ran off the end: maybe truncation */
        return 0;
    }
    *out = dup_bytes(c->p, (size_t)n);
    c->p += n;
    return *out != NULL;
}

/* Narrowing reads: a value that does not fit makes the record malformed
 * (never a silently wrapped, possibly valid-looking number). */
static uint32_t get_u32(skel_cursor *c)
{
    uint64_t v = skel_get_varint(c);
    if (v > UINT32_MAX) {
        c->bad = 1;
        return 0;
    }
    return (uint32_t)v;
}

static int32_t get_i32(skel_cursor *c)
{
    int64_t v = skel_get_svarint(c);
    if (v < INT32_MIN || v > INT32_MAX) {
        c->bad = 1;
        return 0;
    }
    return (int32_t)v;
}

/* A rank stored relative to this rank. */
static int32_t get_rank(skel_cursor *c, int64_t me)
{
    int64_t v = skel_get_svarint(c), sum;
    if (__builtin_add_overflow(me, v, &sum) || sum < INT32_MIN || sum > INT32_MAX) {
        c->bad = 1;
        return 0;
    }
    return (int32_t)sum;
}

static int check_peer(const skel_rank_reader *r, int64_t v)
{
    return v >= SKEL_PEER_ROOT && v < (int64_t)r->nranks;
}

static int read_members(skel_cursor *c, uint32_t n, const skel_rank_reader *r, int32_t **out)
{
    if (n > (uint64_t)(c->end - c->p)) { /* each member takes at least one byte */
        c->p = c->end;
        c->bad = 1;
        return 0;
    }
    int32_t *m = malloc(((size_t)n + 1) * sizeof *m);
    if (m == NULL)
        return 0;
    int64_t prev = 0;
    for (uint32_t i = 0; i < n; i++) {
        int64_t v = prev + skel_get_svarint(c);
        if (c->bad || v < 0 || v >= (int64_t)r->nranks) {
            c->bad = 1;
            free(m);
            return 0;
        }
        m[i] = (int32_t)v;
        prev = v;
    }
    *out = m;
    return 1;
}

static int rec_comm(skel_rank_reader *r, skel_cursor *c, uint64_t off)
{
    skel_comm cm;
    memset(&cm, 0, sizeof cm);
    uint64_t index = skel_get_varint(c);
    cm.gid = skel_get_varint(c);
    uint64_t parent = skel_get_varint(c);
    uint64_t created = skel_get_varint(c);
    uint64_t flags = skel_get_varint(c);
    uint64_t size = skel_get_varint(c);
    if (c->bad)
        return bad_record(r, c, off, "communicator record");
    if (index != r->ncomms)
        return fail_at(r, SKEL_EFORMAT, off, "communicator %llu declared, expected index %u",
                       (unsigned long long)index, r->ncomms);
    if (parent > r->ncomms || created >= SKEL_CALL_LIMIT || flags > 31 || size == 0 ||
        size > MAX_RANKS || ((flags & SKEL_COMMF_ADJ) && !(flags & SKEL_COMMF_GRAPH)))
        return fail_at(r, SKEL_EFORMAT, off, "communicator record with impossible values");
    cm.index = (uint32_t)index;
    cm.parent = parent == 0 ? SKEL_COMM_NONE : (uint32_t)(parent - 1);
    cm.created_by = (uint16_t)created;
    cm.flags = (uint16_t)flags;
    cm.size = (uint32_t)size;
    int ok = read_members(c, cm.size, r, &cm.members);
    if (ok && (flags & SKEL_COMMF_INTER)) {
        uint64_t rs = skel_get_varint(c);
        ok = !c->bad && rs > 0 && rs <= MAX_RANKS;
        if (ok) {
            cm.remote_size = (uint32_t)rs;
            ok = read_members(c, cm.remote_size, r, &cm.remote);
        }
    }
    if (ok && (flags & SKEL_COMMF_CART)) {
        uint64_t nd = skel_get_varint(c);
        ok = !c->bad && nd <= 64;
        if (ok) {
            cm.ndims = (uint32_t)nd;
            cm.dims = calloc(nd + 1, sizeof *cm.dims);
            cm.periods = calloc(nd + 1, sizeof *cm.periods);
            ok = cm.dims != NULL && cm.periods != NULL;
            for (uint32_t i = 0; ok && i < cm.ndims; i++)
                cm.dims[i] = get_i32(c);
            for (uint32_t i = 0; ok && i < cm.ndims; i++)
                cm.periods[i] = get_i32(c);
            ok = ok && !c->bad;
        }
    }
    for (int k = 0; ok && (flags & SKEL_COMMF_ADJ) && k < 2; k++) {
        /* A neighbour may appear more than once (a graph with multi-edges),
         * but there are never more than a list's worth. */
        uint64_t n = skel_get_varint(c);
        ok = !c->bad && n <= SKEL_MAX_LIST;
        if (ok) {
            *(k ? &cm.nout : &cm.nin) = (uint32_t)n;
            ok = read_members(c, (uint32_t)n, r, k ? &cm.out : &cm.in);
        }
    }
    if (ok && table_room(r, &r->comms, &r->comm_cap, (uint64_t)r->ncomms + 1, sizeof *r->comms) !=
                  SKEL_OK)
        ok = 0;
    if (!ok) {
        free(cm.members);
        free(cm.remote);
        free(cm.dims);
        free(cm.periods);
        free(cm.in);
        free(cm.out);
        return bad_record(r, c, off, "communicator record");
    }
    r->comms[r->ncomms] = cm;
    publish(&r->ncomms);
    return SKEL_OK;
}

static int rec_site(skel_rank_reader *r, skel_cursor *c, uint64_t off)
{
    skel_site s;
    memset(&s, 0, sizeof s);
    uint64_t index = skel_get_varint(c);
    s.addr = skel_get_varint(c);
    uint64_t module = skel_get_varint(c);
    s.offset = skel_get_varint(c);
    if (c->bad)
        return bad_record(r, c, off, "call-site record");
    if (index != r->nsites)
        return fail_at(r, SKEL_EFORMAT, off, "call site %llu declared, expected index %u",
                       (unsigned long long)index, r->nsites);
    if (module > r->nmodules)
        return fail_at(r, SKEL_EFORMAT, off, "call site refers to undeclared module %llu",
                       (unsigned long long)module - 1);
    s.index = (uint32_t)index;
    s.module = module == 0 ? SKEL_COMM_NONE : (uint32_t)(module - 1);
    int ok = get_string(c, &s.func) && get_string(c, &s.file);
    uint64_t line = skel_get_varint(c);
    uint64_t fortran = skel_get_varint(c);
    ok = ok && !c->bad && line <= UINT32_MAX && fortran <= 1;
    ok = ok &&
         skel_grow_u32(&r->site_ctx, &r->site_ctx_cap, (uint64_t)r->nsites + 1,
                       sizeof *r->site_ctx) == SKEL_OK &&
         table_room(r, &r->sites, &r->site_cap, (uint64_t)r->nsites + 1, sizeof *r->sites) ==
             SKEL_OK;
    if (!ok) {
        free(s.func);
        free(s.file);
        return bad_record(r, c, off, "call-site record");
    }
    s.line = (uint32_t)line;
    s.fortran = (uint8_t)fortran;
    skel_site_ctx_init(&r->site_ctx[r->nsites]);
    r->sites[r->nsites] = s;
    publish(&r->nsites);
    return SKEL_OK;
}

static int rec_module(skel_rank_reader *r, skel_cursor *c, uint64_t off)
{
    skel_module m = {0};
    uint64_t index = skel_get_varint(c);
    m.base = skel_get_varint(c);
    if (c->bad)
        return bad_record(r, c, off, "module record");
    if (index != r->nmodules)
        return fail_at(r, SKEL_EFORMAT, off, "module %llu declared, expected index %u",
                       (unsigned long long)index, r->nmodules);
    m.index = (uint32_t)index;
    if (!get_string(c, &m.path) ||
        table_room(r, &r->modules, &r->module_cap, (uint64_t)r->nmodules + 1, sizeof *r->modules) !=
            SKEL_OK) {
        free(m.path);
        return bad_record(r, c, off, "module record");
    }
    r->modules[r->nmodules] = m;
    publish(&r->nmodules);
    return SKEL_OK;
}

static int rec_object(skel_rank_reader *r, skel_cursor *c, uint64_t off)
{
    skel_object o = {0};
    uint64_t index = skel_get_varint(c);
    uint64_t kind = skel_get_varint(c);
    uint64_t comm = skel_get_varint(c);
    if (c->bad)
        return bad_record(r, c, off, "file/window record");
    if (index != r->nobjects || (kind != SKEL_OBJ_FILE && kind != SKEL_OBJ_WIN) || comm > r->ncomms)
        return fail_at(r, SKEL_EFORMAT, off, "file/window record with impossible values");
    o.index = (uint32_t)index;
    o.kind = (uint8_t)kind;
    o.comm = comm == 0 ? SKEL_COMM_NONE : (uint32_t)(comm - 1);
    if (!get_string(c, &o.name) ||
        table_room(r, &r->objects, &r->object_cap, (uint64_t)r->nobjects + 1, sizeof *r->objects) !=
            SKEL_OK) {
        free(o.name);
        return bad_record(r, c, off, "file/window record");
    }
    r->objects[r->nobjects] = o;
    publish(&r->nobjects);
    return SKEL_OK;
}

static int rec_rankinfo(skel_rank_reader *r, skel_cursor *c, uint64_t off)
{
    skel_rank_info in;
    memset(&in, 0, sizeof in);
    uint64_t rank = skel_get_varint(c), nranks = skel_get_varint(c);
    uint64_t pid = skel_get_varint(c), level = skel_get_varint(c);
    in.t_init = skel_get_varint(c);
    in.unix_init_ns = skel_get_varint(c);
    if (c->bad)
        return bad_record(r, c, off, "rank-info record");
    if (rank != r->rank || nranks != r->nranks || pid > UINT32_MAX || level > 3)
        return fail_at(r, SKEL_EFORMAT, off,
                       "rank-info record disagrees with the file header (rank %llu of %llu)",
                       (unsigned long long)rank, (unsigned long long)nranks);
    in.rank = r->rank;
    in.nranks = r->nranks;
    in.pid = (uint32_t)pid;
    in.thread_level = (uint32_t)level;
    if (!get_string(c, &in.host) || !get_string(c, &in.mpi_library) ||
        !get_string(c, &in.tracer_version)) {
        free(in.host);
        free(in.mpi_library);
        free(in.tracer_version);
        return bad_record(r, c, off, "rank-info record");
    }
    free(r->info.host);
    free(r->info.mpi_library);
    free(r->info.tracer_version);
    r->info = in;
    r->have_info = 1;
    return SKEL_OK;
}

static int need_thread(skel_rank_reader *r, uint64_t thread)
{
    if (thread < r->nthreads)
        return 1;
    if (thread >= SKEL_MAX_THREADS)
        return 0;
    struct thread_state *nt = realloc(r->threads, (size_t)(thread + 1) * sizeof *nt);
    if (nt == NULL)
        return 0;
    memset(nt + r->nthreads, 0, (size_t)(thread + 1 - r->nthreads) * sizeof *nt);
    r->threads = nt;
    r->nthreads = (uint32_t)thread + 1;
    return 1;
}

/* ---- events ----------------------------------------------------------------- */

/* The fields before the context: thread, times, CPU time, flags and site.
 * Returns the thread's state through *tsp. */
static int read_event_head(skel_rank_reader *r, skel_cursor *c, uint64_t off, uint64_t mask,
                           skel_event *ev, struct thread_state **tsp)
{
    uint64_t thread = (mask & SKEL_M_THREAD) ? skel_get_varint(c) : 0;
    if (!c->bad && !need_thread(r, thread))
        return fail_at(r, SKEL_EFORMAT, off, "thread index %llu is too large",
                       (unsigned long long)thread);
    ev->thread = (uint32_t)thread;
    struct thread_state *ts = *tsp = &r->threads[ev->thread];
    if (mask & SKEL_M_ABSTIME) {
        ev->t_start = skel_get_varint(c);
        ev->gap_wall = skel_get_varint(c);
    } else {
        if (!c->bad && !ts->seen)
            return fail_at(r, SKEL_EFORMAT, off,
                           "first event of thread %u has no absolute time stamp", ev->thread);
        int64_t raw = skel_get_svarint(c);
        ev->t_start = ts->prev_end + (uint64_t)raw;
        ev->gap_wall = raw > (int64_t)ts->pause ? (uint64_t)raw - ts->pause : 0;
    }
    uint64_t dur = skel_get_varint(c);
    if (!c->bad && __builtin_add_overflow(ev->t_start, dur, &ev->t_end))
        return fail_at(r, SKEL_EFORMAT, off, "event ends after the end of time");
    ev->gap_cpu = ev->gap_wall;
    if (mask & SKEL_M_CPU) {
        /* stored as wall - cpu; the CPU time must be in [0, 2^63) */
        int64_t d = skel_get_svarint(c), cpu = 0;
        if (!c->bad && (ev->gap_wall > INT64_MAX ||
                        __builtin_sub_overflow((int64_t)ev->gap_wall, d, &cpu) || cpu < 0))
            return fail_at(r, SKEL_EFORMAT, off, "event with an impossible CPU time");
        ev->gap_cpu = (uint64_t)cpu;
    }
    if (mask & SKEL_M_FLAGS) {
        uint64_t fl = skel_get_varint(c);
        if (!c->bad && fl > 0xffff)
            return fail_at(r, SKEL_EFORMAT, off, "event with impossible flags");
        ev->flags = (uint16_t)fl;
    }
    uint64_t site = r->call_site[ev->call];
    if (mask & SKEL_M_SITE)
        site = skel_get_varint(c);
    if (c->bad)
        return bad_record(r, c, off, "event record");
    if (site >= r->nsites && site != 0)
        return fail_at(r, SKEL_EFORMAT, off, "event refers to undeclared call site %llu",
                       (unsigned long long)site);
    ev->site = (uint32_t)site;
    return SKEL_OK;
}

/* The context fields present in the record, over the site's previous ones. */
static int read_context(skel_rank_reader *r, skel_cursor *c, uint64_t off, uint64_t mask,
                        skel_site_ctx *nc)
{
    int64_t me = (int64_t)r->rank;
    if (mask & SKEL_M_PEER)
        nc->peer = get_rank(c, me);
    if (mask & SKEL_M_TAG)
        nc->tag = get_i32(c);
    if (mask & SKEL_M_COMM)
        nc->comm = get_u32(c);
    if (mask & SKEL_M_COUNT)
        nc->count = skel_get_svarint(c);
    if (mask & SKEL_M_DTSIZE)
        nc->dtsize = get_u32(c);
    if (mask & SKEL_M_BYTES)
        nc->bytes = skel_get_varint(c);
    if (mask & SKEL_M_RBYTES)
        nc->rbytes = skel_get_varint(c);
    if (mask & SKEL_M_ROOT)
        nc->root = get_i32(c);
    if (mask & SKEL_M_OP) {
        uint32_t op = get_u32(c);
        nc->op = op < SKEL_OP__COUNT ? (uint8_t)op : SKEL_OP__COUNT;
    }
    if (mask & SKEL_M_PEER2)
        nc->peer2 = get_rank(c, me);
    if (mask & SKEL_M_TAG2)
        nc->tag2 = get_i32(c);
    if (mask & SKEL_M_ASRC)
        nc->asrc = get_rank(c, me);
    if (mask & SKEL_M_ATAG)
        nc->atag = get_i32(c);
    if (c->bad)
        return bad_record(r, c, off, "event record");
    /* Only the fields this record brings: the others were checked when
     * they came (a site's context starts valid, a bad value is an error
     * that ends the reading, and the counts checked against only grow). */
    if (((mask & SKEL_M_PEER) && !check_peer(r, nc->peer)) ||
        ((mask & SKEL_M_PEER2) && !check_peer(r, nc->peer2)) ||
        ((mask & SKEL_M_ASRC) && !check_peer(r, nc->asrc)) ||
        ((mask & SKEL_M_ROOT) && !check_peer(r, nc->root)))
        return fail_at(r, SKEL_EFORMAT, off, "event names a rank outside 0..%u", r->nranks - 1);
    if ((mask & SKEL_M_COMM) && nc->comm >= r->ncomms)
        return fail_at(r, SKEL_EFORMAT, off, "event refers to undeclared communicator %u",
                       nc->comm);
    if ((mask & SKEL_M_OP) && nc->op >= SKEL_OP__COUNT)
        return fail_at(r, SKEL_EFORMAT, off, "event with unknown reduction operation %u", nc->op);
    return SKEL_OK;
}

/* The length of a request or completion list: at least one entry, and no
 * more than the bytes left could hold (else truncation or corruption). */
static int read_list_length(skel_rank_reader *r, skel_cursor *c, uint64_t off, const char *what,
                            uint64_t *n)
{
    *n = skel_get_varint(c);
    if (c->bad)
        return bad_record(r, c, off, "event record");
    if (*n == 0 || *n > SKEL_MAX_LIST || *n > (uint64_t)(c->end - c->p)) {
        if (*n <= SKEL_MAX_LIST && *n > (uint64_t)(c->end - c->p))
            c->p = c->end;
        c->bad = 1;
        return bad_record(r, c, off, what);
    }
    return SKEL_OK;
}

/* Startall's list of requests, as differences from the last one created. */
static int read_requests(skel_rank_reader *r, skel_cursor *c, uint64_t off, skel_event *ev)
{
    uint64_t n;
    int rc = read_list_length(r, c, off, "request list", &n);
    if (rc != SKEL_OK)
        return rc;
    if (skel_grow_u32(&r->reqbuf, &r->reqbuf_cap, n, sizeof *r->reqbuf) != SKEL_OK)
        return fail_at(r, SKEL_ENOMEM, off, "out of memory");
    uint64_t prev = r->last_req;
    for (uint64_t i = 0; i < n; i++) {
        prev += (uint64_t)skel_get_svarint(c);
        r->reqbuf[i] = prev;
    }
    if (c->bad)
        return bad_record(r, c, off, "request list");
    ev->nreqs = (uint32_t)n;
    ev->reqs = r->reqbuf;
    return SKEL_OK;
}

/* A group (MPI_Win_post, MPI_Win_start): its members as differences to this
 * rank, each a rank of the run. */
static int read_group(skel_rank_reader *r, skel_cursor *c, uint64_t off, skel_event *ev)
{
    uint64_t n;
    int rc = read_list_length(r, c, off, "group", &n);
    if (rc != SKEL_OK)
        return rc;
    if (n > r->nranks)
        return fail_at(r, SKEL_EFORMAT, off, "a group of %llu ranks in a run of %u",
                       (unsigned long long)n, r->nranks);
    if (skel_grow_u32(&r->groupbuf, &r->groupbuf_cap, n, sizeof *r->groupbuf) != SKEL_OK)
        return fail_at(r, SKEL_ENOMEM, off, "out of memory");
    for (uint64_t i = 0; i < n; i++) {
        int64_t m = (int64_t)r->rank + skel_get_svarint(c);
        if (c->bad)
            return bad_record(r, c, off, "group");
        if (m < 0 || m >= (int64_t)r->nranks)
            return fail_at(r, SKEL_EFORMAT, off, "group member %llu is rank %lld of %u",
                           (unsigned long long)i, (long long)m, r->nranks);
        r->groupbuf[i] = (int32_t)m;
    }
    ev->ngroup = (uint32_t)n;
    ev->group = r->groupbuf;
    return SKEL_OK;
}

/* The completion list: each request's fields default to what it was posted
 * with, its index to the previous one's plus one. */
static int read_completions(skel_rank_reader *r, skel_cursor *c, uint64_t off, skel_event *ev)
{
    uint64_t n;
    int rc = read_list_length(r, c, off, "completion list", &n);
    if (rc != SKEL_OK)
        return rc;
    if (skel_grow_u32(&r->completions, &r->completions_cap, n, sizeof *r->completions) != SKEL_OK)
        return fail_at(r, SKEL_ENOMEM, off, "out of memory");
    int64_t me = (int64_t)r->rank;
    uint64_t prev = r->last_req;
    uint32_t index = 0;
    for (uint64_t i = 0; i < n; i++) {
        skel_completion *cp = &r->completions[i];
        uint64_t v = skel_get_varint(c);
        uint64_t fl = v & 31;
        prev += (uint64_t)skel_unzigzag(v >> 5);
        if (c->bad)
            return bad_record(r, c, off, "completion list");
        const skel_req_entry *e = skel_reqtab_get(&r->reqs, prev);
        if (e == NULL)
            return fail_at(r, SKEL_EFORMAT, off, "completion of unknown request %llu",
                           (unsigned long long)prev);
        cp->req = prev;
        cp->call = e->call;
        cp->flags = (fl & SKEL_C_CANCELLED) ? SKEL_EVF_CANCELLED : 0;
        cp->src = (fl & SKEL_C_SRC) ? get_rank(c, me) : e->src;
        cp->tag = (fl & SKEL_C_TAG) ? get_i32(c) : e->tag;
        cp->bytes = (fl & SKEL_C_BYTES) ? skel_get_varint(c) : e->bytes;
        uint64_t idx = (fl & SKEL_C_INDEX) ? skel_get_varint(c) : index;
        if (c->bad)
            return bad_record(r, c, off, "completion list");
        if (!check_peer(r, cp->src) || idx > UINT32_MAX - 1)
            return fail_at(r, SKEL_EFORMAT, off, "completion with impossible values");
        cp->index = (uint32_t)idx;
        index = cp->index + 1;
    }
    ev->ncomplete = (uint32_t)n;
    ev->complete = r->completions;
    return SKEL_OK;
}

/* The record is valid: deliver the context fields and update the site's
 * context, the request table and the thread, exactly as the writer did. */
static int accept_event(skel_rank_reader *r, uint64_t off, int klass, const skel_site_ctx *nc,
                        struct thread_state *ts, skel_event *ev)
{
    r->call_site[ev->call] = ev->site;
    ev->peer = nc->peer;
    ev->tag = nc->tag;
    ev->comm = nc->comm;
    ev->count = nc->count;
    ev->dtsize = nc->dtsize;
    ev->bytes = nc->bytes;
    ev->rbytes = nc->rbytes;
    ev->root = nc->root;
    ev->op = nc->op;
    ev->peer2 = nc->peer2;
    ev->tag2 = nc->tag2;
    ev->asrc = nc->asrc;
    ev->atag = nc->atag;
    ev->obj = nc->obj;
    for (uint32_t i = 0; i < ev->ncomplete; i++) {
        skel_req_entry *e = skel_reqtab_get(&r->reqs, ev->complete[i].req);
        if (e != NULL && !e->persistent)
            skel_reqtab_del(&r->reqs, ev->complete[i].req);
    }
    if (skel_call_creates_request(ev->call, klass)) {
        int recv = klass == SKEL_CLASS_IRECV || klass == SKEL_CLASS_RECV_INIT ||
                   klass == SKEL_CLASS_IMRECV;
        skel_req_entry e = {.id = ev->req,
                            .call = ev->call,
                            .persistent =
                                klass == SKEL_CLASS_SEND_INIT || klass == SKEL_CLASS_RECV_INIT,
                            .src = recv ? nc->peer : SKEL_PEER_NONE,
                            .tag = recv ? nc->tag : SKEL_TAG_NONE,
                            .bytes = nc->bytes};
        r->last_req = ev->req;
        if (skel_reqtab_put(&r->reqs, &e) != SKEL_OK)
            return fail_at(r, SKEL_ENOMEM, off, "out of memory for the request table");
    }
    if (klass == SKEL_CLASS_REQFREE)
        skel_reqtab_del(&r->reqs, ev->req);
    ev->ws_bytes = ts->ws;
    ts->prev_end = ev->t_end;
    ts->pause = 0;
    ts->ws = 0;
    ts->seen = 1;
    r->nevents++;
    r->last_call = ev->call;
    return 1;
}

static int rec_event(skel_rank_reader *r, skel_cursor *c, uint64_t off, unsigned call,
                     skel_event *ev)
{
    const struct skel_call_info *ci = skel_call_info(call);
    if (ci == NULL)
        return fail_at(r, SKEL_EFORMAT, off, "unknown record type %u", call);
    skel_event_init(ev);
    ev->call = (uint16_t)call;
    ev->seq = r->nevents;
    uint64_t mask = skel_get_varint(c);
    if (c->bad)
        return bad_record(r, c, off, "event record");
    if (mask & ~(uint64_t)SKEL_M__ALL)
        return fail_at(r, SKEL_EFORMAT, off, "event record with unknown field bits 0x%llx",
                       (unsigned long long)mask);
    struct thread_state *ts = NULL;
    int rc = read_event_head(r, c, off, mask, ev, &ts);
    if (rc != SKEL_OK)
        return rc;
    /* The site's context is updated in place, not through a copy (two
     * 72-byte copies per event): a record found bad after this leaves it
     * half updated, but the error is sticky (fail_at), so it is never
     * read again. */
    skel_site_ctx *nc = &r->site_ctx[ev->site];
    if ((rc = read_context(r, c, off, mask, nc)) != SKEL_OK)
        return rc;
    int creates = skel_call_creates_request(call, ci->klass);
    ev->req = creates ? r->last_req + 1 : 0;
    if (mask & SKEL_M_REQ)
        ev->req += (uint64_t)skel_get_svarint(c);
    if (c->bad)
        return bad_record(r, c, off, "event record");
    if (creates && ev->req == 0)
        return fail_at(r, SKEL_EFORMAT, off, "request id 0 is reserved");
    if ((mask & SKEL_M_REQS) && (rc = read_requests(r, c, off, ev)) != SKEL_OK)
        return rc;
    if ((mask & SKEL_M_COMPLETE) && (rc = read_completions(r, c, off, ev)) != SKEL_OK)
        return rc;
    if (mask & SKEL_M_NEWCOMM) {
        uint64_t ncm = skel_get_varint(c);
        if (!c->bad && ncm >= r->ncomms)
            return fail_at(r, SKEL_EFORMAT, off, "event creates undeclared communicator %llu",
                           (unsigned long long)ncm);
        ev->newcomm = (uint32_t)ncm;
    }
    if (mask & SKEL_M_OBJ)
        nc->obj = get_u32(c);
    if (c->bad)
        return bad_record(r, c, off, "event record");
    if ((mask & SKEL_M_GROUP) && (rc = read_group(r, c, off, ev)) != SKEL_OK)
        return rc;
    if (mask & SKEL_M_PARTS) {
        uint64_t parts = skel_get_varint(c);
        if (c->bad)
            return bad_record(r, c, off, "event record");
        if (!skel_call_partitioned(call) || parts == 0 || parts > INT32_MAX)
            return fail_at(r, SKEL_EFORMAT, off, "%s event with %llu partitions", ci->name,
                           (unsigned long long)parts);
        ev->parts = (uint32_t)parts;
    }
    if (nc->obj != SKEL_COMM_NONE && nc->obj >= r->nobjects)
        return fail_at(r, SKEL_EFORMAT, off, "event refers to undeclared file/window %u", nc->obj);
    return accept_event(r, off, ci->klass, nc, ts, ev);
}

/* ---- other records --------------------------------------------------------------- */

static int rec_clock(skel_rank_reader *r, skel_cursor *c, uint64_t off)
{
    skel_clock_sync cs;
    uint64_t phase = skel_get_varint(c);
    cs.offset_ns = skel_get_svarint(c);
    cs.rtt_ns = skel_get_varint(c);
    cs.t_local = skel_get_varint(c);
    if (c->bad)
        return bad_record(r, c, off, "clock record");
    if (phase > 1)
        return fail_at(r, SKEL_EFORMAT, off, "clock record with phase %llu",
                       (unsigned long long)phase);
    cs.phase = (uint8_t)phase;
    if (r->nclock < 2)
        r->clocks[r->nclock++] = cs;
    return SKEL_OK;
}

static int rec_end(skel_rank_reader *r, skel_cursor *c, uint64_t off)
{
    skel_rank_end e;
    e.nevents = skel_get_varint(c);
    e.overhead_ns = skel_get_varint(c);
    e.per_event_ns = skel_get_varint(c);
    e.flush_ns = skel_get_varint(c);
    e.nflush = skel_get_varint(c);
    e.user_cpu_ns = skel_get_varint(c);
    e.sys_cpu_ns = skel_get_varint(c);
    e.t_end = skel_get_varint(c);
    if (c->bad)
        return bad_record(r, c, off, "end record");
    if (e.nevents != r->nevents)
        return fail_at(r, SKEL_EFORMAT, off, "end record counts %llu events, the file has %llu",
                       (unsigned long long)e.nevents, (unsigned long long)r->nevents);
    r->end = e;
    r->have_end = 1;
    return SKEL_OK;
}

/* Version 1 wrote how a process ended as a record; version 2 keeps it in the
 * file header (both are read). */
static int rec_crash(skel_rank_reader *r, skel_cursor *c, uint64_t off)
{
    int64_t sig = skel_get_svarint(c), code = skel_get_svarint(c);
    if (c->bad)
        return bad_record(r, c, off, "crash record");
    r->signo = sig < 0 || sig > 1024 ? 0 : (int)sig;
    r->abort_code = code < INT32_MIN || code > INT32_MAX ? -1 : (int)code;
    r->have_crash = 1;
    return SKEL_OK;
}

static int rec_pause(skel_rank_reader *r, skel_cursor *c, uint64_t off)
{
    uint64_t th = skel_get_varint(c), ns = skel_get_varint(c);
    if (c->bad)
        return bad_record(r, c, off, "pause record");
    if (!need_thread(r, th))
        return fail_at(r, SKEL_EFORMAT, off, "pause of impossible thread %llu",
                       (unsigned long long)th);
    r->threads[th].pause += ns;
    return SKEL_OK;
}

static int rec_wset(skel_rank_reader *r, skel_cursor *c, uint64_t off)
{
    uint64_t th = skel_get_varint(c), bytes = skel_get_varint(c);
    if (c->bad)
        return bad_record(r, c, off, "working-set record");
    if (!need_thread(r, th))
        return fail_at(r, SKEL_EFORMAT, off, "working set of impossible thread %llu",
                       (unsigned long long)th);
    if (bytes > SKEL_WSET_MAX)
        return fail_at(r, SKEL_EFORMAT, off, "working set of %llu bytes: more than 1 PiB",
                       (unsigned long long)bytes);
    r->threads[th].ws = bytes;
    return SKEL_OK;
}

/* Decode the next record of the current block: 1 = event delivered,
 * 0 = a table record was absorbed, <0 = error. */
static int next_record(skel_rank_reader *r, skel_event *ev)
{
    uint64_t off = r->block_off + r->block_pos;
    skel_cursor c = {r->block + r->block_pos, r->block + r->block_len, 0};
    uint64_t type = skel_get_varint(&c);
    if (c.bad)
        return bad_record(r, &c, off, "record");
    if (!r->have_info && type != SKEL_REC_RANKINFO)
        return fail_at(r, SKEL_EFORMAT, off, "expected the rank-info record first");
    int rc;
    switch (type) {
    case SKEL_REC_RANKINFO:
        rc = rec_rankinfo(r, &c, off);
        break;
    case SKEL_REC_COMM:
        rc = rec_comm(r, &c, off);
        break;
    case SKEL_REC_SITE:
        rc = rec_site(r, &c, off);
        break;
    case SKEL_REC_MODULE:
        rc = rec_module(r, &c, off);
        break;
    case SKEL_REC_OBJECT:
        rc = rec_object(r, &c, off);
        break;
    case SKEL_REC_CLOCK:
        rc = rec_clock(r, &c, off);
        break;
    case SKEL_REC_END:
        rc = rec_end(r, &c, off);
        break;
    case SKEL_REC_CRASH:
        rc = rec_crash(r, &c, off);
        break;
    case SKEL_REC_PAUSE:
        rc = rec_pause(r, &c, off);
        break;
    case SKEL_REC_WSET:
        rc = rec_wset(r, &c, off);
        break;
    default:
        if (type < SKEL_REC_FIRST_EVENT || type >= SKEL_CALL_LIMIT)
            return fail_at(r, SKEL_EFORMAT, off, "unknown record type %llu",
                           (unsigned long long)type);
        rc = rec_event(r, &c, off, (unsigned)type, ev);
        break;
    }
    if (rc < 0)
        return rc;
    r->block_pos = (size_t)(c.p - r->block);
    r->block_seen++;
    if (r->block_seen > r->block_nrec)
        return fail_at(r, SKEL_EFORMAT, off, "block holds more records than its header says (%u)",
                       r->block_nrec);
    return rc;
}

/* The current block is used up: it must have held what its header said. */
static int finish_block(skel_rank_reader *r)
{
    if (r->block_partial)
        return fail_at(r, SKEL_ETRUNCATED, r->block_off + r->block_len,
                       "the file ends inside a block (expected %u more bytes)",
                       (unsigned)(r->block_declared - r->block_len));
    if (r->block_seen != r->block_nrec)
        return fail_at(r, SKEL_EFORMAT, r->block_off + r->block_len,
                       "block holds %u records, its header says %u", r->block_seen, r->block_nrec);
    r->in_block = 0;
    /* The open block is the last one the writer ever had: what follows it is
     * at most the start of a record it did not finish. */
    if (r->block_open)
        r->data_ended = 1;
    return SKEL_OK;
}

/* The end of the data: a clean end unless the file was closed cleanly and
 * still lacks its end record (cut short after it was written). */
static int end_of_stream(skel_rank_reader *r)
{
    if (!r->have_info)
        return fail_at(r, SKEL_ETRUNCATED, r->file_off,
                       "the file ends before the rank-info record");
    if (!r->have_end && r->version >= 2 && r->hdr_ending == SKEL_END_CLEAN)
        return fail_at(r, SKEL_ETRUNCATED, r->file_off,
                       "the file ends before its end record, yet its writer closed it cleanly "
                       "(cut short afterwards)");
    r->status = 1;
    return 0;
}

int skel_rank_next(skel_rank_reader *r, skel_event *ev)
{
    if (r->status < 0)
        return r->status;
    if (r->status > 0)
        return 0;
    for (;;) {
        /* An open block ends at the count in its header: the writer stores the
         * payload length before the count, so a process killed between the
         * two stores leaves one finished record that is not counted yet. */
        if (!r->in_block || r->block_pos >= r->block_len ||
            (r->block_open && r->block_seen == r->block_nrec)) {
            int rc = r->in_block ? finish_block(r) : SKEL_OK;
            if (rc == SKEL_OK)
                rc = next_block(r);
            if (rc < 0)
                return rc;
            if (rc == 0)
                return end_of_stream(r);
        }
        int rc = next_record(r, ev);
        if (rc != 0)
            return rc;
    }
}

/* ---- how the stream ends ------------------------------------------------------------ */

int skel_rank_truncated(const skel_rank_reader *r)
{
    return !r->have_end;
}

int skel_rank_ending(const skel_rank_reader *r)
{
    if (r->status < 0)
        return SKEL_END_DAMAGED;
    if (r->have_end)
        return SKEL_END_CLEAN;
    if (r->version >= 2)
        return r->hdr_ending == SKEL_END_CLEAN ? SKEL_END_DAMAGED : r->hdr_ending;
    if (r->have_crash)
        return r->signo > 0 ? SKEL_END_SIGNAL : r->abort_code >= 0 ? SKEL_END_ABORT : SKEL_END_EXIT;
    return SKEL_END_OPEN;
}

int skel_rank_header_ending(const skel_rank_reader *r)
{
    return r->version >= 2 ? r->hdr_ending : -1;
}

int skel_rank_signal(const skel_rank_reader *r)
{
    return r->version >= 2 && !r->have_crash ? r->hdr_signal : r->signo;
}

int skel_rank_abort_code(const skel_rank_reader *r)
{
    return r->version >= 2 && !r->have_crash ? r->hdr_abort : r->abort_code;
}

const char *skel_ending_name(int ending)
{
    static const char *const names[SKEL_END__COUNT] = {
        "killed",         "clean",  "signal", "MPI_Abort", "exit without MPI_Finalize",
        "tracer stopped", "damaged"};
    return ending >= 0 && ending < SKEL_END__COUNT ? names[ending] : "?";
}

char *skel_rank_ending_text(const skel_rank_reader *r, char *buf, size_t len)
{
    int ending = skel_rank_ending(r);
    char last[96] = "";
    if (r->nevents > 0)
        snprintf(last, sizeof last, " (the last, #%llu, was %s)",
                 (unsigned long long)(r->nevents - 1), skel_call_name(r->last_call));
    if (ending == SKEL_END_CLEAN) {
        snprintf(buf, len, "rank %u: complete, %llu events", r->rank,
                 (unsigned long long)r->nevents);
        return buf;
    }
    char why[160];
    switch (ending) {
    case SKEL_END_SIGNAL:
        snprintf(why, sizeof why, "the process died of signal %d (%s)", skel_rank_signal(r),
                 strsignal(skel_rank_signal(r)));
        break;
    case SKEL_END_ABORT:
        snprintf(why, sizeof why, "the process called MPI_Abort with error code %d",
                 skel_rank_abort_code(r));
        break;
    case SKEL_END_EXIT:
        snprintf(why, sizeof why, "the process exited without MPI_Finalize");
        break;
    case SKEL_END_STOPPED:
        snprintf(why, sizeof why, "the tracer stopped on an error of its own");
        break;
    case SKEL_END_DAMAGED:
        snprintf(why, sizeof why, "the file is damaged there");
        break;
    default:
        snprintf(why, sizeof why,
                 "the process was killed without a chance to say so (SIGKILL, as a launcher "
                 "does after another rank failed), or is still running");
        break;
    }
    snprintf(buf, len, "rank %u: incomplete, %llu events up to byte %llu%s: %s", r->rank,
             (unsigned long long)r->nevents, (unsigned long long)skel_rank_offset(r), last, why);
    return buf;
}

const skel_rank_info *skel_rank_info_of(const skel_rank_reader *r)
{
    return &r->info;
}

const skel_rank_end *skel_rank_end_of(const skel_rank_reader *r)
{
    return r->have_end ? &r->end : NULL;
}

uint32_t skel_rank_nclock(const skel_rank_reader *r)
{
    return r->nclock;
}

const skel_clock_sync *skel_rank_clock(const skel_rank_reader *r, uint32_t i)
{
    return i < r->nclock ? &r->clocks[i] : NULL;
}

uint32_t skel_rank_ncomms(const skel_rank_reader *r)
{
    return __atomic_load_n(&r->ncomms, __ATOMIC_ACQUIRE);
}

const skel_comm *skel_rank_comm(const skel_rank_reader *r, uint32_t index)
{
    if (index >= __atomic_load_n(&r->ncomms, __ATOMIC_ACQUIRE))
        return NULL;
    return &__atomic_load_n(&r->comms, __ATOMIC_ACQUIRE)[index];
}

uint32_t skel_rank_nsites(const skel_rank_reader *r)
{
    return __atomic_load_n(&r->nsites, __ATOMIC_ACQUIRE);
}

const skel_site *skel_rank_site(const skel_rank_reader *r, uint32_t index)
{
    if (index >= __atomic_load_n(&r->nsites, __ATOMIC_ACQUIRE))
        return NULL;
    return &__atomic_load_n(&r->sites, __ATOMIC_ACQUIRE)[index];
}

uint32_t skel_rank_nmodules(const skel_rank_reader *r)
{
    return __atomic_load_n(&r->nmodules, __ATOMIC_ACQUIRE);
}

const skel_module *skel_rank_module(const skel_rank_reader *r, uint32_t index)
{
    if (index >= __atomic_load_n(&r->nmodules, __ATOMIC_ACQUIRE))
        return NULL;
    return &__atomic_load_n(&r->modules, __ATOMIC_ACQUIRE)[index];
}

uint32_t skel_rank_nobjects(const skel_rank_reader *r)
{
    return __atomic_load_n(&r->nobjects, __ATOMIC_ACQUIRE);
}

const skel_object *skel_rank_object(const skel_rank_reader *r, uint32_t index)
{
    if (index >= __atomic_load_n(&r->nobjects, __ATOMIC_ACQUIRE))
        return NULL;
    return &__atomic_load_n(&r->objects, __ATOMIC_ACQUIRE)[index];
}

uint64_t skel_rank_offset(const skel_rank_reader *r)
{
    return r->in_block ? r->block_off + r->block_pos : r->file_off;
}

const char *skel_rank_path(const skel_rank_reader *r)
{
    return r->path;
}
