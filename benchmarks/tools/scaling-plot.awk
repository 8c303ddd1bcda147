# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# benchmarks/tools/scaling-plot.awk -- the SVG picture of
# benchmarks/scaling.sh: speed-up over 1 GPU against the GPU count (log2,
# 1 to 8 or the largest count measured), one line per program and mode
# (colour: the program; dashes: the mode), the ideal speed-up, and the
# anchor's points (NVIDIA's multi-gpu-programming-models Jacobi, 16384²
# float, 1000 iterations, H200: 1.89x on 2, 3.61x on 4, 6.66x on 8).
# POSIX awk, no other tool:
#
#   awk -f scaling-plot.awk OUT/scaling.csv > OUT/scaling.svg
#
# Reads the CSV's columns program, mode, GPUs and speedup ("1.85x", or
# "-" for no figure: left out).

BEGIN { FS = "," }
NR == 1 { next }
$7 ~ /^[0-9.]+x$/ {
    key = $1 " " $2
    if (!(key in seen)) { seen[key] = 1; order[++nl] = key; prog[key] = $1; mode[key] = $2 }
    n[key]++; gx[key, n[key]] = $4 + 0; sy[key, n[key]] = substr($7, 1, length($7) - 1) + 0
    if ($4 + 0 > xmax) xmax = $4 + 0
    if (sy[key, n[key]] > ymax) ymax = sy[key, n[key]]
}
function X(g) { return 80 + log(g) / log(2) * 500 / (log(xmax) / log(2)) }
function Y(v) { return 380 - v * 340 / ytop }
function colour(p) {
    return p == "jacobi" ? "#1b9e77" : p == "cip" ? "#d95f02" : p == "himeno" ? "#7570b3" : "#e7298a"
}
function dashes(m) {
    return m == "strong" ? "" : m == "weak" ? "8,4" : m == "ooc" ? "3,3" : m == "ooc-weak" ? "10,3,2,3" : m == "mpi" ? "1,4" : "1,3,6,3"
}
END {
    if (xmax < 8) xmax = 8
    ytop = ymax + 0.5 > xmax ? int(ymax + 1.5) : xmax
    print "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"760\" height=\"440\" font-family=\"sans-serif\" font-size=\"12\">"
    print "<rect width=\"760\" height=\"440\" fill=\"white\"/>"
    print "<text x=\"330\" y=\"20\" text-anchor=\"middle\">PACC, automatic plan: speed-up over 1 GPU (GFLOPS) against the GPUs (MPI: ranks, one GPU each)</text>"
    step = ytop > 10 ? 2 : 1
    for (v = 0; v <= ytop; v += step)
        printf "<line x1=\"80\" x2=\"580\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/><text x=\"70\" y=\"%.1f\" text-anchor=\"end\">%dx</text>\n", Y(v), Y(v), Y(v) + 4, v
    for (g = 1; g <= xmax; g *= 2)
        printf "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"40\" y2=\"380\" stroke=\"#eee\"/><text x=\"%.1f\" y=\"400\" text-anchor=\"middle\">%d</text>\n", X(g), X(g), X(g), g
    print "<text x=\"330\" y=\"425\" text-anchor=\"middle\">GPUs</text>"
    pts = ""
    for (g = 1; g <= xmax; g *= 2) pts = pts sprintf("%.1f,%.1f ", X(g), Y(g))
    printf "<polyline fill=\"none\" stroke=\"black\" stroke-dasharray=\"6,4\" points=\"%s\"/>\n", pts
    printf "<text x=\"600\" y=\"60\">- - ideal</text>\n"
    split("2 4 8", ag, " "); split("1.89 3.61 6.66", as, " ")
    for (i = 1; i <= 3; i++)
        if (ag[i] <= xmax)
            printf "<path d=\"M %.1f %.1f l 5 5 l -5 5 l -5 -5 z\" fill=\"black\"/>\n", X(ag[i]), Y(as[i]) - 5
    printf "<path d=\"M 604 71 l 5 5 l -5 5 l -5 -5 z\" fill=\"black\"/><text x=\"615\" y=\"80\">NVIDIA Jacobi (H200)</text>\n"
    for (j = 1; j <= nl; j++) {
        k = order[j]; pts = ""
        for (i = 1; i <= n[k]; i++) pts = pts sprintf("%.1f,%.1f ", X(gx[k, i]), Y(sy[k, i]))
        d = dashes(mode[k])
        printf "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"%s\"/>\n", colour(prog[k]), d == "" ? "" : " stroke-dasharray=\"" d "\"", pts
        for (i = 1; i <= n[k]; i++)
            printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n", X(gx[k, i]), Y(sy[k, i]), colour(prog[k])
        printf "<line x1=\"596\" x2=\"626\" y1=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"%s/><text x=\"632\" y=\"%d\" fill=\"%s\">%s</text>\n", 96 + 16 * j, 96 + 16 * j, colour(prog[k]), d == "" ? "" : " stroke-dasharray=\"" d "\"", 100 + 16 * j, colour(prog[k]), k
    }
    print "</svg>"
}
