/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* stage.h - the region's host ranges handed to the back end, and which
   of its read-only arrays are staged (copied through the back end's
   pinned buffers) instead of registered (stage.c).  */

#ifndef PACC_STAGE_H
#define PACC_STAGE_H

#include "region-state.h"

/* Hand the back end R's host ranges (backend.h region_begin), when R
   has steps: the pipelined arrays' rows, the copyin arrays and, with
   `mpi', the side buffers (after pacc_dist_side: a range the back end
   never saw has no path); then stage the arrays PACC_STAGE=N names (the
   last N targetin arrays), before the plan is made.  */
void pacc_stage_begin (struct pacc_region *r);

/* What the planner needs to know of staging, into IN: whether it may
   choose (PACC_STAGE auto, nothing staged yet), the arrays staged so
   far and the back end's staging rate.  */
void pacc_stage_inputs (const struct pacc_region *r, struct pacc_plan_in *in);

/* R's plan is made: stage what it chose (plan.nstage), once.  */
void pacc_stage_apply (struct pacc_region *r);

#endif /* PACC_STAGE_H */
