#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# benchmarks/tools/scaling-selftest.sh -- benchmarks/scaling.sh checked
# without a GPU (run by benchmarks/check.sh, so by `make check'): with
# SCALE=tiny on the host back end (PACC_DATA_PATH=host, 1, 2 and 4
# emulated devices) over the programs check.sh built in WORK:
#
#   bash benchmarks/tools/scaling-selftest.sh WORK
#
# WORK holds jacobi-pacc, cip-pacc, himeno-pacc and, when PACC has MPI,
# jacobi-mpi and cip-mpi (run with the mpirun on PATH).  Checks that the
# script passes, that its CSV has every row with its figures parsed (a
# time, GFLOPS, a speed-up and a check of ok against 1 GPU), that the SVG
# has a line per program and mode, the ideal line and the anchor's
# points, and that PLOT_ONLY=1 redraws it; and that it FAILs, with exit
# status 1, when a 2-GPU run prints another hash than the 1-GPU run,
# when a program's GFLOPS line changes its form, and when a GPU run
# (HOST=0) reports the host data path.  Prints a PASS:/FAIL: line per
# check.

set -u
work=$(cd "${1:?usage: scaling-selftest.sh WORK}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
scaling=$here/../scaling.sh
st=$work/scaling-selftest
rm -rf "$st"
mkdir -p "$st/bundle/bin" "$st/mpi/bin" "$st/bad-hash/bin" "$st/bad-gflops/bin"
for b in jacobi cip himeno; do ln -s "$work/$b-pacc" "$st/bundle/bin/$b-pacc"; done
nmpi=0
if command -v mpirun > /dev/null && [ -x "$work/jacobi-mpi" ] && [ -x "$work/cip-mpi" ]; then
  ln -s "$work/jacobi-mpi" "$work/cip-mpi" "$st/mpi/bin/"
  nmpi=12
fi
ok () { echo "PASS: scaling.sh self-test: $1"; }
bad () { echo "FAIL: scaling.sh self-test: $1"; }

# 1. The whole script, tiny sizes.
if [ "$nmpi" -gt 0 ]; then mb=(MPI_BUNDLE="$st/mpi"); else mb=(); fi
env "${mb[@]}" SCALE=tiny MODES="strong weak ooc ooc-weak mpi mpi-weak" bash "$scaling" "$st/bundle" "$st/out" > "$st/run.log" 2>&1
rc=$?
csv=$st/out/scaling.csv
if [ "$rc" -eq 0 ] && grep -q '^scaling: every multi-GPU result equals' "$st/run.log" &&
   ! grep -q 'awk:' "$st/run.log"; then
  ok "SCALE=tiny passes"
else
  bad "SCALE=tiny exited with $rc: $(grep -m1 '^FAIL' "$st/run.log")"
fi
# Every row parsed: 3 programs x 4 modes x 1, 2, 4 devices, and 2
# programs x 2 MPI modes x 1, 2, 4 ranks.
why=$(awk -F, -v want=$((36 + nmpi)) '
  NR == 1 { if ($0 != "program,mode,size,GPUs,time_s,GFLOPS,speedup,check,k,chunks,blocks,xchg_ms_per_block") { print "header: " $0; exit 1 } next }
  { n++
    if ($5 !~ /^[0-9]+[.][0-9]+$/ || $6 !~ /^[0-9]+[.][0-9]+$/ || $7 !~ /^[0-9]+[.][0-9]+x$/) { print "figures not parsed: " $0; exit 1 }
    if ($4 == 1 && $8 !~ /reference$/ || $4 > 1 && $8 != "ok") { print "check: " $0; exit 1 }
    if ($9 !~ /^[0-9]+$/ || $10 !~ /^[0-9]+$/ || $11 !~ /^[0-9]+$/) { print "plan not parsed: " $0; exit 1 }
    if ($2 == "mpi" && $4 > 1 && $12 !~ /^[0-9.]+$/) { print "exchange not parsed: " $0; exit 1 }
    seen[$1 " " $2 " " $4]++ }
  END { if (n != want) { print n " rows, expected " want; exit 1 }
        for (k in seen) if (seen[k] != 1) { print "row " k " " seen[k] " times"; exit 1 } }' "$csv" 2>&1)
if [ -z "$why" ] && [ -s "$csv" ]; then ok "the CSV's $((36 + nmpi)) rows parsed"; else bad "CSV: ${why:-no $csv}"; fi
# The table: one line per row and the anchor's.
if [ "$(grep -cE '^(jacobi|cip|himeno) ' "$st/run.log")" -eq $((36 + nmpi)) ] &&
   grep -q '^anchor: NVIDIA .* 1.89x on 2 GPUs, 3.61x on 4, 6.66x on 8' "$st/run.log" &&
   [ "$(grep -cE '^target: [a-z]+ (strong|ooc|mpi) [24] GPUs +[0-9x]+ +[0-9.]+x, issue 44 asks >= [0-9.]+x: (met|MISSED)$' "$st/run.log")" -eq $((12 + nmpi / 6)) ]; then
  ok "the table, the anchor line and the targets"
else
  bad "the table: $(grep -cE '^(jacobi|cip|himeno) ' "$st/run.log") rows, or no anchor line, or not every target"
fi
# The SVG: a polyline per program and mode plus the ideal one, three anchor points.
svg=$st/out/scaling.svg
lines=$(grep -c '<polyline' "$svg" 2>/dev/null)
if head -1 "$svg" | grep -q '^<svg ' && tail -1 "$svg" | grep -q '^</svg>$' &&
   [ "$lines" -eq $((13 + nmpi / 3)) ] && [ "$(grep -c '<path d=' "$svg")" -eq 4 ] &&
   grep -q '>jacobi strong<' "$svg" && grep -q '>himeno ooc<' "$svg"; then
  ok "the SVG"
else
  bad "the SVG: $lines polylines, expected $((13 + nmpi / 3))"
fi
cp "$svg" "$st/first.svg"
if PLOT_ONLY=1 bash "$scaling" "$st/bundle" "$st/out" > "$st/plot.log" 2>&1 && cmp -s "$svg" "$st/first.svg"; then
  ok "PLOT_ONLY=1 redraws the same SVG"
else
  bad "PLOT_ONLY=1"
fi

# 2. A 2-GPU run with another hash must FAIL.
cat > "$st/bad-hash/bin/jacobi-pacc" <<EOF
#!/bin/bash
if [ "\${PACC_DEVICES:-1}" = 2 ]; then
  "$work/jacobi-pacc" "\$@" | sed 's/^\(checksum .* hash \)[0-9a-f]*\$/\10123456789abcdef/'
else
  exec "$work/jacobi-pacc" "\$@"
fi
EOF
# 3. A GFLOPS line in another form must FAIL.
cat > "$st/bad-gflops/bin/jacobi-pacc" <<EOF
#!/bin/bash
"$work/jacobi-pacc" "\$@" | sed 's/^GFLOPS /GFLOP\/s: /'
EOF
chmod +x "$st/bad-hash/bin/jacobi-pacc" "$st/bad-gflops/bin/jacobi-pacc"
for t in bad-hash:"differs from 1 GPU" bad-gflops:"no time or GFLOPS line"; do
  d=${t%%:*} msg=${t#*:}
  SCALE=tiny BENCHES=jacobi MODES=strong bash "$scaling" "$st/$d" "$st/out-$d" > "$st/$d.log" 2>&1
  rc=$?
  if [ "$rc" -eq 1 ] && grep -q "^FAIL: scaling: jacobi strong 64x70 on .*$msg" "$st/$d.log"; then
    ok "$d: FAIL and exit status 1"
  else
    bad "$d: exit status $rc, $(grep -c '^FAIL' "$st/$d.log") FAIL lines (log $st/$d.log)"
  fi
done
# 4. A GPU measurement (HOST=0) that ran on the host data path must FAIL
# (where there is no GPU to run on).
nvidia-smi -L 2>/dev/null | grep -q '^GPU ' && exit 0
SCALE=tiny HOST=0 GPUS=1 BENCHES=jacobi MODES=strong bash "$scaling" "$st/bundle" "$st/out-host" \
  > "$st/host.log" 2>&1
rc=$?
if [ "$rc" -eq 1 ] && grep -q '^FAIL: scaling: jacobi strong 64x70 on 1 GPU(s): on the host data path' "$st/host.log"; then
  ok "HOST=0 on the host data path: FAIL and exit status 1"
else
  bad "HOST=0 on the host data path: exit status $rc (log $st/host.log)"
fi
