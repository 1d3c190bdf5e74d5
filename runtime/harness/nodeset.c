/* nodeset.c - node sets from hostfiles, Slurm, XML, the testbed and "local". */
#include "nodeset.h"

#include "afile.h"
#include "error.h"
#include "grow.h"
#include "xmldoc.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern const unsigned char skel_schema_nodeset[];
extern const size_t skel_schema_nodeset_len;

#define MAX_NAME 255

/* ---- list building ------------------------------------------------------ */

static void set_clear(struct skel_nodeset *s)
{
    for (size_t i = 0; i < s->nnodes; i++)
        free(s->nodes[i].name);
    free(s->nodes);
    free(s->name);
}

void skel_nodeset_list_free(struct skel_nodeset_list *list)
{
    if (list == NULL)
        return;
    for (size_t i = 0; i < list->nsets; i++)
        set_clear(&list->sets[i]);
    free(list->sets);
    free(list->source);
    free(list);
}

static int list_new(const char *source, struct skel_nodeset_list **out)
{
    struct skel_nodeset_list *l = calloc(1, sizeof *l);
    if (l == NULL || (l->source = strdup(source ? source : "")) == NULL) {
        free(l);
        return skel_fail(SKEL_ENOMEM, "node set: out of memory");
    }
    *out = l;
    return SKEL_OK;
}

static int list_add_set(struct skel_nodeset_list *l, const char *name, enum skel_nodeset_kind kind,
                        unsigned line, struct skel_nodeset **out)
{
    struct skel_nodeset *ns = realloc(l->sets, (l->nsets + 1) * sizeof *ns);
    if (ns == NULL)
        return skel_fail(SKEL_ENOMEM, "node set: out of memory");
    l->sets = ns;
    struct skel_nodeset *s = &ns[l->nsets];
    memset(s, 0, sizeof *s);
    if ((s->name = strdup(name)) == NULL)
        return skel_fail(SKEL_ENOMEM, "node set: out of memory");
    s->kind = kind;
    s->line = line;
    l->nsets++;
    *out = s;
    return SKEL_OK;
}

static int set_add_node(struct skel_nodeset *s, const char *name, unsigned slots, unsigned tb,
                        unsigned line)
{
    if (s->nnodes >= SKEL_NODESET_MAX_NODES)
        return skel_fail(SKEL_ERANGE, "node set '%s': more than %d hosts", s->name,
                         SKEL_NODESET_MAX_NODES);
    /* Grow geometrically. */
    size_t n = s->nnodes;
    if ((n & (n - 1)) == 0) {
        size_t cap = n ? n * 2 : 4;
        struct skel_node *nn = realloc(s->nodes, cap * sizeof *nn);
        if (nn == NULL)
            return skel_fail(SKEL_ENOMEM, "node set: out of memory");
        s->nodes = nn;
    }
    char *dup = strdup(name);
    if (dup == NULL)
        return skel_fail(SKEL_ENOMEM, "node set: out of memory");
    s->nodes[n] = (struct skel_node){.name = dup, .slots = slots, .testbed_id = tb, .line = line};
    s->nnodes++;
    return SKEL_OK;
}

static int valid_host_name(const char *s, size_t len)
{
    if (len == 0 || len > MAX_NAME || !isalnum((unsigned char)s[0]))
        return 0;
    for (size_t i = 0; i < len; i++)
        if (!isalnum((unsigned char)s[i]) && s[i] != '.' && s[i] != '-' && s[i] != '_')
            return 0;
    return 1;
}

/* Duplicate hosts and real/testbed mixing, checked once a set is complete.
 * Quadratic only for small sets; large ones are sorted copies. */
static int cmp_node_ptr(const void *a, const void *b)
{
    const struct skel_node *x = *(const struct skel_node *const *)a;
    const struct skel_node *y = *(const struct skel_node *const *)b;
    if (x->testbed_id != y->testbed_id)
        return x->testbed_id < y->testbed_id ? -1 : 1;
    int c = strcmp(x->name, y->name);
    if (c != 0)
        return c;
    return x->line < y->line ? -1 : x->line > y->line;
}

static int check_set(struct skel_nodeset *s, const char *source)
{
    int rc = SKEL_OK;
    if (s->nnodes == 0)
        return skel_fail(SKEL_EFORMAT, "%s:%u: node set '%s' has no hosts", source, s->line,
                         s->name);
    size_t ntb = 0;
    for (size_t i = 0; i < s->nnodes; i++)
        ntb += s->nodes[i].testbed_id != 0;
    if (ntb != 0 && ntb != s->nnodes) {
        for (size_t i = 0; i < s->nnodes; i++)
            if (s->nodes[i].testbed_id == 0)
                return skel_fail(SKEL_EFORMAT,
                                 "%s:%u: host '%s' is a real host but node set '%s' also has "
                                 "testbed hosts; a set is one or the other",
                                 source, s->nodes[i].line, s->nodes[i].name, s->name);
    }
    if (ntb != 0 && s->kind == SKEL_NODESET_HOSTS)
        s->kind = SKEL_NODESET_TESTBED;
    const struct skel_node **v = malloc(s->nnodes * sizeof *v);
    if (v == NULL)
        return skel_fail(SKEL_ENOMEM, "node set: out of memory");
    for (size_t i = 0; i < s->nnodes; i++)
        v[i] = &s->nodes[i];
    qsort(v, s->nnodes, sizeof *v, cmp_node_ptr);
    for (size_t i = 1; i < s->nnodes; i++) {
        int same = v[i]->testbed_id != 0
                       ? v[i]->testbed_id == v[i - 1]->testbed_id
                       : strcmp(v[i]->name, v[i - 1]->name) == 0 && v[i - 1]->testbed_id == 0;
        if (same) {
            rc = skel_fail(SKEL_EFORMAT, "%s:%u: host '%s' is already in node set '%s' (line %u)",
                           source, v[i]->line, v[i]->name, s->name, v[i - 1]->line);
            break;
        }
    }
    free(v);
    return rc;
}

/* ---- XML ---------------------------------------------------------------- */

static int parse_uint_attr(const xmlNode *n, const char *attr, const char *source, unsigned max,
                           unsigned dflt, unsigned *out)
{
    char *v = skel_xmldoc_attr(n, attr);
    if (v == NULL) {
        *out = dflt;
        return SKEL_OK;
    }
    /* The schema made it a positiveInteger (digits, maybe '+' and leading
     * zeros, maybe surrounding blanks); bound it here. */
    char *p = v;
    while (isspace((unsigned char)*p))
        p++;
    if (*p == '+')
        p++;
    while (*p == '0' && isdigit((unsigned char)p[1]))
        p++;
    size_t digits = 0;
    unsigned long long val = 0;
    while (isdigit((unsigned char)p[digits])) {
        if (digits < 12)
            val = val * 10 + (unsigned)(p[digits] - '0');
        digits++;
    }
    int ok = digits > 0 && digits <= 12 && val >= 1 && val <= max;
    int rc = ok ? SKEL_OK
                : skel_fail(SKEL_ERANGE, "%s:%u: %s=\"%s\" is out of range [1, %u]", source,
                            skel_xmldoc_line(n), attr, v, max);
    *out = (unsigned)val;
    free(v);
    return rc;
}

/* One <nodeset> into the list ctx. */
static int xml_set(void *ctx, const xmlNode *el, const char *source)
{
    struct skel_nodeset_list *l = ctx;
    int rc;
    char *name = skel_xmldoc_attr(el, "name");
    struct skel_nodeset *s = NULL;
    if (name == NULL)
        return skel_fail(SKEL_ESCHEMA, "%s:%u: nodeset without a name", source,
                         skel_xmldoc_line(el));
    for (size_t i = 0; i < l->nsets; i++)
        if (strcmp(l->sets[i].name, name) == 0) {
            rc = skel_fail(SKEL_EFORMAT, "%s:%u: node set '%s' is already defined at line %u",
                           source, skel_xmldoc_line(el), name, l->sets[i].line);
            goto out;
        }
    if ((rc = list_add_set(l, name, SKEL_NODESET_HOSTS, skel_xmldoc_line(el), &s)) != SKEL_OK)
        goto out;
    for (const xmlNode *h = el->children; h != NULL; h = h->next) {
        if (!skel_xmldoc_is(h, "host"))
            continue;
        unsigned line = skel_xmldoc_line(h), slots, tb = 0;
        if ((rc = parse_uint_attr(h, "slots", source, SKEL_NODESET_MAX_SLOTS, 1, &slots)) !=
            SKEL_OK)
            goto out;
        char *hn = skel_xmldoc_attr(h, "name");
        char addr[32];
        if (hn == NULL) {
            if ((rc = parse_uint_attr(h, "testbed", source, 253, 0, &tb)) != SKEL_OK)
                goto out;
            snprintf(addr, sizeof addr, SKEL_TESTBED_PREFIX "%u", tb);
            rc = set_add_node(s, addr, slots, tb, line);
        } else {
            if (!valid_host_name(hn, strlen(hn)))
                rc = skel_fail(SKEL_EFORMAT,
                               "%s:%u: host name '%s': expected letters, digits, "
                               "'.', '-' or '_'",
                               source, line, hn);
            else
                rc = set_add_node(s, hn, slots, 0, line);
            free(hn);
        }
        if (rc != SKEL_OK)
            goto out;
    }
    rc = check_set(s, source);
out:
    free(name);
    return rc;
}

int skel_nodeset_parse_xml(const char *buf, size_t len, const char *source,
                           struct skel_nodeset_list **out)
{
    static const struct skel_xmldoc_hint hints[] = {
        {"nodesets", "<nodesets version=\"1\"> holding one or more <nodeset> elements"},
        {"nodeset", "<nodeset name=\"NAME\"> (letters, digits, '.', '-', '_') holding one or "
                    "more <host> elements"},
        {"host", "<host name=\"HOST\" slots=\"N\"/> or <host testbed=\"N\" slots=\"N\"/>, "
                 "slots optional, N >= 1"},
        {NULL, NULL}};
    struct skel_nodeset_list *l = NULL;
    *out = NULL;
    int rc = list_new(source, &l);
    if (rc == SKEL_OK)
        rc = skel_xmldoc_each(buf, len, source, skel_schema_nodeset, skel_schema_nodeset_len, hints,
                              "nodeset", xml_set, l);
    if (rc != SKEL_OK) {
        skel_nodeset_list_free(l);
        return rc;
    }
    *out = l;
    return SKEL_OK;
}

/* ---- hostfile ----------------------------------------------------------- */

int skel_nodeset_parse_hostfile(const char *buf, size_t len, const char *source,
                                struct skel_nodeset_list **out)
{
    struct skel_nodeset_list *l = NULL;
    struct skel_nodeset *s = NULL;
    unsigned line = 0;
    size_t pos = 0;
    *out = NULL;
    int rc = list_new(source, &l);
    if (rc != SKEL_OK)
        return rc;
    if ((rc = list_add_set(l, "hostfile", SKEL_NODESET_HOSTS, 1, &s)) != SKEL_OK)
        goto out;
    while (pos < len) {
        size_t end = pos;
        while (end < len && buf[end] != '\n')
            end++;
        line++;
        /* Strip the comment and surrounding blanks. */
        size_t a = pos, b = end;
        for (size_t i = pos; i < end; i++)
            if (buf[i] == '#') {
                b = i;
                break;
            }
        while (a < b && (buf[a] == ' ' || buf[a] == '\t' || buf[a] == '\r'))
            a++;
        while (b > a && (buf[b - 1] == ' ' || buf[b - 1] == '\t' || buf[b - 1] == '\r'))
            b--;
        pos = end + 1;
        if (a == b)
            continue;
        size_t colon = a;
        while (colon < b && buf[colon] != ':')
            colon++;
        char name[MAX_NAME + 1];
        if (colon - a > MAX_NAME || !valid_host_name(buf + a, colon - a)) {
            rc = skel_fail(SKEL_EFORMAT,
                           "%s:%u: expected 'host' or 'host:slots' (host: letters, digits, '.', "
                           "'-', '_', at most %d characters)",
                           source, line, MAX_NAME);
            goto out;
        }
        memcpy(name, buf + a, colon - a);
        name[colon - a] = '\0';
        unsigned long long slots = 1;
        if (colon < b) {
            size_t d = colon + 1, nd = 0;
            slots = 0;
            while (d + nd < b && isdigit((unsigned char)buf[d + nd])) {
                if (nd < 12)
                    slots = slots * 10 + (unsigned)(buf[d + nd] - '0');
                nd++;
            }
            if (nd == 0 || d + nd != b) {
                rc = skel_fail(SKEL_EFORMAT, "%s:%u: host '%s': expected a slot count after ':'",
                               source, line, name);
                goto out;
            }
            if (nd > 12 || slots < 1 || slots > SKEL_NODESET_MAX_SLOTS) {
                rc = skel_fail(SKEL_ERANGE, "%s:%u: host '%s': slots must be 1..%d", source, line,
                               name, SKEL_NODESET_MAX_SLOTS);
                goto out;
            }
        }
        unsigned tb = skel_testbed_host_id(name);
        char addr[32];
        if (tb != 0) {
            snprintf(addr, sizeof addr, SKEL_TESTBED_PREFIX "%u", tb);
            rc = set_add_node(s, addr, (unsigned)slots, tb, line);
        } else {
            rc = set_add_node(s, name, (unsigned)slots, 0, line);
        }
        if (rc != SKEL_OK)
            goto out;
    }
    if (s->nnodes == 0) {
        rc = skel_fail(SKEL_EFORMAT, "%s:%u: no hosts (expected 'host' or 'host:slots' lines)",
                       source, line ? line : 1);
        goto out;
    }
    if ((rc = check_set(s, source)) != SKEL_OK)
        goto out;
    *out = l;
    l = NULL;
out:
    skel_nodeset_list_free(l);
    return rc;
}

int skel_nodeset_load(const char *path, struct skel_nodeset_list **out)
{
    char *buf = NULL;
    size_t len = 0;
    *out = NULL;
    int rc = skel_read_file(path, SKEL_XMLDOC_MAX_BYTES, &buf, &len);
    if (rc != SKEL_OK)
        return rc;
    size_t i = 0;
    while (i < len && isspace((unsigned char)buf[i]))
        i++;
    if (i < len && buf[i] == '<')
        rc = skel_nodeset_parse_xml(buf, len, path, out);
    else
        rc = skel_nodeset_parse_hostfile(buf, len, path, out);
    free(buf);
    return rc;
}

/* ---- Slurm -------------------------------------------------------------- */

struct names {
    char **v;
    size_t n, cap;
};

static int names_push(struct names *ns, const char *s, size_t len)
{
    if (ns->n >= SKEL_NODESET_MAX_NODES)
        return skel_fail(SKEL_ERANGE, "Slurm node list expands to more than %d hosts",
                         SKEL_NODESET_MAX_NODES);
    int rc = skel_grow(&ns->v, &ns->cap, ns->n + 1, sizeof *ns->v);
    if (rc != SKEL_OK)
        return rc;
    char *d = malloc(len + 1);
    if (d == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    memcpy(d, s, len);
    d[len] = '\0';
    ns->v[ns->n++] = d;
    return SKEL_OK;
}

void skel_nodeset_names_free(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

/* Expand one host expression item[a..b) (brackets allowed, several groups
 * give the cartesian product) by recursion over the groups. */
static int expand_item(const char *list, const char *s, size_t len, char *prefix, size_t plen,
                       struct names *out, unsigned depth)
{
    size_t i = 0;
    while (i < len && s[i] != '[') {
        if (s[i] == ']' ||
            !(isalnum((unsigned char)s[i]) || s[i] == '.' || s[i] == '-' || s[i] == '_'))
            return skel_fail(SKEL_EFORMAT, "Slurm node list '%s': unexpected '%c' at offset %zu",
                             list, s[i], (size_t)(s + i - list));
        i++;
    }
    if (plen + i > MAX_NAME)
        return skel_fail(SKEL_ERANGE, "Slurm node list '%s': host name longer than %d", list,
                         MAX_NAME);
    memcpy(prefix + plen, s, i);
    plen += i;
    if (i == len)
        return plen == 0 ? skel_fail(SKEL_EFORMAT, "Slurm node list '%s': empty host name", list)
                         : names_push(out, prefix, plen);
    if (depth >= 8)
        return skel_fail(SKEL_ERANGE, "Slurm node list '%s': too many bracket groups", list);
    size_t close = i + 1;
    while (close < len && s[close] != ']')
        close++;
    if (close == len)
        return skel_fail(SKEL_EFORMAT, "Slurm node list '%s': '[' at offset %zu is not closed",
                         list, (size_t)(s + i - list));
    /* Ranges inside the brackets: lo[-hi](,lo[-hi])* */
    size_t p = i + 1;
    if (p == close)
        return skel_fail(SKEL_EFORMAT, "Slurm node list '%s': empty brackets", list);
    while (p < close) {
        size_t lo_start = p;
        unsigned long long lo = 0, hi;
        while (p < close && isdigit((unsigned char)s[p])) {
            lo = lo * 10 + (unsigned)(s[p] - '0');
            p++;
            if (p - lo_start > 9)
                return skel_fail(SKEL_ERANGE, "Slurm node list '%s': number too long", list);
        }
        size_t width = p - lo_start;
        if (width == 0)
            return skel_fail(SKEL_EFORMAT, "Slurm node list '%s': expected a number at offset %zu",
                             list, (size_t)(s + p - list));
        hi = lo;
        if (p < close && s[p] == '-') {
            p++;
            size_t hs = p;
            hi = 0;
            while (p < close && isdigit((unsigned char)s[p])) {
                hi = hi * 10 + (unsigned)(s[p] - '0');
                p++;
                if (p - hs > 9)
                    return skel_fail(SKEL_ERANGE, "Slurm node list '%s': number too long", list);
            }
            if (p == hs)
                return skel_fail(SKEL_EFORMAT,
                                 "Slurm node list '%s': expected a number after '-' at offset %zu",
                                 list, (size_t)(s + p - list));
        }
        if (hi < lo)
            return skel_fail(SKEL_ERANGE, "Slurm node list '%s': range %llu-%llu goes backwards",
                             list, lo, hi);
        if (hi - lo >= SKEL_NODESET_MAX_NODES)
            return skel_fail(SKEL_ERANGE, "Slurm node list '%s': range %llu-%llu is too large",
                             list, lo, hi);
        if (p < close && s[p] != ',')
            return skel_fail(SKEL_EFORMAT, "Slurm node list '%s': unexpected '%c' at offset %zu",
                             list, s[p], (size_t)(s + p - list));
        if (p < close)
            p++;
        for (unsigned long long v = lo; v <= hi; v++) {
            char num[32];
            int w = snprintf(num, sizeof num, "%0*llu", (int)width, v);
            if (plen + (size_t)w > MAX_NAME)
                return skel_fail(SKEL_ERANGE, "Slurm node list '%s': host name longer than %d",
                                 list, MAX_NAME);
            memcpy(prefix + plen, num, (size_t)w);
            int rc = expand_item(list, s + close + 1, len - close - 1, prefix, plen + (size_t)w,
                                 out, depth + 1);
            if (rc != SKEL_OK)
                return rc;
        }
        if (p == close && s[p - 1] == ',')
            return skel_fail(SKEL_EFORMAT, "Slurm node list '%s': ',' before ']'", list);
    }
    return SKEL_OK;
}

int skel_nodeset_slurm_expand(const char *nodelist, char ***names, size_t *n)
{
    struct names out = {0};
    char prefix[MAX_NAME + 1];
    int rc = SKEL_OK;
    *names = NULL;
    *n = 0;
    if (nodelist == NULL || *nodelist == '\0')
        return skel_fail(SKEL_EFORMAT, "Slurm node list is empty");
    size_t len = strlen(nodelist), a = 0;
    while (a <= len && rc == SKEL_OK) {
        /* An item ends at a ',' outside brackets. */
        size_t b = a;
        int depth = 0;
        while (b < len && (nodelist[b] != ',' || depth > 0)) {
            if (nodelist[b] == '[')
                depth++;
            else if (nodelist[b] == ']')
                depth--;
            if (depth < 0 || depth > 1) {
                rc = skel_fail(SKEL_EFORMAT,
                               "Slurm node list '%s': unbalanced brackets at "
                               "offset %zu",
                               nodelist, b);
                break;
            }
            b++;
        }
        if (rc != SKEL_OK)
            break;
        if (b == a) {
            rc = skel_fail(SKEL_EFORMAT, "Slurm node list '%s': empty entry at offset %zu",
                           nodelist, a);
            break;
        }
        rc = expand_item(nodelist, nodelist + a, b - a, prefix, 0, &out, 0);
        a = b + 1;
    }
    if (rc != SKEL_OK) {
        skel_nodeset_names_free(out.v, out.n);
        return rc;
    }
    *names = out.v;
    *n = out.n;
    return SKEL_OK;
}

int skel_nodeset_slurm_tasks(const char *tasks, size_t nnodes, unsigned *slots)
{
    size_t k = 0;
    const char *p = tasks;
    if (tasks == NULL || *tasks == '\0')
        return skel_fail(SKEL_EFORMAT, "SLURM_TASKS_PER_NODE is empty");
    while (*p) {
        unsigned long long c = 0, rep = 1;
        const char *st = p;
        while (isdigit((unsigned char)*p) && p - st < 9)
            c = c * 10 + (unsigned)(*p++ - '0');
        if (p == st || isdigit((unsigned char)*p))
            return skel_fail(SKEL_EFORMAT,
                             "SLURM_TASKS_PER_NODE '%s': expected a count at "
                             "offset %zu",
                             tasks, (size_t)(st - tasks));
        if (*p == '(') {
            if (p[1] != 'x')
                return skel_fail(SKEL_EFORMAT, "SLURM_TASKS_PER_NODE '%s': expected '(xN)'", tasks);
            p += 2;
            const char *rs = p;
            rep = 0;
            while (isdigit((unsigned char)*p) && p - rs < 9)
                rep = rep * 10 + (unsigned)(*p++ - '0');
            if (p == rs || *p != ')')
                return skel_fail(SKEL_EFORMAT, "SLURM_TASKS_PER_NODE '%s': expected '(xN)'", tasks);
            p++;
        }
        if (c < 1 || c > SKEL_NODESET_MAX_SLOTS || rep < 1)
            return skel_fail(SKEL_ERANGE, "SLURM_TASKS_PER_NODE '%s': count out of range", tasks);
        if (rep > nnodes - k)
            return skel_fail(SKEL_EFORMAT,
                             "SLURM_TASKS_PER_NODE '%s' describes more than %zu "
                             "nodes",
                             tasks, nnodes);
        for (unsigned long long r = 0; r < rep; r++)
            slots[k++] = (unsigned)c;
        if (*p == ',')
            p++;
        else if (*p != '\0')
            return skel_fail(SKEL_EFORMAT, "SLURM_TASKS_PER_NODE '%s': unexpected '%c'", tasks, *p);
        if (*p == '\0' && p[-1] == ',')
            return skel_fail(SKEL_EFORMAT, "SLURM_TASKS_PER_NODE '%s': trailing ','", tasks);
    }
    if (k != nnodes)
        return skel_fail(SKEL_EFORMAT,
                         "SLURM_TASKS_PER_NODE '%s' describes %zu nodes, the node "
                         "list has %zu",
                         tasks, k, nnodes);
    return SKEL_OK;
}

int skel_nodeset_from_slurm(const char *nodelist, const char *tasks, struct skel_nodeset_list **out)
{
    char **names = NULL;
    size_t n = 0;
    unsigned *slots = NULL;
    struct skel_nodeset_list *l = NULL;
    struct skel_nodeset *s = NULL;
    *out = NULL;
    int rc = skel_nodeset_slurm_expand(nodelist, &names, &n);
    if (rc != SKEL_OK)
        return rc;
    if ((slots = calloc(n, sizeof *slots)) == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
        goto out;
    }
    if ((rc = skel_nodeset_slurm_tasks(tasks, n, slots)) != SKEL_OK ||
        (rc = list_new("Slurm allocation", &l)) != SKEL_OK ||
        (rc = list_add_set(l, "slurm", SKEL_NODESET_SLURM, 0, &s)) != SKEL_OK)
        goto out;
    for (size_t i = 0; i < n && rc == SKEL_OK; i++)
        rc = set_add_node(s, names[i], slots[i], 0, 0);
    if (rc == SKEL_OK && (rc = check_set(s, "Slurm allocation")) == SKEL_OK) {
        *out = l;
        l = NULL;
    }
out:
    skel_nodeset_list_free(l);
    skel_nodeset_names_free(names, n);
    free(slots);
    return rc;
}

/* ---- testbed and local --------------------------------------------------- */

int skel_nodeset_from_testbed(const skel_testbed *tb, const char *selection,
                              struct skel_nodeset_list **out)
{
    struct skel_nodeset_list *l = NULL;
    struct skel_nodeset *s = NULL;
    *out = NULL;
    if (tb == NULL)
        return skel_fail(SKEL_ENOTFOUND, "no testbed is up (run 'skel testbed up')");
    int rc = list_new("testbed", &l);
    if (rc == SKEL_OK)
        rc = list_add_set(l, "testbed", SKEL_NODESET_TESTBED, 0, &s);
    if (rc != SKEL_OK)
        goto out;
    unsigned nh = skel_testbed_nhosts(tb);
    if (selection == NULL || *selection == '\0') {
        for (unsigned i = 1; i <= nh && rc == SKEL_OK; i++) {
            const struct skel_testbed_host *h = skel_testbed_host(tb, i);
            rc = set_add_node(s, h->addr, h->slots, i, 0);
        }
    } else {
        const char *p = selection;
        while (*p && rc == SKEL_OK) {
            char *end;
            if (!isdigit((unsigned char)*p)) {
                rc = skel_fail(SKEL_EUSAGE,
                               "testbed:%s: expected host numbers such as 1,2 or "
                               "1:2,2:2",
                               selection);
                break;
            }
            errno = 0;
            unsigned long id = strtoul(p, &end, 10), slots = 0;
            p = end;
            if (*p == ':') {
                p++;
                if (!isdigit((unsigned char)*p)) {
                    rc = skel_fail(SKEL_EUSAGE, "testbed:%s: expected a slot count after ':'",
                                   selection);
                    break;
                }
                slots = strtoul(p, &end, 10);
                p = end;
                if (errno != 0 || slots < 1 || slots > SKEL_NODESET_MAX_SLOTS) {
                    rc = skel_fail(SKEL_ERANGE, "testbed:%s: slots must be 1..%d", selection,
                                   SKEL_NODESET_MAX_SLOTS);
                    break;
                }
            }
            if (*p == ',')
                p++;
            else if (*p != '\0') {
                rc = skel_fail(SKEL_EUSAGE, "testbed:%s: unexpected '%c'", selection, *p);
                break;
            }
            const struct skel_testbed_host *h =
                errno == 0 && id <= UINT_MAX ? skel_testbed_host(tb, (unsigned)id) : NULL;
            if (h == NULL) {
                rc = skel_fail(SKEL_ERANGE,
                               "testbed:%s: host %lu does not exist (the testbed "
                               "has hosts 1..%u)",
                               selection, id, nh);
                break;
            }
            rc = set_add_node(s, h->addr, slots ? (unsigned)slots : h->slots, h->id, 0);
        }
    }
    if (rc == SKEL_OK)
        rc = check_set(s, "testbed");
    if (rc == SKEL_OK) {
        *out = l;
        l = NULL;
    }
out:
    skel_nodeset_list_free(l);
    return rc;
}

int skel_nodeset_local(unsigned slots, struct skel_nodeset_list **out)
{
    struct skel_nodeset_list *l = NULL;
    struct skel_nodeset *s = NULL;
    *out = NULL;
    if (slots == 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        slots = n > 0 && n <= SKEL_NODESET_MAX_SLOTS ? (unsigned)n : 1;
    }
    int rc = list_new("local", &l);
    if (rc == SKEL_OK)
        rc = list_add_set(l, "local", SKEL_NODESET_LOCAL, 0, &s);
    if (rc == SKEL_OK)
        rc = set_add_node(s, "localhost", slots, 0, 0);
    if (rc == SKEL_OK) {
        *out = l;
        l = NULL;
    }
    skel_nodeset_list_free(l);
    return rc;
}

/* ---- specs -------------------------------------------------------------- */

int skel_nodeset_spec_is_testbed(const char *spec)
{
    return spec != NULL && (strcmp(spec, "testbed") == 0 || strncmp(spec, "testbed:", 8) == 0);
}

unsigned skel_nodeset_spec_testbed_hosts(const char *spec)
{
    if (spec == NULL || strncmp(spec, "testbed:", 8) != 0)
        return 0;
    unsigned max = 0;
    const char *p = spec + 8;
    while (*p) {
        char *end;
        unsigned long id = strtoul(p, &end, 10);
        if (end == p)
            return 0;
        if (id > max && id <= SKEL_TESTBED_MAX_HOSTS)
            max = (unsigned)id;
        p = end;
        if (*p == ':') { /* skip the slot count */
            strtoul(p + 1, &end, 10);
            p = end;
        }
        if (*p == ',')
            p++;
        else if (*p != '\0')
            return 0;
    }
    return max;
}

int skel_nodeset_resolve(const char *spec, const skel_testbed *tb, struct skel_nodeset_list **out)
{
    *out = NULL;
    if (spec == NULL || *spec == '\0')
        return skel_fail(SKEL_EUSAGE, "empty node set");
    if (strcmp(spec, "local") == 0)
        return skel_nodeset_local(0, out);
    if (strcmp(spec, "testbed") == 0)
        return skel_nodeset_from_testbed(tb, NULL, out);
    if (strncmp(spec, "testbed:", 8) == 0)
        return skel_nodeset_from_testbed(tb, spec + 8, out);
    if (strcmp(spec, "slurm") == 0) {
        const char *nl = getenv("SLURM_JOB_NODELIST");
        const char *tp = getenv("SLURM_TASKS_PER_NODE");
        if (nl == NULL)
            nl = getenv("SLURM_NODELIST");
        if (nl == NULL || tp == NULL)
            return skel_fail(SKEL_ENOTFOUND, "'slurm': SLURM_JOB_NODELIST and "
                                             "SLURM_TASKS_PER_NODE are not set (not inside a "
                                             "Slurm allocation)");
        return skel_nodeset_from_slurm(nl, tp, out);
    }
    /* PATH or PATH#NAME */
    char path[PATH_MAX];
    const char *hash = strrchr(spec, '#');
    size_t plen = hash ? (size_t)(hash - spec) : strlen(spec);
    if (plen >= sizeof path)
        return skel_fail(SKEL_ERANGE, "node set path too long");
    memcpy(path, spec, plen);
    path[plen] = '\0';
    struct skel_nodeset_list *l = NULL;
    int rc = skel_nodeset_load(path, &l);
    if (rc != SKEL_OK)
        return rc;
    if (hash != NULL) {
        size_t keep = l->nsets;
        for (size_t i = 0; i < l->nsets; i++)
            if (strcmp(l->sets[i].name, hash + 1) == 0)
                keep = i;
        if (keep == l->nsets) {
            rc = skel_fail(SKEL_ENOTFOUND, "%s: no node set named '%s'", path, hash + 1);
            skel_nodeset_list_free(l);
            return rc;
        }
        struct skel_nodeset chosen = l->sets[keep];
        for (size_t i = 0; i < l->nsets; i++)
            if (i != keep)
                set_clear(&l->sets[i]);
        l->sets[0] = chosen;
        l->nsets = 1;
    }
    if (l->nsets > 1) {
        rc = skel_fail(SKEL_EUSAGE, "%s holds %zu node sets: pick one with %s#NAME", path, l->nsets,
                       path);
        skel_nodeset_list_free(l);
        return rc;
    }
    if (l->sets[0].kind == SKEL_NODESET_TESTBED && tb != NULL) {
        rc = skel_nodeset_check_testbed(&l->sets[0], path, skel_testbed_nhosts(tb));
        if (rc != SKEL_OK) {
            skel_nodeset_list_free(l);
            return rc;
        }
    }
    *out = l;
    return SKEL_OK;
}

const struct skel_nodeset *skel_nodeset_find(const struct skel_nodeset_list *list, const char *name)
{
    for (size_t i = 0; list != NULL && i < list->nsets; i++)
        if (strcmp(list->sets[i].name, name) == 0)
            return &list->sets[i];
    return NULL;
}

unsigned skel_nodeset_max_testbed_id(const struct skel_nodeset *set)
{
    unsigned m = 0;
    for (size_t i = 0; i < set->nnodes; i++)
        if (set->nodes[i].testbed_id > m)
            m = set->nodes[i].testbed_id;
    return m;
}

unsigned long skel_nodeset_slots(const struct skel_nodeset *set)
{
    unsigned long n = 0;
    for (size_t i = 0; i < set->nnodes; i++)
        n += set->nodes[i].slots;
    return n;
}

int skel_nodeset_check_testbed(const struct skel_nodeset *set, const char *source, unsigned nhosts)
{
    for (size_t i = 0; i < set->nnodes; i++) {
        unsigned id = set->nodes[i].testbed_id;
        if (id == 0)
            continue;
        if (nhosts == 0)
            return skel_fail(SKEL_ENOTFOUND,
                             "%s:%u: node set '%s' uses testbed host %u but no "
                             "testbed is up",
                             source, set->nodes[i].line, set->name, id);
        if (id > nhosts)
            return skel_fail(SKEL_ERANGE,
                             "%s:%u: testbed host %u does not exist (the testbed "
                             "has hosts 1..%u)",
                             source, set->nodes[i].line, id, nhosts);
    }
    return SKEL_OK;
}

int skel_nodeset_format_xml(const struct skel_nodeset_list *list, char **out)
{
    size_t cap = 128;
    for (size_t i = 0; i < list->nsets; i++)
        cap += 128 + strlen(list->sets[i].name) + list->sets[i].nnodes * (MAX_NAME + 48);
    char *s = malloc(cap);
    if (s == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    size_t len = (size_t)snprintf(s, cap, "<?xml version=\"1.0\"?>\n<nodesets version=\"1\">\n");
    for (size_t i = 0; i < list->nsets; i++) {
        const struct skel_nodeset *set = &list->sets[i];
        len += (size_t)snprintf(s + len, cap - len, "  <nodeset name=\"%s\">\n", set->name);
        for (size_t j = 0; j < set->nnodes; j++) {
            const struct skel_node *n = &set->nodes[j];
            if (n->testbed_id)
                len += (size_t)snprintf(s + len, cap - len,
                                        "    <host testbed=\"%u\" slots=\"%u\"/>\n", n->testbed_id,
                                        n->slots);
            else
                len +=
                    (size_t)snprintf(s + len, cap - len, "    <host name=\"%s\" slots=\"%u\"/>\n",
                                     n->name, n->slots);
        }
        len += (size_t)snprintf(s + len, cap - len, "  </nodeset>\n");
    }
    snprintf(s + len, cap - len, "</nodesets>\n");
    *out = s;
    return SKEL_OK;
}
