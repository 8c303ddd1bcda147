/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* check-stmts.cc - statement helpers of the region check: statements
   with no effect, canonical for loops (and loops that never end), calls
   with side effects, and jumps out of a region.

   A `#pragma pacc loop` or `pipeline` must be followed by a for loop in
   canonical form, `for (v = a; v < b; v++)` (pacc_match_for,
   unit_loop_bound).  break, continue, return and goto may not leave a
   pipeline region or one of its loops, nor jump out of or into a
   `#pragma pacc deviceid` statement (check_escapes, with a located error
   for each).  */

#include "check.h"

/* ------------------------------------------------------------------ */
/* Statement helpers.                                                  */

/* Statements with no effect on the region: debug markers, empty
   statements, and what the C front end adds for variably modified types
   (the TYPE_DECL's DECL_EXPR, `(void) SAVE_EXPR <size>`).  */
bool
size_eval_p (tree t)
{
  switch (TREE_CODE (t))
    {
    case SAVE_EXPR:
    case INTEGER_CST:
      return true;
    case NOP_EXPR:
    case CONVERT_EXPR:
      return size_eval_p (TREE_OPERAND (t, 0));
    case COMPOUND_EXPR:
      return size_eval_p (TREE_OPERAND (t, 0))
             && size_eval_p (TREE_OPERAND (t, 1));
    default:
      return false;
    }
}

/* Step I past the current statement and those with no effect.  */
void
pacc_next_stmt (tree_stmt_iterator *i)
{
  tsi_next (i);
  while (!tsi_end_p (*i) && pacc_skip_stmt_p (tsi_stmt (*i)))
    tsi_next (i);
}

bool
pacc_skip_stmt_p (tree t)
{
  return !t || TREE_CODE (t) == DEBUG_BEGIN_STMT
         || (TREE_CODE (t) == DECL_EXPR
             && TREE_CODE (DECL_EXPR_DECL (t)) == TYPE_DECL)
         || (VOID_TYPE_P (TREE_TYPE (t)) && size_eval_p (t));
}

location_t
stmt_loc (tree t, location_t fallback)
{
  location_t l = EXPR_P (t) || STATEMENT_CLASS_P (t) ? EXPR_LOCATION (t)
                                                     : UNKNOWN_LOCATION;
  return l != UNKNOWN_LOCATION ? l : fallback;
}

/* The loop variable of a FOR_STMT's condition `v < e` (or <=, >, >=,
   either way round).  */
tree
cond_var (tree cond, tree var_hint)
{
  if (!cond || !COMPARISON_CLASS_P (cond))
    return NULL_TREE;
  tree a = strip_conv (TREE_OPERAND (cond, 0));
  tree b = strip_conv (TREE_OPERAND (cond, 1));
  if (var_hint)
    return a == var_hint || b == var_hint ? var_hint : NULL_TREE;
  if (DECL_P (a) && INTEGRAL_TYPE_P (TREE_TYPE (a)))
    return a;
  if (DECL_P (b) && INTEGRAL_TYPE_P (TREE_TYPE (b)))
    return b;
  return NULL_TREE;
}

/* The variable a FOR_STMT counts with: the integer variable its increment
   steps (v++, --v, v += c, v = v + c, ...), else the first integer
   variable of its condition.  The front end folds
   `t <= n - 1` into `n > t`, so the condition alone would name n.  */
tree
for_var (tree for_stmt)
{
  tree inc = FOR_EXPR (for_stmt), cond = FOR_COND (for_stmt);
  if (inc
      && (TREE_CODE (inc) == MODIFY_EXPR
          || TREE_CODE (inc) == POSTINCREMENT_EXPR
          || TREE_CODE (inc) == PREINCREMENT_EXPR
          || TREE_CODE (inc) == POSTDECREMENT_EXPR
          || TREE_CODE (inc) == PREDECREMENT_EXPR))
    {
      tree v = strip_conv (TREE_OPERAND (inc, 0));
      if (DECL_P (v) && INTEGRAL_TYPE_P (TREE_TYPE (v)))
        return v;
    }
  return cond_var (cond, NULL_TREE);
}

/* Whether a FOR_STMT counting with VAR steps it down (v--, --v,
   v -= 1, v = v - 1).  */
bool
for_counts_down (tree for_stmt, tree var)
{
  tree inc = FOR_EXPR (for_stmt);
  if (!inc)
    return false;
  if (TREE_CODE (inc) == POSTDECREMENT_EXPR
      || TREE_CODE (inc) == PREDECREMENT_EXPR)
    return strip_conv (TREE_OPERAND (inc, 0)) == var;
  if (TREE_CODE (inc) == MODIFY_EXPR && TREE_OPERAND (inc, 0) == var)
    {
      tree rhs = strip_conv (TREE_OPERAND (inc, 1));
      return (TREE_CODE (rhs) == MINUS_EXPR
              && strip_conv (TREE_OPERAND (rhs, 0)) == var)
             || (TREE_CODE (rhs) == PLUS_EXPR
                 && TREE_CODE (TREE_OPERAND (rhs, 1)) == INTEGER_CST
                 && tree_int_cst_sgn (TREE_OPERAND (rhs, 1)) < 0);
    }
  return false;
}

/* After a marker at *SLOT's position in its list (SLOT points at the
   statement following the marker): find `v = init;` (optional) and the
   FOR_STMT, possibly inside the BIND_EXPR of `for (int v = ...)`.  */
bool
pacc_match_for (tree *slot, tree **for_slot, tree **init_slot, tree *var,
                tree *init)
{
  *for_slot = NULL;
  *init_slot = NULL;
  *var = NULL_TREE;
  *init = NULL_TREE;
  tree s = *slot;
  if (TREE_CODE (s) == FOR_STMT)
    {
      *for_slot = slot;
      *var = for_var (s);
      return *var != NULL_TREE;
    }
  if (TREE_CODE (s) == BIND_EXPR)
    {
      tree body = BIND_EXPR_BODY (s);
      if (TREE_CODE (body) == FOR_STMT)
        return pacc_match_for (&BIND_EXPR_BODY (s), for_slot, init_slot, var,
                               init);
      if (TREE_CODE (body) != STATEMENT_LIST)
        return false;
      tree decl = NULL_TREE;
      for (tree_stmt_iterator i = tsi_start (body); !tsi_end_p (i);
           tsi_next (&i))
        {
          tree st = tsi_stmt (i);
          if (pacc_skip_stmt_p (st))
            continue;
          if (TREE_CODE (st) == DECL_EXPR)
            {
              decl = DECL_EXPR_DECL (st);
              continue;
            }
          if (TREE_CODE (st) != FOR_STMT)
            return false;
          *for_slot = tsi_stmt_ptr (i);
          *var = for_var (st);
          if (!*var)
            return false;
          if (decl == *var)
            *init = DECL_INITIAL (decl);
          pacc_next_stmt (&i);
          return tsi_end_p (i);
        }
      return false;
    }
  return false;
}

/* Normalise a for loop `for (v = a; v < b; v++)` (also <=, b > v, ++v,
   v += 1, v = v + 1) to its exclusive bound; NULL if not that form.  */
tree
unit_loop_bound (tree for_stmt, tree var)
{
  tree cond = FOR_COND (for_stmt), incr = FOR_EXPR (for_stmt);
  if (!cond || !incr)
    return NULL_TREE;
  bool ok = false;
  switch (TREE_CODE (incr))
    {
    case POSTINCREMENT_EXPR:
    case PREINCREMENT_EXPR:
      ok = strip_conv (TREE_OPERAND (incr, 0)) == var
           && integer_onep (TREE_OPERAND (incr, 1));
      break;
    case MODIFY_EXPR:
      {
        tree rhs = strip_conv (TREE_OPERAND (incr, 1));
        ok = TREE_OPERAND (incr, 0) == var && TREE_CODE (rhs) == PLUS_EXPR
             && ((strip_conv (TREE_OPERAND (rhs, 0)) == var
                  && integer_onep (strip_conv (TREE_OPERAND (rhs, 1))))
                 || (strip_conv (TREE_OPERAND (rhs, 1)) == var
                     && integer_onep (strip_conv (TREE_OPERAND (rhs, 0)))));
        break;
      }
    default:
      break;
    }
  if (!ok)
    return NULL_TREE;
  enum tree_code code = TREE_CODE (cond);
  tree a = TREE_OPERAND (cond, 0), b = TREE_OPERAND (cond, 1);
  if (strip_conv (b) == var)
    {
      std::swap (a, b);
      code = swap_tree_comparison (code);
    }
  if (strip_conv (a) != var)
    return NULL_TREE;
  if (code == LT_EXPR)
    return b;
  if (code == LE_EXPR)
    return fold_build2 (PLUS_EXPR, TREE_TYPE (b), b,
                        build_one_cst (TREE_TYPE (b)));
  return NULL_TREE;
}

static bool for_step (tree for_stmt, tree var, HOST_WIDE_INT *step);

/* The values [*LO, *HI) that VAR of FOR_STMT takes, from INIT: a loop
   up by one (unit_loop_bound), or down by one (`for (v = a; v > b; v--)'
   takes b + 1 to a, `v >= b' b to a); false for other forms.  The range
   checks judge a loop written either way by what it touches.  */
bool
pacc_loop_span (tree for_stmt, tree var, tree init, tree *lo, tree *hi)
{
  if (!for_stmt || !init)
    return false;
  if (tree b = unit_loop_bound (for_stmt, var))
    {
      *lo = init;
      *hi = b;
      return true;
    }
  HOST_WIDE_INT step;
  tree cond = FOR_COND (for_stmt);
  if (!cond || !COMPARISON_CLASS_P (cond) || !for_step (for_stmt, var, &step)
      || step != -1)
    return false;
  enum tree_code code = TREE_CODE (cond);
  tree a = TREE_OPERAND (cond, 0), b = TREE_OPERAND (cond, 1);
  if (strip_conv (b) == var)
    {
      std::swap (a, b);
      code = swap_tree_comparison (code);
    }
  if (strip_conv (a) != var || (code != GT_EXPR && code != GE_EXPR))
    return false;
  tree one = build_one_cst (TREE_TYPE (b));
  *lo = code == GT_EXPR ? fold_build2 (PLUS_EXPR, TREE_TYPE (b), b, one) : b;
  *hi = fold_build2 (PLUS_EXPR, TREE_TYPE (init), init,
                     build_one_cst (TREE_TYPE (init)));
  return true;
}

/* The constant step of a FOR_STMT counting with VAR (v++, --v, v += c,
   v -= c, v = v + c, v = c + v, v = v - c) into *STEP; false if it has
   no constant step.  */
static bool
for_step (tree for_stmt, tree var, HOST_WIDE_INT *step)
{
  tree inc = FOR_EXPR (for_stmt);
  if (!inc)
    return false;
  switch (TREE_CODE (inc))
    {
    case POSTINCREMENT_EXPR:
    case PREINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
    case PREDECREMENT_EXPR:
      if (strip_conv (TREE_OPERAND (inc, 0)) != var)
        return false;
      *step = (TREE_CODE (inc) == POSTINCREMENT_EXPR
               || TREE_CODE (inc) == PREINCREMENT_EXPR)
                ? 1
                : -1;
      return true;
    case MODIFY_EXPR:
      {
        tree rhs = strip_conv (TREE_OPERAND (inc, 1));
        if (strip_conv (TREE_OPERAND (inc, 0)) != var
            || (TREE_CODE (rhs) != PLUS_EXPR && TREE_CODE (rhs) != MINUS_EXPR))
          return false;
        tree a = strip_conv (TREE_OPERAND (rhs, 0));
        tree b = strip_conv (TREE_OPERAND (rhs, 1));
        if (TREE_CODE (rhs) == PLUS_EXPR && b == var)
          std::swap (a, b);
        if (a != var || TREE_CODE (b) != INTEGER_CST || !tree_fits_shwi_p (b))
          return false;
        *step = TREE_CODE (rhs) == PLUS_EXPR ? tree_to_shwi (b)
                                             : -tree_to_shwi (b);
        return true;
      }
    default:
      return false;
    }
}

/* A `loop' over VAR from INIT whose condition holds at the start and
   whose constant step moves VAR away from the condition's constant
   bound, or not at all: the loop does not end (in the sequential
   program the variable overflows; the offload compiler crashed on it).
   Reported at LOC; true if so.  Bounds that are not constants may make
   the loop empty, which is a loop that ends.  */
bool
pacc_loop_runs_away (tree for_stmt, tree var, tree init, location_t loc)
{
  tree cond = FOR_COND (for_stmt);
  HOST_WIDE_INT step;
  if (!init || !cond || !COMPARISON_CLASS_P (cond)
      || !for_step (for_stmt, var, &step))
    return false;
  enum tree_code code = TREE_CODE (cond);
  tree a = TREE_OPERAND (cond, 0), b = TREE_OPERAND (cond, 1);
  if (strip_conv (b) == var)
    {
      std::swap (a, b);
      code = swap_tree_comparison (code);
    }
  tree from = fold (strip_conv (init)), to = fold (strip_conv (b));
  if (strip_conv (a) != var || TREE_CODE (from) != INTEGER_CST
      || TREE_CODE (to) != INTEGER_CST || !tree_fits_shwi_p (from)
      || !tree_fits_shwi_p (to))
    return false;
  HOST_WIDE_INT f = tree_to_shwi (from), e = tree_to_shwi (to);
  bool up;
  switch (code)
    {
    case LT_EXPR:
      up = true;
      if (f >= e)
        return false;
      break;
    case LE_EXPR:
      up = true;
      if (f > e)
        return false;
      break;
    case GT_EXPR:
      up = false;
      if (f <= e)
        return false;
      break;
    case GE_EXPR:
      up = false;
      if (f < e)
        return false;
      break;
    default:
      return false;
    }
  if (up ? step > 0 : step < 0)
    return false;
  /* The bound as the exclusive one the source most likely wrote (the
     front end folds v < 20 into v <= 19).  */
  if (code == LE_EXPR)
    e++;
  else if (code == GE_EXPR)
    e--;
  error_at (loc,
            "this %<#pragma pacc loop%> never ends: %qD starts at "
            "%wd, %s its bound %wd, and its step %wd %s; step it %s "
            "(%<%D%s%>)",
            var, f, up ? "below" : "above", e, step,
            step ? "moves it away from the bound" : "does not move it",
            up ? "up" : "down", var, up ? "++" : "--");
  return true;
}

static bool call_effects (tree call, int depth);

/* walk_tree callback over the body of function DATA: an effect beyond
   its own automatic variables (a store elsewhere, a volatile access,
   an asm, a call with one).  */
static tree
body_effect_r (tree *tp, int *walk_subtrees, void *data)
{
  tree t = *tp, fn = ((tree *) data)[0];
  int depth = (int) (intptr_t) ((tree *) data)[1];
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if ((DECL_P (t) || REFERENCE_CLASS_P (t)) && TREE_THIS_VOLATILE (t))
    return t;
  switch (TREE_CODE (t))
    {
    case ASM_EXPR:
      return t;
    case CALL_EXPR:
      return call_effects (t, depth + 1) ? t : NULL_TREE;
    case MODIFY_EXPR:
    case INIT_EXPR:
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      {
        tree lhs = TREE_OPERAND (t, 0);
        while (
          TREE_CODE (lhs) == COMPONENT_REF
          || (TREE_CODE (lhs) == ARRAY_REF
              && TREE_CODE (TREE_TYPE (TREE_OPERAND (lhs, 0))) == ARRAY_TYPE))
          lhs = TREE_OPERAND (lhs, 0);
        if (!((VAR_P (lhs) || TREE_CODE (lhs) == PARM_DECL
               || TREE_CODE (lhs) == RESULT_DECL)
              && DECL_CONTEXT (lhs) == fn && !TREE_STATIC (lhs)))
          return t;
        return NULL_TREE;
      }
    default:
      return NULL_TREE;
    }
}

/* Whether CALL may have a side effect: it calls through a pointer, or a
   function that is neither const nor pure nor a math built-in whose only
   effect is errno (GCC declares those "const but for errno", fn spec ".C"
   or ".P": sqrt, exp, pow...), nor defined earlier in this translation
   unit with a body that stores only to its own automatic variables and
   calls only such functions (real codes call small helpers without
   attributes; GCC finds them const only later, in its IPA passes).
   Internal functions have none.  DEPTH bounds the calls followed.  */
static bool
call_effects (tree call, int depth)
{
  if (!CALL_EXPR_FN (call))
    return false;
  tree fn = get_callee_fndecl (call);
  if (!fn)
    return true;
  if (flags_from_decl_or_type (fn) & (ECF_CONST | ECF_PURE))
    return false;
  if (!fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    {
      if (depth > 8 || !DECL_SAVED_TREE (fn) || DECL_EXTERNAL (fn)
          || DECL_STRUCT_FUNCTION (fn) == cfun)
        return true;
      tree data[2] = { fn, (tree) (intptr_t) depth };
      return walk_tree_without_duplicates (&DECL_SAVED_TREE (fn),
                                           body_effect_r, data)
             != NULL_TREE;
    }
  tree spec = lookup_attribute ("fn spec", TYPE_ATTRIBUTES (TREE_TYPE (fn)));
  if (!spec)
    return true;
  tree str = TREE_VALUE (TREE_VALUE (spec));
  return !(TREE_CODE (str) == STRING_CST && TREE_STRING_LENGTH (str) > 1
           && (TREE_STRING_POINTER (str)[1] == 'C'
               || TREE_STRING_POINTER (str)[1] == 'P'));
}

bool
pacc_call_effects_p (tree call)
{
  return call_effects (call, 0);
}

/* ------------------------------------------------------------------ */
/* Escapes: break/continue/return/goto leaving the region.             */

static tree
escape_r (tree *tp, int *walk_subtrees, void *data)
{
  escape_ctx &c = *(escape_ctx *) data;
  tree t = *tp;
  switch (TREE_CODE (t))
    {
    case FOR_STMT:
    case WHILE_STMT:
    case DO_STMT:
      {
        *walk_subtrees = 0;
        escape_ctx inner = c;
        inner.depth++;
        inner.cdepth++;
        for (int i = 0; i < TREE_OPERAND_LENGTH (t); i++)
          if (TREE_OPERAND (t, i))
            check_escapes (TREE_OPERAND (t, i), inner, EXPR_LOCATION (t));
        c.bad |= inner.bad;
        return NULL_TREE;
      }
    case SWITCH_STMT:
      {
        *walk_subtrees = 0;
        escape_ctx inner = c;
        inner.depth++;
        for (int i = 0; i < TREE_OPERAND_LENGTH (t); i++)
          if (TREE_OPERAND (t, i))
            check_escapes (TREE_OPERAND (t, i), inner, EXPR_LOCATION (t));
        c.bad |= inner.bad;
        return NULL_TREE;
      }
    case BREAK_STMT:
    case CONTINUE_STMT:
    case RETURN_EXPR:
    case GOTO_EXPR:
    case LABEL_EXPR:
      if (c.deviceid
          && ((TREE_CODE (t) == BREAK_STMT && c.depth == 0)
              || (TREE_CODE (t) == CONTINUE_STMT && c.cdepth == 0)
              || TREE_CODE (t) == RETURN_EXPR || TREE_CODE (t) == GOTO_EXPR
              || TREE_CODE (t) == LABEL_EXPR))
        {
          error_at (stmt_loc (t, input_location),
                    "jump out of or into a "
                    "%<#pragma pacc deviceid%> statement: the previous device "
                    "would not be restored");
          c.bad = true;
          return NULL_TREE;
        }
      if (c.deviceid)
        return NULL_TREE;
      break;
    default:
      break;
    }
  switch (TREE_CODE (t))
    {
    case BREAK_STMT:
      if (c.depth == 0)
        {
          error_at (stmt_loc (t, input_location),
                    "%<break%> leaves a "
                    "%<#pragma pacc pipeline%> region or one of its loops");
          c.bad = true;
        }
      return NULL_TREE;
    case CONTINUE_STMT:
      if (c.cdepth == 0)
        {
          error_at (stmt_loc (t, input_location),
                    "%<continue%> in the time "
                    "step of a %<#pragma pacc pipeline%> region or in a "
                    "%<#pragma pacc loop%>");
          c.bad = true;
        }
      return NULL_TREE;
    case RETURN_EXPR:
      error_at (stmt_loc (t, input_location),
                "%<return%> inside a "
                "%<#pragma pacc pipeline%> region");
      c.bad = true;
      return NULL_TREE;
    case GOTO_EXPR:
    case LABEL_EXPR:
      error_at (stmt_loc (t, input_location),
                "%<goto%> or label inside a "
                "%<#pragma pacc pipeline%> region");
      c.bad = true;
      return NULL_TREE;
    default:
      if (TYPE_P (t) || DECL_P (t))
        *walk_subtrees = 0;
      return NULL_TREE;
    }
}

void
check_escapes (tree t, escape_ctx &c, location_t)
{
  walk_tree_without_duplicates (&t, escape_r, &c);
}

/* Whether STMT (the statement after `#pragma pacc deviceid') can be left
   other than by falling through; reports it.  */
bool
pacc_deviceid_escapes (tree stmt)
{
  escape_ctx ec = { 0, 0, false, true };
  check_escapes (stmt, ec, UNKNOWN_LOCATION);
  return ec.bad;
}
