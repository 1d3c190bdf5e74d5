/* Unit tests for the block comparison the tracer's per-call path uses
 * (codec.h: skel_same_upto96, skel_ctx_same): the memo key of a call
 * (record.c) and a site's context (writer.c) are compared as overlapping
 * 16-byte blocks; every byte must count, whatever the length. */
#include <criterion/criterion.h>
#include <string.h>

#include "codec.h"
#include "event.h"

/* One instance per length: n must be a constant, as in the tracer. */
#define CHECK_LEN(n)                                                                               \
    do {                                                                                           \
        for (size_t off = 0; off < 16; off += 5) {                                                 \
            unsigned char *a = buf_a + off, *b = buf_b + 3;                                        \
            memset(a, 0x5a, 96);                                                                   \
            memset(b, 0x5a, 96);                                                                   \
            cr_assert(skel_same_upto96(a, b, (n)), "n=%d: equal blocks differ", (n));              \
            for (size_t i = 0; i < (size_t)(n); i++) {                                             \
                b[i] ^= 0x10;                                                                      \
                cr_assert(!skel_same_upto96(a, b, (n)), "n=%d: byte %zu ignored", (n), i);         \
                b[i] ^= 0x10;                                                                      \
            }                                                                                      \
            b[(n)] ^= 0x10; /* past the end: not compared */                                       \
            cr_assert(skel_same_upto96(a, b, (n)), "n=%d: byte n compared", (n));                  \
        }                                                                                          \
    } while (0)

static unsigned char buf_a[128], buf_b[128];

Test(codec_compare, every_byte_counts_at_every_length)
{
    CHECK_LEN(16);
    CHECK_LEN(17);
    CHECK_LEN(31);
    CHECK_LEN(32);
    CHECK_LEN(33);
    CHECK_LEN(47);
    CHECK_LEN(48);
    CHECK_LEN(49);
    CHECK_LEN(60);
    CHECK_LEN(63);
    CHECK_LEN(64);
    CHECK_LEN(65);
    CHECK_LEN(79);
    CHECK_LEN(80);
    CHECK_LEN(81);
    CHECK_LEN(95);
    CHECK_LEN(96);
}

Test(codec_compare, site_context_compares_every_field)
{
    skel_event ev;
    skel_event_init(&ev);
    ev.count = 3;
    ev.bytes = 24;
    ev.peer = 1;
    ev.tag = 7;
    ev.op = 2;
    skel_site_ctx sc;
    memcpy(&sc, skel_event_ctx(&ev), SKEL_CTX_LEN);
    cr_assert(skel_ctx_same(&ev, &sc));
    ev.op = 3; /* the last byte of the block */
    cr_assert(!skel_ctx_same(&ev, &sc));
    ev.op = 2;
    ev.dtsize = 8;
    cr_assert(!skel_ctx_same(&ev, &sc));
    ev.dtsize = sc.dtsize;
    ev.rbytes = 1;
    cr_assert(!skel_ctx_same(&ev, &sc));
    ev.rbytes = sc.rbytes;
    cr_assert(skel_ctx_same(&ev, &sc));
}
