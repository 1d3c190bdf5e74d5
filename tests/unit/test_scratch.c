/* test_scratch.c - scratch directories (runtime/usecase/scratch.h): removed
 * by their command, and by the next command when their owner was killed
 * outright, never while it lives, whatever its children do. */
#include "error.h"
#include "scratch.h"
#include "tree.h"

#include <criterion/criterion.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char root[256];

static void setup(void)
{
    snprintf(root, sizeof root, "/tmp/skel-unit-scratch-root-XXXXXX");
    cr_assert_not_null(mkdtemp(root));
    setenv("TMPDIR", root, 1);
}

static void teardown(void)
{
    skel_remove_tree(root);
    unsetenv("TMPDIR");
}

static int exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

/* A child that makes a scratch directory, tells its path on fd, then (when
 * spawn is set) starts a process that outlives it, and waits to be killed. */
static pid_t owner(int spawn, char *dir, size_t len)
{
    int p[2];
    cr_assert_eq(pipe(p), 0);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        close(p[0]);
        char d[512];
        if (skel_scratch_make("unit", d, sizeof d) != SKEL_OK)
            _exit(1);
        if (spawn) {
            /* Told once the child has exec'd: the end it holds is
             * close-on-exec, like the lock's descriptor. */
            int q[2];
            char c;
            if (pipe2(q, O_CLOEXEC) != 0)
                _exit(1);
            if (fork() == 0) {
                close(q[0]);
                execlp("sleep", "sleep", "3", (char *)NULL);
                _exit(127);
            }
            close(q[1]);
            if (read(q[0], &c, 1) != 0)
                _exit(1);
            close(q[0]);
        }
        if (write(p[1], d, strlen(d) + 1) < 0)
            _exit(1);
        for (;;)
            pause();
    }
    close(p[1]);
    ssize_t n = read(p[0], dir, len - 1);
    close(p[0]);
    cr_assert_gt(n, 0, "the owner made no scratch directory");
    dir[n] = '\0';
    return pid;
}

static void kill_owner(pid_t pid)
{
    kill(pid, SIGKILL);
    int st;
    waitpid(pid, &st, 0);
}

TestSuite(scratch, .init = setup, .fini = teardown);

Test(scratch, made_locked_and_removed_with_its_files)
{
    char d[512], f[600];
    cr_assert_eq(skel_scratch_make("unit", d, sizeof d), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(strncmp(d, root, strlen(root)), 0, "%s is not under TMPDIR %s", d, root);
    snprintf(f, sizeof f, "%s/%s", d, SKEL_SCRATCH_OWNER);
    cr_assert(exists(f), "no lock file in %s", d);
    snprintf(f, sizeof f, "%s/out", d);
    FILE *fp = fopen(f, "w");
    cr_assert_not_null(fp);
    fputs("left by a run\n", fp);
    fclose(fp);
    /* Its owner lives (this process): a sweep leaves it. */
    cr_assert_eq(skel_scratch_sweep(NULL), 0);
    cr_assert(exists(f));
    cr_assert_eq(skel_scratch_remove(d), SKEL_OK);
    cr_assert(!exists(d), "%s is still there", d);
}

Test(scratch, an_owner_killed_outright_is_swept_a_live_one_is_not)
{
    char alive[512], dead[512];
    pid_t a = owner(0, alive, sizeof alive), b = owner(0, dead, sizeof dead);
    kill_owner(b);
    cr_assert(exists(dead));
    cr_assert_eq(skel_scratch_sweep(NULL), 1);
    cr_assert(!exists(dead), "the killed owner's %s was left", dead);
    cr_assert(exists(alive), "the living owner's %s was removed", alive);
    kill_owner(a);
    cr_assert_eq(skel_scratch_sweep(NULL), 1);
    cr_assert(!exists(alive));
}

Test(scratch, a_child_that_outlives_its_owner_holds_no_lock)
{
    char d[512];
    pid_t a = owner(1, d, sizeof d);
    kill_owner(a); /* its sleep lives on, reparented */
    cr_assert_eq(skel_scratch_sweep(NULL), 1, "a child of the owner kept %s locked", d);
    cr_assert(!exists(d));
}

Test(scratch, directories_without_a_lock_are_not_ours)
{
    char d[600];
    snprintf(d, sizeof d, "%s/skel-validate-abcdef", root); /* made by an older Skel */
    cr_assert_eq(mkdir(d, 0700), 0);
    cr_assert_eq(skel_scratch_sweep(NULL), 0);
    cr_assert(exists(d));
}

Test(scratch, the_first_scratch_of_a_process_sweeps)
{
    char dead[512], mine[512];
    pid_t b = owner(0, dead, sizeof dead);
    kill_owner(b);
    cr_assert_eq(skel_scratch_make("unit", mine, sizeof mine), SKEL_OK, "%s", skel_last_error());
    cr_assert(!exists(dead), "making a scratch directory left the orphan %s", dead);
    cr_assert_eq(skel_scratch_remove(mine), SKEL_OK);
}

Test(scratch, a_tmpdir_too_long_is_refused)
{
    char d[32];
    cr_assert_eq(skel_scratch_make("unit", d, sizeof d), SKEL_EUSAGE);
    cr_assert_eq(d[0], '\0');
}
