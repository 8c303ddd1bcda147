/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower-abi.cc - libpacc's entry points as the lowering calls them.

   The plugin does not include libpacc/pacc-abi.h: it declares the
   __pacc_* functions itself, as FUNCTION_DECLs built once per translation
   unit (build_runtime_decls), and lays out the arrays it passes them by
   the ABI enum in lower.h.  Both must match libpacc/pacc-abi.h, and the ABI
   version be bumped with any change.  */

#include "pacc-plugin.h"
#include "lower.h"

/* Runtime entry points, built once per translation unit.  */
tree fn_init, fn_begin, fn_next_block, fn_next_chunk, fn_chunk_done, fn_step,
  fn_scratch, fn_end, fn_nchunks, fn_red_result, fn_red_slots, fn_region_sync,
  fn_dev_push, fn_dev_pop, fn_wait_device, fn_update_peer, fn_rows_outside,
  fn_cols_outside, fn_begin_mpi, fn_allreduce, fn_temp_unwritten,
  fn_host_kernels, fn_host_next_block, fn_tblock;

static tree
runtime_fn (tree *slot, const char *name, tree type)
{
  if (!*slot)
    {
      *slot = build_fn_decl (name, type);
      pacc_keep_tree (*slot);
    }
  return *slot;
}

void
build_runtime_decls (void)
{
  tree lp = build_pointer_type (long_integer_type_node);
  tree clp = build_pointer_type (
    build_qualified_type (long_integer_type_node, TYPE_QUAL_CONST));
  tree vpp = build_pointer_type (ptr_type_node);
  tree ccp = build_pointer_type (
    build_qualified_type (char_type_node, TYPE_QUAL_CONST));
  runtime_fn (&fn_init, "__pacc_init",
              build_function_type_list (void_type_node, NULL_TREE));
  runtime_fn (&fn_begin, "__pacc_region_begin",
              build_function_type_list (ptr_type_node, integer_type_node, ccp,
                                        ccp, integer_type_node, vpp, clp, clp,
                                        NULL_TREE));
  /* In libpacc-mpi, for a region with mpi(COMM, GHOSTS).  */
  runtime_fn (&fn_begin_mpi,
              "__pacc_region_begin_mpi__needs_pkg_config_libs_pacc_mpi",
              build_function_type_list (ptr_type_node, integer_type_node, ccp,
                                        ccp, integer_type_node, vpp, clp, clp,
                                        lp, const_ptr_type_node,
                                        long_unsigned_type_node,
                                        long_integer_type_node, NULL_TREE));
  runtime_fn (&fn_allreduce, "__pacc_region_allreduce",
              build_function_type_list (void_type_node, ptr_type_node,
                                        ptr_type_node, long_integer_type_node,
                                        integer_type_node, integer_type_node,
                                        integer_type_node, NULL_TREE));
  runtime_fn (&fn_next_block, "__pacc_next_block",
              build_function_type_list (integer_type_node, ptr_type_node, lp,
                                        NULL_TREE));
  runtime_fn (&fn_next_chunk, "__pacc_next_chunk",
              build_function_type_list (integer_type_node, ptr_type_node, lp,
                                        vpp, NULL_TREE));
  runtime_fn (&fn_chunk_done, "__pacc_chunk_done",
              build_function_type_list (void_type_node, ptr_type_node, clp,
                                        vpp, NULL_TREE));
  runtime_fn (&fn_step, "__pacc_step",
              build_function_type_list (void_type_node, ptr_type_node, clp,
                                        vpp, long_integer_type_node,
                                        NULL_TREE));
  runtime_fn (&fn_scratch, "__pacc_region_scratch",
              build_function_type_list (ptr_type_node, ptr_type_node,
                                        long_unsigned_type_node, NULL_TREE));
  runtime_fn (&fn_end, "__pacc_region_end",
              build_function_type_list (void_type_node, ptr_type_node,
                                        NULL_TREE));
  runtime_fn (&fn_nchunks, "__pacc_region_nchunks",
              build_function_type_list (long_integer_type_node, ptr_type_node,
                                        NULL_TREE));
  runtime_fn (&fn_red_result, "__pacc_reduction_result",
              build_function_type_list (void_type_node, ptr_type_node,
                                        const_ptr_type_node, ptr_type_node,
                                        long_unsigned_type_node,
                                        integer_type_node, NULL_TREE));
  runtime_fn (
    &fn_red_slots, "__pacc_reduction_slots",
    build_function_type_list (
      ptr_type_node, ptr_type_node,
      build_pointer_type (
        build_qualified_type (long_integer_type_node, TYPE_QUAL_CONST)),
      integer_type_node, long_unsigned_type_node, const_string_type_node,
      build_pointer_type (integer_type_node), NULL_TREE));
  runtime_fn (&fn_host_kernels, "__pacc_host_kernels",
              build_function_type_list (integer_type_node, NULL_TREE));
  runtime_fn (&fn_host_next_block, "__pacc_host_next_block",
              build_function_type_list (long_integer_type_node, NULL_TREE));
  runtime_fn (&fn_tblock, "__pacc_tblock",
              build_function_type_list (
                long_integer_type_node, ptr_type_node, clp, vpp,
                long_integer_type_node, long_integer_type_node, ccp, clp,
                build_pointer_type (
                  build_qualified_type (double_type_node, TYPE_QUAL_CONST)),
                NULL_TREE));
  runtime_fn (&fn_region_sync, "__pacc_region_sync",
              build_function_type_list (void_type_node, ptr_type_node,
                                        NULL_TREE));
  runtime_fn (&fn_dev_push, "__pacc_device_push",
              build_function_type_list (integer_type_node, integer_type_node,
                                        ccp, NULL_TREE));
  runtime_fn (&fn_dev_pop, "__pacc_device_pop",
              build_function_type_list (void_type_node, integer_type_node,
                                        NULL_TREE));
  runtime_fn (&fn_rows_outside, "__pacc_rows_outside",
              build_function_type_list (void_type_node, ccp, integer_type_node,
                                        long_integer_type_node,
                                        long_integer_type_node,
                                        long_integer_type_node,
                                        long_integer_type_node, NULL_TREE));
  runtime_fn (&fn_cols_outside, "__pacc_cols_outside",
              build_function_type_list (
                void_type_node, ccp, integer_type_node, integer_type_node,
                long_integer_type_node, long_integer_type_node,
                long_integer_type_node, long_integer_type_node, NULL_TREE));
  runtime_fn (&fn_temp_unwritten, "__pacc_temp_unwritten",
              build_function_type_list (
                void_type_node, ccp, integer_type_node, ccp, integer_type_node,
                long_integer_type_node, long_integer_type_node,
                long_integer_type_node, long_integer_type_node,
                long_integer_type_node, NULL_TREE));
  runtime_fn (&fn_wait_device, "__pacc_wait_device",
              build_function_type_list (void_type_node, integer_type_node, ccp,
                                        NULL_TREE));
  runtime_fn (&fn_update_peer, "__pacc_update_peer",
              build_function_type_list (void_type_node, ptr_type_node,
                                        integer_type_node, size_type_node,
                                        const_ptr_type_node, integer_type_node,
                                        size_type_node, integer_type_node, ccp,
                                        NULL_TREE));
}

/* "file:line" of LOC, as a string literal for run-time messages.  */
tree
where_literal (location_t loc)
{
  expanded_location xl = expand_location (loc);
  char where[512];
  snprintf (where, sizeof where, "%s:%d", xl.file ? xl.file : "?", xl.line);
  return build_string_literal (strlen (where) + 1, where);
}
