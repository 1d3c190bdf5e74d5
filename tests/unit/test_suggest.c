/* test_suggest.c - the "did you mean" of `skel` (skel_usecase_suggest()):
 * close misspellings find their word, far ones and ties find nothing. */
#include <criterion/criterion.h>

#include "usecase.h"

static const char *const cmds[] = {"trace",  "dump",     "stats",     "compress", "show",
                                   "run",    "critpath", "predict",   "gen",      "generate",
                                   "select", "validate", "calibrate", "report",   "export"};
#define NC (sizeof cmds / sizeof cmds[0])

static const char *const opts[] = {"--scale",         "--target-seconds", "--output",
                                   "--threshold",     "--threads",        "--keep",
                                   "--keep-overhead", "--quiet",          "--scale"};
#define NO (sizeof opts / sizeof opts[0])

Test(suggest, close_words_are_found)
{
    cr_assert_str_eq(skel_usecase_suggest("genrate", cmds, NC), "generate");
    cr_assert_str_eq(skel_usecase_suggest("comrpess", cmds, NC), "compress", "a swap");
    cr_assert_str_eq(skel_usecase_suggest("stat", cmds, NC), "stats");
    cr_assert_str_eq(skel_usecase_suggest("ge", cmds, NC), "gen");
    cr_assert_str_eq(skel_usecase_suggest("expotr", cmds, NC), "export");
    cr_assert_str_eq(skel_usecase_suggest("--sacle", opts, NO), "--scale", "duplicates are one");
    cr_assert_str_eq(skel_usecase_suggest("--outptu", opts, NO), "--output");
    cr_assert_str_eq(skel_usecase_suggest("--target", opts, NO), "--target-seconds", "a prefix");
    cr_assert_str_eq(skel_usecase_suggest("--keep-overhaed", opts, NO), "--keep-overhead");
}

Test(suggest, far_words_and_ties_find_nothing)
{
    cr_assert_null(skel_usecase_suggest("xyzzy", cmds, NC));
    cr_assert_null(skel_usecase_suggest("", cmds, NC));
    cr_assert_null(skel_usecase_suggest("--thr", opts, NO), "--threshold or --threads");
    cr_assert_null(skel_usecase_suggest("--completely-different", opts, NO));
    cr_assert_null(skel_usecase_suggest("gen", NULL, 0));
    char longword[300];
    memset(longword, 'a', sizeof longword - 1);
    longword[sizeof longword - 1] = '\0';
    cr_assert_null(skel_usecase_suggest(longword, cmds, NC));
}
