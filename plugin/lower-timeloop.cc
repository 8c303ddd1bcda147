/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower-timeloop.cc - a pipeline's time loop written as `while' or `do'.

   The region check and the lowering take a counted FOR_STMT.  A `while'
   or `do' loop that counts as one is rewritten here, before them, into a
   FOR_STMT (with what must run before it) that takes the same values of
   its counter, runs the same number of times and leaves the counter with
   the value C leaves it with (issue 45, item 7):

     while (n < B) { S; n++; }       for (; n < B; n++) S
     while (++n < B) S               ++n; for (; n < B; n++) S
     while (n++ < B) S               n++; for (; n < B + 1; n++) S
     do { S; n++; } while (n < B);   n0 = n;
     do S while (++n < B);             for (; n < MAX (B, n0 + 1); n++) S
     do S while (n++ < B);           the same with B + 1

   (`n <= B' is `n < B + 1'; `B > n' is `n < B'; n++ may be ++n, n += 1,
   n = n + 1; `for (; n < B;) { S; n++; }' is the while loop).  A do loop runs its body once before any test: the MAX.
   A `continue' in the body is refused by the region check as in a for
   loop, so the trailing increment cannot be skipped.  A loop that is not
   counted (a condition not on the counter, a counter the body modifies,
   no increment) is a located error saying what to write.  */

#include "check.h"
#include "lower.h"

/* Whether E increments VAR by one: ++v, v++, v += 1, v = v + 1,
   v = 1 + v.  */
static bool
incr_by_one_p (tree e, tree var)
{
  e = strip_conv (e);
  switch (TREE_CODE (e))
    {
    case PREINCREMENT_EXPR:
    case POSTINCREMENT_EXPR:
      return strip_conv (TREE_OPERAND (e, 0)) == var
             && integer_onep (TREE_OPERAND (e, 1));
    case MODIFY_EXPR:
      {
        if (TREE_OPERAND (e, 0) != var)
          return false;
        tree rhs = strip_conv (TREE_OPERAND (e, 1));
        if (TREE_CODE (rhs) != PLUS_EXPR)
          return false;
        tree a = strip_conv (TREE_OPERAND (rhs, 0));
        tree b = strip_conv (TREE_OPERAND (rhs, 1));
        return (a == var && integer_onep (b))
               || (b == var && integer_onep (a));
      }
    default:
      return false;
    }
}

/* The last statement of BODY that has an effect, as a slot; NULL if
   none.  */
static tree *
last_stmt_slot (tree *body)
{
  tree t = *body;
  if (!t || pacc_skip_stmt_p (t))
    return NULL;
  if (TREE_CODE (t) == BIND_EXPR)
    return last_stmt_slot (&BIND_EXPR_BODY (t));
  if (TREE_CODE (t) != STATEMENT_LIST)
    return body;
  tree *last = NULL;
  for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
    if (!pacc_skip_stmt_p (tsi_stmt (i)))
      last = tsi_stmt_ptr (i);
  if (last
      && (TREE_CODE (*last) == BIND_EXPR
          || TREE_CODE (*last) == STATEMENT_LIST))
    return last_stmt_slot (last);
  return last;
}

/* The time loop's condition is not a comparison of its counter with a
   bound.  */
static void
not_counted_error (location_t loc, const char *kw)
{
  error_at (loc,
            "the %<%s%> loop after %<#pragma pacc pipeline%> is not "
            "a counted loop: its condition must compare the time step "
            "with a bound (%<t < T%> or %<t <= T%>); "
            "write %<for (t = t0; t < T; t++)%>, "
            "%<while (t < T) { ...; t++; }%>, %<while (t++ < T)%> or "
            "%<do { ... } while (++t < T)%>",
            kw);
}

static tree
uses_r (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return *tp == (tree) data ? *tp : NULL_TREE;
}

/* The counter side of a condition operand: a variable, ++v or v++.
   *KIND: 0 plain, 1 pre-increment, 2 post-increment, -1 a decrement.  */
static tree
counter_of (tree e, int *kind)
{
  e = strip_conv (e);
  *kind = 0;
  switch (TREE_CODE (e))
    {
    case PREINCREMENT_EXPR:
    case POSTINCREMENT_EXPR:
      if (!integer_onep (TREE_OPERAND (e, 1)))
        return NULL_TREE;
      *kind = TREE_CODE (e) == PREINCREMENT_EXPR ? 1 : 2;
      e = strip_conv (TREE_OPERAND (e, 0));
      break;
    case PREDECREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      *kind = -1;
      e = strip_conv (TREE_OPERAND (e, 0));
      break;
    default:
      break;
    }
  if ((TREE_CODE (e) == VAR_DECL || TREE_CODE (e) == PARM_DECL)
      && INTEGRAL_TYPE_P (TREE_TYPE (e)))
    return e;
  return NULL_TREE;
}

/* The block of a new BIND_EXPR, linked into FNDECL's block tree (IPA
   clones remap every statement's block and must find it).  */
static void
link_block (tree bind, tree fndecl)
{
  tree block = BIND_EXPR_BLOCK (bind);
  tree outer = DECL_INITIAL (fndecl);
  if (outer && TREE_CODE (outer) == BLOCK)
    {
      BLOCK_SUPERCONTEXT (block) = outer;
      BLOCK_CHAIN (block) = BLOCK_SUBBLOCKS (outer);
      BLOCK_SUBBLOCKS (outer) = block;
    }
}

int
pacc_time_loop_as_for (tree *slot, tree fndecl, location_t dloc,
                       tree **for_slot)
{
  tree s = *slot;
  /* `for (int t = 0; t < T;)': the declaration's block around it.  */
  if (TREE_CODE (s) == BIND_EXPR
      && TREE_CODE (BIND_EXPR_BODY (s)) == STATEMENT_LIST)
    {
      tree *last = NULL;
      for (tree_stmt_iterator i = tsi_start (BIND_EXPR_BODY (s));
           !tsi_end_p (i); tsi_next (&i))
        if (!pacc_skip_stmt_p (tsi_stmt (i)))
          {
            if (last && TREE_CODE (*last) != DECL_EXPR)
              return 0;
            last = tsi_stmt_ptr (i);
          }
      if (last && TREE_CODE (*last) == FOR_STMT && !FOR_EXPR (*last))
        return pacc_time_loop_as_for (last, fndecl, dloc, for_slot);
      return 0;
    }
  /* A for loop without its step, `for (; t < T;) { ...; t++; }', is a
     while loop.  */
  bool is_for = TREE_CODE (s) == FOR_STMT && !FOR_EXPR (s) && FOR_COND (s)
                && !FOR_INIT_STMT (s);
  bool is_do = TREE_CODE (s) == DO_STMT;
  if (!is_do && !is_for && TREE_CODE (s) != WHILE_STMT)
    return 0;
  location_t loc = stmt_loc (s, dloc);
  const char *kw = is_do ? "do" : is_for ? "for" : "while";
  tree cond = is_do ? DO_COND (s) : is_for ? FOR_COND (s) : WHILE_COND (s);
  tree *body = is_do ? &DO_BODY (s) : is_for ? &FOR_BODY (s) : &WHILE_BODY (s);
  tree c = cond ? strip_conv (cond) : NULL_TREE;
  /* A do loop's condition is at its end: point there.  */
  if (is_do && c)
    loc = stmt_loc (c, loc);
  if (!c || !COMPARISON_CLASS_P (c))
    {
      not_counted_error (loc, kw);
      return -1;
    }
  enum tree_code code = TREE_CODE (c);
  tree a = TREE_OPERAND (c, 0), b = TREE_OPERAND (c, 1);
  /* The counter's side: the one incremented in the condition, else the
     variable the body's last statement increments, else the left.  */
  int kind, kind_b;
  tree var = counter_of (a, &kind);
  tree var_b = counter_of (b, &kind_b);
  tree *last = last_stmt_slot (body);
  bool take_b = false;
  if (var_b && (!var || (kind == 0 && kind_b != 0)))
    take_b = true;
  else if (var && var_b && kind == 0 && kind_b == 0 && last
           && !incr_by_one_p (*last, var) && incr_by_one_p (*last, var_b))
    take_b = true;
  if (take_b)
    {
      std::swap (a, b);
      code = swap_tree_comparison (code);
      var = var_b;
      kind = kind_b;
    }
  if (!var || walk_tree_without_duplicates (&b, uses_r, var))
    {
      not_counted_error (loc, kw);
      return -1;
    }
  if (kind < 0 || (code != LT_EXPR && code != LE_EXPR))
    {
      error_at (loc,
                "the time loop of a %<#pragma pacc pipeline%> must "
                "count up by one; %qD counts down or is not bounded above: "
                "write %<for (t = t0; t < T; t++)%>, "
                "%<while (t < T) { ...; t++; }%>, %<while (t++ < T)%> or "
                "%<do { ... } while (++t < T)%>",
                var);
      return -1;
    }
  /* Without an increment in the condition, the body's last statement
     steps the counter.  */
  if (kind == 0)
    {
      if (!last || !incr_by_one_p (*last, var))
        {
          error_at (last ? stmt_loc (*last, loc) : loc,
                    "the %<%s%> loop "
                    "after %<#pragma pacc pipeline%> does not step its "
                    "counter %qD: its body must end with %<%E++;%> (or the "
                    "condition increment it, %<%s%>); "
                    "write %<for (t = t0; t < T; t++)%>, "
                    "%<while (t < T) { ...; t++; }%>, %<while (t++ < T)%> or "
                    "%<do { ... } while (++t < T)%>",
                    kw, var, var,
                    is_do ? "while (++t < T)" : "while (t++ < T)");
          return -1;
        }
      *last = build_empty_stmt (stmt_loc (*last, loc));
    }
  if (tree m = pacc_find_store (*body, var))
    {
      error_at (stmt_loc (m, loc),
                "the counter %qD of the %<%s%> time loop "
                "after %<#pragma pacc pipeline%> is modified in its body: a "
                "counted loop changes it only by its one step; "
                "write %<for (t = t0; t < T; t++)%>, "
                "%<while (t < T) { ...; t++; }%>, %<while (t++ < T)%> or "
                "%<do { ... } while (++t < T)%>",
                var, kw);
      return -1;
    }

  /* The bound as `n < B'.  */
  tree ta = TREE_TYPE (a), tb = TREE_TYPE (b);
  tree bound = b;
  int extra = (code == LE_EXPR) + (kind == 2);
  if (extra)
    bound = fold_build2 (PLUS_EXPR, tb, bound, build_int_cst (tb, extra));

  lower_ctx lc;
  lc.r = NULL;
  lc.loc = loc;
  lc.vars = NULL_TREE;
  lc.fndecl = fndecl;
  lc.kb = NULL_TREE;
  tree list = alloc_stmt_list ();
  tree vtype = TREE_TYPE (var);
  tree one = build_int_cst (vtype, 1);
  if (is_do)
    {
      /* The first iteration runs before any test.  */
      tree n0 = new_var (lc, "__pacc_t_first", TYPE_MAIN_VARIANT (vtype));
      add (&list, assign (n0, var));
      tree first = fold_build2 (PLUS_EXPR, tb, fold_convert (tb, n0),
                                build_int_cst (tb, 1));
      bound = build2 (MAX_EXPR, tb, bound, first);
    }
  else if (kind)
    {
      tree inc = build2 (PREINCREMENT_EXPR, vtype, var, one);
      TREE_SIDE_EFFECTS (inc) = 1;
      SET_EXPR_LOCATION (inc, loc);
      add (&list, inc);
    }
  tree ncond = build2 (LT_EXPR, TREE_TYPE (c), fold_convert (ta, var), bound);
  SET_EXPR_LOCATION (ncond, EXPR_LOCATION (c));
  tree inc = build2 (POSTINCREMENT_EXPR, vtype, var, one);
  TREE_SIDE_EFFECTS (inc) = 1;
  tree fs
    = build_stmt (loc, FOR_STMT, NULL_TREE, ncond, inc, *body, NULL_TREE);
  if (!tsi_end_p (tsi_start (list)))
    {
      add (&list, fs);
      tree_stmt_iterator i = tsi_last (list);
      *for_slot = tsi_stmt_ptr (i);
      if (lc.vars)
        {
          tree bind = pacc_bind (lc.vars, list);
          SET_EXPR_LOCATION (bind, loc);
          link_block (bind, fndecl);
          *slot = bind;
        }
      else
        *slot = list;
      return 1;
    }
  *slot = fs;
  *for_slot = slot;
  return 1;
}
