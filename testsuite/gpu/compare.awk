# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# compare.awk -- compare a program's output with a reference output, as the
# DejaGnu harness does (testsuite/lib/pacc.exp, pacc_compare_output):
# every line must be equal, except lines starting with "reduction:", whose
# words are compared numerically within relative tolerance `tol'.
#
#   awk -v tol=1e-12 [-v ignore='^(time|GFLOPS) '] -f compare.awk REF GOT
#
# Lines matching `ignore' (a regular expression; none by default) are left
# out of both files first (the benchmarks' timings).  Prints nothing and
# exits 0 when the outputs match; else prints the first difference and
# exits 1.  POSIX awk (mawk, gawk, busybox).

function isnum(s) {
    return s ~ /^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$/
}
function close_enough(a, b,    d, m, mb) {
    if ((a "") == (b "")) return 1
    if (!isnum(a) || !isnum(b)) return 0
    d = a - b; if (d < 0) d = -d
    m = a + 0; if (m < 0) m = -m
    mb = b + 0; if (mb < 0) mb = -mb
    if (mb > m) m = mb
    return d <= tol * m
}
function short(s) {
    return length(s) > 100 ? substr(s, 1, 100) "..." : s
}
BEGIN {
    if (tol == "") tol = 1e-12
    nr = 0; ng = 0
}
{
    if (ignore != "" && $0 ~ ignore) next
    if (FILENAME == ARGV[1]) r[++nr] = $0; else g[++ng] = $0
}
END {
    n = nr > ng ? nr : ng
    for (i = 1; i <= n; i++) {
        if (i > ng) {
            printf "output ends at line %d, reference goes on: `%s'\n", i, short(r[i])
            exit 1
        }
        if (i > nr) {
            printf "extra output at line %d: `%s'\n", i, short(g[i])
            exit 1
        }
        if ((r[i] "") == (g[i] "")) continue
        if (r[i] ~ /^reduction:/ && g[i] ~ /^reduction:/) {
            na = split(r[i], a, " "); nb = split(g[i], b, " ")
            same = (na == nb)
            for (k = 1; same && k <= na; k++)
                if (!close_enough(a[k], b[k])) same = 0
            if (same) continue
        }
        printf "line %d: expected `%s', got `%s'\n", i, short(r[i]), short(g[i])
        exit 1
    }
    exit 0
}
