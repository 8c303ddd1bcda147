/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower-function.cc - lower every directive of a function.

   pacc_lower_function runs at PLUGIN_PRE_GENERICIZE, while the C front
   end's FOR_STMTs are still there.  It finds the markers the pragma
   handler left (directives.h) and lowers what they stand for: init, wait
   device and update peer become calls into libpacc; deviceid wraps the
   next statement in __pacc_device_push and __pacc_device_pop; a pipeline
   has its time loop (a `while' or `do' one made a for loop first:
   lower-timeloop.cc) checked (check-region.cc) and replaced by the
   lowered region (lower-region.cc), and its function marked noipa, after
   the calls of its time step to functions holding loop nests were
   replaced by their bodies (lower-calls.cc); a loop outside a pipeline is
   reported, or, in such a function, left a plain loop.  Markers left
   behind after errors are removed.  */

#include "check.h"
#include "lower.h"

/* ------------------------------------------------------------------ */
/* Driver: find the markers of FNDECL's body.                          */

/* The scalars the time step declares (`int i, j;' at the top of its
   body, then `for (i = ...)'), moved into REGION's scope: the kernels
   that use them now lie outside the step's body, which is left as the
   replay loop FOR_STMT, and GCC's gimplifier stopped at a variable used
   outside its scope (issue 45).  A block-scope object's value does not
   outlive an iteration, so one object for the region is the same
   program.  Static and variably modified ones stay.  */
static tree
hoist_r (tree *tp, int *walk_subtrees, void *data)
{
  tree t = *tp, *region_vars = (tree *) data;
  if (TYPE_P (t) || DECL_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) != BIND_EXPR)
    return NULL_TREE;
  tree *v = &BIND_EXPR_VARS (t);
  while (*v)
    {
      tree d = *v;
      if (VAR_P (d) && !TREE_STATIC (d) && !DECL_EXTERNAL (d)
          && !variably_modified_type_p (TREE_TYPE (d), NULL_TREE))
        {
          *v = DECL_CHAIN (d);
          DECL_CHAIN (d) = NULL_TREE;
          tree *end = region_vars;
          while (*end)
            end = &DECL_CHAIN (*end);
          *end = d;
        }
      else
        v = &DECL_CHAIN (d);
    }
  if (BIND_EXPR_BLOCK (t))
    BLOCK_VARS (BIND_EXPR_BLOCK (t)) = BIND_EXPR_VARS (t);
  return NULL_TREE;
}

static void
hoist_step_vars (tree for_stmt, tree region)
{
  if (TREE_CODE (region) != BIND_EXPR)
    return;
  walk_tree_without_duplicates (&FOR_BODY (for_stmt), hoist_r,
                                &BIND_EXPR_VARS (region));
  if (BIND_EXPR_BLOCK (region))
    BLOCK_VARS (BIND_EXPR_BLOCK (region)) = BIND_EXPR_VARS (region);
}

/* Device number E of directive D as the int libpacc takes.  A constant
   outside 0..INT_MAX is an error here: converted, 2147483648 would name
   another device.  */
static tree
device_arg (pacc_directive *d, tree e, const char *what)
{
  if (TREE_CODE (e) == INTEGER_CST
      && (tree_int_cst_sgn (e) < 0 || !int_fits_type_p (e, integer_type_node)))
    error_at (d->loc, "%qs %E is not a device number (0 to %d)", what, e,
              INT_MAX);
  return fold_convert (integer_type_node, e);
}

static tree
mark_used_r (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp) || DECL_P (*tp))
    *walk_subtrees = 0;
  else if (pacc_directive *d = pacc_marker_directive (*tp))
    d->used = true;
  return NULL_TREE;
}

static tree
lower_markers_r (tree *tp, int *walk_subtrees, void *data)
{
  tree fndecl = (tree) data;
  tree t = *tp;
  if (TYPE_P (t) || DECL_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  /* A block whose only statement is a directive, `{ #pragma pacc wait
     device(d) }': the front end keeps the marker without a statement
     list around it.  Give it one, so that it is lowered as below (the
     walk goes on with the new list).  */
  pacc_directive *lone = pacc_marker_directive (t);
  if (lone && !lone->used)
    {
      tree list = alloc_stmt_list ();
      append_to_statement_list_force (t, &list);
      *tp = t = list;
    }
  if (TREE_CODE (t) != STATEMENT_LIST)
    return NULL_TREE;
  for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
    {
      pacc_directive *d = pacc_marker_directive (tsi_stmt (i));
      if (!d || d->used)
        continue;
      d->used = true;
      tree *marker = tsi_stmt_ptr (i);
      if (d->bad)
        {
          /* Reported already; swallow the markers of its loops too.  */
          tree_stmt_iterator j = i;
          for (tsi_next (&j); !tsi_end_p (j); tsi_next (&j))
            {
              walk_tree (tsi_stmt_ptr (j), mark_used_r, NULL, NULL);
              enum tree_code code = TREE_CODE (tsi_stmt (j));
              if (code == FOR_STMT || code == BIND_EXPR)
                break;
            }
          continue;
        }
      if (d->kind == PACC_DIR_INIT)
        {
          build_runtime_decls ();
          *marker = build_call_expr_loc (d->loc, fn_init, 0);
          continue;
        }
      if (d->kind == PACC_DIR_LOOP)
        {
          /* A step function's nests are seen where a pipeline calls it
	     (lower-calls.cc); here they are plain loops.  */
          if (pacc_step_function_p (fndecl))
            {
              *marker = build_empty_stmt (d->loc);
              continue;
            }
          error_at (d->loc, "%<#pragma pacc loop%> outside a "
                            "%<#pragma pacc pipeline%> time loop");
          *marker = build_empty_stmt (d->loc);
          continue;
        }
      if (d->kind == PACC_DIR_WAIT)
        {
          build_runtime_decls ();
          *marker = build_call_expr_loc (d->loc, fn_wait_device, 2,
                                         device_arg (d, d->dev, "wait device"),
                                         where_literal (d->loc));
          continue;
        }
      if (d->kind == PACC_DIR_UPDATE_PEER)
        {
          build_runtime_decls ();
          tree list = alloc_stmt_list ();
          tree async = d->async ? fold_convert (integer_type_node, d->async)
                                : integer_minus_one_node;
          for (size_t k = 0; k < d->to.size (); k++)
            add (&list, build_call_expr_loc (
                          d->loc, fn_update_peer, 8,
                          fold_convert (ptr_type_node, d->to[k].addr),
                          device_arg (d, d->dev, "to_device"),
                          fold_convert (size_type_node, d->to[k].bytes),
                          fold_convert (const_ptr_type_node, d->from[k].addr),
                          device_arg (d, d->from_dev, "from_device"),
                          fold_convert (size_type_node, d->from[k].bytes),
                          unshare_expr (async), where_literal (d->loc)));
          *marker = list;
          continue;
        }
      if (d->kind == PACC_DIR_DEVICEID)
        {
          /* { int saved = __pacc_device_push (e); STMT;
	       __pacc_device_pop (saved); }  */
          *marker = build_empty_stmt (d->loc);
          tree_stmt_iterator j = i;
          pacc_next_stmt (&j);
          if (tsi_end_p (j))
            {
              error_at (d->loc, "%<#pragma pacc deviceid%> must be followed "
                                "by a statement");
              continue;
            }
          tree *slot = tsi_stmt_ptr (j);
          if (pacc_deviceid_escapes (*slot))
            continue;
          build_runtime_decls ();
          lower_ctx c;
          c.r = NULL;
          c.loc = d->loc;
          c.vars = NULL_TREE;
          c.fndecl = fndecl;
          c.kb = NULL_TREE;
          tree saved = new_var (c, "__pacc_device", integer_type_node);
          tree body = alloc_stmt_list ();
          add (&body,
               assign (saved,
                       build_call_expr_loc (d->loc, fn_dev_push, 2,
                                            device_arg (d, d->dev, "deviceid"),
                                            where_literal (d->loc))));
          add (&body, *slot);
          add (&body, build_call_expr_loc (d->loc, fn_dev_pop, 1, saved));
          tree bind = pacc_bind (c.vars, body);
          SET_EXPR_LOCATION (bind, d->loc);
          *slot = bind;
          continue;
        }
      /* Pipeline: skip `t = t0;`, find the FOR_STMT.  */
      *marker = build_empty_stmt (d->loc);
      tree_stmt_iterator j = i;
      pacc_next_stmt (&j);
      tree *for_slot = NULL, *init_slot, var, init;
      if (!tsi_end_p (j) && TREE_CODE (tsi_stmt (j)) == MODIFY_EXPR)
        {
          tree_stmt_iterator k = j;
          pacc_next_stmt (&k);
          if (!tsi_end_p (k)
              && (TREE_CODE (tsi_stmt (k)) == FOR_STMT
                  || TREE_CODE (tsi_stmt (k)) == WHILE_STMT
                  || TREE_CODE (tsi_stmt (k)) == DO_STMT))
            j = k;
        }
      /* A counted `while' or `do' loop (or a for loop stepped in its
	 body) becomes its for loop.  */
      int as_for = tsi_end_p (j)
                     ? 0
                     : pacc_time_loop_as_for (tsi_stmt_ptr (j), fndecl, d->loc,
                                              &for_slot);
      if (as_for < 0)
        {
          walk_tree (tsi_stmt_ptr (j), mark_used_r, NULL, NULL);
          continue;
        }
      if (!as_for
          && (tsi_end_p (j)
              || !pacc_match_for (tsi_stmt_ptr (j), &for_slot, &init_slot,
                                  &var, &init)))
        {
          error_at (d->loc,
                    "%<#pragma pacc pipeline%> must be followed by a "
                    "%<for%> loop over the time steps in canonical form");
          continue;
        }
      pacc_region r;
      r.fndecl = fndecl;
      r.dir = d;
      r.pc = d->pipe;
      r.loc = d->loc;
      r.for_slot = for_slot;
      r.for_stmt = *for_slot;
      bool inlined = pacc_inline_step_calls (&FOR_BODY (r.for_stmt), fndecl);
      if (!inlined || !pacc_check_region (r))
        {
          if (inlined)
            pacc_note_step_calls ();
          /* Leave the loop alone; its inner markers were reported or are
	     dropped with the rest (drop_markers_r).  */
          walk_tree (&r.for_stmt, mark_used_r, NULL, NULL);
          continue;
        }
      if (!pacc_mpi_bounds_ok (r))
        continue;
      *for_slot = pacc_lower_region (r);
      hoist_step_vars (r.for_stmt, *for_slot);
      /* GCC 12's IPA-CP clones of a function holding OpenACC regions built
	 here can ICE (remap_gimple_stmt); the region's cost is in its
	 kernels, not in the call, so keep the function out of IPA.  */
      if (!lookup_attribute ("noipa", DECL_ATTRIBUTES (fndecl)))
        DECL_ATTRIBUTES (fndecl)
          = tree_cons (get_identifier ("noipa"), NULL_TREE,
                       DECL_ATTRIBUTES (fndecl));
    }
  return NULL_TREE;
}

/* Remove markers left behind (after errors).  */
static tree
drop_markers_r (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t) || DECL_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == STATEMENT_LIST)
    for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
      if (pacc_marker_directive (tsi_stmt (i)))
        *tsi_stmt_ptr (i) = build_empty_stmt (UNKNOWN_LOCATION);
  return NULL_TREE;
}

void
pacc_lower_function (tree fndecl)
{
  if (!pacc_marker_fndecl || !DECL_SAVED_TREE (fndecl))
    return;
  pacc_save_step_function (fndecl);
  walk_tree (&DECL_SAVED_TREE (fndecl), lower_markers_r, fndecl, NULL);
  walk_tree (&DECL_SAVED_TREE (fndecl), drop_markers_r, NULL, NULL);
}
