/* xmldoc.c - untrusted XML in, a schema-valid document out (xmldoc.h). */
#include "xmldoc.h"

#include "error.h"

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/xmlerror.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Deeper than libxml2 parses without XML_PARSE_HUGE (256): a guard for the
 * recursion of validate(), never reached by a parsed document. */
#define MAX_DEPTH 300

/* The first error of a parse or a validation, captured from libxml2's
 * structured error callback (later ones are mostly consequences). */
struct first_error {
    int have;
    unsigned line;
    char node[64];
    char msg[512];
    const xmlNode *cur; /* element being validated: some errors come without one */
    const char *see;    /* where the format is documented, for attribute errors */
    int nomem;          /* libxml2 ran out of memory (at any point, not only first) */
};

/* Allocation failures inside libxml2, counted by wrappers around its
 * allocator: libxml2 does not always report running out of memory (it may
 * stop with a generic parse or schema error, or none), and a file refused
 * for that reason must not be called malformed. */
static unsigned alloc_failures;
static xmlFreeFunc prev_free;
static xmlMallocFunc prev_malloc;
static xmlReallocFunc prev_realloc;
static xmlStrdupFunc prev_strdup;

static void *counted_malloc(size_t n)
{
    void *p = prev_malloc(n);
    alloc_failures += p == NULL;
    return p;
}

static void *counted_realloc(void *old, size_t n)
{
    void *p = prev_realloc(old, n);
    alloc_failures += p == NULL;
    return p;
}

static char *counted_strdup(const char *s)
{
    char *p = prev_strdup(s);
    alloc_failures += p == NULL;
    return p;
}

/* Put the counting wrappers around whatever allocator libxml2 has (once). */
static void count_allocations(void)
{
    static int installed;
    if (installed || xmlMemGet(&prev_free, &prev_malloc, &prev_realloc, &prev_strdup) != 0)
        return;
    installed = xmlMemSetup(prev_free, counted_malloc, counted_realloc, counted_strdup) == 0;
}

static void copy_trimmed(char *dst, size_t dstlen, const char *src)
{
    snprintf(dst, dstlen, "%s", src ? src : "");
    size_t n = strlen(dst);
    while (n > 0 && (dst[n - 1] == '\n' || dst[n - 1] == ' '))
        dst[--n] = '\0';
}

static void on_error(void *data, xmlErrorPtr err)
{
    struct first_error *fe = data;
    if (err != NULL && err->code == XML_ERR_NO_MEMORY)
        fe->nomem = 1;
    if (fe->have || err == NULL)
        return;
    fe->have = 1;
    fe->line = err->line > 0 ? (unsigned)err->line : 0;
    const xmlNode *node = err->node != NULL ? (const xmlNode *)err->node : fe->cur;
    if (node != NULL) {
        if (fe->line == 0)
            fe->line = skel_xmldoc_line(node);
        if (node->type == XML_ELEMENT_NODE && node->name != NULL)
            snprintf(fe->node, sizeof fe->node, "%s", (const char *)node->name);
    }
    copy_trimmed(fe->msg, sizeof fe->msg, err->message);
    /* "Element X failed to validate attributes" may come while a child of X
     * is validated: name X and its line, and, since libxml2 does not say
     * which attribute, what to look for. */
    char elem[64];
    if (sscanf(fe->msg, "Element %63s failed to validate attributes", elem) == 1) {
        for (const xmlNode *a = node; a != NULL && a->type == XML_ELEMENT_NODE; a = a->parent)
            if (a->name != NULL && strcmp((const char *)a->name, elem) == 0) {
                fe->line = skel_xmldoc_line(a);
                snprintf(fe->node, sizeof fe->node, "%s", elem);
                break;
            }
    }
    if (strstr(fe->msg, "failed to validate attributes") != NULL)
        snprintf(fe->msg, sizeof fe->msg,
                 "an attribute is missing, not allowed here, or has a value the schema does not "
                 "allow%s%s%s",
                 fe->see ? " (see " : "", fe->see ? fe->see : "", fe->see ? ")" : "");
}

static void on_parse_error(void *ctx, xmlErrorPtr err)
{
    xmlParserCtxtPtr pctx = ctx;
    if (pctx != NULL && pctx->_private != NULL)
        on_error(pctx->_private, err);
}

/* Structured errors go through the contexts; the generic handler, which
 * some of libxml2's validation paths still use, is silenced so that nothing
 * is printed. */
static void quiet(void *ctx, const char *msg, ...)
{
    (void)ctx;
    (void)msg;
}

/* Validate element n and its subtree progressively, as libxml2's streaming
 * reader does, so that every error is attributed to the element being
 * checked (libxml2 reports some, such as a missing attribute, without a
 * node).  0 if valid. */
static int validate(xmlRelaxNGValidCtxtPtr vc, xmlDocPtr doc, xmlNodePtr n, struct first_error *fe,
                    int depth)
{
    fe->cur = n;
    if (depth > MAX_DEPTH) {
        if (!fe->have) {
            fe->have = 1;
            fe->line = skel_xmldoc_line(n);
            snprintf(fe->msg, sizeof fe->msg, "elements nested more than %d deep", MAX_DEPTH);
        }
        return -1;
    }
    int ret = xmlRelaxNGValidatePushElement(vc, doc, n);
    if (ret == 0) {
        /* This element needs its whole subtree at once. */
        ret = xmlRelaxNGValidateFullElement(vc, doc, n);
        return ret == 1 ? 0 : -1;
    }
    int bad = ret != 1;
    for (xmlNodePtr c = n->children; c != NULL; c = c->next) {
        if (c->type == XML_ELEMENT_NODE) {
            bad |= validate(vc, doc, c, fe, depth + 1) != 0;
        } else if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) {
            fe->cur = n;
            const xmlChar *t = c->content ? c->content : (const xmlChar *)"";
            bad |= xmlRelaxNGValidatePushCData(vc, t, xmlStrlen(t)) != 1;
        }
        if (bad && fe->have)
            return -1;
    }
    fe->cur = n;
    bad |= xmlRelaxNGValidatePopElement(vc, doc, n) != 1;
    return bad ? -1 : 0;
}

/* Line of the first occurrence of needle in buf (libxml2 keeps no line for
 * a DTD); 1 if absent. */
static unsigned line_of_text(const char *buf, size_t len, const char *needle)
{
    const char *at = memmem(buf, len, needle, strlen(needle));
    unsigned line = 1;
    for (const char *p = buf; at != NULL && p < at; p++)
        line += *p == '\n';
    return line;
}

static int schema_error(const char *source, const struct first_error *fe,
                        const struct skel_xmldoc_hint *hints)
{
    const char *hint = NULL;
    for (size_t i = 0; hints != NULL && hints[i].element != NULL && fe->node[0]; i++)
        if (strcmp(hints[i].element, fe->node) == 0)
            hint = hints[i].expected;
    const char *msg = fe->have ? fe->msg : "does not match the schema";
    if (fe->node[0] == '\0')
        return skel_fail(SKEL_ESCHEMA, "%s:%u: %s", source, fe->line ? fe->line : 1, msg);
    return skel_fail(SKEL_ESCHEMA, "%s:%u: element '%s': %s%s%s%s", source, fe->line ? fe->line : 1,
                     fe->node, msg, hint ? " (expected: " : "", hint ? hint : "", hint ? ")" : "");
}

/* The compiled form of an embedded schema, made once per schema and kept
 * for the life of the process: the schemas are constants, compiling one
 * costs more than validating a typical file, and libxml2's RELAX NG
 * compiler is the part of it that does not survive running out of memory
 * (2.9.14 crashes), so it should run as seldom as possible. */
static int compiled_schema(const unsigned char *schema, size_t schema_len, const char *source,
                           unsigned failures_before, xmlRelaxNGPtr *out)
{
    static struct {
        const unsigned char *text;
        xmlRelaxNGPtr rng;
    } cache[16];
    size_t i;
    for (i = 0; i < sizeof cache / sizeof cache[0] && cache[i].text != NULL; i++)
        if (cache[i].text == schema) {
            *out = cache[i].rng;
            return SKEL_OK;
        }
    if (i == sizeof cache / sizeof cache[0])
        return skel_fail(SKEL_EINTERNAL, "more than %zu embedded schemas", i);
    struct first_error se = {0};
    xmlRelaxNGParserCtxtPtr sp = xmlRelaxNGNewMemParserCtxt((const char *)schema, (int)schema_len);
    if (sp == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", source);
    xmlRelaxNGSetParserStructuredErrors(sp, on_error, &se);
    xmlRelaxNGPtr rng = xmlRelaxNGParse(sp);
    xmlRelaxNGFreeParserCtxt(sp);
    if (rng == NULL && (se.nomem || alloc_failures != failures_before))
        return skel_fail(SKEL_ENOMEM, "%s: out of memory while loading the schema", source);
    if (rng == NULL)
        return skel_fail(SKEL_EINTERNAL, "embedded schema does not compile: line %u: %s", se.line,
                         se.msg);
    cache[i].text = schema;
    cache[i].rng = rng;
    *out = rng;
    return SKEL_OK;
}

int skel_xmldoc_load_opts(const char *buf, size_t len, const char *source,
                          const unsigned char *schema, size_t schema_len,
                          const struct skel_xmldoc_hint *hints, const struct skel_xmldoc_opts *o,
                          xmlDocPtr *out)
{
    int rc = SKEL_OK;
    xmlParserCtxtPtr pctx = NULL;
    xmlDocPtr doc = NULL;
    xmlRelaxNGPtr rng = NULL;
    xmlRelaxNGValidCtxtPtr vc = NULL;
    size_t max = o != NULL && o->max_bytes > 0 ? o->max_bytes : SKEL_XMLDOC_MAX_BYTES;
    const char *what = o != NULL && o->what != NULL ? o->what : NULL;
    struct first_error pe = {0}, fe = {.see = o != NULL ? o->see : NULL};

    *out = NULL;
    if (len > max || len > INT_MAX)
        return skel_fail(SKEL_ERANGE, "%s: %zu bytes, more than the %zu accepted", source, len,
                         max < INT_MAX ? max : (size_t)INT_MAX);
    if (len == 0)
        return skel_fail(SKEL_EFORMAT, "%s:1: empty file, expected %s%s", source,
                         what ? what : "an XML document", what ? " (XML)" : "");
    count_allocations();
    unsigned failures_before = alloc_failures;
    xmlInitParser();
    xmlSetGenericErrorFunc(NULL, quiet);
    pctx = xmlNewParserCtxt();
    if (pctx == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "%s: out of memory", source);
        goto out;
    }
    /* The first error is the one to report: catch them all through the
     * context's structured handler. */
    pctx->_private = &pe;
    pctx->sax->serror = on_parse_error;
    doc = xmlCtxtReadMemory(pctx, buf, (int)len, source, NULL,
                            XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_NOCDATA);
    if (doc == NULL || !pctx->wellFormed) {
        xmlErrorPtr e = xmlCtxtGetLastError(pctx);
        /* Running out of memory makes libxml2 stop as if the text were
         * broken: say what really happened, the file may be fine. */
        if (pe.nomem || (e != NULL && e->code == XML_ERR_NO_MEMORY) ||
            alloc_failures != failures_before) {
            rc = skel_fail(SKEL_ENOMEM, "%s: out of memory while parsing the XML", source);
            goto out;
        }
        if (!pe.have && e != NULL) {
            pe.line = e->line > 0 ? (unsigned)e->line : 0;
            copy_trimmed(pe.msg, sizeof pe.msg, e->message);
        }
        rc = skel_fail(SKEL_EFORMAT, "%s:%u: not well-formed XML: %s", source,
                       pe.line ? pe.line : 1, pe.msg[0] ? pe.msg : "parse error");
        goto out;
    }
    /* No DTD: no entity expansion, nothing fetched, one meaning per file. */
    if (doc->intSubset != NULL || doc->extSubset != NULL) {
        rc =
            skel_fail(SKEL_EFORMAT, "%s:%u: a DOCTYPE is not allowed %s%s", source,
                      line_of_text(buf, len, "<!DOCTYPE"), what ? "in " : "here", what ? what : "");
        goto out;
    }
    if ((rc = compiled_schema(schema, schema_len, source, failures_before, &rng)) != SKEL_OK)
        goto out;
    vc = xmlRelaxNGNewValidCtxt(rng);
    if (vc == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "%s: out of memory", source);
        goto out;
    }
    xmlRelaxNGSetValidStructuredErrors(vc, on_error, &fe);
    xmlNodePtr top = xmlDocGetRootElement(doc);
    if (top == NULL || validate(vc, doc, top, &fe, 0) != 0 || fe.have) {
        rc = fe.nomem || alloc_failures != failures_before
                 ? skel_fail(SKEL_ENOMEM, "%s: out of memory while validating the XML", source)
                 : schema_error(source, &fe, hints);
        goto out;
    }
    *out = doc;
    doc = NULL;
out:
    if (vc)
        xmlRelaxNGFreeValidCtxt(vc);
    if (doc)
        xmlFreeDoc(doc);
    if (pctx)
        xmlFreeParserCtxt(pctx);
    return rc;
}

int skel_xmldoc_load(const char *buf, size_t len, const char *source, const unsigned char *schema,
                     size_t schema_len, const struct skel_xmldoc_hint *hints, xmlDocPtr *out)
{
    return skel_xmldoc_load_opts(buf, len, source, schema, schema_len, hints, NULL, out);
}

int skel_xmldoc_is(const xmlNode *n, const char *name)
{
    return n != NULL && n->type == XML_ELEMENT_NODE && n->name != NULL &&
           strcmp((const char *)n->name, name) == 0;
}

const xmlNode *skel_xmldoc_item(const xmlNode *root, const xmlNode *prev, const char *name)
{
    if (root == NULL)
        return NULL;
    if (skel_xmldoc_is(root, name))
        return prev == NULL ? root : NULL;
    for (const xmlNode *n = prev != NULL ? prev->next : root->children; n != NULL; n = n->next)
        if (skel_xmldoc_is(n, name))
            return n;
    return NULL;
}

int skel_xmldoc_each(const char *buf, size_t len, const char *source, const unsigned char *schema,
                     size_t schema_len, const struct skel_xmldoc_hint *hints, const char *item,
                     int (*each)(void *ctx, const xmlNode *el, const char *source), void *ctx)
{
    xmlDocPtr doc;
    int rc = skel_xmldoc_load(buf, len, source, schema, schema_len, hints, &doc);
    if (rc != SKEL_OK)
        return rc;
    const xmlNode *root = xmlDocGetRootElement(doc);
    for (const xmlNode *n = NULL; rc == SKEL_OK && (n = skel_xmldoc_item(root, n, item)) != NULL;)
        rc = each(ctx, n, source);
    xmlFreeDoc(doc);
    return rc;
}

unsigned skel_xmldoc_line(const xmlNode *node)
{
    long l = xmlGetLineNo(node);
    return l > 0 && l <= (long)UINT_MAX ? (unsigned)l : 0;
}

char *skel_xmldoc_attr(const xmlNode *node, const char *name)
{
    xmlChar *v = xmlGetProp(node, (const xmlChar *)name);
    if (v == NULL)
        return NULL;
    /* Schema types such as token and positiveInteger ignore surrounding
     * white space; so do we. */
    const char *b = (const char *)v;
    while (*b == ' ' || *b == '\t' || *b == '\n' || *b == '\r')
        b++;
    size_t len = strlen(b);
    while (len > 0 &&
           (b[len - 1] == ' ' || b[len - 1] == '\t' || b[len - 1] == '\n' || b[len - 1] == '\r'))
        len--;
    char *s = strndup(b, len);
    xmlFree(v);
    return s;
}
