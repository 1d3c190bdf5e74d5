/* test_export.c - `skel export --chrome`: the output parses as strict JSON
 * (RFC 8259, checked by the small parser below, not by the exporter's own
 * code), holds exactly one "X" event per traced call and one flow pair per
 * matched message, and carries hostile strings from the trace escaped. */
#include <criterion/criterion.h>

#include "error.h"
#include "export.h"
#include "meta.h"
#include "trace.h"
#include "writer.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- A synthetic trace: ranks in a ring, hostile strings everywhere --------- */

#define HOSTILE_CMD  "/bin/app<script>alert(1)</script>"
#define HOSTILE_ARG  "--x=\"q\" ]]> -- \x01\x1b[31m \xff\xfe end\\"
#define HOSTILE_HOST "<script>alert(2)</script>\"h'\x07]]>--"
#define HOSTILE_FUNC "<script>alert(3)</script>\"\\\x02"

static char dir[64];

static void remove_dir(const char *d)
{
    DIR *dp = opendir(d);
    struct dirent *e;
    while (dp != NULL && (e = readdir(dp)) != NULL) {
        char p[512];
        if (e->d_name[0] == '.')
            continue;
        snprintf(p, sizeof p, "%s/%s", d, e->d_name);
        unlink(p);
    }
    if (dp != NULL)
        closedir(dp);
    rmdir(d);
}

/* nranks ranks; iters x (Isend right, Irecv left, Waitall, Allreduce); returns
 * the number of events written. */
static uint64_t make_trace(uint32_t nranks, uint32_t iters)
{
    snprintf(dir, sizeof dir, "/tmp/skel-test-export-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    char *cmd[] = {HOSTILE_CMD, HOSTILE_ARG, NULL};
    skel_meta_rank ranks[8];
    for (uint32_t r = 0; r < nranks; r++)
        ranks[r] = (skel_meta_rank){
            .rank = r, .host = HOSTILE_HOST, .pid = 100 + r, .nevents = 4 * (uint64_t)iters + 2};
    skel_meta m = {.tracer_version = "t",
                   .mpi_library = "Fake <b>MPI</b>\t1.0",
                   .nranks = nranks,
                   .ncommand = 2,
                   .command = cmd,
                   .start_unix_ns = 1700000000000000000ull,
                   .complete = 1,
                   .ranks = ranks,
                   .nrank_entries = nranks};
    char p[256];
    snprintf(p, sizeof p, "%s/meta", dir);
    cr_assert_eq(skel_meta_write(p, &m), SKEL_OK, "%s", skel_last_error());
    uint64_t total = 0;
    for (uint32_t r = 0; r < nranks; r++) {
        char name[64];
        skel_trace_rank_filename(r, name, sizeof name);
        snprintf(p, sizeof p, "%s/%s", dir, name);
        skel_rank_info info = {.rank = r,
                               .nranks = nranks,
                               .pid = 100 + r,
                               .t_init = 1000,
                               .host = HOSTILE_HOST,
                               .mpi_library = "m",
                               .tracer_version = "t"};
        skel_writer *w;
        cr_assert_eq(skel_writer_open(p, &info, 1 << 16, 1, &w), SKEL_OK, "%s", skel_last_error());
        skel_module mod = {.index = 0, .base = 0, .path = "/bin/app\x03<x>"};
        cr_assert_eq(skel_writer_module(w, &mod), SKEL_OK);
        skel_site sites[3] = {
            {.index = 0, .addr = 10, .module = 0, .offset = 10, .func = HOSTILE_FUNC, .file = ""},
            {.index = 1,
             .addr = 20,
             .module = 0,
             .offset = 20,
             .func = "na\xc3\xafve_\xce\xbb",
             .file = ""},
            {.index = 2,
             .addr = 30,
             .module = 0,
             .offset = 30,
             .func = "bad\xff\xfe\xc3",
             .file = ""}};
        for (int k = 0; k < 3; k++)
            cr_assert_eq(skel_writer_site(w, &sites[k]), SKEL_OK);
        uint64_t t = 1000, seq = 0, req = 1;
        int32_t right = (int32_t)((r + 1) % nranks), left = (int32_t)((r + nranks - 1) % nranks);
        skel_event ev;
#define EMIT(call_, site_)                                                                         \
    do {                                                                                           \
        ev.call = (call_);                                                                         \
        ev.site = (site_);                                                                         \
        ev.seq = seq++;                                                                            \
        ev.gap_wall = ev.gap_cpu = seq == 1 ? 0 : 5000;                                            \
        ev.t_start = t + ev.gap_wall;                                                              \
        ev.t_end = ev.t_start + 1000 + 37 * r;                                                     \
        t = ev.t_end;                                                                              \
        cr_assert_eq(skel_writer_event(w, &ev), SKEL_OK, "%s", skel_last_error());                 \
        total++;                                                                                   \
    } while (0)
        skel_event_init(&ev);
        EMIT(SKEL_CALL_MPI_Init, 0);
        for (uint32_t i = 0; i < iters; i++) {
            skel_event_init(&ev);
            ev.peer = right;
            ev.tag = 7;
            ev.count = 100;
            ev.dtsize = 8;
            ev.bytes = 800;
            uint64_t sreq = ev.req = req++;
            EMIT(SKEL_CALL_MPI_Isend, 1);
            skel_event_init(&ev);
            ev.peer = left;
            ev.tag = 7;
            ev.count = 100;
            ev.dtsize = 8;
            ev.bytes = 800;
            uint64_t rreq = ev.req = req++;
            EMIT(SKEL_CALL_MPI_Irecv, 1);
            skel_event_init(&ev);
            skel_completion c[2] = {{.req = sreq,
                                     .call = SKEL_CALL_MPI_Isend,
                                     .index = 0,
                                     .src = SKEL_PEER_NONE,
                                     .tag = SKEL_TAG_NONE,
                                     .bytes = 800},
                                    {.req = rreq,
                                     .call = SKEL_CALL_MPI_Irecv,
                                     .index = 1,
                                     .src = left,
                                     .tag = 7,
                                     .bytes = 800}};
            ev.ncomplete = 2;
            ev.complete = c;
            EMIT(SKEL_CALL_MPI_Waitall, 2);
            skel_event_init(&ev);
            ev.count = 1;
            ev.dtsize = 8;
            ev.bytes = 8;
            ev.rbytes = 8;
            ev.op = SKEL_OP_SUM;
            EMIT(SKEL_CALL_MPI_Allreduce, 0);
        }
        skel_event_init(&ev);
        EMIT(SKEL_CALL_MPI_Finalize, 0);
#undef EMIT
        skel_rank_end end = {.nevents = seq};
        cr_assert_eq(skel_writer_finish(w, &end), SKEL_OK, "%s", skel_last_error());
    }
    return total;
}

/* ---- A strict JSON parser (RFC 8259) building a small tree ------------------ */

enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

typedef struct jv {
    int type;
    double num;
    char *str; /* J_STR: decoded UTF-8 */
    size_t n;
    struct jv *kids;
    char **keys; /* J_OBJ */
} jv;

struct jp {
    const unsigned char *s;
    size_t n, i;
    const char *err;
    int depth;
};

static void jv_free(jv *v)
{
    for (size_t i = 0; i < v->n; i++) {
        jv_free(&v->kids[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->kids);
    free(v->keys);
    free(v->str);
}

static void ws(struct jp *p)
{
    while (p->i < p->n &&
           (p->s[p->i] == ' ' || p->s[p->i] == '\t' || p->s[p->i] == '\n' || p->s[p->i] == '\r'))
        p->i++;
}

static int put_cp(char **b, size_t *len, size_t *cap, uint32_t cp)
{
    if (*len + 5 > *cap) {
        *cap = *cap ? *cap * 2 : 32;
        *b = realloc(*b, *cap);
    }
    char *o = *b + *len;
    if (cp < 0x80)
        o[0] = (char)cp, *len += 1;
    else if (cp < 0x800)
        o[0] = (char)(0xc0 | (cp >> 6)), o[1] = (char)(0x80 | (cp & 0x3f)), *len += 2;
    else if (cp < 0x10000)
        o[0] = (char)(0xe0 | (cp >> 12)), o[1] = (char)(0x80 | ((cp >> 6) & 0x3f)),
        o[2] = (char)(0x80 | (cp & 0x3f)), *len += 3;
    else
        o[0] = (char)(0xf0 | (cp >> 18)), o[1] = (char)(0x80 | ((cp >> 12) & 0x3f)),
        o[2] = (char)(0x80 | ((cp >> 6) & 0x3f)), o[3] = (char)(0x80 | (cp & 0x3f)), *len += 4;
    return 0;
}

static int hex4(struct jp *p, uint32_t *v)
{
    if (p->i + 4 > p->n)
        return -1;
    *v = 0;
    for (int k = 0; k < 4; k++) {
        unsigned char c = p->s[p->i++];
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0)
            return -1;
        *v = *v * 16 + (uint32_t)d;
    }
    return 0;
}

static char *jstring(struct jp *p)
{
    if (p->i >= p->n || p->s[p->i] != '"') {
        p->err = "expected a string";
        return NULL;
    }
    p->i++;
    char *b = NULL;
    size_t len = 0, cap = 0;
    put_cp(&b, &len, &cap, 0);
    len = 0;
    for (;;) {
        if (p->i >= p->n) {
            p->err = "unterminated string";
            free(b);
            return NULL;
        }
        unsigned char c = p->s[p->i];
        if (c == '"') {
            p->i++;
            break;
        }
        if (c < 0x20) {
            p->err = "raw control character in a string";
            free(b);
            return NULL;
        }
        if (c == '\\') {
            p->i++;
            if (p->i >= p->n) {
                p->err = "bad escape";
                free(b);
                return NULL;
            }
            unsigned char e = p->s[p->i++];
            uint32_t cp;
            switch (e) {
            case '"':
                cp = '"';
                break;
            case '\\':
                cp = '\\';
                break;
            case '/':
                cp = '/';
                break;
            case 'b':
                cp = 8;
                break;
            case 'f':
                cp = 12;
                break;
            case 'n':
                cp = 10;
                break;
            case 'r':
                cp = 13;
                break;
            case 't':
                cp = 9;
                break;
            case 'u':
                if (hex4(p, &cp) != 0) {
                    p->err = "bad \\u escape";
                    free(b);
                    return NULL;
                }
                if (cp >= 0xd800 && cp <= 0xdbff) {
                    uint32_t lo;
                    if (p->i + 2 > p->n || p->s[p->i] != '\\' || p->s[p->i + 1] != 'u' ||
                        (p->i += 2, hex4(p, &lo) != 0) || lo < 0xdc00 || lo > 0xdfff) {
                        p->err = "lone surrogate";
                        free(b);
                        return NULL;
                    }
                    cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                } else if (cp >= 0xdc00 && cp <= 0xdfff) {
                    p->err = "lone surrogate";
                    free(b);
                    return NULL;
                }
                break;
            default:
                p->err = "unknown escape";
                free(b);
                return NULL;
            }
            put_cp(&b, &len, &cap, cp);
            continue;
        }
        /* Raw UTF-8: must be valid. */
        size_t k = c < 0x80                   ? 1
                   : (c >= 0xc2 && c <= 0xdf) ? 2
                   : (c >= 0xe0 && c <= 0xef) ? 3
                   : (c >= 0xf0 && c <= 0xf4) ? 4
                                              : 0;
        if (k == 0 || p->i + k > p->n) {
            p->err = "invalid UTF-8";
            free(b);
            return NULL;
        }
        uint32_t cp = k == 1 ? c : (uint32_t)(c & (0xff >> (k + 1)));
        for (size_t q = 1; q < k; q++) {
            if ((p->s[p->i + q] & 0xc0) != 0x80) {
                p->err = "invalid UTF-8";
                free(b);
                return NULL;
            }
            cp = (cp << 6) | (p->s[p->i + q] & 0x3fu);
        }
        static const uint32_t min[5] = {0, 0, 0x80, 0x800, 0x10000};
        if (cp < min[k] || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) {
            p->err = "invalid UTF-8";
            free(b);
            return NULL;
        }
        p->i += k;
        put_cp(&b, &len, &cap, cp);
    }
    b[len] = '\0';
    return b;
}

static int jvalue(struct jp *p, jv *v);

static int jadd(jv *v, size_t *cap)
{
    if (v->n == *cap) {
        *cap = *cap ? *cap * 2 : 8;
        v->kids = realloc(v->kids, *cap * sizeof *v->kids);
        if (v->type == J_OBJ)
            v->keys = realloc(v->keys, *cap * sizeof *v->keys);
    }
    return 0;
}

static int jvalue(struct jp *p, jv *v)
{
    memset(v, 0, sizeof *v);
    ws(p);
    if (p->i >= p->n) {
        p->err = "expected a value";
        return -1;
    }
    if (++p->depth > 64) {
        p->err = "too deep";
        return -1;
    }
    unsigned char c = p->s[p->i];
    int rc = 0;
    if (c == '{' || c == '[') {
        v->type = c == '{' ? J_OBJ : J_ARR;
        p->i++;
        size_t cap = 0;
        ws(p);
        if (p->i < p->n && p->s[p->i] == (c == '{' ? '}' : ']')) {
            p->i++;
        } else {
            for (;;) {
                jadd(v, &cap);
                ws(p);
                if (v->type == J_OBJ) {
                    char *k = jstring(p);
                    if (k == NULL)
                        goto fail;
                    v->keys[v->n] = k;
                    ws(p);
                    if (p->i >= p->n || p->s[p->i] != ':') {
                        free(k);
                        p->err = "expected ':'";
                        goto fail;
                    }
                    p->i++;
                }
                if (jvalue(p, &v->kids[v->n]) != 0) {
                    if (v->type == J_OBJ)
                        free(v->keys[v->n]);
                    goto fail;
                }
                v->n++;
                ws(p);
                if (p->i < p->n && p->s[p->i] == ',') {
                    p->i++;
                    continue;
                }
                if (p->i < p->n && p->s[p->i] == (c == '{' ? '}' : ']')) {
                    p->i++;
                    break;
                }
                p->err = "expected ',' or a closing bracket";
                goto fail;
            }
        }
    } else if (c == '"') {
        v->type = J_STR;
        v->str = jstring(p);
        rc = v->str ? 0 : -1;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        size_t st = p->i;
        if (p->s[p->i] == '-')
            p->i++;
        if (p->i < p->n && p->s[p->i] == '0')
            p->i++;
        else if (p->i < p->n && p->s[p->i] >= '1' && p->s[p->i] <= '9')
            while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9')
                p->i++;
        else {
            p->err = "bad number";
            return -1;
        }
        if (p->i < p->n && p->s[p->i] == '.') {
            p->i++;
            if (p->i >= p->n || p->s[p->i] < '0' || p->s[p->i] > '9') {
                p->err = "bad fraction";
                return -1;
            }
            while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9')
                p->i++;
        }
        if (p->i < p->n && (p->s[p->i] == 'e' || p->s[p->i] == 'E')) {
            p->i++;
            if (p->i < p->n && (p->s[p->i] == '+' || p->s[p->i] == '-'))
                p->i++;
            if (p->i >= p->n || p->s[p->i] < '0' || p->s[p->i] > '9') {
                p->err = "bad exponent";
                return -1;
            }
            while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9')
                p->i++;
        }
        char tmp[64];
        size_t l = p->i - st < 63 ? p->i - st : 63;
        memcpy(tmp, p->s + st, l);
        tmp[l] = '\0';
        v->type = J_NUM;
        v->num = strtod(tmp, NULL);
    } else if (p->n - p->i >= 4 && memcmp(p->s + p->i, "true", 4) == 0) {
        v->type = J_BOOL, v->num = 1, p->i += 4;
    } else if (p->n - p->i >= 5 && memcmp(p->s + p->i, "false", 5) == 0) {
        v->type = J_BOOL, p->i += 5;
    } else if (p->n - p->i >= 4 && memcmp(p->s + p->i, "null", 4) == 0) {
        v->type = J_NULL, p->i += 4;
    } else {
        p->err = "unexpected character";
        rc = -1;
    }
    p->depth--;
    return rc;
fail:
    /* A container that failed frees what it holds (a failed child already
     * freed its own). */
    jv_free(v);
    memset(v, 0, sizeof *v);
    return -1;
}

/* Parse a whole file: one value and nothing but white space after it. */
static int json_parse_file(const char *path, jv *out, char *why, size_t whylen)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(why, whylen, "cannot open %s", path);
        return -1;
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc((size_t)n + 1);
    size_t got = fread(buf, 1, (size_t)n, f);
    fclose(f);
    struct jp p = {.s = buf, .n = got};
    int rc = jvalue(&p, out);
    if (rc == 0) {
        ws(&p);
        if (p.i != p.n) {
            p.err = "trailing data";
            jv_free(out);
            rc = -1;
        }
    }
    if (rc != 0)
        snprintf(why, whylen, "%s at byte %zu", p.err, p.i);
    free(buf);
    return rc;
}

static const jv *jget(const jv *o, const char *key)
{
    if (o == NULL || o->type != J_OBJ)
        return NULL;
    for (size_t i = 0; i < o->n; i++)
        if (strcmp(o->keys[i], key) == 0)
            return &o->kids[i];
    return NULL;
}

Test(export, json_parser_rejects_what_json_forbids)
{
    static const char *const bad[] = {"{\"a\":1,}", "[1 2]", "\"\x01\"",  "\"\\x41\"",
                                      "01",         "[.5]",  "{\"a\" 1}", "\"\\ud800\"",
                                      "\"\xff\"",   "[1]x",  "nul",       "\"\xc0\xaf\""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char path[] = "/tmp/skel-test-json-XXXXXX";
        int fd = mkstemp(path);
        cr_assert_eq(write(fd, bad[i], strlen(bad[i])), (ssize_t)strlen(bad[i]));
        close(fd);
        jv v;
        char why[128];
        cr_assert_neq(json_parse_file(path, &v, why, sizeof why), 0, "accepted <%s>", bad[i]);
        unlink(path);
    }
}

/* ---- The export ------------------------------------------------------------------ */

struct counts {
    uint64_t x, s, f, m;
    uint64_t per_call[4]; /* Isend, Irecv, Waitall, Allreduce */
    uint64_t i;           /* instant events */
};

static void check_export(const char *json, uint32_t nranks, struct counts *c)
{
    jv root;
    char why[256];
    cr_assert_eq(json_parse_file(json, &root, why, sizeof why), 0, "not JSON: %s", why);
    cr_assert_eq(root.type, J_OBJ);
    const jv *evs = jget(&root, "traceEvents");
    cr_assert(evs != NULL && evs->type == J_ARR);
    const jv *other = jget(&root, "otherData");
    cr_assert(other != NULL && other->type == J_OBJ);
    const jv *cmd = jget(other, "command");
    cr_assert(cmd != NULL && cmd->type == J_STR);
    /* The command line survives escaping; its invalid bytes become U+FFFD. */
    cr_assert(strstr(cmd->str, HOSTILE_CMD
                     " --x=\"q\" ]]> -- \x01\x1b[31m \xef\xbf\xbd\xef\xbf\xbd end\\") != NULL,
              "%s", cmd->str);
    memset(c, 0, sizeof *c);
    static const char *const calls[4] = {"MPI_Isend", "MPI_Irecv", "MPI_Waitall", "MPI_Allreduce"};
    int seen_hostile_site = 0, seen_utf8_site = 0, seen_bad_site = 0;
    for (size_t i = 0; i < evs->n; i++) {
        const jv *e = &evs->kids[i];
        const jv *ph = jget(e, "ph"), *pid = jget(e, "pid");
        cr_assert(ph != NULL && ph->type == J_STR, "event %zu without ph", i);
        cr_assert(pid != NULL && pid->type == J_NUM && pid->num >= 0 && pid->num < nranks);
        if (strcmp(ph->str, "X") == 0) {
            c->x++;
            const jv *ts = jget(e, "ts"), *dur = jget(e, "dur"), *name = jget(e, "name");
            const jv *args = jget(e, "args");
            cr_assert(ts != NULL && ts->type == J_NUM && ts->num >= 0, "ts");
            cr_assert(dur != NULL && dur->type == J_NUM && dur->num >= 1.0, "dur in us");
            cr_assert(name != NULL && name->type == J_STR);
            cr_assert(jget(e, "tid") != NULL);
            cr_assert(args != NULL && jget(args, "seq") != NULL);
            for (int k = 0; k < 4; k++)
                c->per_call[k] += strcmp(name->str, calls[k]) == 0;
            const jv *site = jget(args, "site");
            cr_assert(site != NULL && site->type == J_STR);
            seen_hostile_site |= strncmp(site->str, HOSTILE_FUNC, strlen(HOSTILE_FUNC)) == 0;
            seen_utf8_site |= strncmp(site->str, "na\xc3\xafve_\xce\xbb+0x", 11) == 0;
            seen_bad_site |=
                strncmp(site->str, "bad\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd+0x", 12) == 0;
            if (strcmp(name->str, "MPI_Isend") == 0) {
                const jv *peer = jget(args, "peer"), *bytes = jget(args, "bytes");
                cr_assert(peer != NULL && peer->type == J_NUM &&
                          (uint32_t)peer->num == ((uint32_t)pid->num + 1) % nranks);
                cr_assert(bytes != NULL && bytes->num == 800);
                cr_assert(jget(args, "tag") != NULL && jget(args, "tag")->num == 7);
            }
        } else if (strcmp(ph->str, "s") == 0 || strcmp(ph->str, "f") == 0) {
            *(ph->str[0] == 's' ? &c->s : &c->f) += 1;
            cr_assert(jget(e, "id") != NULL && jget(e, "ts") != NULL);
        } else if (strcmp(ph->str, "i") == 0) {
            c->i++; /* where a summary stops */
            cr_assert(jget(e, "ts") != NULL && jget(e, "name") != NULL);
        } else if (strcmp(ph->str, "M") == 0) {
            c->m++;
            const jv *name = jget(e, "name"), *args = jget(e, "args");
            if (strcmp(name->str, "process_name") == 0) {
                const jv *n = jget(args, "name");
                cr_assert(strstr(n->str, HOSTILE_HOST) != NULL, "%s", n->str);
            }
        } else {
            cr_assert_fail("unexpected ph '%s'", ph->str);
        }
    }
    cr_assert(seen_hostile_site, "the hostile call-site name came back unchanged");
    cr_assert(seen_utf8_site, "valid UTF-8 kept as is");
    cr_assert(seen_bad_site, "invalid UTF-8 replaced by U+FFFD");
    jv_free(&root);
}

Test(export, one_complete_event_per_call_and_a_flow_per_message)
{
    const uint32_t nranks = 3, iters = 50;
    uint64_t events = make_trace(nranks, iters);
    skel_trace *t;
    cr_assert_eq(skel_trace_open(dir, &t), SKEL_OK, "%s", skel_last_error());
    char out[128];
    snprintf(out, sizeof out, "%s.json", dir);
    struct skel_export_stats st;
    cr_assert_eq(skel_export_chrome(t, NULL, out, &st), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(st.events, events);
    cr_assert_eq(st.flows, (uint64_t)nranks * iters, "one message per Isend");
    struct counts c;
    check_export(out, nranks, &c);
    cr_assert_eq(c.x, events);
    cr_assert_eq(c.s, (uint64_t)nranks * iters);
    cr_assert_eq(c.f, c.s);
    cr_assert_eq(c.m, 3u * nranks, "process name, sort index, thread name per rank");
    for (int k = 0; k < 4; k++)
        cr_assert_eq(c.per_call[k], (uint64_t)nranks * iters, "call %d", k);

    /* Without flows: the same calls, no arrows, no replay. */
    struct skel_export_opts o = {.no_flows = 1};
    cr_assert_eq(skel_export_chrome(t, &o, out, &st), SKEL_OK, "%s", skel_last_error());
    check_export(out, nranks, &c);
    cr_assert_eq(c.x, events);
    cr_assert_eq(c.s + c.f, 0);
    unlink(out);
    skel_trace_close(t);
    remove_dir(dir);
}

Test(export, a_trace_that_cannot_be_replayed_fails_and_leaves_no_file)
{
    make_trace(2, 3);
    /* Rank 1 loses its file: the replay cannot match rank 0's messages. */
    char p[256], name[64];
    skel_trace_rank_filename(1, name, sizeof name);
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "r+");
    cr_assert_not_null(f);
    cr_assert_eq(ftruncate(fileno(f), 200), 0);
    fclose(f);
    skel_trace *t;
    cr_assert_eq(skel_trace_open(dir, &t), SKEL_OK, "%s", skel_last_error());
    char out[128];
    snprintf(out, sizeof out, "%s.json", dir);
    cr_assert_neq(skel_export_chrome(t, NULL, out, NULL), SKEL_OK);
    cr_assert_neq(access(out, F_OK), 0, "no half-written file");
    skel_trace_close(t);
    remove_dir(dir);
}

/* Past max_bytes an export is a summary that still parses: the calls from
 * the start that fit (within the 64 KiB buffer), one instant event marking
 * the cut; with flows and without. */
Test(export, large_export_becomes_a_summary)
{
    const uint32_t nranks = 3, iters = 400;
    uint64_t events = make_trace(nranks, iters);
    skel_trace *t;
    cr_assert_eq(skel_trace_open(dir, &t), SKEL_OK, "%s", skel_last_error());
    uint64_t calls = 0, est = skel_export_estimate(t, NULL, &calls);
    cr_expect_eq(calls, events);
    cr_expect_gt(est, 100000u);
    char out[128];
    snprintf(out, sizeof out, "%s.json", dir);
    for (int nf = 0; nf < 2; nf++) {
        struct skel_export_opts o = {.no_flows = nf, .max_bytes = 100000};
        struct skel_export_stats st;
        cr_assert_eq(skel_export_chrome(t, &o, out, &st), SKEL_OK, "%s", skel_last_error());
        cr_expect(st.summary, "no summary");
        cr_expect_lt(st.events, events);
        cr_expect_gt(st.events, 0u);
        cr_expect_leq(st.bytes, 100000u + (1u << 16) + 4096, "%llu bytes",
                      (unsigned long long)st.bytes);
        struct counts c;
        check_export(out, nranks, &c);
        cr_expect_eq(c.x, st.events);
        cr_expect_eq(c.i, 1u, "one mark where the summary stops");
    }
    unlink(out);
    skel_trace_close(t);
    remove_dir(dir);
}

static int calls_before_cancel;
static int cancel_soon(void)
{
    return --calls_before_cancel < 0;
}

/* An interruption (seen through the callback) and a failed write stop the
 * export with the right error, and no file is left. */
Test(export, interrupted_or_failed_export_leaves_no_file)
{
    make_trace(2, 200);
    skel_trace *t;
    cr_assert_eq(skel_trace_open(dir, &t), SKEL_OK, "%s", skel_last_error());
    char out[128];
    snprintf(out, sizeof out, "%s.json", dir);
    calls_before_cancel = 50;
    struct skel_export_opts o = {.cancelled = cancel_soon};
    cr_assert_eq(skel_export_chrome(t, &o, out, NULL), SKEL_EINTERRUPTED, "%s", skel_last_error());
    cr_assert_neq(access(out, F_OK), 0, "a file was left");
    FILE *full = fopen("/dev/full", "w");
    if (full != NULL) {
        setvbuf(full, NULL, _IONBF, 0);
        cr_expect_eq(skel_export_chrome_stream(t, NULL, full, NULL), SKEL_EIO);
        fclose(full);
    }
    skel_trace_close(t);
    remove_dir(dir);
}

/* ---- Flow arrows run forwards ------------------------------------------------------ */

/* Two ranks: rank 1 posts a long MPI_Recv early; rank 0 sends late with a
 * short MPI_Send.  Between slice middles the arrow would end before it
 * starts (the Recv's middle is long before the Send's). */
static void make_late_send_trace(void)
{
    snprintf(dir, sizeof dir, "/tmp/skel-test-flow-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    skel_meta_rank ranks[2] = {{.rank = 0, .host = "h"}, {.rank = 1, .host = "h"}};
    skel_meta m = {.tracer_version = "t",
                   .mpi_library = "m",
                   .nranks = 2,
                   .complete = 1,
                   .ranks = ranks,
                   .nrank_entries = 2};
    char p[256];
    snprintf(p, sizeof p, "%s/meta", dir);
    cr_assert_eq(skel_meta_write(p, &m), SKEL_OK, "%s", skel_last_error());
    for (uint32_t r = 0; r < 2; r++) {
        char name[64];
        skel_trace_rank_filename(r, name, sizeof name);
        snprintf(p, sizeof p, "%s/%s", dir, name);
        skel_rank_info info = {
            .rank = r, .nranks = 2, .t_init = 1000, .host = "h", .mpi_library = "m"};
        skel_writer *w;
        cr_assert_eq(skel_writer_open(p, &info, 1 << 16, 1, &w), SKEL_OK, "%s", skel_last_error());
        skel_event ev;
        skel_event_init(&ev);
        ev.call = SKEL_CALL_MPI_Init;
        ev.t_start = 1000;
        ev.t_end = 2000;
        cr_assert_eq(skel_writer_event(w, &ev), SKEL_OK, "%s", skel_last_error());
        skel_event_init(&ev);
        ev.seq = 1;
        ev.tag = 3;
        ev.count = 10;
        ev.dtsize = 1;
        ev.bytes = 10;
        if (r == 0) {
            ev.call = SKEL_CALL_MPI_Send;
            ev.peer = 1;
            ev.t_start = 90000;
            ev.t_end = 90100;
        } else {
            ev.call = SKEL_CALL_MPI_Recv;
            ev.peer = ev.asrc = 0;
            ev.atag = 3;
            ev.rbytes = 10;
            ev.t_start = 2000;
            ev.t_end = 100000;
        }
        ev.gap_wall = ev.gap_cpu = ev.t_start - 2000;
        cr_assert_eq(skel_writer_event(w, &ev), SKEL_OK, "%s", skel_last_error());
        skel_event_init(&ev);
        ev.seq = 2;
        ev.call = SKEL_CALL_MPI_Finalize;
        ev.t_start = 100000;
        ev.t_end = 101000;
        cr_assert_eq(skel_writer_event(w, &ev), SKEL_OK, "%s", skel_last_error());
        skel_rank_end end = {.nevents = 3};
        cr_assert_eq(skel_writer_finish(w, &end), SKEL_OK, "%s", skel_last_error());
    }
}

Test(export, every_flow_ends_no_earlier_than_it_starts)
{
    make_late_send_trace();
    skel_trace *t;
    cr_assert_eq(skel_trace_open(dir, &t), SKEL_OK, "%s", skel_last_error());
    char out[128];
    snprintf(out, sizeof out, "%s.json", dir);
    struct skel_export_stats st;
    cr_assert_eq(skel_export_chrome(t, NULL, out, &st), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(st.flows, 1);
    jv root;
    char why[256];
    cr_assert_eq(json_parse_file(out, &root, why, sizeof why), 0, "not JSON: %s", why);
    const jv *evs = jget(&root, "traceEvents");
    double s_ts = -1, f_ts = -1, send_ts = -1, send_end = -1, recv_ts = -1, recv_end = -1;
    for (size_t i = 0; i < evs->n; i++) {
        const jv *e = &evs->kids[i], *ph = jget(e, "ph"), *name = jget(e, "name");
        if (strcmp(ph->str, "s") == 0)
            s_ts = jget(e, "ts")->num;
        else if (strcmp(ph->str, "f") == 0)
            f_ts = jget(e, "ts")->num;
        else if (strcmp(ph->str, "X") == 0 && strcmp(name->str, "MPI_Send") == 0)
            send_ts = jget(e, "ts")->num, send_end = send_ts + jget(e, "dur")->num;
        else if (strcmp(ph->str, "X") == 0 && strcmp(name->str, "MPI_Recv") == 0)
            recv_ts = jget(e, "ts")->num, recv_end = recv_ts + jget(e, "dur")->num;
    }
    cr_assert(s_ts >= 0 && f_ts >= 0 && send_ts >= 0 && recv_ts >= 0);
    cr_assert(f_ts >= s_ts, "the arrow ends (%.3f us) before it starts (%.3f us)", f_ts, s_ts);
    /* Each end lies inside its slice: at the send's start, at the receive's end. */
    cr_assert(s_ts >= send_ts && s_ts - send_ts <= 0.0015 && s_ts < send_end, "%.3f %.3f", s_ts,
              send_ts);
    cr_assert(f_ts <= recv_end && recv_end - f_ts <= 0.0015 && f_ts > recv_ts, "%.3f %.3f", f_ts,
              recv_end);
    jv_free(&root);
    unlink(out);
    skel_trace_close(t);
    remove_dir(dir);
}
