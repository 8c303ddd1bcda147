#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# run-mpi-gpu.sh -- on a machine with two GPUs and the bundle of
# mpi-bundle.sh: jacobi-mpi and cip-mpi on one rank (one GPU) and on two
# ranks (one GPU each), the same global problem, at 8x and 2x
# oversubscription of each GPU's memory (PACC_DEVICE_MEMORY 6G and 24G for
# one rank's 48 GB, 3G and 12G for each of two ranks' 24 GB); prints each run's hashes, time and GFLOPS,
# then a table with the speed-up of two ranks over one.
#
#   bash run-mpi-gpu.sh BUNDLE_DIR [T]   (JACOBI_X, CIP_X: sizes; FACTORS:
#                                        default "8 2")
set -u
B=$(cd "${1:?bundle}" && pwd)
T=${2:-256}
JX=${JACOBI_X:-77440} CX=${CIP_X:-38720}
# The bundle's Open MPI, its settings, and one GPU per rank (rank modulo
# the GPUs there are: with one GPU the two ranks share it).
. "$(dirname "$0")/mpi-env.sh"
mpi_env "$B"
ngpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || :)
[ "${ngpus:-0}" -ge 1 ] || ngpus=1
mpi_gpu_wrapper "$B/one-gpu.sh" "$ngpus"
out=$(mktemp -d)
run () {   # name ranks devmem prog X
  local name=$1 np=$2 mem=$3 prog=$4 X=$5
  echo "=== $name: $prog $X $X $T, $np rank(s) on $ngpus GPU(s), PACC_DEVICE_MEMORY=$mem"
  timeout 590 mpirun --bind-to none -np "$np" -x PACC_DEVICE_MEMORY="$mem" -x PACC_VERBOSE=1 \
    "${MPI_X[@]}" "$B/one-gpu.sh" "$B/bin/$prog" "$X" "$X" "$T" > "$out/$name" 2>&1
  echo "rc=$?" >> "$out/$name"
  grep -E 'checksum|^time|GFLOPS|rc=|error|plan:|mpi:' "$out/$name"
}
for w in "jacobi-mpi $JX" "cip-mpi $CX"; do
  set -- $w; prog=$1 X=$2
  for f in ${FACTORS:-8 2}; do
    # The standard setting: 48 GB of arrays, PACC_DEVICE_MEMORY=6G at 8x.
    m1=$((48 / f))G m2=$((24 / f))G
    run "$prog-${f}x-1" 1 "$m1" "$prog" "$X"
    run "$prog-${f}x-2" 2 "$m2" "$prog" "$X"
  done
done
echo
echo "| code | oversubscription | 1 rank (s) | 2 ranks (s) | speed-up | hashes equal |"
echo "| --- | --- | --- | --- | --- | --- |"
for prog in jacobi-mpi cip-mpi; do
  for f in ${FACTORS:-8 2}; do
    t1=$(awk '/^time/ {print $2}' "$out/$prog-${f}x-1")
    t2=$(awk '/^time/ {print $2}' "$out/$prog-${f}x-2")
    h1=$(grep checksum "$out/$prog-${f}x-1" | md5sum | cut -c1-8)
    h2=$(grep checksum "$out/$prog-${f}x-2" | md5sum | cut -c1-8)
    sp=$(awk -v a="${t1:-0}" -v b="${t2:-0}" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
    echo "| $prog | ${f}x | ${t1:--} | ${t2:--} | $sp | $([ "$h1" = "$h2" ] && echo yes || echo NO) |"
  done
done
