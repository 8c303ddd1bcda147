/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* parse-peer.cc - the clauses of `#pragma pacc update peer':
     to(list) to_device(e) from(list) from_device(e) [async(q)]
   where a list item is an array, or p[lo:len] (len elements from lo).
   Each is checked as it is read, with a diagnostic at the offending
   token, and fills the directive's record (directives.h).  */

#include "pacc-plugin.h"
#include "parse.h"

/* ------------------------------------------------------------------ */
/* update peer.                                                        */

/* A list item of update peer: an array (all of it) or name[lo:len].  */
static bool
parse_peer_item (pacc_lexer &lx, std::vector<pacc_peer_item> &out,
                 const char *clause)
{
  location_t vloc;
  tree decl = list_variable (lx, clause, &vloc);
  if (!decl)
    return false;
  tree type = decl == error_mark_node ? NULL_TREE : TREE_TYPE (decl);
  if ((TREE_CODE (decl) != VAR_DECL && TREE_CODE (decl) != PARM_DECL)
      || (TREE_CODE (type) != POINTER_TYPE && TREE_CODE (type) != ARRAY_TYPE))
    {
      error_at (vloc,
                "%qD in %qs clause is not a variable of pointer or "
                "array type",
                decl, clause);
      lx.failed = true;
      return false;
    }
  TREE_USED (decl) = 1;
  DECL_READ_P (decl) = 1;
  tree elt = TREE_TYPE (type);
  tree eptr = build_pointer_type (elt);
  tree base;
  if (TREE_CODE (type) == ARRAY_TYPE)
    {
      TREE_ADDRESSABLE (decl) = 1;
      base = fold_convert (eptr, build_fold_addr_expr (decl));
    }
  else
    base = decl;
  pacc_peer_item it;
  it.loc = vloc;
  if (peek_is (lx, CPP_OPEN_SQUARE))
    {
      next (lx);
      tree lo = parse_expr (lx);
      if (!expect (lx, CPP_COLON, ":"))
        return false;
      tree len = parse_expr (lx);
      if (lx.failed || !expect (lx, CPP_CLOSE_SQUARE, "]"))
        return false;
      if (!COMPLETE_TYPE_P (elt))
        {
          error_at (vloc, "%qD in %qs clause points to an incomplete type",
                    decl, clause);
          lx.failed = true;
          return false;
        }
      it.addr = build_binary_op (vloc, PLUS_EXPR, base, lo, false);
      it.bytes
        = build_binary_op (vloc, MULT_EXPR, fold_convert (size_type_node, len),
                           fold_convert (size_type_node, TYPE_SIZE_UNIT (elt)),
                           false);
    }
  else if (TREE_CODE (type) == ARRAY_TYPE)
    {
      it.addr = base;
      it.bytes = fold_convert (size_type_node, TYPE_SIZE_UNIT (type));
    }
  else
    {
      error_at (vloc,
                "%qD in %qs clause is a pointer: give the section "
                "to copy, %<%D[lo:len]%>",
                decl, clause, decl);
      lx.failed = true;
      return false;
    }
  pacc_keep_tree (it.addr);
  pacc_keep_tree (it.bytes);
  out.push_back (it);
  return true;
}

static void
parse_peer_list (pacc_lexer &lx, std::vector<pacc_peer_item> &out,
                 const char *clause)
{
  if (!expect (lx, CPP_OPEN_PAREN, "("))
    return;
  if (peek_is (lx, CPP_CLOSE_PAREN))
    {
      parse_error (lx, "empty list in %qs clause", clause);
      return;
    }
  for (;;)
    {
      if (!parse_peer_item (lx, out, clause))
        return;
      if (peek_is (lx, CPP_COMMA))
        {
          next (lx);
          continue;
        }
      expect (lx, CPP_CLOSE_PAREN, ")");
      return;
    }
}

/* update peer to(list) to_device(e) from(list) from_device(e) [async(q)] */
bool
parse_update_peer (pacc_lexer &lx, pacc_directive *d)
{
  if (!peek_is_name (lx, "peer"))
    {
      parse_error (lx, "expected %<peer%> after %<#pragma pacc update%>");
      return false;
    }
  next (lx);
  static const char *const names[5]
    = { "to", "from", "to_device", "from_device", "async" };
  bool seen[5] = { false };
  int which;
  while ((which = next_clause (lx, names, 5, seen, "update peer")) >= 0)
    {
      switch (which)
        {
        case 0:
          parse_peer_list (lx, d->to, "to");
          break;
        case 1:
          parse_peer_list (lx, d->from, "from");
          break;
        case 2:
          d->dev = parse_paren_expr (lx);
          break;
        case 3:
          d->from_dev = parse_paren_expr (lx);
          break;
        case 4:
          d->async = parse_paren_expr (lx);
          break;
        }
    }
  if (lx.failed)
    return false;
  for (int i = 0; i < 4; i++)
    if (!seen[i])
      {
        error_at (d->loc, "%<#pragma pacc update peer%> without %qs clause",
                  names[i]);
        return false;
      }
  if (d->to.size () != d->from.size ())
    {
      error_at (d->loc,
                "%<to%> lists %d items but %<from%> lists %d: "
                "%<#pragma pacc update peer%> copies them pairwise",
                (int) d->to.size (), (int) d->from.size ());
      return false;
    }
  return true;
}
