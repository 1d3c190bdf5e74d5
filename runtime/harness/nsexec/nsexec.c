/* nsexec.c - skel-nsexec: Hydra's "rsh" launcher for the emulated testbed.
 *
 * mpiexec.mpich -launcher rsh -launcher-exec skel-nsexec -hosts 10.77.X.1:2,...
 * starts, for every host, `skel-nsexec HOST "PROXY" ARG...`.  The argument
 * vector is exactly what Hydra (src/pm/hydra/tools/bootstrap/external/
 * external_common_launch.c) hands to execvp: the host name (user@host when a
 * user was given), then the proxy executable wrapped in one pair of double
 * quotes - meant for the remote shell rsh/ssh would start - then the proxy's
 * options as separate words (plain tokens: --control-port 10.77.0.254:PORT,
 * --proxy-id 1, ...).  So no shell is needed: we remove that one pair of
 * quotes and execvp() the rest unchanged.  Open MPI's mpirun uses it the
 * same way as its rsh agent (--mca plm_rsh_agent skel-nsexec), with quoted
 * option values (see unquote()).
 *
 * Before exec'ing the proxy we move into the host: its cgroups (cpu quota and
 * cpuset cores; the run's sub-group named by SKEL_RUN_CGROUP when it exists),
 * its network namespace (/run/netns/skXhN), and - as `ip netns exec` does - a
 * private mount namespace with /sys remounted, so that the interfaces under
 * /sys/class/net are the host's (UCX looks there).  The ranks the proxy forks
 * inherit all of it.
 */
#include "error.h"
#include "testbed.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <unistd.h>

static int usage(void)
{
    fprintf(stderr,
            "usage: skel-nsexec HOST PROGRAM [ARG...]\n"
            "  HOST: a testbed host (10.77.X.N, user@10.77.X.N or skXhN: host N of the\n"
            "  testbed instance with index X; skhN: host N of SKEL_TESTBED or the default)\n"
            "  Runs PROGRAM inside that host (its network namespace and cgroups).  Meant to be\n"
            "  mpiexec.mpich's -launcher-exec with -launcher rsh.\n");
    return 2;
}

/* Undo the quoting meant for the remote shell that rsh/ssh would start.
 * Hydra wraps the proxy's path in one pair of double quotes and passes its
 * options as plain words; Open MPI's rsh launcher (plm_rsh) passes " orted"
 * (a leading blank) and wraps option values in double quotes ("env",
 * "tcp,self").  Removing one pair of surrounding double quotes from each
 * word, and the blanks around the program's name, gives back the words a
 * shell would have made, without a shell.  What only a shell could run
 * (Open MPI's "PATH=...; export PATH; ..." prefix, used with --prefix or an
 * mpirun called by its absolute path) is refused with that explanation. */
static int unquote(int argc, char **argv)
{
    for (int i = 2; i < argc; i++) {
        char *w = argv[i];
        if (i == 2)
            while (*w == ' ' || *w == '\t')
                w++;
        size_t len = strlen(w);
        if (i == 2)
            while (len > 0 && (w[len - 1] == ' ' || w[len - 1] == '\t'))
                w[--len] = '\0';
        if (len >= 2 && w[0] == '"' && w[len - 1] == '"') {
            w[len - 1] = '\0';
            w++;
        }
        if (strcmp(w, ";") == 0) {
            fprintf(stderr,
                    "skel-nsexec: '%s' is shell syntax, and skel-nsexec runs no shell (with Open "
                    "MPI: call mpirun by its name, without --prefix)\n",
                    argv[i]);
            return -1;
        }
        argv[i] = w;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return usage();
    unsigned id = skel_testbed_host_id(argv[1]);
    if (id == 0) {
        fprintf(stderr, "skel-nsexec: '%s' is not a testbed host (expected 10.77.X.N or skXhN)\n",
                argv[1]);
        return 255;
    }
    /* The instance: from the address (10.77.X.N names instance X), else the
     * one the harness named (SKEL_TESTBED), else the default one. */
    skel_testbed *tb = NULL;
    unsigned index = skel_testbed_host_index(argv[1]);
    int rc = index != 0 ? skel_testbed_open_index(index, &tb) : skel_testbed_open(NULL, &tb);
    if (rc != SKEL_OK) {
        fprintf(stderr, "skel-nsexec: %s: %s\n", argv[1], skel_last_error());
        return 255;
    }
    const struct skel_testbed_host *host = skel_testbed_host(tb, id);
    if (host == NULL) {
        fprintf(stderr, "skel-nsexec: testbed '%s' has no host %u\n", skel_testbed_name(tb), id);
        return 255;
    }
    if (unquote(argc, argv) != 0)
        return 255;
    char *prog = argv[2];
    /* cgroups: the run's sub-group if it exists, else the host's group. */
    const char *sub = getenv("SKEL_RUN_CGROUP");
    if (sub != NULL && *sub != '\0') {
        char path[4096];
        if (skel_testbed_cgroup_path(tb, "cpu", id, sub, path, sizeof path) != SKEL_OK ||
            access(path, F_OK) != 0)
            sub = NULL;
    } else {
        sub = NULL;
    }
    if (skel_testbed_subgroup_join(tb, id, sub, getpid()) != SKEL_OK)
        fprintf(stderr, "skel-nsexec: warning: host %u: %s (running without its CPU limits)\n", id,
                skel_last_error());
    char nspath[64], nsname[24];
    snprintf(nsname, sizeof nsname, "%s", host->netns);
    snprintf(nspath, sizeof nspath, "/run/netns/%s", nsname);
    skel_testbed_close(tb);
    int fd = open(nspath, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        fprintf(stderr, "skel-nsexec: %s: %s (is the testbed up?)\n", nspath, strerror(errno));
        return 255;
    }
    if (setns(fd, CLONE_NEWNET) != 0) {
        fprintf(stderr, "skel-nsexec: setns(%s): %s\n", nspath, strerror(errno));
        close(fd);
        return 255;
    }
    close(fd);
    /* The host's own name, so that the ranks (and their traces) can tell the
     * emulated hosts apart. */
    if (unshare(CLONE_NEWUTS) != 0 || sethostname(nsname, strlen(nsname)) != 0)
        fprintf(stderr, "skel-nsexec: warning: cannot name the host %s: %s\n", nsname,
                strerror(errno));
    /* /sys of the new network namespace, in a mount namespace of our own.
     * The cgroup hierarchies under /sys/fs/cgroup are carried over (a clone
     * of that mount tree is taken first and put back on the new sysfs), so
     * that the ranks still see their cgroups. */
    if (unshare(CLONE_NEWNS) != 0 || mount(NULL, "/", NULL, MS_SLAVE | MS_REC, NULL) != 0) {
        fprintf(stderr, "skel-nsexec: warning: no private mount namespace: %s\n", strerror(errno));
    } else {
        int cg = (int)syscall(SYS_open_tree, AT_FDCWD, "/sys/fs/cgroup",
                              OPEN_TREE_CLONE | AT_RECURSIVE | OPEN_TREE_CLOEXEC);
        if (umount2("/sys", MNT_DETACH) != 0 || mount(nsname, "/sys", "sysfs", 0, NULL) != 0)
            fprintf(stderr, "skel-nsexec: warning: cannot remount /sys for %s: %s\n", nsname,
                    strerror(errno));
        else if (cg >= 0 && syscall(SYS_move_mount, cg, "", AT_FDCWD, "/sys/fs/cgroup",
                                    MOVE_MOUNT_F_EMPTY_PATH) != 0)
            fprintf(stderr, "skel-nsexec: warning: /sys/fs/cgroup not visible in %s: %s\n", nsname,
                    strerror(errno));
        if (cg >= 0)
            close(cg);
    }
    execvp(prog, argv + 2);
    fprintf(stderr, "skel-nsexec: cannot execute '%s': %s\n", prog, strerror(errno));
    return 127;
}
