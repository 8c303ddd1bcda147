/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* reductions.h - the memory of a region's reductions (reductions.c): the
   host scratch that holds the chunks' partials (__pacc_region_scratch)
   and the slots where the gangs of a segmented kernel add theirs
   (__pacc_reduction_slots), both in pacc-abi.h.  */

#ifndef PACC_REDUCTIONS_H
#define PACC_REDUCTIONS_H

#include "region-state.h"

/* The region R ends, its queues have drained and its deferred results
   are stored: its scratch and slots go back.  */
void pacc_reductions_free (struct pacc_region *r);

#endif /* PACC_REDUCTIONS_H */
