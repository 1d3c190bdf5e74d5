/* fuzz_skeleton_files.c - the small files of a skeleton directory and its
 * output are untrusted input: skeleton.meta, the calibration file and the
 * skeleton's SKEL_RESULT line (with times_s, every repeat's time).  Parse
 * anything; what parses holds values in the documented ranges, and a
 * calibration file written back reads back the same. */
#include "error.h"
#include "select.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    struct skel_select_skeleton sk;
    if (skel_select_meta_parse(text, size, "fuzz/skeleton.meta", &sk) == SKEL_OK) {
        if (!(sk.k >= 1) || sk.nranks < 1 || !(sk.app_time_s > 0) || !(sk.expected_s >= 0) ||
            strlen(sk.mode) >= sizeof sk.mode || strspn(sk.mode, "abcdefghijklmnopqrstuvwxyz") !=
                                                     strlen(sk.mode))
            abort();
        skel_select_skeleton_free(&sk);
    }
    struct skel_select_calib c;
    if (skel_select_calib_parse(text, size, "fuzz/calibration", &c) == SKEL_OK) {
        if (!isfinite(c.ratio) || !isfinite(c.calibration) || !isfinite(c.app_time_s))
            abort();
        char path[] = "/tmp/fuzz-calib-XXXXXX";
        int fd = mkstemp(path);
        if (fd >= 0) {
            close(fd);
            struct skel_select_calib d;
            if (skel_select_calib_write(path, &c) == SKEL_OK &&
                (skel_select_calib_read(path, &d) != SKEL_OK || d.nranks != c.nranks ||
                 strcmp(d.nodes, c.nodes) != 0 || strcmp(d.scenario, c.scenario) != 0))
                abort();
            unlink(path);
        }
    }
    struct skel_select_report r;
    if (skel_select_parse_report(text, size, &r) == SKEL_OK) {
        if (!(r.elapsed_s >= 0) || !isfinite(r.elapsed_s) || r.ntimes > SKEL_SELECT_MAX_TIMES)
            abort();
        /* Every repeat's time that is known is a finite time >= 0. */
        double t[SKEL_SELECT_MAX_TIMES];
        size_t n = skel_select_report_times(&r, t, SKEL_SELECT_MAX_TIMES);
        for (size_t i = 0; i < n; i++)
            if (!(t[i] >= -1e-5) || !isfinite(t[i]))
                abort();
        if (n >= 2 && !isfinite(skel_select_mean_halfwidth(t, n)))
            abort();
    }
    return 0;
}
