/* select.c - skeleton directories, skeleton runs and their own timing, the
 * calibration file, and skeleton-based selection of a node set (select.h). */
#include "select.h"
#include "scratch.h"

#include "afile.h"
#include "csv.h"
#include "elfdeps.h"
#include "error.h"
#include "proc.h"
#include "usecase.h"
#include "xmldoc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define TEXT_MAX (1u << 20) /* skeleton.meta, calibration, a skeleton's output */

/* ---- small text helpers ---------------------------------------------------- */

/* The next line of the text from *p to end, without its line break, in
 * line and n; advances *p.  0 at the end. */
static int next_line(const char **p, const char *end, const char **line, size_t *n)
{
    if (*p >= end)
        return 0;
    const char *s = *p, *nl = memchr(s, '\n', (size_t)(end - s));
    const char *e = nl ? nl : end;
    *line = s;
    *n = (size_t)(e - s);
    if (*n > 0 && s[*n - 1] == '\r')
        (*n)--;
    *p = nl ? nl + 1 : end;
    return 1;
}

/* Split "key value" (blanks between; value up to the end, trailing blanks
 * removed) into NUL-terminated copies in the caller's buffers.  Returns 0 for
 * a blank or comment line, 1 for a key line, -1 if a part does not fit. */
static int split_kv(const char *line, size_t n, char *key, size_t keylen, char *val, size_t vallen)
{
    size_t i = 0;
    while (i < n && (line[i] == ' ' || line[i] == '\t'))
        i++;
    if (i == n || line[i] == '#')
        return 0;
    size_t k0 = i;
    while (i < n && line[i] != ' ' && line[i] != '\t')
        i++;
    if (i - k0 >= keylen)
        return -1;
    memcpy(key, line + k0, i - k0);
    key[i - k0] = '\0';
    while (i < n && (line[i] == ' ' || line[i] == '\t'))
        i++;
    size_t v1 = n;
    while (v1 > i && (line[v1 - 1] == ' ' || line[v1 - 1] == '\t'))
        v1--;
    if (v1 - i >= vallen)
        return -1;
    memcpy(val, line + i, v1 - i);
    val[v1 - i] = '\0';
    return 1;
}

/* A whole string as a finite number in [lo, hi]. */
static int parse_num(const char *s, double lo, double hi, double *out)
{
    char *end;
    if (*s == '\0')
        return -1;
    errno = 0;
    double v = strtod(s, &end);
    if (errno != 0 || *end != '\0' || !isfinite(v) || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

static int has_nul(const char *text, size_t len)
{
    return memchr(text, '\0', len) != NULL;
}

/* ---- skeleton.meta ---------------------------------------------------------- */

int skel_select_meta_parse(const char *text, size_t len, const char *source,
                           struct skel_select_skeleton *out)
{
    memset(out, 0, sizeof *out);
    if (has_nul(text, len))
        return skel_fail(SKEL_EFORMAT, "%s: contains a NUL byte: not a skeleton.meta", source);
    const char *p = text, *end = text + len, *line;
    size_t n;
    unsigned lineno = 0;
    int have_k = 0, have_ranks = 0, have_app = 0;
    while (next_line(&p, end, &line, &n)) {
        char key[64], val[256];
        lineno++;
        int kv = split_kv(line, n, key, sizeof key, val, sizeof val);
        if (kv == 0)
            continue;
        if (kv < 0) {
            /* Long lines are only acceptable for keys this reader ignores. */
            if (n >= 7 && (memcmp(line, "expect ", 7) == 0 || memcmp(line, "class ", 6) == 0))
                continue;
            return skel_fail(SKEL_EFORMAT, "%s:%u: line too long for a 'key value' line", source,
                             lineno);
        }
        double v;
        if (strcmp(key, "format") == 0) {
            if (strcmp(val, "1") != 0)
                return skel_fail(SKEL_EVERSION, "%s:%u: format %s; this Skel reads format 1",
                                 source, lineno, val);
        } else if (strcmp(key, "k") == 0) {
            if (parse_num(val, 1, 1e12, &v) != 0)
                return skel_fail(SKEL_ERANGE, "%s:%u: k '%s': expected a number >= 1", source,
                                 lineno, val);
            out->k = v;
            have_k = 1;
        } else if (strcmp(key, "ranks") == 0) {
            if (parse_num(val, 1, SKEL_NODESET_MAX_NODES, &v) != 0 || v != floor(v))
                return skel_fail(SKEL_ERANGE, "%s:%u: ranks '%s': expected an integer in [1, %d]",
                                 source, lineno, val, SKEL_NODESET_MAX_NODES);
            out->nranks = (unsigned)v;
            have_ranks = 1;
        } else if (strcmp(key, "app_time_s") == 0) {
            if (parse_num(val, 1e-9, 1e9, &v) != 0)
                return skel_fail(SKEL_ERANGE, "%s:%u: app_time_s '%s': expected seconds > 0",
                                 source, lineno, val);
            out->app_time_s = v;
            have_app = 1;
        } else if (strcmp(key, "expected_s") == 0) {
            if (parse_num(val, 0, 1e9, &v) != 0)
                return skel_fail(SKEL_ERANGE, "%s:%u: expected_s '%s': expected seconds >= 0",
                                 source, lineno, val);
            out->expected_s = v;
        } else if (strcmp(key, "shortest_good_s") == 0) {
            if (parse_num(val, 0, 1e9, &v) != 0)
                return skel_fail(SKEL_ERANGE, "%s:%u: shortest_good_s '%s': expected seconds >= 0",
                                 source, lineno, val);
            out->shortest_good_s = v;
        } else if (strcmp(key, "mode") == 0) {
            if (strlen(val) >= sizeof out->mode ||
                strspn(val, "abcdefghijklmnopqrstuvwxyz") != strlen(val) || val[0] == '\0')
                return skel_fail(SKEL_EFORMAT, "%s:%u: mode '%s': expected a plan mode name",
                                 source, lineno, val);
            snprintf(out->mode, sizeof out->mode, "%s", val);
        } else if (strcmp(key, "seed") == 0) {
            if (parse_num(val, 0, 9007199254740992.0, &v) != 0 || v != floor(v))
                return skel_fail(SKEL_ERANGE, "%s:%u: seed '%s': expected an integer in [0, 2^53]",
                                 source, lineno, val);
            out->seed = (uint64_t)v;
            out->have_seed = 1;
        } else if (strcmp(key, "mpi") == 0) {
            if (skel_mpi_flavor_parse(val, &out->mpi) != SKEL_OK)
                return skel_fail(SKEL_EFORMAT, "%s:%u: mpi '%s': expected mpich or openmpi", source,
                                 lineno, val);
        }
        /* Other keys (model_s, class, expect, ...) are not needed here. */
    }
    if (!have_k || !have_ranks || !have_app)
        return skel_fail(SKEL_EFORMAT,
                         "%s: no '%s' line (expected a skeleton.meta written by skel gen)", source,
                         !have_k       ? "k"
                         : !have_ranks ? "ranks"
                                       : "app_time_s");
    if (out->expected_s == 0)
        out->expected_s = out->app_time_s / out->k;
    return SKEL_OK;
}

void skel_select_skeleton_free(struct skel_select_skeleton *s)
{
    if (s == NULL)
        return;
    free(s->dir);
    free(s->exe);
    memset(s, 0, sizeof *s);
}

int skel_select_skeleton_load(const char *dir, struct skel_select_skeleton *out)
{
    char path[PATH_MAX], exe[PATH_MAX];
    char *buf = NULL;
    size_t len = 0;
    memset(out, 0, sizeof *out);
    if (snprintf(path, sizeof path, "%s/skeleton.meta", dir) >= (int)sizeof path ||
        snprintf(exe, sizeof exe, "%s/skeleton", dir) >= (int)sizeof exe)
        return skel_fail(SKEL_EUSAGE, "%s: path too long", dir);
    int rc = skel_read_file(path, TEXT_MAX, &buf, &len);
    if (rc != SKEL_OK)
        return skel_fail_context(rc,
                                 "%s is not a skeleton directory (skel generate -o DIR makes "
                                 "one)",
                                 dir);
    rc = skel_select_meta_parse(buf, len, path, out);
    free(buf);
    if (rc != SKEL_OK)
        return rc;
    if (access(exe, X_OK) != 0) {
        skel_select_skeleton_free(out);
        return skel_fail(SKEL_ENOTFOUND, "%s: %s (build it: make -C %s, or skel gen --build)", exe,
                         strerror(errno), dir);
    }
    /* A skeleton.meta of an older Skel does not say which MPI built it: the
     * program's dependencies do. */
    if (out->mpi == SKEL_MPI_UNKNOWN) {
        struct skel_elf_mpi m;
        if (skel_elf_mpi_of(exe, NULL, &m) == SKEL_OK)
            out->mpi = m.flavor;
        skel_clear_error();
    }
    /* An absolute path: mpiexec's working directory is ours, but Hydra
     * proxies in testbed namespaces look the program up themselves. */
    char abs[PATH_MAX];
    out->dir = strdup(dir);
    out->exe = strdup(realpath(exe, abs) != NULL ? abs : exe);
    if (out->dir == NULL || out->exe == NULL) {
        skel_select_skeleton_free(out);
        return skel_fail(SKEL_ENOMEM, "out of memory");
    }
    return SKEL_OK;
}

int skel_select_calws_ok(const char *v, size_t n)
{
    if (n >= SKEL_SELECT_CALWS_MAX)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (v[i] == '\0' || strchr("0123456789.eE+-:,", v[i]) == NULL)
            return 0;
    return 1;
}

/* ---- one calibration from several launches ------------------------------------ */

static int cmp_double(const void *a, const void *b);

/* The median of the values of v[0..n) within SKEL_SELECT_CAL_BAND of the
 * largest (v sorted in place); *spread the largest over the smallest, - 1. */
static double band_median(double *v, size_t n, double *spread)
{
    *spread = 0;
    if (n == 0)
        return 0;
    qsort(v, n, sizeof *v, cmp_double);
    double top = v[n - 1];
    size_t lo = n - 1;
    while (lo > 0 && v[lo - 1] >= top * (1 - SKEL_SELECT_CAL_BAND))
        lo--;
    if (v[0] > 0)
        *spread = top / v[0] - 1;
    return skel_select_median(v + lo, n - lo);
}

#define CAL_KERNELS      32 /* walks a list may name (a skeleton has 12 at most) */
#define CAL_MAX_LAUNCHES 64 /* launches looked at */

void skel_select_calibration_pick(const double *cal, const char (*calws)[SKEL_SELECT_CALWS_MAX],
                                  size_t n, double *cal_out, char *calws_out, double *spread_out)
{
    double v[CAL_MAX_LAUNCHES], spread = 0;
    size_t nv = 0;
    for (size_t i = 0; i < n && nv < sizeof v / sizeof v[0]; i++)
        if (cal[i] > 0)
            v[nv++] = cal[i];
    *cal_out = band_median(v, nv, &spread);
    /* The walks: each launch's KIB:UNITS pairs, gathered per KiB. */
    unsigned long long kib[CAL_KERNELS];
    double rate[CAL_KERNELS][CAL_MAX_LAUNCHES];
    size_t nk = 0, nr[CAL_KERNELS] = {0};
    for (size_t i = 0; i < n && i < CAL_MAX_LAUNCHES; i++) {
        const char *p = calws[i];
        while (*p != '\0') {
            char *e;
            unsigned long long k = strtoull(p, &e, 10);
            if (e == p || *e != ':')
                break;
            double r = strtod(e + 1, &e);
            if (r > 0) {
                size_t j = 0;
                while (j < nk && kib[j] != k)
                    j++;
                if (j == nk && nk < CAL_KERNELS)
                    kib[nk++] = k;
                if (j < nk && nr[j] < CAL_MAX_LAUNCHES)
                    rate[j][nr[j]++] = r;
            }
            if (*e != ',')
                break;
            p = e + 1;
        }
    }
    calws_out[0] = '\0';
    size_t len = 0;
    for (size_t j = 0; j < nk; j++) {
        double r = skel_select_median(rate[j], nr[j]); /* sorts them */
        if (rate[j][nr[j] - 1] / rate[j][0] - 1 > spread)
            spread = rate[j][nr[j] - 1] / rate[j][0] - 1;
        int w = snprintf(calws_out + len, SKEL_SELECT_CALWS_MAX - len, "%s%llu:%.6g", j ? "," : "",
                         kib[j], r);
        if (w < 0 || (size_t)w >= SKEL_SELECT_CALWS_MAX - len) {
            snprintf(calws_out, SKEL_SELECT_CALWS_MAX, "%s", n > 0 ? calws[0] : "");
            break;
        }
        len += (size_t)w;
    }
    if (spread_out != NULL)
        *spread_out = spread;
}

/* ---- the calibration file ---------------------------------------------------- */

int skel_select_calib_parse(const char *text, size_t len, const char *source,
                            struct skel_select_calib *out)
{
    memset(out, 0, sizeof *out);
    if (has_nul(text, len))
        return skel_fail(SKEL_EFORMAT, "%s: contains a NUL byte: not a calibration file", source);
    const char *p = text, *end = text + len, *line;
    size_t n;
    unsigned lineno = 0;
    int magic = 0, have_ratio = 0;
    while (next_line(&p, end, &line, &n)) {
        char key[64], val[256];
        lineno++;
        int kv = split_kv(line, n, key, sizeof key, val, sizeof val);
        if (kv == 0)
            continue;
        if (kv < 0)
            return skel_fail(SKEL_EFORMAT, "%s:%u: line too long", source, lineno);
        double v;
        if (!magic) {
            if (strcmp(key, "skel-calibration") != 0)
                return skel_fail(SKEL_EFORMAT,
                                 "%s:%u: expected 'skel-calibration 1' (a file written by skel "
                                 "validate)",
                                 source, lineno);
            if (strcmp(val, "1") != 0)
                return skel_fail(SKEL_EVERSION, "%s:%u: calibration format %s; this Skel reads 1",
                                 source, lineno, val);
            magic = 1;
        } else if (strcmp(key, "nodes") == 0 || strcmp(key, "scenario") == 0) {
            int nodes = key[0] == 'n';
            char *dst = nodes ? out->nodes : out->scenario;
            size_t cap = nodes ? sizeof out->nodes : sizeof out->scenario;
            if (strlen(val) >= cap)
                return skel_fail(SKEL_ERANGE, "%s:%u: %s: expected at most %zu characters", source,
                                 lineno, key, cap - 1);
            for (const char *q = val; *q; q++)
                if ((unsigned char)*q < 0x20 || *q == 0x7f)
                    return skel_fail(SKEL_EFORMAT, "%s:%u: %s: control character 0x%02x", source,
                                     lineno, key, (unsigned)(unsigned char)*q);
            memcpy(dst, val, strlen(val) + 1);
        } else if (strcmp(key, "nranks") == 0) {
            if (parse_num(val, 1, SKEL_NODESET_MAX_NODES, &v) != 0 || v != floor(v))
                return skel_fail(SKEL_ERANGE, "%s:%u: nranks '%s' out of range", source, lineno,
                                 val);
            out->nranks = (unsigned)v;
        } else if (strcmp(key, "app_time_s") == 0 || strcmp(key, "skeleton_s") == 0 ||
                   strcmp(key, "ratio") == 0 || strcmp(key, "calibration") == 0) {
            int is_cal = strcmp(key, "calibration") == 0;
            if (parse_num(val, is_cal ? 0 : 1e-12, 1e12, &v) != 0)
                return skel_fail(SKEL_ERANGE, "%s:%u: %s '%s': expected a number > 0", source,
                                 lineno, key, val);
            if (strcmp(key, "app_time_s") == 0)
                out->app_time_s = v;
            else if (strcmp(key, "skeleton_s") == 0)
                out->skeleton_s = v;
            else if (strcmp(key, "ratio") == 0) {
                out->ratio = v;
                have_ratio = 1;
            } else
                out->calibration = v;
        } else if (strcmp(key, "calibration_ws") == 0) {
            if (!skel_select_calws_ok(val, strlen(val)))
                return skel_fail(SKEL_EFORMAT,
                                 "%s:%u: calibration_ws: expected KIB:UNITS,... under %d "
                                 "characters",
                                 source, lineno, SKEL_SELECT_CALWS_MAX);
            memcpy(out->calibration_ws, val, strlen(val) + 1);
        } else if (strcmp(key, "written_unix") == 0) {
            if (parse_num(val, 0, 1e15, &v) != 0)
                return skel_fail(SKEL_ERANGE, "%s:%u: written_unix '%s' out of range", source,
                                 lineno, val);
            out->written_unix = (long long)v;
        }
    }
    if (!magic)
        return skel_fail(SKEL_EFORMAT, "%s: empty (expected 'skel-calibration 1')", source);
    if (!have_ratio)
        return skel_fail(SKEL_EFORMAT, "%s: no 'ratio' line", source);
    return SKEL_OK;
}

int skel_select_calib_read(const char *path, struct skel_select_calib *out)
{
    char *buf = NULL;
    size_t len = 0;
    int rc = skel_read_file(path, TEXT_MAX, &buf, &len);
    if (rc != SKEL_OK)
        return rc;
    rc = skel_select_calib_parse(buf, len, path, out);
    free(buf);
    return rc;
}

/* Values written into "key value" files must stay on one line. */
static void put_text(FILE *f, const char *key, const char *v)
{
    fprintf(f, "%s ", key);
    for (; *v; v++)
        fputc(*v == '\n' || *v == '\r' ? ' ' : *v, f);
    fputc('\n', f);
}

int skel_select_calib_write(const char *path, const struct skel_select_calib *c)
{
    skel_afile *af;
    int rc = skel_afile_open(path, &af);
    if (rc != SKEL_OK)
        return rc;
    FILE *f = skel_afile_stream(af);
    fprintf(f, "skel-calibration 1\n"
               "# written by skel validate: its dedicated reference run.  skel select uses\n"
               "# ratio (the measured scaling ratio) and calibration (the skeleton's compute\n"
               "# units per ns) unless told otherwise.  Times in seconds.\n");
    put_text(f, "nodes", c->nodes);
    put_text(f, "scenario", c->scenario);
    /* Unknown (zero) values are left out, as a reader would have found them. */
    if (c->nranks > 0)
        fprintf(f, "nranks %u\n", c->nranks);
    if (c->app_time_s > 0)
        fprintf(f, "app_time_s %.9g\n", c->app_time_s);
    if (c->skeleton_s > 0)
        fprintf(f, "skeleton_s %.9g\n", c->skeleton_s);
    fprintf(f, "ratio %.9g\ncalibration %.9g\n", c->ratio, c->calibration);
    if (c->calibration_ws[0] != '\0' &&
        skel_select_calws_ok(c->calibration_ws, strlen(c->calibration_ws)))
        fprintf(f, "calibration_ws %s\n", c->calibration_ws);
    fprintf(f, "written_unix %lld\n", c->written_unix);
    return skel_afile_commit(af);
}

/* ---- a skeleton's own report ---------------------------------------------------- */

/* times_s=T1,T2,...: up to SKEL_SELECT_MAX_TIMES non-negative numbers;
 * more are counted (*n) but not kept. */
static int parse_times(const char *v, size_t len, struct skel_select_report *out, size_t *n)
{
    size_t i = 0;
    *n = 0;
    while (i <= len) {
        size_t j = i;
        while (j < len && v[j] != ',')
            j++;
        char num[64];
        double x;
        if (j == i || j - i >= sizeof num)
            return skel_fail(SKEL_EFORMAT, "SKEL_RESULT: times_s has an empty or overlong value");
        memcpy(num, v + i, j - i);
        num[j - i] = '\0';
        if (parse_num(num, 0, 1e12, &x) != 0)
            return skel_fail(SKEL_EFORMAT, "SKEL_RESULT: times_s value '%s' is not a number >= 0",
                             num);
        if (*n < SKEL_SELECT_MAX_TIMES)
            out->times[*n] = x;
        (*n)++;
        i = j + 1;
    }
    return SKEL_OK;
}

int skel_select_parse_report(const char *text, size_t len, struct skel_select_report *out)
{
    static const char tag[] = "SKEL_RESULT ";
    static const char *const keys[] = {"elapsed_s", "min_s", "max_s",   "total_s",
                                       "repeats",   "ranks", "setup_s", "calibration"};
    const char *p = text, *end = text + len, *line, *last = NULL;
    size_t n, lastn = 0, ntimes = 0;
    int have_elapsed = 0, have_times = 0;
    memset(out, 0, sizeof *out);
    while (next_line(&p, end, &line, &n))
        if (n >= sizeof tag - 1 && memcmp(line, tag, sizeof tag - 1) == 0) {
            last = line;
            lastn = n;
        }
    if (last == NULL)
        return skel_fail(SKEL_ENOTFOUND, "the skeleton printed no SKEL_RESULT line");
    size_t i = sizeof tag - 1;
    while (i < lastn) {
        while (i < lastn && last[i] == ' ')
            i++;
        size_t t0 = i;
        while (i < lastn && last[i] != ' ')
            i++;
        if (i == t0)
            break;
        const char *tok = last + t0, *eq = memchr(tok, '=', i - t0);
        if (eq == NULL)
            return skel_fail(SKEL_EFORMAT, "SKEL_RESULT: '%.*s' is not key=value",
                             (int)(i - t0 > 64 ? 64 : i - t0), tok);
        size_t klen = (size_t)(eq - tok), vlen = i - t0 - klen - 1;
        const char *v = eq + 1;
        if (klen == 14 && memcmp(tok, "calibration_ws", 14) == 0) {
            if (!skel_select_calws_ok(v, vlen))
                return skel_fail(SKEL_EFORMAT,
                                 "SKEL_RESULT: calibration_ws is not a list of KIB:UNITS "
                                 "under %zu characters",
                                 sizeof out->calibration_ws);
            memcpy(out->calibration_ws, v, vlen);
            out->calibration_ws[vlen] = '\0';
            continue;
        }
        if (klen == 7 && memcmp(tok, "times_s", 7) == 0) {
            if (parse_times(v, vlen, out, &ntimes) != SKEL_OK)
                return SKEL_EFORMAT;
            have_times = 1;
            continue;
        }
        int which = -1;
        for (int k = 0; k < (int)(sizeof keys / sizeof *keys) && which < 0; k++)
            if (strlen(keys[k]) == klen && memcmp(tok, keys[k], klen) == 0)
                which = k;
        if (which < 0)
            continue; /* a key of a later skeleton */
        char num[64];
        double x;
        if (vlen >= sizeof num)
            return skel_fail(SKEL_EFORMAT, "SKEL_RESULT: %s: value too long", keys[which]);
        memcpy(num, v, vlen);
        num[vlen] = '\0';
        if (parse_num(num, 0, 1e12, &x) != 0)
            return skel_fail(SKEL_EFORMAT, "SKEL_RESULT: %s=%s is not a number >= 0", keys[which],
                             num);
        switch (which) {
        case 0:
            out->elapsed_s = x;
            have_elapsed = 1;
            break;
        case 1:
            out->min_s = x;
            break;
        case 2:
            out->max_s = x;
            break;
        case 3:
            out->total_s = x;
            break;
        case 4:
            out->repeats = x > 1e9 ? 1000000000u : (unsigned)x;
            break;
        case 5:
            out->ranks = x > 1e9 ? 1000000000u : (unsigned)x;
            break;
        case 6:
            out->setup_s = x;
            break;
        default:
            out->calibration = x;
        }
    }
    if (!have_elapsed)
        return skel_fail(SKEL_EFORMAT, "SKEL_RESULT line without elapsed_s");
    if (have_times && out->repeats > 0 && ntimes != out->repeats)
        return skel_fail(SKEL_EFORMAT, "SKEL_RESULT: times_s has %zu values for repeats=%u", ntimes,
                         out->repeats);
    out->ntimes = have_times && ntimes <= SKEL_SELECT_MAX_TIMES ? (unsigned)ntimes : 0;
    if (out->min_s == 0 && out->max_s == 0)
        out->min_s = out->max_s = out->elapsed_s;
    return SKEL_OK;
}

size_t skel_select_report_times(const struct skel_select_report *r, double *out, size_t cap)
{
    size_t n = 0;
    if (r->ntimes > 0) {
        for (; n < r->ntimes && n < cap; n++)
            out[n] = r->times[n];
        return n;
    }
    /* Up to three repeats follow from the summary: the smallest, the
     * largest and (for three) the total less both. */
    if (r->repeats == 1 && cap >= 1) {
        out[0] = r->elapsed_s;
        return 1;
    }
    if (r->repeats == 2 && cap >= 2 && r->total_s > 0) {
        out[0] = r->min_s;
        out[1] = r->max_s;
        return 2;
    }
    if (r->repeats == 3 && cap >= 3 && r->total_s > 0) {
        double mid = r->total_s - r->min_s - r->max_s;
        /* Rounded to 6 decimals by the skeleton: accept what rounding explains. */
        if (mid < r->min_s - 1e-5 || mid > r->max_s + 1e-5)
            return 0;
        out[0] = r->min_s;
        out[1] = mid;
        out[2] = r->max_s;
        return 3;
    }
    return 0;
}

/* ---- running a skeleton --------------------------------------------------------- */

/* The last non-blank line of a file, for error messages. */
static void last_line_of(const char *path, char *out, size_t outlen)
{
    char *buf = NULL;
    size_t len = 0;
    out[0] = '\0';
    if (skel_read_file(path, TEXT_MAX, &buf, &len) != SKEL_OK) {
        skel_clear_error();
        return;
    }
    while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r' || buf[len - 1] == ' '))
        len--;
    size_t s = len;
    while (s > 0 && buf[s - 1] != '\n')
        s--;
    size_t n = len - s < outlen - 1 ? len - s : outlen - 1;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)buf[s + i];
        out[i] = ch < 0x20 || ch > 0x7e ? '?' : (char)ch;
    }
    out[n] = '\0';
    free(buf);
}

/* Append the files from[] to path (best effort: a log, not a result). */
static void keep_output(const char *path, const char *out, const char *err)
{
    FILE *f = fopen(path, "ae");
    const char *from[2] = {out, err};
    for (int i = 0; f != NULL && i < 2; i++) {
        char *text = NULL;
        size_t len = 0;
        if (skel_read_file(from[i], TEXT_MAX, &text, &len) == SKEL_OK)
            fwrite(text, 1, len, f);
        free(text);
    }
    if (f != NULL)
        fclose(f);
    skel_clear_error();
}

double skel_select_launch_overhead(const struct skel_select_measurement *m, double calib)
{
    const struct skel_select_report *q = &m->rep;
    double over = m->wall_s - q->total_s - q->setup_s;
    return calib > 0 && q->total_s > 0 && over > 0 ? over : 0;
}

int skel_select_measure(const struct skel_select_skeleton *sk, const struct skel_launch_spec *base,
                        const struct skel_scenario *scenario, unsigned repeats, double calib,
                        struct skel_select_measurement *m)
{
    char scratch[4096], outp[4200], errp[4200];
    char rbuf[32], cbuf[64];
    struct skel_launch_result res;
    char *text = NULL;
    size_t len = 0;
    int rc;

    memset(m, 0, sizeof *m);
    memset(&res, 0, sizeof res);
    /* The run's output in a scratch directory that a later command removes
     * if this one is killed outright. */
    if ((rc = skel_scratch_make("skeleton", scratch, sizeof scratch)) != SKEL_OK)
        return rc;
    snprintf(outp, sizeof outp, "%s/out", scratch);
    snprintf(errp, sizeof errp, "%s/err", scratch);
    snprintf(rbuf, sizeof rbuf, "%u", repeats ? repeats : 1);
    snprintf(cbuf, sizeof cbuf, "%.9g", calib);
    char *argv[10];
    char calws[SKEL_SELECT_CALWS_MAX];
    int a = 0;
    argv[a++] = sk->exe;
    argv[a++] = "--repeat";
    argv[a++] = rbuf;
    if (calib > 0) {
        argv[a++] = "--calibration";
        argv[a++] = cbuf;
        if (sk->calibration_ws[0] != '\0') {
            snprintf(calws, sizeof calws, "%s", sk->calibration_ws);
            argv[a++] = "--calibration-ws";
            argv[a++] = calws;
        }
    }
    argv[a] = NULL;

    struct skel_launch_spec s = *base;
    if (s.mpi == SKEL_MPI_UNKNOWN)
        s.mpi = sk->mpi;
    s.nranks = sk->nranks;
    s.argv = argv;
    s.repeat = 1;
    s.scenario = scenario;
    s.stdout_path = outp;
    s.stderr_path = errp;
    s.progress = NULL;
    rc = skel_launch_run(&s, &res);
    if (res.nrepeat > 0) {
        m->wall_s = res.repeat[0].wall_s;
        m->outcome = res.repeat[0].outcome;
    }
    if (rc != SKEL_OK) {
        char tail[256], why[256];
        /* Copy first: reading the output may replace the thread's error detail. */
        snprintf(why, sizeof why, "%s",
                 skel_last_error()[0] ? skel_last_error() : skel_strerror(rc));
        last_line_of(errp, tail, sizeof tail);
        snprintf(m->error, sizeof m->error, "%s%s%s", why, tail[0] ? "; its last words: " : "",
                 tail);
        skel_fail(rc, "%s", m->error);
        goto out;
    }
    if ((rc = skel_read_file(outp, TEXT_MAX, &text, &len)) != SKEL_OK) {
        snprintf(m->error, sizeof m->error, "%s", skel_last_error());
        goto out;
    }
    if ((rc = skel_select_parse_report(text, len, &m->rep)) != SKEL_OK) {
        snprintf(m->error, sizeof m->error, "%s: %s", sk->exe, skel_last_error());
        rc = skel_fail(rc == SKEL_ENOTFOUND ? SKEL_EEXEC : rc, "%s", m->error);
        goto out;
    }
    if (m->rep.ranks != 0 && m->rep.ranks != sk->nranks) {
        snprintf(m->error, sizeof m->error, "%s reported %u ranks, expected %u", sk->exe,
                 m->rep.ranks, sk->nranks);
        rc = skel_fail(SKEL_EFORMAT, "%s", m->error);
        goto out;
    }
    m->ok = 1;
out:
    free(text);
    skel_launch_result_free(&res);
    if (base->stdout_path != NULL) {
        /* The caller keeps every run's output (validate --logs): its
         * standard output, then its standard error. */
        char detail[1024];
        snprintf(detail, sizeof detail, "%s", skel_last_error());
        keep_output(base->stdout_path, outp, errp);
        if (rc != SKEL_OK)
            skel_fail(rc, "%s", detail);
    }
    if (rc != SKEL_OK) {
        char detail[1024];
        snprintf(detail, sizeof detail, "%s", skel_last_error());
        skel_scratch_remove(scratch);
        skel_fail(rc, "%s", detail);
    } else {
        rc = skel_scratch_remove(scratch);
    }
    return rc;
}

/* ---- a measurement as steady as asked (select.h) ------------------------------- */

/* Student's t, two-sided 95 %, for df degrees of freedom. */
static double t975(size_t df)
{
    static const double t[] = {0,     12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365,
                               2.306, 2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
                               2.120, 2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069,
                               2.064, 2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
    if (df < sizeof t / sizeof *t)
        return t[df];
    return df < 60 ? 2.02 : df < 120 ? 2.00 : 1.96;
}

double skel_select_mean_halfwidth(const double *v, size_t n)
{
    if (n < 2)
        return 0;
    double sum = 0, ss = 0;
    for (size_t i = 0; i < n; i++)
        sum += v[i];
    double mean = sum / (double)n;
    if (!(mean > 0))
        return 0;
    for (size_t i = 0; i < n; i++)
        ss += (v[i] - mean) * (v[i] - mean);
    double sd = sqrt(ss / (double)(n - 1));
    return t975(n - 1) * sd / sqrt((double)n) / mean;
}

unsigned skel_select_policy_repeats(const struct skel_select_policy *p, double budget_s,
                                    double spent_s, unsigned repeats_done)
{
    unsigned want = p->repeat ? p->repeat : 3;
    double per = repeats_done > 0 ? spent_s / repeats_done : p->hint_s;
    if (!(per > 0) || p->target <= 0)
        return want;
    double fit = floor((budget_s - spent_s) / per);
    return fit >= want ? want : fit < 1 ? 1 : (unsigned)fit;
}

int skel_select_measure_pooled(const struct skel_select_skeleton *sk,
                               const struct skel_launch_spec *base,
                               const struct skel_scenario *scenario,
                               const struct skel_select_policy *p, double calib,
                               struct skel_select_pooled *out, char *error, size_t errlen)
{
    enum { CAP = 4096 };
    unsigned maxl = p->max_launches ? p->max_launches : SKEL_SELECT_POLICY_LAUNCHES;
    double budget = p->budget_s > 0 ? p->budget_s : SKEL_SELECT_POLICY_BUDGET * sk->expected_s;
    double *rep = malloc(CAP * sizeof *rep), *med = malloc(maxl * sizeof *med),
           *lov = malloc(maxl * sizeof *lov);
    size_t nrep = 0, nmed = 0, nlo = 0;
    int per_repeat = 1, rc = SKEL_OK;
    struct skel_select_pooled r;
    struct skel_select_measurement *m = malloc(sizeof *m);
    memset(&r, 0, sizeof r);
    if (error != NULL && errlen > 0)
        error[0] = '\0';
    if (rep == NULL || med == NULL || lov == NULL || m == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
        goto out;
    }
    for (unsigned l = 0; l < maxl; l++) {
        unsigned reps_now = skel_select_policy_repeats(p, budget, r.spent_s, r.repeats);
        if ((rc = skel_select_measure(sk, base, scenario, reps_now, calib, m)) != SKEL_OK) {
            if (error != NULL && errlen > 0)
                snprintf(error, errlen, "%s", m->error[0] ? m->error : skel_last_error());
            goto out;
        }
        const struct skel_select_report *q = &m->rep;
        unsigned reps = q->repeats ? q->repeats : reps_now;
        double mean = q->total_s > 0 ? q->total_s / reps : q->elapsed_s;
        double times[SKEL_SELECT_MAX_TIMES];
        size_t nt = skel_select_report_times(q, times, SKEL_SELECT_MAX_TIMES);
        if (nt == 0 || nrep + nt > CAP)
            per_repeat = 0; /* from here on the launches are the samples */
        for (size_t j = 0; j < nt && nrep < CAP; j++)
            rep[nrep++] = times[j];
        med[nmed++] = mean;
        if (r.launches == 0 || q->min_s < r.min_s)
            r.min_s = q->min_s;
        if (r.launches == 0 || q->max_s > r.max_s)
            r.max_s = q->max_s;
        r.launches++;
        r.repeats += reps;
        r.spent_s += q->total_s > 0 ? q->total_s : mean * reps;
        r.calibration = q->calibration;
        double lo = skel_select_launch_overhead(m, calib);
        if (lo > 0)
            lov[nlo++] = lo;
        /* The interval over what is known: every repeat, or the launches. */
        const double *v = per_repeat ? rep : med;
        size_t nv = per_repeat ? nrep : nmed;
        double hw = skel_select_mean_halfwidth(v, nv);
        r.n = (unsigned)nv;
        r.halfwidth = hw;
        r.tight = nv >= 2 && hw <= p->target;
        if (p->target <= 0 || r.tight || r.spent_s >= budget)
            break;
    }
    {
        const double *v = per_repeat ? rep : med;
        size_t nv = per_repeat ? nrep : nmed;
        double sum = 0;
        for (size_t j = 0; j < nv; j++)
            sum += v[j];
        /* Launches of equal repeats: the mean of their means is the mean repeat. */
        r.mean_s = sum / (double)nv;
        if (per_repeat) {
            /* The median sorts: take it of a copy. */
            double *c = malloc(nv * sizeof *c);
            if (c == NULL) {
                rc = skel_fail(SKEL_ENOMEM, "out of memory");
                goto out;
            }
            memcpy(c, rep, nv * sizeof *c);
            r.median_s = skel_select_median(c, nv);
            free(c);
        } else
            r.median_s = skel_select_median(med, nmed);
        r.launch_s = nlo > 0 ? skel_select_median(lov, nlo) : 0;
    }
    *out = r;
out:
    free(rep);
    free(med);
    free(lov);
    free(m);
    return rc;
}

/* ---- selection ------------------------------------------------------------------ */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double skel_select_median(double *v, size_t n)
{
    if (n == 0)
        return 0;
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static char *hosts_text(const struct skel_nodeset *set)
{
    size_t cap = 1, used = 0;
    for (size_t i = 0; i < set->nnodes; i++)
        cap += strlen(set->nodes[i].name) + 16;
    char *s = malloc(cap);
    if (s == NULL)
        return NULL;
    s[0] = '\0';
    for (size_t i = 0; i < set->nnodes; i++) {
        const struct skel_node *nd = &set->nodes[i];
        int w = nd->slots != 1
                    ? snprintf(s + used, cap - used, "%s%s:%u", i ? "," : "", nd->name, nd->slots)
                    : snprintf(s + used, cap - used, "%s%s", i ? "," : "", nd->name);
        if (w > 0)
            used += (size_t)w;
    }
    return s;
}

void skel_select_result_free(struct skel_select_result *res)
{
    if (res == NULL)
        return;
    skel_select_skeleton_free(&res->skeleton);
    for (size_t i = 0; i < res->n; i++) {
        free(res->c[i].name);
        free(res->c[i].hosts);
        free(res->c[i].samples);
    }
    free(res->c);
    free(res->order);
    memset(res, 0, sizeof *res);
}

void skel_select_rank(struct skel_select_result *res)
{
    size_t k = 0;
    /* Insertion sort: few candidates, and it keeps file order among ties. */
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < res->n; i++) {
            if (res->c[i].ok != (pass == 0))
                continue;
            size_t j = k++;
            if (pass == 0)
                while (j > 0 && res->c[res->order[j - 1]].skeleton_s > res->c[i].skeleton_s) {
                    res->order[j] = res->order[j - 1];
                    j--;
                }
            res->order[j] = i;
        }
    for (size_t r = 0; r < res->n; r++) {
        struct skel_select_candidate *c = &res->c[res->order[r]];
        c->rank = c->ok ? (unsigned)r + 1 : 0;
        c->predicted_s = c->ok ? c->skeleton_s * res->ratio : 0;
    }
}

/* ---- telling the best two apart ------------------------------------------------- */

double skel_select_ranksum_p(double u, size_t n, size_t m)
{
    if (n == 0 || m == 0)
        return 1;
    double nm = (double)n * (double)m, mean = nm / 2;
    /* Two-sided: as extreme as u on either side of the mean. */
    double dev = fabs(u - mean);
    if (n + m > 60) {
        double sd = sqrt(nm * (double)(n + m + 1) / 12);
        double z = (dev - 0.5) / sd;
        double p = z <= 0 ? 1 : erfc(z / sqrt(2));
        return p > 1 ? 1 : p;
    }
    /* The number of arrangements giving U = k are the coefficients of the
     * Gaussian binomial [n+m choose n](q) = prod_{i=1..n} (1 - q^(m+i)) /
     * (1 - q^i): multiply by each numerator factor, divide by each
     * denominator one (a running sum with stride i). */
    size_t top = n * m;
    double *c = calloc(top + 1, sizeof *c);
    if (c == NULL)
        return 1;
    c[0] = 1;
    for (size_t i = 1; i <= n; i++) {
        size_t step = m + i;
        for (size_t k = top; k >= step; k--)
            c[k] -= c[k - step];
        for (size_t k = i; k <= top; k++)
            c[k] += c[k - i];
    }
    double total = 0, tail = 0;
    for (size_t k = 0; k <= top; k++) {
        total += c[k];
        if (fabs((double)k - mean) >= dev - 1e-9)
            tail += c[k];
    }
    free(c);
    double p = total > 0 ? tail / total : 1;
    return p > 1 ? 1 : p;
}

void skel_select_compare(const double *a, size_t na, const double *b, size_t nb,
                         struct skel_select_comparison *out)
{
    memset(out, 0, sizeof *out);
    out->p = 1;
    if (na < 2 || nb < 2)
        return;
    out->done = 1;
    out->pairs = na * nb;
    for (size_t i = 0; i < na; i++)
        for (size_t j = 0; j < nb; j++)
            out->slower_wins += b[j] < a[i] ? 1 : b[j] == a[i] ? 0.5 : 0;
    out->overlap = out->slower_wins / (double)out->pairs;
    out->p = skel_select_ranksum_p(out->slower_wins, na, nb);
    double *ca = malloc(na * sizeof *ca), *cb = malloc(nb * sizeof *cb);
    if (ca != NULL && cb != NULL) {
        memcpy(ca, a, na * sizeof *ca);
        memcpy(cb, b, nb * sizeof *cb);
        double ma = skel_select_median(ca, na), mb = skel_select_median(cb, nb);
        out->diff = ma > 0 ? mb / ma - 1 : 0;
        /* sorted now: the runner-up's fastest launch against the best's slowest */
        out->gap = ca[na - 1] > 0 ? cb[0] / ca[na - 1] - 1 : 0;
    }
    free(ca);
    free(cb);
    out->p_min = skel_select_ranksum_p(0, na, nb);
    out->distinguishable = out->p < SKEL_SELECT_ALPHA && fabs(out->diff) >= SKEL_SELECT_MIN_DIFF;
}

static void warn(struct skel_select_result *res, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void warn(struct skel_select_result *res, const char *fmt, ...)
{
    if (res->nwarnings >= SKEL_SELECT_MAX_WARNINGS)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(res->warnings[res->nwarnings++], sizeof res->warnings[0], fmt, ap);
    va_end(ap);
}

void skel_select_summarize(struct skel_select_result *res)
{
    res->nwarnings = 0;
    memset(&res->best2, 0, sizeof res->best2);
    for (size_t i = 0; i < res->n; i++) {
        struct skel_select_candidate *c = &res->c[i];
        struct skel_launch_stats st;
        c->ok = c->nmeasured > 0;
        skel_launch_stats(c->samples, c->nmeasured, &st);
        c->skeleton_s = st.median_s;
        c->spread = st.median_s > 0 ? (st.q3_s - st.q1_s) / st.median_s : 0;
    }
    skel_select_rank(res);
    double k = res->skeleton.k;
    if (res->source != SKEL_SELECT_RATIO_GIVEN && res->ratio > 0 && k >= 1 &&
        (res->ratio < k / SKEL_SELECT_RATIO_FAR || res->ratio > k * SKEL_SELECT_RATIO_FAR))
        warn(res,
             "the measured scaling ratio %.3g is far from K = %.4g: the skeleton should run 1/K "
             "as long as the application, so the reference run (%s) or the application time "
             "behind it (%.3f s) is off - a loaded machine, another node set, a skeleton shorter "
             "than its start-up; the predicted seconds are unreliable (the ranking is not "
             "affected)",
             res->ratio, k, res->reference, res->ref_app_s);
    if (res->n >= 2 && res->c[res->order[0]].ok && res->c[res->order[1]].ok) {
        const struct skel_select_candidate *a = &res->c[res->order[0]], *b = &res->c[res->order[1]];
        skel_select_compare(a->samples, a->nmeasured, b->samples, b->nmeasured, &res->best2);
        const struct skel_select_comparison *q = &res->best2;
        if (!q->done)
            warn(res,
                 "with %zu launch%s of %s and %zu of %s the best two cannot be told apart from "
                 "noise: use --rounds %d or more",
                 a->nmeasured, a->nmeasured == 1 ? "" : "es", a->name, b->nmeasured, b->name,
                 SKEL_SELECT_ROUNDS);
        else if (!q->distinguishable && q->p_min >= SKEL_SELECT_ALPHA && q->gap > 0)
            warn(res,
                 "the best two, %s and %s, are not confirmed distinguishable: every launch of %s "
                 "was slower than every launch of %s (by %.1f%% or more, medians %.1f%% apart), "
                 "but %zu and %zu launches are too few for the rank-sum test to confirm it "
                 "(p >= %.2g whatever the times); use --rounds %d or more",
                 a->name, b->name, b->name, a->name, 100 * q->gap, 100 * q->diff, a->nmeasured,
                 b->nmeasured, q->p_min, SKEL_SELECT_ROUNDS);
        else if (!q->distinguishable && q->p_min >= SKEL_SELECT_ALPHA)
            warn(res,
                 "the best two, %s and %s, are not distinguishable: %s was at least as fast as "
                 "%s in %.4g of %zu pairs of launches (%.0f%%), medians %.1f%% apart, and %zu and "
                 "%zu launches are too few for the rank-sum test anyway (p >= %.2g); run "
                 "--rounds %d or more",
                 a->name, b->name, b->name, a->name, q->slower_wins, q->pairs, 100 * q->overlap,
                 100 * q->diff, a->nmeasured, b->nmeasured, q->p_min, SKEL_SELECT_ROUNDS);
        else if (!q->distinguishable)
            warn(res,
                 "the best two, %s and %s, are not distinguishable: their launches overlap - %s "
                 "was at least as fast as %s in %.4g of %zu pairs of launches (%.0f%%; rank-sum "
                 "p = %.2g), medians %.1f%% apart; treat them as equal, or run more rounds",
                 a->name, b->name, b->name, a->name, q->slower_wins, q->pairs, 100 * q->overlap,
                 q->p, 100 * q->diff);
    }
    if (res->foreign_cpus >= SKEL_SELECT_LOADED_CPUS)
        warn(res,
             "this machine was loaded: other programs used %.2f of its %u CPUs on average during "
             "the selection, and the candidates on it (local, testbed) were measured under that "
             "load",
             res->foreign_cpus, res->ncpus);
}

/* ---- the load of this machine ------------------------------------------------------ */

/* CPU time (s) the machine's processes used so far: user, nice and system
 * of /proc/stat's first line (user nice system idle iowait irq softirq
 * steal).  Interrupt time is left out: much of it is the veth traffic of
 * our own testbed runs, which no process is charged for. < 0 if unknown. */
static double machine_busy_s(void)
{
    char *buf = NULL;
    size_t len = 0;
    double busy = -1;
    if (skel_read_file("/proc/stat", 1u << 20, &buf, &len) != SKEL_OK) {
        skel_clear_error();
        return -1;
    }
    unsigned long long v[8] = {0};
    if (len > 4 && memcmp(buf, "cpu ", 4) == 0 &&
        sscanf(buf + 4, "%llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3],
               &v[4], &v[5], &v[6], &v[7]) == 8) {
        long hz = sysconf(_SC_CLK_TCK);
        if (hz > 0)
            busy = (double)(v[0] + v[1] + v[2]) / (double)hz;
    }
    free(buf);
    return busy;
}

/* CPU time (s) of this process and of the children it reaped (mpiexec,
 * and through it the proxies and ranks). */
static double own_cpu_s(void)
{
    struct rusage self, kids;
    if (getrusage(RUSAGE_SELF, &self) != 0 || getrusage(RUSAGE_CHILDREN, &kids) != 0)
        return 0;
    return (double)(self.ru_utime.tv_sec + self.ru_stime.tv_sec + kids.ru_utime.tv_sec +
                    kids.ru_stime.tv_sec) +
           1e-6 * (double)(self.ru_utime.tv_usec + self.ru_stime.tv_usec + kids.ru_utime.tv_usec +
                           kids.ru_stime.tv_usec);
}

static double mono_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

struct load_probe {
    double busy, own, t;
};

static void load_start(struct load_probe *p)
{
    p->busy = machine_busy_s();
    p->own = own_cpu_s();
    p->t = mono_s();
}

/* Other programs' CPUs on average since load_start(); < 0 if unknown. */
static double load_foreign(const struct load_probe *p)
{
    double busy = machine_busy_s(), own = own_cpu_s(), t = mono_s();
    if (p->busy < 0 || busy < 0 || t - p->t < 0.5)
        return -1;
    double f = ((busy - p->busy) - (own - p->own)) / (t - p->t);
    return f > 0 ? f : 0;
}

/* ---- running the selection -------------------------------------------------------- */

static struct skel_launch_spec base_spec(const struct skel_select_opts *o,
                                         const struct skel_nodeset *set, const skel_testbed *tb,
                                         const char *label)
{
    return (struct skel_launch_spec){.nodes = set,
                                     .testbed = tb,
                                     .timeout_s = o->timeout_s,
                                     .yield = o->yield,
                                     .mpi = o->mpi,
                                     .finalize_shim = SKEL_LAUNCH_SHIM_AUTO,
                                     .label = label,
                                     .verbose = o->verbose,
                                     .tools = o->tools};
}

static int measure_reference(const struct skel_select_opts *o, struct skel_select_result *res,
                             const skel_testbed *tb, const char *spec)
{
    struct skel_nodeset_list *ref = NULL;
    struct skel_select_measurement m;
    int rc = skel_nodeset_resolve(spec, tb, &ref);
    if (rc != SKEL_OK)
        return skel_fail_context(rc, "the reference node set");
    if (ref->sets[0].kind == SKEL_NODESET_TESTBED &&
        (rc = skel_nodeset_check_testbed(&ref->sets[0], spec, tb ? skel_testbed_nhosts(tb) : 0)) !=
            SKEL_OK)
        goto out;
    struct skel_launch_spec base = base_spec(o, &ref->sets[0], tb, spec);
    if (o->starting != NULL)
        o->starting(o->progress_arg, "reference", 0, 1, res->launch, res->launches);
    res->launch++;
    rc = skel_select_measure(&res->skeleton, &base, NULL, res->repeat, 0, &m);
    if (o->progress != NULL)
        o->progress(o->progress_arg, "reference", 0, 1, &m);
    if (rc != SKEL_OK) {
        skel_fail_context(rc, "the reference run on %s", spec);
        goto out;
    }
    if (m.rep.elapsed_s <= 0) {
        rc = skel_fail(SKEL_EFORMAT, "the skeleton reported an elapsed time of 0 on %s", spec);
        goto out;
    }
    res->ref_skeleton_s = m.rep.elapsed_s;
    res->ratio = res->ref_app_s / m.rep.elapsed_s;
    /* The calibration: this launch's and those of SKEL_SELECT_CAL_LAUNCHES - 1
     * more (skel_select_calibration_pick()). */
    double cal[SKEL_SELECT_CAL_LAUNCHES];
    char calws[SKEL_SELECT_CAL_LAUNCHES][SKEL_SELECT_CALWS_MAX];
    cal[0] = m.rep.calibration;
    memcpy(calws[0], m.rep.calibration_ws, sizeof calws[0]);
    for (int i = 1; i < SKEL_SELECT_CAL_LAUNCHES; i++) {
        if (o->starting != NULL)
            o->starting(o->progress_arg, "reference", 0, 1, res->launch, res->launches);
        res->launch++;
        rc = skel_select_measure(&res->skeleton, &base, NULL, 1, 0, &m);
        if (o->progress != NULL)
            o->progress(o->progress_arg, "reference", 0, 1, &m);
        if (rc != SKEL_OK) {
            skel_fail_context(rc, "a calibration run on %s", spec);
            goto out;
        }
        cal[i] = m.rep.calibration;
        memcpy(calws[i], m.rep.calibration_ws, sizeof calws[i]);
    }
    skel_select_calibration_pick(cal, (const char(*)[SKEL_SELECT_CALWS_MAX])calws,
                                 SKEL_SELECT_CAL_LAUNCHES, &res->calibration,
                                 res->skeleton.calibration_ws, NULL);
out:
    skel_nodeset_list_free(ref);
    return rc;
}

/* A candidate's name from its file: the file name without directory and
 * extension ("fast.hosts" -> "fast"). */
static void name_from_file(const char *path, char *out, size_t len)
{
    const char *b = strrchr(path, '/');
    b = b != NULL && b[1] != '\0' ? b + 1 : path;
    snprintf(out, len, "%s", b);
    char *dot = strrchr(out, '.');
    if (dot != NULL && dot != out)
        *dot = '\0';
}

/* Whether a node-set file is XML (its first non-blank byte is '<', as
 * skel_nodeset_load() decides) rather than a hostfile. */
static int is_xml_file(const char *path)
{
    char buf[512];
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return 0;
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    size_t i = 0;
    while (i < n && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' || buf[i] == '\r'))
        i++;
    return i < n && buf[i] == '<';
}

/* Append the sets of one list to *all (moving them); the set of a hostfile
 * is named after its file. */
static int append_sets(struct skel_nodeset_list *all, struct skel_nodeset_list *l, const char *file)
{
    struct skel_nodeset *v = realloc(all->sets, (all->nsets + l->nsets) * sizeof *v);
    if (v == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    all->sets = v;
    int from_xml = is_xml_file(file);
    for (size_t i = 0; i < l->nsets; i++) {
        struct skel_nodeset *set = &all->sets[all->nsets++];
        *set = l->sets[i];
        if (!from_xml) {
            char name[256];
            name_from_file(file, name, sizeof name);
            char *d = strdup(name);
            if (d == NULL)
                return skel_fail(SKEL_ENOMEM, "out of memory");
            free(set->name);
            set->name = d;
        }
    }
    free(l->sets);
    l->sets = NULL;
    l->nsets = 0;
    return SKEL_OK;
}

/* Every candidate file's sets in one list; names must be unique. */
static int load_candidate_files(const struct skel_select_opts *o, struct skel_nodeset_list **out)
{
    struct skel_nodeset_list *all = calloc(1, sizeof *all);
    int rc = SKEL_OK;
    if (all == NULL || (all->source = strdup(o->ncandidates == 1 ? o->candidates[0]
                                                                 : "the candidate files")) == NULL)
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
    for (size_t f = 0; f < o->ncandidates && rc == SKEL_OK; f++) {
        struct skel_nodeset_list *l = NULL;
        if ((rc = skel_nodeset_load(o->candidates[f], &l)) == SKEL_OK)
            rc = append_sets(all, l, o->candidates[f]);
        skel_nodeset_list_free(l);
    }
    for (size_t i = 0; i < (all != NULL ? all->nsets : 0) && rc == SKEL_OK; i++)
        for (size_t j = 0; j < i && rc == SKEL_OK; j++)
            if (strcmp(all->sets[i].name, all->sets[j].name) == 0)
                rc = skel_fail(SKEL_EUSAGE,
                               "two candidates are named '%s' (hostfiles are named after their "
                               "files; node-set XML files name their sets)",
                               all->sets[i].name);
    *out = all;
    return rc;
}

/* The node of the allocation named name, or NULL. */
static const struct skel_node *alloc_node(const struct skel_nodeset *alloc, const char *name)
{
    for (size_t i = 0; i < alloc->nnodes; i++)
        if (strcmp(alloc->nodes[i].name, name) == 0)
            return &alloc->nodes[i];
    return NULL;
}

/* Candidates inside the Slurm allocation: the files' sets, checked against
 * it and launched with srun; or, without files, disjoint groups of
 * consecutive nodes with enough slots for the skeleton. */
static int slurm_candidates(const struct skel_select_opts *o, unsigned nranks,
                            struct skel_nodeset_list **cands)
{
    struct skel_nodeset_list *alloc = NULL;
    int rc = skel_nodeset_resolve("slurm", NULL, &alloc);
    if (rc != SKEL_OK)
        return skel_fail_context(rc, "--nodes slurm (run skel select inside salloc or sbatch)");
    const struct skel_nodeset *a = &alloc->sets[0];
    if (o->ncandidates > 0) {
        rc = load_candidate_files(o, cands);
        for (size_t i = 0; rc == SKEL_OK && i < (*cands)->nsets; i++) {
            struct skel_nodeset *set = &(*cands)->sets[i];
            if (set->kind == SKEL_NODESET_TESTBED)
                rc = skel_fail(SKEL_EUSAGE,
                               "candidate '%s' names testbed hosts, not nodes of "
                               "the Slurm allocation",
                               set->name);
            for (size_t k = 0; rc == SKEL_OK && k < set->nnodes; k++) {
                const struct skel_node *an = alloc_node(a, set->nodes[k].name);
                if (an == NULL)
                    rc = skel_fail(SKEL_EUSAGE,
                                   "candidate '%s': node '%s' is not in the allocation (%s)",
                                   set->name, set->nodes[k].name, getenv("SLURM_JOB_NODELIST"));
                else if (set->nodes[k].slots > an->slots)
                    rc = skel_fail(SKEL_EUSAGE,
                                   "candidate '%s': %u slots on %s, the allocation has %u there",
                                   set->name, set->nodes[k].slots, an->name, an->slots);
            }
            set->kind = SKEL_NODESET_SLURM;
        }
        skel_nodeset_list_free(alloc);
        return rc;
    }
    /* Groups of consecutive nodes, each just large enough. */
    struct skel_nodeset_list *l = calloc(1, sizeof *l);
    if (l == NULL || (l->source = strdup("the Slurm allocation")) == NULL ||
        (l->sets = calloc(a->nnodes, sizeof *l->sets)) == NULL) {
        skel_nodeset_list_free(l);
        skel_nodeset_list_free(alloc);
        return skel_fail(SKEL_ENOMEM, "out of memory");
    }
    *cands = l;
    size_t first = 0;
    while (first < a->nnodes && rc == SKEL_OK) {
        size_t last = first;
        unsigned long slots = a->nodes[first].slots;
        while (slots < nranks && last + 1 < a->nnodes)
            slots += a->nodes[++last].slots;
        if (slots < nranks)
            break;
        struct skel_nodeset *set = &l->sets[l->nsets];
        char name[512] = "";
        set->kind = SKEL_NODESET_SLURM;
        if ((set->nodes = calloc(last - first + 1, sizeof *set->nodes)) == NULL) {
            rc = skel_fail(SKEL_ENOMEM, "out of memory");
            break;
        }
        l->nsets++;
        for (size_t k = first; k <= last; k++) {
            struct skel_node *nd = &set->nodes[set->nnodes];
            if ((nd->name = strdup(a->nodes[k].name)) == NULL) {
                rc = skel_fail(SKEL_ENOMEM, "out of memory");
                break;
            }
            nd->slots = a->nodes[k].slots;
            set->nnodes++;
            size_t w = strlen(name);
            snprintf(name + w, sizeof name - w, "%s%s", k > first ? "+" : "", nd->name);
        }
        if (rc == SKEL_OK && (set->name = strdup(name)) == NULL)
            rc = skel_fail(SKEL_ENOMEM, "out of memory");
        first = last + 1;
    }
    if (rc == SKEL_OK && l->nsets == 0)
        rc = skel_fail(SKEL_EUSAGE,
                       "the allocation (%lu slots) is too small for the skeleton's "
                       "%u ranks",
                       skel_nodeset_slots(a), nranks);
    skel_nodeset_list_free(alloc);
    return rc;
}

/* The candidates, their notes, and the testbed hosts they name (*need: the
 * highest). */
static int load_candidates(const struct skel_select_opts *o, struct skel_select_result *res,
                           struct skel_nodeset_list **cands, unsigned *need)
{
    int slurm = o->nodes != NULL && strcmp(o->nodes, "slurm") == 0;
    if (o->nodes != NULL && !slurm)
        return skel_fail(SKEL_EUSAGE,
                         "--nodes %s: select takes 'slurm' (candidates inside the allocation); "
                         "other node sets are given as candidate files",
                         o->nodes);
    if (!slurm && o->ncandidates == 0)
        return skel_fail(SKEL_EUSAGE,
                         "no candidates: give node-set files or hostfiles (--candidates), "
                         "or --nodes slurm inside an allocation");
    int rc =
        slurm ? slurm_candidates(o, res->skeleton.nranks, cands) : load_candidate_files(o, cands);
    if (rc != SKEL_OK)
        return rc;
    res->n = (*cands)->nsets;
    res->c = calloc(res->n, sizeof *res->c);
    res->order = calloc(res->n, sizeof *res->order);
    if (res->c == NULL || res->order == NULL) {
        res->n = 0; /* nothing to free per candidate */
        return skel_fail(SKEL_ENOMEM, "out of memory");
    }
    for (size_t i = 0; i < res->n; i++) {
        const struct skel_nodeset *set = &(*cands)->sets[i];
        struct skel_select_candidate *c = &res->c[i];
        if ((c->name = strdup(set->name)) == NULL || (c->hosts = hosts_text(set)) == NULL ||
            (c->samples = calloc(res->rounds, sizeof *c->samples)) == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        if (set->kind == SKEL_NODESET_TESTBED && skel_nodeset_max_testbed_id(set) > *need)
            *need = skel_nodeset_max_testbed_id(set);
        if (skel_nodeset_slots(set) < res->skeleton.nranks)
            snprintf(c->note, sizeof c->note,
                     "%lu slot%s for %u ranks: ranks share slots (consider --yield)",
                     skel_nodeset_slots(set), skel_nodeset_slots(set) == 1 ? "" : "s",
                     res->skeleton.nranks);
    }
    return SKEL_OK;
}

/* Where the measured scaling ratio comes from: given, the calibration file,
 * or a reference run still to make (*refspec; *need raised for its hosts). */
static int ratio_source(const struct skel_select_opts *o, struct skel_select_result *res,
                        const char **refspec, unsigned *need)
{
    char calpath[PATH_MAX];
    snprintf(calpath, sizeof calpath, "%s/calibration", o->skeleton_dir);
    res->ref_app_s = o->app_time_s > 0 ? o->app_time_s : res->skeleton.app_time_s;
    *refspec = NULL;
    if (o->ratio > 0) {
        res->source = SKEL_SELECT_RATIO_GIVEN;
        res->ratio = o->ratio;
        res->ref_app_s = 0;
        snprintf(res->reference, sizeof res->reference, "(given)");
    } else if (o->reference == NULL && access(calpath, F_OK) == 0) {
        struct skel_select_calib cal;
        int rc = skel_select_calib_read(calpath, &cal);
        if (rc != SKEL_OK)
            return rc;
        if (cal.nranks != 0 && cal.nranks != res->skeleton.nranks)
            return skel_fail(SKEL_EFORMAT, "%s: made for %u ranks, the skeleton has %u", calpath,
                             cal.nranks, res->skeleton.nranks);
        res->source = SKEL_SELECT_RATIO_CALIBRATION;
        res->ratio = cal.ratio;
        res->ref_app_s = cal.app_time_s;
        res->ref_skeleton_s = cal.skeleton_s;
        res->calibration = cal.calibration;
        memcpy(res->skeleton.calibration_ws, cal.calibration_ws, sizeof cal.calibration_ws);
        snprintf(res->reference, sizeof res->reference, "%s", cal.nodes[0] ? cal.nodes : "?");
    } else {
        /* Inside an allocation the reference is the allocation: the login
         * node (local) is no place to run MPI, nor like the compute nodes. */
        int slurm = o->nodes != NULL && strcmp(o->nodes, "slurm") == 0;
        res->source = SKEL_SELECT_RATIO_REFERENCE;
        *refspec = o->reference ? o->reference : slurm ? "slurm" : "local";
        snprintf(res->reference, sizeof res->reference, "%s", *refspec);
        if (skel_nodeset_spec_is_testbed(*refspec) &&
            skel_nodeset_spec_testbed_hosts(*refspec) > *need)
            *need = skel_nodeset_spec_testbed_hosts(*refspec);
    }
    return SKEL_OK;
}

/* The testbed, when a candidate or the reference names its hosts. */
static int open_testbed(const struct skel_select_opts *o, struct skel_select_result *res,
                        const struct skel_nodeset_list *cands, const char *refspec, unsigned need,
                        skel_testbed **tb)
{
    int want = need > 0 || (refspec != NULL && skel_nodeset_spec_is_testbed(refspec));
    for (size_t i = 0; i < res->n; i++)
        want |= cands->sets[i].kind == SKEL_NODESET_TESTBED;
    if (!want)
        return SKEL_OK;
    if (geteuid() != 0)
        return skel_fail(SKEL_EUSAGE, "%s names testbed hosts, and the testbed needs root",
                         cands->source);
    int rc = skel_testbed_acquire(need, tb, &res->implicit_testbed);
    for (size_t i = 0; i < res->n && rc == SKEL_OK; i++)
        if (cands->sets[i].kind == SKEL_NODESET_TESTBED)
            rc = skel_nodeset_check_testbed(&cands->sets[i], cands->source,
                                            skel_testbed_nhosts(*tb));
    return rc;
}

/* The candidates, round after round, each round starting one candidate
 * further, so that a change in conditions during the selection spreads over
 * all of them and no candidate always runs first (after a pause, or after
 * the same neighbour). */
static int measure_candidates(const struct skel_select_opts *o, struct skel_select_result *res,
                              const struct skel_nodeset_list *cands, const skel_testbed *tb)
{
    for (unsigned r = 0; r < res->rounds; r++)
        for (size_t j = 0; j < res->n; j++) {
            size_t i = (r + j) % res->n;
            struct skel_select_candidate *c = &res->c[i];
            struct skel_select_measurement m;
            int rc = skel_usecase_interrupted();
            if (rc != SKEL_OK)
                return rc;
            struct skel_launch_spec base = base_spec(o, &cands->sets[i], tb, c->name);
            if (o->starting != NULL)
                o->starting(o->progress_arg, c->name, r, res->rounds, res->launch, res->launches);
            res->launch++;
            int e =
                skel_select_measure(&res->skeleton, &base, NULL, res->repeat, res->calibration, &m);
            c->nlaunched++;
            if (o->progress != NULL)
                o->progress(o->progress_arg, c->name, r, res->rounds, &m);
            if (e == SKEL_EINTERRUPTED)
                return e;
            if (e != SKEL_OK) {
                if (c->error[0] == '\0')
                    snprintf(c->error, sizeof c->error, "%s", m.error);
                skel_clear_error();
                continue;
            }
            if (c->nmeasured == 0 || m.rep.min_s < c->min_s)
                c->min_s = m.rep.min_s;
            if (c->nmeasured == 0 || m.rep.max_s > c->max_s)
                c->max_s = m.rep.max_s;
            c->samples[c->nmeasured++] = m.rep.elapsed_s;
        }
    return SKEL_OK;
}

/* Whether a candidate (or the reference) runs on this machine, whose load
 * is then worth watching. */
static int runs_here(const struct skel_nodeset_list *cands, const char *refspec)
{
    int here =
        refspec != NULL && (strcmp(refspec, "local") == 0 || skel_nodeset_spec_is_testbed(refspec));
    for (size_t i = 0; i < cands->nsets; i++)
        here |= cands->sets[i].kind == SKEL_NODESET_LOCAL ||
                cands->sets[i].kind == SKEL_NODESET_TESTBED;
    return here;
}

int skel_select_run(const struct skel_select_opts *o, struct skel_select_result *res)
{
    struct skel_nodeset_list *cands = NULL;
    skel_testbed *tb = NULL;
    const char *refspec = NULL;
    struct load_probe probe;
    unsigned need = 0;
    int rc;

    memset(res, 0, sizeof *res);
    res->foreign_cpus = -1;
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    res->ncpus = ncpu > 0 ? (unsigned)ncpu : 1;
    res->repeat = o->repeat ? o->repeat : 3;
    res->rounds = o->rounds ? o->rounds : SKEL_SELECT_ROUNDS;
    if ((rc = skel_select_skeleton_load(o->skeleton_dir, &res->skeleton)) != SKEL_OK)
        return rc;
    if ((rc = load_candidates(o, res, &cands, &need)) != SKEL_OK ||
        (rc = ratio_source(o, res, &refspec, &need)) != SKEL_OK ||
        (rc = open_testbed(o, res, cands, refspec, need, &tb)) != SKEL_OK)
        goto out;
    res->launches =
        (refspec != NULL ? SKEL_SELECT_CAL_LAUNCHES : 0) + (unsigned)res->n * res->rounds;
    load_start(&probe);
    if ((refspec != NULL && (rc = measure_reference(o, res, tb, refspec)) != SKEL_OK) ||
        (rc = measure_candidates(o, res, cands, tb)) != SKEL_OK)
        goto out;
    if (runs_here(cands, refspec))
        res->foreign_cpus = load_foreign(&probe);
    skel_select_summarize(res);
    res->ranked = 1;
    size_t nok = 0;
    for (size_t i = 0; i < res->n; i++)
        nok += (size_t)res->c[i].ok;
    if (nok == 0)
        rc = skel_fail(SKEL_EEXEC, "the skeleton ran on none of the %zu candidates (%s: %s)",
                       res->n, res->c[0].name, res->c[0].error);
out:
    rc = skel_usecase_release(tb, rc);
    skel_nodeset_list_free(cands);
    return rc;
}

/* ---- output --------------------------------------------------------------------- */

/* The launches as "a;b;c" (in the order they ran). */
static void put_samples(FILE *f, const struct skel_select_candidate *c)
{
    for (size_t i = 0; i < c->nmeasured; i++)
        fprintf(f, "%s%.6f", i ? ";" : "", c->samples[i]);
}

static void print_ratio(FILE *out, const struct skel_select_result *res)
{
    char b1[512], b2[512];
    switch (res->source) {
    case SKEL_SELECT_RATIO_GIVEN:
        fprintf(out, "ratio      %.4g (given)\n", res->ratio);
        break;
    case SKEL_SELECT_RATIO_REFERENCE:
        fprintf(out,
                "ratio      %.4g = application %.3f s / skeleton %.4f s, measured now on the "
                "reference '%s'\n",
                res->ratio, res->ref_app_s, res->ref_skeleton_s,
                skel_usecase_safe(res->reference, b1, sizeof b1));
        break;
    case SKEL_SELECT_RATIO_CALIBRATION:
        fprintf(
            out,
            "ratio      %.4g = application %.3f s / skeleton %.4f s on %s (from %s/calibration, "
            "skel validate's dedicated run)\n",
            res->ratio, res->ref_app_s, res->ref_skeleton_s,
            skel_usecase_safe(res->reference, b1, sizeof b1),
            skel_usecase_safe(res->skeleton.dir, b2, sizeof b2));
        break;
    }
}

void skel_select_print(FILE *out, const struct skel_select_result *res)
{
    const struct skel_select_skeleton *sk = &res->skeleton;
    char b1[512], b2[512];
    fprintf(out, "skeleton   %s: K = %.4g, %u ranks, expected %.3f s (application %.3f s traced)\n",
            skel_usecase_safe(sk->dir, b1, sizeof b1), sk->k, sk->nranks, sk->expected_s,
            sk->app_time_s);
    print_ratio(out, res);
    if (res->rounds > 1)
        fprintf(out,
                "measure    %u rounds, every candidate once per round (the first one rotating); "
                "a launch is the median of the skeleton's own elapsed_s over --repeat %u; "
                "skeleton_s: the median of the launches, spread: their interquartile range / "
                "median\n\n",
                res->rounds, res->repeat);
    else
        fprintf(out,
                "measure    1 launch per candidate, the median of the skeleton's own elapsed_s "
                "over --repeat %u\n\n",
                res->repeat);
    fprintf(out, "%-4s  %-16s  %-28s  %10s  %7s  %9s  %9s  %12s  %8s\n", "rank", "candidate",
            "hosts", "skeleton_s", "spread", "min_s", "max_s", "predicted_s", "vs best");
    double best = 0;
    for (size_t r = 0; r < res->n; r++) {
        const struct skel_select_candidate *c = &res->c[res->order[r]];
        char rank[16];
        skel_usecase_safe(c->name, b1, sizeof b1);
        skel_usecase_safe(c->hosts, b2, sizeof b2);
        if (!c->ok) {
            char b3[512];
            fprintf(out, "%-4s  %-16s  %-28s  failed: %s\n", "-", b1, b2,
                    skel_usecase_safe(c->error, b3, sizeof b3));
            continue;
        }
        if (c->rank == 1)
            best = c->skeleton_s;
        snprintf(rank, sizeof rank, "%u", c->rank);
        char vs[32], spread[32];
        if (c->rank == 1)
            snprintf(vs, sizeof vs, "best");
        else
            snprintf(vs, sizeof vs, "%+.1f%%", best > 0 ? (c->skeleton_s / best - 1) * 100 : 0);
        if (c->nmeasured > 1)
            snprintf(spread, sizeof spread, "%.1f%%", 100 * c->spread);
        else
            snprintf(spread, sizeof spread, "-");
        fprintf(out, "%-4s  %-16s  %-28s  %10.4f  %7s  %9.4f  %9.4f  %12.3f  %8s\n", rank, b1, b2,
                c->skeleton_s, spread, c->min_s, c->max_s, c->predicted_s, vs);
        if (c->nmeasured < c->nlaunched)
            fprintf(out, "      (%zu of %zu launches failed: %s)\n", c->nlaunched - c->nmeasured,
                    c->nlaunched, skel_usecase_safe(c->error, b1, sizeof b1));
    }
    for (size_t i = 0; i < res->n; i++)
        if (res->c[i].note[0])
            fprintf(out, "note: %s: %s\n", skel_usecase_safe(res->c[i].name, b1, sizeof b1),
                    skel_usecase_safe(res->c[i].note, b2, sizeof b2));
    if (res->foreign_cpus >= 0)
        fprintf(out, "load: other programs used %.2f of this machine's %u CPUs on average\n",
                res->foreign_cpus, res->ncpus);
    if (res->n == 0 || !res->c[res->order[0]].ok) {
        fprintf(out, "\nrecommendation: none (the skeleton ran nowhere)\n");
        return;
    }
    const struct skel_select_candidate *b = &res->c[res->order[0]];
    const struct skel_select_comparison *q = &res->best2;
    if (q->done && q->distinguishable)
        fprintf(out,
                "the best two are distinguishable: %s was faster than %s in %.4g of %zu pairs of "
                "launches (rank-sum p = %.2g)\n",
                skel_usecase_safe(b->name, b1, sizeof b1),
                skel_usecase_safe(res->c[res->order[1]].name, b2, sizeof b2),
                (double)q->pairs - q->slower_wins, q->pairs, q->p);
    for (size_t i = 0; i < res->nwarnings; i++)
        fprintf(out, "warning: %s\n", skel_usecase_safe(res->warnings[i], b1, sizeof b1));
    fprintf(out, "\nrecommendation: %s (the application should take about %.3f s there",
            skel_usecase_safe(b->name, b1, sizeof b1), b->predicted_s);
    if (res->n > 1 && res->c[res->order[1]].ok)
        fprintf(out, "; the next best, %s, %.2fx as long%s",
                skel_usecase_safe(res->c[res->order[1]].name, b2, sizeof b2),
                res->c[res->order[1]].skeleton_s / b->skeleton_s,
                q->done && !q->distinguishable ? ", within the noise" : "");
    fprintf(out, ")\n");
}

int skel_select_write_csv(const char *path, const struct skel_select_result *res)
{
    skel_afile *af;
    int rc = skel_afile_open(path, &af);
    if (rc != SKEL_OK)
        return rc;
    FILE *f = skel_afile_stream(af);
    fprintf(f, "rank,candidate,hosts,nranks,launches,skeleton_s,min_s,max_s,ratio,predicted_s,"
               "vs_best,outcome,error,spread,samples_s\n");
    double best = res->n && res->c[res->order[0]].ok ? res->c[res->order[0]].skeleton_s : 0;
    for (size_t r = 0; r < res->n; r++) {
        const struct skel_select_candidate *c = &res->c[res->order[r]];
        if (c->ok)
            fprintf(f, "%u,", c->rank);
        else
            fputc(',', f);
        skel_csv_field(f, c->name);
        fputc(',', f);
        skel_csv_field(f, c->hosts);
        fprintf(f, ",%u,%zu,", res->skeleton.nranks, c->nmeasured);
        if (c->ok)
            fprintf(f, "%.6f,%.6f,%.6f,%.6g,%.6f,%.6f,ok,", c->skeleton_s, c->min_s, c->max_s,
                    res->ratio, c->predicted_s, best > 0 ? c->skeleton_s / best : 0);
        else
            fprintf(f, ",,,%.6g,,,failed,", res->ratio);
        skel_csv_field(f, c->error);
        if (c->ok)
            fprintf(f, ",%.6f,", c->spread);
        else
            fputs(",,", f);
        put_samples(f, c);
        fputc('\n', f);
    }
    return skel_afile_commit(af);
}
