/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* check-components.cc - arrays with leading component dimensions.

   An array listed in targetin, targetinout or targettemp whose C type
   has more dimensions than `size' (Himeno's `float a[4][MIMAX][MJMAX]
   [MKMAX]', several fields in `u[NCOMP][X][Y]', `double (*c)[X][Y]')
   holds components: its leading dimensions are indexed by constants,
   the rest is a grid of the region's shape.  Before the region is
   checked, each component the time loop uses becomes an array of the
   region of its own: a pointer to the component's rows, named `c[1]',
   set before the region (pacc_region::components), which every access
   `c[1][x][y]' then indexes.  The rest of the plugin and libpacc see
   ordinary arrays: out of core, several devices, mpi work unchanged,
   and components never used are never copied.

   A sequential loop over the components inside a nest (`for (m = 0;
   m < NCOMP; m++)', constant bounds) is first written out, one copy of
   its body per value, so that its accesses have constant components.
   With one leading dimension, the index may be a time level instead,
   `u[(t + j) % M]': the M levels become M arrays, set at entry to the
   first step's, that host statements added at the end of the step
   rotate as a pointer swap would (check-host.cc knows rotations).

   Located errors: a leading index that is neither (a loop over the
   components, `u[t / 2]'), one outside the type's bounds, levels of
   different moduli or mixed with constant components, the array used
   other than through a component, the rows of `size' past a fixed-size
   component's, a region left with no array.  */

#include "check.h"

struct comp_ctx
{
  pacc_region *r;
  pacc_array_clause *ac;
  int lead; /* Leading (component) dimensions.  */
  bool ptr; /* Declared as a pointer to arrays.  */
  location_t cur_loc;
  bool bad;
  /* Components made, in order of first use: constant indices, variable.  */
  std::vector<std::pair<std::vector<HOST_WIDE_INT>, tree>> made;
  /* Time levels `u[(t + j) % M]': M (0: none), the variable of each j,
     the pointer that rotates them at the end of the step, and where each
     kind of index was first used (they may not mix).  */
  HOST_WIDE_INT nlevels;
  std::vector<tree> levels;
  tree rot_tmp;
  location_t level_loc, const_loc;
};

/* Dimensions of TYPE as C indexes it: one per array level, one for a
   pointer to arrays.  A flat pointer counts one, as `size' may give it
   any rank.  */
static int
type_dims (tree type, bool *ptr)
{
  int n = 0;
  *ptr = TREE_CODE (type) == POINTER_TYPE;
  if (*ptr)
    {
      n = 1;
      type = TREE_TYPE (type);
    }
  for (; TREE_CODE (type) == ARRAY_TYPE; type = TREE_TYPE (type))
    n++;
  return n;
}

/* The evaluation of a variably modified type's size: SAVE_EXPRs and
   arithmetic on them, `(sizetype) X * (sizetype) Y'.  */
static bool
vla_size_p (tree t)
{
  switch (TREE_CODE (t))
    {
    case MULT_EXPR:
    case PLUS_EXPR:
    case MINUS_EXPR:
    case COMPOUND_EXPR:
      return vla_size_p (TREE_OPERAND (t, 0))
             && vla_size_p (TREE_OPERAND (t, 1));
    case NOP_EXPR:
    case CONVERT_EXPR:
      return vla_size_p (TREE_OPERAND (t, 0));
    default:
      return size_eval_p (t);
    }
}

/* Pointer P without conversions and without the evaluation of its
   pointee's size in front of it: `(X * Y, u)' for `double (*u)[X][Y]'.  */
static tree
strip_ptr_expr (tree p)
{
  for (p = strip_conv (p);
       TREE_CODE (p) == COMPOUND_EXPR && vla_size_p (TREE_OPERAND (p, 0));
       p = strip_conv (TREE_OPERAND (p, 1)))
    ;
  return p;
}

/* The factors of product E, into F.  */
static void
mult_factors (tree e, std::vector<tree> &f)
{
  e = strip_conv (e);
  if (TREE_CODE (e) == MULT_EXPR)
    {
      mult_factors (TREE_OPERAND (e, 0), f);
      mult_factors (TREE_OPERAND (e, 1), f);
    }
  else
    f.push_back (e);
}

/* OFF = I * ELSIZE as products, reassociated as fold leaves them
   (`(i * X) * 72' for sizeof *p = X * 72): I, or NULL.  */
static tree
index_factor (tree off, tree elsize)
{
  std::vector<tree> fo, fs;
  mult_factors (off, fo);
  mult_factors (elsize, fs);
  HOST_WIDE_INT k = 1;
  for (tree f : fo)
    if (TREE_CODE (f) == INTEGER_CST)
      {
        if (!tree_fits_shwi_p (f))
          return NULL_TREE;
        k *= tree_to_shwi (f);
      }
  for (tree f : fs)
    {
      if (TREE_CODE (f) == INTEGER_CST)
        {
          if (!tree_fits_shwi_p (f) || !tree_to_shwi (f)
              || k % tree_to_shwi (f))
            return NULL_TREE;
          k /= tree_to_shwi (f);
          continue;
        }
      size_t j = 0;
      while (j < fo.size () && !operand_equal_p (fo[j], f, 0))
        j++;
      if (j == fo.size ())
        return NULL_TREE;
      fo.erase (fo.begin () + j);
    }
  tree rest = NULL_TREE;
  for (tree f : fo)
    if (TREE_CODE (f) != INTEGER_CST)
      {
        if (rest)
          return NULL_TREE;
        rest = f;
      }
  return rest && k == 1 ? rest : NULL_TREE;
}

/* The index of `p[i]' for pointer P from the byte offset OFF of `*(p +
   OFF)': OFF is (sizetype) i * sizeof *p, or that folded to a
   constant.  NULL when OFF is no multiple of ELSIZE.  */
static tree
pointer_index (tree off, tree elsize)
{
  off = strip_conv (off);
  if (TREE_CODE (off) == INTEGER_CST && TREE_CODE (elsize) == INTEGER_CST
      && !integer_zerop (elsize))
    {
      HOST_WIDE_INT o = tree_to_shwi (fold_convert (ssizetype, off));
      HOST_WIDE_INT s = tree_to_shwi (elsize);
      if (o % s == 0)
        return build_int_cst (ssizetype, o / s);
    }
  /* sizeof *p of a variable length: `i * size', folded to `size' or
     `-size' for constant i; compared as polynomials.  */
  pacc_form fo, fs;
  if (pacc_form_of (off, fo) && pacc_form_of (elsize, fs) && !fs.empty ())
    {
      size_t lead = 0;
      for (size_t i = 1; i < fs.size (); i++)
        if (fs[i].atoms.size () > fs[lead].atoms.size ())
          lead = i;
      HOST_WIDE_INT have = 0;
      for (auto &m : fo)
        if (m.atoms == fs[lead].atoms)
          have = m.coef;
      if (have % fs[lead].coef == 0)
        {
          HOST_WIDE_INT k = have / fs[lead].coef;
          form_add (fo, fs, -k);
          if (fo.empty ())
            return build_int_cst (ssizetype, k);
        }
    }
  /* i * size with i not a constant: i, for the time levels and the
     message.  */
  if (TREE_CODE (off) == MULT_EXPR)
    return index_factor (off, elsize);
  /* Not an index of the pointer (byte arithmetic through a cast).  */
  return NULL_TREE;
}

/* Is T the component prefix of the array: exactly c.lead indices
   applied to it (`c[1]', `u[0][2]'), giving a grid?  Its indices,
   outermost first, into IDX.  */
static bool
comp_prefix (comp_ctx &c, tree t, std::vector<tree> &idx)
{
  tree decl = c.ac->decl;
  std::vector<tree> rev;
  while (TREE_CODE (t) == ARRAY_REF)
    {
      rev.push_back (TREE_OPERAND (t, 1));
      t = TREE_OPERAND (t, 0);
    }
  if (c.ptr)
    {
      if (TREE_CODE (t) != INDIRECT_REF)
        return false;
      tree p = strip_ptr_expr (TREE_OPERAND (t, 0));
      if (p == decl)
        rev.push_back (integer_zero_node);
      else if (TREE_CODE (p) == POINTER_PLUS_EXPR
               && strip_ptr_expr (TREE_OPERAND (p, 0)) == decl)
        {
          tree i
            = pointer_index (TREE_OPERAND (p, 1),
                             TYPE_SIZE_UNIT (TREE_TYPE (TREE_TYPE (decl))));
          if (!i)
            return false;
          rev.push_back (i);
        }
      else
        return false;
    }
  else if (t != decl)
    return false;
  if ((int) rev.size () != c.lead)
    return false;
  idx.assign (rev.rbegin (), rev.rend ());
  return true;
}

/* The constant value of a component index, or false.  A `const'
   integer variable with a constant initializer counts as its value.  */
static bool
index_value (tree e, HOST_WIDE_INT *v)
{
  e = fold (strip_conv (e));
  if (VAR_P (e) && TREE_READONLY (e) && !TREE_THIS_VOLATILE (e)
      && DECL_INITIAL (e) && TREE_CODE (DECL_INITIAL (e)) == INTEGER_CST)
    e = DECL_INITIAL (e);
  if (TREE_CODE (e) != INTEGER_CST || !tree_fits_shwi_p (e))
    return false;
  *v = tree_to_shwi (e);
  return true;
}

static tree
mentions_r (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return *tp == (tree) data ? *tp : NULL_TREE;
}

/* The number of components along leading dimension N (0 = first), or
   -1 when the type does not bound it (the pointer's own dimension).  */
static HOST_WIDE_INT
comp_extent (comp_ctx &c, int n)
{
  tree type = TREE_TYPE (c.ac->decl);
  if (c.ptr)
    {
      if (n == 0)
        return -1;
      n--;
      type = TREE_TYPE (type);
    }
  for (; n > 0; n--)
    type = TREE_TYPE (type);
  tree dom = TYPE_DOMAIN (type);
  if (!dom || !TYPE_MAX_VALUE (dom)
      || TREE_CODE (TYPE_MAX_VALUE (dom)) != INTEGER_CST)
    return -1;
  return tree_to_shwi (TYPE_MAX_VALUE (dom)) + 1;
}

/* A variable of the region standing for a component, a pointer of type
   PTYPE to its rows; INIT its value at entry, or NULL.  */
static tree
new_comp_var (comp_ctx &c, const std::string &name, tree ptype, tree init)
{
  tree decl = c.ac->decl;
  tree var = build_decl (DECL_SOURCE_LOCATION (decl), VAR_DECL,
                         get_identifier (name.c_str ()), ptype);
  DECL_CONTEXT (var) = c.r->fndecl;
  DECL_ARTIFICIAL (var) = 1;
  DECL_IGNORED_P (var) = 1;
  TREE_USED (var) = 1;
  DECL_READ_P (var) = 1;
  /* The array's address is taken at entry.  */
  if (!c.ptr)
    TREE_ADDRESSABLE (decl) = 1;
  c.r->components.push_back (std::make_pair (var, init));
  return var;
}

/* The variable standing for the component with indices V (made at its
   first use, from the prefix PREFIX).  */
static tree
component_var (comp_ctx &c, const std::vector<HOST_WIDE_INT> &v, tree prefix)
{
  for (auto &m : c.made)
    if (m.first == v)
      return m.second;
  tree decl = c.ac->decl;
  std::string name = IDENTIFIER_POINTER (DECL_NAME (decl));
  for (HOST_WIDE_INT k : v)
    name += "[" + std::to_string ((long long) k) + "]";
  tree grid = TREE_TYPE (prefix);
  tree ptype = build_pointer_type (TREE_TYPE (grid));
  tree init
    = fold_convert (ptype, build_fold_addr_expr (unshare_expr (prefix)));
  tree var = new_comp_var (c, name, ptype, init);
  c.made.push_back (std::make_pair (v, var));
  return var;
}

/* Is E a time level, `(t + J) % M' with t the time step and J and M
   integer constants (M > 0)?  J reduced modulo M.  */
static bool
time_level (tree e, tree tvar, HOST_WIDE_INT *j, HOST_WIDE_INT *m)
{
  e = strip_conv (e);
  if (TREE_CODE (e) != TRUNC_MOD_EXPR)
    return false;
  tree mt = fold (strip_conv (TREE_OPERAND (e, 1)));
  if (TREE_CODE (mt) != INTEGER_CST || !tree_fits_shwi_p (mt)
      || tree_to_shwi (mt) < 1)
    return false;
  pacc_form f, q;
  if (!pacc_form_of (TREE_OPERAND (e, 0), f) || !form_take_var (f, tvar, q)
      || q.size () != 1 || !q[0].atoms.empty () || q[0].coef != 1)
    return false;
  for (auto &mo : f)
    if (!mo.atoms.empty ())
      return false;
  *m = tree_to_shwi (mt);
  *j = ((form_const (f) % *m) + *m) % *m;
  return true;
}

/* The variables of the time levels of the array, made at the first
   use, PREFIX, of one: level j is `u[(t + j) % M]' at entry (where t
   holds the first step) and takes level j + 1's pointer at the end of
   every step.  */
static void
make_levels (comp_ctx &c, HOST_WIDE_INT m, tree prefix)
{
  tree decl = c.ac->decl, tvar = c.r->tvar;
  tree ptype = build_pointer_type (TREE_TYPE (TREE_TYPE (prefix)));
  c.nlevels = m;
  for (HOST_WIDE_INT j = 0; j < m; j++)
    {
      std::string name = IDENTIFIER_POINTER (DECL_NAME (decl));
      std::string tn = IDENTIFIER_POINTER (DECL_NAME (tvar));
      name
        += "["
           + (j ? "(" + tn + "+" + std::to_string ((long long) j) + ")" : tn)
           + "%" + std::to_string ((long long) m) + "]";
      tree tt = TREE_TYPE (tvar);
      tree ix = build2 (TRUNC_MOD_EXPR, tt,
                        build2 (PLUS_EXPR, tt, tvar, build_int_cst (tt, j)),
                        build_int_cst (tt, m));
      tree ref = build_array_ref (DECL_SOURCE_LOCATION (decl), decl, ix);
      tree init = fold_convert (ptype, build_fold_addr_expr (ref));
      c.levels.push_back (new_comp_var (c, name, ptype, init));
    }
  c.rot_tmp = new_comp_var (c, "__pacc_level", ptype, NULL_TREE);
}

/* At the end of the step, the levels move down: level j names what
   level j + 1 named (the swap of two time levels when M is 2).  */
static void
rotate_levels (comp_ctx &c)
{
  location_t loc = c.r->loc;
  tree list = alloc_stmt_list ();
  tree body = FOR_BODY (c.r->for_stmt);
  append_to_statement_list_force (body, &list);
  tree prev = c.rot_tmp;
  append_to_statement_list_force (
    build2_loc (loc, MODIFY_EXPR, TREE_TYPE (prev), prev, c.levels[0]), &list);
  for (HOST_WIDE_INT j = 0; j < c.nlevels; j++)
    {
      tree from = j + 1 < c.nlevels ? c.levels[j + 1] : c.rot_tmp;
      append_to_statement_list_force (build2_loc (loc, MODIFY_EXPR,
                                                  TREE_TYPE (from),
                                                  c.levels[j], from),
                                      &list);
    }
  FOR_BODY (c.r->for_stmt) = list;
}

static tree comp_r (tree *tp, int *walk_subtrees, void *data);

/* The grid access T = PREFIX[I]...: check the component's indices and
   index its variable instead.  */
static void
rewrite_access (comp_ctx &c, tree *tp, const std::vector<tree> &idx)
{
  tree t = *tp;
  tree decl = c.ac->decl;
  location_t loc = EXPR_LOC_OR_LOC (t, c.cur_loc);
  std::vector<HOST_WIDE_INT> v;
  for (int n = 0; n < c.lead; n++)
    {
      HOST_WIDE_INT k, j = 0, m = 0;
      if (!index_value (idx[n], &k) && c.lead == 1
          && time_level (idx[n], c.r->tvar, &j, &m))
        {
          HOST_WIDE_INT ext = comp_extent (c, 0);
          if (ext >= 0 && m > ext)
            {
              error_at (loc,
                        "the time level %qE of %qD takes %wd values, but "
                        "its type %qT has %wd components",
                        idx[n], decl, m, TREE_TYPE (decl), ext);
              c.bad = true;
              return;
            }
          if (c.nlevels && m != c.nlevels)
            {
              error_at (loc,
                        "the time levels of %qD are taken modulo %wd "
                        "and modulo %wd: every leading index of a time level "
                        "must be %<(%D + constant) %% M%> with the same M",
                        decl, c.nlevels, m, c.r->tvar);
              c.bad = true;
              return;
            }
          if (!c.nlevels)
            {
              make_levels (c, m, TREE_OPERAND (t, 0));
              c.level_loc = loc;
            }
          walk_tree (&TREE_OPERAND (t, 1), comp_r, &c, NULL);
          *tp = build_array_ref (loc, c.levels[j], TREE_OPERAND (t, 1));
          return;
        }
      if (!index_value (idx[n], &k))
        {
          tree e = idx[n];
          if (walk_tree_without_duplicates (&e, mentions_r, c.r->tvar))
            error_at (loc,
                      "the leading index %qE of %qD depends on the time "
                      "step: %qD has %d dimension(s) before the %d of "
                      "%<size%>, components selected by an integer constant "
                      "or, with one leading dimension, time levels "
                      "%<%D[(%D + constant) %% M]%>",
                      idx[n], decl, decl, c.lead, c.r->pc->rank, decl,
                      c.r->tvar);
          else
            error_at (loc,
                      "the leading index %qE of %qD is not an integer "
                      "constant: %qD has %d dimension(s) before the %d of "
                      "%<size%>, components that each must be selected by "
                      "an integer constant; write one access per component "
                      "such as %<%D[0][...]%> and %<%D[1][...]%>, or loop "
                      "over them with constant bounds and a body without "
                      "declarations",
                      idx[n], decl, decl, c.lead, c.r->pc->rank, decl, decl);
          c.bad = true;
          return;
        }
      HOST_WIDE_INT ext = comp_extent (c, n);
      if (k < 0 || (ext >= 0 && k >= ext))
        {
          if (ext >= 0)
            error_at (loc,
                      "component index %wd of %qD is out of bounds: its "
                      "type %qT has components 0 to %wd along that "
                      "dimension",
                      k, decl, TREE_TYPE (decl), ext - 1);
          else
            error_at (loc, "component index %wd of %qD is negative", k, decl);
          c.bad = true;
          return;
        }
      v.push_back (k);
    }
  if (c.const_loc == UNKNOWN_LOCATION)
    c.const_loc = loc;
  /* The grid's indices may hold accesses of their own.  */
  walk_tree (&TREE_OPERAND (t, 1), comp_r, &c, NULL);
  tree var = component_var (c, v, TREE_OPERAND (t, 0));
  *tp = build_array_ref (loc, var, TREE_OPERAND (t, 1));
}

static tree
comp_r (tree *tp, int *walk_subtrees, void *data)
{
  comp_ctx &c = *(comp_ctx *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (EXPR_P (t) && EXPR_HAS_LOCATION (t))
    c.cur_loc = EXPR_LOCATION (t);
  std::vector<tree> idx;
  if (TREE_CODE (t) == ARRAY_REF && comp_prefix (c, TREE_OPERAND (t, 0), idx))
    {
      rewrite_access (c, tp, idx);
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (t == c.ac->decl)
    {
      error_at (c.cur_loc,
                "%qD is used other than through its components "
                "in the %<#pragma pacc pipeline%> region: %qD has %d "
                "dimension(s) before the %d of %<size%>, and every use must "
                "index a component and its grid, %<%D[0][...]%>",
                t, t, c.lead, c.r->pc->rank, t);
      c.bad = true;
    }
  return NULL_TREE;
}

/* Rows of `size' past those of a fixed-size component: its rows would
   run into the next component.  */
static bool
check_rows (comp_ctx &c)
{
  tree type = TREE_TYPE (c.ac->decl);
  if (c.ptr)
    type = TREE_TYPE (type);
  for (int n = c.ptr ? 1 : 0; n < c.lead; n++)
    type = TREE_TYPE (type);
  tree dom = TYPE_DOMAIN (type);
  tree lo = fold (strip_conv (c.r->pc->size_lo[0]));
  tree len = fold (strip_conv (c.r->pc->size_len[0]));
  if (!dom || !TYPE_MAX_VALUE (dom)
      || TREE_CODE (TYPE_MAX_VALUE (dom)) != INTEGER_CST
      || !tree_fits_shwi_p (lo) || !tree_fits_shwi_p (len))
    return true;
  HOST_WIDE_INT rows = tree_to_shwi (TYPE_MAX_VALUE (dom)) + 1;
  HOST_WIDE_INT l = tree_to_shwi (lo), n = tree_to_shwi (len);
  if (n > 0 && (l < 0 || l > rows - n))
    {
      error_at (c.ac->loc,
                "%<size%> gives the components of %qD rows %wd "
                "to %wd, but each component (of type %qT) has %wd rows",
                c.ac->decl, l, l + n - 1, type, rows);
      return false;
    }
  return true;
}

bool
pacc_split_components (pacc_region &r)
{
  std::vector<pacc_array_clause> arrays;
  bool ok = true;
  /* Loops over the components first (check-component-loops.cc).  */
  std::vector<tree> comps;
  for (auto &ac : r.pc->arrays)
    {
      bool ptr;
      if (type_dims (TREE_TYPE (ac.decl), &ptr) > r.pc->rank)
        comps.push_back (ac.decl);
    }
  if (!comps.empty ())
    pacc_unroll_component_loops (r, comps);
  for (auto &ac : r.pc->arrays)
    {
      comp_ctx c;
      c.r = &r;
      c.ac = &ac;
      c.lead = type_dims (TREE_TYPE (ac.decl), &c.ptr) - r.pc->rank;
      c.cur_loc = r.loc;
      c.bad = false;
      c.nlevels = 0;
      c.rot_tmp = NULL_TREE;
      c.level_loc = c.const_loc = UNKNOWN_LOCATION;
      if (c.lead <= 0)
        {
          arrays.push_back (ac);
          continue;
        }
      if (!check_rows (c))
        {
          ok = false;
          continue;
        }
      walk_tree (&r.for_stmt, comp_r, &c, NULL);
      if (!c.bad && c.nlevels && !c.made.empty ())
        {
          error_at (c.const_loc,
                    "%qD is indexed both by a constant component "
                    "and by time levels %<(%D + constant) %% %wd%>: the two "
                    "would name the same memory; use one kind of leading "
                    "index per array",
                    ac.decl, r.tvar, c.nlevels);
          inform (c.level_loc, "time level here");
          c.bad = true;
        }
      if (c.bad)
        {
          ok = false;
          continue;
        }
      if (c.nlevels > 1)
        rotate_levels (c);
      for (tree v : c.levels)
        {
          pacc_array_clause n = ac;
          n.decl = v;
          arrays.push_back (n);
        }
      /* One array of the region per component used, in order of use.  */
      for (auto &m : c.made)
        {
          pacc_array_clause n = ac;
          n.decl = m.second;
          arrays.push_back (n);
        }
    }
  if (ok && arrays.empty ())
    {
      error_at (r.loc,
                "the %<#pragma pacc pipeline%> region uses no "
                "component of its arrays: list the arrays its loop nests "
                "use");
      return false;
    }
  r.pc->arrays = arrays;
  return ok;
}
