/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* check-conds.cc - the conditions around an access, as intervals of the
   loop variables.

   Clamped boundaries (hotspot, srad, Game of Life) read `a[x-1][y]' only
   where x > 0: `x == 0 ? a[x][y] : a[x-1][y]', `if (x > 0) ...  else
   ...', `a[x > 0 ? x - 1 : x][y]', `a[max (x - 1, 0)][y]'.  Read as
   touching row -1, the kernel was refused at entry although no
   iteration reads it.  The conditions an access lies under (if, ?:, &&,
   ||: kernel_ctx.guards; the selects of its own index: check-forms.cc)
   are read here as bounds on each loop variable, v == c, v != c, v < c,
   v <= c, v > c, v >= c (either side, v with a constant added), &&, ||,
   ! and the else branch as the complement, c a form of invariants; and
   (r | c) == 0, which GCC makes of r == 0 && c == 0.
   Compared with the loop's bounds they keep the access from the loop's
   ends (pacc_access.glo, ghi), which the checks of rows and columns
   against size use; the halo, which interior chunks need, still comes
   from the offset.  A condition read otherwise is dropped: a weaker
   guard, never a wrong one.  */

#include "check.h"

/* Bounds of one variable: v >= each of LO, v <= each of HI, v != each
   of NE.  */
struct ival
{
  std::vector<pacc_form> lo, hi, ne;
};

/* A bound the condition and the access see alike: no variable the nest
   sets (locals, sequential loops' variables, reductions).  */
static bool
stable_form_p (kernel_ctx &c, const pacc_form &f)
{
  for (auto &m : f)
    for (tree at : m.atoms)
      {
        if (c.locals.contains (at) || c.seq_vars.contains (at)
            || c.lv.defs.get (at))
          return false;
        for (auto &red : c.r->pc->reductions)
          if (red.decl == at)
            return false;
      }
  return true;
}

/* Does pacc loop LI of the nest enclose pacc loop IN (or is it)?  */
static bool
loop_encloses (kernel_ctx &c, int li, int in)
{
  for (; in >= 0; in = c.k->loops[in].parent)
    if (in == li)
      return true;
  return false;
}

/* A condition T the nest does not change between two places inside pacc
   loops L1 and L2: no variable stable_form_p refuses, and the variables
   of pacc loops around both only.  */
static bool
stable_tree_p (kernel_ctx &c, tree t, int l1, int l2)
{
  struct m
  {
    kernel_ctx *c;
    int l1, l2;
    static tree cb (tree *tp, int *ws, void *data)
    {
      m &s = *(m *) data;
      kernel_ctx &c = *s.c;
      if (TYPE_P (*tp))
        *ws = 0;
      else if (c.pacc_vars.contains (*tp))
        {
          for (size_t li = 0; li < c.k->loops.size (); li++)
            if (c.k->loops[li].var == *tp && loop_encloses (c, li, s.l1)
                && loop_encloses (c, li, s.l2))
              return NULL_TREE;
          return *tp;
        }
      else if (VAR_P (*tp) || TREE_CODE (*tp) == PARM_DECL)
        {
          pacc_form f;
          pacc_mono one;
          one.coef = 1;
          one.atoms.push_back (*tp);
          f.push_back (one);
          if (!stable_form_p (c, f))
            return *tp;
        }
      return NULL_TREE;
    }
  };
  m s = { &c, l1, l2 };
  return !walk_tree_without_duplicates (&t, m::cb, &s);
}

/* Whether A - B is a constant, into *D.  */
static bool
diff_const (const pacc_form &a, const pacc_form &b, HOST_WIDE_INT *d)
{
  pacc_form f = a;
  form_add (f, b, -1);
  for (auto &m : f)
    if (!m.atoms.empty ())
      return false;
  *d = form_const (f);
  return true;
}

/* GCC folds `v > 0 && v < 9' (constant bounds) into one range test,
   `(unsigned) v + K <= M' (build_range_check): whether COND taken as
   SENSE is one of VAR, and then V in [*LO, *HI] = [-K, M - K] (K read
   as signed).  Also used by the copyin checks (lower-copyin.cc).  */
bool
pacc_range_test (tree cond, bool sense, tree var, HOST_WIDE_INT *lo,
                 HOST_WIDE_INT *hi)
{
  enum tree_code code = TREE_CODE (cond);
  if (TREE_CODE_CLASS (code) != tcc_comparison)
    return false;
  if (!sense)
    code = invert_tree_comparison (code, false);
  if (code != LE_EXPR && code != LT_EXPR)
    return false;
  tree a = TREE_OPERAND (cond, 0), m = TREE_OPERAND (cond, 1);
  tree type = TREE_TYPE (a);
  if (!INTEGRAL_TYPE_P (type) || !TYPE_UNSIGNED (type)
      || !INTEGRAL_TYPE_P (TREE_TYPE (var)) || TYPE_UNSIGNED (TREE_TYPE (var))
      || TREE_CODE (m) != INTEGER_CST || !tree_fits_uhwi_p (m)
      || TYPE_PRECISION (type) > HOST_BITS_PER_WIDE_INT
      || TYPE_PRECISION (type) < TYPE_PRECISION (TREE_TYPE (var)))
    return false;
  HOST_WIDE_INT k = 0;
  if (TREE_CODE (a) == PLUS_EXPR
      && TREE_CODE (TREE_OPERAND (a, 1)) == INTEGER_CST)
    {
      k = sext_hwi (TREE_INT_CST_LOW (TREE_OPERAND (a, 1)),
                    TYPE_PRECISION (type));
      a = TREE_OPERAND (a, 0);
    }
  if (!CONVERT_EXPR_P (a) || TREE_OPERAND (a, 0) != var)
    return false;
  HOST_WIDE_INT im = (HOST_WIDE_INT) tree_to_uhwi (m);
  if (im < 0 || (code == LT_EXPR && im == 0))
    return false;
  if (code == LT_EXPR)
    im--;
  *lo = -k;
  *hi = im - k;
  return true;
}

/* The comparison A OP B of integers, as a bound of VAR, into IV.  */
static void
compare (kernel_ctx &c, enum tree_code code, tree a, tree b, tree var,
         ival &iv)
{
  tree type = TREE_TYPE (a);
  if (!INTEGRAL_TYPE_P (type))
    return;
  /* Unsigned arithmetic wraps where the forms do not: only v OP c with c
     a constant or a variable.  */
  if (TYPE_UNSIGNED (type))
    {
      tree sa = strip_conv (a), sb = strip_conv (b);
      if (sb == var)
        std::swap (sa, sb);
      if (sa != var || (TREE_CODE (sb) != INTEGER_CST && !DECL_P (sb)))
        return;
    }
  pacc_form fa, fb, q;
  if (!pacc_form_of (a, fa) || !pacc_form_of (b, fb))
    return;
  form_add (fa, fb, -1); /* FA OP 0.  */
  if (!form_take_var (fa, var, q) || q.size () != 1 || !q[0].atoms.empty ()
      || (q[0].coef != 1 && q[0].coef != -1))
    return;
  pacc_form bnd;
  if (q[0].coef == 1)
    form_add (bnd, fa, -1); /* v + rest OP 0: v OP -rest.  */
  else
    {
      bnd = fa; /* rest - v OP 0: v OP' rest.  */
      code = swap_tree_comparison (code);
    }
  if (!stable_form_p (c, bnd))
    return;
  pacc_mono one;
  one.coef = 1;
  switch (code)
    {
    case EQ_EXPR:
      iv.lo.push_back (bnd);
      iv.hi.push_back (bnd);
      break;
    case NE_EXPR:
      iv.ne.push_back (bnd);
      break;
    case LT_EXPR:
      one.coef = -1;
      form_add_mono (bnd, one);
      /* Fall through.  */
    case LE_EXPR:
      iv.hi.push_back (bnd);
      break;
    case GT_EXPR:
      form_add_mono (bnd, one);
      /* Fall through.  */
    case GE_EXPR:
      iv.lo.push_back (bnd);
      break;
    default:
      break;
    }
}

/* Condition COND taken as SENSE, as bounds of VAR into IV.  */
static void
constrain (kernel_ctx &c, tree cond, bool sense, tree var, ival &iv, int depth)
{
  cond = strip_conv (cond);
  if (depth > 16)
    return;
  switch (TREE_CODE (cond))
    {
    case TRUTH_NOT_EXPR:
      constrain (c, TREE_OPERAND (cond, 0), !sense, var, iv, depth + 1);
      return;
    case TRUTH_ANDIF_EXPR:
    case TRUTH_AND_EXPR:
      /* !(p && q) is p || q's complement: nothing known of either.  */
      if (sense)
        for (int i = 0; i < 2; i++)
          constrain (c, TREE_OPERAND (cond, i), true, var, iv, depth + 1);
      return;
    case TRUTH_ORIF_EXPR:
    case TRUTH_OR_EXPR:
      if (!sense)
        for (int i = 0; i < 2; i++)
          constrain (c, TREE_OPERAND (cond, i), false, var, iv, depth + 1);
      return;
    case EQ_EXPR:
    case NE_EXPR:
    case LT_EXPR:
    case LE_EXPR:
    case GT_EXPR:
    case GE_EXPR:
      {
        enum tree_code code = TREE_CODE (cond);
        HOST_WIDE_INT rlo, rhi;
        if (pacc_range_test (cond, sense, var, &rlo, &rhi))
          {
            pacc_form f;
            pacc_mono m;
            m.coef = rlo;
            if (rlo)
              form_add_mono (f, m);
            iv.lo.push_back (f);
            f.clear ();
            m.coef = rhi;
            if (rhi)
              form_add_mono (f, m);
            iv.hi.push_back (f);
            return;
          }
        if (!sense)
          code = invert_tree_comparison (code, false);
        /* GCC folds (r == 0 && c == 0) into (r | c) == 0.  */
        tree op0 = strip_conv (TREE_OPERAND (cond, 0));
        if (code == EQ_EXPR && TREE_CODE (op0) == BIT_IOR_EXPR
            && integer_zerop (TREE_OPERAND (cond, 1)))
          {
            for (int i = 0; i < 2; i++)
              {
                tree o = TREE_OPERAND (op0, i);
                constrain (c,
                           build2 (EQ_EXPR, boolean_type_node, o,
                                   build_zero_cst (TREE_TYPE (o))),
                           true, var, iv, depth + 1);
              }
            return;
          }
        compare (c, code, TREE_OPERAND (cond, 0), TREE_OPERAND (cond, 1), var,
                 iv);
        return;
      }
    default:
      return;
    }
}

/* The conditions COND taken as SENSE (read in pacc loop LOOP) asserts,
   apart at && and ||, into OUT.  */
static void
facts_of (tree cond, bool sense, int loop, pacc_guards &out, int depth)
{
  cond = strip_conv (cond);
  enum tree_code code = TREE_CODE (cond);
  if (depth > 16)
    return;
  if (code == TRUTH_NOT_EXPR)
    facts_of (TREE_OPERAND (cond, 0), !sense, loop, out, depth + 1);
  else if ((sense && (code == TRUTH_ANDIF_EXPR || code == TRUTH_AND_EXPR))
           || (!sense && (code == TRUTH_ORIF_EXPR || code == TRUTH_OR_EXPR)))
    for (int i = 0; i < 2; i++)
      facts_of (TREE_OPERAND (cond, i), sense, loop, out, depth + 1);
  else
    {
      pacc_guard g = { cond, sense, loop };
      out.push_back (g);
    }
}

/* !(A && B) where B holds: !A.  The else-if chains of clamped
   boundaries need it (hotspot: `else if (r == row - 1 && c == col - 1)
   ... else if (c == col - 1)' reads row r + 1, r != row - 1 there).
   Likewise A || B where !B holds: A.  */
static void
implied (kernel_ctx &c, const pacc_guards &facts, tree var, ival &iv)
{
  for (auto &f : facts)
    {
      /* !((r | c) == 0), GCC's r == 0 && c == 0, where r == 0: c != 0.  */
      tree ior = TREE_CODE (f.cond) == EQ_EXPR
                   ? strip_conv (TREE_OPERAND (f.cond, 0))
                   : NULL_TREE;
      if (ior && !f.sense && TREE_CODE (ior) == BIT_IOR_EXPR
          && integer_zerop (TREE_OPERAND (f.cond, 1)))
        for (int i = 0; i < 2; i++)
          for (auto &g : facts)
            if (g.sense && TREE_CODE (g.cond) == EQ_EXPR
                && integer_zerop (TREE_OPERAND (g.cond, 1))
                && operand_equal_p (strip_conv (TREE_OPERAND (g.cond, 0)),
                                    strip_conv (TREE_OPERAND (ior, i)), 0)
                && stable_tree_p (c, g.cond, g.loop, f.loop))
              {
                tree o = TREE_OPERAND (ior, 1 - i);
                compare (c, NE_EXPR, o, build_zero_cst (TREE_TYPE (o)), var,
                         iv);
                break;
              }
      enum tree_code code = TREE_CODE (f.cond);
      bool conj = code == TRUTH_ANDIF_EXPR || code == TRUTH_AND_EXPR;
      bool disj = code == TRUTH_ORIF_EXPR || code == TRUTH_OR_EXPR;
      if (!(conj && !f.sense) && !(disj && f.sense))
        continue;
      for (int i = 0; i < 2; i++)
        {
          tree other = strip_conv (TREE_OPERAND (f.cond, 1 - i));
          for (auto &g : facts)
            /* Both read at different places: only of what stays.  */
            if (g.sense == conj && operand_equal_p (g.cond, other, 0)
                && stable_tree_p (c, other, g.loop, f.loop))
              {
                constrain (c, TREE_OPERAND (f.cond, i), f.sense, var, iv, 0);
                break;
              }
        }
    }
}

/* The bounds of loop LI's variable that the conditions around the
   access (the walk's and G) give, and the loop's span as forms [*FA,
   *FB); false when the span is not a form.  Conditions read outside loop
   LI name another value of its variable and do not count.  */
static bool
loop_ival (kernel_ctx &c, int li, const pacc_guards &g, ival &iv,
           pacc_form *fa, pacc_form *fb)
{
  pacc_loop &l = c.k->loops[li];
  tree a, b;
  /* Conditions never read through index locals: a local may be defined
     between the condition and the access.  */
  pacc_form_env *saved = pacc_form_env_cur;
  pacc_form_env_cur = NULL;
  bool ok = pacc_loop_span (l.for_stmt, l.var, l.init, &a, &b)
            && pacc_form_of (a, *fa) && pacc_form_of (b, *fb);
  pacc_guards facts;
  if (ok)
    for (const pacc_guards *gs : { (const pacc_guards *) &c.guards, &g })
      for (auto &gd : *gs)
        if (loop_encloses (c, li, gd.loop))
          {
            constrain (c, gd.cond, gd.sense, l.var, iv, 0);
            facts_of (gd.cond, gd.sense, gd.loop, facts, 0);
          }
  implied (c, facts, l.var, iv);
  pacc_form_env_cur = saved;
  return ok;
}

/* Access A's GLO and GHI from the conditions around it, the walk's and
   G, those of the selects of its index.  */
void
pacc_guard_reach (kernel_ctx &c, pacc_access &a, const pacc_guards &g)
{
  int rank = c.r->pc->rank;
  for (int n = 0; n < rank; n++)
    {
      if (a.kind[n] != PACC_IX_VAR)
        continue;
      int li = a.loop;
      while (li >= 0 && c.k->loops[li].dim != rank - n)
        li = c.k->loops[li].parent;
      ival iv;
      pacc_form fa, fb;
      if (li < 0 || !loop_ival (c, li, g, iv, &fa, &fb))
        continue;
      pacc_mono m1;
      m1.coef = -1;
      form_add_mono (fb, m1); /* The last value.  */
      HOST_WIDE_INT glo = 0, ghi = 0, d;
      for (auto &f : iv.lo)
        if (diff_const (f, fa, &d))
          glo = MAX (glo, d);
        else if (diff_const (f, fb, &d))
          {
            /* v >= last + d: `r == row - 1 ? a[r-1]'.  */
            a.elo[n] = a.pin_lo[n] ? MAX (a.elo[n], d) : d;
            a.pin_lo[n] = true;
          }
      for (auto &f : iv.hi)
        if (diff_const (f, fb, &d))
          ghi = MIN (ghi, d);
        else if (diff_const (f, fa, &d))
          {
            a.shi[n] = a.pin_hi[n] ? MIN (a.shi[n], d) : d;
            a.pin_hi[n] = true;
          }
      /* v != first, v != first + 1, ...: in any order.  */
      for (size_t pass = 0; pass < iv.ne.size (); pass++)
        for (auto &f : iv.ne)
          {
            if (diff_const (f, fa, &d) && d == glo)
              glo++;
            if (diff_const (f, fb, &d) && d == ghi)
              ghi--;
          }
      a.glo[n] = glo;
      a.ghi[n] = ghi;
    }
}

/* Access A reads a fixed row (A.inv[0]) in a nest with the decomposed
   loop, under conditions (the walk's and G) that bound that loop's
   variable v to [L, H] with the row minus each a constant: the row is
   v plus an offset from row - H to row - L.  A becomes the access at
   the first offset, *OFF2 is the second, both with GLO and GHI such
   that they touch the row only.  `a[max (x - 1, 0)]' reads row 0 where
   x <= 1.  */
bool
pacc_guard_row (kernel_ctx &c, pacc_access &a, const pacc_guards &g,
                HOST_WIDE_INT *off2)
{
  int li = c.k->dec;
  if (li < 0 || a.kind[0] != PACC_IX_INV || !loop_encloses (c, li, a.loop))
    return false;
  ival iv;
  pacc_form fa, fb;
  if (!loop_ival (c, li, g, iv, &fa, &fb))
    return false;
  pacc_mono m1;
  m1.coef = -1;
  form_add_mono (fb, m1);
  const pacc_form &row = a.inv[0];
  /* L and H: any bounds of v that differ from the row by constants, the
     loop's among them; the closest.  */
  bool have_lo = false, have_hi = false;
  HOST_WIDE_INT omin = 0, omax = 0, e;
  iv.lo.push_back (fa);
  for (auto &f : iv.lo)
    if (diff_const (row, f, &e))
      {
        omax = have_lo ? MIN (omax, e) : e;
        have_lo = true;
      }
  iv.hi.push_back (fb);
  for (auto &f : iv.hi)
    if (diff_const (row, f, &e))
      {
        omin = have_hi ? MAX (omin, e) : e;
        have_hi = true;
      }
  if (!have_lo || !have_hi || omin > omax)
    return false;
  a.kind[0] = PACC_IX_VAR;
  a.off[0] = omin;
  *off2 = omax;
  a.inv[0].clear ();
  return true;
}

/* The GLO and GHI along the rows of an access that pacc_guard_row made
   at offset OFF to ROW: it touches ROW only, so its first and last rows
   are ROW where the loop's bounds are a constant away from it.  */
void
pacc_guard_row_reach (kernel_ctx &c, pacc_access &a, const pacc_form &row)
{
  pacc_loop &l = c.k->loops[c.k->dec];
  tree ta, tb;
  pacc_form fa, fb;
  if (!pacc_loop_span (l.for_stmt, l.var, l.init, &ta, &tb)
      || !pacc_form_of (ta, fa) || !pacc_form_of (tb, fb))
    return;
  pacc_mono m1;
  m1.coef = -1;
  form_add_mono (fb, m1);
  HOST_WIDE_INT d;
  /* first + off + glo = row and first + off + shi = row; last + off + ghi
     = row and last + off + elo = row.  */
  if (diff_const (row, fa, &d))
    {
      if (d - a.off[0] > a.glo[0])
        a.glo[0] = d - a.off[0];
      a.pin_hi[0] = true;
      a.shi[0] = d - a.off[0];
    }
  if (diff_const (row, fb, &d))
    {
      if (d - a.off[0] < a.ghi[0])
        a.ghi[0] = d - a.off[0];
      a.pin_lo[0] = true;
      a.elo[0] = d - a.off[0];
    }
}
