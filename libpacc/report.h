/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* report.h - what PACC_VERBOSE=1 prints of a region: its plan at the
   start, and at the end what moved, how long it took and how the kernels
   were launched; and PACC_PROGRESS's lines between.  The report only reads what it is given.  */

#ifndef PACC_REPORT_H
#define PACC_REPORT_H

#include "region-state.h"

void pacc_report_plan (const struct pacc_region *r);
/* The region ends at T_END (host clock, microseconds).  */
void pacc_report_end (const struct pacc_region *r, double t_end);
/* PACC_PROGRESS=S: at the start of a block, at most every S seconds, a
   line of how far the region is.  */
void pacc_report_progress (const struct pacc_region *r);
/* The launches of the region since R->launches.  */
void pacc_report_launches (const struct pacc_region *r);

#endif /* PACC_REPORT_H */
