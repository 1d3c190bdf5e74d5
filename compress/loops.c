/* loops.c - online loop folding with hash-consed bodies (see loops.h). */
#include "loops.h"

#include "error.h"
#include "grow.h"

#include <stdlib.h>
#include <string.h>

/* Polynomial hashing modulo the Mersenne prime 2^61 - 1: equal sequences
 * always hash equal; unequal ones collide with probability about len/2^61,
 * and every hash match is verified item by item anyway. */
#define HMOD ((1ull << 61) - 1)
#define HBASE 0x0f3d5b79a2c4e68bull /* < HMOD */

/* Repetition candidates.  The stack is square-free after every push (each
 * square is folded when it forms at the top), so two occurrences of the same
 * g items are at least g positions apart.  Periods below GRAM0 are compared
 * directly; a period l in [g, 16 g), g = GRAM0 * 16^j, needs the g items
 * ending at the top to end at t - l too, so it is found in level j's table
 * of g-grams, and within that range at most 15 positions can hold the gram:
 * the search is exhaustive at O(levels) table probes per step.  A position
 * enters level j only once the top is g past it (lazily), so a loop whose
 * iterations keep the stack within g items never touches level j. */
#define GRAM0 16u
#define LEVELS 7 /* gram lengths 16, 256, ..., 16^7 > 2^31 */

struct gram {
    uint32_t key; /* low 32 bits of the gram hash (the slot comes from the high ones) */
    uint32_t pos; /* 1 + last position with this gram, 0 = empty slot */
};

struct level {
    uint64_t g;      /* gram length */
    uint32_t w;      /* positions [0, w) are indexed (those >= g-1 have a gram) */
    uint32_t *prev;  /* per position: 1 + previous position with the same gram */
    struct gram *tab;
    uint64_t cap, used;
};

struct body {
    uint64_t off;  /* first item in the arena */
    uint32_t len;
    uint64_t hash; /* polynomial hash of the items */
};

struct skel_loops {
    /* The stack: position i holds st[i]; h[i] is the hash of 0..i-1. */
    uint32_t n, cap;
    skel_loops_item *st;
    uint64_t *h;  /* cap + 1 entries */
    uint64_t *pw; /* HBASE^i, cap + 1 entries */
    struct level lv[LEVELS];
    /* Loops due at a position: a loop at q with a body of length L is due at
     * q + L.  due[t] is 1 + the first such loop position, linked through
     * due_next/due_prev (indexed by the loop's position). */
    uint32_t *due;
    uint32_t due_cap;
    uint32_t *due_next, *due_prev;

    struct body *bodies;
    uint32_t nbodies, bodies_cap;
    skel_loops_item *arena;
    size_t arena_n, arena_cap;
    uint32_t *itab; /* 1 + body id, open addressing */
    uint64_t itab_cap;

    uint64_t pushed;
};

static inline uint64_t mulmod(uint64_t a, uint64_t b)
{
    unsigned __int128 p = (unsigned __int128)a * b;
    uint64_t lo = (uint64_t)p & HMOD, hi = (uint64_t)(p >> 61);
    uint64_t r = lo + hi;
    return r >= HMOD ? r - HMOD : r;
}

static inline uint64_t addmod(uint64_t a, uint64_t b)
{
    uint64_t r = a + b;
    return r >= HMOD ? r - HMOD : r;
}

static inline uint64_t submod(uint64_t a, uint64_t b)
{
    return a >= b ? a - b : a + HMOD - b;
}

static inline uint64_t item_value(uint32_t ref, uint64_t count)
{
    uint64_t k = ((uint64_t)ref << 1 | 1) * 0x9e3779b97f4a7c15ull ^ count * 0xc2b2ae3d27d4eb4full;
    k ^= k >> 31;
    k *= 0xbf58476d1ce4e5b9ull;
    k ^= k >> 29;
    return k & HMOD;
}

/* Hash of stack positions [i, j). */
static inline uint64_t range_hash(const skel_loops *f, uint32_t i, uint32_t j)
{
    return submod(f->h[j], mulmod(f->h[i], f->pw[j - i]));
}

int skel_loops_new(skel_loops **out)
{
    skel_loops *f = calloc(1, sizeof *f);
    if (f == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory (loop folder)");
    uint64_t g = GRAM0;
    for (int j = 0; j < LEVELS; j++, g *= 16)
        f->lv[j].g = g;
    *out = f;
    return SKEL_OK;
}

void skel_loops_free(skel_loops *f)
{
    if (f == NULL)
        return;
    free(f->st);
    free(f->h);
    free(f->pw);
    for (int j = 0; j < LEVELS; j++) {
        free(f->lv[j].prev);
        free(f->lv[j].tab);
    }
    free(f->due);
    free(f->due_next);
    free(f->due_prev);
    free(f->bodies);
    free(f->arena);
    free(f->itab);
    free(f);
}

static int reserve_stack(skel_loops *f, uint32_t need)
{
    if (need <= f->cap)
        return SKEL_OK;
    uint32_t c = f->cap ? f->cap : 64;
    while (c < need) {
        if (c > UINT32_MAX / 4)
            return skel_fail(SKEL_ERANGE, "loop folder: more than 2^30 items at the top level");
        c *= 2;
    }
    int bad = 0;
    skel_loops_item *st = realloc(f->st, c * sizeof *st);
    if (st != NULL)
        f->st = st;
    uint64_t *h = realloc(f->h, ((size_t)c + 1) * sizeof *h);
    if (h != NULL)
        f->h = h;
    uint64_t *pw = realloc(f->pw, ((size_t)c + 1) * sizeof *pw);
    if (pw != NULL)
        f->pw = pw;
    uint32_t *dn = realloc(f->due_next, c * sizeof *dn);
    if (dn != NULL)
        f->due_next = dn;
    uint32_t *dp = realloc(f->due_prev, c * sizeof *dp);
    if (dp != NULL)
        f->due_prev = dp;
    bad = !st || !h || !pw || !dn || !dp;
    /* A level only ever indexes positions g below the top. */
    for (int j = 0; j < LEVELS && !bad; j++) {
        if (f->lv[j].g >= c)
            break;
        uint32_t *pv = realloc(f->lv[j].prev, c * sizeof *pv);
        if (pv != NULL)
            f->lv[j].prev = pv;
        bad = pv == NULL;
    }
    if (bad)
        return skel_fail(SKEL_ENOMEM, "out of memory (loop folder stack of %u items)", c);
    if (f->cap == 0) {
        f->h[0] = 0;
        f->pw[0] = 1;
    }
    for (uint32_t i = f->cap; i < c; i++)
        f->pw[i + 1] = mulmod(f->pw[i], HBASE);
    f->cap = c;
    return SKEL_OK;
}

static int reserve_zeroed(uint32_t **arr, uint32_t *cap, uint32_t index)
{
    if (index < *cap)
        return SKEL_OK;
    uint32_t c = *cap ? *cap : 64;
    while (c <= index)
        c = c > UINT32_MAX / 2 ? UINT32_MAX : c * 2;
    uint32_t *na = realloc(*arr, (size_t)c * sizeof *na);
    if (na == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory (loop folder)");
    memset(na + *cap, 0, (size_t)(c - *cap) * sizeof *na);
    *arr = na;
    *cap = c;
    return SKEL_OK;
}

static int reserve_due(skel_loops *f, uint32_t index)
{
    return reserve_zeroed(&f->due, &f->due_cap, index);
}

/* ---- gram tables ---------------------------------------------------------- */

static inline uint64_t gram_key(const skel_loops *f, const struct level *lv, uint32_t t)
{
    return range_hash(f, t + 1 - (uint32_t)lv->g, t + 1);
}

/* Home slot of a gram: a mix of its 32-bit tag, so that the table can be
 * rebuilt from the tags alone. */
static inline uint64_t slot_of(uint32_t tag, uint64_t cap)
{
    return (uint64_t)((tag * 0x9e3779b97f4a7c15ull) >> 32) & (cap - 1);
}

static int gram_grow(struct level *lv)
{
    uint64_t cap = lv->cap ? lv->cap * 2 : 256;
    struct gram *g = calloc((size_t)cap, sizeof *g);
    if (g == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory (loop folder)");
    for (uint64_t i = 0; i < lv->cap; i++) {
        if (lv->tab[i].pos == 0)
            continue;
        uint64_t j = slot_of(lv->tab[i].key, cap);
        while (g[j].pos != 0)
            j = (j + 1) & (cap - 1);
        g[j] = lv->tab[i];
    }
    free(lv->tab);
    lv->tab = g;
    lv->cap = cap;
    return SKEL_OK;
}

/* 1 + the latest indexed position with this gram, 0 if none. */
static uint32_t gram_find(const struct level *lv, uint64_t key)
{
    if (lv->used == 0)
        return 0;
    uint32_t tag = (uint32_t)key;
    uint64_t mask = lv->cap - 1;
    for (uint64_t j = slot_of(tag, lv->cap); lv->tab[j].pos != 0; j = (j + 1) & mask)
        if (lv->tab[j].key == tag)
            return lv->tab[j].pos;
    return 0;
}

static int gram_insert(skel_loops *f, struct level *lv, uint32_t t)
{
    if ((lv->used + 1) * 2 > lv->cap) {
        int rc = gram_grow(lv);
        if (rc != SKEL_OK)
            return rc;
    }
    uint32_t tag = (uint32_t)gram_key(f, lv, t);
    uint64_t mask = lv->cap - 1, j = slot_of(tag, lv->cap);
    while (lv->tab[j].pos != 0 && lv->tab[j].key != tag)
        j = (j + 1) & mask;
    if (lv->tab[j].pos == 0) {
        lv->tab[j].key = tag;
        lv->used++;
    }
    lv->prev[t] = lv->tab[j].pos;
    lv->tab[j].pos = t + 1;
    return SKEL_OK;
}

/* Forget position t, the latest indexed holder of its gram (32-bit tags
 * may collide: then two grams share a chain, which only adds candidates
 * that the full hash comparison rejects). */
static void gram_remove(skel_loops *f, struct level *lv, uint32_t t)
{
    uint32_t tag = (uint32_t)gram_key(f, lv, t);
    uint64_t mask = lv->cap - 1, j = slot_of(tag, lv->cap);
    while (lv->tab[j].pos != t + 1)
        j = (j + 1) & mask;
    lv->tab[j].pos = lv->prev[t];
    if (lv->tab[j].pos != 0)
        return;
    /* Delete by shifting later entries of the probe run back (no tombstones,
     * so the table never fills with grams long gone). */
    lv->used--;
    uint64_t hole = j;
    for (uint64_t i = (j + 1) & mask; lv->tab[i].pos != 0; i = (i + 1) & mask) {
        uint64_t home = slot_of(lv->tab[i].key, lv->cap);
        /* i may move into the hole unless its home lies cyclically in (hole, i]. */
        if (((i - home) & mask) >= ((i - hole) & mask)) {
            lv->tab[hole] = lv->tab[i];
            lv->tab[i].pos = 0;
            hole = i;
        }
    }
}

/* Index every position at least g below the top, in every level. */
static int index_up(skel_loops *f)
{
    for (int j = 0; j < LEVELS; j++) {
        struct level *lv = &f->lv[j];
        if (lv->g >= f->n)
            break;
        while ((uint64_t)lv->w + lv->g < f->n) {
            if (lv->w + 1 >= lv->g) {
                int rc = gram_insert(f, lv, lv->w);
                if (rc != SKEL_OK)
                    return rc;
            }
            lv->w++;
        }
    }
    return SKEL_OK;
}

/* Unindex positions >= n (before they are popped or changed). */
static void index_down(skel_loops *f, uint32_t n)
{
    for (int j = 0; j < LEVELS; j++) {
        struct level *lv = &f->lv[j];
        while (lv->w > n) {
            lv->w--;
            if (lv->w + 1 >= lv->g)
                gram_remove(f, lv, lv->w);
        }
    }
}

/* ---- the stack -------------------------------------------------------------- */

static void due_link(skel_loops *f, uint32_t q, uint32_t t)
{
    f->due_prev[q] = 0;
    f->due_next[q] = f->due[t];
    if (f->due[t] != 0)
        f->due_prev[f->due[t] - 1] = q + 1;
    f->due[t] = q + 1;
}

static void due_unlink(skel_loops *f, uint32_t q, uint32_t t)
{
    if (f->due_prev[q] != 0)
        f->due_next[f->due_prev[q] - 1] = f->due_next[q];
    else
        f->due[t] = f->due_next[q];
    if (f->due_next[q] != 0)
        f->due_prev[f->due_next[q] - 1] = f->due_prev[q];
}

/* Put (ref, count) at position n; the stack and due were reserved. */
static void put(skel_loops *f, uint32_t ref, uint64_t count)
{
    uint32_t t = f->n;
    f->st[t] = (skel_loops_item){.ref = ref, .count = count};
    f->h[t + 1] = addmod(mulmod(f->h[t], HBASE), item_value(ref, count));
    if (ref & SKEL_LOOPS_LOOP)
        due_link(f, t, t + f->bodies[ref & ~SKEL_LOOPS_LOOP].len);
    f->n = t + 1;
}

static void pop_to(skel_loops *f, uint32_t n)
{
    index_down(f, n);
    while (f->n > n) {
        uint32_t t = --f->n;
        uint32_t ref = f->st[t].ref;
        if (ref & SKEL_LOOPS_LOOP)
            due_unlink(f, t, t + f->bodies[ref & ~SKEL_LOOPS_LOOP].len);
    }
}

static int same_items(const skel_loops *f, uint32_t a, uint32_t b, uint32_t len)
{
    for (uint32_t i = 0; i < len; i++)
        if (f->st[a + i].ref != f->st[b + i].ref || f->st[a + i].count != f->st[b + i].count)
            return 0;
    return 1;
}

static int stack_equals_body(const skel_loops *f, uint32_t a, const struct body *b)
{
    const skel_loops_item *it = f->arena + b->off;
    for (uint32_t i = 0; i < b->len; i++)
        if (f->st[a + i].ref != it[i].ref || f->st[a + i].count != it[i].count)
            return 0;
    return 1;
}

static int rehash_itab(skel_loops *f)
{
    uint64_t cap = f->itab_cap ? f->itab_cap * 2 : 256;
    uint32_t *t = calloc((size_t)cap, sizeof *t);
    if (t == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory (loop bodies)");
    for (uint32_t b = 0; b < f->nbodies; b++) {
        uint64_t s = f->bodies[b].hash & (cap - 1);
        while (t[s] != 0)
            s = (s + 1) & (cap - 1);
        t[s] = b + 1;
    }
    free(f->itab);
    f->itab = t;
    f->itab_cap = cap;
    return SKEL_OK;
}

/* Id of the body equal to stack positions [a, a+len) with hash hv,
 * creating it if new. */
static int intern(skel_loops *f, uint32_t a, uint32_t len, uint64_t hv, uint32_t *id)
{
    if ((uint64_t)(f->nbodies + 1) * 2 > f->itab_cap) {
        int rc = rehash_itab(f);
        if (rc != SKEL_OK)
            return rc;
    }
    uint64_t mask = f->itab_cap - 1, s = hv & mask;
    while (f->itab[s] != 0) {
        const struct body *b = &f->bodies[f->itab[s] - 1];
        if (b->hash == hv && b->len == len && stack_equals_body(f, a, b)) {
            *id = f->itab[s] - 1;
            return SKEL_OK;
        }
        s = (s + 1) & mask;
    }
    if (f->nbodies >= SKEL_LOOPS_LOOP - 1)
        return skel_fail(SKEL_ERANGE, "loop folder: too many loop bodies");
    if (skel_grow_u32(&f->bodies, &f->bodies_cap, (uint64_t)f->nbodies + 1, sizeof *f->bodies) !=
            SKEL_OK ||
        skel_grow(&f->arena, &f->arena_cap, f->arena_n + len, sizeof *f->arena) != SKEL_OK)
        return skel_fail(SKEL_ENOMEM, "out of memory (loop bodies)");
    struct body *b = &f->bodies[f->nbodies];
    b->off = f->arena_n;
    b->len = len;
    b->hash = hv;
    memcpy(f->arena + f->arena_n, f->st + a, (size_t)len * sizeof *f->arena);
    f->arena_n += len;
    f->itab[s] = f->nbodies + 1;
    *id = f->nbodies++;
    return SKEL_OK;
}

/* (b): a loop due at the top whose body equals the items after it gets one
 * more iteration.  1 if folded, 0 if not. */
static int extend_due(skel_loops *f)
{
    uint32_t t = f->n - 1;
    if (t >= f->due_cap)
        return 0;
    for (uint32_t e = f->due[t]; e != 0; e = f->due_next[e - 1]) {
        uint32_t q = e - 1;
        const struct body *b = &f->bodies[f->st[q].ref & ~SKEL_LOOPS_LOOP];
        if (range_hash(f, q + 1, t + 1) != b->hash || !stack_equals_body(f, q + 1, b))
            continue;
        pop_to(f, q + 1);
        index_down(f, q); /* q itself changes: no level may hold its old gram */
        f->st[q].count++;
        f->h[q + 1] = addmod(mulmod(f->h[q], HBASE), item_value(f->st[q].ref, f->st[q].count));
        return 1;
    }
    return 0;
}

/* X X with |X| = l ending at the top becomes (X)^2: 1 if folded, 0 if the
 * two copies differ, < 0 on error. */
static int try_tandem(skel_loops *f, uint32_t l)
{
    uint32_t t = f->n - 1, s = t + 1 - 2 * l;
    uint64_t hx = range_hash(f, s + l, t + 1);
    if (range_hash(f, s, s + l) != hx || !same_items(f, s, s + l, l))
        return 0;
    uint32_t id = 0;
    int rc = intern(f, s, l, hx, &id);
    if (rc == SKEL_OK)
        rc = reserve_due(f, s + l);
    if (rc != SKEL_OK)
        return rc;
    pop_to(f, s);
    put(f, SKEL_LOOPS_LOOP | id, 2);
    return 1;
}

/* (a): a tandem repeat ending at the top, shortest period first. */
static int fold_tandem(skel_loops *f)
{
    uint32_t t = f->n - 1;
    for (uint32_t l = 1; l < GRAM0 && 2 * l <= t + 1; l++) {
        if (f->st[t - l].ref != f->st[t].ref || f->st[t - l].count != f->st[t].count)
            continue;
        int rc = try_tandem(f, l);
        if (rc != 0)
            return rc;
    }
    for (int j = 0; j < LEVELS; j++) {
        const struct level *lv = &f->lv[j];
        if (2 * lv->g > (uint64_t)t + 1)
            break;
        uint32_t p = gram_find(lv, gram_key(f, lv, t));
        for (int tries = 0; p != 0 && tries < SKEL_LOOPS_CANDIDATES; tries++) {
            uint32_t q = p - 1;
            p = lv->prev[q];
            uint64_t l = t - q;
            if (l < lv->g)
                continue; /* left over from a deeper stack; a lower level covers it */
            if (l >= 16 * lv->g || 2 * l > (uint64_t)t + 1)
                break; /* a higher level covers it, or too far */
            int rc = try_tandem(f, (uint32_t)l);
            if (rc != 0)
                return rc;
        }
    }
    return 0;
}

int skel_loops_push(skel_loops *f, uint32_t sym)
{
    if (sym > SKEL_LOOPS_MAX_SYMBOL)
        return skel_fail(SKEL_ERANGE, "loop folder: symbol %u out of range", sym);
    int rc = reserve_stack(f, f->n + 1);
    if (rc != SKEL_OK)
        return rc;
    put(f, sym, 1);
    f->pushed++;
    if ((rc = index_up(f)) != SKEL_OK)
        return rc;
    for (;;) {
        rc = extend_due(f);
        if (rc == 0)
            rc = fold_tandem(f);
        if (rc < 0)
            return rc;
        if (rc == 0)
            return SKEL_OK;
    }
}

const skel_loops_item *skel_loops_top(const skel_loops *f, uint32_t *n)
{
    *n = f->n;
    return f->st;
}

uint32_t skel_loops_nbodies(const skel_loops *f)
{
    return f->nbodies;
}

const skel_loops_item *skel_loops_body(const skel_loops *f, uint32_t body, uint32_t *n)
{
    if (body >= f->nbodies) {
        *n = 0;
        return NULL;
    }
    *n = f->bodies[body].len;
    return f->arena + f->bodies[body].off;
}

uint64_t skel_loops_pushed(const skel_loops *f)
{
    return f->pushed;
}

size_t skel_loops_memory(const skel_loops *f)
{
    size_t lv = 0;
    for (int j = 0; j < LEVELS; j++)
        lv += (f->lv[j].prev ? (size_t)f->cap * 4 : 0) + (size_t)f->lv[j].cap * sizeof(struct gram);
    return sizeof *f + lv + (size_t)f->cap * (sizeof(skel_loops_item) + 8 + 8 + 4 + 4) +
           (size_t)f->due_cap * 4 +
           (size_t)f->bodies_cap * sizeof(struct body) +
           (size_t)f->arena_cap * sizeof(skel_loops_item) + (size_t)f->itab_cap * 4;
}

static int replay_items(const skel_loops *f, const skel_loops_item *it, uint32_t n,
                        const uint32_t *map, skel_loops *into, int depth)
{
    if (depth > 200)
        return skel_fail(SKEL_EINTERNAL, "loop folder: nesting deeper than 200");
    for (uint32_t i = 0; i < n; i++) {
        if (it[i].ref & SKEL_LOOPS_LOOP) {
            const struct body *b = &f->bodies[it[i].ref & ~SKEL_LOOPS_LOOP];
            for (uint64_t k = 0; k < it[i].count; k++) {
                int rc = replay_items(f, f->arena + b->off, b->len, map, into, depth + 1);
                if (rc != SKEL_OK)
                    return rc;
            }
        } else {
            int rc = skel_loops_push(into, map != NULL ? map[it[i].ref] : it[i].ref);
            if (rc != SKEL_OK)
                return rc;
        }
    }
    return SKEL_OK;
}

int skel_loops_replay(const skel_loops *f, const uint32_t *map, skel_loops *into)
{
    return replay_items(f, f->st, f->n, map, into, 0);
}

uint64_t skel_loops_length(const skel_loops *f)
{
    /* Every top-level item, plus the items of every body reachable from
     * them, each body once. */
    uint64_t len = f->n;
    if (f->nbodies == 0)
        return len;
    uint8_t *seen = calloc(f->nbodies, 1);
    uint32_t *work = malloc((size_t)f->nbodies * sizeof *work);
    if (seen == NULL || work == NULL) {
        free(seen);
        free(work);
        return len;
    }
    uint32_t nw = 0;
    for (uint32_t i = 0; i < f->n; i++) {
        uint32_t r = f->st[i].ref;
        if ((r & SKEL_LOOPS_LOOP) && !seen[r & ~SKEL_LOOPS_LOOP]) {
            seen[r & ~SKEL_LOOPS_LOOP] = 1;
            work[nw++] = r & ~SKEL_LOOPS_LOOP;
        }
    }
    while (nw > 0) {
        const struct body *b = &f->bodies[work[--nw]];
        len += b->len;
        for (uint32_t i = 0; i < b->len; i++) {
            uint32_t r = f->arena[b->off + i].ref;
            if ((r & SKEL_LOOPS_LOOP) && !seen[r & ~SKEL_LOOPS_LOOP]) {
                seen[r & ~SKEL_LOOPS_LOOP] = 1;
                work[nw++] = r & ~SKEL_LOOPS_LOOP;
            }
        }
    }
    free(seen);
    free(work);
    return len;
}
