/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower-build.cc - trees for the lowered code: the region's artificial
   variables, long arithmetic, statement lists and loops (as the C front
   end's FOR_STMTs, lowered later by c_genericize), the rewriting of user
   expressions onto other declarations, the reduction partials, and
   OpenACC clauses, loops and parallel constructs built as the C parser
   builds them.  */

#include "pacc-plugin.h"
#include "check.h"
#include "lower.h"

/* A variable of a block of the lowered code: chained to *CHAIN, for the
   BIND_EXPR that declares it (so that it is private to what runs that
   block in a kernel).  */
tree
local_var (lower_ctx &c, const char *name, tree type, tree *chain)
{
  tree v = build_decl (c.loc, VAR_DECL, get_identifier (name), type);
  DECL_CONTEXT (v) = c.fndecl;
  DECL_ARTIFICIAL (v) = 1;
  TREE_USED (v) = 1;
  DECL_READ_P (v) = 1;
  DECL_CHAIN (v) = *chain;
  *chain = v;
  return v;
}

/* A variable of the region's block.  */
tree
new_var (lower_ctx &c, const char *name, tree type)
{
  tree v = local_var (c, name, type, &c.vars);
  DECL_IGNORED_P (v) = 1;
  return v;
}

tree
lng (tree e)
{
  return fold_convert (long_integer_type_node, e);
}

tree
lcst (HOST_WIDE_INT v)
{
  return build_int_cst (long_integer_type_node, v);
}

tree
elt (tree arr, int i)
{
  return build4 (ARRAY_REF, TREE_TYPE (TREE_TYPE (arr)), arr,
                 build_int_cst (integer_type_node, i), NULL_TREE, NULL_TREE);
}

tree
elt_addr (tree arr)
{
  return build_fold_addr_expr (elt (arr, 0));
}

tree
assign (tree lhs, tree rhs)
{
  tree t = build2 (MODIFY_EXPR, TREE_TYPE (lhs), lhs,
                   fold_convert (TREE_TYPE (lhs), rhs));
  TREE_SIDE_EFFECTS (t) = 1;
  return t;
}

void
add (tree *list, tree stmt)
{
  append_to_statement_list_force (stmt, list);
}

/* while (COND) BODY, as the C front end's FOR_STMT (lowered later by
   c_genericize).  */
tree
build_while (location_t loc, tree cond, tree body)
{
  tree t
    = build_stmt (loc, FOR_STMT, NULL_TREE, cond, NULL_TREE, body, NULL_TREE);
  return t;
}

/* VAR = 0; for (; VAR < N; VAR++) BODY  (VAR a long), as a statement
   list.  */
tree
counted_loop (location_t loc, tree var, tree n, tree body)
{
  tree list = alloc_stmt_list ();
  add (&list, assign (var, lcst (0)));
  add (&list,
       build_stmt (loc, FOR_STMT, NULL_TREE,
                   build2 (LT_EXPR, boolean_type_node, var, n),
                   assign (var, build2 (PLUS_EXPR, long_integer_type_node, var,
                                        lcst (1))),
                   body, NULL_TREE));
  return list;
}

tree
ne_zero (tree call)
{
  return build2 (NE_EXPR, integer_type_node, call, integer_zero_node);
}

/* ------------------------------------------------------------------ */
/* Rewriting: replace declarations by other trees.                     */

tree
rewrite_r (tree *tp, int *walk_subtrees, void *data)
{
  rewrite_ctx &c = *(rewrite_ctx *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == SAVE_EXPR)
    {
      /* A user expression the front end saved: each use gets its own
	 rewritten copy (kernel expressions have no side effects).  */
      if (pacc_user_save_expr_p (*c.r, t))
        *tp = unshare_expr (TREE_OPERAND (t, 0));
      else
        *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (c.guard_stmts && c.guard_stmts->contains (t))
    {
      c.guard_stmts->remove (t);
      walk_tree (&TREE_OPERAND (t, 0), rewrite_r, data, NULL);
      walk_tree (&TREE_OPERAND (t, 1), rewrite_r, data, NULL);
      *tp = build3 (COND_EXPR, void_type_node, unshare_expr (c.guard), t,
                    build_empty_stmt (EXPR_LOCATION (t)));
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (DECL_P (t))
    {
      tree *v = c.map->get (t);
      if (v)
        *tp = unshare_expr (*v);
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

tree
rewritten_copy (pacc_region &r, tree e, hash_map<tree, tree> &map)
{
  tree t = unshare_expr (e);
  rewrite_ctx c = { &r, &map, NULL, NULL_TREE };
  walk_tree (&t, rewrite_r, &c, NULL);
  return t;
}

/* ------------------------------------------------------------------ */
/* Reductions.                                                         */

/* The reduction partials PART (nsteps * nkernels elements): element IDX,
   and the index of time step T's kernel J.  */
tree
part_elt (tree part, tree idx)
{
  tree type = TREE_TYPE (TREE_TYPE (part));
  tree off = build2 (MULT_EXPR, long_integer_type_node, idx,
                     lng (TYPE_SIZE_UNIT (type)));
  return build1 (INDIRECT_REF, type,
                 build2 (POINTER_PLUS_EXPR, TREE_TYPE (part), part,
                         fold_convert (sizetype, off)));
}

tree
part_index (tree t, tree t0, int nkernels, int j)
{
  return build2 (PLUS_EXPR, long_integer_type_node,
                 build2 (MULT_EXPR, long_integer_type_node,
                         build2 (MINUS_EXPR, long_integer_type_node, lng (t),
                                 t0),
                         lcst (nkernels)),
                 lcst (j));
}

tree
reduction_identity (enum tree_code op, tree type)
{
  switch (op)
    {
    case PLUS_EXPR:
    case BIT_IOR_EXPR:
    case BIT_XOR_EXPR:
    case TRUTH_ORIF_EXPR:
      return build_zero_cst (type);
    case MULT_EXPR:
    case TRUTH_ANDIF_EXPR:
      return build_one_cst (type);
    case BIT_AND_EXPR:
      return build_minus_one_cst (type);
    case MAX_EXPR:
    case MIN_EXPR:
      if (SCALAR_FLOAT_TYPE_P (type))
        {
          REAL_VALUE_TYPE inf;
          real_inf (&inf);
          if (op == MAX_EXPR)
            inf = real_value_negate (&inf);
          return build_real (type, inf);
        }
      return op == MAX_EXPR ? TYPE_MIN_VALUE (type) : TYPE_MAX_VALUE (type);
    default:
      gcc_unreachable ();
    }
}

tree
reduction_combine (location_t loc, enum tree_code op, tree a, tree b)
{
  tree type = TREE_TYPE (a);
  tree v;
  if (op == MAX_EXPR || op == MIN_EXPR)
    v = build2 (op, type, a, b);
  else
    /* As the C parser would: the integer promotions first (_Bool
       operands are refused otherwise), then the C front end's folding,
       which removes the C_MAYBE_CONST_EXPRs that && and || leave and the
       gimplifier does not know.  */
    v = c_fully_fold (build_binary_op (loc, op, default_conversion (a),
                                       default_conversion (b), false),
                      false, NULL);
  /* C's conversion: to _Bool it is != 0 (fold_convert would keep the low
     bit: 1 + 1 became false).  */
  return c_fully_fold (convert (type, v), false, NULL);
}

/* ------------------------------------------------------------------ */
/* OpenACC constructs.                                                 */

/* A clause of CODE at LOC, chained before CHAIN.  */
tree
pacc_omp_clause (location_t loc, enum omp_clause_code code, tree chain)
{
  tree c = build_omp_clause (loc, code);
  OMP_CLAUSE_CHAIN (c) = chain;
  return c;
}

/* `deviceptr (DECL)' (a map of kind force_deviceptr) at LOC, chained
   before CHAIN.  */
tree
pacc_omp_deviceptr (location_t loc, tree decl, tree chain)
{
  tree c = pacc_omp_clause (loc, OMP_CLAUSE_MAP, chain);
  OMP_CLAUSE_SET_MAP_KIND (c, GOMP_MAP_FORCE_DEVICEPTR);
  OMP_CLAUSE_DECL (c) = decl;
  return c;
}

/* `reduction (OP: DECL)' at LOC, chained before CHAIN.  */
tree
pacc_omp_reduction (location_t loc, enum tree_code op, tree decl, tree chain)
{
  tree c = pacc_omp_clause (loc, OMP_CLAUSE_REDUCTION, chain);
  OMP_CLAUSE_DECL (c) = decl;
  OMP_CLAUSE_REDUCTION_CODE (c) = op;
  return c;
}

/* The functions a kernel calls that this file defines (the checks let
   only those without side effects through), and the functions they call,
   marked as `#pragma acc routine seq' marks them: GCC 12 puts a function
   into the offload image only when so marked, and stopped with "function
   'f' has been referenced in offloaded code but hasn't been marked to be
   included in the offloaded code" wherever the call was not inlined (-O0,
   -Og, -Os, an exported function).  */
static tree
mark_routines_r (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) != CALL_EXPR)
    return NULL_TREE;
  tree fn = get_callee_fndecl (t);
  if (!fn || fndecl_built_in_p (fn) || !DECL_SAVED_TREE (fn)
      || lookup_attribute ("omp declare target", DECL_ATTRIBUTES (fn)))
    return NULL_TREE;
  tree seq = build_omp_clause (DECL_SOURCE_LOCATION (fn), OMP_CLAUSE_SEQ);
  oacc_replace_fn_attrib (fn, oacc_build_routine_dims (seq));
  DECL_ATTRIBUTES (fn) = tree_cons (get_identifier ("omp declare target"), seq,
                                    DECL_ATTRIBUTES (fn));
  /* -fstack-protector travels with each function into the offload
     compiler, and ptxas has no __stack_chk_guard (Debian's hardening
     flags); the helper loses the canary on the host too.  */
  DECL_ATTRIBUTES (fn) = tree_cons (get_identifier ("no_stack_protector"),
                                    NULL_TREE, DECL_ATTRIBUTES (fn));
  if (cgraph_node *node = cgraph_node::get (fn))
    node->offloadable = 1;
  walk_tree_without_duplicates (&DECL_SAVED_TREE (fn), mark_routines_r, NULL);
  return NULL_TREE;
}

void
pacc_mark_routines (tree body)
{
  walk_tree_without_duplicates (&body, mark_routines_r, NULL);
}

/* A scope declaring VARS around BODY, with a BLOCK of its own, as the C
   front end gives every scope.  Lowering links the BLOCK into the
   function's tree, and outlining an OpenACC region moves the subblocks
   of the region's BLOCK into the child function: a kernel without one
   took its siblings' scopes along, and `final' crashed under -g.  */
tree
pacc_bind (tree vars, tree body)
{
  tree block = make_node (BLOCK);
  BLOCK_VARS (block) = vars;
  tree bind = build3 (BIND_EXPR, void_type_node, vars, body, block);
  TREE_SIDE_EFFECTS (bind) = 1;
  return bind;
}

/* `#pragma acc parallel CLAUSES' at LOC around BODY, in a block that
   declares VARS; its location noted for the launch pass.  */
tree
pacc_oacc_parallel (location_t loc, tree vars, tree body, tree clauses)
{
  tree bind = pacc_bind (vars, body);
  tree par = make_node (OACC_PARALLEL);
  TREE_TYPE (par) = void_type_node;
  OMP_BODY (par) = bind;
  OMP_CLAUSES (par) = clauses;
  SET_EXPR_LOCATION (par, loc);
  TREE_SIDE_EFFECTS (par) = 1;
  pacc_note_kernel_location (loc);
  return par;
}

/* Convert pacc loop L (rewritten already) into an OACC_LOOP in place:
   over VAR (default L's) from INIT while COND, incremented by INCR
   (default L's), running BODY (default L's).  */
void
pacc_oacc_loop (pacc_loop &l, tree init, tree cond, tree clauses, tree var,
                tree incr, tree body)
{
  tree declv = make_tree_vec (1), initv = make_tree_vec (1),
       condv = make_tree_vec (1), incrv = make_tree_vec (1);
  tree fs = *l.slot;
  if (!var)
    var = l.var;
  TREE_VEC_ELT (declv, 0) = var;
  TREE_VEC_ELT (initv, 0) = build2 (MODIFY_EXPR, TREE_TYPE (var), var,
                                    fold_convert (TREE_TYPE (var), init));
  TREE_VEC_ELT (condv, 0) = cond;
  TREE_VEC_ELT (incrv, 0) = incr ? incr : FOR_EXPR (fs);
  location_t loc = EXPR_LOCATION (fs);
  if (loc == UNKNOWN_LOCATION)
    loc = l.loc;
  if (!body)
    body = FOR_BODY (fs);
  tree list = push_stmt_list ();
  tree omp = c_finish_omp_for (loc, OACC_LOOP, declv, NULL_TREE, initv, condv,
                               incrv, body, NULL_TREE, true);
  pop_stmt_list (list);
  if (!omp)
    return;
  OMP_FOR_CLAUSES (omp) = clauses;
  *l.slot = omp;
}
