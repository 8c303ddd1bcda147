/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* check-access.cc - the arrays and reduction variables of a region, and
   the accesses of a kernel to the arrays.

   analyse_r walks a `#pragma pacc loop` nest, records every access to a
   listed array (pacc_access, region.h) with each index classified from its
   polynomial form: the nest's loop variable of that dimension plus a
   constant, an invariant, or neither.  Located errors:
     - arrays used in a kernel but not listed, or used other than by
       indexing, or not indexed in all their dimensions; addresses taken;
     - an index along the decomposed dimension that is not the loop
       variable plus a constant;
     - scalars declared outside the nest assigned in it (not a reduction)
       that check-scalars.cc could not make private (static, global,
       address taken), and the nest's own loop variables assigned in
       its body;
     - calls with side effects; values of a floating type the GPU
       compiler cannot take (long double, _Float16, __float128).
   Accesses under a condition (if, ?:, &&, ||, a sequential loop's body)
   are marked as such.  */

#include "check.h"

/* ------------------------------------------------------------------ */
/* The region's arrays and reduction variables.                        */

int
pacc_array_index (pacc_region &r, tree decl)
{
  for (size_t i = 0; i < r.pc->arrays.size (); i++)
    if (r.pc->arrays[i].decl == decl)
      return i;
  return -1;
}

/* The C front end wraps user expressions in SAVE_EXPRs too (the right
   side of `a += b` when b has side effects, which VLA indexing has).
   Those that mention a pipelined array or a reduction variable belong to
   the kernel and are walked; the others are sizes of variably modified
   types, evaluated once outside, and are left alone.  */
bool
pacc_user_save_expr_p (pacc_region &r, tree t)
{
  struct m
  {
    static tree cb (tree *tp, int *ws, void *d)
    {
      pacc_region &r = *(pacc_region *) d;
      if (TYPE_P (*tp))
	*ws = 0;
      else if (DECL_P (*tp) && (pacc_array_index (r, *tp) >= 0
				|| pacc_whole_index (r, *tp) >= 0
				|| pacc_reduction_index (r, *tp) >= 0))
	return *tp;
      return NULL_TREE;
    }
  };
  return TREE_CODE (t) == SAVE_EXPR
	 && walk_tree_without_duplicates (&TREE_OPERAND (t, 0), m::cb, &r);
}

int
pacc_whole_index (pacc_region &r, tree decl)
{
  for (size_t i = 0; i < r.pc->wholes.size (); i++)
    if (r.pc->wholes[i].decl == decl)
      return i;
  return -1;
}

/* Pointer P without conversions and without the evaluation of a
   variably modified type's size in front of it: `(SAVE_EXPR <Y>, p)',
   which is what `p[0][j]' gives for a pointer to VLA rows.  */
static tree
strip_ptr (tree p)
{
  for (p = strip_conv (p);
       TREE_CODE (p) == COMPOUND_EXPR && size_eval_p (TREE_OPERAND (p, 0));
       p = strip_conv (TREE_OPERAND (p, 1)))
    ;
  return p;
}

/* The variable whose elements reference T (ARRAY_REF/INDIRECT_REF/MEM_REF
   chain) reads or writes, or NULL.  */
static tree
ref_base (tree t)
{
  if (TREE_CODE (t) != ARRAY_REF && TREE_CODE (t) != INDIRECT_REF
      && TREE_CODE (t) != MEM_REF)
    return NULL_TREE;
  while (TREE_CODE (t) == ARRAY_REF)
    t = TREE_OPERAND (t, 0);
  if (TREE_CODE (t) == INDIRECT_REF || TREE_CODE (t) == MEM_REF)
    {
      t = strip_ptr (TREE_OPERAND (t, 0));
      while (TREE_CODE (t) == POINTER_PLUS_EXPR)
	t = strip_ptr (TREE_OPERAND (t, 0));
    }
  return DECL_P (t) ? t : NULL_TREE;
}

/* The whole (copyin) array that reference T reads or writes, -1.  */
int
pacc_whole_ref (pacc_region &r, tree t)
{
  tree b = ref_base (t);
  return b ? pacc_whole_index (r, b) : -1;
}

int
pacc_reduction_index (pacc_region &r, tree decl)
{
  for (size_t i = 0; i < r.pc->reductions.size (); i++)
    if (r.pc->reductions[i].decl == decl)
      return i;
  return -1;
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
      if (l.dim != want_dim
	  && (!c.wrong_loop || (n == 0 && c.wrong_pos != 0)))
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
  /* No loop variable of the nest.  */
  for (auto &m : f)
    for (tree at : m.atoms)
      if (c.seq_vars.contains (at) || c.locals.contains (at)
	  || c.pacc_vars.contains (at))
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
  pacc_form part[PACC_MAX_RANK];
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
    error_at (loc, "the first index of %qD is %qD, the variable of the "
	      "%<dim(%d)%> loop; in a nest without the decomposed loop "
	      "(%<dim(%d)%>) it must be a fixed row", base, w.var, w.dim,
	      rank);
  else if (c.wrong_pos == 0)
    error_at (loc, "the first index of %qD is %qD, the variable of the "
	      "%<dim(%d)%> loop; it must be %qD, the variable of the "
	      "decomposed loop (%<dim(%d)%>), plus a constant", base, w.var,
	      w.dim, c.k->loops[c.k->dec].var, rank);
  else
    error_at (loc, "the %s index of %qD (%<dim(%d)%>) is %qD, the variable "
	      "of the %<dim(%d)%> loop: each loop variable must index the "
	      "dimension of its %<dim%>", ord[c.wrong_pos], base,
	      rank - c.wrong_pos, w.var, w.dim);
  c.bad = true;
}

/* Analyse the array reference REF (ARRAY_REF/INDIRECT_REF chain) whose
   base is a listed array; record the access; walk its indices.  */
static void
analyse_ref (kernel_ctx &c, tree ref, bool write, location_t loc)
{
  pacc_region &r = *c.r;
  int rank = r.pc->rank;
  std::vector<tree> idx;	/* ARRAY_REF indices, innermost first.  */
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
  int ai = DECL_P (base) ? pacc_array_index (r, base) : -1;
  gcc_assert (ai >= 0);

  for (tree i : idx)
    walk_tree (&i, analyse_r, &c, NULL);
  c.wrong_loop = NULL;

  pacc_access a;
  a.buf = c.k->perm[ai];
  a.loop = c.cur_loop;
  a.write = write;
  a.cond = c.cond_depth > 0;
  a.loc = loc;
  for (int n = 0; n < PACC_MAX_RANK; n++)
    {
      a.kind[n] = PACC_IX_OPAQUE;
      a.off[n] = 0;
    }
  int nidx = idx.size ();
  bool is_array = TREE_CODE (TREE_TYPE (base)) == ARRAY_TYPE;
  int first_idx = rank - nidx;	/* Dimension of the outermost ARRAY_REF.  */
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
      kernel_error (c, loc, "%qD must be indexed in all its dimensions (as "
		    "declared by %<size%>) in a %<#pragma pacc loop%>", base);
      return;
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
      pacc_form stride[PACC_MAX_RANK];
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
	      return;
	    }
	  kernel_error (c, loc, "cannot analyse the index of %qD: a "
			"%<#pragma pacc loop%> must index arrays by its loop "
			"variables plus constants (with flat pointers, "
			"as %<v * stride + ...%> with the strides of "
			"%<size%>)", base);
	  return;
	}
    }
  if (a.kind[0] != PACC_IX_VAR && c.wrong_loop)
    {
      transposed_error (c, loc, base);
      return;
    }
  if (c.k->dec < 0 && a.kind[0] != PACC_IX_INV)
    {
      kernel_error (c, loc, "in a %<#pragma pacc loop%> nest without the "
		    "decomposed loop, the first index of %qD must be a fixed "
		    "row: a constant, or an expression of the time step and "
		    "constants", base);
      return;
    }
  if (c.k->dec >= 0 && a.kind[0] != PACC_IX_VAR)
    {
      kernel_error (c, loc, "the first index of %qD must be the variable of "
		    "the decomposed %<#pragma pacc loop%> (the one with the "
		    "largest %<dim%>) plus a constant", base);
      return;
    }
  c.k->accesses.push_back (a);
}

/* Is T a reference to a listed array element?  */
static bool
array_ref_p (kernel_ctx &c, tree t)
{
  tree b = ref_base (t);
  return b && pacc_array_index (*c.r, b) >= 0;
}

/* A write to a copyin array (read only in the region): an error.  */
static bool
whole_write (kernel_ctx &c, tree lhs, location_t loc)
{
  int w = pacc_whole_ref (*c.r, lhs);
  if (w < 0)
    return false;
  kernel_error (c, loc, "%qD is written in a %<#pragma pacc loop%> but is "
		"listed in %<copyin%>, which the region only reads",
		c.r->pc->wholes[w].decl);
  return true;
}

static void
note_scalar_write (kernel_ctx &c, tree lhs, location_t loc)
{
  lhs = strip_conv (lhs);
  if (!DECL_P (lhs))
    return;
  if (c.locals.contains (lhs) || c.seq_vars.contains (lhs))
    return;
  if (c.pacc_vars.contains (lhs))
    {
      kernel_error (c, loc, "the variable %qD of a %<#pragma pacc loop%> is "
		    "assigned in its body", lhs);
      return;
    }
  int ri = pacc_reduction_index (*c.r, lhs);
  if (ri >= 0)
    {
      if (std::find (c.k->reductions.begin (), c.k->reductions.end (), ri)
	  == c.k->reductions.end ())
	c.k->reductions.push_back (ri);
      return;
    }
  kernel_error (c, loc, "%<#pragma pacc loop%> assigns %qD, which is "
		"declared outside the loop nest; declare it inside the loop "
		"body or list it in a %<reduction%> clause", lhs);
}

/* A value of a type the GPU cannot take (pacc_offload_type_ok): a
   scalar the nest reads, a local, a constant, a cast.  Once per nest.  */
static tree
bad_type_decl_r (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if ((VAR_P (*tp) || TREE_CODE (*tp) == PARM_DECL)
	   && !pacc_offload_type_ok (TREE_TYPE (*tp)))
    return *tp;
  return NULL_TREE;
}

static void
check_type (kernel_ctx &c, tree t, location_t loc)
{
  if (c.type_reported)
    return;
  /* Name the variable: a local declared here, or one read here.  */
  if (TREE_CODE (t) == DECL_EXPR)
    t = DECL_EXPR_DECL (t);
  for (tree v = TREE_CODE (t) == BIND_EXPR ? BIND_EXPR_VARS (t) : NULL_TREE;
       v; v = DECL_CHAIN (v))
    if (VAR_P (v) && !pacc_offload_type_ok (TREE_TYPE (v)))
      t = v;
  if (!(EXPR_P (t) || CONSTANT_CLASS_P (t) || VAR_P (t)
	|| TREE_CODE (t) == PARM_DECL)
      || !TREE_TYPE (t) || pacc_offload_type_ok (TREE_TYPE (t)))
    return;
  if (!DECL_P (t))
    if (tree d = walk_tree_without_duplicates (&t, bad_type_decl_r, NULL))
      t = d;
  if (DECL_P (t))
    error_at (loc, "%qD has type %qT, which GCC 12%'s nvptx offload compiler "
	      "cannot compile, and a %<#pragma pacc loop%> nest runs on the "
	      "GPU; use %<double%>", t, TREE_TYPE (t));
  else
    error_at (loc, "a %<#pragma pacc loop%> nest computes a value of type "
	      "%qT, which GCC 12%'s nvptx offload compiler cannot compile; "
	      "use %<double%>", TREE_TYPE (t));
  c.bad = c.type_reported = true;
}

/* A call in a nest: the pipeline may compute an iteration more than
   once, so only calls without side effects (pacc_call_effects_p).  */
static void
check_call (kernel_ctx &c, tree t, location_t loc)
{
  if (pacc_marker_directive (t) || !pacc_call_effects_p (t))
    return;
  tree fn = get_callee_fndecl (t);
  if (fn)
    error_at (loc, "%<#pragma pacc loop%> calls %qD, which is not "
	      "%<const%> or %<pure%>: a pipeline may compute an iteration "
	      "more than once (halo rows), so its side effects would happen "
	      "more often than in the sequential program; call it outside "
	      "the region, or, if it has none, define it before this "
	      "function or declare it %<__attribute__ ((const))%>", fn);
  else
    error_at (loc, "%<#pragma pacc loop%> calls a function through a "
	      "pointer: a pipeline may compute an iteration more than once "
	      "(halo rows), so its side effects would happen more often than "
	      "in the sequential program; call a %<const%> or %<pure%> "
	      "function by its name");
  c.bad = true;
}

/* Walk operand I of T with analyse_r, under one more condition when
   COND: the accesses there may not happen.  */
static void
walk_operand (tree t, int i, kernel_ctx &c, bool cond)
{
  c.cond_depth += cond;
  walk_tree (&TREE_OPERAND (t, i), analyse_r, &c, NULL);
  c.cond_depth -= cond;
}

tree
analyse_r (tree *tp, int *walk_subtrees, void *data)
{
  kernel_ctx &c = *(kernel_ctx *) data;
  tree t = *tp;
  if (EXPR_P (t) && EXPR_HAS_LOCATION (t))
    c.cur_loc = EXPR_LOCATION (t);
  location_t loc = stmt_loc (t, c.cur_loc);
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (c.control.contains (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  check_type (c, t, loc);
  switch (TREE_CODE (t))
    {
    case COND_EXPR:
      walk_operand (t, 0, c, false);
      walk_operand (t, 1, c, true);
      walk_operand (t, 2, c, true);
      *walk_subtrees = 0;
      return NULL_TREE;
    case TRUTH_ANDIF_EXPR:
    case TRUTH_ORIF_EXPR:
      walk_operand (t, 0, c, false);
      walk_operand (t, 1, c, true);
      *walk_subtrees = 0;
      return NULL_TREE;
    case SWITCH_STMT:
    case WHILE_STMT:
      for (int o = 0; o < TREE_CODE_LENGTH (TREE_CODE (t)); o++)
	walk_operand (t, o, c, true);
      *walk_subtrees = 0;
      return NULL_TREE;
    case SAVE_EXPR:
      if (!pacc_user_save_expr_p (*c.r, t))
	*walk_subtrees = 0;
      return NULL_TREE;
    case MODIFY_EXPR:
    case INIT_EXPR:
      {
	/* Right-hand side first: accesses are recorded in execution order,
	   which tells a temporary written before it is read.  */
	tree lhs = TREE_OPERAND (t, 0);
	walk_tree (&TREE_OPERAND (t, 1), analyse_r, data, NULL);
	if (whole_write (c, lhs, loc))
	  ;
	else if (array_ref_p (c, lhs))
	  analyse_ref (c, lhs, true, loc);
	else
	  {
	    note_scalar_write (c, lhs, loc);
	    if (!DECL_P (strip_conv (lhs)))
	      walk_tree (&TREE_OPERAND (t, 0), analyse_r, data, NULL);
	  }
	*walk_subtrees = 0;
	return NULL_TREE;
      }
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      {
	tree op = TREE_OPERAND (t, 0);
	if (whole_write (c, op, loc))
	  ;
	else if (array_ref_p (c, op))
	  {
	    analyse_ref (c, op, true, loc);
	    analyse_ref (c, op, false, loc);
	  }
	else
	  {
	    note_scalar_write (c, op, loc);
	    walk_tree (&TREE_OPERAND (t, 0), analyse_r, data, NULL);
	  }
	*walk_subtrees = 0;
	return NULL_TREE;
      }
    case ADDR_EXPR:
      {
	tree op = TREE_OPERAND (t, 0);
	tree b = op;
	while (handled_component_p (b) || TREE_CODE (b) == INDIRECT_REF)
	  b = TREE_OPERAND (b, 0);
	b = strip_conv (b);
	while (TREE_CODE (b) == POINTER_PLUS_EXPR)
	  b = strip_conv (TREE_OPERAND (b, 0));
	if (DECL_P (b) && !c.locals.contains (b)
	    && TREE_CODE (TREE_TYPE (t)) == POINTER_TYPE
	    && TREE_CODE (b) != FUNCTION_DECL)
	  {
	    kernel_error (c, loc, "the address of %qD is taken inside a "
			  "%<#pragma pacc loop%>", b);
	    *walk_subtrees = 0;
	  }
	return NULL_TREE;
      }
    case ARRAY_REF:
    case INDIRECT_REF:
    case MEM_REF:
      if (array_ref_p (c, t))
	{
	  analyse_ref (c, t, false, loc);
	  *walk_subtrees = 0;
	}
      return NULL_TREE;
    case BIND_EXPR:
      for (tree v = BIND_EXPR_VARS (t); v; v = DECL_CHAIN (v))
	c.locals.add (v);
      return NULL_TREE;
    case DECL_EXPR:
      c.locals.add (DECL_EXPR_DECL (t));
      return NULL_TREE;
    case VAR_DECL:
    case PARM_DECL:
      {
	/* copyin arrays: read with any index.  */
	if (pacc_whole_index (*c.r, t) >= 0)
	  return NULL_TREE;
	if (pacc_array_index (*c.r, t) >= 0)
	  {
	    kernel_error (c, loc, "%qD is used other than by indexing in a "
			  "%<#pragma pacc loop%>", t);
	    return NULL_TREE;
	  }
	if (c.locals.contains (t))
	  return NULL_TREE;
	tree type = TREE_TYPE (t);
	if (TREE_CODE (type) == POINTER_TYPE || TREE_CODE (type) == ARRAY_TYPE)
	  {
	    kernel_error (c, loc, "%qD is used in a %<#pragma pacc loop%> but "
			  "is not listed in %<targetin%>, %<targetinout%> or "
			  "%<targettemp%>", t);
	    return NULL_TREE;
	  }
	return NULL_TREE;
      }
    case FOR_STMT:
      /* A pacc loop of the nest: what is inside it is inside it.  */
      for (size_t li = 0; li < c.k->loops.size (); li++)
	if (c.k->loops[li].for_stmt == t)
	  {
	    int saved = c.cur_loop;
	    c.cur_loop = (int) li;
	    for (int o = 0; o < TREE_CODE_LENGTH (FOR_STMT); o++)
	      walk_tree (&TREE_OPERAND (t, o), analyse_r, data, NULL);
	    c.cur_loop = saved;
	    *walk_subtrees = 0;
	    return NULL_TREE;
	  }
      /* A sequential loop: its body may not run.  */
      for (int o = 0; o < TREE_CODE_LENGTH (FOR_STMT); o++)
	walk_operand (t, o, c, true);
      *walk_subtrees = 0;
      return NULL_TREE;
    case CALL_EXPR:
      check_call (c, t, loc);
      return NULL_TREE;
    default:
      return NULL_TREE;
    }
}
