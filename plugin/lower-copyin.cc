/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower-copyin.cc - the reads of copyin arrays against their sections.

   Each device holds only the section that `copyin(a[lo:len])' gives of
   an array, elements lo to lo + len - 1 of its first dimension (the whole
   array without a section), and the kernels index that copy with the
   program's own indices (libpacc rebases it by lo).  A read outside the
   section read the memory next to the device's copy: another answer
   without a word, -nan with two devices; a section past the end of a
   fixed-size array copied the memory after it (a segmentation fault).
   pacc_copyin_checks (called by pacc_lower_region before the region
   starts) checks
     - the section of an array whose C type gives its extent, against
       that extent;
     - every read of a copyin array in a loop nest whose first index is
       a combination of the enclosing loops' variables and the time
       variable with multipliers known at entry, plus a value known at
       entry, in loops whose bounds are known at entry: the elements it
       reads, from the least to the greatest value of the index over the
       loops' ranges (and the steps), against the section.  A read under
       a condition (if, ?:, &&, ||) counts over the values of the loops'
       variables the condition lets it run at (`x > 0 ? w[x - 1] : 0'
       from x = 1), when it compares a variable with a value known at
       entry, else over the loops' whole ranges (issue 48: reads under a
       condition were not checked, and one taken outside the section
       read the memory next to the device's copy).
   When the values are constants, a located error here; else a check at
   the region's entry that calls __pacc_copyin_outside (libpacc stops the
   program with the same text).  Indices that cannot be analysed
   (`w[idx[x]]', `w[x % 4]', a scalar the step sets) and reads in loops
   whose bounds are known only during the steps are not checked.  */

#include "pacc-plugin.h"
#include "check.h"
#include "lower.h"

/* __pacc_copyin_outside (libpacc/pacc-abi.h), built once per
   translation unit like lower-abi.cc's entry points.  */
static tree fn_copyin_outside;

static tree
copyin_outside_fn (void)
{
  if (!fn_copyin_outside)
    {
      tree ccp = build_pointer_type (
        build_qualified_type (char_type_node, TYPE_QUAL_CONST));
      tree lt = long_integer_type_node;
      fn_copyin_outside
        = build_fn_decl ("__pacc_copyin_outside",
                         build_function_type_list (void_type_node, ccp,
                                                   integer_type_node, ccp, lt,
                                                   lt, lt, lt, NULL_TREE));
      pacc_keep_tree (fn_copyin_outside);
    }
  return fn_copyin_outside;
}

/* A condition around a read, as taken (SENSE), met inside pacc loop
   LOOP (-1: outside them).  */
struct copyin_guard
{
  tree cond;
  bool sense;
  int loop;
};

/* A read of a copyin array in a nest.  */
struct copyin_read
{
  int w;           /* Index in the clause's wholes.  */
  int loop;        /* Innermost pacc loop around it, or -1.  */
  pacc_form index; /* Its first index, in elements.  */
  location_t loc;
  std::vector<copyin_guard> guards;
};

struct copyin_walk
{
  pacc_region *r;
  pacc_kernel *k;
  int cur_loop;
  int cond; /* Conditions around the expression walked.  */
  std::vector<copyin_guard> guards; /* Those read as guards.  */
  location_t cur_loc;
  hash_set<tree> inner; /* Declared or assigned in the nest.  */
  std::vector<copyin_read> reads;
};

/* The first index of REF, a reference to an element of copyin array W,
   as a form in elements of the first dimension into F.  False when it
   cannot be told (pointer arithmetic of another shape, a variable row
   size).  */
static bool
first_index (pacc_region &r, tree ref, int *w, pacc_form &f)
{
  tree t = ref, first = NULL_TREE;
  while (TREE_CODE (t) == ARRAY_REF)
    {
      first = TREE_OPERAND (t, 1);
      t = TREE_OPERAND (t, 0);
    }
  if (DECL_P (t))
    {
      *w = pacc_whole_index (r, t);
      return *w >= 0 && first && pacc_form_of (first, f);
    }
  if (TREE_CODE (t) != INDIRECT_REF && TREE_CODE (t) != MEM_REF)
    return false;
  /* Pointer plus byte offsets: `w[i]' is *(w + i * sizeof *w).  */
  pacc_form off;
  if (TREE_CODE (t) == MEM_REF && !pacc_form_of (TREE_OPERAND (t, 1), off))
    return false;
  tree p = TREE_OPERAND (t, 0);
  for (;;)
    {
      p = strip_conv (p);
      if (TREE_CODE (p) == COMPOUND_EXPR && size_eval_p (TREE_OPERAND (p, 0)))
        p = TREE_OPERAND (p, 1);
      else if (TREE_CODE (p) == POINTER_PLUS_EXPR)
        {
          pacc_form g;
          if (!pacc_form_of (TREE_OPERAND (p, 1), g))
            return false;
          form_add (off, g, 1);
          p = TREE_OPERAND (p, 0);
        }
      else
        break;
    }
  if (TREE_CODE (p) == ADDR_EXPR)
    p = TREE_OPERAND (p, 0);
  if (!DECL_P (p) || (*w = pacc_whole_index (r, p)) < 0)
    return false;
  /* The size of an element of the first dimension: a constant, or for
     rows of a VLA a product such as 8 * Y, by which every term of the
     offset must divide.  */
  tree unit = TYPE_SIZE_UNIT (TREE_TYPE (TREE_TYPE (p)));
  pacc_form uf;
  if (!unit || !pacc_form_of (unit, uf) || uf.size () != 1 || uf[0].coef <= 0)
    return false;
  f.clear ();
  for (auto &m : off)
    {
      pacc_mono e = m;
      if (e.coef % uf[0].coef)
        return false;
      e.coef /= uf[0].coef;
      for (tree at : uf[0].atoms)
        {
          auto it = std::find (e.atoms.begin (), e.atoms.end (), at);
          if (it == e.atoms.end ())
            return false;
          e.atoms.erase (it);
        }
      form_add_mono (f, e);
    }
  return true;
}

static tree copyin_walk_r (tree *tp, int *walk_subtrees, void *data);

static void
walk_under (tree *tp, copyin_walk &c, bool cond)
{
  c.cond += cond;
  walk_tree (tp, copyin_walk_r, &c, NULL);
  c.cond -= cond;
}

/* *TP under condition COND taken as SENSE.  */
static void
walk_guarded (tree *tp, copyin_walk &c, tree cond, bool sense)
{
  c.guards.push_back ({ cond, sense, c.cur_loop });
  walk_under (tp, c, true);
  c.guards.pop_back ();
}

/* Record the reads of copyin arrays of a nest, with their loop and
   whether they sit under a condition; note the variables the nest
   declares or assigns.  */
static tree
copyin_walk_r (tree *tp, int *walk_subtrees, void *data)
{
  copyin_walk &c = *(copyin_walk *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (EXPR_P (t) && EXPR_HAS_LOCATION (t))
    c.cur_loc = EXPR_LOCATION (t);
  switch (TREE_CODE (t))
    {
    case COND_EXPR:
      walk_under (&TREE_OPERAND (t, 0), c, false);
      walk_guarded (&TREE_OPERAND (t, 1), c, TREE_OPERAND (t, 0), true);
      walk_guarded (&TREE_OPERAND (t, 2), c, TREE_OPERAND (t, 0), false);
      *walk_subtrees = 0;
      return NULL_TREE;
    case TRUTH_ANDIF_EXPR:
    case TRUTH_ORIF_EXPR:
      walk_under (&TREE_OPERAND (t, 0), c, false);
      walk_guarded (&TREE_OPERAND (t, 1), c, TREE_OPERAND (t, 0),
                    TREE_CODE (t) == TRUTH_ANDIF_EXPR);
      *walk_subtrees = 0;
      return NULL_TREE;
    case SWITCH_STMT:
    case WHILE_STMT:
    case DO_STMT:
      for (int o = 0; o < TREE_CODE_LENGTH (TREE_CODE (t)); o++)
        walk_under (&TREE_OPERAND (t, o), c, true);
      *walk_subtrees = 0;
      return NULL_TREE;
    case FOR_STMT:
      for (size_t li = 0; li < c.k->loops.size (); li++)
        if (c.k->loops[li].for_stmt == t)
          {
            int saved = c.cur_loop;
            c.cur_loop = (int) li;
            for (int o = 0; o < TREE_CODE_LENGTH (FOR_STMT); o++)
              walk_under (&TREE_OPERAND (t, o), c, false);
            c.cur_loop = saved;
            *walk_subtrees = 0;
            return NULL_TREE;
          }
      /* A sequential loop: its body may not run.  */
      for (int o = 0; o < TREE_CODE_LENGTH (FOR_STMT); o++)
        walk_under (&TREE_OPERAND (t, o), c, true);
      *walk_subtrees = 0;
      return NULL_TREE;
    case BIND_EXPR:
      for (tree v = BIND_EXPR_VARS (t); v; v = DECL_CHAIN (v))
        c.inner.add (v);
      return NULL_TREE;
    case DECL_EXPR:
      c.inner.add (DECL_EXPR_DECL (t));
      return NULL_TREE;
    case MODIFY_EXPR:
    case INIT_EXPR:
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      if (DECL_P (pacc_assigned_operand (t)))
        c.inner.add (pacc_assigned_operand (t));
      return NULL_TREE;
    case SAVE_EXPR:
      if (!pacc_user_save_expr_p (*c.r, t))
        *walk_subtrees = 0;
      return NULL_TREE;
    case ARRAY_REF:
    case INDIRECT_REF:
    case MEM_REF:
      {
        if (pacc_whole_ref (*c.r, t) < 0)
          return NULL_TREE;
        copyin_read rd;
        if (first_index (*c.r, t, &rd.w, rd.index))
          {
            rd.loop = c.cur_loop;
            rd.loc = c.cur_loc;
            rd.guards = c.guards;
            c.reads.push_back (rd);
          }
        /* The indices may read other copyin arrays; the element itself
	   is recorded once.  */
        tree s = t;
        for (; TREE_CODE (s) == ARRAY_REF; s = TREE_OPERAND (s, 0))
          walk_under (&TREE_OPERAND (s, 1), c, false);
        if (TREE_CODE (s) == INDIRECT_REF || TREE_CODE (s) == MEM_REF)
          walk_under (&TREE_OPERAND (s, 0), c, false);
        *walk_subtrees = 0;
        return NULL_TREE;
      }
    default:
      return NULL_TREE;
    }
}

/* Is V the variable of loop LI of K or of a loop around it?  */
static bool
enclosing_var_p (pacc_kernel &k, int li, tree v)
{
  for (; li >= 0; li = k.loops[li].parent)
    if (k.loops[li].var == v)
      return true;
  return false;
}

/* walk_tree callback: a variable the nest declares or assigns.  */
static tree
inner_decl_r (tree *tp, int *walk_subtrees, void *data)
{
  copyin_walk &c = *(copyin_walk *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (DECL_P (*tp) && c.inner.contains (*tp))
    return *tp;
  return NULL_TREE;
}

/* Can bound E of a loop of the nest be computed at entry?  As
   pacc_host_bound_p says, and no variable of the nest's own.  */
static bool
entry_bound_p (copyin_walk &c, tree e)
{
  return e && pacc_host_bound_p (*c.r, *c.k, e, true)
         && !walk_tree_without_duplicates (&e, inner_decl_r, &c);
}

/* Bounds on VAR, a loop's variable, that condition COND taken as SENSE
   gives, with values known at entry: into LO, VAR >= each; into HI,
   VAR < each.  Signed comparisons of VAR itself only (an unsigned one
   wraps), through &&, || and !; others give none.  */
static void
guard_bounds (copyin_walk &c, tree cond, bool sense, tree var,
              std::vector<tree> &lo, std::vector<tree> &hi, int depth)
{
  tree lt = long_integer_type_node;
  if (depth > 8)
    return;
  enum tree_code code = TREE_CODE (cond);
  switch (code)
    {
    case TRUTH_ANDIF_EXPR:
    case TRUTH_AND_EXPR:
    case TRUTH_ORIF_EXPR:
    case TRUTH_OR_EXPR:
      /* Both hold when an && is taken, neither when an || is not.  */
      if (sense == (code == TRUTH_ANDIF_EXPR || code == TRUTH_AND_EXPR))
        for (int o = 0; o < 2; o++)
          guard_bounds (c, TREE_OPERAND (cond, o), sense, var, lo, hi,
                        depth + 1);
      return;
    case TRUTH_NOT_EXPR:
      guard_bounds (c, TREE_OPERAND (cond, 0), !sense, var, lo, hi, depth + 1);
      return;
    case LT_EXPR:
    case LE_EXPR:
    case GT_EXPR:
    case GE_EXPR:
    case EQ_EXPR:
      break;
    case NE_EXPR:
      if (sense)
        return;
      break;
    default:
      return;
    }
  tree a = TREE_OPERAND (cond, 0), b = TREE_OPERAND (cond, 1);
  HOST_WIDE_INT rlo, rhi;
  if (pacc_range_test (cond, sense, var, &rlo, &rhi))
    {
      lo.push_back (lcst (rlo));
      hi.push_back (lcst (rhi + 1));
      return;
    }
  if (!INTEGRAL_TYPE_P (TREE_TYPE (a)) || TYPE_UNSIGNED (TREE_TYPE (a))
      || !INTEGRAL_TYPE_P (TREE_TYPE (b)) || TYPE_UNSIGNED (TREE_TYPE (b)))
    return;
  if (!sense)
    code = invert_tree_comparison (code, false);
  a = strip_conv (a);
  b = strip_conv (b);
  if (b == var)
    {
      std::swap (a, b);
      code = swap_tree_comparison (code);
    }
  if (a != var || !entry_bound_p (c, b))
    return;
  tree e = unshare_expr (b);
  tree e1
    = fold_build2 (PLUS_EXPR, lt, fold (lng (unshare_expr (b))), lcst (1));
  switch (code)
    {
    case LT_EXPR:
      hi.push_back (e);
      break;
    case LE_EXPR:
      hi.push_back (e1);
      break;
    case GT_EXPR:
      lo.push_back (e1);
      break;
    case GE_EXPR:
      lo.push_back (e);
      break;
    case EQ_EXPR:
      lo.push_back (e);
      hi.push_back (e1);
      break;
    default:
      break;
    }
}

/* The least and greatest first index that read RD of the nest reads, at
   entry, into *FIRST and *LAST, and into *RUNS the condition that the
   loops around it (those whose bounds are known at entry) and the steps
   run: T0 and NSTEPS are the region's first step and number of steps.
   False when they cannot be known at entry.  */
static bool
read_range (copyin_walk &c, copyin_read &rd, tree t0, tree nsteps, tree *first,
            tree *last, tree *runs)
{
  pacc_region &r = *c.r;
  pacc_kernel &k = *c.k;
  tree lt = long_integer_type_node;
  hash_map<tree, tree> none;
  pacc_form f = rd.index;
  for (auto &m : f)
    for (tree at : m.atoms)
      if (c.inner.contains (at) && !enclosing_var_p (k, rd.loop, at))
        return false;
  tree lo = lcst (0), hi = lcst (0);
  *runs = fold_build2 (GT_EXPR, boolean_type_node, nsteps, lcst (0));
  /* Term Q * V of variable V over [A, B]: Q * A and Q * B, the least and
     the greatest added to LO and HI.  */
  auto add_term = [&] (const pacc_form &q, tree a, tree b) {
    tree qa = fold_build2 (MULT_EXPR, lt, form_to_tree (q), a);
    tree qb = fold_build2 (MULT_EXPR, lt, form_to_tree (q), b);
    lo = fold_build2 (PLUS_EXPR, lt, lo, fold_build2 (MIN_EXPR, lt, qa, qb));
    hi = fold_build2 (PLUS_EXPR, lt, hi,
                      fold_build2 (MAX_EXPR, lt, unshare_expr (qa),
                                   unshare_expr (qb)));
  };
  for (int li = rd.loop; li >= 0; li = k.loops[li].parent)
    {
      pacc_loop &l = k.loops[li];
      pacc_form q;
      if (!form_take_var (f, l.var, q))
        return false;
      tree a = pacc_host_value (l, l.init);
      tree b = pacc_host_value (l, l.bound ? l.bound
                                   : l.for_stmt
                                     ? unit_loop_bound (l.for_stmt, l.var)
                                     : NULL_TREE);
      if (!entry_bound_p (c, a) || !entry_bound_p (c, b))
        {
          /* Assumed to run; its variable may not be in the index.  */
          if (!q.empty ())
            return false;
          continue;
        }
      tree ha = fold (lng (rewritten_copy (r, a, none)));
      tree hb = fold (lng (rewritten_copy (r, b, none)));
      /* Where the conditions around the read, met inside this loop, let
	 it run.  */
      std::vector<tree> glo, ghi;
      for (auto &g : rd.guards)
        if (enclosing_var_p (k, g.loop, l.var))
          guard_bounds (c, g.cond, g.sense, l.var, glo, ghi, 0);
      for (tree e : glo)
        ha = fold_build2 (MAX_EXPR, lt, ha,
                          fold (lng (rewritten_copy (r, e, none))));
      for (tree e : ghi)
        hb = fold_build2 (MIN_EXPR, lt, hb,
                          fold (lng (rewritten_copy (r, e, none))));
      *runs = fold_build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
                           fold_build2 (LT_EXPR, boolean_type_node, ha, hb),
                           *runs);
      if (q.empty ())
        continue;
      if (!pacc_host_bound_p (r, k, form_to_tree (q), true))
        return false;
      add_term (q, unshare_expr (ha),
                fold_build2 (MINUS_EXPR, lt, unshare_expr (hb), lcst (1)));
    }
  /* The time variable runs over [t0, t0 + nsteps - 1].  */
  pacc_form q;
  if (!form_take_var (f, r.tvar, q))
    return false;
  if (!q.empty ())
    {
      if (!pacc_host_bound_p (r, k, form_to_tree (q), true))
        return false;
      add_term (q, t0,
                build2 (MINUS_EXPR, lt, build2 (PLUS_EXPR, lt, t0, nsteps),
                        lcst (1)));
    }
  tree rest = form_to_tree (f);
  if (!pacc_host_bound_p (r, k, rest, true))
    return false;
  *first = fold_build2 (PLUS_EXPR, lt, rest, lo);
  *last = fold_build2 (PLUS_EXPR, lt, unshare_expr (rest), hi);
  return true;
}

/* The extent of the first dimension of copyin array D's C type, a long,
   or NULL for a pointer or an array of unknown size.  */
static tree
type_extent (tree d)
{
  tree type = TREE_TYPE (d);
  if (TREE_CODE (type) != ARRAY_TYPE)
    return NULL_TREE;
  tree dom = TYPE_DOMAIN (type);
  if (!dom || !TYPE_MAX_VALUE (dom))
    return NULL_TREE;
  return fold_build2 (PLUS_EXPR, long_integer_type_node,
                      lng (unshare_expr (TYPE_MAX_VALUE (dom))), lcst (1));
}

/* The section of WC along the first dimension, as longs: its first
   element *LO and its length *LEN (the type's extent without a section;
   NULL when not known).  */
static void
section_of (pacc_whole_clause &wc, tree *lo, tree *len)
{
  if (wc.nsec)
    {
      *lo = fold (lng (unshare_expr (wc.lo[0])));
      *len = fold (lng (unshare_expr (wc.len[0])));
    }
  else
    {
      *lo = lcst (0);
      *len = type_extent (wc.decl);
    }
}

static bool
cst (tree t, HOST_WIDE_INT *v)
{
  if (!t || TREE_CODE (t) != INTEGER_CST || !tree_fits_shwi_p (t))
    return false;
  *v = tree_to_shwi (t);
  return true;
}

static tree
name_literal (tree decl)
{
  const char *s = IDENTIFIER_POINTER (DECL_NAME (decl));
  return build_string_literal (strlen (s) + 1, s);
}

/* __pacc_copyin_outside (where LOC, KERNEL, name of WC, FIRST, LAST, LO,
   LEN) when COND holds.  */
static tree
outside_call (location_t loc, tree cond, int kernel, pacc_whole_clause &wc,
              tree first, tree last, tree lo, tree len)
{
  tree call
    = build_call_expr_loc (loc, copyin_outside_fn (), 7, where_literal (loc),
                           build_int_cst (integer_type_node, kernel),
                           name_literal (wc.decl), unshare_expr (first),
                           unshare_expr (last), unshare_expr (lo),
                           unshare_expr (len));
  return build3 (COND_EXPR, void_type_node, cond, call,
                 build_empty_stmt (loc));
}

/* A section of an array whose C type gives its extent must lie inside
   it, else the copy read past the array's end: an error at the clause
   when both are constants, else a check at entry
   (__pacc_copyin_outside with kernel 0, FIRST and LAST the type's first
   and last elements).  */
static void
check_extent (pacc_whole_clause &wc, tree *body)
{
  tree n = type_extent (wc.decl);
  if (!wc.nsec || !n)
    return;
  tree lt = long_integer_type_node, bt = boolean_type_node;
  tree lo, len;
  section_of (wc, &lo, &len);
  n = fold (n);
  HOST_WIDE_INT in, il, ilen;
  if (cst (n, &in) && cst (lo, &il) && cst (len, &ilen))
    {
      if (ilen > 0 && (il < 0 || il > in - ilen))
        error_at (wc.loc,
                  "the %<copyin%> section %<%D[%wd:%wd]%> reaches "
                  "outside %qD, whose type %qT has %wd elements along the "
                  "first dimension",
                  wc.decl, il, ilen, wc.decl, TREE_TYPE (wc.decl), in);
      return;
    }
  /* LEN > 0 && (LO < 0 || LO > N - LEN).  */
  tree bad
    = build2 (TRUTH_ANDIF_EXPR, bt, build2 (GT_EXPR, bt, len, lcst (0)),
              build2 (TRUTH_ORIF_EXPR, bt, build2 (LT_EXPR, bt, lo, lcst (0)),
                      build2 (GT_EXPR, bt, unshare_expr (lo),
                              build2 (MINUS_EXPR, lt, n,
                                      unshare_expr (len)))));
  add (body, outside_call (wc.loc, bad, 0, wc, lcst (0),
                           build2 (MINUS_EXPR, lt, unshare_expr (n), lcst (1)),
                           lo, len));
}

/* Reads of one copyin array in one loop of a nest, checked together at
   entry: their least and greatest index.  */
struct copyin_group
{
  int w, loop;
  location_t loc; /* Of the first read.  */
  tree first, last, runs;
};

/* The reads of kernel J (from 0) against the sections: errors for
   constants, checks into *BODY for the others.  */
static void
check_reads (pacc_region &r, int j, tree *body, tree t0, tree nsteps)
{
  tree lt = long_integer_type_node, bt = boolean_type_node;
  pacc_kernel &k = r.kernels[j];
  copyin_walk c;
  c.r = &r;
  c.k = &k;
  c.cur_loop = -1;
  c.cond = 0;
  c.cur_loc = k.loc;
  walk_tree (&k.stmt, copyin_walk_r, &c, NULL);
  std::vector<copyin_group> groups;
  for (auto &rd : c.reads)
    {
      pacc_whole_clause &wc = r.pc->wholes[rd.w];
      tree lo, len;
      tree first = NULL_TREE, last = NULL_TREE, runs = NULL_TREE;
      section_of (wc, &lo, &len);
      if (!len || !read_range (c, rd, t0, nsteps, &first, &last, &runs)
          || integer_zerop (runs))
        continue;
      HOST_WIDE_INT ifirst, ilast, ilo, ilen;
      if (cst (first, &ifirst) && cst (last, &ilast) && cst (lo, &ilo)
          && cst (len, &ilen))
        {
          if (ifirst >= ilo && ilast < ilo + ilen)
            continue;
          if (ifirst == ilast)
            error_at (rd.loc,
                      "kernel %d reads %<%D[%wd]%>, outside the "
                      "section %<%D[%wd:%wd]%> that %<copyin%> gives",
                      j + 1, wc.decl, ifirst, wc.decl, ilo, ilen);
          else
            error_at (rd.loc,
                      "kernel %d reads %<%D[%wd]%> to %<%D[%wd]%>, "
                      "outside the section %<%D[%wd:%wd]%> that %<copyin%> "
                      "gives",
                      j + 1, wc.decl, ifirst, wc.decl, ilast, wc.decl, ilo,
                      ilen);
          continue;
        }
      bool merged = false;
      for (auto &g : groups)
        if (g.w == rd.w && g.loop == rd.loop)
          {
            g.first = build2 (MIN_EXPR, lt, g.first, first);
            g.last = build2 (MAX_EXPR, lt, g.last, last);
            merged = true;
          }
      if (!merged)
        groups.push_back ({ rd.w, rd.loop, rd.loc, first, last, runs });
    }
  for (auto &g : groups)
    {
      pacc_whole_clause &wc = r.pc->wholes[g.w];
      tree lo, len;
      section_of (wc, &lo, &len);
      tree end = build2 (PLUS_EXPR, lt, unshare_expr (lo), len);
      tree bad = build2 (TRUTH_ANDIF_EXPR, bt, g.runs,
                         build2 (TRUTH_ORIF_EXPR, bt,
                                 build2 (LT_EXPR, bt, g.first, lo),
                                 build2 (GE_EXPR, bt, g.last, end)));
      add (body,
           outside_call (g.loc, bad, j + 1, wc, g.first, g.last, lo, len));
    }
}

void
pacc_copyin_checks (pacc_region &r, tree *body, tree t0, tree nsteps)
{
  for (auto &wc : r.pc->wholes)
    check_extent (wc, body);
  for (size_t j = 0; !r.pc->wholes.empty () && j < r.kernels.size (); j++)
    check_reads (r, (int) j, body, t0, nsteps);
}
