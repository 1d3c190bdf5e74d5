/* test_base_adir.c - directories replaced whole (tracer/base/adir.c): the
 * new contents are built beside the directory and put in its place only at
 * the commit; an abort leaves the old directory as it was; a second builder
 * of the same directory is refused while the first one works; a new
 * directory left by a killed builder is removed by the next one; the commit
 * waits for readers; entries the new contents do not replace are kept when
 * asked for. */
#include <criterion/criterion.h>

#include "adir.h"
#include "error.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char top[64], target[128];

static void setup(void)
{
    snprintf(top, sizeof top, "/tmp/skel-adir-XXXXXX");
    cr_assert_not_null(mkdtemp(top));
    snprintf(target, sizeof target, "%s/trace", top);
}

static void teardown(void)
{
    skel_rmtree(top);
}

static void put(const char *dir, const char *name, const char *text)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    cr_assert_not_null(f, "%s: %s", p, strerror(errno));
    fputs(text, f);
    fclose(f);
}

/* The content of dir/name, or "" when absent. */
static const char *get(const char *dir, const char *name)
{
    static char buf[256];
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    buf[0] = '\0';
    FILE *f = fopen(p, "r");
    if (f == NULL)
        return buf;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* The names in top, sorted, blank-separated. */
static const char *listing(const char *dir)
{
    static char buf[1024];
    struct dirent **v;
    int n = scandir(dir, &v, NULL, alphasort);
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (v[i]->d_name[0] != '.') {
            strcat(buf, buf[0] ? " " : "");
            strcat(buf, v[i]->d_name);
        }
        free(v[i]);
    }
    free(v);
    return buf;
}

TestSuite(base_adir, .init = setup, .fini = teardown);

Test(base_adir, new_directory_appears_at_commit)
{
    skel_adir *ad;
    cr_assert_eq(skel_adir_open(target, 0, &ad, NULL), SKEL_OK, "%s", skel_last_error());
    cr_assert(skel_adir_is_empty(ad));
    put(skel_adir_path(ad), "meta", "new");
    cr_assert(!skel_adir_is_empty(ad));
    cr_assert_str_eq(listing(top), "trace.skel-new", "nothing at the target before the commit");
    cr_assert_eq(skel_adir_commit(ad), SKEL_OK, "%s", skel_last_error());
    cr_assert_str_eq(listing(top), "trace");
    cr_assert_str_eq(get(target, "meta"), "new");
}

Test(base_adir, old_contents_replaced_whole)
{
    mkdir(target, 0755);
    put(target, "meta", "old");
    put(target, "rank-000000.skt", "old0");
    put(target, "rank-000001.skt", "old1");
    skel_adir *ad;
    cr_assert_eq(skel_adir_open(target, 0, &ad, NULL), SKEL_OK, "%s", skel_last_error());
    put(skel_adir_path(ad), "meta", "new");
    put(skel_adir_path(ad), "rank-000000.skt", "new0");
    /* Until the commit, the old trace is whole. */
    cr_assert_str_eq(listing(target), "meta rank-000000.skt rank-000001.skt");
    cr_assert_str_eq(get(target, "rank-000000.skt"), "old0");
    cr_assert_eq(skel_adir_commit(ad), SKEL_OK, "%s", skel_last_error());
    cr_assert_str_eq(listing(target), "meta rank-000000.skt", "no file of the old trace is left");
    cr_assert_str_eq(get(target, "meta"), "new");
    cr_assert_str_eq(listing(top), "trace");
}

Test(base_adir, abort_leaves_the_old_directory)
{
    mkdir(target, 0755);
    put(target, "meta", "old");
    skel_adir *ad;
    cr_assert_eq(skel_adir_open(target, 0, &ad, NULL), SKEL_OK, "%s", skel_last_error());
    put(skel_adir_path(ad), "meta", "new");
    skel_adir_abort(ad);
    cr_assert_str_eq(listing(top), "trace");
    cr_assert_str_eq(get(target, "meta"), "old");
    skel_adir_abort(NULL);
}

Test(base_adir, keep_carries_other_entries)
{
    mkdir(target, 0755);
    put(target, "skeleton.c", "old source");
    put(target, "skeleton", "old binary");
    put(target, "app.sig", "signature");
    char sub[256];
    snprintf(sub, sizeof sub, "%s/trace", target);
    mkdir(sub, 0755);
    put(sub, "meta", "the trace");
    skel_adir *ad;
    cr_assert_eq(skel_adir_open(target, SKEL_ADIR_KEEP, &ad, NULL), SKEL_OK, "%s",
                 skel_last_error());
    put(skel_adir_path(ad), "skeleton.c", "new source");
    put(skel_adir_path(ad), "skeleton", "new binary");
    cr_assert_eq(skel_adir_commit(ad), SKEL_OK, "%s", skel_last_error());
    cr_assert_str_eq(listing(target), "app.sig skeleton skeleton.c trace");
    cr_assert_str_eq(get(target, "skeleton"), "new binary");
    cr_assert_str_eq(get(target, "app.sig"), "signature");
    cr_assert_str_eq(get(sub, "meta"), "the trace");
    cr_assert_str_eq(listing(top), "trace");
}

Test(base_adir, second_builder_refused_while_the_first_works)
{
    skel_adir *a, *b = (void *)1;
    cr_assert_eq(skel_adir_open(target, 0, &a, NULL), SKEL_OK, "%s", skel_last_error());
    /* Another process claiming the same directory. */
    pid_t pid = fork();
    if (pid == 0) {
        int rc = skel_adir_open(target, 0, &b, NULL);
        _exit(rc == SKEL_ESTATE && strstr(skel_last_error(), "another skel command") != NULL ? 0
                                                                                             : 1);
    }
    int st;
    cr_assert_eq(waitpid(pid, &st, 0), pid);
    cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0, "the second builder was not refused");
    put(skel_adir_path(a), "meta", "first");
    cr_assert_eq(skel_adir_commit(a), SKEL_OK, "%s", skel_last_error());
    cr_assert_str_eq(get(target, "meta"), "first");
}

Test(base_adir, killed_builder_leftover_removed)
{
    char stage[256];
    snprintf(stage, sizeof stage, "%s%s", target, SKEL_ADIR_SUFFIX);
    mkdir(stage, 0755);
    put(stage, "rank-000000.skt", "half");
    skel_adir *ad;
    int stale = 0;
    cr_assert_eq(skel_adir_open(target, 0, &ad, &stale), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(stale, 1);
    cr_assert(skel_adir_is_empty(ad), "the leftover's files were not removed");
    skel_adir_abort(ad);
    cr_assert_str_eq(listing(top), "");
}

Test(base_adir, commit_waits_for_readers)
{
    mkdir(target, 0755);
    put(target, "meta", "old");
    int rfd;
    cr_assert_eq(skel_adir_read_lock(target, &rfd), SKEL_OK);
    cr_assert_geq(rfd, 0);
    pid_t pid = fork();
    if (pid == 0) {
        close(rfd); /* the reader's lock is the parent's, not this writer's */
        skel_adir *ad;
        if (skel_adir_open(target, 0, &ad, NULL) != SKEL_OK)
            _exit(1);
        put(skel_adir_path(ad), "meta", "new");
        _exit(skel_adir_commit(ad) == SKEL_OK ? 0 : 2);
    }
    /* However long the writer takes, the reader sees the old trace. */
    usleep(300000);
    cr_assert_str_eq(get(target, "meta"), "old");
    close(rfd);
    int st;
    cr_assert_eq(waitpid(pid, &st, 0), pid);
    cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0, "writer failed: %d", st);
    cr_assert_str_eq(get(target, "meta"), "new");
    /* A reader locks whatever is there now. */
    cr_assert_eq(skel_adir_read_lock(target, &rfd), SKEL_OK);
    close(rfd);
    char none[256];
    snprintf(none, sizeof none, "%s/none", top);
    cr_assert_eq(skel_adir_read_lock(none, &rfd), SKEL_OK);
    cr_assert_eq(rfd, -1);
}

Test(base_adir, refusals)
{
    skel_adir *ad = (void *)1;
    char file[256], nodir[256];
    snprintf(file, sizeof file, "%s/file", top);
    put(top, "file", "x");
    cr_assert_eq(skel_adir_open(file, 0, &ad, NULL), SKEL_EUSAGE);
    cr_assert(strstr(skel_last_error(), "not a directory") != NULL, "%s", skel_last_error());
    snprintf(nodir, sizeof nodir, "%s/missing/trace", top);
    cr_assert_eq(skel_adir_open(nodir, 0, &ad, NULL), SKEL_EIO);
    cr_assert(strstr(skel_last_error(), "missing/trace") != NULL, "%s", skel_last_error());
    cr_assert_eq(skel_adir_commit(NULL), SKEL_EINTERNAL);
}
