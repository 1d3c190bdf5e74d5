/* test_schedprobe.c - the processor-sharing probe (runtime/predict/schedprobe.c):
 * what it makes of its measurements, and that a run on a processor this
 * process may use measures something, leaves no child behind and gives the
 * process its processors back.  No assertion is on a duration: only on
 * what any kernel that shares a processor must show. */
#include <criterion/criterion.h>
#include <errno.h>
#include <math.h>
#include <sched.h>
#include <string.h>
#include <sys/wait.h>

#include "error.h"
#include "schedprobe.h"

Test(schedprobe, sched_from_measurements)
{
    struct skel_schedprobe_result r;
    memset(&r, 0, sizeof r);
    r.quantum_ns = 3996000; /* to 10 us */
    r.switch_ns = 4237;     /* to 0.1 us */
    r.wake_ns = 4449;       /* to 0.1 us */
    struct skel_lbf_sched s;
    skel_schedprobe_sched(&r, SKEL_LBF_WAIT_YIELD, &s);
    cr_assert_eq(s.policy, SKEL_LBF_SLICE);
    cr_assert_eq(s.wait, SKEL_LBF_WAIT_YIELD);
    cr_assert_float_eq(s.quantum_ns, 4000000, 1e-6);
    cr_assert_float_eq(s.switch_ns, 4200, 1e-9);
    cr_assert_float_eq(s.wake_ns, 4400, 1e-9);
    char buf[128];
    skel_lbf_sched_format(&s, buf, sizeof buf);
    struct skel_lbf_sched back;
    cr_assert_eq(skel_lbf_sched_parse(buf, &back), SKEL_OK, "%s: %s", buf, skel_last_error());
    cr_assert_eq(back.policy, s.policy);
    cr_assert_eq(back.wait, s.wait);
    cr_assert_float_eq(back.quantum_ns, s.quantum_ns, 1);
    cr_assert_float_eq(back.switch_ns, s.switch_ns, 1);
    cr_assert_float_eq(back.wake_ns, s.wake_ns, 1, "%s", buf);

    /* No turns seen (or a quantum below what the probe can tell apart):
     * the kernel's default of 4 ms rather than a model with no quantum. */
    r.quantum_ns = NAN;
    r.switch_ns = -5;
    r.wake_ns = NAN;
    skel_schedprobe_sched(&r, SKEL_LBF_WAIT_SPIN, &s);
    cr_assert_float_eq(s.quantum_ns, 4e6, 1e-6);
    cr_assert_eq(s.switch_ns, 0);
    cr_assert_eq(s.wake_ns, 0);
    cr_assert_eq(s.wait, SKEL_LBF_WAIT_SPIN);
}

Test(schedprobe, describe)
{
    struct skel_schedprobe_result r = {.cpu = 1,
                                       .quantum_ns = 2.5e6,
                                       .switch_ns = 3100,
                                       .sleeper_cycle_ns = 83000,
                                       .sleeper_alone_ns = 89000,
                                       .sleeper_cpu_ns = 6200,
                                       .sleeper_alone_cpu_ns = 9700,
                                       .busy_loss = 0.12,
                                       .notice_ns = 2.4e6,
                                       .yield_ns = 700};
    char buf[512];
    skel_schedprobe_describe(&r, buf, sizeof buf);
    cr_assert(strstr(buf, "processor 1") != NULL, "%s", buf);
    cr_assert(strstr(buf, "quantum 2.50 ms") != NULL, "%s", buf);
    cr_assert(strstr(buf, "83 us a turn (89 us alone)") != NULL, "%s", buf);
    cr_assert(strstr(buf, "6.2 us of its own CPU (9.7 us alone)") != NULL, "%s", buf);
    cr_assert(strstr(buf, "12.0 %") != NULL, "%s", buf);
    cr_assert(strstr(buf, "switch costs 3.1 us") != NULL, "%s", buf);
    cr_assert(strstr(buf, "notices after 2.40 ms") != NULL, "%s", buf);
    /* a short buffer is cut, never overrun */
    char small[16];
    memset(small, 'x', sizeof small);
    skel_schedprobe_describe(&r, small, 8);
    cr_assert_eq(strlen(small), 7);
    cr_assert_eq(small[8], 'x');
}

static int first_cpu(const cpu_set_t *s)
{
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, s))
            return c;
    return -1;
}

Test(schedprobe, run_measures_and_cleans_up)
{
    cpu_set_t before, after;
    cr_assert_eq(sched_getaffinity(0, sizeof before, &before), 0);
    int cpu = first_cpu(&before);
    cr_assert(cpu >= 0);
    struct skel_schedprobe_result r;
    cr_assert_eq(skel_schedprobe_run(cpu, 0.2, &r), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(r.cpu, cpu);
    /* Two busy processes pinned to one processor must take turns. */
    cr_assert(r.quantum_ns > 0 && isfinite(r.quantum_ns), "quantum %g", r.quantum_ns);
    /* A sleeper's turn is at least its own CPU time; the switch is never
     * negative; the yield between two yielders was measured. */
    cr_assert(r.sleeper_cycle_ns > 0 && r.sleeper_cpu_ns >= 0 &&
                  r.sleeper_cpu_ns <= r.sleeper_cycle_ns,
              "cycle %g cpu %g", r.sleeper_cycle_ns, r.sleeper_cpu_ns);
    cr_assert(r.sleeper_alone_ns > 0, "%g", r.sleeper_alone_ns);
    /* ... and alone it used some CPU, at most its turn; the wake-up's
     * extra is what alone took beyond beside, never negative */
    cr_assert(r.sleeper_alone_cpu_ns > 0 && r.sleeper_alone_cpu_ns <= r.sleeper_alone_ns,
              "alone: cpu %g turn %g", r.sleeper_alone_cpu_ns, r.sleeper_alone_ns);
    cr_assert(r.wake_ns >= 0 && r.wake_ns <= r.sleeper_alone_cpu_ns, "%g", r.wake_ns);
    cr_assert(r.switch_ns >= 0, "%g", r.switch_ns);
    cr_assert(r.yield_ns > 0 && isfinite(r.yield_ns), "%g", r.yield_ns);
    /* Every child was reaped, the processors given back. */
    cr_assert_eq(waitpid(-1, NULL, WNOHANG), -1);
    cr_assert_eq(errno, ECHILD);
    cr_assert_eq(sched_getaffinity(0, sizeof after, &after), 0);
    cr_assert(CPU_EQUAL(&before, &after));
}

Test(schedprobe, refuses_a_processor_it_cannot_use)
{
    cpu_set_t before, after;
    cr_assert_eq(sched_getaffinity(0, sizeof before, &before), 0);
    int cpu = CPU_SETSIZE - 1;
    if (CPU_ISSET(cpu, &before))
        cr_skip_test("processor %d exists here", cpu);
    struct skel_schedprobe_result r;
    cr_assert_neq(skel_schedprobe_run(cpu, 0.05, &r), SKEL_OK);
    cr_assert(strstr(skel_last_error(), "processor") != NULL, "%s", skel_last_error());
    cr_assert_eq(sched_getaffinity(0, sizeof after, &after), 0);
    cr_assert(CPU_EQUAL(&before, &after));
}
