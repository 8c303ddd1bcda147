/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* region-owners.c - the rows each device of a region's plan copies
   (reg-owners.c), handed to the back end per pipelined array
   (backend.h own_rows): the CUDA back end then registers a device's
   rows into that device's context only instead of every context
   (issue 44: portable registration of two GPUs' arrays took 115-160 ms
   where one GPU's took 60).  The map is the same for every array (the
   chunks split the rows, not the arrays), so the arrays' rotations do
   not change it.  */

#include "region-owners.h"
#include "reg-owners.h"
#include "pacc-abi.h"

void
pacc_region_owners (struct pacc_region *r)
{
  struct pacc_owners o;
  /* `mpi' registers the side buffers beside the rows (one device per
     rank, as run so far): left as it is.  */
  if (!r->be_region || !r->base->own_rows || r->dist)
    return;
  int made = pacc_owners_make (&r->g, &r->plan, &o);
  for (int i = 0; i < r->n; i++)
    if (r->a[i].kind != PACC_KIND_TEMP)
      r->base->own_rows (r->be_region,
                         r->host[i] + r->g.lo0 * (long) r->a[i].row_bytes,
                         r->a[i].row_bytes, r->g.lo0, made > 0 ? &o : NULL);
  pacc_owners_free (&o);
}
