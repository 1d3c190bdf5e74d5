/* critpath.h - the critical path of a traced run and its profile (Hollingsworth):
 * the longest path through the Program Activity Graph (pag.h), what it is
 * made of - per MPI call, per call site, per compute phase (the code between
 * two consecutive call sites of a rank) - next to each item's share of the
 * total CPU time, and critical-path zeroing: how much shorter the run would
 * be if an item took no time.
 *
 * The computation streams over the replay, with memory bounded by the ranks,
 * the profiled items and the messages in flight.  One pass carries along
 * every path its length, its profile (the time of each profiled item on it:
 * the online algorithm of Hollingsworth Fig. 2 with one value per item) and, for
 * each item, its "net" length without that item's time; merges keep the
 * longest path, and for each item the longest net path (Hollingsworth Fig. 4),
 * which is the longest path of the graph with that item's weights set to
 * zero - every item is zeroed in the same pass.  Merges cost O(items), so
 * past zero_cap items the first pass zeroes only the first ones met and a
 * second pass zeroes the top items among the others.
 *
 * Ownership: skel_critpath_run() fills a result whose arrays and names it
 * allocates; skel_critpath_result_free() releases them.  Options are read
 * during the call only.
 */
#ifndef SKEL_CRITPATH_H
#define SKEL_CRITPATH_H

#include <stddef.h>
#include <stdint.h>

#include "commtable.h"
#include "trace.h"

enum skel_critpath_category {
    SKEL_CRITPATH_CALL,  /* an MPI call type: time inside it, and messages it received */
    SKEL_CRITPATH_SITE,  /* a call site: the same, per place in the code */
    SKEL_CRITPATH_PHASE, /* a compute phase: the code from one call site to the next */
    SKEL_CRITPATH__CATEGORIES
};

struct skel_critpath_opts {
    const skel_commtable *table; /* network the trace was taken on; NULL: no communication cost */
    int untraced;                /* remove the tracer's cost per event from every gap */
    int cpu_only;                /* weigh compute and calls by their CPU time only, as seed
                                    002 does: leave out the off-CPU time in gaps, the calls'
                                    unexplained delays, MPI_Init's start-up and the tracer's
                                    pauses (for runs with more ranks than cores, where being
                                    off the CPU mostly means waiting for a core) */
    const char *select;          /* PCRE2 pattern choosing the items to profile; NULL: all */
    unsigned top;                /* items zeroed at least per category, the top ones by
                                    critical-path time (0: no zeroing) */
    unsigned zero_cap;           /* items zeroed in the first pass at most (0: 256); when
                                    a trace has more, a second pass zeroes the top ones */
    const char *zero_group;      /* PCRE2 pattern: also zero every profiled item whose name
                                    matches, all together (e.g. the phases of a procedure) */
};

struct skel_critpath_item {
    uint8_t category; /* enum skel_critpath_category */
    uint32_t id;      /* call id, site id or phase id (pag.h) */
    char *name;       /* "MPI_Send", "jacobi.c:120", "jacobi.c:120 -> jacobi.c:131" */
    char *detail;     /* more about a site or phase ("func, module+0xOFF"), may be "" */
    char *from_addr;  /* a phase's first call site as "module+0xOFF" ("(start)": none); "" else */
    char *to_addr;    /* the call site of a site, or a phase's last one; "" for a call */
    double cp_ns;     /* its time on the critical path */
    double time_ns;   /* its time summed over all ranks */
    double cpu_ns;    /* its CPU time summed over all ranks (in-call time counts as CPU:
                         MPICH polls while it waits) */
    uint64_t count;   /* calls, or passes through the phase */
    double zero_ns;   /* how much shorter the critical path gets when it takes no time;
                         negative when not computed (past zero_cap, not in the top) */
};

struct skel_critpath_result {
    double run_ns;    /* measured: first event start to last event end */
    double length_ns; /* the critical path */
    uint32_t nranks;
    double *busy_ns;   /* per rank: its time not spent waiting (gaps and local work) */
    uint32_t end_rank; /* rank where the critical path ends */
    uint64_t events, messages, collectives;
    double cpu_total_ns; /* CPU time of all ranks (gap CPU plus in-call time) */
    size_t nitems;
    struct skel_critpath_item *items; /* by category, then decreasing critical-path time */
    double pass_s[2];                 /* duration of each pass */
    double group_zero_ns; /* zeroing the zero_group's items together; negative without */
    uint32_t group_items; /* how many items matched it */
};

int skel_critpath_run(const skel_trace *t, const struct skel_critpath_opts *o,
                      struct skel_critpath_result *res);
void skel_critpath_result_free(struct skel_critpath_result *res);

const char *
skel_critpath_category_name(int category); /* "MPI call", "call site", "compute phase" */

#endif
