/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower-kernel.cc - one `#pragma pacc loop` nest as an OpenACC kernel.

   lower_kernel rewrites the nest for one sub-step of a chunk: its rows are
   the chunk's, widened by what the later sub-steps of the block and the
   later kernels of the step read (halo and widening, check-halo.cc); the
   arrays become the chunk's pointers, free scalars host snapshots,
   reduction variables private copies whose updates count only the chunk's
   own rows.  Its loops become `#pragma acc loop` and the nest a
   `#pragma acc parallel deviceptr(...) async(queue)`, built as the C
   parser builds them (c_finish_omp_for), so GCC's gimplifier, OpenACC
   lowering and nvptx offloading, and its host fallback, do the rest.  How
   the iterations go to gangs (rows, row groups, segments) is decided in
   lower-geometry.cc; a segmented kernel's body is built in
   lower-segments.cc.  The location of every such region is recorded
   (kernel-locations.cc) for the launch pass.  */

#include "pacc-plugin.h"
#include "check.h"
#include "lower.h"

/* ------------------------------------------------------------------ */
/* Kernels.                                                            */

/* Free scalars a kernel reads: collected to snapshot them on the host.  */
struct free_ctx
{
  pacc_region *r;
  hash_set<tree> locals;
  hash_set<tree> *skip;
  std::vector<tree> *out;
};

static tree
free_r (tree *tp, int *walk_subtrees, void *data)
{
  free_ctx &c = *(free_ctx *) data;
  tree t = *tp;
  if (TYPE_P (t)
      || (TREE_CODE (t) == SAVE_EXPR && !pacc_user_save_expr_p (*c.r, t)))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == BIND_EXPR)
    for (tree v = BIND_EXPR_VARS (t); v; v = DECL_CHAIN (v))
      c.locals.add (v);
  if (TREE_CODE (t) == DECL_EXPR)
    c.locals.add (DECL_EXPR_DECL (t));
  if ((VAR_P (t) || TREE_CODE (t) == PARM_DECL) && !c.locals.contains (t)
      && !c.skip->contains (t) && pacc_array_index (*c.r, t) < 0
      && std::find (c.out->begin (), c.out->end (), t) == c.out->end ())
    c.out->push_back (t);
  return NULL_TREE;
}

/* Rows per worker in a row group (see lower_kernel).  */
#define GROUP_Q_MIN 2
#define GROUP_Q_MAX 16

/* Gangs per launch of a segmented kernel: num_gangs is an int, and a
   launch of more (row, segment) pairs is split into launches of at most
   this many, each starting at its offset.  */
#define SEG_MAX_GANGS (1L << 30)

/* Threads per worker of a segmented kernel (its vector_length).  */
#define SEG_VECTOR 32

tree
lower_kernel (lower_ctx &c, pacc_kernel &k, int j, tree ci, tree blk, tree s,
              tree tcur, tree t0, hash_map<tree, tree> &host_map,
              std::vector<tree> &arr_ptr, std::vector<tree> &whole_ptr,
              std::vector<tree> &cparts, tree R, tree nch)
{
  pacc_region &r = *c.r;
  location_t loc = k.loc;
  tree stmts = alloc_stmt_list ();
  pacc_note_bounds (k, j);
  /* A fixed-row nest runs as if its decomposed loop were one row.  */
  tree d_init = k.dec >= 0 ? k.loops[k.dec].init : k.row;
  tree d_bound = k.dec >= 0 ? k.loops[k.dec].bound
                            : build2 (PLUS_EXPR, long_integer_type_node,
                                      unshare_expr (k.row), lcst (1));
  int nk = r.kernels.size ();

  /* Rows of this sub-step: lo/hi of the decomposed loop's variable.  */
  tree lo = new_var (c, "__pacc_lo", long_integer_type_node);
  tree hi = new_var (c, "__pacc_hi", long_integer_type_node);
  tree left = build2 (MINUS_EXPR, long_integer_type_node,
                      build2 (MINUS_EXPR, long_integer_type_node,
                              elt (blk, BLK_KK), lcst (1)),
                      lng (s));
  /* The chunk's rows grow by ci[GLO] below and ci[GHI] above per step
     still to come (the halo: a trapezoid; a skewed plan moves them up
     instead, libpacc/chunks.h).  */
  tree widen_lo = build2 (PLUS_EXPR, long_integer_type_node,
                          build2 (MULT_EXPR, long_integer_type_node,
                                  elt (ci, CI_GLO), left),
                          lcst (k.e_lo[0] + k.w));
  tree widen_hi = build2 (PLUS_EXPR, long_integer_type_node,
                          build2 (MULT_EXPR, long_integer_type_node,
                                  elt (ci, CI_GHI), left),
                          lcst (k.e_hi[0] - k.w));
  /* With mpi, the bounds libpacc gave this rank instead of the user's.  */
  tree a_init
    = c.kb ? elt (c.kb, 2 * j) : rewritten_copy (r, d_init, host_map);
  tree b_bound
    = c.kb ? elt (c.kb, 2 * j + 1) : rewritten_copy (r, d_bound, host_map);
  /* Rows that depend on the step (a bound or a fixed row of t, or of a
     scalar the step sets) were not checked at entry (check_rows,
     lower-region.cc): checked here, for every sub-step, before the
     kernel runs.  With mpi the bounds are known at entry.  */
  if (!c.kb && !pacc_rows_at_entry_p (r, k))
    {
      tree va = new_var (c, "__pacc_rows_a", long_integer_type_node);
      tree vb = new_var (c, "__pacc_rows_b", long_integer_type_node);
      add (&stmts, assign (va, lng (a_init)));
      add (&stmts, assign (vb, lng (b_bound)));
      /* A point write's row is named by the write's line.  */
      tree check = pacc_rows_check (r, k, j, va, vb,
                                    where_literal (k.point ? k.loc : r.loc));
      if (check)
        add (&stmts, check);
      a_init = va;
      b_bound = vb;
    }
  pacc_step_checks (r, j, &stmts, tcur, host_map);
  add (&stmts,
       assign (lo, build2 (MAX_EXPR, long_integer_type_node, lng (a_init),
                           build2 (MINUS_EXPR, long_integer_type_node,
                                   elt (ci, CI_LO), widen_lo))));
  add (&stmts,
       assign (hi, build2 (MIN_EXPR, long_integer_type_node, lng (b_bound),
                           build2 (PLUS_EXPR, long_integer_type_node,
                                   elt (ci, CI_HI), widen_hi))));

  tree inner = alloc_stmt_list ();
  /* Snapshots of free scalars, firstprivate in the kernel.  */
  hash_set<tree> skip;
  for (auto &l : k.loops)
    skip.add (l.var);
  for (tree v : k.private_vars)
    skip.add (v);
  for (auto &rc : r.pc->reductions)
    skip.add (rc.decl);
  /* One set of extents for the arrays (before the walks below: the
     rebuilt references hold the extent variables, host values).  */
  pacc_share_extents (c, &k.stmt, &inner, host_map, skip);
  pacc_select_loads (r, &k.stmt);
  std::vector<tree> frees;
  free_ctx fc;
  fc.r = &r;
  fc.skip = &skip;
  fc.out = &frees;
  walk_tree (&k.stmt, free_r, &fc, NULL);
  for (auto &l : k.loops)
    if (l.init_slot && &l != &k.loops[0])
      walk_tree (l.init_slot, free_r, &fc, NULL);
  if (k.dec != 0 && k.loops[0].init)
    walk_tree (&k.loops[0].init, free_r, &fc, NULL);

  /* The chunk pointers as locals of the parallel body, set before its
     loops: each gang reads them once and hands them to its threads,
     instead of every thread loading the variable's address from the
     argument block and then the pointer (two dependent loads before its
     first element; CIP's stencil, one column per thread, had eight such
     pairs).  */
  hash_map<tree, tree> kmap;
  tree pvars = NULL_TREE, pset = alloc_stmt_list ();
  /* The hoisted pointers and what they hold (the host version reads the
     latter: the former are set inside the OpenACC region only).  */
  std::vector<std::pair<tree, tree>> hoisted;
  /* Not in segmented kernels of several columns per thread: there every
     thread reads the pointers where it uses them.  The hoisted pointers
     stay live from the first column to the last (CIP's stencil, two
     columns: 74 registers, one block of 512 threads per multiprocessor;
     64 without them).  */
  tree sa = NULL_TREE, sb = NULL_TREE, sra = NULL_TREE, srb = NULL_TREE;
  bool copy;
  int cols = pacc_segment_cols (r, k, &copy, &sa, &sb, &sra, &srb);
  bool segs = cols > 0;
  bool hoist = pacc_hoist_pointers_on && cols <= 1;
  for (size_t a = 0; a < r.pc->arrays.size (); a++)
    {
      tree d = r.pc->arrays[a].decl;
      tree p = arr_ptr[a];
      if (hoist)
        {
          tree lp = local_var (c, "__pacc_lp", TREE_TYPE (p), &pvars);
          add (&pset, assign (lp, p));
          hoisted.push_back (std::make_pair (lp, p));
          p = lp;
        }
      if (TREE_CODE (TREE_TYPE (d)) == ARRAY_TYPE)
        kmap.put (d, build1 (INDIRECT_REF, TREE_TYPE (d), p));
      else
        kmap.put (d, p);
    }
  /* copyin arrays: their copy on the chunk's device.  */
  for (size_t w = 0; w < whole_ptr.size (); w++)
    {
      tree d = r.pc->wholes[w].decl;
      tree p = whole_ptr[w];
      if (hoist)
        {
          tree lp = local_var (c, "__pacc_lp", TREE_TYPE (p), &pvars);
          add (&pset, assign (lp, p));
          hoisted.push_back (std::make_pair (lp, p));
          p = lp;
        }
      if (TREE_CODE (TREE_TYPE (d)) == ARRAY_TYPE)
        kmap.put (d, build1 (INDIRECT_REF, TREE_TYPE (d), p));
      else
        kmap.put (d, p);
    }
  for (tree v : frees)
    {
      tree type = TREE_TYPE (v);
      if (!INTEGRAL_TYPE_P (type) && !SCALAR_FLOAT_TYPE_P (type))
        continue;
      tree snap = new_var (c, "__pacc_snap", TYPE_MAIN_VARIANT (type));
      tree *hv = host_map.get (v);
      add (&inner, assign (snap, hv ? unshare_expr (*hv) : v));
      kmap.put (v, snap);
    }
  /* Own rows and queue, for reduction guards and the async clause.  */
  tree own_lo = new_var (c, "__pacc_own_lo", long_integer_type_node);
  tree own_hi = new_var (c, "__pacc_own_hi", long_integer_type_node);
  tree queue = new_var (c, "__pacc_queue", integer_type_node);
  tree shift = build2 (MULT_EXPR, long_integer_type_node, elt (ci, CI_SHIFT),
                       unshare_expr (left));
  add (&inner, assign (own_lo, build2 (PLUS_EXPR, long_integer_type_node,
                                       elt (ci, CI_LO), shift)));
  add (&inner,
       assign (own_hi, build2 (PLUS_EXPR, long_integer_type_node,
                               elt (ci, CI_HI), unshare_expr (shift))));
  add (&inner, assign (queue, elt (ci, CI_QUEUE)));

  /* Geometry: one gang per row of the sub-step (or per row group), NW
     workers per gang where the nest has worker loops.  */
  int nw = pacc_kernel_workers (k, segs);
  tree ga = NULL_TREE, gb = NULL_TREE, ngroups = NULL_TREE, gvar = NULL_TREE;
  tree grows = NULL_TREE;
  bool groups = !segs && pacc_row_groups_p (r, k, &ga, &gb);
  tree rows = build2 (MINUS_EXPR, long_integer_type_node, hi, lo);
  tree ngangs = NULL_TREE, nworkers = NULL_TREE;
  tree ja = NULL_TREE, jb = NULL_TREE, nseg = NULL_TREE, tot = NULL_TREE;
  tree soff = NULL_TREE, row0 = NULL_TREE, nseg32 = NULL_TREE;
  tree per = NULL_TREE, ra = NULL_TREE, nlines32 = NULL_TREE;
  tree unit = NULL_TREE;
  HOST_WIDE_INT seglen = (HOST_WIDE_INT) nw * SEG_VECTOR * cols;
  if (segs)
    {
      /* nseg = max (0, ceil ((jb - ja) / seglen)); in a three-level
	 nest nlines = max (0, rb - ra) rows per plane, else 1; a plane
	 (or row) is UNIT = nlines * nseg gangs, tot = rows * unit.  */
      tree lt = long_integer_type_node;
      ja = new_var (c, "__pacc_ja", lt);
      jb = new_var (c, "__pacc_jb", lt);
      nseg = new_var (c, "__pacc_nseg", lt);
      tot = new_var (c, "__pacc_npairs", lt);
      soff = new_var (c, "__pacc_pair0", lt);
      unit = new_var (c, "__pacc_unit", lt);
      add (&inner, assign (ja, lng (rewritten_copy (r, sa, host_map))));
      add (&inner, assign (jb, lng (rewritten_copy (r, sb, host_map))));
      tree n = build2 (TRUNC_DIV_EXPR, lt,
                       build2 (PLUS_EXPR, lt, build2 (MINUS_EXPR, lt, jb, ja),
                               lcst (seglen - 1)),
                       lcst (seglen));
      add (&inner, assign (nseg, build2 (MAX_EXPR, lt, n, lcst (0))));
      if (sra)
        {
          tree nlines = new_var (c, "__pacc_nlines", lt);
          ra = new_var (c, "__pacc_ra", lt);
          add (&inner, assign (ra, lng (rewritten_copy (r, sra, host_map))));
          add (&inner,
               assign (nlines,
                       build2 (MAX_EXPR, lt,
                               build2 (MINUS_EXPR, lt,
                                       lng (rewritten_copy (r, srb, host_map)),
                                       ra),
                               lcst (0))));
          nlines32 = new_var (c, "__pacc_nlines32", unsigned_type_node);
          add (&inner,
               assign (nlines32, fold_convert (unsigned_type_node, nlines)));
          add (&inner, assign (unit, build2 (MULT_EXPR, lt, nseg, nlines)));
        }
      else
        add (&inner, assign (unit, nseg));
      add (&inner,
           assign (tot, build2 (MULT_EXPR, lt, build2 (MINUS_EXPR, lt, hi, lo),
                                unit)));
      ngangs = new_var (c, "__pacc_ngangs", integer_type_node);
      /* Gangs per launch: whole rows (planes), at most SEG_MAX_GANGS.
	 A plane of more than SEG_MAX_GANGS gangs would hold 2^39
	 elements: none fits a device.  */
      per = new_var (c, "__pacc_pairs_per_launch", lt);
      add (&inner,
           assign (per,
                   build3 (COND_EXPR, lt,
                           build2 (GT_EXPR, boolean_type_node, unit, lcst (0)),
                           build2 (MAX_EXPR, lt, unit,
                                   build2 (MULT_EXPR, lt,
                                           build2 (TRUNC_DIV_EXPR, lt,
                                                   lcst (SEG_MAX_GANGS), unit),
                                           unit)),
                           lcst (1))));
      nseg32 = new_var (c, "__pacc_nseg32", unsigned_type_node);
      add (&inner, assign (nseg32, fold_convert (unsigned_type_node, nseg)));
      row0 = new_var (c, "__pacc_row0", lt);
    }
  if (groups)
    {
      /* Groups of GROWS iterations of the second loop: NW * q rows, q
	 rows per worker, sized for about pacc_group_gangs gangs in all
	 but q kept within [GROUP_Q_MIN, GROUP_Q_MAX].  Himeno on an H100
	 (RESULTS.md, "Kernels at the memory limit"): 1 row per worker
	 cost 15 % in an 8x chunk against 2, whole planes 7 % in core
	 against 13 rows.
	 q = clamp (ceil (rows * span / (pacc_group_gangs * NW))),
	 ngroups = max (0, ceil (span / GROWS)).  */
      ngroups = new_var (c, "__pacc_ngroups", long_integer_type_node);
      grows = new_var (c, "__pacc_group_rows", long_integer_type_node);
      tree span = build2 (MINUS_EXPR, long_integer_type_node,
                          lng (rewritten_copy (r, gb, host_map)),
                          lng (rewritten_copy (r, ga, host_map)));
      tree nrows = build2 (MINUS_EXPR, long_integer_type_node, hi, lo);
      HOST_WIDE_INT per = (HOST_WIDE_INT) pacc_group_gangs * nw;
      tree q = build2 (TRUNC_DIV_EXPR, long_integer_type_node,
                       build2 (PLUS_EXPR, long_integer_type_node,
                               build2 (MULT_EXPR, long_integer_type_node,
                                       nrows, unshare_expr (span)),
                               lcst (per - 1)),
                       lcst (per));
      q = build2 (MIN_EXPR, long_integer_type_node,
                  build2 (MAX_EXPR, long_integer_type_node, q,
                          lcst (GROUP_Q_MIN)),
                  lcst (GROUP_Q_MAX));
      add (&inner, assign (grows, build2 (MULT_EXPR, long_integer_type_node,
                                          lcst (nw), q)));
      tree n = build2 (TRUNC_DIV_EXPR, long_integer_type_node,
                       build2 (PLUS_EXPR, long_integer_type_node, span,
                               build2 (MINUS_EXPR, long_integer_type_node,
                                       grows, lcst (1))),
                       grows);
      add (&inner, assign (ngroups, build2 (MAX_EXPR, long_integer_type_node,
                                            n, lcst (0))));
      rows = build2 (MULT_EXPR, long_integer_type_node, rows, ngroups);
      gvar = new_var (c, "__pacc_g", long_integer_type_node);
    }
  if (!segs && (groups || (k.dec == 0 && !k.loops[0].leaf)))
    {
      ngangs = new_var (c, "__pacc_ngangs", integer_type_node);
      tree g
        = build2 (MIN_EXPR, long_integer_type_node,
                  build2 (MAX_EXPR, long_integer_type_node, rows, lcst (1)),
                  lcst (1L << 30));
      add (&inner, assign (ngangs, fold_convert (integer_type_node, g)));
    }
  /* A literal, so that the kernel's dimensions are known when GCC
     compiles it (a variable cost CIP's kernel registers).  */
  if (k.loops.size () > 1)
    nworkers = build_int_cst (integer_type_node, nw);

  /* Reduction privates.  In a segmented kernel the updates go to the
     gang's partial instead, which goes into slots that a second kernel
     combines into the private (lower-slots.cc); the slots' first use
     sets them to the identity.  */
  std::vector<tree> rvars;
  std::vector<pacc_slot_red> reds;
  for (int ri : k.reductions)
    {
      pacc_reduction_clause &rc = r.pc->reductions[ri];
      tree type = TYPE_MAIN_VARIANT (TREE_TYPE (rc.decl));
      tree rv = new_var (c, "__pacc_red", type);
      TREE_ADDRESSABLE (rv) = 1;
      add (&inner, assign (rv, reduction_identity (rc.op, type)));
      kmap.put (rc.decl, rv);
      rvars.push_back (rv);
      if (!segs)
        continue;
      reds.push_back (
        pacc_slot_red_for (c, loc, ri, rv, ci, R, queue, &inner));
      kmap.put (rc.decl, reds.back ().gvar);
    }

  /* Rewrite the nest.  */
  hash_set<tree> guards;
  for (tree g : k.red_stmts)
    guards.add (g);
  tree row;
  if (k.dec >= 0)
    row = build2 (PLUS_EXPR, long_integer_type_node, lng (k.loops[k.dec].var),
                  lcst (k.w));
  else
    {
      /* The fixed row, evaluated on the host for this sub-step.  */
      row = new_var (c, "__pacc_row", long_integer_type_node);
      add (&inner,
           assign (row, build2 (PLUS_EXPR, long_integer_type_node,
                                lng (rewritten_copy (r, k.row, host_map)),
                                lcst (k.w))));
    }
  tree guard
    = build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
              build2 (GE_EXPR, boolean_type_node, row, own_lo),
              build2 (LT_EXPR, boolean_type_node, unshare_expr (row), own_hi));
  rewrite_ctx rwc = { &r, &kmap, &guards, guard };
  walk_tree (&k.stmt, rewrite_r, &rwc, NULL);
  tree l0_init = k.loops[0].init;
  if (k.dec != 0 && l0_init)
    l0_init = rewritten_copy (r, l0_init, kmap);

  /* The markers of inner loops go (from both versions), and the host
     version is made, from the nest as rewritten so far.  */
  for (size_t i = 1; i < k.loops.size (); i++)
    if (k.loops[i].marker_slot)
      *k.loops[i].marker_slot = build_empty_stmt (k.loops[i].loc);
  tree hthreads = new_var (c, "__pacc_hthreads", integer_type_node);
  tree host;
  {
    std::vector<tree> rbody;
    std::vector<enum tree_code> rops;
    for (size_t q = 0; q < rvars.size (); q++)
      {
        rbody.push_back (segs ? reds[q].gvar : rvars[q]);
        rops.push_back (r.pc->reductions[k.reductions[q]].op);
      }
    host = pacc_host_kernel (c, k, lo, hi, l0_init, hthreads, hoisted, rbody,
                             rvars, rops);
  }

  /* Init statements of inner loops go; loops become OACC_LOOPs,
     innermost first (their slots are inside outer bodies).  */
  int nl = segs ? 0 : k.loops.size ();
  if (segs)
    pacc_lower_segments (c, k, row0, ra, nlines32, ja, jb, nseg32, seglen,
                         cols, copy, sa, sb, ngangs, reds);
  tree gvars = NULL_TREE, gpre = alloc_stmt_list ();
  for (int i = nl - 1; i >= 0; i--)
    {
      pacc_loop &l = k.loops[i];
      tree init = i == 0 ? l0_init : pacc_loop_first (l);
      if (i > 0)
        {
          if (l.marker_slot)
            *l.marker_slot = build_empty_stmt (l.loc);
          if (l.init_slot)
            *l.init_slot = build_empty_stmt (l.loc);
        }
      /* Rows go to gangs; the fastest loop gets worker and vector threads
	 (whole blocks on one row: coalesced, and busy even when a chunk
	 has fewer rows than the device has blocks).  Along each path from
	 the outermost loop in: one loop: gang worker vector; two: gang /
	 worker vector; three: gang / worker / vector; loops between the
	 second and the innermost run sequentially.  Sibling loops get the
	 same level.  */
      tree clauses = NULL_TREE;
      if (l.depth == 0)
        {
          clauses = pacc_omp_clause (l.loc, OMP_CLAUSE_GANG, clauses);
          if (pacc_gang_static)
            OMP_CLAUSE_GANG_STATIC_EXPR (clauses)
              = build_int_cst (integer_type_node, pacc_gang_static);
        }
      if (l.leaf)
        clauses = pacc_omp_clause (l.loc, OMP_CLAUSE_VECTOR, clauses);
      if ((l.leaf && l.depth <= 1) || (!l.leaf && l.depth == 1))
        clauses = pacc_omp_clause (l.loc, OMP_CLAUSE_WORKER, clauses);
      if (!clauses)
        clauses = pacc_omp_clause (l.loc, OMP_CLAUSE_SEQ, clauses);
      if (OMP_CLAUSE_CODE (clauses) != OMP_CLAUSE_SEQ)
        clauses = pacc_omp_clause (l.loc, OMP_CLAUSE_INDEPENDENT, clauses);
      for (tree v : k.private_vars)
        {
          clauses = pacc_omp_clause (l.loc, OMP_CLAUSE_PRIVATE, clauses);
          OMP_CLAUSE_DECL (clauses) = v;
        }
      if (groups && i == 0)
        {
          clauses = pacc_omp_clause (l.loc, OMP_CLAUSE_PRIVATE, clauses);
          OMP_CLAUSE_DECL (clauses) = l.var;
        }
      for (size_t q = 0; q < rvars.size (); q++)
        clauses
          = pacc_omp_reduction (l.loc, r.pc->reductions[k.reductions[q]].op,
                                rvars[q], clauses);
      tree cond;
      if (groups && i == 1)
        {
          /* The rows of group g % ngroups: [j0, j1).  */
          tree kb = lng (unit_loop_bound (*l.slot, l.var));
          tree j0 = local_var (c, "__pacc_j0", long_integer_type_node, &gvars);
          tree j1 = local_var (c, "__pacc_j1", long_integer_type_node, &gvars);
          tree grp
            = build2 (TRUNC_MOD_EXPR, long_integer_type_node, gvar, ngroups);
          add (&gpre,
               assign (j0,
                       build2 (PLUS_EXPR, long_integer_type_node, lng (init),
                               build2 (MULT_EXPR, long_integer_type_node, grp,
                                       grows))));
          add (&gpre,
               assign (j1, build2 (MIN_EXPR, long_integer_type_node, kb,
                                   build2 (PLUS_EXPR, long_integer_type_node,
                                           j0, grows))));
          init = j0;
          cond = build2 (LT_EXPR, boolean_type_node, l.var,
                         fold_convert (TREE_TYPE (l.var), j1));
          pacc_oacc_loop (l, init, cond, clauses);
          continue;
        }
      if (groups && i == 0)
        {
          /* Gang loop over (row, group): the row first, then the groups'
	     bounds, then the body.  */
          tree pre = alloc_stmt_list ();
          tree row0 = build2 (PLUS_EXPR, long_integer_type_node, lo,
                              build2 (TRUNC_DIV_EXPR, long_integer_type_node,
                                      gvar, ngroups));
          add (&pre, assign (l.var, fold_convert (TREE_TYPE (l.var), row0)));
          add (&pre, gpre);
          add (&pre, FOR_BODY (*l.slot));
          tree gbody = pacc_bind (gvars, pre);
          cond = build2 (LT_EXPR, boolean_type_node, gvar,
                         build2 (MULT_EXPR, long_integer_type_node,
                                 build2 (MINUS_EXPR, long_integer_type_node,
                                         hi, lo),
                                 ngroups));
          tree incr = build2 (POSTINCREMENT_EXPR, long_integer_type_node, gvar,
                              lcst (1));
          pacc_oacc_loop (l, lcst (0), cond, clauses, gvar, incr, gbody);
          continue;
        }
      if (i == k.dec)
        {
          init = lo;
          cond = build2 (LT_EXPR, boolean_type_node, l.var,
                         fold_convert (TREE_TYPE (l.var), hi));
        }
      else
        cond = FOR_COND (*l.slot);
      if (!init)
        {
          error_at (l.loc, "%<#pragma pacc loop%> must initialise its "
                           "variable");
          return build_empty_stmt (loc);
        }
      /* A copy-like vector loop: two iterations per thread.  */
      tree pcond, pbody;
      if (l.leaf && i != k.dec && pacc_pair_iterations_on
          && pacc_pair_iterations (c, k, l, init,
                                   unit_loop_bound (*l.slot, l.var), &pcond,
                                   &pbody))
        {
          pacc_oacc_loop (l, init, pcond, clauses, NULL_TREE, NULL_TREE,
                          pbody);
          continue;
        }
      pacc_oacc_loop (l, init, cond, clauses);
    }
  /* The outermost loop sat in the time step itself.  */
  if (k.loops[0].slot == k.stmt_slot)
    k.stmt = *k.stmt_slot;

  /* The parallel construct.  */
  tree clauses = NULL_TREE;
  for (auto *ps : { &arr_ptr, &whole_ptr })
    for (tree p : *ps)
      clauses = pacc_omp_deviceptr (loc, p, clauses);
  clauses = pacc_omp_clause (loc, OMP_CLAUSE_ASYNC, clauses);
  OMP_CLAUSE_ASYNC_EXPR (clauses) = queue;
  if (ngangs)
    {
      clauses = pacc_omp_clause (loc, OMP_CLAUSE_NUM_GANGS, clauses);
      OMP_CLAUSE_NUM_GANGS_EXPR (clauses) = ngangs;
    }
  if (nworkers)
    {
      clauses = pacc_omp_clause (loc, OMP_CLAUSE_NUM_WORKERS, clauses);
      OMP_CLAUSE_NUM_WORKERS_EXPR (clauses) = nworkers;
    }
  if (segs)
    {
      clauses = pacc_omp_clause (loc, OMP_CLAUSE_VECTOR_LENGTH, clauses);
      OMP_CLAUSE_VECTOR_LENGTH_EXPR (clauses)
        = build_int_cst (integer_type_node, SEG_VECTOR);
    }
  for (size_t q = 0; q < rvars.size () && reds.empty (); q++)
    clauses = pacc_omp_reduction (loc, r.pc->reductions[k.reductions[q]].op,
                                  rvars[q], clauses);
  for (auto &rd : reds)
    clauses = pacc_omp_deviceptr (loc, rd.slots, clauses);
  pacc_inline_math (&k.stmt);
  pacc_mark_routines (k.stmt);
  add (&pset, k.stmt);
  tree par = pacc_oacc_parallel (loc, pvars, pset, clauses);
  tree acc = alloc_stmt_list ();
  if (segs)
    {
      /* for (pair0 = 0; pair0 < npairs; pair0 += per)
	   { ngangs = min (npairs - pair0, per);
	     row0 = lo + pair0 / unit; launch }  */
      tree lt = long_integer_type_node;
      tree each = alloc_stmt_list ();
      add (&each,
           assign (ngangs,
                   fold_convert (integer_type_node,
                                 build2 (MIN_EXPR, lt,
                                         build2 (MINUS_EXPR, lt, tot, soff),
                                         per))));
      add (&each,
           assign (row0, build2 (PLUS_EXPR, lt, lo,
                                 build2 (TRUNC_DIV_EXPR, lt, soff, unit))));
      add (&each, par);
      add (&acc, assign (soff, lcst (0)));
      add (&acc, build_stmt (loc, FOR_STMT, NULL_TREE,
                             build2 (LT_EXPR, boolean_type_node, soff, tot),
                             assign (soff, build2 (PLUS_EXPR, lt, soff, per)),
                             each, NULL_TREE));
    }
  else
    add (&acc, par);
  if (!reds.empty ())
    add (&acc, pacc_slots_kernel (c, loc, queue, reds, true));
  if (host)
    {
      /* libpacc says which runs: the host version on the host data
	 path, else the OpenACC region.  */
      add (&inner,
           assign (hthreads, build_call_expr_loc (loc, fn_host_kernels, 0)));
      add (&inner, build3 (COND_EXPR, void_type_node,
                           build2 (NE_EXPR, boolean_type_node, hthreads,
                                   integer_zero_node),
                           host, acc));
    }
  else
    add (&inner, acc);

  /* This chunk's partial of this step and kernel: libpacc stores the
     kernel's result there once it is known (on a GPU without waiting:
     the host runs ahead), at the latest by __pacc_region_sync.  */
  for (size_t q = 0; q < rvars.size (); q++)
    {
      int ri = k.reductions[q];
      tree idx = build2 (PLUS_EXPR, long_integer_type_node,
                         build2 (MULT_EXPR, long_integer_type_node,
                                 part_index (tcur, t0, nk, j), nch),
                         elt (ci, CI_INDEX));
      tree slot = part_elt (cparts[ri], idx);
      tree type = TREE_TYPE (rvars[q]);
      add (&inner,
           build_call_expr_loc (
             loc, fn_red_result, 5, R,
             fold_convert (const_ptr_type_node,
                           build_fold_addr_expr (rvars[q])),
             fold_convert (ptr_type_node, build_fold_addr_expr (slot)),
             fold_convert (long_unsigned_type_node, TYPE_SIZE_UNIT (type)),
             queue));
    }
  tree cond = build2 (LT_EXPR, boolean_type_node, lo, hi);
  add (&stmts, build3 (COND_EXPR, void_type_node, cond, inner,
                       build_empty_stmt (loc)));
  return stmts;
}
