/* traceinput.h - a trace as the user names it: a Skel trace directory, or
 * an OTF2 archive (its anchor file traces.otf2, or the directory holding
 * it, as Score-P writes it), which is imported into a Skel trace first
 * (otf2/otf2.h) so that every use case reads it like any trace.
 *
 * An imported trace goes to a temporary directory, removed by
 * skel_trace_input_close() - also when the command is interrupted by
 * SIGINT, SIGTERM or SIGHUP while the input is open - or, when the caller
 * names one, to a directory that stays (skel generate --from-trace keeps it
 * beside the skeleton).
 *
 * Ownership: the struct is the caller's; close releases what open made.
 */
#ifndef SKEL_TRACEINPUT_H
#define SKEL_TRACEINPUT_H

#include <limits.h>

#include "otf2.h"

struct skel_trace_input {
    char dir[PATH_MAX];  /* the Skel trace directory to open */
    int imported;        /* the input was an OTF2 archive */
    char root[PATH_MAX]; /* the temporary directory, "" if none */
    struct skel_otf2_import_stats import;
};

/* Resolve path: a Skel trace directory is used as it is; an OTF2 archive is
 * imported into keep_dir (which must not exist) or, when keep_dir is NULL,
 * into a temporary directory.  On failure nothing is left behind. */
int skel_trace_input_open(const char *path, const char *keep_dir, struct skel_trace_input *in);
void skel_trace_input_close(struct skel_trace_input *in);

/* One line about an import for people ("imported OTF2 archive A (written
 * by C): N ranks, E calls; K calls of MPI functions Skel does not know, for
 * example F, were counted as computation"); "" when nothing was imported. */
const char *skel_trace_input_note(const struct skel_trace_input *in, char *buf, size_t len);

#endif
