/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* offload-options.cc - PACC beside -fopenmp host code.

   GCC 12's nvptx mkoffload builds one offload image per program, for
   OpenACC or for OpenMP, and stops with "either -fopenacc or -fopenmp
   must be set" when the options written with the objects' offload
   sections carry both: a PACC program that also runs OpenMP threads on
   the host (-fopenmp) did not link, with or without PACC's kernels.
   OpenMP on the host needs no offload image: by the time the IPA passes
   start, ompexp has turned every OpenMP construct into calls to libgomp
   and outlined every region that goes to a device.  So when all of the
   translation unit's offloaded functions are OpenACC ones, -fopenmp is
   left out of the options written with its objects; an OpenMP target
   region is an error at its location, since no GCC 12 image can hold
   both.
   Stack protection: GCC 12 records -fstack-protector* with each
   function (an optimization option), so -foffload-options cannot turn
   it off, and nvptx has no guard: with -fstack-protector-all (or -strong
   and a local array in a nest) ptxas stopped at "Unknown symbol
   '__stack_chk_guard'".  The OpenACC functions (the kernels) get
   function options without it before the offload objects are written;
   their host versions lose it with them (the rest of the program keeps
   it).  */

#include "pacc-plugin.h"
#include "launch.h"
#include "toplev.h"
#include "opts.h"
#include "omp-offload.h"

/* The OpenACC functions of the translation unit without stack
   protection (see above).  */
static void
no_stack_protector_in_kernels ()
{
  unsigned i;
  tree fn;
  FOR_EACH_VEC_SAFE_ELT (offload_funcs, i, fn)
  {
    if (!lookup_attribute ("oacc function", DECL_ATTRIBUTES (fn))
        || opt_for_fn (fn, flag_stack_protect) <= 0)
      continue;
    tree old = DECL_FUNCTION_SPECIFIC_OPTIMIZATION (fn);
    if (!old)
      old = optimization_default_node;
    /* The function's options with flag_stack_protect off, built in the
	 global options and those put back after.  */
    struct cl_optimization cur;
    cl_optimization_save (&cur, &global_options, &global_options_set);
    cl_optimization_restore (&global_options, &global_options_set,
                             TREE_OPTIMIZATION (old));
    global_options.x_flag_stack_protect = 0;
    tree node = build_optimization_node (&global_options, &global_options_set);
    cl_optimization_restore (&global_options, &global_options_set, &cur);
    DECL_FUNCTION_SPECIFIC_OPTIMIZATION (fn) = node;
  }
}

/* PLUGIN_ALL_IPA_PASSES_START: before the objects' options are written.  */
static void
before_offload_streaming (void *, void *)
{
  if (flag_openacc && !in_lto_p && !seen_error ())
    no_stack_protector_in_kernels ();
  if (!flag_openmp || !flag_openacc || in_lto_p || seen_error ())
    return;
  unsigned i;
  tree fn;
  bool target = false;
  FOR_EACH_VEC_SAFE_ELT (offload_funcs, i, fn)
  if (!lookup_attribute ("oacc function", DECL_ATTRIBUTES (fn)))
    {
      error_at (DECL_SOURCE_LOCATION (fn),
                "an OpenMP %<target%> region in a program built with "
                "%<-fopenacc%>: GCC 12 offloads OpenACC or OpenMP, not "
                "both; run this region on the host, or build this file "
                "without the PACC flags");
      target = true;
    }
  if (target)
    return;
  unsigned n = 0;
  for (i = 0; i < save_decoded_options_count; i++)
    if (save_decoded_options[i].opt_index != OPT_fopenmp)
      save_decoded_options[n++] = save_decoded_options[i];
  save_decoded_options_count = n;
}

void
pacc_register_offload_options (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_START,
                     before_offload_streaming, NULL);
}
