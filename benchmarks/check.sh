#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# benchmarks/check.sh -- check the benchmarks on this machine (the host path
# when there is no GPU): jacobi, himeno and cip are each built twice, as
# the testsuite does (testsuite/lib/pacc.exp) but with the benchmarks' -O3:
#   reference: $CC -O3 -ffp-contract=off -fopenacc  (no plugin: plain C)
#   pacc:      $CC -O3 `pkg-config --cflags pacc` ... `pkg-config --libs pacc`
# and run at small sizes (extents that no chunk count divides evenly) under
# a few PACC_K / PACC_CHUNKS / PACC_QUEUES settings, the in-core setting
# (PACC_CHUNKS=1, PACC_K=T), pipelines over 2 and 3 devices (emulated on
# the host path) and the runtime's own choices.  The multi-device
# examples of the second paper (heat2d, matmul, s3d: deviceid, wait
# device, update peer) run with their device-count argument D from 1 to
# 3 and PACC_DEVICES=D.  Each pacc output must equal the reference
# output, except the `time' and `GFLOPS' lines (left out) and
# `reduction:' lines (numbers within 1e-12 relative).  The reference is
# built without offloading (-foffload=disable): plain sequential C.  The
# MPI ports of jacobi and cip (benchmarks/mpi) run on 1 to 3 ranks and
# must print the reference's hashes (when PACC was built with MPI).
# Last, benchmarks/scaling.sh's host self-test
# (benchmarks/tools/scaling-selftest.sh) runs on the programs built here.
#
#   benchmarks/check.sh            build in build-bench/check, run, compare
#   CC=gcc-12 BENCH_WORK=dir benchmarks/check.sh
#   PACC_CFLAGS="-fplugin=build/plugin/.libs/pacc.so -fopenacc ..." \
#   PACC_LIBS="-Lbuild/libpacc/.libs -Wl,-rpath,... -lpacc -fopenacc" \
#     benchmarks/check.sh            (a build tree instead of pkg-config's)
#
# Prints one PASS/FAIL line per benchmark and size, then
# "check: N passed, N failed"; exits 1 if anything failed.

set -u
top=$(cd "$(dirname "$0")/.." && pwd)
work=${BENCH_WORK:-$top/build-bench/check}
CC=${CC:-gcc}
cmp_awk=$top/testsuite/gpu/compare.awk

if [ -n "${PACC_CFLAGS:-}" ] && [ -n "${PACC_LIBS:-}" ]; then
  cflags=$PACC_CFLAGS libs=$PACC_LIBS
elif pkg-config --exists pacc; then
  cflags=$(pkg-config --cflags pacc)
  libs=$(pkg-config --libs pacc)
else
  echo "check.sh: pkg-config cannot find pacc (install PACC first:" \
       "SKIP_APT=1 ./bootstrap.sh, or set PACC_CFLAGS and PACC_LIBS)" >&2
  exit 2
fi
echo "check.sh: PACC flags: $cflags ... $libs"

mkdir -p "$work"
rm -f "$work"/*.out "$work"/*.err

# Settings of the sweep (`-': the runtime's automatic choices; `incore':
# PACC_CHUNKS=1 PACC_K=T, filled in per case).
settings=(
  "-"
  "PACC_K=1 PACC_CHUNKS=1 PACC_QUEUES=1"
  "PACC_K=2 PACC_CHUNKS=3 PACC_QUEUES=1"
  "PACC_K=3 PACC_CHUNKS=5 PACC_QUEUES=2"
  "PACC_K=8 PACC_CHUNKS=4 PACC_QUEUES=3"
  "PACC_K=5 PACC_BLOCK=6 PACC_QUEUES=3"
  "PACC_DEVICES=2"
  "PACC_DEVICES=3 PACC_K=2 PACC_CHUNKS=7"
  "PACC_DEVICES=2 PACC_RESIDENT=0"
  "incore"
)

# name, then the arguments; T is the last size argument (INIT for himeno
# comes after it).
cases=(
  "jacobi 37 53 9"
  "jacobi 301 211 25"
  "himeno 17 13 21 7 1"
  "himeno 33 20 41 15 1"
  "himeno 65 65 129 12 0"
  "cip 41 37 11"
  "cip 301 157 30"
)

build () {
  local b=$1 src=$top/benchmarks/$1/$1.c
  echo "build: $b"
  # The reference, as the testsuite builds it (no plugin, no -lpacc).
  if ! $CC -O3 -ffp-contract=off -fopenacc -foffload=disable -Wall -Wno-unknown-pragmas \
         "$src" -o "$work/$b-ref" -lm -pthread > "$work/$b-ref.log" 2>&1; then
    cat "$work/$b-ref.log"; return 1
  fi
  # The PACC build, with pkg-config's flags.
  # shellcheck disable=SC2086
  if ! $CC -O3 -Wall $cflags "$src" -o "$work/$b-pacc" $libs -lm -pthread \
         > "$work/$b-pacc.log" 2>&1; then
    cat "$work/$b-pacc.log"; return 1
  fi
  # Show the compiler's messages except GCC 12's harmless DT_TEXTREL ones
  # (info pacc, "Notes on GCC 12 and the GPU toolchain").
  grep -v -e 'DT_TEXTREL' -e "relocation against .__offload_" \
       "$work/$b-ref.log" "$work/$b-pacc.log" || :
}

pass=0 fail=0
# try LABEL OUT ENV... -- EXE ARGS...: run, compare OUT with $ref, and add
# "[LABEL: why]" to $bad when it fails.
try () {
  local label=$1 out=$2 why; shift 2
  local -a envs=()
  while [ "$1" != -- ]; do envs+=("$1"); shift; done
  shift
  if ! env "${envs[@]}" "$@" > "$out" 2> "$out.err"; then
    bad="$bad [$label: exit status $?: $(tail -1 "$out.err")]"
  elif ! why=$(awk -v tol=1e-12 -v ignore='^(time|GFLOPS) ' -f "$cmp_awk" "$ref" "$out"); then
    bad="$bad [$label: $why]"
  fi
}
# report WHAT: PASS or FAIL for the case, from $bad.
report () {
  if [ -z "$bad" ]; then
    echo "PASS: $b $args ($1; $(grep '^checksum' "$ref" | head -1))"
    pass=$((pass + 1))
  else
    echo "FAIL: $b $args:$bad"
    fail=$((fail + 1))
  fi
}
declare -A built
for b in jacobi himeno cip heat2d matmul s3d; do
  if build "$b"; then built[$b]=1; else
    echo "FAIL: $b: build failed"; fail=$((fail + 1)); built[$b]=0
  fi
done

unset PACC_K PACC_CHUNKS PACC_BLOCK PACC_QUEUES PACC_DEVICES PACC_DEVICE_MEMORY
for c in "${cases[@]}"; do
  set -- $c
  b=$1; shift
  args="$*"
  [ "${built[$b]}" = 1 ] || continue
  case $b in himeno) T=$4 ;; *) T=$3 ;; esac
  tag="$b ${args// /x}"
  ref=$work/${tag// /_}.ref.out
  if ! "$work/$b-ref" $args > "$ref" 2> "$ref.err"; then
    echo "FAIL: $b $args: reference run failed: $(tail -1 "$ref.err")"
    fail=$((fail + 1)); continue
  fi
  bad=""
  i=0
  for s in "${settings[@]}"; do
    case $s in
      -) envs=() ;;
      incore) envs=(PACC_CHUNKS=1 PACC_K=$((T > 0 ? T : 1))) ;;
      *) read -r -a envs <<< "$s" ;;
    esac
    # shellcheck disable=SC2086
    try "${envs[*]:-(defaults)}" "$work/${tag// /_}.run$i.out" "${envs[@]}" -- \
      "$work/$b-pacc" $args
    i=$((i + 1))
  done
  report "$i settings"
done

# The multi-device examples: name, arguments before D, largest D.
mcases=(
  "heat2d 203 157 13:3"
  "matmul 129:3"
  "s3d 67 45 5 8:2"
)
for c in "${mcases[@]}"; do
  maxd=${c##*:}
  set -- ${c%:*}
  b=$1; shift
  args="$*"
  [ "${built[$b]}" = 1 ] || continue
  tag="$b ${args// /x}"
  ref=$work/${tag// /_}.ref.out
  if ! "$work/$b-ref" $args 1 > "$ref" 2> "$ref.err"; then
    echo "FAIL: $b $args: reference run failed: $(tail -1 "$ref.err")"
    fail=$((fail + 1)); continue
  fi
  bad=""
  for d in $(seq 1 "$maxd"); do
    # shellcheck disable=SC2086
    try "D=$d" "$work/${tag// /_}.d$d.out" "PACC_DEVICES=$d" -- \
      "$work/$b-pacc" $args "$d"
  done
  report "D=1..$maxd"
done

# The MPI ports (benchmarks/mpi, the mpi clause): on 1 to 3 ranks their
# hashes must be the sequential reference's.  Skipped without mpicc or
# libpacc-mpi (PACC built without MPI).
mpi_libs=""
if [ -n "${PACC_CFLAGS:-}" ] && [ -n "${PACC_LIBS:-}" ]; then
  mpi_libs="${PACC_LIBS/-lpacc/-lpacc-mpi -lpacc}"
elif pkg-config --exists pacc-mpi; then
  mpi_libs=$(pkg-config --libs pacc-mpi)
fi
mpirun=$(command -v mpirun || :)
if [ -n "$mpi_libs" ] && command -v mpicc > /dev/null && [ -n "$mpirun" ]; then
  for c in "jacobi 203 157 13" "cip 131 97 9"; do
    set -- $c
    b=$1; shift
    args="$*"
    [ "${built[$b]}" = 1 ] || continue
    # shellcheck disable=SC2086
    if ! OMPI_CC=$CC mpicc -O3 $cflags "$top/benchmarks/mpi/$b-mpi.c" \
         -o "$work/$b-mpi" $mpi_libs -lm -pthread > "$work/$b-mpi.build" 2>&1; then
      echo "FAIL: $b-mpi: build failed: $(grep -m1 error "$work/$b-mpi.build")"
      fail=$((fail + 1)); continue
    fi
    ref=$work/$b-mpi.ref.out
    "$work/$b-ref" $args > "$ref" 2> "$ref.err" || { echo "FAIL: $b-mpi: reference run failed"; fail=$((fail + 1)); continue; }
    want=$(awk '/^checksum/ {print $2, $NF}' "$ref")
    bad=""
    for np in 1 2 3; do
      for set in "" "PACC_K=2 PACC_DEVICE_MEMORY=64K"; do
        out=$work/$b-mpi.$np.${set// /_}.out
        # shellcheck disable=SC2046
        timeout 120 "$mpirun" --allow-run-as-root --oversubscribe -np "$np" \
          --mca btl_vader_single_copy_mechanism none \
          $(for v in $set; do echo -x "$v"; done) "$work/$b-mpi" $args \
          > "$out" 2> "$out.err" || bad="$bad [np=$np $set: exit $?]"
        got=$(awk '/^checksum/ {print $2, $NF}' "$out")
        [ "$got" = "$want" ] || bad="$bad [np=$np $set: hashes differ]"
      done
    done
    report "mpi, np 1-3"
  done
else
  echo "check.sh: no mpicc, mpirun or libpacc-mpi: the MPI ports are not checked"
fi

# benchmarks/scaling.sh on the host back end (its SCALE=tiny self-test):
# the runs, the comparison with 1 device, the table, CSV and SVG, and a
# FAIL for a wrong hash or an output it cannot parse.
if [ "${built[jacobi]}${built[cip]}${built[himeno]}" = 111 ]; then
  while IFS= read -r line; do
    echo "$line"
    case $line in
      PASS:*) pass=$((pass + 1)) ;;
      FAIL:*) fail=$((fail + 1)) ;;
    esac
  done < <(bash "$top/benchmarks/tools/scaling-selftest.sh" "$work" 2>&1)
fi

echo "check: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
