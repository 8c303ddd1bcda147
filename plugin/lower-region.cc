/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower-region.cc - turn a checked pipeline region into chunked, temporally
   blocked code that calls libpacc (see libpacc/pacc-abi.h).

     t = t0;                                  (the user's init, unchanged)
     { ...descriptors...
       R = __pacc_region_begin (...);   (mpi: __pacc_region_begin_mpi__...,
                                          with the kernels' row bounds)
       while (__pacc_next_block (R, blk))
         while (__pacc_next_chunk (R, ci, ptr))
           {
             __pacc_p = ptr[0]; ...
             for (s = 0; s < blk[KK]; s++)
               {
                 ptr[0] = __pacc_p; ...  __pacc_step (R, ci, ptr, s);
                 tcur = blk[T] + s;
                 host statements on shadows (swaps rename __pacc_ pointers)
                 kernel j: rows [max (A, lo - glo*(kk-1-s) - e_j - w),
                                 min (B, hi + ghi*(kk-1-s) + e_j - w))
                   (lo, hi, glo, ghi from ci: pacc-abi.h)
                   as #pragma acc parallel deviceptr(...) async(queue)
                      + #pragma acc loop gang/worker/vector
               }
             ptr[0] = __pacc_p; ...
             __pacc_chunk_done (R, ci, ptr);
           }
       (mpi: __pacc_region_allreduce of each reduction's partials)
       for (t = t0; t < T; t++)   the user's loop, kernels removed: replays
         host statements on the user's variables (pointer swaps, scalars,
         reduction resets) and adds each step's reduction partials.
       __pacc_region_end (R);     frees the partials too  }

   Kernels are built by lower-kernel.cc, the trees around them with the
   helpers of lower-build.cc.  With -fplugin-arg-pacc-verbose a note
   reports each region (report).  */

#include "pacc-plugin.h"
#include "check.h"
#include "lower.h"

/* ------------------------------------------------------------------ */
/* Rows the loops touch.                                               */

/* Before the region starts: each kernel's rows (its decomposed loop, or
   the fixed row of a nest without one), widened by the offsets its
   accesses add to them, must stay inside the rows of size, else
   __pacc_rows_outside stops the program (the chunks hold only those
   rows: a size([0:X/2]) on loops over X rows read outside the buffers,
   a size([1:X]) on loops that read row 0 gave another answer than the
   sequential run, a fixed row X with size([0:X]) corrupted the heap).
   Checked here for rows known at entry (at compile time when they and
   size are constants), by lower_kernel at every sub-step for the
   others.  */
static void
check_rows (pacc_region &r, tree *body, tree where_s)
{
  hash_map<tree, tree> none;
  for (size_t j = 0; j < r.kernels.size (); j++)
    {
      pacc_kernel &k = r.kernels[j];
      if (!pacc_rows_at_entry_p (r, k))
        continue;
      tree a = k.dec >= 0 ? k.loops[k.dec].init : k.row;
      tree ha = lng (rewritten_copy (r, a, none));
      tree hb = k.dec >= 0
                  ? lng (rewritten_copy (r, k.loops[k.dec].bound, none))
                  : build2 (PLUS_EXPR, long_integer_type_node,
                            lng (rewritten_copy (r, k.row, none)), lcst (1));
      /* A point write's row is named by the write's line.  */
      tree check = pacc_rows_check (r, k, (int) j, ha, hb,
                                    k.point ? where_literal (k.loc) : where_s);
      if (check)
        add (body, check);
    }
}

/* The same along the faster dimensions: a loop `dim(d)' with bounds
   known at entry, widened by the offsets of the accesses it indexes,
   must stay inside size's range of that dimension, else
   __pacc_cols_outside stops the program.  With flat pointers an index
   past the row's end reads the next row (valid C when the allocation
   goes on), which the chunk holding this row may not hold: the run gave
   another answer than the sequential one without a word.  */
static void
check_cols (pacc_region &r, tree *body, tree where_s)
{
  tree lt = long_integer_type_node;
  hash_map<tree, tree> none;
  int rank = r.pc->rank;
  struct span
  {
    int loop, n;
    std::vector<const pacc_access *> accs;
  };
  for (size_t j = 0; j < r.kernels.size (); j++)
    {
      pacc_kernel &k = r.kernels[j];
      std::vector<span> spans;
      for (auto &acc : k.accesses)
        for (int n = 1; n < rank; n++)
          {
            if (acc.kind[n] != PACC_IX_VAR)
              continue;
            int li = acc.loop;
            while (li >= 0 && k.loops[li].dim != rank - n)
              li = k.loops[li].parent;
            if (li < 0)
              continue;
            bool found = false;
            for (auto &sp : spans)
              if (sp.loop == li && sp.n == n)
                {
                  sp.accs.push_back (&acc);
                  found = true;
                }
            if (!found)
              spans.push_back ({ li, n, { &acc } });
          }
      for (auto &sp : spans)
        {
          pacc_loop &l = k.loops[sp.loop];
          tree a, b;
          if (!pacc_loop_span (l.for_stmt, l.var, l.init, &a, &b))
            continue;
          /* Through the nest's locals (`int n = Y - 1;').  */
          a = pacc_host_value (l, a);
          b = pacc_host_value (l, b);
          /* A local left unread: no check could see the indices the loop
	     touches, at entry or at a step (issue 48).  */
          for (tree e : { a, b })
            if (tree v = pacc_set_var_in (k, e))
              {
                error_at (l.loc,
                          "a bound of this %<#pragma pacc loop%> reads "
                          "%qD, which the nest assigns more than once or "
                          "changes, so its indices cannot be checked against "
                          "%<size%>; give %qD one definition from values the "
                          "nest does not change, or write the bound without "
                          "it",
                          v, v);
                break;
              }
          if (!pacc_host_bound_p (r, k, a, true)
              || !pacc_host_bound_p (r, k, b, true))
            continue;
          tree ha = lng (rewritten_copy (r, a, none));
          tree hb = lng (rewritten_copy (r, b, none));
          /* From where the conditions around them let them run.  */
          tree first, last;
          pacc_reach_trees (sp.accs, sp.n, ha, hb, &first, &last);
          tree lo = lng (unshare_expr (r.pc->size_lo[sp.n]));
          tree end = build2 (PLUS_EXPR, lt, unshare_expr (lo),
                             lng (unshare_expr (r.pc->size_len[sp.n])));
          tree outside
            = build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
                      build2 (LT_EXPR, boolean_type_node, unshare_expr (ha),
                              unshare_expr (hb)),
                      build2 (TRUTH_ORIF_EXPR, boolean_type_node,
                              build2 (LT_EXPR, boolean_type_node, first,
                                      unshare_expr (lo)),
                              build2 (GE_EXPR, boolean_type_node, last, end)));
          tree call = build_call_expr_loc (
            l.loc, fn_cols_outside, 7, unshare_expr (where_s),
            build_int_cst (integer_type_node, (int) j + 1),
            build_int_cst (integer_type_node, rank - sp.n),
            unshare_expr (first), unshare_expr (last), unshare_expr (lo),
            lng (unshare_expr (r.pc->size_len[sp.n])));
          add (body, build3 (COND_EXPR, void_type_node, outside, call,
                             build_empty_stmt (l.loc)));
        }
    }
}

/* An array (not a pointer) has the rows of its C type: size may not give
   it others, or the chunks loaded and wrote back rows past its end (a
   segmentation fault, or other variables overwritten).  The other
   extents are checked through AI_TYPE_ROW, its row bytes (libpacc's
   check_arrays); the first here: an error at the array's name in the
   clause when size's rows and the type's are constants, else TYPE_ROW,
   the array's AI_TYPE_ROW, becomes PACC_TYPE_ROW_EXTENTS_DIFFER at entry
   when size's rows leave the type's, and libpacc stops the region with
   "array 'p': the extents of its C type are not those of the size
   clause".  */
static tree
type_rows (pacc_region &r, pacc_array_clause &ac, tree type_row)
{
  tree dom = TYPE_DOMAIN (TREE_TYPE (ac.decl));
  if (!dom || !TYPE_MAX_VALUE (dom))
    return type_row;
  tree lt = long_integer_type_node;
  tree n = fold (build2 (PLUS_EXPR, lt,
                         lng (unshare_expr (TYPE_MAX_VALUE (dom))), lcst (1)));
  tree lo = fold (lng (unshare_expr (r.pc->size_lo[0])));
  tree len = fold (lng (unshare_expr (r.pc->size_len[0])));
  if (tree_fits_shwi_p (n) && tree_fits_shwi_p (lo) && tree_fits_shwi_p (len))
    {
      HOST_WIDE_INT in = tree_to_shwi (n), il = tree_to_shwi (lo);
      HOST_WIDE_INT ilen = tree_to_shwi (len);
      if (ilen > 0 && (il < 0 || il > in - ilen))
        error_at (ac.loc,
                  "%<size%> gives %qD rows %wd to %wd of the first "
                  "dimension, but its type %qT has %wd rows",
                  ac.decl, il, il + ilen - 1, TREE_TYPE (ac.decl), in);
      return type_row;
    }
  tree ok
    = build2 (TRUTH_ORIF_EXPR, boolean_type_node,
              build2 (LE_EXPR, boolean_type_node, len, lcst (0)),
              build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
                      build2 (GE_EXPR, boolean_type_node, lo, lcst (0)),
                      build2 (LE_EXPR, boolean_type_node, unshare_expr (lo),
                              build2 (MINUS_EXPR, lt, n,
                                      unshare_expr (len)))));
  return build3 (COND_EXPR, lt, ok, type_row,
                 lcst (PACC_TYPE_ROW_EXTENTS_DIFFER));
}

/* ------------------------------------------------------------------ */
/* mpi(COMM, GHOSTS).                                                  */

/* With mpi, libpacc translates each kernel's decomposed loop bounds at
   entry into the rows the kernel runs on this rank (libpacc-mpi's
   begin replaces them in KB): they must be known at entry, as check_rows needs
   them.  An error at the loop for each kernel whose bounds are not.  */
bool
pacc_mpi_bounds_ok (pacc_region &r)
{
  if (!r.pc->mpi_comm)
    return true;
  bool ok = true;
  for (auto &k : r.kernels)
    {
      gcc_assert (k.dec >= 0);
      pacc_loop &l = k.loops[k.dec];
      for (tree e : { l.init, l.bound })
        if (!pacc_host_bound_p (r, k, e, true))
          {
            error_at (l.loc,
                      "with %<mpi%>, the bounds of the decomposed "
                      "%<#pragma pacc loop%> must be known when the region "
                      "starts, but %qE depends on the time step, on a scalar "
                      "the step assigns, on a loop variable, on memory or on "
                      "a call",
                      e);
            inform (r.pc->mpi_loc, "%<mpi%> clause here");
            ok = false;
            break;
          }
    }
  return ok;
}

/* The enum pacc_red_op of reduction operator OP.  */
static int
red_op (enum tree_code op)
{
  switch (op)
    {
    case PLUS_EXPR:
      return RED_ADD;
    case MULT_EXPR:
      return RED_MUL;
    case BIT_AND_EXPR:
      return RED_AND;
    case BIT_IOR_EXPR:
      return RED_OR;
    case BIT_XOR_EXPR:
      return RED_XOR;
    case TRUTH_ANDIF_EXPR:
      return RED_LAND;
    case TRUTH_ORIF_EXPR:
      return RED_LOR;
    case MAX_EXPR:
      return RED_MAX;
    case MIN_EXPR:
      return RED_MIN;
    default:
      gcc_unreachable ();
    }
}

/* The region's start with mpi: each kernel's decomposed loop bounds at
   entry into KB, the communicator into a copy of its own, and
     R = __pacc_region_begin_mpi__needs_pkg_config_libs_pacc_mpi
	   (ABI_VERSION, where, names, n, host, ainfo, rinfo, kb, &comm,
	    sizeof comm, (long) ghosts);
   (the name is ld's message when libpacc-mpi is not linked).  */
static tree
begin_mpi (lower_ctx &c, tree *body, tree args[7])
{
  pacc_region &r = *c.r;
  hash_map<tree, tree> none;
  for (size_t j = 0; j < r.kernels.size (); j++)
    {
      pacc_kernel &k = r.kernels[j];
      pacc_loop &l = k.loops[k.dec];
      add (body,
           assign (elt (c.kb, 2 * j), lng (rewritten_copy (r, l.init, none))));
      add (body, assign (elt (c.kb, 2 * j + 1),
                         lng (rewritten_copy (r, l.bound, none))));
    }
  tree comm = new_var (c, "__pacc_comm",
                       TYPE_MAIN_VARIANT (TREE_TYPE (r.pc->mpi_comm)));
  TREE_ADDRESSABLE (comm) = 1;
  add (body, assign (comm, r.pc->mpi_comm));
  return build_call_expr_loc (
    r.loc, fn_begin_mpi, 11, args[0], args[1], args[2], args[3], args[4],
    args[5], args[6], elt_addr (c.kb),
    fold_convert (const_ptr_type_node, build_fold_addr_expr (comm)),
    fold_convert (long_unsigned_type_node, TYPE_SIZE_UNIT (TREE_TYPE (comm))),
    lng (unshare_expr (r.pc->mpi_ghosts)));
}

/* PTR[a] = the chunk pointer of array a, for every array, into *LIST:
   the buffers the names hold now, for __pacc_step and
   __pacc_chunk_done.  */
static void
store_ptrs (tree *list, tree ptr, const std::vector<tree> &arr_ptr)
{
  for (size_t a = 0; a < arr_ptr.size (); a++)
    add (list, assign (elt (ptr, (int) a),
                       fold_convert (ptr_type_node, arr_ptr[a])));
}

/* The note of -fplugin-arg-pacc-verbose.  */
static void
report (pacc_region &r, const char *tb_note)
{
  std::string arrays;
  for (auto &a : r.pc->arrays)
    {
      if (!arrays.empty ())
        arrays += ", ";
      arrays += IDENTIFIER_POINTER (DECL_NAME (a.decl));
      arrays += " (";
      arrays += role_name (a.role);
      arrays += ")";
    }
  for (auto &w : r.pc->wholes)
    {
      arrays += ", ";
      arrays += IDENTIFIER_POINTER (DECL_NAME (w.decl));
      arrays += " (copyin)";
    }
  std::string halo, reach;
  char buf[64];
  for (int d = 0; d < r.pc->rank; d++)
    {
      snprintf (buf, sizeof buf, "[%ld:%ld]", (long) r.pc->halo_lo[d],
                (long) r.pc->halo_hi[d]);
      halo += buf;
      snprintf (buf, sizeof buf, "[%ld:%ld]", (long) r.reach_lo[d],
                (long) r.reach_hi[d]);
      reach += buf;
    }
  if (pacc_gang_static)
    snprintf (buf, sizeof buf, "round robin, %d at a time", pacc_gang_static);
  else
    snprintf (buf, sizeof buf, "in blocks");
  /* With mpi: "; mpi(comm, ghosts)" after the rest.  */
  std::string mpi;
  if (r.pc->mpi_comm)
    {
      char *g = print_generic_expr_to_str (r.pc->mpi_ghosts);
      mpi = "; mpi(";
      mpi += IDENTIFIER_POINTER (DECL_NAME (r.pc->mpi_comm));
      mpi += ", ";
      mpi += g;
      mpi += ")";
      free (g);
    }
  inform (r.loc,
          "pacc: pipeline: arrays %s; decomposed dimension "
          "%<dim(%d)%> (the first index) of %d; halo %s; derived reach %s; "
          "%d kernels per step; rows to gangs %s%s",
          arrays.c_str (), r.pc->rank, r.pc->rank, halo.c_str (),
          reach.c_str (), (int) r.kernels.size (), buf, mpi.c_str ());
  for (size_t j = 0; j < r.kernels.size (); j++)
    {
      pacc_kernel &k = r.kernels[j];
      /* Kernel 1's: whether the step runs as in-kernel temporal
	 blocking on a GPU (lower-tblock.cc).  */
      std::string tbs;
      if (j == 0)
        tbs = std::string ("; ") + tb_note;
      inform (k.loc,
              "pacc: kernel %d: %d loops, rows widened by "
              "[%ld:%ld]%s; %s%s",
              (int) j + 1, (int) k.loops.size (), (long) k.e_lo[0],
              (long) k.e_hi[0], k.reductions.empty () ? "" : ", reduction",
              pacc_kernel_gangs (r, k), tbs.c_str ());
    }
}

tree
pacc_lower_region (pacc_region &r)
{
  build_runtime_decls ();
  lower_ctx c;
  c.r = &r;
  c.loc = r.loc;
  c.vars = NULL_TREE;
  c.fndecl = r.fndecl;
  c.kb = NULL_TREE;
  pacc_pipeline_clauses &pc = *r.pc;
  int na = pc.arrays.size ();
  int nw = pc.wholes.size ();
  int nk = r.kernels.size ();
  int rank = pc.rank;

  /* In-kernel temporal blocking: decided before the nests are lowered
     (which rewrites them).  */
  pacc_tblock tb;
  bool tbok = pacc_tblock_on && pacc_tblock_match (r, tb);
  if (!pacc_tblock_on)
    tb.why = "-fplugin-arg-pacc-tblock=0";
  if (pacc_verbose)
    report (r, pacc_tblock_note (tb, tbok).c_str ());

  tree body = alloc_stmt_list ();
  /* The components' variables (check-components.cc), set first.  */
  for (auto &cv : r.components)
    {
      DECL_CHAIN (cv.first) = c.vars;
      c.vars = cv.first;
      if (cv.second)
        add (&body, assign (cv.first, cv.second));
    }
  tree host = new_var (c, "__pacc_host",
                       build_array_type_nelts (ptr_type_node, na + nw));
  tree ainfo = new_var (c, "__pacc_ainfo",
                        build_array_type_nelts (long_integer_type_node,
                                                (na + nw) * AI_N));
  tree rinfo = new_var (c, "__pacc_rinfo",
                        build_array_type_nelts (long_integer_type_node, RI_N));
  tree blk = new_var (c, "__pacc_blk",
                      build_array_type_nelts (long_integer_type_node, BLK_N));
  tree ci = new_var (c, "__pacc_ci",
                     build_array_type_nelts (long_integer_type_node, CI_N));
  tree ptr = new_var (c, "__pacc_ptr",
                      build_array_type_nelts (ptr_type_node, na + nw));
  for (tree a : { host, ainfo, rinfo, blk, ci, ptr })
    TREE_ADDRESSABLE (a) = 1;
  tree R = new_var (c, "__pacc_R", ptr_type_node);
  tree t0 = new_var (c, "__pacc_t0", long_integer_type_node);
  tree nsteps = new_var (c, "__pacc_nsteps", long_integer_type_node);
  tree s = new_var (c, "__pacc_s", long_integer_type_node);
  tree tcur = new_var (c, "__pacc_t", TYPE_MAIN_VARIANT (TREE_TYPE (r.tvar)));

  /* t0 and the number of steps, fixed at entry.  */
  add (&body, assign (t0, r.tvar));
  tree tend = lng (unshare_expr (r.tend));
  add (&body,
       assign (nsteps, build2 (MAX_EXPR, long_integer_type_node, lcst (0),
                               build2 (MINUS_EXPR, long_integer_type_node,
                                       tend, t0))));

  /* Descriptors.  */
  tree row_elems = lcst (1);
  for (int d = 1; d < rank; d++)
    row_elems = build2 (MULT_EXPR, long_integer_type_node, row_elems,
                        lng (unshare_expr (pc.size_len[d])));
  std::vector<tree> arr_ptr;
  std::string names;
  for (int a = 0; a < na; a++)
    {
      tree d = pc.arrays[a].decl;
      tree type = TREE_TYPE (d);
      bool is_array = TREE_CODE (type) == ARRAY_TYPE;
      tree ptype = is_array ? build_pointer_type (type) : type;
      tree elem = type;
      while (TREE_CODE (elem) == ARRAY_TYPE
             || TREE_CODE (elem) == POINTER_TYPE)
        elem = TREE_TYPE (elem);
      tree hv;
      tree type_row;
      if (is_array)
        {
          TREE_ADDRESSABLE (d) = 1;
          hv = build_fold_addr_expr (d);
          type_row = lng (TYPE_SIZE_UNIT (TREE_TYPE (type)));
        }
      else
        {
          hv = d;
          tree pointee = TREE_TYPE (type);
          type_row = TREE_CODE (pointee) == ARRAY_TYPE
                       ? pacc_type_row (r, d, lng (TYPE_SIZE_UNIT (pointee)))
                       : lcst (0);
        }
      if (rank == 1)
        type_row = lcst (0);
      if (is_array)
        type_row = type_rows (r, pc.arrays[a], type_row);
      add (&body, assign (elt (host, a), fold_convert (ptr_type_node, hv)));
      add (&body,
           assign (elt (ainfo, a * AI_N + AI_KIND), lcst (pc.arrays[a].role)));
      add (&body, assign (elt (ainfo, a * AI_N + AI_ROW_BYTES),
                          build2 (MULT_EXPR, long_integer_type_node,
                                  unshare_expr (row_elems),
                                  lng (TYPE_SIZE_UNIT (elem)))));
      add (&body, assign (elt (ainfo, a * AI_N + AI_TYPE_ROW), type_row));
      add (&body, assign (elt (ainfo, a * AI_N + AI_ELEM),
                          lng (TYPE_SIZE_UNIT (elem))));
      tree p = new_var (c, "__pacc_p", ptype);
      arr_ptr.push_back (p);
      if (a)
        names += ",";
      names += IDENTIFIER_POINTER (DECL_NAME (d));
    }
  /* copyin arrays, after the pipelined ones: the user's pointer, and
     the section's first byte and length.  */
  std::vector<tree> whole_ptr;
  for (int w = 0; w < nw; w++)
    {
      pacc_whole_clause &wc = pc.wholes[w];
      tree d = wc.decl;
      tree type = TREE_TYPE (d);
      bool is_array = TREE_CODE (type) == ARRAY_TYPE;
      tree ptype = is_array ? build_pointer_type (type) : type;
      tree unit = lng (TYPE_SIZE_UNIT (TREE_TYPE (type)));
      tree elem = type;
      while (TREE_CODE (elem) == ARRAY_TYPE
             || TREE_CODE (elem) == POINTER_TYPE)
        elem = TREE_TYPE (elem);
      tree hv = d, off = lcst (0), bytes;
      if (is_array)
        {
          TREE_ADDRESSABLE (d) = 1;
          hv = build_fold_addr_expr (d);
        }
      if (wc.nsec)
        {
          off = build2 (MULT_EXPR, long_integer_type_node,
                        lng (unshare_expr (wc.lo[0])), unit);
          bytes = build2 (MULT_EXPR, long_integer_type_node,
                          lng (unshare_expr (wc.len[0])), unshare_expr (unit));
        }
      else
        bytes = lng (TYPE_SIZE_UNIT (type));
      int a = na + w;
      add (&body, assign (elt (host, a), fold_convert (ptr_type_node, hv)));
      add (&body, assign (elt (ainfo, a * AI_N + AI_KIND), lcst (AI_WHOLE)));
      add (&body, assign (elt (ainfo, a * AI_N + AI_ROW_BYTES), bytes));
      add (&body, assign (elt (ainfo, a * AI_N + AI_TYPE_ROW), off));
      add (&body, assign (elt (ainfo, a * AI_N + AI_ELEM),
                          lng (TYPE_SIZE_UNIT (elem))));
      whole_ptr.push_back (new_var (c, "__pacc_w", ptype));
      names += ",";
      names += IDENTIFIER_POINTER (DECL_NAME (d));
    }
  add (&body,
       assign (elt (rinfo, RI_LO0), lng (unshare_expr (pc.size_lo[0]))));
  add (&body,
       assign (elt (rinfo, RI_LEN0), lng (unshare_expr (pc.size_len[0]))));
  add (&body, assign (elt (rinfo, RI_HLO), lcst (pc.halo_lo[0])));
  add (&body, assign (elt (rinfo, RI_HHI), lcst (pc.halo_hi[0])));
  add (&body, assign (elt (rinfo, RI_ELO), lcst (r.e_lo)));
  add (&body, assign (elt (rinfo, RI_EHI), lcst (r.e_hi)));
  add (&body, assign (elt (rinfo, RI_T0), t0));
  add (&body, assign (elt (rinfo, RI_NSTEPS), nsteps));
  add (&body, assign (elt (rinfo, RI_ASYNC), lcst (pc.async)));
  add (&body, assign (elt (rinfo, RI_NKERNELS), lcst (nk)));
  add (&body,
       assign (elt (rinfo, RI_TBLOCK), lcst (tbok ? (tb.dbl ? 8 : 4) : 0)));

  tree where_s = where_literal (r.loc);
  check_rows (r, &body, where_s);
  check_cols (r, &body, where_s);
  pacc_copyin_checks (r, &body, t0, nsteps);
  tree names_s = build_string_literal (names.size () + 1, names.c_str ());
  tree args[7] = { build_int_cst (integer_type_node, ABI_VERSION),
                   where_s,
                   names_s,
                   build_int_cst (integer_type_node, na + nw),
                   elt_addr (host),
                   elt_addr (ainfo),
                   elt_addr (rinfo) };
  if (pc.mpi_comm)
    {
      c.kb = new_var (c, "__pacc_kb",
                      build_array_type_nelts (long_integer_type_node, 2 * nk));
      TREE_ADDRESSABLE (c.kb) = 1;
      add (&body, assign (R, begin_mpi (c, &body, args)));
    }
  else
    add (&body, assign (R, build_call_expr_loc (r.loc, fn_begin, 7, args[0],
                                                args[1], args[2], args[3],
                                                args[4], args[5], args[6])));

  /* Reduction partials: nsteps * nk per variable, and the same per chunk
     (nsteps * nk * nchunks, combined into the first in chunk order after
     the blocks, the order the chunks ran in), set to the identity.  */
  std::vector<tree> parts, cparts;
  tree nch = new_var (c, "__pacc_nchunks", long_integer_type_node);
  if (!pc.reductions.empty ())
    add (&body, assign (nch, build_call_expr_loc (r.loc, fn_nchunks, 1, R)));
  for (int pass = 0; pass < 2; pass++)
    for (auto &rc : pc.reductions)
      {
        tree type = TYPE_MAIN_VARIANT (TREE_TYPE (rc.decl));
        tree pt = build_pointer_type (type);
        tree part = new_var (c, "__pacc_part", pt);
        (pass ? cparts : parts).push_back (part);
        tree n = build2 (MULT_EXPR, long_integer_type_node, nsteps, lcst (nk));
        if (pass)
          n = build2 (MULT_EXPR, long_integer_type_node, n, nch);
        add (&body,
             assign (part,
                     build_call_expr_loc (
                       r.loc, fn_scratch, 2, R,
                       fold_convert (long_unsigned_type_node,
                                     build2 (MULT_EXPR, long_integer_type_node,
                                             n,
                                             lng (TYPE_SIZE_UNIT (type)))))));
        tree i = new_var (c, "__pacc_i", long_integer_type_node);
        tree slot = part_elt (part, i);
        add (&body,
             counted_loop (r.loc, i, unshare_expr (n),
                           assign (slot, reduction_identity (rc.op, type))));
      }

  /* Host map for the chunk code: arrays -> chunk pointers, assigned
     variables -> shadows, t -> tcur.  */
  hash_map<tree, tree> host_map;
  for (int a = 0; a < na; a++)
    host_map.put (pc.arrays[a].decl, arr_ptr[a]);
  host_map.put (r.tvar, tcur);
  for (tree v : r.assigned)
    if (pacc_array_index (r, v) < 0)
      host_map.put (v, new_var (c, "__pacc_shadow",
                                TYPE_MAIN_VARIANT (TREE_TYPE (v))));

  /* Chunk body.  */
  tree chunk = alloc_stmt_list ();
  for (int a = 0; a < na; a++)
    add (&chunk, assign (arr_ptr[a], elt (ptr, a)));
  for (int w = 0; w < nw; w++)
    add (&chunk, assign (whole_ptr[w], fold_convert (TREE_TYPE (whole_ptr[w]),
                                                     elt (ptr, na + w))));
  tree step = alloc_stmt_list ();
  /* The buffers each name holds at this step, for the bands of a skewed
     plan (libpacc copies rows between neighbouring chunks there).  */
  store_ptrs (&step, ptr, arr_ptr);
  add (&step, build_call_expr_loc (r.loc, fn_step, 4, R, elt_addr (ci),
                                   elt_addr (ptr), lng (s)));
  tree tbn = NULL_TREE;
  if (tbok)
    {
      tbn = new_var (c, "__pacc_tbn", long_integer_type_node);
      pacc_tblock_call (c, tb, &step, R, ci, ptr, s, elt (blk, BLK_KK), tbn,
                        host_map);
    }
  add (&step, assign (tcur, build2 (PLUS_EXPR, long_integer_type_node,
                                    elt (blk, BLK_T), s)));
  /* The swap form: the host statements (the swap) once per step the
     launch advanced.  */
  tree hs = tbok && tb.swap ? alloc_stmt_list () : NULL_TREE;
  tree *host_to = hs ? &hs : &step;
  for (auto &it : r.items)
    {
      if (it.kernel >= 0)
        {
          pacc_kernel &k = r.kernels[it.kernel];
          tree kt
            = lower_kernel (c, k, it.kernel, ci, blk, s, tcur, t0, host_map,
                            arr_ptr, whole_ptr, cparts, R, nch);
          /* The stencil: only when no launch advanced the steps.  */
          if (tbok && it.kernel == 0)
            kt = build3 (COND_EXPR, void_type_node,
                         build2 (EQ_EXPR, boolean_type_node, tbn, lcst (0)),
                         kt, NULL_TREE);
          add (&step, kt);
          continue;
        }
      tree t = *it.slot;
      if (TREE_CODE (t) == DECL_EXPR)
        {
          tree d = DECL_EXPR_DECL (t);
          if (VAR_P (d) && DECL_INITIAL (d))
            add (host_to,
                 assign (*host_map.get (d),
                         rewritten_copy (r, DECL_INITIAL (d), host_map)));
          continue;
        }
      gcc_assert (TREE_CODE (t) == MODIFY_EXPR);
      if (pacc_reduction_index (r, TREE_OPERAND (t, 0)) >= 0)
        continue;
      add (host_to,
           assign (*host_map.get (TREE_OPERAND (t, 0)),
                   rewritten_copy (r, TREE_OPERAND (t, 1), host_map)));
    }
  if (hs)
    add (&step, counted_loop (
                  r.loc, new_var (c, "__pacc_tbk", long_integer_type_node),
                  build3 (COND_EXPR, long_integer_type_node,
                          build2 (GT_EXPR, boolean_type_node, tbn, lcst (0)),
                          tbn, lcst (1)),
                  hs));
  add (&chunk, counted_loop (r.loc, s, elt (blk, BLK_KK), step));
  store_ptrs (&chunk, ptr, arr_ptr);
  add (&chunk, build_call_expr_loc (r.loc, fn_chunk_done, 3, R, elt_addr (ci),
                                    elt_addr (ptr)));
  tree chunks
    = build_while (r.loc,
                   ne_zero (build_call_expr_loc (r.loc, fn_next_chunk, 3, R,
                                                 elt_addr (ci),
                                                 elt_addr (ptr))),
                   chunk);
  add (&body,
       build_while (r.loc,
                    ne_zero (build_call_expr_loc (r.loc, fn_next_block, 2, R,
                                                  elt_addr (blk))),
                    chunks));

  /* The chunks' partials, combined in chunk order.  */
  if (!pc.reductions.empty ())
    {
      add (&body, build_call_expr_loc (r.loc, fn_region_sync, 1, R));
      tree n = build2 (MULT_EXPR, long_integer_type_node, nsteps, lcst (nk));
      for (size_t ri = 0; ri < pc.reductions.size (); ri++)
        {
          tree i = new_var (c, "__pacc_i", long_integer_type_node);
          tree ch = new_var (c, "__pacc_c", long_integer_type_node);
          tree slot = part_elt (parts[ri], i);
          tree src = part_elt (
            cparts[ri],
            build2 (PLUS_EXPR, long_integer_type_node,
                    build2 (MULT_EXPR, long_integer_type_node, i, nch), ch));
          tree combine
            = assign (slot, reduction_combine (r.loc, pc.reductions[ri].op,
                                               unshare_expr (slot), src));
          add (&body, counted_loop (r.loc, i, unshare_expr (n),
                                    counted_loop (r.loc, ch, nch, combine)));
        }
      /* mpi: then over the ranks, every rank getting the result.  */
      for (size_t ri = 0; pc.mpi_comm && ri < pc.reductions.size (); ri++)
        {
          tree type = TREE_TYPE (TREE_TYPE (parts[ri]));
          int kind = SCALAR_FLOAT_TYPE_P (type) ? RED_TYPE_FLOAT
                     : TYPE_UNSIGNED (type)     ? RED_TYPE_UNSIGNED
                                                : RED_TYPE_SIGNED;
          add (&body,
               build_call_expr_loc (
                 r.loc, fn_allreduce, 6, R,
                 fold_convert (ptr_type_node, parts[ri]), unshare_expr (n),
                 build_int_cst (integer_type_node,
                                tree_to_shwi (TYPE_SIZE_UNIT (type))),
                 build_int_cst (integer_type_node, kind),
                 build_int_cst (integer_type_node,
                                red_op (pc.reductions[ri].op))));
        }
    }

  /* Replay: the user's loop with kernels replaced by reduction updates.  */
  for (size_t j = 0; j < r.kernels.size (); j++)
    {
      pacc_kernel &k = r.kernels[j];
      *k.marker_slot = build_empty_stmt (k.loc);
      if (k.loops[0].init_slot)
        *k.loops[0].init_slot = build_empty_stmt (k.loc);
      tree repl = alloc_stmt_list ();
      for (int ri : k.reductions)
        {
          pacc_reduction_clause &rc = pc.reductions[ri];
          tree type = TREE_TYPE (TREE_TYPE (parts[ri]));
          tree slot = part_elt (parts[ri], part_index (r.tvar, t0, nk, j));
          add (&repl, assign (rc.decl,
                              reduction_combine (k.loc, rc.op,
                                                 fold_convert (type, rc.decl),
                                                 slot)));
        }
      *k.stmt_slot = repl;
    }
  add (&body, r.for_stmt);
  /* After the replay: it reads the reduction partials, region memory.  */
  add (&body, build_call_expr_loc (r.loc, fn_end, 1, R));

  /* A BLOCK for the region's variables, linked into the function's block
     tree: IPA clones remap every statement's block and need to find it.  */
  tree bind = pacc_bind (c.vars, body);
  tree block = BIND_EXPR_BLOCK (bind);
  tree outer = DECL_INITIAL (r.fndecl);
  if (outer && TREE_CODE (outer) == BLOCK)
    {
      BLOCK_SUPERCONTEXT (block) = outer;
      BLOCK_CHAIN (block) = BLOCK_SUBBLOCKS (outer);
      BLOCK_SUBBLOCKS (outer) = block;
    }
  SET_EXPR_LOCATION (bind, r.loc);
  return bind;
}
