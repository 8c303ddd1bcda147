/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* region-owners.h - handing the back end the devices that copy each
   host row of a region under its plan (region-owners.c).  */

#ifndef PACC_REGION_OWNERS_H
#define PACC_REGION_OWNERS_H

#include "region-state.h"

/* R's plan is made, or a re-plan switched to another (its queues
   drained): tell R's back end which device copies which rows of each
   pipelined array (backend.h own_rows), or that it is not known.  */
void pacc_region_owners (struct pacc_region *r);

#endif /* PACC_REGION_OWNERS_H */
