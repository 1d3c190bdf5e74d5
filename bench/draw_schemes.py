#!/usr/bin/env python3
"""draw_schemes.py - how far the compute a skeleton asks strays from its
quantile tables' means, under four ways of drawing the phases.

usage: bench/draw_schemes.py SKELETON.C [N] [SEEDS]

Reads the quantile tables (skel_qvals, skel_dists) of a generated
skeleton.c and, for each scheme, draws N phases (default 99) of every table
with more than one quantile, SEEDS times (default 40), and prints the
relative error of their sum against N times each table's mean (the traced
mean the tables are scaled to).  As in the skeleton, the i-th draw is the
same for every table (common random numbers):

  independent  uniform draws (the template until 2026-11-30)
  golden       the golden-ratio (Kronecker) sequence from a random start
  golden-mid   the same, each draw moved to its segment's middle
  stratified-mid
               each segment once per block of as many draws, at its
               middle, in a random order per block (the template from
               2026-11-30 until the next scheme)
  stratified   the same, and the last, partial block of r draws splits
               the table into r strata, each met once at its mean (the
               template now: templates/skeleton.c.tmpl, skel_draw)

The orders and starts here come from Python's generator, not from the
template's seed; the figures are the schemes', not any one seed's.  See
docs/codegen.md, "Durations follow the traced distributions".
"""
import random
import re
import sys

GOLDEN = 0.6180339887498949


def tables(path):
    src = open(path, encoding="utf-8").read()
    body = re.search(r"skel_qvals\[\] SKEL_UNUSED = \{(.*?)\n    0\.0\n\};", src, re.S)
    if body is None:
        sys.exit(f"{path}: no skel_qvals table (not a generated skeleton.c?)")
    q = []
    for tok in re.findall(r"[^,\s]+", body.group(1)):
        try:
            q.append(float(tok))
        except ValueError:
            sys.exit(f"{path}: skel_qvals holds '{tok}', not a number")
    dists = re.findall(r"\{ (\d+), (\d+), \d+, \d+, \d+(?:, \d+)? \}, /\* compute before", src)
    out = []
    for n, first in dists:
        n, first = int(n), int(first)
        if n > 1:
            if first + n > len(q):
                sys.exit(f"{path}: a distribution's quantiles {first}..{first + n} "
                         f"lie beyond skel_qvals ({len(q)} values)")
            out.append(q[first:first + n])
    return out


def interp(t, x):
    i = min(int(x), len(t) - 2)
    return t[i] + (t[i + 1] - t[i]) * (x - i)


def avg(t, ua, ub):
    """The table's mean over the quantile levels [ua, ub] (its value at ua
    where ub == ua)."""
    m = len(t) - 1
    xa, xb = ua * m, ub * m
    if xb <= xa:
        return interp(t, xa)
    total, i = 0.0, min(int(xa), m - 1)
    while i < m and i < xb:
        lo, hi = max(xa, i), min(xb, i + 1)
        if hi > lo:
            total += (hi - lo) * interp(t, (lo + hi) / 2)
        i += 1
    return total / (xb - xa)


def mean(t):
    return sum((t[i] + t[i + 1]) / 2 for i in range(len(t) - 1)) / (len(t) - 1)


def draws(scheme, rng, n, m):
    """The n draws' quantile intervals [ua, ub] (a point: ua == ub)."""
    if scheme == "independent":
        return [(u, u) for u in (rng.random() for _ in range(n))]
    if scheme in ("golden", "golden-mid"):
        u0 = rng.random()
        us = [(u0 + i * GOLDEN) % 1.0 for i in range(n)]
        us = us if scheme == "golden" else [(int(u * m) + 0.5) / m for u in us]
        return [(u, u) for u in us]
    out = []
    while len(out) < n:
        r = m if scheme == "stratified-mid" else min(m, n - len(out))
        block = list(range(r))
        rng.shuffle(block)
        if r == m:
            out += [((x + 0.5) / m, (x + 0.5) / m) for x in block]
        else:
            out += [(x / r, (x + 1) / r) for x in block]
    return out[:n]


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(sys.argv) >= 2 else 2
    try:
        n = int(sys.argv[2]) if len(sys.argv) > 2 else 99
        seeds = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    except ValueError:
        sys.exit("draw_schemes.py: N and SEEDS are whole numbers")
    if n < 1 or seeds < 1:
        sys.exit("draw_schemes.py: N and SEEDS must be at least 1")
    try:
        tabs = tables(sys.argv[1])
    except OSError as e:
        sys.exit(f"draw_schemes.py: {e}")
    if not tabs:
        print("no distribution with a spread: every scheme asks exactly the means")
        return 0
    print(f"{len(tabs)} tables, {n} phases each, {seeds} seeds")
    for scheme in ("independent", "golden", "golden-mid", "stratified-mid", "stratified"):
        errs = []
        for seed in range(seeds):
            rng = random.Random(seed)
            total = expected = 0.0
            shared = {}  # the i-th draw is the same for every table (common random numbers)
            for t in tabs:
                m = len(t) - 1
                if m not in shared:
                    shared[m] = draws(scheme, rng, n, m)
                total += sum(avg(t, ua, ub) for ua, ub in shared[m])
                expected += n * mean(t)
            errs.append(total / expected - 1)
        errs.sort()
        lo, hi = errs[int(0.05 * seeds)], errs[int(0.95 * seeds) - 1]
        print(f"{scheme:<14} {100 * errs[0]:+6.1f} .. {100 * errs[-1]:+6.1f} %  "
              f"(5-95 %: {100 * lo:+.1f} .. {100 * hi:+.1f} %), "
              f"mean |error| {100 * sum(abs(e) for e in errs) / seeds:.1f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
