/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* check-access.cc - the walk of a kernel's statements, and the whole
   array a reference reaches (check-vars.cc looks the region's arrays and
   reduction variables up by declaration).

   analyse_r walks a `#pragma pacc loop` nest in execution order and
   hands every access to a listed array to check-index.cc, which records
   it (pacc_access, region.h) with its indices classified; it keeps the
   conditions around the expression walked (check-conds.cc) and the
   definitions of index locals (check-locals.cc).  Located errors:
     - arrays used in a kernel but not listed, or used other than by
       indexing; addresses taken;
     - scalars declared outside the nest assigned in it (not a reduction)
       that check-scalars.cc could not make private (static, global,
       address taken), and the nest's own loop variables assigned in
       its body;
     - calls with side effects; values of a floating type the GPU
       compiler cannot take (long double, _Float16, __float128).
   Accesses under a condition (if, ?:, &&, ||, a sequential loop's body)
   are marked as such.  */

#include "check.h"

/* ------------------------------------------------------------------ */
/* The whole arrays a reference reaches (the lookups by declaration are
   check-vars.cc's).                                                   */

/* The variable whose elements reference T (ARRAY_REF/INDIRECT_REF/MEM_REF
   chain) reads or writes, or NULL.  */
static tree
ref_base (tree t)
{
  if (TREE_CODE (t) != ARRAY_REF && TREE_CODE (t) != INDIRECT_REF
      && TREE_CODE (t) != MEM_REF)
    return NULL_TREE;
  while (TREE_CODE (t) == ARRAY_REF)
    t = TREE_OPERAND (t, 0);
  if (TREE_CODE (t) == INDIRECT_REF || TREE_CODE (t) == MEM_REF)
    {
      t = strip_ptr (TREE_OPERAND (t, 0));
      while (TREE_CODE (t) == POINTER_PLUS_EXPR)
        t = strip_ptr (TREE_OPERAND (t, 0));
    }
  return DECL_P (t) ? t : NULL_TREE;
}

/* The whole (copyin) array that reference T reads or writes, -1.  */
int
pacc_whole_ref (pacc_region &r, tree t)
{
  tree b = ref_base (t);
  return b ? pacc_whole_index (r, b) : -1;
}

/* ------------------------------------------------------------------ */
/* The walk of a kernel.                                               */

static void
kernel_error (kernel_ctx &c, location_t loc, const char *msg, tree decl)
{
  error_at (loc, msg, decl);
  c.bad = true;
}

/* The access REF to a listed array (check-index.cc), after what its
   indices read.  */
static void
analyse_ref (kernel_ctx &c, tree ref, bool write, location_t loc)
{
  for (tree t = ref; TREE_CODE (t) == ARRAY_REF; t = TREE_OPERAND (t, 0))
    walk_tree (&TREE_OPERAND (t, 1), analyse_r, &c, NULL);
  pacc_index_access (c, ref, write, loc);
}

/* Is T a reference to a listed array element?  */
static bool
array_ref_p (kernel_ctx &c, tree t)
{
  tree b = ref_base (t);
  return b && pacc_array_index (*c.r, b) >= 0;
}

/* A write to a copyin array (read only in the region): an error.  */
static bool
whole_write (kernel_ctx &c, tree lhs, location_t loc)
{
  int w = pacc_whole_ref (*c.r, lhs);
  if (w < 0)
    return false;
  kernel_error (c, loc,
                "%qD is written in a %<#pragma pacc loop%> but is "
                "listed in %<copyin%>, which the region only reads",
                c.r->pc->wholes[w].decl);
  return true;
}

static void
note_scalar_write (kernel_ctx &c, tree lhs, location_t loc)
{
  lhs = strip_conv (lhs);
  if (!DECL_P (lhs))
    return;
  if (c.locals.contains (lhs) || c.seq_vars.contains (lhs))
    return;
  if (c.pacc_vars.contains (lhs))
    {
      kernel_error (c, loc,
                    "the variable %qD of a %<#pragma pacc loop%> is "
                    "assigned in its body",
                    lhs);
      return;
    }
  int ri = pacc_reduction_index (*c.r, lhs);
  if (ri >= 0)
    {
      if (std::find (c.k->reductions.begin (), c.k->reductions.end (), ri)
          == c.k->reductions.end ())
        c.k->reductions.push_back (ri);
      return;
    }
  kernel_error (c, loc,
                "%<#pragma pacc loop%> assigns %qD, which is "
                "declared outside the loop nest; declare it inside the loop "
                "body or list it in a %<reduction%> clause",
                lhs);
}

/* A value of a type the GPU cannot take (pacc_offload_type_ok): a
   scalar the nest reads, a local, a constant, a cast.  Once per nest.  */
static tree
bad_type_decl_r (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if ((VAR_P (*tp) || TREE_CODE (*tp) == PARM_DECL)
           && !pacc_offload_type_ok (TREE_TYPE (*tp)))
    return *tp;
  return NULL_TREE;
}

static void
check_type (kernel_ctx &c, tree t, location_t loc)
{
  if (c.type_reported)
    return;
  /* Name the variable: a local declared here, or one read here.  */
  if (TREE_CODE (t) == DECL_EXPR)
    t = DECL_EXPR_DECL (t);
  for (tree v = TREE_CODE (t) == BIND_EXPR ? BIND_EXPR_VARS (t) : NULL_TREE; v;
       v = DECL_CHAIN (v))
    if (VAR_P (v) && !pacc_offload_type_ok (TREE_TYPE (v)))
      t = v;
  if (!(EXPR_P (t) || CONSTANT_CLASS_P (t) || VAR_P (t)
        || TREE_CODE (t) == PARM_DECL)
      || !TREE_TYPE (t) || pacc_offload_type_ok (TREE_TYPE (t)))
    return;
  if (!DECL_P (t))
    if (tree d = walk_tree_without_duplicates (&t, bad_type_decl_r, NULL))
      t = d;
  if (DECL_P (t))
    error_at (loc,
              "%qD has type %qT, which GCC 12%'s nvptx offload compiler "
              "cannot compile, and a %<#pragma pacc loop%> nest runs on the "
              "GPU; use %<double%>",
              t, TREE_TYPE (t));
  else
    error_at (loc,
              "a %<#pragma pacc loop%> nest computes a value of type "
              "%qT, which GCC 12%'s nvptx offload compiler cannot compile; "
              "use %<double%>",
              TREE_TYPE (t));
  c.bad = c.type_reported = true;
}

/* A call in a nest: the pipeline may compute an iteration more than
   once, so only calls without side effects (pacc_call_effects_p).  */
static void
check_call (kernel_ctx &c, tree t, location_t loc)
{
  if (pacc_marker_directive (t) || !pacc_call_effects_p (t))
    return;
  tree fn = get_callee_fndecl (t);
  if (fn)
    error_at (loc,
              "%<#pragma pacc loop%> calls %qD, which is not "
              "%<const%> or %<pure%>: a pipeline may compute an iteration "
              "more than once (halo rows), so its side effects would happen "
              "more often than in the sequential program; call it outside "
              "the region, or, if it has none, define it before this "
              "function or declare it %<__attribute__ ((const))%>",
              fn);
  else
    error_at (loc,
              "%<#pragma pacc loop%> calls a function through a "
              "pointer: a pipeline may compute an iteration more than once "
              "(halo rows), so its side effects would happen more often than "
              "in the sequential program; call a %<const%> or %<pure%> "
              "function by its name");
  c.bad = true;
}

/* Walk operand I of T with analyse_r, under one more condition when
   COND: the accesses there may not happen; where GUARD is taken as
   SENSE when given (check-conds.cc).  */
static void
walk_operand (tree t, int i, kernel_ctx &c, bool cond, tree guard = NULL_TREE,
              bool sense = true)
{
  c.cond_depth += cond;
  pacc_guard g = { guard, sense, c.cur_loop };
  if (guard)
    c.guards.push_back (g);
  if (cond)
    pacc_locals_enter (c);
  walk_tree (&TREE_OPERAND (t, i), analyse_r, &c, NULL);
  if (cond)
    pacc_locals_leave (c);
  if (guard)
    c.guards.pop_back ();
  c.cond_depth -= cond;
}

tree
analyse_r (tree *tp, int *walk_subtrees, void *data)
{
  kernel_ctx &c = *(kernel_ctx *) data;
  tree t = *tp;
  if (EXPR_P (t) && EXPR_HAS_LOCATION (t))
    c.cur_loc = EXPR_LOCATION (t);
  location_t loc = stmt_loc (t, c.cur_loc);
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (c.control.contains (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  check_type (c, t, loc);
  switch (TREE_CODE (t))
    {
    case COND_EXPR:
      walk_operand (t, 0, c, false);
      walk_operand (t, 1, c, true, TREE_OPERAND (t, 0), true);
      walk_operand (t, 2, c, true, TREE_OPERAND (t, 0), false);
      *walk_subtrees = 0;
      return NULL_TREE;
    case TRUTH_ANDIF_EXPR:
    case TRUTH_ORIF_EXPR:
      walk_operand (t, 0, c, false);
      walk_operand (t, 1, c, true, TREE_OPERAND (t, 0),
                    TREE_CODE (t) == TRUTH_ANDIF_EXPR);
      *walk_subtrees = 0;
      return NULL_TREE;
    case SWITCH_STMT:
    case WHILE_STMT:
      for (int o = 0; o < TREE_CODE_LENGTH (TREE_CODE (t)); o++)
        walk_operand (t, o, c, true);
      *walk_subtrees = 0;
      return NULL_TREE;
    case SAVE_EXPR:
      if (!pacc_user_save_expr_p (*c.r, t))
        *walk_subtrees = 0;
      return NULL_TREE;
    case MODIFY_EXPR:
    case INIT_EXPR:
      {
        /* Right-hand side first: accesses are recorded in execution order,
	   which tells a temporary written before it is read.  */
        tree lhs = TREE_OPERAND (t, 0);
        walk_tree (&TREE_OPERAND (t, 1), analyse_r, data, NULL);
        if (whole_write (c, lhs, loc))
          ;
        else if (array_ref_p (c, lhs))
          analyse_ref (c, lhs, true, loc);
        else
          {
            pacc_locals_def (c, lhs, TREE_OPERAND (t, 1));
            note_scalar_write (c, lhs, loc);
            if (!DECL_P (strip_conv (lhs)))
              walk_tree (&TREE_OPERAND (t, 0), analyse_r, data, NULL);
          }
        *walk_subtrees = 0;
        return NULL_TREE;
      }
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      {
        tree op = TREE_OPERAND (t, 0);
        if (whole_write (c, op, loc))
          ;
        else if (array_ref_p (c, op))
          {
            analyse_ref (c, op, true, loc);
            analyse_ref (c, op, false, loc);
          }
        else
          {
            note_scalar_write (c, op, loc);
            walk_tree (&TREE_OPERAND (t, 0), analyse_r, data, NULL);
          }
        *walk_subtrees = 0;
        return NULL_TREE;
      }
    case ADDR_EXPR:
      {
        tree op = TREE_OPERAND (t, 0);
        tree b = op;
        while (handled_component_p (b) || TREE_CODE (b) == INDIRECT_REF)
          b = TREE_OPERAND (b, 0);
        b = strip_conv (b);
        while (TREE_CODE (b) == POINTER_PLUS_EXPR)
          b = strip_conv (TREE_OPERAND (b, 0));
        if (DECL_P (b) && !c.locals.contains (b)
            && TREE_CODE (TREE_TYPE (t)) == POINTER_TYPE
            && TREE_CODE (b) != FUNCTION_DECL)
          {
            kernel_error (c, loc,
                          "the address of %qD is taken inside a "
                          "%<#pragma pacc loop%>",
                          b);
            *walk_subtrees = 0;
          }
        return NULL_TREE;
      }
    case ARRAY_REF:
    case INDIRECT_REF:
    case MEM_REF:
      if (array_ref_p (c, t))
        {
          analyse_ref (c, t, false, loc);
          *walk_subtrees = 0;
        }
      return NULL_TREE;
    case BIND_EXPR:
      /* The initializers of automatic variables at their declarations,
	 in execution order (`int i = x*Y + y; double c = u[i];'), the
	 rest here.  */
      for (tree v = BIND_EXPR_VARS (t); v; v = DECL_CHAIN (v))
        {
          c.locals.add (v);
          if (!VAR_P (v) || TREE_STATIC (v) || DECL_EXTERNAL (v))
            walk_tree (&DECL_INITIAL (v), analyse_r, data, NULL);
          walk_tree (&DECL_SIZE (v), analyse_r, data, NULL);
          walk_tree (&DECL_SIZE_UNIT (v), analyse_r, data, NULL);
        }
      walk_tree (&BIND_EXPR_BODY (t), analyse_r, data, NULL);
      *walk_subtrees = 0;
      return NULL_TREE;
    case DECL_EXPR:
      c.locals.add (DECL_EXPR_DECL (t));
      if (VAR_P (DECL_EXPR_DECL (t)) && !TREE_STATIC (DECL_EXPR_DECL (t))
          && !DECL_EXTERNAL (DECL_EXPR_DECL (t)))
        {
          walk_tree (&DECL_INITIAL (DECL_EXPR_DECL (t)), analyse_r, data,
                     NULL);
          pacc_locals_def (c, DECL_EXPR_DECL (t),
                           DECL_INITIAL (DECL_EXPR_DECL (t)));
        }
      return NULL_TREE;
    case VAR_DECL:
    case PARM_DECL:
      {
        /* copyin arrays: read with any index.  */
        if (pacc_whole_index (*c.r, t) >= 0)
          return NULL_TREE;
        if (pacc_array_index (*c.r, t) >= 0)
          {
            kernel_error (c, loc,
                          "%qD is used other than by indexing in a "
                          "%<#pragma pacc loop%>",
                          t);
            return NULL_TREE;
          }
        if (c.locals.contains (t))
          return NULL_TREE;
        tree type = TREE_TYPE (t);
        if (TREE_CODE (type) == POINTER_TYPE || TREE_CODE (type) == ARRAY_TYPE)
          {
            kernel_error (c, loc,
                          "%qD is used in a %<#pragma pacc loop%> but "
                          "is not listed in %<targetin%>, %<targetinout%> or "
                          "%<targettemp%>",
                          t);
            return NULL_TREE;
          }
        return NULL_TREE;
      }
    case FOR_STMT:
      /* A pacc loop of the nest: what is inside it is inside it.  */
      for (size_t li = 0; li < c.k->loops.size (); li++)
        if (c.k->loops[li].for_stmt == t)
          {
            int saved = c.cur_loop;
            c.cur_loop = (int) li;
            pacc_locals_at_loop (c, c.k->loops[li]);
            pacc_locals_enter (c);
            for (int o = 0; o < TREE_CODE_LENGTH (FOR_STMT); o++)
              walk_tree (&TREE_OPERAND (t, o), analyse_r, data, NULL);
            pacc_locals_leave (c);
            c.cur_loop = saved;
            *walk_subtrees = 0;
            return NULL_TREE;
          }
      /* A sequential loop: its body may not run.  */
      for (int o = 0; o < TREE_CODE_LENGTH (FOR_STMT); o++)
        walk_operand (t, o, c, true);
      *walk_subtrees = 0;
      return NULL_TREE;
    case CALL_EXPR:
      check_call (c, t, loc);
      return NULL_TREE;
    default:
      return NULL_TREE;
    }
}
