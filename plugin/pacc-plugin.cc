/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* pacc-plugin.cc - pacc.so entry point: options, callbacks.

   Usage:
     gcc -fplugin=/path/to/pacc.so -fopenacc \
         -foffload-options=nvptx-none=-misa=sm_80 prog.c -lpacc
   (or `pkg-config --cflags --libs pacc`).

   Options:
     -fplugin-arg-pacc-verbose   a note per pipeline region: arrays,
                                 decomposed dimension, halo, derived reach,
                                 kernels per step and their widening.
     -fplugin-arg-pacc-gang-static=N
                                 give the rows to gangs N at a time, round
                                 robin (OpenACC gang(static:N)); default 1.
                                 Neighbouring gangs then work on
                                 neighbouring rows at the same time, so
                                 the GPU's L2 serves a stencil's rows above
                                 and below (kernel time 7-22 % lower on an
                                 H200, benchmarks/RESULTS.md).  0: one
                                 contiguous block of rows per gang (GCC's
                                 own distribution).

   Callbacks:
     PLUGIN_PRAGMAS            registers `#pragma pacc` (parse-pragma.cc)
     PLUGIN_PRE_GENERICIZE     lowers the directives of each function while
                               the C front end's FOR_STMTs are still there
                               (lower-function.cc)
     PLUGIN_REGISTER_GGC_ROOTS keeps the directives' trees alive
                               (gc-roots.cc)
     PLUGIN_PASS_MANAGER_SETUP a pass after ompexp sends pacc kernels to
                               libpacc's launcher (launch.cc)
     PLUGIN_ALL_IPA_PASSES_START  -fopenmp (host threads) left out of the
                               options for the offload compiler
                               (offload-options.cc); errors about
                               functions a time step calls (lower-calls.cc)
     PLUGIN_FINISH             the same errors, when others stopped the
                               compilation before the IPA passes  */

#include "pacc-plugin.h"
#include "directives.h"
#include "parse.h"
#include "lower.h"
#include "launch.h"
#include "plugin-version.h"

int plugin_is_GPL_compatible;

static void
pre_genericize (void *gcc_data, void *)
{
  tree fndecl = (tree) gcc_data;
  if (seen_error () && !DECL_SAVED_TREE (fndecl))
    return;
  pacc_lower_function (fndecl);
  /* Nested functions get no PRE_GENERICIZE of their own: c_genericize
     handles them with their parent.  */
  cgraph_node *cgn = cgraph_node::get_create (fndecl);
  for (cgn = first_nested_function (cgn); cgn; cgn = next_nested_function (cgn))
    pacc_lower_function (cgn->decl);
  pacc_directives_reset ();
}

/* PACC_VERSION: AC_INIT's version, from Makefile.am; it is what
   `gcc -v' prints for a loaded plugin.  */
#ifndef PACC_VERSION
#error "PACC_VERSION undefined: build pacc.so through Makefile.am"
#endif
static struct plugin_info pacc_info = {
  PACC_VERSION,
  "PACC: out-of-core, temporally blocked stencil pipelines on GPUs.\n"
  "  -fplugin-arg-pacc-verbose   report each lowered pipeline region\n"
  "  -fplugin-arg-pacc-gang-static=N  rows to gangs N at a time, round robin\n"
  "                                   (default 1; 0: GCC's blocks of rows)\n"
  "  -fplugin-arg-pacc-workers=N  workers per gang (default: 8 in\n"
  "                               segmented kernels, else 16 for two\n"
  "                               loops, 8 for more)\n"
  "  -fplugin-arg-pacc-group-gangs=N  gangs per sub-step that groups of\n"
  "                                   rows aim at (default 8192; 0: planes\n"
  "                                   to gangs)\n"
  "  -fplugin-arg-pacc-pairs=N  iterations per thread in copy-like vector\n"
  "                             loops (0: one; default 1: two; 2 to 8)\n"
  "  -fplugin-arg-pacc-segments=0  no segmented kernels: rows to gangs\n"
  "                                in two-level nests, row groups deeper\n"
  "  -fplugin-arg-pacc-segment-depth=2  row groups, not segments, in\n"
  "                                     three-level nests\n"
  "  -fplugin-arg-pacc-seg-cols=N  columns per thread in segmented\n"
  "                                kernels (default 8)\n"
  "  -fplugin-arg-pacc-copy-cols=N  the same for copy-like loops (default\n"
  "                                 4; 0: rows to gangs)\n"
  "  -fplugin-arg-pacc-hoist=0  kernels read the chunk pointers where they\n"
  "                             use them, not once per gang\n"
  "  -fplugin-arg-pacc-reduction-slots=0  copy-like loops with a reduction\n"
  "                                       keep rows to gangs"
};

/* Errors that need every function parsed (lower-calls.cc): before the
   IPA passes, so that nothing more is compiled; at the end when errors
   stopped the compilation before them.  */
static void
report_step_calls (void *, void *)
{
  pacc_report_step_calls ();
}

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *ver)
{
  if (!plugin_default_version_check (ver, &gcc_version))
    {
      error ("pacc.so was built for GCC %s, not for this compiler (%s)",
	     gcc_version.basever, ver->basever);
      return 1;
    }
  /* lto1 (-flto) gets the compile's -fplugin too: the directives were
     lowered and the kernels sent to libpacc before the objects were
     written, so there is nothing left to do.  */
  if (!strcmp (lang_hooks.name, "GNU GIMPLE"))
    return 0;
  /* "GNU C17" and the like; not "GNU C++".  */
  if (strncmp (lang_hooks.name, "GNU C", 5)
      || (lang_hooks.name[5] && !ISDIGIT (lang_hooks.name[5])))
    {
      error ("pacc.so: %<#pragma pacc%> is for C programs; this is the %s "
	     "compiler: leave %<-fplugin=pacc.so%> out of its flags",
	     lang_hooks.name);
      return 1;
    }
  for (int i = 0; i < info->argc; i++)
    {
      if (!strcmp (info->argv[i].key, "verbose"))
	pacc_verbose = true;
      else if (!strcmp (info->argv[i].key, "gang-static"))
	{
	  const char *v = info->argv[i].value;
	  char *end;
	  long n = v ? strtol (v, &end, 10) : 0;
	  if (!v || !*v || *end || n < 0 || n > 1 << 20)
	    {
	      error ("pacc.so: %<-fplugin-arg-pacc-gang-static%> needs a "
		     "number of rows (0: one block of rows per gang), got %qs",
		     v ? v : "");
	      return 1;
	    }
	  pacc_gang_static = (int) n;
	}
      else if (!strcmp (info->argv[i].key, "seg-cols")
	       || !strcmp (info->argv[i].key, "copy-cols"))
	{
	  bool copy = info->argv[i].key[0] == 'c';
	  const char *v = info->argv[i].value;
	  char *end;
	  long n = v ? strtol (v, &end, 10) : -1;
	  if (!v || !*v || *end || n < (copy ? 0 : 1) || n > 8)
	    {
	      error ("pacc.so: %<-fplugin-arg-pacc-%s%> needs a number of "
		     "columns per thread from %d to 8, got %qs",
		     info->argv[i].key, copy ? 0 : 1, v ? v : "");
	      return 1;
	    }
	  if (copy)
	    pacc_copy_cols = (int) n;
	  else
	    pacc_seg_cols = (int) n;
	}
      else if (!strcmp (info->argv[i].key, "segment-depth"))
	{
	  const char *v = info->argv[i].value;
	  if (!v || (strcmp (v, "2") && strcmp (v, "3")))
	    {
	      error ("pacc.so: %<-fplugin-arg-pacc-segment-depth%> needs 2 "
		     "or 3 loops, got %qs", v ? v : "");
	      return 1;
	    }
	  pacc_segment_levels = v[0] - '0';
	}
      else if (!strcmp (info->argv[i].key, "workers")
	       || !strcmp (info->argv[i].key, "group-gangs")
	       || !strcmp (info->argv[i].key, "pairs")
	       || !strcmp (info->argv[i].key, "segments")
	       || !strcmp (info->argv[i].key, "hoist")
	       || !strcmp (info->argv[i].key, "reduction-slots"))
	{
	  bool w = info->argv[i].key[0] == 'w';
	  bool segs = info->argv[i].key[0] == 's';
	  bool hoist = info->argv[i].key[0] == 'h';
	  bool slots = info->argv[i].key[0] == 'r';
	  bool pairs = info->argv[i].key[0] == 'p' || segs || hoist || slots;
	  const char *v = info->argv[i].value;
	  char *end;
	  long n = v ? strtol (v, &end, 10) : -1;
	  bool ways = info->argv[i].key[0] == 'p';
	  if (!v || !*v || *end || n < 0
	      || n > (w ? 32 : ways ? 8 : pairs ? 1 : 1 << 24))
	    {
	      error ("pacc.so: %<-fplugin-arg-pacc-%s%> needs %s, got %qs",
		     info->argv[i].key,
		     w ? "a number of workers from 0 to 32"
		     : ways ? "0 or 1, or 2 to 8 iterations per thread"
		     : pairs ? "0 or 1"
		     : "a number of gangs from 0 to 16777216", v ? v : "");
	      return 1;
	    }
	  if (w)
	    pacc_workers = (int) n;
	  else if (segs)
	    pacc_segments_on = n != 0;
	  else if (hoist)
	    pacc_hoist_pointers_on = n != 0;
	  else if (slots)
	    pacc_reduction_slots = n != 0;
	  else if (pairs)
	    {
	      pacc_pair_iterations_on = n != 0;
	      if (n >= 2)
		pacc_pair_ways = (int) n;
	    }
	  else
	    pacc_group_gangs = (int) n;
	}
      else
	{
	  error ("pacc.so: unknown option %<-fplugin-arg-pacc-%s%>",
		 info->argv[i].key);
	  return 1;
	}
    }
  register_callback (info->base_name, PLUGIN_INFO, NULL, &pacc_info);
  register_callback (info->base_name, PLUGIN_PRAGMAS, pacc_register_pragmas,
		     NULL);
  register_callback (info->base_name, PLUGIN_PRE_GENERICIZE, pre_genericize,
		     NULL);
  register_callback (info->base_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) pacc_root_tab);
  register_callback (info->base_name, PLUGIN_ALL_IPA_PASSES_START,
		     report_step_calls, NULL);
  register_callback (info->base_name, PLUGIN_FINISH, report_step_calls, NULL);
  pacc_register_launch_pass (info->base_name);
  pacc_register_offload_options (info->base_name);
  return 0;
}
