# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# mutate-gen.awk - the cases of mutate.exp, a pure function of the seed
# and the case number (so that a failing case can be run again alone).
#   awk -v mode=run -v seed=S -v first=F -v count=N -f mutate-gen.awk
#     one run-time case per line: ENV X Y T SLO SLEN CLO CLEN XLO XHI YLO YHI FLAT
#     (ENV "-": none; else one PACC_* variable with a valid, odd or bad
#     value); each size field is kept, moved by one or a few, zeroed,
#     halved, made negative, or made huge (2^31, 2^62, -2^63+1)
#   awk -v mode=compile -v seed=S -v first=F -v count=N -f mutate-gen.awk
#     one pragma clause list per line (size and halo mutated) for
#     mutate-static.c's PRAGMA; F = 0, N = 0: every one, in order

function rnd(n) { st = (st * 1103515245 + 12345) % 2147483648; return int(st / 2147483648 * n) }
function mut(v, lim,   r) {
  if (rnd(4) != 0) return v
  r = rnd(10)
  if (r == 0) return v + 1
  if (r == 1) return v - 1
  if (r == 2) return v + 1 + rnd(4)
  if (r == 3) return 0
  if (r == 4) return -1 - rnd(3)
  if (r == 5) return int(lim / 2)
  if (r == 6) return 2147483648
  if (r == 7) return 4611686018427387904
  if (r == 8) return -9223372036854775807
  return lim + rnd(3)
}
BEGIN {
  if (mode == "compile") {
    ns = split("[0:X][0:Y]|[1:X][0:Y]|[0:X-1][0:Y]|[0:X/2][0:Y]|[0:X-X][0:Y]|[2147483648:X][0:Y]|[0:99999999999999999999][0:Y]|[-1:X][0:Y]|[t:X][0:Y]|[0:X][t:Y]|[0:X][0:Y+1]|[0:X][1:Y]|[0:X]|[0:X][0:Y][0:1]|[X:0][0:Y]|[0:t*X][0:Y]|[0:X][0:Y-Y]|[0:q][0:Y]|[(long)1<<40:X][0:Y]|[0:-X][0:Y]", sz, "|")
    nh = split("[1:1][1:1]|[0:0][0:0]|[2:2][1:1]|[2147483647:1][1:1]|[1:99999999999999999999][1:1]|[-1:1][1:1]|[t:1][1:1]|[1:1]|[1:1][1:1][1:1]|[X:1][1:1]|[1:0][0:1]|[1048577:1][1:1]|[3:3][3:3]", hl, "|")
    n = ns * nh
    if (count == 0) { first = 0; count = n }
    for (i = first; i < first + count; i++) {
      st = (seed * 7919 + i * 104729) % 2147483648
      rnd(7); rnd(11); rnd(13)
      c = count == n ? i : rnd(n)
      printf "size(%s) halo(%s)\n", sz[1 + int(c / nh)], hl[1 + c % nh]
    }
    exit
  }
  split("PACC_K PACC_CHUNKS PACC_BLOCK PACC_QUEUES PACC_DEVICES PACC_DEVICE_MEMORY PACC_RESIDENT PACC_WORKERS PACC_VERBOSE PACC_PROGRESS PACC_DATA_PATH PACC_LAUNCH PACC_FAULT", vars, " ")
  nv = split("0 1 2 3 7 64 65 -1 abc 1x 99999999999999999999 4096 1K 3G 1,2 host staging alloc:1 copy:2 launch:1 alloc:2,copy:5", vals, " ")
  for (i = first; i < first + count; i++) {
    st = (seed * 7919 + i * 104729) % 2147483648
    rnd(7); rnd(11); rnd(13)
    X = 3 + rnd(30); Y = 3 + rnd(20); T = rnd(7)
    env = "-"
    if (rnd(3) == 0) env = vars[1 + rnd(13)] "=" vals[1 + rnd(nv)]
    slo = mut(0, X); slen = mut(X, X); clo = mut(0, Y); clen = mut(Y, Y)
    xlo = 1 + (rnd(4) == 0 ? rnd(X - 2) : 0); xhi = X - 1 - (rnd(4) == 0 ? rnd(X - 2) : 0)
    ylo = 1 + (rnd(4) == 0 ? rnd(Y - 2) : 0); yhi = Y - 1 - (rnd(4) == 0 ? rnd(Y - 2) : 0)
    # One case in four on flat pointers, whose inner loop may run up to
    # 3 past the row's end (their size clause gives the stride).
    flat = rnd(4) == 0
    if (flat && rnd(3) == 0) yhi = Y - 1 + 1 + rnd(3)
    print env, X, Y, T, slo, slen, clo, clen, xlo, xhi, ylo, yhi, flat
  }
}
