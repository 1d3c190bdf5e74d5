/* cgroup.h - the testbed's control groups, on cgroup v1 or v2, whichever the
 * machine has (skel_cgroups_detect()).
 *
 * A testbed instance with index X (testbed.h) has one group per host i:
 *
 *   v1  ROOT/cpu/skel<X>/h<i>     cpu.cfs_period_us = 10000, cpu.cfs_quota_us = quota x 10000
 *                                 (-1: no limit)
 *       ROOT/cpuset/skel<X>/h<i>  cpuset.cpus = the host's cores, cpuset.mems = the
 *                                 machine's, cgroup.clone_children = 1 (sub-groups copy them)
 *   v2  BASE/skel<X>/h<i>         cpu.max = "QUOTA 10000" ("max 10000": no limit),
 *                                 cpuset.cpus = the host's cores
 * and the instance group skel<X> weighs as many machines as it has hosts
 * (v1 cpu.shares = 1024 x hosts, v2 cpu.weight = 100 x hosts).
 *
 * BASE, the delegation root on v2, is the nearest cgroup from the current
 * process's up (the current one included) that holds no process itself: a
 * cgroup with processes cannot hand controllers to children.  For a root
 * login shell on Debian 12 that is user.slice/user-0.slice; the environment
 * variable SKEL_CGROUP_BASE names another (a directory under ROOT, e.g. a
 * unit's cgroup delegated with Delegate=yes).  "+cpu +cpuset" is written to
 * the cgroup.subtree_control of every cgroup from ROOT down to BASE that
 * does not offer them yet, and to skel<X>'s.  No controller is enabled below
 * a host, so its sub-groups run.<pid> (the ranks of one run) and
 * compete.<pid> (a scenario's competitors) are in its resource domain: they
 * share its quota and cores, and processes may live in the host group and
 * in its sub-groups alike.
 *
 * ROOT is /sys/fs/cgroup; tests pass a synthetic tree (a directory laid out
 * like it) and the text of /proc/self/cgroup.  Writes open the interface
 * files with O_CREAT (a no-op on a cgroup file system, where the files
 * exist), so that the synthetic tree records every value written;
 * cgroup.procs is appended to, one pid per write, as the kernel takes it.
 *
 * Ownership: struct skel_cgroups is a plain value, copied freely.
 */
#ifndef SKEL_CGROUP_H
#define SKEL_CGROUP_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define SKEL_CGROUP_ROOT      "/sys/fs/cgroup"
#define SKEL_CGROUP_PERIOD_US 10000

struct skel_cgroups {
    int version;         /* 1 or 2 */
    char root[PATH_MAX]; /* where cgroups are mounted */
    char base[PATH_MAX]; /* v2: the delegation root, absolute; v1: "" */
};

/* Which cgroups this machine has: v2 when ROOT/cgroup.controllers exists
 * (the unified hierarchy) and offers cpu and cpuset, else v1 when ROOT/cpu
 * and ROOT/cpuset exist.  root NULL: SKEL_CGROUP_ROOT; self: the text of
 * /proc/self/cgroup (NULL: read it).  SKEL_EUNSUPPORTED, saying what is
 * missing, when neither is usable. */
int skel_cgroups_detect(const char *root, const char *self, struct skel_cgroups *out);

/* "v1" or "v2 BASE", for messages and state files; skel_cgroups_parse()
 * reads it back (with the root). */
void skel_cgroups_format(const struct skel_cgroups *cg, char *out, size_t len);
int skel_cgroups_parse(const char *text, const char *root, struct skel_cgroups *out);

/* The directory of a group: the instance (host 0, sub NULL), a host, or a
 * sub-group of a host.  ctrl is "cpu" or "cpuset" (the v1 hierarchy; the
 * same directory on v2). */
int skel_cgroups_path(const struct skel_cgroups *cg, const char *ctrl, unsigned index,
                      unsigned host, const char *sub, char *out, size_t len);

/* The instance's groups (v2: the controllers enabled down to it), weighted
 * as nhosts machines against the rest of the system (v1 cpu.shares =
 * 1024 x nhosts, v2 cpu.weight = 100 x nhosts): each host competes with
 * other load as a group of its own at the top level would. */
int skel_cgroups_make_instance(const struct skel_cgroups *cg, unsigned index, unsigned nhosts);
/* Host group: quota in cores (0: none), cores as a bit mask. */
int skel_cgroups_make_host(const struct skel_cgroups *cg, unsigned index, unsigned host, double cpu,
                           uint64_t cores);
/* A sub-group of a host ("run.<pid>", "compete.<pid>"). */
int skel_cgroups_make_sub(const struct skel_cgroups *cg, unsigned index, unsigned host,
                          const char *sub);
/* Move pid into a host's group or one of its sub-groups (sub NULL: the host's). */
int skel_cgroups_join(const struct skel_cgroups *cg, unsigned index, unsigned host, const char *sub,
                      pid_t pid);
/* Kill every process in a group and below, and remove the groups (children
 * first): a sub-group, a host (sub NULL), or the whole instance (host 0).
 * *removed (may be NULL) counts the groups removed. */
int skel_cgroups_remove(const struct skel_cgroups *cg, unsigned index, unsigned host,
                        const char *sub, unsigned *removed);
/* Processes in a group and below. */
unsigned skel_cgroups_count(const struct skel_cgroups *cg, unsigned index, unsigned host);
/* The sub-groups of a host: fn(arg, name) for each. */
int skel_cgroups_each_sub(const struct skel_cgroups *cg, unsigned index, unsigned host,
                          void (*fn)(void *arg, const char *name), void *arg);
/* Instance indexes that have groups: fn(arg, index) for each. */
int skel_cgroups_each_instance(const struct skel_cgroups *cg, void (*fn)(void *arg, unsigned index),
                               void *arg);

/* A sub-group name Skel makes: letters, digits, '.', '_', '-'; not starting with '.'. */
int skel_cgroups_valid_sub(const char *name);

/* A set of cores as a cpuset list ("0-1,3"), truncated to fit len. */
void skel_cgroups_format_cores(uint64_t mask, char *out, size_t len);

#endif
