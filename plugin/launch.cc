/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* launch.cc - send pacc kernels to libpacc's launcher.

   GCC 12's libgomp launches an OpenACC region through GOACC_parallel_keyed,
   which allocates and frees device memory for the argument block on every
   launch (50-60 us of host time, and the deferred frees synchronise the
   device), so chunks could never overlap.  This pass runs right after
   `ompexp`, which outlines each `#pragma acc parallel` into a child
   function and calls GOACC_parallel_keyed (flags, child, mapnum, hostaddrs,
   sizes, kinds, launch tags...).  For the regions that the lowering built
   it calls __pacc_parallel_keyed instead, with the same arguments: libpacc
   launches those on the chunk's stream with cuLaunchKernel and falls back
   to GOACC_parallel_keyed for everything else (host path, other map kinds).

   The host version of a kernel (lower-host.cc), an `omp parallel' at the
   kernel's location that ompexp makes a GOMP_parallel call of a child
   function at that location, goes to
   libpacc's threads instead (__pacc_host_parallel), and that child is
   compiled without RTL if-conversion (host_child_options).

   Regions are recognised by their location: lower-kernel.cc records the
   location of every OACC_PARALLEL it builds (pacc_note_kernel_location,
   in kernel-locations.cc), and the call that ompexp emits carries it.  */

#include "pacc-plugin.h"
#include "launch.h"
#include "tree-pass.h"
#include "context.h"
#include "basic-block.h"
#include "gimple.h"
#include "gimple-iterator.h"

static tree launcher_decl, host_parallel_decl;

/* Whether GOMP_parallel call STMT runs a kernel's host version: ompexp
   gives the call no location, but the child function it calls has the
   construct's.  */
static bool
host_version_p (gimple *stmt)
{
  tree fn = gimple_call_arg (stmt, 0);
  if (TREE_CODE (fn) != ADDR_EXPR)
    return false;
  fn = TREE_OPERAND (fn, 0);
  return (TREE_CODE (fn) == FUNCTION_DECL
          && pacc_kernel_location_p (DECL_SOURCE_LOCATION (fn)));
}

/* Compile CHILD, the child function of a kernel's host version, without
   RTL if-conversion (-fno-if-conversion, -fno-if-conversion2), as if it
   had the `optimize' attribute.  The copy of the user's nest is a plain
   diamond per `c ? a : b', which the ce passes turn into masks and
   selected addresses, where the sequential build's shape of the same
   loop keeps branches: CIP's upwind selections, which predict well on a
   smooth velocity field, took 5 % more instructions than the sequential
   build without branches, and the same with them (cachegrind;
   benchmarks/RESULTS.md, "CIP on one thread").  */
static void
host_child_options (tree child)
{
  tree cur = DECL_FUNCTION_SPECIFIC_OPTIMIZATION (child);
  struct gcc_options opts = global_options, opts_set = global_options_set;
  cl_optimization_restore (&opts, &opts_set,
                           TREE_OPTIMIZATION (
                             cur ? cur : optimization_default_node));
  if (!opts.x_flag_if_conversion && !opts.x_flag_if_conversion2)
    return;
  opts.x_flag_if_conversion = 0;
  opts.x_flag_if_conversion2 = 0;
  DECL_FUNCTION_SPECIFIC_OPTIMIZATION (child)
    = build_optimization_node (&opts, &opts_set);
}

/* Call NAME (*DECL, declared at the first call with the type of
   BUILTIN) instead of BUILTIN in STMT.  */
static void
redirect (gimple *stmt, enum built_in_function builtin, tree *decl,
          const char *name)
{
  if (!*decl)
    {
      *decl
        = build_fn_decl (name, TREE_TYPE (builtin_decl_explicit (builtin)));
      pacc_keep_tree (*decl);
    }
  gimple_call_set_fndecl (stmt, *decl);
}

static const pass_data pacc_launch_pass_data = { GIMPLE_PASS,
                                                 "pacc_launch",
                                                 OPTGROUP_NONE,
                                                 TV_NONE,
                                                 PROP_gimple_any,
                                                 0,
                                                 0,
                                                 0,
                                                 0 };

struct pacc_launch_pass : gimple_opt_pass
{
  pacc_launch_pass (gcc::context *ctx)
      : gimple_opt_pass (pacc_launch_pass_data, ctx)
  {
  }

  bool gate (function *) final override
  {
    return flag_openacc && pacc_any_kernel_location ();
  }

  unsigned int execute (function *fun) final override
  {
    basic_block bb;
    FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *stmt = gsi_stmt (gsi);
        /* A kernel's host version (lower-host.cc): to libpacc's
	     threads.  */
        if (gimple_call_builtin_p (stmt, BUILT_IN_GOMP_PARALLEL)
            && host_version_p (stmt))
          {
            redirect (stmt, BUILT_IN_GOMP_PARALLEL, &host_parallel_decl,
                      "__pacc_host_parallel");
            tree child = TREE_OPERAND (gimple_call_arg (stmt, 0), 0);
            host_child_options (child);
            if (pacc_verbose)
              inform (DECL_SOURCE_LOCATION (child),
                      "pacc: host version: on the libpacc threads, compiled "
                      "without if-conversion");
          }
        else if (gimple_call_builtin_p (stmt, BUILT_IN_GOACC_PARALLEL)
                 && pacc_kernel_location_p (gimple_location (stmt)))
          redirect (stmt, BUILT_IN_GOACC_PARALLEL, &launcher_decl,
                    "__pacc_parallel_keyed");
      }
    return 0;
  }
};

void
pacc_register_launch_pass (const char *plugin_name)
{
  struct register_pass_info info;
  info.pass = new pacc_launch_pass (g);
  info.reference_pass_name = "ompexp";
  info.ref_pass_instance_number = 1;
  info.pos_op = PASS_POS_INSERT_AFTER;
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}
