/* template.c - parser and renderer of Skel's template language (template.h).
 *
 * A parsed template is a flat array of nodes: text runs, variables, and
 * sections whose children are the nodes that follow them up to `end`.  The
 * text of the template is copied once; nodes point into it by offset. */
#include "template.h"

#include "error.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum node_kind { N_TEXT, N_VAR, N_SECTION, N_INVERTED };

struct node {
    uint8_t kind;
    uint32_t line, col; /* position of the tag's "{{" (0 for text) */
    size_t off, len;    /* text run, or the name */
    uint32_t end;       /* sections: index just after their last child */
};

struct skel_tpl {
    char *name;
    char *text;
    size_t textlen;
    struct node *nodes;
    uint32_t nnodes, cap;
};

/* ------------------------------------------------------------------------ */
/* Parsing */

struct parser {
    skel_tpl *t;
    const char *s;
    size_t len;
    size_t lpos;        /* offset whose line/column are known */
    uint32_t line, col; /* of lpos */
};

/* Line and column of offset off (>= the last asked offset). */
static void position(struct parser *p, size_t off, uint32_t *line, uint32_t *col)
{
    for (; p->lpos < off; p->lpos++) {
        if (p->s[p->lpos] == '\n') {
            p->line++;
            p->col = 1;
        } else {
            p->col++;
        }
    }
    *line = p->line;
    *col = p->col;
}

static int perr(struct parser *p, size_t off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int perr(struct parser *p, size_t off, const char *fmt, ...)
{
    uint32_t line, col;
    if (off < p->lpos) { /* an earlier position: count again from the start */
        p->lpos = 0;
        p->line = p->col = 1;
    }
    position(p, off, &line, &col);
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return skel_fail(SKEL_EFORMAT, "%s:%u:%u: %s", p->t->name, line, col, msg);
}

static int push_node(skel_tpl *t, const struct node *n)
{
    if (t->nnodes == t->cap) {
        uint32_t cap = t->cap ? t->cap * 2 : 64;
        struct node *nn = realloc(t->nodes, cap * sizeof *nn);
        if (nn == NULL)
            return skel_fail(SKEL_ENOMEM, "%s: out of memory", t->name);
        t->nodes = nn;
        t->cap = cap;
    }
    t->nodes[t->nnodes++] = *n;
    return SKEL_OK;
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}
static int is_name0(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}
static int is_name(char c)
{
    return is_name0(c) || (c >= '0' && c <= '9');
}

/* Find "{{" at or after from; len if none. */
static size_t find_open(const char *s, size_t len, size_t from)
{
    for (size_t i = from; i + 1 < len; i++)
        if (s[i] == '{' && s[i + 1] == '{')
            return i;
    return len;
}

/* Quote at most 20 bytes of s at off for a message ("end of file" at the end). */
static const char *near(const char *s, size_t len, size_t off, char *buf, size_t cap)
{
    if (off >= len)
        return "end of file";
    size_t o = 0;
    buf[o++] = '\'';
    for (size_t i = off; i < len && i < off + 20 && o + 6 < cap; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n')
            break;
        if (c >= 0x20 && c < 0x7f && c != '\'') {
            buf[o++] = (char)c;
        } else {
            o += (size_t)snprintf(buf + o, cap - o, "\\x%02X", c);
        }
    }
    buf[o++] = '\'';
    buf[o] = '\0';
    return buf;
}

/* A tag: its kind (N_VAR, N_SECTION, N_INVERTED, TAG_CLOSE, TAG_COMMENT),
 * where it opens and ends, and its name. */
enum { TAG_CLOSE = -1, TAG_COMMENT = -2 };
struct tag {
    int kind;
    size_t open, name_off, name_len, end;
    uint32_t line, col;
};

/* Read the tag whose "{{" is at open. */
static int read_tag(struct parser *p, size_t open, struct tag *tg)
{
    const char *s = p->s;
    size_t len = p->len, q = open + 2;
    char nb[64];
    *tg = (struct tag){.open = open};
    position(p, open, &tg->line, &tg->col);
    char sigil = q < len ? s[q] : '\0';
    tg->kind = sigil == '#'   ? N_SECTION
               : sigil == '^' ? N_INVERTED
               : sigil == '/' ? TAG_CLOSE
               : sigil == '!' ? TAG_COMMENT
                              : N_VAR;
    if (tg->kind != N_VAR)
        q++;
    if (tg->kind == TAG_COMMENT) {
        while (q + 1 < len && !(s[q] == '}' && s[q + 1] == '}'))
            q++;
        if (q + 1 >= len)
            return perr(p, len, "comment opened at %u:%u never closed: expected '}}'", tg->line,
                        tg->col);
        tg->end = q + 2;
        return SKEL_OK;
    }
    while (q < len && is_blank(s[q]))
        q++;
    if (q >= len || !is_name0(s[q]))
        return perr(p, q, "expected a name ([A-Za-z_][A-Za-z0-9_]*) after '{{%s', found %s",
                    tg->kind == N_SECTION    ? "#"
                    : tg->kind == N_INVERTED ? "^"
                    : tg->kind == TAG_CLOSE  ? "/"
                                             : "",
                    near(s, len, q, nb, sizeof nb));
    tg->name_off = q;
    while (q < len && is_name(s[q]))
        q++;
    tg->name_len = q - tg->name_off;
    while (q < len && is_blank(s[q]))
        q++;
    if (q + 1 >= len || s[q] != '}' || s[q + 1] != '}')
        return perr(p, q, "expected '}}' to close the tag opened at %u:%u, found %s", tg->line,
                    tg->col, near(s, len, q, nb, sizeof nb));
    tg->end = q + 2;
    return SKEL_OK;
}

/* A control tag alone on its line (blanks around it) takes the line with
 * it: the text before it ends at the line's start (*text_end) and parsing
 * goes on after the line (*next). */
static void standalone(const struct parser *p, size_t pos, const struct tag *tg, size_t *text_end,
                       size_t *next)
{
    const char *s = p->s;
    size_t len = p->len, ls = tg->open;
    *text_end = tg->open;
    *next = tg->end;
    if (tg->kind == N_VAR)
        return;
    while (ls > pos && is_blank(s[ls - 1]))
        ls--;
    if (!(ls == 0 || s[ls - 1] == '\n') || ls < pos)
        return;
    size_t e = tg->end;
    while (e < len && is_blank(s[e]))
        e++;
    if (e == len || s[e] == '\n' || (s[e] == '\r' && e + 1 < len && s[e + 1] == '\n')) {
        *text_end = ls;
        *next = e == len ? len : (s[e] == '\r' ? e + 2 : e + 1);
    }
}

/* Add the tag's node, opening or closing sections on the stack. */
static int place_tag(struct parser *p, const struct tag *tg, uint32_t *stack, uint32_t *depth)
{
    skel_tpl *t = p->t;
    const char *s = p->s;
    struct node n = {.kind = (uint8_t)(tg->kind < 0 ? 0 : tg->kind),
                     .off = tg->name_off,
                     .len = tg->name_len,
                     .line = tg->line,
                     .col = tg->col};
    switch (tg->kind) {
    case N_VAR:
        return push_node(t, &n);
    case N_SECTION:
    case N_INVERTED:
        if (*depth == SKEL_TPL_MAX_DEPTH)
            return perr(p, tg->open, "sections nested deeper than %d", SKEL_TPL_MAX_DEPTH);
        stack[(*depth)++] = t->nnodes;
        return push_node(t, &n);
    case TAG_CLOSE: {
        if (*depth == 0)
            return perr(p, tg->open, "'{{/%.*s}}' closes no section", (int)tg->name_len,
                        s + tg->name_off);
        struct node *o = &t->nodes[stack[*depth - 1]];
        if (o->len != tg->name_len || memcmp(s + o->off, s + tg->name_off, tg->name_len) != 0)
            return perr(p, tg->open, "'{{/%.*s}}' does not close '{{%c%.*s}}' opened at %u:%u",
                        (int)tg->name_len, s + tg->name_off, o->kind == N_SECTION ? '#' : '^',
                        (int)o->len, s + o->off, o->line, o->col);
        o->end = t->nnodes;
        (*depth)--;
        return SKEL_OK;
    }
    default: /* a comment */
        return SKEL_OK;
    }
}

static int parse_nodes(struct parser *p)
{
    skel_tpl *t = p->t;
    const char *s = p->s;
    size_t len = p->len, pos = 0;
    const char *nul = memchr(s, '\0', len);
    if (nul != NULL)
        return perr(p, (size_t)(nul - s), "NUL byte: a template is text");
    uint32_t stack[SKEL_TPL_MAX_DEPTH], depth = 0;
    int rc = SKEL_OK;
    while (pos < len && rc == SKEL_OK) {
        size_t open = find_open(s, len, pos), text_end, next;
        if (open == len) {
            /* The text after the last tag; sections still open are refused below. */
            struct node n = {.kind = N_TEXT, .off = pos, .len = len - pos};
            rc = push_node(t, &n);
            break;
        }
        struct tag tg;
        if ((rc = read_tag(p, open, &tg)) != SKEL_OK)
            return rc;
        standalone(p, pos, &tg, &text_end, &next);
        if (text_end > pos) {
            struct node n = {.kind = N_TEXT, .off = pos, .len = text_end - pos};
            if ((rc = push_node(t, &n)) != SKEL_OK)
                return rc;
        }
        rc = place_tag(p, &tg, stack, &depth);
        pos = next;
    }
    if (rc == SKEL_OK && depth > 0) {
        const struct node *o = &t->nodes[stack[depth - 1]];
        rc = skel_fail(SKEL_EFORMAT,
                       "%s:%u:%u: section '{{%c%.*s}}' is never closed (expected "
                       "'{{/%.*s}}' before the end of the file)",
                       t->name, o->line, o->col, o->kind == N_SECTION ? '#' : '^', (int)o->len,
                       s + o->off, (int)o->len, s + o->off);
    }
    return rc;
}

int skel_tpl_parse(const char *text, size_t len, const char *name, skel_tpl **out)
{
    *out = NULL;
    if (name == NULL)
        name = "template";
    if (len > SKEL_TPL_MAX_BYTES)
        return skel_fail(SKEL_ERANGE, "%s: template of %zu bytes is larger than the %u allowed",
                         name, len, SKEL_TPL_MAX_BYTES);
    skel_tpl *t = calloc(1, sizeof *t);
    if (t == NULL || (t->name = strdup(name)) == NULL || (t->text = malloc(len + 1)) == NULL) {
        skel_tpl_free(t);
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", name);
    }
    if (len > 0)
        memcpy(t->text, text, len);
    t->text[len] = '\0';
    t->textlen = len;
    struct parser p = {.t = t, .s = t->text, .len = len, .line = 1, .col = 1};
    int rc = parse_nodes(&p);
    if (rc != SKEL_OK) {
        skel_tpl_free(t);
        return rc;
    }
    *out = t;
    return SKEL_OK;
}

int skel_tpl_load(const char *path, skel_tpl **out)
{
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return skel_fail(errno == ENOENT ? SKEL_ENOTFOUND : SKEL_EIO, "%s: %s", path,
                         strerror(errno));
    size_t cap = 1 << 14, len = 0;
    char *buf = malloc(cap);
    int rc = SKEL_OK;
    while (buf != NULL) {
        size_t n = fread(buf + len, 1, cap - len, f);
        len += n;
        if (len > SKEL_TPL_MAX_BYTES) {
            rc = skel_fail(SKEL_ERANGE, "%s: template larger than the %u bytes allowed", path,
                           SKEL_TPL_MAX_BYTES);
            break;
        }
        if (n == 0) {
            if (ferror(f))
                rc = skel_fail(SKEL_EIO, "%s: read error", path);
            break;
        }
        if (len == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (nb == NULL) {
                free(buf);
                buf = NULL;
            } else {
                buf = nb;
            }
        }
    }
    fclose(f);
    if (buf == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", path);
    if (rc == SKEL_OK)
        rc = skel_tpl_parse(buf, len, path, out);
    free(buf);
    return rc;
}

void skel_tpl_free(skel_tpl *t)
{
    if (t == NULL)
        return;
    free(t->name);
    free(t->text);
    free(t->nodes);
    free(t);
}

const char *skel_tpl_name(const skel_tpl *t)
{
    return t->name;
}

/* ------------------------------------------------------------------------ */
/* Dictionaries */

enum value_kind { V_STRING, V_BOOL, V_LIST };

struct entry {
    char *key;
    uint8_t kind;
    int b;
    char *str;
    skel_tpl_dict **items;
    size_t nitems, capitems;
};

struct skel_tpl_dict {
    struct entry *e;
    size_t n, cap;
    skel_tpl_dict *root;
    int oom; /* root only: an allocation failed somewhere below */
};

skel_tpl_dict *skel_tpl_dict_new(void)
{
    skel_tpl_dict *d = calloc(1, sizeof *d);
    if (d != NULL)
        d->root = d;
    return d;
}

void skel_tpl_dict_free(skel_tpl_dict *d)
{
    if (d == NULL)
        return;
    for (size_t i = 0; i < d->n; i++) {
        struct entry *e = &d->e[i];
        free(e->key);
        free(e->str);
        for (size_t j = 0; j < e->nitems; j++)
            skel_tpl_dict_free(e->items[j]);
        free(e->items);
    }
    free(d->e);
    free(d);
}

static struct entry *find_entry(const skel_tpl_dict *d, const char *key, size_t klen)
{
    for (size_t i = 0; i < d->n; i++)
        if (strlen(d->e[i].key) == klen && memcmp(d->e[i].key, key, klen) == 0)
            return &d->e[i];
    return NULL;
}

/* The entry for key, created empty (as a boolean false) if new; cleared of
 * its old value unless keep. */
static struct entry *entry_for(skel_tpl_dict *d, const char *key, int keep)
{
    struct entry *e = find_entry(d, key, strlen(key));
    if (e != NULL) {
        if (!keep) {
            free(e->str);
            e->str = NULL;
            for (size_t j = 0; j < e->nitems; j++)
                skel_tpl_dict_free(e->items[j]);
            free(e->items);
            e->items = NULL;
            e->nitems = e->capitems = 0;
        }
        return e;
    }
    if (d->n == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 8;
        struct entry *ne = realloc(d->e, cap * sizeof *ne);
        if (ne == NULL) {
            d->root->oom = 1;
            return NULL;
        }
        d->e = ne;
        d->cap = cap;
    }
    e = &d->e[d->n];
    memset(e, 0, sizeof *e);
    if ((e->key = strdup(key)) == NULL) {
        d->root->oom = 1;
        return NULL;
    }
    e->kind = V_BOOL;
    d->n++;
    return e;
}

void skel_tpl_set(skel_tpl_dict *d, const char *name, const char *value)
{
    if (d == NULL)
        return;
    struct entry *e = entry_for(d, name, 0);
    if (e == NULL)
        return;
    e->kind = V_STRING;
    if ((e->str = strdup(value != NULL ? value : "")) == NULL)
        d->root->oom = 1;
}

void skel_tpl_setf(skel_tpl_dict *d, const char *name, const char *fmt, ...)
{
    if (d == NULL)
        return;
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) {
        d->root->oom = 1;
        return;
    }
    if ((size_t)n < sizeof small) {
        skel_tpl_set(d, name, small);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (big == NULL) {
        d->root->oom = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    skel_tpl_set(d, name, big);
    free(big);
}

void skel_tpl_set_bool(skel_tpl_dict *d, const char *name, int value)
{
    if (d == NULL)
        return;
    struct entry *e = entry_for(d, name, 0);
    if (e == NULL)
        return;
    e->kind = V_BOOL;
    e->b = value != 0;
}

void skel_tpl_list(skel_tpl_dict *d, const char *name)
{
    if (d == NULL)
        return;
    struct entry *e = entry_for(d, name, 1);
    if (e == NULL)
        return;
    if (e->kind != V_LIST) {
        free(e->str);
        e->str = NULL;
        e->kind = V_LIST;
    }
}

skel_tpl_dict *skel_tpl_add(skel_tpl_dict *d, const char *name)
{
    if (d == NULL)
        return NULL;
    struct entry *e = entry_for(d, name, 1);
    if (e == NULL)
        return NULL;
    if (e->kind != V_LIST) {
        if (e->kind == V_STRING) {
            d->root->oom = 1; /* a programming error; reported as a failure */
            return NULL;
        }
        e->kind = V_LIST;
    }
    if (e->nitems == e->capitems) {
        size_t cap = e->capitems ? e->capitems * 2 : 8;
        skel_tpl_dict **ni = realloc(e->items, cap * sizeof *ni);
        if (ni == NULL) {
            d->root->oom = 1;
            return NULL;
        }
        e->items = ni;
        e->capitems = cap;
    }
    skel_tpl_dict *c = calloc(1, sizeof *c);
    if (c == NULL) {
        d->root->oom = 1;
        return NULL;
    }
    c->root = d->root;
    e->items[e->nitems++] = c;
    return c;
}

/* ------------------------------------------------------------------------ */
/* Rendering */

struct render {
    const skel_tpl *t;
    const skel_tpl_dict *ctx[SKEL_TPL_MAX_DEPTH + 1];
    uint32_t depth;
    char *out;
    size_t len, cap;
};

static int emit(struct render *r, const char *s, size_t n)
{
    if (n > SKEL_TPL_MAX_OUTPUT - r->len)
        return skel_fail(SKEL_ERANGE, "%s: output larger than %llu bytes", r->t->name,
                         (unsigned long long)SKEL_TPL_MAX_OUTPUT);
    if (r->len + n + 1 > r->cap) {
        size_t cap = r->cap ? r->cap : 4096;
        while (cap < r->len + n + 1)
            cap *= 2;
        char *no = realloc(r->out, cap);
        if (no == NULL)
            return skel_fail(SKEL_ENOMEM, "%s: out of memory rendering", r->t->name);
        r->out = no;
        r->cap = cap;
    }
    memcpy(r->out + r->len, s, n);
    r->len += n;
    r->out[r->len] = '\0';
    return SKEL_OK;
}

static const struct entry *lookup(const struct render *r, const struct node *n)
{
    const char *key = r->t->text + n->off;
    for (uint32_t i = r->depth; i-- > 0;) {
        const struct entry *e = find_entry(r->ctx[i], key, n->len);
        if (e != NULL)
            return e;
    }
    return NULL;
}

static int unknown(const struct render *r, const struct node *n)
{
    return skel_fail(SKEL_EFORMAT,
                     "%s:%u:%u: unknown name '%.*s' (the generator provides no "
                     "such value here; see docs/codegen.md for the names)",
                     r->t->name, n->line, n->col, (int)n->len, r->t->text + n->off);
}

static int render_range(struct render *r, uint32_t from, uint32_t to)
{
    int rc;
    for (uint32_t i = from; i < to;) {
        const struct node *n = &r->t->nodes[i];
        switch (n->kind) {
        case N_TEXT:
            if ((rc = emit(r, r->t->text + n->off, n->len)) != SKEL_OK)
                return rc;
            i++;
            break;
        case N_VAR: {
            const struct entry *e = lookup(r, n);
            if (e == NULL)
                return unknown(r, n);
            if (e->kind == V_LIST)
                return skel_fail(SKEL_EFORMAT,
                                 "%s:%u:%u: '%.*s' is a list: use it as a section "
                                 "{{#%.*s}}...{{/%.*s}}, not as a value",
                                 r->t->name, n->line, n->col, (int)n->len, r->t->text + n->off,
                                 (int)n->len, r->t->text + n->off, (int)n->len,
                                 r->t->text + n->off);
            const char *v = e->kind == V_STRING ? e->str : e->b ? "1" : "0";
            if ((rc = emit(r, v, strlen(v))) != SKEL_OK)
                return rc;
            i++;
            break;
        }
        case N_SECTION:
        case N_INVERTED: {
            const struct entry *e = lookup(r, n);
            if (e == NULL)
                return unknown(r, n);
            int truth = e->kind == V_BOOL     ? e->b
                        : e->kind == V_STRING ? e->str[0] != '\0'
                                              : e->nitems > 0;
            if (n->kind == N_INVERTED) {
                if (!truth && (rc = render_range(r, i + 1, n->end)) != SKEL_OK)
                    return rc;
            } else if (e->kind == V_LIST) {
                if (r->depth > SKEL_TPL_MAX_DEPTH) /* cannot happen: parse limits depth */
                    return skel_fail(SKEL_EINTERNAL, "%s: nesting", r->t->name);
                for (size_t j = 0; j < e->nitems; j++) {
                    r->ctx[r->depth++] = e->items[j];
                    rc = render_range(r, i + 1, n->end);
                    r->depth--;
                    if (rc != SKEL_OK)
                        return rc;
                }
            } else if (truth && (rc = render_range(r, i + 1, n->end)) != SKEL_OK) {
                return rc;
            }
            i = n->end;
            break;
        }
        default:
            return skel_fail(SKEL_EINTERNAL, "%s: bad node", r->t->name);
        }
    }
    return SKEL_OK;
}

int skel_tpl_render(const skel_tpl *t, const skel_tpl_dict *d, char **out, size_t *len)
{
    *out = NULL;
    if (len != NULL)
        *len = 0;
    if (d == NULL || d->root->oom)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory filling the template's values", t->name);
    struct render r = {.t = t, .depth = 1};
    r.ctx[0] = d;
    int rc = emit(&r, "", 0);
    if (rc == SKEL_OK)
        rc = render_range(&r, 0, t->nnodes);
    if (rc != SKEL_OK) {
        free(r.out);
        return rc;
    }
    *out = r.out;
    if (len != NULL)
        *len = r.len;
    return SKEL_OK;
}
