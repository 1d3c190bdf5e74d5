/* meta.c - read and write TRACEDIR/meta.
 *
 * One statement per line: a key followed by values.  Values are integers or
 * double-quoted strings with C-style escapes (\\ \" \n \t \xHH).  '#' starts a
 * comment.  The grammar is in docs/trace-format.md.  The parser is written for
 * hostile input: every read is bounds-checked and every error names the file,
 * the line, the column and what was expected.
 */
#include "meta.h"

#include "afile.h"
#include "error.h"
#include "event.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define META_MAX_FILE  (64u << 20)
#define META_MAX_ARGS  65536u
#define META_MAX_RANKS (1u << 22)
#define META_MAX_STR   65536u
#define META_MAX_SITES (1u << 20)

struct parser {
    const char *name;
    const char *p, *end;
    unsigned line, col;
};

static int perr(struct parser *ps, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int perr(struct parser *ps, const char *fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return skel_fail(SKEL_EFORMAT, "%s: line %u, column %u: %s", ps->name, ps->line, ps->col, what);
}

static void advance(struct parser *ps)
{
    if (*ps->p == '\n') {
        ps->line++;
        ps->col = 1;
    } else {
        ps->col++;
    }
    ps->p++;
}

/* Skip blanks and comments, not newlines. */
static void skip_blank(struct parser *ps)
{
    while (ps->p < ps->end) {
        char ch = *ps->p;
        if (ch == ' ' || ch == '\t' || ch == '\r') {
            advance(ps);
        } else if (ch == '#') {
            while (ps->p < ps->end && *ps->p != '\n')
                advance(ps);
        } else {
            break;
        }
    }
}

static int at_eol(struct parser *ps)
{
    skip_blank(ps);
    return ps->p >= ps->end || *ps->p == '\n';
}

static int is_word_char(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
           ch == '-' || ch == '_' || ch == '.' || ch == '+';
}

/* A bare word into buf (truncated words are an error). */
static int word(struct parser *ps, char *buf, size_t cap, const char *what)
{
    skip_blank(ps);
    size_t n = 0;
    while (ps->p < ps->end && is_word_char(*ps->p)) {
        if (n + 1 >= cap)
            return perr(ps, "%s is too long", what);
        buf[n++] = *ps->p;
        advance(ps);
    }
    buf[n] = '\0';
    if (n == 0)
        return perr(ps, "expected %s", what);
    return SKEL_OK;
}

static int integer(struct parser *ps, int64_t min, int64_t max, int64_t *out, const char *what)
{
    char buf[32];
    int rc = word(ps, buf, sizeof buf, what);
    if (rc != SKEL_OK)
        return rc;
    char *e;
    errno = 0;
    long long v = strtoll(buf, &e, 10);
    if (*e != '\0' || errno != 0)
        return perr(ps, "expected %s (an integer), got '%s'", what, buf);
    if (v < min || v > max)
        return perr(ps, "%s %lld is out of range [%lld, %lld]", what, v, (long long)min,
                    (long long)max);
    *out = v;
    return SKEL_OK;
}

static int hexval(char ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

static int string(struct parser *ps, char **out, const char *what)
{
    skip_blank(ps);
    if (ps->p >= ps->end || *ps->p != '"')
        return perr(ps, "expected %s (a double-quoted string)", what);
    advance(ps);
    size_t cap = 64, n = 0;
    char *s = malloc(cap);
    if (s == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", ps->name);
    for (;;) {
        if (ps->p >= ps->end || *ps->p == '\n') {
            free(s);
            return perr(ps, "unterminated string in %s", what);
        }
        char ch = *ps->p;
        if (ch == '"') {
            advance(ps);
            break;
        }
        if (ch == '\\') {
            advance(ps);
            if (ps->p >= ps->end) {
                free(s);
                return perr(ps, "unterminated escape in %s", what);
            }
            char e = *ps->p;
            if (e == 'n')
                ch = '\n';
            else if (e == 't')
                ch = '\t';
            else if (e == '\\' || e == '"')
                ch = e;
            else if (e == 'x') {
                if (ps->end - ps->p < 3 || hexval(ps->p[1]) < 0 || hexval(ps->p[2]) < 0) {
                    free(s);
                    return perr(ps, "expected two hex digits after \\x in %s", what);
                }
                ch = (char)(hexval(ps->p[1]) * 16 + hexval(ps->p[2]));
                advance(ps);
                advance(ps);
            } else {
                free(s);
                return perr(ps, "unknown escape \\%c in %s", e, what);
            }
        }
        if (n + 1 >= cap) {
            if (cap >= META_MAX_STR) {
                free(s);
                return perr(ps, "%s is longer than %u bytes", what, META_MAX_STR);
            }
            char *ns = realloc(s, cap *= 2);
            if (ns == NULL) {
                free(s);
                return skel_fail(SKEL_ENOMEM, "%s: out of memory", ps->name);
            }
            s = ns;
        }
        s[n++] = ch;
        advance(ps);
    }
    s[n] = '\0';
    *out = s;
    return SKEL_OK;
}

static int end_line(struct parser *ps)
{
    if (!at_eol(ps))
        return perr(ps, "expected the end of the line");
    if (ps->p < ps->end)
        advance(ps);
    return SKEL_OK;
}

static int string_list(struct parser *ps, char ***out, uint32_t *n, const char *what)
{
    if (*out != NULL)
        return perr(ps, "%s given twice", what);
    uint32_t cap = 4, cnt = 0;
    char **v = calloc(cap, sizeof *v);
    if (v == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", ps->name);
    int rc = SKEL_OK;
    while (!at_eol(ps)) {
        if (cnt + 1 >= cap) {
            if (cap >= META_MAX_ARGS) {
                rc = perr(ps, "%s has more than %u arguments", what, META_MAX_ARGS);
                break;
            }
            char **nv = realloc(v, (size_t)(cap *= 2) * sizeof *nv);
            if (nv == NULL) {
                rc = skel_fail(SKEL_ENOMEM, "%s: out of memory", ps->name);
                break;
            }
            v = nv;
        }
        if ((rc = string(ps, &v[cnt], what)) != SKEL_OK)
            break;
        cnt++;
    }
    if (rc != SKEL_OK) {
        for (uint32_t i = 0; i < cnt; i++)
            free(v[i]);
        free(v);
        return rc;
    }
    v[cnt] = NULL;
    *out = v;
    *n = cnt;
    return SKEL_OK;
}

static int once_string(struct parser *ps, char **field, const char *what)
{
    if (*field != NULL)
        return perr(ps, "%s given twice", what);
    return string(ps, field, what);
}

static int rank_line(struct parser *ps, skel_meta *m)
{
    int64_t idx;
    int rc = integer(ps, 0, META_MAX_RANKS - 1, &idx, "a rank number");
    if (rc != SKEL_OK)
        return rc;
    if (m->nranks == 0)
        return perr(ps, "'rank' before 'ranks'");
    if (idx >= m->nranks)
        return perr(ps, "rank %lld but the trace has %u ranks", (long long)idx, m->nranks);
    for (uint32_t i = 0; i < m->nrank_entries; i++)
        if (m->ranks[i].rank == (uint32_t)idx)
            return perr(ps, "rank %lld described twice", (long long)idx);
    skel_meta_rank *r = &m->ranks[m->nrank_entries];
    memset(r, 0, sizeof *r);
    r->rank = (uint32_t)idx;
    m->nrank_entries++; /* counted now so that skel_meta_free frees r->host */
    static const char *const keys[] = {"pid",      "offset-init", "rtt-init", "offset-fini",
                                       "rtt-fini", "overhead-ns", "events",   "call-ns"};
    while (!at_eol(ps)) {
        char key[32];
        int64_t v;
        if ((rc = word(ps, key, sizeof key, "a rank attribute")) != SKEL_OK)
            return rc;
        if (strcmp(key, "host") == 0) {
            if ((rc = once_string(ps, &r->host, "host")) != SKEL_OK)
                return rc;
            continue;
        }
        size_t k = 0;
        while (k < sizeof keys / sizeof keys[0] && strcmp(keys[k], key) != 0)
            k++;
        if (k == sizeof keys / sizeof keys[0])
            return perr(ps,
                        "unknown rank attribute '%s' (expected host, pid, offset-init, "
                        "rtt-init, offset-fini, rtt-fini, overhead-ns, events or call-ns)",
                        key);
        int is_signed = k == 1 || k == 3;
        /* call-ns: a calibration of tens of ns; above a second it is no trace's. */
        int64_t hi = k == 0 ? UINT32_MAX : k == 7 ? 1000000000 : INT64_MAX;
        rc = integer(ps, is_signed ? INT64_MIN : 0, hi, &v, key);
        if (rc != SKEL_OK)
            return rc;
        switch (k) {
        case 0:
            r->pid = (uint32_t)v;
            break;
        case 1:
            r->offset_init_ns = v;
            break;
        case 2:
            r->rtt_init_ns = (uint64_t)v;
            break;
        case 3:
            r->offset_fini_ns = v;
            break;
        case 4:
            r->rtt_fini_ns = (uint64_t)v;
            break;
        case 5:
            r->overhead_ns = (uint64_t)v;
            break;
        case 6:
            r->nevents = (uint64_t)v;
            break;
        default:
            r->call_ns = (uint64_t)v;
            break;
        }
    }
    return SKEL_OK;
}

static int site_line(struct parser *ps, skel_meta *m, uint32_t *cap)
{
    if (m->nsites == *cap) {
        if (*cap >= META_MAX_SITES)
            return perr(ps, "more than %u call sites", META_MAX_SITES);
        uint32_t ncap = *cap ? *cap * 2 : 64;
        skel_meta_site *n = realloc(m->sites, (size_t)ncap * sizeof *n);
        if (n == NULL)
            return skel_fail(SKEL_ENOMEM, "%s: out of memory", ps->name);
        m->sites = n;
        *cap = ncap;
    }
    skel_meta_site *st = &m->sites[m->nsites];
    memset(st, 0, sizeof *st);
    m->nsites++; /* counted now so that skel_meta_free frees what was read */
    int64_t v;
    int rc = string(ps, &st->module, "the module path");
    if (rc == SKEL_OK && (rc = integer(ps, 0, INT64_MAX, &v, "the offset")) == SKEL_OK)
        st->offset = (uint64_t)v;
    if (rc == SKEL_OK)
        rc = string(ps, &st->func, "the function name");
    if (rc == SKEL_OK)
        rc = string(ps, &st->file, "the source file");
    if (rc == SKEL_OK && (rc = integer(ps, 0, UINT32_MAX, &v, "the line number")) == SKEL_OK)
        st->line = (uint32_t)v;
    return rc;
}

int skel_meta_parse(const char *name, const char *text, size_t len, skel_meta **out)
{
    struct parser ps = {name, text, text + len, 1, 1};
    skel_meta *m = calloc(1, sizeof *m);
    if (m == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", name);
    int rc = SKEL_OK, seen_header = 0;
    uint32_t site_cap = 0;
    int64_t v, v2;
    char key[32];
    while (ps.p < ps.end) {
        if (at_eol(&ps)) {
            if (ps.p < ps.end)
                advance(&ps);
            continue;
        }
        if ((rc = word(&ps, key, sizeof key, "a key")) != SKEL_OK)
            goto fail;
        if (!seen_header) {
            if (strcmp(key, "skel-trace") != 0) {
                rc = perr(&ps, "expected 'skel-trace MAJOR MINOR' first");
                goto fail;
            }
            if ((rc = integer(&ps, 0, 255, &v, "the major version")) != SKEL_OK ||
                (rc = integer(&ps, 0, 255, &v2, "the minor version")) != SKEL_OK)
                goto fail;
            if (v != SKEL_TRACE_VERSION_MAJOR) {
                rc =
                    skel_fail(SKEL_EVERSION,
                              "%s: line %u: trace metadata version %lld.%lld, "
                              "this Skel reads %u.x",
                              name, ps.line, (long long)v, (long long)v2, SKEL_TRACE_VERSION_MAJOR);
                goto fail;
            }
            m->version_major = (uint32_t)v;
            m->version_minor = (uint32_t)v2;
            seen_header = 1;
        } else if (strcmp(key, "tracer") == 0) {
            rc = once_string(&ps, &m->tracer_version, "tracer");
        } else if (strcmp(key, "mpi-library") == 0) {
            rc = once_string(&ps, &m->mpi_library, "mpi-library");
        } else if (strcmp(key, "mpi-version") == 0) {
            if ((rc = integer(&ps, 0, 99, &v, "the MPI version")) == SKEL_OK &&
                (rc = integer(&ps, 0, 99, &v2, "the MPI subversion")) == SKEL_OK) {
                m->mpi_version = (uint32_t)v;
                m->mpi_subversion = (uint32_t)v2;
            }
        } else if (strcmp(key, "ranks") == 0) {
            if (m->nranks != 0) {
                rc = perr(&ps, "ranks given twice");
            } else if ((rc = integer(&ps, 1, META_MAX_RANKS, &v, "the number of ranks")) ==
                       SKEL_OK) {
                m->nranks = (uint32_t)v;
                m->ranks = calloc(m->nranks, sizeof *m->ranks);
                if (m->ranks == NULL)
                    rc = skel_fail(SKEL_ENOMEM, "%s: out of memory", name);
            }
        } else if (strcmp(key, "start-unix-ns") == 0) {
            if ((rc = integer(&ps, 0, INT64_MAX, &v, "start-unix-ns")) == SKEL_OK)
                m->start_unix_ns = (uint64_t)v;
        } else if (strcmp(key, "command") == 0) {
            rc = string_list(&ps, &m->command, &m->ncommand, "command");
        } else if (strcmp(key, "launch") == 0) {
            rc = string_list(&ps, &m->launch, &m->nlaunch, "launch");
        } else if (strcmp(key, "rank") == 0) {
            rc = rank_line(&ps, m);
        } else if (strcmp(key, "site") == 0) {
            rc = site_line(&ps, m, &site_cap);
        } else if (strcmp(key, "complete") == 0) {
            if ((rc = integer(&ps, 0, 1, &v, "complete (0 or 1)")) == SKEL_OK)
                m->complete = (int)v;
        } else if (m->version_minor > SKEL_TRACE_VERSION_MINOR) {
            while (!at_eol(&ps)) /* a newer minor version may add keys: skip them */
                advance(&ps);
        } else {
            rc = perr(&ps, "unknown key '%s'", key);
        }
        if (rc != SKEL_OK || (rc = end_line(&ps)) != SKEL_OK)
            goto fail;
    }
    if (!seen_header) {
        rc = perr(&ps, "empty file: expected 'skel-trace MAJOR MINOR'");
        goto fail;
    }
    if (m->nranks == 0) {
        rc = perr(&ps, "the file ends without a 'ranks' line");
        goto fail;
    }
    *out = m;
    return SKEL_OK;
fail:
    skel_meta_free(m);
    return rc;
}

int skel_meta_read(const char *path, skel_meta **out)
{
    char *buf;
    size_t len;
    int rc = skel_read_file(path, META_MAX_FILE, &buf, &len);
    if (rc == SKEL_ERANGE)
        return skel_fail(SKEL_EFORMAT, "%s: larger than %u bytes: not a metadata file", path,
                         META_MAX_FILE);
    if (rc != SKEL_OK)
        return rc;
    rc = skel_meta_parse(path, buf, len, out);
    free(buf);
    return rc;
}

static void put_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", f);
        else if (*p == '\t')
            fputs("\\t", f);
        else if (*p < 0x20 || *p >= 0x7f)
            fprintf(f, "\\x%02x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

int skel_meta_write(const char *path, const skel_meta *m)
{
    skel_afile *af;
    int rc = skel_afile_open(path, &af);
    if (rc != SKEL_OK)
        return rc;
    FILE *f = skel_afile_stream(af);
    fprintf(f, "# Skel trace metadata (docs/trace-format.md)\n");
    fprintf(f, "skel-trace %u %u\n", SKEL_TRACE_VERSION_MAJOR, SKEL_TRACE_VERSION_MINOR);
    fputs("tracer ", f);
    put_string(f, m->tracer_version);
    fputs("\nmpi-library ", f);
    put_string(f, m->mpi_library);
    fprintf(f, "\nmpi-version %u %u\n", m->mpi_version, m->mpi_subversion);
    fprintf(f, "ranks %u\n", m->nranks);
    fprintf(f, "start-unix-ns %" PRIu64 "\n", m->start_unix_ns);
    if (m->ncommand > 0) {
        fputs("command", f);
        for (uint32_t i = 0; i < m->ncommand; i++) {
            fputc(' ', f);
            put_string(f, m->command[i]);
        }
        fputc('\n', f);
    }
    if (m->nlaunch > 0) {
        fputs("launch", f);
        for (uint32_t i = 0; i < m->nlaunch; i++) {
            fputc(' ', f);
            put_string(f, m->launch[i]);
        }
        fputc('\n', f);
    }
    for (uint32_t i = 0; i < m->nrank_entries; i++) {
        const skel_meta_rank *r = &m->ranks[i];
        fprintf(f, "rank %u host ", r->rank);
        put_string(f, r->host);
        fprintf(f,
                " pid %u offset-init %" PRId64 " rtt-init %" PRIu64 " offset-fini %" PRId64
                " rtt-fini %" PRIu64 " overhead-ns %" PRIu64 " events %" PRIu64,
                r->pid, r->offset_init_ns, r->rtt_init_ns, r->offset_fini_ns, r->rtt_fini_ns,
                r->overhead_ns, r->nevents);
        if (r->call_ns > 0) /* traces before 2026-11-29 have none */
            fprintf(f, " call-ns %" PRIu64, r->call_ns);
        fputc('\n', f);
    }
    for (uint32_t i = 0; i < m->nsites; i++) {
        const skel_meta_site *st = &m->sites[i];
        fputs("site ", f);
        put_string(f, st->module);
        fprintf(f, " %" PRIu64 " ", st->offset);
        put_string(f, st->func);
        fputc(' ', f);
        put_string(f, st->file);
        fprintf(f, " %u\n", st->line);
    }
    fprintf(f, "complete %d\n", m->complete ? 1 : 0);
    return skel_afile_commit(af);
}

void skel_meta_free(skel_meta *m)
{
    if (m == NULL)
        return;
    free(m->tracer_version);
    free(m->mpi_library);
    for (uint32_t i = 0; i < m->ncommand; i++)
        free(m->command[i]);
    free(m->command);
    for (uint32_t i = 0; i < m->nlaunch; i++)
        free(m->launch[i]);
    free(m->launch);
    for (uint32_t i = 0; i < m->nrank_entries; i++)
        free(m->ranks[i].host);
    free(m->ranks);
    for (uint32_t i = 0; i < m->nsites; i++) {
        free(m->sites[i].module);
        free(m->sites[i].func);
        free(m->sites[i].file);
    }
    free(m->sites);
    free(m);
}
