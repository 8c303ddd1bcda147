/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* check-host.cc - the host statements of a time step: pointer swaps
   and rotations, reduction resets, time-dependent scalars.

   host_stmt checks one host statement, in the step's order, keeping the
   renaming that swaps and rotations do (which buffer each pointer names,
   host_ctx.ptr_state).  Located errors:
     - statements other than swaps/rotations of the pipelined arrays,
       resets of reduction variables and scalar assignments;
     - swaps between arrays of different clauses, assignments to t or to
       what the time loop's bound uses;
     - what a host statement may read: t, invariants and scalars assigned
       earlier in the step (values may not flow from one step to the next
       through host variables), no memory, only const or pure calls.  */

#include "check.h"

static bool
expr_mentions (tree e, tree decl)
{
  struct m
  {
    static tree cb (tree *tp, int *ws, void *d)
    {
      if (TYPE_P (*tp))
        *ws = 0;
      return *tp == (tree) d ? *tp : NULL_TREE;
    }
  };
  return walk_tree_without_duplicates (&e, m::cb, decl) != NULL_TREE;
}

int *
ptr_buf (host_ctx &h, tree decl)
{
  for (auto &p : h.ptr_state)
    if (p.first == decl)
      return &p.second;
  return NULL;
}

/* Check a read-only expression of a host statement: only t, invariants and
   variables assigned earlier in the step; only const/pure calls.  */
static tree
host_rhs_r (tree *tp, int *walk_subtrees, void *data)
{
  host_ctx &h = *(host_ctx *) data;
  tree t = *tp;
  if (TYPE_P (t)
      || (TREE_CODE (t) == SAVE_EXPR && !pacc_user_save_expr_p (*h.r, t)))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == CALL_EXPR)
    {
      tree fn = get_callee_fndecl (t);
      /* exp, pow, sqrt...: not const under -fmath-errno only because they
	 may set errno, which the step's value does not depend on.  */
      bool math
        = fn && fndecl_built_in_p (fn, BUILT_IN_NORMAL)
          && mathfn_built_in_type (as_combined_fn (DECL_FUNCTION_CODE (fn)));
      if (!fn
          || (!math
              && !(flags_from_decl_or_type (fn) & (ECF_CONST | ECF_PURE))))
        {
          error_at (stmt_loc (t, h.r->loc),
                    "host statement in a "
                    "%<#pragma pacc pipeline%> time step calls a function "
                    "that is not %<const%> or %<pure%>");
          h.bad = true;
          return t;
        }
      return NULL_TREE;
    }
  if (TREE_SIDE_EFFECTS (t)
      && (TREE_CODE (t) == MODIFY_EXPR || TREE_CODE (t) == PREINCREMENT_EXPR
          || TREE_CODE (t) == POSTINCREMENT_EXPR
          || TREE_CODE (t) == PREDECREMENT_EXPR
          || TREE_CODE (t) == POSTDECREMENT_EXPR))
    {
      error_at (stmt_loc (t, h.r->loc),
                "nested assignment in a host "
                "statement of a %<#pragma pacc pipeline%> time step");
      h.bad = true;
      return t;
    }
  if ((TREE_CODE (t) == ARRAY_REF || TREE_CODE (t) == INDIRECT_REF
       || TREE_CODE (t) == MEM_REF)
      && pacc_whole_ref (*h.r, t) < 0)
    {
      error_at (stmt_loc (t, h.r->loc),
                "host statement in a "
                "%<#pragma pacc pipeline%> time step reads memory; only "
                "%<#pragma pacc loop%> nests may access arrays, and host "
                "statements only the arrays listed in %<copyin%>");
      h.bad = true;
      return t;
    }
  if ((VAR_P (t) || TREE_CODE (t) == PARM_DECL) && t != h.r->tvar
      && h.assigned_all.contains (t) && !h.assigned_now.contains (t))
    {
      error_at (stmt_loc (t, h.r->loc),
                "%qD is read in the time step before "
                "it is assigned there: values may not flow from one time step "
                "to the next through host variables",
                t);
      h.bad = true;
      return t;
    }
  if (DECL_P (t) && pacc_reduction_index (*h.r, t) >= 0)
    {
      error_at (h.r->loc,
                "reduction variable %qD is read in a host "
                "statement of the time step",
                t);
      h.bad = true;
      return t;
    }
  return NULL_TREE;
}

/* Record that the host statement assigns DECL := RHS.  */
static void
host_assign (host_ctx &h, tree decl, tree rhs, location_t loc)
{
  pacc_region &r = *h.r;
  if (TREE_CODE (decl) == ARRAY_REF || TREE_CODE (decl) == INDIRECT_REF
      || TREE_CODE (decl) == MEM_REF)
    {
      /* Elements of the pipelined arrays became nests (check-points.cc):
	 this array is not one of them.  */
      tree base = decl;
      while (TREE_CODE (base) == ARRAY_REF || TREE_CODE (base) == INDIRECT_REF
             || TREE_CODE (base) == MEM_REF
             || TREE_CODE (base) == POINTER_PLUS_EXPR
             || TREE_CODE (base) == ADDR_EXPR || CONVERT_EXPR_P (base)
             || TREE_CODE (base) == NON_LVALUE_EXPR)
        base = TREE_OPERAND (base, 0);
      if (DECL_P (base) && pacc_whole_index (r, base) >= 0)
        error_at (loc,
                  "host statement in a %<#pragma pacc pipeline%> time "
                  "step writes %qD, which is listed in %<copyin%> (read "
                  "only); list it in %<targetinout%> to write one element "
                  "of it between the nests",
                  base);
      else if (DECL_P (base))
        error_at (loc,
                  "host statement in a %<#pragma pacc pipeline%> time "
                  "step writes an element of %qD, which is not a pipelined "
                  "array; list %qD in %<targetinout%> (with the extents of "
                  "%<size%>), or write it after the time loop",
                  base, base);
      else
        error_at (loc,
                  "host statement in a %<#pragma pacc pipeline%> time "
                  "step writes memory that is not an element of a pipelined "
                  "array; only elements of the arrays of %<targetinout%> "
                  "and %<targettemp%> may be written between the nests");
      h.bad = true;
      return;
    }
  if (!VAR_P (decl) && TREE_CODE (decl) != PARM_DECL)
    {
      error_at (loc, "host statement in a %<#pragma pacc pipeline%> time "
                     "step may only assign variables");
      h.bad = true;
      return;
    }
  if (decl == r.tvar)
    {
      error_at (loc,
                "the time step variable %qD is assigned in the body of "
                "the %<#pragma pacc pipeline%> loop",
                decl);
      h.bad = true;
      return;
    }
  if (expr_mentions (r.tend, decl))
    {
      error_at (loc,
                "%qD, which the bound of the time loop uses, is assigned in "
                "the time step (the number of steps is fixed at region entry)",
                decl);
      h.bad = true;
      return;
    }
  tree type = TREE_TYPE (decl);
  int ai = pacc_array_index (r, decl);
  if (TREE_CODE (type) == POINTER_TYPE || ai >= 0)
    {
      /* Swap or rotation: RHS must name a pipelined array (or a temporary
	 holding one).  */
      tree s = strip_conv (rhs);
      int b = -1;
      if (DECL_P (s))
        {
          int *pb = ptr_buf (h, s);
          if (pb)
            b = *pb;
        }
      if (b < 0)
        {
          error_at (loc,
                    "pointer assignment in a %<#pragma pacc pipeline%> "
                    "time step must copy one of the pipelined arrays (a swap "
                    "or rotation)");
          h.bad = true;
          return;
        }
      if (ai >= 0 && r.pc->arrays[b].role != r.pc->arrays[ai].role)
        {
          error_at (loc,
                    "%qD (%qs) would take the buffer of %qD (%qs): arrays "
                    "that swap or rotate must be listed in the same clause",
                    decl, role_name (r.pc->arrays[ai].role),
                    r.pc->arrays[b].decl, role_name (r.pc->arrays[b].role));
          h.bad = true;
          return;
        }
      int *pb = ptr_buf (h, decl);
      if (pb)
        *pb = b;
      else
        h.ptr_state.push_back (std::make_pair (decl, b));
      h.assigned_now.add (decl);
      return;
    }
  if (!INTEGRAL_TYPE_P (type) && !SCALAR_FLOAT_TYPE_P (type))
    {
      error_at (loc,
                "host statement in a %<#pragma pacc pipeline%> time "
                "step assigns %qD, which is not a scalar",
                decl);
      h.bad = true;
      return;
    }
  walk_tree_without_duplicates (&rhs, host_rhs_r, &h);
  h.assigned_now.add (decl);
}

void
host_stmt (host_ctx &h, tree t)
{
  location_t loc = stmt_loc (t, h.r->loc);
  if (TREE_CODE (t) == DECL_EXPR)
    {
      tree d = DECL_EXPR_DECL (t);
      if (TREE_CODE (d) != VAR_DECL)
        return;
      if (TREE_STATIC (d) || variably_modified_type_p (TREE_TYPE (d), NULL))
        {
          if (variably_modified_type_p (TREE_TYPE (d), NULL)
              && TREE_CODE (TREE_TYPE (d)) != POINTER_TYPE)
            {
              error_at (loc,
                        "variable-length array %qD declared in the time "
                        "step of a %<#pragma pacc pipeline%>",
                        d);
              h.bad = true;
              return;
            }
        }
      if (DECL_INITIAL (d))
        host_assign (h, d, DECL_INITIAL (d), loc);
      return;
    }
  if (TREE_CODE (t) == MODIFY_EXPR)
    {
      tree lhs = TREE_OPERAND (t, 0);
      if (pacc_reduction_index (*h.r, lhs) >= 0)
        {
          /* Reset of a reduction variable.  */
          tree rhs = TREE_OPERAND (t, 1);
          walk_tree_without_duplicates (&rhs, host_rhs_r, &h);
          return;
        }
      host_assign (h, lhs, TREE_OPERAND (t, 1), loc);
      return;
    }
  error_at (loc,
            "statement not allowed in the time step of a "
            "%<#pragma pacc pipeline%>: only %<#pragma pacc loop%> nests, "
            "swaps or rotations of the pipelined arrays, resets of reduction "
            "variables and scalar assignments");
  h.bad = true;
}
