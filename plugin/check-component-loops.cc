/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* check-component-loops.cc - sequential loops over the components of
   arrays of components (check-components.cc), written out.

   `for (m = 0; m < 3; m++) s += c[m][x][y];' inside a nest: the
   components must be constants, so a loop with constant bounds (at most
   64 iterations) whose variable is a leading index is written out, once
   per value, before the accesses are split (`for (int m = ...)' too,
   inner loops first).  Only a body without declarations, break or
   continue, and a variable the step reads nowhere else but in loops that
   set it (its value after the loop would differ).  */

#include "check.h"
#include "tree-inline.h"

struct unroll_ctx
{
  pacc_region *r;
  const std::vector<tree> *comps; /* The arrays of components.  */
  tree var;                       /* The loop variable looked for.  */
};

static tree
mentions_r (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return *tp == (tree) data ? *tp : NULL_TREE;
}

/* Does the reference T, an ARRAY_REF or INDIRECT_REF chain, index an
   array of components with an expression of u.var (anywhere on the
   chain: a leading index, or the offset of a pointer to the
   components)?  */
static bool
component_ref_uses (unroll_ctx &u, tree t)
{
  bool uses = false;
  for (;;)
    {
      t = strip_conv (t);
      if (TREE_CODE (t) == ARRAY_REF)
        {
          uses |= walk_tree_without_duplicates (&TREE_OPERAND (t, 1),
                                                mentions_r, u.var)
                  != NULL;
          t = TREE_OPERAND (t, 0);
        }
      else if (TREE_CODE (t) == INDIRECT_REF
               || (TREE_CODE (t) == COMPOUND_EXPR
                   && !walk_tree_without_duplicates (&TREE_OPERAND (t, 0),
                                                     mentions_r, u.var)))
        t = TREE_OPERAND (t, TREE_CODE (t) == COMPOUND_EXPR);
      else if (TREE_CODE (t) == POINTER_PLUS_EXPR)
        {
          uses |= walk_tree_without_duplicates (&TREE_OPERAND (t, 1),
                                                mentions_r, u.var)
                  != NULL;
          t = TREE_OPERAND (t, 0);
        }
      else
        break;
    }
  return uses && DECL_P (t)
         && std::find (u.comps->begin (), u.comps->end (), t)
              != u.comps->end ();
}

/* A reference to an array of components indexed with u.var.  */
static tree
leading_use_r (tree *tp, int *ws, void *data)
{
  unroll_ctx &u = *(unroll_ctx *) data;
  if (TYPE_P (*tp))
    {
      *ws = 0;
      return NULL_TREE;
    }
  if ((TREE_CODE (*tp) == ARRAY_REF || TREE_CODE (*tp) == INDIRECT_REF)
      && component_ref_uses (u, *tp))
    return *tp;
  return NULL_TREE;
}

/* What keeps a loop body from being written out: declarations, jumps
   and labels (they would be copied), directives, and the loop variable
   DATA assigned or its address taken (its copies are constants).  */
static tree
unroll_blocker_r (tree *tp, int *ws, void *data)
{
  tree t = *tp;
  tree var = (tree) data;
  if (TYPE_P (t))
    {
      *ws = 0;
      return NULL_TREE;
    }
  switch (TREE_CODE (t))
    {
    case BREAK_STMT:
    case CONTINUE_STMT:
    case DECL_EXPR:
    case GOTO_EXPR:
    case LABEL_EXPR:
    case SWITCH_STMT:
    case CASE_LABEL_EXPR:
      return t;
    case BIND_EXPR:
      return BIND_EXPR_VARS (t) ? t : NULL_TREE;
    case CALL_EXPR:
      return pacc_marker_directive (t) ? t : NULL_TREE;
    default:
      return pacc_stored_operand (t) == var ? t : NULL_TREE;
    }
}

/* A read of u.var outside the loops that count with it (which set it
   first) and outside assignments of it.  */
static tree
var_use_r (tree *tp, int *ws, void *data)
{
  unroll_ctx &u = *(unroll_ctx *) data;
  tree t = *tp;
  if (TYPE_P (t) || (TREE_CODE (t) == FOR_STMT && for_var (t) == u.var)
      || (TREE_CODE (t) == DECL_EXPR && DECL_EXPR_DECL (t) == u.var))
    {
      *ws = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == MODIFY_EXPR && TREE_OPERAND (t, 0) == u.var)
    {
      *ws = 0;
      return walk_tree_without_duplicates (&TREE_OPERAND (t, 1), mentions_r,
                                           u.var);
    }
  return t == u.var ? t : NULL_TREE;
}

/* Copy a loop body: every expression, and the SAVE_EXPRs that use the
   loop variable DATA (the others are sizes evaluated once elsewhere).  */
static tree
copy_body_r (tree *tp, int *ws, void *data)
{
  if (TREE_CODE (*tp) == SAVE_EXPR
      && !walk_tree_without_duplicates (&TREE_OPERAND (*tp, 0), mentions_r,
                                        data))
    {
      *ws = 0;
      return NULL_TREE;
    }
  return copy_tree_r (tp, ws, NULL);
}

static tree
subst_r (tree *tp, int *ws, void *data)
{
  std::pair<tree, tree> &s = *(std::pair<tree, tree> *) data;
  if (TYPE_P (*tp))
    *ws = 0;
  else if (*tp == s.first)
    *tp = s.second;
  return NULL_TREE;
}

static tree unroll_r (tree *tp, int *ws, void *data);

/* Write out the loop FS counting with VAR from LO when it is a loop over
   components that can be: its copies replace *SLOT (the loop, or the
   block declaring VAR around it), and *INIT_SLOT (`m = LO;', or NULL)
   becomes empty.  */
static void
maybe_unroll (unroll_ctx &u, tree *slot, tree fs, tree var, tree lo,
              tree *init_slot)
{
  if (!var || !lo || FOR_INIT_STMT (fs))
    return;
  tree bound = unit_loop_bound (fs, var);
  if (!bound || for_counts_down (fs, var))
    return;
  lo = fold (strip_conv (lo));
  bound = fold (strip_conv (bound));
  if (!tree_fits_shwi_p (lo) || !tree_fits_shwi_p (bound))
    return;
  HOST_WIDE_INT l = tree_to_shwi (lo), h = tree_to_shwi (bound);
  if (h - l < 1 || h - l > 64)
    return;
  u.var = var;
  if (!walk_tree_without_duplicates (&FOR_BODY (fs), leading_use_r, &u))
    return;
  /* Inner loops over components first: `for (int n ...)' inside is a
     block with a declaration until written out.  */
  walk_tree (&FOR_BODY (fs), unroll_r, &u, NULL);
  u.var = var;
  /* The body, and the variable nowhere else in the step.  */
  if (walk_tree_without_duplicates (&FOR_BODY (fs), unroll_blocker_r, var))
    return;
  if (walk_tree_without_duplicates (&FOR_BODY (u.r->for_stmt), var_use_r, &u))
    return;
  tree list = alloc_stmt_list ();
  for (HOST_WIDE_INT k = l; k < h; k++)
    {
      tree body = FOR_BODY (fs);
      walk_tree (&body, copy_body_r, var, NULL);
      std::pair<tree, tree> s (var, build_int_cst (TREE_TYPE (var), k));
      walk_tree (&body, subst_r, &s, NULL);
      append_to_statement_list_force (body, &list);
    }
  location_t loc = EXPR_LOC_OR_LOC (fs, u.r->loc);
  *slot = list;
  if (init_slot)
    *init_slot = build_empty_stmt (loc);
}

static tree
unroll_r (tree *tp, int *ws, void *data)
{
  unroll_ctx &u = *(unroll_ctx *) data;
  if (TYPE_P (*tp))
    {
      *ws = 0;
      return NULL_TREE;
    }
  tree *fslot, *islot, var, init;
  /* for (...) for (int m = LO; ...): the inner loop's block is the outer
     loop's body, with no marker before it.  */
  if (TREE_CODE (*tp) == FOR_STMT && FOR_BODY (*tp)
      && TREE_CODE (FOR_BODY (*tp)) == BIND_EXPR
      && pacc_match_for (&FOR_BODY (*tp), &fslot, &islot, &var, &init))
    maybe_unroll (u, &FOR_BODY (*tp), *fslot, var, init, NULL);
  if (TREE_CODE (*tp) != STATEMENT_LIST)
    return NULL_TREE;
  tree *prev = NULL, *prev2 = NULL;
  for (tree_stmt_iterator i = tsi_start (*tp); !tsi_end_p (i); tsi_next (&i))
    {
      tree st = tsi_stmt (i);
      if (pacc_skip_stmt_p (st))
        continue;
      /* A pacc loop's marker comes before it or before its init.  */
      bool pacc_loop = ((prev && pacc_marker_directive (*prev))
                        || (prev2 && pacc_marker_directive (*prev2)));
      if (pacc_loop)
        ;
      else if (TREE_CODE (st) == FOR_STMT && prev
               && TREE_CODE (*prev) == MODIFY_EXPR
               && TREE_OPERAND (*prev, 0) == for_var (st))
        maybe_unroll (u, tsi_stmt_ptr (i), st, for_var (st),
                      TREE_OPERAND (*prev, 1), prev);
      /* for (int m = LO; ...): the block declaring m goes.  */
      else if (TREE_CODE (st) == BIND_EXPR
               && pacc_match_for (tsi_stmt_ptr (i), &fslot, &islot, &var,
                                  &init))
        maybe_unroll (u, tsi_stmt_ptr (i), *fslot, var, init, NULL);
      prev2 = prev;
      prev = tsi_stmt_ptr (i);
    }
  return NULL_TREE;
}

void
pacc_unroll_component_loops (pacc_region &r, const std::vector<tree> &comps)
{
  unroll_ctx u;
  u.r = &r;
  u.comps = &comps;
  u.var = NULL_TREE;
  walk_tree (&FOR_BODY (r.for_stmt), unroll_r, &u, NULL);
}
