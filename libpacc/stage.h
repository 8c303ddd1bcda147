/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* stage.h - which of a region's read-only arrays are staged (copied
   through the back end's pinned buffers) instead of registered
   (stage.c).  */

#ifndef PACC_STAGE_H
#define PACC_STAGE_H

#include "region.h"

/* After the back end's region_begin: stage the arrays PACC_STAGE=N
   names (the last N targetin arrays) before the plan is made.  */
void pacc_stage_given (struct pacc_region *r);

/* What the planner needs to know of staging, into IN: whether it may
   choose (PACC_STAGE auto, nothing staged yet), the arrays staged so
   far and the back end's staging rate.  */
void pacc_stage_inputs (const struct pacc_region *r,
                        struct pacc_plan_in *in);

/* R's plan is made: stage what it chose (plan.nstage), once.  */
void pacc_stage_apply (struct pacc_region *r);

#endif /* PACC_STAGE_H */
