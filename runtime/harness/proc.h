/* proc.h - child processes of the harness: spawning argument vectors (never
 * a shell), process groups, waiting with a deadline, killing what a run left
 * behind, and the termination-signal handling every long-running command uses.
 *
 * Ownership: nothing here keeps a pointer to the caller's argv, envp or
 * options after returning.  skel_proc_run() hands back a malloc'd copy of the
 * child's stderr only on request; the caller frees it.  The signal state is
 * process-wide (one harness per process).
 *
 * Signals: skel_proc_signals_install() makes SIGINT, SIGTERM and SIGHUP
 * record themselves, send SIGTERM to every process group registered with
 * skel_proc_guard(), and wake skel_proc_wait().  It does nothing else inside
 * the handler: undoing a scenario or a testbed happens in the normal flow of
 * the program, which sees skel_proc_interrupted() != 0, unwinds through its
 * `out:` labels and exits with 128 + signal (130 for SIGINT, 143 for SIGTERM).
 */
#ifndef SKEL_PROC_H
#define SKEL_PROC_H

#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

struct skel_proc_opts {
    char *const *envp;       /* NULL: inherit the harness's environment */
    const char *stdin_path;  /* NULL: inherit; else opened read-only */
    const char *stdout_path; /* NULL: inherit; else created/truncated */
    const char *stderr_path; /* NULL: inherit; else created/truncated */
    int new_pgroup;          /* 1: the child leads a new process group */
    pid_t join_pgroup;       /* > 0 (and new_pgroup 0): join this existing process group */
    int death_signal;        /* 0, or a signal the child gets when the harness dies */
};

/* Start argv[0] (looked up in PATH) with argv.  Fails with SKEL_EEXEC and a
 * detail naming the program when it cannot be executed (the child reports
 * exec errors back over a close-on-exec pipe, so this is known before return). */
int skel_proc_spawn(char *const argv[], const struct skel_proc_opts *opts, pid_t *pid);

/* Like skel_proc_spawn, but the child runs fn(arg) and _exit()s with its
 * return value instead of executing a program.  The child starts with default
 * signal dispositions. */
int skel_proc_spawn_fn(int (*fn)(void *), void *arg, const struct skel_proc_opts *opts, pid_t *pid);

/* Wait for pid to end, at most timeout_s seconds (<= 0: no limit).  Returns
 * SKEL_OK and the wait status, SKEL_ETIMEOUT when the deadline passed, or
 * SKEL_EINTERRUPTED when a termination signal arrived; in the last two cases
 * the child is still running and not reaped.  *elapsed_s (may be NULL) gets
 * the time spent waiting (CLOCK_MONOTONIC). */
int skel_proc_wait(pid_t pid, double timeout_s, int *wstatus, double *elapsed_s);

/* Run argv to completion (at most timeout_s seconds, <= 0: no limit) with
 * stdin from /dev/null, and require exit status 0.  On failure the detail
 * names the command and quotes what it wrote to stderr.  *out (may be NULL)
 * receives its standard output on success (malloc'd, caller frees).  Not cut
 * short by termination signals: cleanup commands run to completion. */
int skel_proc_run(char *const argv[], double timeout_s, char **out);

/* Terminate the process group pgid: SIGTERM, up to grace_s seconds for
 * leader (if > 0) to exit, then SIGKILL to the group.  Reaps leader. */
void skel_proc_kill_group(pid_t pgid, pid_t leader, double grace_s);

/* Make the calling process a child subreaper, so that descendants orphaned
 * by a killed mpiexec (Hydra puts proxies and ranks in sessions of their own)
 * are re-parented here and can be found by skel_proc_kill_orphans(). */
int skel_proc_become_subreaper(void);

/* The current children of this process (malloc'd array, caller frees). */
int skel_proc_children(pid_t **pids, size_t *n);

/* SIGKILL and reap every child of this process whose pid or process group
 * is not in keep[0..nkeep-1] (take keep from skel_proc_children() before
 * starting the thing whose orphans are to go); returns how many were killed. */
int skel_proc_kill_orphans(const pid_t *keep, size_t nkeep);

/* Kill (SIGKILL) every process whose network namespace is the one bound at
 * netns_path (e.g. /run/netns/skh1); returns how many were signalled. */
int skel_proc_kill_netns(const char *netns_path);

/* Kill (SIGKILL) every process listed in cgroup_dir/cgroup.procs, repeating
 * until it is empty or a few rounds have passed; returns SKEL_OK when empty. */
int skel_proc_kill_cgroup(const char *cgroup_dir);

/* Start time of pid in clock ticks since boot (field 22 of /proc/PID/stat),
 * 0 if there is no such process.  A (pid, start time) pair names a process
 * without the risk of pid reuse; state files record both. */
unsigned long long skel_proc_start_time(pid_t pid);

/* Termination signals (see the top of this file). */
int skel_proc_signals_install(void);
void skel_proc_signals_restore(void);
int skel_proc_interrupted(void); /* the signal received, or 0 */
/* The same as a flag a long computation can watch (struct skel_lbf_opts.stop). */
const volatile sig_atomic_t *skel_proc_interrupt_flag(void);
int skel_proc_guard(pid_t pgid); /* SKEL_ESTATE if the registry is full */
void skel_proc_unguard(pid_t pgid);

/* Exit status for an interrupted command: 128 + signal (130, 143, 129). */
int skel_proc_interrupt_status(void);

#endif
