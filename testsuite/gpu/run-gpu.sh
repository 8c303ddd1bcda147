#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# testsuite/gpu/run-gpu.sh -- run, on the GPU machine, what
# benchmarks/gpu-bundle.sh built here: the run tests under a sweep of
# PACC_K / PACC_CHUNKS / PACC_QUEUES against their reference outputs, then
# the benchmarks, and print a summary table last.  Needs only bash,
# coreutils, awk and nvidia-smi (no GCC 12, no DejaGnu).  From the
# repository root:
#
#   bash testsuite/gpu/run-gpu.sh gpu-bundle               # BENCH=small
#   BENCH=large TESTS=0 bash testsuite/gpu/run-gpu.sh gpu-bundle
#
# Environment:
#   BENCH=small|large|none   benchmark sizes (default small):
#       small  the bundle's bench-small cases (compared with the reference
#              outputs made when bundling): each out-of-core (emulated:
#              PACC_DEVICE_MEMORY = 1/4 of the data, the runtime's own
#              k and chunks), in-core (PACC_CHUNKS=1 PACC_K=T) and the CUDA
#              baseline; about a minute with the tests
#       large  out-of-core at OOC_GB (default 96) GB of host arrays, in-core
#              and CUDA at the largest size that fits the GPU (IC_FRAC of
#              its memory, default 0.78), T = LARGE_T (default 32) steps;
#              out-of-core with PACC_K = OOC_K (default 8); under 8 minutes
#              on an H100 with TESTS=0
#       multi  several GPUs (at least 2): the multi-device examples
#              (heat2d, matmul, s3d) checked against the reference on 1
#              and 2 GPUs; peer-copy bandwidth of `update peer' and of
#              plain cudaMemcpyPeerAsync; then each of MULTI_CASES on 1 and
#              2 GPUs (PACC_DEVICES, or the examples' device argument),
#              the 2-GPU output compared with the 1-GPU one, and Jacobi
#              out of core streaming through 1 and 2 GPUs; the table ends
#              with the speed-ups.  MULTI_W0=1 also runs every case on 2
#              or more GPUs with PACC_WORKERS=0 (mode w0-Ngpu: the calling
#              thread issues for every GPU, no worker threads), its
#              speed-up taken over the same 1-GPU run
#   TESTS=1|0                run the tests, then fault-gpu.sh (default 1),
#                            then, with MPI_BUNDLE=DIR (mpi-bundle.sh's
#                            bundle), mpi-gpu.sh: the mpi clause on one
#                            rank and two, on one GPU and two
#   FLAGS_SWEEP="..."        settings of the build-flag matrix's programs
#       (NAME.fN, testsuite/pacc.flags), default "PACC_K=- PACC_CHUNKS=- ;
#       PACC_K=3 PACC_CHUNKS=5 PACC_QUEUES=2"
#   GPU_SWEEP="..."          settings of the tests, in the syntax of
#       testsuite/lib/pacc.exp (products separated by `;', VAR=v1,v2 words,
#       `-' = unset); default
#       "PACC_K=1,3 PACC_CHUNKS=1,5,13 PACC_QUEUES=1,3 ; PACC_K=- PACC_CHUNKS=- PACC_QUEUES=-
#       ; PACC_PIN_PIECE=4K,- PACC_PIN=first-block,begin PACC_K=3 PACC_CHUNKS=5
#       ; PACC_PIN_PIECE=4K PACC_DEVICE_MEMORY=1M,256K
#       ; PACC_K_FIRST=7 PACC_K=3 PACC_CHUNKS=5,13
#       ; PACC_PIN_PIECE=4K PACC_DEVICE_MEMORY=1M PACC_K_FIRST=-,0
#       ; PACC_SKEW=1 PACC_K=3,8 PACC_CHUNKS=5,13 PACC_QUEUES=1,3
#       ; PACC_STAGE=2 PACC_K=3 PACC_CHUNKS=5,13 PACC_PIN=first-block,begin
#       ; PACC_STAGE=1,0 PACC_PIN_PIECE=4K PACC_DEVICE_MEMORY=1M
#       ; PACC_TBLOCK_DEPTH=2,5 PACC_K=19 PACC_CHUNKS=1,5"
#       (the third product registers the tests' small arrays in pieces of
#       4 KiB as the first block needs them, and at region begin; the
#       fourth streams automatic plans through little memory, so that the
#       re-plan follows a first block that pinned as it went; the fifth
#       gives the first block steps of its own; the sixth lets the cost
#       model choose the first block's steps while it registers, or not;
#       the seventh skews the plans, as the cost model does where that is
#       faster (libpacc/chunks.h); the last two copy the last targetin
#       arrays through staging buffers and the rest straight from
#       registered memory, or let the cost model choose
#       (libpacc/stage.h); the last runs the steps of in-kernel
#       temporal blocking at depths 2 and 5 (blocks of 19 steps: launches
#       of 2 or 5 steps and a shorter last one), as the other products
#       do at the default depth with PACC_K=3 and the automatic k; the
#       tests' own
#       dg-pacc-sweep lines are not used here)
#   JOBS=N                   test runs at a time (default 8)
#   RUN_TIMEOUT=S            seconds per test run (default 60)
#   DEADLINE=S               whole-script budget; runs that would start
#       after it are skipped, and each run is cut at it (default 115 for
#       small and none, 470 for large); when given, test runs that would
#       start after it are skipped too and counted as not run
#   LARGE_MODES="ooc incore cuda"  which runs BENCH=large makes (default all)
#   OOC_KS="4 8 16"          out-of-core runs, one per PACC_K (default OOC_K)
#   OOC_ENV="VAR=v ..."     more settings of the large out-of-core runs
#       (e.g. "PACC_CHUNKS=16 PACC_QUEUES=4"; default: the runtime's choices)
#       The large runs end with a kernels table: PACC's kernel time
#       in core against the CUDA kernels' (same size and steps), the HBM
#       limit (HBM_GBS, default 2840: an H100's measured copy bandwidth),
#       the pipeline's kernel time per point and step against in core,
#       and the block its re-plan measured (copies included) against the
#       in-core kernels for the same steps
#   LARGE_BENCHES="jacobi himeno cip", LARGE_T, OOC_K, OOC_GB, IC_FRAC,
#   HOST_GB (host memory assumed, default 125), GPU_GB (default: from
#   nvidia-smi)
#   RUN_PACC_ON_GPU=auto|1|0 if libpacc reports the host data path (no CUDA
#       back end), auto (default) runs the PACC programs with
#       ACC_DEVICE_TYPE=host (so they test the host path and do not hand
#       host buffers to GPU kernels) and skips the large PACC runs; 1 runs
#       them as they are; 0 always forces the host path
#   RESULTS=dir              where summary.txt and gpu-run-logs.tar.gz go
#       (default $OUT if set, else ./gpu-results)
# Anything else in the environment (GOMP_DEBUG, GOMP_NVPTX_JIT, PACC_*
# other than the swept ones) reaches the programs.

set -u
T_START=$(date +%s)
bundle=${1:-gpu-bundle}
[ -d "$bundle" ] || { echo "run-gpu: no bundle folder '$bundle'" >&2; exit 2; }
bundle=$(cd "$bundle" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
cmp_awk=$here/compare.awk
[ -f "$cmp_awk" ] || { echo "run-gpu: no $cmp_awk" >&2; exit 2; }

BENCH=${BENCH:-small}
TESTS=${TESTS:-1}
JOBS=${JOBS:-8}
RUN_TIMEOUT=${RUN_TIMEOUT:-60}
# The test runs stop at DEADLINE only when it is given (its defaults are
# the benchmarks' budgets, short of a whole sweep of tests).
TEST_DEADLINE=${DEADLINE:-0}
case $BENCH in
  large|multi) DEADLINE=${DEADLINE:-470} ;;
  small|none) DEADLINE=${DEADLINE:-115} ;;
  *) echo "run-gpu: BENCH must be small, large, multi or none" >&2; exit 2 ;;
esac
GPU_SWEEP=${GPU_SWEEP:-"PACC_K=1,3 PACC_CHUNKS=1,5,13 PACC_QUEUES=1,3 ; PACC_K=- PACC_CHUNKS=- PACC_QUEUES=- ; PACC_PIN_PIECE=4K,- PACC_PIN=first-block,begin PACC_K=3 PACC_CHUNKS=5 ; PACC_PIN_PIECE=4K PACC_DEVICE_MEMORY=1M,256K ; PACC_K_FIRST=7 PACC_K=3 PACC_CHUNKS=5,13 ; PACC_PIN_PIECE=4K PACC_DEVICE_MEMORY=1M PACC_K_FIRST=-,0 ; PACC_SKEW=1 PACC_K=3,8 PACC_CHUNKS=5,13 PACC_QUEUES=1,3 ; PACC_STAGE=2 PACC_K=3 PACC_CHUNKS=5,13 PACC_PIN=first-block,begin ; PACC_STAGE=1,0 PACC_PIN_PIECE=4K PACC_DEVICE_MEMORY=1M ; PACC_TBLOCK_DEPTH=2,5 PACC_K=19 PACC_CHUNKS=1,5"}
RUN_PACC_ON_GPU=${RUN_PACC_ON_GPU:-auto}
RESULTS=${RESULTS:-${OUT:-$PWD/gpu-results}}
mkdir -p "$RESULTS"

export LD_LIBRARY_PATH=$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
unset PACC_K PACC_CHUNKS PACC_BLOCK PACC_QUEUES PACC_DEVICES PACC_DEVICE_MEMORY PACC_FAULT PACC_TBLOCK_DEPTH PACCTEST_DUMP
W=$(mktemp -d /tmp/pacc-gpu.XXXXXX)
mkdir -p "$W/tests" "$W/bench"
summary=$W/summary.txt
say () { echo "$*" | tee -a "$summary"; }
elapsed () { echo $(( $(date +%s) - T_START )); }
left () { echo $(( DEADLINE - ($(date +%s) - T_START) )); }
# The test runs' process group (set below): killed with the script, so
# that a run cut by an outer timeout leaves no test behind to slow the
# machine's next command (4 H200s, 2026-11-28: the leftovers of one call
# timed out the next call's runs).
XPID=""
finish () {
  [ -n "$XPID" ] && kill -- -"$XPID" 2>/dev/null
  tar -C "$W" -czf "$RESULTS/gpu-run-logs.tar.gz" . 2>/dev/null
  cp "$summary" "$RESULTS/summary.txt" 2>/dev/null
  rm -rf "$W"
}
trap finish EXIT
trap 'exit 143' TERM INT

# ------------------------------------------------------------ machine ---
say "== run-gpu.sh: bundle $bundle, BENCH=$BENCH TESTS=$TESTS, budget ${DEADLINE}s"
sed 's/^/   /' "$bundle/INFO" | tee -a "$summary"
say "== nvidia-smi -L"
nvidia-smi -L 2>&1 | tee -a "$summary"
GPU_MIB=$(nvidia-smi --query-gpu=memory.total --format=csv,noheader,nounits 2>/dev/null | head -1 | tr -dc 0-9)
say "   GPU memory ${GPU_MIB:-?} MiB; host MemTotal $(awk '/MemTotal/{printf "%.1f GiB", $2/1048576}' /proc/meminfo), $(nproc) CPUs"

say "== acc-probe (GCC 12 libgomp from the bundle)"
"$bundle/bin/acc-probe" > "$W/acc-probe.out" 2>&1
probe_rc=$?
sed 's/^/   /' "$W/acc-probe.out" | tee -a "$summary"
ndev=$(sed -n 's/^acc_get_num_devices(acc_device_nvidia) = \([0-9-]*\)$/\1/p' "$W/acc-probe.out")
if [ "${ndev:-0}" -lt 1 ] || [ $probe_rc -ne 0 ]; then
  say "   WARNING: libgomp sees no usable nvptx device: OpenACC code runs on the host"
fi

# Which data path does libpacc take?  (PACC_VERBOSE=1 prints it.)
PACC_RUN_ENV=""
PACC_MODE_NOTE=""
PACC_GPU=1
# T = 0: the region starts (and reports its data path) but runs no kernel.
PACC_VERBOSE=1 timeout -k 5 30 "$bundle/bin/jacobi-pacc" 66 70 0 > "$W/path-probe.out" 2> "$W/path-probe.err"
path_rc=$?
datapath=$(sed -n 's/.*data path \([A-Za-z0-9_-]*\).*/\1/p' "$W/path-probe.err" | head -1)
say "== libpacc data path: ${datapath:-unknown} (probe exit status $path_rc)"
if [ $path_rc -ne 0 ]; then
  tail -5 "$W/path-probe.err" | sed 's/^/   /' | tee -a "$summary"
fi
if [ "$RUN_PACC_ON_GPU" = 0 ] || { [ "$RUN_PACC_ON_GPU" = auto ] && [ "${datapath:-host}" = host ]; }; then
  PACC_RUN_ENV="ACC_DEVICE_TYPE=host"
  PACC_MODE_NOTE=" (host path)"
  PACC_GPU=0
  say "   WARNING: PACC programs run with ACC_DEVICE_TYPE=host: this libpacc has no GPU" \
      "data path (or RUN_PACC_ON_GPU=0); large PACC runs are skipped"
fi
export PACC_RUN_ENV W bundle RUN_TIMEOUT T_START TEST_DEADLINE

# -------------------------------------------------------------- tests ---
# Expand a sweep into settings, one per line ("" = all unset).
expand_sweep () {
  local spec=$1 product word var vals v p
  local -a products partial next vs
  IFS=';' read -r -a products <<< "$spec"
  for product in "${products[@]}"; do
    [ -n "${product// /}" ] || continue
    partial=("")
    for word in $product; do
      var=${word%%=*}; vals=${word#*=}
      IFS=',' read -r -a vs <<< "$vals"
      next=()
      for p in "${partial[@]}"; do
        for v in "${vs[@]}"; do
          if [ "$v" = - ]; then next+=("$p"); else next+=("${p:+$p }$var=$v"); fi
        done
      done
      partial=("${next[@]}")
    done
    printf '%s\n' "${partial[@]}"
  done | awk '!seen[$0]++'
}

run_test_one () {
  local name=$1 idx=$2; shift 2
  local o=$W/tests/$name.$idx
  # Past DEADLINE no run starts: the summary counts it as not run.
  if [ "$TEST_DEADLINE" -gt 0 ] && [ $(( $(date +%s) - T_START )) -ge "$TEST_DEADLINE" ]; then
    echo deadline > "$o.rc"
    return
  fi
  # shellcheck disable=SC2086
  env $PACC_RUN_ENV "$@" timeout -k 5 "$RUN_TIMEOUT" "$bundle/tests/$name.pacc" \
    > "$o.out" 2> "$o.err"
  echo $? > "$o.rc"
}
export -f run_test_one

tpass=0 tfail=0
if [ "$TESTS" = 1 ]; then
  mapfile -t settings < <(expand_sweep "$GPU_SWEEP")
  # The build-flag matrix's programs (NAME.fN) test the flags, not the
  # plans: two settings each.
  mapfile -t fsettings < <(expand_sweep "${FLAGS_SWEEP:-PACC_K=- PACC_CHUNKS=- ; PACC_K=3 PACC_CHUNKS=5 PACC_QUEUES=2}")
  sweep_of () { if [[ $1 == *.f[0-9]* ]]; then ss=("${fsettings[@]}"); else ss=("${settings[@]}"); fi; }
  ntests=$(wc -l < "$bundle/tests/LIST")
  say "== run tests: $ntests tests x ${#settings[@]} settings (the flag matrix's ${#fsettings[@]}), $JOBS at a time${PACC_MODE_NOTE}"
  : > "$W/tests/JOBS"
  NGPUS=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ')
  [ "$NGPUS" -ge 1 ] || NGPUS=1   # no GPU: the host path, one device
  while IFS=$'\t' read -r name tol ndev; do
    # A test of the multi-device directives needs that many GPUs.
    [ "${ndev:-1}" -gt "$NGPUS" ] && continue
    sweep_of "$name"
    i=0
    for s in "${ss[@]}"; do
      echo "$name $i${s:+ $s}" >> "$W/tests/JOBS"   # no trailing blank (xargs -L)
      i=$((i + 1))
    done
  done < "$bundle/tests/LIST"
  t0=$(date +%s)
  setsid xargs -P "$JOBS" -L 1 bash -c 'run_test_one "$@"' _ < "$W/tests/JOBS" &
  XPID=$!
  wait "$XPID"
  XPID=""
  tunsup=0 tnotrun=0
  while IFS=$'\t' read -r name tol ndev; do
    if [ "${ndev:-1}" -gt "$NGPUS" ]; then
      say "UNSUPPORTED: pacc.run/$name.c: needs $ndev GPUs, this machine has $NGPUS"
      tunsup=$((tunsup + 1))
      continue
    fi
    bad="" nbad=0 nnot=0 i=0
    sweep_of "$name"
    for s in "${ss[@]}"; do
      o=$W/tests/$name.$i
      rc=$(cat "$o.rc" 2>/dev/null || echo -1)
      why=""
      if [ "$rc" = deadline ]; then
        nnot=$((nnot + 1)); i=$((i + 1)); continue
      elif [ ! -x "$bundle/tests/$name.pacc" ]; then
        why="not built"
      elif [ "$rc" != 0 ]; then
        case $rc in 124|137) why="timed out" ;; *) why="exit status $rc" ;; esac
        why="$why: $(tail -1 "$o.err" 2>/dev/null | cut -c1-120)"
      else
        why=$(awk -v tol="$tol" -f "$cmp_awk" "$bundle/tests/$name.ref.out" "$o.out")
      fi
      if [ -n "$why" ]; then
        nbad=$((nbad + 1))
        [ $nbad -le 3 ] && bad="$bad [${s:-(defaults)}: $why]"
      fi
      i=$((i + 1))
    done
    if [ $nbad -eq 0 ] && [ $nnot -gt 0 ]; then
      say "UNRESOLVED: pacc.run/$name.c: $nnot of ${#ss[@]} settings not run (DEADLINE)"
      tnotrun=$((tnotrun + 1))
    elif [ $nbad -eq 0 ]; then
      say "PASS: pacc.run/$name.c"
      tpass=$((tpass + 1))
    else
      [ $nbad -gt 3 ] && bad="$bad ..."
      say "FAIL: pacc.run/$name.c: $nbad of ${#ss[@]} settings fail:$bad"
      tfail=$((tfail + 1))
    fi
  done < "$bundle/tests/LIST"
  # PACC_FAULT on the CUDA back end (testsuite/README), on a GPU only.
  if nvidia-smi -L 2>/dev/null | grep -q '^GPU ' && [ "$RUN_PACC_ON_GPU" != 0 ]; then
    mkdir -p "$W/fault"
    while IFS= read -r line; do
      say "$line"
      case $line in
        PASS:*) tpass=$((tpass + 1)) ;;
        FAIL:*) tfail=$((tfail + 1)) ;;
        UNSUPPORTED:*) tunsup=$((tunsup + 1)) ;;
      esac
    done < <(timeout 300 bash "$here/fault-gpu.sh" "$bundle" "$W/fault" 2>&1 \
             | grep -E '^(PASS|FAIL|UNSUPPORTED):')
    # The mpi clause on one and two GPUs (benchmarks/mpi/mpi-bundle.sh).
    if [ -n "${MPI_BUNDLE:-}" ]; then
      mkdir -p "$W/mpi"
      while IFS= read -r line; do
        say "$line"
        case $line in
          PASS:*) tpass=$((tpass + 1)) ;;
          FAIL:*) tfail=$((tfail + 1)) ;;
          \|*) ;;
        esac
      done < <(timeout 500 bash "$here/mpi-gpu.sh" "$MPI_BUNDLE" "$W/mpi" 2>&1 \
               | grep -E '^(PASS|FAIL|UNSUPPORTED):|^\|')
    fi
  fi
  say "== tests: $tpass passed, $tfail failed, $tunsup unsupported, $tnotrun not run before DEADLINE ($(( $(date +%s) - t0 ))s)"
fi

# --------------------------------------------------------- benchmarks ---
TABLE=$W/table.tsv
printf 'bench\tsize\tT\tmode\tk\tchunks\ttime_s\tGFLOPS\tGB/s\tcheck\n' > "$TABLE"
row () { printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >> "$TABLE"; }
ignore_re='^(time|GFLOPS|time_kernels|GFLOPS_kernels|mem_GBps|link_GBps) '

# Bytes of host arrays per benchmark, for its arguments.
data_bytes () {
  case $1 in
    jacobi) awk -v x="$2" -v y="$3" 'BEGIN{printf "%.0f", 8*x*y}' ;;
    himeno) awk -v x="$2" -v y="$3" -v z="$4" 'BEGIN{printf "%.0f", 56*x*y*z}' ;;
    cip) awk -v x="$2" -v y="$3" 'BEGIN{printf "%.0f", 32*x*y}' ;;
  esac
}
steps_of () { case $1 in himeno) echo "$5" ;; matmul) echo 1 ;; *) echo "$4" ;; esac; }
size_of () { case $1 in himeno) echo "${2}x${3}x${4}" ;; matmul) echo "${2}x${2}" ;; *) echo "${2}x${3}" ;; esac; }

# run_bench BENCH MODE REF|- ENV... -- ARGS...: one run of a benchmark and
# its row(s) in the table.  MODE: out-of-core, in-core (PACC binary) or
# cuda (two rows: cuda, with the transfers, and cuda-kernels).
run_bench () {
  local b=$1 mode=$2 ref=$3; shift 3
  local -a envs=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do envs+=("$1"); shift; done
  shift
  local args="$*" size T id o exe lim rc check k chunks t g bw
  size=$(size_of "$b" "$@"); T=$(steps_of "$b" "$@")
  id="$b-$(echo "$args" | tr ' ' 'x')-$mode"
  o=$W/bench/$id
  if [ "$mode" = cuda ]; then exe=$bundle/bin/$b-cuda; else exe=$bundle/bin/$b-pacc; fi
  # The multi-device examples take the device count as an extra argument.
  case $b in heat2d|matmul|s3d)
    case $args in *" "*) size=$(size_of "$b" "${@:1:$(($# - 1))}") ;; esac ;;
  esac
  if [ ! -x "$exe" ]; then
    row "$b" "$size" "$T" "$mode" - - - - - "not built"; return
  fi
  lim=$(left)
  if [ "$lim" -lt 10 ]; then
    say "-- skip $b $args ($mode): past the budget"
    row "$b" "$size" "$T" "$mode" - - - - - "skipped (budget)"; return
  fi
  say "-- $(elapsed)s: $b $args ($mode${envs[*]:+, ${envs[*]}})"
  if [ "$mode" = cuda ]; then
    env "${envs[@]}" timeout -k 5 "$lim" "$exe" "$@" > "$o.out" 2> "$o.err"
  else
    # shellcheck disable=SC2086
    env $PACC_RUN_ENV PACC_VERBOSE=1 "${envs[@]}" timeout -k 5 "$lim" "$exe" "$@" \
      > "$o.out" 2> "$o.err"
  fi
  rc=$?
  grep -v '^pacc: ' "$o.err" | tail -3 | sed 's/^/   /'
  if [ $rc -ne 0 ]; then
    case $rc in 124|137) check="timed out" ;; *) check="exit status $rc" ;; esac
    say "   $check: $(tail -1 "$o.err" | cut -c1-160)"
    row "$b" "$size" "$T" "$mode" - - - - - "$check"; return
  fi
  check="-"
  if [ "$ref" != - ] && [ -f "$ref" ]; then
    if why=$(awk -v tol=1e-9 -v ignore="$ignore_re" -f "$cmp_awk" "$ref" "$o.out"); then
      check="ok"
    else
      check="DIFF"; say "   differs from $(basename "$ref"): $why"
    fi
  fi
  t=$(awk '$1=="time"{print $2}' "$o.out")
  g=$(awk '$1=="GFLOPS"{print $2}' "$o.out")
  if [ "$mode" = cuda ]; then
    bw=$(awk '$1=="link_GBps"{print $2}' "$o.out")
    row "$b" "$size" "$T" cuda - - "$t" "$g" "$bw" "$check"
    row "$b" "$size" "$T" cuda-kernels - - \
      "$(awk '$1=="time_kernels"{print $2}' "$o.out")" \
      "$(awk '$1=="GFLOPS_kernels"{print $2}' "$o.out")" \
      "$(awk '$1=="mem_GBps"{print $2}' "$o.out")" "$check"
  else
    k=$(sed -n 's/.* plan: .*; k \([0-9]*\) .*/\1/p' "$o.err" | head -1)
    chunks=$(sed -n 's/.* plan: .*, chunks \([0-9]*\) .*/\1/p' "$o.err" | head -1)
    # Host<->device bytes from the region's summary line, over the time.
    bw=$(awk -v t="$t" '
      function bytes(v, u) { return v * (u == "KiB" ? 1024 : u == "MiB" ? 1048576 : u == "GiB" ? 1073741824 : u == "TiB" ? 1099511627776 : 1) }
      / done: / { for (i = 1; i < NF; i++) {
          if ($i == "in" || $i == "out") { u = $(i+2); sub(/[,;]$/, "", u); s += bytes($(i+1), u) } } }
      END { if (t > 0 && s > 0) printf "%.2f", s / t * 1e-9; else print "-" }' "$o.err")
    row "$b" "$size" "$T" "$mode$PACC_MODE_NOTE" "${k:--}" "${chunks:--}" "$t" "$g" "$bw" "$check"
  fi
  cp "$o.out" "$o.keep" 2>/dev/null
}

if [ "$BENCH" = small ]; then
  say "== benchmarks, BENCH=small (reference outputs from the bundle)"
  while read -r b rest; do
    [ -n "$b" ] || continue
    set -- $rest
    ref=$bundle/bench-small/$b-$(echo "$rest" | tr ' ' 'x').ref.out
    T=$(steps_of "$b" "$@")
    cap=$(( $(data_bytes "$b" "$@") / 4 ))
    run_bench "$b" out-of-core "$ref" PACC_DEVICE_MEMORY=$cap -- "$@"
    run_bench "$b" in-core "$ref" PACC_CHUNKS=1 "PACC_K=$T" -- "$@"
    run_bench "$b" cuda "$ref" -- "$@"
  done < "$bundle/bench-small/LIST"
elif [ "$BENCH" = large ]; then
  HOST_GB=${HOST_GB:-125}
  GPU_GB=${GPU_GB:-$(awk -v m="${GPU_MIB:-0}" 'BEGIN{printf "%.1f", m*1048576/1e9}')}
  OOC_GB=${OOC_GB:-96}
  IC_FRAC=${IC_FRAC:-0.78}
  LARGE_T=${LARGE_T:-32}
  OOC_K=${OOC_K:-8}
  read -r ooc_b ic_b cap_b <<< "$(awk -v h="$HOST_GB" -v g="$GPU_GB" -v o="$OOC_GB" -v f="$IC_FRAC" 'BEGIN{
    hb = h * 1073741824 * 0.75; ob = o * 1e9; if (ob > hb) ob = hb
    ib = g * 1e9 * f; if (ib > hb) ib = hb
    cap = 0; if (ob < g * 1e9 * 0.95) cap = ob / 2      # would fit: emulate a smaller GPU
    printf "%.0f %.0f %.0f", ob, ib, cap }')"
  say "== benchmarks, BENCH=large: out-of-core $(awk -v b="$ooc_b" 'BEGIN{printf "%.1f", b/1e9}') GB of arrays, in-core $(awk -v b="$ic_b" 'BEGIN{printf "%.1f", b/1e9}') GB (GPU ${GPU_GB} GB), T=$LARGE_T, out-of-core PACC_K=$OOC_K"
  ooc_env=()
  LARGE_MODES=${LARGE_MODES:-ooc incore cuda}
  has_mode () { case " $LARGE_MODES " in *" $1 "*) return 0 ;; esac; return 1; }
  if [ "$cap_b" != 0 ]; then
    ooc_env+=("PACC_DEVICE_MEMORY=$cap_b")
    say "   the out-of-core size fits this GPU: capped with PACC_DEVICE_MEMORY=$cap_b (unless OOC_ENV sets it)"
  fi
  # OOC_ENV last: its settings win over the cap above.
  # shellcheck disable=SC2206
  [ -n "${OOC_ENV:-}" ] && ooc_env+=($OOC_ENV)
  sq () { awk -v b="$1" -v per="$2" 'BEGIN{ n = int(sqrt(b / per) / 32) * 32; print n }'; }
  hx () { awk -v b="$1" 'BEGIN{ print int(b / (56 * 513 * 1025)) }'; }
  for b in ${LARGE_BENCHES:-jacobi himeno cip}; do
    case $b in
      jacobi) n=$(sq "$ooc_b" 8); oargs="$n $n $LARGE_T"; n=$(sq "$ic_b" 8); iargs="$n $n $LARGE_T" ;;
      cip) n=$(sq "$ooc_b" 32); oargs="$n $n $LARGE_T"; n=$(sq "$ic_b" 32); iargs="$n $n $LARGE_T" ;;
      himeno) oargs="$(hx "$ooc_b") 513 1025 $LARGE_T 0"; iargs="$(hx "$ic_b") 513 1025 $LARGE_T 0" ;;
      *) say "   unknown benchmark $b"; continue ;;
    esac
    if ! has_mode ooc; then
      :
    elif [ $PACC_GPU = 1 ]; then
      for kk in ${OOC_KS:-$OOC_K}; do
        run_bench "$b" out-of-core - "PACC_K=$kk" "${ooc_env[@]}" -- $oargs
      done
    else
      row "$b" "$(size_of "$b" $oargs)" "$LARGE_T" out-of-core - - - - - "skipped (host path)"
    fi
    # CUDA first at the in-core size: the in-core PACC run is checked
    # against it (both compute exactly the sequential arithmetic).
    has_mode cuda && run_bench "$b" cuda - -- $iargs
    cref=$W/bench/$b-$(echo "$iargs" | tr ' ' 'x')-cuda.keep
    if ! has_mode incore; then
      :
    elif [ $PACC_GPU = 1 ]; then
      run_bench "$b" in-core "$cref" PACC_CHUNKS=1 "PACC_K=$LARGE_T" -- $iargs
    else
      row "$b" "$(size_of "$b" $iargs)" "$LARGE_T" in-core - - - - - "skipped (host path)"
    fi
  done
fi

if [ "$BENCH" = multi ]; then
  NG=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ')
  say "== benchmarks, BENCH=multi on $NG GPUs"
  if [ "$NG" -lt 2 ] || [ $PACC_GPU != 1 ]; then
    say "   needs 2 GPUs and libpacc's GPU path: skipped"
  else
    # 1. The examples against the sequential reference, on 1 and 2 GPUs.
    while read -r b rest; do
      [ -n "$b" ] || continue
      ref=$bundle/bench-small/$b-$(echo "$rest" | tr ' ' 'x').ref.out
      for d in 1 2; do
        # shellcheck disable=SC2086
        run_bench "$b" "check-${d}gpu" "$ref" PACC_DEVICES=$d -- $rest $d
      done
    done < "$bundle/bench-small/MULTI"
    # 2. Peer copies: PACC's update peer, and plain CUDA.
    for exe in peer-pacc peer-cuda; do
      if [ -x "$bundle/bin/$exe" ]; then
        say "-- $(elapsed)s: $exe ${PEER_ARGS:-4096 10}"
        # shellcheck disable=SC2086
        env PACC_VERBOSE=1 timeout -k 5 "$(left)" "$bundle/bin/$exe" ${PEER_ARGS:-4096 10} \
          > "$W/bench/$exe.out" 2> "$W/bench/$exe.err"
        grep -E '^peer|access' "$W/bench/$exe.out" | sed 's/^/   /' | tee -a "$summary"
        grep -E 'update peer.*(direct|staged)' "$W/bench/$exe.err" | sort -u | head -2 | sed 's/^/   /' | tee -a "$summary"
        while read -r dir gbs; do
          row "$exe" "${PEER_ARGS:-4096 10}" - "$dir" - - - - "$gbs" -
        done < <(awk '/^peer /{print $2, $NF == "GB/s" ? $(NF-1) : "-"}' "$W/bench/$exe.out")
      fi
    done
    # 3. 1 GPU against 2 (and 4 when the machine has them; s3d uses 2
    # devices at most).
    GPU_COUNTS="1 2"
    [ "$NG" -ge 4 ] && GPU_COUNTS="1 2 4"
    MULTI_CASES=${MULTI_CASES:-"jacobi 20000 20000 1000;himeno 257 257 513 1000 0;cip 16000 16000 500;heat2d 20000 20000 1000;matmul 12288;s3d 8192 8192 50 200"}
    IFS=';' read -r -a mcases <<< "$MULTI_CASES"
    for c in "${mcases[@]}"; do
      set -- $c
      b=$1; shift
      one=$W/bench/$b-$(echo "$*" | tr ' ' 'x')
      for d in $GPU_COUNTS; do
        ref=-
        case $b in
          heat2d|matmul|s3d)
            [ "$b" = s3d ] && [ "$d" -gt 2 ] && continue
            [ "$d" -gt 1 ] && ref=${one}x1-1gpu.keep
            run_bench "$b" "${d}gpu" "$ref" "PACC_DEVICES=$d" -- "$@" "$d" ;;
          *)
            [ "$d" -gt 1 ] && ref=$one-1gpu.keep
            run_bench "$b" "${d}gpu" "$ref" "PACC_DEVICES=$d" -- "$@"
            [ "$d" -gt 1 ] && [ "${MULTI_W0:-0}" = 1 ] &&
              run_bench "$b" "w0-${d}gpu" "$ref" "PACC_DEVICES=$d" \
                PACC_WORKERS=0 -- "$@" ;;
        esac
      done
    done
    # 4. Out of core, streaming through each GPU's link.
    OOC_MULTI=${OOC_MULTI:-"jacobi 60000 60000 64"}
    set -- $OOC_MULTI
    b=$1; shift
    for d in $GPU_COUNTS; do
      ref=-
      [ "$d" -gt 1 ] && ref=$W/bench/$b-$(echo "$*" | tr ' ' 'x')-ooc-1gpu.keep
      run_bench "$b" "ooc-${d}gpu" "$ref" PACC_DEVICES=$d PACC_RESIDENT=0 \
        "PACC_DEVICE_MEMORY=${OOC_MEM:-4G}" "PACC_K=${OOC_K:-8}" -- "$@"
      [ "$d" -gt 1 ] && [ "${MULTI_W0:-0}" = 1 ] &&
        run_bench "$b" "w0-ooc-${d}gpu" "$ref" PACC_DEVICES=$d PACC_RESIDENT=0 \
          PACC_WORKERS=0 "PACC_DEVICE_MEMORY=${OOC_MEM:-4G}" \
          "PACC_K=${OOC_K:-8}" -- "$@"
    done
  fi
fi

# ------------------------------------------------------------ summary ---
if [ "$BENCH" != none ]; then
  say ""
  say "== summary ($(elapsed)s; GB/s: host<->device bytes over the time for PACC rows"
  say "   and cuda, device-memory bytes over the kernel time for cuda-kernels;"
  say "   check: ok = same output as the reference (sequential, or CUDA for large in-core))"
  [ "$TESTS" = 1 ] && say "tests: $tpass passed, $tfail failed"
  awk -F'\t' '{ for (i = 1; i <= NF; i++) { c[NR, i] = $i; if (length($i) > w[i]) w[i] = length($i) }
                if (NF > nf) nf = NF }
    END { for (r = 1; r <= NR; r++) { line = ""
            for (i = 1; i <= nf; i++) line = line sprintf(i < nf ? "%-" w[i] "s  " : "%s", c[r, i])
            print line } }' "$TABLE" | tee -a "$summary"
  if [ "$BENCH" = multi ]; then
    # Speed-up of N GPUs over 1: rows "X-Ngpu" over "X-1gpu" (X: check,
    # ooc, or nothing) of the same benchmark and size; "w0-X-Ngpu" over
    # "X-1gpu" too.
    say "speed-ups (N GPUs over 1, GFLOPS):"
    awk -F'\t' 'NR > 1 && $4 ~ /[0-9]gpu$/ && $8 != "-" {
        m = $4; d = substr(m, length(m) - 3, 1); sub(/[0-9]gpu$/, "", m)
        g[$1 " " $2 " " m, d] = $8; k[$1 " " $2 " " m] = 1 }
      END { for (x in k) { b = x; sub(/ w0-/, " ", b)
              for (d = 2; d <= 8; d++)
                if (g[b, 1] > 0 && g[x, d] != "")
                  printf "   %-40s %d GPUs: %8.2f -> %8.2f GFLOPS: %.2fx\n", x, d, g[b, 1], g[x, d], g[x, d] / g[b, 1] } }' \
      "$TABLE" | sort | tee -a "$summary"
  fi
  if [ "$BENCH" = large ]; then
    # Kernels alone (issue 11): PACC's kernel time from the region report
    # against the CUDA kernels' on the same size and steps (in core), the
    # HBM limit, and PACC's kernel time per point and step inside the
    # out-of-core pipeline against in core (halo recomputation included).
    say ""
    say "== kernels: PACC (region report) against CUDA (events), HBM limit at ${HBM_GBS:-2840} GB/s"
    say "   (HBM_GBS: the device's copy bandwidth; bytes per point and step: jacobi 16, cip 56, himeno 64)"
    for f in "$W"/bench/*-in-core.err; do
      [ -f "$f" ] || continue
      id=$(basename "$f" -in-core.err)
      b=${id%%-*}
      cuda=$W/bench/$id-cuda.out
      ooc=$(ls "$W"/bench/"$b"-*-out-of-core.err 2>/dev/null | head -1)
      awk -v b="$b" -v id="$id" -v hbm="${HBM_GBS:-2840}" \
          -v cuda="$cuda" -v ooc="${ooc:-/dev/null}" -v ic="$f" '
        function kms(file,   l, m) { m = ""
          while ((getline l < file) > 0)
            if (match(l, /kernels [0-9.]+ ms/)) { m = substr(l, RSTART + 8, RLENGTH - 11) }
          close(file); return m }
        function pts(s,   a) { sub(/^[^-]*-/, "", s); split(s, a, "x")
          return b == "himeno" ? (a[1]-2)*(a[2]-2)*(a[3]-2) : (a[1]-2)*(a[2]-2) }
        function steps(s,   a) { sub(/^[^-]*-/, "", s); split(s, a, "x")
          return b == "himeno" ? a[4] : a[3] }
        BEGIN {
          flops = b == "jacobi" ? 4 : b == "cip" ? 87 : 34
          bytes = b == "jacobi" ? 16 : b == "cip" ? 56 : 64
          ck = ""; while ((getline l < cuda) > 0) if (l ~ /^time_kernels /) { split(l, a, " "); ck = a[2] * 1000 }
          pk = kms(ic); w = pts(id) * steps(id)
          lim = hbm / bytes * flops
          if (pk == "") { printf "   %-28s no kernel time in the in-core run\n", id; exit }
          g = flops * w / (pk / 1000) * 1e-9
          printf "   %-28s in core: PACC %9.1f ms", id, pk
          if (ck != "") printf ", CUDA %9.1f ms: %5.1f %%", ck, 100 * ck / pk
          printf "; %7.1f GFLOPS = %5.1f %% of the HBM limit %.0f\n", g, 100 * g / lim, lim
          ok = kms(ooc)
          if (ok != "") {
            oid = ooc; sub(/.*\//, "", oid); sub(/-out-of-core.err$/, "", oid)
            per_ic = pk / w; per_oc = ok / (pts(oid) * steps(oid))
            printf "   %-28s out of core (%s): PACC %9.1f ms; per point and step %5.1f %% of in core\n", "", oid, ok, 100 * per_ic / per_oc
            # The block the re-plan measured, copies and all, against the
            # in-core kernels for its steps (the sum above counts kernels
            # that share the device with copies and other queues whole).
            blk = ""; while ((getline l < ooc) > 0)
              if (match(l, /re-plan after block [0-9]+ \([0-9]+ steps, [0-9.]+ s on the device/)) blk = substr(l, RSTART, RLENGTH)
            close(ooc)
            if (blk != "") {
              split(blk, f, /[ (,]+/); bs = f[5]; bt = f[7]
              ict = per_ic * pts(oid) * bs / 1000
              printf "   %-28s block %s of %s steps: %.3f s on the device, in-core kernels %.3f s: %5.1f %%\n", "", f[4], bs, bt, ict, 100 * ict / bt } }
        }'
    done | tee -a "$summary"
  fi
else
  [ "$TESTS" = 1 ] && say "tests: $tpass passed, $tfail failed"
fi
[ "$tfail" -eq 0 ]
