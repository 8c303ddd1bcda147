/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower-geometry.cc - how a kernel's iterations go to gangs, workers and
   vector lanes.

   The decisions lower_kernel (lower-kernel.cc) builds from, and the
   report prints: workers per gang; whether the host can compute a loop
   bound before the kernel runs; row groups for nests of three or more
   loops (gangs take (plane, group of rows)); segments for two-level nests
   (gangs take (row, segment of columns), several columns per thread).
   Only the predicates live here: they read the kernel's loops and build
   no trees.  */

#include "pacc-plugin.h"
#include "check.h"
#include "lower.h"

/* Workers per gang: the fastest in the kernel-shapes probe (H100,
   benchmarks/RESULTS.md "Kernels at the memory limit"), unless
   -fplugin-arg-pacc-workers says otherwise.  */
int
pacc_kernel_workers (pacc_kernel &k)
{
  if (pacc_workers)
    return pacc_workers;
  int depth = 0;
  for (auto &l : k.loops)
    depth = MAX (depth, l.depth);
  return depth <= 1 ? 16 : 8;
}

/* Does statement T hold nothing but loop L (its marker and its
   initialisation included)?  */
static bool
only_loop_p (tree t, pacc_loop &l)
{
  if (t == *l.slot || (l.marker_slot && t == *l.marker_slot)
      || (l.init_slot && t == *l.init_slot))
    return true;
  switch (TREE_CODE (t))
    {
    case STATEMENT_LIST:
      for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
	if (!only_loop_p (tsi_stmt (i), l))
	  return false;
      return true;
    case BIND_EXPR:
      return only_loop_p (BIND_EXPR_BODY (t), l);
    case DECL_EXPR:
      return DECL_EXPR_DECL (t) == l.var || !VAR_P (DECL_EXPR_DECL (t))
	     || !DECL_INITIAL (DECL_EXPR_DECL (t));
    case DEBUG_BEGIN_STMT:
      return true;
    default:
      return IS_EMPTY_STMT (t);
    }
}

/* A loop bound of a kernel the host computes (see pacc_host_bound_p).  */
struct bound_ctx
{
  pacc_region *r;
  pacc_kernel *k;
  bool entry;
};

static tree
bound_r (tree *tp, int *walk_subtrees, void *data)
{
  bound_ctx &b = *(bound_ctx *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == CALL_EXPR || TREE_CODE (t) == ARRAY_REF
      || TREE_CODE (t) == INDIRECT_REF || TREE_CODE (t) == MEM_REF)
    return t;
  if (VAR_P (t) || TREE_CODE (t) == PARM_DECL)
    {
      if (b.entry && t == b.r->tvar)
	return t;
      if (b.entry)
	for (tree v : b.r->assigned)
	  if (v == t)
	    return t;
      for (auto &l : b.k->loops)
	if (l.var == t)
	  return t;
      for (tree v : b.k->private_vars)
	if (v == t)
	  return t;
      if (pacc_array_index (*b.r, t) >= 0 || pacc_whole_index (*b.r, t) >= 0
	  || !INTEGRAL_TYPE_P (TREE_TYPE (t)))
	return t;
    }
  return NULL_TREE;
}

/* Can the host compute E, a bound of a loop of kernel K, before the
   kernel runs: no loop variable, private scalar, array element, call,
   side effect or value that is not an integer?  At ENTRY, before the time
   loop, neither the time variable nor a scalar the steps set, whose
   values come later.  */
bool
pacc_host_bound_p (pacc_region &r, pacc_kernel &k, tree e, bool entry)
{
  bound_ctx bc = { &r, &k, entry };
  return !TREE_SIDE_EFFECTS (e) && !walk_tree (&e, bound_r, &bc, NULL);
}

/* The first value of inner loop L: what its initialisation assigns, or
   its declaration's initializer; NULL when neither.  */
tree
pacc_loop_first (pacc_loop &l)
{
  return l.init_slot ? TREE_OPERAND (*l.init_slot, 1)
	 : l.init ? DECL_INITIAL (l.var) : NULL_TREE;
}

/* Row groups: in a nest of three or more loops whose outermost loop is
   the decomposed one and holds nothing but the second, gangs take
   (row, group of second-loop iterations), not rows.  A chunk of
   27 planes gave Himeno's kernel 27 gangs and 105 GFLOPS on an H100; in
   groups of 8 rows, 1728 gangs and 401 (kernel-shapes probe).  The second
   loop must count up by one to an invariant bound.  Its first value and
   bound (exclusive) are returned in *A and *B.  */
bool
pacc_row_groups_p (pacc_region &r, pacc_kernel &k, tree *a, tree *b)
{
  if (!pacc_group_gangs || k.dec != 0 || k.loops.size () < 3)
    return false;
  pacc_loop &l0 = k.loops[0], &l1 = k.loops[1];
  if (l1.parent != 0 || l1.leaf)
    return false;
  for (size_t i = 2; i < k.loops.size (); i++)
    if (k.loops[i].parent == 0)
      return false;
  if (!only_loop_p (FOR_BODY (*l0.slot), l1))
    return false;
  tree init = pacc_loop_first (l1);
  tree bound = unit_loop_bound (*l1.slot, l1.var);
  if (!init || !bound || !INTEGRAL_TYPE_P (TREE_TYPE (l1.var)))
    return false;
  if (!pacc_host_bound_p (r, k, init, false)
      || !pacc_host_bound_p (r, k, bound, false))
    return false;
  *a = init;
  *b = bound;
  return true;
}

/* Segments: in a two-level nest whose outer (decomposed) loop holds
   nothing but the vector loop, and whose vector loop counts up by one
   from and to bounds the host computes, each gang takes one (row,
   segment of NW * 32 * pacc_seg_cols columns) pair and each thread
   pacc_seg_cols columns, one after the other: no gang loop, no strided
   vector loop, so no loop state lives across the body.  CIP's kernel on
   an H100 (ptxas, sm_90): 96 registers per thread in the loop form, one
   block of 512 threads per SM; 56 in this form with one column per
   thread, 64 with two.  Copy-like loops take pacc_copy_cols columns per
   thread, every load first (0: they keep rows to gangs and their paired
   iterations).  The vector loop's first value and bound (exclusive) are
   returned in *A and *B.  */
bool
pacc_segments_p (pacc_region &r, pacc_kernel &k, tree *a, tree *b)
{
  if (!pacc_segments_on || k.dec != 0 || k.loops.size () != 2
      || !k.reductions.empty ())
    return false;
  pacc_loop &l0 = k.loops[0], &l1 = k.loops[1];
  if (l1.parent != 0 || !l1.leaf || l0.leaf)
    return false;
  if (!only_loop_p (FOR_BODY (*l0.slot), l1))
    return false;
  tree init = pacc_loop_first (l1);
  tree bound = unit_loop_bound (*l1.slot, l1.var);
  if (!init || !bound || !INTEGRAL_TYPE_P (TREE_TYPE (l1.var))
      || !INTEGRAL_TYPE_P (TREE_TYPE (l0.var)))
    return false;
  if (!pacc_host_bound_p (r, k, init, false)
      || !pacc_host_bound_p (r, k, bound, false))
    return false;
  if (!pacc_copy_cols && pacc_pair_eligible (k, l1, init, bound))
    return false;
  *a = init;
  *b = bound;
  return true;
}

/* The columns per thread of kernel K if it is a (row, segment) kernel,
   else 0; *COPY: whether it is copy-like, every load first; the column
   loop's first value and bound (exclusive) in *A and *B.  */
int
pacc_segment_cols (pacc_region &r, pacc_kernel &k, bool *copy, tree *a,
		   tree *b)
{
  *copy = false;
  if (!pacc_segments_p (r, k, a, b))
    return 0;
  *copy = pacc_pair_eligible (k, k.loops[1], *a, *b);
  return *copy ? pacc_copy_cols : pacc_seg_cols;
}

/* How kernel K's iterations go to gangs, for the report.  */
const char *
pacc_kernel_gangs (pacc_region &r, pacc_kernel &k)
{
  static char buf[96];
  tree a, b;
  bool copy;
  if (k.loops.size () == 1)
    return "one loop over gangs, workers and vector lanes";
  if (pacc_row_groups_p (r, k, &a, &b))
    return "(plane, row group) pairs to gangs";
  if (int cols = pacc_segment_cols (r, k, &copy, &a, &b))
    {
      snprintf (buf, sizeof buf, "(row, segment) pairs to gangs, %d "
		"column%s per thread%s", cols, cols == 1 ? "" : "s",
		copy ? ", loads first" : "");
      return buf;
    }
  return "rows to gangs";
}

