/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* check-reductions.cc - the reduction variables of one loop nest: each
   update has the clause's operator, and the variable is read nowhere
   else in the nest.  The updates are recorded (pacc_kernel::red_stmts)
   for the lowering to guard, so that only the chunk's own rows count.  */

#include "check.h"

struct red_ctx
{
  pacc_region *r;
  pacc_kernel *k;
  bool bad;
};

/* ------------------------------------------------------------------ */
/* The operator of a reduction's updates.  Each gang starts its own
   copy of the variable at the identity of the clause's operator and the
   copies are combined with that operator: an update with another one
   (s += e under max, which starts at the smallest value) gives another
   answer.  An update is `s = s OP e' (conversions aside), e free of s,
   OP the clause's: for +, also s - e; for max, MAX_EXPR, fmax or the
   comparisons `s > e ? s : e' and `e < s ? s : e' (min likewise); for
   && and ||, the front end's s != 0.  */

static bool
mentions (tree e, tree var)
{
  struct m
  {
    static tree cb (tree *tp, int *ws, void *d)
    {
      if (TYPE_P (*tp))
        *ws = 0;
      return *tp == (tree) d ? *tp : NULL_TREE;
    }
  };
  return walk_tree_without_duplicates (&e, m::cb, var) != NULL_TREE;
}

/* The operator E applies at its root, as a reduction's: MAX_EXPR for
   fmax and for `a > b ? a : b', TRUTH_ANDIF_EXPR for TRUTH_AND_EXPR...  */
static enum tree_code
update_code (tree e)
{
  e = strip_conv (e);
  switch (TREE_CODE (e))
    {
    case TRUTH_AND_EXPR:
      return TRUTH_ANDIF_EXPR;
    case TRUTH_OR_EXPR:
      return TRUTH_ORIF_EXPR;
    case CALL_EXPR:
      {
        tree fn = get_callee_fndecl (e);
        if (fn && fndecl_built_in_p (fn, BUILT_IN_NORMAL)
            && call_expr_nargs (e) == 2)
          switch (DECL_FUNCTION_CODE (fn))
            {
              CASE_FLT_FN (BUILT_IN_FMAX) : return MAX_EXPR;
              CASE_FLT_FN (BUILT_IN_FMIN) : return MIN_EXPR;
            default:
              break;
            }
        return CALL_EXPR;
      }
    case COND_EXPR:
      {
        tree c = strip_conv (TREE_OPERAND (e, 0));
        if (!COMPARISON_CLASS_P (c))
          return COND_EXPR;
        bool gt = TREE_CODE (c) == GT_EXPR || TREE_CODE (c) == GE_EXPR;
        bool lt = TREE_CODE (c) == LT_EXPR || TREE_CODE (c) == LE_EXPR;
        tree c0 = strip_conv (TREE_OPERAND (c, 0));
        tree c1 = strip_conv (TREE_OPERAND (c, 1));
        tree x = strip_conv (TREE_OPERAND (e, 1));
        tree y = strip_conv (TREE_OPERAND (e, 2));
        unsigned fl = OEP_MATCH_SIDE_EFFECTS;
        if (!gt && !lt)
          return COND_EXPR;
        if (operand_equal_p (x, c0, fl) && operand_equal_p (y, c1, fl))
          return gt ? MAX_EXPR : MIN_EXPR;
        if (operand_equal_p (x, c1, fl) && operand_equal_p (y, c0, fl))
          return gt ? MIN_EXPR : MAX_EXPR;
        return COND_EXPR;
      }
    default:
      return TREE_CODE (e);
    }
}

/* E without its conversions, and for a _Bool VAR without the front
   end's conversion to _Bool, `E != 0'.  */
static tree
strip_update (tree e, tree var)
{
  e = strip_conv (e);
  while (TREE_CODE (TREE_TYPE (var)) == BOOLEAN_TYPE
         && TREE_CODE (e) == NE_EXPR && integer_zerop (TREE_OPERAND (e, 1))
         && strip_conv (TREE_OPERAND (e, 0)) != var)
    e = strip_conv (TREE_OPERAND (e, 0));
  return e;
}

/* Whether E, the value assigned to reduction variable VAR, is VAR
   combined with something free of VAR by OP.  */
static bool
red_form (tree e, tree var, enum tree_code op)
{
  e = strip_update (e, var);
  if (e == var)
    return true;
  if ((op == TRUTH_ANDIF_EXPR || op == TRUTH_ORIF_EXPR)
      && TREE_CODE (e) == NE_EXPR && strip_conv (TREE_OPERAND (e, 0)) == var
      && integer_zerop (TREE_OPERAND (e, 1)))
    return true;
  enum tree_code code = update_code (e);
  bool minus = op == PLUS_EXPR && code == MINUS_EXPR;
  if (code != op && !minus)
    return false;
  tree a, b;
  if (TREE_CODE (e) == CALL_EXPR)
    a = CALL_EXPR_ARG (e, 0), b = CALL_EXPR_ARG (e, 1);
  else if (TREE_CODE (e) == COND_EXPR)
    a = TREE_OPERAND (e, 1), b = TREE_OPERAND (e, 2);
  else
    a = TREE_OPERAND (e, 0), b = TREE_OPERAND (e, 1);
  bool ma = mentions (a, var), mb = mentions (b, var);
  if (ma == mb || (mb && minus))
    return false;
  return red_form (ma ? a : b, var, op);
}

static const char *
op_name (enum tree_code code)
{
  switch (code)
    {
    case PLUS_EXPR:
      return "+";
    case MINUS_EXPR:
      return "-";
    case MULT_EXPR:
      return "*";
    case RDIV_EXPR:
    case TRUNC_DIV_EXPR:
      return "/";
    case BIT_AND_EXPR:
      return "&";
    case BIT_IOR_EXPR:
      return "|";
    case BIT_XOR_EXPR:
      return "^";
    case TRUTH_ANDIF_EXPR:
      return "&&";
    case TRUTH_ORIF_EXPR:
      return "||";
    case MAX_EXPR:
      return "max";
    case MIN_EXPR:
      return "min";
    default:
      return NULL;
    }
}

/* Check the update T, `VAR = RHS', of a reduction variable against its
   clause's operator.  */
static bool
check_red_update (red_ctx &c, tree t, tree var)
{
  pacc_reduction_clause &rc
    = c.r->pc->reductions[pacc_reduction_index (*c.r, var)];
  tree rhs = TREE_OPERAND (t, 1);
  if (red_form (rhs, var, rc.op))
    return true;
  const char *v = IDENTIFIER_POINTER (DECL_NAME (var));
  const char *cl = op_name (rc.op);
  bool flt = SCALAR_FLOAT_TYPE_P (TREE_TYPE (var));
  std::string want = v;
  switch (rc.op)
    {
    case TRUTH_ANDIF_EXPR:
    case TRUTH_ORIF_EXPR:
      want = want + " = " + v + " " + cl + " EXPR";
      break;
    case MAX_EXPR:
    case MIN_EXPR:
      if (flt)
        want = want + " = f" + cl + " (" + v + ", EXPR)";
      else
        want = want + " = " + v + (rc.op == MAX_EXPR ? " > " : " < ")
               + "EXPR ? " + v + " : EXPR";
      break;
    default:
      want = want + " " + cl + "= EXPR";
    }
  location_t loc = stmt_loc (t, c.k->loc);
  enum tree_code code = update_code (strip_update (rhs, var));
  const char *got = mentions (rhs, var) ? op_name (code) : NULL;
  if (got && code != rc.op)
    error_at (loc,
              "reduction variable %qD is updated with %qs, but its "
              "clause is %<reduction(%s:%D)%>: the update must use the "
              "clause%'s operator; write %qs",
              var, got, cl, var, want.c_str ());
  else
    error_at (loc,
              "this update of reduction variable %qD is not %qD "
              "combined by %qs with a value free of %qD, as its clause "
              "%<reduction(%s:%D)%> needs; write %qs",
              var, var, cl, var, cl, var, want.c_str ());
  inform (rc.loc, "the %<reduction%> clause");
  return false;
}

/* Whether a walk of the nest skips T: types, and the SAVE_EXPRs the front
   end made (their operand is walked where the user wrote it).  */
static bool
red_skip_p (const red_ctx &c, tree t)
{
  return TYPE_P (t)
         || (TREE_CODE (t) == SAVE_EXPR && !pacc_user_save_expr_p (*c.r, t));
}

/* Whether T is an assignment to a reduction variable: an update.  */
static bool
red_update_p (const red_ctx &c, tree t)
{
  return TREE_CODE (t) == MODIFY_EXPR
         && pacc_reduction_index (*c.r, strip_conv (TREE_OPERAND (t, 0))) >= 0;
}

static tree
red_stmt_r (tree *tp, int *walk_subtrees, void *data)
{
  red_ctx &c = *(red_ctx *) data;
  tree t = *tp;
  if (red_skip_p (c, t))
    *walk_subtrees = 0;
  else if (red_update_p (c, t))
    {
      c.k->red_stmts.push_back (t);
      if (!check_red_update (c, t, strip_conv (TREE_OPERAND (t, 0))))
        c.bad = true;
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Reduction variables may appear only as the target of an assignment and
   in its right-hand side.  */
static tree
red_use_r (tree *tp, int *walk_subtrees, void *data)
{
  red_ctx &c = *(red_ctx *) data;
  tree t = *tp;
  if (red_skip_p (c, t) || red_update_p (c, t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (DECL_P (t) && pacc_reduction_index (*c.r, t) >= 0)
    {
      error_at (stmt_loc (t, c.k->loc),
                "reduction variable %qD is read in "
                "a %<#pragma pacc loop%> outside its update",
                t);
      return t;
    }
  return NULL_TREE;
}

/* Check the reductions of kernel K (analyse_kernel's step): record their
   updates, report a wrong operator or a read outside an update.  */
bool
pacc_check_reductions (pacc_region &r, pacc_kernel &k)
{
  red_ctx rc = { &r, &k, false };
  walk_tree (&FOR_BODY (k.loops[0].for_stmt), red_stmt_r, &rc, NULL);
  if (rc.bad)
    return false;
  if (walk_tree (&FOR_BODY (k.loops[0].for_stmt), red_use_r, &rc, NULL))
    return false;
  return true;
}
