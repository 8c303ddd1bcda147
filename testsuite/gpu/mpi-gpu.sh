#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# testsuite/gpu/mpi-gpu.sh -- the mpi clause on GPUs, checked (issue 44):
# jacobi-mpi and cip-mpi of benchmarks/mpi/mpi-bundle.sh's bundle on one
# rank, two ranks on one GPU and, where there are two GPUs, two ranks on
# two GPUs, each out of core (PACC_DEVICE_MEMORY an eighth of a rank's
# arrays), at 2x and in core; every run must be on a GPU data path, copy
# nothing the region did not register or stage by plan, and print the
# hash line of the one-rank in-core run, bit for bit.  Prints a PASS:/FAIL: line per run
# (DejaGnu's format) and a table last.  Run by run-gpu.sh when
# MPI_BUNDLE names the bundle; alone:
#
#   bash testsuite/gpu/mpi-gpu.sh MPI_BUNDLE [OUTDIR]
#
# Environment: MPI_X (rows and columns, default 4000), MPI_T (steps,
# default 40).
set -u
B=$(cd "${1:?mpi bundle}" && pwd)
out=${2:-$(mktemp -d)}
mkdir -p "$out"
X=${MPI_X:-4000} T=${MPI_T:-40}
export OPAL_PREFIX=$B/ompi
export LD_LIBRARY_PATH=$B/lib:$B/ompi/lib/x86_64-linux-gnu/openmpi/lib:${LD_LIBRARY_PATH:-}
export PATH=$B/ompi/bin:$PATH
# No cross-memory attach or binding in the sandbox; root is allowed.
export OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_btl=self,vader
export OMPI_MCA_pml=ob1 OMPI_MCA_mca_base_component_show_load_errors=0
export OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
ngpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || :)
[ "${ngpus:-0}" -ge 1 ] || { echo "mpi-gpu: no GPU"; exit 1; }
# Rank r on GPU r % G: G = 1 puts both ranks on GPU 0.
cat > "$out/on-gpu.sh" <<'EOS'
#!/bin/bash
export CUDA_VISIBLE_DEVICES=$(( ${OMPI_COMM_WORLD_LOCAL_RANK:-0} % ${G:-1} ))
exec "$@"
EOS
chmod +x "$out/on-gpu.sh"

pass=0 fail=0
rows=()
# run NAME PROG RANKS GPUS MEM: MEM "-" for in core.
run () {
  local name=$1 prog=$2 np=$3 g=$4 mem=$5 log=$out/$1.log rc envs=()
  [ "$mem" = - ] || envs=(-x "PACC_DEVICE_MEMORY=$mem")
  timeout 300 mpirun --bind-to none -np "$np" -x G="$g" -x PACC_VERBOSE=1 "${envs[@]}" \
    -x LD_LIBRARY_PATH -x OPAL_PREFIX -x PATH \
    "$out/on-gpu.sh" "$B/bin/$prog" "$X" "$X" "$T" > "$log" 2>&1
  rc=$?
  local hash time why=""
  hash=$(grep -E '^checksum' "$log" | md5sum | cut -c1-12)
  time=$(awk '/^time/ {print $2}' "$log")
  if [ "$rc" -ne 0 ]; then
    why="exit $rc: $(grep -E 'error' "$log" | head -1)"
  elif ! grep -q '^checksum' "$log"; then
    why="no checksum line"
  elif ! grep -q 'data path' "$log" || grep -q 'data path host' "$log"; then
    why="not on the GPU: $(grep -m1 'data path' "$log")"
  elif grep -q 'are not registered host memory: staging them' "$log"; then
    # The safety net of cuda-copy.c: a range no region gave the back end.
    why="$(grep -m1 'staging them' "$log")"
  elif [ -n "${ref[$prog]:-}" ] && [ "$hash" != "${ref[$prog]}" ]; then
    why="hash $hash, one rank in core gave ${ref[$prog]}"
  fi
  [ -n "${ref[$prog]:-}" ] || ref[$prog]=$hash
  if [ -z "$why" ]; then
    echo "PASS: pacc.gpu-mpi: $name"; pass=$((pass + 1))
  else
    echo "FAIL: pacc.gpu-mpi: $name: $why (log $log)"; fail=$((fail + 1))
  fi
  rows+=("| $name | $np | $g | $mem | ${time:--} | $hash | ${why:-ok} |")
}

declare -A ref
# All ranks' arrays: X*X floats, two arrays (jacobi) or eight (cip): an
# eighth of one rank's share for 8x, a half for 2x.
for prog in jacobi-mpi cip-mpi; do
  mb=$(( X * X * 4 * 2 / 1000000 ))
  [ "$prog" = cip-mpi ] && mb=$(( X * X * 4 * 8 / 1000000 ))
  run "$prog-1rank-incore" "$prog" 1 1 -
  run "$prog-1rank-8x" "$prog" 1 1 "$(( mb / 8 ))M"
  run "$prog-2ranks-1gpu-incore" "$prog" 2 1 -
  run "$prog-2ranks-1gpu-8x" "$prog" 2 1 "$(( mb / 16 ))M"
  run "$prog-2ranks-1gpu-2x" "$prog" 2 1 "$(( mb / 4 ))M"
  if [ "$ngpus" -ge 2 ]; then
    run "$prog-2ranks-2gpus-incore" "$prog" 2 2 -
    run "$prog-2ranks-2gpus-8x" "$prog" 2 2 "$(( mb / 16 ))M"
    run "$prog-2ranks-2gpus-2x" "$prog" 2 2 "$(( mb / 4 ))M"
  fi
done
echo
echo "| run | ranks | GPUs | PACC_DEVICE_MEMORY | time (s) | hash | result |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
printf '%s\n' "${rows[@]}"
echo "mpi-gpu: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
