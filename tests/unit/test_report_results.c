/* test_report_results.c - the results files `skel report` reads: kinds
 * recognised by header, RFC 4180 quoting, and errors that name the file, the
 * line, the column and what was expected. */
#include <criterion/criterion.h>

#include "error.h"
#include "report_results.h"

#include <stdio.h>
#include <string.h>

static struct skel_results *parse_ok(const char *text)
{
    struct skel_results *r = NULL;
    int rc = skel_results_parse(text, strlen(text), "t.csv", &r);
    cr_assert_eq(rc, SKEL_OK, "%s", skel_last_error());
    return r;
}

static void parse_fails(const char *text, int code, const char *needle)
{
    struct skel_results *r = (void *)1;
    int rc = skel_results_parse(text, strlen(text), "t.csv", &r);
    cr_assert_eq(rc, code, "expected %s for <%s>, got %s: %s", skel_errname(code), text,
                 skel_errname(rc), skel_last_error());
    cr_assert_null(r);
    cr_assert(strstr(skel_last_error(), needle) != NULL, "'%s' not in '%s'", needle,
              skel_last_error());
}

Test(report_results, kinds_by_header)
{
    static const struct {
        const char *text;
        int kind;
    } cases[] = {
        {"kind,repeat,wall_s,outcome,status,median_s,min_s,max_s,mad_s,q1_s,q3_s,nodes,nranks,"
         "scenario,command\nrun,1,1.5,ok,0,,,,,,,local,2,,./a\n",
         SKEL_RESULTS_RUN},
        {"kind,scenario,reference,name,time_s,min_s,max_s,runs,predicted_s,error,ratio,k,nodes,"
         "nranks,command\napp,dedicated,1,application,10,9,11,3,,,,,local,2,./a\n",
         SKEL_RESULTS_VALIDATE},
        /* skel validate's CSV with the rounds and intervals (issue 17): the
         * first 15 columns, then 8 more. */
        {"kind,scenario,reference,name,time_s,min_s,max_s,runs,predicted_s,error,ratio,k,nodes,"
         "nranks,command,lo_s,hi_s,error_lo,error_hi,ratio_lo,ratio_hi,spent_s,samples_s\n"
         "skeleton,cpu-one,0,sk,2.3,2.2,2.45,5,23.2,0.15,10.1,10,local,2,./sk,2.2,2.4,0.128,"
         "0.182,9.9,10.1,36.5,2.3;2.45;2.2;2.4;2.3\n",
         SKEL_RESULTS_VALIDATE},
        {"rank,candidate,hosts,nranks,launches,skeleton_s,min_s,max_s,ratio,predicted_s,vs_best,"
         "outcome,error\n1,a,h1,2,1,0.5,0.4,0.6,20,10,1,ok,\n",
         SKEL_RESULTS_SELECT},
        {"rank,call,count,bytes,rbytes,time_ns\nall,MPI_Send,3,24,0,100\n", SKEL_RESULTS_STATS},
        {"kind,target,predicted_change,measured_change,error\nlbf,2/1,1.9,2.0,-0.05\n",
         SKEL_RESULTS_CALIBRATE},
        /* Columns in another order, one more: still recognised by name. */
        {"extra,time_ns,rbytes,bytes,count,call,rank\nx,1,2,3,4,MPI_Recv,0\n", SKEL_RESULTS_STATS},
        {"run_ns\t100\ncritical_path_ns\t90\n#item\tcategory\n", SKEL_RESULTS_CRITPATH},
        {"measured_ns\t100\npredicted_ns\t120\nratio\t1.2\n", SKEL_RESULTS_PREDICT},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct skel_results *r = parse_ok(cases[i].text);
        cr_assert_eq(r->kind, cases[i].kind, "case %zu: %s", i, skel_results_kind_name(r->kind));
        cr_assert_eq(r->nrows,
                     cases[i].kind == SKEL_RESULTS_CRITPATH  ? 2u
                     : cases[i].kind == SKEL_RESULTS_PREDICT ? 3u
                                                             : 1u,
                     "case %zu", i);
        skel_results_free(r);
    }
}

Test(report_results, quoting_crlf_and_blank_lines)
{
    struct skel_results *r = parse_ok("\xef\xbb\xbfrank,call,count,bytes,rbytes,time_ns\r\n"
                                      "all,\"MPI_\"\"Send\"\", with, commas\",1,2,3,4\r\n"
                                      "\r\n"
                                      "0,\"multi\nline\",5,6,7,8\n");
    cr_assert_eq(r->kind, SKEL_RESULTS_STATS);
    cr_assert_eq(r->nrows, 2);
    cr_assert_str_eq(skel_results_text(r, 0, 1), "MPI_\"Send\", with, commas");
    cr_assert_str_eq(skel_results_text(r, 1, 1), "multi\nline");
    cr_assert_eq(r->rows[0].line, 2);
    cr_assert_eq(r->rows[1].line, 4);
    /* The field after the quoted newline is on line 5. */
    cr_assert_eq(r->rows[1].cell[2].line, 5);
    double v;
    cr_assert_eq(skel_results_num(r, 1, skel_results_col(r, "time_ns"), &v), SKEL_OK);
    cr_assert_float_eq(v, 8, 1e-12);
    skel_results_free(r);
}

Test(report_results, errors_name_line_column_and_expectation)
{
    parse_fails("", SKEL_EFORMAT, "t.csv:1: empty file: expected a header line");
    parse_fails("a,b,c\n1,2,3\n", SKEL_EFORMAT, "t.csv:1: not a results file Skel knows");
    parse_fails("rank,call,count,bytes,rbytes,time_ns\nall,\"x\"y,1,2,3,4\n", SKEL_EFORMAT,
                "t.csv:2:8: expected ',' or the end of the line after a closing quote, found 'y'");
    parse_fails("rank,call,count,bytes,rbytes,time_ns\nall,x\"y,1,2,3,4\n", SKEL_EFORMAT,
                "t.csv:2:6: '\"' inside an unquoted field");
    parse_fails("rank,call,count,bytes,rbytes,time_ns\nall,\"open,1,2,3,4\n", SKEL_EFORMAT,
                "t.csv:2:5: quoted field not closed");
    parse_fails("rank,call,count,bytes,rbytes,time_ns\nall,x,1,2,3\n", SKEL_EFORMAT,
                "t.csv:2: expected 6 fields as in the header (line 1), found 5");
    parse_fails("rank,call,count,bytes,rbytes,time_ns\rall,x,1,2,3,4\n", SKEL_EFORMAT,
                "t.csv:1:37: carriage return not followed by a line feed");
    const char nul[] = "rank,call,count,bytes,rbytes,time_ns\nall,x\0y,1,2,3,4\n";
    struct skel_results *r;
    cr_assert_eq(skel_results_parse(nul, sizeof nul - 1, "n.csv", &r), SKEL_EFORMAT);
    cr_assert(strstr(skel_last_error(), "n.csv:2:6: NUL byte") != NULL, "%s", skel_last_error());
}

Test(report_results, numbers_are_strict)
{
    struct skel_results *r = parse_ok("rank,call,count,bytes,rbytes,time_ns\n"
                                      "all,a,1e3,,nan,0x10\nall,b, 5,inf,-2.5,7x\n");
    int c = skel_results_col(r, "count");
    double v;
    cr_assert_eq(skel_results_num(r, 0, c, &v), SKEL_OK);
    cr_assert_float_eq(v, 1000, 1e-9);
    cr_assert_eq(skel_results_num(r, 0, skel_results_col(r, "bytes"), &v), SKEL_ENOTFOUND);
    cr_assert_eq(skel_results_num(r, 0, skel_results_col(r, "rbytes"), &v), SKEL_EFORMAT);
    cr_assert(strstr(skel_last_error(),
                     "t.csv:2:12: column 'rbytes': expected a number, found 'nan'") != NULL,
              "%s", skel_last_error());
    cr_assert_eq(skel_results_num(r, 0, skel_results_col(r, "time_ns"), &v), SKEL_EFORMAT);
    cr_assert_eq(skel_results_num(r, 1, c, &v), SKEL_EFORMAT);
    cr_assert_eq(skel_results_num(r, 1, skel_results_col(r, "bytes"), &v), SKEL_EFORMAT);
    cr_assert_eq(skel_results_num(r, 1, skel_results_col(r, "rbytes"), &v), SKEL_OK);
    cr_assert_float_eq(v, -2.5, 1e-12);
    cr_assert_eq(skel_results_num(r, 1, skel_results_col(r, "time_ns"), &v), SKEL_EFORMAT);
    /* An absent column reads as empty. */
    cr_assert_eq(skel_results_num(r, 0, -1, &v), SKEL_ENOTFOUND);
    skel_results_free(r);
}

Test(report_results, tsv_and_meta)
{
    struct skel_results *r = parse_ok("run_ns\t100\ncritical_path_ns\t90\nbusy_ns\t0\t50\n"
                                      "#item\tcategory\tcp_ns\n"
                                      "item\tcall\t40\t50\t50\t2\t-1\tMPI_Send\t\n");
    double v;
    cr_assert_eq(skel_results_key_num(r, "critical_path_ns", 1, &v), SKEL_OK);
    cr_assert_float_eq(v, 90, 1e-12);
    long i = skel_results_find(r, "item", 0);
    cr_assert_geq(i, 0);
    cr_assert_eq(r->rows[i].n, 9, "empty last field kept");
    cr_assert_str_eq(r->rows[i].cell[7].text, "MPI_Send");
    cr_assert_eq(skel_results_key_num(r, "events", 1, &v), SKEL_ENOTFOUND);
    skel_results_free(r);

    const char meta[] = "# comment\nformat 1\nk 20.0\n  app_time_s   7.5\nmode loops\n"
                        "expect 0 MPI_Init 1\nbad x\n";
    cr_assert_eq(skel_results_parse_meta(meta, sizeof meta - 1, "skeleton.meta", &r), SKEL_OK);
    cr_assert_eq(skel_results_key_num(r, "k", 1, &v), SKEL_OK);
    cr_assert_float_eq(v, 20, 1e-12);
    cr_assert_eq(skel_results_key_num(r, "app_time_s", 1, &v), SKEL_OK);
    cr_assert_float_eq(v, 7.5, 1e-12);
    cr_assert_eq(skel_results_key_num(r, "bad", 1, &v), SKEL_EFORMAT);
    cr_assert(
        strstr(skel_last_error(),
               "skeleton.meta:7:5: field 2 of the 'bad' line: expected a number, found 'x'") !=
            NULL,
        "%s", skel_last_error());
    skel_results_free(r);
}

Test(report_results, hostile_text_in_messages_is_made_printable)
{
    const char text[] = "\x1b[31m<script>,\xff\n";
    struct skel_results *r;
    cr_assert_eq(skel_results_parse(text, sizeof text - 1, "h.csv", &r), SKEL_EFORMAT);
    const char *e = skel_last_error();
    cr_assert(strchr(e, '\x1b') == NULL, "%s", e);
    cr_assert(strstr(e, "\\x1b[31m<script>") != NULL, "%s", e);
}

Test(report_results, bounds)
{
    /* More columns than accepted. */
    char big[8192];
    size_t k = 0;
    for (int i = 0; i < SKEL_RESULTS_MAX_COLS + 2; i++)
        k += (size_t)snprintf(big + k, sizeof big - k, "%sc%d", i ? "," : "", i);
    k += (size_t)snprintf(big + k, sizeof big - k, "\n");
    struct skel_results *r;
    cr_assert_eq(skel_results_parse(big, k, "wide.csv", &r), SKEL_ERANGE);
    /* The error names the column of the first field too many. */
    char want[80];
    snprintf(want, sizeof want, "wide.csv:1:%zu: more than %d fields",
             (size_t)(strstr(big, ",c256,") - big) + 2, SKEL_RESULTS_MAX_COLS);
    cr_assert(strstr(skel_last_error(), want) != NULL, "%s", skel_last_error());
    cr_assert_eq(skel_results_parse("x", (size_t)SKEL_RESULTS_MAX_BYTES + 1, "huge.csv", &r),
                 SKEL_ERANGE);
}

/* A table cut short (written to a full disk: the writer's buffer ends in
 * the middle of a row) is refused, naming the line it stops in, rather than
 * shown as a complete table with fewer rows. */
Test(report_results, cut_short)
{
    const char *whole = "rank,call,count,bytes,rbytes,time_ns\n0,MPI_Send,4,32,0,100\n"
                        "1,MPI_Recv,4,0,32,120\n";
    struct skel_results *r;
    cr_assert_eq(skel_results_parse(whole, strlen(whole), "stats.csv", &r), SKEL_OK, "%s",
                 skel_last_error());
    cr_assert_eq(r->nrows, 2);
    skel_results_free(r);
    for (size_t cut = 1; cut < strlen(whole); cut++) {
        if (whole[cut - 1] == '\n')
            continue; /* a cut at a line end leaves a whole (shorter) table */
        cr_assert_eq(skel_results_parse(whole, cut, "stats.csv", &r), SKEL_ETRUNCATED,
                     "cut at %zu: %s", cut, skel_last_error());
        cr_assert(strstr(skel_last_error(), "cut short") != NULL, "%s", skel_last_error());
    }
    const char *tsv = "run_ns\tx\n12\t3";
    cr_assert_eq(skel_results_parse(tsv, strlen(tsv), "cp.tsv", &r), SKEL_ETRUNCATED);
    cr_assert(strstr(skel_last_error(), "cp.tsv:2:") != NULL, "%s", skel_last_error());
}
