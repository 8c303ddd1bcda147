/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* replan.h - the online correction of a region's plan (replan.c): after
   the first block, the cost model again with the rates that block ran
   at, and another plan for the steps left when it is faster.  */

#ifndef PACC_REPLAN_H
#define PACC_REPLAN_H

#include "region-state.h"

/* The region R has its plan and buffers: whether (and how) it will be
   re-planned, and if so start measuring.  */
void pacc_replan_start (struct pacc_region *r);

/* Between two blocks of R (the last one ended, steps are left): plan
   again if R is to be, and change plans when the new one is faster.  */
void pacc_replan (struct pacc_region *r);

/* The region ends: what was kept for measuring goes.  */
void pacc_replan_end (struct pacc_region *r);

#endif /* PACC_REPLAN_H */
