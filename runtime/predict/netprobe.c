/* netprobe.c - measuring communication cost tables (netprobe.h). */
#include "netprobe.h"

#include "error.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int skel_netprobe_sizes(uint64_t max_size, uint64_t *sizes, size_t cap, size_t *n)
{
    *n = 0;
    if (max_size > (UINT64_C(1) << 31) - 1)
        return skel_fail(SKEL_ERANGE,
                         "largest message size %llu: at most 2 GiB - 1 (an MPI "
                         "count)",
                         (unsigned long long)max_size);
    for (uint64_t p = 0; p <= max_size; p = p ? p * 2 : 1) {
        uint64_t mid = p + p / 2; /* 1.5 * p */
        if (*n + 2 > cap)
            return skel_fail(SKEL_ERANGE, "too many message sizes");
        sizes[(*n)++] = p;
        if (p >= 8 && mid <= max_size && mid < p * 2)
            sizes[(*n)++] = mid;
        if (p > max_size / 2)
            break;
    }
    if (sizes[*n - 1] != max_size && max_size > 0) {
        if (*n + 1 > cap)
            return skel_fail(SKEL_ERANGE, "too many message sizes");
        sizes[(*n)++] = max_size;
    }
    return SKEL_OK;
}

static int bad_line(const char *name, unsigned line, const char *what)
{
    return skel_fail(SKEL_EFORMAT, "%s:%u: expected %s", name, line, what);
}

int skel_netprobe_read(const char *text, size_t len, const char *name, int kind, skel_commtable *t)
{
    static const char magic[] = "skel-netprobe 1\n";
    if (len < sizeof magic - 1 || memcmp(text, magic, sizeof magic - 1) != 0)
        return bad_line(name, 1, "'skel-netprobe 1' (the output of skel-netprobe-mpi)");
    const char *s = text + sizeof magic - 1, *end = text + len;
    unsigned line = 1, rows = 0;
    while (s < end) {
        line++;
        const char *e = memchr(s, '\n', (size_t)(end - s));
        if (e == NULL)
            return bad_line(name, line, "a complete line (the file ends in the middle of one)");
        char buf[128];
        size_t n = (size_t)(e - s);
        if (n >= sizeof buf)
            return bad_line(name, line, "SIZE MIN_NS MEDIAN_NS REPEATS");
        memcpy(buf, s, n);
        buf[n] = '\0';
        unsigned long long size, repeats;
        double mn, md;
        int used = 0;
        if (sscanf(buf, "%llu %lf %lf %llu%n", &size, &mn, &md, &repeats, &used) != 4 ||
            (size_t)used != n)
            return bad_line(name, line, "SIZE MIN_NS MEDIAN_NS REPEATS");
        struct skel_commtable_row row = {
            .kind = kind, .size = size, .min_ns = mn, .median_ns = md, .repeats = repeats};
        int rc = skel_commtable_add(t, &row);
        if (rc != SKEL_OK)
            return skel_fail_context(rc, "%s:%u", name, line);
        rows++;
        s = e + 1;
    }
    if (rows == 0)
        return bad_line(name, line + 1, "at least one size");
    return SKEL_OK;
}

static int read_file(const char *path, char **out, size_t *len)
{
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return skel_fail(SKEL_EIO, "%s: %s (the measuring program wrote no results)", path,
                         strerror(errno));
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf != NULL) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
        if (n == cap) {
            if (cap >= (1u << 20)) {
                free(buf);
                fclose(f);
                return skel_fail(SKEL_ERANGE, "%s: larger than 1 MiB", path);
            }
            char *nb = realloc(buf, cap *= 2);
            if (nb == NULL) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
        }
    }
    fclose(f);
    if (buf == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    *out = buf;
    *len = n;
    return SKEL_OK;
}

int skel_netprobe_measure(const struct skel_netprobe_opts *o, skel_commtable *t)
{
    uint64_t sizes[SKEL_NETPROBE_MAX_SIZES];
    size_t nsizes;
    int rc = skel_netprobe_sizes(o->max_size ? o->max_size : (UINT64_C(4) << 20), sizes,
                                 SKEL_NETPROBE_MAX_SIZES, &nsizes);
    if (rc != SKEL_OK)
        return rc;
    char list[SKEL_NETPROBE_MAX_SIZES * 12], repeats[24], seconds[32];
    size_t off = 0;
    for (size_t i = 0; i < nsizes; i++)
        off += (size_t)snprintf(list + off, sizeof list - off, "%s%llu", i ? "," : "",
                                (unsigned long long)sizes[i]);
    snprintf(repeats, sizeof repeats, "%u", o->repeats ? o->repeats : 1000);
    snprintf(seconds, sizeof seconds, "%g", o->seconds > 0 ? o->seconds : 0.2);
    for (int kind = 0; kind < SKEL_COMMTABLE__KINDS; kind++) {
        if (!(o->kinds & (1u << kind)))
            continue;
        char out[4096];
        snprintf(out, sizeof out, "%s/netprobe-%s.%ld.txt", o->workdir,
                 skel_commtable_kind_name(kind), (long)getpid());
        unlink(out);
        char *argv[] = {(char *)o->program, "--sizes", list,    "--repeats", repeats,
                        "--seconds",        seconds,   "--out", out,         NULL};
        if ((rc = o->launch(o->ctx, kind, argv)) != SKEL_OK)
            return skel_fail_context(rc, "measuring %s pairs", skel_commtable_kind_name(kind));
        char *text = NULL;
        size_t len = 0;
        if ((rc = read_file(out, &text, &len)) != SKEL_OK)
            return rc;
        rc = skel_netprobe_read(text, len, out, kind, t);
        free(text);
        unlink(out);
        if (rc != SKEL_OK)
            return rc;
    }
    return SKEL_OK;
}
