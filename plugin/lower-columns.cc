/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower-columns.cc - several loads in flight per thread in copy-like
   loops.

   Paired iterations.  A vector loop whose body only stores expressions
   of arrays the kernel does not write (a copy-back, Jacobi's stencil)
   has one load in flight per thread and iteration: each store waits for
   its load, and the next load comes after the store, since GCC cannot
   tell the arrays apart.  Each thread now runs iterations y and y + h
   (h: half the loop), every load of both first, then the stores: the
   arrays written are not read, so the order does not matter.  A copy of
   77440^2 floats ran at 2159 GB/s against 1804 (kernel-shapes probe,
   H100).  -fplugin-arg-pacc-pairs=N runs N iterations per thread
   (y + m * h, h: the loop over N), for measurements.  A copy-like loop
   that is a (row, segment) kernel takes its thread's columns the same
   way, every load first (pacc_paired_columns): no loop is left, so few
   registers (Jacobi's kernels 40 and 32 against 55 and 39).

   With a reduction (lower-slots.cc) a copy-like loop may also update
   the reduction's partial, read an array it writes where each iteration
   reads only its own elements, and call functions without side effects
   in the updates: the updates' elements are loaded with the stores'
   values, the updates made with the stores (a Jacobi copy-back with its
   residual).  */

#include "pacc-plugin.h"
#include "check.h"
#include "lower.h"

/* A load in an expression: an element of an array.  */
static tree
load_r (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t) || TREE_CODE (t) == SAVE_EXPR)
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  return TREE_CODE (t) == ARRAY_REF || TREE_CODE (t) == INDIRECT_REF
           ? t
           : NULL_TREE;
}

/* Is T an update of reduction targets TARGETS, `v = RHS' with RHS free
   of side effects (`v += RHS' is the front end's `(SAVE_EXPR <RHS>, v =
   v + SAVE_EXPR <RHS>)'), or such updates under a condition that loads
   nothing (the own-row guard lower-kernel.cc puts around them, or the
   user's own)?  */
static bool
red_update_p (tree t, hash_set<tree> &targets)
{
  if (!t)
    return true;
  switch (TREE_CODE (t))
    {
    case STATEMENT_LIST:
      for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
        if (!red_update_p (tsi_stmt (i), targets))
          return false;
      return true;
    case BIND_EXPR:
      return !BIND_EXPR_VARS (t) && red_update_p (BIND_EXPR_BODY (t), targets);
    case DEBUG_BEGIN_STMT:
      return true;
    case COMPOUND_EXPR:
      {
        tree first = TREE_OPERAND (t, 0);
        return !walk_tree_without_duplicates (&first, pacc_pure_effect_r, NULL)
               && red_update_p (TREE_OPERAND (t, 1), targets);
      }
    case COND_EXPR:
      {
        tree cond = TREE_OPERAND (t, 0);
        return !walk_tree_without_duplicates (&cond, pacc_pure_effect_r, NULL)
               && !walk_tree_without_duplicates (&cond, load_r, NULL)
               && red_update_p (TREE_OPERAND (t, 1), targets)
               && red_update_p (TREE_OPERAND (t, 2), targets);
      }
    case MODIFY_EXPR:
      {
        tree rhs = TREE_OPERAND (t, 1);
        return targets.contains (strip_conv (TREE_OPERAND (t, 0)))
               && !walk_tree_without_duplicates (&rhs, pacc_pure_effect_r,
                                                 NULL);
      }
    default:
      return IS_EMPTY_STMT (t);
    }
}

/* Collect the stores of body T into STORES, and with reduction targets
   TARGETS the statements that update them into REDS, all of them in
   order into ORDER; false if T holds anything else.  */
static bool
plain_stores (tree t, std::vector<tree> &stores, hash_set<tree> *targets,
              std::vector<tree> *reds, std::vector<tree> &order)
{
  switch (TREE_CODE (t))
    {
    case STATEMENT_LIST:
      for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
        if (!plain_stores (tsi_stmt (i), stores, targets, reds, order))
          return false;
      return true;
    case BIND_EXPR:
      return !BIND_EXPR_VARS (t)
             && plain_stores (BIND_EXPR_BODY (t), stores, targets, reds,
                              order);
    case DEBUG_BEGIN_STMT:
      return true;
    case COMPOUND_EXPR:
    case COND_EXPR:
      if (!targets || !red_update_p (t, *targets))
        return false;
      reds->push_back (t);
      order.push_back (t);
      return true;
    case MODIFY_EXPR:
      {
        tree lhs = TREE_OPERAND (t, 0), rhs = TREE_OPERAND (t, 1);
        if (targets && red_update_p (t, *targets))
          {
            reds->push_back (t);
            order.push_back (t);
            return true;
          }
        if (TREE_CODE (lhs) != ARRAY_REF && TREE_CODE (lhs) != INDIRECT_REF)
          return false;
        if (!SCALAR_FLOAT_TYPE_P (TREE_TYPE (lhs))
            && !INTEGRAL_TYPE_P (TREE_TYPE (lhs)))
          return false;
        tree l = lhs, r = rhs;
        if (walk_tree_without_duplicates (&l, pacc_effect_r, NULL)
            || walk_tree_without_duplicates (&r, pacc_effect_r, NULL))
          return false;
        stores.push_back (t);
        order.push_back (t);
        return true;
      }
    default:
      return IS_EMPTY_STMT (t);
    }
}

/* What a statement may read of the arrays stored before it: STORED,
   the arrays, and for each the element its last store wrote (LAST); in
   a reduction update (FORWARD) that element, whose value the store
   hands on, else nothing of them.  */
struct stored_ctx
{
  hash_set<tree> stored;
  hash_map<tree, tree> last;
  bool forward;
};

/* Two references to one element: the same tree but for sharing (the
   front end flags references to VLA rows as having side effects).  */
static bool
same_element_p (tree a, tree b)
{
  return operand_equal_p (a, b, OEP_MATCH_SIDE_EFFECTS);
}

static tree
stored_use_r (tree *tp, int *walk_subtrees, void *data)
{
  stored_ctx &c = *(stored_ctx *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (c.forward
      && (TREE_CODE (t) == ARRAY_REF || TREE_CODE (t) == INDIRECT_REF))
    {
      tree d = pacc_ref_decl (t);
      tree *w = d ? c.last.get (d) : NULL;
      if (w && same_element_p (t, *w))
        {
          *walk_subtrees = 0;
          return NULL_TREE;
        }
    }
  return DECL_P (t) && c.stored.contains (t) ? t : NULL_TREE;
}

/* Every load first is the body's order too when no statement of ORDER
   reads an array that an earlier one stores into (the same statement
   reads before it stores), but for a reduction update that reads the
   element the last store into it wrote: the update takes the stored
   value (a stencil with its residual, q = ...; res += (q - p)^2).  A
   body that stores into an array twice does not qualify.  */
static bool
reads_before_stores_p (const std::vector<tree> &order,
                       const std::vector<tree> &stores)
{
  stored_ctx c;
  for (tree st : order)
    {
      bool store
        = std::find (stores.begin (), stores.end (), st) != stores.end ();
      tree read = store ? TREE_OPERAND (st, 1) : st;
      c.forward = !store;
      if (walk_tree (&read, stored_use_r, &c, NULL))
        return false;
      if (store)
        {
          tree d = pacc_ref_decl (TREE_OPERAND (st, 0));
          if (!d || c.stored.add (d))
            return false;
          c.last.put (d, TREE_OPERAND (st, 0));
        }
    }
  return true;
}

/* Does every access of K to a buffer it writes touch one element per
   iteration, the same one (RANK dimensions, each the loop variable plus
   one offset for all of them)?  Then an iteration's loads of such a
   buffer are its own, and no other iteration stores into them.  */
static bool
pointwise_p (pacc_kernel &k, int rank)
{
  for (auto &w : k.accesses)
    if (w.write)
      for (auto &a : k.accesses)
        if (a.buf == w.buf)
          for (int d = 0; d < rank; d++)
            if (a.kind[d] != PACC_IX_VAR || w.kind[d] != PACC_IX_VAR
                || a.off[d] != w.off[d])
              return false;
  return true;
}

/* Can vector loop L of kernel K, from INIT to BOUND (exclusive), run two
   iterations per thread: no reduction, no array both written and read in
   the kernel, a body of plain stores only?  Their list in *STORES.
   With reduction targets TARGETS (lower-slots.cc: a segmented kernel's
   gang partials, or before the rewrite the reduction variables) the body
   may update them too (their statements into *REDS), and read an array
   it writes where each iteration reads only its own elements and no
   statement reads what an earlier one stored (RANK: the arrays').  */
static bool
pair_eligible_p (pacc_kernel &k, pacc_loop &l, tree init, tree bound,
                 std::vector<tree> &stores, hash_set<tree> *targets = NULL,
                 std::vector<tree> *reds = NULL, int rank = 0,
                 std::vector<tree> *order_out = NULL)
{
  if (!pacc_pair_iterations_on || (!targets && !k.reductions.empty ()) || !init
      || !bound || !INTEGRAL_TYPE_P (TREE_TYPE (l.var)))
    return false;
  std::vector<bool> written (64, false);
  for (auto &a : k.accesses)
    if (a.write && a.buf >= 0 && a.buf < 64)
      written[a.buf] = true;
  bool reread = false;
  for (auto &a : k.accesses)
    if (!a.write && (a.buf < 0 || a.buf >= 64 || written[a.buf]))
      {
        if (!targets || a.buf < 0 || a.buf >= 64)
          return false;
        reread = true;
      }
  if (reread && !pointwise_p (k, rank))
    return false;
  tree ia = init, ib = bound;
  if (walk_tree_without_duplicates (&ia, pacc_effect_r, NULL)
      || walk_tree_without_duplicates (&ib, pacc_effect_r, NULL))
    return false;
  std::vector<tree> order;
  if (!plain_stores (FOR_BODY (*l.slot), stores, targets, reds, order))
    return false;
  if (reread && !reads_before_stores_p (order, stores))
    return false;
  if (order_out)
    *order_out = order;
  return !stores.empty () || (reds && !reds->empty ());
}

bool
pacc_pair_eligible (pacc_kernel &k, pacc_loop &l, tree init, tree bound)
{
  std::vector<tree> stores;
  return pair_eligible_p (k, l, init, bound, stores);
}

bool
pacc_reduction_columns_p (pacc_region &r, pacc_kernel &k, pacc_loop &l,
                          tree init, tree bound)
{
  std::vector<tree> stores, reds;
  hash_set<tree> targets;
  for (int ri : k.reductions)
    targets.add (r.pc->reductions[ri].decl);
  return pair_eligible_p (k, l, init, bound, stores, &targets, &reds,
                          r.pc->rank);
}

/* E with L's variable as V.  */
static tree
with_var (pacc_region &r, tree e, pacc_loop &l, tree v)
{
  hash_map<tree, tree> at;
  at.put (l.var, v);
  return rewritten_copy (r, e, at);
}

/* Loads of a reduction update: each element it reads, replaced in
   the update by a new variable, and the pair (variable, element) kept
   for the load phase.  */
struct hoist_ctx
{
  lower_ctx *c;
  tree *vars;
  std::vector<std::pair<tree, tree>> loads;
  /* The stores before the update, and their values: an element one of
     them wrote is its value, not a load.  */
  const std::vector<tree> *stores;
  size_t nstores;
  const std::vector<tree> *vals;
};

static tree
hoist_r (tree *tp, int *walk_subtrees, void *data)
{
  hoist_ctx &h = *(hoist_ctx *) data;
  tree t = *tp;
  if (TYPE_P (t) || TREE_CODE (t) == SAVE_EXPR)
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if ((TREE_CODE (t) == ARRAY_REF || TREE_CODE (t) == INDIRECT_REF)
      && (SCALAR_FLOAT_TYPE_P (TREE_TYPE (t))
          || INTEGRAL_TYPE_P (TREE_TYPE (t))))
    {
      *walk_subtrees = 0;
      for (size_t i = h.nstores; i-- > 0;)
        if (same_element_p (t, TREE_OPERAND ((*h.stores)[i], 0)))
          {
            *tp = (*h.vals)[i];
            return NULL_TREE;
          }
      tree v = local_var (*h.c, "__pacc_rl", TYPE_MAIN_VARIANT (TREE_TYPE (t)),
                          h.vars);
      h.loads.push_back (std::make_pair (v, t));
      *tp = v;
    }
  return NULL_TREE;
}

/* The body of a thread that runs the iterations NEXT[m] (long; NULL_TREE:
   L's variable as it is) of copy-like loop L, whose plain STORES and
   reduction updates (ORDER: all its statements in order) make its body,
   below B (long, exclusive): every load of all of them first (iteration
   after iteration), then the stores and the updates, an update taking
   an element an earlier store wrote from that store's value.  An
   iteration at or past B loads iteration B - 1 (the buffers hold it)
   and stores and updates nothing; it is compared with B as NEXT[m], or
   as converted to L's variable's type when IN_TYPE (as paired
   iterations always did: their kernels' code stays as measured).  */
static tree
loads_first (lower_ctx &c, pacc_loop &l, const std::vector<tree> &stores,
             const std::vector<tree> &next, tree b, bool in_type,
             const std::vector<tree> &order = std::vector<tree> ())
{
  pacc_region &r = *c.r;
  tree type = TREE_TYPE (l.var), lt = long_integer_type_node;
  tree vars = NULL_TREE, list = alloc_stmt_list ();
  size_t n = next.size ();
  /* Iteration m's index, and the same clamped into the loop's range for
     its loads.  */
  std::vector<tree> ym (n), ymc (n);
  for (size_t m = 0; m < n; m++)
    if (next[m])
      {
        ym[m] = local_var (c, "__pacc_y2", type, &vars);
        ymc[m] = local_var (c, "__pacc_y2c", type, &vars);
        add (&list, assign (ym[m], fold_convert (type, next[m])));
        add (&list,
             assign (ymc[m],
                     fold_convert (
                       type, build2 (MIN_EXPR, lt, unshare_expr (next[m]),
                                     build2 (MINUS_EXPR, lt, unshare_expr (b),
                                             lcst (1))))));
      }
  std::vector<std::vector<tree>> vals (n);
  for (tree st : stores)
    {
      tree vt = TYPE_MAIN_VARIANT (TREE_TYPE (TREE_OPERAND (st, 0)));
      for (size_t m = 0; m < n; m++)
        {
          tree t = local_var (c, m ? "__pacc_v2" : "__pacc_v1", vt, &vars);
          tree v = TREE_OPERAND (st, 1);
          add (&list, assign (t, next[m] ? with_var (r, v, l, ymc[m]) : v));
          vals[m].push_back (t);
        }
    }
  /* Each update's elements, loaded with the stores' values; the update
     itself, on the loaded values, with the stores.  */
  std::vector<std::vector<tree>> upd (n);
  size_t nstores = 0;
  for (tree rs : order)
    for (size_t m = 0; m < n; m++)
      {
        if (std::find (stores.begin (), stores.end (), rs) != stores.end ())
          {
            nstores += m == 0;
            continue;
          }
        hoist_ctx h = { &c, &vars, {}, &stores, nstores, &vals[m] };
        tree u = unshare_expr (rs);
        walk_tree (&u, hoist_r, &h, NULL);
        for (auto &ld : h.loads)
          add (&list,
               assign (ld.first, next[m] ? with_var (r, ld.second, l, ymc[m])
                                         : ld.second));
        upd[m].push_back (next[m] ? with_var (r, u, l, ym[m]) : u);
      }
  for (size_t m = 0; m < n; m++)
    {
      tree late = alloc_stmt_list ();
      for (size_t i = 0; i < stores.size (); i++)
        {
          tree lhs = TREE_OPERAND (stores[i], 0);
          if (next[m])
            lhs = with_var (r, lhs, l, ym[m]);
          add (&late, build2 (MODIFY_EXPR, TREE_TYPE (lhs), lhs, vals[m][i]));
        }
      for (tree u : upd[m])
        add (&late, u);
      if (next[m])
        late = build3 (COND_EXPR, void_type_node,
                       build2 (LT_EXPR, boolean_type_node,
                               in_type ? lng (ym[m]) : unshare_expr (next[m]),
                               unshare_expr (b)),
                       late, build_empty_stmt (c.loc));
      add (&list, late);
    }
  return pacc_bind (vars, list);
}

bool
pacc_pair_iterations (lower_ctx &c, pacc_kernel &k, pacc_loop &l, tree init,
                      tree bound, tree *cond, tree *body)
{
  std::vector<tree> stores;
  if (!pair_eligible_p (k, l, init, bound, stores))
    return false;

  int ways = pacc_pair_ways;
  tree type = TREE_TYPE (l.var), lt = long_integer_type_node;
  tree a = lng (unshare_expr (init)), b = lng (unshare_expr (bound));
  /* h = (b - a + WAYS - 1) / WAYS; the loop runs y over [a, a + h), and
     the thread takes y + m * h for m < WAYS.  */
  tree h = build2 (TRUNC_DIV_EXPR, lt,
                   build2 (PLUS_EXPR, lt,
                           build2 (MINUS_EXPR, lt, b, unshare_expr (a)),
                           lcst (ways - 1)),
                   lcst (ways));
  *cond = build2 (LT_EXPR, boolean_type_node, l.var,
                  fold_convert (type,
                                build2 (PLUS_EXPR, lt, unshare_expr (a), h)));
  std::vector<tree> next (ways);
  for (int m = 1; m < ways; m++)
    next[m] = build2 (PLUS_EXPR, lt, lng (l.var),
                      build2 (MULT_EXPR, lt, unshare_expr (h), lcst (m)));
  *body = loads_first (c, l, stores, next, b, true);
  return true;
}

/* The body of a segmented kernel's thread for copy-like vector loop L
   (from INIT to BOUND, exclusive): the columns COL (long) below JB, every
   load first (loads_first).  With reduction targets TARGETS (the gang's
   partials, lower-slots.cc) the loop may update them as
   pacc_reduction_columns_p allows.  False, and nothing built, if L is
   not copy-like.  */
bool
pacc_paired_columns (lower_ctx &c, pacc_kernel &k, pacc_loop &l, tree init,
                     tree bound, const std::vector<tree> &col, tree jb,
                     tree *body, hash_set<tree> *targets)
{
  std::vector<tree> stores, reds, order;
  if (!pair_eligible_p (k, l, init, bound, stores, targets,
                        targets ? &reds : NULL, c.r->pc->rank, &order))
    return false;
  *body = loads_first (c, l, stores, col, jb, false, order);
  return true;
}
