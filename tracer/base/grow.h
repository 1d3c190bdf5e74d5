/* grow.h - growable arrays: the one way Skel makes room in a malloc'd array.
 *
 *     if (skel_grow(&v, &cap, n + 1, sizeof *v) != SKEL_OK) return ...;
 *     v[n++] = x;
 *
 * Capacity at least doubles (first allocation: 16 elements), so n pushes cost
 * O(n) copies.  On failure *arr and *cap are unchanged (the caller still owns
 * the old block) and the error detail says "out of memory".
 *
 * Ownership: the caller owns *arr before and after and frees it with free().
 */
#ifndef SKEL_GROW_H
#define SKEL_GROW_H

#include <stddef.h>
#include <stdint.h>

/* Make room for need elements of elem bytes (arr: the address of the array
 * pointer, of any type).  SKEL_OK or SKEL_ENOMEM (also when need * elem
 * overflows); SKEL_EINTERNAL for elem 0. */
int skel_grow_more(void *arr, size_t *cap, size_t need, size_t elem);
int skel_grow_u32_more(void *arr, uint32_t *cap, uint64_t need, size_t elem);

/* Inline when there is room already (SKEL_OK is 0): the replay and the graph
 * ask several times per event. */
static inline int skel_grow(void *arr, size_t *cap, size_t need, size_t elem)
{
    return need <= *cap ? 0 : skel_grow_more(arr, cap, need, elem);
}

/* The same with a 32-bit capacity: SKEL_ERANGE when need exceeds UINT32_MAX. */
static inline int skel_grow_u32(void *arr, uint32_t *cap, uint64_t need, size_t elem)
{
    return need <= *cap ? 0 : skel_grow_u32_more(arr, cap, need, elem);
}

/* Record "out of memory" and return SKEL_ENOMEM. */
int skel_oom(void);

#endif
