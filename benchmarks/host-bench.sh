#!/bin/sh
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# host-bench.sh - the host engine (issue 47): each program built
# sequentially (gcc-12 -O2), with OpenMP (the same loops as `omp parallel
# for', -fopenmp) and with PACC, and run without a GPU:
#   seq       the sequential build
#   omp1 ompN OpenMP, 1 thread and every CPU (OMP_NUM_THREADS)
#   gomp      PACC through libgomp's host fallback (PACC_LAUNCH=libgomp:
#             the host path before the host kernels)
#   h1 hN     PACC's host kernels, PACC_HOST_THREADS=1 and every CPU
#   *-ooc     the same out of core: PACC_DEVICE_MEMORY a quarter of the
#             arrays
# Each figure is the median of RUNS runs (default 3), the settings taken
# in turn within each round.  The time is the program's own region time
# ("time S s") where it prints one, else the whole run (heat2d).
# heat3d is benchmarks/heat3d/heat3d.c, the tests' real_bench_heat3d.c
# with its region timed and its outer loops `omp parallel for'.
# Every run's checksum lines must equal the sequential build's (printed
# "DIFF" otherwise).
#
# Usage: benchmarks/host-bench.sh [RUNS]
#   with pkg-config finding pacc (PKG_CONFIG_PATH), LD_LIBRARY_PATH its
#   libdir; builds into ${HOSTBENCH_DIR:-/tmp/host-bench}; HOSTBENCH_ONLY
#   (names, blank-separated) runs only those programs; HOSTBENCH_COLS
#   (column names, blank-separated) only those settings.
#   HOSTBENCH_SIZE=large: Jacobi 16384² (1 GiB per array) and heat3d 512³
#   (1 GiB per array), the sizes of a many-core measurement.
#   HOSTBENCH_BUILD=only builds and stops; =no runs what DIR holds (a
#   machine without GCC 12: the DIR built here, carried there, with
#   LD_LIBRARY_PATH holding libpacc and GCC 12's libgomp).

set -e
RUNS=${1:-3}
SRC=$(cd "$(dirname "$0")" && pwd)
TOP=$(dirname "$SRC")
DIR=${HOSTBENCH_DIR:-/tmp/host-bench}
CC=${CC:-gcc-12}
NCPU=$(nproc)
mkdir -p "$DIR"
cd "$DIR"

BUILD=${HOSTBENCH_BUILD:-yes}
if [ "$BUILD" != no ]; then
  PCF=$(pkg-config --cflags pacc)
  PLB=$(pkg-config --libs pacc)
fi
COLS=${HOSTBENCH_COLS:-"seq omp1 ompN gomp h1 hN gomp-ooc h1-ooc hN-ooc"}

# name  source  extra-flags  args  device-memory-for-out-of-core
PROGS="jacobi|$SRC/jacobi/jacobi.c||2400 2400 60|12M
demo|$SRC/jacobi/jacobi.c||2000 2000 100|8M
cip|$SRC/cip/cip.c||1000 1000 100|8M
himeno|$SRC/himeno/himeno.c||129 65 129 80|8M
heat3d|$SRC/heat3d/heat3d.c|-DN=160 -DTSTEPS=40||16M
heat2d|heat2d-big.c|||16M"
if [ "${HOSTBENCH_SIZE:-}" = large ]; then
  PROGS="jacobi|$SRC/jacobi/jacobi.c||16384 16384 20|512M
heat3d|$SRC/heat3d/heat3d.c|-DN=512 -DTSTEPS=10||512M"
fi

# The public 2-D heat code of the tests at 2000 x 2000, 100 steps.
[ "$BUILD" = no ] || sed 's/{ 53, 41, 60,/{ 2000, 2000, 100,/' \
  "$TOP/testsuite/pacc.run/real_heat2d.c" > heat2d-big.c

build ()
{
  echo "$PROGS" | while IFS='|' read -r name src flags args mem; do
    [ -x "$name-seq" ] && [ "$name-seq" -nt "$src" ] && continue
    $CC -O2 $flags "$src" -o "$name-seq" -lm -lpthread
    $CC -O2 -fopenmp $flags "$src" -o "$name-omp" -lm -lpthread
    $CC -O2 $flags $PCF "$src" -o "$name-pacc" $PLB -lm -lpthread 2>/dev/null
  done
}

# run NAME BINARY ARGS [VAR=VALUE...]: one run; prints seconds, checks
# the output against NAME.ref.
run1 ()
{
  name=$1 bin=$2 args=$3
  shift 3
  t0=$(date +%s.%N)
  env "$@" "./$bin" $args > out.txt 2>&1
  t1=$(date +%s.%N)
  grep -v '^time\|^GFLOPS\|^pacc:' out.txt > sums.txt || true
  if [ -f "$name.ref" ] && ! cmp -s sums.txt "$name.ref"; then
    echo "DIFF $name $bin $*" >&2
  fi
  t=$(sed -n 's/^time \([0-9.]*\) s$/\1/p' out.txt)
  [ -n "$t" ] || t=$(awk "BEGIN { print $t1 - $t0 }")
  echo "$t"
}

median ()
{
  sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

[ "$BUILD" = no ] || build
[ "$BUILD" != only ] || exit 0
echo "host-bench: $(uname -n), $NCPU CPUs, $(date -u +%Y-%m-%dT%H:%MZ), load $(cut -d' ' -f1-3 /proc/loadavg), runs $RUNS"
printf '%-8s' program
for c in $COLS; do printf ' %8s' "$c"; done
echo
echo "$PROGS" | while IFS='|' read -r name src flags args mem; do
  case " ${HOSTBENCH_ONLY:-$name} " in *" $name "*) ;; *) continue ;; esac
  "./$name-seq" $args 2>&1 | grep -v '^time\|^GFLOPS' > "$name.ref"
  rm -f ./*.t
  r=0
  while [ $r -lt "$RUNS" ]; do
    for c in $COLS; do
      case $c in
        seq) run1 "$name" "$name-seq" "$args" ;;
        omp1) run1 "$name" "$name-omp" "$args" OMP_NUM_THREADS=1 ;;
        ompN) run1 "$name" "$name-omp" "$args" OMP_NUM_THREADS="$NCPU" ;;
        gomp) run1 "$name" "$name-pacc" "$args" PACC_LAUNCH=libgomp ;;
        h1) run1 "$name" "$name-pacc" "$args" PACC_HOST_THREADS=1 ;;
        hN) run1 "$name" "$name-pacc" "$args" PACC_HOST_THREADS="$NCPU" ;;
        gomp-ooc) run1 "$name" "$name-pacc" "$args" PACC_LAUNCH=libgomp \
                    PACC_DEVICE_MEMORY="$mem" ;;
        h1-ooc) run1 "$name" "$name-pacc" "$args" PACC_HOST_THREADS=1 \
                  PACC_DEVICE_MEMORY="$mem" ;;
        hN-ooc) run1 "$name" "$name-pacc" "$args" PACC_HOST_THREADS="$NCPU" \
                  PACC_DEVICE_MEMORY="$mem" ;;
      esac >> "$c.t"
    done
    r=$((r + 1))
  done
  printf '%-8s' "$name"
  for c in $COLS; do
    printf ' %8.3f' "$(median < $c.t)"
  done
  echo
done
