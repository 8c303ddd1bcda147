/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* parse-lexer.cc - the tokens of a `#pragma pacc` line and the integer
   expressions in its clauses; the clause-list helpers every directive
   uses (next_clause, list_variable).

   pragma_lex reads the line one token at a time, macros expanded, and
   returns CPP_EOF at its end; a pacc_lexer adds one token of lookahead and
   reports the first error of a directive at the offending token.  Integer
   expressions (sizes, device numbers, update peer's sections) are built
   with the C front end's own build_binary_op and build_array_ref.  */

#include "pacc-plugin.h"
#include "parse.h"

/* ------------------------------------------------------------------ */
/* Tokens with one token of lookahead.                                 */

pacc_token &
peek (pacc_lexer &lx)
{
  if (!lx.have)
    {
      lx.tok.value = NULL_TREE;
      lx.tok.type = pragma_lex (&lx.tok.value, &lx.tok.loc);
      lx.have = true;
    }
  return lx.tok;
}

pacc_token
next (pacc_lexer &lx)
{
  pacc_token t = peek (lx);
  lx.have = false;
  return t;
}

bool
peek_is (pacc_lexer &lx, enum cpp_ttype type)
{
  return peek (lx).type == type;
}

/* The keyword identifier ID spells: `__dim__' spells `dim', as GCC's
   `__aligned__' spells `aligned'.  The line is macro-expanded, and a
   program may define `dim' or `size' itself; no program may define the
   reserved `__dim__', so every directive and clause keyword has that
   second spelling.  */
const char *
pacc_keyword (tree id)
{
  const char *p = IDENTIFIER_POINTER (id);
  size_t n = IDENTIFIER_LENGTH (id);
  if (n > 4 && p[0] == '_' && p[1] == '_' && p[2] != '_' && p[n - 1] == '_'
      && p[n - 2] == '_' && p[n - 3] != '_')
    return IDENTIFIER_POINTER (get_identifier_with_length (p + 2, n - 4));
  return p;
}

bool
peek_is_name (pacc_lexer &lx, const char *name)
{
  pacc_token &t = peek (lx);
  return t.type == CPP_NAME && strcmp (pacc_keyword (t.value), name) == 0;
}

location_t
tok_loc (pacc_lexer &lx)
{
  pacc_token &t = peek (lx);
  return t.loc != UNKNOWN_LOCATION ? t.loc : input_location;
}

const char *
tok_spelling (pacc_token &t)
{
  switch (t.type)
    {
    case CPP_EOF:
      return "end of line";
    case CPP_NAME:
      return IDENTIFIER_POINTER (t.value);
    case CPP_NUMBER:
      return "number";
    default:
      return cpp_type2name (t.type, 0);
    }
}

/* Report an error at the current token, once per directive.  */
void
parse_error (pacc_lexer &lx, const char *gmsgid, ...)
{
  if (lx.failed)
    return;
  lx.failed = true;
  va_list ap;
  va_start (ap, gmsgid);
  rich_location richloc (line_table, tok_loc (lx));
  diagnostic_info diagnostic;
  diagnostic_set_info (&diagnostic, gmsgid, &ap, &richloc, DK_ERROR);
  diagnostic_report_diagnostic (global_dc, &diagnostic);
  va_end (ap);
  /* The line is macro-expanded: a program's macro named like a keyword
     (`#define dim 3') replaced it.  */
  if (linemap_location_from_macro_expansion_p (line_table, tok_loc (lx)))
    inform (tok_loc (lx),
            "this comes from a macro of the program; write "
            "the keyword of %<#pragma pacc%> that the macro replaced with two "
            "underscores before and after it (%<__dim__%>, %<__size__%>, "
            "%<__halo__%>), which no macro of a program may be named");
}

bool
expect (pacc_lexer &lx, enum cpp_ttype type, const char *what)
{
  if (lx.failed)
    return false;
  if (peek_is (lx, type))
    {
      next (lx);
      return true;
    }
  parse_error (lx, "expected %qs before %qs in %<#pragma pacc %s%>", what,
               tok_spelling (peek (lx)), lx.directive);
  return false;
}

/* ------------------------------------------------------------------ */
/* Integer expressions: constants, variables, + - * / %, parentheses, and
   in the multi-device directives elements of arrays and pointers.  */

tree
parse_primary (pacc_lexer &lx)
{
  if (lx.failed)
    return error_mark_node;
  pacc_token t = peek (lx);
  if (t.type == CPP_NUMBER)
    {
      next (lx);
      if (TREE_CODE (t.value) != INTEGER_CST)
        {
          error_at (t.loc, "integer constant expected in %<#pragma pacc %s%>",
                    lx.directive);
          lx.failed = true;
          return error_mark_node;
        }
      return t.value;
    }
  if (t.type == CPP_NAME)
    {
      next (lx);
      tree decl = lookup_name (t.value);
      if (!decl)
        {
          error_at (t.loc, "%qE undeclared in %<#pragma pacc %s%>", t.value,
                    lx.directive);
          lx.failed = true;
          return error_mark_node;
        }
      tree e = decl;
      if (lx.elements && peek_is (lx, CPP_OPEN_SQUARE)
          && (VAR_P (decl) || TREE_CODE (decl) == PARM_DECL)
          && (TREE_CODE (TREE_TYPE (decl)) == ARRAY_TYPE
              || POINTER_TYPE_P (TREE_TYPE (decl))))
        {
          /* `a[i][j]': the C front end's own array reference.  */
          TREE_USED (decl) = 1;
          DECL_READ_P (decl) = 1;
          while (!lx.failed && peek_is (lx, CPP_OPEN_SQUARE)
                 && (TREE_CODE (TREE_TYPE (e)) == ARRAY_TYPE
                     || POINTER_TYPE_P (TREE_TYPE (e))))
            {
              pacc_token open = next (lx);
              tree idx = parse_expr (lx);
              if (lx.failed || !expect (lx, CPP_CLOSE_SQUARE, "]"))
                return error_mark_node;
              e = build_array_ref (open.loc, e, idx);
              if (e == error_mark_node)
                {
                  lx.failed = true;
                  return error_mark_node;
                }
            }
          if (!INTEGRAL_TYPE_P (TREE_TYPE (e)))
            {
              error_at (t.loc, "%qE is not an array of integers", t.value);
              lx.failed = true;
              return error_mark_node;
            }
          return e;
        }
      if ((TREE_CODE (decl) != VAR_DECL && TREE_CODE (decl) != PARM_DECL
           && TREE_CODE (decl) != CONST_DECL)
          || !INTEGRAL_TYPE_P (TREE_TYPE (decl)))
        {
          error_at (t.loc, "%qE is not an integer variable or constant",
                    t.value);
          lx.failed = true;
          return error_mark_node;
        }
      if (TREE_CODE (decl) == CONST_DECL)
        return DECL_INITIAL (decl);
      TREE_USED (decl) = 1;
      if (VAR_P (decl) || TREE_CODE (decl) == PARM_DECL)
        DECL_READ_P (decl) = 1;
      return decl;
    }
  if (t.type == CPP_OPEN_PAREN)
    {
      next (lx);
      tree e = parse_expr (lx);
      if (!expect (lx, CPP_CLOSE_PAREN, ")"))
        return error_mark_node;
      return e;
    }
  parse_error (lx,
               "expected an integer expression before %qs in "
               "%<#pragma pacc %s%>",
               tok_spelling (peek (lx)), lx.directive);
  return error_mark_node;
}

tree
parse_unary (pacc_lexer &lx)
{
  if (peek_is (lx, CPP_MINUS) || peek_is (lx, CPP_PLUS))
    {
      pacc_token t = next (lx);
      tree e = parse_unary (lx);
      if (e == error_mark_node || t.type == CPP_PLUS)
        return e;
      return fold_build1_loc (t.loc, NEGATE_EXPR, TREE_TYPE (e), e);
    }
  return parse_primary (lx);
}

tree
parse_binary (pacc_lexer &lx, tree lhs, pacc_token op, tree rhs)
{
  if (lhs == error_mark_node || rhs == error_mark_node)
    return error_mark_node;
  enum tree_code code;
  switch (op.type)
    {
    case CPP_PLUS:
      code = PLUS_EXPR;
      break;
    case CPP_MINUS:
      code = MINUS_EXPR;
      break;
    case CPP_MULT:
      code = MULT_EXPR;
      break;
    case CPP_DIV:
      code = TRUNC_DIV_EXPR;
      break;
    default:
      code = TRUNC_MOD_EXPR;
      break;
    }
  return build_binary_op (op.loc, code, lhs, rhs, false);
}

tree
parse_term (pacc_lexer &lx)
{
  tree e = parse_unary (lx);
  while (!lx.failed
         && (peek_is (lx, CPP_MULT) || peek_is (lx, CPP_DIV)
             || peek_is (lx, CPP_MOD)))
    {
      pacc_token op = next (lx);
      e = parse_binary (lx, e, op, parse_unary (lx));
    }
  return e;
}

tree
parse_expr (pacc_lexer &lx)
{
  tree e = parse_term (lx);
  while (!lx.failed && (peek_is (lx, CPP_PLUS) || peek_is (lx, CPP_MINUS)))
    {
      pacc_token op = next (lx);
      e = parse_binary (lx, e, op, parse_term (lx));
    }
  return lx.failed ? error_mark_node : e;
}

/* A constant integer expression, for halo() and dim().  */
bool
parse_const (pacc_lexer &lx, HOST_WIDE_INT *val, location_t *loc)
{
  *loc = tok_loc (lx);
  tree e = parse_expr (lx);
  if (e == error_mark_node)
    return false;
  e = fold (e);
  if (TREE_CODE (e) != INTEGER_CST || !tree_fits_shwi_p (e))
    {
      error_at (*loc, "%<#pragma pacc %s%>: expected an integer constant",
                lx.directive);
      lx.failed = true;
      return false;
    }
  *val = tree_to_shwi (e);
  return true;
}

/* `( expr )', an integer expression kept alive for the marker.  */
tree
parse_paren_expr (pacc_lexer &lx)
{
  if (!expect (lx, CPP_OPEN_PAREN, "("))
    return NULL_TREE;
  tree e = parse_expr (lx);
  if (e == error_mark_node || !expect (lx, CPP_CLOSE_PAREN, ")"))
    return NULL_TREE;
  pacc_keep_tree (e);
  return e;
}

/* ------------------------------------------------------------------ */
/* Clause lists, for every directive.                                  */

/* The next item of a clause's list: a declared variable's name.  NULL
   after an error (reported).  */
tree
list_variable (pacc_lexer &lx, const char *clause, location_t *loc)
{
  pacc_token t = peek (lx);
  if (t.type != CPP_NAME)
    {
      parse_error (lx, "expected a variable name before %qs in %qs clause",
                   tok_spelling (t), clause);
      return NULL_TREE;
    }
  next (lx);
  tree decl = lookup_name (t.value);
  if (!decl)
    {
      error_at (t.loc, "%qE undeclared in %qs clause", t.value, clause);
      lx.failed = true;
      return NULL_TREE;
    }
  *loc = t.loc;
  return decl;
}

/* The next clause of `#pragma pacc DIRECTIVE': skips separating commas,
   consumes the clause name and returns its index in NAMES (N of them),
   marking it in SEEN; -1 at the end of the line or after an error (an
   unknown or repeated clause, reported).  */
int
next_clause (pacc_lexer &lx, const char *const *names, int n, bool *seen,
             const char *directive)
{
  while (peek_is (lx, CPP_COMMA))
    next (lx);
  if (lx.failed || peek_is (lx, CPP_EOF))
    return -1;
  pacc_token t = peek (lx);
  int which = -1;
  if (t.type == CPP_NAME)
    for (int i = 0; i < n; i++)
      if (!strcmp (pacc_keyword (t.value), names[i]))
        which = i;
  if (which < 0)
    {
      if (t.type == CPP_NAME)
        parse_error (lx, "unknown clause %qs in %<#pragma pacc %s%>",
                     IDENTIFIER_POINTER (t.value), directive);
      else
        parse_error (lx,
                     "expected a clause before %qs in "
                     "%<#pragma pacc %s%>",
                     tok_spelling (t), directive);
      return -1;
    }
  if (seen[which])
    {
      parse_error (lx, "too many %qs clauses in %<#pragma pacc %s%>",
                   names[which], directive);
      return -1;
    }
  seen[which] = true;
  next (lx);
  return which;
}
