/* cmd_calibrate.c - `skel calibrate`: LBF, NF and critical-path zeroing
 * predictions against skeleton runs on the emulated testbed
 * (usecase/calibrate.h, docs/predictions.md). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "calibrate.h"
#include "error.h"
#include "proc.h"
#include "progress.h"
#include "testbed.h"
#include "validate.h"

#include <stdio.h>
#include <string.h>

/* Each step calibrate reports stays as a line; the status line below says
 * it is still at work, and for how long. */
static void progress(void *arg, const char *what)
{
    (void)arg;
    if (skel_progress_mode() == SKEL_PROGRESS_OFF)
        return;
    skel_progress_note("%s", skel_usecase_printable(what));
}

static int parse_link(const char *arg, void *dest)
{
    uint64_t *bps = dest;
    *bps = 0;
    return strcmp(arg, "0") == 0 ? SKEL_OK : skel_testbed_parse_rate(arg, bps);
}

static const struct skel_cli_cmd cmd = {"calibrate", "calibrate", 0,
                                        "unknown option"};

int skel_cmd_calibrate(int argc, char **argv)
{
    struct skel_calibrate_opts o = {
        .timeout_s = 600, .link_bps = 50000000, .zero = 2, .repeat = 3, .progress = progress};
    struct skel_calibrate_result res;
    const char *csv = NULL, *app = NULL;
    char **app_argv = NULL;
    char prog[PATH_MAX], templates[PATH_MAX];
    struct skel_cli_tools tools;
    int rc, status, quiet = 0;
    struct skel_cli_opt opts[] = {OPT_STR("skeleton", 0, &o.skeleton_dir),
                                  OPT_STR("trace", 0, &o.trace_dir),
                                  OPT_STR("signature", 0, &o.signature),
                                  OPT_STR("table", 0, &o.table),
                                  OPT_STR("placement", 0, &o.placement),
                                  OPT_FN("link", 0, &o.link_bps, parse_link),
                                  OPT_UINT("zero", 0, &o.zero, 0, SKEL_CALIBRATE_MAX_ZERO),
                                  OPT_UINT("repeat", 0, &o.repeat, 1, 1000),
                                  OPT_DOUBLE("timeout", 0, &o.timeout_s, 0.001, 1e7),
                                  OPT_STR("csv", 0, &csv),
                                  OPT_STR("keep", 0, &o.work_dir),
                                  OPT_STR("app", 0, &app),
                                  OPT_UINT("app-repeat", 0, &o.app_repeat, 1, 1000),
                                  OPT_FLAG("verbose", 'v', &o.verbose),
                                  OPT_FLAG("quiet", 'q', &quiet),
                                  OPT_END};
    int first = skel_cli_parse(&cmd, opts, argc, argv, &status);
    if (first < 0)
        return status;
    if (first < argc)
        return skel_cli_usage_error("calibrate", "unexpected argument '%s'",
                                    skel_usecase_printable(argv[first]));
    if (o.skeleton_dir == NULL)
        return skel_cli_usage_error("calibrate", "--skeleton DIR is required");
    if (app != NULL) {
        if ((rc = skel_validate_split(app, &app_argv)) != SKEL_OK)
            return skel_cli_usage_error("calibrate", "--app: %s", skel_last_error());
        o.app_argv = app_argv;
    }
    if ((rc = skel_cli_tools(&tools, 1)) != SKEL_OK ||
        (rc = skel_cli_resource(SKEL_RES_NETPROBE, prog, sizeof prog)) != SKEL_OK ||
        (rc = skel_cli_resource(SKEL_RES_TEMPLATES, templates, sizeof templates)) != SKEL_OK) {
        skel_validate_argv_free(app_argv);
        return skel_cli_fail("calibrate", rc);
    }
    o.tools = tools.t;
    o.netprobe = prog;
    o.templates = templates;
    o.version = SKEL_VERSION;

    /* Everything calibrate starts is removed on the way out, also on Ctrl-C. */
    skel_proc_signals_install();
    skel_progress_start("calibrate", quiet);
    skel_progress_step("calibrating");
    rc = skel_calibrate_run(&o, &res);
    skel_progress_stop();
    if (res.implicit_testbed)
        fprintf(stderr, "skel calibrate: note: a testbed was brought up for this run and taken "
                        "down at the end\n");
    if (res.n > 0 || rc == SKEL_OK) {
        skel_calibrate_print(stdout, &res);
        fflush(stdout);
    }
    if (csv != NULL && res.n > 0) {
        char saved[2048];
        snprintf(saved, sizeof saved, "%s", skel_last_error());
        rc = skel_cli_also("calibrate", rc, saved, skel_calibrate_write_csv(csv, &res));
    }
    skel_calibrate_result_free(&res);
    skel_validate_argv_free(app_argv);
    return skel_cli_finish("calibrate", rc);
}
