/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower-shape.cc - the form of a kernel's memory accesses: one set of
   extents for every array it indexes, and selected loads.

   The C front end gives every pointer-to-VLA declaration its own copy of
   the extents: `float (*a0)[Y][Z]' and `float (*a1)[Y][Z]' each hold
   SAVE_EXPRs of Y and Z, evaluated at their declaration.  In a kernel
   they are different variables, so GCC computes one row offset per
   array, keeps them all live across the vector loop, and ptxas gave
   Himeno's kernel (14 arrays) 232 registers: one block of 256 threads per
   multiprocessor, 40 % of the CUDA kernel's speed in core (kernel-shapes
   probe, benchmarks/RESULTS.md).  With one offset for all the arrays, as
   CUDA's kernel has, the same loop ran 1.8x faster.

   The region checks at entry that every pipelined array's C extents are
   the size clause's (pacc_type_row: libpacc refuses the region
   otherwise), so inside a kernel each reference `a[e0][e1]...' to such an
   array can be rebuilt with a pointer type whose extents are one set of
   variables of the kernel (set from the size clause on the host, before
   the launch), and the SAVE_EXPRs of the declaration in its pointer
   offset replaced by the same variables.  The address is the same; GCC
   now sees equal offsets.  Arrays of constant extents and flat pointers
   (whose index arithmetic is the user's own) are left alone.

   Selected loads.  `c ? f[i-1][j] : f[i+1][j]' (an upwind stencil, CIP)
   is a branch in GCC's code: it may not load both elements, and the
   warps whose velocities change sign run both sides.  Both elements are
   in the chunk's buffers (the access check placed both within the
   halo), so the kernel loads `*(c ? &f[i-1][j] : &f[i+1][j])': one load
   from a selected address, as nvcc compiles the CUDA kernel.

   Several iterations or columns per thread, every load first, in
   copy-like loops: lower-columns.cc.  */

#include "pacc-plugin.h"
#include "check.h"
#include "lower.h"

/* T without conversions (strip_conv would strip a SAVE_EXPR too).  */
static tree
strip_conversions (tree t)
{
  while (CONVERT_EXPR_P (t) || TREE_CODE (t) == NON_LVALUE_EXPR)
    t = TREE_OPERAND (t, 0);
  return t;
}

/* Strip conversions and a `+ -1' from a domain's maximum: the extent's
   SAVE_EXPR, or NULL.  */
static tree
extent_save (tree max)
{
  max = strip_conversions (max);
  if (TREE_CODE (max) == PLUS_EXPR
      && integer_minus_onep (TREE_OPERAND (max, 1)))
    max = TREE_OPERAND (max, 0);
  else if (TREE_CODE (max) == MINUS_EXPR
           && integer_onep (TREE_OPERAND (max, 1)))
    max = TREE_OPERAND (max, 0);
  else
    return NULL_TREE;
  max = strip_conversions (max);
  return TREE_CODE (max) == SAVE_EXPR ? max : NULL_TREE;
}

/* The levels of array type T (the rows of a pointer to rows): their
   number, and in LEVEL[] the array types, outermost first.  */
static int
array_levels (tree t, tree *level, int max)
{
  int n = 0;
  for (; TREE_CODE (t) == ARRAY_TYPE; t = TREE_TYPE (t))
    {
      if (n == max)
        return -1;
      level[n++] = t;
    }
  return n;
}

bool
pacc_shared_extents_p (pacc_region &r, tree decl)
{
  tree type = TREE_TYPE (decl);
  if (TREE_CODE (type) != POINTER_TYPE || r.pc->rank < 2)
    return false;
  tree level[MAX_RANK];
  int n = array_levels (TREE_TYPE (type), level, MAX_RANK);
  if (n != r.pc->rank - 1
      || !variably_modified_type_p (TREE_TYPE (type), NULL_TREE))
    return false;
  for (int i = 0; i < n; i++)
    {
      tree dom = TYPE_DOMAIN (level[i]);
      if (!dom || !TYPE_MAX_VALUE (dom))
        return false;
      tree max = TYPE_MAX_VALUE (dom);
      if (TREE_CODE (max) != INTEGER_CST && !extent_save (max))
        return false;
    }
  return true;
}

tree
pacc_type_row (pacc_region &r, tree decl, tree bytes)
{
  if (!pacc_shared_extents_p (r, decl))
    return bytes;
  tree level[MAX_RANK];
  int n = array_levels (TREE_TYPE (TREE_TYPE (decl)), level, MAX_RANK);
  tree same = boolean_true_node;
  for (int i = 0; i < n; i++)
    {
      tree ext
        = build2 (PLUS_EXPR, long_integer_type_node,
                  lng (TYPE_MAX_VALUE (TYPE_DOMAIN (level[i]))), lcst (1));
      tree eq = build2 (EQ_EXPR, boolean_type_node, ext,
                        lng (unshare_expr (r.pc->size_len[i + 1])));
      same = build2 (TRUTH_ANDIF_EXPR, boolean_type_node, same, eq);
    }
  return build3 (COND_EXPR, long_integer_type_node, same, bytes,
                 lcst (PACC_TYPE_ROW_EXTENTS_DIFFER));
}

/* ------------------------------------------------------------------ */
/* Rebuilding the references of a kernel.                              */

struct shape_ctx
{
  pacc_region *r;
  tree ext[MAX_RANK];         /* ext[n]: extent of dimension n, long.  */
  hash_map<tree, tree> saves; /* A declaration's SAVE_EXPR: its ext.  */
  hash_map<tree, tree> rows;  /* Element type: canonical row type.  */
  hash_set<tree> arrays;      /* The listed arrays that get shared
				   extents (pacc_shared_extents_p).  */
};

/* The canonical type of one row of elements ELEM: ELEM[ext1]...[extN].  */
static tree
canon_row (shape_ctx &s, tree elem)
{
  tree *have = s.rows.get (elem);
  if (have)
    return *have;
  tree t = elem;
  for (int n = s.r->pc->rank - 1; n >= 1; n--)
    {
      tree max
        = fold_convert (sizetype, build2 (MINUS_EXPR, long_integer_type_node,
                                          s.ext[n], lcst (1)));
      t = build_array_type (t, build_index_type (max));
    }
  s.rows.put (elem, t);
  return t;
}

static tree
replace_saves_r (tree *tp, int *walk_subtrees, void *data)
{
  shape_ctx &s = *(shape_ctx *) data;
  if (TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (*tp) == SAVE_EXPR)
    {
      tree *e = s.saves.get (*tp);
      if (e)
        *tp = fold_convert (TREE_TYPE (*tp), *e);
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Record the extents' SAVE_EXPRs of pointer DECL's type.  */
static void
note_saves (shape_ctx &s, tree decl)
{
  tree level[MAX_RANK];
  int n = array_levels (TREE_TYPE (TREE_TYPE (decl)), level, MAX_RANK);
  for (int i = 0; i < n; i++)
    {
      tree sv = extent_save (TYPE_MAX_VALUE (TYPE_DOMAIN (level[i])));
      if (sv)
        s.saves.put (sv, s.ext[i + 1]);
    }
}

/* REF (an ARRAY_REF chain over `*P') indexes array DECL in all its
   dimensions: the same element through the canonical row type.  */
static tree
rebuild (shape_ctx &s, tree ref, tree decl)
{
  std::vector<tree> idx;
  tree t = ref;
  while (TREE_CODE (t) == ARRAY_REF)
    {
      idx.push_back (TREE_OPERAND (t, 1));
      t = TREE_OPERAND (t, 0);
    }
  if (TREE_CODE (t) != INDIRECT_REF || (int) idx.size () != s.r->pc->rank - 1)
    return NULL_TREE;
  tree elem = TREE_TYPE (TREE_TYPE (decl));
  while (TREE_CODE (elem) == ARRAY_TYPE)
    elem = TREE_TYPE (elem);
  if (TYPE_MAIN_VARIANT (TREE_TYPE (ref)) != TYPE_MAIN_VARIANT (elem))
    return NULL_TREE;
  tree row = canon_row (s, elem);
  tree p = unshare_expr (TREE_OPERAND (t, 0));
  walk_tree (&p, replace_saves_r, &s, NULL);
  tree base
    = build1 (INDIRECT_REF, row, fold_convert (build_pointer_type (row), p));
  for (int i = idx.size () - 1; i >= 0; i--)
    base = build4 (ARRAY_REF, TREE_TYPE (TREE_TYPE (base)), base, idx[i],
                   NULL_TREE, NULL_TREE);
  TREE_THIS_VOLATILE (base) = TREE_THIS_VOLATILE (ref);
  TREE_SIDE_EFFECTS (base) = TREE_SIDE_EFFECTS (ref);
  SET_EXPR_LOCATION (base, EXPR_LOCATION (ref));
  return base;
}

/* The array variable REF (ARRAY_REF/INDIRECT_REF chain) indexes, or
   NULL.  Unlike check-access.cc's ref_base it steps over any
   COMPOUND_EXPR: in a rebuilt reference the extents' evaluation in front
   of the pointer is `(int) __pacc_extent', no longer a SAVE_EXPR.  */
tree
pacc_ref_decl (tree ref)
{
  tree t = ref;
  while (TREE_CODE (t) == ARRAY_REF)
    t = TREE_OPERAND (t, 0);
  if (TREE_CODE (t) != INDIRECT_REF)
    return NULL_TREE;
  t = TREE_OPERAND (t, 0);
  for (;;)
    {
      STRIP_NOPS (t);
      if (TREE_CODE (t) == COMPOUND_EXPR)
        t = TREE_OPERAND (t, 1);
      else if (TREE_CODE (t) == POINTER_PLUS_EXPR)
        t = TREE_OPERAND (t, 0);
      else
        break;
    }
  return DECL_P (t) ? t : NULL_TREE;
}

static tree
shape_r (tree *tp, int *walk_subtrees, void *data)
{
  shape_ctx &s = *(shape_ctx *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) != ARRAY_REF)
    return NULL_TREE;
  tree d = pacc_ref_decl (t);
  if (!d || !s.arrays.contains (d))
    return NULL_TREE;
  tree n = rebuild (s, t, d);
  if (!n)
    return NULL_TREE;
  /* The indices may hold references of their own.  */
  for (tree u = n; TREE_CODE (u) == ARRAY_REF; u = TREE_OPERAND (u, 0))
    walk_tree (&TREE_OPERAND (u, 1), shape_r, data, NULL);
  *tp = n;
  *walk_subtrees = 0;
  return NULL_TREE;
}

/* ------------------------------------------------------------------ */
/* Selected loads.                                                     */

/* A side effect in an expression: stores, calls, increments.  (The
   front end flags references to VLA rows as having side effects for the
   evaluation of the extents' SAVE_EXPRs, which are values here.)  */
tree
pacc_effect_r (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t) || TREE_CODE (t) == SAVE_EXPR)
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  switch (TREE_CODE (t))
    {
    case CALL_EXPR:
    case MODIFY_EXPR:
    case INIT_EXPR:
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
    case STATEMENT_LIST:
    case BIND_EXPR:
      return t;
    default:
      return TREE_THIS_VOLATILE (t) ? t : NULL_TREE;
    }
}

tree
pacc_pure_effect_r (tree *tp, int *walk_subtrees, void *data)
{
  if (TREE_CODE (*tp) == CALL_EXPR && (call_expr_flags (*tp) & ECF_CONST))
    return NULL_TREE;
  return pacc_effect_r (tp, walk_subtrees, data);
}

/* Is T an element of a listed array, or a choice between such elements
   of one type, without side effects?  */
static bool
selectable_p (pacc_region &r, tree t)
{
  if (walk_tree_without_duplicates (&t, pacc_effect_r, NULL))
    return false;
  if (TREE_CODE (t) == COND_EXPR)
    return (TYPE_MAIN_VARIANT (TREE_TYPE (TREE_OPERAND (t, 1)))
            == TYPE_MAIN_VARIANT (TREE_TYPE (TREE_OPERAND (t, 2))))
           && selectable_p (r, TREE_OPERAND (t, 1))
           && selectable_p (r, TREE_OPERAND (t, 2));
  if (TREE_CODE (t) != ARRAY_REF && TREE_CODE (t) != INDIRECT_REF)
    return false;
  if (!SCALAR_FLOAT_TYPE_P (TREE_TYPE (t)) && !INTEGRAL_TYPE_P (TREE_TYPE (t)))
    return false;
  tree d = pacc_ref_decl (t);
  return d && (pacc_array_index (r, d) >= 0 || pacc_whole_index (r, d) >= 0);
}

/* The address of selectable T.  A choice is computed without a branch,
   b + (-(c != 0) & (a - b)) on integers: a COND_EXPR of two addresses
   would become a branch again (the gimplifier gives a valued COND_EXPR
   whose arms it cannot prove free of side effects control flow, and
   nvptx's RTL if-conversion left it so in CIP's kernel).  */
static tree
select_address (tree t)
{
  if (TREE_CODE (t) != COND_EXPR)
    return build_fold_addr_expr (t);
  tree a = select_address (TREE_OPERAND (t, 1));
  tree b = select_address (TREE_OPERAND (t, 2));
  tree u = long_unsigned_type_node;
  tree c = TREE_OPERAND (t, 0);
  tree one = fold_convert (u, build2 (NE_EXPR, integer_type_node, c,
                                      build_zero_cst (TREE_TYPE (c))));
  tree ua = fold_convert (u, a), ub = fold_convert (u, b);
  tree sel = build2 (PLUS_EXPR, u, ub,
                     build2 (BIT_AND_EXPR, u, build1 (NEGATE_EXPR, u, one),
                             build2 (MINUS_EXPR, u, ua, ub)));
  return fold_convert (TREE_TYPE (a), sel);
}

static tree
select_r (tree *tp, int *walk_subtrees, void *data)
{
  pacc_region &r = *(pacc_region *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == COND_EXPR && !VOID_TYPE_P (TREE_TYPE (t))
      && selectable_p (r, TREE_OPERAND (t, 1))
      && selectable_p (r, TREE_OPERAND (t, 2))
      && (TYPE_MAIN_VARIANT (TREE_TYPE (TREE_OPERAND (t, 1)))
          == TYPE_MAIN_VARIANT (TREE_TYPE (TREE_OPERAND (t, 2))))
      && TYPE_MAIN_VARIANT (TREE_TYPE (t))
           == TYPE_MAIN_VARIANT (TREE_TYPE (TREE_OPERAND (t, 1))))
    {
      /* The condition may hold loads of its own.  */
      walk_tree (&TREE_OPERAND (t, 0), select_r, data, NULL);
      tree a = select_address (t);
      *tp = build1 (INDIRECT_REF, TREE_TYPE (t), a);
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

void
pacc_select_loads (pacc_region &r, tree *body)
{
  walk_tree (body, select_r, &r, NULL);
}

void
pacc_share_extents (lower_ctx &c, tree *body, tree *host_stmts,
                    hash_map<tree, tree> &host_map, hash_set<tree> &skip)
{
  pacc_region &r = *c.r;
  shape_ctx s;
  s.r = &r;
  for (auto &a : r.pc->arrays)
    if (pacc_shared_extents_p (r, a.decl))
      s.arrays.add (a.decl);
  if (s.arrays.is_empty ())
    return;
  s.ext[0] = NULL_TREE;
  for (int n = 1; n < r.pc->rank; n++)
    {
      s.ext[n] = new_var (c, "__pacc_extent", long_integer_type_node);
      add (host_stmts,
           assign (s.ext[n],
                   lng (rewritten_copy (r, r.pc->size_len[n], host_map))));
      skip.add (s.ext[n]);
    }
  for (tree d : s.arrays)
    note_saves (s, d);
  walk_tree (body, shape_r, &s, NULL);
}
