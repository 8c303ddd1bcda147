/* region-check.cc - build and check the model of a pipeline region.

   Input: a `#pragma pacc pipeline` marker and the time loop after it, at
   PLUGIN_PRE_GENERICIZE (structured FOR_STMTs).  Output: a pacc_region
   (region.h), or located errors for everything that cannot be lowered
   correctly:
     - time loop or `loop` not in canonical form, missing decomposed loop,
       dim out of range or repeated in one nest;
     - arrays used in a kernel but not listed, or used other than by
       indexing; writes to targetin arrays; targettemp arrays read before
       they are written in the step;
     - an index along the decomposed dimension that is not the loop
       variable plus a constant;
     - a kernel reading an array at another point than it writes it
       (loop-carried dependence);
     - stencil offsets, summed along chains of kernels in one step, beyond
       the declared halo;
     - host statements other than pointer swaps/rotations, reduction resets
       and pure scalar assignments; break/continue/return/goto leaving the
       region.  */

#include "region.h"

/* ------------------------------------------------------------------ */
/* Polynomial forms of index expressions.                              */

static bool
atom_less (tree a, tree b)
{
  return DECL_UID (a) < DECL_UID (b);
}

static void
form_add_mono (pacc_form &f, const pacc_mono &m)
{
  if (m.coef == 0)
    return;
  for (size_t i = 0; i < f.size (); i++)
    if (f[i].atoms == m.atoms)
      {
	f[i].coef += m.coef;
	if (f[i].coef == 0)
	  f.erase (f.begin () + i);
	return;
      }
  f.push_back (m);
}

static void
form_add (pacc_form &f, const pacc_form &g, HOST_WIDE_INT scale)
{
  for (const pacc_mono &m : g)
    {
      pacc_mono n = m;
      n.coef *= scale;
      form_add_mono (f, n);
    }
}

static pacc_form
form_mul (const pacc_form &a, const pacc_form &b)
{
  pacc_form r;
  for (const pacc_mono &x : a)
    for (const pacc_mono &y : b)
      {
	pacc_mono m;
	m.coef = x.coef * y.coef;
	m.atoms = x.atoms;
	m.atoms.insert (m.atoms.end (), y.atoms.begin (), y.atoms.end ());
	std::sort (m.atoms.begin (), m.atoms.end (), atom_less);
	form_add_mono (r, m);
      }
  return r;
}

static tree
strip_conv (tree e)
{
  while (CONVERT_EXPR_P (e) || TREE_CODE (e) == NON_LVALUE_EXPR
	 || TREE_CODE (e) == SAVE_EXPR)
    e = TREE_OPERAND (e, 0);
  return e;
}

bool
pacc_form_of (tree e, pacc_form &f)
{
  f.clear ();
  e = strip_conv (e);
  switch (TREE_CODE (e))
    {
    case INTEGER_CST:
      {
	if (TYPE_PRECISION (TREE_TYPE (e)) > HOST_BITS_PER_WIDE_INT)
	  return false;
	/* sizetype constants of negative offsets: read them signed.  */
	pacc_mono m;
	m.coef = wi::to_wide (e).to_shwi ();
	form_add_mono (f, m);
	return true;
      }
    case VAR_DECL:
    case PARM_DECL:
      {
	if (!INTEGRAL_TYPE_P (TREE_TYPE (e)))
	  return false;
	pacc_mono m;
	m.coef = 1;
	m.atoms.push_back (e);
	f.push_back (m);
	return true;
      }
    case PLUS_EXPR:
    case POINTER_PLUS_EXPR:
    case MINUS_EXPR:
      {
	pacc_form a, b;
	if (!pacc_form_of (TREE_OPERAND (e, 0), a)
	    || !pacc_form_of (TREE_OPERAND (e, 1), b))
	  return false;
	f = a;
	form_add (f, b, TREE_CODE (e) == MINUS_EXPR ? -1 : 1);
	return true;
      }
    case NEGATE_EXPR:
      {
	pacc_form a;
	if (!pacc_form_of (TREE_OPERAND (e, 0), a))
	  return false;
	form_add (f, a, -1);
	return true;
      }
    case MULT_EXPR:
      {
	pacc_form a, b;
	if (!pacc_form_of (TREE_OPERAND (e, 0), a)
	    || !pacc_form_of (TREE_OPERAND (e, 1), b))
	  return false;
	f = form_mul (a, b);
	return true;
      }
    default:
      return false;
    }
}

static bool
form_equal (const pacc_form &a, const pacc_form &b)
{
  pacc_form d = a;
  form_add (d, b, -1);
  return d.empty ();
}

static HOST_WIDE_INT
form_const (const pacc_form &f)
{
  for (const pacc_mono &m : f)
    if (m.atoms.empty ())
      return m.coef;
  return 0;
}

/* The terms of F that contain VAR (once), divided by VAR; false if VAR
   appears squared.  Removes them from F.  */
static bool
form_take_var (pacc_form &f, tree var, pacc_form &quot)
{
  quot.clear ();
  for (size_t i = 0; i < f.size ();)
    {
      auto &a = f[i].atoms;
      int n = std::count (a.begin (), a.end (), var);
      if (n == 0)
	{
	  i++;
	  continue;
	}
      if (n > 1)
	return false;
      pacc_mono m = f[i];
      m.atoms.erase (std::find (m.atoms.begin (), m.atoms.end (), var));
      form_add_mono (quot, m);
      f.erase (f.begin () + i);
    }
  return true;
}

/* ------------------------------------------------------------------ */
/* Statement helpers.                                                  */

/* Statements with no effect on the region: debug markers, empty
   statements, and what the C front end adds for variably modified types
   (the TYPE_DECL's DECL_EXPR, `(void) SAVE_EXPR <size>`).  */
static bool
size_eval_p (tree t)
{
  switch (TREE_CODE (t))
    {
    case SAVE_EXPR:
    case INTEGER_CST:
      return true;
    case NOP_EXPR:
    case CONVERT_EXPR:
      return size_eval_p (TREE_OPERAND (t, 0));
    case COMPOUND_EXPR:
      return size_eval_p (TREE_OPERAND (t, 0))
	     && size_eval_p (TREE_OPERAND (t, 1));
    default:
      return false;
    }
}

/* Step I past the current statement and those with no effect.  */
void
pacc_next_stmt (tree_stmt_iterator *i)
{
  tsi_next (i);
  while (!tsi_end_p (*i) && pacc_skip_stmt_p (tsi_stmt (*i)))
    tsi_next (i);
}

bool
pacc_skip_stmt_p (tree t)
{
  return !t || TREE_CODE (t) == DEBUG_BEGIN_STMT
	 || (TREE_CODE (t) == DECL_EXPR
	     && TREE_CODE (DECL_EXPR_DECL (t)) == TYPE_DECL)
	 || (VOID_TYPE_P (TREE_TYPE (t)) && size_eval_p (t));
}

static location_t
stmt_loc (tree t, location_t fallback)
{
  location_t l = EXPR_P (t) || STATEMENT_CLASS_P (t) ? EXPR_LOCATION (t)
		 : UNKNOWN_LOCATION;
  return l != UNKNOWN_LOCATION ? l : fallback;
}

/* The loop variable of a FOR_STMT's condition `v < e` (or <=, >, >=,
   either way round).  */
static tree
cond_var (tree cond, tree var_hint)
{
  if (!cond || !COMPARISON_CLASS_P (cond))
    return NULL_TREE;
  tree a = strip_conv (TREE_OPERAND (cond, 0));
  tree b = strip_conv (TREE_OPERAND (cond, 1));
  if (var_hint)
    return a == var_hint || b == var_hint ? var_hint : NULL_TREE;
  if (DECL_P (a) && INTEGRAL_TYPE_P (TREE_TYPE (a)))
    return a;
  if (DECL_P (b) && INTEGRAL_TYPE_P (TREE_TYPE (b)))
    return b;
  return NULL_TREE;
}

/* After a marker at *SLOT's position in its list (SLOT points at the
   statement following the marker): find `v = init;` (optional) and the
   FOR_STMT, possibly inside the BIND_EXPR of `for (int v = ...)`.  */
bool
pacc_match_for (tree *slot, tree **for_slot, tree **init_slot, tree *var,
		tree *init)
{
  *for_slot = NULL;
  *init_slot = NULL;
  *var = NULL_TREE;
  *init = NULL_TREE;
  tree s = *slot;
  if (TREE_CODE (s) == FOR_STMT)
    {
      *for_slot = slot;
      *var = cond_var (FOR_COND (s), NULL_TREE);
      return *var != NULL_TREE;
    }
  if (TREE_CODE (s) == BIND_EXPR)
    {
      tree body = BIND_EXPR_BODY (s);
      if (TREE_CODE (body) == FOR_STMT)
	return pacc_match_for (&BIND_EXPR_BODY (s), for_slot, init_slot, var,
			       init);
      if (TREE_CODE (body) != STATEMENT_LIST)
	return false;
      tree decl = NULL_TREE;
      for (tree_stmt_iterator i = tsi_start (body); !tsi_end_p (i);
	   tsi_next (&i))
	{
	  tree st = tsi_stmt (i);
	  if (pacc_skip_stmt_p (st))
	    continue;
	  if (TREE_CODE (st) == DECL_EXPR)
	    {
	      decl = DECL_EXPR_DECL (st);
	      continue;
	    }
	  if (TREE_CODE (st) != FOR_STMT)
	    return false;
	  *for_slot = tsi_stmt_ptr (i);
	  *var = cond_var (FOR_COND (st), NULL_TREE);
	  if (!*var)
	    return false;
	  if (decl == *var)
	    *init = DECL_INITIAL (decl);
	  pacc_next_stmt (&i);
	  return tsi_end_p (i);
	}
      return false;
    }
  return false;
}

/* Normalise a for loop `for (v = a; v < b; v++)` (also <=, b > v, ++v,
   v += 1, v = v + 1) to its exclusive bound; NULL if not that form.  */
static tree
unit_loop_bound (tree for_stmt, tree var)
{
  tree cond = FOR_COND (for_stmt), incr = FOR_EXPR (for_stmt);
  if (!cond || !incr)
    return NULL_TREE;
  bool ok = false;
  switch (TREE_CODE (incr))
    {
    case POSTINCREMENT_EXPR:
    case PREINCREMENT_EXPR:
      ok = strip_conv (TREE_OPERAND (incr, 0)) == var
	   && integer_onep (TREE_OPERAND (incr, 1));
      break;
    case MODIFY_EXPR:
      {
	tree rhs = strip_conv (TREE_OPERAND (incr, 1));
	ok = TREE_OPERAND (incr, 0) == var && TREE_CODE (rhs) == PLUS_EXPR
	     && ((strip_conv (TREE_OPERAND (rhs, 0)) == var
		  && integer_onep (strip_conv (TREE_OPERAND (rhs, 1))))
		 || (strip_conv (TREE_OPERAND (rhs, 1)) == var
		     && integer_onep (strip_conv (TREE_OPERAND (rhs, 0)))));
	break;
      }
    default:
      break;
    }
  if (!ok)
    return NULL_TREE;
  enum tree_code code = TREE_CODE (cond);
  tree a = TREE_OPERAND (cond, 0), b = TREE_OPERAND (cond, 1);
  if (strip_conv (b) == var)
    {
      std::swap (a, b);
      code = swap_tree_comparison (code);
    }
  if (strip_conv (a) != var)
    return NULL_TREE;
  if (code == LT_EXPR)
    return b;
  if (code == LE_EXPR)
    return fold_build2 (PLUS_EXPR, TREE_TYPE (b), b,
			build_one_cst (TREE_TYPE (b)));
  return NULL_TREE;
}

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
				|| pacc_reduction_index (r, *tp) >= 0))
	return *tp;
      return NULL_TREE;
    }
  };
  return TREE_CODE (t) == SAVE_EXPR
	 && walk_tree_without_duplicates (&TREE_OPERAND (t, 0), m::cb, &r);
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
/* Escapes: break/continue/return/goto leaving the region.             */

struct escape_ctx
{
  int depth;			/* Breakable constructs entered.  */
  int cdepth;			/* Loops entered (for continue).  */
  bool bad;
  bool deviceid;		/* Checking a deviceid statement.  */
};

static void
check_escapes (tree t, escape_ctx &c, location_t loc);

static tree
escape_r (tree *tp, int *walk_subtrees, void *data)
{
  escape_ctx &c = *(escape_ctx *) data;
  tree t = *tp;
  switch (TREE_CODE (t))
    {
    case FOR_STMT:
    case WHILE_STMT:
    case DO_STMT:
      {
	*walk_subtrees = 0;
	escape_ctx inner = c;
	inner.depth++;
	inner.cdepth++;
	for (int i = 0; i < TREE_OPERAND_LENGTH (t); i++)
	  if (TREE_OPERAND (t, i))
	    check_escapes (TREE_OPERAND (t, i), inner, EXPR_LOCATION (t));
	c.bad |= inner.bad;
	return NULL_TREE;
      }
    case SWITCH_STMT:
      {
	*walk_subtrees = 0;
	escape_ctx inner = c;
	inner.depth++;
	for (int i = 0; i < TREE_OPERAND_LENGTH (t); i++)
	  if (TREE_OPERAND (t, i))
	    check_escapes (TREE_OPERAND (t, i), inner, EXPR_LOCATION (t));
	c.bad |= inner.bad;
	return NULL_TREE;
      }
    case BREAK_STMT:
    case CONTINUE_STMT:
    case RETURN_EXPR:
    case GOTO_EXPR:
    case LABEL_EXPR:
      if (c.deviceid
	  && ((TREE_CODE (t) == BREAK_STMT && c.depth == 0)
	      || (TREE_CODE (t) == CONTINUE_STMT && c.cdepth == 0)
	      || TREE_CODE (t) == RETURN_EXPR || TREE_CODE (t) == GOTO_EXPR
	      || TREE_CODE (t) == LABEL_EXPR))
	{
	  error_at (stmt_loc (t, input_location), "jump out of or into a "
		    "%<#pragma pacc deviceid%> statement: the previous device "
		    "would not be restored");
	  c.bad = true;
	  return NULL_TREE;
	}
      if (c.deviceid)
	return NULL_TREE;
      break;
    default:
      break;
    }
  switch (TREE_CODE (t))
    {
    case BREAK_STMT:
      if (c.depth == 0)
	{
	  error_at (stmt_loc (t, input_location), "%<break%> leaves a "
		    "%<#pragma pacc pipeline%> region or one of its loops");
	  c.bad = true;
	}
      return NULL_TREE;
    case CONTINUE_STMT:
      if (c.cdepth == 0)
	{
	  error_at (stmt_loc (t, input_location), "%<continue%> in the time "
		    "step of a %<#pragma pacc pipeline%> region or in a "
		    "%<#pragma pacc loop%>");
	  c.bad = true;
	}
      return NULL_TREE;
    case RETURN_EXPR:
      error_at (stmt_loc (t, input_location), "%<return%> inside a "
		"%<#pragma pacc pipeline%> region");
      c.bad = true;
      return NULL_TREE;
    case GOTO_EXPR:
    case LABEL_EXPR:
      error_at (stmt_loc (t, input_location), "%<goto%> or label inside a "
		"%<#pragma pacc pipeline%> region");
      c.bad = true;
      return NULL_TREE;
    default:
      if (TYPE_P (t) || DECL_P (t))
	*walk_subtrees = 0;
      return NULL_TREE;
    }
}

static void
check_escapes (tree t, escape_ctx &c, location_t)
{
  walk_tree_without_duplicates (&t, escape_r, &c);
}

/* Whether STMT (the statement after `#pragma pacc deviceid') can be left
   other than by falling through; reports it.  */
bool
pacc_deviceid_escapes (tree stmt)
{
  escape_ctx ec = { 0, 0, false, true };
  check_escapes (stmt, ec, UNKNOWN_LOCATION);
  return ec.bad;
}

/* ------------------------------------------------------------------ */
/* Kernel analysis.                                                    */

struct kernel_ctx
{
  pacc_region *r;
  pacc_kernel *k;
  hash_set<tree> locals;	/* Declared inside the kernel.  */
  hash_set<tree> seq_vars;	/* Set by inner non-pacc loops.  */
  hash_set<tree> pacc_vars;	/* Variables of this nest's pacc loops.  */
  hash_set<tree> control;	/* Their init and increment expressions.  */
  bool bad;
  location_t cur_loc;		/* Of the innermost expression walked.  */
};

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
  for (auto &l : c.k->loops)
    {
      pacc_form q;
      pacc_form g = f;
      if (!form_take_var (g, l.var, q))
	{
	  a.kind[n] = PACC_IX_OPAQUE;
	  return;
	}
      if (q.empty ())
	continue;
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
  for (auto &l : c.k->loops)
    {
      pacc_form q;
      if (!form_take_var (off, l.var, q))
	return false;
      if (q.empty ())
	continue;
      int n = c.r->pc->rank - l.dim;
      if (n < first || n >= rank || !form_equal (q, stride[n]))
	return false;
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

/* Analyse the array reference REF (ARRAY_REF/INDIRECT_REF chain) whose
   base is a listed array; record the access; walk its indices.  */
static tree analyse_r (tree *tp, int *walk_subtrees, void *data);

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
      tree p = strip_conv (TREE_OPERAND (t, 0));
      pacc_mono zero;
      zero.coef = 0;
      while (TREE_CODE (p) == POINTER_PLUS_EXPR)
	{
	  pacc_form f;
	  if (!pacc_form_of (TREE_OPERAND (p, 1), f))
	    off_ok = false;
	  form_add (off, f, 1);
	  p = strip_conv (TREE_OPERAND (p, 0));
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

  pacc_access a;
  a.buf = c.k->perm[ai];
  a.write = write;
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
      bool ok = pacc_form_of (idx[nidx - 1 - j], f);
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
	  kernel_error (c, loc, "cannot analyse the index of %qD: a "
			"%<#pragma pacc loop%> must index arrays by its loop "
			"variables plus constants (with flat pointers, "
			"as %<v * stride + ...%> with the strides of "
			"%<size%>)", base);
	  return;
	}
    }
  if (a.kind[0] != PACC_IX_VAR)
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
  if (TREE_CODE (t) != ARRAY_REF && TREE_CODE (t) != INDIRECT_REF
      && TREE_CODE (t) != MEM_REF)
    return false;
  while (TREE_CODE (t) == ARRAY_REF)
    t = TREE_OPERAND (t, 0);
  if (TREE_CODE (t) == INDIRECT_REF || TREE_CODE (t) == MEM_REF)
    {
      t = strip_conv (TREE_OPERAND (t, 0));
      while (TREE_CODE (t) == POINTER_PLUS_EXPR)
	t = strip_conv (TREE_OPERAND (t, 0));
    }
  return DECL_P (t) && pacc_array_index (*c.r, t) >= 0;
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

static tree
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
  switch (TREE_CODE (t))
    {
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
	if (array_ref_p (c, lhs))
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
	if (array_ref_p (c, op))
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
    case CALL_EXPR:
      return NULL_TREE;
    default:
      return NULL_TREE;
    }
}

/* Find the nest's pacc loops and inner sequential loops.  */
struct nest_ctx
{
  pacc_region *r;
  pacc_kernel *k;
  kernel_ctx *kc;
  bool bad;
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
  if (d->dim > n.r->pc->rank)
    {
      error_at (d->loc, "%<dim(%d)%> exceeds the rank %d given by %<size%>",
		d->dim, n.r->pc->rank);
      n.bad = true;
    }
  for (auto &o : n.k->loops)
    if (o.dim == d->dim)
      {
	error_at (d->loc, "%<dim(%d)%> appears twice in one loop nest",
		  d->dim);
	inform (o.loc, "first here");
	n.bad = true;
      }
  n.k->loops.push_back (l);
  n.kc->pacc_vars.add (var);
  if (FOR_EXPR (*for_slot))
    n.kc->control.add (FOR_EXPR (*for_slot));
  /* The body of this loop.  */
  scan_nest (&FOR_BODY (*for_slot), n);
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
	for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
	  {
	    pacc_directive *d = pacc_marker_directive (tsi_stmt (i));
	    if (!d)
	      {
		scan_nest (tsi_stmt_ptr (i), n);
		continue;
	      }
	    if (d->kind != PACC_DIR_LOOP)
	      {
		error_at (d->loc, "%<#pragma pacc %s%> inside a "
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
		error_at (d->loc, "%<#pragma pacc loop%> must be followed by a "
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
			error_at (d->loc, "%<#pragma pacc loop%> must be followed "
				  "by a %<for%> loop in canonical form");
			n.bad = true;
		      }
		    l.init_slot = init_slot;
		    l.init = TREE_OPERAND (ini, 1);
		  }
		l.init_slot = init_slot;
		/* Marker: remember it by blanking it later (lower.cc).  */
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
	scan_nest (&FOR_BODY (t), n);
	return;
      }
    case WHILE_STMT:
      scan_nest (&WHILE_BODY (t), n);
      return;
    case DO_STMT:
      scan_nest (&DO_BODY (t), n);
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
   that lower.cc guards them to count only the chunk's own rows.  */
struct red_ctx
{
  pacc_region *r;
  pacc_kernel *k;
};

static tree
red_stmt_r (tree *tp, int *walk_subtrees, void *data)
{
  red_ctx &c = *(red_ctx *) data;
  tree t = *tp;
  if (TYPE_P (t)
      || (TREE_CODE (t) == SAVE_EXPR && !pacc_user_save_expr_p (*c.r, t)))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == MODIFY_EXPR
      && pacc_reduction_index (*c.r, strip_conv (TREE_OPERAND (t, 0))) >= 0)
    {
      c.k->red_stmts.push_back (t);
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Reduction variables may appear only as the target of an assignment and
   in its right-hand side.  */
static tree
red_use_r (tree *tp, int *walk_subtrees, void *data)
{
  red_ctx &c = *(red_ctx *) data;
  tree t = *tp;
  if (TYPE_P (t)
      || (TREE_CODE (t) == SAVE_EXPR && !pacc_user_save_expr_p (*c.r, t)))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == MODIFY_EXPR
      && pacc_reduction_index (*c.r, strip_conv (TREE_OPERAND (t, 0))) >= 0)
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (DECL_P (t) && pacc_reduction_index (*c.r, t) >= 0)
    {
      error_at (stmt_loc (t, c.k->loc), "reduction variable %qD is read in "
		"a %<#pragma pacc loop%> outside its update", t);
      return t;
    }
  return NULL_TREE;
}

static bool
analyse_kernel (pacc_region &r, pacc_kernel &k, tree *after_marker,
		tree *init_slot, pacc_directive *d)
{
  kernel_ctx kc;
  kc.r = &r;
  kc.k = &k;
  kc.bad = false;
  kc.cur_loc = d->loc;
  nest_ctx n = { &r, &k, &kc, false };
  k.loc = d->loc;
  k.w = 0;
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
  /* Decomposed loop.  */
  k.dec = -1;
  for (size_t i = 0; i < k.loops.size (); i++)
    if (k.loops[i].dim == r.pc->rank)
      k.dec = i;
  if (k.dec < 0)
    {
      error_at (k.loc, "this %<#pragma pacc loop%> nest has no decomposed "
		"loop: one of its loops must have %<dim(%d)%>, the rank "
		"given by %<size%>", r.pc->rank);
      return false;
    }
  pacc_loop &dl = k.loops[k.dec];
  dl.bound = unit_loop_bound (dl.for_stmt, dl.var);
  if (!dl.bound || !dl.init)
    {
      error_at (dl.loc, "the decomposed %<#pragma pacc loop%> must have the "
		"form %<for (v = a; v < b; v++)%> (or %<<=%>, %<++v%>, "
		"%<v += 1%>)");
      return false;
    }
  escape_ctx ec = { 0, 0, false, false };
  check_escapes (k.loops[0].for_stmt, ec, k.loc);
  if (ec.bad)
    return false;

  /* Accesses.  */
  walk_tree (&FOR_BODY (k.loops[0].for_stmt), analyse_r, &kc, NULL);
  if (kc.bad)
    return false;
  red_ctx rc = { &r, &k };
  walk_tree (&FOR_BODY (k.loops[0].for_stmt), red_stmt_r, &rc, NULL);
  if (walk_tree (&FOR_BODY (k.loops[0].for_stmt), red_use_r, &rc, NULL))
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
	  error_at (a.loc, "%qD is written in a %<#pragma pacc loop%> but is "
		    "listed in %<targetin%>", r.pc->arrays[a.buf].decl);
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
     be at the written point, or provably elsewhere.  */
  int rank = r.pc->rank;
  for (auto &rd : k.accesses)
    {
      if (rd.write)
	continue;
      for (auto &wr : k.accesses)
	{
	  if (!wr.write || wr.buf != rd.buf)
	    continue;
	  /* Distinct iterations touch distinct elements when every loop of
	     the nest indexes both accesses at the same offset.  */
	  bool per_iter = true;
	  for (auto &l : k.loops)
	    {
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
	      else if (rd.kind[dd] == PACC_IX_INV && wr.kind[dd] == PACC_IX_INV)
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
	      error_at (rd.loc, "%qD is read at a different point than it is "
			"written in the same %<#pragma pacc loop%>: a "
			"loop-carried dependence; write the result to a "
			"scratch array (%<targettemp%>) instead",
			r.pc->arrays[rd.buf].decl);
	      inform (wr.loc, "written here");
	      return false;
	    }
	}
    }
  return true;
}

/* ------------------------------------------------------------------ */
/* Host statements of the time step.                                   */

static bool
expr_mentions (tree e, tree decl)
{
  struct m
  {
    static tree cb (tree *tp, int *ws, void *d)
    {
      if (TYPE_P (*tp))
	*ws = 0;
      return *tp == (tree) d ? *tp : NULL_TREE;
    }
  };
  return walk_tree_without_duplicates (&e, m::cb, decl) != NULL_TREE;
}

struct host_ctx
{
  pacc_region *r;
  hash_set<tree> assigned_all;	/* Assigned anywhere in the body.  */
  hash_set<tree> assigned_now;	/* Assigned so far in the step.  */
  std::vector<std::pair<tree, int> > ptr_state; /* Pointer -> buffer.  */
  bool bad;
};

static int *
ptr_buf (host_ctx &h, tree decl)
{
  for (auto &p : h.ptr_state)
    if (p.first == decl)
      return &p.second;
  return NULL;
}

/* Check a read-only expression of a host statement: only t, invariants and
   variables assigned earlier in the step; only const/pure calls.  */
static tree
host_rhs_r (tree *tp, int *walk_subtrees, void *data)
{
  host_ctx &h = *(host_ctx *) data;
  tree t = *tp;
  if (TYPE_P (t)
      || (TREE_CODE (t) == SAVE_EXPR && !pacc_user_save_expr_p (*h.r, t)))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == CALL_EXPR)
    {
      tree fn = get_callee_fndecl (t);
      if (!fn || !(flags_from_decl_or_type (fn) & (ECF_CONST | ECF_PURE)))
	{
	  error_at (stmt_loc (t, h.r->loc), "host statement in a "
		    "%<#pragma pacc pipeline%> time step calls a function "
		    "that is not %<const%> or %<pure%>");
	  h.bad = true;
	  return t;
	}
      return NULL_TREE;
    }
  if (TREE_SIDE_EFFECTS (t) && (TREE_CODE (t) == MODIFY_EXPR
				|| TREE_CODE (t) == PREINCREMENT_EXPR
				|| TREE_CODE (t) == POSTINCREMENT_EXPR
				|| TREE_CODE (t) == PREDECREMENT_EXPR
				|| TREE_CODE (t) == POSTDECREMENT_EXPR))
    {
      error_at (stmt_loc (t, h.r->loc), "nested assignment in a host "
		"statement of a %<#pragma pacc pipeline%> time step");
      h.bad = true;
      return t;
    }
  if (TREE_CODE (t) == ARRAY_REF || TREE_CODE (t) == INDIRECT_REF
      || TREE_CODE (t) == MEM_REF)
    {
      error_at (stmt_loc (t, h.r->loc), "host statement in a "
		"%<#pragma pacc pipeline%> time step reads memory; only "
		"%<#pragma pacc loop%> nests may access arrays");
      h.bad = true;
      return t;
    }
  if ((VAR_P (t) || TREE_CODE (t) == PARM_DECL) && t != h.r->tvar
      && h.assigned_all.contains (t) && !h.assigned_now.contains (t))
    {
      error_at (stmt_loc (t, h.r->loc), "%qD is read in the time step before "
		"it is assigned there: values may not flow from one time step "
		"to the next through host variables", t);
      h.bad = true;
      return t;
    }
  if (DECL_P (t) && pacc_reduction_index (*h.r, t) >= 0)
    {
      error_at (h.r->loc, "reduction variable %qD is read in a host "
		"statement of the time step", t);
      h.bad = true;
      return t;
    }
  return NULL_TREE;
}

/* Record that the host statement assigns DECL := RHS.  */
static void
host_assign (host_ctx &h, tree decl, tree rhs, location_t loc)
{
  pacc_region &r = *h.r;
  if (!VAR_P (decl) && TREE_CODE (decl) != PARM_DECL)
    {
      error_at (loc, "host statement in a %<#pragma pacc pipeline%> time "
		"step may only assign variables");
      h.bad = true;
      return;
    }
  if (decl == r.tvar)
    {
      error_at (loc, "the time step variable %qD is assigned in the body of "
		"the %<#pragma pacc pipeline%> loop", decl);
      h.bad = true;
      return;
    }
  if (expr_mentions (r.tend, decl))
    {
      error_at (loc, "%qD, which the bound of the time loop uses, is assigned in "
		"the time step (the number of steps is fixed at region entry)",
		decl);
      h.bad = true;
      return;
    }
  tree type = TREE_TYPE (decl);
  int ai = pacc_array_index (r, decl);
  if (TREE_CODE (type) == POINTER_TYPE || ai >= 0)
    {
      /* Swap or rotation: RHS must name a pipelined array (or a temporary
	 holding one).  */
      tree s = strip_conv (rhs);
      int b = -1;
      if (DECL_P (s))
	{
	  int *pb = ptr_buf (h, s);
	  if (pb)
	    b = *pb;
	}
      if (b < 0)
	{
	  error_at (loc, "pointer assignment in a %<#pragma pacc pipeline%> "
		    "time step must copy one of the pipelined arrays (a swap "
		    "or rotation)");
	  h.bad = true;
	  return;
	}
      if (ai >= 0 && r.pc->arrays[b].role != r.pc->arrays[ai].role)
	{
	  error_at (loc, "%qD (%qs) would take the buffer of %qD (%qs): arrays "
		    "that swap or rotate must be listed in the same clause",
		    decl, role_name (r.pc->arrays[ai].role),
		    r.pc->arrays[b].decl, role_name (r.pc->arrays[b].role));
	  h.bad = true;
	  return;
	}
      int *pb = ptr_buf (h, decl);
      if (pb)
	*pb = b;
      else
	h.ptr_state.push_back (std::make_pair (decl, b));
      h.assigned_now.add (decl);
      return;
    }
  if (!INTEGRAL_TYPE_P (type) && !SCALAR_FLOAT_TYPE_P (type))
    {
      error_at (loc, "host statement in a %<#pragma pacc pipeline%> time "
		"step assigns %qD, which is not a scalar", decl);
      h.bad = true;
      return;
    }
  walk_tree_without_duplicates (&rhs, host_rhs_r, &h);
  h.assigned_now.add (decl);
}

static void
host_stmt (host_ctx &h, tree t)
{
  location_t loc = stmt_loc (t, h.r->loc);
  if (TREE_CODE (t) == DECL_EXPR)
    {
      tree d = DECL_EXPR_DECL (t);
      if (TREE_CODE (d) != VAR_DECL)
	return;
      if (TREE_STATIC (d) || variably_modified_type_p (TREE_TYPE (d), NULL))
	{
	  if (variably_modified_type_p (TREE_TYPE (d), NULL)
	      && TREE_CODE (TREE_TYPE (d)) != POINTER_TYPE)
	    {
	      error_at (loc, "variable-length array %qD declared in the time "
			"step of a %<#pragma pacc pipeline%>", d);
	      h.bad = true;
	      return;
	    }
	}
      if (DECL_INITIAL (d))
	host_assign (h, d, DECL_INITIAL (d), loc);
      return;
    }
  if (TREE_CODE (t) == MODIFY_EXPR)
    {
      tree lhs = TREE_OPERAND (t, 0);
      if (pacc_reduction_index (*h.r, lhs) >= 0)
	{
	  /* Reset of a reduction variable.  */
	  tree rhs = TREE_OPERAND (t, 1);
	  walk_tree_without_duplicates (&rhs, host_rhs_r, &h);
	  return;
	}
      host_assign (h, lhs, TREE_OPERAND (t, 1), loc);
      return;
    }
  error_at (loc, "statement not allowed in the time step of a "
	    "%<#pragma pacc pipeline%>: only %<#pragma pacc loop%> nests, "
	    "swaps or rotations of the pipelined arrays, resets of reduction "
	    "variables and scalar assignments");
  h.bad = true;
}

/* Collect the body items of the time loop (flattening blocks).  */
static void
collect_items (pacc_region &r, tree *slot, bool &bad)
{
  tree t = *slot;
  if (pacc_skip_stmt_p (t))
    return;
  if (TREE_CODE (t) == BIND_EXPR)
    {
      collect_items (r, &BIND_EXPR_BODY (t), bad);
      return;
    }
  if (TREE_CODE (t) != STATEMENT_LIST)
    {
      pacc_item it = { -1, slot };
      r.items.push_back (it);
      return;
    }
  for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
    {
      tree st = tsi_stmt (i);
      pacc_directive *d = pacc_marker_directive (st);
      if (!d)
	{
	  collect_items (r, tsi_stmt_ptr (i), bad);
	  continue;
	}
      d->used = true;
      if (d->bad)
	{
	  bad = true;
	  continue;
	}
      if (d->kind != PACC_DIR_LOOP)
	{
	  error_at (d->loc, "%<#pragma pacc %s%> inside a "
		    "%<#pragma pacc pipeline%> region",
		    d->kind == PACC_DIR_INIT ? "init" : "pipeline");
	  bad = true;
	  continue;
	}
      tree *marker_slot = tsi_stmt_ptr (i);
      pacc_next_stmt (&i);
      if (tsi_end_p (i))
	{
	  error_at (d->loc, "%<#pragma pacc loop%> must be followed by a "
		    "%<for%> loop");
	  bad = true;
	  return;
	}
      tree *init_slot = NULL;
      if (TREE_CODE (tsi_stmt (i)) == MODIFY_EXPR)
	{
	  init_slot = tsi_stmt_ptr (i);
	  tree_stmt_iterator j = i;
	  pacc_next_stmt (&j);
	  if (tsi_end_p (j) || (TREE_CODE (tsi_stmt (j)) != FOR_STMT))
	    init_slot = NULL;
	  else
	    i = j;
	}
      pacc_kernel k;
      k.marker_slot = marker_slot;
      k.stmt_slot = tsi_stmt_ptr (i);
      k.stmt = *k.stmt_slot;
      /* Buffer names as of this point of the step: filled by the caller
	 while simulating the host statements in order.  */
      for (int a = 0; a < 64; a++)
	k.perm[a] = a;
      r.kernels.push_back (k);
      pacc_kernel &kk = r.kernels.back ();
      if (!analyse_kernel (r, kk, k.stmt_slot, init_slot, d))
	{
	  bad = true;
	  continue;
	}
      pacc_item it = { (int) r.kernels.size () - 1, NULL };
      r.items.push_back (it);
    }
}

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

static bool
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
	  /* Latest writer of this buffer before m in the step.  */
	  int wi = -1;
	  for (int i = m - 1; i >= 0 && wi < 0; i--)
	    for (auto &b : r.kernels[i].accesses)
	      if (b.write && b.buf == a.buf)
		wi = i;
	  if (wi < 0 && r.pc->arrays[a.buf].role == PACC_ROLE_TEMP)
	    {
	      error_at (a.loc, "targettemp array %qD is read before it is "
			"written in the time step, so its value would cross a "
			"time-block boundary; list it in %<targetinout%>",
			r.pc->arrays[a.buf].decl);
	      return false;
	    }
	  if (wi >= 0 && r.pc->arrays[a.buf].role == PACC_ROLE_TEMP
	      && !temp_rows_covered (r.kernels[wi], km, a))
	    {
	      error_at (a.loc, "targettemp array %qD is read at rows that the "
			"time step does not write (the rows of the reading loop "
			"reach beyond those of the writing loop), so their "
			"values would cross a time-block boundary; list it in "
			"%<targetinout%>", r.pc->arrays[a.buf].decl);
	      inform (r.kernels[wi].loc, "written by this loop nest");
	      return false;
	    }
	  for (int d = 0; d < rank; d++)
	    {
	      if (a.kind[d] != PACC_IX_VAR)
		continue;
	      /* Row read relative to the row written: off - w.  */
	      HOST_WIDE_INT rel = a.off[d] - (d == 0 ? km.w : 0);
	      HOST_WIDE_INT lo = rel < 0 ? -rel : 0, hi = rel > 0 ? rel : 0;
	      HOST_WIDE_INT need_lo = km.e_lo[d] + lo, need_hi = km.e_hi[d] + hi;
	      if (wi >= 0)
		{
		  pacc_kernel &kw = r.kernels[wi];
		  kw.e_lo[d] = MAX (kw.e_lo[d], need_lo);
		  kw.e_hi[d] = MAX (kw.e_hi[d], need_hi);
		}
	      else
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
      error_at (r.pc->halo_loc, "%<halo%> [%wd:%wd] in dimension %d is "
		"smaller than what one time step reaches, [%wd:%wd]",
		r.pc->halo_lo[d], r.pc->halo_hi[d], d + 1, r.reach_lo[d],
		r.reach_hi[d]);
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

/* ------------------------------------------------------------------ */

bool
pacc_check_region (pacc_region &r)
{
  tree fs = r.for_stmt;
  tree tvar = cond_var (FOR_COND (fs), NULL_TREE);
  if (!tvar || !INTEGRAL_TYPE_P (TREE_TYPE (tvar)))
    {
      error_at (r.loc, "%<#pragma pacc pipeline%> must be followed by a "
		"%<for%> loop over an integer time step, "
		"%<for (t = t0; t < T; t++)%>");
      return false;
    }
  r.tvar = tvar;
  r.tend = unit_loop_bound (fs, tvar);
  if (!r.tend)
    {
      error_at (stmt_loc (fs, r.loc), "the time loop of a "
		"%<#pragma pacc pipeline%> must have the form "
		"%<for (t = t0; t < T; t++)%> (or %<<=%>, %<++t%>, %<t += 1%>)");
      return false;
    }
  escape_ctx ec = { 0, 0, false, false };
  check_escapes (FOR_BODY (fs), ec, r.loc);
  if (ec.bad)
    return false;

  bool bad = false;
  collect_items (r, &FOR_BODY (fs), bad);
  if (bad)
    return false;
  if (r.kernels.empty ())
    {
      error_at (r.loc, "%<#pragma pacc pipeline%> time step has no "
		"%<#pragma pacc loop%> nest");
      return false;
    }

  /* Host statements, in order, with the pointer renaming they do.  */
  host_ctx h;
  h.r = &r;
  h.bad = false;
  for (size_t i = 0; i < r.pc->arrays.size (); i++)
    h.ptr_state.push_back (std::make_pair (r.pc->arrays[i].decl, (int) i));
  for (auto &it : r.items)
    if (it.kernel < 0)
      {
	tree t = *it.slot;
	tree lhs = NULL_TREE;
	if (TREE_CODE (t) == MODIFY_EXPR)
	  lhs = TREE_OPERAND (t, 0);
	else if (TREE_CODE (t) == DECL_EXPR && DECL_INITIAL (DECL_EXPR_DECL (t)))
	  lhs = DECL_EXPR_DECL (t);
	if (lhs && DECL_P (lhs) && pacc_reduction_index (r, lhs) < 0)
	  {
	    h.assigned_all.add (lhs);
	    if (std::find (r.assigned.begin (), r.assigned.end (), lhs)
		== r.assigned.end ())
	      r.assigned.push_back (lhs);
	  }
      }
  if (r.pc->arrays.size () > 64)
    {
      error_at (r.loc, "more than 64 arrays in one %<#pragma pacc pipeline%>");
      return false;
    }
  for (auto &it : r.items)
    {
      if (it.kernel < 0)
	{
	  host_stmt (h, *it.slot);
	  continue;
	}
      /* Kernel: re-analyse names with the current renaming.  */
      pacc_kernel &k = r.kernels[it.kernel];
      for (size_t a = 0; a < r.pc->arrays.size (); a++)
	k.perm[a] = *ptr_buf (h, r.pc->arrays[a].decl);
      /* Accesses were recorded with the identity naming; rename.  */
      for (auto &acc : k.accesses)
	acc.buf = k.perm[acc.buf];
      /* Scalars the kernel reads must be set earlier in the step.  */
      struct rd
      {
	static tree cb (tree *tp, int *ws, void *data)
	{
	  host_ctx &h = *(host_ctx *) data;
	  tree t = *tp;
	  if (TYPE_P (t)
	      || (TREE_CODE (t) == SAVE_EXPR
		  && !pacc_user_save_expr_p (*h.r, t)))
	    {
	      *ws = 0;
	      return NULL_TREE;
	    }
	  if (DECL_P (t) && h.assigned_all.contains (t)
	      && !h.assigned_now.contains (t)
	      && pacc_array_index (*h.r, t) < 0)
	    {
	      error_at (h.r->loc, "%qD is read by a %<#pragma pacc loop%> "
			"before it is assigned in the time step", t);
	      h.bad = true;
	      return t;
	    }
	  return NULL_TREE;
	}
      };
      walk_tree_without_duplicates (k.stmt_slot, rd::cb, &h);
    }
  if (h.bad)
    return false;
  /* The step's renaming must permute the arrays.  */
  int n = r.pc->arrays.size ();
  std::vector<int> seen (n, 0);
  for (int a = 0; a < n; a++)
    {
      r.final_perm[a] = *ptr_buf (h, r.pc->arrays[a].decl);
      if (seen[r.final_perm[a]]++)
	{
	  error_at (r.loc, "the pointer assignments of the time step do not "
		    "permute the pipelined arrays: %qD and another array end "
		    "up naming the same buffer", r.pc->arrays[a].decl);
	  return false;
	}
    }
  return derive_halo (r);
}
