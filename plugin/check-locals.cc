/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* check-locals.cc - index locals: the scalars a loop nest defines once
   per iteration and indexes arrays with (Rodinia and Parboil write
   `int i = x * Y + y; v[i] = u[i - Y] + ...').

   The index analysis (check-index.cc) reads such a local through its
   definition (pacc_form_env, check-forms.cc) when the nest defines it
   exactly once (its declaration's initializer, or one assignment, which
   may be to a variable declared anywhere), never changes it otherwise
   (++, --, its address), and the definition was walked before the use
   in a region (an arm of an if or ?:, a loop's body) the use lies in:
   then at the use it holds that definition's value in every iteration.
   Its definition's own variables are the loop's, invariants or such
   locals again (read through in turn, with a guard against cycles);
   anything else left in the form keeps the index unanalysed.  A local
   that fails these is named in the message of the index it spoils
   (pacc_locals_changed).  */

#include "check.h"

/* Count the definitions and changes of every integer variable in the
   nest BODY, before its walk.  */
void
pacc_locals_scan (kernel_ctx &c, tree body)
{
  struct m
  {
    static void def (pacc_locals &lv, tree d, location_t loc)
    {
      d = strip_conv (d);
      if (!VAR_P (d) || !INTEGRAL_TYPE_P (TREE_TYPE (d)))
	return;
      int &n = lv.defs.get_or_insert (d);
      if (++n > 1 && !lv.changed.get (d))
	lv.changed.put (d, loc);
    }
    static void change (pacc_locals &lv, tree d, location_t loc)
    {
      d = strip_conv (d);
      if (VAR_P (d) && !lv.changed.get (d))
	lv.changed.put (d, loc);
    }
    static tree cb (tree *tp, int *ws, void *data)
    {
      pacc_locals &lv = *(pacc_locals *) data;
      tree t = *tp;
      location_t loc = EXPR_P (t) && EXPR_HAS_LOCATION (t)
		       ? EXPR_LOCATION (t) : UNKNOWN_LOCATION;
      if (TYPE_P (t))
	*ws = 0;
      else if (TREE_CODE (t) == DECL_EXPR)
	{
	  tree d = DECL_EXPR_DECL (t);
	  if (VAR_P (d) && DECL_INITIAL (d))
	    def (lv, d, DECL_SOURCE_LOCATION (d));
	}
      else if (TREE_CODE (t) == MODIFY_EXPR || TREE_CODE (t) == INIT_EXPR)
	def (lv, TREE_OPERAND (t, 0), loc);
      else if (TREE_CODE (t) == PREINCREMENT_EXPR
	       || TREE_CODE (t) == PREDECREMENT_EXPR
	       || TREE_CODE (t) == POSTINCREMENT_EXPR
	       || TREE_CODE (t) == POSTDECREMENT_EXPR
	       || TREE_CODE (t) == ADDR_EXPR)
	change (lv, TREE_OPERAND (t, 0), loc);
      return NULL_TREE;
    }
  };
  c.lv.next = 0;
  c.lv.path.clear ();
  walk_tree_without_duplicates (&body, m::cb, &c.lv);
}

/* Walking into a region (an arm of a condition, a loop's body) and out:
   a definition there holds there only.  */
void
pacc_locals_enter (kernel_ctx &c)
{
  c.lv.path.push_back (++c.lv.next);
}

void
pacc_locals_leave (kernel_ctx &c)
{
  c.lv.path.pop_back ();
}

/* The walk reached the definition of DECL as VALUE.  */
void
pacc_locals_def (kernel_ctx &c, tree decl, tree value)
{
  struct m
  {
    /* A variable of a pacc loop that does not run around the
       definition: the value names another of its values.  */
    static tree cb (tree *tp, int *ws, void *data)
    {
      kernel_ctx &c = *(kernel_ctx *) data;
      if (TYPE_P (*tp))
	*ws = 0;
      else if (c.pacc_vars.contains (*tp))
	{
	  for (int li = c.cur_loop; li >= 0; li = c.k->loops[li].parent)
	    if (c.k->loops[li].var == *tp)
	      return NULL_TREE;
	  return *tp;
	}
      return NULL_TREE;
    }
    /* DECL itself (i = i + 1): not the value it has at the use.  */
    static tree self (tree *tp, int *ws, void *data)
    {
      if (TYPE_P (*tp))
	*ws = 0;
      return *tp == (tree) data ? *tp : NULL_TREE;
    }
  };
  decl = strip_conv (decl);
  int *n = c.lv.defs.get (decl);
  if (!n || *n != 1 || c.lv.changed.get (decl) || !value
      || TREE_STATIC (decl) || DECL_EXTERNAL (decl)
      || walk_tree_without_duplicates (&value, m::cb, &c)
      || walk_tree_without_duplicates (&value, m::self, decl))
    return;
  c.lv.value.put (decl, value);
  c.lv.region.put (decl, c.lv.path.empty () ? 0 : c.lv.path.back ());
}

/* Into ENV's values, the definitions that hold where the walk is.  */
void
pacc_locals_env (kernel_ctx &c, pacc_form_env &env)
{
  for (auto it = c.lv.value.begin (); it != c.lv.value.end (); ++it)
    {
      int reg = *c.lv.region.get ((*it).first);
      if (reg == 0 || std::find (c.lv.path.begin (), c.lv.path.end (), reg)
		      != c.lv.path.end ())
	env.values.put ((*it).first, (*it).second);
    }
}

/* A local that EXPR reads (through the definitions of the others) and
   that the nest defines more than once or changes: it, its change's
   location into *WHERE; else NULL.  */
tree
pacc_locals_changed (kernel_ctx &c, tree expr, location_t *where)
{
  struct m
  {
    kernel_ctx *c;
    int depth;
    static tree cb (tree *tp, int *ws, void *data)
    {
      m &s = *(m *) data;
      tree t = *tp;
      if (TYPE_P (t))
	*ws = 0;
      if (!VAR_P (t) || s.c->pacc_vars.contains (t)
	  || s.c->seq_vars.contains (t)
	  || (!s.c->locals.contains (t) && !s.c->lv.defs.get (t)))
	return NULL_TREE;
      if (s.c->lv.changed.get (t))
	return t;
      tree *v = s.c->lv.value.get (t);
      if (v && s.depth < 16)
	{
	  tree e = *v;
	  s.depth++;
	  tree r = walk_tree_without_duplicates (&e, cb, data);
	  s.depth--;
	  return r;
	}
      return NULL_TREE;
    }
  };
  m s = { &c, 0 };
  tree d = walk_tree_without_duplicates (&expr, m::cb, &s);
  if (d)
    *where = *c.lv.changed.get (d);
  return d;
}
