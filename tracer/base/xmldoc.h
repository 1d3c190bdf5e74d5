/* xmldoc.h - read an untrusted XML file and validate it against one of
 * Skel's embedded RELAX NG schemas (runtime/harness/<name>.rng,
 * compress/signature.rng), with errors that name the source, the line and
 * what was expected.  Every XML file Skel reads comes through here.
 *
 * The text is parsed once; the tree is then validated element by element,
 * so that every schema error is attributed to the element at fault (libxml2
 * reports some, such as a missing attribute, without a node) and a large
 * file (a signature) is not read twice.
 *
 * Ownership: skel_xmldoc_load() hands back an xmlDoc the caller frees with
 * xmlFreeDoc(); (skel_read_file() in afile.h reads the file).
 * Documents with a DTD are refused (no entity expansion, no network access).
 */
#ifndef SKEL_XMLDOC_H
#define SKEL_XMLDOC_H

#include <libxml/tree.h>
#include <stddef.h>

/* Largest XML input accepted by default (node sets and scenarios are small). */
#define SKEL_XMLDOC_MAX_BYTES (4u << 20)

/* What an element should look like, appended to schema errors about it. */
struct skel_xmldoc_hint {
    const char *element; /* NULL ends a table */
    const char *expected;
};

/* What a kind of document needs beyond the defaults (every field optional). */
struct skel_xmldoc_opts {
    const char *what; /* "a signature": "empty file, expected a signature (XML)",
                         "a DOCTYPE is not allowed in a signature" */
    size_t max_bytes; /* largest input (0: SKEL_XMLDOC_MAX_BYTES; at most INT_MAX) */
    const char *see;  /* "docs/signature.md": named in attribute errors */
};

/* Parse buf[0..len) (the name source is used in messages) and validate it.
 * SKEL_EFORMAT: not well-formed XML ("source:line: not well-formed XML:
 * <libxml2's message>"), or a DTD; SKEL_ESCHEMA: valid XML that the schema
 * rejects ("source:line: element 'host': <libxml2's message> (expected:
 * <hint>)"); SKEL_ERANGE: too big.  hints and o may be NULL. */
int skel_xmldoc_load_opts(const char *buf, size_t len, const char *source,
                          const unsigned char *schema, size_t schema_len,
                          const struct skel_xmldoc_hint *hints, const struct skel_xmldoc_opts *o,
                          xmlDocPtr *out);

/* The same with the defaults. */
int skel_xmldoc_load(const char *buf, size_t len, const char *source, const unsigned char *schema,
                     size_t schema_len, const struct skel_xmldoc_hint *hints, xmlDocPtr *out);

/* Load a file that lists <item> elements (the root itself being one, or
 * holding them: skel_xmldoc_item()) and hand each to each(ctx, element,
 * source), stopping at the first error; the document is freed after.
 * Errors as skel_xmldoc_load(), or each()'s. */
int skel_xmldoc_each(const char *buf, size_t len, const char *source, const unsigned char *schema,
                     size_t schema_len, const struct skel_xmldoc_hint *hints, const char *item,
                     int (*each)(void *ctx, const xmlNode *el, const char *source), void *ctx);

/* 1 if n is an element called name. */
int skel_xmldoc_is(const xmlNode *n, const char *name);

/* The <name> elements a file lists, in order: the root itself when it is
 * one (a file of one), else the root's children of that name.  Start with
 * prev NULL; NULL after the last:
 *     for (const xmlNode *n = NULL; (n = skel_xmldoc_item(root, n, "scenario")) != NULL;)
 */
const xmlNode *skel_xmldoc_item(const xmlNode *root, const xmlNode *prev, const char *name);

/* Line of a node (for semantic errors found after validation); 0 unknown. */
unsigned skel_xmldoc_line(const xmlNode *node);

/* Attribute value without surrounding white space, as a malloc'd string;
 * NULL if absent (or out of memory). */
char *skel_xmldoc_attr(const xmlNode *node, const char *name);

#endif
