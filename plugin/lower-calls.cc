/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower-calls.cc - a time step that calls a function holding the
   `#pragma pacc loop' nests: the nests seen through the call.

     static void step (int Y, double (*out)[Y], const double (*in)[Y])
     { #pragma pacc loop dim(2) ... out[x][y] = ... in[x-1][y] ... }
     ...
     #pragma pacc pipeline targetinout(a, b) ...
     for (t = 0; t < T; t++) { step (Y, b, a); tmp = a; a = b; b = tmp; }

   When such a function (loop markers, no pipeline of its own) reaches
   PLUGIN_PRE_GENERICIZE, pacc_save_step_function keeps a copy of its
   body, with its C front end FOR_STMTs, local declarations of its own
   and its markers replaced by saved ones (the directive table is emptied
   after every function); the function itself compiles as sequential
   code, its loops plain loops.  When a later function's pipeline is
   lowered, pacc_inline_step_calls replaces each call statement of its
   time step to a saved function by a fresh copy of the body, as if
   written in place: parameters bound to the arguments (the caller's
   array variables and scalars themselves, so that the region's checks
   see `b[x][y]'; a parameter the body assigns, or an argument with side
   effects, through a local initialised from it), locals, labels and
   BLOCKs new, the extents of pointer-to-VLA parameters mapped to the
   SAVE_EXPRs of the caller's array types when they are the same value
   (the checks and lower-shape.cc compare against those), other
   variably modified types rebuilt over the arguments, an array of
   fixed size passed for a parameter of its shape indexed as the array
   (the copying itself: lower-copy.cc).

   What is reported, with the call's or the statement's location: a
   `return' before the end of the function, a call to a function that is
   defined later in the file or not in it (reported at the end of the
   compilation, which then knows which: pacc_report_step_calls), a
   recursive call, a wrong number of arguments, an array argument that
   is not an array variable, an array parameter the function assigns.
   A saved function that
   no pipeline calls keeps the error of a `#pragma pacc loop' outside a
   pipeline, also at the end.  */

#include "pacc-plugin.h"
#include "check.h"
#include "lower.h"

/* A function whose body was saved.  */
struct saved_fn
{
  tree fndecl;
  tree body;              /* The copy; on the GC root.  */
  std::vector<int> loops; /* Its loop directives (lower-copy.cc).  */
  bool called;            /* A pipeline's step calls it.  */
};

/* A call in a time step to a function with no body yet.  */
struct pending_call
{
  location_t loc;
  tree fn, caller;
};

static std::vector<saved_fn> saved;
static std::vector<pending_call> pending;
/* The calls the last pacc_inline_step_calls replaced, for notes.  */
static std::vector<std::pair<location_t, tree>> inlined;

static saved_fn *
find_saved (tree fn)
{
  for (auto &s : saved)
    if (s.fndecl == fn)
      return &s;
  return NULL;
}

bool
pacc_step_function_p (tree fndecl)
{
  return find_saved (fndecl) != NULL;
}

/* ------------------------------------------------------------------ */
/* Saving a step function.                                             */

struct scan_info
{
  bool loop, pipeline;
};

static tree
scan_r (tree *tp, int *walk_subtrees, void *data)
{
  scan_info &si = *(scan_info *) data;
  if (TYPE_P (*tp) || DECL_P (*tp))
    *walk_subtrees = 0;
  else if (pacc_directive *d = pacc_marker_directive (*tp))
    {
      si.loop |= d->kind == PACC_DIR_LOOP;
      si.pipeline |= d->kind == PACC_DIR_PIPELINE;
    }
  return NULL_TREE;
}

/* The last statement of body *TP (a BIND_EXPR or a list), or NULL.  */
static tree *
last_stmt (tree *tp)
{
  while (TREE_CODE (*tp) == BIND_EXPR)
    tp = &BIND_EXPR_BODY (*tp);
  if (TREE_CODE (*tp) != STATEMENT_LIST)
    return tp;
  tree *last = NULL;
  for (tree_stmt_iterator i = tsi_start (*tp); !tsi_end_p (i); tsi_next (&i))
    if (TREE_CODE (tsi_stmt (i)) != DEBUG_BEGIN_STMT)
      last = tsi_stmt_ptr (i);
  return last && TREE_CODE (*last) == STATEMENT_LIST ? last_stmt (last) : last;
}

void
pacc_save_step_function (tree fndecl)
{
  tree body = DECL_SAVED_TREE (fndecl);
  scan_info si = { false, false };
  walk_tree_without_duplicates (&body, scan_r, &si);
  if (!si.loop || si.pipeline || find_saved (fndecl))
    return;
  saved_fn s;
  s.fndecl = fndecl;
  s.called = false;
  copy_ctx c;
  c.from = c.to = fndecl;
  c.saving = true;
  c.loops = &s.loops;
  body = pacc_copy_expr (c, body);
  /* `return;' at the end returns where the copy ends anyway (and
     `return 0;', whose value a call statement drops).  */
  tree *last = last_stmt (&body);
  tree rv = last && TREE_CODE (*last) == RETURN_EXPR ? TREE_OPERAND (*last, 0)
                                                     : NULL_TREE;
  if (last && TREE_CODE (*last) == RETURN_EXPR
      && (!rv
          || ((TREE_CODE (rv) == MODIFY_EXPR || TREE_CODE (rv) == INIT_EXPR)
              && !TREE_SIDE_EFFECTS (TREE_OPERAND (rv, 1)))))
    *last = build_empty_stmt (EXPR_LOCATION (*last));
  s.body = body;
  pacc_keep_tree (body);
  pacc_keep_tree (fndecl);
  saved.push_back (s);
}

/* ------------------------------------------------------------------ */
/* Inlining the calls of a time step.                                  */

/* Whether BODY assigns PARM or takes its address.  */
static bool
param_written_p (tree body, tree parm)
{
  return pacc_find_store (body, parm) != NULL_TREE;
}

/* Whether E is a plain value, which may stand for a parameter at each
   of its uses: no memory read, no call, no side effect.  */
static bool
plain_value_p (tree e)
{
  struct v
  {
    static tree cb (tree *tp, int *ws, void *)
    {
      tree t = *tp;
      if (TYPE_P (t) || DECL_P (t))
        {
          *ws = 0;
          return NULL_TREE;
        }
      if (TREE_CODE (t) == CALL_EXPR || TREE_CODE (t) == INDIRECT_REF
          || TREE_CODE (t) == ARRAY_REF || TREE_CODE (t) == MEM_REF
          || TREE_CODE (t) == COMPONENT_REF || TREE_CODE (t) == SAVE_EXPR
          || TREE_SIDE_EFFECTS (t))
        return t;
      return NULL_TREE;
    }
  };
  return walk_tree_without_duplicates (&e, v::cb, NULL) == NULL_TREE;
}

/* T without conversions (strip_conv strips a SAVE_EXPR too).  */
static tree
strip_casts (tree t)
{
  while (CONVERT_EXPR_P (t) || TREE_CODE (t) == NON_LVALUE_EXPR)
    t = TREE_OPERAND (t, 0);
  return t;
}

/* Strip conversions and a `+ -1' from an array domain's maximum: the
   extent's SAVE_EXPR, or NULL.  */
static tree
extent_save (tree max)
{
  max = strip_casts (max);
  if ((TREE_CODE (max) == PLUS_EXPR
       && integer_minus_onep (TREE_OPERAND (max, 1)))
      || (TREE_CODE (max) == MINUS_EXPR
          && integer_onep (TREE_OPERAND (max, 1))))
    max = strip_casts (TREE_OPERAND (max, 0));
  else
    return NULL_TREE;
  return TREE_CODE (max) == SAVE_EXPR ? max : NULL_TREE;
}

/* Whether BODY assigns one of the variables of E, or takes its
   address, after the declaration of ARR (a local; from the start for a
   parameter): then E's value at ARR's declaration, its extent, may not
   be the variables' value at a call.  */
struct assigned_after
{
  tree arr, e;
  bool seen;
};

static tree
assigned_after_r (tree *tp, int *walk_subtrees, void *data)
{
  assigned_after &aa = *(assigned_after *) data;
  tree t = *tp;
  if (TYPE_P (t) || DECL_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == DECL_EXPR && DECL_EXPR_DECL (t) == aa.arr)
    aa.seen = true;
  if (!aa.seen)
    return NULL_TREE;
  tree v = pacc_stored_operand (t);
  struct m
  {
    static tree cb (tree *tp, int *ws, void *d)
    {
      if (TYPE_P (*tp))
        *ws = 0;
      return *tp == (tree) d ? *tp : NULL_TREE;
    }
  };
  if (v && (VAR_P (v) || TREE_CODE (v) == PARM_DECL)
      && walk_tree_without_duplicates (&aa.e, m::cb, v))
    return t;
  return NULL_TREE;
}

static bool
vars_assigned_p (tree body, tree arr, tree e)
{
  assigned_after aa = { arr, e, TREE_CODE (arr) == PARM_DECL };
  return walk_tree (&body, assigned_after_r, &aa, NULL) != NULL_TREE;
}

/* The caller's array ARG, of type AT, for the parameter of type PT:
   map each extent of PT that is a SAVE_EXPR of the callee to the
   caller's, when the two have the same value (the same expression of
   the same variables, which CALLER does not assign after ARR's
   declaration, or the same
   constant), so that the copy indexes ARG with ARG's own row size.
   False when an extent of PT has no such match: the callee would index
   ARG with other rows than ARG's, or rows the pipeline cannot tell.  */
static bool
match_extents (copy_ctx &c, tree caller, tree arr, tree pt, tree at)
{
  while (TREE_CODE (pt) == POINTER_TYPE || TREE_CODE (pt) == ARRAY_TYPE)
    {
      tree sp = TREE_CODE (pt) == ARRAY_TYPE && TYPE_DOMAIN (pt)
                  ? extent_save (TYPE_MAX_VALUE (TYPE_DOMAIN (pt)))
                  : NULL_TREE;
      if (TREE_CODE (pt) != TREE_CODE (at))
        return !sp && !variably_modified_type_p (pt, c.from);
      tree ma = TREE_CODE (at) == ARRAY_TYPE && TYPE_DOMAIN (at)
                  ? TYPE_MAX_VALUE (TYPE_DOMAIN (at))
                  : NULL_TREE;
      if (sp && !c.map.get (sp))
        {
          if (!ma)
            return false;
          tree want = pacc_copy_expr (c, TREE_OPERAND (sp, 0));
          tree sa = extent_save (ma);
          if (sa
              && operand_equal_p (strip_conv (want),
                                  strip_conv (TREE_OPERAND (sa, 0)), 0)
              && !vars_assigned_p (DECL_SAVED_TREE (caller), arr,
                                   TREE_OPERAND (sa, 0)))
            c.map.put (sp, sa);
          else if (TREE_CODE (ma) == INTEGER_CST)
            {
              tree w = strip_conv (pacc_constant_value (want));
              if (TREE_CODE (w) != INTEGER_CST
                  || wi::to_widest (w) != wi::to_widest (ma) + 1)
                return false;
              c.map.put (sp, fold_convert (TREE_TYPE (sp), w));
            }
          else
            return false;
        }
      pt = TREE_TYPE (pt);
      at = TREE_TYPE (at);
    }
  return true;
}

/* Whether rows of type ROW (the parameter's pointee, over the
   arguments) are the rows of array ARR: every extent the same constant,
   so that `out[i][j]' and `ARR[i][j]' are the same element.  */
static bool
same_rows_p (copy_ctx &c, tree row, tree arr)
{
  if (!DECL_P (arr) || TREE_CODE (TREE_TYPE (arr)) != ARRAY_TYPE)
    return false;
  tree at = TREE_TYPE (TREE_TYPE (arr));
  for (; TREE_CODE (row) == ARRAY_TYPE && TREE_CODE (at) == ARRAY_TYPE;
       row = TREE_TYPE (row), at = TREE_TYPE (at))
    {
      tree dr = TYPE_DOMAIN (row), da = TYPE_DOMAIN (at);
      if (!dr || !da || !TYPE_MAX_VALUE (da)
          || TREE_CODE (TYPE_MAX_VALUE (da)) != INTEGER_CST)
        return false;
      /* The parameter's extent over the arguments: `SAVE_EXPR <Y> - 1'
	 compares Y with the array's extent.  */
      tree mr = TYPE_MAX_VALUE (dr), sp = extent_save (mr);
      widest_int want = wi::to_widest (TYPE_MAX_VALUE (da));
      if (sp)
        {
          mr = TREE_OPERAND (sp, 0);
          want += 1;
        }
      mr = strip_conv (pacc_constant_value (pacc_copy_expr (c, mr)));
      if (TREE_CODE (mr) != INTEGER_CST || wi::to_widest (mr) != want)
        return false;
    }
  return TREE_CODE (row) != ARRAY_TYPE && TREE_CODE (at) != ARRAY_TYPE
         && TYPE_MAIN_VARIANT (row) == TYPE_MAIN_VARIANT (at);
}

static tree
return_r (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp) || DECL_P (*tp))
    *walk_subtrees = 0;
  return TREE_CODE (*tp) == RETURN_EXPR ? *tp : NULL_TREE;
}

struct inline_ctx
{
  tree caller;
  std::vector<tree> stack; /* Functions being inlined.  */
  bool bad;
};

static void inline_stmts (inline_ctx &ic, tree *slot);

/* The body of saved function S for CALL, in a scope of its own.  */
static tree
inline_copy (inline_ctx &ic, saved_fn &s, tree call, location_t loc)
{
  tree fn = s.fndecl;
  s.called = true;
  int nparms = list_length (DECL_ARGUMENTS (fn));
  if (nparms != call_expr_nargs (call))
    {
      error_at (loc,
                "%qD is called with %d arguments in the time step of a "
                "%<#pragma pacc pipeline%> and has %d parameters; declare "
                "it with a prototype before the call",
                fn, call_expr_nargs (call), nparms);
      ic.bad = true;
      return NULL_TREE;
    }
  copy_ctx c;
  c.from = fn;
  c.to = ic.caller;
  c.saving = false;
  c.loops = NULL;
  tree vars = NULL_TREE, stmts = alloc_stmt_list ();
  int i = 0;
  for (tree p = DECL_ARGUMENTS (fn); p; p = DECL_CHAIN (p), i++)
    {
      tree arg = CALL_EXPR_ARG (call, i), a = strip_conv (arg);
      /* A cast to a variably modified type evaluates its extents
	 first: `(SAVE_EXPR <Y>, (double (*)[Y]) u)'.  */
      while (TREE_CODE (a) == COMPOUND_EXPR
             && pacc_sizes_only (TREE_OPERAND (a, 0)) != error_mark_node)
        a = strip_conv (TREE_OPERAND (a, 1));
      bool ptr = POINTER_TYPE_P (TREE_TYPE (p));
      if (ptr && TREE_CODE (a) == ADDR_EXPR && !param_written_p (s.body, p)
          && same_rows_p (c, TREE_TYPE (TREE_TYPE (p)), TREE_OPERAND (a, 0)))
        {
          /* An array of fixed size: its elements by ARRAY_REFs.  */
          tree arr = TREE_OPERAND (a, 0);
          c.fixed.put (p, arr);
          c.fixed_row.put (arr, TYPE_SIZE_UNIT (TREE_TYPE (TREE_TYPE (arr))));
          c.map.put (p, arg);
          continue;
        }
      if (ptr && !DECL_P (a))
        {
          error_at (EXPR_LOCATION (arg) != UNKNOWN_LOCATION
                      ? EXPR_LOCATION (arg)
                      : loc,
                    "argument %d of %qD in the time step of a "
                    "%<#pragma pacc pipeline%> must name an array of the "
                    "pipeline (a pointer variable, or an array of fixed size "
                    "passed for a parameter of the same shape)",
                    i + 1, fn);
          ic.bad = true;
          return NULL_TREE;
        }
      if (ptr && param_written_p (s.body, p))
        {
          error_at (loc,
                    "parameter %qD of %qD, which the time step of a "
                    "%<#pragma pacc pipeline%> calls, is assigned in %qD: the "
                    "arrays of the pipeline are seen through the call only "
                    "when it indexes its parameters as they come",
                    p, fn, fn);
          ic.bad = true;
          return NULL_TREE;
        }
      if (ptr || (!param_written_p (s.body, p) && plain_value_p (arg)))
        {
          /* The argument itself, as if written in place: the region's
	     checks must see the caller's arrays.  */
          if (ptr)
            {
              c.map.put (p, a);
              if (!match_extents (c, ic.caller, a, TREE_TYPE (p),
                                  TREE_TYPE (a)))
                {
                  error_at (EXPR_LOCATION (arg) != UNKNOWN_LOCATION
                              ? EXPR_LOCATION (arg)
                              : loc,
                            "the extents of parameter %qD of %qD are not "
                            "those of %qD, argument %d, as declared: pass "
                            "the variables %qD was declared with, unchanged, "
                            "or constants equal to its extents",
                            p, fn, a, i + 1, a);
                  ic.bad = true;
                  return NULL_TREE;
                }
            }
          else
            c.map.put (p, fold_convert (TREE_TYPE (p), arg));
          continue;
        }
      /* A local initialised from the argument, as a call would.  */
      tree v = build_decl (DECL_SOURCE_LOCATION (p), VAR_DECL, DECL_NAME (p),
                           TREE_TYPE (p));
      DECL_CONTEXT (v) = ic.caller;
      TREE_USED (v) = 1;
      DECL_INITIAL (v) = fold_convert (TREE_TYPE (p), arg);
      DECL_CHAIN (v) = vars;
      vars = v;
      c.map.put (p, v);
      append_to_statement_list_force (build1_loc (loc, DECL_EXPR,
                                                  void_type_node, v),
                                      &stmts);
    }
  for (tree v = vars; v; v = DECL_CHAIN (v))
    TREE_TYPE (v) = pacc_remap_type (c, TREE_TYPE (v));
  tree body = pacc_copy_expr (c, s.body);
  if (tree ret = walk_tree_without_duplicates (&body, return_r, NULL))
    {
      error_at (stmt_loc (ret, loc),
                "%<return%> before the end of %qD, "
                "which the time step of a %<#pragma pacc pipeline%> calls: "
                "its %<#pragma pacc loop%> nests are seen as if written in "
                "the step, where a %<return%> would leave the caller; end %qD "
                "without it (a condition goes inside the loop nests)",
                fn, fn);
      inform (loc, "%qD called here", fn);
      ic.bad = true;
      return NULL_TREE;
    }
  pacc_drop_size_scopes (body);
  append_to_statement_list_force (body, &stmts);
  tree bind = pacc_bind (vars, stmts);
  SET_EXPR_LOCATION (bind, loc);
  ic.stack.push_back (fn);
  inline_stmts (ic, &BIND_EXPR_BODY (bind));
  ic.stack.pop_back ();
  return bind;
}

/* Replace the call statements under *SLOT (statement lists and scopes;
   not loops: a call in a loop nest is the kernel's).  */
static void
inline_stmts (inline_ctx &ic, tree *slot)
{
  tree t = *slot;
  if (TREE_CODE (t) == STATEMENT_LIST)
    {
      for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
        inline_stmts (ic, tsi_stmt_ptr (i));
      return;
    }
  if (TREE_CODE (t) == BIND_EXPR)
    {
      inline_stmts (ic, &BIND_EXPR_BODY (t));
      return;
    }
  tree call = strip_conv (t);
  if (TREE_CODE (call) != CALL_EXPR || pacc_marker_directive (call))
    return;
  tree fn = get_callee_fndecl (call);
  if (!fn || fndecl_built_in_p (fn))
    return;
  location_t loc = stmt_loc (call, stmt_loc (t, UNKNOWN_LOCATION));
  saved_fn *s = find_saved (fn);
  if (s)
    {
      if (std::find (ic.stack.begin (), ic.stack.end (), fn) != ic.stack.end ()
          || ic.stack.size () >= 16)
        {
          error_at (loc,
                    "%qD calls itself in the time step of a "
                    "%<#pragma pacc pipeline%>: its %<#pragma pacc loop%> "
                    "nests are seen by copying its body into the step",
                    fn);
          ic.bad = true;
          return;
        }
      if (tree copy = inline_copy (ic, *s, call, loc))
        {
          *slot = copy;
          inlined.push_back (std::make_pair (loc, fn));
        }
      return;
    }
  if (!DECL_INITIAL (fn) && !DECL_SAVED_TREE (fn))
    {
      /* Defined later in the file, or elsewhere: the end of the
	 compilation tells which (pacc_report_step_calls).  */
      pending_call pc = { loc, fn, ic.caller };
      pending.push_back (pc);
      pacc_keep_tree (fn);
      ic.bad = true;
    }
}

bool
pacc_inline_step_calls (tree *body, tree caller)
{
  inline_ctx ic;
  ic.caller = caller;
  ic.bad = false;
  inlined.clear ();
  inline_stmts (ic, body);
  return !ic.bad;
}

void
pacc_note_step_calls (void)
{
  for (auto &c : inlined)
    inform (c.first, "%qD called here", c.second);
  inlined.clear ();
}

/* ------------------------------------------------------------------ */
/* Errors known at the end of the compilation.                         */

void
pacc_report_step_calls (void)
{
  for (auto &pc : pending)
    {
      tree fn = pc.fn;
      cgraph_node *node = cgraph_node::get (fn);
      bool defined = DECL_INITIAL (fn) || DECL_SAVED_TREE (fn)
                     || (node && node->definition);
      if (defined && !find_saved (fn))
        /* No loop nest in it: the call is what the step may not hold.  */
        error_at (pc.loc,
                  "statement not allowed in the time step of a "
                  "%<#pragma pacc pipeline%>: only %<#pragma pacc loop%> "
                  "nests, swaps or rotations of the pipelined arrays, resets "
                  "of reduction variables and scalar assignments");
      else if (defined)
        error_at (pc.loc,
                  "%qD is called in the time step of a "
                  "%<#pragma pacc pipeline%> but defined after %qD: its "
                  "%<#pragma pacc loop%> nests are seen only in a function "
                  "defined earlier in the file; define %qD before %qD",
                  fn, pc.caller, fn, pc.caller);
      else
        error_at (pc.loc,
                  "%qD is called in the time step of a "
                  "%<#pragma pacc pipeline%> but not defined in this file: "
                  "%<#pragma pacc loop%> nests in another translation unit "
                  "are not seen; define %qD in this file before %qD (a "
                  "%<static inline%> function in a header will do)",
                  fn, fn, pc.caller);
      if (saved_fn *s = find_saved (fn))
        s->called = true;
    }
  pending.clear ();
  /* After other errors, a call the front end refused (too few
     arguments) is no call any more: no error for the loops it would
     have seen.  */
  bool quiet = seen_error ();
  for (auto &s : saved)
    {
      if (s.called || quiet)
        continue;
      for (int j : s.loops)
        error_at (pacc_saved_directive_loc (j),
                  "%<#pragma pacc loop%> outside a "
                  "%<#pragma pacc pipeline%> time loop");
      s.called = true;
    }
}
