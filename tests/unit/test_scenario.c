/* test_scenario.c - sharing scenario files: the paper's five, and each kind
 * of invalid file. */
#include <criterion/criterion.h>
#include <string.h>

#include "error.h"
#include "scenario.h"

static int parse(const char *text, struct skel_scenario_list **out)
{
    return skel_scenario_parse(text, strlen(text), "sc.xml", out);
}

static void expect_error(int rc, int code, const char *where)
{
    cr_assert_eq(rc, code, "expected %s, got %s (%s)", skel_errname(code), skel_errname(rc),
                 skel_last_error());
    cr_assert(strstr(skel_last_error(), where) != NULL, "detail '%s' does not mention '%s'",
              skel_last_error(), where);
}

Test(scenario, paper_five)
{
    struct skel_scenario_list *l = NULL;
    int rc = skel_scenario_load(SKEL_SOURCE_DIR "/runtime/scenarios/paper5.xml", &l);
    cr_assert_eq(rc, SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(l->n, 6);

    const struct skel_scenario *s = skel_scenario_find(l, "dedicated");
    cr_assert_not_null(s);
    cr_assert_eq(s->ncpu + s->nlink, 0);

    s = skel_scenario_find(l, "cpu-one");
    cr_assert_eq(s->ncpu, 1);
    cr_assert_eq(s->nlink, 0);
    cr_assert_eq(s->cpu[0].host, 1);
    cr_assert_eq(s->cpu[0].processes, 2);

    s = skel_scenario_find(l, "cpu-all");
    cr_assert_eq(s->cpu[0].host, SKEL_SCENARIO_ALL_HOSTS);
    cr_assert_eq(s->cpu[0].processes, 2);

    s = skel_scenario_find(l, "link-one");
    cr_assert_eq(s->nlink, 1);
    cr_assert_eq(s->link[0].host, 1);
    cr_assert_eq(s->link[0].bps, 10000000ULL);

    s = skel_scenario_find(l, "link-all");
    cr_assert_eq(s->link[0].host, SKEL_SCENARIO_ALL_HOSTS);

    s = skel_scenario_find(l, "cpu-one-link-one");
    cr_assert_eq(s->ncpu, 1);
    cr_assert_eq(s->nlink, 1);
    cr_assert_not_null(s->description);
    cr_assert_eq(skel_scenario_max_host(s), 1);
    cr_assert_eq(skel_scenario_check(s, "paper5.xml", 2), SKEL_OK);
    skel_scenario_list_free(l);
}

Test(scenario, single_root_and_rates)
{
    struct skel_scenario_list *l = NULL;
    int rc = parse("<scenario name=\"mixed\">\n"
                   "  <cpu host=\"2\" processes=\"3\"/>\n"
                   "  <cpu host=\"4\" processes=\"1\"/>\n"
                   "  <bandwidth host=\"3\" rate=\"1.5gbit\"/>\n"
                   "  <bandwidth host=\"1\" rate=\"500kbit\"/>\n"
                   "  <bandwidth host=\"2\" rate=\"64000\"/>\n"
                   "</scenario>\n",
                   &l);
    cr_assert_eq(rc, SKEL_OK, "%s", skel_last_error());
    const struct skel_scenario *s = &l->v[0];
    cr_assert_eq(s->ncpu, 2);
    cr_assert_eq(s->nlink, 3);
    cr_assert_eq(s->link[0].bps, 1500000000ULL);
    cr_assert_eq(s->link[1].bps, 500000ULL);
    cr_assert_eq(s->link[2].bps, 64000ULL);
    cr_assert_eq(s->link[0].line, 4);
    cr_assert_eq(skel_scenario_max_host(s), 4);
    expect_error(skel_scenario_check(s, "sc.xml", 3), SKEL_ERANGE, "sc.xml:3");
    skel_scenario_list_free(l);
}

Test(scenario, format_errors)
{
    struct skel_scenario_list *l = NULL;
    expect_error(parse("<scenarios>\n<scenario name=\"a\">\n</scenarios>", &l), SKEL_EFORMAT,
                 "sc.xml:3");
    expect_error(
        parse("<scenarios>\n<scenario name=\"a\"/>\n<scenario name=\"a\"/>\n</scenarios>", &l),
        SKEL_EFORMAT, "sc.xml:3");
    expect_error(parse("<scenario name=\"a\">\n<bandwidth host=\"1\" rate=\"10mbit\"/>\n"
                       "<bandwidth host=\"1\" rate=\"20mbit\"/>\n</scenario>",
                       &l),
                 SKEL_EFORMAT, "sc.xml:3");
    expect_error(parse("<scenario name=\"a\">\n<bandwidth host=\"all\" rate=\"10mbit\"/>\n"
                       "<bandwidth host=\"2\" rate=\"20mbit\"/>\n</scenario>",
                       &l),
                 SKEL_EFORMAT, "sc.xml:3");
    cr_assert_null(l);
}

Test(scenario, schema_errors)
{
    struct skel_scenario_list *l = NULL;
    expect_error(parse("<scenario name=\"a\">\n  <cpu host=\"1\"/>\n</scenario>", &l), SKEL_ESCHEMA,
                 "sc.xml:2");
    expect_error(
        parse("<scenario name=\"a\">\n  <cpu host=\"one\" processes=\"2\"/>\n</scenario>", &l),
        SKEL_ESCHEMA, "sc.xml:2");
    expect_error(parse("<scenario name=\"a\">\n\n  <bandwidth host=\"1\" rate=\"fast\"/>\n"
                       "</scenario>",
                       &l),
                 SKEL_ESCHEMA, "sc.xml:3");
    expect_error(parse("<scenario name=\"a\">\n  <memory host=\"1\"/>\n</scenario>", &l),
                 SKEL_ESCHEMA, "sc.xml:");
    expect_error(parse("<scenario>\n</scenario>", &l), SKEL_ESCHEMA, "sc.xml:1");
    expect_error(parse("<scenarios/>", &l), SKEL_ESCHEMA, "sc.xml:1");
    cr_assert_null(l);
}

Test(scenario, range_errors)
{
    struct skel_scenario_list *l = NULL;
    expect_error(
        parse("<scenario name=\"a\">\n  <cpu host=\"1\" processes=\"65\"/>\n</scenario>", &l),
        SKEL_ERANGE, "sc.xml:2");
    expect_error(
        parse("<scenario name=\"a\">\n  <cpu host=\"300\" processes=\"1\"/>\n</scenario>", &l),
        SKEL_ERANGE, "sc.xml:2");
    expect_error(parse("<scenario name=\"a\">\n  <bandwidth host=\"1\" rate=\"1bit\"/>\n"
                       "</scenario>",
                       &l),
                 SKEL_ERANGE, "sc.xml:2");
    expect_error(parse("<scenario name=\"a\">\n  <bandwidth host=\"1\" rate=\"999gbit\"/>\n"
                       "</scenario>",
                       &l),
                 SKEL_ERANGE, "sc.xml:2");
    cr_assert_null(l);
}

Test(scenario, apply_needs_testbed)
{
    struct skel_scenario_list *l = NULL;
    skel_scenario_applied *ap = NULL;
    cr_assert_eq(parse("<scenario name=\"a\"><cpu host=\"1\" processes=\"1\"/></scenario>", &l),
                 SKEL_OK);
    cr_assert_eq(skel_scenario_apply(&l->v[0], NULL, &ap), SKEL_ENOTFOUND);
    cr_assert_null(ap);
    cr_assert_eq(skel_scenario_remove(NULL), SKEL_OK);
    skel_scenario_list_free(l);
}
