/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* options.cc - the plugin's options, set by plugin_init (pacc-plugin.cc)
   from -fplugin-arg-pacc-* and read by the lowering: pacc_verbose for
   the report of each region, pacc_gang_static, pacc_workers,
   pacc_group_gangs and pacc_seg_cols for the kernels' geometry.  */

#include "pacc-plugin.h"

/* -fplugin-arg-pacc-verbose: a note per pipeline region.  */
bool pacc_verbose;

/* -fplugin-arg-pacc-gang-static=N: rows to gangs N at a time, round
   robin; 0: GCC's blocks of rows.  */
int pacc_gang_static = 1;

/* -fplugin-arg-pacc-workers=N: workers (warps) per gang of every kernel
   that has worker-level loops; 0: 8 for segmented kernels, else 16 for
   two-level nests and 8 for deeper ones (benchmarks/RESULTS.md,
   "Kernels at the memory limit" and "Segments of three loops").  */
int pacc_workers;

/* -fplugin-arg-pacc-group-gangs=N: in deeper nests, (plane, group of
   rows) pairs to gangs, groups sized for about N gangs per sub-step;
   0: planes to gangs, as before row groups (for measurements).  */
int pacc_group_gangs = 8192;

/* -fplugin-arg-pacc-pairs=0: one iteration per thread in copy-like
   vector loops, as before paired iterations; 2 to 8: that many
   iterations per thread (1: the default, two); for measurements.  */
bool pacc_pair_iterations_on = true;
int pacc_pair_ways = 2;

/* -fplugin-arg-pacc-segments=0: no segmented kernels, two-level nests
   with a gang loop over rows and deeper ones in row groups, as before
   segments (for measurements; lower-geometry.cc).  */
bool pacc_segments_on = true;

/* -fplugin-arg-pacc-segment-depth=2: nests of three loops keep their
   (plane, row group) pairs instead of becoming segmented kernels (for
   measurements; lower-geometry.cc).  */
int pacc_segment_levels = 3;

/* -fplugin-arg-pacc-reduction-slots=0: a copy-like loop with a
   reduction keeps rows to gangs and OpenACC's reduction over gangs, as
   before; 1: it is segmented, every load first, and its gangs' partials
   go through slots (lower-slots.cc, pacc_slot_reductions_p).  */
int pacc_reduction_slots = 1;

/* -fplugin-arg-pacc-seg-cols=N: columns per thread of a segmented kernel
   (lower-segments.cc); 8 unless set.  -fplugin-arg-pacc-copy-cols=N: the
   same for copy-like loops, 4 unless set; 0: copy-like loops keep rows
   to gangs (and -fplugin-arg-pacc-pairs).  */
int pacc_seg_cols = 8;
int pacc_copy_cols = 4;

/* -fplugin-arg-pacc-hoist=0: kernels read the chunk pointers where they
   use them, as before the hoisting (for measurements; lower-kernel.cc).  */
bool pacc_hoist_pointers_on = true;
