/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* check-kernel.cc - one `#pragma pacc loop` nest of a time step: its
   loops, its accesses, its reductions and its dependences.

   analyse_kernel finds the nest's pacc loops and sequential inner loops
   (scan_nest), has the accesses recorded (check-access.cc) and checks:
     - `loop` not followed by a for loop in canonical form, dim out of
       range or repeated in one nest, no decomposed loop (dim = rank);
     - a sequential loop between two pacc loops; a pacc loop stepping
       away from its constant bound;
     - writes to targetin arrays; writes at different row offsets;
     - a kernel reading an array at another point than it writes it
       (loop-carried dependence);
     - reduction variables read outside their own updates, whose
       statements are recorded for the lowering to guard, or updated
       with another operator than their clause's (check-reductions.cc).  */

#include "check.h"

/* Find the nest's pacc loops and inner sequential loops.  */
struct nest_ctx
{
  pacc_region *r;
  pacc_kernel *k;
  kernel_ctx *kc;
  bool bad;
  int cur; /* The pacc loop being scanned, -1.  */
};

static void scan_nest (tree *slot, nest_ctx &n);

static void
add_pacc_loop (nest_ctx &n, pacc_directive *d, tree *marker_slot,
               tree *after_slot)
{
  tree *for_slot, *init_slot;
  tree var, init;
  if (!pacc_match_for (after_slot, &for_slot, &init_slot, &var, &init))
    {
      error_at (d->loc, "%<#pragma pacc loop%> must be followed by a "
                        "%<for%> loop in canonical form");
      n.bad = true;
      return;
    }
  d->used = true;
  pacc_loop l;
  l.slot = for_slot;
  l.marker_slot = marker_slot;
  l.for_stmt = *for_slot;
  l.init_slot = NULL;
  l.var = var;
  l.init = init;
  l.bound = NULL_TREE;
  l.dim = d->dim;
  l.loc = d->loc;
  l.parent = n.cur;
  l.depth = n.cur < 0 ? 0 : n.k->loops[n.cur].depth + 1;
  l.leaf = true;
  if (d->dim > n.r->pc->rank)
    {
      error_at (d->loc, "%<dim(%d)%> exceeds the rank %d given by %<size%>",
                d->dim, n.r->pc->rank);
      n.bad = true;
    }
  /* A dimension once on each path from the outermost loop in; sibling
     loops may repeat one.  */
  for (int o = n.cur; o >= 0; o = n.k->loops[o].parent)
    if (n.k->loops[o].dim == d->dim)
      {
        error_at (d->loc, "%<dim(%d)%> appears twice in one loop nest",
                  d->dim);
        inform (n.k->loops[o].loc, "first here");
        n.bad = true;
      }
  if (n.cur >= 0)
    n.k->loops[n.cur].leaf = false;
  n.k->loops.push_back (l);
  n.kc->pacc_vars.add (var);
  if (FOR_EXPR (*for_slot))
    n.kc->control.add (FOR_EXPR (*for_slot));
  /* The body of this loop.  */
  int saved = n.cur;
  n.cur = (int) n.k->loops.size () - 1;
  scan_nest (&FOR_BODY (*for_slot), n);
  n.cur = saved;
}

/* Whether loop ANC of K is loop LI or one of the loops around it.  */
static bool
encloses (const pacc_kernel &k, int anc, int li)
{
  for (; li >= 0; li = k.loops[li].parent)
    if (li == anc)
      return true;
  return false;
}

/* The body *BODY of LOOP, a sequential loop inside pacc loop N.CUR:
   a pacc loop in it would have its iterations run by the gangs of the
   outer one without LOOP around them (3-D Jacobi with no `loop dim(2)'
   on its middle loop updated one plane).  */
static void
seq_loop (tree *body, tree loop, nest_ctx &n)
{
  size_t before = n.k->loops.size ();
  scan_nest (body, n);
  if (n.k->loops.size () == before || n.bad)
    return;
  int outer = n.k->loops[n.cur].dim, inner = n.k->loops[before].dim;
  /* A dimension between the two that no loop around takes.  */
  int free_dim = 0;
  for (int d = outer - 1; d > inner && !free_dim; d--)
    {
      free_dim = d;
      for (int o = n.cur; o >= 0; o = n.k->loops[o].parent)
        if (n.k->loops[o].dim == d)
          free_dim = 0;
    }
  location_t loc = stmt_loc (loop, n.k->loops[before].loc);
  if (free_dim)
    error_at (loc,
              "this loop lies between the %<#pragma pacc loop "
              "dim(%d)%> loop around it and the %<#pragma pacc loop "
              "dim(%d)%> loop inside it: every loop between two loops of a "
              "nest must be a %<#pragma pacc loop%>; mark it %<#pragma pacc "
              "loop dim(%d)%>, or move it inside the innermost "
              "%<#pragma pacc loop%>",
              outer, inner, free_dim);
  else
    error_at (loc,
              "this loop lies between the %<#pragma pacc loop "
              "dim(%d)%> loop around it and the %<#pragma pacc loop "
              "dim(%d)%> loop inside it: every loop between two loops of a "
              "nest must be a %<#pragma pacc loop%>; move it inside the "
              "innermost %<#pragma pacc loop%>, or out of the nest",
              outer, inner);
  inform (n.k->loops[before].loc, "the %<#pragma pacc loop%> inside it");
  n.bad = true;
}

/* Walk statement *SLOT of a kernel: record pacc loops (markers) and
   sequential loops' variables.  */
static void
scan_nest (tree *slot, nest_ctx &n)
{
  tree t = *slot;
  if (!t)
    return;
  switch (TREE_CODE (t))
    {
    case STATEMENT_LIST:
      {
        for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i);
             tsi_next (&i))
          {
            pacc_directive *d = pacc_marker_directive (tsi_stmt (i));
            if (!d)
              {
                scan_nest (tsi_stmt_ptr (i), n);
                continue;
              }
            if (d->kind != PACC_DIR_LOOP)
              {
                error_at (d->loc,
                          "%<#pragma pacc %s%> inside a "
                          "%<#pragma pacc loop%>",
                          d->kind == PACC_DIR_INIT ? "init" : "pipeline");
                d->used = true;
                n.bad = true;
                continue;
              }
            tree_stmt_iterator j = i;
            pacc_next_stmt (&j);
            if (tsi_end_p (j))
              {
                error_at (d->loc,
                          "%<#pragma pacc loop%> must be followed by a "
                          "%<for%> loop");
                d->used = true;
                n.bad = true;
                continue;
              }
            /* `v = init;` then the for.  */
            tree st = tsi_stmt (j);
            tree *init_slot = NULL;
            if (TREE_CODE (st) == MODIFY_EXPR)
              {
                init_slot = tsi_stmt_ptr (j);
                pacc_next_stmt (&j);
                if (tsi_end_p (j))
                  {
                    error_at (d->loc, "%<#pragma pacc loop%> must be followed "
                                      "by a %<for%> loop");
                    d->used = true;
                    n.bad = true;
                    continue;
                  }
              }
            size_t before = n.k->loops.size ();
            add_pacc_loop (n, d, tsi_stmt_ptr (i), tsi_stmt_ptr (j));
            if (n.k->loops.size () > before)
              {
                pacc_loop &l = n.k->loops[before];
                if (init_slot)
                  {
                    tree ini = *init_slot;
                    n.kc->control.add (ini);
                    if (TREE_OPERAND (ini, 0) != l.var)
                      {
                        error_at (d->loc,
                                  "%<#pragma pacc loop%> must be followed "
                                  "by a %<for%> loop in canonical form");
                        n.bad = true;
                      }
                    l.init_slot = init_slot;
                    l.init = TREE_OPERAND (ini, 1);
                  }
                l.init_slot = init_slot;
                /* Marker: remember it by blanking it later
		   (lower-kernel.cc).  */
              }
            i = j;
          }
        return;
      }
    case BIND_EXPR:
      scan_nest (&BIND_EXPR_BODY (t), n);
      return;
    case FOR_STMT:
      {
        /* Sequential inner loop: its variable becomes private.  */
        tree v = cond_var (FOR_COND (t), NULL_TREE);
        if (FOR_EXPR (t))
          {
            tree inc = FOR_EXPR (t);
            if (TREE_CODE (inc) == MODIFY_EXPR
                || TREE_CODE (inc) == POSTINCREMENT_EXPR
                || TREE_CODE (inc) == PREINCREMENT_EXPR
                || TREE_CODE (inc) == POSTDECREMENT_EXPR
                || TREE_CODE (inc) == PREDECREMENT_EXPR)
              v = strip_conv (TREE_OPERAND (inc, 0));
          }
        if (v && DECL_P (v) && !n.kc->seq_vars.contains (v))
          {
            n.kc->seq_vars.add (v);
            n.k->private_vars.push_back (v);
          }
        seq_loop (&FOR_BODY (t), t, n);
        return;
      }
    case WHILE_STMT:
      seq_loop (&WHILE_BODY (t), t, n);
      return;
    case DO_STMT:
      seq_loop (&DO_BODY (t), t, n);
      return;
    case COND_EXPR:
      scan_nest (&COND_EXPR_THEN (t), n);
      scan_nest (&COND_EXPR_ELSE (t), n);
      return;
    case SWITCH_STMT:
      scan_nest (&SWITCH_STMT_BODY (t), n);
      return;
    default:
      return;
    }
}

/* Statements of the kernel that update a reduction variable: recorded so
   that lower-kernel.cc guards them to count only the chunk's own rows.  */
/* A nest without the decomposed loop: every access's first index must be
   one row, the first write's (or the first access's), plus a constant.
   The accesses then count as if a decomposed loop ran over that row
   alone: first index VAR at the constant, which the halo derivation and
   the lowering use as for any nest.  */
static bool
fixed_row (pacc_region &r, pacc_kernel &k)
{
  if (k.accesses.empty ())
    {
      error_at (k.loc,
                "this %<#pragma pacc loop%> nest has no decomposed "
                "loop (%<dim(%d)%>) and accesses no pipelined array",
                r.pc->rank);
      return false;
    }
  const pacc_access *ref = &k.accesses[0];
  for (auto &a : k.accesses)
    if (a.write)
      {
        ref = &a;
        break;
      }
  for (auto &a : k.accesses)
    {
      pacc_form d = a.inv[0];
      form_add (d, ref->inv[0], -1);
      for (auto &m : d)
        if (!m.atoms.empty ())
          {
            error_at (a.loc,
                      "in a %<#pragma pacc loop%> nest without the "
                      "decomposed loop, every first index must be the same "
                      "row plus a constant");
            inform (ref->loc, "the row of the nest");
            return false;
          }
      a.kind[0] = PACC_IX_VAR;
      a.off[0] = form_const (d);
    }
  k.row = pacc_expand_atoms (form_to_tree (ref->inv[0]));
  return true;
}

/* "[x-1][y]": the indices of access A, loop variables by name, for
   messages.  */
static std::string
index_str (pacc_region &r, pacc_kernel &k, const pacc_access &a)
{
  std::string s;
  int rank = r.pc->rank;
  for (int d = 0; d < rank; d++)
    {
      char buf[64] = "?";
      if (a.kind[d] == PACC_IX_VAR)
        {
          tree var = NULL_TREE;
          for (int li = a.loop; li >= 0; li = k.loops[li].parent)
            if (k.loops[li].dim == rank - d)
              var = k.loops[li].var;
          const char *name = var && DECL_NAME (var)
                               ? IDENTIFIER_POINTER (DECL_NAME (var))
                             : d == 0 ? "row"
                                      : "?";
          if (a.off[d])
            snprintf (buf, sizeof buf, "%s%+ld", name, (long) a.off[d]);
          else
            snprintf (buf, sizeof buf, "%s", name);
        }
      else if (a.kind[d] == PACC_IX_INV)
        {
          bool cst = true;
          for (auto &m : a.inv[d])
            if (!m.atoms.empty ())
              cst = false;
          if (cst)
            snprintf (buf, sizeof buf, "%ld", (long) form_const (a.inv[d]));
          else
            snprintf (buf, sizeof buf, "(fixed)");
        }
      s += "[";
      s += buf;
      s += "]";
    }
  return s;
}

bool
analyse_kernel (pacc_region &r, pacc_kernel &k, tree *after_marker,
                tree *init_slot, pacc_directive *d)
{
  kernel_ctx kc;
  kc.r = &r;
  kc.k = &k;
  kc.bad = false;
  kc.cur_loc = d->loc;
  kc.cur_loop = -1;
  kc.wrong_loop = NULL;
  kc.wrong_pos = 0;
  kc.cond_depth = 0;
  kc.type_reported = false;
  nest_ctx n = { &r, &k, &kc, false, -1 };
  k.loc = d->loc;
  k.w = 0;
  k.point = d->point;
  add_pacc_loop (n, d, k.marker_slot, after_marker);
  if (n.bad || k.loops.empty ())
    return false;
  pacc_loop &l0 = k.loops[0];
  if (init_slot)
    {
      if (TREE_OPERAND (*init_slot, 0) != l0.var)
        {
          error_at (d->loc, "%<#pragma pacc loop%> must be followed by a "
                            "%<for%> loop in canonical form");
          return false;
        }
      l0.init_slot = init_slot;
      l0.init = TREE_OPERAND (*init_slot, 1);
    }
  /* Decomposed loop: one, around every pair of sibling loops.  */
  k.dec = -1;
  for (size_t i = 0; i < k.loops.size (); i++)
    if (k.loops[i].dim == r.pc->rank)
      {
        if (k.dec >= 0)
          {
            error_at (k.loops[i].loc,
                      "%<dim(%d)%>, the decomposed "
                      "dimension, appears in two sibling loops of one "
                      "%<#pragma pacc loop%> nest; split the nest into two",
                      r.pc->rank);
            inform (k.loops[k.dec].loc, "first here");
            return false;
          }
        k.dec = i;
      }
  k.row = NULL_TREE;
  for (size_t i = 1; i < k.loops.size (); i++)
    if (k.loops[i].parent >= 0
        && (k.dec < 0 || !encloses (k, k.dec, k.loops[i].parent)))
      for (size_t o = 0; o < i; o++)
        if (k.loops[o].parent == k.loops[i].parent)
          {
            error_at (k.loops[i].loc,
                      "sibling %<#pragma pacc loop%> loops "
                      "must be inside the decomposed loop (%<dim(%d)%>)",
                      r.pc->rank);
            return false;
          }
  if (k.dec >= 0)
    {
      pacc_loop &dl = k.loops[k.dec];
      dl.bound = unit_loop_bound (dl.for_stmt, dl.var);
      if (!dl.bound || !dl.init)
        {
          error_at (dl.loc, "the decomposed %<#pragma pacc loop%> must have "
                            "the form %<for (v = a; v < b; v++)%> (or %<<=%>, "
                            "%<++v%>, %<v += 1%>)");
          return false;
        }
    }
  for (size_t i = 0; i < k.loops.size (); i++)
    if ((int) i != k.dec
        && pacc_loop_runs_away (k.loops[i].for_stmt, k.loops[i].var,
                                k.loops[i].init,
                                stmt_loc (k.loops[i].for_stmt,
                                          k.loops[i].loc)))
      return false;
  escape_ctx ec = { 0, 0, false, false };
  check_escapes (k.loops[0].for_stmt, ec, k.loc);
  if (ec.bad)
    return false;
  /* Temporaries declared outside the nest: copies declared inside.  */
  if (!pacc_private_scalars (r, k, kc, d))
    return false;

  /* Accesses.  */
  kc.cur_loop = 0;
  pacc_locals_scan (kc, FOR_BODY (k.loops[0].for_stmt));
  walk_tree (&FOR_BODY (k.loops[0].for_stmt), analyse_r, &kc, NULL);
  if (kc.bad)
    return false;
  pacc_locals_record (kc);
  /* Bounds of an inner decomposed loop, for the host: locals read through.  */
  if (k.dec > 0)
    {
      pacc_loop &dl = k.loops[k.dec];
      dl.init = pacc_host_value (dl, dl.init);
      dl.bound = pacc_host_value (dl, dl.bound);
    }
  if (!pacc_check_reductions (r, k))
    return false;

  if (k.dec < 0 && !fixed_row (r, k))
    return false;

  /* Writes: one row offset per kernel; targetin never written.  */
  bool have_w = false;
  for (auto &a : k.accesses)
    {
      if (!a.write)
        continue;
      int role = r.pc->arrays[a.buf].role;
      if (role == PACC_ROLE_IN)
        {
          error_at (a.loc,
                    "%qD is written in a %<#pragma pacc loop%> but is "
                    "listed in %<targetin%>",
                    r.pc->arrays[a.buf].decl);
          return false;
        }
      if (have_w && a.off[0] != k.w)
        {
          error_at (a.loc, "a %<#pragma pacc loop%> nest must write all "
                           "arrays at the same offset along the decomposed "
                           "dimension");
          return false;
        }
      have_w = true;
      k.w = a.off[0];
    }
  /* Loop-carried dependences: a read of an array the kernel writes must
     be at the written point, or provably elsewhere.  A point write
     (check-points.cc) runs one iteration, in program order.  */
  if (k.point)
    return true;
  int rank = r.pc->rank;
  for (auto &rd : k.accesses)
    {
      if (rd.write)
        continue;
      for (auto &wr : k.accesses)
        {
          if (!wr.write || wr.buf != rd.buf)
            continue;
          /* Distinct iterations touch distinct elements when every loop
	     around both accesses indexes them at the same offset; within
	     one iteration of those, the accesses run in program order (a
	     partitioned loop ends with all its iterations done).  */
          bool per_iter = true;
          for (size_t li = 0; li < k.loops.size (); li++)
            {
              const pacc_loop &l = k.loops[li];
              if (!encloses (k, li, rd.loop) || !encloses (k, li, wr.loop))
                continue;
              int dd = rank - l.dim;
              if (rd.kind[dd] != PACC_IX_VAR || wr.kind[dd] != PACC_IX_VAR
                  || rd.off[dd] != wr.off[dd])
                per_iter = false;
            }
          if (per_iter)
            continue;
          bool same = true, disjoint = false;
          for (int dd = 0; dd < rank; dd++)
            {
              if (rd.kind[dd] == PACC_IX_VAR && wr.kind[dd] == PACC_IX_VAR)
                same &= rd.off[dd] == wr.off[dd];
              else if (rd.kind[dd] == PACC_IX_INV
                       && wr.kind[dd] == PACC_IX_INV)
                {
                  pacc_form a = rd.inv[dd], b = wr.inv[dd];
                  form_add (a, b, -1);
                  bool cst = true;
                  for (auto &m : a)
                    if (!m.atoms.empty ())
                      cst = false;
                  if (!cst)
                    same = false;
                  else if (!a.empty ())
                    {
                      same = false;
                      disjoint = true;
                    }
                }
              else
                same = false;
            }
          if (!same && !disjoint)
            {
              std::string rs = index_str (r, k, rd), ws = index_str (r, k, wr);
              error_at (rd.loc,
                        "%qD is read at %s, where this %<#pragma pacc "
                        "loop%> also writes it at %s: a loop-carried "
                        "dependence (as in an in-place Gauss-Seidel sweep); "
                        "the iterations of a pipeline step run in parallel "
                        "and may read only the values of the previous step "
                        "of an array the step writes",
                        r.pc->arrays[rd.buf].decl, rs.c_str (), ws.c_str ());
              inform (wr.loc, "written here");
              return false;
            }
        }
    }
  return true;
}
