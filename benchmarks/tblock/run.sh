#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# benchmarks/tblock/run.sh -- on the GPU machine, in a bundle made by
# bundle.sh: builds the *-tb-cuda programs with nvcc (if the bundle lacks
# them), runs the temporal-blocking prototypes over a few (D, tile)
# settings of Jacobi f32 at N x N (default 30000) and of heat3d f32 at
# N3^3 (default 512), and prints a table last: variant, D, tile, GCells/s
# (kernels only) and the bit-for-bit check.  EBISU's binaries, if the
# bundle has them in ebisu/ (built as /tmp/ebisu-build.txt says), run last
# as the anchor.
#
#   bash run.sh [BUNDLE]        (default: the folder of this script)
#
# Environment: N (grid side, default 30000), T (steps of the fast
# variants, default 240: the GCells/s of 1008 steps within a few per cent,
# in a quarter of the time), N3 and T3 (heat3d, default 512 and 240),
# HX HY HZ HT (Himeno, default 257 257 513, 64 steps), CN and CT (CIP,
# default 8192^2, 64 steps),
# TSLOW (steps of the gang-private OpenACC variants, default 8: GCC 12
# broadcasts a 16 KiB frame at each fork, see README.md), LIMIT (seconds per program run, default 60), NVCC,
# ACC (1: also the GCC 12 OpenACC variants at full size, measured on
# 2026-11-28 and in README.md; default 0, to leave the time to the
# register-streaming ones).  The whole run stays under 4 minutes on an
# H100/H200.

set -u
b=$(cd "${1:-$(dirname "$0")}" && pwd)
N=${N:-30000}
T=${T:-240}
N3=${N3:-512}
T3=${T3:-240}
TSLOW=${TSLOW:-8}
LIMIT=${LIMIT:-60}
ACC=${ACC:-0}
HX=${HX:-257}
HY=${HY:-257}
HZ=${HZ:-513}
HT=${HT:-64}
CN=${CN:-8192}
CT=${CT:-64}
export LD_LIBRARY_PATH="$b/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
log=$b/run.log
: > "$log"
say () { echo "run.sh: $*" | tee -a "$log"; }

nvidia-smi --query-gpu=name,memory.total,clocks.max.sm --format=csv,noheader 2>&1 \
  | sed 's/^/# GPU: /' | tee -a "$log"
"$b/bin/acc-probe" 2>&1 | sed 's/^/# /' | tee -a "$log"

# The CUDA ceiling, built here (the GPU machine has nvcc, this one's
# bundle may not hold a binary built for it).
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
for p in jacobi heat3d himeno cip; do
  if [ ! -x "$b/bin/$p-tb-cuda" ] && [ -x "$nvcc" ]; then
    say "building $p-tb-cuda with $nvcc"
    "$nvcc" -O3 -arch=sm_90 -fmad=false "$b/src/$p-tb-cuda.cu" \
      -o "$b/bin/$p-tb-cuda" >> "$log" 2>&1 || say "nvcc failed (see run.log)"
  fi
done

# one PROGRAM ARGS...: runs it under LIMIT, its result lines to the table
# (with the steps: the 4th argument in 2-D, the 5th in 3-D).
rows=$b/rows.txt
: > "$rows"
one () {
  local prog=$1; shift
  [ -x "$b/bin/$prog" ] || { say "no bin/$prog, skipped"; return; }
  echo "== $prog $*" >> "$log"
  timeout "$LIMIT" "$b/bin/$prog" "$@" > "$b/out.tmp" 2>> "$log"
  local rc=$?
  cat "$b/out.tmp" >> "$log"
  local steps=$4
  case $prog in heat3d*|himeno*) steps=$5 ;; esac
  grep -E '^(acc|cuda)-' "$b/out.tmp" | grep -v skipped \
    | sed "s|^|${prog%%-*} |; s|\$| T=$steps|" >> "$rows"
  [ $rc -eq 124 ] && echo "$prog $* TIMEOUT after ${LIMIT}s" >> "$rows"
  [ $rc -ne 0 ] && [ $rc -ne 124 ] && echo "$prog $* exit $rc (see run.log)" >> "$rows"
}

say "N=$N, T=$T (gang-private OpenACC variants: T=$TSLOW); log in $log"
# First every variant on small odd-sized grids, checked against the
# sequential loop itself (and in f64).
one jacobi-tb-acc all 1001 999 37 4 32 32 8 8
one jacobi-tb-acc-f64 all 1001 999 37 4 16 32 8 8
one jacobi-tb-cuda all 1001 999 37 4 32 64 8 8
one jacobi-tb-cuda all 1001 999 37 8 100 64 4 16
one jacobi-tb-acc-sh all 1001 999 37 4 32 32 8 8
one heat3d-tb-acc all 67 45 70 9 2 20 8 16 4 4
one heat3d-tb-acc-sh all 67 45 70 9 4 20 8 16 4 4
one heat3d-tb-acc streamg 67 45 70 9 4 30 16 32 8 4
one heat3d-tb-cuda all 67 45 70 9 4 20 16 32 8 4
one heat3d-tb-cuda all 67 45 70 9 8 100 8 32 4 8
# The register-streaming variants (regstream): D, the strip / tile and the
# loads ahead (R) as below at full size.
one jacobi-tb-cuda regstream 1001 999 37 4 200 128 4 8
one jacobi-tb-cuda regstream 1001 999 37 8 128 64 8 4
one jacobi-tb-cuda regstream 1001 999 37 12 300 128 2 4
one heat3d-tb-cuda regstream 67 45 70 9 4 20 32 32 8 4
one heat3d-tb-cuda regstream 67 45 70 9 6 30 64 32 8 8
one heat3d-tb-cuda regstream 67 45 70 9 8 100 32 64 8 4
one himeno-tb-cuda all 67 45 70 9 4 20 32 8
one himeno-tb-cuda all 33 50 61 7 2 8 16 8
one himeno-tb-cuda stream 40 37 99 11 3 100 32 8 0
one cip-tb-cuda all 1001 999 37 4 200 64 4
one cip-tb-cuda all 301 257 23 6 100 32 2
one cip-tb-cuda regstream 300 500 11 2 64 64 8

# Shared-memory races (the host fallback runs gangs one after the other and
# cannot show them): compute-sanitizer's racecheck on tiny grids.
san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
if [ "${RACECHECK:-1}" != 0 ] && [ -x "$san" ]; then
  for c in "jacobi-tb-cuda all 67 45 9 4 16 32 4 8" \
           "jacobi-tb-acc-sh tilesh,streamsh 67 45 9 4 16 32 4 8" \
           "heat3d-tb-cuda all 20 21 22 5 2 8 8 16 4 4" \
           "heat3d-tb-cuda regstream 20 41 45 5 4 8 32 32 8 4" \
           "himeno-tb-cuda stream 20 37 45 5 2 8 16 8" \
           "heat3d-tb-acc-sh streamsh 20 21 22 5 2 8 8 16 4 4"; do
    set -- $c
    [ -x "$b/bin/$1" ] || continue
    prog=$1; shift
    echo "== racecheck $prog $*" >> "$log"
    timeout "$LIMIT" "$san" --tool racecheck "$b/bin/$prog" "$@" > "$b/out.tmp" 2>&1
    cat "$b/out.tmp" >> "$log"
    echo "racecheck $prog $*: $(grep -E 'RACECHECK SUMMARY|ERROR SUMMARY' "$b/out.tmp" \
      | tail -1); bit-for-bit checks failed: $(grep -c FAIL "$b/out.tmp")" >> "$rows"
  done
fi
# The register-streaming form at full size first (issue 46's target: 535
# GCells/s for Jacobi 30000^2), then the shared-memory CUDA ones.
one jacobi-tb-cuda 1step,regstream "$N" "$N" "$T" 4 512 128 4 8
one jacobi-tb-cuda regstream "$N" "$N" "$T" 6 512 128 4 8
one jacobi-tb-cuda regstream "$N" "$N" "$T" 8 512 128 4 4
one jacobi-tb-cuda regstream "$N" "$N" "$T" 8 512 64 8 8
one jacobi-tb-cuda regstream "$N" "$N" "$T" 8 1024 64 4 4
one jacobi-tb-cuda regstream "$N" "$N" "$T" 10 1024 64 8 8
one jacobi-tb-cuda regstream "$N" "$N" "$T" 12 1024 64 8 4
one jacobi-tb-cuda regstream "$N" "$N" "$T" 12 1024 128 2 4
one heat3d-tb-cuda 1step,regstream "$N3" "$N3" "$N3" "$T3" 4 128 32 32 8 4
one heat3d-tb-cuda regstream "$N3" "$N3" "$N3" "$T3" 4 128 64 32 16 4
one heat3d-tb-cuda regstream "$N3" "$N3" "$N3" "$T3" 4 256 32 64 8 4
one heat3d-tb-cuda regstream "$N3" "$N3" "$N3" "$T3" 4 256 64 32 8 4
one heat3d-tb-cuda regstream "$N3" "$N3" "$N3" "$T3" 6 256 64 32 8 4
one heat3d-tb-cuda regstream "$N3" "$N3" "$N3" "$T3" 8 256 64 32 8 4
one jacobi-tb-cuda stream "$N" "$N" "$T" 4 512 128 8 8
one heat3d-tb-cuda stream "$N3" "$N3" "$N3" "$T3" 4 128 16 32 8 4
# Himeno (257 x 257 x 513, Himeno's size L) and CIP (8192^2): one step
# per launch as benchmarks/himeno and benchmarks/cip's CUDA, then D per
# launch (issue 46: >= 2x and >= 1.5x).
one himeno-tb-cuda 1step,stream "$HX" "$HY" "$HZ" "$HT" 2 128 32 16
one himeno-tb-cuda stream "$HX" "$HY" "$HZ" "$HT" 3 128 32 16
one himeno-tb-cuda stream "$HX" "$HY" "$HZ" "$HT" 4 128 32 16
one himeno-tb-cuda stream "$HX" "$HY" "$HZ" "$HT" 4 128 32 8
one himeno-tb-cuda stream "$HX" "$HY" "$HZ" "$HT" 6 256 32 8
one cip-tb-cuda 1step,regstream "$CN" "$CN" "$CT" 2 512 64 4
one cip-tb-cuda regstream "$CN" "$CN" "$CT" 4 512 64 4
one cip-tb-cuda regstream "$CN" "$CN" "$CT" 4 512 32 8
one cip-tb-cuda regstream "$CN" "$CN" "$CT" 6 1024 32 8

if [ "$ACC" = 1 ]; then
# GCC 12 OpenACC: one step per launch, then tiles and streams in a global
# scratch slice per gang (L1-cached), then in gang-private arrays (shared).
one jacobi-tb-acc 1step,tileg "$N" "$N" "$T" 2 32 32 8
one jacobi-tb-acc tileg "$N" "$N" "$T" 4 32 32 8
one jacobi-tb-acc tileg "$N" "$N" "$T" 8 32 64 8
one jacobi-tb-acc streamg "$N" "$N" "$T" 4 512 128 8 8
one jacobi-tb-acc streamg "$N" "$N" "$T" 8 512 128 8 16
one jacobi-tb-acc tile,stream "$N" "$N" "$TSLOW" 4 32 32 8 8
# The same in a static .shared array (shared-attr.so): no frame to copy.
one jacobi-tb-acc-sh tilesh "$N" "$N" "$T" 4 32 32 8
one jacobi-tb-acc-sh tilesh "$N" "$N" "$T" 4 32 32 4
one jacobi-tb-acc-sh tilesh "$N" "$N" "$T" 8 32 64 8
one jacobi-tb-acc-sh tilesh "$N" "$N" "$T" 8 48 64 16
one jacobi-tb-acc-sh streamsh "$N" "$N" "$T" 4 512 128 8 8
one jacobi-tb-acc-sh streamsh "$N" "$N" "$T" 4 512 128 4 8
one jacobi-tb-acc-sh streamsh "$N" "$N" "$T" 8 512 64 8 8
one jacobi-tb-acc-sh24 tilesh "$N" "$N" "$T" 4 32 32 8
one jacobi-tb-acc-sh24 streamsh "$N" "$N" "$T" 4 512 64 8 8
# CUDA by hand: the same algorithms.
one jacobi-tb-cuda 1step,tile "$N" "$N" "$T" 1 32 32 8
one jacobi-tb-cuda tile "$N" "$N" "$T" 4 32 64 8
one jacobi-tb-cuda tile "$N" "$N" "$T" 8 64 64 16
one jacobi-tb-cuda stream "$N" "$N" "$T" 8 1024 256 8 16
one jacobi-tb-cuda stream "$N" "$N" "$T" 8 512 128 4 16

# heat3d, 7-point 3-D (EBISU's 3d7pt shape), streaming along the planes.
one heat3d-tb-acc 1step,streamg "$N3" "$N3" "$N3" "$T3" 4 128 16 32 8 4
one heat3d-tb-acc streamg "$N3" "$N3" "$N3" "$T3" 4 128 16 32 4 4
one heat3d-tb-acc streamg "$N3" "$N3" "$N3" "$T3" 8 128 16 32 8 4
one heat3d-tb-acc stream "$N3" "$N3" "$N3" "$TSLOW" 2 128 8 32 8 4
one heat3d-tb-acc-sh streamsh "$N3" "$N3" "$N3" "$T3" 2 128 16 32 8 4
one heat3d-tb-acc-sh streamsh "$N3" "$N3" "$N3" "$T3" 4 128 8 32 8 4
one heat3d-tb-acc-sh streamsh "$N3" "$N3" "$N3" "$T3" 4 128 16 16 8 4
one heat3d-tb-acc-sh streamsh "$N3" "$N3" "$N3" "$T3" 4 128 8 32 4 4
one heat3d-tb-cuda stream "$N3" "$N3" "$N3" "$T3" 4 256 32 32 16 4
one heat3d-tb-cuda stream "$N3" "$N3" "$N3" "$T3" 8 128 16 32 8 4
fi

# EBISU (kernels only, its own GCells/s), if built into ebisu/ (or if
# ebisu-src/ holds its sources and the build script of /tmp/ebisu-build.txt).
if [ ! -x "$b/ebisu/2d5pt_ebisu.exe" ] && [ -f "$b/ebisu-src/build-pacc-note.sh" ] \
   && [ -x "$nvcc" ]; then
  say "building EBISU from ebisu-src/"
  bash "$b/ebisu-src/build-pacc-note.sh" "$b/ebisu-src" "$b/ebisu" "$nvcc" >> "$log" 2>&1 \
    || say "EBISU's build failed (see run.log)"
fi
if [ -x "$b/ebisu/2d5pt_ebisu.exe" ]; then
  echo "== ebisu 2d5pt" >> "$log"
  timeout "$LIMIT" "$b/ebisu/2d5pt_ebisu.exe" "$N" "$N" --fp32 --iter=1008 --warmup \
    > "$b/out.tmp" 2>&1
  cat "$b/out.tmp" >> "$log"
  echo "ebisu-2d5pt f32 $(tail -1 "$b/out.tmp")" >> "$rows"
fi
if [ -x "$b/ebisu/3d7pt_ebisu.exe" ]; then
  echo "== ebisu 3d7pt" >> "$log"
  timeout "$LIMIT" "$b/ebisu/3d7pt_ebisu.exe" 512 512 512 --fp32 --iter=240 --warmup \
    > "$b/out.tmp" 2>&1
  cat "$b/out.tmp" >> "$log"
  echo "ebisu-3d7pt f32 $(tail -1 "$b/out.tmp")" >> "$rows"
fi
rm -f "$b/out.tmp"

echo
echo "program variant     prec D     tile             kernel time    GCells/s         check steps"
cat "$rows"
if grep -q 'FAIL T=' "$rows" || grep -q 'checks failed: [1-9]' "$rows"; then
  echo "run.sh: some results differ from the one-step reference (FAIL above)"
  exit 1
fi
