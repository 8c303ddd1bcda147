/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* check-index.cc - one access of a kernel to a listed array: its indices
   classified (pacc_access, region.h) from their polynomial forms: the
   nest's loop variable of that dimension plus a constant, an invariant,
   or neither; with flat pointers the offset split along the strides of
   size.  Located errors:
     - arrays not indexed in all their dimensions;
     - an index along the decomposed dimension that is not the loop
       variable plus a constant, a loop variable indexing another
       dimension than its loop's, a flat offset not split;
     - an index that reads a local the nest changes after defining it
       (check-locals.cc).
   The forms read through index locals; a select in an index (`a[x > 0 ?
   x - 1 : x]', max) gives one access per arm, under its condition; the
   conditions bound where each access reaches (check-conds.cc).  */

#include "check.h"

/* Pointer P without conversions and without the evaluation of a
   variably modified type's size in front of it: `(SAVE_EXPR <Y>, p)',
   which is what `p[0][j]' gives for a pointer to VLA rows.  */
tree
strip_ptr (tree p)
{
  for (p = strip_conv (p);
       TREE_CODE (p) == COMPOUND_EXPR && size_eval_p (TREE_OPERAND (p, 0));
       p = strip_conv (TREE_OPERAND (p, 1)))
    ;
  return p;
}

/* ------------------------------------------------------------------ */
/* Array accesses of a kernel.                                         */

/* Classify one index (along dimension N, 0 = slowest) from its form.  */
static void
classify_index (kernel_ctx &c, pacc_access &a, int n, pacc_form f, bool ok)
{
  int rank = c.r->pc->rank;
  int want_dim = rank - n;
  if (!ok)
    {
      a.kind[n] = PACC_IX_OPAQUE;
      return;
    }
  /* The pacc loops around the access, innermost first.  */
  for (int li = c.cur_loop; li >= 0; li = c.k->loops[li].parent)
    {
      pacc_loop &l = c.k->loops[li];
      pacc_form q;
      pacc_form g = f;
      if (!form_take_var (g, l.var, q))
        {
          a.kind[n] = PACC_IX_OPAQUE;
          return;
        }
      if (q.empty ())
        continue;
      if (l.dim != want_dim && (!c.wrong_loop || (n == 0 && c.wrong_pos != 0)))
        {
          c.wrong_loop = &l;
          c.wrong_pos = n;
        }
      if (l.dim != want_dim || q.size () != 1 || !q[0].atoms.empty ()
          || q[0].coef != 1)
        {
          a.kind[n] = PACC_IX_OPAQUE;
          return;
        }
      /* Only constants may remain.  */
      for (auto &m : g)
        if (!m.atoms.empty ())
          {
            a.kind[n] = PACC_IX_OPAQUE;
            return;
          }
      a.kind[n] = PACC_IX_VAR;
      a.off[n] = form_const (g);
      return;
    }
  /* No loop variable of the nest.  Invariant unless a variable the nest
     sets remains (a local not read through, a scalar it assigns).  */
  for (auto &m : f)
    for (tree at : m.atoms)
      if (c.seq_vars.contains (at) || c.locals.contains (at)
          || c.pacc_vars.contains (at) || c.lv.defs.get (at))
        {
          a.kind[n] = PACC_IX_OPAQUE;
          return;
        }
  a.kind[n] = PACC_IX_INV;
  a.off[n] = form_const (f);
  a.inv[n] = f;
}

/* Split a flat byte offset into per-dimension parts using strides
   STRIDE[first..rank-1] (byte forms).  */
static bool
split_flat (kernel_ctx &c, pacc_access &a, pacc_form off, int first,
            pacc_form *stride, int rank)
{
  pacc_form part[MAX_RANK];
  /* Loop variables: their terms must be exactly var * stride(dim).  */
  for (int li = c.cur_loop; li >= 0; li = c.k->loops[li].parent)
    {
      pacc_loop &l = c.k->loops[li];
      pacc_form q;
      if (!form_take_var (off, l.var, q))
        return false;
      if (q.empty ())
        continue;
      int n = c.r->pc->rank - l.dim;
      if (n < first || n >= rank || !form_equal (q, stride[n]))
        {
          /* The variable at another dimension's stride: transposed.  */
          for (int m = first; m < rank; m++)
            if (m != n && form_equal (q, stride[m])
                && (!c.wrong_loop || (m == 0 && c.wrong_pos != 0)))
              {
                c.wrong_loop = &l;
                c.wrong_pos = m;
              }
          return false;
        }
      pacc_mono m;
      m.coef = 1;
      m.atoms.push_back (l.var);
      form_add_mono (part[n], m);
    }
  /* The rest: sum of c_n * stride(n), largest stride first.  */
  for (int n = first; n < rank; n++)
    {
      const pacc_form &s = stride[n];
      if (s.empty ())
        return false;
      /* Leading monomial: the one with most atoms.  */
      size_t lead = 0;
      for (size_t i = 1; i < s.size (); i++)
        if (s[i].atoms.size () > s[lead].atoms.size ())
          lead = i;
      HOST_WIDE_INT have = 0;
      for (auto &m : off)
        if (m.atoms == s[lead].atoms)
          have = m.coef;
      HOST_WIDE_INT cn;
      if (s[lead].atoms.empty ())
        {
          /* Constant stride: round to nearest, in-row offsets are small.  */
          HOST_WIDE_INT st = s[lead].coef;
          cn = have >= 0 ? (have + st / 2) / st : -((-have + st / 2) / st);
          /* A point write (check-points.cc) has no loop variable: its
	     invariant terms, ic * NY + jc, go to the largest stride that
	     divides them; the run-time range check of each index then
	     proves the split right.  */
          if (c.k->point)
            {
              pacc_form q;
              for (auto &m : off)
                if (!m.atoms.empty () && m.coef % st == 0)
                  {
                    pacc_mono qm;
                    qm.coef = m.coef / st;
                    qm.atoms = m.atoms;
                    q.push_back (qm);
                  }
              if (!q.empty ())
                {
                  form_add (off, form_mul (q, s), -1);
                  form_add (part[n], q, 1);
                }
            }
        }
      else
        {
          if (have % s[lead].coef)
            return false;
          cn = have / s[lead].coef;
          /* Invariant multiples of the stride too, (t + 2) * Y: a fixed
	     row (or plane) that depends on the time step.  */
          pacc_form q;
          for (auto &m : off)
            {
              if (m.atoms.size () <= s[lead].atoms.size ()
                  || m.coef % s[lead].coef)
                continue;
              std::vector<tree> rest = m.atoms;
              bool has_all = true;
              for (tree at : s[lead].atoms)
                {
                  auto it = std::find (rest.begin (), rest.end (), at);
                  if (it == rest.end ())
                    has_all = false;
                  else
                    rest.erase (it);
                }
              if (!has_all)
                continue;
              pacc_mono qm;
              qm.coef = m.coef / s[lead].coef;
              qm.atoms = rest;
              q.push_back (qm);
            }
          if (!q.empty ())
            {
              form_add (off, form_mul (q, s), -1);
              form_add (part[n], q, 1);
            }
        }
      form_add (off, s, -cn);
      pacc_mono m;
      m.coef = cn;
      form_add_mono (part[n], m);
    }
  if (!off.empty ())
    return false;
  /* A negative constant in a dimension without a loop variable is the
     previous dimension's stride minus something: p[x*Y + Y-1].  */
  for (int n = rank - 1; n > first; n--)
    {
      bool has_var = false;
      for (auto &m : part[n])
        if (!m.atoms.empty ())
          has_var = true;
      HOST_WIDE_INT cn = form_const (part[n]);
      if (!has_var && cn < 0)
        {
          pacc_mono m;
          m.coef = -1;
          form_add_mono (part[n - 1], m);
          /* Index = len(n) + cn: invariant, in range.  */
          pacc_form len;
          pacc_form_of (c.r->pc->size_len[n], len);
          form_add (part[n], len, 1);
        }
    }
  for (int n = first; n < rank; n++)
    classify_index (c, a, n, part[n], true);
  return true;
}

static void
kernel_error (kernel_ctx &c, location_t loc, const char *msg, tree decl)
{
  error_at (loc, msg, decl);
  c.bad = true;
}

/* An index of BASE holds the variable of a loop of another dimension
   (c.wrong_loop, at c.wrong_pos): say which, and what the first index
   must be.  Dimensions are named as `loop dim' names them.  */
static void
transposed_error (kernel_ctx &c, location_t loc, tree base)
{
  static const char *const ord[] = { "first", "second", "third", "fourth" };
  int rank = c.r->pc->rank;
  pacc_loop &w = *c.wrong_loop;
  if (c.wrong_pos == 0 && c.k->dec < 0)
    error_at (loc,
              "the first index of %qD is %qD, the variable of the "
              "%<dim(%d)%> loop; in a nest without the decomposed loop "
              "(%<dim(%d)%>) it must be a fixed row",
              base, w.var, w.dim, rank);
  else if (c.wrong_pos == 0)
    error_at (loc,
              "the first index of %qD is %qD, the variable of the "
              "%<dim(%d)%> loop; it must be %qD, the variable of the "
              "decomposed loop (%<dim(%d)%>), plus a constant",
              base, w.var, w.dim, c.k->loops[c.k->dec].var, rank);
  else
    error_at (loc,
              "the %s index of %qD (%<dim(%d)%>) is %qD, the variable "
              "of the %<dim(%d)%> loop: each loop variable must index the "
              "dimension of its %<dim%>",
              ord[c.wrong_pos], base, rank - c.wrong_pos, w.var, w.dim);
  c.bad = true;
}

/* An element of another variable than BASE read inside REF (an index
   array: `J[iN[i] * cols + j]'), or NULL.  */
static tree
indirect_r (tree *tp, int *walk_subtrees, void *data)
{
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) != ARRAY_REF && TREE_CODE (t) != INDIRECT_REF
      && TREE_CODE (t) != MEM_REF)
    return NULL_TREE;
  tree b = t;
  while (
    TREE_CODE (b) == ARRAY_REF || TREE_CODE (b) == INDIRECT_REF
    || TREE_CODE (b) == MEM_REF || TREE_CODE (b) == POINTER_PLUS_EXPR
    || TREE_CODE (b) == ADDR_EXPR || CONVERT_EXPR_P (b)
    || TREE_CODE (b) == NON_LVALUE_EXPR
    || (TREE_CODE (b) == COMPOUND_EXPR && size_eval_p (TREE_OPERAND (b, 0))))
    b = TREE_OPERAND (b, TREE_CODE (b) == COMPOUND_EXPR ? 1 : 0);
  return DECL_P (b) && b != (tree) data ? b : NULL_TREE;
}

/* An index of BASE in REF that cannot be analysed: the message MSG, or
   when the index reads a local the nest changes after defining it, or
   an index array, those.  */
static void
index_error (kernel_ctx &c, location_t loc, tree ref, const char *msg,
             tree base)
{
  if (tree ia = walk_tree_without_duplicates (&ref, indirect_r, base))
    {
      error_at (loc,
                "the index of %qD reads %qD, an index array: which "
                "rows a chunk needs then depends on the data, which PACC "
                "cannot see; write the index of the neighbour itself, as a "
                "select for a clamp at the edge (%<i > 0 ? i - 1 : 0%>, "
                "%<i < n - 1 ? i + 1 : n - 1%>)",
                base, ia);
      c.bad = true;
      return;
    }
  location_t where;
  if (tree d = pacc_locals_changed (c, ref, &where))
    {
      error_at (loc,
                "cannot analyse the index of %qD: it reads %qD, which "
                "the loop nest changes after defining it (%<++%>, %<--%>, "
                "another assignment, or its address taken); define an index "
                "local once per iteration, from the loop variables and "
                "invariants, and do not change it",
                base, d);
      if (where != UNKNOWN_LOCATION)
        inform (where, "%qD is changed here", d);
      c.bad = true;
      return;
    }
  kernel_error (c, loc, msg, base);
}

/* The access of REF (ARRAY_REF/INDIRECT_REF chain, whose base is a
   listed array) for the arms ENV chooses; false after an error.  */
static bool
index_access_1 (kernel_ctx &c, tree ref, bool write, location_t loc,
                pacc_form_env &env)
{
  pacc_region &r = *c.r;
  int rank = r.pc->rank;
  std::vector<tree> idx; /* ARRAY_REF indices, innermost first.  */
  tree t = ref;
  while (TREE_CODE (t) == ARRAY_REF)
    {
      idx.push_back (TREE_OPERAND (t, 1));
      t = TREE_OPERAND (t, 0);
    }
  tree base = NULL_TREE;
  pacc_form off;
  bool have_ptr = false, off_ok = true;
  if (TREE_CODE (t) == INDIRECT_REF || TREE_CODE (t) == MEM_REF)
    {
      have_ptr = true;
      tree p = strip_ptr (TREE_OPERAND (t, 0));
      pacc_mono zero;
      zero.coef = 0;
      while (TREE_CODE (p) == POINTER_PLUS_EXPR)
        {
          pacc_form f;
          if (!pacc_form_of (TREE_OPERAND (p, 1), f)
              && !pacc_form_of (pacc_index_atoms (r, TREE_OPERAND (p, 1)), f))
            off_ok = false;
          form_add (off, f, 1);
          p = strip_ptr (TREE_OPERAND (p, 0));
        }
      if (TREE_CODE (t) == MEM_REF)
        {
          pacc_form f;
          if (!pacc_form_of (TREE_OPERAND (t, 1), f))
            off_ok = false;
          form_add (off, f, 1);
        }
      base = p;
    }
  else
    base = t;
  int ai = -1;
  for (size_t i = 0; i < r.pc->arrays.size (); i++)
    if (r.pc->arrays[i].decl == base)
      ai = i;
  gcc_assert (ai >= 0);

  c.wrong_loop = NULL;

  pacc_access a;
  a.buf = c.k->perm[ai];
  a.loop = c.cur_loop;
  a.write = write;
  a.cond = c.cond_depth > 0;
  a.loc = loc;
  for (int n = 0; n < MAX_RANK; n++)
    {
      a.kind[n] = PACC_IX_OPAQUE;
      a.off[n] = a.glo[n] = a.ghi[n] = a.elo[n] = a.shi[n] = 0;
      a.pin_lo[n] = a.pin_hi[n] = false;
    }
  int nidx = idx.size ();
  bool is_array = TREE_CODE (TREE_TYPE (base)) == ARRAY_TYPE;
  int first_idx = rank - nidx; /* Dimension of the outermost ARRAY_REF.  */
  bool shape_ok = true;
  tree eltype = TREE_TYPE (ref);
  if (AGGREGATE_TYPE_P (eltype) || TREE_CODE (eltype) == POINTER_TYPE)
    shape_ok = false;
  if (is_array && (have_ptr || nidx != rank))
    shape_ok = false;
  if (!is_array && !have_ptr)
    shape_ok = false;
  if (!is_array && have_ptr && first_idx < 0)
    shape_ok = false;
  if (!shape_ok)
    {
      kernel_error (c, loc,
                    "%qD must be indexed in all its dimensions (as "
                    "declared by %<size%>) in a %<#pragma pacc loop%>",
                    base);
      return false;
    }
  /* ARRAY_REF indices: dimension first_idx + j for idx[nidx-1-j].  */
  for (int j = 0; j < nidx; j++)
    {
      pacc_form f;
      /* X / 2 and the like, invariant: atoms (check-atoms.cc).  */
      bool ok = pacc_form_of (idx[nidx - 1 - j], f)
                || pacc_form_of (pacc_index_atoms (r, idx[nidx - 1 - j]), f);
      classify_index (c, a, first_idx + j, f, ok);
    }
  if (have_ptr && first_idx > 0)
    {
      /* Pointer part covers dimensions 0 .. first_idx-1.  */
      HOST_WIDE_INT elt = int_size_in_bytes (TREE_TYPE (TREE_TYPE (base)));
      pacc_form stride[MAX_RANK];
      bool split_ok = off_ok;
      if (first_idx == 1 && nidx > 0)
        {
          /* Pointer to (VLA) rows: stride is the size of the pointee.  */
          tree sz = TYPE_SIZE_UNIT (TREE_TYPE (TREE_TYPE (base)));
          split_ok &= pacc_form_of (sz, stride[0]);
        }
      else if (nidx == 0)
        {
          /* Flat pointer: strides from the size clause, in bytes.  */
          HOST_WIDE_INT esz = int_size_in_bytes (TREE_TYPE (TREE_TYPE (base)));
          pacc_form s;
          pacc_mono one;
          one.coef = esz;
          form_add_mono (s, one);
          for (int n = rank - 1; n >= 0; n--)
            {
              stride[n] = s;
              pacc_form len;
              if (!pacc_form_of (r.pc->size_len[n], len))
                {
                  split_ok = false;
                  break;
                }
              s = form_mul (s, len);
            }
          (void) elt;
        }
      else
        split_ok = false;
      if (!split_ok || !split_flat (c, a, off, 0, stride, first_idx))
        {
          if (c.wrong_loop)
            {
              transposed_error (c, loc, base);
              return false;
            }
          index_error (c, loc, ref,
                       "cannot analyse the index of %qD: a "
                       "%<#pragma pacc loop%> must index arrays by its loop "
                       "variables plus constants (with flat pointers, "
                       "as %<v * stride + ...%> with the strides of "
                       "%<size%>)",
                       base);
          return false;
        }
    }
  /* A fixed row under conditions that bound the decomposed loop's
     variable: a[max (x - 1, 0)] at row 0, temp[col] where r == 0.  */
  HOST_WIDE_INT off2;
  pacc_form row = a.inv[0];
  bool two = !write && !c.wrong_loop
             && (!env.guards.empty () || !c.guards.empty ())
             && pacc_guard_row (c, a, env.guards, &off2);
  if (a.kind[0] != PACC_IX_VAR && c.wrong_loop)
    {
      transposed_error (c, loc, base);
      return false;
    }
  if (c.k->dec < 0 && a.kind[0] != PACC_IX_INV)
    {
      kernel_error (c, loc,
                    "in a %<#pragma pacc loop%> nest without the "
                    "decomposed loop, the first index of %qD must be a fixed "
                    "row: a constant, or an expression of the time step and "
                    "constants",
                    base);
      return false;
    }
  if (c.k->dec >= 0 && a.kind[0] != PACC_IX_VAR)
    {
      index_error (c, loc, ref,
                   "the first index of %qD must be the "
                   "variable of the decomposed %<#pragma pacc loop%> (the one "
                   "with the largest %<dim%>) plus a constant",
                   base);
      return false;
    }
  a.cond |= !env.guards.empty ();
  pacc_guard_reach (c, a, env.guards);
  if (two)
    {
      a.glo[0] = a.ghi[0] = 0;
      a.pin_lo[0] = a.pin_hi[0] = false;
      pacc_access b = a;
      pacc_guard_row_reach (c, a, row);
      b.off[0] = off2;
      pacc_guard_row_reach (c, b, row);
      c.k->accesses.push_back (b);
    }
  c.k->accesses.push_back (a);
  return true;
}

/* Record the accesses of REF, one per combination of the arms of the
   selects its indices hold (through index locals too).  */
void
pacc_index_access (kernel_ctx &c, tree ref, bool write, location_t loc)
{
  pacc_form_env env;
  pacc_locals_env (c, env);
  env.arms = true;
  env.loop = c.cur_loop;
  pacc_form_env *saved = pacc_form_env_cur;
  pacc_form_env_cur = &env;
  int nsel = 0;
  for (unsigned choice = 0; choice < (1u << nsel); choice++)
    {
      env.choice = choice;
      env.nsel = 0;
      env.guards.clear ();
      env.open.empty ();
      bool ok = index_access_1 (c, ref, write, loc, env);
      nsel = MAX (nsel, env.nsel);
      if (!ok)
        break;
    }
  pacc_form_env_cur = saved;
}
