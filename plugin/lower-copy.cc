/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower-copy.cc - a copy of a function's body for another function, as
   lower-calls.cc needs it for the step functions.

   pacc_copy_expr copies statements and expressions, walking the tree
   (GCC's tree-inline.cc does the same for GIMPLE-bound bodies, with a
   call graph and a struct function this phase does not have).  What a
   copy changes (copy_ctx, lower.h):
     - the callee's locals and labels get new declarations in the
       caller, every scope a new BLOCK (the gimplifier's lowering links
       it into the caller's tree: one BLOCK may not appear twice);
     - the entries of MAP (parameters bound to arguments, the callee's
       SAVE_EXPRs bound to the caller's) replace what they key, and
       every other SAVE_EXPR gets one copy for all its uses;
     - variably modified types of the callee are rebuilt over the
       remapped extents;
     - `*(out + i)' of a parameter bound to an array of fixed size
       becomes `A[i]' (FIXED), the form the region's checks know;
     - directive markers: into a saved copy, markers of a record of
       this file (the directive table is emptied after every function);
       out of it, markers of a fresh record in the caller's table.
   And: which statements are only the evaluation of a parameter's
   extents, which the region's checks skip.  */

#include "pacc-plugin.h"
#include "check.h"
#include "lower.h"

/* Directive records of the saved bodies, found from their markers
   `__pacc_saved_directive (N)'.  */
static std::vector<pacc_directive> saved_dirs;
static tree saved_marker_fndecl;

location_t
pacc_saved_directive_loc (int i)
{
  return saved_dirs[i].loc;
}

static pacc_directive *
saved_marker_directive (tree t)
{
  if (!saved_marker_fndecl || TREE_CODE (t) != CALL_EXPR)
    return NULL;
  tree fn = CALL_EXPR_FN (t);
  if (TREE_CODE (fn) != ADDR_EXPR
      || TREE_OPERAND (fn, 0) != saved_marker_fndecl)
    return NULL;
  return &saved_dirs[tree_to_uhwi (CALL_EXPR_ARG (t, 0))];
}

/* ------------------------------------------------------------------ */
/* Copying a body.                                                     */

static tree copy_r (tree *tp, int *walk_subtrees, void *data);

tree
pacc_copy_expr (copy_ctx &c, tree e)
{
  if (e)
    walk_tree (&e, copy_r, &c, NULL);
  return e;
}

/* TYPE with the extents that depend on the callee's parameters
   computed from the arguments.  */
tree
pacc_remap_type (copy_ctx &c, tree type)
{
  if (!type || c.saving)
    return type;
  if (tree *m = c.types.get (type))
    return *m;
  if (!variably_modified_type_p (type, c.from))
    return type;
  tree n = type;
  if (TREE_CODE (type) == POINTER_TYPE)
    n = build_pointer_type (pacc_remap_type (c, TREE_TYPE (type)));
  else if (TREE_CODE (type) == ARRAY_TYPE)
    {
      tree dom = TYPE_DOMAIN (type);
      if (dom && variably_modified_type_p (dom, c.from))
        dom = build_range_type (TREE_TYPE (dom),
                                pacc_copy_expr (c, TYPE_MIN_VALUE (dom)),
                                pacc_copy_expr (c, TYPE_MAX_VALUE (dom)));
      n = build_array_type (pacc_remap_type (c, TREE_TYPE (type)), dom);
    }
  if (n != type)
    n = build_qualified_type (n, TYPE_QUALS (type));
  c.types.put (type, n);
  return n;
}

/* A new local for DECL of the callee.  */
static tree
copy_local (copy_ctx &c, tree decl)
{
  tree n = copy_node (decl);
  DECL_CONTEXT (n) = c.to;
  DECL_CHAIN (n) = NULL_TREE;
  DECL_ABSTRACT_ORIGIN (n) = NULL_TREE;
  TREE_TYPE (n) = pacc_remap_type (c, TREE_TYPE (n));
  if (TREE_CODE (n) == LABEL_DECL)
    {
      LABEL_DECL_UID (n) = -1;
      TREE_ADDRESSABLE (n) = 0;
    }
  c.map.put (decl, n);
  return n;
}

static bool
local_p (copy_ctx &c, tree t)
{
  return (VAR_P (t) || TREE_CODE (t) == LABEL_DECL)
         && DECL_CONTEXT (t) == c.from && !TREE_STATIC (t)
         && !DECL_EXTERNAL (t);
}

static tree
local_r (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return local_p (*(copy_ctx *) data, *tp) ? *tp : NULL_TREE;
}

/* STATEMENT_LIST *TP as a new list of the same statements (nested lists
   copied first: linking a list splices it).  */
static void
copy_list (tree *tp)
{
  tree n = alloc_stmt_list ();
  tree_stmt_iterator ni = tsi_start (n);
  for (tree_stmt_iterator oi = tsi_start (*tp); !tsi_end_p (oi);
       tsi_next (&oi))
    {
      tree st = tsi_stmt (oi);
      if (TREE_CODE (st) == STATEMENT_LIST)
        copy_list (&st);
      tsi_link_after (&ni, st, TSI_CONTINUE_LINKING);
    }
  TREE_TYPE (n) = TREE_TYPE (*tp);
  *tp = n;
}

/* E, an offset in sizetype, as a signed long value.  */
static tree
signed_value (tree e)
{
  e = strip_conv (e);
  if (TREE_CODE (e) == INTEGER_CST)
    return lcst (
      wi::sext (wi::to_wide (e), TYPE_PRECISION (sizetype)).to_shwi ());
  if (TREE_CODE (e) == PLUS_EXPR || TREE_CODE (e) == MINUS_EXPR)
    return fold_build2 (TREE_CODE (e), long_integer_type_node,
                        signed_value (TREE_OPERAND (e, 0)),
                        signed_value (TREE_OPERAND (e, 1)));
  return lng (e);
}

/* E folded through SAVE_EXPRs and conversions to a constant, or E.
   New nodes only: the SAVE_EXPRs may be the caller's.  */
tree
pacc_constant_value (tree e)
{
  while (TREE_CODE (e) == SAVE_EXPR)
    e = TREE_OPERAND (e, 0);
  switch (TREE_CODE (e))
    {
    case INTEGER_CST:
      return e;
    CASE_CONVERT:
    case NON_LVALUE_EXPR:
      {
        tree a = pacc_constant_value (TREE_OPERAND (e, 0));
        return TREE_CODE (a) == INTEGER_CST ? fold_convert (TREE_TYPE (e), a)
                                            : e;
      }
    case PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
      {
        tree a = pacc_constant_value (TREE_OPERAND (e, 0));
        tree b = pacc_constant_value (TREE_OPERAND (e, 1));
        return TREE_CODE (a) == INTEGER_CST && TREE_CODE (b) == INTEGER_CST
                 ? fold_build2 (TREE_CODE (e), TREE_TYPE (e), a, b)
                 : e;
      }
    default:
      return e;
    }
}

/* E of the callee over the arguments: a constant when its parameters
   are bound to constants, through the extents' SAVE_EXPRs.  */
static tree
value_over_args (copy_ctx &c, tree e)
{
  return pacc_constant_value (pacc_copy_expr (c, e));
}

/* Byte offset OFF as a number of rows of ROW bytes, or NULL: the
   callee's `(x * Y) * 8' with Y bound to the array's extent is x.  */
static tree
offset_rows (copy_ctx &c, tree off, HOST_WIDE_INT row)
{
  off = strip_conv (off);
  switch (TREE_CODE (off))
    {
    case INTEGER_CST:
      {
        HOST_WIDE_INT v
          = wi::sext (wi::to_wide (off), TYPE_PRECISION (sizetype)).to_shwi ();
        return row <= 0 || v % row ? NULL_TREE : lcst (v / row);
      }
    case MULT_EXPR:
      for (int i = 0; i < 2; i++)
        {
          tree v = value_over_args (c, TREE_OPERAND (off, 1 - i));
          if (TREE_CODE (v) != INTEGER_CST || !tree_fits_shwi_p (v)
              || tree_to_shwi (v) <= 0)
            continue;
          HOST_WIDE_INT k = tree_to_shwi (v);
          if (k % row == 0)
            return fold_build2 (MULT_EXPR, long_integer_type_node,
                                signed_value (TREE_OPERAND (off, i)),
                                lcst (k / row));
          if (row % k == 0)
            return offset_rows (c, TREE_OPERAND (off, i), row / k);
        }
      return NULL_TREE;
    case PLUS_EXPR:
    case MINUS_EXPR:
      {
        tree a = offset_rows (c, TREE_OPERAND (off, 0), row);
        tree b = offset_rows (c, TREE_OPERAND (off, 1), row);
        return a && b
                 ? fold_build2 (TREE_CODE (off), long_integer_type_node, a, b)
                 : NULL_TREE;
      }
    default:
      return NULL_TREE;
    }
}

/* The pointer P of an INDIRECT_REF, `out + i' with OUT bound to a fixed
   array: the array in *ARR and the row, or NULL.  */
static tree
fixed_row_index (copy_ctx &c, tree p, tree *arr)
{
  p = strip_conv (p);
  while (TREE_CODE (p) == COMPOUND_EXPR && size_eval_p (TREE_OPERAND (p, 0)))
    p = strip_conv (TREE_OPERAND (p, 1));
  if (tree *a = c.fixed.get (p))
    {
      *arr = *a;
      return lcst (0);
    }
  if (TREE_CODE (p) != POINTER_PLUS_EXPR)
    return NULL_TREE;
  tree base = fixed_row_index (c, TREE_OPERAND (p, 0), arr);
  if (!base)
    return NULL_TREE;
  tree rows = offset_rows (c, TREE_OPERAND (p, 1),
                           tree_to_shwi (*c.fixed_row.get (*arr)));
  return rows ? fold_build2 (PLUS_EXPR, long_integer_type_node, base, rows)
              : NULL_TREE;
}

static tree
copy_r (tree *tp, int *walk_subtrees, void *data)
{
  copy_ctx &c = *(copy_ctx *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *tp = pacc_remap_type (c, t);
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (tree *m = c.map.get (t))
    {
      *tp
        = DECL_P (*m) || TREE_CODE (*m) == SAVE_EXPR ? *m : unshare_expr (*m);
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (DECL_P (t))
    {
      if (local_p (c, t))
        *tp = copy_local (c, t);
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (pacc_directive *d = pacc_marker_directive (t))
    {
      /* Saving: the callee's table is emptied after it.  */
      saved_dirs.push_back (*d);
      saved_dirs.back ().pipe = NULL;
      if (d->kind == PACC_DIR_LOOP && c.loops)
        c.loops->push_back (saved_dirs.size () - 1);
      if (!saved_marker_fndecl)
        {
          saved_marker_fndecl = build_fn_decl ("__pacc_saved_directive",
                                               TREE_TYPE (pacc_marker_fndecl));
          pacc_keep_tree (saved_marker_fndecl);
        }
      *tp = build_call_expr_loc (d->loc, saved_marker_fndecl, 1,
                                 build_int_cst (integer_type_node,
                                                saved_dirs.size () - 1));
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (pacc_directive *d = saved_marker_directive (t))
    {
      /* Inlining: a record of the caller's table, as if the pragma were
	 written there.  */
      pacc_directive *n = new pacc_directive (*d);
      n->used = false;
      *tp = pacc_make_marker (n);
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == INDIRECT_REF && !c.fixed.is_empty ())
    {
      /* `*(out + i)' is `A[i]', as written in the caller; the walk
	 copies the index next.  */
      tree arr;
      if (tree i = fixed_row_index (c, TREE_OPERAND (t, 0), &arr))
        {
          *tp = build4 (ARRAY_REF, TREE_TYPE (TREE_TYPE (arr)), arr, i,
                        NULL_TREE, NULL_TREE);
          return NULL_TREE;
        }
    }
  switch (TREE_CODE (t))
    {
    case STATEMENT_LIST:
      copy_list (tp);
      return NULL_TREE;
    case BIND_EXPR:
      {
        tree n = copy_node (t), vars = NULL_TREE, *end = &vars;
        for (tree v = BIND_EXPR_VARS (t); v; v = DECL_CHAIN (v))
          if (local_p (c, v))
            {
              *end = copy_local (c, v);
              end = &DECL_CHAIN (*end);
            }
        BIND_EXPR_VARS (n) = vars;
        tree block = make_node (BLOCK);
        BLOCK_VARS (block) = vars;
        BIND_EXPR_BLOCK (n) = block;
        *tp = n;
        return NULL_TREE;
      }
    case SAVE_EXPR:
      {
        /* Saving, one over the parameters stays the callee's: the
	   extents of the parameters' types, which a copy out of the saved
	   body maps to the caller's arrays' (the callee is gimplified,
	   which rewrites them, only once the file is parsed).  */
        if (c.saving
            && !walk_tree_without_duplicates (&TREE_OPERAND (t, 0), local_r,
                                              &c))
          {
            *walk_subtrees = 0;
            return NULL_TREE;
          }
        /* One evaluation for all its uses, as in the callee.  */
        tree n = copy_node (t);
        c.map.put (t, n);
        TREE_TYPE (n) = pacc_remap_type (c, TREE_TYPE (n));
        *tp = n;
        return NULL_TREE;
      }
    default:
      break;
    }
  if (CONSTANT_CLASS_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  /* Expressions, statements and lists: a node of their own, whose
     operands the walk copies next.  */
  if (EXPR_P (t) || STATEMENT_CLASS_P (t) || TREE_CODE (t) == TREE_LIST
      || TREE_CODE (t) == TREE_VEC || TREE_CODE (t) == OMP_CLAUSE)
    *tp = copy_node (t);
  else if (TREE_CODE (t) == CONSTRUCTOR)
    {
      *tp = copy_node (t);
      CONSTRUCTOR_ELTS (*tp) = vec_safe_copy (CONSTRUCTOR_ELTS (t));
    }
  if (*tp != t && TREE_TYPE (*tp))
    TREE_TYPE (*tp) = pacc_remap_type (c, TREE_TYPE (*tp));
  return NULL_TREE;
}

/* The front end evaluates the extents of variably modified parameters
   at the top of the body, `(SAVE_EXPR <Y>, {})': without the empty
   scopes, so that the region's checks skip it as a size evaluation
   (pacc_skip_stmt_p); the SAVE_EXPRs are the caller's arrays' now.  */
tree
pacc_sizes_only (tree t)
{
  switch (TREE_CODE (t))
    {
    case STATEMENT_LIST:
      return tsi_end_p (tsi_start (t)) ? NULL_TREE : error_mark_node;
    case BIND_EXPR:
      for (tree v = BIND_EXPR_VARS (t); v; v = DECL_CHAIN (v))
        if (TREE_CODE (v) != TYPE_DECL)
          return error_mark_node;
      return pacc_sizes_only (BIND_EXPR_BODY (t));
    case DECL_EXPR:
      return TREE_CODE (DECL_EXPR_DECL (t)) == TYPE_DECL ? NULL_TREE
                                                         : error_mark_node;
    case SAVE_EXPR:
      return t;
    case NOP_EXPR:
    case CONVERT_EXPR:
      return pacc_sizes_only (TREE_OPERAND (t, 0)) == error_mark_node
               ? error_mark_node
               : t;
    case COMPOUND_EXPR:
      {
        tree a = pacc_sizes_only (TREE_OPERAND (t, 0));
        tree b = pacc_sizes_only (TREE_OPERAND (t, 1));
        if (a == error_mark_node || b == error_mark_node)
          return error_mark_node;
        if (!a || !b)
          return a ? a : b;
        return build2 (COMPOUND_EXPR, void_type_node, a, b);
      }
    default:
      return error_mark_node;
    }
}

void
pacc_drop_size_scopes (tree body)
{
  while (TREE_CODE (body) == BIND_EXPR)
    body = BIND_EXPR_BODY (body);
  if (TREE_CODE (body) != STATEMENT_LIST)
    return;
  for (tree_stmt_iterator i = tsi_start (body); !tsi_end_p (i); tsi_next (&i))
    {
      tree s = pacc_sizes_only (tsi_stmt (i));
      if (s == error_mark_node)
        continue;
      if (s && !VOID_TYPE_P (TREE_TYPE (s)))
        s = build1 (CONVERT_EXPR, void_type_node, s);
      *tsi_stmt_ptr (i) = s ? s : build_empty_stmt (UNKNOWN_LOCATION);
    }
}
