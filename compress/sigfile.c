/* sigfile.c - signature files in XML (see sigfile.h, docs/signature.md). */
#include "sigfile.h"

#include "calls.h"
#include "afile.h"
#include "error.h"
#include "grow.h"
#include "xmldoc.h"

#include <errno.h>
#include <libxml/parser.h>
#include <libxml/xmlwriter.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

extern const unsigned char skel_schema_signature[];
extern const size_t skel_schema_signature_len;

#define NS "urn:skel:signature"

/* ======================================================================
 * Writing
 * ====================================================================== */

struct wr {
    xmlTextWriterPtr w;
    int bad;
    char tmp[64];
};

/* Text from the traced program made safe for XML: valid UTF-8 is kept,
 * anything else (and control characters) becomes '?'. */
static char *clean(const char *s)
{
    size_t n = strlen(s != NULL ? s : "");
    char *o = malloc(n + 1);
    if (o == NULL)
        return NULL;
    const unsigned char *p = (const unsigned char *)(s != NULL ? s : "");
    size_t k = 0;
    for (size_t i = 0; i < n;) {
        unsigned c = p[i];
        size_t len = c < 0x80             ? 1
                     : (c & 0xe0) == 0xc0 ? 2
                     : (c & 0xf0) == 0xe0 ? 3
                     : (c & 0xf8) == 0xf0 ? 4
                                          : 0;
        int ok = len > 0 && i + len <= n && !(c < 0x20 && c != '\t') && c != 0x7f;
        for (size_t j = 1; ok && j < len; j++)
            ok = (p[i + j] & 0xc0) == 0x80;
        if (ok && len == 2)
            ok = c >= 0xc2;
        if (ok) {
            memcpy(o + k, p + i, len);
            k += len;
            i += len;
        } else {
            o[k++] = '?';
            i++;
        }
    }
    o[k] = '\0';
    return o;
}

static void start(struct wr *w, const char *name)
{
    if (!w->bad && xmlTextWriterStartElement(w->w, (const xmlChar *)name) < 0)
        w->bad = 1;
}

static void end(struct wr *w)
{
    if (!w->bad && xmlTextWriterEndElement(w->w) < 0)
        w->bad = 1;
}

static void attr(struct wr *w, const char *name, const char *value)
{
    if (w->bad)
        return;
    char *c = clean(value);
    if (c == NULL ||
        xmlTextWriterWriteAttribute(w->w, (const xmlChar *)name, (const xmlChar *)c) < 0)
        w->bad = 1;
    free(c);
}

static void attr_u64(struct wr *w, const char *name, uint64_t v)
{
    char b[32];
    snprintf(b, sizeof b, "%llu", (unsigned long long)v);
    attr(w, name, b);
}

static void attr_i64(struct wr *w, const char *name, int64_t v)
{
    char b[32];
    snprintf(b, sizeof b, "%lld", (long long)v);
    attr(w, name, b);
}

/* Shortest form that reads back as the same double. */
static void fmt_double(char *b, size_t n, double v)
{
    if (!isfinite(v))
        v = 0;
    for (int prec = 6; prec <= 17; prec++) {
        snprintf(b, n, "%.*g", prec, v);
        if (strtod(b, NULL) == v)
            return;
    }
}

static void attr_double(struct wr *w, const char *name, double v)
{
    char b[40];
    fmt_double(b, sizeof b, v);
    attr(w, name, b);
}

/* Growing text for list attributes. */
struct text {
    char *s;
    size_t n, cap;
    int bad;
};

static void tput(struct text *t, const char *s)
{
    size_t k = strlen(s);
    if (t->bad)
        return;
    if (t->n + k + 2 > t->cap) {
        size_t cap = (t->n + k + 2) * 2;
        char *ns = realloc(t->s, cap);
        if (ns == NULL) {
            t->bad = 1;
            return;
        }
        t->s = ns;
        t->cap = cap;
    }
    if (t->n > 0)
        t->s[t->n++] = ' ';
    memcpy(t->s + t->n, s, k + 1);
    t->n += k;
}

static void attr_text(struct wr *w, const char *name, struct text *t)
{
    if (t->bad)
        w->bad = 1;
    attr(w, name, t->s != NULL ? t->s : "");
    free(t->s);
    memset(t, 0, sizeof *t);
}

static void attr_ints(struct wr *w, const char *name, const int32_t *v, uint32_t n)
{
    struct text t = {0};
    for (uint32_t i = 0; i < n; i++) {
        char b[16];
        snprintf(b, sizeof b, "%d", v[i]);
        tput(&t, b);
    }
    attr_text(w, name, &t);
}

/* "min max mean", or the value alone when all three are equal. */
static void attr_range(struct wr *w, const char *name, const skel_sig_range *r)
{
    char b[100], m[40];
    if (r->min == r->max && r->mean == (double)r->min) {
        snprintf(b, sizeof b, "%lld", (long long)r->min);
    } else {
        fmt_double(m, sizeof m, r->mean);
        snprintf(b, sizeof b, "%lld %lld %s", (long long)r->min, (long long)r->max, m);
    }
    attr(w, name, b);
}

static int range_zero(const skel_sig_range *r)
{
    return r->min == 0 && r->max == 0 && r->mean == 0;
}

static void write_peer(struct wr *w, const char *name, const skel_sig_peer *p)
{
    if (p->kind == SKEL_SIG_PEER_NONE)
        return;
    start(w, name);
    attr(w, "kind", skel_sig_peer_kind_name(p->kind));
    if (p->kind == SKEL_SIG_PEER_ABS || p->kind == SKEL_SIG_PEER_REL ||
        p->kind == SKEL_SIG_PEER_MOD)
        attr_i64(w, "value", p->value);
    if (p->kind == SKEL_SIG_PEER_CART)
        attr_ints(w, "vec", p->vec, p->ndims);
    end(w);
}

static uint64_t bin_at(const skel_sketch *k, int64_t index)
{
    int64_t i = index - k->first;
    return i >= 0 && i < (int64_t)k->nbins ? k->bins[i] : 0;
}

static int same_sketch(const skel_sketch *a, const skel_sketch *b)
{
    if (a->count != b->count || a->zeros != b->zeros)
        return 0;
    int64_t lo = a->first < b->first ? a->first : b->first;
    int64_t hi = (int64_t)a->first + a->nbins > (int64_t)b->first + b->nbins
                     ? (int64_t)a->first + a->nbins
                     : (int64_t)b->first + b->nbins;
    for (int64_t i = lo; i < hi; i++)
        if (bin_at(a, i) != bin_at(b, i))
            return 0;
    return 1;
}

/* The sketch and mean of one or two samples follow from min and max: they
 * need not be written (a signature where nothing repeats is mostly such
 * symbols). */
static int derivable(const skel_sig_dist *d)
{
    if (d->count == 0 || d->count > 2 || d->sketch.count != d->count)
        return 0;
    double mean = d->count == 1 ? (double)d->min : ((double)d->min + (double)d->max) / 2;
    if (d->mean != mean || (d->count == 1 && d->min != d->max))
        return 0;
    skel_sketch k = {0};
    int ok = skel_sketch_add(&k, d->min) == SKEL_OK &&
             (d->count == 1 || skel_sketch_add(&k, d->max) == SKEL_OK) &&
             same_sketch(&k, &d->sketch);
    skel_sketch_free(&k);
    return ok;
}

static int same_dist(const skel_sig_dist *a, const skel_sig_dist *b)
{
    return a->count == b->count && a->mean == b->mean && a->min == b->min && a->max == b->max &&
           a->shift == b->shift && same_sketch(&a->sketch, &b->sketch);
}

static void write_dist(struct wr *w, const char *name, const skel_sig_dist *d, uint64_t occurrences)
{
    start(w, name);
    int derived = derivable(d);
    if (d->count != occurrences)
        attr_u64(w, "count", d->count);
    if (!derived)
        attr_double(w, "mean", d->mean);
    attr_u64(w, "min", d->min);
    attr_u64(w, "max", d->max);
    if (d->shift)
        attr_u64(w, "shift", d->shift);
    if (derived) {
        end(w);
        return;
    }
    if (d->sketch.zeros)
        attr_u64(w, "zeros", d->sketch.zeros);
    struct text t = {0};
    for (uint32_t i = 0; i < d->sketch.nbins; i++) {
        if (d->sketch.bins[i] == 0)
            continue;
        char b[48];
        snprintf(b, sizeof b, "%d:%llu", d->sketch.first + (int32_t)i,
                 (unsigned long long)d->sketch.bins[i]);
        tput(&t, b);
    }
    attr_text(w, "buckets", &t);
    end(w);
}

static void write_flags(struct wr *w, uint16_t flags)
{
    struct text t = {0};
    if (flags & SKEL_EVF_INPLACE)
        tput(&t, "in-place");
    if (flags & SKEL_EVF_FLAG)
        tput(&t, "true");
    if (flags & SKEL_EVF_REWRITE)
        tput(&t, "rewrite");
    if (flags & SKEL_SIG_PINNED)
        tput(&t, "pinned");
    char runs[32];
    if (flags & SKEL_EVF_BLOCK_MASK) { /* a non-contiguous datatype's runs */
        snprintf(runs, sizeof runs, "runs-%llu", (unsigned long long)skel_evf_block_bytes(flags));
        tput(&t, runs);
    }
    if (flags & SKEL_EVF_RBLOCK_MASK) { /* a send-receive's or a collective's receive datatype's */
        snprintf(runs, sizeof runs, "rruns-%llu", (unsigned long long)skel_evf_rblock_bytes(flags));
        tput(&t, runs);
    }
    attr_text(w, "flags", &t);
}

static void write_symbol(struct wr *w, const skel_sig_symbol *y)
{
    start(w, "symbol");
    attr_u64(w, "id", y->id);
    attr(w, "call", skel_call_name(y->call));
    if (y->comm != SKEL_SIG_NONE)
        attr_u64(w, "comm", y->comm);
    if (y->newcomm != SKEL_SIG_NONE)
        attr_u64(w, "newcomm", y->newcomm);
    if (y->obj != SKEL_SIG_NONE)
        attr_u64(w, "obj", y->obj);
    if (y->tag != SKEL_TAG_NONE)
        attr_i64(w, "tag", y->tag);
    if (y->tag2 != SKEL_TAG_NONE)
        attr_i64(w, "tag2", y->tag2);
    if (y->parts)
        attr_u64(w, "parts", y->parts);
    if (y->dtsize)
        attr_u64(w, "dtsize", y->dtsize);
    if (y->op != SKEL_OP_NONE)
        attr(w, "op", skel_op_name(y->op));
    if (y->site != SKEL_SIG_NONE)
        attr_u64(w, "site", y->site);
    if (y->prev_site != SKEL_SIG_NONE)
        attr_u64(w, "prev-site", y->prev_site);
    attr_u64(w, "occurrences", y->occurrences);
    if (y->polls > 0)
        attr_u64(w, "polls", y->polls);
    if (y->ws_samples > 0) {
        attr_u64(w, "ws", y->ws_bytes);
        attr_u64(w, "ws-samples", y->ws_samples);
    }
    if (y->match[0] != SKEL_SIG_NONE)
        attr_u64(w, "match", y->match[0]);
    if (y->match[1] != SKEL_SIG_NONE)
        attr_u64(w, "match2", y->match[1]);
    write_peer(w, "peer", &y->peer);
    write_peer(w, "peer2", &y->peer2);
    write_peer(w, "root", &y->root);
    write_peer(w, "reply-alt", &y->reply_alt);
    for (uint32_t m = 0; m < y->ngroup; m++)
        write_peer(w, "member", &y->group[m]);
    for (int k = 0; k < 2; k++) {
        if (!(y->sides & (1u << k)))
            continue;
        const skel_sig_side *sd = &y->side[k];
        start(w, "side");
        attr(w, "role", k == SKEL_SIG_SIDE_ROOT ? "root" : "member");
        if (sd->flags)
            write_flags(w, sd->flags);
        attr_u64(w, "events", sd->events);
        if (sd->rbytes_events != sd->events)
            attr_u64(w, "rbytes-events", sd->rbytes_events);
        attr_range(w, "count", &sd->count);
        if (!range_zero(&sd->bytes))
            attr_range(w, "bytes", &sd->bytes);
        if (!range_zero(&sd->rbytes))
            attr_range(w, "rbytes", &sd->rbytes);
        end(w);
    }
    for (uint32_t i = 0; i < y->nlinks; i++) {
        start(w, "link");
        attr_u64(w, "dist", y->links[i].dist);
        attr_u64(w, "index", y->links[i].index);
        attr(w, "call", skel_call_name(y->links[i].call));
        if (y->links[i].flags & SKEL_EVF_CANCELLED)
            attr(w, "cancelled", "1");
        end(w);
    }
    write_dist(w, "compute", &y->compute, y->occurrences);
    if (!same_dist(&y->compute, &y->compute_cpu))
        write_dist(w, "compute-cpu", &y->compute_cpu, y->occurrences);
    write_dist(w, "duration", &y->duration, y->occurrences);
    end(w);
}

static void write_head(struct wr *w, const skel_signature *s)
{
    start(w, "application");
    attr_u64(w, "ranks", s->nranks);
    attr(w, "mpi-library", s->mpi_library);
    attr(w, "tracer", s->tracer_version);
    if (s->partial != NULL)
        attr(w, "partial", s->partial);
    if (s->threads != NULL)
        attr(w, "threads", s->threads);
    for (uint32_t i = 0; i < s->argc; i++) {
        char *c = clean(s->argv[i]);
        if (c == NULL || w->bad ||
            xmlTextWriterWriteElement(w->w, (const xmlChar *)"arg", (const xmlChar *)c) < 0)
            w->bad = 1;
        free(c);
    }
    end(w);

    start(w, "compression");
    attr_double(w, "threshold", s->threshold);
    attr_double(w, "max-threshold", s->max_threshold);
    attr_double(w, "scale", s->scale);
    attr_double(w, "ratio", s->ratio);
    attr_u64(w, "trace-length", s->trace_length);
    attr_u64(w, "signature-length", s->signature_length);
    if (s->messages_matched > 0)
        attr_u64(w, "messages-matched", s->messages_matched);
    if (s->messages_unreceived > 0)
        attr_u64(w, "messages-unreceived", s->messages_unreceived);
    end(w);

    start(w, "sites");
    for (uint32_t i = 0; i < s->nsites; i++) {
        const skel_sig_site *x = &s->sites[i];
        start(w, "site");
        attr_u64(w, "id", x->id);
        attr(w, "module", x->module);
        attr_u64(w, "offset", x->offset);
        if (x->func && x->func[0])
            attr(w, "function", x->func);
        if (x->file && x->file[0])
            attr(w, "file", x->file);
        if (x->line)
            attr_u64(w, "line", x->line);
        end(w);
    }
    end(w);
}

static void write_comms(struct wr *w, const skel_signature *s)
{
    start(w, "comms");
    for (uint32_t i = 0; i < s->ncomms; i++) {
        const skel_sig_comm *c = &s->comms[i];
        start(w, "comm");
        attr_u64(w, "id", c->id);
        attr_u64(w, "gid", c->gid);
        if (c->created_by)
            attr(w, "created-by", skel_call_name(c->created_by));
        if (c->parent_slot != SKEL_SIG_NONE)
            attr_u64(w, "parent-slot", c->parent_slot);
        if (c->flags & SKEL_COMMF_INTER)
            attr(w, "inter", "1");
        attr_ints(w, "members", c->members, c->size);
        if (c->flags & SKEL_COMMF_INTER)
            attr_ints(w, "remote", c->remote, c->remote_size);
        if (c->flags & SKEL_COMMF_CART) {
            attr_ints(w, "dims", c->dims, c->ndims);
            attr_ints(w, "periods", c->periods, c->ndims);
        }
        if (c->flags & SKEL_COMMF_GRAPH)
            attr(w, "graph", "1");
        for (uint32_t m = 0; c->nbr_off != NULL && m < c->size; m++) {
            const uint32_t *o = &c->nbr_off[2 * m];
            start(w, "neighbors");
            attr_u64(w, "member", m);
            attr_ints(w, "in", c->nbrs + o[0], o[1] - o[0]);
            attr_ints(w, "out", c->nbrs + o[1], o[2] - o[1]);
            end(w);
        }
        end(w);
    }
    end(w);
}

static void write_ranks(struct wr *w, const skel_signature *s)
{
    start(w, "ranks");
    for (uint32_t r = 0; r < s->nranks; r++) {
        const skel_sig_rank *x = &s->ranks[r];
        start(w, "rank");
        attr_u64(w, "id", x->rank);
        attr_u64(w, "class", x->cls);
        attr_u64(w, "events", x->events);
        attr_u64(w, "time-ns", x->time_ns);
        attr_u64(w, "compute-ns", x->compute_ns);
        attr_u64(w, "mpi-ns", x->mpi_ns);
        attr_u64(w, "per-event-ns", x->per_event_ns);
        struct text t = {0};
        for (uint32_t k = 0; k < x->ncomms; k++) {
            char b[16];
            if (x->comms[k] == SKEL_SIG_NONE)
                snprintf(b, sizeof b, "-");
            else
                snprintf(b, sizeof b, "%u", x->comms[k]);
            tput(&t, b);
        }
        attr_text(w, "comms", &t);
        end(w);
    }
    end(w);
}

static void write_classes(struct wr *w, const skel_signature *s)
{
    for (uint32_t c = 0; c < s->nclasses; c++) {
        const skel_sig_class *k = &s->classes[c];
        start(w, "class");
        attr_u64(w, "id", k->id);
        struct text t = {0};
        for (uint32_t i = 0; i < k->nranks; i++) {
            char b[16];
            snprintf(b, sizeof b, "%u", k->ranks[i]);
            tput(&t, b);
        }
        attr_text(w, "ranks", &t);
        attr_u64(w, "program", k->top);
        attr_u64(w, "events", k->events);
        attr_u64(w, "length", k->length);
        attr_double(w, "time-ns", k->time_ns);
        for (uint32_t i = 0; i < s->nsymbols; i++)
            if (s->symbols[i].cls == c)
                write_symbol(w, &s->symbols[i]);
        for (uint32_t b = 0; b < s->nblocks; b++) {
            const skel_sig_block *x = &s->blocks[b];
            if (x->cls != c)
                continue;
            start(w, "block");
            attr_u64(w, "id", x->id);
            attr_u64(w, "events", x->events);
            attr_double(w, "time-ns", x->time_ns);
            for (uint32_t i = 0; i < x->nitems; i++) {
                const skel_sig_item *it = &x->items[i];
                if (it->kind == SKEL_SIG_ITEM_SYMBOL) {
                    start(w, "s");
                    attr_u64(w, "ref", it->ref);
                } else {
                    start(w, "loop");
                    attr_u64(w, "body", it->ref);
                    attr_u64(w, "count", it->count);
                }
                end(w);
            }
            end(w);
        }
        if (k->dominant != SKEL_SIG_NONE) {
            start(w, "dominant");
            attr_u64(w, "block", k->dominant);
            attr_u64(w, "count", k->dominant_count);
            attr_double(w, "share", k->dominant_share);
            attr_double(w, "iteration-ns", k->dominant_iter_ns);
            end(w);
        }
        end(w);
    }
}

static void write_doc(struct wr *w, const skel_signature *s)
{
    if (xmlTextWriterSetIndent(w->w, 1) < 0 ||
        xmlTextWriterSetIndentString(w->w, (const xmlChar *)" ") < 0 ||
        xmlTextWriterStartDocument(w->w, NULL, "UTF-8", NULL) < 0)
        w->bad = 1;
    start(w, "signature");
    attr(w, "xmlns", NS);
    attr_u64(w, "version", SKEL_SIG_VERSION);

    write_head(w, s);
    write_comms(w, s);
    write_ranks(w, s);
    write_classes(w, s);
    end(w);
    if (!w->bad && xmlTextWriterEndDocument(w->w) < 0)
        w->bad = 1;
}

int skel_sigfile_format(const skel_signature *s, char **buf, size_t *len)
{
    xmlBufferPtr b = xmlBufferCreate();
    if (b == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory (signature document)");
    struct wr w = {.w = xmlNewTextWriterMemory(b, 0)};
    if (w.w == NULL) {
        xmlBufferFree(b);
        return skel_fail(SKEL_ENOMEM, "out of memory (signature document)");
    }
    write_doc(&w, s);
    xmlFreeTextWriter(w.w); /* flushes into b */
    if (w.bad) {
        xmlBufferFree(b);
        return skel_fail(SKEL_ENOMEM, "cannot build the signature document (out of memory)");
    }
    size_t n = (size_t)xmlBufferLength(b);
    char *out = malloc(n + 1);
    if (out == NULL) {
        xmlBufferFree(b);
        return skel_fail(SKEL_ENOMEM, "out of memory (signature document)");
    }
    memcpy(out, xmlBufferContent(b), n);
    out[n] = '\0';
    xmlBufferFree(b);
    *buf = out;
    *len = n;
    return SKEL_OK;
}

/* buf[0..len) as a gzip stream: a malloc'd buffer in *out. */
static int gzip_buffer(const char *buf, size_t len, char **out, size_t *olen)
{
    z_stream z = {0};
    if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return skel_oom();
    size_t cap = deflateBound(&z, (uLong)len);
    char *o = malloc(cap ? cap : 1);
    if (o == NULL) {
        deflateEnd(&z);
        return skel_oom();
    }
    z.next_in = (Bytef *)(uintptr_t)buf;
    z.avail_in = (uInt)len;
    z.next_out = (Bytef *)o;
    z.avail_out = (uInt)cap;
    int zrc = deflate(&z, Z_FINISH);
    *olen = z.total_out;
    deflateEnd(&z);
    if (zrc != Z_STREAM_END) {
        free(o);
        return skel_fail(SKEL_EINTERNAL, "cannot compress the signature (zlib %d)", zrc);
    }
    *out = o;
    return SKEL_OK;
}

int skel_sigfile_write(const char *path, const skel_signature *s)
{
    char *buf = NULL, *gz = NULL;
    size_t len = 0, glen = 0;
    int rc = skel_sigfile_format(s, &buf, &len);
    if (rc == SKEL_OK && len > SKEL_SIGFILE_GZIP_BYTES && len < UINT32_MAX)
        rc = gzip_buffer(buf, len, &gz, &glen);
    if (rc == SKEL_OK)
        rc = gz != NULL ? skel_afile_write(path, gz, glen) : skel_afile_write(path, buf, len);
    free(buf);
    free(gz);
    return rc;
}

/* ======================================================================
 * Reading
 * ====================================================================== */

struct rd {
    const char *name;
    skel_signature *s;
    uint32_t *lsym, *lblk, *lcls, *lrank, *lcomm;
};

static int bad(const struct rd *r, const xmlNode *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int bad(const struct rd *r, const xmlNode *n, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return skel_fail(SKEL_EFORMAT, "%s:%u: %s", r->name, skel_xmldoc_line(n), msg);
}

/* Attribute value (NUL-terminated, owned by the caller) or NULL. */
static char *get(const xmlNode *n, const char *name)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
    if (v == NULL)
        return NULL;
    char *s = strdup((const char *)v);
    xmlFree(v);
    return s;
}

static int parse_u64(const char *s, uint64_t max, uint64_t *out)
{
    if (s == NULL)
        return -1;
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    char *e;
    unsigned long long v = strtoull(s, &e, 10);
    while (*e == ' ' || *e == '\t' || *e == '\n' || *e == '\r')
        e++;
    if (errno != 0 || *e != '\0' || v > max)
        return -1;
    *out = v;
    return 0;
}

static int parse_i64(const char *s, int64_t min, int64_t max, int64_t *out)
{
    if (s == NULL)
        return -1;
    errno = 0;
    char *e;
    long long v = strtoll(s, &e, 10);
    while (*e == ' ' || *e == '\t' || *e == '\n' || *e == '\r')
        e++;
    if (e == s || errno != 0 || *e != '\0' || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

static int parse_dbl(const char *s, double *out)
{
    if (s == NULL)
        return -1;
    errno = 0;
    char *e;
    double v = strtod(s, &e);
    while (*e == ' ' || *e == '\t' || *e == '\n' || *e == '\r')
        e++;
    if (e == s || *e != '\0' || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

static int u64_attr(const struct rd *r, const xmlNode *n, const char *name, uint64_t max,
                    int required, uint64_t dflt, uint64_t *out)
{
    char *v = get(n, name);
    if (v == NULL) {
        if (required)
            return bad(r, n, "element '%s': attribute '%s' is missing", (const char *)n->name,
                       name);
        *out = dflt;
        return SKEL_OK;
    }
    int e = parse_u64(v, max, out);
    int rc = e == 0 ? SKEL_OK
                    : bad(r, n,
                          "element '%s': attribute '%s': expected an integer from 0 to "
                          "%llu, found '%.40s'",
                          (const char *)n->name, name, (unsigned long long)max, v);
    free(v);
    return rc;
}

static int u32_attr(const struct rd *r, const xmlNode *n, const char *name, int required,
                    uint32_t dflt, uint32_t *out)
{
    uint64_t v;
    int rc = u64_attr(r, n, name, UINT32_MAX - 1, required, dflt, &v);
    if (rc == SKEL_OK)
        *out = (uint32_t)v;
    return rc;
}

static int i32_attr(const struct rd *r, const xmlNode *n, const char *name, int32_t dflt,
                    int32_t *out)
{
    char *v = get(n, name);
    if (v == NULL) {
        *out = dflt;
        return SKEL_OK;
    }
    int64_t x;
    int rc = parse_i64(v, INT32_MIN, INT32_MAX, &x) == 0
                 ? SKEL_OK
                 : bad(r, n,
                       "element '%s': attribute '%s': expected a 32-bit integer, found "
                       "'%.40s'",
                       (const char *)n->name, name, v);
    free(v);
    if (rc == SKEL_OK)
        *out = (int32_t)x;
    return rc;
}

static int dbl_attr(const struct rd *r, const xmlNode *n, const char *name, int required,
                    double *out)
{
    char *v = get(n, name);
    if (v == NULL) {
        if (required)
            return bad(r, n, "element '%s': attribute '%s' is missing", (const char *)n->name,
                       name);
        *out = 0;
        return SKEL_OK;
    }
    int rc = parse_dbl(v, out) == 0 ? SKEL_OK
                                    : bad(r, n,
                                          "element '%s': attribute '%s': expected a "
                                          "number, found '%.40s'",
                                          (const char *)n->name, name, v);
    free(v);
    return rc;
}

static int str_attr(const struct rd *r, const xmlNode *n, const char *name, char **out)
{
    char *v = get(n, name);
    if (v == NULL)
        v = strdup("");
    if (v == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", r->name);
    *out = v;
    return SKEL_OK;
}

/* Whitespace-separated tokens of an attribute: calls fn(ctx, token) for
 * each; *count gets their number. */
static int tokens(const struct rd *r, const xmlNode *n, const char *name, int required,
                  int (*fn)(void *ctx, const char *tok, uint32_t i), void *ctx, uint32_t *count)
{
    char *v = get(n, name);
    *count = 0;
    if (v == NULL)
        return required ? bad(r, n, "element '%s': attribute '%s' is missing",
                              (const char *)n->name, name)
                        : SKEL_OK;
    int rc = SKEL_OK;
    char *save = NULL;
    for (char *t = strtok_r(v, " \t\r\n", &save); t != NULL; t = strtok_r(NULL, " \t\r\n", &save)) {
        if (fn != NULL && fn(ctx, t, *count) != 0) {
            rc = bad(r, n, "element '%s': attribute '%s': item %u ('%.40s') is not valid",
                     (const char *)n->name, name, *count + 1, t);
            break;
        }
        (*count)++;
    }
    free(v);
    return rc;
}

struct intv {
    int32_t *v;
    uint32_t cap;
    int wantu; /* "-" allowed, stored as -1 (for rank comm slots) */
};

static int push_int(void *ctx, const char *tok, uint32_t i)
{
    struct intv *iv = ctx;
    int64_t x;
    if (iv->wantu && strcmp(tok, "-") == 0)
        x = -1;
    else if (parse_i64(tok, INT32_MIN, INT32_MAX, &x) != 0)
        return -1;
    if (i >= iv->cap) {
        uint32_t cap = iv->cap ? iv->cap * 2 : 16;
        int32_t *nv = realloc(iv->v, cap * sizeof *nv);
        if (nv == NULL)
            return -1;
        iv->v = nv;
        iv->cap = cap;
    }
    iv->v[i] = (int32_t)x;
    return 0;
}

static int ints_attr(const struct rd *r, const xmlNode *n, const char *name, int required,
                     int32_t **out, uint32_t *count)
{
    struct intv iv = {0};
    int rc = tokens(r, n, name, required, push_int, &iv, count);
    if (rc != SKEL_OK) {
        free(iv.v);
        return rc;
    }
    if (iv.v == NULL && (iv.v = malloc(sizeof *iv.v)) == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", r->name);
    *out = iv.v;
    return SKEL_OK;
}

struct range_ctx {
    skel_sig_range *r;
    int ok;
};

static int push_range(void *ctx, const char *tok, uint32_t i)
{
    struct range_ctx *c = ctx;
    int64_t x;
    double d;
    if (i == 0 && parse_i64(tok, INT64_MIN, INT64_MAX, &x) == 0)
        c->r->min = x;
    else if (i == 1 && parse_i64(tok, INT64_MIN, INT64_MAX, &x) == 0)
        c->r->max = x;
    else if (i == 2 && parse_dbl(tok, &d) == 0)
        c->r->mean = d;
    else
        return -1;
    return 0;
}

/* "min max mean" or one value for all three; absent (when not required):
 * 0. */
static int range_attr(const struct rd *r, const xmlNode *n, const char *name, int required,
                      skel_sig_range *out)
{
    struct range_ctx c = {.r = out};
    uint32_t k;
    *out = (skel_sig_range){0, 0, 0.0};
    int rc = tokens(r, n, name, required, push_range, &c, &k);
    if (rc == SKEL_OK && k == 1) {
        out->max = out->min;
        out->mean = (double)out->min;
    } else if (rc == SKEL_OK && k != 3 && (k != 0 || required)) {
        rc = bad(r, n, "element '%s': attribute '%s': expected 'min max mean' or one value",
                 (const char *)n->name, name);
    }
    return rc;
}

static int call_attr(const struct rd *r, const xmlNode *n, const char *name, uint16_t *out)
{
    char *v = get(n, name);
    if (v == NULL)
        return bad(r, n, "element '%s': attribute '%s' is missing", (const char *)n->name, name);
    unsigned id = skel_call_by_name(v);
    int rc = id != 0 && strncmp(v, "MPI_", 4) == 0
                 ? SKEL_OK
                 : bad(r, n,
                       "element '%s': attribute '%s': '%.60s' is not an MPI call Skel "
                       "knows",
                       (const char *)n->name, name, v);
    free(v);
    *out = (uint16_t)id;
    return rc;
}

static int peer_el(const struct rd *r, const xmlNode *n, skel_sig_peer *p)
{
    char *k = get(n, "kind");
    int kind = k != NULL ? skel_sig_peer_kind_by_name(k) : -1;
    int rc = SKEL_OK;
    if (kind <= SKEL_SIG_PEER_NONE)
        rc = bad(r, n, "element '%s': attribute 'kind': '%.30s' is not a peer encoding",
                 (const char *)n->name, k ? k : "");
    free(k);
    if (rc != SKEL_OK)
        return rc;
    memset(p, 0, sizeof *p);
    p->kind = (uint8_t)kind;
    if (kind == SKEL_SIG_PEER_ABS || kind == SKEL_SIG_PEER_REL || kind == SKEL_SIG_PEER_MOD) {
        char *v = get(n, "value");
        if (v == NULL)
            return bad(r, n, "element '%s': a '%s' peer needs attribute 'value'",
                       (const char *)n->name, skel_sig_peer_kind_name(kind));
        free(v);
        return i32_attr(r, n, "value", 0, &p->value);
    }
    if (kind == SKEL_SIG_PEER_CART) {
        int32_t *vec = NULL;
        uint32_t nd = 0;
        if ((rc = ints_attr(r, n, "vec", 1, &vec, &nd)) != SKEL_OK)
            return rc;
        if (nd == 0 || nd > SKEL_SIG_MAXDIMS) {
            free(vec);
            return bad(r, n, "element '%s': attribute 'vec': %u dimensions (expected 1 to %d)",
                       (const char *)n->name, nd, SKEL_SIG_MAXDIMS);
        }
        p->ndims = (uint8_t)nd;
        memcpy(p->vec, vec, nd * sizeof *vec);
        free(vec);
    }
    return SKEL_OK;
}

struct sketch_ctx {
    skel_sketch *sk;
    int err;
};

static int push_bucket(void *ctx, const char *tok, uint32_t i)
{
    (void)i;
    struct sketch_ctx *c = ctx;
    const char *colon = strchr(tok, ':');
    if (colon == NULL || colon - tok > 5)
        return -1;
    char idx[8];
    memcpy(idx, tok, (size_t)(colon - tok));
    idx[colon - tok] = '\0';
    uint64_t a, b;
    if (parse_u64(idx, SKEL_SKETCH_MAX_INDEX, &a) != 0 || parse_u64(colon + 1, UINT64_MAX, &b) != 0)
        return -1;
    if (b > UINT64_MAX - c->sk->count)
        return -1;
    if (skel_sketch_add_bucket(c->sk, (int32_t)a, b) != SKEL_OK) {
        c->err = 1;
        return -1;
    }
    return 0;
}

/* A distribution; count defaults to the symbol's occurrences, and with one
 * or two samples the mean and the sketch may be left out (they follow from
 * min and max). */
static int dist_el(const struct rd *r, const xmlNode *n, uint64_t occurrences, skel_sig_dist *d)
{
    int rc;
    uint64_t zeros;
    if ((rc = u64_attr(r, n, "count", UINT64_MAX, 0, occurrences, &d->count)) != SKEL_OK ||
        (rc = u64_attr(r, n, "min", UINT64_MAX, 1, 0, &d->min)) != SKEL_OK ||
        (rc = u64_attr(r, n, "max", UINT64_MAX, 1, 0, &d->max)) != SKEL_OK ||
        (rc = u64_attr(r, n, "shift", UINT64_MAX, 0, 0, &d->shift)) != SKEL_OK ||
        (rc = u64_attr(r, n, "zeros", UINT64_MAX, 0, 0, &zeros)) != SKEL_OK)
        return rc;
    char *mean = get(n, "mean"), *buckets = get(n, "buckets");
    int given = mean != NULL, sketched = buckets != NULL;
    free(mean);
    free(buckets);
    if ((!given || !sketched) && (d->count == 0 || d->count > 2 || (!sketched && zeros) ||
                                  (d->count == 1 && d->min != d->max)))
        return bad(r, n,
                   "element '%s': the mean and the buckets may only be left out for one "
                   "or two samples (min and max)",
                   (const char *)n->name);
    d->mean = d->count == 1 ? (double)d->min : ((double)d->min + (double)d->max) / 2;
    if (given && (rc = dbl_attr(r, n, "mean", 1, &d->mean)) != SKEL_OK)
        return rc;
    if (!sketched) {
        if ((rc = skel_sketch_add(&d->sketch, d->min)) != SKEL_OK ||
            (d->count == 2 && (rc = skel_sketch_add(&d->sketch, d->max)) != SKEL_OK))
            return rc;
        return d->min > d->max ? bad(r, n, "element '%s': min above max", (const char *)n->name)
                               : SKEL_OK;
    }
    if ((rc = skel_sketch_add_bucket(&d->sketch, -1, zeros)) != SKEL_OK)
        return rc;
    struct sketch_ctx c = {.sk = &d->sketch};
    uint32_t k;
    if ((rc = tokens(r, n, "buckets", 1, push_bucket, &c, &k)) != SKEL_OK)
        return rc;
    if (d->min > d->max || d->sketch.count > d->count)
        return bad(r, n,
                   "element '%s': min above max, or more sketch samples (%llu) than "
                   "count (%llu)",
                   (const char *)n->name, (unsigned long long)d->sketch.count,
                   (unsigned long long)d->count);
    return SKEL_OK;
}

static int flags_tok(void *ctx, const char *tok, uint32_t i)
{
    (void)i;
    uint16_t *f = ctx;
    if (strcmp(tok, "in-place") == 0)
        *f |= SKEL_EVF_INPLACE;
    else if (strcmp(tok, "true") == 0)
        *f |= SKEL_EVF_FLAG;
    else if (strcmp(tok, "rewrite") == 0)
        *f |= SKEL_EVF_REWRITE;
    else if (strcmp(tok, "pinned") == 0)
        *f |= SKEL_SIG_PINNED;
    else if (strncmp(tok, "runs-", 5) == 0 || strncmp(tok, "rruns-", 6) == 0) {
        /* runs-N (rruns-N, a send-receive's receive half): N one of the
         * layout classes' run lengths (event.h) */
        int recv = strncmp(tok, "rruns-", 6) == 0;
        const char *d = tok + (recv ? 6 : 5);
        unsigned shift = recv ? SKEL_EVF_RBLOCK_SHIFT : SKEL_EVF_BLOCK_SHIFT;
        if (*d < '1' || *d > '9' || strlen(d) > 6 || strspn(d, "0123456789") != strlen(d))
            return -1;
        uint64_t n = strtoull(d, NULL, 10);
        unsigned cls = skel_evf_block_class(n);
        if (skel_evf_block_bytes(cls << SKEL_EVF_BLOCK_SHIFT) != n || (*f & (15u << shift)))
            return -1;
        *f |= (uint16_t)(cls << shift);
    } else {
        return -1;
    }
    return 0;
}

static int symbol_el(struct rd *r, const xmlNode *n, uint32_t cls)
{
    skel_signature *s = r->s;
    uint32_t id;
    int rc = u32_attr(r, n, "id", 1, 0, &id);
    if (rc != SKEL_OK)
        return rc;
    if (id >= s->nsymbols)
        return bad(r, n, "symbol %u: ids must be below the number of symbols (%u)", id,
                   s->nsymbols);
    if (r->lsym[id] != 0)
        return bad(r, n, "symbol %u is defined twice (first at line %u)", id, r->lsym[id]);
    r->lsym[id] = skel_xmldoc_line(n) ? skel_xmldoc_line(n) : 1;
    skel_sig_symbol *y = &s->symbols[id];
    y->id = id;
    y->cls = cls;
    char *op = NULL;
    if ((rc = call_attr(r, n, "call", &y->call)) != SKEL_OK ||
        (rc = u32_attr(r, n, "comm", 0, SKEL_SIG_NONE, &y->comm)) != SKEL_OK ||
        (rc = u32_attr(r, n, "newcomm", 0, SKEL_SIG_NONE, &y->newcomm)) != SKEL_OK ||
        (rc = u32_attr(r, n, "obj", 0, SKEL_SIG_NONE, &y->obj)) != SKEL_OK ||
        (rc = i32_attr(r, n, "tag", SKEL_TAG_NONE, &y->tag)) != SKEL_OK ||
        (rc = i32_attr(r, n, "tag2", SKEL_TAG_NONE, &y->tag2)) != SKEL_OK ||
        (rc = u32_attr(r, n, "parts", 0, 0, &y->parts)) != SKEL_OK ||
        (rc = u32_attr(r, n, "dtsize", 0, 0, &y->dtsize)) != SKEL_OK ||
        (rc = u32_attr(r, n, "site", 0, SKEL_SIG_NONE, &y->site)) != SKEL_OK ||
        (rc = u32_attr(r, n, "prev-site", 0, SKEL_SIG_NONE, &y->prev_site)) != SKEL_OK ||
        (rc = u64_attr(r, n, "occurrences", UINT64_MAX, 1, 0, &y->occurrences)) != SKEL_OK ||
        (rc = u64_attr(r, n, "ws", UINT64_C(1) << 50, 0, 0, &y->ws_bytes)) != SKEL_OK ||
        (rc = u64_attr(r, n, "polls", UINT64_MAX, 0, 0, &y->polls)) != SKEL_OK ||
        (rc = u64_attr(r, n, "ws-samples", UINT64_MAX, 0, 0, &y->ws_samples)) != SKEL_OK ||
        (rc = u32_attr(r, n, "match", 0, SKEL_SIG_NONE, &y->match[0])) != SKEL_OK ||
        (rc = u32_attr(r, n, "match2", 0, SKEL_SIG_NONE, &y->match[1])) != SKEL_OK)
        return rc;
    op = get(n, "op");
    if (op != NULL) {
        int found = -1;
        for (int k = 0; k < SKEL_OP__COUNT && found < 0; k++)
            if (strcmp(skel_op_name(k), op) == 0)
                found = k;
        if (found < 0)
            rc = bad(r, n, "symbol %u: '%.40s' is not an MPI operation Skel knows", id, op);
        y->op = (uint8_t)(found < 0 ? 0 : found);
        free(op);
        if (rc != SKEL_OK)
            return rc;
    }
    uint32_t nlinks = 0, li = 0, ngroup = 0, gi = 0;
    for (const xmlNode *c = n->children; c != NULL; c = c->next) {
        nlinks += skel_xmldoc_is(c, "link");
        ngroup += skel_xmldoc_is(c, "member");
    }
    if (nlinks > 0 && (y->links = calloc(nlinks, sizeof *y->links)) == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", r->name);
    y->nlinks = nlinks;
    if (ngroup > 0 && (y->group = calloc(ngroup, sizeof *y->group)) == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", r->name);
    y->ngroup = ngroup;
    int seen_dist = 0;
    for (const xmlNode *c = n->children; c != NULL && rc == SKEL_OK; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (skel_xmldoc_is(c, "peer"))
            rc = peer_el(r, c, &y->peer);
        else if (skel_xmldoc_is(c, "peer2"))
            rc = peer_el(r, c, &y->peer2);
        else if (skel_xmldoc_is(c, "root"))
            rc = peer_el(r, c, &y->root);
        else if (skel_xmldoc_is(c, "reply-alt"))
            rc = peer_el(r, c, &y->reply_alt);
        else if (skel_xmldoc_is(c, "member"))
            rc = peer_el(r, c, &y->group[gi++]);
        else if (skel_xmldoc_is(c, "side")) {
            char *role = get(c, "role");
            int k = role != NULL && strcmp(role, "root") == 0 ? SKEL_SIG_SIDE_ROOT
                                                              : SKEL_SIG_SIDE_OTHER;
            free(role);
            if (y->sides & (1u << k)) {
                rc = bad(r, c, "symbol %u: two %s sides", id, k ? "root" : "member");
                break;
            }
            y->sides |= (uint8_t)(1u << k);
            skel_sig_side *sd = &y->side[k];
            uint32_t nf;
            if ((rc = tokens(r, c, "flags", 0, flags_tok, &sd->flags, &nf)) != SKEL_OK ||
                (rc = u64_attr(r, c, "events", UINT64_MAX, 1, 0, &sd->events)) != SKEL_OK ||
                (rc = u64_attr(r, c, "rbytes-events", UINT64_MAX, 0, sd->events,
                               &sd->rbytes_events)) != SKEL_OK ||
                (rc = range_attr(r, c, "count", 1, &sd->count)) != SKEL_OK ||
                (rc = range_attr(r, c, "bytes", 0, &sd->bytes)) != SKEL_OK ||
                (rc = range_attr(r, c, "rbytes", 0, &sd->rbytes)) != SKEL_OK)
                break;
        } else if (skel_xmldoc_is(c, "link")) {
            skel_sig_link *l = &y->links[li++];
            char *cn = get(c, "cancelled");
            l->flags = cn != NULL ? SKEL_EVF_CANCELLED : 0;
            free(cn);
            if ((rc = u32_attr(r, c, "dist", 1, 0, &l->dist)) != SKEL_OK ||
                (rc = u32_attr(r, c, "index", 1, 0, &l->index)) != SKEL_OK ||
                (rc = call_attr(r, c, "call", &l->call)) != SKEL_OK)
                break;
        } else if (skel_xmldoc_is(c, "compute")) {
            rc = seen_dist & 1 ? bad(r, c, "symbol %u: two compute elements", id)
                               : dist_el(r, c, y->occurrences, &y->compute);
            seen_dist |= 1;
        } else if (skel_xmldoc_is(c, "compute-cpu")) {
            rc = seen_dist & 2 ? bad(r, c, "symbol %u: two compute-cpu elements", id)
                               : dist_el(r, c, y->occurrences, &y->compute_cpu);
            seen_dist |= 2;
        } else if (skel_xmldoc_is(c, "duration")) {
            rc = seen_dist & 4 ? bad(r, c, "symbol %u: two duration elements", id)
                               : dist_el(r, c, y->occurrences, &y->duration);
            seen_dist |= 4;
        }
    }
    if (rc == SKEL_OK && (y->sides == 0 || (seen_dist & 5) != 5))
        rc = bad(r, n, "symbol %u: a side and the compute and duration distributions are required",
                 id);
    /* Partitions: a partitioned set-up's, at most INT_MAX, over a buffer of
     * one size (MPI wants the two sides' sizes equal, not a mean). */
    if (rc == SKEL_OK && y->parts > 0 && (!skel_call_partitioned(y->call) || y->parts > INT32_MAX))
        rc = bad(r, n, "symbol %u: %u partitions on %s", id, y->parts, skel_call_name(y->call));
    if (rc == SKEL_OK && y->parts > 0 && y->side[0].count.min != y->side[0].count.max)
        rc = bad(r, n, "symbol %u: a partitioned buffer of %lld to %lld elements: it has one size",
                 id, (long long)y->side[0].count.min, (long long)y->side[0].count.max);
    /* No compute-cpu: the CPU time was the wall time. */
    if (rc == SKEL_OK && !(seen_dist & 2)) {
        y->compute_cpu = y->compute;
        y->compute_cpu.sketch = (skel_sketch){0};
        rc = skel_sketch_copy(&y->compute_cpu.sketch, &y->compute.sketch);
    }
    return rc;
}

static int block_el(struct rd *r, const xmlNode *n, uint32_t cls)
{
    skel_signature *s = r->s;
    uint32_t id;
    int rc = u32_attr(r, n, "id", 1, 0, &id);
    if (rc != SKEL_OK)
        return rc;
    if (id >= s->nblocks)
        return bad(r, n, "block %u: ids must be below the number of blocks (%u)", id, s->nblocks);
    if (r->lblk[id] != 0)
        return bad(r, n, "block %u is defined twice (first at line %u)", id, r->lblk[id]);
    r->lblk[id] = skel_xmldoc_line(n) ? skel_xmldoc_line(n) : 1;
    skel_sig_block *b = &s->blocks[id];
    b->id = id;
    b->cls = cls;
    uint32_t ni = 0;
    for (const xmlNode *c = n->children; c != NULL; c = c->next)
        ni += skel_xmldoc_is(c, "s") || skel_xmldoc_is(c, "loop");
    b->items = calloc(ni ? ni : 1, sizeof *b->items);
    if (b->items == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", r->name);
    for (const xmlNode *c = n->children; c != NULL && rc == SKEL_OK; c = c->next) {
        skel_sig_item *it = &b->items[b->nitems];
        if (skel_xmldoc_is(c, "s")) {
            it->kind = SKEL_SIG_ITEM_SYMBOL;
            it->count = 1;
            rc = u32_attr(r, c, "ref", 1, 0, &it->ref);
            if (rc == SKEL_OK &&
                (it->ref >= s->nsymbols || r->lsym[it->ref] == 0 || s->symbols[it->ref].cls != cls))
                rc = bad(r, c, "block %u refers to symbol %u, which is not defined in class %u", id,
                         it->ref, cls);
            b->nitems++;
        } else if (skel_xmldoc_is(c, "loop")) {
            it->kind = SKEL_SIG_ITEM_LOOP;
            if ((rc = u32_attr(r, c, "body", 1, 0, &it->ref)) == SKEL_OK)
                rc = u64_attr(r, c, "count", UINT64_MAX, 1, 0, &it->count);
            if (rc == SKEL_OK && it->count == 0)
                rc = bad(r, c, "block %u: a loop of 0 iterations", id);
            b->nitems++;
        }
    }
    return rc;
}

static int class_el(struct rd *r, const xmlNode *n)
{
    skel_signature *s = r->s;
    uint32_t id;
    int rc = u32_attr(r, n, "id", 1, 0, &id);
    if (rc != SKEL_OK)
        return rc;
    if (id >= s->nclasses)
        return bad(r, n, "class %u: ids must be below the number of classes (%u)", id, s->nclasses);
    if (r->lcls[id] != 0)
        return bad(r, n, "class %u is defined twice (first at line %u)", id, r->lcls[id]);
    r->lcls[id] = skel_xmldoc_line(n) ? skel_xmldoc_line(n) : 1;
    skel_sig_class *k = &s->classes[id];
    k->id = id;
    int32_t *ranks = NULL;
    uint32_t nr = 0;
    if ((rc = ints_attr(r, n, "ranks", 1, &ranks, &nr)) != SKEL_OK)
        return rc;
    k->ranks = (uint32_t *)ranks;
    k->nranks = nr;
    for (uint32_t i = 0; i < nr; i++)
        if (ranks[i] < 0 || (i > 0 && ranks[i] <= ranks[i - 1]))
            return bad(r, n, "class %u: ranks must be ascending world ranks", id);
    if ((rc = u32_attr(r, n, "program", 1, 0, &k->top)) != SKEL_OK)
        return rc;
    k->dominant = SKEL_SIG_NONE;
    /* Symbols first (blocks refer to them), then blocks. */
    for (const xmlNode *c = n->children; c != NULL && rc == SKEL_OK; c = c->next)
        if (skel_xmldoc_is(c, "symbol"))
            rc = symbol_el(r, c, id);
    for (const xmlNode *c = n->children; c != NULL && rc == SKEL_OK; c = c->next)
        if (skel_xmldoc_is(c, "block"))
            rc = block_el(r, c, id);
    if (rc == SKEL_OK &&
        (k->top >= s->nblocks || r->lblk[k->top] == 0 || s->blocks[k->top].cls != id))
        rc = bad(r, n, "class %u: program block %u is not one of its blocks", id, k->top);
    return rc;
}

/* Replace what is not printable ASCII in text (may be NULL) by '?'. */
static void printable(char *text)
{
    for (char *p = text; p != NULL && *p; p++)
        if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e)
            *p = '?';
}

static int build_app(struct rd *r, const xmlNode *app)
{
    skel_signature *s = r->s;
    int rc = SKEL_OK;
    if ((rc = u32_attr(r, app, "ranks", 1, 0, &s->nranks)) != SKEL_OK ||
        (rc = str_attr(r, app, "mpi-library", &s->mpi_library)) != SKEL_OK ||
        (rc = str_attr(r, app, "tracer", &s->tracer_version)) != SKEL_OK)
        return rc;
    /* Absent: the trace was whole (signatures from before the attribute too). */
    if ((s->partial = get(app, "partial")) == NULL && xmlHasProp(app, (const xmlChar *)"partial"))
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", r->name);
    if ((s->threads = get(app, "threads")) == NULL && xmlHasProp(app, (const xmlChar *)"threads"))
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", r->name);
    /* Copied into skeleton.meta and printed: one line of printable text. */
    printable(s->partial);
    printable(s->threads);
    for (const xmlNode *c = app->children; c != NULL; c = c->next)
        s->argc += skel_xmldoc_is(c, "arg");
    if ((s->argv = calloc(s->argc ? s->argc : 1, sizeof *s->argv)) == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", r->name);
    uint32_t ai = 0;
    for (const xmlNode *c = app->children; c != NULL; c = c->next)
        if (skel_xmldoc_is(c, "arg")) {
            xmlChar *t = xmlNodeGetContent(c);
            s->argv[ai] = strdup(t ? (const char *)t : "");
            xmlFree(t);
            if (s->argv[ai++] == NULL)
                return skel_fail(SKEL_ENOMEM, "%s: out of memory", r->name);
        }
    return rc;
}

static int build_compression(struct rd *r, const xmlNode *comp)
{
    skel_signature *s = r->s;
    int rc = SKEL_OK;
    if ((rc = dbl_attr(r, comp, "threshold", 1, &s->threshold)) != SKEL_OK ||
        (rc = dbl_attr(r, comp, "max-threshold", 1, &s->max_threshold)) != SKEL_OK ||
        (rc = dbl_attr(r, comp, "scale", 1, &s->scale)) != SKEL_OK ||
        (rc = u64_attr(r, comp, "messages-matched", UINT64_MAX, 0, 0, &s->messages_matched)) !=
            SKEL_OK ||
        (rc = u64_attr(r, comp, "messages-unreceived", UINT64_MAX, 0, 0,
                       &s->messages_unreceived)) != SKEL_OK)
        return rc;
    if (!(s->threshold >= 0 && s->threshold <= 1))
        return bad(r, comp, "threshold %g is outside [0, 1]", s->threshold);
    return rc;
}

static int build_sites(struct rd *r, const xmlNode *sites)
{
    skel_signature *s = r->s;
    int rc = SKEL_OK;
    for (const xmlNode *c = sites->children; c != NULL; c = c->next)
        s->nsites += skel_xmldoc_is(c, "site");
    uint32_t *lsite = calloc(s->nsites ? s->nsites : 1, sizeof *lsite);
    if ((s->sites = calloc(s->nsites ? s->nsites : 1, sizeof *s->sites)) == NULL || !lsite) {
        free(lsite);
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", r->name);
    }
    for (const xmlNode *c = sites->children; c != NULL && rc == SKEL_OK; c = c->next) {
        if (!skel_xmldoc_is(c, "site"))
            continue;
        uint32_t id;
        if ((rc = u32_attr(r, c, "id", 1, 0, &id)) != SKEL_OK)
            break;
        if (id >= s->nsites || lsite[id]) {
            rc = bad(r, c, "site %u: ids must be distinct and below %u", id, s->nsites);
            break;
        }
        lsite[id] = 1;
        skel_sig_site *x = &s->sites[id];
        x->id = id;
        if ((rc = str_attr(r, c, "module", &x->module)) != SKEL_OK ||
            (rc = str_attr(r, c, "function", &x->func)) != SKEL_OK ||
            (rc = str_attr(r, c, "file", &x->file)) != SKEL_OK ||
            (rc = u64_attr(r, c, "offset", UINT64_MAX, 1, 0, &x->offset)) != SKEL_OK ||
            (rc = u32_attr(r, c, "line", 0, 0, &x->line)) != SKEL_OK)
            break;
    }
    free(lsite);
    if (rc != SKEL_OK)
        return rc;
    return rc;
}

/* The <neighbors member= in= out=/> children of a graph communicator: one
 * per member or none (skel_sig_comm.nbr_off). */
static int comm_neighbors(struct rd *r, const xmlNode *n, skel_sig_comm *x)
{
    uint32_t count = 0;
    for (const xmlNode *c = n->children; c != NULL; c = c->next)
        count += skel_xmldoc_is(c, "neighbors");
    if (count == 0)
        return SKEL_OK;
    if (!(x->flags & SKEL_COMMF_GRAPH) || count != x->size)
        return bad(r, n, "communicator %u: %u neighbour lists for %u members%s", x->id, count,
                   x->size, x->flags & SKEL_COMMF_GRAPH ? "" : " of no graph");
    int32_t **lists = calloc(2 * (size_t)x->size, sizeof *lists);
    uint32_t *lens = calloc(2 * (size_t)x->size, sizeof *lens);
    int rc = lists != NULL && lens != NULL ? SKEL_OK
                                           : skel_fail(SKEL_ENOMEM, "%s: out of memory", r->name);
    uint64_t total = 0;
    for (const xmlNode *c = n->children; c != NULL && rc == SKEL_OK; c = c->next) {
        if (!skel_xmldoc_is(c, "neighbors"))
            continue;
        uint32_t m;
        if ((rc = u32_attr(r, c, "member", 1, 0, &m)) != SKEL_OK)
            break;
        if (m >= x->size || lists[2 * m] != NULL) {
            rc = bad(r, c,
                     "communicator %u: neighbours of member %u: members must be distinct "
                     "and below %u",
                     x->id, m, x->size);
            break;
        }
        if ((rc = ints_attr(r, c, "in", 0, &lists[2 * m], &lens[2 * m])) != SKEL_OK ||
            (rc = ints_attr(r, c, "out", 0, &lists[2 * m + 1], &lens[2 * m + 1])) != SKEL_OK)
            break;
        for (int k = 0; k < 2 && rc == SKEL_OK; k++)
            for (uint32_t i = 0; i < lens[2 * m + k] && rc == SKEL_OK; i++)
                if (lists[2 * m + k][i] < 0 || (uint32_t)lists[2 * m + k][i] >= r->s->nranks)
                    rc = bad(r, c, "communicator %u: neighbour %d is not a rank", x->id,
                             lists[2 * m + k][i]);
        total += (uint64_t)lens[2 * m] + lens[2 * m + 1];
    }
    if (rc == SKEL_OK && total > UINT32_MAX)
        rc = bad(r, n, "communicator %u: too many neighbours", x->id);
    if (rc == SKEL_OK) {
        x->nbr_off = malloc((2 * (size_t)x->size + 1) * sizeof *x->nbr_off);
        x->nbrs = malloc((total ? total : 1) * sizeof *x->nbrs);
        if (x->nbr_off == NULL || x->nbrs == NULL)
            rc = skel_fail(SKEL_ENOMEM, "%s: out of memory", r->name);
    }
    uint32_t at = 0;
    for (uint32_t k = 0; rc == SKEL_OK && k < 2 * x->size; k++) {
        x->nbr_off[k] = at;
        if (lens[k])
            memcpy(x->nbrs + at, lists[k], lens[k] * sizeof *x->nbrs);
        at += lens[k];
    }
    if (rc == SKEL_OK)
        x->nbr_off[2 * x->size] = at;
    for (uint32_t k = 0; lists != NULL && k < 2 * x->size; k++)
        free(lists[k]);
    free(lists);
    free(lens);
    return rc;
}

static int build_comms(struct rd *r, const xmlNode *comms)
{
    skel_signature *s = r->s;
    int rc = SKEL_OK;
    for (const xmlNode *c = comms->children; c != NULL; c = c->next)
        s->ncomms += skel_xmldoc_is(c, "comm");
    if ((s->comms = calloc(s->ncomms ? s->ncomms : 1, sizeof *s->comms)) == NULL ||
        (r->lcomm = calloc(s->ncomms ? s->ncomms : 1, sizeof *r->lcomm)) == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", r->name);
    for (const xmlNode *c = comms->children; c != NULL && rc == SKEL_OK; c = c->next) {
        if (!skel_xmldoc_is(c, "comm"))
            continue;
        uint32_t id;
        if ((rc = u32_attr(r, c, "id", 1, 0, &id)) != SKEL_OK)
            break;
        if (id >= s->ncomms || r->lcomm[id]) {
            rc = bad(r, c, "communicator %u: ids must be distinct and below %u", id, s->ncomms);
            break;
        }
        r->lcomm[id] = skel_xmldoc_line(c) ? skel_xmldoc_line(c) : 1;
        skel_sig_comm *x = &s->comms[id];
        x->id = id;
        char *cb = get(c, "created-by"), *inter = get(c, "inter");
        free(inter);
        if (inter != NULL)
            x->flags |= SKEL_COMMF_INTER;
        free(cb);
        if (cb != NULL && (rc = call_attr(r, c, "created-by", &x->created_by)) != SKEL_OK)
            break;
        uint32_t nd = 0, np = 0;
        if ((rc = u64_attr(r, c, "gid", UINT64_MAX, 1, 0, &x->gid)) != SKEL_OK ||
            (rc = u32_attr(r, c, "parent-slot", 0, SKEL_SIG_NONE, &x->parent_slot)) != SKEL_OK ||
            (rc = ints_attr(r, c, "members", 1, &x->members, &x->size)) != SKEL_OK ||
            (rc = ints_attr(r, c, "remote", 0, &x->remote, &x->remote_size)) != SKEL_OK ||
            (rc = ints_attr(r, c, "dims", 0, &x->dims, &nd)) != SKEL_OK ||
            (rc = ints_attr(r, c, "periods", 0, &x->periods, &np)) != SKEL_OK)
            break;
        if (nd != np) {
            rc = bad(r, c, "communicator %u: %u dims but %u periods", id, nd, np);
            break;
        }
        x->ndims = nd;
        if (nd > 0)
            x->flags |= SKEL_COMMF_CART;
        char *graph = get(c, "graph");
        free(graph);
        if (graph != NULL)
            x->flags |= SKEL_COMMF_GRAPH;
        rc = comm_neighbors(r, c, x);
    }
    if (rc != SKEL_OK)
        return rc;
    return rc;
}

static int build_ranks(struct rd *r, const xmlNode *ranks)
{
    skel_signature *s = r->s;
    int rc = SKEL_OK;
    uint32_t nrank_el = 0;
    for (const xmlNode *c = ranks->children; c != NULL; c = c->next)
        nrank_el += skel_xmldoc_is(c, "rank");
    if (nrank_el != s->nranks)
        return bad(r, ranks, "%u rank elements for an application of %u ranks", nrank_el,
                   s->nranks);
    if ((s->ranks = calloc(s->nranks ? s->nranks : 1, sizeof *s->ranks)) == NULL ||
        (r->lrank = calloc(s->nranks ? s->nranks : 1, sizeof *r->lrank)) == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", r->name);
    for (const xmlNode *c = ranks->children; c != NULL && rc == SKEL_OK; c = c->next) {
        if (!skel_xmldoc_is(c, "rank"))
            continue;
        uint32_t id;
        if ((rc = u32_attr(r, c, "id", 1, 0, &id)) != SKEL_OK)
            break;
        if (id >= s->nranks || r->lrank[id]) {
            rc = bad(r, c, "rank %u: ids must be distinct and below %u", id, s->nranks);
            break;
        }
        r->lrank[id] = skel_xmldoc_line(c) ? skel_xmldoc_line(c) : 1;
        skel_sig_rank *x = &s->ranks[id];
        x->rank = id;
        struct intv iv = {.wantu = 1};
        if ((rc = u32_attr(r, c, "class", 1, 0, &x->cls)) != SKEL_OK ||
            (rc = u64_attr(r, c, "events", UINT64_MAX, 1, 0, &x->events)) != SKEL_OK ||
            (rc = u64_attr(r, c, "time-ns", UINT64_MAX, 1, 0, &x->time_ns)) != SKEL_OK ||
            (rc = u64_attr(r, c, "compute-ns", UINT64_MAX, 1, 0, &x->compute_ns)) != SKEL_OK ||
            (rc = u64_attr(r, c, "mpi-ns", UINT64_MAX, 1, 0, &x->mpi_ns)) != SKEL_OK ||
            (rc = u64_attr(r, c, "per-event-ns", UINT64_MAX, 1, 0, &x->per_event_ns)) != SKEL_OK)
            break;
        rc = tokens(r, c, "comms", 1, push_int, &iv, &x->ncomms);
        x->comms = (uint32_t *)iv.v;
        if (rc == SKEL_OK && x->comms == NULL && (x->comms = malloc(sizeof *x->comms)) == NULL)
            rc = skel_fail(SKEL_ENOMEM, "%s: out of memory", r->name);
        for (uint32_t k = 0; rc == SKEL_OK && k < x->ncomms; k++)
            if ((int32_t)x->comms[k] < -1)
                rc = bad(r, c, "rank %u: communicator slot %u: bad id", id, k);
    }
    if (rc != SKEL_OK)
        return rc;
    return rc;
}

static int build_classes(struct rd *r, const xmlNode *root)
{
    skel_signature *s = r->s;
    int rc = SKEL_OK;
    /* Classes: count symbols and blocks first (their ids are global). */
    for (const xmlNode *c = root->children; c != NULL; c = c->next) {
        if (!skel_xmldoc_is(c, "class"))
            continue;
        for (const xmlNode *d = c->children; d != NULL; d = d->next) {
            s->nsymbols += skel_xmldoc_is(d, "symbol");
            s->nblocks += skel_xmldoc_is(d, "block");
        }
    }
    s->classes = calloc(s->nclasses ? s->nclasses : 1, sizeof *s->classes);
    s->symbols = calloc(s->nsymbols ? s->nsymbols : 1, sizeof *s->symbols);
    s->blocks = calloc(s->nblocks ? s->nblocks : 1, sizeof *s->blocks);
    r->lcls = calloc(s->nclasses ? s->nclasses : 1, sizeof *r->lcls);
    r->lsym = calloc(s->nsymbols ? s->nsymbols : 1, sizeof *r->lsym);
    r->lblk = calloc(s->nblocks ? s->nblocks : 1, sizeof *r->lblk);
    if (!s->classes || !s->symbols || !s->blocks || !r->lcls || !r->lsym || !r->lblk)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", r->name);
    for (uint32_t b = 0; b < s->nblocks; b++)
        s->blocks[b].cls = SKEL_SIG_NONE;
    for (uint32_t y = 0; y < s->nsymbols; y++)
        s->symbols[y].cls = SKEL_SIG_NONE;
    for (const xmlNode *c = root->children; c != NULL && rc == SKEL_OK; c = c->next)
        if (skel_xmldoc_is(c, "class"))
            rc = class_el(r, c);
    return rc;
}

static int build(struct rd *r, const xmlNode *root)
{
    skel_signature *s = r->s;
    const xmlNode *app = NULL, *comp = NULL, *sites = NULL, *comms = NULL, *ranks = NULL;
    for (const xmlNode *c = root->children; c != NULL; c = c->next) {
        if (skel_xmldoc_is(c, "application"))
            app = c;
        else if (skel_xmldoc_is(c, "compression"))
            comp = c;
        else if (skel_xmldoc_is(c, "sites"))
            sites = c;
        else if (skel_xmldoc_is(c, "comms"))
            comms = c;
        else if (skel_xmldoc_is(c, "ranks"))
            ranks = c;
        else if (skel_xmldoc_is(c, "class"))
            s->nclasses++;
    }
    if (!app || !comp || !sites || !comms || !ranks)
        return bad(r, root, "the signature lacks a required section");
    s->version = SKEL_SIG_VERSION;
    int rc;
    if ((rc = build_app(r, app)) != SKEL_OK || (rc = build_compression(r, comp)) != SKEL_OK ||
        (rc = build_sites(r, sites)) != SKEL_OK || (rc = build_comms(r, comms)) != SKEL_OK ||
        (rc = build_ranks(r, ranks)) != SKEL_OK)
        return rc;
    return build_classes(r, root);
}

/* A gzip stream inflated into a malloc'd buffer of at most
 * SKEL_SIGFILE_MAX_BYTES. */
static int gunzip_buffer(const char *buf, size_t len, const char *name, char **out, size_t *olen)
{
    z_stream z = {0};
    if (len > UINT32_MAX || inflateInit2(&z, 15 + 16) != Z_OK)
        return skel_fail(SKEL_ERANGE, "%s: compressed signature too large", name);
    size_t cap = len * 4 + 4096, n = 0;
    char *o = NULL;
    int zrc = Z_OK, rc = SKEL_OK;
    z.next_in = (Bytef *)(uintptr_t)buf;
    z.avail_in = (uInt)len;
    while (rc == SKEL_OK && zrc != Z_STREAM_END) {
        if (n == cap || o == NULL) {
            if (o != NULL)
                cap *= 2;
            if (cap > SKEL_SIGFILE_MAX_BYTES + 1)
                cap = SKEL_SIGFILE_MAX_BYTES + 1;
            if (n == cap) {
                rc = skel_fail(SKEL_ERANGE, "%s: more than %llu bytes once decompressed", name,
                               (unsigned long long)SKEL_SIGFILE_MAX_BYTES);
                break;
            }
            char *no = realloc(o, cap);
            if (no == NULL) {
                rc = skel_oom();
                break;
            }
            o = no;
        }
        size_t room = cap - n < UINT32_MAX ? cap - n : UINT32_MAX;
        z.next_out = (Bytef *)o + n;
        z.avail_out = (uInt)room;
        zrc = inflate(&z, Z_NO_FLUSH);
        n += room - z.avail_out;
        if (zrc != Z_OK && zrc != Z_STREAM_END)
            rc = skel_fail(SKEL_EFORMAT, "%s: byte %lu: not a valid gzip stream (%s)", name,
                           (unsigned long)z.total_in, z.msg != NULL ? z.msg : "truncated");
        else if (zrc == Z_OK && z.avail_in == 0 && z.avail_out != 0)
            rc = skel_fail(SKEL_EFORMAT, "%s: the gzip stream is cut short (byte %lu)", name,
                           (unsigned long)z.total_in);
    }
    inflateEnd(&z);
    if (rc != SKEL_OK) {
        free(o);
        return rc;
    }
    *out = o;
    *olen = n;
    return SKEL_OK;
}

static int parse_xml(const char *buf, size_t len, const char *name, skel_signature **out);

int skel_sigfile_parse(const char *buf, size_t len, const char *name, skel_signature **out)
{
    *out = NULL;
    if (len < 2 || (unsigned char)buf[0] != 0x1f || (unsigned char)buf[1] != 0x8b)
        return parse_xml(buf, len, name, out);
    char *xml = NULL;
    size_t n = 0;
    int rc = gunzip_buffer(buf, len, name, &xml, &n);
    if (rc == SKEL_OK)
        rc = parse_xml(xml, n, name, out);
    free(xml);
    return rc;
}

static int parse_xml(const char *buf, size_t len, const char *name, skel_signature **out)
{
    static const struct skel_xmldoc_opts opts = {
        .what = "a signature", .max_bytes = SKEL_SIGFILE_MAX_BYTES, .see = "docs/signature.md"};
    xmlDocPtr doc = NULL;
    struct rd r = {.name = name};
    *out = NULL;
    int rc = skel_xmldoc_load_opts(buf, len, name, skel_schema_signature, skel_schema_signature_len,
                                   NULL, &opts, &doc);
    if (rc != SKEL_OK)
        return rc;
    if ((r.s = calloc(1, sizeof *r.s)) == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "%s: out of memory", name);
        goto out;
    }
    if ((rc = build(&r, xmlDocGetRootElement(doc))) != SKEL_OK)
        goto out;
    skel_sig_lines lines = {
        .symbol = r.lsym, .block = r.lblk, .cls = r.lcls, .rank = r.lrank, .comm = r.lcomm};
    if ((rc = skel_signature_check_at(r.s, name, &lines)) != SKEL_OK)
        goto out;
    if ((rc = skel_signature_derive(r.s)) != SKEL_OK)
        goto out;
    *out = r.s;
    r.s = NULL;
out:
    skel_signature_free(r.s);
    free(r.lsym);
    free(r.lblk);
    free(r.lcls);
    free(r.lrank);
    free(r.lcomm);
    xmlFreeDoc(doc);
    return rc;
}

int skel_sigfile_read(const char *path, skel_signature **out)
{
    *out = NULL;
    char *buf = NULL;
    size_t n = 0;
    int rc = skel_read_file(path, SKEL_SIGFILE_MAX_BYTES, &buf, &n);
    if (rc != SKEL_OK)
        return rc;
    rc = skel_sigfile_parse(buf, n, path, out);
    free(buf);
    return rc;
}
