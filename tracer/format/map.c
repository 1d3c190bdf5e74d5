/* map.c - open-addressing hash map with linear probing. */
#include "map.h"

#include <stdlib.h>

uint64_t skel_mix64(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ull;
    k ^= k >> 33;
    return k;
}

/* Linear probing with backward-shift deletion: no tombstones, so a table
 * with constant insertions and deletions (requests) keeps short probes. */
skel_map_slot *skel_map_find(const skel_map *m, uint64_t key)
{
    if (m->cap == 0)
        return NULL;
    for (size_t i = skel_mix64(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        skel_map_slot *s = &m->s[i];
        if (s->state == 0)
            return NULL;
        if (s->key == key)
            return s;
    }
}

static int rehash(skel_map *m)
{
    size_t ncap = m->cap == 0 ? 64 : m->cap * 2;
    skel_map_slot *ns = calloc(ncap, sizeof *ns);
    if (ns == NULL)
        return -1;
    for (size_t i = 0; i < m->cap; i++) {
        if (m->s[i].state != 1)
            continue;
        size_t j = skel_mix64(m->s[i].key) & (ncap - 1);
        while (ns[j].state != 0)
            j = (j + 1) & (ncap - 1);
        ns[j] = m->s[i];
    }
    free(m->s);
    m->s = ns;
    m->cap = ncap;
    m->used = m->live;
    return 0;
}

skel_map_slot *skel_map_upsert(skel_map *m, uint64_t key, int *created)
{
    if ((m->used + 1) * 4 >= m->cap * 3 && rehash(m) != 0)
        return NULL;
    size_t j = skel_mix64(key) & (m->cap - 1);
    while (m->s[j].state != 0) {
        if (m->s[j].key == key) {
            *created = 0;
            return &m->s[j];
        }
        j = (j + 1) & (m->cap - 1);
    }
    m->s[j].key = key;
    m->s[j].val = 0;
    m->s[j].state = 1;
    m->used++;
    m->live++;
    *created = 1;
    return &m->s[j];
}

int skel_map_put(skel_map *m, uint64_t key, uint32_t val)
{
    int created;
    skel_map_slot *s = skel_map_upsert(m, key, &created);
    if (s == NULL)
        return -1;
    s->val = val;
    return 0;
}

void skel_map_del_slot(skel_map *m, skel_map_slot *s)
{
    size_t mask = m->cap - 1, i = (size_t)(s - m->s);
    /* Move back every following entry of the run whose home slot is not
     * between the hole and itself. */
    for (size_t j = (i + 1) & mask; m->s[j].state != 0; j = (j + 1) & mask) {
        size_t home = skel_mix64(m->s[j].key) & mask;
        if (((j - home) & mask) >= ((j - i) & mask)) {
            m->s[i] = m->s[j];
            i = j;
        }
    }
    m->s[i].state = 0;
    m->used--;
    m->live--;
}

void skel_map_del(skel_map *m, uint64_t key)
{
    skel_map_slot *s = skel_map_find(m, key);
    if (s != NULL)
        skel_map_del_slot(m, s);
}

void skel_map_free(skel_map *m)
{
    free(m->s);
    m->s = NULL;
    m->cap = m->used = m->live = 0;
}
