/* trace.c - open a trace directory: metadata plus one file per rank. */
#include "trace.h"

#include "adir.h"
#include "error.h"
#include "map.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct skel_trace {
    char *dir;
    skel_meta *meta;
    char **paths;      /* one per rank */
    skel_map site_map; /* hash(module, offset) -> index in meta->sites */
    int lockfd;        /* shared lock on the directory while it is open (adir.h) */
};

static uint64_t site_key(const char *module, uint64_t offset)
{
    uint64_t h = 1469598103934665603ull;
    for (const unsigned char *p = (const unsigned char *)module; *p; p++)
        h = (h ^ *p) * 1099511628211ull;
    return skel_mix64(h ^ skel_mix64(offset));
}

void skel_trace_rank_filename(uint32_t rank, char *out, size_t outlen)
{
    snprintf(out, outlen, "rank-%06u.skt", rank);
}

static char *join(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *s = malloc(n);
    if (s != NULL)
        snprintf(s, n, "%s/%s", dir, name);
    return s;
}

int skel_trace_open(const char *dir, skel_trace **out)
{
    int rc = SKEL_OK;
    struct stat st;
    if (stat(dir, &st) != 0)
        return skel_fail(errno == ENOENT ? SKEL_ENOTFOUND : SKEL_EIO, "%s: %s", dir,
                         strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return skel_fail(SKEL_EUSAGE, "%s: not a trace directory (expected a directory with a "
                                      "'meta' file and rank-*.skt files)",
                         dir);
    skel_trace *t = calloc(1, sizeof *t);
    if (t == NULL || (t->dir = strdup(dir)) == NULL) {
        free(t);
        return skel_fail(SKEL_ENOMEM, "out of memory");
    }
    /* `skel trace --force` replaces a trace directory whole: hold it shared
     * so that every file read comes from the same trace. */
    if ((rc = skel_adir_read_lock(dir, &t->lockfd)) != SKEL_OK) {
        free(t->dir);
        free(t);
        return rc;
    }
    char *mpath = join(dir, "meta");
    if (mpath == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
        goto fail;
    }
    rc = skel_meta_read(mpath, &t->meta);
    free(mpath);
    if (rc == SKEL_ENOTFOUND) {
        /* A run that died before rank 0 wrote its metadata: take the number of
         * ranks from rank 0's file header. */
        char name[64];
        skel_trace_rank_filename(0, name, sizeof name);
        char *p0 = join(dir, name);
        skel_rank_reader *r = NULL;
        rc = p0 != NULL ? skel_rank_open(p0, &r) : skel_fail(SKEL_ENOMEM, "out of memory");
        free(p0);
        if (rc != SKEL_OK) {
            skel_fail_context(rc, "%s: no 'meta' file, and rank 0's file cannot be read", dir);
            goto fail;
        }
        t->meta = calloc(1, sizeof *t->meta);
        if (t->meta == NULL) {
            skel_rank_close(r);
            rc = skel_fail(SKEL_ENOMEM, "out of memory");
            goto fail;
        }
        t->meta->version_major = SKEL_TRACE_VERSION_MAJOR;
        t->meta->nranks = skel_rank_info_of(r)->nranks; /* from the file header */
        skel_rank_close(r);
    } else if (rc != SKEL_OK) {
        goto fail;
    }
    for (uint32_t i = 0; i < t->meta->nsites; i++) {
        const skel_meta_site *ms = &t->meta->sites[i];
        if (skel_map_put(&t->site_map, site_key(ms->module, ms->offset), i) != 0) {
            rc = skel_fail(SKEL_ENOMEM, "out of memory");
            goto fail;
        }
    }
    t->paths = calloc(t->meta->nranks, sizeof *t->paths);
    if (t->paths == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
        goto fail;
    }
    for (uint32_t i = 0; i < t->meta->nranks; i++) {
        char name[64];
        skel_trace_rank_filename(i, name, sizeof name);
        if ((t->paths[i] = join(dir, name)) == NULL) {
            rc = skel_fail(SKEL_ENOMEM, "out of memory");
            goto fail;
        }
    }
    *out = t;
    return SKEL_OK;
fail:
    skel_trace_close(t);
    return rc;
}

void skel_trace_close(skel_trace *t)
{
    if (t == NULL)
        return;
    if (t->paths != NULL && t->meta != NULL)
        for (uint32_t i = 0; i < t->meta->nranks; i++)
            free(t->paths[i]);
    free(t->paths);
    skel_map_free(&t->site_map);
    skel_meta_free(t->meta);
    if (t->lockfd >= 0)
        close(t->lockfd);
    free(t->dir);
    free(t);
}

uint32_t skel_trace_nranks(const skel_trace *t)
{
    return t->meta->nranks;
}

const skel_meta *skel_trace_meta(const skel_trace *t)
{
    return t->meta;
}

const char *skel_trace_dir(const skel_trace *t)
{
    return t->dir;
}

const char *skel_trace_rank_path(const skel_trace *t, uint32_t rank)
{
    return rank < t->meta->nranks ? t->paths[rank] : NULL;
}

int skel_trace_open_rank(const skel_trace *t, uint32_t rank, skel_rank_reader **out)
{
    if (rank >= t->meta->nranks)
        return skel_fail(SKEL_ERANGE, "%s: rank %u does not exist (the trace has %u ranks)",
                         t->dir, rank, t->meta->nranks);
    struct stat st;
    if (stat(t->paths[rank], &st) != 0)
        return skel_fail(SKEL_ENOTFOUND, "%s: rank %u wrote no trace file (%s)", t->dir, rank,
                         t->paths[rank]);
    int rc = skel_rank_open(t->paths[rank], out);
    if (rc != SKEL_OK)
        return rc;
    const skel_rank_info *in = skel_rank_info_of(*out);
    if (in->rank != rank || in->nranks != t->meta->nranks) {
        skel_rank_close(*out);
        *out = NULL;
        return skel_fail(SKEL_EFORMAT, "%s: byte 16: the file says rank %u of %u, expected rank "
                                       "%u of %u",
                         t->paths[rank], in->rank, in->nranks, rank, t->meta->nranks);
    }
    return SKEL_OK;
}

const skel_meta_site *skel_trace_site_at(const skel_trace *t, const char *module,
                                         uint64_t offset)
{
    skel_map_slot *sl = skel_map_find(&t->site_map, site_key(module, offset));
    if (sl == NULL)
        return NULL;
    const skel_meta_site *st = &t->meta->sites[sl->val];
    return strcmp(st->module, module) == 0 && st->offset == offset ? st : NULL;
}

const skel_meta_site *skel_trace_site(const skel_trace *t, const skel_rank_reader *r,
                                      uint32_t site)
{
    const skel_site *s = skel_rank_site(r, site);
    if (s == NULL || s->module == SKEL_COMM_NONE)
        return NULL;
    const skel_module *m = skel_rank_module(r, s->module);
    return m != NULL ? skel_trace_site_at(t, m->path, s->offset) : NULL;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash != NULL ? slash + 1 : path;
}

char *skel_trace_site_label(const skel_trace *t, const skel_rank_reader *r, uint32_t site,
                            char *buf, size_t len)
{
    const skel_site *s = skel_rank_site(r, site);
    const skel_meta_site *st = t != NULL ? skel_trace_site(t, r, site) : NULL;
    if (st != NULL && st->func[0] != '\0' && st->line > 0)
        snprintf(buf, len, "%s (%s:%u)", st->func, base_name(st->file), st->line);
    else if (st != NULL && st->func[0] != '\0')
        snprintf(buf, len, "%s", st->func);
    else if (s != NULL && s->func != NULL && s->func[0] != '\0')
        snprintf(buf, len, "%s+0x%llx", s->func, (unsigned long long)s->offset);
    else if (s != NULL && s->module != SKEL_COMM_NONE && skel_rank_module(r, s->module) != NULL)
        snprintf(buf, len, "%s+0x%llx", base_name(skel_rank_module(r, s->module)->path),
                 (unsigned long long)s->offset);
    else
        snprintf(buf, len, "site%u", site);
    return buf;
}
