/* test_proc.c - child processes: exec errors, captured output, deadlines,
 * process groups, orphans. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "error.h"
#include "proc.h"

Test(proc, run_captures_output_and_errors)
{
    char *out = NULL;
    char *const echo[] = {"echo", "hello", NULL};
    cr_assert_eq(skel_proc_run(echo, 10, &out), SKEL_OK);
    cr_assert_str_eq(out, "hello\n");
    free(out);
    char *const sh[] = {"sh", "-c", "echo oops >&2; exit 3", NULL};
    cr_assert_eq(skel_proc_run(sh, 10, &out), SKEL_EEXEC);
    cr_assert_null(out);
    cr_assert(strstr(skel_last_error(), "status 3: oops") != NULL, "%s", skel_last_error());
    char *const none[] = {"/nonexistent/program", NULL};
    cr_assert_eq(skel_proc_run(none, 10, NULL), SKEL_EEXEC);
    cr_assert(strstr(skel_last_error(), "/nonexistent/program") != NULL, "%s", skel_last_error());
    char *const slow[] = {"sleep", "10", NULL};
    cr_assert_eq(skel_proc_run(slow, 0.2, NULL), SKEL_ETIMEOUT);
}

/* Live (not zombie) processes in process group pgid. */
static int live_in_group(pid_t pgid)
{
    int n = 0;
    DIR *d = opendir("/proc");
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
        char path[300], buf[512];
        snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
        FILE *f = fopen(path, "r");
        if (f == NULL)
            continue;
        size_t len = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        buf[len] = '\0';
        char *p = strrchr(buf, ')');
        char state;
        int ppid, pgrp;
        if (p != NULL && sscanf(p + 1, " %c %d %d", &state, &ppid, &pgrp) == 3 && pgrp == pgid &&
            state != 'Z')
            n++;
    }
    if (d != NULL)
        closedir(d);
    return n;
}

Test(proc, spawn_wait_timeout_and_group_kill)
{
    char *const slow[] = {"sh", "-c", "sleep 30 & sleep 30", NULL};
    struct skel_proc_opts o = {.new_pgroup = 1};
    pid_t pid;
    int st;
    cr_assert_eq(skel_proc_spawn(slow, &o, &pid), SKEL_OK);
    cr_assert_eq(getpgid(pid), pid);
    cr_assert_eq(skel_proc_wait(pid, 0.2, &st, NULL), SKEL_ETIMEOUT);
    cr_assert_geq(live_in_group(pid), 1);
    skel_proc_kill_group(pid, pid, 1.0);
    for (int i = 0; i < 100 && live_in_group(pid) > 0; i++)
        usleep(10000);
    cr_assert_eq(live_in_group(pid), 0); /* the whole group is gone */
}

Test(proc, spawn_reports_bad_redirection)
{
    char *const t[] = {"true", NULL};
    struct skel_proc_opts o = {.stdout_path = "/nonexistent-dir/out"};
    pid_t pid;
    cr_assert_eq(skel_proc_spawn(t, &o, &pid), SKEL_EEXEC);
    cr_assert(strstr(skel_last_error(), "/nonexistent-dir/out") != NULL, "%s", skel_last_error());
}

static int child_exit7(void *arg)
{
    (void)arg;
    return 7;
}

Test(proc, spawn_fn_and_exit_status)
{
    pid_t pid;
    int st = 0;
    double el = -1;
    cr_assert_eq(skel_proc_spawn_fn(child_exit7, NULL, NULL, &pid), SKEL_OK);
    cr_assert_eq(skel_proc_wait(pid, 10, &st, &el), SKEL_OK);
    cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 7);
    cr_assert(el >= 0);
}

Test(proc, orphans_are_collected)
{
    cr_assert_eq(skel_proc_become_subreaper(), SKEL_OK);
    pid_t *keep = NULL;
    size_t nkeep = 0;
    cr_assert_eq(skel_proc_children(&keep, &nkeep), SKEL_OK);
    /* The shell leaves a background sleep behind: it is re-parented to us. */
    char *const sh[] = {"sh", "-c", "setsid sleep 30 >/dev/null 2>&1 & exit 0", NULL};
    cr_assert_eq(skel_proc_run(sh, 10, NULL), SKEL_OK);
    usleep(100000);
    cr_assert_geq(skel_proc_kill_orphans(keep, nkeep), 1);
    cr_assert_eq(skel_proc_kill_orphans(keep, nkeep), 0);
    free(keep);
}

Test(proc, start_time)
{
    cr_assert_neq(skel_proc_start_time(getpid()), 0);
    cr_assert_eq(skel_proc_start_time(0), 0);
}

Test(proc, signals_interrupt_wait)
{
    cr_assert_eq(skel_proc_signals_install(), SKEL_OK);
    char *const slow[] = {"sleep", "30", NULL};
    struct skel_proc_opts o = {.new_pgroup = 1};
    pid_t pid;
    int st;
    cr_assert_eq(skel_proc_spawn(slow, &o, &pid), SKEL_OK);
    cr_assert_eq(skel_proc_guard(pid), SKEL_OK);
    kill(getpid(), SIGTERM);
    /* The handler sent SIGTERM to the guarded group; the wait ends either way. */
    int rc = skel_proc_wait(pid, 10, &st, NULL);
    cr_assert(rc == SKEL_EINTERRUPTED || rc == SKEL_OK, "%s", skel_errname(rc));
    cr_assert_eq(skel_proc_interrupted(), SIGTERM);
    cr_assert_eq(skel_proc_interrupt_status(), 143);
    skel_proc_kill_group(pid, pid, 1.0);
    skel_proc_unguard(pid);
    skel_proc_signals_restore();
}
