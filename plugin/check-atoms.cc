/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* check-atoms.cc - invariant index terms that are not polynomials.

   An index form (check-forms.cc) is a polynomial over declarations, so
   `e[X / 2][y]' or the flat `e[(X / 2) * Y + y]', a source row in the
   middle of the grid, could not be analysed.  Such a term is constant
   over the whole region when every variable in it is one the time loop
   never changes (not t, not a loop variable, not a scalar the step
   assigns, not declared in the step) and it reads no memory and calls
   nothing.  pacc_index_atoms gives a copy of an index expression with
   each such maximal term replaced by an artificial declaration (one per
   distinct term, so that `X / 2' in two accesses is one atom); its
   DECL_VALUE_EXPR is the term.  pacc_expand_atoms puts the terms back
   into a tree built from a form (a fixed row evaluated on the host), so
   that no artificial declaration reaches the lowered code.  */

#include "check.h"

/* The variables the time loop changes, for the region they were
   collected for.  */
static tree changed_for;
static hash_set<tree> *changed;

static tree
collect_changed_r (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  tree v = pacc_stored_operand (t);
  if (v && DECL_P (v))
    changed->add (v);
  switch (TREE_CODE (t))
    {
    case DECL_EXPR:
      changed->add (DECL_EXPR_DECL (t));
      break;
    case BIND_EXPR:
      for (tree v = BIND_EXPR_VARS (t); v; v = DECL_CHAIN (v))
        changed->add (v);
      break;
    default:
      break;
    }
  return NULL_TREE;
}

/* Whether E is a term constant over region R: integer constants and
   variables the time loop does not change, under arithmetic only.  */
static bool
invariant_term_p (pacc_region &r, tree e)
{
  e = strip_conv (e);
  switch (TREE_CODE (e))
    {
    case INTEGER_CST:
      return true;
    case VAR_DECL:
    case PARM_DECL:
      return INTEGRAL_TYPE_P (TREE_TYPE (e)) && e != r.tvar
             && !TREE_THIS_VOLATILE (e) && !changed->contains (e);
    case PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
    case TRUNC_DIV_EXPR:
    case TRUNC_MOD_EXPR:
    case RSHIFT_EXPR:
    case LSHIFT_EXPR:
    case BIT_AND_EXPR:
    case BIT_IOR_EXPR:
    case BIT_XOR_EXPR:
    case MIN_EXPR:
    case MAX_EXPR:
      return invariant_term_p (r, TREE_OPERAND (e, 0))
             && invariant_term_p (r, TREE_OPERAND (e, 1));
    case NEGATE_EXPR:
    case BIT_NOT_EXPR:
      return invariant_term_p (r, TREE_OPERAND (e, 0));
    default:
      return false;
    }
}

/* The artificial declarations made for this region, with their terms.  */
static vec<tree> atoms_made;

static tree
atom_for (tree e)
{
  for (tree a : atoms_made)
    if (operand_equal_p (DECL_VALUE_EXPR (a), e, 0))
      return a;
  char *text = print_generic_expr_to_str (e);
  std::string name = std::string ("(") + text + ")";
  free (text);
  tree a = build_decl (EXPR_LOCATION (e), VAR_DECL,
                       get_identifier (name.c_str ()), TREE_TYPE (e));
  DECL_ARTIFICIAL (a) = 1;
  DECL_IGNORED_P (a) = 1;
  DECL_CONTEXT (a) = current_function_decl;
  /* Should one ever reach code, it still computes the term.  */
  SET_DECL_VALUE_EXPR (a, unshare_expr (e));
  DECL_HAS_VALUE_EXPR_P (a) = 1;
  atoms_made.safe_push (a);
  return a;
}

/* A copy of E, its maximal non-polynomial invariant terms made atoms.  */
static tree
atomize (pacc_region &r, tree e)
{
  tree s = strip_conv (e);
  switch (TREE_CODE (s))
    {
    case PLUS_EXPR:
    case POINTER_PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
      {
        tree a = atomize (r, TREE_OPERAND (s, 0));
        tree b = atomize (r, TREE_OPERAND (s, 1));
        if (a == TREE_OPERAND (s, 0) && b == TREE_OPERAND (s, 1))
          return e;
        return build2 (TREE_CODE (s), TREE_TYPE (s), a, b);
      }
    case NEGATE_EXPR:
      {
        tree a = atomize (r, TREE_OPERAND (s, 0));
        if (a == TREE_OPERAND (s, 0))
          return e;
        return build1 (NEGATE_EXPR, TREE_TYPE (s), a);
      }
    case INTEGER_CST:
    case VAR_DECL:
    case PARM_DECL:
      return e;
    default:
      if (INTEGRAL_TYPE_P (TREE_TYPE (s)) && invariant_term_p (r, s))
        return atom_for (s);
      return e;
    }
}

/* Forget the previous region's (whose trees the collector may have
   freed since): called as each region's check starts.  */
void
pacc_index_atoms_reset (void)
{
  delete changed;
  changed = NULL;
  changed_for = NULL_TREE;
  atoms_made.release ();
}

tree
pacc_index_atoms (pacc_region &r, tree e)
{
  if (changed_for != r.for_stmt || !changed)
    {
      delete changed;
      changed = new hash_set<tree>;
      changed_for = r.for_stmt;
      atoms_made.truncate (0);
      walk_tree_without_duplicates (&r.for_stmt, collect_changed_r, NULL);
    }
  return atomize (r, e);
}

static tree
expand_r (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TREE_CODE (t) == VAR_DECL && DECL_ARTIFICIAL (t)
      && DECL_HAS_VALUE_EXPR_P (t) && atoms_made.contains (t))
    {
      *tp = unshare_expr (DECL_VALUE_EXPR (t));
      *walk_subtrees = 0;
    }
  else if (TYPE_P (t) || DECL_P (t))
    *walk_subtrees = 0;
  return NULL_TREE;
}

tree
pacc_expand_atoms (tree e)
{
  if (!atoms_made.is_empty ())
    walk_tree (&e, expand_r, NULL, NULL);
  return e;
}
