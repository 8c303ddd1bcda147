# shellcheck shell=bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# benchmarks/tools/bench-sizes.sh -- sourced by the GPU benchmark scripts
# (oversub.sh, scaling.sh): the arguments of jacobi, cip and himeno for a
# problem of a given number of bytes of host arrays, so that "the standard
# 48 GB problem" is one definition.
#
#   . benchmarks/tools/bench-sizes.sh
#   bench_args BENCH BYTES T     -> the program's arguments
#
# Jacobi holds 2 float arrays (8 bytes a point), CIP 8 (32), Himeno 14
# (56).  Jacobi and CIP are square with a side that is a multiple of 32;
# Himeno takes as many planes of HIMENO_PLANE (default "513 1025", the
# sizes of issue 13's model) as fit, INIT 0.  48e9 bytes give 77440²,
# 38720² and 1630 x 513 x 1025.

bench_args () {
  local pl
  case $1 in
    jacobi|cip)
      awk -v b="$2" -v per="$([ "$1" = jacobi ] && echo 8 || echo 32)" -v t="$3" \
        'BEGIN { n = int(sqrt(b / per) / 32) * 32; print n, n, t }' ;;
    himeno)
      pl=${HIMENO_PLANE:-513 1025}
      awk -v b="$2" -v pl="$pl" -v t="$3" \
        'BEGIN { split(pl, a, " "); print int(b / (56 * a[1] * a[2])), a[1], a[2], t, 0 }' ;;
    *) echo "bench_args: unknown benchmark '$1'" >&2; return 2 ;;
  esac
}
