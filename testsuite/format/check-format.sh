#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# check-format.sh - checks that the sources of plugin/ and libpacc/ are laid
# out as the tree's .clang-format says (clang-format --dry-run --Werror).
#
#   check-format.sh SRCDIR        (CLANG_FORMAT: the program, default
#                                 clang-format)
#
# Prints one DejaGnu line per file (tool pacc.format): "PASS: pacc.format:
# FILE", or "FAIL: pacc.format: FILE: N places differ" followed by
# clang-format's first complaints; then "check-format: N passed, N failed".
# Without clang-format, one "UNSUPPORTED: pacc.format: no clang-format"
# line and exit status 77.  Exit status 0 when every file passed, 1
# otherwise.  To apply the layout: clang-format -i on the same files (the
# reformat is one commit of its own, so that git blame can skip it).
set -u

src=${1:?usage: check-format.sh SRCDIR}
cf=${CLANG_FORMAT:-clang-format}

if ! command -v "$cf" >/dev/null 2>&1; then
  echo "UNSUPPORTED: pacc.format: no $cf (Debian: apt-get install clang-format)"
  exit 77
fi
if [ ! -f "$src/.clang-format" ]; then
  echo "FAIL: pacc.format: no $src/.clang-format"
  exit 1
fi

pass=0 fail=0
cd "$src" || exit 1
for f in plugin/*.cc plugin/*.h libpacc/*.c libpacc/*.h; do
  [ -f "$f" ] || continue
  # Each complaint is a "FILE:LINE:COL: error: code should be
  # clang-formatted" line; --style=file reads $src/.clang-format.
  out=$("$cf" --style=file --dry-run --Werror "$f" 2>&1)
  if [ $? -eq 0 ]; then
    echo "PASS: pacc.format: $f"
    pass=$((pass + 1))
  else
    n=$(printf '%s\n' "$out" | grep -c 'code should be clang-formatted')
    echo "FAIL: pacc.format: $f: $n places differ"
    printf '%s\n' "$out" | grep 'code should be clang-formatted' | head -3 \
      | sed 's/^/    /'
    fail=$((fail + 1))
  fi
done
echo "check-format: $pass passed, $fail failed"
[ $fail -eq 0 ]
