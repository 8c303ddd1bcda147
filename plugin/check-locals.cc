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
   (pacc_locals_changed).
   The definitions that hold where each pacc loop starts are kept in
   the loop, and the scalars the nest sets in the kernel, for the host
   code around the kernel (pacc_host_value, lower-geometry.cc).  */

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
      location_t loc = EXPR_P (t) && EXPR_HAS_LOCATION (t) ? EXPR_LOCATION (t)
                                                           : UNKNOWN_LOCATION;
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
  if (!n || *n != 1 || c.lv.changed.get (decl) || !value || TREE_STATIC (decl)
      || DECL_EXTERNAL (decl)
      || walk_tree_without_duplicates (&value, m::cb, &c)
      || walk_tree_without_duplicates (&value, m::self, decl))
    return;
  c.lv.value.put (decl, value);
  c.lv.region.put (decl, c.lv.path.empty () ? 0 : c.lv.path.back ());
}

/* Does the definition of DECL, in the walk's values, hold where the walk
   is?  */
static bool
holds_here (kernel_ctx &c, tree decl)
{
  int reg = *c.lv.region.get (decl);
  return reg == 0
         || std::find (c.lv.path.begin (), c.lv.path.end (), reg)
              != c.lv.path.end ();
}

/* Into ENV's values, the definitions that hold where the walk is.  */
void
pacc_locals_env (kernel_ctx &c, pacc_form_env &env)
{
  for (auto it = c.lv.value.begin (); it != c.lv.value.end (); ++it)
    if (holds_here (c, (*it).first))
      env.values.put ((*it).first, (*it).second);
}

/* The walk reached pacc loop L (before its header): the definitions
   that hold there, which its bounds may be read through on the host
   (`int n = Y - 1;' between the loops of a nest, issue 48).  */
void
pacc_locals_at_loop (kernel_ctx &c, pacc_loop &l)
{
  l.defs.clear ();
  for (auto it = c.lv.value.begin (); it != c.lv.value.end (); ++it)
    if (holds_here (c, (*it).first))
      l.defs.push_back (std::make_pair ((*it).first, (*it).second));
}

/* After the walk: every scalar the nest declares, sets or changes, into
   the kernel's SET_VARS.  The host code built around the kernel (checks
   of its bounds at entry and at each step, segments' extents) runs
   outside the nest, where such a variable is out of scope or holds
   another value: it reads them through the definitions above or not at
   all (pacc_host_bound_p).  */
void
pacc_locals_record (kernel_ctx &c)
{
  hash_set<tree> seen;
  std::vector<tree> &out = c.k->set_vars;
  out.clear ();
  auto add = [&] (tree v) {
    if (VAR_P (v) && !seen.add (v))
      out.push_back (v);
  };
  for (auto it = c.locals.begin (); it != c.locals.end (); ++it)
    add (*it);
  for (auto it = c.seq_vars.begin (); it != c.seq_vars.end (); ++it)
    add (*it);
  for (auto it = c.lv.defs.begin (); it != c.lv.defs.end (); ++it)
    add ((*it).first);
  for (auto it = c.lv.changed.begin (); it != c.lv.changed.end (); ++it)
    add ((*it).first);
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

/* E, a bound of loop L, read through the definitions of the scalars the
   nest sets that hold where L starts (`int n = Y - 1;' in the body of
   the outer loop: Y - 1): a copy the host may compute when
   pacc_host_bound_p (lower-geometry.cc) says so.  NULL when E is.  */
tree
pacc_host_value (pacc_loop &l, tree e)
{
  struct m
  {
    pacc_loop *l;
    bool again;
    static tree cb (tree *tp, int *ws, void *data)
    {
      m &s = *(m *) data;
      if (TYPE_P (*tp))
        *ws = 0;
      else if (VAR_P (*tp))
        for (auto &d : s.l->defs)
          if (d.first == *tp)
            {
              *tp
                = fold_convert (TREE_TYPE (d.first), unshare_expr (d.second));
              *ws = 0;
              s.again = true;
              break;
            }
      return NULL_TREE;
    }
  };
  if (!e)
    return NULL_TREE;
  tree t = unshare_expr (e);
  /* A definition may read another local: again, a few times (a cycle
     stays unread, and pacc_host_bound_p refuses it).  */
  m s = { &l, true };
  for (int i = 0; i < 16 && s.again; i++)
    {
      s.again = false;
      walk_tree (&t, m::cb, &s, NULL);
    }
  return t;
}
