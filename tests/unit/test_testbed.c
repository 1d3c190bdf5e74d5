/* test_testbed.c - the testbed's pure parts: rates, core sets, host names,
 * the state file.  (Bringing a testbed up needs root and is covered by the
 * e2e tests tests/e2e/test_testbed_*.sh.) */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "cgroup.h"
#include "testbed.h"

Test(testbed, rates)
{
    uint64_t b = 0;
    cr_assert_eq(skel_testbed_parse_rate("10mbit", &b), SKEL_OK);
    cr_assert_eq(b, 10000000ULL);
    cr_assert_eq(skel_testbed_parse_rate("1gbit", &b), SKEL_OK);
    cr_assert_eq(b, 1000000000ULL);
    cr_assert_eq(skel_testbed_parse_rate("1.5Gbit", &b), SKEL_OK);
    cr_assert_eq(b, 1500000000ULL);
    cr_assert_eq(skel_testbed_parse_rate("8kbit", &b), SKEL_OK);
    cr_assert_eq(b, 8000ULL);
    cr_assert_eq(skel_testbed_parse_rate("100000", &b), SKEL_OK);
    cr_assert_eq(b, 100000ULL);
    cr_assert_eq(skel_testbed_parse_rate("7kbit", &b), SKEL_ERANGE);
    cr_assert_eq(skel_testbed_parse_rate("101gbit", &b), SKEL_ERANGE);
    cr_assert_eq(skel_testbed_parse_rate("10mb", &b), SKEL_EFORMAT);
    cr_assert_eq(skel_testbed_parse_rate("fast", &b), SKEL_EFORMAT);
    cr_assert_eq(skel_testbed_parse_rate("", &b), SKEL_EFORMAT);
    cr_assert_eq(skel_testbed_parse_rate("-5mbit", &b), SKEL_EFORMAT);
    cr_assert_eq(skel_testbed_parse_rate("1e400mbit", &b), SKEL_EFORMAT);
}

Test(testbed, cores)
{
    uint64_t m = 0;
    char buf[64];
    cr_assert_eq(skel_testbed_parse_cores("0", 4, &m), SKEL_OK);
    cr_assert_eq(m, 1);
    cr_assert_eq(skel_testbed_parse_cores("1-3", 4, &m), SKEL_OK);
    cr_assert_eq(m, 0xe);
    cr_assert_eq(skel_testbed_parse_cores("0+2", 4, &m), SKEL_OK);
    cr_assert_eq(m, 0x5);
    cr_assert_eq(skel_testbed_parse_cores("all", 2, &m), SKEL_OK);
    cr_assert_eq(m, 3);
    cr_assert_eq(skel_testbed_parse_cores("4", 4, &m), SKEL_ERANGE);
    cr_assert_eq(skel_testbed_parse_cores("3-1", 4, &m), SKEL_ERANGE);
    cr_assert_eq(skel_testbed_parse_cores("0,1", 4, &m), SKEL_EFORMAT);
    cr_assert_eq(skel_testbed_parse_cores("x", 4, &m), SKEL_EFORMAT);
    cr_assert_eq(skel_testbed_parse_cores("", 4, &m), SKEL_EFORMAT);
    skel_cgroups_format_cores(0x2f, buf, sizeof buf);
    cr_assert_str_eq(buf, "0-3,5");
    skel_cgroups_format_cores(0x1, buf, sizeof buf);
    cr_assert_str_eq(buf, "0");
}

Test(testbed, host_ids)
{
    cr_assert_eq(skel_testbed_host_id("10.77.0.3"), 3);
    cr_assert_eq(skel_testbed_host_id("10.77.17.3"), 3);
    cr_assert_eq(skel_testbed_host_index("10.77.17.3"), 17);
    cr_assert_eq(skel_testbed_host_id("root@10.77.0.12"), 12);
    cr_assert_eq(skel_testbed_host_id("sk17h4"), 4);
    cr_assert_eq(skel_testbed_host_index("root@sk17h4"), 17);
    cr_assert_eq(skel_testbed_host_id("skh7"), 7, "the names of an older Skel still map");
    cr_assert_eq(skel_testbed_host_index("skh7"), 0, "but name no instance");
    cr_assert_eq(skel_testbed_host_index("10.77.0.7"), 0);
    cr_assert_eq(skel_testbed_host_id("10.77.0.254"), 0);
    cr_assert_eq(skel_testbed_host_id("10.77.0.0"), 0);
    cr_assert_eq(skel_testbed_host_id("10.77.0.03"), 0);
    cr_assert_eq(skel_testbed_host_id("10.77.017.3"), 0);
    cr_assert_eq(skel_testbed_host_id("10.77.0.1x"), 0);
    cr_assert_eq(skel_testbed_host_id("sk17h"), 0);
    cr_assert_eq(skel_testbed_host_id("node01"), 0);
    cr_assert_eq(skel_testbed_host_id(NULL), 0);
}

Test(testbed, names)
{
    cr_assert_eq(skel_testbed_check_name("alice"), SKEL_OK);
    cr_assert_eq(skel_testbed_check_name("ci-run_2"), SKEL_OK);
    cr_assert_eq(skel_testbed_check_name("0"), SKEL_OK);
    cr_assert_eq(skel_testbed_check_name(""), SKEL_EUSAGE);
    cr_assert_eq(skel_testbed_check_name("-x"), SKEL_EUSAGE);
    cr_assert_eq(skel_testbed_check_name("Alice"), SKEL_EUSAGE);
    cr_assert_eq(skel_testbed_check_name("a/b"), SKEL_EUSAGE);
    cr_assert_eq(skel_testbed_check_name("a b"), SKEL_EUSAGE);
    cr_assert_eq(skel_testbed_check_name("abcdefghijklmnopqrstuvwxyz0123456"), SKEL_EUSAGE,
                 "33 characters");
    cr_assert_eq(skel_testbed_check_name(NULL), SKEL_EUSAGE);
    char n[64];
    setenv("SKEL_TESTBED", "ci-7", 1);
    skel_testbed_default_name(n, sizeof n);
    cr_assert_str_eq(n, "ci-7");
    unsetenv("SKEL_TESTBED");
    skel_testbed_default_name(n, sizeof n);
    cr_assert_eq(skel_testbed_check_name(n), SKEL_OK, "the default name '%s' is valid", n);
}

Test(testbed, state_round_trip)
{
    struct skel_testbed_state st, back;
    memset(&st, 0, sizeof st);
    strcpy(st.cfg.name, "alice");
    st.cfg.nhosts = 3;
    st.cfg.implicit = 1;
    for (unsigned i = 0; i < 3; i++) {
        st.cfg.cpu[i] = i == 2 ? 0.25 : 0;
        st.cfg.cores[i] = 1ULL << (i % 2);
        st.cfg.link_bps[i] = i == 1 ? 100000000ULL : 0;
        st.cfg.slots[i] = i + 1;
    }
    st.index = 17;
    st.owner = 1234;
    st.owner_start = 99;
    st.complete = 1;
    cr_assert_eq(skel_cgroups_parse("v2 /sys/fs/cgroup/user.slice", NULL, &st.cgroups), SKEL_OK);
    char *text = NULL;
    cr_assert_eq(skel_testbed_state_format(&st, &text), SKEL_OK);
    cr_assert_eq(skel_testbed_state_parse(text, "state", &back), SKEL_OK, "%s", skel_last_error());
    cr_assert_str_eq(back.cfg.name, "alice");
    cr_assert_eq(back.index, 17);
    cr_assert_eq(back.cgroups.version, 2);
    cr_assert_str_eq(back.cgroups.base, "/sys/fs/cgroup/user.slice");
    cr_assert_eq(back.owner, 1234);
    cr_assert_eq(back.owner_start, 99);
    cr_assert_eq(back.complete, 1);
    cr_assert_eq(back.cfg.nhosts, 3);
    cr_assert_eq(back.cfg.implicit, 1);
    cr_assert_float_eq(back.cfg.cpu[2], 0.25, 1e-9);
    cr_assert_eq(back.cfg.cores[1], 2);
    cr_assert_eq(back.cfg.link_bps[1], 100000000ULL);
    cr_assert_eq(back.cfg.slots[2], 3);
    free(text);
}

static int parse(const char *text)
{
    struct skel_testbed_state st;
    return skel_testbed_state_parse(text, "s", &st);
}

#define HEAD "skel-testbed 2\nname a\nindex 3\ncgroups v1\n"

Test(testbed, state_errors)
{
    cr_assert_eq(parse(""), SKEL_EFORMAT);
    cr_assert_eq(parse("garbage\n"), SKEL_EFORMAT);
    cr_assert(strstr(skel_last_error(), "s:1") != NULL, "%s", skel_last_error());
    cr_assert_eq(parse("skel-testbed 1\nhosts 1\n"), SKEL_EFORMAT, "an older Skel's state");
    cr_assert_eq(parse(HEAD "hosts 2\nhost 1 cpu 0 cores 1 link 0 slots 1\n"), SKEL_EFORMAT);
    cr_assert_eq(parse(HEAD "hosts 99\n"), SKEL_ERANGE);
    cr_assert_eq(parse(HEAD "hosts 1\nhost 2 cpu 0 cores 1 link 0 slots 1\n"), SKEL_EFORMAT);
    cr_assert_eq(parse(HEAD "hosts 1\nhost 1 cpu 0 cores 0 link 0 slots 1\n"), SKEL_ERANGE);
    cr_assert_eq(parse(HEAD "hosts 1\nbogus\n"), SKEL_EFORMAT);
    cr_assert(strstr(skel_last_error(), "s:6") != NULL, "%s", skel_last_error());
    cr_assert_eq(parse("skel-testbed 2\nindex 3\ncgroups v1\nhosts 1\nhost 1 cpu 0 cores 1 link 0 "
                       "slots 1\n"),
                 SKEL_EFORMAT, "no name");
    cr_assert(strstr(skel_last_error(), "name") != NULL, "%s", skel_last_error());
    cr_assert_eq(parse("skel-testbed 2\nname a\nindex 251\n"), SKEL_ERANGE);
    cr_assert_eq(parse("skel-testbed 2\nname A\n"), SKEL_EFORMAT);
    cr_assert_eq(parse("skel-testbed 2\nname a\nindex 3\ncgroups v2 /etc\n"), SKEL_EFORMAT,
                 "a cgroup base outside the cgroup mount");
    cr_assert_eq(parse("skel-testbed 2\nname a\nindex 3\ncgroups v2 /sys/fs/cgroup/../x\n"),
                 SKEL_EFORMAT);
    cr_assert_eq(parse(HEAD "hosts 1\nhost 1 cpu 0 cores 1 link 0 slots 1\n"), SKEL_OK, "%s",
                 skel_last_error());
}

Test(testbed, open_without_state)
{
    /* A state directory with nothing in it: no testbed of that name. */
    char dir[] = "/tmp/skel-test-state-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    setenv("SKEL_STATE_DIR", dir, 1);
    skel_testbed *tb = NULL;
    int rc = skel_testbed_open("nobody", &tb);
    cr_assert_eq(rc, SKEL_ENOTFOUND, "%s", skel_errname(rc));
    cr_assert_null(tb);
    cr_assert_eq(skel_testbed_open("Bad Name", &tb), SKEL_EUSAGE);
    cr_assert_eq(skel_testbed_open_index(17, &tb), SKEL_ENOTFOUND);
    cr_assert_str_eq(skel_testbed_state_dir(), dir);
    unsetenv("SKEL_STATE_DIR");
    rmdir(dir);
}
