#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# testsuite/gpu/shared-gpu.sh -- two processes share one GPU whose memory
# holds the arrays of either but not of both (issue 15: a GPU node is
# shared in practice).  Each runs the bundle's PACC Jacobi on SHARED_GB of
# arrays (default 42: two need 84 GB, more than an 80 GB H100 gives).
#   1. both started together: both plan from the memory free at start-up,
#      so one of them finds its buffers taken: it must plan again within
#      what is left ("planning again within") and finish;
#   2. the second started while the first runs: it must plan within the
#      memory left from the start;
#   3. one alone, the reference: the checksums of all runs must be equal
#      (a plan changes neither the result nor its bits).
# PASS/FAIL lines, and the plans and warnings each process printed.  From
# the repository root, on the GPU machine:
#   bash testsuite/gpu/shared-gpu.sh gpu-bundle
# Environment: SHARED_GB, SHARED_T (steps, default 4), STAGGER (seconds
# before the second process of case 2, default 20), SHARED_ENV (settings
# of every run; default PACC_QUEUES=4: four buffers of a quarter of the
# arrays, so that two plans of 42 GB need more than 80 GB).

set -u
bundle=${1:-gpu-bundle}
gb=${SHARED_GB:-42}
T=${SHARED_T:-4}
stagger=${STAGGER:-20}
exe=$bundle/bin/jacobi-pacc
[ -x "$exe" ] || { echo "FAIL: shared-gpu: no $exe"; exit 1; }
export LD_LIBRARY_PATH=$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
# Two float arrays of N x N: 8 bytes per point.
n=$(awk -v g="$gb" 'BEGIN { printf "%d", sqrt(g * 1e9 / 8) }')
work=${SHARED_WORK:-$(mktemp -d)}
fail=0
pass () { echo "PASS: shared-gpu: $*"; }
bad () { echo "FAIL: shared-gpu: $*"; fail=1; }

run () {  # NAME: one process, PACC_VERBOSE=1, output in $work/NAME.*
  env ${SHARED_ENV-PACC_QUEUES=4} PACC_VERBOSE=1 timeout 600 "$exe" "$n" "$n" "$T" > "$work/$1.out" 2> "$work/$1.err"
  echo $? > "$work/$1.rc"
}
show () {
  echo "-- $1: exit $(cat "$work/$1.rc"), $(grep '^checksum' "$work/$1.out")"
  grep -E 'plan:|warning|planning again|again after|error|cannot' "$work/$1.err" \
    | sed 's/^/   /' | cut -c1-400
}

echo "== shared-gpu: two Jacobi ${n}x${n} (${gb} GB of arrays each), T=$T ${SHARED_ENV-PACC_QUEUES=4}"
nvidia-smi --query-gpu=name,memory.total,memory.used --format=csv,noheader

run a1 & run b1 & wait
run a2 & sleep "$stagger"; run b2; wait
run c

for r in a1 b1 a2 b2 c; do
  show $r
  if [ "$(cat "$work/$r.rc")" = 0 ] && grep -q '^checksum' "$work/$r.out"; then
    pass "$r finished"
  else
    bad "$r: exit $(cat "$work/$r.rc")"
  fi
done
ref=$(grep '^checksum' "$work/c.out")
for r in a1 b1 a2 b2; do
  if [ -n "$ref" ] && [ "$(grep '^checksum' "$work/$r.out")" = "$ref" ]; then
    pass "$r gives the checksum of the run alone"
  else
    bad "$r: checksum differs from the run alone ($ref)"
  fi
done
replans=$(cat "$work"/a1.err "$work"/b1.err | grep -c 'planning again within')
echo "case 1: $replans process(es) planned again after a failed allocation"
exit $fail
