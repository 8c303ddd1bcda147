#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# benchmarks/tblock/bundle.sh -- builds, HERE (GCC 12 with nvptx
# offloading), the temporal-blocking prototypes into a folder to carry to
# the GPU machine, laid out as benchmarks/gpu-bundle.sh does:
#
#   bash benchmarks/tblock/bundle.sh DIR     (e.g. gpu-bundle/tblock)
#   bash DIR/run.sh                          (there)
#
#   lib/   GCC 12's libgomp.so.1 and libgomp-plugin-nvptx.so.1 (cp -L: the
#          GPU machine's own libgomp is gcc 13's, without the nvptx plugin)
#   bin/   jacobi-tb-acc (f32), jacobi-tb-acc-f64 (-DREAL=double),
#          heat3d-tb-acc; jacobi-tb-acc-sh, jacobi-tb-acc-sh24 and
#          heat3d-tb-acc-sh (-DTB_SHARED with shared-attr.so: the on-chip
#          buffer a static .shared array of 46 or 24 KiB); acc-probe
#          (prints whether a kernel runs on the GPU); jacobi-tb-cuda,
#          heat3d-tb-cuda, himeno-tb-cuda and cip-tb-cuda if nvcc is here
#          (else run.sh builds them there)
#   src/   the .cu files and their headers, for run.sh's nvcc there;
#          common/, himeno/, cip/ what they include by ../
#   ptx/   the PTX GCC 12 made of the *-tb-acc.c files and ptxas -v's
#          registers and shared memory for sm_90 (ptxas from the CUDA
#          toolkit, if here), to read beside the timings
#   run.sh, README.md
#   ebisu/ (not made here) the EBISU anchor, built from /tmp/ebisu-src as
#          /tmp/ebisu-build.txt says
#
# Environment: CC (default gcc-12), NVCC (default nvcc on PATH, else
# /usr/local/cuda/bin/nvcc; NVCC=none: leave jacobi-tb-cuda to run.sh).

set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 1 ] || { echo "usage: bundle.sh DIR" >&2; exit 2; }
out=$1
CC=${CC:-gcc-12}
gomp=/usr/lib/x86_64-linux-gnu/libgomp.so.1
gomp_nvptx=/usr/lib/x86_64-linux-gnu/libgomp-plugin-nvptx.so.1
for f in "$gomp" "$gomp_nvptx"; do
  [ -e "$f" ] || { echo "bundle.sh: no $f (apt-get install gcc-12-offload-nvptx libgomp-plugin-nvptx1)" >&2; exit 1; }
done
if [ "${NVCC:-}" = none ]; then nvcc=""
elif [ -n "${NVCC:-}" ]; then nvcc=$NVCC
else nvcc=$(command -v nvcc || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; } || true)
fi

rm -rf "${out:?}"/{lib,bin,src,ptx,common,himeno,cip}
mkdir -p "$out"/{lib,bin,src,ptx,common,himeno,cip}
cp -L "$gomp" "$gomp_nvptx" "$out/lib/"
cp "$here/run.sh" "$here/README.md" "$out/"
cp "$here"/*-tb-cuda.cu "$here"/tb-*.h "$out/src/"
# What the .cu files include by ../: the helpers and the Himeno and CIP
# baselines (himeno-tb-cuda and cip-tb-cuda include their kernels).
cp "$here/../common/bench.h" "$here/../common/cuda-util.h" "$out/common/"
cp "$here/../himeno/himeno-cuda.cu" "$here/../himeno/himeno-init.h" "$out/himeno/"
cp "$here/../cip/cip-cuda.cu" "$here/../cip/cip-init.h" "$out/cip/"

accflags="-O3 -std=gnu11 -pthread -fopenacc -foffload=nvptx-none -foffload-options=nvptx-none=-misa=sm_80 -ffp-contract=off"
work=$(mktemp -d "${TMPDIR:-/tmp}/tblock.XXXXXX")
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2086
$CC $accflags "$here/jacobi-tb-acc.c" -o "$out/bin/jacobi-tb-acc" 2> "$work/build-f32.log" \
  || { cat "$work/build-f32.log" >&2; exit 1; }
# shellcheck disable=SC2086
$CC $accflags -DREAL=double "$here/jacobi-tb-acc.c" -o "$out/bin/jacobi-tb-acc-f64" \
  2> "$work/build-f64.log" || { cat "$work/build-f64.log" >&2; exit 1; }
# shellcheck disable=SC2086
$CC $accflags "$here/heat3d-tb-acc.c" -o "$out/bin/heat3d-tb-acc" 2> "$work/build-3d.log" \
  || { cat "$work/build-3d.log" >&2; exit 1; }
# The static .shared buffer through shared-attr.so (a GCC plugin).
g++ -shared -fPIC -fno-rtti -O2 -I"$($CC -print-file-name=plugin)/include" \
  "$here/shared-attr.cc" -o "$work/shared-attr.so" 2> "$work/plugin.log" \
  || { cat "$work/plugin.log" >&2; exit 1; }
shflags="-DTB_SHARED -fplugin=$work/shared-attr.so"
for b in "jacobi-tb-acc-sh jacobi" "jacobi-tb-acc-sh24 jacobi -DTB_CAP=6144" \
         "heat3d-tb-acc-sh heat3d"; do
  set -- $b
  # shellcheck disable=SC2086
  $CC $accflags $shflags ${3:-} "$here/$2-tb-acc.c" -o "$out/bin/$1" 2> "$work/$1.log" \
    || { cat "$work/$1.log" >&2; exit 1; }
done
cat > "$work/acc-probe.c" <<'PROBE'
#include <openacc.h>
#include <stdio.h>
int
main (void)
{
  int n = acc_get_num_devices (acc_device_nvidia), on_gpu = -1;
  printf ("acc_get_num_devices(acc_device_nvidia) = %d\n", n);
#pragma acc parallel num_gangs(1) copyout(on_gpu)
  on_gpu = acc_on_device (acc_device_nvidia);
  printf ("an OpenACC kernel ran on the %s\n", on_gpu == 1 ? "GPU" : "host");
  return n > 0 && on_gpu == 1 ? 0 : 1;
}
PROBE
# shellcheck disable=SC2086
$CC $accflags "$work/acc-probe.c" -o "$out/bin/acc-probe" 2> "$work/probe.log" \
  || { cat "$work/probe.log" >&2; exit 1; }

# The PTX mkoffload embeds and what ptxas makes of it for sm_90
# (benchmarks/tools/ptx-registers.sh, with the same flags).
ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
for p in jacobi heat3d himeno cip; do
  if [ -x "$ptxas" ] && [ -f "$here/$p-tb-acc.c" ]; then
    for sh in "" -sh; do
      regs=$(PACC_CFLAGS="${sh:+$shflags}" bash "$here/../tools/ptx-registers.sh" \
               "$here/$p-tb-acc.c" sm_90)
      ptx=$(echo "$regs" | sed -n 's/^ptx-registers: PTX in //p')
      cp "$ptx" "$out/ptx/$p-tb-acc$sh.ptx"
      rm -rf "$(dirname "$ptx")"
      "$ptxas" -v -arch=sm_90 "$out/ptx/$p-tb-acc$sh.ptx" -o /dev/null \
        > "$out/ptx/$p-tb-acc$sh-ptxas.txt" 2>&1 || true
    done
  fi
  if [ -n "$nvcc" ]; then
    "$nvcc" -O3 -arch=sm_90 -fmad=false -Xptxas -v "$here/$p-tb-cuda.cu" \
      -o "$out/bin/$p-tb-cuda" > "$out/ptx/$p-tb-cuda-ptxas.txt" 2>&1
  fi
done
{
  echo "tblock bundle, built $(date -u '+%Y-%m-%d %H:%M:%S UTC') on $(uname -n)"
  echo "commit: $(git -C "$here" describe --always --dirty 2>/dev/null || echo unknown)"
  echo "compiler: $($CC --version | head -1); flags: $accflags"
  echo "nvcc: ${nvcc:-none (run.sh builds jacobi-tb-cuda there)}"
} > "$out/INFO"
echo "bundle.sh: $out ready ($(du -sh "$out" | cut -f1)); there: bash $(basename "$out")/run.sh"
