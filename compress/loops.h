/* loops.h - online loop folding: a stream of symbols in, nested loops out.
 *
 *   a b b c b b c b b c d a a   ->   a [ (b)^2 c ]^3 d (a)^2
 *
 * The folded output is kept as a stack of items, each a symbol or a loop
 * (body, count).  Loop bodies are hash-consed: equal bodies get the same id,
 * so two items are equal exactly when their (ref, count) are.  Every push
 * settles the top of the stack:
 *   (b) a loop whose body length ends exactly at the top is extended when the
 *       items after it equal its body (found through a per-position list of
 *       the loops "due" there; compared in O(1) with prefix polynomial hashes
 *       modulo 2^61-1, verified item by item);
 *   (a) otherwise a tandem repeat X X ending at the top becomes (X)^2,
 *       shortest period first.  The stack stays square-free, so equal runs
 *       of g items are at least g apart: periods below 16 are compared
 *       directly, a period in [g, 16 g), g = 16^(j+1), is looked up among
 *       the positions ending with the same g items as the top (a table per
 *       level j, filled lazily with the positions at least g below the top),
 *       at most 15 of them - the search is exhaustive, with no window.
 * After a fold the new top is settled again (it may complete an outer loop).
 * Verification and folding cost O(|X|) for 2|X| (or |X|) items popped, so the
 * whole is linear in the number of pushes.  SKEL_LOOPS_CANDIDATES bounds the
 * positions tried per level and step; it is only reached if 32-bit gram tags
 * collide massively (then a repetition could be missed, never invented).
 * Folding is greedy and online: a repetition whose copies were folded
 * differently is missed (e.g. "a b a b a  a b a b a" keeps the "a a" at the
 * seam as (a)^2).
 *
 * Memory: the stack (the outermost level of the result) with its gram
 * tables, the interned bodies and one hash-table slot per body - it grows
 * with the folded result, never with the number of pushes of a repetitive
 * input.
 *
 * Ownership: skel_loops_new() allocates, skel_loops_free() frees.  Pointers
 * returned by skel_loops_top()/skel_loops_body() are valid until the next
 * push or free.  Not thread-safe; use one folder per thread.
 */
#ifndef SKEL_LOOPS_H
#define SKEL_LOOPS_H

#include <stddef.h>
#include <stdint.h>

/* In an item's ref: the item is a loop and the low bits are a body id. */
#define SKEL_LOOPS_LOOP 0x80000000u
/* Largest symbol id a caller may push. */
#define SKEL_LOOPS_MAX_SYMBOL 0x7ffffffeu
/* Previous occurrences tried per settle step (see above). */
#define SKEL_LOOPS_CANDIDATES 256

typedef struct skel_loops_item {
    uint32_t ref;   /* symbol id, or SKEL_LOOPS_LOOP | body id */
    uint64_t count; /* loop iterations; 1 for a symbol */
} skel_loops_item;

typedef struct skel_loops skel_loops;

int skel_loops_new(skel_loops **out);
void skel_loops_free(skel_loops *f);

/* Append one symbol and settle.  SKEL_ENOMEM, or SKEL_ERANGE for a symbol
 * above SKEL_LOOPS_MAX_SYMBOL. */
int skel_loops_push(skel_loops *f, uint32_t sym);

/* The folded sequence so far, outermost level. */
const skel_loops_item *skel_loops_top(const skel_loops *f, uint32_t *n);
/* Bodies: ids 0..nbodies-1. */
uint32_t skel_loops_nbodies(const skel_loops *f);
const skel_loops_item *skel_loops_body(const skel_loops *f, uint32_t body, uint32_t *n);

/* Symbols pushed so far, and bytes of memory held. */
uint64_t skel_loops_pushed(const skel_loops *f);
size_t skel_loops_memory(const skel_loops *f);

/* Push the whole symbol sequence of f into `into`, each symbol s replaced by
 * map[s] (map NULL: unchanged).  This is how a folding is redone after
 * symbols were merged: O(symbols pushed into f). */
int skel_loops_replay(const skel_loops *f, const uint32_t *map, skel_loops *into);

/* Length of a folded sequence in items, counting each distinct body once
 * (the measure Q is based on; see docs/signature.md). */
uint64_t skel_loops_length(const skel_loops *f);

#endif
