/* codec.h - the encoding primitives the trace reader and writer share:
 * LEB128 varints, zigzag, little-endian fixed fields, CRC-32C, the per-call
 * and per-site field contexts, and the table of in-flight requests.
 * Internal to tracer/format; see docs/trace-format.md for the layout.
 */
#ifndef SKEL_CODEC_H
#define SKEL_CODEC_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "event.h"
#include "map.h"

#define SKEL_FILE_MAGIC         "SKELTRC\n"
#define SKEL_FILE_HEADER_LEN    40u /* version 2 */
#define SKEL_FILE_HEADER_LEN_V1 24u
#define SKEL_BLOCK_MAGIC        0x4b424b53u /* "SKBK" little-endian: a sealed block */
#define SKEL_BLOCK_OPEN_MAGIC   0x424f4b53u /* "SKOB": the block being written */
#define SKEL_BLOCK_HEADER_LEN   24u
#define SKEL_BLOCK_ALIGN        8u /* version 2: blocks start at multiples of 8 */
/* Version-2 file header fields after the version-1 ones (docs/trace-format.md). */
#define SKEL_HDR_ENDING  24u          /* u8 enum skel_ending */
#define SKEL_HDR_SIGNAL  28u          /* i32 */
#define SKEL_HDR_ABORT   32u          /* i32 */
#define SKEL_MAX_BLOCK   (256u << 20) /* readers refuse larger blocks */
#define SKEL_MAX_STRING  65536u
#define SKEL_MAX_LIST    (1u << 24) /* members, completions, requests per record */
#define SKEL_MAX_THREADS 4096u

/* Record types below 16; event records use their call id (>= 16) as type. */
enum {
    SKEL_REC_RANKINFO = 1,
    SKEL_REC_COMM = 2,
    SKEL_REC_SITE = 3,
    SKEL_REC_CLOCK = 4,
    SKEL_REC_END = 5,
    SKEL_REC_CRASH = 6,
    SKEL_REC_MODULE = 7,
    SKEL_REC_PAUSE = 8,
    SKEL_REC_OBJECT = 9,
    SKEL_REC_WSET = 10, /* working set of the thread's next event (2.1) */
    SKEL_REC_FIRST_EVENT = 16,
};

/* Event field-presence mask bits. */
enum {
    SKEL_M_CPU = 1u << 0,
    SKEL_M_THREAD = 1u << 1,
    SKEL_M_FLAGS = 1u << 2,
    SKEL_M_SITE = 1u << 3,
    SKEL_M_PEER = 1u << 4,
    SKEL_M_TAG = 1u << 5,
    SKEL_M_COMM = 1u << 6,
    SKEL_M_COUNT = 1u << 7,
    SKEL_M_DTSIZE = 1u << 8,
    SKEL_M_BYTES = 1u << 9,
    SKEL_M_RBYTES = 1u << 10,
    SKEL_M_ROOT = 1u << 11,
    SKEL_M_OP = 1u << 12,
    SKEL_M_PEER2 = 1u << 13,
    SKEL_M_TAG2 = 1u << 14,
    SKEL_M_ASRC = 1u << 15,
    SKEL_M_ATAG = 1u << 16,
    SKEL_M_REQ = 1u << 17,
    SKEL_M_REQS = 1u << 18,
    SKEL_M_COMPLETE = 1u << 19,
    SKEL_M_NEWCOMM = 1u << 20,
    SKEL_M_OBJ = 1u << 21,
    SKEL_M_ABSTIME = 1u << 22,
    SKEL_M_GROUP = 1u << 23, /* 2.2 */
    SKEL_M_PARTS = 1u << 24, /* 2.3 */
    SKEL_M__ALL = (1u << 25) - 1,
};

/* Completion entry flag bits (low 5 bits of the first varint). */
enum { SKEL_C_SRC = 1, SKEL_C_TAG = 2, SKEL_C_BYTES = 4, SKEL_C_INDEX = 8, SKEL_C_CANCELLED = 16 };

static inline uint64_t skel_zigzag(int64_t v)
{
    return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
}

static inline int64_t skel_unzigzag(uint64_t v)
{
    return (int64_t)(v >> 1) ^ -(int64_t)(v & 1);
}

/* Append a varint at p (room for 10 bytes required); returns the new end. */
static inline uint8_t *skel_put_varint(uint8_t *p, uint64_t v)
{
    while (v >= 0x80) {
        *p++ = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    *p++ = (uint8_t)v;
    return p;
}

static inline void skel_put_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static inline uint32_t skel_get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline void skel_put_u64(uint8_t *p, uint64_t v)
{
    skel_put_u32(p, (uint32_t)v);
    skel_put_u32(p + 4, (uint32_t)(v >> 32));
}

static inline uint64_t skel_get_u64(const uint8_t *p)
{
    return (uint64_t)skel_get_u32(p) | (uint64_t)skel_get_u32(p + 4) << 32;
}

/* A bounded cursor for decoding. */
typedef struct skel_cursor {
    const uint8_t *p, *end;
    int bad; /* set on overrun or overlong varint; reads then return 0 */
} skel_cursor;

static inline uint64_t skel_get_varint(skel_cursor *c)
{
    uint64_t v = 0;
    for (unsigned shift = 0; shift < 64; shift += 7) {
        if (c->p >= c->end) {
            c->bad = 1;
            return 0;
        }
        uint8_t b = *c->p++;
        v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80)) {
            if (shift == 63 && b > 1) /* more than 64 bits */
                break;
            return v;
        }
    }
    c->bad = 1;
    return 0;
}

static inline int64_t skel_get_svarint(skel_cursor *c)
{
    return skel_unzigzag(skel_get_varint(c));
}

/* CRC-32C (Castagnoli) of a buffer; uses SSE4.2 when the CPU has it. */
uint32_t skel_crc32c(const void *data, size_t len);

/* Fields an event inherits from the previous event at the same call site:
 * the members of skel_event from count to op, in the same order and layout
 * (checked in codec.c), so that they compare and copy as one block. */
typedef struct skel_site_ctx {
    int64_t count;
    uint64_t bytes, rbytes;
    int32_t peer, tag, peer2, tag2, asrc, atag, root;
    uint32_t comm, obj, dtsize;
    uint8_t op;
} skel_site_ctx;
#define SKEL_CTX_LEN (offsetof(skel_site_ctx, op) + 1)

/* The context block of an event. */
static inline const void *skel_event_ctx(const skel_event *ev)
{
    return &ev->count;
}

/* Whether n bytes at a and b are equal, 16 <= n <= 96 (a constant, so that
 * the tests of n fold away): 16-byte comparisons, the last one overlapping,
 * no loop (x86-64: SSE2). */
#if defined(__SSE2__)
static inline __m128i skel_xor16(const unsigned char *x, const unsigned char *y, size_t o)
{
    return _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)(x + o)),
                         _mm_loadu_si128((const __m128i *)(const void *)(y + o)));
}
#endif

static inline int skel_same_upto96(const void *a, const void *b, size_t n)
{
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
#if defined(__SSE2__)
    __m128i d = _mm_or_si128(skel_xor16(x, y, 0), skel_xor16(x, y, n - 16));
    if (n > 32)
        d = _mm_or_si128(d, skel_xor16(x, y, 16));
    if (n > 48)
        d = _mm_or_si128(d, skel_xor16(x, y, 32));
    if (n > 64)
        d = _mm_or_si128(d, skel_xor16(x, y, 48));
    if (n > 80)
        d = _mm_or_si128(d, skel_xor16(x, y, 64));
    return _mm_movemask_epi8(_mm_cmpeq_epi8(d, _mm_setzero_si128())) == 0xffff;
#else
    uint64_t d = 0;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t u, v;
        memcpy(&u, x + i, 8);
        memcpy(&v, y + i, 8);
        d |= u ^ v;
    }
    for (; i < n; i++)
        d |= (uint64_t)(x[i] ^ y[i]);
    return d == 0;
#endif
}

/* Whether an event's context equals a site's: eight words and a byte. */
static inline int skel_ctx_same(const skel_event *ev, const skel_site_ctx *sc)
{
    const unsigned char *a = (const unsigned char *)&ev->count, *b = (const unsigned char *)sc;
    return skel_same_upto96(a, b, SKEL_CTX_LEN - 1) && a[SKEL_CTX_LEN - 1] == b[SKEL_CTX_LEN - 1];
}

void skel_site_ctx_init(skel_site_ctx *c);

/* In-flight requests: id -> what the completion defaults to.  Request ids
 * are dense (1, 2, 3... in creation order) and most requests complete soon
 * after they were created, so entries live in a ring indexed by the low bits
 * of their id: a put, a get and a delete cost one array access.  A request
 * still live when a newer id needs its ring slot (a persistent request, one
 * never completed) moves to an overflow map.  A pointer from
 * skel_reqtab_get() is valid until the next skel_reqtab_put(). */
typedef struct skel_req_entry {
    uint64_t id; /* 0: the ring slot is empty */
    uint16_t call;
    uint8_t persistent;
    int32_t src, tag; /* requested source/tag for receives, else NONE */
    uint64_t bytes;
} skel_req_entry;

#define SKEL_REQTAB_RING 256u /* a power of two */

typedef struct skel_reqtab {
    skel_req_entry *ring; /* SKEL_REQTAB_RING entries, allocated at the first put */
    skel_map map;         /* overflow: id -> index in pool */
    skel_req_entry *pool;
    uint32_t npool, cap;
    uint32_t *free_slots;
    uint32_t nfree, free_cap;
    size_t live;
} skel_reqtab;

int skel_reqtab_put(skel_reqtab *t, const skel_req_entry *e); /* SKEL_OK / SKEL_ENOMEM */
skel_req_entry *skel_reqtab_get(skel_reqtab *t, uint64_t id);
void skel_reqtab_del(skel_reqtab *t, uint64_t id);
void skel_reqtab_free(skel_reqtab *t);

#endif
