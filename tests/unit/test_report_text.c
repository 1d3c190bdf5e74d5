/* test_report_text.c - untrusted text made safe for XML/HTML and JSON, and
 * the markup writer's escaping (svg.h): whatever bytes go in, what comes
 * out parses, and reads back as the input where the input was valid. */
#include <criterion/criterion.h>

#include "report_text.h"
#include "svg.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlwriter.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Test(report_text, utf8_decoding)
{
    uint32_t cp;
    cr_assert_eq(skel_text_utf8_next((const unsigned char *)"A", 1, &cp), 1);
    cr_assert_eq(cp, 'A');
    cr_assert_eq(skel_text_utf8_next((const unsigned char *)"\xce\xbb", 2, &cp), 2);
    cr_assert_eq(cp, 0x3bb);
    cr_assert_eq(skel_text_utf8_next((const unsigned char *)"\xf0\x9f\x98\x80", 4, &cp), 4);
    cr_assert_eq(cp, 0x1f600);
    /* Overlong, surrogate, truncated, stray continuation, out of range. */
    static const char *const bad[] = {"\xc0\xaf", "\xed\xa0\x80",     "\xe2\x82",
                                      "\x80",     "\xf4\x90\x80\x80", "\xff"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cr_assert_eq(skel_text_utf8_next((const unsigned char *)bad[i], strlen(bad[i]), &cp), 1,
                     "case %zu", i);
        cr_assert_eq(cp, 0xfffd, "case %zu", i);
    }
}

Test(report_text, clean_for_xml)
{
    char *c = skel_text_clean("a\x01"
                              "b\x1b[31m\x7f\xc2\x85<&>\"\xff\xef\xbf\xbe\tz\n",
                              0, 0);
    cr_assert_str_eq(c, "a\\x01b\\x1b[31m\\x7f\\x85<&>\"\xef\xbf\xbd\xef\xbf\xbd\\x09z\\x0a");
    free(c);
    c = skel_text_clean("tab\tline\n", 0, 1);
    cr_assert_str_eq(c, "tab\tline\n");
    free(c);
    /* A cut never splits a character, and says it cut. */
    c = skel_text_clean("ab\xce\xbb\xce\xbb", 3, 0);
    cr_assert_str_eq(c, "ab\xe2\x80\xa6");
    free(c);
    c = skel_text_clean(NULL, 0, 0);
    cr_assert_str_eq(c, "");
    free(c);
}

Test(report_text, json_strings)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert_eq(skel_text_json(f, "q\"b\\s/\n\t\r\x01\x7f \xe2\x80\xa8 \xce\xbb \xff!"), 0);
    fclose(f);
    cr_assert_str_eq(buf, "\"q\\\"b\\\\s/\\n\\t\\r\\u0001\\u007f \\u2028 \xce\xbb \xef\xbf\xbd!\"");
    free(buf);
}

Test(report_text, quantities)
{
    char b[64];
    cr_assert_str_eq(skel_text_seconds(1.234, b, sizeof b), "1.23 s");
    cr_assert_str_eq(skel_text_seconds(0.0456, b, sizeof b), "45.6 ms");
    cr_assert_str_eq(skel_text_seconds(7.8e-6, b, sizeof b), "7.80 µs");
    cr_assert_str_eq(skel_text_seconds(12e-9, b, sizeof b), "12 ns");
    cr_assert_str_eq(skel_text_seconds(0, b, sizeof b), "0.00 s");
    cr_assert_str_eq(skel_text_seconds(250, b, sizeof b), "250 s");
    cr_assert_str_eq(skel_text_bytes(512, b, sizeof b), "512 B");
    cr_assert_str_eq(skel_text_bytes(1536, b, sizeof b), "1.5 KiB");
    cr_assert_str_eq(skel_text_count(999, b, sizeof b), "999");
    cr_assert_str_eq(skel_text_count(1234, b, sizeof b), "1234");
    cr_assert_str_eq(skel_text_count(12345678, b, sizeof b), "12\xe2\x80\xaf"
                                                             "345\xe2\x80\xaf"
                                                             "678");
}

Test(report_text, markup_writer_escapes_everything_it_is_given)
{
    xmlBufferPtr buf = xmlBufferCreate();
    xmlTextWriterPtr w = xmlNewTextWriterMemory(buf, 0);
    skel_svg d = {.w = w};
    const char *hostile = "<script>alert(1)</script> ]]> -- \"'&\x01\xff";
    skel_svg_begin(&d, "t", 100, 50, hostile);
    skel_svg_rect_open(&d, 1, 2, 3.456, 4, SKEL_SVG_COMPUTE);
    skel_svg_attr(&d, "data-group", hostile);
    skel_svg_attrf(&d, "data-value", "%.3f", 1.5);
    skel_svg_title(&d, hostile);
    skel_svg_close(&d);
    skel_svg_label(&d, 5, 6, "middle", NULL, 11, hostile);
    skel_svg_end(&d);
    cr_assert_eq(d.err, 0);
    xmlFreeTextWriter(w);
    const char *out = (const char *)xmlBufferContent(buf);
    cr_assert_null(strstr(out, "<script"), "%s", out);
    cr_assert_not_null(strstr(out, "width=\"3.46\""), "%s", out);
    xmlDocPtr doc = xmlReadMemory(out, (int)strlen(out), "t.svg", NULL, XML_PARSE_NONET);
    cr_assert_not_null(doc, "not well-formed: %s", out);
    xmlNodePtr rect = xmlDocGetRootElement(doc)->children;
    while (rect != NULL && strcmp((const char *)rect->name, "rect") != 0)
        rect = rect->next;
    cr_assert_not_null(rect);
    xmlChar *g = xmlGetProp(rect, (const xmlChar *)"data-group");
    cr_assert_str_eq((const char *)g, "<script>alert(1)</script> ]]> -- \"'&\\x01\xef\xbf\xbd");
    xmlFree(g);
    xmlFreeDoc(doc);
    xmlBufferFree(buf);
}

Test(report_text, nice_ticks)
{
    double t[64];
    size_t n = skel_svg_ticks(0, 7.3, 8, t, 64);
    cr_assert_eq(n, 8);
    cr_assert_float_eq(t[0], 0, 1e-12);
    cr_assert_float_eq(t[7], 7, 1e-12);
    n = skel_svg_ticks(-12, 0, 7, t, 64);
    cr_assert_float_eq(t[0], -12, 1e-12);
    cr_assert_float_eq(t[n - 1], 0, 1e-12);
    cr_assert_float_eq(skel_svg_tick_step(0, 1000, 6), 200, 1e-9);
    struct skel_svg_scale s = {0, 10, 100, 200};
    cr_assert_float_eq(skel_svg_map(&s, 2.5), 125, 1e-12);
}

Test(report_text, one_line_for_display)
{
    char b[64];
    cr_assert_str_eq(skel_text_oneline("MPICH Version:\t4.0.2", b, sizeof b),
                     "MPICH Version: 4.0.2");
    cr_assert_str_eq(skel_text_oneline("  Open MPI v4.1.4,\n  package: Debian \r\n", b, sizeof b),
                     "Open MPI v4.1.4, package: Debian");
    cr_assert_str_eq(skel_text_oneline("a\x01\x7f"
                                       "b",
                                       b, sizeof b),
                     "a b");
    cr_assert_str_eq(skel_text_oneline(NULL, b, sizeof b), "");
    cr_assert_str_eq(skel_text_oneline("\t\n", b, sizeof b), "");
    cr_assert_str_eq(skel_text_oneline("na\xc3\xafve", b, sizeof b), "na\xc3\xafve");
    cr_assert_str_eq(skel_text_oneline("abcdef ghi", b, 8), "abcdef");
    cr_assert_str_eq(skel_text_oneline("abcdefg hi", b, 8), "abcdefg");
}
