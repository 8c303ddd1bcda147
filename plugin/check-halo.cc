/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* check-halo.cc - the reach of one time step along chains of kernels.

   A kernel that reads what an earlier kernel of the step wrote, at an
   offset, makes the earlier one compute wider rows (its widening,
   pacc_kernel.e_lo/e_hi); what the first kernels of the chains read of
   the step's input is the step's reach, which the declared halo must
   cover.  Located errors:
     - stencil offsets, summed along chains of kernels in one step, beyond
       the declared halo;
     - targettemp arrays read before they are written in the step, at
       rows the step does not write, or at elements that the step does
       not write before the read along the other dimensions (bounds that
       differ by constants only).  */

#include "check.h"

/* ------------------------------------------------------------------ */
/* Halo derivation along chains of kernels.                            */

/* Whether the rows of temporary buffer A that kernel M reads lie within
   the rows kernel W writes, as far as the loop bounds tell: each bound of
   the reader, shifted by the read offset, differs from the writer's by a
   constant of the right sign.  Bounds that do not differ by a constant
   are assumed to cover (not provable here).  The writes count where
   the conditions around them let them run, as the read does
   (`if (x > 2) q[x][y] = ...' from x = 1 leaves rows 1 and 2: issue
   48).  */
static bool
temp_rows_covered (pacc_kernel &w, pacc_kernel &m, pacc_access &a)
{
  /* A fixed-row writer covers a read of its row only; a fixed-row reader
     of a loop's rows is assumed covered (its row is not a constant
     distance from the loop's bounds).  */
  if (w.dec < 0)
    {
      pacc_form wr, mr;
      return m.dec < 0 && pacc_form_of (w.row, wr) && pacc_form_of (m.row, mr)
             && form_equal (wr, mr) && a.off[0] == w.w;
    }
  if (m.dec < 0)
    return true;
  pacc_loop &lw = w.loops[w.dec], &lm = m.loops[m.dec];
  pacc_form wl, wh, ml, mh;
  if (!pacc_form_of (lw.init, wl) || !pacc_form_of (lw.bound, wh)
      || !pacc_form_of (lm.init, ml) || !pacc_form_of (lm.bound, mh))
    return true;
  /* Rows written [wl + w.w, wh + w.w); rows read [ml + off, mh + off).  */
  pacc_form lo = ml, hi = mh;
  form_add (lo, wl, -1);
  form_add (hi, wh, -1);
  for (auto &mono : lo)
    if (!mono.atoms.empty ())
      return true;
  for (auto &mono : hi)
    if (!mono.atoms.empty ())
      return true;
  /* The rows the writes of A's buffer reach: the least first and the
     greatest last over them, each from where its conditions let it run
     (one bound from the other end: its loop's, as before).  */
  HOST_WIDE_INT wglo = 0, wghi = 0;
  bool first = true;
  for (auto &b : w.accesses)
    if (b.write && b.buf == a.buf)
      {
        bool n = b.cond && !b.pin_lo[0] && !b.pin_hi[0];
        HOST_WIDE_INT bl = n ? b.glo[0] : 0, bh = n ? b.ghi[0] : 0;
        wglo = first ? bl : MIN (wglo, bl);
        wghi = first ? bh : MAX (wghi, bh);
        first = false;
      }
  /* The read's rows from where the conditions around it let it run.  */
  HOST_WIDE_INT dlo = form_const (lo) + a.off[0] + a.glo[0] - w.w - wglo;
  HOST_WIDE_INT dhi = form_const (hi) + a.off[0] + a.ghi[0] - w.w - wghi;
  return dlo >= 0 && dhi <= 0;
}

/* ------------------------------------------------------------------ */
/* targettemp elements along the other dimensions.                     */

/* Declarations whose value may differ between two nests of a step or
   two iterations: the nests' loop variables and locals, and the scalars
   host statements assign.  */
static void
unstable_decls (pacc_region &r, hash_set<tree> &u)
{
  struct m
  {
    static tree cb (tree *tp, int *ws, void *d)
    {
      hash_set<tree> &u = *(hash_set<tree> *) d;
      if (TYPE_P (*tp))
        *ws = 0;
      else if (TREE_CODE (*tp) == BIND_EXPR)
        for (tree v = BIND_EXPR_VARS (*tp); v; v = DECL_CHAIN (v))
          u.add (v);
      else if (TREE_CODE (*tp) == DECL_EXPR)
        u.add (DECL_EXPR_DECL (*tp));
      return NULL_TREE;
    }
  };
  for (auto &k : r.kernels)
    {
      for (auto &l : k.loops)
        u.add (l.var);
      for (tree v : k.private_vars)
        u.add (v);
      walk_tree_without_duplicates (&k.stmt, m::cb, &u);
    }
  for (tree v : r.assigned)
    u.add (v);
}

/* The indices [*LO, *HI) along dimension N (0 = rows) that access A of
   kernel K reaches, from the bounds of its loop of that dimension or
   its fixed index; false when they are not forms of declarations that
   hold one value through the step.  */
static bool
access_range (pacc_region &r, pacc_kernel &k, const pacc_access &a, int n,
              hash_set<tree> &unstable, pacc_form *lo, pacc_form *hi)
{
  pacc_mono one;
  one.coef = 1;
  if (a.kind[n] == PACC_IX_INV)
    {
      *lo = *hi = a.inv[n];
      form_add_mono (*hi, one);
    }
  else if (a.kind[n] != PACC_IX_VAR)
    return false;
  else
    {
      int li = a.loop;
      while (li >= 0 && k.loops[li].dim != r.pc->rank - n)
        li = k.loops[li].parent;
      if (li < 0)
        return false;
      pacc_loop &l = k.loops[li];
      tree a0, b;
      if (!pacc_loop_span (l.for_stmt, l.var, l.init, &a0, &b)
          || !pacc_form_of (a0, *lo) || !pacc_form_of (b, *hi))
        return false;
      one.coef = a.off[n];
      form_add_mono (*lo, one);
      form_add_mono (*hi, one);
    }
  for (const pacc_form *f : { lo, hi })
    for (auto &mono : *f)
      for (tree at : mono.atoms)
        if (unstable.contains (at))
          return false;
  return true;
}

/* Access A's range [*LO, *HI) along dimension N (access_range, *KNOWN)
   where the conditions around it let it run (pacc_access.glo, ghi:
   check-conds.cc): `y < Y - 1 ? q[x][y] : ...' over y from 0 reads
   q[x][0], `if (y > 2) q[x][y] = ...' over y from 1 does not write
   q[x][1] (issue 48).  Where they bound it from the other end (pin_lo,
   pin_hi), the dimension is not compared.  A condition check-conds.cc
   cannot read leaves the loop's range.  */
static void
narrow_by_conds (const pacc_access &a, int n, bool *known, pacc_form *lo,
                 pacc_form *hi)
{
  if (!*known || !a.cond || a.kind[n] != PACC_IX_VAR)
    return;
  if (a.pin_lo[n] || a.pin_hi[n])
    {
      *known = false;
      return;
    }
  pacc_mono c;
  c.coef = a.glo[n];
  if (c.coef)
    form_add_mono (*lo, c);
  c.coef = a.ghi[n];
  if (c.coef)
    form_add_mono (*hi, c);
}

/* Whether A - B is a constant, into *D.  */
static bool
const_diff (const pacc_form &a, const pacc_form &b, HOST_WIDE_INT *d)
{
  pacc_form f = a;
  form_add (f, b, -1);
  for (auto &mono : f)
    if (!mono.atoms.empty ())
      return false;
  *d = form_const (f);
  return true;
}

/* F for a message: "Y - 2".  */
static std::string
form_str (const pacc_form &f)
{
  std::string s;
  HOST_WIDE_INT c = 0;
  for (auto &mono : f)
    {
      if (mono.atoms.empty ())
        {
          c += mono.coef;
          continue;
        }
      HOST_WIDE_INT k = mono.coef;
      s += s.empty () ? (k < 0 ? "-" : "") : (k < 0 ? " - " : " + ");
      if (k != 1 && k != -1)
        s += std::to_string (k < 0 ? -k : k) + "*";
      for (size_t i = 0; i < mono.atoms.size (); i++)
        {
          tree name = DECL_NAME (mono.atoms[i]);
          s += i ? "*" : "";
          s += name ? IDENTIFIER_POINTER (name) : "?";
        }
    }
  if (s.empty ())
    return std::to_string (c);
  if (c)
    s += (c < 0 ? " - " : " + ") + std::to_string (c < 0 ? -c : c);
  return s;
}

/* Read AI of kernel M, of a temporary buffer, along the dimensions
   after the rows: a corner of the elements it reads that lies, provably
   (its indices differ from the bounds by constants), outside what every
   write of the buffer by an earlier kernel of the step, or by M before
   the read, reaches, holds a value of an earlier step, and of an
   earlier block when the block starts: an error.  Rows are
   temp_rows_covered's.  Reads and writes under a condition count from
   where the conditions let them run (narrow_by_conds), as reads do
   along the rows: `y < Y - 1 ? q[x][y] : ...' over y from 0 reads
   q[x][0], which a step writing columns 1 to Y - 2 leaves from the
   step before, and the pipeline gave another answer without a word
   (issue 48).  Bounds that are not known
   at compile time are not checked here (pacc_step_checks,
   lower-steps.cc, checks them at every step).  */
static bool
temp_elements_written (pacc_region &r, int m, size_t ai)
{
  int rank = r.pc->rank;
  pacc_access &a = r.kernels[m].accesses[ai];
  if (rank < 2)
    return true;
  hash_set<tree> unstable;
  unstable_decls (r, unstable);
  pacc_form lo[MAX_RANK], hi[MAX_RANK];
  bool known[MAX_RANK];
  pacc_kernel &km = r.kernels[m];
  for (int n = 1; n < rank; n++)
    {
      HOST_WIDE_INT len;
      known[n] = access_range (r, km, a, n, unstable, &lo[n], &hi[n]);
      narrow_by_conds (a, n, &known[n], &lo[n], &hi[n]);
      if (known[n] && const_diff (hi[n], lo[n], &len) && len <= 0)
        return true;
    }
  struct box
  {
    pacc_form lo[MAX_RANK], hi[MAX_RANK];
    bool known[MAX_RANK];
  };
  std::vector<box> boxes;
  int last = -1;
  for (int i = 0; i <= m; i++)
    for (size_t bi = 0; bi < r.kernels[i].accesses.size (); bi++)
      if (r.kernels[i].accesses[bi].write
          && r.kernels[i].accesses[bi].buf == a.buf && (i < m || bi < ai))
        {
          pacc_access &b = r.kernels[i].accesses[bi];
          box w;
          for (int n = 1; n < rank; n++)
            {
              w.known[n] = access_range (r, r.kernels[i], b, n, unstable,
                                         &w.lo[n], &w.hi[n]);
              narrow_by_conds (b, n, &w.known[n], &w.lo[n], &w.hi[n]);
            }
          boxes.push_back (w);
          last = i;
        }
  if (boxes.empty ())
    return true;
  for (int corner = 0; corner < 1 << (rank - 1); corner++)
    {
      pacc_form at[MAX_RANK];
      for (int n = 1; n < rank; n++)
        if (known[n])
          {
            bool high = corner & (1 << (n - 1));
            at[n] = high ? hi[n] : lo[n];
            if (high)
              {
                pacc_mono one;
                one.coef = -1;
                form_add_mono (at[n], one);
              }
          }
      bool covered = false;
      for (auto &w : boxes)
        {
          bool out = false;
          for (int n = 1; n < rank && !out; n++)
            {
              HOST_WIDE_INT d;
              if (!known[n] || !w.known[n])
                continue;
              out = (const_diff (at[n], w.lo[n], &d) && d < 0)
                    || (const_diff (at[n], w.hi[n], &d) && d >= 0);
            }
          if (!out)
            {
              covered = true;
              break;
            }
        }
      if (covered)
        continue;
      std::string where = "[";
      if (km.dec >= 0)
        {
          tree v = DECL_NAME (km.loops[km.dec].var);
          where += v ? IDENTIFIER_POINTER (v) : "row";
          if (a.off[0])
            where += (a.off[0] < 0 ? "-" : "+")
                     + std::to_string (a.off[0] < 0 ? -a.off[0] : a.off[0]);
        }
      else
        where += "row";
      where += "]";
      for (int n = 1; n < rank; n++)
        where += "[" + (known[n] ? form_str (at[n]) : std::string ("?")) + "]";
      error_at (a.loc,
                "targettemp array %qD is read at %s, an element that "
                "the time step does not write before this read, so its value "
                "would cross a time-block boundary; make the loops that write "
                "it cover it, or list %qD in %<targetinout%>",
                r.pc->arrays[a.buf].decl, where.c_str (),
                r.pc->arrays[a.buf].decl);
      inform (r.kernels[last].loc, "written by this loop nest");
      return false;
    }
  return true;
}

bool
derive_halo (pacc_region &r)
{
  int rank = r.pc->rank;
  int nk = r.kernels.size ();
  for (int d = 0; d < rank; d++)
    r.reach_lo[d] = r.reach_hi[d] = 0;
  for (auto &k : r.kernels)
    for (int d = 0; d < rank; d++)
      k.e_lo[d] = k.e_hi[d] = 0;
  /* Which kernel explains each reach, for the message.  */
  int why_lo[MAX_RANK], why_hi[MAX_RANK];
  for (int d = 0; d < rank; d++)
    why_lo[d] = why_hi[d] = -1;
  for (int m = nk - 1; m >= 0; m--)
    {
      pacc_kernel &km = r.kernels[m];
      for (size_t ai = 0; ai < km.accesses.size (); ai++)
        {
          pacc_access &a = km.accesses[ai];
          if (a.write)
            continue;
          /* Written earlier by this kernel itself, at this point (the
	     dependence check made sure of that): nothing to derive.  */
          bool self = false;
          for (size_t bi = 0; bi < ai; bi++)
            if (km.accesses[bi].write && km.accesses[bi].buf == a.buf)
              self = true;
          if (self && r.pc->arrays[a.buf].role == PACC_ROLE_TEMP
              && !temp_elements_written (r, m, ai))
            return false;
          if (self)
            continue;
          /* Writers of this buffer before m in the step, latest first,
	     down to the latest one that writes a loop's rows: a fixed-row
	     nest writes one row, the rest comes from before it.  */
          std::vector<int> wrs;
          bool full = false;
          for (int i = m - 1; i >= 0 && !full; i--)
            for (auto &b : r.kernels[i].accesses)
              if (b.write && b.buf == a.buf)
                {
                  wrs.push_back (i);
                  full = r.kernels[i].dec >= 0;
                  break;
                }
          if (wrs.empty () && r.pc->arrays[a.buf].role == PACC_ROLE_TEMP)
            {
              error_at (a.loc,
                        "targettemp array %qD is read before it is "
                        "written in the time step, so its value would cross a "
                        "time-block boundary; list it in %<targetinout%>",
                        r.pc->arrays[a.buf].decl);
              return false;
            }
          if (!wrs.empty () && r.pc->arrays[a.buf].role == PACC_ROLE_TEMP)
            {
              bool covered = false;
              for (int i : wrs)
                if ((covered = temp_rows_covered (r.kernels[i], km, a))
                    || r.kernels[i].dec >= 0)
                  break;
              if (!covered)
                {
                  error_at (a.loc,
                            "targettemp array %qD is read at rows that "
                            "the time step does not write (the rows of the "
                            "reading loop reach beyond those of the writing "
                            "loop), so their values would cross a time-block "
                            "boundary; list it in %<targetinout%>",
                            r.pc->arrays[a.buf].decl);
                  inform (r.kernels[wrs.back ()].loc, "written by this loop "
                                                      "nest");
                  return false;
                }
              if (!temp_elements_written (r, m, ai))
                return false;
            }
          for (int d = 0; d < rank; d++)
            {
              if (a.kind[d] != PACC_IX_VAR)
                continue;
              /* Row read relative to the row written: off - w.  */
              HOST_WIDE_INT rel = a.off[d] - (d == 0 ? km.w : 0);
              HOST_WIDE_INT lo = rel < 0 ? -rel : 0, hi = rel > 0 ? rel : 0;
              HOST_WIDE_INT need_lo = km.e_lo[d] + lo,
                            need_hi = km.e_hi[d] + hi;
              for (int i : wrs)
                {
                  pacc_kernel &kw = r.kernels[i];
                  kw.e_lo[d] = MAX (kw.e_lo[d], need_lo);
                  kw.e_hi[d] = MAX (kw.e_hi[d], need_hi);
                }
              if (!full)
                {
                  if (need_lo > r.reach_lo[d])
                    {
                      r.reach_lo[d] = need_lo;
                      why_lo[d] = m;
                    }
                  if (need_hi > r.reach_hi[d])
                    {
                      r.reach_hi[d] = need_hi;
                      why_hi[d] = m;
                    }
                }
            }
        }
    }
  bool ok = true;
  for (int d = 0; d < rank; d++)
    {
      if (r.reach_lo[d] <= r.pc->halo_lo[d]
          && r.reach_hi[d] <= r.pc->halo_hi[d])
        continue;
      bool lo = r.reach_lo[d] > r.pc->halo_lo[d];
      int m = lo ? why_lo[d] : why_hi[d];
      error_at (r.pc->halo_loc,
                "%<halo%> [%wd:%wd] of %<dim(%d)%> is "
                "smaller than what one time step reaches along it, "
                "[%wd:%wd]",
                r.pc->halo_lo[d], r.pc->halo_hi[d], rank - d, r.reach_lo[d],
                r.reach_hi[d]);
      if (m >= 0)
        {
          bool chain = r.kernels[m].e_lo[d] || r.kernels[m].e_hi[d];
          if (chain)
            inform (r.kernels[m].loc,
                    "reach of this loop nest, which adds up "
                    "with what later nests of the step read of its output");
          else
            inform (r.kernels[m].loc, "reach of this loop nest");
          for (int j = m + 1; chain && j < (int) r.kernels.size (); j++)
            inform (r.kernels[j].loc, "later loop nest of the chain");
        }
      ok = false;
    }
  r.e_lo = r.e_hi = 0;
  for (auto &k : r.kernels)
    {
      r.e_lo = MAX (r.e_lo, k.e_lo[0]);
      r.e_hi = MAX (r.e_hi, k.e_hi[0]);
    }
  return ok;
}
