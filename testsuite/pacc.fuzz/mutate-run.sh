#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# mutate-run.sh REF PACC SEED FIRST COUNT DIR - mutate.exp's run-time
# cases FIRST..FIRST+COUNT-1 (mutate-gen.awk): each runs the reference
# and the PACC build of mutate-prog.c.  Acceptable: exit 0 with the
# reference's output, or exit 1 with a "pacc: " message that is not an
# internal error.  Anything else (a signal, an abort, an internal error,
# another exit status, exit 0 with another answer, 20 s without an end)
# prints "FAIL case N: why: the case"; the others print "ok N STATUS".
ref=$1 pacc=$2 seed=$3 first=$4 count=$5 dir=$6
mkdir -p "$dir" || exit 2
i=$first
awk -v mode=run -v seed="$seed" -v first="$first" -v count="$count" \
    -f "$(dirname "$0")/mutate-gen.awk" |
while read -r env args; do
  e=()
  [ "$env" != - ] && e=("$env")
  # shellcheck disable=SC2086
  timeout 20 "$ref" $args > "$dir/r.out" 2>/dev/null; rr=$?
  # shellcheck disable=SC2086
  timeout 20 env "${e[@]}" "$pacc" $args > "$dir/p.out" 2> "$dir/p.err"; pr=$?
  why=
  if [ $rr -ne 0 ]; then why="the reference exited with $rr"
  elif [ $pr -eq 0 ]; then
    cmp -s "$dir/r.out" "$dir/p.out" || why="exit 0 with another answer"
  elif [ $pr -eq 1 ]; then
    if grep -q "internal error" "$dir/p.err"; then why="internal error"
    elif ! grep -q "^pacc: " "$dir/p.err"; then why="exit 1 without a pacc message"; fi
  elif [ $pr -eq 124 ]; then why="no end in 20 s"
  else why="exit status $pr"; fi
  if [ -n "$why" ]; then
    echo "FAIL case $i: $why: $env $args: $(grep -m1 pacc "$dir/p.err" | cut -c1-200)"
  else
    echo "ok $i $pr"
  fi
  i=$((i + 1))
done
