/* map.c - open-addressing hash map with linear probing and tombstones. */
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

skel_map_slot *skel_map_find(const skel_map *m, uint64_t key)
{
    if (m->cap == 0)
        return NULL;
    for (size_t i = skel_mix64(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        skel_map_slot *s = &m->s[i];
        if (s->state == 0)
            return NULL;
        if (s->state == 1 && s->key == key)
            return s;
    }
}

static int rehash(skel_map *m)
{
    /* Grow when live entries fill half; otherwise just drop tombstones. */
    size_t ncap = m->cap == 0 ? 64 : m->live * 2 >= m->cap ? m->cap * 2 : m->cap;
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

int skel_map_put(skel_map *m, uint64_t key, uint32_t val)
{
    skel_map_slot *old = skel_map_find(m, key);
    if (old != NULL) {
        old->val = val;
        return 0;
    }
    if ((m->used + 1) * 4 >= m->cap * 3 && rehash(m) != 0)
        return -1;
    size_t j = skel_mix64(key) & (m->cap - 1);
    while (m->s[j].state == 1)
        j = (j + 1) & (m->cap - 1);
    if (m->s[j].state == 0)
        m->used++;
    m->s[j].key = key;
    m->s[j].val = val;
    m->s[j].state = 1;
    m->live++;
    return 0;
}

void skel_map_del(skel_map *m, uint64_t key)
{
    skel_map_slot *s = skel_map_find(m, key);
    if (s != NULL) {
        s->state = 2;
        m->live--;
    }
}

void skel_map_free(skel_map *m)
{
    free(m->s);
    m->s = NULL;
    m->cap = m->used = m->live = 0;
}
