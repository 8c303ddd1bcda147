/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* pacc-plugin.cc - pacc.so entry point: options, callbacks.

   Usage:
     gcc -fplugin=/path/to/pacc.so -fopenacc \
         -foffload-options=nvptx-none=-misa=sm_80 prog.c -lpacc
   (or `pkg-config --cflags --libs pacc`).

   Options: -fplugin-arg-pacc-*, one table in options.cc (parsed there,
   and `gcc --help -fplugin=pacc' prints the help it writes).

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
  for (cgn = first_nested_function (cgn); cgn;
       cgn = next_nested_function (cgn))
    pacc_lower_function (cgn->decl);
  pacc_directives_reset ();
}

/* PACC_VERSION: AC_INIT's version, from Makefile.am; it is what
   `gcc -v' prints for a loaded plugin.  */
#ifndef PACC_VERSION
#error "PACC_VERSION undefined: build pacc.so through Makefile.am"
#endif
static struct plugin_info pacc_info = {
  PACC_VERSION, NULL /* pacc_options_help (), set by plugin_init.  */
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
  if (!pacc_parse_options (info->argc, info->argv))
    return 1;
  pacc_info.help = pacc_options_help ();
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
