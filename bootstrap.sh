#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# bootstrap.sh -- build, install and demonstrate PACC on Debian 12.
#
#   ./bootstrap.sh          install the toolchain (apt), autoreconf, configure
#                           in build/, make, make install (prefix /usr/local),
#                           ldconfig, then `make demo` (Jacobi with and
#                           without PACC, through pkg-config)
#   ./bootstrap.sh check    run the whole testsuite (make -C build check) and
#                           print the summary line "N passed, N failed"
#   ./bootstrap.sh distcheck  make -C build distcheck: the release tarball
#                           builds, passes make check and installcheck,
#                           and cleans up (result in build/pacc-distcheck.sum)
#   ./bootstrap.sh summary  only print the summary of the last check
#
# Runs as root or through sudo, needs no input, and can be run again.
# Environment: PREFIX (default /usr/local), JOBS (default: number of cores),
# CONFIGURE_FLAGS (extra configure arguments), SKIP_APT=1 (skip apt).
set -euo pipefail

cd "$(dirname "$0")"
SRC=$(pwd)
BUILD="$SRC/build"
PREFIX=${PREFIX:-/usr/local}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}

# libopenmpi-dev openmpi-bin: libpacc-mpi (the `mpi' clause) and its tests;
# configure builds without them too (--with-mpi=no).  clang-format: `make
# check-format' (the sources' layout, .clang-format).
PACKAGES="gcc-12 g++-12 gcc-12-plugin-dev gcc-12-offload-nvptx libgomp-plugin-nvptx1
          dejagnu autoconf automake libtool pkg-config g++ make python3 texinfo
          info install-info man-db libopenmpi-dev openmpi-bin clang-format"

say () { printf '\n=== %s\n' "$*"; }

as_root () {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo -n "$@"
  else echo "bootstrap: need root for: $*" >&2; return 1
  fi
}

install_packages () {
  [ "${SKIP_APT:-0}" = 1 ] && return 0
  local missing=""
  for p in $PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' \
      || missing="$missing $p"
  done
  if [ -z "$missing" ]; then
    say "packages already installed"
    return 0
  fi
  say "apt-get install$missing"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -q
  as_root apt-get install -y -q --no-install-recommends $PACKAGES </dev/null
}

build () {
  install_packages
  say "autoreconf -fi"
  mkdir -p m4
  autoreconf -fi
  mkdir -p "$BUILD"
  say "configure --prefix=$PREFIX ${CONFIGURE_FLAGS:-}"
  (cd "$BUILD" && "$SRC/configure" --prefix="$PREFIX" ${CONFIGURE_FLAGS:-})
  say "make -j$JOBS"
  make -C "$BUILD" -j"$JOBS"
  say "make install"
  as_root make -C "$BUILD" install
  if [ "$(id -u)" -eq 0 ] || command -v sudo >/dev/null 2>&1; then
    as_root ldconfig || :
  fi
  say "make demo"
  make -C "$BUILD" demo
}

# Counts over every DejaGnu .sum and every automake test (.trs) in build/.
summary () {
  local sums trs pass=0 fail=0 other
  sums=$(find "$BUILD" -name '*.sum' -type f 2>/dev/null | sort || :)
  trs=$(find "$BUILD" -name '*.trs' -type f 2>/dev/null | sort || :)
  if [ -n "$sums" ]; then
    pass=$((pass + $(cat $sums | grep -c '^PASS:' || :)))
    fail=$((fail + $(cat $sums | grep -cE '^(FAIL|XPASS|UNRESOLVED|ERROR):' || :)))
    other=$(cat $sums | grep -oE '^(XFAIL|UNSUPPORTED|UNTESTED|KFAIL|KPASS|WARNING):' \
            | sort | uniq -c | awk '{printf "%s%s %s", sep, $1, $2; sep=", "}' || :)
    [ -n "$other" ] && echo "dejagnu also: ${other//:/}"
  fi
  if [ -n "$trs" ]; then
    pass=$((pass + $(cat $trs | grep -c '^:test-result: PASS' || :)))
    fail=$((fail + $(cat $trs | grep -cE '^:test-result: (FAIL|XPASS|ERROR)' || :)))
    other=$(cat $trs | grep -oE '^:test-result: (SKIP|XFAIL)' | sed 's/:test-result: //' \
            | sort | uniq -c | awk '{printf "%s%s %s", sep, $1, $2; sep=", "}' || :)
    [ -n "$other" ] && echo "unit tests also: $other"
  fi
  echo "$pass passed, $fail failed"
  [ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
}

check () {
  if [ ! -f "$BUILD/Makefile" ]; then
    echo "bootstrap: no build/Makefile: run ./bootstrap.sh first" >&2
    exit 1
  fi
  find "$BUILD" \( -name '*.sum' -o -name '*.trs' \) -type f -delete 2>/dev/null || :
  local rc=0
  say "make -C build check"
  make -C "$BUILD" -j"$JOBS" check || rc=$?
  [ "$rc" -eq 0 ] || echo "bootstrap: make check exited with $rc"
  summary || rc=1
  return "$rc"
}

# make distcheck, its outcome as one PASS/FAIL line that summary counts.
distcheck () {
  if [ ! -f "$BUILD/Makefile" ]; then
    echo "bootstrap: no build/Makefile: run ./bootstrap.sh first" >&2
    exit 1
  fi
  local rc=0
  say "make -C build distcheck (log in build/distcheck.log)"
  # The full sweeps ran in `check' on the same sources: from the tarball
  # every test file runs (what distcheck is for: a file left out of the
  # tarball fails), each run test under one setting (several chunks and
  # queues on two devices), the unit tests under one setting in eight, the
  # flag matrix with autotools' default set and one random program.
  PACC_SWEEP="${PACC_SWEEP:-PACC_K=2 PACC_CHUNKS=5 PACC_QUEUES=2 PACC_DEVICES=2}" \
  PACC_UNIT_SWEEP="${PACC_UNIT_SWEEP:-short}" \
  PACC_FLAGS_ONLY="${PACC_FLAGS_ONLY:-^-g -O2\$}" \
  PACC_RANDOM_PROGRAMS="${PACC_RANDOM_PROGRAMS:-1}" \
  make -C "$BUILD" -j"$JOBS" distcheck \
    DISTCHECK_CONFIGURE_FLAGS="${CONFIGURE_FLAGS:-}" > "$BUILD/distcheck.log" 2>&1 || rc=$?
  { echo "		=== pacc.distcheck tests ==="
    if [ "$rc" -eq 0 ]; then echo "PASS: pacc.distcheck: make distcheck"
    else echo "FAIL: pacc.distcheck: make distcheck exited with $rc (build/distcheck.log)"; fi
  } > "$BUILD/pacc-distcheck.sum"
  if [ "$rc" -ne 0 ]; then tail -40 "$BUILD/distcheck.log"; fi
  grep -E '^(pacc-[0-9.]+ archives ready|installcheck:)' "$BUILD/distcheck.log" || :
  return "$rc"
}

case "${1:-build}" in
  build) build ;;
  check) check ;;
  distcheck) distcheck ;;
  summary) summary ;;
  *) echo "usage: $0 [build|check|distcheck|summary]" >&2; exit 2 ;;
esac
