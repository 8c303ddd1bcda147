/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower-host.cc - the host version of a kernel, run instead of its
   OpenACC region when libpacc's data path is the host
   (__pacc_host_kernels).

   libgomp's host fallback of the OpenACC region ran every gang, worker
   and vector loop in one thread, in the GPU's loop mapping (segments, row
   groups), which the host compiler does not vectorise: 2.6 to 12 times
   slower than the sequential build (issue 47).  The host version is the
   user's loop nest itself, rewritten onto the chunk's pointers as the
   kernel is (lower-kernel.cc), its decomposed loop over blocks of the
   sub-step's rows [LO, HI), contiguous ranges that the threads of an
   `omp parallel' take in turn (its GOMP_parallel call goes to libpacc's
   threads, plugin/launch.cc): each point is computed by the statements
   of the sequential build, so the results are bit-identical.  A
   reduction goes to a partial per block, combined after the team in
   block order, into the same private the OpenACC region would have
   combined its gangs into: with one block the same operations as that
   region's host fallback, and for a given number of threads the same
   result whichever thread ran which block.

   The copy is made with lower-copy.cc's copier: the nest's own locals get
   new declarations (they are declared inside the parallel, hence private
   to each thread); every other variable stays as it is, the scalars the
   nest assigns firstprivate (as OpenACC makes them).  A nest the copier
   cannot take (labels, a marker left) has no host version: its OpenACC
   region runs, as before.  */

#include "pacc-plugin.h"
#include "check.h"
#include "lower.h"

/* What a nest declares, references and assigns.  */
struct host_scan
{
  hash_set<tree> declared;
  std::vector<tree> used, assigned;
  bool bad;
};

static void
note_assigned (host_scan &h, tree lhs)
{
  if (VAR_P (lhs)
      && std::find (h.assigned.begin (), h.assigned.end (), lhs)
           == h.assigned.end ())
    h.assigned.push_back (lhs);
}

static tree
scan_r (tree *tp, int *walk_subtrees, void *data)
{
  host_scan &h = *(host_scan *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (pacc_marker_directive (t))
    h.bad = true;
  switch (TREE_CODE (t))
    {
    case BIND_EXPR:
      for (tree v = BIND_EXPR_VARS (t); v; v = DECL_CHAIN (v))
        {
          /* Only automatic variables: the copier remaps those.  */
          if (!VAR_P (v) || TREE_STATIC (v) || DECL_EXTERNAL (v))
            h.bad = true;
          h.declared.add (v);
        }
      break;
    case DECL_EXPR:
      h.declared.add (DECL_EXPR_DECL (t));
      break;
    case LABEL_EXPR:
    case GOTO_EXPR:
    case CASE_LABEL_EXPR:
    case COMPOUND_LITERAL_EXPR:
      h.bad = true;
      break;
    default:
      if (tree stored = pacc_stored_operand (t))
        note_assigned (h, stored);
      if ((VAR_P (t) || TREE_CODE (t) == PARM_DECL)
          && std::find (h.used.begin (), h.used.end (), t) == h.used.end ())
        h.used.push_back (t);
      break;
    }
  return NULL_TREE;
}

/* The FOR_STMTs of a tree, in the order walk_tree meets them.  */
static tree
collect_for_r (tree *tp, int *, void *data)
{
  if (TREE_CODE (*tp) == FOR_STMT)
    ((std::vector<tree> *) data)->push_back (*tp);
  return NULL_TREE;
}

/* Mark the innermost pacc loops of COPY, the copier's image of SRC (loop
   for loop, in the same order), OUTER being SRC's loop over the thread's
   rows, `ivdep' and to be vectorised, as `#pragma omp simd' would: their
   iterations are independent (check-kernel.cc refuses a nest that reads
   an array at another point than it writes it, the scalars are private),
   and without the marks GCC's -O2 cost model leaves them scalar: the
   chunk buffers would need a run-time alias check, and the rows' length,
   not a compile-time constant, an epilogue.  Each point is still computed
   by the same operations (a reduction stays in order).  Sequential inner
   loops stay as they are.  */
static void
mark_ivdep (pacc_kernel &k, tree src, tree outer, tree copy)
{
  std::vector<tree> s, d;
  walk_tree (&src, collect_for_r, &s, NULL);
  walk_tree (&copy, collect_for_r, &d, NULL);
  if (s.size () != d.size ())
    return;
  for (size_t i = 0; i < s.size (); i++)
    {
      bool pacc = s[i] == outer;
      for (auto &l : k.loops)
        pacc |= l.for_stmt == s[i];
      std::vector<tree> inner;
      walk_tree (&FOR_BODY (s[i]), collect_for_r, &inner, NULL);
      tree cond = FOR_COND (d[i]);
      if (!pacc || !inner.empty () || !cond
          || TREE_CODE (cond) == ANNOTATE_EXPR)
        continue;
      cond = build3 (ANNOTATE_EXPR, TREE_TYPE (cond), cond,
                     build_int_cst (integer_type_node, annot_expr_ivdep_kind),
                     integer_zero_node);
      FOR_COND (d[i])
        = build3 (ANNOTATE_EXPR, TREE_TYPE (cond), cond,
                  build_int_cst (integer_type_node, annot_expr_vector_kind),
                  integer_one_node);
    }
}

tree
pacc_host_kernel (lower_ctx &c, pacc_kernel &k, tree lo, tree hi, tree l0_init,
                  tree nthreads,
                  const std::vector<std::pair<tree, tree>> &hoisted,
                  const std::vector<tree> &red_body,
                  const std::vector<tree> &red_out,
                  const std::vector<enum tree_code> &red_ops)
{
  location_t loc = k.loc;
  pacc_loop &l0 = k.loops[0];
  tree fs = *l0.slot;
  /* Rows split over threads when the outermost loop is the decomposed
     one; a fixed-row nest (one row) runs in the calling thread; a nest
     whose decomposed loop is an inner one keeps its OpenACC region.  */
  bool team = k.dec == 0;
  if (TREE_CODE (fs) != FOR_STMT
      || !builtin_decl_explicit (BUILT_IN_GOMP_PARALLEL)
      || (k.dec != 0 && (k.dec > 0 || !l0_init))
      || (l0.slot == k.stmt_slot && k.stmt != fs))
    return NULL_TREE;

  tree lt = long_integer_type_node;
  tree vars = NULL_TREE;
  tree blk = local_var (c, "__pacc_hblk", lt, &vars);
  tree a = local_var (c, "__pacc_ha", lt, &vars);
  tree b = local_var (c, "__pacc_hb", lt, &vars);
  std::vector<tree> hred;
  for (tree rv : red_body)
    hred.push_back (local_var (c, "__pacc_hred", TREE_TYPE (rv), &vars));

  /* The outermost loop over the thread's rows [a, b) (or as written, for
     a fixed row), in place of the nest's for the copy.  */
  tree var = l0.var;
  tree loop = alloc_stmt_list ();
  tree cond = team ? build2 (LT_EXPR, boolean_type_node, var,
                             fold_convert (TREE_TYPE (var), b))
                   : FOR_COND (fs);
  add (&loop, assign (var, team ? a : l0_init));
  tree outer = build_stmt (EXPR_LOCATION (fs), FOR_STMT, NULL_TREE, cond,
                           FOR_EXPR (fs), FOR_BODY (fs), NULL_TREE);
  add (&loop, outer);
  tree src = loop, saved = fs;
  if (l0.slot != k.stmt_slot)
    {
      *l0.slot = loop;
      src = k.stmt;
    }
  host_scan h;
  h.bad = false;
  walk_tree (&src, scan_r, &h, NULL);
  tree copy = NULL_TREE;
  if (!h.bad)
    {
      copy_ctx cc;
      cc.from = cc.to = c.fndecl;
      cc.saving = false;
      cc.loops = NULL;
      /* Everything the nest does not declare stays itself.  */
      for (tree v : h.used)
        if (!h.declared.contains (v))
          cc.map.put (v, v);
      for (auto &hp : hoisted)
        cc.map.put (hp.first, hp.second);
      for (size_t q = 0; q < red_body.size (); q++)
        cc.map.put (red_body[q], hred[q]);
      copy = pacc_copy_expr (cc, src);
      mark_ivdep (k, src, outer, copy);
    }
  *l0.slot = saved;
  if (!copy)
    return NULL_TREE;

  /* A block of rows [a, b): its partials.  */
  tree one = alloc_stmt_list ();
  std::vector<tree> parts;
  for (size_t q = 0; q < hred.size (); q++)
    add (&one, assign (hred[q],
                       reduction_identity (red_ops[q], TREE_TYPE (hred[q]))));
  add (&one, copy);
  for (size_t q = 0; q < hred.size (); q++)
    {
      tree type = TREE_TYPE (hred[q]);
      parts.push_back (
        new_var (c, "__pacc_hparts",
                 build_array_type_nelts (type, HOST_MAX_BLOCKS)));
      add (&one, assign (build4 (ARRAY_REF, type, parts.back (), blk,
                                 NULL_TREE, NULL_TREE),
                         hred[q]));
    }
  /* NBLK blocks of the rows, 8 a thread (at most HOST_MAX_BLOCKS), taken
     in turn by the threads as they come (__pacc_host_next_block): a
     thread the host deschedules holds up the others by one block only.
     Block i is rows [lo + n i / NBLK, lo + n (i + 1) / NBLK).  */
  tree nblk = new_var (c, "__pacc_hblocks", lt);
  tree stmts = alloc_stmt_list ();
  tree body = alloc_stmt_list ();
  if (team)
    {
      tree n = build2 (MINUS_EXPR, lt, hi, lo);
      add (&stmts,
           assign (nblk,
                   build2 (MIN_EXPR, lt,
                           build2 (MIN_EXPR, lt, n,
                                   build2 (MULT_EXPR, lt, lng (nthreads),
                                           lcst (HOST_BLOCKS_PER_THREAD))),
                           lcst (HOST_MAX_BLOCKS))));
      tree each = alloc_stmt_list ();
      add (&each, assign (a, build2 (PLUS_EXPR, lt, lo,
                                     build2 (TRUNC_DIV_EXPR, lt,
                                             build2 (MULT_EXPR, lt,
                                                     unshare_expr (n), blk),
                                             nblk))));
      add (&each,
           assign (b, build2 (PLUS_EXPR, lt, lo,
                              build2 (TRUNC_DIV_EXPR, lt,
                                      build2 (MULT_EXPR, lt, unshare_expr (n),
                                              build2 (PLUS_EXPR, lt, blk,
                                                      lcst (1))),
                                      nblk))));
      add (&each, one);
      tree next
        = assign (blk, build_call_expr_loc (loc, fn_host_next_block, 0));
      add (&each, next);
      add (&body, unshare_expr (next));
      add (&body,
           build_while (loc, build2 (LT_EXPR, boolean_type_node, blk, nblk),
                        each));
    }
  else
    {
      add (&stmts, assign (nblk, lcst (1)));
      add (&body, assign (blk, lcst (0)));
      add (&body, one);
    }
  if (team)
    {
      tree clauses = pacc_omp_clause (loc, OMP_CLAUSE_NUM_THREADS, NULL_TREE);
      OMP_CLAUSE_NUM_THREADS_EXPR (clauses) = nthreads;
      /* The scalars the nest sets, its loop variables among them: each
	 thread's own, starting from the host's value as in a kernel.  */
      note_assigned (h, var);
      for (tree v : h.assigned)
        if (!h.declared.contains (v)
            && std::find (red_body.begin (), red_body.end (), v)
                 == red_body.end ())
          {
            clauses = pacc_omp_clause (loc, OMP_CLAUSE_FIRSTPRIVATE, clauses);
            OMP_CLAUSE_DECL (clauses) = v;
          }
      tree par = make_node (OMP_PARALLEL);
      TREE_TYPE (par) = void_type_node;
      OMP_PARALLEL_CLAUSES (par) = clauses;
      OMP_PARALLEL_BODY (par) = pacc_bind (vars, body);
      SET_EXPR_LOCATION (par, loc);
      TREE_SIDE_EFFECTS (par) = 1;
      pacc_note_kernel_location (loc);
      add (&stmts, par);
    }
  else
    add (&stmts, pacc_bind (vars, body));

  /* The partials in block order, into the kernel's private.  */
  if (!parts.empty ())
    {
      tree i = new_var (c, "__pacc_hi", lt);
      tree comb = alloc_stmt_list ();
      for (size_t q = 0; q < parts.size (); q++)
        {
          tree type = TREE_TYPE (hred[q]);
          tree elt
            = build4 (ARRAY_REF, type, parts[q], i, NULL_TREE, NULL_TREE);
          add (&comb,
               assign (red_out[q],
                       reduction_combine (loc, red_ops[q], red_out[q], elt)));
        }
      add (&stmts, counted_loop (loc, i, nblk, comb));
    }
  return stmts;
}
