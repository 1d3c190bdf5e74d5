#!/usr/bin/env python3
"""ab_ratios.py - medians with 95 % bootstrap intervals of interleaved rounds.

usage: ab_ratios.py ROUNDS_FILE K LABEL... [--over I J LABEL]...

Each line of ROUNDS_FILE is one round: the application's time, then one
time per skeleton (as many as LABELs), in seconds.  Prints the number of
rounds, the application's median and noise floor (its fastest and slowest
round against its median), then for each skeleton the dedicated ratio
(app/K)/skeleton, and for each --over I J the time of skeleton I over
skeleton J (1-based), each as its median and 95 % bootstrap interval
(10000 resamples of the rounds, seed 1).  Used by bench/layout_ab.sh,
bench/partitioned_ab.sh and bench/gen_ab.sh.
"""
import random
import statistics as st
import sys


def med_ci(v):
    meds = sorted(st.median(random.choices(v, k=len(v))) for _ in range(10000))
    return st.median(v), meds[249], meds[9749]


def main(argv):
    args, over = [], []
    i = 0
    while i < len(argv):
        if argv[i] == "--over" and i + 3 < len(argv):
            over.append((int(argv[i + 1]), int(argv[i + 2]), argv[i + 3]))
            i += 4
        else:
            args.append(argv[i])
            i += 1
    if len(args) < 3:
        sys.exit(__doc__.split("\n\n")[1])
    path, K, labels = args[0], float(args[1]), args[2:]
    n = 1 + len(labels)
    rows = [list(map(float, l.split())) for l in open(path) if len(l.split()) == n]
    if not rows:
        sys.exit("ab_ratios.py: %s: no round of %d times" % (path, n))
    random.seed(1)
    app = [r[0] for r in rows]
    m = st.median(app)
    print("%d rounds; application median %.3f s, noise floor %+.1f..%+.1f %%"
          % (len(rows), m, (min(app) / m - 1) * 100, (max(app) / m - 1) * 100))
    width = max(len(l) for l in labels) + 1
    for k, label in enumerate(labels, 1):
        print("ratio (app/K)/skeleton, %-*s %.3f [%.3f, %.3f]"
              % ((width, label + ":") + med_ci([r[0] / K / r[k] for r in rows])))
    for a, b, label in over:
        print("%-*s %.3f [%.3f, %.3f]"
              % ((max(24 + width, len(label) + 1), label + ":") + med_ci([r[a] / r[b] for r in rows])))


if __name__ == "__main__":
    main(sys.argv[1:])
