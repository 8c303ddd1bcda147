#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.

# check-tblock.sh - the in-kernel temporal blocking kernels (issue 46)
# without a GPU.  Two checks, PASS/FAIL/UNSUPPORTED lines:
#
# 1. ptxas: every PTX module pacc.so writes for the run tests
#    (testsuite/pacc.run) is assembled for
#    sm_90 by ptxas (UNSUPPORTED without one: PTXAS, else ptxas on PATH
#    or in /usr/local/cuda/bin); the PASS line says the most registers
#    a kernel uses and how many spill (ptxas's choice, a speed matter).
# 2. emulation: each run test tblock_*.c, built with -DTB_DUMP, writes
#    its arrays before and after its region to $TB_DUMP
#    (pacc.run/tb-dump.h); ptx-emu.py runs the module's kernels
#    on the host, lane by lane, as libpacc would launch them, and
#    compares the result bit for bit with what the program computed
#    (the sequential result).  The depths: DEPTHS (a comma list, or
#    "all"), else each test's line "depths:".
#
# Environment: CC (gcc-12), PLUGIN (pacc.so), LIBDIR (libpacc.so's
# folder), SRCDIR (the source tree), WORK (a scratch folder).

set -u
here=$(cd "$(dirname "$0")" && pwd)
SRCDIR=${SRCDIR:-$here/../..}
CC=${CC:-gcc}
WORK=${WORK:-$(mktemp -d)}
mkdir -p "$WORK"
flags="-O2 -g -fopenacc -foffload=disable -fplugin=$PLUGIN"
fails=0

pass () { echo "PASS: pacc.tblock: $*"; }
fail () { echo "FAIL: pacc.tblock: $*"; fails=$((fails + 1)); }

# The PTX modules of object $1 into $1.ptxN, one per module; prints N.
extract () {
  python3 - "$1" <<'EOF'
import re, sys
d = open(sys.argv[1], 'rb').read().decode('latin-1')
ms = re.findall(r'// PACC in-kernel temporal blocking.*?// end of PACC PTX\n',
                d, re.S)
for i, m in enumerate(ms):
    open('%s.ptx%d' % (sys.argv[1], i), 'w', encoding='latin-1').write(m)
print(len(ms))
EOF
}

ptxas=${PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
if test -x "$ptxas"; then
  for src in "$SRCDIR"/testsuite/pacc.run/*.c; do
    name=$(basename "$src" .c)
    obj=$WORK/$name.o
    # -O0: the PTX is the same, the compiler faster.
    if ! $CC $flags -O0 -I"$SRCDIR"/testsuite/pacc.run -I"$SRCDIR"/libpacc \
         -c "$src" -o "$obj" 2> "$WORK/$name.cc.log"; then
      continue # a test that stops at compile time (its own message)
    fi
    n=$(extract "$obj")
    for ((i = 0; i < n; i++)); do
      log=$WORK/$name.ptxas$i.log
      if "$ptxas" -arch=sm_90 -v "$obj.ptx$i" -o "$obj.cubin$i" > "$log" 2>&1
      then
        regs=$(sed -n 's/.*Used \([0-9]*\) registers.*/\1/p' "$log" | sort -n | tail -1)
        spills=$(grep -c " [1-9][0-9]* bytes spill stores" "$log")
        pass "ptxas sm_90 $name module $i ($(grep -c 'Used' "$log") kernels, at most $regs registers, $spills with spills)"
      else
        fail "ptxas sm_90 $name module $i (log $log)"
      fi
    done
  done
else
  echo "UNSUPPORTED: pacc.tblock: ptxas sm_90 (no ptxas)"
fi

for src in "$SRCDIR"/testsuite/pacc.run/tblock_*.c; do
  name=$(basename "$src" .c)
  obj=$WORK/$name.emu.o
  if ! $CC $flags -DTB_DUMP -I"$SRCDIR"/testsuite/pacc.run \
         -I"$SRCDIR"/libpacc -c "$src" -o "$obj" \
       || ! $CC "$obj" -o "$WORK/$name" -fopenacc -foffload=disable \
            -L"$LIBDIR" -Wl,-rpath,"$LIBDIR" -lpacc -lm \
       || ! TB_DUMP="$WORK/$name.dump" "$WORK/$name" > /dev/null; then
    fail "emulation $name: build or run"
    continue
  fi
  depths=${DEPTHS:-$(sed -n 's/.*depths: \([0-9,]*\).*/\1/p' "$src")}
  test "$depths" = all && depths=2,3,4,5,6,7,8
  if python3 "$here"/ptx-emu.py "$obj" "$WORK/$name.dump" "$depths" \
       > "$WORK/$name.emu.log" 2>&1; then
    pass "emulation $name, depths $depths"
  else
    fail "emulation $name, depths $depths (log $WORK/$name.emu.log)"
    grep FAIL "$WORK/$name.emu.log" | head -5
  fi
done
echo "check-tblock: $fails failed"
test $fails -eq 0
