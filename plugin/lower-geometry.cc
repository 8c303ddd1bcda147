/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower-geometry.cc - how a kernel's iterations go to gangs, workers and
   vector lanes.

   The decisions lower_kernel (lower-kernel.cc) builds from, and the
   report prints: workers per gang; whether the host can compute a loop
   bound before the kernel runs; row groups for nests of three or more
   loops (gangs take (plane, group of rows)); segments for nests of two
   or three loops (gangs take (row, segment of columns) or (plane, row,
   segment), several columns per thread).
   Only the predicates live here: they read the kernel's loops and build
   no trees.  */

#include "pacc-plugin.h"
#include "check.h"
#include "lower.h"

/* Workers per gang: the fastest in the kernel-shapes probe (H100,
   benchmarks/RESULTS.md "Kernels at the memory limit"), unless
   -fplugin-arg-pacc-workers says otherwise; 8 in SEGMENTED kernels
   (CIP's in core, 8 columns per thread: 608.0 ms against 643.3 with 16
   workers and 2 columns; Jacobi's, copy-like: 591.8 against 601.4;
   "Segments of three loops", RESULTS.md).  */
int
pacc_kernel_workers (pacc_kernel &k, bool segmented)
{
  if (pacc_workers)
    return pacc_workers;
  if (segmented)
    return 8;
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
      for (tree v : b.k->set_vars)
        if (v == t)
          return t;
      for (int ri : b.k->reductions)
        if (b.r->pc->reductions[ri].decl == t)
          return t;
      if (pacc_array_index (*b.r, t) >= 0 || pacc_whole_index (*b.r, t) >= 0
          || !INTEGRAL_TYPE_P (TREE_TYPE (t)))
        return t;
    }
  return NULL_TREE;
}

/* Can the host compute E, a bound of a loop of kernel K, before the
   kernel runs: no loop variable, private scalar, scalar the nest
   declares or sets (out of scope there, or another value: read E
   through pacc_host_value, check-locals.cc, first), reduction variable,
   array element, call, side effect or value that is not an integer?  At
   ENTRY, before the time loop, neither the time variable nor a scalar
   the steps set, whose values come later.  */
bool
pacc_host_bound_p (pacc_region &r, pacc_kernel &k, tree e, bool entry)
{
  bound_ctx bc = { &r, &k, entry };
  return !TREE_SIDE_EFFECTS (e) && !walk_tree (&e, bound_r, &bc, NULL);
}

/* A scalar the nest declares or sets that E reads (after
   pacc_host_value, one whose definition does not hold where the loop
   starts), else NULL.  */
tree
pacc_set_var_in (pacc_kernel &k, tree e)
{
  struct m
  {
    static tree cb (tree *tp, int *ws, void *data)
    {
      pacc_kernel &k = *(pacc_kernel *) data;
      if (TYPE_P (*tp))
        *ws = 0;
      else if (VAR_P (*tp))
        {
          for (auto &l : k.loops)
            if (l.var == *tp)
              return NULL_TREE;
          for (tree v : k.set_vars)
            if (v == *tp)
              return *tp;
        }
      return NULL_TREE;
    }
  };
  return e ? walk_tree (&e, m::cb, &k, NULL) : NULL_TREE;
}

/* The first and the last index that the accesses ACCS touch along
   dimension N in iterations of their loop from A to B - 1 (trees of type
   long, without side effects), into *FIRST and *LAST: each access's
   offset from the loop's ends, narrowed by the conditions around it
   (pacc_access.glo, ghi, and from the other end elo, shi:
   check-conds.cc), so that `x > 0 ? a[x-1] : a[x]' from x = 0 touches
   no index -1 and `r == row - 1 ? a[r-1] : ...' only row - 2.  Folded:
   constants when A and B are.  False when ACCS is empty.  */
bool
pacc_reach_trees (const std::vector<const pacc_access *> &accs, int n, tree a,
                  tree b, tree *first, tree *last)
{
  tree lt = long_integer_type_node;
  *first = *last = NULL_TREE;
  for (const pacc_access *acc : accs)
    {
      HOST_WIDE_INT off = acc->off[n];
      tree f = fold_build2 (PLUS_EXPR, lt, unshare_expr (a),
                            lcst (off + acc->glo[n]));
      tree l = fold_build2 (PLUS_EXPR, lt, unshare_expr (b),
                            lcst (off + acc->ghi[n] - 1));
      if (acc->pin_lo[n])
        f = fold_build2 (MAX_EXPR, lt, f,
                         fold_build2 (PLUS_EXPR, lt, unshare_expr (b),
                                      lcst (off + acc->elo[n] - 1)));
      if (acc->pin_hi[n])
        l = fold_build2 (MIN_EXPR, lt, l,
                         fold_build2 (PLUS_EXPR, lt, unshare_expr (a),
                                      lcst (off + acc->shi[n])));
      *first = *first ? fold_build2 (MIN_EXPR, lt, *first, f) : f;
      *last = *last ? fold_build2 (MAX_EXPR, lt, *last, l) : l;
    }
  return !accs.empty ();
}

/* Are the rows kernel K iterates over (its decomposed loop's bounds, or
   its fixed row) known when the region starts?  Then they are checked
   against size there (lower-region.cc), else at every sub-step
   (lower_kernel).  */
bool
pacc_rows_at_entry_p (pacc_region &r, pacc_kernel &k)
{
  if (k.dec < 0)
    return k.row && pacc_host_bound_p (r, k, k.row, true);
  pacc_loop &l = k.loops[k.dec];
  return l.init && l.bound
         && pacc_host_bound_p (r, k, pacc_host_value (l, l.init), true)
         && pacc_host_bound_p (r, k, pacc_host_value (l, l.bound), true);
}

/* The first value of inner loop L: what its initialisation assigns, or
   its declaration's initializer; NULL when neither.  */
tree
pacc_loop_first (pacc_loop &l)
{
  return l.init_slot ? TREE_OPERAND (*l.init_slot, 1)
         : l.init    ? DECL_INITIAL (l.var)
                     : NULL_TREE;
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
  tree init = pacc_host_value (l1, pacc_loop_first (l1));
  tree bound = pacc_host_value (l1, unit_loop_bound (*l1.slot, l1.var));
  if (!init || !bound || !INTEGRAL_TYPE_P (TREE_TYPE (l1.var)))
    return false;
  if (!pacc_host_bound_p (r, k, init, false)
      || !pacc_host_bound_p (r, k, bound, false))
    return false;
  *a = init;
  *b = bound;
  return true;
}

/* Whether kernel K's reductions can go through slots (lower-slots.cc):
   every one is on a 4- or 8-byte type (GCC's nvptx back end has no
   narrower compare-and-swap) and has an atomic update in OpenACC (+ * &
   | ^) or is max or min (a compare-and-swap loop); && and || keep
   OpenACC's reduction over gangs.  Off with
   -fplugin-arg-pacc-reduction-slots=0.  */
bool
pacc_slot_reductions_p (pacc_region &r, pacc_kernel &k)
{
  if (k.reductions.empty () || !pacc_reduction_slots)
    return false;
  for (int ri : k.reductions)
    {
      pacc_reduction_clause &rc = r.pc->reductions[ri];
      tree type = TREE_TYPE (rc.decl);
      HOST_WIDE_INT size = int_size_in_bytes (type);
      if ((size != 4 && size != 8)
          || (!INTEGRAL_TYPE_P (type) && !SCALAR_FLOAT_TYPE_P (type))
          || TREE_CODE (type) == BOOLEAN_TYPE)
        return false;
      switch (rc.op)
        {
        case PLUS_EXPR:
        case MULT_EXPR:
        case MAX_EXPR:
        case MIN_EXPR:
          break;
        case BIT_AND_EXPR:
        case BIT_IOR_EXPR:
        case BIT_XOR_EXPR:
          if (!INTEGRAL_TYPE_P (type))
            return false;
          break;
        default:
          return false;
        }
    }
  return true;
}

/* Segments: in a nest of two or three loops, each holding nothing but
   the next, whose outermost loop is the decomposed one and whose inner
   loops count up by one from and to bounds the host computes, each gang
   takes one (row, segment of NW * 32 * pacc_seg_cols columns) pair, or
   one (plane, row, segment) triple, and each thread pacc_seg_cols
   columns, one after the other: no gang loop, no strided vector loop,
   so no loop state lives across the body.  CIP's kernel on an H100
   (ptxas, sm_90): 96 registers per thread in the loop form, one block of
   512 threads per SM; 56 in this form with one column per thread, 64
   with two, 66 with three to eight.  Copy-like loops take
   pacc_copy_cols columns per thread, every load first (0: they keep
   rows to gangs and their paired iterations).  With a reduction only a
   copy-like loop (its updates after every load: a Jacobi copy-back with
   its residual), whose gangs add their partials into slots
   (lower-slots.cc): GCC combines the gangs' partials with a
   compare-and-swap loop on one global variable per gang, and a gang per
   (plane, row, segment) made Himeno's kernels 70 times slower in core on
   an H100 (27058 ms against 391 with row groups: the swaps of a few
   hundred thousand short gangs contend); through slots, columns that
   run one after the other lost to rows to gangs (Jacobi's copy-back with
   a residual, 35 %), every load first won (RESULTS.md, "A residual in
   a copy-like loop").  The vector loop's first value and bound
   (exclusive) are returned in *A and *B; the middle loop's, in a
   three-level nest, in *RA and *RB (NULL_TREE in a two-level one).  */
bool
pacc_segments_p (pacc_region &r, pacc_kernel &k, tree *a, tree *b, tree *ra,
                 tree *rb)
{
  size_t n = k.loops.size ();
  if (!pacc_segments_on || k.dec != 0 || (n != 2 && n != 3)
      || (n == 3 && pacc_segment_levels < 3)
      || (!k.reductions.empty () && !pacc_slot_reductions_p (r, k)))
    return false;
  /* Each loop the only child of the one before, the last a leaf.  */
  for (size_t i = 1; i < n; i++)
    {
      pacc_loop &p = k.loops[i - 1], &l = k.loops[i];
      if (l.parent != (int) i - 1 || p.leaf || l.leaf != (i == n - 1)
          || !only_loop_p (FOR_BODY (*p.slot), l))
        return false;
    }
  for (size_t i = 0; i < n; i++)
    if (!INTEGRAL_TYPE_P (TREE_TYPE (k.loops[i].var)))
      return false;
  /* The inner loops' bounds; the middle loop's stay in MA and MB.  */
  tree init = NULL_TREE, bound = NULL_TREE, ma = NULL_TREE, mb = NULL_TREE;
  for (size_t i = 1; i < n; i++)
    {
      ma = init;
      mb = bound;
      pacc_loop &l = k.loops[i];
      init = pacc_host_value (l, pacc_loop_first (l));
      bound = pacc_host_value (l, unit_loop_bound (*l.slot, l.var));
      if (!init || !bound || !pacc_host_bound_p (r, k, init, false)
          || !pacc_host_bound_p (r, k, bound, false))
        return false;
    }
  if (!pacc_copy_cols && pacc_pair_eligible (k, k.loops.back (), init, bound))
    return false;
  if (!k.reductions.empty ()
      && (!pacc_copy_cols
          || !pacc_reduction_columns_p (r, k, k.loops.back (), init, bound)))
    return false;
  *a = init;
  *b = bound;
  if (ra)
    *ra = ma;
  if (rb)
    *rb = mb;
  return true;
}

/* The columns per thread of kernel K if it is a segmented kernel, else
   0; *COPY: whether it is copy-like, every load first; the column loop's
   first value and bound (exclusive) in *A and *B, the middle loop's in
   *RA and *RB (pacc_segments_p).  */
int
pacc_segment_cols (pacc_region &r, pacc_kernel &k, bool *copy, tree *a,
                   tree *b, tree *ra, tree *rb)
{
  *copy = false;
  if (!pacc_segments_p (r, k, a, b, ra, rb))
    return 0;
  *copy = !k.reductions.empty ()
          || pacc_pair_eligible (k, k.loops.back (), *a, *b);
  return *copy ? pacc_copy_cols : pacc_seg_cols;
}

/* How kernel K's iterations go to gangs, for the report.  */
const char *
pacc_kernel_gangs (pacc_region &r, pacc_kernel &k)
{
  static char buf[160];
  tree a, b;
  bool copy;
  if (k.loops.size () == 1)
    return "one loop over gangs, workers and vector lanes";
  if (int cols = pacc_segment_cols (r, k, &copy, &a, &b))
    {
      snprintf (buf, sizeof buf, "%s to gangs, %d column%s per thread%s%s",
                k.loops.size () == 3 ? "(plane, row, segment) triples"
                                     : "(row, segment) pairs",
                cols, cols == 1 ? "" : "s", copy ? ", loads first" : "",
                k.reductions.empty () ? "" : ", partials through slots");
      return buf;
    }
  if (pacc_row_groups_p (r, k, &a, &b))
    return "(plane, row group) pairs to gangs";
  return "rows to gangs";
}
