/* grow.c - growable arrays (grow.h). */
#include "grow.h"

#include "error.h"

#include <stdlib.h>
#include <string.h>

int skel_oom(void)
{
    return skel_fail(SKEL_ENOMEM, "out of memory");
}

int skel_grow_more(void *arr, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return SKEL_OK;
    if (elem == 0)
        return skel_fail(SKEL_EINTERNAL, "skel_grow: elements of 0 bytes");
    size_t ncap = *cap ? *cap : 16;
    while (ncap < need)
        ncap = ncap > SIZE_MAX / 2 ? need : ncap * 2;
    if (ncap > SIZE_MAX / elem)
        return skel_oom();
    /* arr points to a pointer of any object type: read and write it as bytes
     * rather than through a void ** that would alias it. */
    void *old;
    memcpy(&old, arr, sizeof old);
    void *p = realloc(old, ncap * elem);
    if (p == NULL)
        return skel_oom();
    memcpy(arr, &p, sizeof p);
    *cap = ncap;
    return SKEL_OK;
}

int skel_grow_u32_more(void *arr, uint32_t *cap, uint64_t need, size_t elem)
{
    if (need <= *cap)
        return SKEL_OK;
    if (need > UINT32_MAX)
        return skel_fail(SKEL_ERANGE, "more than %u elements", UINT32_MAX);
    size_t c = *cap;
    int rc = skel_grow_more(arr, &c, (size_t)need, elem);
    if (rc != SKEL_OK)
        return rc;
    /* Room beyond UINT32_MAX elements is allocated but never counted. */
    *cap = c > UINT32_MAX ? UINT32_MAX : (uint32_t)c;
    return SKEL_OK;
}
