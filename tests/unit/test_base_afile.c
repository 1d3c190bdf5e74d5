/* test_base_afile.c - whole files (tracer/base/afile.c): a file replaced
 * through a temporary name is seen whole or not at all.  On every failure -
 * no directory, a rename that cannot happen, a disk that fills up while the
 * data is written or only when it is flushed, a file size limit - the old
 * file is left as it was and no temporary file is left beside it. */
#include <criterion/criterion.h>

#include "afile.h"
#include "error.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[64];

static void make_dir(void)
{
    snprintf(dir, sizeof dir, "/tmp/skel-afile-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
}

static int remove_one(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    remove(p); /* what cannot be removed stays: the test said why */
    return 0;
}

static void remove_dir(void)
{
    /* A test that mounted a tmpfs on dir and failed before unmounting it. */
    umount2(dir, MNT_DETACH);
    nftw(dir, remove_one, 8, FTW_DEPTH | FTW_PHYS);
}

TestSuite(base_afile, .init = make_dir, .fini = remove_dir);

static char *path_in(const char *name)
{
    static char p[4][256];
    static int k;
    k = (k + 1) % 4;
    snprintf(p[k], sizeof p[k], "%s/%s", dir, name);
    return p[k];
}

static void put(const char *name, const char *text)
{
    FILE *f = fopen(path_in(name), "w");
    cr_assert_not_null(f);
    fputs(text, f);
    cr_assert_eq(fclose(f), 0);
}

static char *slurp(const char *name)
{
    char *b;
    size_t n;
    cr_assert_eq(skel_read_file(path_in(name), 1 << 24, &b, &n), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(strlen(b), n);
    return b;
}

static void expect_text(const char *name, const char *text)
{
    char *b = slurp(name);
    cr_assert_str_eq(b, text, "%s", name);
    free(b);
}

/* The directory holds exactly the names given (no temporary file left). */
static void expect_entries(const char *const *names, size_t n)
{
    DIR *d = opendir(dir);
    cr_assert_not_null(d);
    size_t seen = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        int known = 0;
        for (size_t i = 0; i < n; i++)
            known |= strcmp(e->d_name, names[i]) == 0;
        cr_expect(known, "unexpected file %s/%s", dir, e->d_name);
        seen++;
    }
    closedir(d);
    cr_assert_eq(seen, n, "%zu files in %s, expected %zu", seen, dir, n);
}

#define ONLY(...)                                                                                  \
    do {                                                                                           \
        static const char *const names_[] = {__VA_ARGS__};                                         \
        expect_entries(names_, sizeof names_ / sizeof names_[0]);                                  \
    } while (0)

static void expect_eio_naming(int rc, const char *a, const char *b)
{
    cr_assert_eq(rc, SKEL_EIO, "got %s: %s", skel_errname(rc), skel_last_error());
    cr_assert(strstr(skel_last_error(), a) != NULL, "'%s' not in '%s'", a, skel_last_error());
    if (b != NULL)
        cr_assert(strstr(skel_last_error(), b) != NULL, "'%s' not in '%s'", b, skel_last_error());
}

/* ---- success ---------------------------------------------------------------------- */

Test(base_afile, writes_replaces_and_leaves_nothing_else)
{
    cr_assert_eq(skel_afile_write(path_in("out.txt"), "first\n", 6), SKEL_OK, "%s",
                 skel_last_error());
    expect_text("out.txt", "first\n");
    skel_afile *af;
    cr_assert_eq(skel_afile_open(path_in("out.txt"), &af), SKEL_OK);
    /* The temporary file sits beside the target, so the rename stays on one
     * file system, and the target is untouched until the commit. */
    cr_assert(strncmp(skel_afile_tmpname(af), path_in("out.txt"), strlen(path_in("out.txt"))) == 0);
    fprintf(skel_afile_stream(af), "second %d\n", 2);
    expect_text("out.txt", "first\n");
    cr_assert_eq(skel_afile_commit(af), SKEL_OK, "%s", skel_last_error());
    expect_text("out.txt", "second 2\n");
    /* An empty file is a file. */
    cr_assert_eq(skel_afile_write(path_in("empty"), "", 0), SKEL_OK);
    expect_text("empty", "");
    ONLY("out.txt", "empty");
}

Test(base_afile, mode_follows_the_umask)
{
    mode_t old = umask(027);
    cr_assert_eq(skel_afile_write(path_in("m"), "x", 1), SKEL_OK);
    umask(old);
    struct stat st;
    cr_assert_eq(stat(path_in("m"), &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0640, "mode %o", (unsigned)(st.st_mode & 0777));
}

Test(base_afile, two_files_for_one_target_at_once)
{
    skel_afile *a, *b;
    cr_assert_eq(skel_afile_open(path_in("t"), &a), SKEL_OK);
    cr_assert_eq(skel_afile_open(path_in("t"), &b), SKEL_OK);
    cr_assert_str_neq(skel_afile_tmpname(a), skel_afile_tmpname(b));
    fputs("a", skel_afile_stream(a));
    fputs("b", skel_afile_stream(b));
    cr_assert_eq(skel_afile_commit(b), SKEL_OK);
    cr_assert_eq(skel_afile_commit(a), SKEL_OK);
    expect_text("t", "a"); /* the last commit wins, whole */
    ONLY("t");
}

/* ---- failures: the old file stays, no temporary file ------------------------------- */

Test(base_afile, abort_keeps_the_old_file)
{
    put("keep", "old");
    skel_afile *af;
    cr_assert_eq(skel_afile_open(path_in("keep"), &af), SKEL_OK);
    fputs("new and half", skel_afile_stream(af));
    skel_afile_abort(af);
    skel_afile_abort(NULL);
    expect_text("keep", "old");
    ONLY("keep");
}

Test(base_afile, no_directory)
{
    const char *p = path_in("missing/out");
    skel_afile *af = (void *)1;
    expect_eio_naming(skel_afile_open(p, &af), p, "No such file or directory");
    cr_assert_null(af);
    expect_eio_naming(skel_afile_write(p, "x", 1), p, NULL);
    /* A file where a directory should be. */
    put("plain", "old");
    expect_eio_naming(skel_afile_write(path_in("plain/out"), "x", 1), "plain/out",
                      "Not a directory");
    expect_text("plain", "old");
    ONLY("plain");
}

Test(base_afile, rename_that_cannot_happen)
{
    /* A directory made where the file goes while it is written cannot be
     * replaced by the file: everything is written, the rename fails, the
     * temporary file goes. */
    skel_afile *af;
    cr_assert_eq(skel_afile_open(path_in("d"), &af), SKEL_OK);
    fputs("data", skel_afile_stream(af));
    cr_assert_eq(mkdir(path_in("d"), 0755), 0);
    put("d/inside", "old");
    expect_eio_naming(skel_afile_commit(af), "cannot rename", NULL);
    expect_text("d/inside", "old");
    ONLY("d");
    cr_assert_eq(skel_afile_commit(NULL), SKEL_EINTERNAL);
}

Test(base_afile, file_size_limit)
{
    /* A write beyond RLIMIT_FSIZE fails with EFBIG (SIGXFSZ ignored), at
     * any point of the file: here in the middle of a large write. */
    put("big", "old");
    signal(SIGXFSZ, SIG_IGN);
    struct rlimit rl = {.rlim_cur = 100000, .rlim_max = RLIM_INFINITY};
    cr_assert_eq(setrlimit(RLIMIT_FSIZE, &rl), 0);
    size_t n = 1 << 20;
    char *data = malloc(n);
    memset(data, 'x', n);
    expect_eio_naming(skel_afile_write(path_in("big"), data, n), path_in("big"), "too large");
    /* The same through the stream, a little at a time: the error shows at
     * the commit. */
    skel_afile *af;
    cr_assert_eq(skel_afile_open(path_in("big"), &af), SKEL_OK);
    for (int i = 0; i < 1000; i++)
        fwrite(data, 1, 1000, skel_afile_stream(af));
    expect_eio_naming(skel_afile_commit(af), path_in("big"), "write error");
    free(data);
    expect_text("big", "old");
    ONLY("big");
}

/* A tmpfs of 64 KiB mounted on dir in a mount namespace of this test's own
 * process (Criterion runs each test in one); skipped, and reported as such,
 * where the test may not mount. */
static void small_disk(void)
{
    if (unshare(CLONE_NEWNS) != 0 || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
        mount("skel-test", dir, "tmpfs", 0, "size=64k") != 0)
        cr_skip_test("cannot mount a small tmpfs here (%s): needs CAP_SYS_ADMIN", strerror(errno));
}

Test(base_afile, full_disk)
{
    small_disk();
    put("f", "old");
    size_t n = 256 << 10;
    char *data = malloc(n);
    memset(data, 'y', n);
    /* The disk fills in the middle of the write... */
    expect_eio_naming(skel_afile_write(path_in("f"), data, n), path_in("f"),
                      "No space left on device");
    expect_text("f", "old");
    ONLY("f");
    /* ... or only when the buffer (64 KiB) is flushed at the commit: 63 KiB
     * do not fit beside the old file. */
    skel_afile *af;
    cr_assert_eq(skel_afile_open(path_in("f"), &af), SKEL_OK);
    cr_assert_eq(fwrite(data, 1, 63 << 10, skel_afile_stream(af)), 63 << 10);
    cr_assert_eq(ferror(skel_afile_stream(af)), 0, "nothing written yet");
    expect_eio_naming(skel_afile_commit(af), path_in("f"), "write error: No space left on device");
    expect_text("f", "old");
    ONLY("f");
    /* Afterwards the disk is as empty as before: what fits is written. */
    cr_assert_eq(skel_afile_write(path_in("f"), data, 1000), SKEL_OK, "%s", skel_last_error());
    free(data);
    umount2(dir, MNT_DETACH);
}

Test(base_afile, files_committed_together)
{
    small_disk();
    put("a", "old a");
    put("b", "old b");
    put("c", "old c");
    size_t n = 200 << 10;
    char *data = malloc(n);
    memset(data, 'z', n);
    skel_afile *af[3];
    for (int i = 0; i < 3; i++)
        cr_assert_eq(skel_afile_open(path_in(i == 0 ? "a" : i == 1 ? "b" : "c"), &af[i]), SKEL_OK);
    fputs("new a", skel_afile_stream(af[0]));
    fputs("new b", skel_afile_stream(af[1]));
    fwrite(data, 1, n, skel_afile_stream(af[2])); /* does not fit */
    expect_eio_naming(skel_afile_commit_all(af, 3), path_in("c"), NULL);
    for (int i = 0; i < 3; i++)
        cr_assert_null(af[i]);
    /* None replaced, although a and b were written whole. */
    expect_text("a", "old a");
    expect_text("b", "old b");
    expect_text("c", "old c");
    ONLY("a", "b", "c");
    for (int i = 0; i < 3; i++)
        cr_assert_eq(skel_afile_open(path_in(i == 0 ? "a" : i == 1 ? "b" : "c"), &af[i]), SKEL_OK);
    for (int i = 0; i < 3; i++)
        fprintf(skel_afile_stream(af[i]), "new %d", i);
    cr_assert_eq(skel_afile_commit_all(af, 3), SKEL_OK, "%s", skel_last_error());
    expect_text("a", "new 0");
    expect_text("b", "new 1");
    expect_text("c", "new 2");
    ONLY("a", "b", "c");
    free(data);
    umount2(dir, MNT_DETACH);
}

/* ---- streams and reading ------------------------------------------------------------ */

Test(base_afile, stream_close_reports_a_full_device)
{
    FILE *f = fopen("/dev/full", "w");
    cr_assert_not_null(f);
    fputs("results\n", f);
    expect_eio_naming(skel_stream_close(f, "stdout"), "stdout: write error",
                      "No space left on device");
    f = fopen(path_in("fine"), "w");
    fputs("x", f);
    cr_assert_eq(skel_stream_close(f, "fine"), SKEL_OK);
}

Test(base_afile, read_file_limits)
{
    put("r", "0123456789");
    char *b = (void *)1;
    size_t n = 99;
    cr_assert_eq(skel_read_file(path_in("r"), 10, &b, &n), SKEL_OK);
    cr_assert_eq(n, 10);
    cr_assert_str_eq(b, "0123456789");
    free(b);
    cr_assert_eq(skel_read_file(path_in("r"), 9, &b, &n), SKEL_ERANGE);
    cr_assert_null(b);
    cr_assert(strstr(skel_last_error(), "larger than the 9 bytes accepted") != NULL, "%s",
              skel_last_error());
    cr_assert_eq(skel_read_file(path_in("none"), 10, &b, &n), SKEL_ENOTFOUND);
    cr_assert(strstr(skel_last_error(), path_in("none")) != NULL);
    /* A directory opens but does not read. */
    cr_assert_eq(skel_read_file(dir, 10, &b, &n), SKEL_EIO);
    cr_assert(strstr(skel_last_error(), "Is a directory") != NULL, "%s", skel_last_error());
    /* Something endless stops at the limit. */
    cr_assert_eq(skel_read_file("/dev/zero", 100000, &b, &n), SKEL_ERANGE);
    /* Larger than one read, with NUL bytes kept. */
    size_t big = 100000;
    char *data = calloc(1, big);
    data[big - 1] = 'e';
    cr_assert_eq(skel_afile_write(path_in("big"), data, big), SKEL_OK);
    cr_assert_eq(skel_read_file(path_in("big"), big, &b, &n), SKEL_OK);
    cr_assert_eq(n, big);
    cr_assert_eq(memcmp(b, data, big), 0);
    cr_assert_eq(b[big], '\0');
    free(b);
    free(data);
}

/* A device is written in place, never replaced by a file: /dev/full keeps
 * being the device and its write error is reported. */
Test(base_afile, device_written_in_place)
{
    struct stat before, after;
    cr_assert_eq(stat("/dev/full", &before), 0);
    cr_assert(S_ISCHR(before.st_mode));
    skel_afile *af;
    cr_assert_eq(skel_afile_open("/dev/full", &af), SKEL_OK);
    for (int i = 0; i < 100000; i++)
        fputs("some output that does not fit\n", skel_afile_stream(af));
    cr_assert_eq(skel_afile_commit(af), SKEL_EIO);
    cr_assert_not_null(strstr(skel_last_error(), "/dev/full"), "%s", skel_last_error());
    cr_assert_eq(stat("/dev/full", &after), 0);
    cr_assert(S_ISCHR(after.st_mode), "/dev/full was replaced by a file");
    cr_assert_eq(after.st_rdev, before.st_rdev);
}

/* A FIFO the user named is written into, and the reader gets everything. */
Test(base_afile, fifo_written_in_place)
{
    char fifo[128];
    snprintf(fifo, sizeof fifo, "%s/out.fifo", dir);
    cr_assert_eq(mkfifo(fifo, 0600), 0);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        skel_afile *af;
        if (skel_afile_open(fifo, &af) != SKEL_OK)
            _exit(1);
        fputs("through the pipe\n", skel_afile_stream(af));
        _exit(skel_afile_commit(af) == SKEL_OK ? 0 : 2);
    }
    FILE *r = fopen(fifo, "r");
    cr_assert_not_null(r);
    char line[64] = "";
    cr_assert_not_null(fgets(line, sizeof line, r));
    fclose(r);
    int status;
    cr_assert_eq(waitpid(pid, &status, 0), pid);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    cr_assert_str_eq(line, "through the pipe\n");
    struct stat st;
    cr_assert_eq(stat(fifo, &st), 0);
    cr_assert(S_ISFIFO(st.st_mode), "the FIFO was replaced by a file");
}

/* A directory is not a file to write. */
Test(base_afile, directory_refused)
{
    skel_afile *af = NULL;
    cr_assert_eq(skel_afile_open(dir, &af), SKEL_EIO);
    cr_assert_null(af);
    cr_assert_not_null(strstr(skel_last_error(), "is a directory"), "%s", skel_last_error());
}
