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
     - targettemp arrays read before they are written in the step, or at
       rows the step does not write.  */

#include "check.h"

/* ------------------------------------------------------------------ */
/* Halo derivation along chains of kernels.                            */

/* Whether the rows of temporary buffer A that kernel M reads lie within
   the rows kernel W writes, as far as the loop bounds tell: each bound of
   the reader, shifted by the read offset, differs from the writer's by a
   constant of the right sign.  Bounds that do not differ by a constant
   are assumed to cover (not provable here).  */
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
  HOST_WIDE_INT dlo = form_const (lo) + a.off[0] - w.w;
  HOST_WIDE_INT dhi = form_const (hi) + a.off[0] - w.w;
  return dlo >= 0 && dhi <= 0;
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
  int why_lo[PACC_MAX_RANK], why_hi[PACC_MAX_RANK];
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
	      error_at (a.loc, "targettemp array %qD is read before it is "
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
		  error_at (a.loc, "targettemp array %qD is read at rows that "
			    "the time step does not write (the rows of the "
			    "reading loop reach beyond those of the writing "
			    "loop), so their values would cross a time-block "
			    "boundary; list it in %<targetinout%>",
			    r.pc->arrays[a.buf].decl);
		  inform (r.kernels[wrs.back ()].loc, "written by this loop "
			  "nest");
		  return false;
		}
	    }
	  for (int d = 0; d < rank; d++)
	    {
	      if (a.kind[d] != PACC_IX_VAR)
		continue;
	      /* Row read relative to the row written: off - w.  */
	      HOST_WIDE_INT rel = a.off[d] - (d == 0 ? km.w : 0);
	      HOST_WIDE_INT lo = rel < 0 ? -rel : 0, hi = rel > 0 ? rel : 0;
	      HOST_WIDE_INT need_lo = km.e_lo[d] + lo, need_hi = km.e_hi[d] + hi;
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
      if (r.reach_lo[d] <= r.pc->halo_lo[d] && r.reach_hi[d] <= r.pc->halo_hi[d])
	continue;
      bool lo = r.reach_lo[d] > r.pc->halo_lo[d];
      int m = lo ? why_lo[d] : why_hi[d];
      error_at (r.pc->halo_loc, "%<halo%> [%wd:%wd] of %<dim(%d)%> is "
		"smaller than what one time step reaches along it, "
		"[%wd:%wd]", r.pc->halo_lo[d], r.pc->halo_hi[d], rank - d,
		r.reach_lo[d], r.reach_hi[d]);
      if (m >= 0)
	{
	  bool chain = r.kernels[m].e_lo[d] || r.kernels[m].e_hi[d];
	  if (chain)
	    inform (r.kernels[m].loc, "reach of this loop nest, which adds up "
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
