/* test_template.c - the template language (codegen/template.h): values,
 * sections, standalone lines, every parse error with its position, render
 * errors, and the shipped templates. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "template.h"

static skel_tpl *parse_ok(const char *text)
{
    skel_tpl *t = NULL;
    int rc = skel_tpl_parse(text, strlen(text), "t.tmpl", &t);
    cr_assert_eq(rc, SKEL_OK, "parse: %s", skel_last_error());
    return t;
}

static char *render(const char *text, const skel_tpl_dict *d)
{
    skel_tpl *t = parse_ok(text);
    char *out = NULL;
    size_t len = 0;
    int rc = skel_tpl_render(t, d, &out, &len);
    cr_assert_eq(rc, SKEL_OK, "render: %s", skel_last_error());
    cr_assert_eq(len, strlen(out));
    skel_tpl_free(t);
    return out;
}

static void expect_parse_error(const char *text, const char *where, const char *what)
{
    skel_tpl *t = NULL;
    int rc = skel_tpl_parse(text, strlen(text), "t.tmpl", &t);
    cr_assert_eq(rc, SKEL_EFORMAT, "'%s' parsed (%s)", text, skel_errname(rc));
    cr_assert_null(t);
    cr_assert(strstr(skel_last_error(), where) != NULL, "'%s' does not name %s",
              skel_last_error(), where);
    cr_assert(strstr(skel_last_error(), what) != NULL, "'%s' does not say %s", skel_last_error(),
              what);
}

Test(template, variables)
{
    skel_tpl_dict *d = skel_tpl_dict_new();
    skel_tpl_set(d, "name", "world");
    skel_tpl_setf(d, "n", "%d", 42);
    skel_tpl_set_bool(d, "yes", 1);
    char *out = render("hello {{name}}, {{ n }} {{yes}}{{!ignored}}!", d);
    cr_assert_str_eq(out, "hello world, 42 1!");
    free(out);
    /* Values are inserted as they are: no escaping of any kind. */
    skel_tpl_set(d, "name", "<\"{{x}}\">");
    out = render("{{name}}", d);
    cr_assert_str_eq(out, "<\"{{x}}\">");
    free(out);
    skel_tpl_dict_free(d);
}

Test(template, sections_and_lists)
{
    skel_tpl_dict *d = skel_tpl_dict_new();
    skel_tpl_set(d, "sep", ",");
    for (int i = 0; i < 3; i++) {
        skel_tpl_dict *e = skel_tpl_add(d, "items");
        skel_tpl_setf(e, "v", "%d", i);
        skel_tpl_set_bool(e, "odd", i % 2);
    }
    skel_tpl_list(d, "empty");
    skel_tpl_set_bool(d, "off", 0);
    skel_tpl_set(d, "blank", "");
    /* Inner names first, then outer ones (sep). */
    char *out = render("[{{#items}}{{v}}{{#odd}}*{{/odd}}{{sep}}{{/items}}]"
                       "{{#empty}}E{{/empty}}{{^empty}}none{{/empty}}"
                       "{{#off}}X{{/off}}{{^off}}!{{/off}}{{#blank}}B{{/blank}}{{^blank}}b{{/blank}}",
                       d);
    cr_assert_str_eq(out, "[0,1*,2,]none!b");
    free(out);
    skel_tpl_dict_free(d);
}

Test(template, nested_lists)
{
    skel_tpl_dict *d = skel_tpl_dict_new();
    for (int i = 0; i < 2; i++) {
        skel_tpl_dict *r = skel_tpl_add(d, "rows");
        skel_tpl_setf(r, "r", "%d", i);
        skel_tpl_list(r, "cells");
        for (int j = 0; j < 2; j++)
            skel_tpl_setf(skel_tpl_add(r, "cells"), "c", "%d", j);
    }
    char *out = render("{{#rows}}{{#cells}}{{r}}{{c}} {{/cells}}{{/rows}}", d);
    cr_assert_str_eq(out, "00 01 10 11 ");
    free(out);
    skel_tpl_dict_free(d);
}

Test(template, standalone_lines_disappear)
{
    skel_tpl_dict *d = skel_tpl_dict_new();
    skel_tpl_set_bool(d, "on", 1);
    skel_tpl_set_bool(d, "off", 0);
    char *out = render("a\n  {{#on}}  \nb\n{{/on}}\n{{#off}}\nc\n{{/off}}\n{{! note }}\nd\r\n"
                       "\t{{^off}}\r\ne\n{{/off}}",
                       d);
    cr_assert_str_eq(out, "a\nb\nd\r\ne\n");
    free(out);
    /* Not standalone: text or a value on the same line stays. */
    out = render("x {{#on}}y{{/on}} z\n{{#on}}{{/on}}w\n", d);
    cr_assert_str_eq(out, "x y z\nw\n");
    free(out);
    skel_tpl_dict_free(d);
}

Test(template, parse_errors_name_line_and_column)
{
    expect_parse_error("ab\ncd {{name", "t.tmpl:2:", "expected '}}'");
    expect_parse_error("ab\ncd {{name x}}", "t.tmpl:2:11", "expected '}}' to close the tag opened at 2:4");
    expect_parse_error("{{}}", "t.tmpl:1:3", "expected a name");
    expect_parse_error("{{#}}", "t.tmpl:1:4", "expected a name");
    expect_parse_error("{{ 1x }}", "t.tmpl:1:4", "expected a name");
    expect_parse_error("x\n\n  {{/a}}", "t.tmpl:3:3", "closes no section");
    expect_parse_error("{{#a}}\n{{#b}}\n{{/a}}", "t.tmpl:3:1", "does not close '{{#b}}' opened at 2:1");
    expect_parse_error("line\n {{^open}}\n", "t.tmpl:2:2", "never closed");
    /* Text after the last tag does not hide a section left open. */
    expect_parse_error("({{#t}}{{#r}}{{#t}}o", "t.tmpl:1:14", "never closed");
    expect_parse_error("{{! never", "t.tmpl:1:", "comment opened at 1:1 never closed");
}

Test(template, lone_braces_are_text)
{
    skel_tpl_dict *d = skel_tpl_dict_new();
    char *out = render("int a[] = { 1 }; { x } }} {", d);
    cr_assert_str_eq(out, "int a[] = { 1 }; { x } }} {");
    free(out);
    skel_tpl_dict_free(d);
}

Test(template, nul_bytes_and_depth)
{
    skel_tpl *t = NULL;
    int rc = skel_tpl_parse("ab\0cd", 5, "n.tmpl", &t);
    cr_assert_eq(rc, SKEL_EFORMAT);
    cr_assert(strstr(skel_last_error(), "n.tmpl:1:3: NUL byte") != NULL, "%s", skel_last_error());
    char deep[SKEL_TPL_MAX_DEPTH * 12 + 64] = "";
    for (int i = 0; i <= SKEL_TPL_MAX_DEPTH; i++)
        strcat(deep, "{{#a}}");
    rc = skel_tpl_parse(deep, strlen(deep), "d.tmpl", &t);
    cr_assert_eq(rc, SKEL_EFORMAT);
    cr_assert(strstr(skel_last_error(), "nested deeper") != NULL, "%s", skel_last_error());
}

Test(template, render_errors)
{
    skel_tpl_dict *d = skel_tpl_dict_new();
    skel_tpl_add(d, "list");
    skel_tpl *t = parse_ok("ok\n  {{missing}}");
    char *out = NULL;
    cr_assert_eq(skel_tpl_render(t, d, &out, NULL), SKEL_EFORMAT);
    cr_assert_null(out);
    cr_assert(strstr(skel_last_error(), "t.tmpl:2:3: unknown name 'missing'") != NULL, "%s",
              skel_last_error());
    skel_tpl_free(t);
    t = parse_ok("{{#nope}}x{{/nope}}");
    cr_assert_eq(skel_tpl_render(t, d, &out, NULL), SKEL_EFORMAT);
    cr_assert(strstr(skel_last_error(), "unknown name 'nope'") != NULL);
    skel_tpl_free(t);
    t = parse_ok("{{list}}");
    cr_assert_eq(skel_tpl_render(t, d, &out, NULL), SKEL_EFORMAT);
    cr_assert(strstr(skel_last_error(), "'list' is a list") != NULL, "%s", skel_last_error());
    skel_tpl_free(t);
    skel_tpl_dict_free(d);
}

Test(template, replacing_values)
{
    skel_tpl_dict *d = skel_tpl_dict_new();
    skel_tpl_set(d, "x", "1");
    skel_tpl_set(d, "x", "2");
    skel_tpl_set_bool(d, "x", 1);
    skel_tpl_add(d, "l");
    skel_tpl_set(d, "l", "s"); /* a list replaced by a string */
    cr_assert_null(skel_tpl_add(d, "l")); /* and a string cannot grow elements */
    skel_tpl *t = parse_ok("{{x}}{{l}}");
    char *out = NULL;
    /* The failed add is remembered: rendering reports it. */
    cr_assert_eq(skel_tpl_render(t, d, &out, NULL), SKEL_ENOMEM);
    skel_tpl_free(t);
    skel_tpl_dict_free(d);
    skel_tpl_set(NULL, "a", "b"); /* no-ops */
    cr_assert_null(skel_tpl_add(NULL, "a"));
}

Test(template, shipped_templates_parse)
{
    const char *names[] = {"skeleton.c.tmpl", "Makefile.tmpl", "skeleton.meta.tmpl"};
    for (size_t i = 0; i < 3; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/templates/%s", SKEL_SOURCE_DIR, names[i]);
        skel_tpl *t = NULL;
        cr_assert_eq(skel_tpl_load(path, &t), SKEL_OK, "%s", skel_last_error());
        cr_assert_str_eq(skel_tpl_name(t), path);
        skel_tpl_free(t);
    }
    skel_tpl *t = NULL;
    cr_assert_eq(skel_tpl_load("/nonexistent/x.tmpl", &t), SKEL_ENOTFOUND);
    cr_assert(strstr(skel_last_error(), "/nonexistent/x.tmpl") != NULL);
}
