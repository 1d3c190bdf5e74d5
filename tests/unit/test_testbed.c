/* test_testbed.c - the testbed's pure parts: rates, core sets, host names,
 * the state file.  (Bringing a testbed up needs root and is covered by the
 * e2e tests tests/e2e/test_testbed_*.sh.) */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
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
    skel_testbed_format_cores(0x2f, buf, sizeof buf);
    cr_assert_str_eq(buf, "0-3,5");
    skel_testbed_format_cores(0x1, buf, sizeof buf);
    cr_assert_str_eq(buf, "0");
}

Test(testbed, host_ids)
{
    cr_assert_eq(skel_testbed_host_id("10.77.0.3"), 3);
    cr_assert_eq(skel_testbed_host_id("root@10.77.0.12"), 12);
    cr_assert_eq(skel_testbed_host_id("skh7"), 7);
    cr_assert_eq(skel_testbed_host_id("10.77.0.254"), 0);
    cr_assert_eq(skel_testbed_host_id("10.77.0.0"), 0);
    cr_assert_eq(skel_testbed_host_id("10.77.0.03"), 0);
    cr_assert_eq(skel_testbed_host_id("10.77.0.1x"), 0);
    cr_assert_eq(skel_testbed_host_id("node01"), 0);
    cr_assert_eq(skel_testbed_host_id(NULL), 0);
}

Test(testbed, state_round_trip)
{
    struct skel_testbed_config cfg, back;
    memset(&cfg, 0, sizeof cfg);
    cfg.nhosts = 3;
    cfg.implicit = 1;
    for (unsigned i = 0; i < 3; i++) {
        cfg.cpu[i] = i == 2 ? 0.25 : 0;
        cfg.cores[i] = 1ULL << (i % 2);
        cfg.link_bps[i] = i == 1 ? 100000000ULL : 0;
        cfg.slots[i] = i + 1;
    }
    char *text = NULL;
    cr_assert_eq(skel_testbed_state_format(&cfg, 1234, 99, 1, &text), SKEL_OK);
    pid_t owner;
    unsigned long long start;
    int complete;
    cr_assert_eq(skel_testbed_state_parse(text, "state", &back, &owner, &start, &complete), SKEL_OK,
                 "%s", skel_last_error());
    cr_assert_eq(owner, 1234);
    cr_assert_eq(start, 99);
    cr_assert_eq(complete, 1);
    cr_assert_eq(back.nhosts, 3);
    cr_assert_eq(back.implicit, 1);
    cr_assert_float_eq(back.cpu[2], 0.25, 1e-9);
    cr_assert_eq(back.cores[1], 2);
    cr_assert_eq(back.link_bps[1], 100000000ULL);
    cr_assert_eq(back.slots[2], 3);
    free(text);
}

Test(testbed, state_errors)
{
    struct skel_testbed_config cfg;
    pid_t owner;
    unsigned long long start;
    int complete;
    cr_assert_eq(skel_testbed_state_parse("", "s", &cfg, &owner, &start, &complete), SKEL_EFORMAT);
    cr_assert_eq(skel_testbed_state_parse("garbage\n", "s", &cfg, &owner, &start, &complete),
                 SKEL_EFORMAT);
    cr_assert(strstr(skel_last_error(), "s:1") != NULL, "%s", skel_last_error());
    cr_assert_eq(skel_testbed_state_parse("skel-testbed 1\nhosts 2\nhost 1 cpu 0 cores 1 link 0 "
                                          "slots 1\n",
                                          "s", &cfg, &owner, &start, &complete),
                 SKEL_EFORMAT);
    cr_assert_eq(skel_testbed_state_parse("skel-testbed 1\nhosts 99\n", "s", &cfg, &owner, &start,
                                          &complete),
                 SKEL_ERANGE);
    cr_assert_eq(skel_testbed_state_parse("skel-testbed 1\nhosts 1\nhost 2 cpu 0 cores 1 link 0 "
                                          "slots 1\n",
                                          "s", &cfg, &owner, &start, &complete),
                 SKEL_EFORMAT);
    cr_assert_eq(skel_testbed_state_parse("skel-testbed 1\nhosts 1\nhost 1 cpu 0 cores 0 link 0 "
                                          "slots 1\n",
                                          "s", &cfg, &owner, &start, &complete),
                 SKEL_ERANGE);
    cr_assert_eq(skel_testbed_state_parse("skel-testbed 1\nhosts 1\nbogus\n", "s", &cfg, &owner,
                                          &start, &complete),
                 SKEL_EFORMAT);
    cr_assert(strstr(skel_last_error(), "s:3") != NULL, "%s", skel_last_error());
}

Test(testbed, open_without_state)
{
    /* A state directory with nothing in it: no testbed (or leftovers found
     * on this machine by name, which also refuses to open). */
    char dir[] = "/tmp/skel-test-state-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    setenv("SKEL_STATE_DIR", dir, 1);
    skel_testbed *tb = NULL;
    int rc = skel_testbed_open(&tb);
    cr_assert(rc == SKEL_ENOTFOUND || rc == SKEL_ESTATE, "%s", skel_errname(rc));
    cr_assert_null(tb);
    cr_assert_str_eq(skel_testbed_state_dir(), dir);
    unsetenv("SKEL_STATE_DIR");
    rmdir(dir);
}
