/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* pacc-plugin.h - the map of pacc.so, and the plugin-wide state that
   every phase may use.

   The plugin by phase, in the order a pragma travels, from the top.  A
   file uses (calls, reads variables of, includes) only files listed below
   it, so that the phases form no cycle.  Headers declare; they define no
   behaviour.

   top      pacc-plugin.cc       plugin_init, the callbacks
   phase 4  launch.cc            the pass after ompexp that sends pacc
                                 kernels to libpacc's launcher
            launch.h
   phase 3  lower-function.cc    lowering: every directive of a function
            lower-region.cc      a region as chunk loops and a replay
                                 loop; the verbose report
            lower-calls.cc       a time step's calls to functions with
                                 loop nests, replaced by their bodies
            lower-copy.cc        a function body copied into another
            lower-kernel.cc      one loop nest as an OpenACC kernel
            lower-build.cc       trees for the lowered code
            lower-abi.cc         libpacc's entry points as trees
            lower.h
   phase 2  check-region.cc      checking a region: the driver
            check-halo.cc        the step's reach along chains of kernels
            check-host.cc        host statements: swaps, rotations,
                                 scalars, what a step may read
            check-kernel.cc      one loop nest: loops, dependences,
                                 reductions
            check-access.cc      the region's arrays and reductions, and
                                 a kernel's accesses to the arrays
            check-stmts.cc       canonical for loops, escapes
            check-forms.cc       polynomial forms of index expressions
            check.h
   phase 1  parse-pragma.cc      parsing: the `#pragma pacc` handler
            parse-clauses.cc     the clauses of pipeline and update peer
            parse-lexer.cc       tokens, integer expressions
            parse.h
   shared   region.h             the model of a checked pipeline region
            directives.cc        the table of directive records, found
                                 from their marker statements
            directives.h         the directive records
   state    kernel-locations.cc  the kernels built, for the launch pass
            gc-roots.cc          the GC root for the directives' trees
            options.cc           -fplugin-arg-pacc-*: the option table,
                                 its parser and help, the settings
            pacc-plugin.h        this file: their declarations
   bottom   gcc-compat.h         every GCC header, all version shims

   Directive records (directives.h) live in a table indexed by the marker
   statement that the pragma handler leaves in the function body; every
   tree they hold is also chained on a GC root (gc-roots.cc), since ggc may
   run between the pragma and the end of the function.  */

#ifndef PACC_PLUGIN_H
#define PACC_PLUGIN_H

#include "gcc-compat.h"

/* The functions and variables that pacc.so's headers declare are hidden:
   their names bind within pacc.so, so that a symbol of cc1 or of another
   plugin with the same name (next, add, ...) cannot take their place.
   Only plugin_init and plugin_is_GPL_compatible, which GCC's headers
   declare, are exported.  */
#pragma GCC visibility push(hidden)

/* options.cc: the -fplugin-arg-pacc-* table and the settings it fills
   (0 or 1 for the on/off ones).  */
bool pacc_parse_options (int argc, const struct plugin_argument *argv);
const char *pacc_options_help (void);
extern int pacc_verbose;     /* -fplugin-arg-pacc-verbose.  */
extern int pacc_gang_static; /* -fplugin-arg-pacc-gang-static, default 1;
				   0: GCC's blocks of rows.  */
extern int pacc_workers;     /* -fplugin-arg-pacc-workers, 0: the rule.  */
extern int pacc_group_gangs; /* -fplugin-arg-pacc-group-gangs.  */
extern int pacc_pair_iterations_on; /* -fplugin-arg-pacc-pairs, not 0.  */
extern int pacc_pair_ways;          /* its iterations per thread.  */
extern int pacc_segments_on;        /* -fplugin-arg-pacc-segments.  */
extern int pacc_tblock_on;          /* -fplugin-arg-pacc-tblock.  */
extern int pacc_seg_cols;           /* -fplugin-arg-pacc-seg-cols.  */
extern int pacc_segment_levels;     /* -fplugin-arg-pacc-segment-depth.  */
extern int pacc_reduction_slots;    /* -fplugin-arg-pacc-reduction-slots.  */
extern int pacc_copy_cols;          /* -fplugin-arg-pacc-copy-cols.  */
extern int pacc_hoist_pointers_on;  /* -fplugin-arg-pacc-hoist.  */

/* gc-roots.cc */
extern const struct ggc_root_tab pacc_root_tab[];
void pacc_keep_tree (tree t);

/* kernel-locations.cc */
void pacc_note_kernel_location (location_t loc);
bool pacc_kernel_location_p (location_t loc);
bool pacc_any_kernel_location (void);

#pragma GCC visibility pop

#endif /* PACC_PLUGIN_H */
