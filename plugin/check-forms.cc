/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* check-forms.cc - polynomial forms of index expressions.

   An index expression is taken apart as a polynomial with integer
   coefficients over declarations (pacc_form, region.h): p[(x-1)*Y + y] is
   1*x*Y - 1*Y + 1*y.  The access analysis (check-access.cc) reads the
   loop variables' terms and the constant offsets off these forms; the halo
   derivation (check-halo.cc) compares loop bounds with them.

   While an access is analysed (check-index.cc), pacc_form_env_cur lets
   the forms read through index locals (`int i = x*Y + y;' makes p[i]
   the form of p[x*Y + y]) and take one arm of each select, the condition
   noted, so that `x > 0 ? x - 1 : x' is x - 1 when x > 0 and x else.  */

#include "check.h"

pacc_form_env *pacc_form_env_cur;

/* The parameters of the helpers being read through (single_return), in
   *TP: their arguments.  */
static tree
bind_params_r (tree *tp, int *walk_subtrees, void *data)
{
  pacc_form_env *env = (pacc_form_env *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == PARM_DECL
           && env->open.contains (DECL_CONTEXT (*tp)))
    if (tree *v = env->values.get (*tp))
      {
        *tp = *v;
        *walk_subtrees = 0;
      }
  return NULL_TREE;
}

/* The arm of select E (?:, MIN_EXPR, MAX_EXPR) the environment's choice
   takes, its condition noted; NULL when not taking arms.  */
static tree
select_arm (tree e)
{
  pacc_form_env *env = pacc_form_env_cur;
  /* 2^8 combinations at most: beyond, the index stays unanalysed.  */
  if (!env || !env->arms || env->nsel >= 8)
    return NULL_TREE;
  bool first = !((env->choice >> env->nsel++) & 1);
  tree a = TREE_OPERAND (e, TREE_CODE (e) == COND_EXPR ? 1 : 0);
  tree b = TREE_OPERAND (e, TREE_CODE (e) == COND_EXPR ? 2 : 1);
  tree cond;
  if (TREE_CODE (e) == COND_EXPR)
    cond = TREE_OPERAND (e, 0);
  else
    /* MAX_EXPR <a, b> is a where a >= b; MIN_EXPR where a <= b.  */
    cond = build2 (TREE_CODE (e) == MAX_EXPR ? GE_EXPR : LE_EXPR,
                   boolean_type_node, a, b);
  pacc_guard g = { cond, first, env->loop };
  /* Inside a helper: the condition of its caller's values.  */
  g.cond = unshare_expr (g.cond);
  walk_tree (&g.cond, bind_params_r, env, NULL);
  env->guards.push_back (g);
  return first ? a : b;
}

/* The value FN returns when its body is `return e;' alone (a static
   inline max, or a row function): E, else NULL.  */
static tree
single_return (tree fn)
{
  tree t = DECL_SAVED_TREE (fn);
  while (t)
    {
      if (TREE_CODE (t) == BIND_EXPR)
        t = BIND_EXPR_VARS (t) ? NULL_TREE : BIND_EXPR_BODY (t);
      else if (TREE_CODE (t) == STATEMENT_LIST)
        {
          tree one = NULL_TREE;
          for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i);
               tsi_next (&i))
            if (TREE_CODE (tsi_stmt (i)) != DEBUG_BEGIN_STMT)
              {
                if (one)
                  return NULL_TREE;
                one = tsi_stmt (i);
              }
          t = one;
        }
      else if (TREE_CODE (t) == RETURN_EXPR)
        {
          t = TREE_OPERAND (t, 0);
          return t
                     && (TREE_CODE (t) == MODIFY_EXPR
                         || TREE_CODE (t) == INIT_EXPR)
                   ? TREE_OPERAND (t, 1)
                   : NULL_TREE;
        }
      else
        return NULL_TREE;
    }
  return NULL_TREE;
}

/* The form of call E to a helper whose body is `return e;': e with the
   parameters bound to the arguments, while reading arms (an index).  */
static bool
call_form (tree e, pacc_form &f)
{
  pacc_form_env *env = pacc_form_env_cur;
  tree fn = get_callee_fndecl (e);
  tree ret = env && env->arms && fn && !env->open.contains (fn)
               ? single_return (fn)
               : NULL_TREE;
  if (!ret)
    return false;
  int n = 0;
  for (tree p = DECL_ARGUMENTS (fn); p; p = DECL_CHAIN (p))
    if (n++ >= call_expr_nargs (e) || !INTEGRAL_TYPE_P (TREE_TYPE (p)))
      return false;
  if (n != call_expr_nargs (e))
    return false;
  n = 0;
  for (tree p = DECL_ARGUMENTS (fn); p; p = DECL_CHAIN (p))
    env->values.put (p, CALL_EXPR_ARG (e, n++));
  env->open.add (fn);
  bool ok = pacc_form_of (ret, f);
  env->open.remove (fn);
  for (tree p = DECL_ARGUMENTS (fn); p; p = DECL_CHAIN (p))
    env->values.remove (p);
  return ok;
}

static bool
atom_less (tree a, tree b)
{
  return DECL_UID (a) < DECL_UID (b);
}

void
form_add_mono (pacc_form &f, const pacc_mono &m)
{
  if (m.coef == 0)
    return;
  for (size_t i = 0; i < f.size (); i++)
    if (f[i].atoms == m.atoms)
      {
        f[i].coef += m.coef;
        if (f[i].coef == 0)
          f.erase (f.begin () + i);
        return;
      }
  f.push_back (m);
}

void
form_add (pacc_form &f, const pacc_form &g, HOST_WIDE_INT scale)
{
  for (const pacc_mono &m : g)
    {
      pacc_mono n = m;
      n.coef *= scale;
      form_add_mono (f, n);
    }
}

pacc_form
form_mul (const pacc_form &a, const pacc_form &b)
{
  pacc_form r;
  for (const pacc_mono &x : a)
    for (const pacc_mono &y : b)
      {
        pacc_mono m;
        m.coef = x.coef * y.coef;
        m.atoms = x.atoms;
        m.atoms.insert (m.atoms.end (), y.atoms.begin (), y.atoms.end ());
        std::sort (m.atoms.begin (), m.atoms.end (), atom_less);
        form_add_mono (r, m);
      }
  return r;
}

tree
strip_conv (tree e)
{
  while (CONVERT_EXPR_P (e) || TREE_CODE (e) == NON_LVALUE_EXPR
         || TREE_CODE (e) == SAVE_EXPR)
    e = TREE_OPERAND (e, 0);
  return e;
}

/* The operand (conversions stripped) that T assigns when T is an
   assignment, an increment or a decrement; NULL_TREE for any other T.  */
tree
pacc_assigned_operand (tree t)
{
  switch (TREE_CODE (t))
    {
    case MODIFY_EXPR:
    case INIT_EXPR:
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      return strip_conv (TREE_OPERAND (t, 0));
    default:
      return NULL_TREE;
    }
}

/* The same, and the operand whose address T takes (a pointer could
   change it).  */
tree
pacc_stored_operand (tree t)
{
  if (TREE_CODE (t) == ADDR_EXPR)
    return strip_conv (TREE_OPERAND (t, 0));
  return pacc_assigned_operand (t);
}

static tree
store_r (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp) || DECL_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  return pacc_stored_operand (*tp) == (tree) data ? *tp : NULL_TREE;
}

/* The first expression of BODY that changes VAR (pacc_stored_operand),
   or NULL_TREE.  */
tree
pacc_find_store (tree body, tree var)
{
  return walk_tree_without_duplicates (&body, store_r, var);
}

bool
pacc_form_of (tree e, pacc_form &f)
{
  f.clear ();
  e = strip_conv (e);
  switch (TREE_CODE (e))
    {
    case INTEGER_CST:
      {
        if (TYPE_PRECISION (TREE_TYPE (e)) > HOST_BITS_PER_WIDE_INT)
          return false;
        /* sizetype constants of negative offsets: read them signed.  */
        pacc_mono m;
        m.coef = wi::to_wide (e).to_shwi ();
        form_add_mono (f, m);
        return true;
      }
    case VAR_DECL:
    case PARM_DECL:
      {
        if (!INTEGRAL_TYPE_P (TREE_TYPE (e)))
          return false;
        pacc_form_env *env = pacc_form_env_cur;
        tree *v = env ? env->values.get (e) : NULL;
        if (v && !env->open.contains (e))
          {
            env->open.add (e);
            bool ok = pacc_form_of (*v, f);
            env->open.remove (e);
            return ok;
          }
        pacc_mono m;
        m.coef = 1;
        m.atoms.push_back (e);
        f.push_back (m);
        return true;
      }
    case PLUS_EXPR:
    case POINTER_PLUS_EXPR:
    case MINUS_EXPR:
      {
        pacc_form a, b;
        if (!pacc_form_of (TREE_OPERAND (e, 0), a)
            || !pacc_form_of (TREE_OPERAND (e, 1), b))
          return false;
        f = a;
        form_add (f, b, TREE_CODE (e) == MINUS_EXPR ? -1 : 1);
        return true;
      }
    case NEGATE_EXPR:
      {
        pacc_form a;
        if (!pacc_form_of (TREE_OPERAND (e, 0), a))
          return false;
        form_add (f, a, -1);
        return true;
      }
    case MULT_EXPR:
      {
        pacc_form a, b;
        if (!pacc_form_of (TREE_OPERAND (e, 0), a)
            || !pacc_form_of (TREE_OPERAND (e, 1), b))
          return false;
        f = form_mul (a, b);
        return true;
      }
    case CALL_EXPR:
      return call_form (e, f);
    case COND_EXPR:
    case MIN_EXPR:
    case MAX_EXPR:
      {
        tree arm = select_arm (e);
        return arm && pacc_form_of (arm, f);
      }
    default:
      return false;
    }
}

bool
form_equal (const pacc_form &a, const pacc_form &b)
{
  pacc_form d = a;
  form_add (d, b, -1);
  return d.empty ();
}

HOST_WIDE_INT
form_const (const pacc_form &f)
{
  for (const pacc_mono &m : f)
    if (m.atoms.empty ())
      return m.coef;
  return 0;
}

/* The terms of F that contain VAR (once), divided by VAR; false if VAR
   appears squared.  Removes them from F.  */
bool
form_take_var (pacc_form &f, tree var, pacc_form &quot)
{
  quot.clear ();
  for (size_t i = 0; i < f.size ();)
    {
      auto &a = f[i].atoms;
      int n = std::count (a.begin (), a.end (), var);
      if (n == 0)
        {
          i++;
          continue;
        }
      if (n > 1)
        return false;
      pacc_mono m = f[i];
      m.atoms.erase (std::find (m.atoms.begin (), m.atoms.end (), var));
      form_add_mono (quot, m);
      f.erase (f.begin () + i);
    }
  return true;
}

/* F as a tree of type long: sum of coef * atoms.  */
tree
form_to_tree (const pacc_form &f)
{
  tree sum = build_int_cst (long_integer_type_node, 0);
  for (auto &m : f)
    {
      tree prod = build_int_cst (long_integer_type_node, m.coef);
      for (tree at : m.atoms)
        prod = fold_build2 (MULT_EXPR, long_integer_type_node, prod,
                            fold_convert (long_integer_type_node, at));
      sum = fold_build2 (PLUS_EXPR, long_integer_type_node, sum, prod);
    }
  return sum;
}
