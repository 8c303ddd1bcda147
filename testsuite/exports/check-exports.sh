#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# check-exports.sh - libpacc.so exports what libpacc.map says and nothing
# else: every dynamic symbol it defines matches a name or pattern of the
# map's global section, every name there is defined, and every function
# that pacc.h declares is exported.  With a compiler (CC, and the offload
# flags when it offloads to nvptx), a program with an offload image,
# linked as pkg-config's flags link it, must bind its image
# registration (GOMP_offload_register_ver) to libpacc's, which patches the
# PTX and records the image (image.c).  Prints DejaGnu PASS:/FAIL: lines.
# With `-' for PACC.H only the exports are compared with the map (another
# library of PACC's: libpacc-mpi.so and libpacc-mpi.map).
#
#   check-exports.sh LIBPACC.SO LIBPACC.MAP PACC.H [CC [OFFLOAD_FLAGS]]
#   check-exports.sh LIBPACC-MPI.SO LIBPACC-MPI.MAP -

so=$1 map=$2 hdr=$3 cc=${4:-} offload=${5:-}
fail=0
soname=$(basename "$so") mapname=$(basename "$map")
pass () { echo "PASS: pacc.exports: $*"; }
bad () { echo "FAIL: pacc.exports: $*"; fail=1; }

[ -f "$so" ] || { bad "no $so"; exit 1; }
# The global section: `name;' lines between `global:' and `local:'.
pats=$(sed -n '/global:/,/local:/{s/^[[:space:]]*\([A-Za-z_*][A-Za-z0-9_*]*\);.*/\1/p}' "$map")
[ -n "$pats" ] || { bad "no global names in $map"; exit 1; }
syms=$(nm -D --defined-only "$so" | awk '$2 != "A" { sub(/@.*/, "", $3); print $3 }' | sort -u)
[ -n "$syms" ] || { bad "nm -D found no symbols in $so"; exit 1; }

n=0
for s in $syms; do
  ok=0
  for p in $pats; do
    # shellcheck disable=SC2254
    case $s in $p) ok=1; break ;; esac
  done
  if [ $ok = 1 ]; then n=$((n + 1)); else bad "$s is exported but not in $mapname"; fi
done
[ $fail = 0 ] && pass "all $n exported symbols of $soname are in $mapname"

for p in $pats; do
  case $p in *'*'*) continue ;; esac
  if echo "$syms" | grep -qx "$p"; then :; else bad "$mapname names $p, which $soname does not define"; fi
done
echo "$syms" | grep -q '^__pacc_' || bad "no __pacc_ entry point is exported by $soname"
[ "$hdr" = - ] && exit $fail

# Every function pacc.h declares (a line `type name (' at the left margin).
for f in $(sed -n 's/^[a-z].*[ *]\([a-z_][a-z0-9_]*\) (.*/\1/p' "$hdr"); do
  if echo "$syms" | grep -qx "$f"; then pass "pacc.h's $f is exported"
  else bad "pacc.h declares $f but libpacc.so does not export it"; fi
done

# Interposition of libgomp's image registration.
case $offload in
  *nvptx*) ;;
  *) echo "UNSUPPORTED: pacc.exports: image registration (no nvptx offloading)"; exit $fail ;;
esac
[ -n "$cc" ] || { echo "UNSUPPORTED: pacc.exports: image registration (no CC)"; exit $fail; }
work=$(mktemp -d "${TMPDIR:-/tmp}/pacc-exports.XXXXXX")
trap 'rm -rf "$work"' EXIT
cat > "$work/image.c" <<'PROG'
#include <stdio.h>
extern int pacc_get_abi_version (void);
int
main (void)
{
  float a[64];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 64; i++)
    a[i] = i;
  printf ("%g %d\n", a[3], pacc_get_abi_version ());
  return 0;
}
PROG
libdir=$(cd "$(dirname "$so")" && pwd)
# The orders a link gets from pkg-config's flags: the driver adds libgomp
# after the user's libraries.  (An explicit -lgomp before -lpacc puts
# libgomp first in the search order, and libgomp's definition wins.)
for order in "-lpacc -fopenacc" "-fopenacc -lpacc"; do
  # shellcheck disable=SC2086
  if ! $cc -O1 -fopenacc $offload "$work/image.c" -o "$work/image" -L"$libdir" $order \
       > "$work/cc.log" 2>&1; then
    bad "image registration, link order '$order': cannot build (see below)"; cat "$work/cc.log"; continue
  fi
  b=$(LD_DEBUG=bindings LD_LIBRARY_PATH="$libdir" "$work/image" 2>&1 >/dev/null \
      | grep "normal symbol \`GOMP_offload_register_ver'" | head -1)
  case $b in
    *libpacc.so*) pass "image registration binds to libpacc, link order '$order'" ;;
    *) bad "image registration, link order '$order', binds elsewhere: ${b:-no binding seen}" ;;
  esac
done
exit $fail
