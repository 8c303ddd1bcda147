/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower-segments.cc - the body of a segmented kernel (lower-geometry.cc
   decides which nests are segmented; lower-kernel.cc computes, on the
   host, the segments, the gangs and the launches): each gang picks its
   (row, segment) or (plane, row, segment) from its gang number, and each
   thread runs its columns of the segment as straight code, copy-like
   loops with every load first (lower-shape.cc).  */

#include "pacc-plugin.h"
#include "check.h"
#include "lower.h"

/* The outer loop of segmented kernel K as the gang-redundant body that
   picks this gang's (row, segment): NSEG (unsigned int) segments of
   SEGLEN columns (COLS per thread) per row from JA to JB, the launch's
   NGANGS gangs starting at row ROW0 (a launch holds whole rows, so the
   row and segment are a 32-bit division: the 64-bit one cost some sixty
   instructions per thread).  In a three-level nest the rows are planes
   of NLINES (unsigned int) rows from RA, and a gang takes a (plane, row,
   segment).  On the host (OpenACC's host fallback) the one gang runs
   every pair of the launch in turn.  COPY: the column loop, from INIT to
   BOUND, is copy-like.  REDS: the kernel's reductions, through slots
   (lower-slots.cc): the threads' updates go to the pair's partial,
   which the pair adds into slot (its gang number modulo SLOT_COUNT).  */
void
pacc_lower_segments (lower_ctx &c, pacc_kernel &k, tree row0, tree ra,
                     tree nlines, tree ja, tree jb, tree nseg,
                     HOST_WIDE_INT seglen, int cols, bool copy, tree init,
                     tree bound, tree ngangs,
                     const std::vector<pacc_slot_red> &reds)
{
  pacc_loop &l0 = k.loops[0], &l1 = k.loops.back ();
  pacc_loop *mid = k.loops.size () == 3 ? &k.loops[1] : NULL;
  tree lt = long_integer_type_node, ut = unsigned_type_node;
  location_t loc = l0.loc;
  /* The inner loops' markers and initialisations go.  */
  for (pacc_loop *l : { mid, &l1 })
    if (l)
      for (tree *s : { l->marker_slot, l->init_slot })
        if (s)
          *s = build_empty_stmt (l->loc);
  tree vars = NULL_TREE;
  tree g = local_var (c, "__pacc_g", ut, &vars);
  tree g1 = local_var (c, "__pacc_g1", ut, &vars);
  tree j0 = local_var (c, "__pacc_j0", lt, &vars);
  tree jj = local_var (c, "__pacc_jj", lt, &vars);
  tree dev = local_var (c, "__pacc_dev", integer_type_node, &vars);

  /* Columns j0 + jj + q * VW (q < COLS, VW threads per gang) of the
     segment, those the row has.  */
  HOST_WIDE_INT vw = seglen / cols;
  tree q = local_var (c, "__pacc_q", lt, &vars);
  tree body = NULL_TREE;
  /* A copy-like body: the loads of every column first (Jacobi's kernels
     in core on an H100, four columns: 601.6 ms against 680.8 with rows
     to gangs and two iterations per thread; their registers 55 and 39
     against 40 and 32).  */
  hash_set<tree> targets;
  for (auto &rd : reds)
    targets.add (rd.gvar);
  if (copy)
    {
      std::vector<tree> colv;
      for (HOST_WIDE_INT m = 0; m < cols; m++)
        colv.push_back (build2 (PLUS_EXPR, lt, build2 (PLUS_EXPR, lt, j0, jj),
                                lcst (m * vw)));
      pacc_paired_columns (c, k, l1, init, bound, colv, jb, &body,
                           reds.empty () ? NULL : &targets);
    }
  /* Otherwise a loop over q, unrolled: straight code, each column's loads
     after the previous one's stores (GCC cannot tell the arrays apart),
     so it costs few registers, and the gang's fixed costs (its
     arguments, the broadcast of the row and segment, the barriers) are
     shared by more columns.  */
  if (!body)
    {
      tree col = build2 (PLUS_EXPR, lt, build2 (PLUS_EXPR, lt, j0, jj),
                         build2 (MULT_EXPR, lt, q, lcst (vw)));
      tree jbody = alloc_stmt_list ();
      add (&jbody, assign (l1.var, fold_convert (TREE_TYPE (l1.var), col)));
      add (&jbody,
           build3 (COND_EXPR, void_type_node,
                   build2 (LT_EXPR, boolean_type_node, unshare_expr (col), jb),
                   FOR_BODY (*l1.slot), build_empty_stmt (l1.loc)));
      tree qcond = build2 (LT_EXPR, boolean_type_node, q, lcst (cols));
      qcond
        = build3 (ANNOTATE_EXPR, TREE_TYPE (qcond), qcond,
                  build_int_cst (integer_type_node, annot_expr_unroll_kind),
                  build_int_cst (integer_type_node, cols));
      body = alloc_stmt_list ();
      add (&body, assign (q, lcst (0)));
      add (&body, build_stmt (l1.loc, FOR_STMT, NULL_TREE, qcond,
                              assign (q, build2 (PLUS_EXPR, lt, q, lcst (1))),
                              jbody, NULL_TREE));
    }
  tree cl = pacc_omp_clause (l1.loc, OMP_CLAUSE_VECTOR, NULL_TREE);
  cl = pacc_omp_clause (l1.loc, OMP_CLAUSE_WORKER, cl);
  cl = pacc_omp_clause (l1.loc, OMP_CLAUSE_INDEPENDENT, cl);
  cl = pacc_omp_clause (l1.loc, OMP_CLAUSE_PRIVATE, cl);
  OMP_CLAUSE_DECL (cl) = l1.var;
  for (tree v : k.private_vars)
    {
      cl = pacc_omp_clause (l1.loc, OMP_CLAUSE_PRIVATE, cl);
      OMP_CLAUSE_DECL (cl) = v;
    }
  cl = pacc_omp_clause (l1.loc, OMP_CLAUSE_PRIVATE, cl);
  OMP_CLAUSE_DECL (cl) = q;
  for (auto &rd : reds)
    cl = pacc_omp_reduction (l1.loc, rd.op, rd.gvar, cl);
  pacc_oacc_loop (l1, lcst (0),
                  build2 (LT_EXPR, boolean_type_node, jj, lcst (vw)), cl, jj,
                  build2 (POSTINCREMENT_EXPR, lt, jj, lcst (1)), body);

  tree gbody = alloc_stmt_list ();
  tree line = build2 (TRUNC_DIV_EXPR, ut, g, nseg);
  if (mid)
    {
      /* The middle loop becomes its row's assignment.  */
      tree mbody = alloc_stmt_list ();
      add (&mbody,
           assign (mid->var,
                   fold_convert (TREE_TYPE (mid->var),
                                 build2 (PLUS_EXPR, lt, ra,
                                         lng (build2 (TRUNC_MOD_EXPR, ut,
                                                      unshare_expr (line),
                                                      nlines))))));
      add (&mbody, FOR_BODY (*mid->slot));
      *mid->slot = mbody;
      line = build2 (TRUNC_DIV_EXPR, ut, line, nlines);
    }
  add (&gbody, assign (l0.var, fold_convert (TREE_TYPE (l0.var),
                                             build2 (PLUS_EXPR, lt, row0,
                                                     lng (line)))));
  add (&gbody,
       assign (j0, build2 (PLUS_EXPR, lt, ja,
                           build2 (MULT_EXPR, lt,
                                   lng (build2 (TRUNC_MOD_EXPR, ut, g, nseg)),
                                   lcst (seglen)))));
  for (auto &rd : reds)
    add (&gbody,
         assign (rd.gvar, reduction_identity (rd.op, TREE_TYPE (rd.gvar))));
  add (&gbody, FOR_BODY (*l0.slot));
  for (auto &rd : reds)
    add (&gbody, pacc_slot_add (c, loc, rd, g));

  /* On the device, gang G takes the launch's pair G, so that the loop
     below runs at most once and folds away; on the host, every pair.  */
  tree pre = alloc_stmt_list ();
  tree on_host
    = build_call_expr_loc (loc, builtin_decl_explicit (BUILT_IN_ACC_ON_DEVICE),
                           1,
                           build_int_cst (integer_type_node,
                                          2 /* acc_device_host */));
  add (&pre, assign (dev, build2 (EQ_EXPR, integer_type_node, on_host,
                                  integer_zero_node)));
  tree gang
    = build_call_expr_loc (loc,
                           builtin_decl_explicit (BUILT_IN_GOACC_PARLEVEL_ID),
                           1, integer_zero_node);
  tree isdev = build2 (NE_EXPR, boolean_type_node, dev, integer_zero_node);
  add (&pre, assign (g, build3 (COND_EXPR, ut, isdev, fold_convert (ut, gang),
                                build_zero_cst (ut))));
  add (&pre, assign (g1, build3 (COND_EXPR, ut, unshare_expr (isdev),
                                 build2 (PLUS_EXPR, ut, g, build_one_cst (ut)),
                                 fold_convert (ut, ngangs))));
  add (&pre,
       build_stmt (loc, FOR_STMT, NULL_TREE,
                   build2 (LT_EXPR, boolean_type_node, g, g1),
                   assign (g, build2 (PLUS_EXPR, ut, g, build_one_cst (ut))),
                   gbody, NULL_TREE));
  for (auto &rd : reds)
    {
      DECL_CHAIN (rd.gvar) = vars;
      vars = rd.gvar;
    }
  *l0.slot = pacc_bind (vars, pre);
}
