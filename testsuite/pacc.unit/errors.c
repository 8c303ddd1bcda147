/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* errors.c - regions that must be refused with a message, for sweep.sh
   (which checks the message and the exit status), selected by argv[1]:
     ok       a valid one-step region (for the environment checks)
     typerow  size clause and C type disagree on the row size
     extents  they agree on the row size, not on the extents
     overlap  two targetinout arrays share memory
     abi      wrong ABI version
     null     a null array pointer
     wholeoverlap  a whole (copyin) array inside a targetinout one
   and internal errors (generated code breaking the ABI):
     foreign  a chunk returns a pointer it was not given
     mixed    chunks of one block swap the arrays differently
     kinds    a swap gives a targetinout name a targetin buffer
     early    the region ends in the middle of a block  */

#include "unit.h"

#define X 8
#define Y 4

int
main (int argc, char **argv)
{
  static float p[X][Y], q[X][Y];
  const char *what = argc > 1 ? argv[1] : "ok";
  void *host[3] = { p, q, &p[3][1] }, *ptr[3], *R;
  long ainfo[3 * PACC_AI_N] = {
    PACC_KIND_INOUT, sizeof p[0], sizeof p[0], sizeof (float),
    PACC_KIND_INOUT, sizeof q[0], sizeof q[0], sizeof (float),
    PACC_KIND_WHOLE, 2 * sizeof (float), 0, sizeof (float) };
  long rinfo[PACC_RI_N] = { 0 }, blk[PACC_BLK_N], ci[PACC_CI_N];
  int abi = PACC_ABI_VERSION, swap = 0, n = 2;

  rinfo[PACC_RI_LEN0] = X;
  rinfo[PACC_RI_HLO] = 1;
  rinfo[PACC_RI_HHI] = 1;
  rinfo[PACC_RI_NSTEPS] = 1;
  if (!strcmp (what, "typerow"))
    ainfo[PACC_AI_N + PACC_AI_TYPE_ROW] = 2 * sizeof q[0];
  else if (!strcmp (what, "extents"))
    ainfo[PACC_AI_N + PACC_AI_TYPE_ROW] = PACC_TYPE_ROW_EXTENTS_DIFFER;
  else if (!strcmp (what, "overlap"))
    host[1] = &p[2][0];
  else if (!strcmp (what, "abi"))
    abi = PACC_ABI_VERSION + 1;
  else if (!strcmp (what, "null"))
    host[1] = NULL;
  else if (!strcmp (what, "kinds"))
    ainfo[PACC_AI_N + PACC_AI_KIND] = PACC_KIND_IN, swap = 1;
  else if (!strcmp (what, "wholeoverlap"))
    n = 3;
  else if (strcmp (what, "ok") && strcmp (what, "foreign")
           && strcmp (what, "mixed") && strcmp (what, "early"))
    return 2;

  R = __pacc_region_begin (abi, "errors.c:7", "p,q,w", n, host, ainfo,
                           rinfo);
  while (__pacc_next_block (R, blk))
    while (__pacc_next_chunk (R, ci, ptr))
      {
        void *t;
        if (swap || (!strcmp (what, "mixed") && ci[PACC_CI_INDEX] == 1))
          t = ptr[0], ptr[0] = ptr[1], ptr[1] = t;
        if (!strcmp (what, "foreign"))
          ptr[1] = q;
        __pacc_chunk_done (R, ci, ptr);
        if (!strcmp (what, "early"))
          goto end;
      }
 end:
  __pacc_region_end (R);
  printf ("region ran\n");
  return 0;
}
