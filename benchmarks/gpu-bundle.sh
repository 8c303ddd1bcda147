#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# benchmarks/gpu-bundle.sh -- build, HERE, everything the GPU machine needs
# into gpu-bundle/ at the top of the repository (ignored by git), then run
# it there with testsuite/gpu/run-gpu.sh:
#
#   benchmarks/gpu-bundle.sh                 # here (GCC 12, PACC installed)
#   bash testsuite/gpu/run-gpu.sh gpu-bundle # on the GPU machine, repo root
#
# The GPU machine has no GCC 12, no nvptx offload compiler and no DejaGnu
# (shared/device.md), so the bundle holds:
#   lib/     GCC 12's libgomp.so.1 and libgomp-plugin-nvptx.so.1 (copied
#            with cp -L) and the libpacc.so.0 the programs were linked with
#   bin/     jacobi, himeno, cip built with PACC (-O3 and pkg-config's
#            flags: *-pacc; variants *-pacc-gs0, -seg0, -hoist0, -pairs4
#            with the plugin option of that name; jacobi-res-pacc and
#            jacobi-res-pacc-slots0, Jacobi with a residual, jacobi-err-*
#            with its largest change) and as plain C (*-ref),
#            the hand-written CUDA baselines (*-cuda: nvcc -O3
#            -arch=sm_90 -fmad=false),
#            acc-probe (prints acc_get_num_devices and where a kernel ran)
#            regtest (benchmarks/tools/regtest.c: pinning speed),
#            hostpath (benchmarks/tools/hostpath.c: the link, pinning
#            under load, host copies and staging), pinprep
#            (benchmarks/tools/pinprep.c: preparations before pinning) and
#            cip-forms (benchmarks/tools/cip-forms.c: CIP's stencil
#            addressed as rows or flat, 16 or 12 workers), red-forms
#            (benchmarks/tools/red-forms.c: a reduction's cost in rows to
#            gangs and in segmented kernels),
#            kernel-shapes (benchmarks/tools/kernel-shapes.c: loop
#            mappings of GCC 12's OpenACC kernels), himeno-tiles
#            (benchmarks/tools/himeno-tiles.c: Himeno's step in CUDA's
#            geometry)
#   tests/   every testsuite/pacc.run/*.c built with the plugin exactly as
#            testsuite/lib/pacc.exp builds it (NAME.pacc), and the programs
#            of the build-flag matrix with each of its flag sets
#            (testsuite/pacc.flags; NAME.fN.pacc: the Nth set of FLAGS), the output of the
#            plain build run here (NAME.ref.out: the reference is CPU code),
#            and LIST (name, tolerance of its `reduction:' lines, devices
#            it needs)
#   bench-small/  the BENCH=small cases (LIST: name and arguments) and their
#            reference outputs, computed here with the *-ref programs
#   INFO     what was built, from which commit, with which flags
#
# Environment: CC (default gcc), NVCC (default nvcc on PATH, else
# /usr/local/cuda/bin/nvcc; NVCC=none leaves the CUDA baselines out),
# BUNDLE (output folder, default gpu-bundle at the top of the repository),
# JOBS (parallel builds, default the number of CPUs).
#
# The PACC used is the installed one (pkg-config pacc).  If the build tree
# build/ holds a libpacc or plugin that differs from the installed one, the
# bundle would test stale code: the script stops and says so (run
# `make -C build install`), unless BUNDLE_ALLOW_STALE=1.

set -u
set -o pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
bundle=${BUNDLE:-$top/gpu-bundle}
CC=${CC:-gcc}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
log () { echo "gpu-bundle: $*"; }
die () { echo "gpu-bundle: error: $*" >&2; exit 1; }

# ---------------------------------------------------------------- PACC ---
pkg-config --exists pacc \
  || die "pkg-config cannot find pacc: install PACC first (SKIP_APT=1 ./bootstrap.sh)"
pcflags=$(pkg-config --cflags pacc)
plibs=$(pkg-config --libs pacc)
plibdir=$(pkg-config --variable=libdir pacc)
pplugin=$(pkg-config --variable=plugin pacc)
poffload=$(pkg-config --variable=offload_flags pacc)
libpacc=$plibdir/libpacc.so.0
[ -f "$libpacc" ] || die "no $libpacc (from pkg-config's libdir)"
[ -f "$pplugin" ] || die "no plugin $pplugin (from pkg-config)"
case " $poffload " in
  *" -foffload=nvptx-none "*) ;;
  *) die "PACC was configured without nvptx offloading (offload_flags:" \
         "'$poffload'): the programs would run on the host only" ;;
esac

stale=""
if [ -f "$top/build/libpacc/.libs/libpacc.so.0" ] \
   && ! cmp -s "$top/build/libpacc/.libs/libpacc.so.0" "$libpacc"; then
  stale="$stale build/libpacc/.libs/libpacc.so.0"
fi
if [ -f "$top/build/plugin/.libs/pacc.so" ] \
   && ! cmp -s "$top/build/plugin/.libs/pacc.so" "$pplugin"; then
  stale="$stale build/plugin/.libs/pacc.so"
fi
if [ -n "$stale" ]; then
  if [ "${BUNDLE_ALLOW_STALE:-0}" = 1 ]; then
    log "warning: the installed PACC differs from$stale (BUNDLE_ALLOW_STALE=1)"
  else
    die "the installed PACC ($pplugin, $libpacc) differs from$stale:" \
        "run 'make -C build install' (or BUNDLE_ALLOW_STALE=1)"
  fi
fi

gomp=/usr/lib/x86_64-linux-gnu/libgomp.so.1
gomp_nvptx=/usr/lib/x86_64-linux-gnu/libgomp-plugin-nvptx.so.1
for f in "$gomp" "$gomp_nvptx"; do
  [ -e "$f" ] || die "no $f (apt-get install gcc-12-offload-nvptx libgomp-plugin-nvptx1)"
done

if [ "${NVCC:-}" = none ]; then
  nvcc=""
elif [ -n "${NVCC:-}" ]; then
  nvcc=$NVCC
elif command -v nvcc > /dev/null; then
  nvcc=$(command -v nvcc)
elif [ -x /usr/local/cuda/bin/nvcc ]; then
  nvcc=/usr/local/cuda/bin/nvcc
else
  nvcc=""
  log "warning: no nvcc: the CUDA baselines are left out"
fi

# -------------------------------------------------------------- layout ---
# Only what this script makes is replaced (others may keep things there).
rm -rf "${bundle:?}"/{lib,bin,tests,bench-small,build-logs,INFO}
mkdir -p "$bundle"/{lib,bin,tests,bench-small,build-logs} || die "cannot create $bundle"
cp -L "$gomp" "$gomp_nvptx" "$libpacc" "$bundle/lib/" || die "copying the run-time libraries failed"

# Runs "$@" with its output in build-logs/NAME.log; on failure prints the
# log and leaves build-logs/FAILED.NAME (background jobs report so).
run_logged () {
  local name=$1; shift
  if ! "$@" > "$bundle/build-logs/$name.log" 2>&1; then
    echo "gpu-bundle: FAILED: $name:"; sed 's/^/    /' "$bundle/build-logs/$name.log" | head -30
    : > "$bundle/build-logs/FAILED.$name"
    return 1
  fi
  return 0
}
failed () { echo "gpu-bundle: FAILED: $1"; : > "$bundle/build-logs/FAILED.$1"; }

# At most JOBS background jobs at a time.
wait_slot () {
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do sleep 0.1; done
}

# ---------------------------------------------------------- benchmarks ---
bench_src () { echo "$top/benchmarks/$1/$1.c"; }
build_bench () {
  local b=$1 src; src=$(bench_src "$b")
  # shellcheck disable=SC2086
  run_logged "$b-pacc" $CC -O3 $pcflags "$src" -o "$bundle/bin/$b-pacc" $plibs -lm -pthread || return 1
  # Rows to gangs in GCC's blocks instead of round robin (the default):
  # to compare the two (info pacc, -fplugin-arg-pacc-gang-static).
  case $b in jacobi|himeno|cip)
    run_logged "$b-pacc-gs0" $CC -O3 $pcflags -fplugin-arg-pacc-gang-static=0 "$src" \
      -o "$bundle/bin/$b-pacc-gs0" $plibs -lm -pthread || return 1 ;;
  esac
  # Two-level nests with their rows to gangs instead of (row, segment)
  # pairs (info pacc, -fplugin-arg-pacc-segments).
  case $b in jacobi|cip)
    run_logged "$b-pacc-seg0" $CC -O3 $pcflags -fplugin-arg-pacc-segments=0 "$src" \
      -o "$bundle/bin/$b-pacc-seg0" $plibs -lm -pthread || return 1 ;;
  esac
  # Kernels that read the chunk pointers where they use them instead of
  # once per gang (info pacc, -fplugin-arg-pacc-hoist).
  case $b in jacobi|himeno|cip)
    run_logged "$b-pacc-hoist0" $CC -O3 $pcflags -fplugin-arg-pacc-hoist=0 "$src" \
      -o "$bundle/bin/$b-pacc-hoist0" $plibs -lm -pthread || return 1 ;;
  esac
  # Four iterations per thread in copy-like loops instead of two (info
  # pacc, -fplugin-arg-pacc-pairs).
  case $b in jacobi|cip)
    run_logged "$b-pacc-pairs4" $CC -O3 $pcflags -fplugin-arg-pacc-pairs=4 "$src" \
      -o "$bundle/bin/$b-pacc-pairs4" $plibs -lm -pthread || return 1 ;;
  esac
  # Jacobi with a residual in its copy-back (-DJACOBI_RESIDUAL), through
  # slots and, to compare, with rows to gangs (info pacc,
  # -fplugin-arg-pacc-reduction-slots).
  case $b in jacobi)
    run_logged "$b-res-pacc" $CC -O3 $pcflags -DJACOBI_RESIDUAL "$src" \
      -o "$bundle/bin/$b-res-pacc" $plibs -lm -pthread || return 1
    run_logged "$b-res-pacc-slots0" $CC -O3 $pcflags -DJACOBI_RESIDUAL \
      -fplugin-arg-pacc-reduction-slots=0 "$src" \
      -o "$bundle/bin/$b-res-pacc-slots0" $plibs -lm -pthread || return 1
    run_logged "$b-res-ref" $CC -O3 -ffp-contract=off -fopenacc -foffload=disable \
      -Wno-unknown-pragmas -DJACOBI_RESIDUAL "$src" -o "$bundle/bin/$b-res-ref" -lm -pthread \
      || return 1
    # The largest change in the stencil (-DJACOBI_RESIDUAL=2).
    run_logged "$b-err-pacc" $CC -O3 $pcflags -DJACOBI_RESIDUAL=2 "$src" \
      -o "$bundle/bin/$b-err-pacc" $plibs -lm -pthread || return 1
    run_logged "$b-err-pacc-slots0" $CC -O3 $pcflags -DJACOBI_RESIDUAL=2 \
      -fplugin-arg-pacc-reduction-slots=0 "$src" \
      -o "$bundle/bin/$b-err-pacc-slots0" $plibs -lm -pthread || return 1 ;;
  esac
  run_logged "$b-ref" $CC -O3 -ffp-contract=off -fopenacc -foffload=disable \
    -Wno-unknown-pragmas "$src" -o "$bundle/bin/$b-ref" -lm -pthread || return 1
  if [ -n "$nvcc" ] && [ -f "$top/benchmarks/$b/$b-cuda.cu" ]; then
    run_logged "$b-cuda" "$nvcc" -O3 -arch=sm_90 -fmad=false \
      "$top/benchmarks/$b/$b-cuda.cu" -o "$bundle/bin/$b-cuda" || return 1
  fi
}

# acc-probe: how many nvptx devices libgomp sees, and where a kernel runs.
cat > "$bundle/build-logs/acc-probe.c" <<'EOF'
#include <openacc.h>
#include <stdio.h>
int
main (void)
{
  int n = acc_get_num_devices (acc_device_nvidia);
  int on_gpu = -1;
  printf ("acc_get_num_devices(acc_device_nvidia) = %d\n", n);
#pragma acc parallel num_gangs(1) copyout(on_gpu)
  on_gpu = acc_on_device (acc_device_nvidia);
  printf ("an OpenACC kernel ran on the %s\n", on_gpu == 1 ? "GPU" : "host");
  return n > 0 && on_gpu == 1 ? 0 : 1;
}
EOF

log "building the benchmarks, CUDA baselines and acc-probe"
for b in jacobi himeno cip heat2d matmul s3d peer; do
  wait_slot
  build_bench "$b" &
done
# shellcheck disable=SC2086
run_logged acc-probe $CC -O2 -fopenacc $poffload "$bundle/build-logs/acc-probe.c" \
  -o "$bundle/bin/acc-probe"
# Kernel mappings as GCC 12 compiles them (benchmarks/tools/kernel-shapes.c).
# shellcheck disable=SC2086
run_logged kernel-shapes $CC -O3 -std=gnu11 -fopenacc $poffload -ffp-contract=off \
  "$top/benchmarks/tools/kernel-shapes.c" -o "$bundle/bin/kernel-shapes"
# Himeno's step in CUDA's geometry (benchmarks/tools/himeno-tiles.c).
# shellcheck disable=SC2086
run_logged himeno-tiles $CC -O3 -std=gnu11 -fopenacc $poffload -ffp-contract=off \
  "$top/benchmarks/tools/himeno-tiles.c" -o "$bundle/bin/himeno-tiles"
# CIP's stencil addressed in several forms (benchmarks/tools/cip-forms.c).
# shellcheck disable=SC2086
run_logged cip-forms $CC -O3 -std=gnu11 -fopenacc $poffload -ffp-contract=off \
  "$top/benchmarks/tools/cip-forms.c" -o "$bundle/bin/cip-forms"
# A Jacobi step with a residual in the geometries a reduction nest could
# take (benchmarks/tools/red-forms.c).
# shellcheck disable=SC2086
run_logged red-forms $CC -O3 -std=gnu11 -fopenacc $poffload -ffp-contract=off \
  "$top/benchmarks/tools/red-forms.c" -o "$bundle/bin/red-forms"
# How fast the host pins memory (benchmarks/tools/regtest.c): the CUDA
# headers and stub library next to nvcc.
cuda_top=${nvcc:+$(dirname "$(dirname "$nvcc")")}
if [ -n "$cuda_top" ] && [ -f "$cuda_top/include/cuda.h" ]; then
  run_logged regtest $CC -O2 -I"$cuda_top/include" "$top/benchmarks/tools/regtest.c" \
    -o "$bundle/bin/regtest" -L"$cuda_top/lib64/stubs" -lcuda -pthread
  run_logged hostpath $CC -O2 -fopenmp -I"$cuda_top/include" \
    "$top/benchmarks/tools/hostpath.c" -o "$bundle/bin/hostpath" \
    -L"$cuda_top/lib64/stubs" -lcuda -pthread
  run_logged pinprep $CC -O2 -I"$cuda_top/include" "$top/benchmarks/tools/pinprep.c" \
    -o "$bundle/bin/pinprep" -L"$cuda_top/lib64/stubs" -lcuda -pthread
fi
wait

# ----------------------------------------------------------- run tests ---
# Flags exactly as testsuite/lib/pacc.exp (pacc_cflags, pacc_ldflags) with
# PACC_PLUGIN, PACC_LIBDIR, PACC_INCDIR, PACC_OFFLOAD_FLAGS from pkg-config:
#   pacc: -O2 -ffp-contract=off -fopenacc OFFLOAD -fplugin=P -IINC SRC -o EXE
#         -LLIB -Wl,-rpath,LIB -lpacc -foffload-options=-lm -lm
#   ref:  -O2 -ffp-contract=off -fopenacc OFFLOAD SRC -o EXE
#         -foffload-options=-lm -lm
pincdir=$(pkg-config --variable=includedir pacc)
# build_test SRC [NAME FLAGS]: FLAGS (one word list) on both compile lines
# after the harness's own, as testsuite/pacc.flags/flags.exp does.
build_test () {
  local src=$1 name=${2:-} flags=${3:-} refflags opts
  [ -n "$name" ] || name=$(basename "$src" .c)
  # The test's own options for the PACC build (dg-pacc-options).
  opts=$(sed -n 's/.*{ *dg-pacc-options  *"\([^"]*\)" *}.*/\1/p' "$src" | head -1)
  refflags=$flags
  case " $flags " in *" -fopenmp "*) refflags="$flags -foffload=disable" ;; esac
  # shellcheck disable=SC2086
  run_logged "test-$name-pacc" $CC -O2 -ffp-contract=off -fopenacc $poffload \
    "-fplugin=$pplugin" "-I$pincdir" $opts $flags "$src" -o "$bundle/tests/$name.pacc" \
    "-L$plibdir" "-Wl,-rpath,$plibdir" -lpacc -foffload-options=-lm -lm || return 1
  # shellcheck disable=SC2086
  run_logged "test-$name-ref" $CC -O2 -ffp-contract=off -fopenacc $poffload $refflags \
    "$src" -o "$bundle/build-logs/$name.ref" -foffload-options=-lm -lm \
    || return 1
  # The reference output, with the tuning variables unset (as the harness).
  if ! env -u PACC_K -u PACC_CHUNKS -u PACC_BLOCK -u PACC_QUEUES -u PACC_DEVICES \
         -u PACC_DEVICE_MEMORY -u PACCTEST_DUMP timeout 300 "$bundle/build-logs/$name.ref" \
         > "$bundle/tests/$name.ref.out" 2> "$bundle/build-logs/$name.ref.err"; then
    failed "reference-run-$name"; return 1
  fi
  [ -s "$bundle/tests/$name.ref.out" ] || { failed "reference-run-$name-empty"; return 1; }
}

log "building the run tests (testsuite/pacc.run) and their reference outputs"
ntests=0
: > "$bundle/tests/LIST"
for src in "$top"/testsuite/pacc.run/*.c; do
  # Regions libpacc refuses at entry (dg-pacc-run-error): host-side checks,
  # tested by make check; their outputs are not the reference's.
  grep -q 'dg-pacc-run-error' "$src" && continue
  name=$(basename "$src" .c)
  tol=$(sed -n 's/.*{ *dg-pacc-tolerance  *\([0-9.eE+-]*\) *}.*/\1/p' "$src" | head -1)
  # Devices the test needs: the smallest PACC_DEVICES of its own sweep.
  ndev=$(sed -n 's/.*dg-pacc-sweep.*PACC_DEVICES=\([0-9]*\).*/\1/p' "$src" | head -1)
  printf '%s\t%s\t%s\n' "$name" "${tol:-1e-12}" "${ndev:-1}" >> "$bundle/tests/LIST"
  ntests=$((ntests + 1))
  wait_slot
  build_test "$src" &
done
# The build-flag matrix (testsuite/pacc.flags), -march=native left out: the
# GPU machine's processor is another.  NAME.fN: the Nth flag set of FLAGS.
strip_comments () { grep -v '^[[:space:]]*\(#\|$\)' "$1"; }
nflag=0
while IFS= read -r flags; do
  nflag=$((nflag + 1))
  case " $flags " in *" -march=native "*) continue ;; esac
  while IFS= read -r prog; do
    src=$top/testsuite/pacc.run/$prog
    name=$(basename "$prog" .c).f$nflag
    tol=$(sed -n 's/.*{ *dg-pacc-tolerance  *\([0-9.eE+-]*\) *}.*/\1/p' "$src" | head -1)
    ndev=$(sed -n 's/.*dg-pacc-sweep.*PACC_DEVICES=\([0-9]*\).*/\1/p' "$src" | head -1)
    printf '%s\t%s\t%s\n' "$name" "${tol:-1e-12}" "${ndev:-1}" >> "$bundle/tests/LIST"
    ntests=$((ntests + 1))
    wait_slot
    build_test "$src" "$name" "$flags" &
  done < <(strip_comments "$top/testsuite/pacc.flags/PROGRAMS")
done < <(strip_comments "$top/testsuite/pacc.flags/FLAGS")
wait

# -------------------------------------------- small benchmark references ---
# BENCH=small on the GPU machine runs these cases (each out-of-core with the
# runtime's choices, in-core, and the CUDA baseline) and compares them with
# these outputs.  Sizes: a few seconds for the sequential reference here.
small_cases=(
  "jacobi 2000 2000 100"
  "himeno 129 129 257 40 1"
  "cip 2000 2000 50"
)
# make_refs LIST EXTRA CASE...: for each "name args" CASE, a line in
# bench-small/LIST and the reference output (the -ref build with ARGS and
# EXTRA, if any) in bench-small/NAME-ARGS.ref.out.
make_refs () {
  local list=$1 extra=$2 c b id; shift 2
  : > "$bundle/bench-small/$list"
  for c in "$@"; do
    set -- $c
    b=$1; shift
    id="$b-$(echo "$*" | tr ' ' 'x')"
    echo "$b $*" >> "$bundle/bench-small/$list"
    [ -x "$bundle/bin/$b-ref" ] || continue
    # shellcheck disable=SC2086
    if ! "$bundle/bin/$b-ref" "$@" $extra > "$bundle/bench-small/$id.ref.out" \
         2> "$bundle/build-logs/$id.ref.err"; then
      failed "reference-run-$id"
    fi
  done
}
log "reference outputs of the BENCH=small cases"
make_refs LIST "" "${small_cases[@]}"

# BENCH=multi first checks the multi-device examples on the GPUs at these
# sizes against the sequential reference (which gets device count 1, the
# last argument), then times larger cases on 1 and 2 GPUs and compares
# those two outputs (testsuite/gpu/run-gpu.sh).
multi_check=(
  "heat2d 1000 1000 20"
  "matmul 512"
  "s3d 1024 1024 5 50"
)
log "reference outputs of the BENCH=multi checks"
make_refs MULTI 1 "${multi_check[@]}"

# ---------------------------------------------------------------- INFO ---
{
  echo "PACC GPU bundle, built $(date -u '+%Y-%m-%d %H:%M:%S UTC') on $(uname -n)"
  echo "commit: $(git -C "$top" describe --always --dirty 2>/dev/null || echo unknown)"
  echo "compiler: $($CC --version | head -1)"
  echo "nvcc: ${nvcc:-none} $([ -n "$nvcc" ] && "$nvcc" --version | tail -1)"
  echo "pkg-config --cflags pacc: $pcflags"
  echo "pkg-config --libs pacc: $plibs"
  echo "libpacc: $libpacc ($(md5sum < "$libpacc" | cut -c1-12))"
  echo "plugin: $pplugin ($(md5sum < "$pplugin" | cut -c1-12))"
  echo "benchmarks: -O3 + pkg-config flags; tests: as testsuite/lib/pacc.exp (-O2 -ffp-contract=off -fopenacc ...)"
  echo "run tests: $ntests; small benchmark cases: ${#small_cases[@]}"
} > "$bundle/INFO"

# The logs of successful builds only hold GCC 12's DT_TEXTREL warnings.
size=$(du -sh "$bundle" | cut -f1)
log "bundle $bundle: $size, $(ls "$bundle/tests"/*.pacc 2>/dev/null | wc -l) of $ntests tests," \
    "$(ls "$bundle/bin" | wc -l) programs"
fails=$(ls "$bundle"/build-logs/FAILED.* 2>/dev/null | wc -l)
if [ "$fails" -ne 0 ]; then
  die "$fails step(s) failed (logs in $bundle/build-logs)"
fi
log "done; on the GPU machine: bash testsuite/gpu/run-gpu.sh $(basename "$bundle")"
