#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# benchmarks/oversub.sh -- effective GFLOPS against the oversubscription
# factor (issue 12's picture), on the GPU machine, with the bundle of
# benchmarks/gpu-bundle.sh:
#   bash benchmarks/oversub.sh gpu-bundle OUTDIR
# For each benchmark, DATA_GB (default 48) GB of host arrays, T steps
# (default 64), the automatic plan: one run per factor of FACTORS
# (default "0.6 1.5 2 4 8"; the device memory is DATA_GB / factor through
# PACC_DEVICE_MEMORY, and a factor below 1 runs with the GPU's own
# memory), and the hand-written CUDA kernels in core at the same size.
# Writes OUTDIR/oversub.tsv (bench, factor, GFLOPS, % of the CUDA
# kernels) and OUTDIR/oversub.svg (% of the CUDA kernels against the
# factor, one line per benchmark, the CUDA kernels at 100 %).
# Environment: DATA_GB, T, FACTORS, BENCHES (default "jacobi cip himeno"),
# and any PACC_* or BENCH_HUGEPAGES, passed to the runs; PLOT_ONLY=1 runs
# nothing and draws OUTDIR/oversub.svg from an OUTDIR/oversub.tsv made
# before (e.g. on the GPU machine; T and DATA_GB for the title).

set -u
bundle=${1:-gpu-bundle}
out=${2:-oversub-out}
mkdir -p "$out"
export LD_LIBRARY_PATH=$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
D=$(awk -v g="${DATA_GB:-48}" 'BEGIN { printf "%.0f", g * 1e9 }')
T=${T:-64}
tsv=$out/oversub.tsv
[ "${PLOT_ONLY:-0}" = 1 ] || \
  printf 'bench\tfactor\tGFLOPS\tpercent_of_cuda_kernels\n' > "$tsv"

# bench_args: the arguments for D bytes of host arrays.
. "$(dirname "$0")/tools/bench-sizes.sh"
args_of () { bench_args "$1" "$D" "$T"; }

[ "${PLOT_ONLY:-0}" = 1 ] && BENCHES=none
for b in ${BENCHES:-jacobi cip himeno}; do
  [ "$b" = none ] && continue
  a=$(args_of "$b")
  # shellcheck disable=SC2086
  cu=$("$bundle/bin/$b-cuda" $a 2>/dev/null | awk '$1 == "GFLOPS_kernels" { print $2 }')
  echo "== $b $a: CUDA kernels ${cu:-?} GFLOPS"
  for f in ${FACTORS:-0.6 1.5 2 4 8}; do
    cap=$(awk -v d="$D" -v f="$f" 'BEGIN { if (f >= 1) printf "%.0f", d / f }')
    # shellcheck disable=SC2086
    g=$(env ${cap:+PACC_DEVICE_MEMORY=$cap} PACC_VERBOSE=1 "$bundle/bin/$b-pacc" $a \
          2> "$out/$b-$f.err" | awk '$1 == "GFLOPS" { print $2 }')
    p=$(awk -v g="${g:-0}" -v c="${cu:-0}" 'BEGIN { if (c > 0) printf "%.1f", 100 * g / c; else print "-" }')
    echo "   factor $f${cap:+ (PACC_DEVICE_MEMORY=$cap)}: ${g:-failed} GFLOPS, $p % of the CUDA kernels"
    printf '%s\t%s\t%s\t%s\n' "$b" "$f" "${g:--}" "$p" >> "$tsv"
  done
done

# The picture: % of the CUDA kernels (y, 0 to 120 or, when a point is
# above 110, to the next multiple of 20 above it) against the factor (x,
# log2).
awk -F'\t' -v T="$T" -v D="${DATA_GB:-48}" '
  NR == 1 { next }
  { b[NR] = $1; f[NR] = $2; p[NR] = $4; n = NR; if (!($1 in seen)) { seen[$1] = 1; order[++nb] = $1 }
    if ($4 != "-" && $4 + 10 > top) top = $4 + 10 }
  function X(v) { return 80 + (log(v) / log(2) + 1) * 520 / 4.2 }
  function Y(v) { return 380 - v * 340 / top }
  END {
    top = top > 120 ? 20 * int((top + 19) / 20) : 120
    split("#1b9e77 #d95f02 #7570b3", col, " ")
    print "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"700\" height=\"440\" font-family=\"sans-serif\" font-size=\"12\">"
    print "<rect width=\"700\" height=\"440\" fill=\"white\"/>"
    printf "<text x=\"350\" y=\"20\" text-anchor=\"middle\">PACC, automatic plan: %% of the hand-written CUDA kernels (in core) against oversubscription (%s GB, T = %s)</text>\n", D, T
    for (v = 0; v <= top; v += 20) { printf "<line x1=\"80\" x2=\"620\" y1=\"%d\" y2=\"%d\" stroke=\"#ddd\"/><text x=\"70\" y=\"%d\" text-anchor=\"end\">%d %%</text>\n", Y(v), Y(v), Y(v) + 4, v }
    split("0.5 1 2 4 8", xs, " ")
    for (i = 1; i <= 5; i++) printf "<text x=\"%d\" y=\"400\" text-anchor=\"middle\">%sx</text>\n", X(xs[i]), xs[i]
    print "<text x=\"350\" y=\"425\" text-anchor=\"middle\">data size / device memory</text>"
    printf "<line x1=\"80\" x2=\"620\" y1=\"%d\" y2=\"%d\" stroke=\"black\" stroke-dasharray=\"6,4\"/><text x=\"625\" y=\"%d\">CUDA</text>\n", Y(100), Y(100), Y(100) + 4
    for (j = 1; j <= nb; j++) {
      pts = ""
      for (i = 2; i <= n; i++) if (b[i] == order[j] && p[i] != "-") pts = pts sprintf("%.1f,%.1f ", X(f[i]), Y(p[i]))
      printf "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%s\"/>\n", col[j], pts
      for (i = 2; i <= n; i++) if (b[i] == order[j] && p[i] != "-") printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n", X(f[i]), Y(p[i]), col[j]
      printf "<text x=\"630\" y=\"%d\" fill=\"%s\">%s</text>\n", 60 + 16 * j, col[j], order[j]
    }
    print "</svg>"
  }' "$tsv" > "$out/oversub.svg"
echo "oversub: $tsv, $out/oversub.svg"
