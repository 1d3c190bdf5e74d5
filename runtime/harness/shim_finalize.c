/* shim_finalize.c - libskelshim-finalize.so: work around the MPICH 4.0.2 +
 * UCX TCP MPI_Finalize hang (fixed upstream by MPICH pull request 6596).
 *
 * With 3 or more ranks whose UCX transport is TCP, MPI_Finalize hangs in
 * about half of the runs (4 of 8 measured on the testbed).  This preload
 * library replaces MPI_Finalize with:
 *   1. PMPI_Barrier(MPI_COMM_WORLD), so that every rank has finished its
 *      communication before anyone leaves;
 *   2. fflush(NULL), so that nothing buffered is lost;
 *   3. the PMI-1 finalize handshake with Hydra's proxy over the PMI_FD
 *      socket: write "cmd=finalize\n", read "cmd=finalize_ack\n" - the exact
 *      exchange MPICH 4.0.2's own PMI_Finalize performs (checked with strace);
 *   4. return MPI_SUCCESS without entering MPICH's and UCX's teardown, where
 *      the hang is.  The program goes on (code after MPI_Finalize runs, its
 *      exit status is kept); MPI_Finalized() then says 1.
 *      With SKEL_SHIM_FINALIZE_EXIT=1 in the environment it _exit(0)s
 *      instead, skipping atexit handlers and destructors too.
 * Leaving without step 3 makes Hydra treat the exit as a crash and kill the
 * job.  When PMI_FD is not set (another process manager, a singleton run)
 * or the handshake fails, the real PMPI_Finalize is called instead.  Only
 * the first call does the handshake; later ones return MPI_ERR_OTHER.
 *
 * Beneath other tools: both MPI_Finalize (for programs without a tool) and
 * PMPI_Finalize (for a PMPI tool preloaded before this library, such as
 * Skel's tracer, whose MPI_Finalize wrapper writes its trace and then calls
 * PMPI_Finalize) are defined here; the next PMPI_Finalize is found with
 * dlsym(RTLD_NEXT, ...).
 */
#include <dlfcn.h>
#include <errno.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int MPI_Finalize(void);
int PMPI_Finalize(void);
int MPI_Finalized(int *flag);
int PMPI_Finalized(int *flag);

static int finalized;

static int next_finalize(void)
{
    int (*real)(void) = (int (*)(void))dlsym(RTLD_NEXT, "PMPI_Finalize");
    if (real == NULL) {
        fprintf(stderr, "libskelshim-finalize: PMPI_Finalize not found: %s\n", dlerror());
        return MPI_ERR_INTERN;
    }
    return real();
}

static int write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        s += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Read one line (up to '\n') from fd into buf. */
static int read_line(int fd, char *buf, size_t len)
{
    size_t n = 0;
    while (n + 1 < len) {
        ssize_t r = read(fd, buf + n, 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        if (buf[n] == '\n')
            break;
        n++;
    }
    buf[n] = '\0';
    return 0;
}

static int shim_finalize(void)
{
    if (finalized)
        return MPI_ERR_OTHER;
    const char *fds = getenv("PMI_FD");
    char *end;
    long fd = fds ? strtol(fds, &end, 10) : -1;
    if (fds == NULL || *fds == '\0' || *end != '\0' || fd < 0 || fd > 1000000)
        return next_finalize();
    int rc = PMPI_Barrier(MPI_COMM_WORLD);
    if (rc != MPI_SUCCESS)
        return next_finalize();
    fflush(NULL);
    static const char cmd[] = "cmd=finalize\n";
    char reply[256];
    if (write_all((int)fd, cmd, sizeof cmd - 1) != 0 ||
        read_line((int)fd, reply, sizeof reply) != 0 ||
        strncmp(reply, "cmd=finalize_ack", 16) != 0) {
        fprintf(stderr, "libskelshim-finalize: no finalize_ack from the process manager; "
                        "calling the real MPI_Finalize\n");
        return next_finalize();
    }
    const char *ex = getenv("SKEL_SHIM_FINALIZE_EXIT");
    if (ex != NULL && strcmp(ex, "1") == 0)
        _exit(0);
    finalized = 1;
    return MPI_SUCCESS;
}

int PMPI_Finalize(void)
{
    return shim_finalize();
}

int MPI_Finalize(void)
{
    return shim_finalize();
}

static int shim_finalized(int *flag)
{
    if (finalized) {
        *flag = 1;
        return MPI_SUCCESS;
    }
    int (*real)(int *) = (int (*)(int *))dlsym(RTLD_NEXT, "PMPI_Finalized");
    return real ? real(flag) : MPI_ERR_INTERN;
}

int PMPI_Finalized(int *flag)
{
    return shim_finalized(flag);
}

int MPI_Finalized(int *flag)
{
    return shim_finalized(flag);
}
