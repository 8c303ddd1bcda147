/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* directives.cc - the table of directive records, and the marker
   statements that stand for them in the function body.

   The pragma handler cannot attach a record to the statement that follows
   it: that statement is not parsed yet.  It leaves a marker instead, a call
   `__pacc_directive (ID)` to a function that is never defined, and ID
   indexes this table.  The phases after it find the record from the
   marker; once a function is lowered every marker is gone and the table is
   emptied.  */

#include "pacc-plugin.h"
#include "directives.h"

tree pacc_marker_fndecl;
static std::vector<pacc_directive *> directives;

/* The data clause that gives an array ROLE, for messages.  */
const char *
role_name (int role)
{
  return role == PACC_ROLE_IN      ? "targetin"
         : role == PACC_ROLE_INOUT ? "targetinout"
                                   : "targettemp";
}

/* Whether GCC 12's nvptx offload compiler takes values of TYPE (or of
   its elements, or the parts of a complex TYPE): every floating type but
   float and double is refused, with the clause or the expression that
   uses it, by the parser and the region check.  lto1 stops on an 80-bit
   long double ("80-bit-precision floating-point numbers unsupported"),
   fails internally on __float128 and _Float16, and has no decimal
   floating point; the host build takes them all, so without this check
   the program fails to link, with no location.  */
bool
pacc_offload_type_ok (tree type)
{
  while (type
         && (TREE_CODE (type) == ARRAY_TYPE || TREE_CODE (type) == POINTER_TYPE
             || TREE_CODE (type) == COMPLEX_TYPE))
    type = TREE_TYPE (type);
  if (!type || !SCALAR_FLOAT_TYPE_P (type))
    return true;
  return !DECIMAL_FLOAT_TYPE_P (type)
         && (TYPE_PRECISION (type) == TYPE_PRECISION (float_type_node)
             || TYPE_PRECISION (type) == TYPE_PRECISION (double_type_node));
}

/* D in the table, and its marker statement (not added anywhere).  */
tree
pacc_make_marker (pacc_directive *d)
{
  if (!pacc_marker_fndecl)
    {
      tree fntype = build_function_type_list (void_type_node,
                                              integer_type_node, NULL_TREE);
      pacc_marker_fndecl = build_fn_decl ("__pacc_directive", fntype);
      pacc_keep_tree (pacc_marker_fndecl);
    }
  tree call = build_call_expr_loc (d->loc, pacc_marker_fndecl, 1,
                                   build_int_cst (integer_type_node,
                                                  directives.size ()));
  directives.push_back (d);
  return call;
}

void
add_marker (pacc_directive *d)
{
  add_stmt (pacc_make_marker (d));
}

/* If STMT is a marker, its directive.  */
pacc_directive *
pacc_marker_directive (tree stmt)
{
  if (!pacc_marker_fndecl || !stmt || TREE_CODE (stmt) != CALL_EXPR)
    return NULL;
  tree fn = CALL_EXPR_FN (stmt);
  if (TREE_CODE (fn) != ADDR_EXPR
      || TREE_OPERAND (fn, 0) != pacc_marker_fndecl)
    return NULL;
  unsigned HOST_WIDE_INT id = tree_to_uhwi (CALL_EXPR_ARG (stmt, 0));
  gcc_assert (id < directives.size ());
  return directives[id];
}

/* All markers of the function were lowered: forget their directives.  */
void
pacc_directives_reset (void)
{
  for (pacc_directive *d : directives)
    {
      delete d->pipe;
      delete d;
    }
  directives.clear ();
}
