/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower-slots.cc - reductions through slots.  OpenACC's reduction over
   gangs, as GCC 12 builds it for nvptx, has every gang add its partial
   into the one reduction variable with a compare-and-swap loop; a
   segmented kernel's hundreds of thousands of short gangs wait on those
   swaps (lower-geometry.cc).  Instead each gang of a segmented kernel
   with a reduction adds its partial atomically into one of SLOT_COUNT
   slots (its gang number modulo SLOT_COUNT: lower-segments.cc; max and
   min by a compare-and-swap loop), and a second kernel on the same
   queue combines the slots into the reduction variable with OpenACC's
   reduction (one gang) and sets them back to the identity.  The slots
   are device memory libpacc keeps per device, queue and variable
   (__pacc_reduction_slots, libpacc/reductions.c);
   their first use sets them to the identity with a third kernel.
   lower-geometry.cc decides which kernels (pacc_slot_reductions_p),
   lower-kernel.cc builds the calls.  */

#include "pacc-plugin.h"
#include "check.h"
#include "lower.h"

/* Element I of the slots SLOTS (a pointer).  */
static tree
slot_ref (tree slots, tree i)
{
  tree type = TREE_TYPE (TREE_TYPE (slots));
  tree off = size_binop (MULT_EXPR, fold_convert (sizetype, i),
                         TYPE_SIZE_UNIT (type));
  return build1 (INDIRECT_REF, type,
                 build2 (POINTER_PLUS_EXPR, TREE_TYPE (slots), slots, off));
}

/* SLOT = SLOT max (or min) RD's partial, by compare-and-swap on the
   slot's bits (OpenACC's atomic update has no max or min):
     old = *bits; done = 0;
     while (!done)
       { new = bits of (value of old) OP partial;
	 if (new == old) done = 1;
	 else { got = CAS (bits, old, new); done = got == old; old = got; } }
   Most gangs change no slot, and swap nothing.  */
static tree
slot_cas (lower_ctx &c, location_t loc, const pacc_slot_red &rd, tree slot)
{
  tree type = TREE_TYPE (rd.gvar);
  bool wide = int_size_in_bytes (type) == 8;
  tree it = wide ? long_long_unsigned_type_node : unsigned_type_node;
  tree fn
    = builtin_decl_explicit (wide ? BUILT_IN_SYNC_VAL_COMPARE_AND_SWAP_8
                                  : BUILT_IN_SYNC_VAL_COMPARE_AND_SWAP_4);
  tree vars = NULL_TREE;
  tree ptr = local_var (c, "__pacc_sbits", build_pointer_type (it), &vars);
  tree old = local_var (c, "__pacc_sold", it, &vars);
  tree nw = local_var (c, "__pacc_snew", it, &vars);
  tree got = local_var (c, "__pacc_sgot", it, &vars);
  tree done = local_var (c, "__pacc_sdone", integer_type_node, &vars);
  tree body = alloc_stmt_list ();
  add (&body, assign (ptr, fold_convert (TREE_TYPE (ptr),
                                         build_fold_addr_expr (slot))));
  add (&body, assign (old, build1 (INDIRECT_REF, it, ptr)));
  add (&body, assign (done, integer_zero_node));
  tree step = alloc_stmt_list ();
  tree cur = build1 (VIEW_CONVERT_EXPR, type, old);
  add (&step,
       assign (nw, build1 (VIEW_CONVERT_EXPR, it,
                           reduction_combine (loc, rd.op, cur, rd.gvar))));
  tree args = TYPE_ARG_TYPES (TREE_TYPE (fn));
  tree call = build_call_expr_loc (
    loc, fn, 3, fold_convert (TREE_VALUE (args), ptr),
    fold_convert (TREE_VALUE (TREE_CHAIN (args)), old),
    fold_convert (TREE_VALUE (TREE_CHAIN (TREE_CHAIN (args))), nw));
  tree cas = alloc_stmt_list ();
  add (&cas, assign (got, fold_convert (it, call)));
  add (&cas, assign (done, fold_convert (integer_type_node,
                                         build2 (EQ_EXPR, boolean_type_node,
                                                 got, old))));
  add (&cas, assign (old, got));
  add (&step, build3 (COND_EXPR, void_type_node,
                      build2 (EQ_EXPR, boolean_type_node, nw, old),
                      assign (done, integer_one_node), cas));
  add (&body, build_stmt (loc, FOR_STMT, NULL_TREE,
                          build2 (EQ_EXPR, boolean_type_node, done,
                                  integer_zero_node),
                          NULL_TREE, step, NULL_TREE));
  return pacc_bind (vars, body);
}

/* RD's partial into slot (ITER, unsigned, modulo SLOT_COUNT),
   atomically.  */
tree
pacc_slot_add (lower_ctx &c, location_t loc, const pacc_slot_red &rd,
               tree iter)
{
  tree ut = unsigned_type_node;
  tree slot
    = slot_ref (rd.slots, build2 (TRUNC_MOD_EXPR, ut, fold_convert (ut, iter),
                                  build_int_cst (ut, SLOT_COUNT)));
  if (rd.op == MAX_EXPR || rd.op == MIN_EXPR)
    return slot_cas (c, loc, rd, slot);
  return c_finish_omp_atomic (loc, OMP_ATOMIC, rd.op, slot, rd.gvar, NULL_TREE,
                              NULL_TREE, NULL_TREE, NULL_TREE, false,
                              OMP_MEMORY_ORDER_RELAXED, false);
}

pacc_slot_red
pacc_slot_red_for (lower_ctx &c, location_t loc, int ri, tree rvar, tree ci,
                   tree R, tree queue, tree *stmts)
{
  pacc_reduction_clause &rc = c.r->pc->reductions[ri];
  tree type = TYPE_MAIN_VARIANT (TREE_TYPE (rc.decl));
  tree chain = NULL_TREE;
  pacc_slot_red rd;
  rd.gvar = local_var (c, "__pacc_gred", type, &chain);
  rd.slots = new_var (c, "__pacc_slots", build_pointer_type (type));
  rd.rvar = rvar;
  rd.op = rc.op;
  tree fresh = new_var (c, "__pacc_fresh", integer_type_node);
  TREE_ADDRESSABLE (fresh) = 1;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (rc.decl));
  tree call
    = build_call_expr_loc (loc, fn_red_slots, 6, R, elt_addr (ci),
                           build_int_cst (integer_type_node, ri),
                           fold_convert (long_unsigned_type_node,
                                         size_binop (MULT_EXPR,
                                                     size_int (SLOT_COUNT),
                                                     TYPE_SIZE_UNIT (type))),
                           build_string_literal (strlen (name) + 1, name),
                           build_fold_addr_expr (fresh));
  add (stmts, assign (rd.slots, fold_convert (TREE_TYPE (rd.slots), call)));
  std::vector<pacc_slot_red> one (1, rd);
  add (stmts,
       build3 (COND_EXPR, void_type_node,
               build2 (NE_EXPR, boolean_type_node, fresh, integer_zero_node),
               pacc_slots_kernel (c, loc, queue, one, false),
               build_empty_stmt (loc)));
  return rd;
}

/* The kernel after a kernel with reductions REDS, on QUEUE: one gang
   whose threads combine the slots into each RVAR (COMBINE; OpenACC's
   reduction, as the kernel itself had before) and set them to the
   identity, ready for the next kernel of the queue; without COMBINE,
   only the latter (the slots' first use).  */
tree
pacc_slots_kernel (lower_ctx &c, location_t loc, tree queue,
                   const std::vector<pacc_slot_red> &reds, bool combine)
{
  tree vars = NULL_TREE;
  tree sv = local_var (c, "__pacc_slot", integer_type_node, &vars);
  tree body = alloc_stmt_list ();
  for (auto &rd : reds)
    {
      tree type = TREE_TYPE (rd.gvar);
      if (combine)
        add (&body,
             assign (rd.rvar, reduction_combine (loc, rd.op, rd.rvar,
                                                 slot_ref (rd.slots, sv))));
      add (&body,
           assign (slot_ref (rd.slots, sv), reduction_identity (rd.op, type)));
    }
  tree declv = make_tree_vec (1), initv = make_tree_vec (1),
       condv = make_tree_vec (1), incrv = make_tree_vec (1);
  TREE_VEC_ELT (declv, 0) = sv;
  TREE_VEC_ELT (initv, 0)
    = build2 (MODIFY_EXPR, integer_type_node, sv, integer_zero_node);
  TREE_VEC_ELT (condv, 0)
    = build2 (LT_EXPR, boolean_type_node, sv,
              build_int_cst (integer_type_node, SLOT_COUNT));
  TREE_VEC_ELT (incrv, 0)
    = build2 (POSTINCREMENT_EXPR, integer_type_node, sv, integer_one_node);
  tree list = push_stmt_list ();
  tree loop = c_finish_omp_for (loc, OACC_LOOP, declv, NULL_TREE, initv, condv,
                                incrv, body, NULL_TREE, true);
  pop_stmt_list (list);
  tree lcl = pacc_omp_clause (loc, OMP_CLAUSE_GANG, NULL_TREE);
  lcl = pacc_omp_clause (loc, OMP_CLAUSE_WORKER, lcl);
  lcl = pacc_omp_clause (loc, OMP_CLAUSE_VECTOR, lcl);
  lcl = pacc_omp_clause (loc, OMP_CLAUSE_INDEPENDENT, lcl);
  tree cl = NULL_TREE;
  for (auto &rd : reds)
    {
      cl = pacc_omp_deviceptr (loc, rd.slots, cl);
      if (!combine)
        continue;
      for (tree *l : { &lcl, &cl })
        *l = pacc_omp_reduction (loc, rd.op, rd.rvar, *l);
    }
  OMP_FOR_CLAUSES (loop) = lcl;
  cl = pacc_omp_clause (loc, OMP_CLAUSE_ASYNC, cl);
  OMP_CLAUSE_ASYNC_EXPR (cl) = queue;
  cl = pacc_omp_clause (loc, OMP_CLAUSE_NUM_GANGS, cl);
  OMP_CLAUSE_NUM_GANGS_EXPR (cl) = integer_one_node;
  cl = pacc_omp_clause (loc, OMP_CLAUSE_NUM_WORKERS, cl);
  OMP_CLAUSE_NUM_WORKERS_EXPR (cl) = build_int_cst (integer_type_node, 32);
  cl = pacc_omp_clause (loc, OMP_CLAUSE_VECTOR_LENGTH, cl);
  OMP_CLAUSE_VECTOR_LENGTH_EXPR (cl) = build_int_cst (integer_type_node, 32);
  return pacc_oacc_parallel (loc, vars, loop, cl);
}
