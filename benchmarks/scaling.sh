#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# benchmarks/scaling.sh -- how Jacobi, CIP and Himeno scale over 1, 2
# and 4 GPUs (issue 44, item 5), on the GPU machine, with the bundle of
# benchmarks/gpu-bundle.sh (and benchmarks/mpi/mpi-bundle.sh's):
#
#   SCALE=small MPI_BUNDLE=mpi-bundle bash benchmarks/scaling.sh gpu-bundle OUTDIR
#   MODES=ooc bash benchmarks/scaling.sh gpu-bundle OUTDIR      # SCALE=full
#   SCALE=tiny bash benchmarks/scaling.sh BUNDLE OUTDIR         # host self-test
#
# Modes (MODES, default "strong weak ooc ooc-weak mpi mpi-weak"; the
# two -weak out-of-core modes in SCALE=full only), each program's *-pacc
# with the automatic plan, PACC_DEVICES = N, PACC_VERBOSE=1:
#   strong    in core, one size on 1, 2, 4 GPUs (STRONG: "prog args;..."):
#             Jacobi 16384², 1000 steps (the anchor's setting) always;
#             CIP and Himeno at sizes that fill IC_FRAC (0.78) of one
#             GPU (full) or issue 44's sizes (small)
#   weak      in core, the first (decomposed) dimension of the strong
#             size divided by the largest GPU count, times N on N GPUs
#   ooc       out of core: OOC_GB of host arrays (48, the standard
#             problem; small: 12) with PACC_DEVICE_MEMORY = OOC_GB / 8 per
#             GPU (6G for 48 GB), OOC_T steps (256; small: 64)
#   ooc-weak  OOC_GB per GPU: the ooc problem's first dimension times N
#             on N GPUs, the same memory per GPU (runs whose arrays exceed
#             3/4 of the host's memory are skipped)
#   mpi       with MPI_BUNDLE: jacobi-mpi and cip-mpi on 1, 2, 4 ranks,
#             one GPU each, the ooc problem with OOC_GB / 8 / ranks of
#             device memory per rank (8x per rank, run-mpi-gpu.sh's
#             setting); the per-block exchange from the ranks' `mpi:'
#             report lines
#   mpi-weak  the same with OOC_GB per rank (first dimension times N) and
#             OOC_GB / 8 each: issue 13's weak-scaling model, measured
# Every N-GPU output is compared with the 1-GPU output of the same
# arguments (testsuite/gpu/compare.awk: checksum lines bit for bit,
# reduction lines within 1e-12; for weak sizes without a 1-GPU run one is
# made, WEAK_CHECK=0 leaves them unchecked); MPI runs: the checksum
# lines against one rank's at the same size.  A difference, a failed
# run, an output without its time, GFLOPS or checksum lines, or a GPU run
# on the host data path is a FAIL (printed loudly; exit status 1).
#
# Output: a table (program, mode, size, GPUs, time, GFLOPS, speed-up
# over 1 GPU in GFLOPS, check, plan k and chunks, blocks, MPI exchange
# per block) with the anchor line and issue 44's targets,
# OUTDIR/scaling.csv, OUTDIR/scaling.svg (benchmarks/tools/
# scaling-plot.awk) and the logs in OUTDIR/logs.
#
# Environment: SCALE=full|small|tiny (default full: an estimated 20-30
# minutes of device time on 2 GPUs, more than a call of the device tool
# may take: run it a MODES at a time; small: the budget mode, ~5 minutes
# on 2 GPUs; tiny: the host self-test's sizes, with HOST=1; the sizes
# and why in benchmarks/README.md),
# GPUS (default "1 2 4" up to nvidia-smi -L's count; HOST: "1 2 4"
# emulated), HOST=1 (PACC_DATA_PATH=host: the host back end, devices
# emulated), BENCHES (default "jacobi cip himeno"), STRONG, OOC_GB,
# OOC_T, OOC_FACTOR (8), IC_FRAC, FULL_T (the fill sizes' steps, 100),
# GPU_GB, HOST_GB (default: nvidia-smi, /proc/meminfo), RUN_TIMEOUT
# (seconds per run; full 300, else 60), DEADLINE (seconds for the whole
# script: no run starts after it and each is cut at it, the table is
# still printed; full 570, small 290, tiny 300), MPI_BUNDLE, PLOT_ONLY=1
# (runs nothing: the table and plot from OUTDIR/scaling.csv, e.g. the
# CSVs of several runs concatenated).  PACC_DEVICES and
# PACC_DEVICE_MEMORY are the script's; other PACC_* reach the programs
# (e.g. PACC_K=4 instead of the automatic k: say so with the results).

set -u
T_START=$(date +%s)
bundle=${1:?usage: scaling.sh BUNDLE OUTDIR}
out=${2:?usage: scaling.sh BUNDLE OUTDIR}
here=$(cd "$(dirname "$0")" && pwd)
cmp_awk=$here/../testsuite/gpu/compare.awk
plot_awk=$here/tools/scaling-plot.awk
. "$here/tools/bench-sizes.sh"
mkdir -p "$out/logs"
csv=$out/scaling.csv
SCALE=${SCALE:-full}
case $SCALE in
  full) DEADLINE=${DEADLINE:-570} RUN_TIMEOUT=${RUN_TIMEOUT:-300} ;;
  small) DEADLINE=${DEADLINE:-290} RUN_TIMEOUT=${RUN_TIMEOUT:-60} ;;
  tiny) DEADLINE=${DEADLINE:-300} RUN_TIMEOUT=${RUN_TIMEOUT:-60} HOST=${HOST:-1} ;;
  *) echo "scaling: SCALE must be full, small or tiny" >&2; exit 2 ;;
esac
HOST=${HOST:-0}
nfail=0
fail () { echo "FAIL: scaling: $*"; nfail=$((nfail + 1)); }
left () { echo $(( DEADLINE - ($(date +%s) - T_START) )); }

# The table and the plot, from $csv (also for PLOT_ONLY=1).
report () {
  echo
  echo "== scaling ($SCALE$([ "$HOST" = 1 ] && echo ", host back end, devices emulated");" \
       "speed-up: GFLOPS over the same program and mode on 1 GPU)"
  awk -F, '{ for (i = 1; i <= NF; i++) { c[NR, i] = $i; if (length($i) > w[i]) w[i] = length($i) } }
    END { for (r = 1; r <= NR; r++) { line = ""
            for (i = 1; i <= 12; i++) line = line sprintf(i < 12 ? "%-" w[i] "s  " : "%s", c[r, i])
            print line } }' "$csv"
  echo "anchor: NVIDIA multi-gpu-programming-models, Jacobi 16384² float, 1000 iterations," \
       "H200: 1.89x on 2 GPUs, 3.61x on 4, 6.66x on 8"
  # Issue 44's targets ("Done when") against the rows there are (they
  # hold at Jacobi 16384², fill sizes and the 48 GB problem: the size is
  # printed).
  awk -F, 'NR > 1 && $7 ~ /x$/ { k = $1 " " $2 " " $4; sp[k] = substr($7, 1, length($7) - 1); sz[k] = $3 }
    END { n = split("jacobi strong 2 1.9;jacobi strong 4 3.6;cip strong 2 1.8;cip strong 4 3.3;" \
                    "himeno strong 2 1.8;himeno strong 4 3.3;jacobi ooc 2 1.8;jacobi ooc 4 3.2;" \
                    "cip ooc 2 1.8;cip ooc 4 3.2;himeno ooc 2 1.8;himeno ooc 4 3.2;" \
                    "jacobi mpi 2 1.8;cip mpi 2 1.8", t, ";")
      for (i = 1; i <= n; i++) { split(t[i], f, " "); k = f[1] " " f[2] " " f[3]
        if (k in sp) printf "target: %-22s %-15s %5.2fx, issue 44 asks >= %.1fx: %s\n", k " GPUs", sz[k], sp[k], f[4], (sp[k] >= f[4] ? "met" : "MISSED") } }' "$csv"
  awk -f "$plot_awk" "$csv" > "$out/scaling.svg"
  echo "scaling: $csv, $out/scaling.svg"
}
if [ "${PLOT_ONLY:-0}" = 1 ]; then
  [ -f "$csv" ] || { echo "scaling: no $csv" >&2; exit 2; }
  report; exit 0
fi
bundle=$(cd "$bundle" && pwd)
export LD_LIBRARY_PATH=$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
unset PACC_DEVICES PACC_DEVICE_MEMORY

# The machine: GPUs, their memory, the host's memory.
if [ "$HOST" = 1 ]; then
  NG=4 host_env=(PACC_DATA_PATH=host)
else
  NG=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ')
  host_env=()
fi
GPUS=${GPUS:-$(for g in 1 2 4; do [ "$g" -le "${NG:-0}" ] && echo $g; done)}
GPUS=$(echo $GPUS)
[ -n "$GPUS" ] || { echo "scaling: no GPU (nvidia-smi -L); HOST=1 uses the host back end" >&2; exit 2; }
GMAX=${GPUS##* }
GPU_GB=${GPU_GB:-$(nvidia-smi --query-gpu=memory.total --format=csv,noheader,nounits 2>/dev/null \
                   | head -1 | awk '{ printf "%.1f", $1 * 1048576 / 1e9 }')}
HOST_GB=${HOST_GB:-$(awk '/MemTotal/ { printf "%.1f", $2 * 1024 / 1e9 }' /proc/meminfo)}
echo "== scaling.sh: bundle $bundle, SCALE=$SCALE, GPUs $GPUS$([ "$HOST" = 1 ] && echo " (emulated on the host)")," \
     "GPU ${GPU_GB:-?} GB, host $HOST_GB GB, budget ${DEADLINE}s, ${RUN_TIMEOUT}s a run"
nvidia-smi -L 2>/dev/null | sed 's/^/   /'
env | grep '^PACC_' | sed 's/^/   set for every run: /'

# The sizes (benchmarks/README.md, "Scaling").
OOC_FACTOR=${OOC_FACTOR:-8}
case $SCALE in
  full)
    fill=$(awk -v g="${GPU_GB:-80}" -v h="$HOST_GB" -v f="${IC_FRAC:-0.78}" \
             'BEGIN { b = g * 1e9 * f; if (b > h * 0.75e9) b = h * 0.75e9; printf "%.0f", b }')
    STRONG=${STRONG:-"jacobi 16384 16384 1000;cip $(bench_args cip "$fill" "${FULL_T:-100}");himeno $(bench_args himeno "$fill" "${FULL_T:-100}")"}
    OOC_GB=${OOC_GB:-48} OOC_T=${OOC_T:-256}
    MODES=${MODES:-strong weak ooc ooc-weak mpi mpi-weak} ;;
  small)
    STRONG=${STRONG:-"jacobi 16384 16384 1000;cip 16000 16000 200;himeno 256 257 513 1000 0"}
    OOC_GB=${OOC_GB:-12} OOC_T=${OOC_T:-64}
    MODES=${MODES:-strong weak ooc mpi} ;;
  tiny)
    STRONG=${STRONG:-"jacobi 64 70 6;cip 40 36 5;himeno 20 13 21 4 0"}
    OOC_GB=${OOC_GB:-0.002} OOC_T=${OOC_T:-8} HIMENO_PLANE=${HIMENO_PLANE:-17 33}
    MODES=${MODES:-strong weak ooc mpi} ;;
esac
OOC_B=$(awk -v g="$OOC_GB" 'BEGIN { printf "%.0f", g * 1e9 }')
OOC_MEM=$(( OOC_B / OOC_FACTOR ))
has_mode () { case " $MODES " in *" $1 "*) return 0 ;; esac; return 1; }

echo "program,mode,size,GPUs,time_s,GFLOPS,speedup,check,k,chunks,blocks,xchg_ms_per_block" > "$csv"
# row PROGRAM MODE SIZE GPUS TIME GFLOPS CHECK K CHUNKS BLOCKS XCHG (the
# speed-up from the mode's 1-GPU row; commas out of the free text).
declare -A base
row () {
  local sp=-
  [ "$4" = 1 ] && [ "$6" != - ] && base[$1,$2]=$6
  [ -n "${base[$1,$2]:-}" ] && [ "$6" != - ] &&
    sp=$(awk -v a="$6" -v b="${base[$1,$2]}" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "-" }')
  printf '%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n' "$1" "$2" "$3" "$4" "$5" "$6" "$sp" \
    "${7//,/;}" "$8" "$9" "${10}" "${11}" >> "$csv"
}
# row_run PROGRAM MODE SIZE GPUS CHECK XCHG: the row of the run in $o
# (its time and GFLOPS lines, the plan and the blocks of its report).
row_run () {
  row "$1" "$2" "$3" "$4" "$(val time "$o.out")" "$(val GFLOPS "$o.out")" "$5" \
    "$(sed -n 's/.* plan: .*; k \([0-9]*\) .*/\1/p' "$o.err" | head -1)" \
    "$(sed -n 's/.* plan: .*, chunks \([0-9]*\) .*/\1/p' "$o.err" | head -1)" \
    "$(sed -n 's/.* done: \([0-9]*\) blocks.*/\1/p' "$o.err" | head -1)" "$6"
}
# row_none PROGRAM MODE SIZE GPUS WHY: a run without figures.
row_none () { row "$1" "$2" "$3" "$4" - - "$5" - - - -; }
size_of () { case $1 in himeno) echo "${2}x${3}x${4}" ;; *) echo "${2}x${3}" ;; esac; }
# weak_point PROG MODE N: oargs, the ooc problem with N times its first
# (decomposed) dimension, so that each GPU or rank keeps a slab of one
# shape; when those arrays exceed 3/4 of the host's memory, says so,
# writes the row and returns 1.
weak_point () {
  local gb
  read -r -a oargs <<< "$(bench_args "$1" "$OOC_B" "$OOC_T")"
  oargs[0]=$(( oargs[0] * $3 ))
  gb=$(awk -v b=$(( OOC_B * $3 )) -v h="$HOST_GB" 'BEGIN { if (b > h * 0.75e9) printf "%.1f", b / 1e9 }')
  [ -z "$gb" ] && return 0
  echo "   $1 $2, $3 GPUs or ranks: $gb GB of arrays, more than 3/4 of the host's $HOST_GB GB: skipped"
  row_none "$1" "$2" "$(size_of "$1" "${oargs[@]}")" "$3" "skipped (host memory)"
  return 1
}

# run ID ENV... -- EXE ARGS...: one process under the deadline and
# RUN_TIMEOUT, stdout in logs/ID.out, stderr in logs/ID.err.  Sets rc
# and why (empty when the run gave its time, GFLOPS and checksum
# lines).  A run of the same EXE, ARGS and ENV made before is not made
# again (the weak sizes that equal strong ones, ooc-weak on 1 GPU).
declare -A done_runs
run () {
  local id=$1 key lim; shift
  local -a envs=()
  while [ "$1" != -- ]; do envs+=("$1"); shift; done
  shift
  key="${envs[*]}|$*"
  o=$out/logs/$id
  if [ -n "${done_runs[$key]:-}" ]; then
    o=${done_runs[$key]%|*} rc=${done_runs[$key]##*|}
  elif [ "${cached_only:-0}" = 1 ]; then
    why="not run"; rc=-1; return
  else
    lim=$(left)
    if [ "$lim" -lt 10 ]; then why="skipped (DEADLINE)"; rc=-1; return; fi
    [ "$lim" -gt "$RUN_TIMEOUT" ] && lim=$RUN_TIMEOUT
    echo "-- $(( $(date +%s) - T_START ))s: $id: ${show:-${envs[*]} $(basename "$1") ${*:2}}"
    env "${envs[@]}" timeout -k 5 "$lim" "$@" > "$o.out" 2> "$o.err"
    rc=$?
    done_runs[$key]="$o|$rc"
  fi
  why=""
  if [ "$rc" != 0 ]; then
    case $rc in 124|137) why="timed out" ;; *) why="exit status $rc" ;; esac
    last_err=$(grep -v '^pacc: .*: \(plan\|done\):' "$o.err" | tail -1 | cut -c1-120)
    why="$why${last_err:+: $last_err}"
  elif ! grep -q '^time [0-9.]* s$' "$o.out" || ! grep -q '^GFLOPS [0-9.]*$' "$o.out"; then
    why="no time or GFLOPS line in the output"
  elif ! grep -q '^checksum .* hash [0-9a-f]*$' "$o.out"; then
    why="no checksum line in the output"
  elif [ "$HOST" != 1 ] && grep -q 'data path host' "$o.err"; then
    # A GPU measurement that ran on the host back end measures nothing.
    why="on the host data path, not a GPU: $(grep -m1 'data path host' "$o.err" | cut -c1-100)"
  fi
}
val () { awk -v k="$1" '$1 == k { print $2; exit }' "$2"; }

# measure PROG MODE GPUS REF ENV... -- ARGS...: a PACC run of the bundle's
# PROG-pacc on GPUS devices and its row; REF: the 1-GPU output to compare
# with ("" for none, "-" for a 1-GPU run that is the reference).
measure () {
  local b=$1 mode=$2 g=$3 ref=$4 check; shift 4
  local -a envs=()
  while [ "$1" != -- ]; do envs+=("$1"); shift; done
  shift
  local size; size=$(size_of "$b" "$@")
  last=""
  run "$b-$mode-${g}gpu-$(echo "$*" | tr ' ' x)" "${host_env[@]}" PACC_VERBOSE=1 \
    PACC_DEVICES="$g" "${envs[@]}" -- "$bundle/bin/$b-pacc" "$@"
  if [ -n "$why" ]; then
    case $why in skipped*) echo "   $b $mode $g GPU(s): $why" ;; *) fail "$b $mode $size on $g GPU(s): $why (log $o.err)" ;; esac
    row_none "$b" "$mode" "$size" "$g" "$why"
    return
  fi
  check=-
  if [ "$ref" = - ]; then
    check="1-GPU reference"
  elif [ -n "$ref" ]; then
    if [ ! -f "$ref" ]; then
      check="unchecked (no 1-GPU output)"
    elif check=$(awk -v tol=1e-12 -v ignore='^(time|GFLOPS) ' -f "$cmp_awk" "$ref" "$o.out"); then
      check=ok
    else
      fail "$b $mode $size on $g GPUs differs from 1 GPU: $check"
      check="DIFFERS from 1 GPU: $check"
    fi
  fi
  row_run "$b" "$mode" "$size" "$g" "$check" -
  last=$o.out
}

# ref_for PROG ENV... -- ARGS...: the 1-GPU output at these arguments (a
# run made before, or one made now unless WEAK_CHECK=0), in $last.
ref_for () {
  local b=$1; shift
  local -a envs=()
  while [ "$1" != -- ]; do envs+=("$1"); shift; done
  shift
  last=""
  # WEAK_CHECK=0: only a run made before.
  cached_only=$([ "${WEAK_CHECK:-1}" = 1 ] && echo 0 || echo 1) \
    run "$b-ref-1gpu-$(echo "$*" | tr ' ' x)" "${host_env[@]}" PACC_VERBOSE=1 \
    PACC_DEVICES=1 "${envs[@]}" -- "$bundle/bin/$b-pacc" "$@"
  [ -z "$why" ] && last=$o.out
  return 0
}

benches=" ${BENCHES:-jacobi cip himeno} "
IFS=';' read -r -a strong <<< "$STRONG"
for c in "${strong[@]}"; do
  set -- $c
  b=$1; shift
  case $benches in *" $b "*) ;; *) continue ;; esac
  [ -x "$bundle/bin/$b-pacc" ] || { fail "$b: no $bundle/bin/$b-pacc"; continue; }
  args=("$@")
  if has_mode strong; then
    ref=""
    for g in $GPUS; do
      if [ "$g" = 1 ]; then measure "$b" strong 1 - -- "${args[@]}"; ref=${last:-none}
      else measure "$b" strong "$g" "$ref" -- "${args[@]}"; fi
      last=""
    done
  fi
  if has_mode weak; then
    w=$(( args[0] / GMAX ))
    for g in $GPUS; do
      # On the most GPUs, the strong size itself (the same run, a few
      # rows more where GMAX does not divide it).
      wargs=("$(( g == GMAX ? args[0] : w * g ))" "${args[@]:1}")
      if [ "$g" = 1 ]; then measure "$b" weak 1 - -- "${wargs[@]}"; continue; fi
      ref_for "$b" -- "${wargs[@]}"
      measure "$b" weak "$g" "${last:-none}" -- "${wargs[@]}"
    done
  fi
done

# Out of core: the standard problem over 1, 2, 4 GPUs, the same memory
# per GPU; ooc-weak: OOC_GB per GPU.
for b in ${BENCHES:-jacobi cip himeno}; do
  [ -x "$bundle/bin/$b-pacc" ] || continue
  if has_mode ooc; then
    read -r -a oargs <<< "$(bench_args "$b" "$OOC_B" "$OOC_T")"
    ref=""
    for g in $GPUS; do
      if [ "$g" = 1 ]; then measure "$b" ooc 1 - PACC_DEVICE_MEMORY=$OOC_MEM -- "${oargs[@]}"; ref=${last:-none}
      else measure "$b" ooc "$g" "$ref" PACC_DEVICE_MEMORY=$OOC_MEM -- "${oargs[@]}"; fi
      last=""
    done
  fi
  if has_mode ooc-weak; then
    for g in $GPUS; do
      weak_point "$b" ooc-weak "$g" || continue
      if [ "$g" = 1 ]; then measure "$b" ooc-weak 1 - PACC_DEVICE_MEMORY=$OOC_MEM -- "${oargs[@]}"; continue; fi
      ref_for "$b" PACC_DEVICE_MEMORY=$OOC_MEM -- "${oargs[@]}"
      measure "$b" ooc-weak "$g" "${last:-none}" PACC_DEVICE_MEMORY=$OOC_MEM -- "${oargs[@]}"
    done
  fi
done

# MPI: ranks with one GPU each.  mpi: the ooc problem, 8x per rank;
# mpi-weak: OOC_GB per rank (issue 13's model: each rank a 48 GB slab).
# mpi_launch ID RANKS MEM ARGS...: PROG-mpi ($b) on RANKS ranks, MEM of
# device memory each; in a subshell, so that the bundle's Open MPI
# environment stays there.
mpi_launch () {
  local id=$1 np=$2 mem=$3 v; shift 3
  local -a menv=()
  for v in "${host_env[@]}" PACC_VERBOSE=1 PACC_DEVICE_MEMORY="$mem"; do menv+=(-x "$v"); done
  show="mpirun -np $np ${menv[*]} $b-mpi $*" \
    run "$id" -- bash -c '. "$1"; mpi_env "$2"; shift 2; exec mpirun "${MPI_X[@]}" "$@"' _ \
    "$here/mpi/mpi-env.sh" "$MB" --bind-to none -np "$np" "${menv[@]}" \
    "$out/logs/one-gpu.sh" "$MB/bin/$b-mpi" "$@"
}
# mpi_measure MODE RANKS REF MEM ARGS...: a run and its row; REF: the
# one-rank output to compare with ("-": this run is it).
mpi_measure () {
  local mode=$1 g=$2 ref=$3 mem=$4 size xchg check; shift 4
  size=$(size_of "$b" "$@")
  last=""
  mpi_launch "$b-$mode-${g}rank-$(echo "$*" | tr ' ' x)" "$g" "$mem" "$@"
  if [ -n "$why" ]; then
    case $why in skipped*) echo "   $b $mode $g rank(s): $why" ;; *) fail "$b $mode $size on $g rank(s): $why (log $o.err)" ;; esac
    row_none "$b" "$mode" "$size" "$g" "$why"
    return
  fi
  # The slowest rank's exchange time over its blocks' exchanges.
  xchg=$(awk '/ mpi: rank [0-9]+ of / { for (i = 1; i <= NF; i++) {
                if ($i ~ /^exchanges,?$/) n = $(i - 1)
                if ($i == "in" && $(i + 2) == "s") t = $(i + 1) }
              if (n > 0 && 1000 * t / n > m) m = 1000 * t / n }
            END { if (m > 0) printf "%.3f", m; else print "-" }' "$o.out" "$o.err")
  if [ "$ref" = - ]; then
    check="1-rank reference"
  elif [ ! -f "$ref" ]; then
    check="unchecked (no 1-rank output)"
  elif [ "$(grep '^checksum' "$ref")" = "$(grep '^checksum' "$o.out")" ]; then
    check=ok
  else
    fail "$b $mode $size on $g ranks: checksums differ from one rank's: $(grep '^checksum' "$o.out" | head -1)"
    check="DIFFERS from 1 rank"
  fi
  row_run "$b" "$mode" "$size" "$g" "$check" "$xchg"
  last=$o.out
}
if { has_mode mpi || has_mode mpi-weak; } && [ -n "${MPI_BUNDLE:-}" ]; then
  MB=$(cd "$MPI_BUNDLE" && pwd)
  . "$here/mpi/mpi-env.sh"
  ( mpi_env "$MB"; command -v mpirun > /dev/null ) || fail "mpi: no mpirun in $MB/ompi/bin or on PATH"
  mpi_gpu_wrapper "$out/logs/one-gpu.sh" "$NG"
  for b in jacobi cip; do
    case $benches in *" $b "*) ;; *) continue ;; esac
    [ -x "$MB/bin/$b-mpi" ] || { fail "mpi: no $MB/bin/$b-mpi"; continue; }
    if has_mode mpi; then
      read -r -a oargs <<< "$(bench_args "$b" "$OOC_B" "$OOC_T")"
      ref=""
      for g in $GPUS; do
        if [ "$g" = 1 ]; then mpi_measure mpi 1 - "$OOC_MEM" "${oargs[@]}"; ref=${last:-none}
        else mpi_measure mpi "$g" "$ref" $(( OOC_MEM / g )) "${oargs[@]}"; fi
      done
    fi
    if has_mode mpi-weak; then
      for g in $GPUS; do
        weak_point "$b" mpi-weak "$g" || continue
        if [ "$g" = 1 ]; then mpi_measure mpi-weak 1 - "$OOC_MEM" "${oargs[@]}"; continue; fi
        # The reference: one rank at this size (WEAK_CHECK=0: none).
        last=""
        if [ "${WEAK_CHECK:-1}" = 1 ]; then
          mpi_launch "$b-mpi-ref-1rank-$(echo "${oargs[*]}" | tr ' ' x)" 1 "$OOC_MEM" "${oargs[@]}"
          [ -z "$why" ] && last=$o.out
        fi
        mpi_measure mpi-weak "$g" "${last:-none}" "$OOC_MEM" "${oargs[@]}"
      done
    fi
  done
elif has_mode mpi || has_mode mpi-weak; then
  echo "   mpi: no MPI_BUNDLE (benchmarks/mpi/mpi-bundle.sh): the MPI runs are left out"
fi

report
if [ "$nfail" -gt 0 ]; then
  echo "FAIL: scaling: $nfail failure(s): see the FAIL lines above"
  exit 1
fi
echo "scaling: every multi-GPU result equals its 1-GPU result"
