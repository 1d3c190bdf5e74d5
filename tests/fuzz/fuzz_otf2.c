/* fuzz_otf2.c - the OTF2 importer on damaged archives: it must refuse them
 * with an error, never crash, hang or write out of bounds (libotf2 parses
 * the bytes; the importer checks every reference and rank it is given).
 *
 * Input: one byte choosing the file and its archive (its value mod 4), then
 * that file's bytes:
 *   0  traces/0.evt  (the events of rank 0)
 *   1  traces.def    (the global definitions)
 *   2, 3  the same two files of the archive with a graph communicator, whose
 *         CommCreate carries skel::neighbors (each rank's neighbour list, a
 *         string the importer parses)
 * Not the anchor file traces.otf2: libotf2 reads it alone
 * (OTF2_AnchorFile_Load), before any callback of the importer, and some
 * damaged counts in it keep it busy for seconds; its robustness there is
 * libotf2's.  The other files come from an archive of `skel export` of a small synthetic
 * trace (two ranks exchanging messages, collectives, a Cartesian
 * communicator), made once per process.  The corpus holds those files whole,
 * cut short, and with bytes flipped. */
#include "error.h"
#include "otf2.h"
#include "synth.h"
#include "trace.h"
#include "tree.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
const char *__lsan_default_suppressions(void);

/* libotf2 keeps what it allocated for an archive it could not open
 * (OTF2_Reader_Open returns NULL, leaving nothing to close): its leak, not
 * the importer's, which LeakSanitizer is told to ignore. */
const char *__lsan_default_suppressions(void)
{
    return "leak:libopen-trace-format2.so\n";
}

static char work[64];
static int ready = -1;

static void cleanup(void)
{
    if (work[0])
        skel_remove_tree(work);
}

/* One template archive: work/<name>, exported from a synthetic trace. */
static int template(const char *name, int graph)
{
    char trace[128], archive[128];
    snprintf(trace, sizeof trace, "%s/trace-%s", work, name);
    snprintf(archive, sizeof archive, "%s/%s", work, name);
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.nranks = 2;
    o.iterations = 4;
    o.graph = graph;
    skel_trace *t;
    if (skel_synth_write(trace, &o) != SKEL_OK || skel_trace_open(trace, &t) != SKEL_OK)
        return 0;
    int rc = skel_otf2_export(t, archive, NULL, NULL);
    skel_trace_close(t);
    return rc == SKEL_OK;
}

/* The template archives, once. */
static int prepare(void)
{
    snprintf(work, sizeof work, "/tmp/skel-fuzz-otf2-XXXXXX");
    if (mkdtemp(work) == NULL)
        return 0;
    atexit(cleanup);
    return template("template", 0) && template("graph", 1);
}

static int copy(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    char buf[65536];
    size_t n;
    int ok = in != NULL && out != NULL;
    while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
        ok = fwrite(buf, 1, n, out) == n;
    if (in != NULL)
        fclose(in);
    if (out != NULL && fclose(out) != 0)
        ok = 0;
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (ready < 0)
        ready = prepare();
    if (!ready || size < 1)
        return 0;
    static const char *const files[] = {"traces/0.evt", "traces.def"};
    static const char *const all[] = {"traces.otf2",  "traces.def",   "traces/0.evt",
                                      "traces/1.evt", "traces/0.def", "traces/1.def"};
    const char *target = files[data[0] % 2];
    const char *source = data[0] % 4 < 2 ? "template" : "graph";
    char dir[192], back[192], from[320], to[320];
    snprintf(dir, sizeof dir, "%s/archive", work);
    snprintf(back, sizeof back, "%s/back", work);
    skel_remove_tree(dir);
    skel_remove_tree(back);
    snprintf(to, sizeof to, "%s/traces", dir);
    if (mkdir(dir, 0777) != 0 || mkdir(to, 0777) != 0)
        return 0;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        snprintf(from, sizeof from, "%s/%s/%s", work, source, all[i]);
        snprintf(to, sizeof to, "%s/%s", dir, all[i]);
        if (strcmp(all[i], target) != 0 && access(from, F_OK) == 0 && !copy(from, to))
            return 0;
    }
    snprintf(to, sizeof to, "%s/%s", dir, target);
    FILE *f = fopen(to, "wb");
    if (f == NULL)
        return 0;
    if (size > 1 && fwrite(data + 1, 1, size - 1, f) != size - 1) {
        fclose(f);
        return 0;
    }
    fclose(f);
    char anchor[256];
    snprintf(anchor, sizeof anchor, "%s/traces.otf2", dir);
    struct skel_otf2_import_stats st;
    if (skel_otf2_import(anchor, back, &st) == SKEL_OK) {
        /* What was imported must read back whole. */
        skel_trace *t;
        if (skel_trace_open(back, &t) != SKEL_OK)
            abort(); /* an import that says it succeeded left no readable trace */
        {
            for (uint32_t r = 0; r < skel_trace_nranks(t); r++) {
                skel_rank_reader *rd;
                if (skel_trace_open_rank(t, r, &rd) != SKEL_OK)
                    abort();
                skel_event ev;
                int n;
                while ((n = skel_rank_next(rd, &ev)) == 1)
                    ;
                if (n < 0)
                    abort(); /* the importer wrote a damaged trace */
                skel_rank_close(rd);
            }
            skel_trace_close(t);
        }
    }
    skel_clear_error();
    return 0;
}
