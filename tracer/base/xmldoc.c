/* xmldoc.c - untrusted XML in, a schema-valid document out. */
#include "xmldoc.h"

#include "error.h"

#include <errno.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* First validation error, captured from libxml2's structured error callback. */
struct first_error {
    int have;
    unsigned line;
    char node[64];
    char msg[512];
};

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
    if (fe->have || err == NULL)
        return;
    fe->have = 1;
    fe->line = err->line > 0 ? (unsigned)err->line : 0;
    const xmlNode *node = err->node;
    if (node != NULL) {
        if (fe->line == 0)
            fe->line = (unsigned)xmlGetLineNo(node);
        if (node->type == XML_ELEMENT_NODE && node->name != NULL)
            snprintf(fe->node, sizeof fe->node, "%s", (const char *)node->name);
    }
    copy_trimmed(fe->msg, sizeof fe->msg, err->message);
}

static void on_parse_error(void *ctx, xmlErrorPtr err)
{
    xmlParserCtxtPtr pctx = ctx;
    if (pctx != NULL && pctx->_private != NULL)
        on_error(pctx->_private, err);
}

int skel_xmldoc_load(const char *buf, size_t len, const char *source, const unsigned char *schema,
                     size_t schema_len, const struct skel_xmldoc_hint *hints, xmlDocPtr *out)
{
    int rc = SKEL_OK;
    xmlParserCtxtPtr pctx = NULL;
    xmlDocPtr doc = NULL;
    xmlRelaxNGParserCtxtPtr sp = NULL;
    xmlRelaxNGPtr rng = NULL;
    xmlTextReaderPtr reader = NULL;
    struct first_error fe = {0};

    *out = NULL;
    if (len > SKEL_XMLDOC_MAX_BYTES)
        return skel_fail(SKEL_ERANGE, "%s: %zu bytes, more than the %u accepted", source, len,
                         SKEL_XMLDOC_MAX_BYTES);
    if (len == 0)
        return skel_fail(SKEL_EFORMAT, "%s:1: empty file, expected an XML document", source);
    xmlInitParser();
    pctx = xmlNewParserCtxt();
    if (pctx == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "%s: out of memory", source);
        goto out;
    }
    /* The first error is the one to report (later ones are consequences):
     * catch them all through the context's structured handler. */
    struct first_error pe = {0};
    pctx->_private = &pe;
    pctx->sax->serror = on_parse_error;
    doc = xmlCtxtReadMemory(pctx, buf, (int)len, source, NULL,
                            XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_NOCDATA);
    if (doc == NULL || !pctx->wellFormed) {
        xmlErrorPtr e = xmlCtxtGetLastError(pctx);
        if (!pe.have && e != NULL) {
            pe.line = e->line > 0 ? (unsigned)e->line : 0;
            copy_trimmed(pe.msg, sizeof pe.msg, e->message);
        }
        rc = skel_fail(SKEL_EFORMAT, "%s:%u: not well-formed XML: %s", source,
                       pe.line ? pe.line : 1, pe.msg[0] ? pe.msg : "parse error");
        goto out;
    }
    if (doc->intSubset != NULL || doc->extSubset != NULL) {
        rc = skel_fail(SKEL_EFORMAT, "%s:%ld: a DOCTYPE is not allowed here", source,
                       doc->intSubset ? xmlGetLineNo((xmlNodePtr)doc->intSubset) : 1L);
        goto out;
    }
    sp = xmlRelaxNGNewMemParserCtxt((const char *)schema, (int)schema_len);
    if (sp == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "%s: out of memory", source);
        goto out;
    }
    struct first_error schema_err = {0};
    xmlRelaxNGSetParserStructuredErrors(sp, on_error, &schema_err);
    rng = xmlRelaxNGParse(sp);
    if (rng == NULL) {
        rc = skel_fail(SKEL_EINTERNAL, "embedded schema does not compile: line %u: %s",
                       schema_err.line, schema_err.msg);
        goto out;
    }
    /* Validate with the streaming reader: its errors carry the line of the
     * element at fault even where validating the tree would not (a missing
     * attribute is reported without a node there). */
    reader = xmlReaderForMemory(buf, (int)len, source, NULL,
                                XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                                    XML_PARSE_BIG_LINES | XML_PARSE_NOCDATA);
    if (reader == NULL || xmlTextReaderRelaxNGSetSchema(reader, rng) != 0) {
        rc = skel_fail(SKEL_ENOMEM, "%s: cannot set up validation", source);
        goto out;
    }
    xmlTextReaderSetStructuredErrorHandler(reader, on_error, &fe);
    int r;
    while ((r = xmlTextReaderRead(reader)) == 1)
        ;
    if (r != 0 || xmlTextReaderIsValid(reader) != 1) {
        const char *hint = NULL;
        for (size_t i = 0; hints != NULL && hints[i].element != NULL && fe.node[0]; i++)
            if (strcmp(hints[i].element, fe.node) == 0)
                hint = hints[i].expected;
        if (fe.node[0] != '\0')
            rc = skel_fail(SKEL_ESCHEMA, "%s:%u: element '%s': %s%s%s%s", source,
                           fe.line ? fe.line : 1, fe.node,
                           fe.have ? fe.msg : "does not match the schema",
                           hint ? " (expected: " : "", hint ? hint : "", hint ? ")" : "");
        else
            rc = skel_fail(SKEL_ESCHEMA, "%s:%u: %s", source, fe.line ? fe.line : 1,
                           fe.have ? fe.msg : "does not match the schema");
        goto out;
    }
    *out = doc;
    doc = NULL;
out:
    if (reader)
        xmlFreeTextReader(reader);
    if (rng)
        xmlRelaxNGFree(rng);
    if (sp)
        xmlRelaxNGFreeParserCtxt(sp);
    if (doc)
        xmlFreeDoc(doc);
    if (pctx)
        xmlFreeParserCtxt(pctx);
    return rc;
}


unsigned skel_xmldoc_line(const xmlNode *node)
{
    long l = xmlGetLineNo(node);
    return l > 0 ? (unsigned)l : 0;
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
