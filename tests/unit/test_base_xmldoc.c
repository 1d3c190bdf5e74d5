/* test_base_xmldoc.c - XML loading (tracer/base/xmldoc.c) with a small
 * RELAX NG schema of its own: every refusal names the source and the line
 * (and the element, with what it should look like), DTDs and oversized
 * input are refused, and the walk over a file's items sees the root itself
 * or its children. */
#include <criterion/criterion.h>

#include "error.h"
#include "xmldoc.h"

#include <stdlib.h>
#include <string.h>

static const char schema[] =
    "<grammar xmlns='http://relaxng.org/ns/structure/1.0'"
    "         datatypeLibrary='http://www.w3.org/2001/XMLSchema-datatypes'>"
    "  <start><choice><ref name='box'/>"
    "    <element name='boxes'><oneOrMore><ref name='box'/></oneOrMore></element>"
    "  </choice></start>"
    "  <define name='box'><element name='box'>"
    "    <attribute name='name'><data type='token'><param name='pattern'>[a-z]+</param></data>"
    "    </attribute>"
    "    <oneOrMore><element name='item'>"
    "      <attribute name='size'><data type='positiveInteger'/></attribute><empty/>"
    "    </element></oneOrMore>"
    "  </element></define>"
    "</grammar>";

static const struct skel_xmldoc_hint hints[] = {
    {"box", "<box name=\"NAME\"> holding <item> elements"},
    {"item", "<item size=\"N\"/>, N >= 1"},
    {NULL, NULL}};

static int load(const char *text, const struct skel_xmldoc_opts *o, xmlDocPtr *doc)
{
    return skel_xmldoc_load_opts(text, strlen(text), "b.xml", (const unsigned char *)schema,
                                 sizeof schema - 1, hints, o, doc);
}

static void refused(const char *text, const struct skel_xmldoc_opts *o, int code, const char *where,
                    const char *what)
{
    xmlDocPtr doc = (void *)1;
    int rc = load(text, o, &doc);
    cr_assert_eq(rc, code, "<%s>: expected %s, got %s: %s", text, skel_errname(code),
                 skel_errname(rc), skel_last_error());
    cr_assert_null(doc);
    const char *e = skel_last_error();
    cr_assert(strncmp(e, where, strlen(where)) == 0, "'%s' does not start with '%s'", e, where);
    cr_assert(strstr(e, what) != NULL, "'%s' does not say '%s'", e, what);
}

Test(base_xmldoc, valid_documents)
{
    xmlDocPtr doc;
    cr_assert_eq(load("<box name='a'><item size='1'/></box>", NULL, &doc), SKEL_OK, "%s",
                 skel_last_error());
    xmlFreeDoc(doc);
    cr_assert_eq(load("<?xml version='1.0'?>\n<boxes>\n <box name=' ab '>\n  <item size='2'/>"
                      "</box>\n</boxes>\n",
                      NULL, &doc),
                 SKEL_OK, "%s", skel_last_error());
    const xmlNode *root = xmlDocGetRootElement(doc);
    const xmlNode *box = skel_xmldoc_item(root, NULL, "box");
    cr_assert_not_null(box);
    cr_assert_eq(skel_xmldoc_line(box), 3);
    char *name = skel_xmldoc_attr(box, "name");
    cr_assert_str_eq(name, "ab", "surrounding blanks dropped, as the token type does");
    free(name);
    cr_assert_null(skel_xmldoc_attr(box, "colour"));
    cr_assert(skel_xmldoc_is(box, "box") && !skel_xmldoc_is(box, "item") &&
              !skel_xmldoc_is(NULL, "box"));
    xmlFreeDoc(doc);
}

Test(base_xmldoc, malformed_and_refused_input)
{
    refused("", NULL, SKEL_EFORMAT, "b.xml:1:", "empty file, expected an XML document");
    struct skel_xmldoc_opts sig = {.what = "a box file"};
    refused("", &sig, SKEL_EFORMAT, "b.xml:1:", "empty file, expected a box file (XML)");
    refused("<box name='a'>\n<item size='1'>\n</box>", NULL, SKEL_EFORMAT,
            "b.xml:3:", "not well-formed XML");
    refused("not xml", NULL, SKEL_EFORMAT, "b.xml:1:", "not well-formed");
    refused("<?xml version='1.0'?>\n\n<!DOCTYPE box [<!ENTITY x 'y'>]>\n<box name='a'/>", NULL,
            SKEL_EFORMAT, "b.xml:3:", "a DOCTYPE is not allowed here");
    refused("<!DOCTYPE box>\n<box name='a'/>", &sig, SKEL_EFORMAT,
            "b.xml:1:", "not allowed in a box file");
    struct skel_xmldoc_opts small = {.max_bytes = 10};
    refused("<box name='abc'/>", &small, SKEL_ERANGE, "b.xml:", "17 bytes, more than the 10");
}

Test(base_xmldoc, schema_errors_name_the_element_and_its_line)
{
    /* A wrong value. */
    refused("<box name='a'>\n  <item size='0'/>\n</box>", NULL, SKEL_ESCHEMA,
            "b.xml:2: element 'item'", "(expected: <item size=\"N\"/>, N >= 1)");
    /* A missing attribute: libxml2 names no node, the walk does. */
    refused("<box name='a'>\n\n  <item/>\n</box>", NULL, SKEL_ESCHEMA, "b.xml:3: element 'item'",
            "an attribute is missing, not allowed here, or has a value the schema does not "
            "allow");
    /* The root's attribute fails while its child is checked: the root is
     * named, with its own line and hint. */
    refused("<box name='A1'>\n  <item size='1'/>\n</box>", NULL, SKEL_ESCHEMA,
            "b.xml:1: element 'box'", "<box name=\"NAME\"> holding <item> elements");
    struct skel_xmldoc_opts see = {.see = "docs/boxes.md"};
    refused("<box name='a'><item/></box>", &see, SKEL_ESCHEMA, "b.xml:1: element 'item'",
            "(see docs/boxes.md)");
    /* An element the schema does not know, and one missing. */
    refused("<box name='a'>\n<item size='1'/>\n<lid/>\n</box>", NULL, SKEL_ESCHEMA,
            "b.xml:3: element 'lid'", "lid");
    refused("<boxes>\n</boxes>", NULL, SKEL_ESCHEMA, "b.xml:1: element 'boxes'", "");
    refused("<crate/>", NULL, SKEL_ESCHEMA, "b.xml:1:", "crate");
}

struct seen {
    char names[8][16];
    int n, stop_at;
};

static int collect(void *ctx, const xmlNode *el, const char *source)
{
    struct seen *s = ctx;
    cr_assert_str_eq(source, "b.xml");
    char *name = skel_xmldoc_attr(el, "name");
    snprintf(s->names[s->n++], sizeof s->names[0], "%s", name);
    free(name);
    if (s->n == s->stop_at)
        return skel_fail(SKEL_ERANGE, "%s:%u: enough", source, skel_xmldoc_line(el));
    return SKEL_OK;
}

Test(base_xmldoc, items_of_a_file)
{
    const char one[] = "<box name='solo'><item size='1'/></box>";
    const char many[] = "<boxes>\n<box name='a'><item size='1'/></box>\n"
                        "<box name='b'><item size='1'/></box>\n"
                        "<box name='c'><item size='1'/></box>\n</boxes>";
    struct seen s = {.stop_at = -1};
    cr_assert_eq(skel_xmldoc_each(one, strlen(one), "b.xml", (const unsigned char *)schema,
                                  sizeof schema - 1, hints, "box", collect, &s),
                 SKEL_OK);
    cr_assert_eq(s.n, 1);
    cr_assert_str_eq(s.names[0], "solo");
    s = (struct seen){.stop_at = -1};
    cr_assert_eq(skel_xmldoc_each(many, strlen(many), "b.xml", (const unsigned char *)schema,
                                  sizeof schema - 1, hints, "box", collect, &s),
                 SKEL_OK);
    cr_assert_eq(s.n, 3);
    cr_assert_str_eq(s.names[2], "c");
    /* The walk stops at the first error, which it passes on. */
    s = (struct seen){.stop_at = 2};
    cr_assert_eq(skel_xmldoc_each(many, strlen(many), "b.xml", (const unsigned char *)schema,
                                  sizeof schema - 1, hints, "box", collect, &s),
                 SKEL_ERANGE);
    cr_assert_eq(s.n, 2);
    cr_assert_str_eq(skel_last_error(), "b.xml:3: enough");
    /* A schema error comes before any item. */
    s = (struct seen){.stop_at = -1};
    cr_assert_eq(skel_xmldoc_each("<boxes/>", 8, "b.xml", (const unsigned char *)schema,
                                  sizeof schema - 1, hints, "box", collect, &s),
                 SKEL_ESCHEMA);
    cr_assert_eq(s.n, 0);
}

/* libxml2 2.9.14 itself leaks what it had allocated when some later
 * allocation fails (xmlRegNewExecCtxt's context, for one): those leaks are
 * libxml2's, so LeakSanitizer ignores the allocations of the failing loads. */
#if defined(__SANITIZE_ADDRESS__)
#define SKEL_LSAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SKEL_LSAN 1
#endif
#endif
#ifdef SKEL_LSAN
#include <sanitizer/lsan_interface.h>
#define LEAKS_IGNORED(on) ((on) ? __lsan_disable() : __lsan_enable())
#else
#define LEAKS_IGNORED(on) ((void)0)
#endif

/* libxml2's allocator, failing the allocation numbered alloc_budget (from
 * 0): running out of memory at any point of a load is reported as that,
 * never as a broken file (the document below is valid). */
static long alloc_budget = -1;
static int take(void)
{
    return alloc_budget < 0 || alloc_budget-- != 0;
}
static void *budget_malloc(size_t n)
{
    return take() ? malloc(n) : NULL;
}
static void *budget_realloc(void *p, size_t n)
{
    return take() ? realloc(p, n) : NULL;
}
static char *budget_strdup(const char *s)
{
    char *d = budget_malloc(strlen(s) + 1);
    return d ? strcpy(d, s) : NULL;
}

/* The schema of this test has no pattern facet: libxml2 2.9.14 compiles
 * patterns during validation and crashes there when an allocation fails
 * (xmlRegexpCompile), a libxml2 bug no caller can work around. */
static const char plain_schema[] =
    "<grammar xmlns='http://relaxng.org/ns/structure/1.0'"
    "         datatypeLibrary='http://www.w3.org/2001/XMLSchema-datatypes'>"
    "  <start><element name='boxes'><oneOrMore><element name='box'>"
    "    <attribute name='name'><data type='token'/></attribute>"
    "    <oneOrMore><element name='item'>"
    "      <attribute name='size'><data type='positiveInteger'/></attribute><empty/>"
    "    </element></oneOrMore>"
    "  </element></oneOrMore></element></start>"
    "</grammar>";

static int load_plain(const char *text, xmlDocPtr *doc)
{
    return skel_xmldoc_load(text, strlen(text), "b.xml", (const unsigned char *)plain_schema,
                            sizeof plain_schema - 1, NULL, doc);
}

Test(base_xmldoc, out_of_memory_is_not_malformed_input)
{
    cr_assert_eq(xmlMemSetup(free, budget_malloc, budget_realloc, budget_strdup), 0);
    const char *text = "<boxes><box name='a'><item size='1'/><item size='2'/></box>"
                       "<box name='b'><item size='3'/></box></boxes>";
    /* libxml2's one-time initialisation (its RELAX NG type libraries) does
     * not survive a failed allocation: let it happen first, then count the
     * allocations of one load. */
    xmlDocPtr doc = NULL;
    cr_assert_eq(load_plain(text, &doc), SKEL_OK, "%s", skel_last_error());
    xmlFreeDoc(doc);
    alloc_budget = 1L << 40;
    cr_assert_eq(load_plain(text, &doc), SKEL_OK, "%s", skel_last_error());
    xmlFreeDoc(doc);
    long nalloc = (1L << 40) - alloc_budget;
    cr_assert_gt(nalloc, 50, "only %ld allocations in a load", nalloc);
    int failures = 0;
    for (long budget = 0; budget < nalloc; budget++) {
        doc = NULL;
        alloc_budget = budget;
        LEAKS_IGNORED(1);
        int rc = load_plain(text, &doc);
        LEAKS_IGNORED(0);
        alloc_budget = -1;
        if (rc == SKEL_OK) { /* libxml2 worked around that one */
            xmlFreeDoc(doc);
            continue;
        }
        failures++;
        cr_assert_eq(rc, SKEL_ENOMEM, "allocation %ld failed: expected SKEL_ENOMEM, got %s: %s",
                     budget, skel_errname(rc), skel_last_error());
        cr_assert(strstr(skel_last_error(), "out of memory") != NULL, "%s", skel_last_error());
    }
    cr_assert_gt(failures, nalloc / 2, "%d of %ld failed allocations stopped the load", failures,
                 nalloc);
}
