#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# benchmarks/tools/ptx-registers.sh -- the registers ptxas gives each
# OpenACC kernel of a C file as GCC 12's nvptx offloading compiles it,
# here, with no GPU: compiles FILE.c with -fopenacc (and the flags in
# PACC_CFLAGS, e.g. pkg-config's, to see PACC's own kernels), takes the
# PTX that mkoffload embeds in the program, and runs the CUDA toolkit's
# ptxas -v for ARCH (default sm_90; the driver JIT-compiles the same PTX
# on the GPU, rounding registers up to a multiple of 8).
#
#   benchmarks/tools/ptx-registers.sh FILE.c [ARCH]
#   PACC_CFLAGS="$(pkg-config --cflags pacc)" PACC_LIBS="$(pkg-config --libs pacc)" \
#     benchmarks/tools/ptx-registers.sh benchmarks/cip/cip.c
#
# Prints "registers KERNEL" lines; the PTX is left in the work folder it
# names.  Needs gcc-12, gcc-12-offload-nvptx, python3 and ptxas.
set -eu
src=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
arch=${2:-sm_90}
work=$(mktemp -d "${TMPDIR:-/tmp}/ptx-registers.XXXXXX")
ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
cd "$work"
# shellcheck disable=SC2086
gcc-12 -O3 -fopenacc -foffload=nvptx-none \
  -foffload-options=nvptx-none=-misa=sm_80 -ffp-contract=off \
  ${PACC_CFLAGS:-} -save-temps "$src" -o prog ${PACC_LIBS:-} -lm \
  2>compile.log || { cat compile.log >&2; exit 1; }
# mkoffload's C file holds the PTX as string literals.
python3 - prog.xnvptx-none.c prog.ptx <<'PY'
import ast, re, sys
src = open(sys.argv[1]).read()
out = []
for m in re.finditer(r'static const char ptx_code_\d+\[\] =(.*?);\n', src, re.S):
    for s in re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1)):
        out.append(ast.literal_eval('"' + s + '"'))
open(sys.argv[2], 'w').write(''.join(out))
PY
"$ptxas" -arch="$arch" -v prog.ptx -o prog.cubin 2>&1 \
  | awk '/Compiling entry function/ { k = $7; gsub ("\047", "", k) }
         /Used [0-9]+ registers/ { print "registers", $5, k }'
echo "ptx-registers: PTX in $work/prog.ptx"
