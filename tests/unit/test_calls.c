/* test_calls.c - the call table generated from tracer/spec/mpi_calls.tbl
 * (tracer/format/calls.c): the categories reports and exports use and the
 * polls the predictions recognise come from the table, for every call. */
#include <criterion/criterion.h>

#include "calls.h"

#include <stdio.h>
#include <string.h>

Test(calls, every_call_has_a_category_that_fits_its_class)
{
    unsigned n = 0;
    for (unsigned id = 0; id < SKEL_CALL_LIMIT; id++) {
        const struct skel_call_info *ci = skel_call_info(id);
        if (ci == NULL)
            continue;
        n++;
        int cat = skel_call_category(id);
        cr_assert_eq(cat, ci->category);
        cr_assert(cat >= 0 && cat < SKEL_CATEGORY__COUNT, "%s", ci->name);
        /* The category never contradicts the class. */
        if (ci->klass == SKEL_CLASS_WAIT)
            cr_assert_eq(cat, SKEL_CATEGORY_COMPLETION, "%s", ci->name);
        else
            cr_assert_neq(cat, SKEL_CATEGORY_COMPLETION, "%s", ci->name);
        if (skel_class_is_collective(ci->klass))
            cr_assert_eq(cat, SKEL_CATEGORY_COLLECTIVE, "%s", ci->name);
        if (strncmp(ci->name, "MPI_File_", 9) == 0)
            cr_assert_eq(cat, SKEL_CATEGORY_IO, "%s", ci->name);
        if (strncmp(ci->name, "MPI_Win_", 8) == 0)
            cr_assert_eq(cat, SKEL_CATEGORY_RMA, "%s", ci->name);
        if (skel_class_is_receive(ci->klass) || skel_class_creates_request(ci->klass))
            cr_assert(cat != SKEL_CATEGORY_OTHER, "%s", ci->name);
    }
    cr_assert_gt(n, 100);
}

Test(calls, categories_of_some_calls)
{
    static const struct {
        unsigned call;
        const char *cat;
    } cases[] = {
        {SKEL_CALL_MPI_Send, "p2p"},           {SKEL_CALL_MPI_Irecv, "p2p"},
        {SKEL_CALL_MPI_Iprobe, "p2p"},         {SKEL_CALL_MPI_Start, "p2p"},
        {SKEL_CALL_MPI_Wait, "completion"},    {SKEL_CALL_MPI_Testsome, "completion"},
        {SKEL_CALL_MPI_Barrier, "collective"}, {SKEL_CALL_MPI_Iallreduce, "collective"},
        {SKEL_CALL_MPI_File_write, "io"},      {SKEL_CALL_MPI_Put, "rma"},
        {SKEL_CALL_MPI_Win_fence, "rma"},      {SKEL_CALL_MPI_Init, "other"},
        {SKEL_CALL_MPI_Comm_split, "other"},   {SKEL_CALL_MPI_Finalize, "other"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        cr_assert_str_eq(skel_category_name(skel_call_category(cases[i].call)), cases[i].cat, "%s",
                         skel_call_name(cases[i].call));
    /* Unknown ids and categories. */
    cr_assert_eq(skel_call_category(0), SKEL_CATEGORY_OTHER);
    cr_assert_eq(skel_call_category(SKEL_CALL_LIMIT + 5), SKEL_CATEGORY_OTHER);
    cr_assert_str_eq(skel_category_name(-1), "other");
    cr_assert_str_eq(skel_category_name(SKEL_CATEGORY__COUNT), "other");
}

Test(calls, polls_are_the_tests_and_nonblocking_probes)
{
    /* MPI_Request_get_status is MPI_Test that leaves the request allocated;
     * MPI_Win_test polls the end of an exposure epoch. */
    for (unsigned id = 0; id < SKEL_CALL_LIMIT; id++) {
        const struct skel_call_info *ci = skel_call_info(id);
        if (ci == NULL)
            continue;
        int expected = strncmp(ci->name, "MPI_Test", 8) == 0 || id == SKEL_CALL_MPI_Iprobe ||
                       id == SKEL_CALL_MPI_Improbe || id == SKEL_CALL_MPI_Request_get_status ||
                       id == SKEL_CALL_MPI_Win_test;
        cr_assert_eq(ci->poll, expected, "%s", ci->name);
    }
}

/* MPI 4.0's persistent collectives (mpi_calls.tbl, flag S): the set-up is a
 * local call (class GROUP) with the collective's shape, and the tracer
 * records each start as the nonblocking collective named after it
 * (record.c: "MPI_Allreduce_init" -> MPI_Iallreduce), which must exist with
 * the same shape and rootedness.  A GROUP call without a shape is plain
 * group bookkeeping. */
Test(calls, persistent_collective_setups_start_their_nonblocking_collective)
{
    unsigned n = 0;
    for (unsigned id = 0; id < SKEL_CALL_LIMIT; id++) {
        const struct skel_call_info *ci = skel_call_info(id);
        if (ci == NULL || ci->klass != SKEL_CLASS_GROUP || ci->shape == SKEL_SHAPE_NONE)
            continue;
        n++;
        size_t len = strlen(ci->name);
        cr_assert(len > 9 && strcmp(ci->name + len - 5, "_init") == 0, "%s", ci->name);
        cr_assert_eq(ci->category, SKEL_CATEGORY_COLLECTIVE, "%s", ci->name);
        char name[80];
        snprintf(name, sizeof name, "MPI_I%.*s", (int)(len - 9), ci->name + 4);
        const struct skel_call_info *ii = skel_call_info(skel_call_by_name(name));
        cr_assert_not_null(ii, "%s: no %s", ci->name, name);
        cr_assert_eq(ii->klass, SKEL_CLASS_ICOLL, "%s", ii->name);
        cr_assert_eq(ii->shape, ci->shape, "%s", ci->name);
        cr_assert_eq(ii->rooted, ci->rooted, "%s", ci->name);
    }
    /* Every nonblocking collective has its persistent form (MPI 4.0). */
    unsigned ni = 0;
    for (unsigned id = 0; id < SKEL_CALL_LIMIT; id++) {
        const struct skel_call_info *ci = skel_call_info(id);
        ni += ci != NULL && ci->klass == SKEL_CLASS_ICOLL;
    }
    cr_assert_eq(n, ni);
    cr_assert_eq(skel_call_info(skel_call_by_name("MPI_Allreduce_init"))->klass, SKEL_CLASS_GROUP);
}

/* Partitioned set-ups (MPI 4.0, flag 4): calls of their own, persistent
 * requests to everything above the tracer (classes SEND_INIT and
 * RECV_INIT), and the only calls skel_call_partitioned() names. */
Test(calls, partitioned_setups_are_persistent_requests_of_their_own)
{
    const struct skel_call_info *s = skel_call_info(skel_call_by_name("MPI_Psend_init"));
    const struct skel_call_info *r = skel_call_info(skel_call_by_name("MPI_Precv_init"));
    cr_assert_not_null(s);
    cr_assert_not_null(r);
    cr_expect_eq(s->klass, SKEL_CLASS_SEND_INIT);
    cr_expect_eq(r->klass, SKEL_CLASS_RECV_INIT);
    cr_expect_eq(s->category, SKEL_CATEGORY_P2P);
    cr_expect_eq(r->category, SKEL_CATEGORY_P2P);
    unsigned n = 0;
    for (unsigned id = 0; id < SKEL_CALL_LIMIT; id++)
        if (skel_call_info(id) != NULL && skel_call_partitioned(id)) {
            n++;
            cr_expect(id == SKEL_CALL_MPI_Psend_init || id == SKEL_CALL_MPI_Precv_init, "%s",
                      skel_call_info(id)->name);
        }
    cr_expect_eq(n, 2);
}
