#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# testsuite/gpu/fault-gpu.sh -- PACC_FAULT on the CUDA back end: the
# bundle's PACC Jacobi, out of core (PACC_DEVICE_MEMORY), with the Nth
# allocation, registration, copy or launch failing.  An allocation or a
# registration that fails must be survived (plan again; stage the copies)
# with the checksum of the run without faults (a registration at region
# begin: the array is staged; one that the first block needs later, with
# PACC_PIN=first-block, stops the program naming the array); a copy or a
# launch that fails must stop the program within the time limit, exit
# status 1, with the CUDA call, the chunk and (for a copy) the array
# named.  run-gpu.sh runs it after the tests.  The last run
# writes a trace, which must hold the host spans and byte counters.
#   bash testsuite/gpu/fault-gpu.sh gpu-bundle [TRACE_DIR]

set -u
bundle=${1:-gpu-bundle}
tdir=${2:-${TMPDIR:-/tmp}}
exe=$bundle/bin/jacobi-pacc
export LD_LIBRARY_PATH=$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
args="4000 3000 24"
export PACC_DEVICE_MEMORY=16M
fail=0
pass () { echo "PASS: fault-gpu: $*"; }
bad () { echo "FAIL: fault-gpu: $*"; fail=1; }

ref=$("$exe" $args 2>/dev/null | grep '^checksum')
[ -n "$ref" ] || { bad "no checksum without faults"; exit 1; }
echo "reference: $ref"

survive () {  # FAULT REGEX: the run must finish right and print REGEX
  local out err rc
  err=$(PACC_VERBOSE=1 PACC_FAULT=$1 timeout 120 "$exe" $args 2>&1 >"$tdir/f.out"); rc=$?
  out=$(grep '^checksum' "$tdir/f.out")
  printf '%s\n' "$err" | grep -E "$2|plan:|data path" | sed 's/^/   /' | cut -c1-300
  if [ $rc = 0 ] && [ "$out" = "$ref" ] && grep -Eq -- "$2" <<<"$err"; then
    pass "PACC_FAULT=$1 survived"
  else
    bad "PACC_FAULT=$1: exit $rc, $out, expected /$2/"
  fi
}
stops () {  # FAULT REGEX: exit 1 with REGEX, no hang
  local err rc t0=$SECONDS
  err=$(PACC_FAULT=$1 timeout 120 "$exe" $args 2>&1 >/dev/null); rc=$?
  printf '%s\n' "$err" | tail -2 | sed 's/^/   /'
  if [ $rc = 1 ] && grep -Eq -- "$2" <<<"$err"; then
    pass "PACC_FAULT=$1 stopped in $((SECONDS - t0)) s"
  else
    bad "PACC_FAULT=$1: exit $rc (124: hung), expected 1 and /$2/"
  fi
}

survive alloc:1 "warning: cannot allocate .* planning again within"
survive alloc:3 "warning: cannot allocate .* planning again within"
survive register:1 "cannot be registered|data path (register\+)?staging"
# Calls 1 and 2 register the first piece of p and q at region begin; the
# third is a piece that the first block needs later (PACC_PIN=first-block).
PACC_PIN_PIECE=1M stops register:3 "CUDA error while registering [0-9]+ bytes of array '[pq]' at 0x[0-9a-f]+ as the first block reached them .*cuMemHostRegister_v2 failed \(injected by PACC_FAULT=register:3\)"
# The first copy of all: chunk 0's, or on several GPUs the first chunk of
# whichever device's worker issues first.
stops copy:1 "CUDA error while loading a chunk \(array 'p', chunk [0-9]+, block 0, queue [0-9]+, [0-9]+ bytes\): cuMemcpyHtoDAsync_v2 failed \(injected by PACC_FAULT=copy:1\)"
stops copy:40 "CUDA error while (loading a chunk|writing a chunk back|copying halo rows within a device).*\(array '[pq]', chunk [0-9]+, block [0-9]+, queue [0-9]+, [0-9]+ bytes\): cuMemcpy[A-Za-z_0-9]+ failed \(injected by PACC_FAULT=copy:40\)"
stops launch:9 "CUDA error while launching a kernel \(kernels of chunk [0-9]+, block [0-9]+, queue [0-9]+\): cuLaunchKernel failed \(injected by PACC_FAULT=launch:9\)"
PACC_WORKERS=1 stops copy:17 "CUDA error while .*failed \(injected by PACC_FAULT=copy:17\)"

rm -f "$tdir/trace.json"
PACC_TRACE="$tdir/trace.json" "$exe" $args >/dev/null 2>&1
if ! command -v python3 >/dev/null; then echo "UNSUPPORTED: fault-gpu: trace (no python3)"; elif python3 - "$tdir/trace.json" <<'PY'
import json, sys
ev = json.load(open(sys.argv[1]))
host = {e["name"] for e in ev if e.get("ph") == "X" and e["pid"] == 0}
c = [e["args"]["loaded"] for e in ev if e.get("ph") == "C"]
print("   host spans:", sorted(host), "; counter events:", len(c))
need = {"register host arrays", "plan", "probe the links",
        "stage, workers, queues", "allocate buffers",
        "wait for the queues, free buffers"}
# Unpinned at region end, or after it in the background (the default).
unreg = {"unregister host arrays", "unregister host arrays after the region"}
sys.exit(0 if need <= host and host & unreg and c and c == sorted(c) else 1)
PY
then pass "trace: host spans and byte counters"; else bad "trace: $tdir/trace.json"; fi
exit $fail
