/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* parse-loop.cc - the clauses of `#pragma pacc loop' after dim(N):
   private(list), the scalars of which each iteration of the nest has its
   own copy.  What only the region can tell (a reduction variable, a loop
   variable of the nest, where the variable is read) is checked later, in
   check-scalars.cc.  */

#include "pacc-plugin.h"
#include "parse.h"

void
parse_private (pacc_lexer &lx, pacc_directive *d)
{
  if (!expect (lx, CPP_OPEN_PAREN, "("))
    return;
  if (peek_is (lx, CPP_CLOSE_PAREN))
    {
      parse_error (lx, "empty list in %<private%> clause");
      return;
    }
  for (;;)
    {
      pacc_token t = peek (lx);
      if (t.type != CPP_NAME)
        {
          parse_error (lx,
                       "expected a variable name before %qs in %qs "
                       "clause",
                       tok_spelling (t), "private");
          return;
        }
      next (lx);
      tree decl = lookup_name (t.value);
      if (!decl)
        {
          error_at (t.loc, "%qE undeclared in %qs clause", t.value, "private");
          lx.failed = true;
          return;
        }
      tree type = TREE_TYPE (decl);
      if (TREE_CODE (decl) != VAR_DECL && TREE_CODE (decl) != PARM_DECL)
        error_at (t.loc,
                  "%qD in %<private%> clause is not a variable: only "
                  "scalar variables can be private",
                  decl);
      else if (TREE_CODE (type) == ARRAY_TYPE || POINTER_TYPE_P (type))
        error_at (t.loc,
                  "%qD in %<private%> clause is an array or a pointer "
                  "(arrays go in the data clauses of %<#pragma pacc "
                  "pipeline%>): only scalar variables can be private",
                  decl);
      else if (!INTEGRAL_TYPE_P (type) && !SCALAR_FLOAT_TYPE_P (type))
        error_at (t.loc,
                  "%qD in %<private%> clause is not of an arithmetic "
                  "type: only scalar variables can be private",
                  decl);
      else
        type = NULL_TREE;
      if (type)
        {
          lx.failed = true;
          return;
        }
      for (size_t i = 0; i < d->privates.size (); i++)
        if (d->privates[i] == decl)
          {
            error_at (t.loc, "%qD appears more than once in %<private%>",
                      decl);
            inform (d->private_locs[i], "first listed here");
            lx.failed = true;
            return;
          }
      TREE_USED (decl) = 1;
      d->privates.push_back (decl);
      d->private_locs.push_back (t.loc);
      if (!peek_is (lx, CPP_COMMA))
        break;
      next (lx);
    }
  expect (lx, CPP_CLOSE_PAREN, ")");
}
