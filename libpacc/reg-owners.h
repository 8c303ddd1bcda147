/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* reg-owners.h - which devices' copies touch which host rows of a
   region's arrays under a plan (reg-owners.c): a pure function of the
   plan's chunks, so that a back end can register each device's rows in
   that device's context only (cuda-lazy.c), the host back end can check
   that no device copies rows outside its own (backend-host.c), and the
   unit tests can check the split.  */

#ifndef PACC_REG_OWNERS_H
#define PACC_REG_OWNERS_H

#include "planner.h"

/* Rows [lo, hi) are copied between the host and the devices of mask
   DEVS (bit d: device d) only.  */
struct pacc_owner_seg
{
  long lo, hi;
  unsigned long long devs;
};

/* The rows of a region, [lo0, lo0 + len0), in segments that tile them
   in row order (adjacent ones differ in DEVS).  */
struct pacc_owners
{
  int nseg;
  struct pacc_owner_seg *seg;
};

/* Into *O the devices that copy each row of G under plan P: chunk i is
   on device i % P->ndev (schedule-alloc.c) and copies from and to the
   host rows of its load range only, for a block of at most KMAX steps
   (the plan's largest: k, or the first block's k_first, whichever is
   larger) and within [lo0, lo0 + len0).  0 when P has one device or
   more than 64 (nothing to split: O is left empty), -1 when out of
   memory; else 1.  */
int pacc_owners_make (const struct pacc_geom *g, const struct pacc_plan *p,
                      struct pacc_owners *o);
void pacc_owners_free (struct pacc_owners *o);

/* The devices (mask) that copy any of rows [LO, HI) under O; 0 when
   none does or O is empty.  */
unsigned long long pacc_owners_any (const struct pacc_owners *o, long lo,
                                    long hi);
/* The one device that alone copies every row of [LO, HI) (rows no
   device copies count for none), or -1: several, or none.  */
int pacc_owners_single (const struct pacc_owners *o, long lo, long hi);
/* Whether device DEV copies every row of [LO, HI).  */
int pacc_owners_covers (const struct pacc_owners *o, long lo, long hi,
                        int dev);

#endif /* PACC_REG_OWNERS_H */
