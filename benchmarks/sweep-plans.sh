#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# benchmarks/sweep-plans.sh -- the automatic plan against a sweep of k
# and chunk counts (issue 12), on the GPU machine, with the bundle of
# benchmarks/gpu-bundle.sh:
#   bash benchmarks/sweep-plans.sh gpu-bundle OUTDIR jacobi:6G cip:24G ...
# For each BENCH:MEMORY (PACC_DEVICE_MEMORY), 48 GB of host arrays and
# T = 256: the automatic plan, then PACC_K=8 at the automatic chunk count
# and PACC_K=16, 32 and 64 at half, the same and twice the automatic
# chunk count, one process each.  A line per run in OUTDIR/sweep.txt
# (plan, span, registration, time, GFLOPS, hashes); the logs in
# OUTDIR/logs.tgz.  Runs that would start after STOP_S seconds (default
# 540, under the device tool's 600 s a call) are skipped and say so.
set -u
bundle=${1:?usage: sweep-plans.sh BUNDLE OUTDIR BENCH:MEM...}
out=${2:?usage: sweep-plans.sh BUNDLE OUTDIR BENCH:MEM...}
shift 2
B=$bundle/bin
export LD_LIBRARY_PATH=$PWD/$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
STOP_S=${STOP_S:-540}
mkdir -p "$out/logs"
start=$(date +%s)
args_of () {
  case $1 in
    jacobi) echo 77440 77440 256 ;;
    cip) echo 38720 38720 256 ;;
    himeno) echo 1630 513 1025 256 0 ;;
    *) echo "sweep-plans.sh: unknown benchmark '$1'" >&2; exit 2 ;;
  esac
}
run () { # bench mem k chunks (k, chunks empty: automatic)
  local b=$1 m=$2 k=$3 c=$4 log
  log=$out/logs/$b-$m-k${k:-auto}-c${c:-auto}.log
  if [ $(( $(date +%s) - start )) -gt "$STOP_S" ]; then
    echo "$b $m k=${k:-auto} chunks=${c:-auto} | skipped (STOP_S)" \
      | tee -a "$out/sweep.txt"
    return
  fi
  timeout 150 env PACC_DEVICE_MEMORY="$m" ${k:+PACC_K=$k} \
    ${c:+PACC_CHUNKS=$c} PACC_VERBOSE=1 "$B/$b-pacc" $(args_of "$b") \
    > "$log" 2>&1
  local rc=$? plan times result
  plan=$(grep -oE 'k [0-9]+ \((auto|PACC_K)\), chunks [0-9]+ \([^)]*\), queues [0-9]+|skewed|first block: k [0-9]+|re-plan: .* (take over|would take)' \
           "$log" | tr '\n' ' ')
  times=$(grep -oE 'span of [0-9.]+ ms|registered in [0-9.]+ ms' "$log" \
            | head -2 | tr '\n' ' ')
  result=$(grep -E '^time|^GFLOPS|hash' "$log" | tr '\n' ' ')
  echo "$b $m k=${k:-auto} chunks=${c:-auto} rc=$rc | $plan| $times| $result" \
    | tee -a "$out/sweep.txt"
}
for bm in "$@"; do
  b=${bm%%:*} m=${bm#*:}
  run "$b" "$m" "" ""
  c0=$(grep -oE 'chunks [0-9]+ \(auto' "$out/logs/$b-$m-kauto-cauto.log" \
         | head -1 | grep -oE '[0-9]+')
  c0=${c0:-32}
  run "$b" "$m" 8 "$c0"
  for k in 16 32 64; do
    for c in $(( (c0 + 1) / 2 )) "$c0" $(( 2 * c0 )); do
      run "$b" "$m" "$k" "$c"
    done
  done
done
tar czf "$out/logs.tgz" -C "$out" logs && rm -rf "$out/logs"
