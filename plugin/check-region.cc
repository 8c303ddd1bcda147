/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* check-region.cc - build and check the model of a pipeline region.

   Input: a `#pragma pacc pipeline` marker and the time loop after it, at
   PLUGIN_PRE_GENERICIZE (structured FOR_STMTs).  Output: a pacc_region
   (region.h), or located errors for everything that cannot be lowered
   correctly.  pacc_check_region checks the time loop (canonical form,
   jumps out of it), collects its body's items, kernels (check-kernel.cc)
   and host statements (check-host.cc), replays the step's renaming of the
   arrays, which must permute them, and derives the halo (check-halo.cc).
   It refuses itself: a time loop not in canonical form, a step without a
   `#pragma pacc loop` nest, other directives inside the region, more than
   64 arrays, kernels reading scalars that the step assigns after
   them, and with `mpi' a nest without the decomposed loop.  */

#include "check.h"

/* Collect the body items of the time loop (flattening blocks).  */
static void
collect_items (pacc_region &r, tree *slot, bool &bad)
{
  tree t = *slot;
  if (pacc_skip_stmt_p (t))
    return;
  if (TREE_CODE (t) == BIND_EXPR)
    {
      collect_items (r, &BIND_EXPR_BODY (t), bad);
      return;
    }
  if (TREE_CODE (t) != STATEMENT_LIST)
    {
      pacc_item it = { -1, slot };
      r.items.push_back (it);
      return;
    }
  for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
    {
      tree st = tsi_stmt (i);
      pacc_directive *d = pacc_marker_directive (st);
      if (!d)
        {
          collect_items (r, tsi_stmt_ptr (i), bad);
          continue;
        }
      d->used = true;
      if (d->bad)
        {
          bad = true;
          continue;
        }
      if (d->kind != PACC_DIR_LOOP)
        {
          error_at (d->loc,
                    "%<#pragma pacc %s%> inside a "
                    "%<#pragma pacc pipeline%> region",
                    d->kind == PACC_DIR_INIT ? "init" : "pipeline");
          bad = true;
          continue;
        }
      tree *marker_slot = tsi_stmt_ptr (i);
      pacc_next_stmt (&i);
      if (tsi_end_p (i))
        {
          error_at (d->loc, "%<#pragma pacc loop%> must be followed by a "
                            "%<for%> loop");
          bad = true;
          return;
        }
      tree *init_slot = NULL;
      if (TREE_CODE (tsi_stmt (i)) == MODIFY_EXPR)
        {
          init_slot = tsi_stmt_ptr (i);
          tree_stmt_iterator j = i;
          pacc_next_stmt (&j);
          if (tsi_end_p (j) || (TREE_CODE (tsi_stmt (j)) != FOR_STMT))
            init_slot = NULL;
          else
            i = j;
        }
      pacc_kernel k;
      k.marker_slot = marker_slot;
      k.stmt_slot = tsi_stmt_ptr (i);
      k.stmt = *k.stmt_slot;
      /* Buffer names as of this point of the step: filled by the caller
	 while simulating the host statements in order.  */
      for (int a = 0; a < 64; a++)
        k.perm[a] = a;
      r.kernels.push_back (k);
      pacc_kernel &kk = r.kernels.back ();
      if (!analyse_kernel (r, kk, k.stmt_slot, init_slot, d))
        {
          bad = true;
          continue;
        }
      pacc_item it = { (int) r.kernels.size () - 1, NULL };
      r.items.push_back (it);
    }
}

/* ------------------------------------------------------------------ */
/* The driver.                                                         */

static tree
is_decl_r (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return *tp == (tree) data ? *tp : NULL_TREE;
}

/* Does a clause of the region use the time variable TVAR?  The clauses
   are evaluated once, before the time loop: TVAR holds no step's value
   there.  The first such clause's name, or NULL.  */
static const char *
clause_uses_time (pacc_region &r, tree tvar)
{
  for (int n = 0; n < r.pc->rank; n++)
    for (tree e : { r.pc->size_lo[n], r.pc->size_len[n] })
      if (e && walk_tree_without_duplicates (&e, is_decl_r, tvar))
        return "size";
  for (auto &w : r.pc->wholes)
    for (int n = 0; n < w.nsec; n++)
      for (tree e : { w.lo[n], w.len[n] })
        if (e && walk_tree_without_duplicates (&e, is_decl_r, tvar))
          return "copyin";
  tree g = r.pc->mpi_ghosts;
  if (g && walk_tree_without_duplicates (&g, is_decl_r, tvar))
    return "mpi";
  return NULL;
}

/* With mpi, the ranks split the decomposed dimension: every nest must
   have the decomposed loop (a fixed row belongs to one rank).  Whether
   the loops' bounds are known at entry is checked by the lowering
   (pacc_mpi_bounds_ok), with the predicate that decides it there.  */
static bool
check_mpi_nests (pacc_region &r)
{
  if (!r.pc->mpi_comm)
    return true;
  bool ok = true;
  for (size_t j = 0; j < r.kernels.size (); j++)
    if (r.kernels[j].dec < 0)
      {
        if (r.kernels[j].point)
          error_at (r.kernels[j].loc,
                    "write to one element of a pipelined "
                    "array in the time step of a pipeline with %<mpi%>: its "
                    "row belongs to one rank; write it in a %<#pragma pacc "
                    "loop%> nest over the decomposed dimension "
                    "(%<dim(%d)%>) under a condition on the row and column "
                    "(%<if (x == ic && y == jc)%>)",
                    r.pc->rank);
        else
          error_at (r.kernels[j].loc,
                    "fixed-row nest in a pipeline with "
                    "%<mpi%>: with %<mpi%> every %<#pragma pacc loop%> nest "
                    "needs the decomposed loop (%<dim(%d)%>), whose rows the "
                    "ranks share out",
                    r.pc->rank);
        inform (r.pc->mpi_loc, "%<mpi%> clause here");
        ok = false;
      }
  return ok;
}

bool
pacc_check_region (pacc_region &r)
{
  tree fs = r.for_stmt;
  tree tvar = for_var (fs);
  pacc_index_atoms_reset ();
  if (!tvar || !INTEGRAL_TYPE_P (TREE_TYPE (tvar)))
    {
      error_at (r.loc, "%<#pragma pacc pipeline%> must be followed by a "
                       "%<for%> loop over an integer time step, "
                       "%<for (t = t0; t < T; t++)%>");
      return false;
    }
  r.tvar = tvar;
  if (for_counts_down (fs, tvar))
    {
      error_at (stmt_loc (fs, r.loc),
                "the time loop of a "
                "%<#pragma pacc pipeline%> must count up by one (%<t++%>, "
                "%<++t%>, %<t += 1%> or %<t = t + 1%>); %qD counts down",
                tvar);
      return false;
    }
  r.tend = unit_loop_bound (fs, tvar);
  if (!r.tend)
    {
      error_at (
        stmt_loc (fs, r.loc),
        "the time loop of a "
        "%<#pragma pacc pipeline%> must have the form "
        "%<for (t = t0; t < T; t++)%> (or %<<=%>, %<++t%>, %<t += 1%>)");
      return false;
    }
  if (const char *cl = clause_uses_time (r, tvar))
    {
      error_at (r.loc,
                "%qs uses the time variable %qD: the clause is "
                "evaluated once, before the time loop, where %qD holds no "
                "step",
                cl, tvar, tvar);
      return false;
    }
  escape_ctx ec = { 0, 0, false, false };
  check_escapes (FOR_BODY (fs), ec, r.loc);
  if (ec.bad)
    return false;

  /* Arrays of components become one array per component first.  */
  if (!pacc_split_components (r))
    return false;
  /* Writes to one element between the nests become nests.  */
  if (!pacc_point_writes (r))
    return false;
  bool bad = false;
  collect_items (r, &FOR_BODY (fs), bad);
  if (bad)
    return false;
  if (r.kernels.empty ())
    {
      error_at (r.loc, "%<#pragma pacc pipeline%> time step has no "
                       "%<#pragma pacc loop%> nest");
      return false;
    }
  if (!check_mpi_nests (r))
    return false;

  /* Host statements, in order, with the pointer renaming they do.  */
  host_ctx h;
  h.r = &r;
  h.bad = false;
  h.kernel = NULL;
  for (size_t i = 0; i < r.pc->arrays.size (); i++)
    h.ptr_state.push_back (std::make_pair (r.pc->arrays[i].decl, (int) i));
  for (auto &it : r.items)
    if (it.kernel < 0)
      {
        tree t = *it.slot;
        tree lhs = NULL_TREE;
        if (TREE_CODE (t) == MODIFY_EXPR)
          lhs = TREE_OPERAND (t, 0);
        else if (TREE_CODE (t) == DECL_EXPR
                 && DECL_INITIAL (DECL_EXPR_DECL (t)))
          lhs = DECL_EXPR_DECL (t);
        if (lhs && DECL_P (lhs) && pacc_reduction_index (r, lhs) < 0)
          {
            h.assigned_all.add (lhs);
            if (std::find (r.assigned.begin (), r.assigned.end (), lhs)
                == r.assigned.end ())
              r.assigned.push_back (lhs);
          }
      }
  if (r.pc->arrays.size () > 64)
    {
      error_at (r.loc, "more than 64 arrays in one %<#pragma pacc pipeline%>");
      return false;
    }
  for (auto &it : r.items)
    {
      if (it.kernel < 0)
        {
          host_stmt (h, *it.slot);
          continue;
        }
      /* Kernel: re-analyse names with the current renaming.  */
      pacc_kernel &k = r.kernels[it.kernel];
      for (size_t a = 0; a < r.pc->arrays.size (); a++)
        k.perm[a] = *ptr_buf (h, r.pc->arrays[a].decl);
      /* Accesses were recorded with the identity naming; rename.  */
      for (auto &acc : k.accesses)
        acc.buf = k.perm[acc.buf];
      /* Scalars the kernel reads must be set earlier in the step.  */
      struct rd
      {
        static tree cb (tree *tp, int *ws, void *data)
        {
          host_ctx &h = *(host_ctx *) data;
          tree t = *tp;
          if (TYPE_P (t)
              || (TREE_CODE (t) == SAVE_EXPR
                  && !pacc_user_save_expr_p (*h.r, t)))
            {
              *ws = 0;
              return NULL_TREE;
            }
          if (DECL_P (t) && h.assigned_all.contains (t)
              && !h.assigned_now.contains (t)
              && pacc_array_index (*h.r, t) < 0)
            {
              if (h.kernel->point)
                error_at (h.kernel->loc,
                          "%qD is read by this write to one "
                          "element of a pipelined array before it is "
                          "assigned in the time step: values may not flow "
                          "from one time step to the next through host "
                          "variables; assign it before the write",
                          t);
              else
                error_at (h.r->loc,
                          "%qD is read by a %<#pragma pacc loop%> "
                          "before it is assigned in the time step",
                          t);
              h.bad = true;
              return t;
            }
          return NULL_TREE;
        }
      };
      h.kernel = &k;
      walk_tree_without_duplicates (k.stmt_slot, rd::cb, &h);
    }
  if (h.bad)
    return false;
  /* The step's renaming must permute the arrays.  */
  int n = r.pc->arrays.size ();
  std::vector<int> seen (n, 0);
  for (int a = 0; a < n; a++)
    {
      r.final_perm[a] = *ptr_buf (h, r.pc->arrays[a].decl);
      if (seen[r.final_perm[a]]++)
        {
          error_at (r.loc,
                    "the pointer assignments of the time step do not "
                    "permute the pipelined arrays: %qD and another array end "
                    "up naming the same buffer",
                    r.pc->arrays[a].decl);
          return false;
        }
    }
  if (!pacc_private_reads (r))
    return false;
  return derive_halo (r);
}
