#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# check-cuda-min.sh - checks libpacc/cuda-min.h (the CUDA driver API
# declarations libpacc builds with) against a real cuda.h: every constant
# must have cuda.h's value and every function prototype must be compatible
# with cuda.h's declaration of the same symbol (a redeclaration with an
# incompatible type does not compile), and every call in cuda-lib.def must
# be declared.
#
#   check-cuda-min.sh [CUDA_INCLUDE_DIR]     (default /usr/local/cuda/include)
#
# Prints "cuda-min.h: N passed, N failed"; exits 77 (skip) without cuda.h.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
inc=${1:-/usr/local/cuda/include}
min=$top/libpacc/cuda-min.h
def=$top/libpacc/cuda-lib.def
CC=${CC:-gcc}

if [ ! -f "$inc/cuda.h" ]; then
  echo "SKIP cuda-min.h: no $inc/cuda.h"
  exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cuda-min.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

# Constants: the enumerators and #defines of cuda-min.h.
{
  echo '#include <cuda.h>'
  sed -n '/constants (begin)/,/constants (end)/p' "$min" \
    | sed -n 's/^ *\(CU[A-Z_0-9]*\) = \([0-9a-fx]*\),\{0,1\}$/_Static_assert (\1 == \2, "\1");/p'
  sed -n 's/^#define \(CU_MEMHOSTREGISTER_[A-Z_]*\) \(0x[0-9a-f]*\)$/_Static_assert (\1 == \2, "\1");/p' "$min"
} > "$tmp/consts.c"
n=$(grep -c _Static_assert "$tmp/consts.c")
if $CC -std=c11 -fsyntax-only -I"$inc" "$tmp/consts.c" 2> "$tmp/consts.log"; then
  pass=$((pass + 1)); echo "PASS $n constants"
else
  fail=$((fail + 1)); echo "FAIL constants:"; cat "$tmp/consts.log"
fi

# Prototypes: cuda.h, then cuda-min.h's prototypes again (cuda.h's macros
# would rename the _v2 names, so drop them first: the checked declaration
# is the one of the exported symbol).
{
  echo '#include <cuda.h>'
  sed -n '/functions (begin)/,/functions (end)/p' "$min" \
    | grep -o 'cu[A-Za-z0-9_]* (' | sed 's/ (//' | sort -u \
    | sed 's/.*/#undef &/'
  sed -n '/functions (begin)/,/functions (end)/p' "$min" | grep -v '^/\*'
} > "$tmp/protos.c"
n=$(grep -c '^CUresult' "$tmp/protos.c")
if $CC -std=c11 -fsyntax-only -I"$inc" "$tmp/protos.c" 2> "$tmp/protos.log"; then
  pass=$((pass + 1)); echo "PASS $n prototypes"
else
  fail=$((fail + 1)); echo "FAIL prototypes:"; cat "$tmp/protos.log"
fi

# Every call of cuda-lib.def is declared in cuda-min.h.
missing=
for f in $(sed -n 's/^CUDA_ONE_CALL[A-Z_]* (\(.*\))$/\1/p' "$def"); do
  grep -q "^CUresult $f (" "$min" || missing="$missing $f"
done
if [ -z "$missing" ]; then
  pass=$((pass + 1)); echo "PASS cuda-lib.def calls declared"
else
  fail=$((fail + 1)); echo "FAIL not declared in cuda-min.h:$missing"
fi

echo "cuda-min.h: $pass passed, $fail failed"
[ $fail = 0 ]
