/* codec.c - CRC-32C, field contexts and the in-flight request table. */
#include "codec.h"

#include "error.h"
#include "grow.h"

#include <stddef.h>
#include <stdlib.h>

static uint32_t crc_table[8][256];

static void crc_init(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0x82f63b78u & (0u - (c & 1)));
        crc_table[0][i] = c;
    }
    for (uint32_t i = 0; i < 256; i++)
        for (int t = 1; t < 8; t++)
            crc_table[t][i] = (crc_table[t - 1][i] >> 8) ^ crc_table[0][crc_table[t - 1][i] & 0xff];
}

/* Slicing-by-8 software CRC; the table is filled once by a constructor so
 * that the function stays async-signal-safe (the tracer calls it from
 * signal handlers). */
__attribute__((constructor)) static void crc_ctor(void)
{
    crc_init();
}

static uint32_t crc_soft(uint32_t crc, const uint8_t *p, size_t len)
{
    while (len >= 8) {
        uint32_t lo = skel_get_u32(p) ^ crc, hi = skel_get_u32(p + 4);
        crc = crc_table[7][lo & 0xff] ^ crc_table[6][(lo >> 8) & 0xff] ^
              crc_table[5][(lo >> 16) & 0xff] ^ crc_table[4][lo >> 24] ^ crc_table[3][hi & 0xff] ^
              crc_table[2][(hi >> 8) & 0xff] ^ crc_table[1][(hi >> 16) & 0xff] ^
              crc_table[0][hi >> 24];
        p += 8;
        len -= 8;
    }
    while (len--)
        crc = (crc >> 8) ^ crc_table[0][(crc ^ *p++) & 0xff];
    return crc;
}

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) static uint32_t crc_hw(uint32_t crc, const uint8_t *p, size_t len)
{
    uint64_t c = crc;
    while (len >= 8) {
        uint64_t v;
        memcpy(&v, p, 8);
        c = __builtin_ia32_crc32di(c, v);
        p += 8;
        len -= 8;
    }
    uint32_t c32 = (uint32_t)c;
    while (len--)
        c32 = __builtin_ia32_crc32qi(c32, *p++);
    return c32;
}
#endif

uint32_t skel_crc32c(const void *data, size_t len)
{
    static int have_hw = -1;
    const uint8_t *p = data;
#if defined(__x86_64__)
    if (have_hw < 0)
        have_hw = __builtin_cpu_supports("sse4.2") ? 1 : 0;
    if (have_hw)
        return ~crc_hw(~0u, p, len);
#else
    (void)have_hw;
#endif
    return ~crc_soft(~0u, p, len);
}

/* The context block of skel_event and skel_site_ctx are laid out alike. */
#define SAME_PLACE(f)                                                                              \
    _Static_assert(offsetof(skel_event, f) - offsetof(skel_event, count) ==                        \
                       offsetof(skel_site_ctx, f),                                                 \
                   "skel_event and skel_site_ctx differ at " #f)
SAME_PLACE(bytes);
SAME_PLACE(rbytes);
SAME_PLACE(peer);
SAME_PLACE(tag);
SAME_PLACE(peer2);
SAME_PLACE(tag2);
SAME_PLACE(asrc);
SAME_PLACE(atag);
SAME_PLACE(root);
SAME_PLACE(comm);
SAME_PLACE(obj);
SAME_PLACE(dtsize);
SAME_PLACE(op);
_Static_assert(SKEL_CTX_LEN % 8 == 1, "skel_ctx_same compares whole words and the op byte");

void skel_site_ctx_init(skel_site_ctx *c)
{
    c->peer = c->peer2 = c->asrc = c->root = SKEL_PEER_NONE;
    c->tag = c->tag2 = c->atag = SKEL_TAG_NONE;
    c->comm = SKEL_COMM_WORLD;
    c->dtsize = 0;
    c->obj = SKEL_COMM_NONE;
    c->count = 0;
    c->bytes = c->rbytes = 0;
    c->op = SKEL_OP_NONE;
}

/* ---- the overflow map (requests evicted from the ring) ---------------------- */

static skel_req_entry *over_get(skel_reqtab *t, uint64_t id)
{
    skel_map_slot *sl = t->map.live > 0 ? skel_map_find(&t->map, id) : NULL;
    return sl != NULL ? &t->pool[sl->val] : NULL;
}

static int over_put(skel_reqtab *t, const skel_req_entry *e)
{
    int created;
    skel_map_slot *sl = skel_map_upsert(&t->map, e->id, &created);
    if (sl == NULL)
        return skel_fail(SKEL_ENOMEM, "request table: out of memory");
    if (!created) {
        t->pool[sl->val] = *e;
        return SKEL_OK;
    }
    uint32_t i;
    if (t->nfree > 0) {
        i = t->free_slots[--t->nfree];
    } else {
        if (t->npool == t->cap &&
            skel_grow_u32(&t->pool, &t->cap, (uint64_t)t->npool + 1, sizeof *t->pool) != SKEL_OK) {
            skel_map_del_slot(&t->map, sl);
            return skel_fail(SKEL_ENOMEM, "request table: out of memory");
        }
        i = t->npool++;
    }
    sl->val = i;
    t->pool[i] = *e;
    return SKEL_OK;
}

static int over_del(skel_reqtab *t, uint64_t id)
{
    skel_map_slot *sl = t->map.live > 0 ? skel_map_find(&t->map, id) : NULL;
    if (sl == NULL)
        return 0;
    uint32_t i = sl->val;
    skel_map_del_slot(&t->map, sl);
    if (skel_grow_u32(&t->free_slots, &t->free_cap, (uint64_t)t->nfree + 1,
                      sizeof *t->free_slots) == SKEL_OK)
        t->free_slots[t->nfree++] = i; /* else the slot is lost to reuse, nothing else */
    return 1;
}

/* ---- the table ---------------------------------------------------------------- */

int skel_reqtab_put(skel_reqtab *t, const skel_req_entry *e)
{
    if (e->id == 0)
        return skel_fail(SKEL_ERANGE, "request table: request id 0 is reserved");
    if (t->ring == NULL && (t->ring = calloc(SKEL_REQTAB_RING, sizeof *t->ring)) == NULL)
        return skel_fail(SKEL_ENOMEM, "request table: out of memory");
    skel_req_entry *slot = &t->ring[e->id & (SKEL_REQTAB_RING - 1)];
    /* An id present in the overflow map (evicted, then put again) lives in
     * one place only. */
    if (t->map.live > 0 && slot->id != e->id && over_del(t, e->id))
        t->live--;
    if (slot->id != e->id) {
        if (slot->id != 0) {
            int rc = over_put(t, slot); /* the older request keeps living there */
            if (rc != SKEL_OK)
                return rc;
        }
        t->live++;
    }
    *slot = *e;
    return SKEL_OK;
}

skel_req_entry *skel_reqtab_get(skel_reqtab *t, uint64_t id)
{
    if (id == 0 || t->ring == NULL)
        return NULL;
    skel_req_entry *slot = &t->ring[id & (SKEL_REQTAB_RING - 1)];
    return slot->id == id ? slot : over_get(t, id);
}

void skel_reqtab_del(skel_reqtab *t, uint64_t id)
{
    if (id == 0 || t->ring == NULL)
        return;
    skel_req_entry *slot = &t->ring[id & (SKEL_REQTAB_RING - 1)];
    if (slot->id == id) {
        slot->id = 0;
        t->live--;
    } else if (over_del(t, id)) {
        t->live--;
    }
}

void skel_reqtab_free(skel_reqtab *t)
{
    free(t->ring);
    skel_map_free(&t->map);
    free(t->pool);
    free(t->free_slots);
    memset(t, 0, sizeof *t);
}
