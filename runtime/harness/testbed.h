/* testbed.h - emulated clusters on one machine: one network namespace per
 * host on a bridge, optional per-host CPU quota and core pinning (cgroup v1
 * or v2, cgroup.h), optional per-host link rate (tc tbf on both ends of the
 * host's veth pair).
 *
 * Testbeds are instances: each has a name (`skel testbed up --name N`; by
 * default the one in SKEL_TESTBED, else the user's login name, so one per
 * user) and an index X (1..250) chosen when it comes up - derived from the
 * name, the next free one when another instance has it - from which every
 * object it makes is named, so that instances live side by side and each
 * finds its own again without help:
 *   bridge     skbr<X>, 10.77.X.254/24 (the address mpiexec listens on)
 *   host i     network namespace sk<X>h<i> (/run/netns/sk<X>h<i>), veth
 *              skv<X>h<i> in the root namespace paired with eth0 =
 *              10.77.X.<i>/24 inside
 *   cgroups    skel<X>/h<i> (cgroup.h), with sub-groups run.<pid> (ranks of
 *              one `skel run`) and compete.<pid> (competitors of one scenario)
 *   qdiscs     handle 7a1: (the testbed's own link rate), 7a2: (a scenario's)
 *   state      <state dir>/testbed-<name>/state, with the throttle records
 *              (throttle.h) beside it; the state directory is /run/skel, or
 *              SKEL_STATE_DIR
 * `skel testbed down --name N` removes instance N's objects only.
 *
 * Ownership: skel_testbed_up() and skel_testbed_open() allocate a handle that
 * the caller releases with skel_testbed_close(); closing never takes the
 * testbed down (skel_testbed_down() does).  The host descriptions returned
 * by skel_testbed_host() belong to the handle.
 *
 * Everything here needs root (CAP_NET_ADMIN, CAP_SYS_ADMIN); commands are run
 * as argument vectors (ip, tc), never through a shell.
 */
#ifndef SKEL_TESTBED_H
#define SKEL_TESTBED_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "cgroup.h"

#define SKEL_TESTBED_MAX_HOSTS 64
#define SKEL_TESTBED_MAX_INDEX 250
#define SKEL_TESTBED_NAME_MAX  32
#define SKEL_TESTBED_PREFIX    "10.77.0." /* testbed hosts named in node-set files */
#define SKEL_TESTBED_QDISC_TB  "7a1:"     /* handle of the testbed's own tbf */
#define SKEL_TESTBED_QDISC_SC  "7a2:"     /* handle of a scenario's tbf */

/* What `skel testbed up` asks for.  Zero means "default" in every field. */
struct skel_testbed_config {
    char name[SKEL_TESTBED_NAME_MAX + 1];   /* "": skel_testbed_default_name() */
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
    char netns[24];    /* "sk17h3" */
    char veth[16];     /* "skv17h3" */
    char addr[24];     /* "10.77.17.3" */
    double cpu;        /* quota in cores, 0: none */
    uint64_t cores;    /* bit mask */
    uint64_t link_bps; /* 0: unshaped */
    unsigned slots;
};

typedef struct skel_testbed skel_testbed;

/* The name an instance gets when none is given: SKEL_TESTBED if set, else
 * the user's login name made fit (lower case, letters, digits, '-', '_'). */
void skel_testbed_default_name(char *out, size_t len);
/* SKEL_OK if name is a valid instance name (1..32 of a-z 0-9 - _, starting
 * with a letter or digit), else SKEL_EUSAGE saying so. */
int skel_testbed_check_name(const char *name);

/* Bring instance cfg->name up.  Its own leftover (a state file of an
 * interrupted bring-up or of a dead implicit owner) is removed first;
 * *removed_leftover (may be NULL) is set to 1 when that happened.  Fails with
 * SKEL_ESTATE if it is up already (take it down first).  On failure
 * everything created is removed. */
int skel_testbed_up(const struct skel_testbed_config *cfg, skel_testbed **out,
                    int *removed_leftover);

/* Open instance name (NULL: the default name).  SKEL_ENOTFOUND if it is not
 * up; SKEL_ESTATE if its state file is damaged or describes a testbed that
 * is not there any more (take it down).  An implicit testbed whose owner is
 * gone counts as not there. */
int skel_testbed_open(const char *name, skel_testbed **out);
/* Open the instance with index X (what skel-nsexec knows from an address). */
int skel_testbed_open_index(unsigned index, skel_testbed **out);

/* Take instance name (NULL: the default) down: processes in its namespaces
 * and cgroups, scenario competitors, qdiscs, veths, namespaces, the bridge,
 * cgroups, its state and throttle records.  Nothing of another instance is
 * touched.  *removed (may be NULL) counts the objects removed; no such
 * instance is not an error (0 removed). */
int skel_testbed_down(const char *name, unsigned *removed);

/* Remove objects that match the naming but belong to no instance known in
 * the state directory (an instance whose state file was deleted, or one of
 * an older Skel: skh*, skv<N>, skbr0, skel_skh* cgroups).  Instances of
 * another state directory (SKEL_STATE_DIR) look like orphans from here. */
int skel_testbed_down_orphans(unsigned *removed);

void skel_testbed_close(skel_testbed *tb);

/* For commands that need a testbed: open the default instance or, when it is
 * not up (or only a stale implicit one), bring it up implicitly with
 * max(nhosts, 2) hosts and default settings.  *implicit (may be NULL) says
 * which happened.  An existing testbed is returned whatever its size:
 * callers check the hosts they use (skel_nodeset_check_testbed,
 * skel_scenario_check). */
int skel_testbed_acquire(unsigned nhosts, skel_testbed **out, int *implicit);
/* Close tb, first taking it down if this process brought it up implicitly.
 * NULL is fine. */
int skel_testbed_release(skel_testbed *tb);

/* Is the instance of tb still up as tb knows it (its state file names the
 * same index and its namespaces exist)?  For explaining a run that failed
 * because someone took the testbed down meanwhile. */
int skel_testbed_still_up(const skel_testbed *tb);

/* The token bucket (bytes) of a link limited to bps bits per second: what
 * the limit lets through at line speed before it holds to the rate. */
uint64_t skel_testbed_link_burst(uint64_t bps);

const char *skel_testbed_name(const skel_testbed *tb);
unsigned skel_testbed_index(const skel_testbed *tb);
const char *skel_testbed_bridge_ip(const skel_testbed *tb); /* "10.77.X.254" */
const struct skel_cgroups *skel_testbed_cgroups(const skel_testbed *tb);
/* The instance's state directory (<state dir>/testbed-<name>). */
const char *skel_testbed_dir(const skel_testbed *tb);
unsigned skel_testbed_nhosts(const skel_testbed *tb);
/* id is 1-based; NULL if out of range. */
const struct skel_testbed_host *skel_testbed_host(const skel_testbed *tb, unsigned id);
/* 1 if this handle's testbed was brought up implicitly by the calling process. */
int skel_testbed_is_own_implicit(const skel_testbed *tb);

/* Create (or reuse) the sub-cgroup <name> of host id; name is "run.<pid>" or
 * "compete.<pid>".  The sub-group shares the host's quota and cores. */
int skel_testbed_subgroup_create(const skel_testbed *tb, unsigned id, const char *name);
/* Move pid into the sub-group (or the host's group when name is NULL). */
int skel_testbed_subgroup_join(const skel_testbed *tb, unsigned id, const char *name, pid_t pid);
/* Kill what is left in the sub-group and remove it. */
int skel_testbed_subgroup_remove(const skel_testbed *tb, unsigned id, const char *name);
/* Path of host id's cgroup directory in hierarchy "cpu" or "cpuset" (the
 * same on cgroup v2), optionally of a sub-group. */
int skel_testbed_cgroup_path(const skel_testbed *tb, const char *hierarchy, unsigned id,
                             const char *sub, char *out, size_t outlen);

/* Shape host id's link (both ends) to bps with a tbf whose handle is
 * SKEL_TESTBED_QDISC_SC; skel_testbed_link_restore() puts back the testbed's
 * own shaping (or none).  Throttles go through throttle.h, which records
 * them first. */
int skel_testbed_link_limit(const skel_testbed *tb, unsigned id, uint64_t bps);
int skel_testbed_link_restore(const skel_testbed *tb, unsigned id);
/* Does host id's link carry a scenario tbf (handle 7a2:)? */
int skel_testbed_link_throttled(const skel_testbed *tb, unsigned id);

/* Write a human-readable description of every instance (hosts, quotas,
 * cores, links, processes in each host's cgroup, throttles) and of orphans
 * to buf. */
int skel_testbed_describe(char *buf, size_t buflen);

/* Map a host name to its host number: "10.77.X.N", "user@10.77.X.N",
 * "sk<X>h<N>" and (older names) "skhN" give N; 0 if not a testbed host.
 * skel_testbed_host_index() gives X (0 when the name does not say). */
unsigned skel_testbed_host_id(const char *name);
unsigned skel_testbed_host_index(const char *name);

/* Parsers shared by the CLI, node sets and scenarios.
 * Rate: a number with an optional unit bit, kbit, mbit, gbit (tc's units,
 * powers of 1000; no unit = bit/s), e.g. "10mbit", "1.5gbit"; 8 kbit/s to
 * 100 gbit/s.  Cores: "3", "0-1", "0+2", "all". */
int skel_testbed_parse_rate(const char *s, uint64_t *bps);
int skel_testbed_parse_cores(const char *s, unsigned ncpus, uint64_t *mask);
/* A mask as a cpuset list: skel_cgroups_format_cores() (cgroup.h). */
/* A rate as tc writes it ("10mbit", "unshaped" for 0). */
void skel_testbed_format_rate(uint64_t bps, char *out, size_t outlen);

/* Directory of the state files (SKEL_STATE_DIR or /run/skel). */
const char *skel_testbed_state_dir(void);

/* An instance's state file (exposed for tests).  skel_testbed_state_parse
 * reports errors as "<source>:<line>: ...". */
struct skel_testbed_state {
    struct skel_testbed_config cfg; /* with its name */
    unsigned index;
    struct skel_cgroups cgroups;
    pid_t owner; /* the process that brought it up, and its start time */
    unsigned long long owner_start;
    int complete; /* 0 while it is being brought up */
};
int skel_testbed_state_format(const struct skel_testbed_state *st, char **out);
int skel_testbed_state_parse(const char *text, const char *source, struct skel_testbed_state *st);

#endif
