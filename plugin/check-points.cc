/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* check-points.cc - host statements of a time step that write one
   element of a pipelined array (an FDTD point source, a probe, a fixed
   boundary value: `ez[IDX (ic, jc)] = pulse;', `p[3][j0][k0] += s;'),
   also under an `if' on t or on the step's scalars.

   Such a write must happen, in the step's order, in the buffer of the
   chunk that holds its row at that sub-step, and every chunk whose
   computed rows reach that row must see it: exactly what a nest without
   the decomposed loop (a fixed-row nest, check-kernel.cc) does.  So each
   one becomes that nest before the step is analysed:

     __pacc_directive (loop dim(1));
     { int __pacc_point = 0; for (; __pacc_point < 1; __pacc_point++)
	 [if (COND)] WRITE; }

   whose accesses have no loop variable (check-index.cc splits a flat
   index of such a nest along the strides that divide its terms); the
   region check, the halo derivation and the lowering then treat it as
   any fixed-row nest, with its run-time range checks.  With one
   dimension there is no fixed-row nest: the loop is the decomposed one,
   over the written element alone, `for (p = E; p < E + 1; p++)', and
   every access of a pipelined array in the write is rewritten as
   `p + c' (rank1_rewrite).  The calls of the written value that read no
   memory (`exp (-t * t)') go before the nest into temporaries, host
   statements: the host's libm, as the sequential build's (hoist_r).
   Located errors: an index that reads memory
   or calls a function that is not const (the row must be known on the
   host at each sub-step); with one dimension, a read at an index that
   is not the written one plus a constant.  */

#include "check.h"

/* The array that REF (an lvalue) is an element of, or NULL: through
   any reference, address or member (check-access.cc's ref_base follows
   element references only).  */
static tree
lvalue_array (tree ref)
{
  tree t = ref;
  for (;;)
    {
      t = strip_ptr (t);
      switch (TREE_CODE (t))
        {
        case ARRAY_REF:
        case INDIRECT_REF:
        case MEM_REF:
        case ADDR_EXPR:
        case POINTER_PLUS_EXPR:
        case COMPONENT_REF:
          t = TREE_OPERAND (t, 0);
          continue;
        default:
          return DECL_P (t) ? t : NULL_TREE;
        }
    }
}

/* Whether T is `A[...] = E' (or a compound assignment) with A a
   pipelined array.  */
static bool
point_write_p (pacc_region &r, tree t)
{
  if (TREE_CODE (t) != MODIFY_EXPR)
    return false;
  tree lhs = TREE_OPERAND (t, 0);
  if (TREE_CODE (lhs) != ARRAY_REF && TREE_CODE (lhs) != INDIRECT_REF
      && TREE_CODE (lhs) != MEM_REF)
    return false;
  tree base = lvalue_array (lhs);
  return base && pacc_array_index (r, base) >= 0;
}

/* Something in an index that the host cannot evaluate at a sub-step
   as the step would: a memory read, a call that is not const.  */
static tree
index_bad_r (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == ARRAY_REF || TREE_CODE (t) == INDIRECT_REF
      || TREE_CODE (t) == MEM_REF)
    return t;
  if (TREE_CODE (t) == CALL_EXPR)
    {
      tree fn = get_callee_fndecl (t);
      if (!fn || !(flags_from_decl_or_type (fn) & ECF_CONST))
        return t;
    }
  return NULL_TREE;
}

/* A pipelined array converted to another pointer type (`((double *)
   p)[k]' for rows `double (*p)[Y]'): its indices would be split along
   strides of another element type.  */
static tree
cast_r (tree *tp, int *walk_subtrees, void *data)
{
  pacc_region &r = *(pacc_region *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (!CONVERT_EXPR_P (t) && TREE_CODE (t) != VIEW_CONVERT_EXPR)
    return NULL_TREE;
  tree op = TREE_OPERAND (t, 0);
  if (TREE_CODE (op) == ADDR_EXPR)
    op = TREE_OPERAND (op, 0);
  if (!DECL_P (op) || pacc_array_index (r, op) < 0)
    return NULL_TREE;
  tree to = TREE_TYPE (t), from = TREE_TYPE (TREE_OPERAND (t, 0));
  if (POINTER_TYPE_P (to) && POINTER_TYPE_P (from)
      && TYPE_MAIN_VARIANT (TREE_TYPE (to))
           == TYPE_MAIN_VARIANT (TREE_TYPE (from)))
    return NULL_TREE;
  return op;
}

/* Check the indices of the written element of T; false after an
   error.  */
static bool
point_indices_ok (pacc_region &r, tree t)
{
  tree lhs = TREE_OPERAND (t, 0);
  tree base = lvalue_array (lhs);
  location_t loc = stmt_loc (t, r.loc);
  if (tree cast = walk_tree_without_duplicates (&t, cast_r, &r))
    {
      error_at (loc,
                "this write to one element of %qD in the time step "
                "of a %<#pragma pacc pipeline%> accesses %qD through a "
                "cast; index it as it is declared (%<p[i][j]%> for rows, "
                "%<p[i * Y + j]%> for a flat pointer)",
                base, cast);
      return false;
    }
  for (tree e = lhs; e;)
    {
      e = strip_ptr (e);
      tree idx = NULL_TREE, next = NULL_TREE;
      switch (TREE_CODE (e))
        {
        case ARRAY_REF:
          idx = TREE_OPERAND (e, 1);
          next = TREE_OPERAND (e, 0);
          break;
        case INDIRECT_REF:
        case MEM_REF:
          next = TREE_OPERAND (e, 0);
          break;
        case POINTER_PLUS_EXPR:
          idx = TREE_OPERAND (e, 1);
          next = TREE_OPERAND (e, 0);
          break;
        default:
          break;
        }
      if (idx)
        if (tree bad = walk_tree_without_duplicates (&idx, index_bad_r, NULL))
          {
            if (TREE_CODE (bad) == CALL_EXPR)
              error_at (loc,
                        "the index of this write to %qD in the time "
                        "step of a %<#pragma pacc pipeline%> calls a function "
                        "that is not %<const%>; a write to one element "
                        "between the nests needs indices the host knows at "
                        "each step: constants, variables the step does not "
                        "change, or scalars it computes from %qD before the "
                        "write (%<ic = ...; a[ic][jc] = v;%>)",
                        base, r.tvar);
            else
              error_at (loc,
                        "the index of this write to %qD in the time "
                        "step of a %<#pragma pacc pipeline%> reads memory; a "
                        "write to one element between the nests needs "
                        "indices the host knows at each step: constants, "
                        "variables the step does not change, or scalars it "
                        "computes from %qD before the write (%<ic = ...; "
                        "a[ic][jc] = v;%>)",
                        base, r.tvar);
            return false;
          }
      e = next;
    }
  return true;
}

/* The byte offset of element reference REF of pipelined array BASE
   from BASE's start, as a form; false if it is not `BASE[E]' or
   `*(BASE + E)'.  */
static bool
rank1_offset (pacc_region &r, tree ref, tree base, pacc_form &f)
{
  tree esz = TYPE_SIZE_UNIT (TREE_TYPE (ref));
  if (!esz || !tree_fits_shwi_p (esz))
    return false;
  f.clear ();
  if (TREE_CODE (ref) == ARRAY_REF
      && strip_ptr (TREE_OPERAND (ref, 0)) == base)
    {
      pacc_form i;
      if (!pacc_form_of (pacc_index_atoms (r, TREE_OPERAND (ref, 1)), i))
        return false;
      pacc_mono m;
      m.coef = tree_to_shwi (esz);
      pacc_form s;
      form_add_mono (s, m);
      f = form_mul (i, s);
      return true;
    }
  if (TREE_CODE (ref) != INDIRECT_REF)
    return false;
  tree p = strip_ptr (TREE_OPERAND (ref, 0));
  if (p == base)
    return true;
  if (TREE_CODE (p) != POINTER_PLUS_EXPR
      || strip_ptr (TREE_OPERAND (p, 0)) != base)
    return false;
  return pacc_form_of (pacc_index_atoms (r, TREE_OPERAND (p, 1)), f);
}

/* BASE[VAR + C] as REF was written.  */
static tree
rank1_ref (tree ref, tree base, tree var, HOST_WIDE_INT c)
{
  tree idx = fold_build2 (PLUS_EXPR, long_integer_type_node, var,
                          build_int_cst (long_integer_type_node, c));
  tree et = TREE_TYPE (ref);
  if (TREE_CODE (TREE_TYPE (base)) == ARRAY_TYPE)
    return build4 (ARRAY_REF, et, base, idx, NULL_TREE, NULL_TREE);
  tree off = fold_build2 (MULT_EXPR, sizetype, fold_convert (sizetype, idx),
                          fold_convert (sizetype, TYPE_SIZE_UNIT (et)));
  tree ptr = build2 (POINTER_PLUS_EXPR, TREE_TYPE (base), base, off);
  return build1 (INDIRECT_REF, et, ptr);
}

struct rank1_ctx
{
  pacc_region *r;
  tree var;
  pacc_form at; /* The written element's byte offset.  */
  HOST_WIDE_INT esz;
  tree written; /* Its array.  */
  location_t loc;
  bool bad;
};

/* Rewrite each access of a pipelined array as VAR plus a constant.  */
static tree
rank1_r (tree *tp, int *walk_subtrees, void *data)
{
  rank1_ctx &c = *(rank1_ctx *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) != ARRAY_REF && TREE_CODE (t) != INDIRECT_REF
      && TREE_CODE (t) != MEM_REF)
    return NULL_TREE;
  tree base = lvalue_array (t);
  if (!base || pacc_array_index (*c.r, base) < 0)
    return NULL_TREE;
  *walk_subtrees = 0;
  pacc_form f;
  HOST_WIDE_INT d = 0;
  bool ok = rank1_offset (*c.r, t, base, f)
            && tree_to_shwi (TYPE_SIZE_UNIT (TREE_TYPE (t))) == c.esz;
  if (ok)
    {
      form_add (f, c.at, -1);
      for (auto &m : f)
        if (!m.atoms.empty ())
          ok = false;
      d = form_const (f);
      ok = ok && d % c.esz == 0;
    }
  if (!ok)
    {
      error_at (EXPR_LOC_OR_LOC (t, c.loc),
                "this write to one element of "
                "%qD in the time step of a %<#pragma pacc pipeline%> reads "
                "%qD at an index that is not the written one plus a "
                "constant; with one dimension, a point write may read the "
                "pipelined arrays only at the written index plus a constant "
                "(%<u[ic] = 0.5 * u[ic - 1];%>)",
                c.written, base);
      c.bad = true;
      return t;
    }
  *tp = rank1_ref (t, base, c.var, d / c.esz);
  return NULL_TREE;
}

/* With one dimension: the element the write W (in STMT) writes, as a
   tree, and STMT's accesses rewritten through VAR; NULL after an
   error.  */
static tree
rank1_rewrite (pacc_region &r, tree w, tree *stmt, tree var, location_t loc)
{
  tree lhs = TREE_OPERAND (w, 0);
  tree base = lvalue_array (lhs);
  rank1_ctx c;
  c.r = &r;
  c.var = var;
  c.written = base;
  c.loc = loc;
  c.bad = false;
  c.esz = tree_to_shwi (TYPE_SIZE_UNIT (TREE_TYPE (lhs)));
  if (!rank1_offset (r, lhs, base, c.at))
    {
      error_at (loc,
                "cannot analyse the index of this write to one "
                "element of %qD in the time step of a %<#pragma pacc "
                "pipeline%>; write it as %<%D[i]%>",
                base, base);
      return NULL_TREE;
    }
  pacc_form e;
  for (auto &m : c.at)
    {
      if (m.coef % c.esz)
        {
          error_at (loc,
                    "cannot analyse the index of this write to one "
                    "element of %qD in the time step of a %<#pragma pacc "
                    "pipeline%>; write it as %<%D[i]%>",
                    base, base);
          return NULL_TREE;
        }
      pacc_mono q = m;
      q.coef /= c.esz;
      form_add_mono (e, q);
    }
  tree row = pacc_expand_atoms (form_to_tree (e));
  walk_tree (stmt, rank1_r, &c, NULL);
  return c.bad ? NULL_TREE : row;
}

/* Memory read or side effect in a call's operands: the call stays in
   the nest.  */
static tree
call_reads_r (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (REFERENCE_CLASS_P (t) || TREE_CODE (t) == INDIRECT_REF
      || TREE_CODE (t) == MEM_REF
      || (TREE_CODE (t) != CALL_EXPR && TREE_SIDE_EFFECTS (t)))
    return t;
  return NULL_TREE;
}

struct hoist_ctx
{
  pacc_region *r;
  location_t loc;
  tree vars;  /* The temporaries, chained.  */
  tree stmts; /* Their assignments.  */
};

/* Each call of the written value that reads no memory (exp, sin of the
   step's scalars) into a temporary that the step assigns first: a host
   statement, so the value is the host's libm's, as in the sequential
   build, not the GPU's (newlib's differs in the last bit).  */
static tree
hoist_r (tree *tp, int *walk_subtrees, void *data)
{
  hoist_ctx &h = *(hoist_ctx *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) != CALL_EXPR || VOID_TYPE_P (TREE_TYPE (t))
      || walk_tree_without_duplicates (tp, call_reads_r, NULL))
    return NULL_TREE;
  tree v = build_decl (h.loc, VAR_DECL, get_identifier ("__pacc_value"),
                       TREE_TYPE (t));
  DECL_CONTEXT (v) = h.r->fndecl;
  DECL_ARTIFICIAL (v) = 1;
  DECL_IGNORED_P (v) = 1;
  DECL_CHAIN (v) = h.vars;
  h.vars = v;
  append_to_statement_list_force (build_stmt (h.loc, DECL_EXPR, v), &h.stmts);
  tree set = build2 (MODIFY_EXPR, TREE_TYPE (v), v, t);
  SET_EXPR_LOCATION (set, h.loc);
  TREE_SIDE_EFFECTS (set) = 1;
  append_to_statement_list_force (set, &h.stmts);
  *tp = v;
  *walk_subtrees = 0;
  return NULL_TREE;
}

/* The fixed-row nest around STMT (a point write, maybe under a
   condition), at LOC, after the assignments of the temporaries that
   hoist_r makes of its value's calls.  */
static tree
point_nest (pacc_region &r, tree stmt, tree w, location_t loc)
{
  hoist_ctx h = { &r, loc, NULL_TREE, alloc_stmt_list () };
  if (TREE_CODE (w) == MODIFY_EXPR)
    walk_tree (&TREE_OPERAND (w, 1), hoist_r, &h, NULL);
  tree var = build_decl (loc, VAR_DECL, get_identifier ("__pacc_point"),
                         long_integer_type_node);
  DECL_CONTEXT (var) = r.fndecl;
  DECL_ARTIFICIAL (var) = 1;
  DECL_IGNORED_P (var) = 1;
  tree first = build_int_cst (long_integer_type_node, 0);
  if (r.pc->rank == 1)
    {
      first = rank1_rewrite (r, w, &stmt, var, loc);
      if (!first)
        return NULL_TREE;
    }
  pacc_directive *d = new pacc_directive ();
  d->kind = PACC_DIR_LOOP;
  d->loc = loc;
  d->dim = 1;
  d->point = true;
  DECL_INITIAL (var) = first;
  tree cond = build2 (LT_EXPR, boolean_type_node, var,
                      fold_build2 (PLUS_EXPR, long_integer_type_node,
                                   unshare_expr (first),
                                   build_int_cst (long_integer_type_node, 1)));
  tree incr = build2 (POSTINCREMENT_EXPR, long_integer_type_node, var,
                      build_int_cst (long_integer_type_node, 1));
  TREE_SIDE_EFFECTS (incr) = 1;
  tree body = alloc_stmt_list ();
  append_to_statement_list_force (stmt, &body);
  tree fs = build_stmt (loc, FOR_STMT, NULL_TREE, cond, incr, body, NULL_TREE);
  tree inner = alloc_stmt_list ();
  append_to_statement_list_force (build_stmt (loc, DECL_EXPR, var), &inner);
  append_to_statement_list_force (fs, &inner);
  tree bind = build3 (BIND_EXPR, void_type_node, var, inner, NULL_TREE);
  TREE_SIDE_EFFECTS (bind) = 1;
  SET_EXPR_LOCATION (bind, loc);
  tree list = alloc_stmt_list ();
  append_to_statement_list_force (pacc_make_marker (d), &list);
  append_to_statement_list_force (bind, &list);
  if (!h.vars)
    return list;
  append_to_statement_list_force (list, &h.stmts);
  tree outer = build3 (BIND_EXPR, void_type_node, h.vars, h.stmts, NULL_TREE);
  TREE_SIDE_EFFECTS (outer) = 1;
  SET_EXPR_LOCATION (outer, loc);
  return outer;
}

/* The point writes of *SLOT (a statement, a list or block of them),
   all of them, into WRITES; false if it holds anything else.  */
static bool
only_points (pacc_region &r, tree *slot, std::vector<tree *> &writes)
{
  tree t = *slot;
  if (!t || pacc_skip_stmt_p (t))
    return true;
  if (TREE_CODE (t) == BIND_EXPR)
    return !BIND_EXPR_VARS (t) && only_points (r, &BIND_EXPR_BODY (t), writes);
  if (TREE_CODE (t) == STATEMENT_LIST)
    {
      for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
        if (!only_points (r, tsi_stmt_ptr (i), writes))
          return false;
      return true;
    }
  if (!point_write_p (r, t))
    return false;
  writes.push_back (slot);
  return true;
}

/* A condition the host may evaluate twice and in the nest: no memory,
   no side effects.  */
static bool
plain_cond_p (tree cond)
{
  return !TREE_SIDE_EFFECTS (cond)
         && !walk_tree_without_duplicates (&cond, index_bad_r, NULL);
}

/* `if (C) W1; W2...; [else V1; ...]' of point writes: one nest per write,
   each `if (C) W' (`if (!C) V').  */
static bool
cond_points (pacc_region &r, tree *slot, bool &bad)
{
  tree t = *slot;
  std::vector<tree *> thens, elses;
  if (!only_points (r, &COND_EXPR_THEN (t), thens)
      || !only_points (r, &COND_EXPR_ELSE (t), elses)
      || thens.size () + elses.size () == 0)
    return false;
  tree c = COND_EXPR_COND (t);
  location_t cloc = stmt_loc (t, r.loc);
  if (!plain_cond_p (c))
    {
      error_at (EXPR_LOC_OR_LOC (c, cloc),
                "the condition of this write to "
                "one element of a pipelined array in the time step of a "
                "%<#pragma pacc pipeline%> reads memory, calls a function "
                "or has side effects; compute it into a scalar first "
                "(%<on = ...; if (on) a[ic][jc] = v;%>)");
      bad = true;
      return true;
    }
  tree list = alloc_stmt_list ();
  for (int arm = 0; arm < 2; arm++)
    for (tree *w : arm ? elses : thens)
      {
        if (!point_indices_ok (r, *w))
          {
            bad = true;
            continue;
          }
        location_t loc = stmt_loc (*w, cloc);
        tree cc = unshare_expr (c);
        if (arm)
          cc = build1 (TRUTH_NOT_EXPR, TREE_TYPE (cc), cc);
        tree ifs = build3 (COND_EXPR, void_type_node, cc, *w, NULL_TREE);
        SET_EXPR_LOCATION (ifs, cloc);
        tree n = point_nest (r, ifs, *w, loc);
        if (!n)
          {
            bad = true;
            continue;
          }
        append_to_statement_list_force (n, &list);
      }
  *slot = list;
  return true;
}

/* Walk the step's statements as collect_items (check-region.cc) does.  */
static void
points_r (pacc_region &r, tree *slot, bool &bad)
{
  tree t = *slot;
  if (!t || pacc_skip_stmt_p (t))
    return;
  switch (TREE_CODE (t))
    {
    case BIND_EXPR:
      points_r (r, &BIND_EXPR_BODY (t), bad);
      return;
    case STATEMENT_LIST:
      for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
        {
          /* The nest after a `loop' marker is not the step's.  */
          if (pacc_marker_directive (tsi_stmt (i)))
            {
              tsi_next (&i);
              while (!tsi_end_p (i) && TREE_CODE (tsi_stmt (i)) != FOR_STMT
                     && TREE_CODE (tsi_stmt (i)) != BIND_EXPR)
                tsi_next (&i);
              if (tsi_end_p (i))
                return;
              continue;
            }
          points_r (r, tsi_stmt_ptr (i), bad);
        }
      return;
    case COND_EXPR:
      cond_points (r, slot, bad);
      return;
    default:
      if (!point_write_p (r, t))
        return;
      if (!point_indices_ok (r, t))
        {
          bad = true;
          return;
        }
      if (tree n = point_nest (r, t, t, stmt_loc (t, r.loc)))
        *slot = n;
      else
        bad = true;
      return;
    }
}

bool
pacc_point_writes (pacc_region &r)
{
  bool bad = false;
  points_r (r, &FOR_BODY (r.for_stmt), bad);
  /* The atoms were made before the nests existed: the region check
     starts again from none.  */
  pacc_index_atoms_reset ();
  return !bad;
}
