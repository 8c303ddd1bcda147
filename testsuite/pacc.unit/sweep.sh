#!/usr/bin/env bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# sweep.sh - builds libpacc and its unit tests and runs them: once with the
# defaults, then over a sweep of PACC_K x PACC_CHUNKS/PACC_BLOCK x
# PACC_QUEUES, plain and skewed (each test compares bit for bit with its own sequential
# run), then the error messages, PACC_VERBOSE and PACC_TRACE.  planner.c
# tests the planner alone, built without the rest of libpacc (and
# planner_devices.c its plans over several GPUs, their rates given by
# hand); pin.c the
# CUDA back end's pinning threads alone, against a fake driver; deferred.c
# its own kernel launches and their reduction results, the same way;
# probe.c its rates for the cost model (the link probe); slots.c its
# queues' pinned slots for staged loads; unregistered.c its copies of host
# bytes that no region registered.
#
#   sweep.sh [--valgrind] [--verbose] [BUILD_DIR]
#
# --valgrind also runs every test under valgrind for a few settings and
# fails on any error or definite leak.  Exits non-zero if anything failed.

# SETTINGS strings are lists of VAR=value words: split on purpose.
# shellcheck disable=SC2086
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
valgrind=0 verbose=0 build=
for arg; do
  case $arg in
    --valgrind) valgrind=1 ;;
    --verbose) verbose=1 ;;
    -*) echo "usage: $0 [--valgrind] [--verbose] [BUILD_DIR]" >&2; exit 2 ;;
    *) build=$arg ;;
  esac
done
[ -n "$build" ] || build=$(mktemp -d "${TMPDIR:-/tmp}/pacc-unit.XXXXXX")
mkdir -p "$build"

# Internal errors abort (status 134): no core files.
ulimit -c 0

# PACC_UNIT_SWEEP=short (make distcheck, after the full sweep ran in the
# build tree) runs every test with its defaults and every check, but only
# one setting in eight of the sweeps: the tarball's copy is what it checks.
short=0
[ "${PACC_UNIT_SWEEP:-}" = short ] && short=1
nrun=0

# The tests set their own environment; nothing from the caller's.
for v in $(env | sed -n 's/^\(PACC_[A-Z_]*\)=.*/\1/p'); do unset "$v"; done

CC=${CC:-gcc}
# As Makefile.am builds it (libpacc depends on libgomp: launch.c, image.c).
$CC -std=c11 -D_GNU_SOURCE -O2 -g -Wall -Wextra -Werror -fPIC -shared \
  -o "$build/libpacc.so" $(ls "$top"/libpacc/*.c | grep -v "/mpi\.c$") \
  -lpthread -ldl -lgomp -lm || exit 1
tests=()
for src in "$here"/*.c; do
  t=$(basename "$src" .c)
  case $t in
    planner | planner_devices | pin | deferred | probe | slots | unregistered) continue ;;
  esac
  $CC -std=c11 -O2 -g -Wall -Wextra -Werror -ffp-contract=off \
    -I"$top/libpacc" -o "$build/$t" "$src" \
    -L"$build" -lpacc -Wl,-rpath,"$build" || exit 1
  [ "$t" = errors ] || [ "$t" = devices ] || tests+=("$t")
done
# The planner alone, with what it may depend on and nothing else: a
# planner that called a back end (or the schedule) would not link.
$CC -std=c11 -D_GNU_SOURCE -O2 -g -Wall -Wextra -Werror -I"$top/libpacc" \
  -o "$build/planner" "$here/planner.c" "$top/libpacc/planner.c" \
  "$top/libpacc/cost.c" "$top/libpacc/plan-pick.c" "$top/libpacc/plan-make.c" \
  "$top/libpacc/plan-host.c" \
  "$top/libpacc/chunks.c" "$top/libpacc/diag.c" \
  "$top/libpacc/settings.c" -lm \
  || exit 1
$CC -std=c11 -D_GNU_SOURCE -O2 -g -Wall -Wextra -Werror -I"$top/libpacc" \
  -o "$build/planner_devices" "$here/planner_devices.c" \
  "$top/libpacc/planner.c" "$top/libpacc/cost.c" "$top/libpacc/plan-pick.c" \
  "$top/libpacc/plan-make.c" "$top/libpacc/plan-host.c" \
  "$top/libpacc/chunks.c" "$top/libpacc/diag.c" "$top/libpacc/settings.c" \
  -lm || exit 1
# A file of the CUDA back end alone against a fake driver: TEST.c with
# the back-end files given, diag.c and settings.c, and AddressSanitizer
# where the compiler has it (a region freed while a release still refers
# to it shows there, not always as a crash).
asan=-fsanitize=address
echo 'int main (void) { return 0; }' > "$build/asan.c"
$CC $asan -o "$build/asan" "$build/asan.c" 2>/dev/null \
  && ASAN_OPTIONS=detect_leaks=0 "$build/asan" || asan=
fake_driver_test () {
  local t=$1; shift
  $CC -std=c11 -D_GNU_SOURCE -O1 -g -Wall -Wextra -Werror $asan \
    -I"$top/libpacc" -o "$build/$t" "$here/$t.c" "$@" \
    "$top/libpacc/diag.c" "$top/libpacc/settings.c" -lpthread -lm || exit 1
}
# The pinning threads (cuda-pin.c, cuda-lazy.c); the back end's own
# launches and their deferred reduction results (cuda-launch.c); its
# rates for the cost model (cuda-memory.c: the link probe); a queue's
# pinned slots (cuda-queue.c); copies of host bytes no region registered
# (cuda-copy.c, with the queues, a region's host side and its pinning).
fake_driver_test pin "$top/libpacc/cuda-pin.c" "$top/libpacc/cuda-lazy.c"
fake_driver_test deferred "$top/libpacc/cuda-launch.c"
fake_driver_test probe "$top/libpacc/cuda-memory.c"
fake_driver_test slots "$top/libpacc/cuda-queue.c"
fake_driver_test unregistered "$top/libpacc/cuda-copy.c" \
  "$top/libpacc/cuda-queue.c" "$top/libpacc/cuda-host.c" \
  "$top/libpacc/cuda-pin.c" "$top/libpacc/cuda-lazy.c"

pass=0 fail=0
indent () { printf '%s\n' "$1" | sed 's/^/  /'; }
ok () { pass=$((pass + 1)); [ $verbose = 0 ] || echo "ok: $*"; }
bad () { fail=$((fail + 1)); echo "FAILED: $*"; }

# run SETTINGS TEST: one test binary with the settings (VAR=value words).
run () {
  local settings=$1 t=$2 out
  if [ $short = 1 ] && [ -n "$settings" ]; then
    nrun=$((nrun + 1))
    [ $((nrun % 8)) = 0 ] || return 0
  fi
  if out=$(env $settings "$build/$t" 2>&1); then
    ok "$settings $t"
  else
    bad "$settings $t"
    indent "$out"
  fi
}

for t in "${tests[@]}"; do run "" "$t"; done

# checks NAME LAST: a test program of its own checks, one `PASS NAME: ...'
# or `FAIL NAME: ...' line each (details indented below a failure),
# started by the rest of the arguments; it must print the check LAST (a
# regular expression) and exit 0 unless something failed.
checks () {
  local name=$1 last=$2 out rc; shift 2
  out=$("$@" 2>&1); rc=$?
  while IFS= read -r line; do
    case $line in
      "PASS "*) ok "${line#PASS }" ;;
      "FAIL "*) bad "${line#FAIL }" ;;
      "  "*) indent "$line" ;;
    esac
  done <<<"$out"
  if ! grep -Eq "^(PASS|FAIL) $name: $last" <<<"$out" \
     || { [ $rc != 0 ] && ! grep -q '^FAIL ' <<<"$out"; }; then
    bad "$name: exited with status $rc"; indent "$(tail -30 <<<"$out")"
  fi
}

# The planner's own checks; the pinning threads' (a hang is a failure).
checks planner "random plans" "$build/planner"
checks planner_devices "PACC_K=2 at 8x" "$build/planner_devices"
checks pin "unpinned before exit" \
  env ASAN_OPTIONS=detect_leaks=0 timeout 120 "$build/pin"
checks deferred "no slot left pending after the last flush" \
  env ASAN_OPTIONS=detect_leaks=0 timeout 120 "$build/deferred"
checks probe "no round timed" \
  env ASAN_OPTIONS=detect_leaks=0 timeout 60 "$build/probe"
checks slots "when the registration fails" \
  env ASAN_OPTIONS=detect_leaks=0 timeout 60 "$build/slots"
checks unregistered "the array is unregistered at region end" \
  env ASAN_OPTIONS=detect_leaks=0 timeout 60 "$build/unregistered"

for k in "" PACC_K=1 PACC_K=2 PACC_K=3 PACC_K=5 PACC_K=16; do
  for c in "" PACC_CHUNKS=1 PACC_CHUNKS=2 PACC_CHUNKS=3 PACC_CHUNKS=7 \
           PACC_CHUNKS=100 PACC_BLOCK=1 PACC_BLOCK=4; do
    for q in "" PACC_QUEUES=1 PACC_QUEUES=2 PACC_QUEUES=3 PACC_QUEUES=4; do
      for t in "${tests[@]}"; do
        # thin sets its own k and chunks: sweep only its queues.
        if [ "$t" = thin ] && [ -n "$k$c" ]; then continue; fi
        run "$k $c $q" "$t"
      done
    done
  done
done

# Pipelines over emulated devices (chunk i on device i % D).
for d in PACC_DEVICES=2 PACC_DEVICES=3 PACC_DEVICES=5; do
  for c in "" PACC_CHUNKS=1 PACC_CHUNKS=4 PACC_CHUNKS=7 PACC_BLOCK=3; do
    for k in "" PACC_K=2 PACC_K=5; do
      for q in "" PACC_QUEUES=1 PACC_QUEUES=2 PACC_QUEUES=8; do
        for t in "${tests[@]}"; do
          if [ "$t" = thin ] && [ -n "$k$c" ]; then continue; fi
          run "$d $k $c $q" "$t"
          # The same plan streamed instead of resident, and issued from
          # the calling thread instead of one worker per device.
          if [ "$q" = PACC_QUEUES=8 ]; then
            run "$d $k $c $q PACC_RESIDENT=0" "$t"
            run "$d $k $c $q PACC_WORKERS=0" "$t"
          fi
        done
      done
    done
  done
done

# A first block of its own steps (PACC_K_FIRST), streamed and resident,
# on one device and on three.
for kf in PACC_K_FIRST=1 PACC_K_FIRST=5 PACC_K_FIRST=9; do
  for c in PACC_CHUNKS=1 PACC_CHUNKS=3 PACC_CHUNKS=7; do
    for d in "" PACC_DEVICES=3; do
      for t in "${tests[@]}"; do
        [ "$t" = thin ] && continue
        run "$kf PACC_K=2 $c $d" "$t"
      done
    done
  done
done

# One device, its queue operations issued by a worker thread.
for c in "" PACC_CHUNKS=3 PACC_CHUNKS=7; do
  for k in "" PACC_K=2; do
    for q in "" PACC_QUEUES=2; do
      for t in "${tests[@]}"; do
        if [ "$t" = thin ] && [ -n "$k$c" ]; then continue; fi
        run "PACC_WORKERS=1 $k $c $q" "$t"
      done
    done
  done
done

# Skewed plans (chunks.h: no halo row computed twice, bands through the
# band buffer), on one device, re-planned after every block too.
for k in "" PACC_K=2 PACC_K=5 PACC_K=16; do
  for c in "" PACC_CHUNKS=2 PACC_CHUNKS=7 PACC_CHUNKS=100 PACC_BLOCK=1; do
    for q in "" PACC_QUEUES=1 PACC_QUEUES=2; do
      for t in "${tests[@]}"; do
        if [ "$t" = thin ] && [ -n "$k$c" ]; then continue; fi
        run "PACC_SKEW=1 $k $c $q" "$t"
      done
    done
  done
done
for t in "${tests[@]}"; do run "PACC_SKEW=1 PACC_REPLAN=2" "$t"; done

# The carry's plans without rings (the targetin arrays in the buffers);
# every plan above with the carry has them.
for k in "" PACC_K=3; do
  for c in PACC_CHUNKS=7 PACC_BLOCK=1; do
    for q in PACC_QUEUES=1 PACC_QUEUES=2; do
      for t in "${tests[@]}"; do
        if [ "$t" = thin ] && [ -n "$k$c" ]; then continue; fi
        run "PACC_RING=0 $k $c $q" "$t"
        run "PACC_RING=0 PACC_SKEW=1 $k $c $q" "$t"
      done
    done
  done
done

# expect STATUS REGEX SETTINGS ARG: errors ARG must exit with STATUS and
# print a line matching REGEX.
expect () {
  local status=$1 regex=$2 settings=$3 arg=$4 out rc
  out=$(env $settings "$build/errors" "$arg" 2>&1); rc=$?
  if [ $rc = "$status" ] && grep -Eq -- "$regex" <<<"$out"; then
    ok "errors $arg $settings"
  else
    bad "errors $arg $settings: status $rc, expected $status and /$regex/"
    indent "$out"
  fi
}
expect 0 '^region ran$' "" ok
expect 1 "^pacc: errors.c:7: PACC_K: expected a positive integer, got 'abc'$" PACC_K=abc ok
expect 1 "PACC_K: expected a positive integer, got '0'" PACC_K=0 ok
expect 1 "PACC_K_FIRST: expected a positive integer, got 'abc'" PACC_K_FIRST=abc ok
expect 1 "PACC_K_FIRST: expected a positive integer, got '-1'" PACC_K_FIRST=-1 ok
expect 0 '^region ran$' "PACC_K_FIRST=0" ok
expect 0 '^region ran$' "PACC_K_FIRST=7" ok
expect 1 "PACC_CHUNKS: expected a positive integer, got '-3'" PACC_CHUNKS=-3 ok
expect 1 "PACC_BLOCK: expected a positive integer, got '4x'" PACC_BLOCK=4x ok
expect 1 "PACC_QUEUES: expected an integer from 1 to 64, got '65'" PACC_QUEUES=65 ok
expect 1 "PACC_DEVICES: expected an integer from 1 to 64, got 'two'" PACC_DEVICES=two ok
expect 1 "PACC_DEVICE_MEMORY: expected a positive number of bytes with an optional K, M or G suffix, got '12T'" PACC_DEVICE_MEMORY=12T ok
expect 1 "PACC_VERBOSE: expected 0, 1 or 2, got '3'" PACC_VERBOSE=3 ok
expect 1 "PACC_RESIDENT: expected 0 or 1, got 'yes'" PACC_RESIDENT=yes ok
expect 1 "PACC_WORKERS: expected 0 or 1, got '2'" PACC_WORKERS=2 ok
expect 1 "PACC_CARRY: expected 0 or 1, got 'on'" PACC_CARRY=on ok
expect 1 "PACC_RING: expected 0 or 1, got '2'" PACC_RING=2 ok
expect 1 "PACC_EARLY_UNREGISTER: expected 0, 1, 2 or 3, got '4'" PACC_EARLY_UNREGISTER=4 ok
expect 1 "PACC_PIN: expected begin or first-block, got 'later'" PACC_PIN=later ok
expect 1 "PACC_PIN_PIECE: expected a positive number of bytes with an optional K, M or G suffix, got '0'" PACC_PIN_PIECE=0 ok
expect 0 '^region ran$' "PACC_PIN=begin PACC_PIN_PIECE=4K" ok
expect 1 "PACC_REPLAN: expected 0, 1 or 2, got '3'" PACC_REPLAN=3 ok
expect 1 "PACC_LINK_MARGIN: expected an integer from 0 to 90, got '91'" PACC_LINK_MARGIN=91 ok
expect 1 "PACC_LINK_MARGIN: expected an integer from 0 to 90, got '-5'" PACC_LINK_MARGIN=-5 ok
expect 0 '^region ran$' "PACC_LINK_MARGIN=0" ok
expect 1 "PACC_STAGE: expected auto or an integer from 0 to 4096, got 'some'" PACC_STAGE=some ok
expect 1 "PACC_STAGE: expected auto or an integer from 0 to 4096, got '4097'" PACC_STAGE=4097 ok
expect 1 "PACC_STAGE: expected auto or an integer from 0 to 4096, got '-1'" PACC_STAGE=-1 ok
expect 0 '^region ran$' "PACC_STAGE=auto" ok
expect 0 '^region ran$' "PACC_STAGE=0" ok
expect 0 '^region ran$' "PACC_STAGE=3" ok
expect 1 "PACC_STAGE_AHEAD: expected 0 or 1, got '2'" PACC_STAGE_AHEAD=2 ok
expect 1 "PACC_STAGE_STREAM: expected 0 or 1, got 'on'" PACC_STAGE_STREAM=on ok
expect 1 "PACC_TBLOCK_DEPTH: expected a digit from 0 to 8, got '9'" PACC_TBLOCK_DEPTH=9 ok
expect 0 '^region ran$' "PACC_STAGE_AHEAD=0 PACC_STAGE_STREAM=0" ok
expect 1 "PACC_RESIDENT=1, but the 7 chunks share 1 buffers" "PACC_RESIDENT=1 PACC_CHUNKS=7 PACC_QUEUES=1" ok
expect 1 "PACC_RESIDENT=1, but the 7 chunks share 2 buffers" "PACC_RESIDENT=1 PACC_CHUNKS=7 PACC_QUEUES=1 PACC_CARRY=0" ok
expect 1 "PACC_CHUNKS and PACC_BLOCK are both set" "PACC_CHUNKS=2 PACC_BLOCK=2" ok
expect 1 "PACC_TRACE: cannot open '/nonexistent/t.json'" PACC_TRACE=/nonexistent/t.json ok
expect 1 "PACC_LAUNCH: expected 'pacc' or 'libgomp', got 'cuda'" PACC_LAUNCH=cuda ok
expect 1 "PACC_PROGRESS: expected an integer from 1 to 86400, got '0.5'" PACC_PROGRESS=0.5 ok
expect 1 "PACC_FAULT: expected KIND:N\[,KIND:N...\] with KIND alloc, register, copy or launch and N from 1 to 4294967295, got 'alloc'" PACC_FAULT=alloc ok
expect 1 "PACC_FAULT: expected KIND:N.*got 'copy:0'" PACC_FAULT=copy:0 ok
expect 1 "PACC_FAULT: expected KIND:N.*got 'disk:1'" PACC_FAULT=disk:1 ok
expect 1 "PACC_FAULT: expected KIND:N.*got 'copy:99999999999'" PACC_FAULT=copy:99999999999 ok
expect 1 "PACC_FAULT: expected KIND:N after ',' in 'copy:1,'" PACC_FAULT=copy:1, ok
expect 1 "PACC_FAULT: 'alloc' is given twice in 'alloc:1,copy:2,alloc:3'" PACC_FAULT=alloc:1,copy:2,alloc:3 ok
expect 0 '^region ran$' "PACC_FAULT=register:1,launch:1" ok
# A failed allocation: a warning naming it, a plan within less memory.
expect 0 "^pacc: errors.c:7: warning: cannot allocate [0-9.]+ [KMG]?i?B of host buffer memory for array '[a-z]+' on device 0 \(the plan needed [0-9.]+ [KMG]?i?B per device\): planning again within [0-9.]+ [KMG]?i?B$" PACC_FAULT=alloc:1 ok
expect 1 "more than the [0-9.]+ [KMG]?i?B of host memory \(the limit after a failed allocation\); nothing fits" "PACC_FAULT=alloc:1 PACC_K=1 PACC_DEVICE_MEMORY=170" ok
expect 1 "^pacc: errors.c:7: copy failed while loading a chunk \(array '[a-z]+', chunk 0, block 0, queue 0, [0-9]+ bytes\) \(injected by PACC_FAULT=copy:1\)$" PACC_FAULT=copy:1 ok
if [ -w /dev/full ]; then
  expect 0 "^pacc: warning: PACC_TRACE: writing '/dev/full' failed \(No space left on device\): the trace is incomplete$" PACC_TRACE=/dev/full ok
fi
expect 0 '^region ran$' "PACC_K= PACC_DEVICES=3 PACC_DEVICE_MEMORY=64M" ok
expect 1 "chunk buffers need .* buffers of [0-9]+ rows: [0-9]+ own rows and [0-9]+ halo rows, halo -1/\+1 per step over k = [0-9]+ steps, and a carry buffer of 2 rows; rows of .*\), more than the 100 B of host memory \(PACC_DEVICE_MEMORY\); nothing fits: even chunks of one row with k = 1 need 160 B per device$" "PACC_DEVICE_MEMORY=100 PACC_CHUNKS=2" ok
expect 1 "chunk buffers need .* buffers of [0-9]+ rows: [0-9]+ own rows and [0-9]+ halo rows, halo -1/\+1 per step over k = [0-9]+ steps; rows of .*\), more than the 100 B of host memory \(PACC_DEVICE_MEMORY\); nothing fits: even chunks of one row with k = 1 need 192 B per device$" "PACC_DEVICE_MEMORY=100 PACC_CHUNKS=2 PACC_CARRY=0" ok
expect 1 "^pacc: errors.c:7: array 'q': the size clause gives 16 bytes per row, but its C type has 32 bytes per row$" "" typerow
expect 1 "^pacc: errors.c:7: array 'q': the extents of its C type are not those of the size clause$" "" extents
expect 1 "arrays 'p' and 'q' overlap in memory" "" overlap
abi=$(sed -n 's/^#define PACC_ABI_VERSION \([0-9][0-9]*\)$/\1/p' "$top/libpacc/pacc-abi.h")
expect 1 "compiled for libpacc ABI version $((abi + 1)), but this libpacc implements version $abi" "" abi
expect 1 "array 'q' is a null pointer" "" null
expect 1 "^pacc: errors.c:7: arrays 'p' and 'w' overlap in memory; 'w' \(copyin\) must not change in the region$" "" wholeoverlap
expect 134 "internal error: chunk 0: array 'q' holds 0x[0-9a-f]*, none of the chunk's buffers" "" foreign
expect 134 "internal error: chunk 1 rotated the arrays differently from chunk 0 of the block" "" mixed
expect 134 "internal error: chunk 0: array 'p' holds the buffer of 'q', of another kind or row size" "" kinds
expect 134 "internal error: block ended after 1 of its 4 chunks" "" early

# The multi-device entry points on 3 emulated devices, and their errors.
run "PACC_DEVICES=3" devices
expect_devices () {
  local status=$1 regex=$2 settings=$3 arg=$4 out rc
  out=$(env $settings "$build/devices" "$arg" 2>&1); rc=$?
  if [ $rc -eq "$status" ] && grep -Eq -- "$regex" <<<"$out"; then
    ok "devices $arg $settings"
  else
    bad "devices $arg $settings: status $rc, expected $status and /$regex/"
    indent "$out"
  fi
}
expect_devices 1 "^pacc: devices.c:1: deviceid: device 7 does not exist \(3 devices on the host path \(PACC_DEVICES\), numbered from 0\)$" PACC_DEVICES=3 bad-device
expect_devices 1 "deviceid: device 7 does not exist \(1 device on the host path" "" bad-device
expect_devices 1 "^pacc: devices.c:2: update peer: 8 bytes to device 0 but 4 bytes from device 1: each to\(\) item must have the size of its from\(\) item$" PACC_DEVICES=2 bad-size
expect_devices 1 "^pacc: devices.c:3: wait device: device -1 does not exist" PACC_DEVICES=2 bad-wait

# PACC_DEVICE_MEMORY with automatic chunks: more chunks, not an error
# (streaming: in place, one chunk would need no buffers but the temp's).
if out=$(PACC_VERBOSE=1 PACC_DEVICE_MEMORY=2K PACC_IN_PLACE=0 \
           "$build/jacobi_copy" 2>&1) \
   && grep -q 'chunks [0-9]* (auto' <<<"$out" \
   && ! grep -q 'chunks 4 (auto' <<<"$out"; then
  ok "PACC_DEVICE_MEMORY auto chunks"
else
  bad "PACC_DEVICE_MEMORY=2K did not give more chunks"; echo "$out"
fi

# The plan line shows the settings it was given.
if out=$(PACC_VERBOSE=1 PACC_K=3 PACC_CHUNKS=5 PACC_QUEUES=2 \
          "$build/jacobi_copy" 2>&1) \
   && grep -q 'k 3 (PACC_K), chunks 5 (PACC_CHUNKS, 7-8 rows), queues 2 (PACC_QUEUES)' <<<"$out" \
   && grep -q 'queues 1 (no async clause)' <<<"$out" \
   && grep -q 'done: 4 blocks, 20 chunks; in .*loads .* ms; out .*write-backs .* ms; kernels .* ms; total .* ms' <<<"$out"; then
  ok "PACC_VERBOSE=1 plan"
else
  bad "PACC_VERBOSE=1 plan"; echo "$out"
fi
# The first block's steps: its line, one block fewer, and the error when
# only PACC_K_FIRST keeps the plan from fitting.
if out=$(PACC_VERBOSE=1 PACC_K=3 PACC_K_FIRST=5 PACC_CHUNKS=5 \
          "$build/jacobi_copy" 2>&1) \
   && grep -q 'first block: k 5 (PACC_K_FIRST), buffers for its halo rows; 0.000 s of registration predicted in it' <<<"$out" \
   && grep -q 'done: 3 blocks, 15 chunks' <<<"$out"; then
  ok "PACC_VERBOSE=1 first block"
else
  bad "PACC_VERBOSE=1 first block"; echo "$out"
fi
# Three queues given: automatic ones would drop to one, which fits.
if out=$(PACC_QUEUES=3 PACC_K=1 PACC_K_FIRST=12 PACC_CHUNKS=4 \
          PACC_DEVICE_MEMORY=4K "$build/jacobi_copy" 2>&1); then
  bad "PACC_K_FIRST=12 in 4K ran"; echo "$out"
elif grep -q 'over k = 11 steps (the first block.s, PACC_K_FIRST), and a carry buffer of 22 rows; .*; PACC_K_FIRST=0 fits' <<<"$out"; then
  ok "PACC_K_FIRST too large for the memory"
else
  bad "PACC_K_FIRST too large for the memory"; echo "$out"
fi
if out=$(PACC_VERBOSE=1 PACC_K=1 PACC_K_FIRST=12 PACC_CHUNKS=4 \
          PACC_DEVICE_MEMORY=4K "$build/jacobi_copy" 2>&1) \
   && grep -q 'queues 1 (auto, fewer to fit)' <<<"$out"; then
  ok "automatic queues drop to one to fit"
else
  bad "automatic queues drop to one to fit"; echo "$out"
fi
if PACC_VERBOSE=2 "$build/rotation" >/dev/null 2>&1; then
  ok "PACC_VERBOSE=2"
else
  bad "PACC_VERBOSE=2"
fi
# A streaming plan goes on round the slots across blocks: 5 chunks on 2
# slots, so the second block's chunk 0 takes slot 1 (slot 0 holds the
# first block's last chunk), not slot 0.
out=$(PACC_VERBOSE=2 PACC_CHUNKS=5 PACC_QUEUES=2 PACC_K=1 \
      "$build/jacobi_copy" 2>&1)
if grep -q "chunk 0 rows \[0,8): load \[0,9) into buffer 1 on queue 1, after the previous block's" <<<"$out"; then
  ok "the second block starts on the slot after the first block's last"
else
  bad "the second block starts on the slot after the first block's last"
  grep 'chunk 0 rows' <<<"$out" | head -3
fi

# The trace is valid JSON with loads, write-backs and kernels (three
# chunks: the host path's one resident chunk runs in place, no copies).
if PACC_TRACE="$build/trace.json" PACC_CHUNKS=3 "$build/jacobi_swap" >/dev/null \
   && python3 - "$build/trace.json" <<'EOF'
import json, sys
ev = json.load(open(sys.argv[1]))
names = {e["name"].split(" ")[0] for e in ev if e.get("ph") == "X"}
# Host spans on the host track, byte counters that only grow.
host = {e["name"] for e in ev if e.get("ph") == "X" and e.get("cat") == "host"}
counters = {}
for e in ev:
    if e.get("ph") == "C":
        counters.setdefault(e["name"], []).append(e["args"]["loaded"])
sys.exit(0 if {"load", "write-back", "kernels"} <= names
         and {"plan", "stage, workers, queues", "allocate buffers",
              "wait for the queues, free buffers"} <= host
         and counters and all(c == sorted(c) and c[-1] > 0
                              for c in counters.values()) else 1)
EOF
then
  ok "PACC_TRACE"
else
  bad "PACC_TRACE: $build/trace.json"
fi

# PACC_PROGRESS: a progress line at a block's start (the first after the
# first step), at most every N seconds.
out=$(PACC_PROGRESS=1 PACC_K=1 "$build/jacobi_swap" 2>&1 >/dev/null)
if grep -Eq '^pacc: [^ ]+: progress: step 1 of [0-9]+ \(block 1\), [0-9.]+ s, [0-9.]+ [KMG]?i?B loaded, [0-9.]+ [KMG]?i?B written back; about [0-9]+ s left$' <<<"$out" \
   && ! grep -q 'progress: step 0 ' <<<"$out"; then
  ok "PACC_PROGRESS"
else
  bad "PACC_PROGRESS: $out"
fi

# One track per device (pid = device + 1, named), one thread per queue.
if PACC_DEVICES=2 PACC_TRACE="$build/trace2.json" "$build/jacobi_swap" >/dev/null \
   && python3 - "$build/trace2.json" <<'EOF'
import json, sys
ev = json.load(open(sys.argv[1]))
procs = {e["pid"]: e["args"]["name"] for e in ev
         if e.get("ph") == "M" and e["name"] == "process_name"}
pids = {e["pid"] for e in ev if e.get("ph") == "X" and e.get("cat") != "host"}
ok = (pids == {1, 2} and procs.get(1) == "pacc device 0"
      and procs.get(2) == "pacc device 1"
      and all(any(m.get("name") == "thread_name" and m["pid"] == e["pid"]
                  and m["tid"] == e["tid"] for m in ev)
              for e in ev if e.get("ph") == "X"))
sys.exit(0 if ok else 1)
EOF
then
  ok "PACC_TRACE: a track per device"
else
  bad "PACC_TRACE: a track per device: $build/trace2.json"
fi

# Out of core on the host: in_place's three arrays take 7.5 KiB, its
# temp array 2.5 KiB; one chunk in place, or streaming with in-place off.
for s in "" PACC_K=3 PACC_IN_PLACE=0 "PACC_IN_PLACE=0 PACC_QUEUES=1"; do
  run "PACC_DEVICE_MEMORY=4K $s" in_place
done

# %p in PACC_TRACE: the process id (one trace per process of a job).
rm -f "$build"/trace-*.json
PACC_TRACE="$build/trace-%p.json" "$build/jacobi_swap" >/dev/null &
tpid=$!
if wait $tpid && [ -s "$build/trace-$tpid.json" ] \
   && python3 -c 'import json, sys; json.load(open(sys.argv[1]))' \
        "$build/trace-$tpid.json"; then
  ok "PACC_TRACE with %p"
else
  bad "PACC_TRACE with %p: no $build/trace-$tpid.json"
fi

if [ $valgrind = 1 ]; then
  for s in "" "PACC_K=3 PACC_CHUNKS=7 PACC_QUEUES=2" \
           "PACC_K=5 PACC_BLOCK=1 PACC_QUEUES=4" "PACC_K=2 PACC_CHUNKS=100"; do
    for t in "${tests[@]}"; do
      if out=$(env $s valgrind -q --error-exitcode=99 --leak-check=full \
               --errors-for-leak-kinds=definite "$build/$t" 2>&1); then
        ok "valgrind $s $t"
      else
        bad "valgrind $s $t"; indent "$out"
      fi
    done
  done
fi

echo "pacc.unit: $pass passed, $fail failed (build in $build)"
[ $fail = 0 ]
