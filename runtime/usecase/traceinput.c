/* traceinput.c - a Skel trace or an OTF2 archive as a trace directory
 * (traceinput.h). */
#include "traceinput.h"

#include "error.h"
#include "scratch.h"
#include "tree.h"
#include "usecase.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* ---- Removal on a termination signal ---------------------------------------------------- */

/* The temporary directory of the open input (one at a time per process), and
 * the handlers it replaced. */
static char pending_root[PATH_MAX];
static volatile sig_atomic_t have_pending;
static struct sigaction saved[3];
static const int sigs[3] = {SIGINT, SIGTERM, SIGHUP};

struct linux_dirent64 {
    uint64_t d_ino;
    int64_t d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

/* Remove dirfd's entries and below, with async-signal-safe system calls only
 * (the tree is an imported trace: two levels of plain files). */
static void remove_below(int dirfd, int depth)
{
    char buf[4096];
    for (;;) {
        long n = syscall(SYS_getdents64, dirfd, buf, sizeof buf);
        if (n <= 0)
            return;
        for (long off = 0; off < n;) {
            struct linux_dirent64 *d = (struct linux_dirent64 *)(buf + off);
            off += d->d_reclen;
            if (d->d_name[0] == '.' &&
                (d->d_name[1] == '\0' || (d->d_name[1] == '.' && d->d_name[2] == '\0')))
                continue;
            if (unlinkat(dirfd, d->d_name, 0) == 0 || depth >= 4)
                continue;
            int sub = openat(dirfd, d->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
            if (sub >= 0) {
                remove_below(sub, depth + 1);
                close(sub);
            }
            unlinkat(dirfd, d->d_name, AT_REMOVEDIR);
        }
        /* The directory changed under the listing: list it again. */
        lseek(dirfd, 0, SEEK_SET);
    }
}

static void on_signal(int sig)
{
    if (have_pending) {
        int fd = open(pending_root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
        if (fd >= 0) {
            remove_below(fd, 0);
            close(fd);
        }
        rmdir(pending_root);
    }
    /* Then what would have happened without us. */
    for (int i = 0; i < 3; i++)
        if (sigs[i] == sig)
            sigaction(sig, &saved[i], NULL);
    raise(sig);
}

static void guard(const char *root)
{
    snprintf(pending_root, sizeof pending_root, "%s", root);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 3; i++) {
        sigaction(sigs[i], NULL, &saved[i]);
        /* Keep a handler somebody else installed (the harness's): it
         * unwinds through skel_trace_input_close() anyway. */
        if (saved[i].sa_handler == SIG_DFL)
            sigaction(sigs[i], &sa, NULL);
    }
    have_pending = 1;
}

static void unguard(void)
{
    if (!have_pending)
        return;
    have_pending = 0;
    for (int i = 0; i < 3; i++) {
        struct sigaction cur;
        sigaction(sigs[i], NULL, &cur);
        if (cur.sa_handler == on_signal)
            sigaction(sigs[i], &saved[i], NULL);
    }
}

/* ---- Opening ------------------------------------------------------------------------------ */

int skel_trace_input_open(const char *path, const char *keep_dir, struct skel_trace_input *in)
{
    memset(in, 0, sizeof *in);
    char anchor[PATH_MAX];
    if (!skel_otf2_is_archive(path, anchor, sizeof anchor)) {
        if (snprintf(in->dir, sizeof in->dir, "%s", path) >= (int)sizeof in->dir)
            return skel_fail(SKEL_EUSAGE, "%s: path too long", skel_usecase_printable(path));
        return SKEL_OK;
    }
    in->imported = 1;
    int rc;
    if (keep_dir != NULL) {
        if (snprintf(in->dir, sizeof in->dir, "%s", keep_dir) >= (int)sizeof in->dir)
            return skel_fail(SKEL_EUSAGE, "%s: path too long", skel_usecase_printable(keep_dir));
        rc = skel_otf2_import(anchor, in->dir, &in->import);
        return rc == SKEL_OK ? rc : skel_fail_context(rc, "importing %s", anchor);
    }
    if ((rc = skel_scratch_make("otf2", in->root, sizeof in->root)) != SKEL_OK)
        return skel_fail_context(rc, "a directory for the imported trace");
    guard(in->root);
    /* root is at most PATH_MAX - 8 long (checked above with its XXXXXX). */
    if (snprintf(in->dir, sizeof in->dir, "%.*s/trace", PATH_MAX - 8, in->root) >=
        (int)sizeof in->dir) {
        skel_trace_input_close(in);
        return skel_fail(SKEL_EUSAGE, "TMPDIR is too long");
    }
    rc = skel_otf2_import(anchor, in->dir, &in->import);
    if (rc != SKEL_OK) {
        skel_fail_context(rc, "importing %s", anchor);
        skel_trace_input_close(in);
    }
    return rc;
}

void skel_trace_input_close(struct skel_trace_input *in)
{
    if (in->root[0] != '\0') {
        char saved_err[2048];
        snprintf(saved_err, sizeof saved_err, "%s", skel_last_error());
        skel_scratch_remove(in->root);
        unguard();
        if (saved_err[0])
            skel_fail(SKEL_EIO, "%s", saved_err); /* keep the detail that matters */
        else
            skel_clear_error();
    }
    in->root[0] = '\0';
}

const char *skel_trace_input_note(const struct skel_trace_input *in, char *buf, size_t len)
{
    buf[0] = '\0';
    if (!in->imported)
        return buf;
    const struct skel_otf2_import_stats *s = &in->import;
    int n = snprintf(buf, len, "imported the OTF2 archive%s%s%s: %u ranks, %" PRIu64 " MPI calls",
                     s->creator[0] ? " (written by " : "", s->creator, s->creator[0] ? ")" : "",
                     s->ranks, s->events);
    if (s->skipped_calls > 0 && n > 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n,
                 "; %" PRIu64 " calls of MPI functions Skel does not know (for example %s) were "
                 "counted as computation",
                 s->skipped_calls, s->skipped_example);
    return buf;
}
