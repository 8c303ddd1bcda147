/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* check-vars.cc - the region's pipelined arrays, whole (copyin) arrays
   and reduction variables looked up by declaration, and which SAVE_EXPRs
   are the user's.  The checks and the lowering (lower-build.cc) both ask;
   it calls nothing of either, so it sits below them.  */

#include "check.h"

int
pacc_array_index (pacc_region &r, tree decl)
{
  for (size_t i = 0; i < r.pc->arrays.size (); i++)
    if (r.pc->arrays[i].decl == decl)
      return i;
  return -1;
}

/* The C front end wraps user expressions in SAVE_EXPRs too (the right
   side of `a += b` when b has side effects, which VLA indexing has).
   Those that mention a pipelined array or a reduction variable belong to
   the kernel and are walked; the others are sizes of variably modified
   types, evaluated once outside, and are left alone.  */
bool
pacc_user_save_expr_p (pacc_region &r, tree t)
{
  struct m
  {
    static tree cb (tree *tp, int *ws, void *d)
    {
      pacc_region &r = *(pacc_region *) d;
      if (TYPE_P (*tp))
        *ws = 0;
      else if (DECL_P (*tp)
               && (pacc_array_index (r, *tp) >= 0
                   || pacc_whole_index (r, *tp) >= 0
                   || pacc_reduction_index (r, *tp) >= 0))
        return *tp;
      return NULL_TREE;
    }
  };
  return TREE_CODE (t) == SAVE_EXPR
         && walk_tree_without_duplicates (&TREE_OPERAND (t, 0), m::cb, &r);
}

int
pacc_whole_index (pacc_region &r, tree decl)
{
  for (size_t i = 0; i < r.pc->wholes.size (); i++)
    if (r.pc->wholes[i].decl == decl)
      return i;
  return -1;
}

int
pacc_reduction_index (pacc_region &r, tree decl)
{
  for (size_t i = 0; i < r.pc->reductions.size (); i++)
    if (r.pc->reductions[i].decl == decl)
      return i;
  return -1;
}
