/* test_cli_help.c - the help texts of `skel` (runtime/cli/help/NAME.txt,
 * embedded into the executable at build time): every command listed in
 * commands.def has one, it starts with the command's usage line, and the
 * texts that quote a default from the code quote its current value. */
#include <criterion/criterion.h>

#include "afile.h"
#include "compress.h"
#include "error.h"
#include "sim.h"
#include "testbed.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *help(const char *name)
{
    char path[512], *text = NULL;
    size_t len = 0;
    snprintf(path, sizeof path, "%s/runtime/cli/help/%s.txt", SKEL_SOURCE_DIR, name);
    cr_assert_eq(skel_read_file(path, 1 << 20, &text, &len), SKEL_OK, "%s", skel_last_error());
    return text;
}

static void expect_in(const char *name, const char *what)
{
    char *text = help(name);
    cr_assert(strstr(text, what) != NULL, "%s.txt does not say '%s'", name, what);
    free(text);
}

Test(cli_help, every_command_has_its_text)
{
    char path[512], *def = NULL;
    size_t len = 0, n = 0;
    snprintf(path, sizeof path, "%s/runtime/cli/commands.def", SKEL_SOURCE_DIR);
    cr_assert_eq(skel_read_file(path, 1 << 20, &def, &len), SKEL_OK, "%s", skel_last_error());
    for (const char *p = def; (p = strstr(p, "SKEL_COMMAND(\"")) != NULL; n++) {
        p += strlen("SKEL_COMMAND(\"");
        char name[64], usage[96];
        size_t k = strcspn(p, "\"");
        cr_assert_lt(k, sizeof name);
        memcpy(name, p, k);
        name[k] = '\0';
        char *text = help(name);
        snprintf(usage, sizeof usage, "usage: skel %s ", name);
        cr_assert(strncmp(text, usage, strlen(usage)) == 0, "%s.txt starts with '%.40s'", name,
                  text);
        cr_assert(len > 0 && text[strlen(text) - 1] == '\n', "%s.txt does not end a line", name);
        free(text);
    }
    cr_assert_geq(n, 17, "only %zu commands found in commands.def", n);
    free(def);
}

Test(cli_help, defaults_quoted_from_the_code)
{
    char buf[64];
    snprintf(buf, sizeof buf, "(default %llu)", (unsigned long long)SKEL_SIM_DEFAULT_MAX_OPS);
    expect_in("gen", buf);
    snprintf(buf, sizeof buf, "(default %.2f)", SKEL_COMPRESS_MAX_THRESHOLD);
    expect_in("compress", buf);
    snprintf(buf, sizeof buf, "(default %.2f)", SKEL_COMPRESS_STEP);
    expect_in("compress", buf);
    snprintf(buf, sizeof buf, "number of hosts (1..%d)", SKEL_TESTBED_MAX_HOSTS);
    expect_in("testbed", buf);
}
