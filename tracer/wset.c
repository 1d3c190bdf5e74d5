/* wset.c - working-set samples of compute phases (wset.h). */
#include "wset.h"

#include "clock.h"

#include <fcntl.h>
#include <stdint.h>
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

/* Pages touched to measure what marking a page again costs. */
#define REMARK_PAGES 256

uint64_t skel_tr_ws_next_ns = UINT64_MAX;
int skel_tr_ws_on;
double skel_tr_ws_page_ns;

static int fd_clear = -1, fd_smaps = -1;
static void *flush_region;
static size_t flush_len, page_bytes;
static uint64_t arm_cost;

/* Clear the referenced bits and flush the TLB (see skel_tr_ws_arm()). */
static int clear_and_flush(void)
{
    return write(fd_clear, "1", 1) == 1 && mprotect(flush_region, flush_len, PROT_READ) == 0 &&
           mprotect(flush_region, flush_len, PROT_READ | PROT_WRITE) == 0;
}

/* What touching a page costs more after a clear than before: the least of
 * three tries over REMARK_PAGES pages (a low estimate).  Measured on the
 * development VM (Firecracker): 280-410 ns per page, and randacc's phase
 * that touched 32 MiB after a clear took 28.3 ms against 21-24 ms for the
 * phases around it (bench/tracer.md, "What a working-set sample costs the
 * phase it watches"). */
static double remark_page_ns(void)
{
    size_t len = page_bytes * REMARK_PAGES;
    char *r = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (r == MAP_FAILED)
        return 0;
    volatile char *v = r;
    for (size_t i = 0; i < REMARK_PAGES; i++)
        v[i * page_bytes] = 1;
    double best = -1;
    for (int rep = 0; rep < 3; rep++) {
        uint64_t t0 = skel_tr_now();
        for (size_t i = 0; i < REMARK_PAGES; i++)
            v[i * page_bytes]++;
        uint64_t t1 = skel_tr_now();
        if (!clear_and_flush())
            break;
        uint64_t t2 = skel_tr_now();
        for (size_t i = 0; i < REMARK_PAGES; i++)
            v[i * page_bytes]++;
        uint64_t t3 = skel_tr_now();
        double d = ((double)(t3 - t2) - (double)(t1 - t0)) / REMARK_PAGES;
        if (best < 0 || d < best)
            best = d;
    }
    munmap(r, len);
    return best > 0 ? best : 0;
}

void skel_tr_ws_start(void)
{
    const char *e = getenv("SKEL_TRACE_WS");
    if (e != NULL && strcmp(e, "0") == 0)
        return;
    long page = sysconf(_SC_PAGESIZE);
    page_bytes = (size_t)(page > 0 ? page : 4096);
    flush_len = page_bytes * FLUSH_PAGES;
    fd_smaps = open("/proc/self/smaps", O_RDONLY | O_CLOEXEC);
    fd_clear = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC);
    flush_region =
        mmap(NULL, flush_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (fd_smaps < 0 || fd_clear < 0 || flush_region == MAP_FAILED) {
        flush_region = flush_region == MAP_FAILED ? NULL : flush_region;
        skel_tr_ws_stop();
        return;
    }
    /* Present pages, so that changing their protection changes entries. */
    memset(flush_region, 1, flush_len);
    skel_tr_ws_page_ns = remark_page_ns();
    skel_tr_ws_next_ns = 0;
    skel_tr_ws_on = 1;
}

void skel_tr_ws_stop(void)
{
    skel_tr_ws_on = 0;
    skel_tr_ws_next_ns = UINT64_MAX;
    if (fd_smaps >= 0)
        close(fd_smaps);
    if (fd_clear >= 0)
        close(fd_clear);
    if (flush_region != NULL)
        munmap(flush_region, flush_len);
    fd_smaps = fd_clear = -1;
    flush_region = NULL;
}

uint64_t skel_tr_ws_arm(struct skel_tr_ws *t)
{
    uint64_t t0 = skel_tr_now();
    /* Clearing the referenced bits does not flush the TLB, and a page whose
     * translation is still cached is not marked again when touched.  A
     * protection change over more than 33 pages flushes the whole address
     * space's translations. */
    if (fd_clear < 0 || !clear_and_flush()) {
        skel_tr_ws_stop();
        return 0;
    }
    t->armed = 1;
    skel_tr_ws_next_ns = UINT64_MAX;
    arm_cost = skel_tr_now() - t0;
    return arm_cost > 0 ? arm_cost : 1;
}

/* The referenced kilobytes of the process's anonymous mappings (heap,
 * stack, private and shared anonymous memory), from /proc/self/smaps fed in
 * pieces.  File mappings are left out: a shared library's pages read as
 * referenced when other processes touch them (the kernel keeps one
 * referenced flag per page), and where this rank was descheduled or another
 * core ran a process using libc they added 0.6-4 MiB to phases that touched
 * a few pages (bench/accuracy-mechanisms.md). */
struct anon_refs {
    char line[160]; /* the start of the current line; the rest is not needed */
    size_t len;
    int anon;     /* the current mapping is anonymous */
    int mappings; /* mapping lines seen */
    long long kb;
};

/* Whether a mapping line names an anonymous mapping: no path, or one of the
 * kernel's names for anonymous memory. */
static int anon_mapping(const char *l)
{
    /* address range, permissions, offset, device, inode, then the name */
    for (int f = 0; f < 5; f++) {
        while (*l == ' ' || *l == '\t')
            l++;
        if (*l == '\0')
            return 0;
        while (*l != ' ' && *l != '\t' && *l != '\0')
            l++;
    }
    while (*l == ' ' || *l == '\t')
        l++;
    return *l == '\0' || strncmp(l, "[heap]", 6) == 0 || strncmp(l, "[stack", 6) == 0 ||
           strncmp(l, "[anon", 5) == 0;
}

static void anon_line(struct anon_refs *a)
{
    a->line[a->len] = '\0';
    const char *l = a->line;
    if ((*l >= '0' && *l <= '9') || (*l >= 'a' && *l <= 'f')) {
        a->anon = anon_mapping(l);
        a->mappings++;
    } else if (a->anon && strncmp(l, "Referenced:", 11) == 0) {
        l += 11;
        while (*l == ' ' || *l == '\t')
            l++;
        long long v = 0;
        int digits = 0;
        for (; *l >= '0' && *l <= '9' && digits < 15; l++, digits++)
            v = v * 10 + (*l - '0');
        if (digits > 0 && a->kb <= INT64_MAX / 2 - v)
            a->kb += v;
    }
    a->len = 0;
}

static void anon_feed(struct anon_refs *a, const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (p[i] == '\n')
            anon_line(a);
        else if (a->len < sizeof a->line - 1)
            a->line[a->len++] = p[i];
    }
}

/* The referenced kilobytes of anonymous memory, or -1 (not readable, or
 * no mapping in it). */
static long long anon_referenced_kb(int fd)
{
    static char buf[16384];
    struct anon_refs a = {.len = 0};
    if (lseek(fd, 0, SEEK_SET) != 0)
        return -1;
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0)
        anon_feed(&a, buf, (size_t)n);
    if (n < 0)
        return -1;
    if (a.len > 0)
        anon_line(&a);
    return a.mappings > 0 ? a.kb : -1;
}

void skel_tr_ws_read(struct skel_tr_ws *t)
{
    uint64_t t0 = skel_tr_now();
    t->armed = 0;
    long long kb = fd_smaps >= 0 ? anon_referenced_kb(fd_smaps) : -1;
    uint64_t cost = skel_tr_now() - t0;
    t->pause += cost > 0 ? cost : 1;
    /* 0 means "not sampled": a sample of nothing is one page. */
    t->bytes = kb > 0 ? (uint64_t)kb * 1024 : kb == 0 ? 4096 : 0;
    t->remark = (uint64_t)((double)(t->bytes / page_bytes) * skel_tr_ws_page_ns);
    t->cost = arm_cost + cost + t->remark;
}

void skel_tr_ws_drop(struct skel_tr_ws *t, uint64_t now)
{
    t->armed = 0;
    skel_tr_ws_done(now, arm_cost);
}

void skel_tr_ws_done(uint64_t now, uint64_t cost_ns)
{
    if (fd_smaps < 0)
        return;
    uint64_t wait = cost_ns * COST_FACTOR;
    skel_tr_ws_next_ns = now + (wait > MIN_SPACING_NS ? wait : MIN_SPACING_NS);
}
