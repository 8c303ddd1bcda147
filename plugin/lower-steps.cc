/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower-steps.cc - the checks the generated code makes at every sub-step,
   before a kernel's launch, for what depends on the time step and so
   cannot be judged at compile time or at region entry: the kernel's rows
   against size's (pacc_rows_check, also used at entry), its faster
   dimensions against size's (a point write's invariant indices too),
   and its reads of targettemp arrays against what the step wrote of
   them (pacc_step_checks).  lower_kernel notes the
   loops' bounds as written before lowering rewrites them
   (pacc_note_bounds).  */

#include "pacc-plugin.h"
#include "check.h"
#include "lower.h"

/* The chunks hold size's rows only (plus the halo rows the plan adds
   within them): a kernel reaching past them wrote beyond the buffers
   (heap corruption) or read rows no chunk loaded (another answer than
   the sequential run).  Rows A to B - 1, widened by the offsets of the
   accesses where the conditions around them let them run
   (pacc_reach_trees), are checked when A < B.  */
tree
pacc_rows_check (pacc_region &r, pacc_kernel &k, int j, tree a, tree b,
                 tree where)
{
  std::vector<const pacc_access *> accs;
  for (auto &acc : k.accesses)
    if (acc.kind[0] == PACC_IX_VAR)
      accs.push_back (&acc);
  tree lt = long_integer_type_node;
  tree lo = fold (lng (unshare_expr (r.pc->size_lo[0])));
  tree len = fold (lng (unshare_expr (r.pc->size_len[0])));
  a = fold (a);
  b = fold (b);
  tree tfirst, tlast;
  if (!pacc_reach_trees (accs, 0, a, b, &tfirst, &tlast))
    return NULL_TREE;
  if (TREE_CODE (a) == INTEGER_CST && TREE_CODE (b) == INTEGER_CST
      && TREE_CODE (lo) == INTEGER_CST && TREE_CODE (len) == INTEGER_CST
      && TREE_CODE (tfirst) == INTEGER_CST && TREE_CODE (tlast) == INTEGER_CST
      && tree_fits_shwi_p (a) && tree_fits_shwi_p (b) && tree_fits_shwi_p (lo)
      && tree_fits_shwi_p (len))
    {
      HOST_WIDE_INT ia = tree_to_shwi (a), ib = tree_to_shwi (b);
      HOST_WIDE_INT il = tree_to_shwi (lo), in = tree_to_shwi (len);
      HOST_WIDE_INT first = tree_to_shwi (tfirst);
      HOST_WIDE_INT last = tree_to_shwi (tlast);
      if (ia >= ib || (in > 0 && first >= il && last < il + in))
        return NULL_TREE;
      if (in <= 0)
        error_at (k.loc,
                  "kernel %d touches rows %wd to %wd of the first "
                  "dimension, but %<size%> gives it no rows "
                  "(%<[%wd:%wd]%>)",
                  j + 1, first, last, il, in);
      else
        error_at (k.loc,
                  "kernel %d touches rows %wd to %wd of the first "
                  "dimension, outside the rows %wd to %wd that %<size%> gives "
                  "(%<[%wd:%wd]%>)",
                  j + 1, first, last, il, il + in - 1, il, in);
      inform (r.loc, "the pipeline whose %<size%> clause gives the rows");
      return NULL_TREE;
    }
  tree first = tfirst, last = tlast;
  tree end = build2 (PLUS_EXPR, lt, unshare_expr (lo), len);
  tree outside = build2 (
    TRUTH_ANDIF_EXPR, boolean_type_node,
    build2 (LT_EXPR, boolean_type_node, unshare_expr (a), unshare_expr (b)),
    build2 (TRUTH_ORIF_EXPR, boolean_type_node,
            build2 (LT_EXPR, boolean_type_node, first, unshare_expr (lo)),
            build2 (GE_EXPR, boolean_type_node, last, end)));
  tree call
    = build_call_expr_loc (k.loc, fn_rows_outside, 6, unshare_expr (where),
                           build_int_cst (integer_type_node, j + 1),
                           unshare_expr (first), unshare_expr (last),
                           unshare_expr (lo), unshare_expr (len));
  return build3 (COND_EXPR, void_type_node, outside, call,
                 build_empty_stmt (k.loc));
}

/* The indices [*LO, *HI) along dimension N (0 = rows) that access A of
   kernel K reads or writes at this sub-step, as the host computes them
   (its loop's bounds plus the access's offset); false when the index is
   not the loop variable plus a constant or the host cannot compute the
   bounds.  */
/* The values [start, end) of each loop of the region's kernels as
   written (either direction: pacc_loop_span), noted when lower_kernel starts on its kernel: lowering
   rewrites them, and a later kernel's checks read an earlier one's.  */
static std::map<const pacc_loop *, std::pair<tree, tree>> written_bounds;

void
pacc_note_bounds (pacc_kernel &k, int j)
{
  if (j == 0)
    written_bounds.clear ();
  for (auto &l : k.loops)
    {
      tree a, b;
      if (pacc_loop_span (l.for_stmt, l.var, l.init, &a, &b))
        written_bounds[&l]
          = std::make_pair (pacc_host_value (l, a), pacc_host_value (l, b));
      else
        written_bounds[&l] = std::make_pair (NULL_TREE, NULL_TREE);
    }
}

static bool
dim_range (pacc_region &r, pacc_kernel &k, const pacc_access &a, int n,
           hash_map<tree, tree> &host_map, tree *lo, tree *hi)
{
  if (a.kind[n] != PACC_IX_VAR)
    return false;
  int li = a.loop;
  while (li >= 0 && k.loops[li].dim != r.pc->rank - n)
    li = k.loops[li].parent;
  if (li < 0)
    return false;
  auto it = written_bounds.find (&k.loops[li]);
  if (it == written_bounds.end ())
    return false;
  tree init = it->second.first, b = it->second.second;
  if (!init || !b || !pacc_host_bound_p (r, k, init, false)
      || !pacc_host_bound_p (r, k, b, false))
    return false;
  /* From where the conditions around it let it run (check-conds.cc).  */
  std::vector<const pacc_access *> one (1, &a);
  tree last;
  pacc_reach_trees (one, n, lng (rewritten_copy (r, init, host_map)),
                    lng (rewritten_copy (r, b, host_map)), lo, &last);
  *hi = fold_build2 (PLUS_EXPR, long_integer_type_node, last, lcst (1));
  return true;
}

/* Before kernel M at each sub-step: a read of a targettemp array (under
   a condition, from where the conditions let it run) must lie, along
   each dimension, inside what the one earlier nest of the step that
   writes the array writes along it, else the read sees a value of an
   earlier step, which crosses a time block in the sequential program
   only (issue 48: bounds of the step that check-halo.cc cannot compare
   at compile time).  Reads of arrays that several nests, or M itself,
   write are not checked.  */
void
pacc_step_checks (pacc_region &r, int m, tree *stmts, tree tcur,
                  hash_map<tree, tree> &host_map)
{
  pacc_kernel &km = r.kernels[m];
  tree lt = long_integer_type_node;
  /* A point write's faster indices (check-points.cc), as the host
     computes them at this sub-step: outside size's, the flat index was
     split along the strides wrongly, and the chunk that writes it is not
     the one that holds its row.  */
  if (km.point)
    for (auto &a : km.accesses)
      for (int n = 1; n < r.pc->rank; n++)
        {
          if (a.kind[n] != PACC_IX_INV)
            continue;
          tree ix = lng (
            rewritten_copy (r, pacc_expand_atoms (form_to_tree (a.inv[n])),
                            host_map));
          tree slo = lng (unshare_expr (r.pc->size_lo[n]));
          tree slen = lng (unshare_expr (r.pc->size_len[n]));
          tree bad
            = build2 (TRUTH_ORIF_EXPR, boolean_type_node,
                      build2 (LT_EXPR, boolean_type_node, ix, slo),
                      build2 (GE_EXPR, boolean_type_node, unshare_expr (ix),
                              build2 (PLUS_EXPR, lt, unshare_expr (slo),
                                      slen)));
          tree call
            = build_call_expr_loc (a.loc, fn_cols_outside, 7,
                                   where_literal (a.loc),
                                   build_int_cst (integer_type_node, m + 1),
                                   build_int_cst (integer_type_node,
                                                  r.pc->rank - n),
                                   unshare_expr (ix), unshare_expr (ix),
                                   unshare_expr (slo), unshare_expr (slen));
          add (stmts, build3 (COND_EXPR, void_type_node, bad, call,
                              build_empty_stmt (a.loc)));
        }
  /* Along the faster dimensions, a loop whose bounds depend on the step
     must stay inside size's range at every step: check_cols
     (lower-region.cc) judged the others at entry.  */
  for (auto &a : km.accesses)
    for (int n = 1; n < r.pc->rank; n++)
      {
        int li = a.loop;
        while (li >= 0 && km.loops[li].dim != r.pc->rank - n)
          li = km.loops[li].parent;
        auto it = li >= 0 ? written_bounds.find (&km.loops[li])
                          : written_bounds.end ();
        if (it == written_bounds.end () || !it->second.first
            || (pacc_host_bound_p (r, km, it->second.first, true)
                && pacc_host_bound_p (r, km, it->second.second, true)))
          continue;
        tree lo, hi;
        if (!dim_range (r, km, a, n, host_map, &lo, &hi))
          continue;
        tree slo = lng (unshare_expr (r.pc->size_lo[n]));
        tree slen = lng (unshare_expr (r.pc->size_len[n]));
        tree bad = build2 (
          TRUTH_ANDIF_EXPR, boolean_type_node,
          build2 (LT_EXPR, boolean_type_node, lo, hi),
          build2 (TRUTH_ORIF_EXPR, boolean_type_node,
                  build2 (LT_EXPR, boolean_type_node, unshare_expr (lo), slo),
                  build2 (GT_EXPR, boolean_type_node, unshare_expr (hi),
                          build2 (PLUS_EXPR, lt, unshare_expr (slo), slen))));
        tree call = build_call_expr_loc (
          a.loc, fn_cols_outside, 7, where_literal (r.loc),
          build_int_cst (integer_type_node, m + 1),
          build_int_cst (integer_type_node, r.pc->rank - n), unshare_expr (lo),
          build2 (MINUS_EXPR, lt, unshare_expr (hi), lcst (1)),
          unshare_expr (slo), unshare_expr (slen));
        add (stmts, build3 (COND_EXPR, void_type_node, bad, call,
                            build_empty_stmt (a.loc)));
      }
  for (auto &a : km.accesses)
    {
      /* A read under a condition from where the conditions let it run
	 (dim_range): `y < n - 1 ? q[x][y] : ...' reads q[x][0] too.  */
      if (a.write || r.pc->arrays[a.buf].role != PACC_ROLE_TEMP)
        continue;
      const pacc_access *w = NULL;
      int wk = -1, nw = 0;
      for (int i = 0; i <= m; i++)
        for (auto &b : r.kernels[i].accesses)
          if (b.write && b.buf == a.buf)
            {
              nw += i == m ? 2 : 1;
              w = &b;
              wk = i;
            }
      if (nw != 1)
        continue;
      for (int n = 0; n < r.pc->rank; n++)
        {
          tree rlo, rhi, wlo, whi;
          if (!dim_range (r, km, a, n, host_map, &rlo, &rhi)
              || !dim_range (r, r.kernels[wk], *w, n, host_map, &wlo, &whi))
            continue;
          tree bad = build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
                             build2 (LT_EXPR, boolean_type_node, rlo, rhi),
                             build2 (TRUTH_ORIF_EXPR, boolean_type_node,
                                     build2 (LT_EXPR, boolean_type_node,
                                             unshare_expr (rlo), wlo),
                                     build2 (GT_EXPR, boolean_type_node,
                                             unshare_expr (rhi), whi)));
          tree name = build_string_literal (
            IDENTIFIER_LENGTH (DECL_NAME (r.pc->arrays[a.buf].decl)) + 1,
            IDENTIFIER_POINTER (DECL_NAME (r.pc->arrays[a.buf].decl)));
          tree call = build_call_expr_loc (
            a.loc, fn_temp_unwritten, 9, where_literal (a.loc),
            build_int_cst (integer_type_node, m + 1), name,
            build_int_cst (integer_type_node, r.pc->rank - n),
            unshare_expr (rlo),
            build2 (MINUS_EXPR, lt, unshare_expr (rhi), lcst (1)),
            unshare_expr (wlo),
            build2 (MINUS_EXPR, lt, unshare_expr (whi), lcst (1)), lng (tcur));
          add (stmts, build3 (COND_EXPR, void_type_node, bad, call,
                              build_empty_stmt (a.loc)));
        }
    }
}
