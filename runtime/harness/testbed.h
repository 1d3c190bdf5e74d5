/* testbed.h - an emulated cluster on one machine: one network namespace per
 * host on a bridge, optional per-host CPU quota and core pinning (cgroup v1
 * cpu and cpuset controllers), optional per-host link rate (tc tbf on both
 * ends of the host's veth pair).
 *
 * Ownership: skel_testbed_up() and skel_testbed_open() allocate a handle that
 * the caller releases with skel_testbed_close(); closing never takes the
 * testbed down (skel_testbed_down() does, with or without a handle).  The
 * host descriptions returned by skel_testbed_host() belong to the handle.
 *
 * Names are fixed, so that whatever a killed run left behind can be found
 * again without its state file:
 *   bridge     skbr0, 10.77.0.254/24 (the address mpiexec listens on)
 *   host i     network namespace skh<i> (/run/netns/skh<i>), veth skv<i> in
 *              the root namespace paired with eth0 = 10.77.0.<i>/24 inside
 *   cgroups    /sys/fs/cgroup/cpu/skel_skh<i> and /sys/fs/cgroup/cpuset/skel_skh<i>,
 *              with sub-groups run.<pid> (ranks of one `skel run`) and
 *              compete.<pid> (competitor processes of one scenario)
 *   qdiscs     handle 7a1: (the testbed's own link rate), 7a2: (a scenario's)
 *   state      /run/skel/testbed.state, scenario.<pid>.state (the directory
 *              can be moved with the environment variable SKEL_STATE_DIR)
 * Everything here needs root (CAP_NET_ADMIN, CAP_SYS_ADMIN); commands are run
 * as argument vectors (ip, tc), never through a shell.
 */
#ifndef SKEL_TESTBED_H
#define SKEL_TESTBED_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define SKEL_TESTBED_MAX_HOSTS 64
#define SKEL_TESTBED_BRIDGE    "skbr0"
#define SKEL_TESTBED_BRIDGE_IP "10.77.0.254"
#define SKEL_TESTBED_PREFIX    "10.77.0."
#define SKEL_TESTBED_QDISC_TB  "7a1:" /* handle of the testbed's own tbf */
#define SKEL_TESTBED_QDISC_SC  "7a2:" /* handle of a scenario's tbf */

/* What `skel testbed up` asks for.  Zero means "default" in every field. */
struct skel_testbed_config {
    unsigned nhosts;                        /* 1..SKEL_TESTBED_MAX_HOSTS */
    double cpu[SKEL_TESTBED_MAX_HOSTS];     /* CPU quota in cores (0.25 = a quarter of one core); 0:
                                               none */
    uint64_t cores[SKEL_TESTBED_MAX_HOSTS]; /* bit mask of cores; 0: core (i-1) mod ncpus */
    uint64_t link_bps[SKEL_TESTBED_MAX_HOSTS]; /* link rate in bit/s; 0: unshaped */
    unsigned slots[SKEL_TESTBED_MAX_HOSTS];    /* MPI slots; 0: number of cores of the host */
    int implicit; /* brought up by a command for its own use: stale once that process is gone */
};

struct skel_testbed_host {
    unsigned id;       /* 1-based */
    char netns[16];    /* "skh3" */
    char veth[16];     /* "skv3" */
    char addr[24];     /* "10.77.0.3" */
    double cpu;        /* quota in cores, 0: none */
    uint64_t cores;    /* bit mask */
    uint64_t link_bps; /* 0: unshaped */
    unsigned slots;
};

typedef struct skel_testbed skel_testbed;

/* Bring a testbed up.  A leftover testbed (state file or stray skh*, skv*,
 * skbr0, skel_* cgroups) is removed first; *removed_leftover (may be NULL) is
 * set to 1 when that happened.  Fails with SKEL_ESTATE if a live testbed is
 * already up (take it down first).  On failure everything created is removed. */
int skel_testbed_up(const struct skel_testbed_config *cfg, skel_testbed **out,
                    int *removed_leftover);

/* Open the testbed that is up now.  SKEL_ENOTFOUND if there is none;
 * SKEL_ESTATE if the state file is damaged or describes a testbed that is
 * not there any more (run `skel testbed down`).  An implicit testbed whose
 * owner is gone counts as not there. */
int skel_testbed_open(skel_testbed **out);

/* Take down everything Skel's testbed naming matches, with or without a state
 * file: processes in the hosts' namespaces and cgroups, scenario
 * competitors, qdiscs, veths, namespaces, the bridge, cgroups, state files.
 * *removed (may be NULL) counts the objects removed. */
int skel_testbed_down(unsigned *removed);

void skel_testbed_close(skel_testbed *tb);

/* For commands that need a testbed: open the current one or, when none is up
 * (or only a stale implicit one), bring one up implicitly with max(nhosts, 2)
 * hosts and default settings.  *implicit (may be NULL) says which happened.
 * An existing testbed is returned whatever its size: callers check the hosts
 * they use (skel_nodeset_check_testbed, skel_scenario_check). */
int skel_testbed_acquire(unsigned nhosts, skel_testbed **out, int *implicit);
/* Close tb, first taking it down if this process brought it up implicitly.
 * NULL is fine. */
int skel_testbed_release(skel_testbed *tb);

/* The token bucket (bytes) of a link limited to bps bits per second: what
 * the limit lets through at line speed before it holds to the rate. */
uint64_t skel_testbed_link_burst(uint64_t bps);

unsigned skel_testbed_nhosts(const skel_testbed *tb);
/* id is 1-based; NULL if out of range. */
const struct skel_testbed_host *skel_testbed_host(const skel_testbed *tb, unsigned id);
/* 1 if this handle's testbed was brought up implicitly by the calling process. */
int skel_testbed_is_own_implicit(const skel_testbed *tb);

/* Create (or reuse) the sub-cgroup <name> of host id in the cpu and cpuset
 * hierarchies; name is "run.<pid>" or "compete.<pid>".  The sub-group shares
 * the host's quota and cores. */
int skel_testbed_subgroup_create(unsigned id, const char *name);
/* Move pid into the sub-group (or the host's group when name is NULL). */
int skel_testbed_subgroup_join(unsigned id, const char *name, pid_t pid);
/* Kill what is left in the sub-group and remove it. */
int skel_testbed_subgroup_remove(unsigned id, const char *name);
/* Path of host id's cgroup directory in hierarchy "cpu" or "cpuset",
 * optionally of a sub-group. */
int skel_testbed_cgroup_path(const char *hierarchy, unsigned id, const char *sub, char *out,
                             size_t outlen);

/* Shape host id's link (both ends) to bps with a tbf whose handle is
 * SKEL_TESTBED_QDISC_SC; skel_testbed_link_restore() puts back the testbed's
 * own shaping (or none). */
int skel_testbed_link_limit(const skel_testbed *tb, unsigned id, uint64_t bps);
int skel_testbed_link_restore(const skel_testbed *tb, unsigned id);

/* Write a human-readable description (hosts, quotas, cores, links, processes
 * in each host's cgroup, active scenarios, leftovers) to buf. */
int skel_testbed_describe(char *buf, size_t buflen);

/* Map "10.77.0.3", "user@10.77.0.3" or "skh3" to 3; 0 if not a testbed host. */
unsigned skel_testbed_host_id(const char *name);

/* Parsers shared by the CLI, node sets and scenarios.
 * Rate: a number with an optional unit bit, kbit, mbit, gbit (tc's units,
 * powers of 1000; no unit = bit/s), e.g. "10mbit", "1.5gbit"; 8 kbit/s to
 * 100 gbit/s.  Cores: "3", "0-1", "0+2", "all". */
int skel_testbed_parse_rate(const char *s, uint64_t *bps);
int skel_testbed_parse_cores(const char *s, unsigned ncpus, uint64_t *mask);
/* Format a mask as a cpuset list ("0-1,3"). */
void skel_testbed_format_cores(uint64_t mask, char *out, size_t outlen);

/* Directory of the state files (SKEL_STATE_DIR or /run/skel). */
const char *skel_testbed_state_dir(void);

/* Serialise/parse the state file (exposed for tests).  skel_testbed_state_parse
 * reports errors as "<source>:<line>: ...". */
int skel_testbed_state_format(const struct skel_testbed_config *cfg, pid_t owner,
                              unsigned long long owner_start, int complete, char **out);
int skel_testbed_state_parse(const char *text, const char *source, struct skel_testbed_config *cfg,
                             pid_t *owner, unsigned long long *owner_start, int *complete);

#endif
