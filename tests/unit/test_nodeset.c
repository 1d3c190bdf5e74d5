/* test_nodeset.c - node sets: XML files, hostfiles, Slurm lists, formatting. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "nodeset.h"

static int parse_xml(const char *text, struct skel_nodeset_list **out)
{
    return skel_nodeset_parse_xml(text, strlen(text), "sets.xml", out);
}

static int parse_hosts(const char *text, struct skel_nodeset_list **out)
{
    return skel_nodeset_parse_hostfile(text, strlen(text), "hosts", out);
}

/* The failure's code and that its detail names the file and line. */
static void expect_error(int rc, int code, const char *where)
{
    cr_assert_eq(rc, code, "expected %s, got %s (%s)", skel_errname(code), skel_errname(rc),
                 skel_last_error());
    cr_assert(strstr(skel_last_error(), where) != NULL, "detail '%s' does not mention '%s'",
              skel_last_error(), where);
}

Test(nodeset, xml_single_set)
{
    struct skel_nodeset_list *l = NULL;
    int rc = parse_xml("<nodeset name=\"pair\" version=\"1\">\n"
                       "  <host name=\"node01\" slots=\"2\"/>\n"
                       "  <host name=\"node02\"/>\n"
                       "</nodeset>\n",
                       &l);
    cr_assert_eq(rc, SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(l->nsets, 1);
    const struct skel_nodeset *s = &l->sets[0];
    cr_assert_str_eq(s->name, "pair");
    cr_assert_eq(s->kind, SKEL_NODESET_HOSTS);
    cr_assert_eq(s->nnodes, 2);
    cr_assert_str_eq(s->nodes[0].name, "node01");
    cr_assert_eq(s->nodes[0].slots, 2);
    cr_assert_eq(s->nodes[0].line, 2);
    cr_assert_eq(s->nodes[1].slots, 1);
    cr_assert_eq(skel_nodeset_slots(s), 3);
    skel_nodeset_list_free(l);
}

Test(nodeset, xml_candidates_with_testbed_hosts)
{
    struct skel_nodeset_list *l = NULL;
    int rc =
        parse_xml("<?xml version=\"1.0\"?>\n"
                  "<nodesets version=\"1\">\n"
                  "  <description>candidates for skel select</description>\n"
                  "  <nodeset name=\"fast\"><host testbed=\"1\" slots=\"2\"/><host "
                  "testbed=\"2\"/></nodeset>\n"
                  "  <nodeset name=\"slow\"><host testbed=\"3\"/><host testbed=\"4\"/></nodeset>\n"
                  "</nodesets>\n",
                  &l);
    cr_assert_eq(rc, SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(l->nsets, 2);
    cr_assert_eq(l->sets[0].kind, SKEL_NODESET_TESTBED);
    cr_assert_str_eq(l->sets[0].nodes[0].name, "10.77.0.1");
    cr_assert_eq(l->sets[0].nodes[0].testbed_id, 1);
    const struct skel_nodeset *slow = skel_nodeset_find(l, "slow");
    cr_assert_not_null(slow);
    cr_assert_eq(skel_nodeset_max_testbed_id(slow), 4);
    cr_assert_null(skel_nodeset_find(l, "medium"));
    cr_assert_eq(skel_nodeset_check_testbed(slow, "sets.xml", 4), SKEL_OK);
    expect_error(skel_nodeset_check_testbed(slow, "sets.xml", 3), SKEL_ERANGE, "sets.xml:5");
    skel_nodeset_list_free(l);
}

Test(nodeset, xml_not_well_formed)
{
    struct skel_nodeset_list *l = NULL;
    expect_error(parse_xml("<nodeset name=\"a\">\n<host name=\"x\">\n</nodeset>\n", &l),
                 SKEL_EFORMAT, "sets.xml:3");
    expect_error(parse_xml("<nodeset name=\"a\">\n<host name=\"x\"/>\n", &l), SKEL_EFORMAT,
                 "sets.xml:3");
    cr_assert_null(l);
    expect_error(parse_xml("", &l), SKEL_EFORMAT, "sets.xml:1");
    expect_error(parse_xml("hosts: a, b", &l), SKEL_EFORMAT, "sets.xml:1");
}

Test(nodeset, xml_doctype_refused)
{
    struct skel_nodeset_list *l = NULL;
    expect_error(parse_xml("<!DOCTYPE nodeset [<!ENTITY x \"node01\">]>\n"
                           "<nodeset name=\"a\"><host name=\"&x;\"/></nodeset>\n",
                           &l),
                 SKEL_EFORMAT, "DOCTYPE");
}

Test(nodeset, xml_schema_violations)
{
    struct skel_nodeset_list *l = NULL;
    /* slots must be a positive integer */
    expect_error(
        parse_xml("<nodeset name=\"a\">\n  <host name=\"x\" slots=\"0\"/>\n</nodeset>", &l),
        SKEL_ESCHEMA, "sets.xml:2");
    /* a host needs a name or a testbed number */
    expect_error(parse_xml("<nodeset name=\"a\">\n\n  <host slots=\"2\"/>\n</nodeset>", &l),
                 SKEL_ESCHEMA, "sets.xml:3");
    /* unknown element */
    expect_error(parse_xml("<nodeset name=\"a\">\n  <node name=\"x\"/>\n</nodeset>", &l),
                 SKEL_ESCHEMA, "sets.xml:");
    /* a set without hosts */
    expect_error(parse_xml("<nodeset name=\"a\"/>", &l), SKEL_ESCHEMA, "sets.xml:1");
    /* bad set name */
    expect_error(parse_xml("<nodeset name=\"a b\"><host name=\"x\"/></nodeset>", &l), SKEL_ESCHEMA,
                 "sets.xml:1");
    /* wrong version */
    expect_error(parse_xml("<nodesets version=\"2\"><nodeset name=\"a\"><host "
                           "name=\"x\"/></nodeset></nodesets>",
                           &l),
                 SKEL_ESCHEMA, "sets.xml:1");
    cr_assert_null(l);
}

Test(nodeset, xml_semantic_errors)
{
    struct skel_nodeset_list *l = NULL;
    expect_error(parse_xml("<nodeset name=\"a\">\n<host name=\"x\" slots=\"5000\"/></nodeset>", &l),
                 SKEL_ERANGE, "sets.xml:2");
    expect_error(parse_xml("<nodeset name=\"a\">\n<host testbed=\"254\"/></nodeset>", &l),
                 SKEL_ERANGE, "sets.xml:2");
    expect_error(parse_xml("<nodeset name=\"a\">\n<host name=\"x\"/>\n<host name=\"x\"/>\n"
                           "</nodeset>",
                           &l),
                 SKEL_EFORMAT, "sets.xml:3");
    expect_error(parse_xml("<nodesets>\n<nodeset name=\"a\"><host name=\"x\"/></nodeset>\n"
                           "<nodeset name=\"a\"><host name=\"y\"/></nodeset>\n</nodesets>",
                           &l),
                 SKEL_EFORMAT, "sets.xml:3");
    expect_error(parse_xml("<nodeset name=\"a\">\n<host testbed=\"1\"/>\n<host name=\"real\"/>\n"
                           "</nodeset>",
                           &l),
                 SKEL_EFORMAT, "sets.xml:3");
    cr_assert_null(l);
}

Test(nodeset, hostfile_valid)
{
    struct skel_nodeset_list *l = NULL;
    int rc = parse_hosts("# cluster\n"
                         "node01:2\n"
                         "\n"
                         "  node02   # one slot\n"
                         "node03:16\r\n",
                         &l);
    cr_assert_eq(rc, SKEL_OK, "%s", skel_last_error());
    const struct skel_nodeset *s = &l->sets[0];
    cr_assert_eq(s->kind, SKEL_NODESET_HOSTS);
    cr_assert_eq(s->nnodes, 3);
    cr_assert_str_eq(s->nodes[1].name, "node02");
    cr_assert_eq(s->nodes[1].slots, 1);
    cr_assert_eq(s->nodes[1].line, 4);
    cr_assert_eq(s->nodes[2].slots, 16);
    skel_nodeset_list_free(l);
}

Test(nodeset, hostfile_testbed_names)
{
    struct skel_nodeset_list *l = NULL;
    int rc = parse_hosts("10.77.0.1:2\nskh2:2\n", &l);
    cr_assert_eq(rc, SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(l->sets[0].kind, SKEL_NODESET_TESTBED);
    cr_assert_str_eq(l->sets[0].nodes[1].name, "10.77.0.2");
    cr_assert_eq(l->sets[0].nodes[1].testbed_id, 2);
    skel_nodeset_list_free(l);
}

Test(nodeset, hostfile_errors)
{
    struct skel_nodeset_list *l = NULL;
    expect_error(parse_hosts("a\nb:0\n", &l), SKEL_ERANGE, "hosts:2");
    expect_error(parse_hosts("a\nb:99999999999999999999\n", &l), SKEL_ERANGE, "hosts:2");
    expect_error(parse_hosts("a:x\n", &l), SKEL_EFORMAT, "hosts:1");
    expect_error(parse_hosts("a:\n", &l), SKEL_EFORMAT, "hosts:1");
    expect_error(parse_hosts("a:2:3\n", &l), SKEL_EFORMAT, "hosts:1");
    expect_error(parse_hosts("bad host\n", &l), SKEL_EFORMAT, "hosts:1");
    expect_error(parse_hosts("a\n\nb\na\n", &l), SKEL_EFORMAT, "hosts:4");
    expect_error(parse_hosts("# nothing\n\n", &l), SKEL_EFORMAT, "no hosts");
    expect_error(parse_hosts("skh1\nreal\n", &l), SKEL_EFORMAT, "hosts:2");
    cr_assert_null(l);
}

static void expect_names(const char *list, const char *const *want, size_t nwant)
{
    char **names = NULL;
    size_t n = 0;
    int rc = skel_nodeset_slurm_expand(list, &names, &n);
    cr_assert_eq(rc, SKEL_OK, "%s: %s", list, skel_last_error());
    cr_assert_eq(n, nwant, "%s: %zu names, want %zu", list, n, nwant);
    for (size_t i = 0; i < n; i++)
        cr_assert_str_eq(names[i], want[i], "%s: name %zu", list, i);
    skel_nodeset_names_free(names, n);
}

Test(nodeset, slurm_expand)
{
    static const char *const a[] = {"node01", "node02", "node03", "node04", "node07"};
    expect_names("node[01-04,07]", a, 5);
    static const char *const b[] = {"a", "b5", "c"};
    expect_names("a,b5,c", b, 3);
    static const char *const c[] = {"r1-n1", "r1-n2", "r2-n1", "r2-n2"};
    expect_names("r[1-2]-n[1-2]", c, 4);
    static const char *const d[] = {"n8", "n9", "n10", "gpu001", "gpu002"};
    expect_names("n[8-10],gpu[001-002]", d, 5);
    static const char *const e[] = {"x1.ib", "x3.ib"};
    expect_names("x[1,3].ib", e, 2);
}

Test(nodeset, slurm_expand_errors)
{
    static const char *const bad[] = {"",     "n[1-", "n[3-1]", "n[]",    "n[1,]",           "n[a]",
                                      "a,,b", "n]1[", "n[1-2",  "n[[1]]", "n[1-9999999999]", "a b"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char **names = NULL;
        size_t n = 0;
        int rc = skel_nodeset_slurm_expand(bad[i], &names, &n);
        cr_assert(rc == SKEL_EFORMAT || rc == SKEL_ERANGE, "'%s' gave %s", bad[i],
                  skel_errname(rc));
        cr_assert_null(names);
        cr_assert(strstr(skel_last_error(), "Slurm node list") != NULL, "%s", skel_last_error());
    }
    /* too many hosts */
    char **names = NULL;
    size_t n = 0;
    cr_assert_eq(skel_nodeset_slurm_expand("n[0-70000]", &names, &n), SKEL_ERANGE);
}

Test(nodeset, slurm_tasks)
{
    unsigned slots[5];
    cr_assert_eq(skel_nodeset_slurm_tasks("2(x3),1", 4, slots), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(slots[0], 2);
    cr_assert_eq(slots[2], 2);
    cr_assert_eq(slots[3], 1);
    cr_assert_eq(skel_nodeset_slurm_tasks("4", 1, slots), SKEL_OK);
    cr_assert_eq(skel_nodeset_slurm_tasks("2(x3),1", 5, slots), SKEL_EFORMAT);
    cr_assert_eq(skel_nodeset_slurm_tasks("2(x3),1", 3, slots), SKEL_EFORMAT);
    cr_assert_eq(skel_nodeset_slurm_tasks("2(3)", 3, slots), SKEL_EFORMAT);
    cr_assert_eq(skel_nodeset_slurm_tasks("0", 1, slots), SKEL_ERANGE);
    cr_assert_eq(skel_nodeset_slurm_tasks("1,", 1, slots), SKEL_EFORMAT);
    cr_assert_eq(skel_nodeset_slurm_tasks("", 1, slots), SKEL_EFORMAT);
}

Test(nodeset, from_slurm)
{
    struct skel_nodeset_list *l = NULL;
    int rc = skel_nodeset_from_slurm("node[01-03]", "2(x2),4", &l);
    cr_assert_eq(rc, SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(l->sets[0].kind, SKEL_NODESET_SLURM);
    cr_assert_eq(skel_nodeset_slots(&l->sets[0]), 8);
    cr_assert_str_eq(l->sets[0].nodes[2].name, "node03");
    skel_nodeset_list_free(l);
}

Test(nodeset, local_and_specs)
{
    struct skel_nodeset_list *l = NULL;
    cr_assert_eq(skel_nodeset_resolve("local", NULL, &l), SKEL_OK);
    cr_assert_eq(l->sets[0].kind, SKEL_NODESET_LOCAL);
    cr_assert_geq(l->sets[0].nodes[0].slots, 1);
    skel_nodeset_list_free(l);
    cr_assert_eq(skel_nodeset_resolve("testbed", NULL, &l), SKEL_ENOTFOUND);
    cr_assert(skel_nodeset_spec_is_testbed("testbed:1,2"));
    cr_assert(!skel_nodeset_spec_is_testbed("testbedfile"));
    cr_assert_eq(skel_nodeset_spec_testbed_hosts("testbed:1,3"), 3);
    cr_assert_eq(skel_nodeset_spec_testbed_hosts("testbed:2:4,1:1"), 2);
    cr_assert_eq(skel_nodeset_spec_testbed_hosts("testbed"), 0);
    cr_assert_eq(skel_nodeset_resolve("/nonexistent/hosts", NULL, &l), SKEL_ENOTFOUND);
}

Test(nodeset, format_round_trip)
{
    struct skel_nodeset_list *l = NULL, *back = NULL;
    char *xml = NULL;
    cr_assert_eq(parse_hosts("alpha:2\nbeta:3\n", &l), SKEL_OK);
    cr_assert_eq(skel_nodeset_format_xml(l, &xml), SKEL_OK);
    cr_assert_eq(skel_nodeset_parse_xml(xml, strlen(xml), "round-trip", &back), SKEL_OK, "%s\n%s",
                 skel_last_error(), xml);
    cr_assert_eq(back->sets[0].nnodes, 2);
    cr_assert_str_eq(back->sets[0].nodes[1].name, "beta");
    cr_assert_eq(back->sets[0].nodes[1].slots, 3);
    free(xml);
    skel_nodeset_list_free(l);
    skel_nodeset_list_free(back);
}
