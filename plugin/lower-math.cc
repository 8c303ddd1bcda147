/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower-math.cc - math functions in kernels.  GCC 12's nvptx back end
   has no pattern for fmax and fmin: a kernel calls newlib's functions
   for each element (with __fpclassifyd inside), and Jacobi's stencil
   with its largest change, err = fmax (err, fabs (q - p)), took its
   kernels 5495 ms in core on an H100 against 2919 ms written as a
   comparison (benchmarks/RESULTS.md, "A residual in a copy-like loop").
   In the kernels PACC builds, fmax (x, y) becomes
     isnan (x) ? y : isnan (y) ? x : x > y ? x : y
   and fmin the same with <: a NaN operand gives the other, as C
   requires, and equal operands the second, as glibc's functions do.
   Which of +0 and -0 fmax (+0, -0) gives, C leaves open: a sequential
   build's own answer varies with how GCC compiled the call.  */

#include "pacc-plugin.h"
#include "check.h"
#include "lower.h"

static tree
math_r (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) != CALL_EXPR || call_expr_nargs (t) != 2)
    return NULL_TREE;
  tree fn = get_callee_fndecl (t);
  if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    return NULL_TREE;
  enum tree_code cmp;
  switch (DECL_FUNCTION_CODE (fn))
    {
      CASE_FLT_FN (BUILT_IN_FMAX) : cmp = GT_EXPR;
      break;
      CASE_FLT_FN (BUILT_IN_FMIN) : cmp = LT_EXPR;
      break;
    default:
      return NULL_TREE;
    }
  tree type = TREE_TYPE (t);
  if (!SCALAR_FLOAT_TYPE_P (type))
    return NULL_TREE;
  /* The arguments may hold calls of their own.  */
  walk_tree (&CALL_EXPR_ARG (t, 0), math_r, NULL, NULL);
  walk_tree (&CALL_EXPR_ARG (t, 1), math_r, NULL, NULL);
  /* Each operand appears three times: copies, not SAVE_EXPRs (the
     region's code is copied later, and a copy of a SAVE_EXPR is the same
     node, computed once for every copy).  So only operands without side
     effects; GCC computes the copies once.  */
  tree a0 = CALL_EXPR_ARG (t, 0), a1 = CALL_EXPR_ARG (t, 1);
  if (walk_tree_without_duplicates (&a0, pacc_pure_effect_r, NULL)
      || walk_tree_without_duplicates (&a1, pacc_pure_effect_r, NULL))
    return NULL_TREE;
  a0 = fold_convert (type, a0);
  a1 = fold_convert (type, a1);
  tree bt = boolean_type_node;
  tree pick = build3 (COND_EXPR, type, build2 (cmp, bt, a0, a1),
                      unshare_expr (a0), unshare_expr (a1));
  pick = build3 (COND_EXPR, type,
                 build2 (NE_EXPR, bt, unshare_expr (a1), unshare_expr (a1)),
                 unshare_expr (a0), pick);
  pick = build3 (COND_EXPR, type,
                 build2 (NE_EXPR, bt, unshare_expr (a0), unshare_expr (a0)),
                 unshare_expr (a1), pick);
  *tp = pick;
  *walk_subtrees = 0;
  return NULL_TREE;
}

void
pacc_inline_math (tree *body)
{
  walk_tree (body, math_r, NULL, NULL);
}
