/* wset.c - working-set samples of compute phases (wset.h). */
#include "wset.h"

#include "clock.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Pages of the region whose protection is toggled to flush the TLB: more
 * than the 33 pages above which x86 Linux flushes a whole address space
 * instead of single pages. */
#define FLUSH_PAGES 64
/* The budget: the next sample waits this many times the last one's cost,
 * and never less than MIN_SPACING_NS. */
#define COST_FACTOR    200u
#define MIN_SPACING_NS 50000000u

uint64_t skel_tr_ws_gap_ns = 200000;
uint64_t skel_tr_ws_next_ns = UINT64_MAX;

static int fd_clear = -1, fd_rollup = -1;
static void *flush_region;
static size_t flush_len;
static uint64_t arm_cost;

void skel_tr_ws_start(void)
{
    const char *e = getenv("SKEL_TRACE_WS");
    if (e != NULL && strcmp(e, "0") == 0)
        return;
    long page = sysconf(_SC_PAGESIZE);
    flush_len = (size_t)(page > 0 ? page : 4096) * FLUSH_PAGES;
    fd_rollup = open("/proc/self/smaps_rollup", O_RDONLY | O_CLOEXEC);
    fd_clear = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC);
    flush_region =
        mmap(NULL, flush_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (fd_rollup < 0 || fd_clear < 0 || flush_region == MAP_FAILED) {
        flush_region = flush_region == MAP_FAILED ? NULL : flush_region;
        skel_tr_ws_stop();
        return;
    }
    /* Present pages, so that changing their protection changes entries. */
    memset(flush_region, 1, flush_len);
    skel_tr_ws_next_ns = 0;
}

void skel_tr_ws_stop(void)
{
    skel_tr_ws_next_ns = UINT64_MAX;
    if (fd_rollup >= 0)
        close(fd_rollup);
    if (fd_clear >= 0)
        close(fd_clear);
    if (flush_region != NULL)
        munmap(flush_region, flush_len);
    fd_rollup = fd_clear = -1;
    flush_region = NULL;
}

uint64_t skel_tr_ws_arm(struct skel_tr_ws *t)
{
    uint64_t t0 = skel_tr_now();
    if (fd_clear < 0 || write(fd_clear, "1", 1) != 1) {
        skel_tr_ws_stop();
        return 0;
    }
    /* Clearing the referenced bits does not flush the TLB, and a page whose
     * translation is still cached is not marked again when touched.  A
     * protection change over more than 33 pages flushes the whole address
     * space's translations. */
    if (mprotect(flush_region, flush_len, PROT_READ) != 0 ||
        mprotect(flush_region, flush_len, PROT_READ | PROT_WRITE) != 0) {
        skel_tr_ws_stop();
        return 0;
    }
    t->armed = 1;
    skel_tr_ws_next_ns = UINT64_MAX;
    arm_cost = skel_tr_now() - t0;
    return arm_cost > 0 ? arm_cost : 1;
}

/* The value of "Referenced:" in kB, or -1. */
static long long referenced_kb(const char *s)
{
    const char *p = strstr(s, "\nReferenced:");
    if (p == NULL)
        return -1;
    p += sizeof "\nReferenced:" - 1;
    while (*p == ' ' || *p == '\t')
        p++;
    long long v = 0;
    int digits = 0;
    for (; *p >= '0' && *p <= '9' && digits < 15; p++, digits++)
        v = v * 10 + (*p - '0');
    return digits > 0 ? v : -1;
}

void skel_tr_ws_read(struct skel_tr_ws *t)
{
    uint64_t t0 = skel_tr_now();
    char buf[4096];
    t->armed = 0;
    ssize_t n = fd_rollup >= 0 ? pread(fd_rollup, buf, sizeof buf - 1, 0) : -1;
    long long kb = -1;
    if (n > 0) {
        buf[n] = '\0';
        kb = referenced_kb(buf);
    }
    uint64_t cost = skel_tr_now() - t0;
    t->pause += cost > 0 ? cost : 1;
    /* 0 means "not sampled": a sample of nothing is one page. */
    t->bytes = kb > 0 ? (uint64_t)kb * 1024 : kb == 0 ? 4096 : 0;
    t->cost = arm_cost + cost;
}

void skel_tr_ws_done(uint64_t now, uint64_t cost_ns)
{
    if (fd_rollup < 0)
        return;
    uint64_t wait = cost_ns * COST_FACTOR;
    skel_tr_ws_next_ns = now + (wait > MIN_SPACING_NS ? wait : MIN_SPACING_NS);
}
