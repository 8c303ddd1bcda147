/* pragmas.cc - `#pragma pacc` parsing.

   One handler is registered for the pragma name `pacc` (with macro
   expansion, so size(N) may use #defines); it dispatches on the directive
   name, parses every clause with a diagnostic at the offending token, and
   leaves a marker statement `__pacc_directive (ID)` in the current statement
   list.  ID indexes the directive table; the PRE_GENERICIZE pass finds the
   markers, lowers what follows them and removes them all.

   Directives: init | pipeline clauses... | loop dim(N)
     | deviceid(e) | wait device(e)
     | update peer to(list) to_device(e) from(list) from_device(e) [async(q)]
       where a list item is an array, or p[lo:len] (len elements from lo)
   Pipeline clauses: targetin(list) targetinout(list) targettemp(list)
     size([lo:len]...) halo([lower:upper]...) async reduction(op:list)

   The C parser drops whatever a plugin pragma handler leaves unread, so
   trailing junk is reported here.  pragma_lex returns CPP_EOF at the end
   of the pragma line.  */

#include "pacc-plugin.h"
#include "directives.h"

/* ------------------------------------------------------------------ */
/* Tokens with one token of lookahead.                                 */

struct pacc_token
{
  enum cpp_ttype type;
  tree value;
  location_t loc;
};

struct pacc_lexer
{
  pacc_token tok;
  bool have;
  bool failed;			/* An error was reported; stop quietly.  */
  const char *directive;	/* For messages.  */
  bool elements;		/* Integer expressions may read array
				   elements (`r0[d]'): the multi-device
				   directives, evaluated where they stand;
				   not the pipeline's, which the region
				   checks take apart.  */
};

static pacc_token &
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

static pacc_token
next (pacc_lexer &lx)
{
  pacc_token t = peek (lx);
  lx.have = false;
  return t;
}

static bool
peek_is (pacc_lexer &lx, enum cpp_ttype type)
{
  return peek (lx).type == type;
}

static bool
peek_is_name (pacc_lexer &lx, const char *name)
{
  pacc_token &t = peek (lx);
  return t.type == CPP_NAME && strcmp (IDENTIFIER_POINTER (t.value), name) == 0;
}

static location_t
tok_loc (pacc_lexer &lx)
{
  pacc_token &t = peek (lx);
  return t.loc != UNKNOWN_LOCATION ? t.loc : input_location;
}

static const char *
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
static void
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
}

static bool
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

static tree parse_expr (pacc_lexer &lx);

static tree
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
	  error_at (t.loc, "%qE is not an integer variable or constant", t.value);
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
  parse_error (lx, "expected an integer expression before %qs in "
	       "%<#pragma pacc %s%>", tok_spelling (peek (lx)), lx.directive);
  return error_mark_node;
}

static tree
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

static tree
parse_binary (pacc_lexer &lx, tree lhs, pacc_token op, tree rhs)
{
  if (lhs == error_mark_node || rhs == error_mark_node)
    return error_mark_node;
  enum tree_code code;
  switch (op.type)
    {
    case CPP_PLUS: code = PLUS_EXPR; break;
    case CPP_MINUS: code = MINUS_EXPR; break;
    case CPP_MULT: code = MULT_EXPR; break;
    case CPP_DIV: code = TRUNC_DIV_EXPR; break;
    default: code = TRUNC_MOD_EXPR; break;
    }
  return build_binary_op (op.loc, code, lhs, rhs, false);
}

static tree
parse_term (pacc_lexer &lx)
{
  tree e = parse_unary (lx);
  while (!lx.failed && (peek_is (lx, CPP_MULT) || peek_is (lx, CPP_DIV)
			|| peek_is (lx, CPP_MOD)))
    {
      pacc_token op = next (lx);
      e = parse_binary (lx, e, op, parse_unary (lx));
    }
  return e;
}

static tree
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
static bool
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

/* ------------------------------------------------------------------ */
/* Clauses.                                                            */

static bool
listed_already (pacc_lexer &lx, pacc_pipeline_clauses *pc, tree decl,
		location_t loc)
{
  for (auto &a : pc->arrays)
    if (a.decl == decl)
      {
	error_at (loc, "%qD appears more than once in the data clauses of "
		  "%<#pragma pacc pipeline%> (already in %qs)", decl,
		  role_name (a.role));
	inform (a.loc, "first listed here");
	lx.failed = true;
	return true;
      }
  for (auto &r : pc->reductions)
    if (r.decl == decl)
      {
	error_at (loc, "%qD appears more than once in the clauses of "
		  "%<#pragma pacc pipeline%>", decl);
	inform (r.loc, "first listed here");
	lx.failed = true;
	return true;
      }
  return false;
}

/* Parse `(name, name, ...)` after a data clause; check each is a pointer or
   array variable.  */
static void
parse_array_list (pacc_lexer &lx, pacc_pipeline_clauses *pc, int role,
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
      pacc_token t = peek (lx);
      if (t.type != CPP_NAME)
	{
	  parse_error (lx, "expected a variable name before %qs in %qs clause",
		       tok_spelling (t), clause);
	  return;
	}
      next (lx);
      tree decl = lookup_name (t.value);
      if (!decl)
	{
	  error_at (t.loc, "%qE undeclared in %qs clause", t.value, clause);
	  lx.failed = true;
	  return;
	}
      if ((TREE_CODE (decl) != VAR_DECL && TREE_CODE (decl) != PARM_DECL)
	  || (TREE_CODE (TREE_TYPE (decl)) != POINTER_TYPE
	      && TREE_CODE (TREE_TYPE (decl)) != ARRAY_TYPE))
	{
	  error_at (t.loc, "%qE in %qs clause is not a variable of pointer or "
		    "array type", t.value, clause);
	  lx.failed = true;
	  return;
	}
      tree elt = TREE_TYPE (decl);
      while (TREE_CODE (elt) == POINTER_TYPE || TREE_CODE (elt) == ARRAY_TYPE)
	elt = TREE_TYPE (elt);
      if (!INTEGRAL_TYPE_P (elt) && !SCALAR_FLOAT_TYPE_P (elt))
	{
	  error_at (t.loc, "elements of %qD in %qs clause must be of integer "
		    "or floating type", decl, clause);
	  lx.failed = true;
	  return;
	}
      if (listed_already (lx, pc, decl, t.loc))
	return;
      TREE_USED (decl) = 1;
      pacc_array_clause a = { decl, role, t.loc };
      pc->arrays.push_back (a);
      if (peek_is (lx, CPP_COMMA))
	{
	  next (lx);
	  continue;
	}
      expect (lx, CPP_CLOSE_PAREN, ")");
      return;
    }
}

/* size([lo:len]...) or halo([lower:upper]...).  */
static void
parse_dims (pacc_lexer &lx, pacc_pipeline_clauses *pc, bool halo)
{
  const char *clause = halo ? "halo" : "size";
  if (!expect (lx, CPP_OPEN_PAREN, "("))
    return;
  int n = 0;
  if (!peek_is (lx, CPP_OPEN_SQUARE))
    {
      parse_error (lx, "expected %<[%> in %qs clause", clause);
      return;
    }
  while (!lx.failed && peek_is (lx, CPP_OPEN_SQUARE))
    {
      next (lx);
      if (n == PACC_MAX_RANK)
	{
	  parse_error (lx, "more than %d dimensions in %qs clause",
		       PACC_MAX_RANK, clause);
	  return;
	}
      if (halo)
	{
	  HOST_WIDE_INT lo, hi;
	  location_t l1, l2;
	  if (!parse_const (lx, &lo, &l1) || !expect (lx, CPP_COLON, ":")
	      || !parse_const (lx, &hi, &l2))
	    return;
	  if (lo < 0 || hi < 0)
	    {
	      error_at (lo < 0 ? l1 : l2, "negative halo %wd in dimension %d",
			lo < 0 ? lo : hi, n + 1);
	      lx.failed = true;
	      return;
	    }
	  pc->halo_lo[n] = lo;
	  pc->halo_hi[n] = hi;
	}
      else
	{
	  tree lo = parse_expr (lx);
	  if (!expect (lx, CPP_COLON, ":"))
	    return;
	  tree len = parse_expr (lx);
	  if (lx.failed)
	    return;
	  pc->size_lo[n] = lo;
	  pc->size_len[n] = len;
	  pacc_keep_tree (lo);
	  pacc_keep_tree (len);
	}
      if (!expect (lx, CPP_CLOSE_SQUARE, "]"))
	return;
      n++;
    }
  if (!expect (lx, CPP_CLOSE_PAREN, ")"))
    return;
  if (halo)
    pc->halo_rank = n;
  else
    pc->rank = n;
}

static const struct
{
  enum cpp_ttype tok;
  const char *name;
  enum tree_code code;
} reduction_ops[] = {
  { CPP_PLUS, NULL, PLUS_EXPR },
  { CPP_MULT, NULL, MULT_EXPR },
  { CPP_AND, NULL, BIT_AND_EXPR },
  { CPP_OR, NULL, BIT_IOR_EXPR },
  { CPP_XOR, NULL, BIT_XOR_EXPR },
  { CPP_AND_AND, NULL, TRUTH_ANDIF_EXPR },
  { CPP_OR_OR, NULL, TRUTH_ORIF_EXPR },
  { CPP_NAME, "max", MAX_EXPR },
  { CPP_NAME, "min", MIN_EXPR },
};

static void
parse_reduction (pacc_lexer &lx, pacc_pipeline_clauses *pc)
{
  if (!expect (lx, CPP_OPEN_PAREN, "("))
    return;
  pacc_token t = peek (lx);
  enum tree_code code = ERROR_MARK;
  for (auto &op : reduction_ops)
    if (t.type == op.tok
	&& (!op.name || strcmp (IDENTIFIER_POINTER (t.value), op.name) == 0))
      code = op.code;
  if (code == ERROR_MARK)
    {
      parse_error (lx, "expected a reduction operator (%<+%>, %<*%>, %<&%>, "
		   "%<|%>, %<^%>, %<&&%>, %<||%>, %<max%> or %<min%>) before %qs",
		   tok_spelling (t));
      return;
    }
  next (lx);
  if (!expect (lx, CPP_COLON, ":"))
    return;
  if (peek_is (lx, CPP_CLOSE_PAREN))
    {
      parse_error (lx, "empty list in %<reduction%> clause");
      return;
    }
  for (;;)
    {
      t = peek (lx);
      if (t.type != CPP_NAME)
	{
	  parse_error (lx, "expected a variable name before %qs in "
		       "%<reduction%> clause", tok_spelling (t));
	  return;
	}
      next (lx);
      tree decl = lookup_name (t.value);
      if (!decl)
	{
	  error_at (t.loc, "%qE undeclared in %<reduction%> clause", t.value);
	  lx.failed = true;
	  return;
	}
      if ((TREE_CODE (decl) != VAR_DECL && TREE_CODE (decl) != PARM_DECL)
	  || !(INTEGRAL_TYPE_P (TREE_TYPE (decl))
	       || SCALAR_FLOAT_TYPE_P (TREE_TYPE (decl))))
	{
	  error_at (t.loc, "%qE in %<reduction%> clause is not a variable of "
		    "arithmetic type", t.value);
	  lx.failed = true;
	  return;
	}
      if ((code == BIT_AND_EXPR || code == BIT_IOR_EXPR
	   || code == BIT_XOR_EXPR) && !INTEGRAL_TYPE_P (TREE_TYPE (decl)))
	{
	  error_at (t.loc, "bitwise reduction on %qE, which is not of integer "
		    "type", t.value);
	  lx.failed = true;
	  return;
	}
      if (listed_already (lx, pc, decl, t.loc))
	return;
      TREE_USED (decl) = 1;
      pacc_reduction_clause r = { decl, code, t.loc };
      pc->reductions.push_back (r);
      if (peek_is (lx, CPP_COMMA))
	{
	  next (lx);
	  continue;
	}
      expect (lx, CPP_CLOSE_PAREN, ")");
      return;
    }
}

/* The next clause of `#pragma pacc DIRECTIVE': skips separating commas,
   consumes the clause name and returns its index in NAMES (N of them),
   marking it in SEEN; -1 at the end of the line or after an error (an
   unknown or repeated clause, reported).  */
static int
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
      if (!strcmp (IDENTIFIER_POINTER (t.value), names[i]))
	which = i;
  if (which < 0)
    {
      if (t.type == CPP_NAME)
	parse_error (lx, "unknown clause %qs in %<#pragma pacc %s%>",
		     IDENTIFIER_POINTER (t.value), directive);
      else
	parse_error (lx, "expected a clause before %qs in "
		     "%<#pragma pacc %s%>", tok_spelling (t), directive);
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

static pacc_pipeline_clauses *
parse_pipeline (pacc_lexer &lx, location_t loc)
{
  pacc_pipeline_clauses *pc = new pacc_pipeline_clauses ();
  pc->rank = 0;
  pc->halo_rank = 0;
  pc->async = false;
  pc->halo_loc = loc;
  bool seen[7] = { false };
  static const char *const names[7]
    = { "targetin", "targetinout", "targettemp", "size", "halo", "async",
	"reduction" };
  int which;
  while ((which = next_clause (lx, names, 7, seen, "pipeline")) >= 0)
    {
      location_t cloc = lx.tok.loc;
      switch (which)
	{
	case 0: case 1: case 2:
	  parse_array_list (lx, pc, which, names[which]);
	  break;
	case 3:
	  parse_dims (lx, pc, false);
	  break;
	case 4:
	  pc->halo_loc = cloc;
	  parse_dims (lx, pc, true);
	  break;
	case 5:
	  pc->async = true;
	  break;
	case 6:
	  parse_reduction (lx, pc);
	  break;
	}
    }
  if (lx.failed)
    {
      delete pc;
      return NULL;
    }
  if (pc->arrays.empty ())
    {
      error_at (loc, "%<#pragma pacc pipeline%> lists no arrays (use "
		"%<targetin%>, %<targetinout%> or %<targettemp%>)");
      delete pc;
      return NULL;
    }
  if (pc->rank == 0)
    {
      error_at (loc, "%<#pragma pacc pipeline%> without %<size%> clause");
      delete pc;
      return NULL;
    }
  if (pc->halo_rank == 0)
    {
      /* No halo: the steps read no neighbours.  */
      pc->halo_rank = pc->rank;
      for (int i = 0; i < pc->rank; i++)
	pc->halo_lo[i] = pc->halo_hi[i] = 0;
    }
  else if (pc->halo_rank != pc->rank)
    {
      error_at (pc->halo_loc, "%<halo%> has %d dimensions but %<size%> has %d",
		pc->halo_rank, pc->rank);
      delete pc;
      return NULL;
    }
  return pc;
}

/* ------------------------------------------------------------------ */
/* Multi-device directives.                                            */

/* `( expr )', an integer expression kept alive for the marker.  */
static tree
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

/* A list item of update peer: an array (all of it) or name[lo:len].  */
static bool
parse_peer_item (pacc_lexer &lx, std::vector<pacc_peer_item> &out,
		 const char *clause)
{
  pacc_token t = peek (lx);
  if (t.type != CPP_NAME)
    {
      parse_error (lx, "expected a variable name before %qs in %qs clause",
		   tok_spelling (t), clause);
      return false;
    }
  next (lx);
  tree decl = lookup_name (t.value);
  if (!decl)
    {
      error_at (t.loc, "%qE undeclared in %qs clause", t.value, clause);
      lx.failed = true;
      return false;
    }
  tree type = decl == error_mark_node ? NULL_TREE : TREE_TYPE (decl);
  if ((TREE_CODE (decl) != VAR_DECL && TREE_CODE (decl) != PARM_DECL)
      || (TREE_CODE (type) != POINTER_TYPE && TREE_CODE (type) != ARRAY_TYPE))
    {
      error_at (t.loc, "%qE in %qs clause is not a variable of pointer or "
		"array type", t.value, clause);
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
  it.loc = t.loc;
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
	  error_at (t.loc, "%qD in %qs clause points to an incomplete type",
		    decl, clause);
	  lx.failed = true;
	  return false;
	}
      it.addr = build_binary_op (t.loc, PLUS_EXPR, base, lo, false);
      it.bytes = build_binary_op (t.loc, MULT_EXPR,
				  fold_convert (size_type_node, len),
				  fold_convert (size_type_node,
						TYPE_SIZE_UNIT (elt)), false);
    }
  else if (TREE_CODE (type) == ARRAY_TYPE)
    {
      it.addr = base;
      it.bytes = fold_convert (size_type_node, TYPE_SIZE_UNIT (type));
    }
  else
    {
      error_at (t.loc, "%qD in %qs clause is a pointer: give the section "
		"to copy, %<%E[lo:len]%>", decl, clause, t.value);
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
static bool
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
	case 0: parse_peer_list (lx, d->to, "to"); break;
	case 1: parse_peer_list (lx, d->from, "from"); break;
	case 2: d->dev = parse_paren_expr (lx); break;
	case 3: d->from_dev = parse_paren_expr (lx); break;
	case 4: d->async = parse_paren_expr (lx); break;
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
      error_at (d->loc, "%<to%> lists %d items but %<from%> lists %d: "
		"%<#pragma pacc update peer%> copies them pairwise",
		(int) d->to.size (), (int) d->from.size ());
      return false;
    }
  return true;
}

/* ------------------------------------------------------------------ */

static void
handle_pragma_pacc (cpp_reader *)
{
  pacc_lexer lx;
  lx.have = false;
  lx.failed = false;
  lx.directive = "";
  lx.elements = false;
  location_t loc = tok_loc (lx);
  pacc_token t = next (lx);

  if (!flag_openacc)
    {
      static bool told;
      if (!told)
	error_at (loc, "%<#pragma pacc%> requires %<-fopenacc%>");
      told = true;
      return;
    }
  if (t.type != CPP_NAME)
    {
      error_at (t.loc, "expected a pacc directive (%<init%>, %<pipeline%>, "
		"%<loop%>, %<deviceid%>, %<wait%> or %<update%>) after "
		"%<#pragma pacc%>");
      return;
    }
  const char *name = IDENTIFIER_POINTER (t.value);
  lx.directive = name;
  lx.elements = !strcmp (name, "deviceid") || !strcmp (name, "wait")
		|| !strcmp (name, "update");
  if (!current_function_decl || !cur_stmt_list)
    {
      if (!strcmp (name, "init") || !strcmp (name, "pipeline")
	  || !strcmp (name, "loop") || !strcmp (name, "deviceid")
	  || !strcmp (name, "wait") || !strcmp (name, "update"))
	error_at (t.loc, "%<#pragma pacc %s%> must appear inside a function",
		  name);
      else
	error_at (t.loc, "unknown pacc directive %qs", name);
      return;
    }

  pacc_directive *d = new pacc_directive ();
  d->loc = t.loc;
  d->used = false;
  d->bad = false;
  d->dim = 0;
  d->pipe = NULL;
  d->dev = d->from_dev = d->async = NULL_TREE;
  if (!strcmp (name, "init"))
    d->kind = PACC_DIR_INIT;
  else if (!strcmp (name, "pipeline"))
    {
      d->kind = PACC_DIR_PIPELINE;
      d->pipe = parse_pipeline (lx, t.loc);
      if (!d->pipe)
	{
	  /* Keep a marker so that the loops of the region are not reported
	     again as loops outside a pipeline.  */
	  d->bad = true;
	  add_marker (d);
	  return;
	}
    }
  else if (!strcmp (name, "loop"))
    {
      d->kind = PACC_DIR_LOOP;
      if (!peek_is_name (lx, "dim"))
	{
	  if (peek_is (lx, CPP_EOF))
	    error_at (t.loc, "%<#pragma pacc loop%> without %<dim%> clause");
	  else
	    parse_error (lx, "expected %<dim%> before %qs in "
			 "%<#pragma pacc loop%>", tok_spelling (peek (lx)));
	  d->bad = true;
	  add_marker (d);
	  return;
	}
      next (lx);
      HOST_WIDE_INT n;
      location_t nloc;
      if (!expect (lx, CPP_OPEN_PAREN, "(") || !parse_const (lx, &n, &nloc)
	  || !expect (lx, CPP_CLOSE_PAREN, ")"))
	{
	  d->bad = true;
	  add_marker (d);
	  return;
	}
      if (n < 1 || n > PACC_MAX_RANK)
	{
	  error_at (nloc, "%<dim(%wd)%> out of range: dimensions count from 1 "
		    "(the last C index)", n);
	  d->bad = true;
	  add_marker (d);
	  return;
	}
      d->dim = n;
    }
  else if (!strcmp (name, "deviceid"))
    {
      d->kind = PACC_DIR_DEVICEID;
      d->dev = parse_paren_expr (lx);
      if (!d->dev)
	d->bad = true;
    }
  else if (!strcmp (name, "wait"))
    {
      d->kind = PACC_DIR_WAIT;
      if (!peek_is_name (lx, "device"))
	{
	  parse_error (lx, "expected %<device%> after %<#pragma pacc wait%>");
	  delete d;
	  return;
	}
      next (lx);
      d->dev = parse_paren_expr (lx);
      if (!d->dev)
	{
	  delete d;
	  return;
	}
    }
  else if (!strcmp (name, "update"))
    {
      d->kind = PACC_DIR_UPDATE_PEER;
      if (!parse_update_peer (lx, d))
	{
	  delete d;
	  return;
	}
    }
  else
    {
      error_at (t.loc, "unknown pacc directive %qs", name);
      delete d;
      return;
    }
  if (!lx.failed && !peek_is (lx, CPP_EOF))
    parse_error (lx, "unexpected %qs at the end of %<#pragma pacc %s%>",
		 tok_spelling (peek (lx)), name);
  if (lx.failed)
    d->bad = true;
  add_marker (d);
}

void
pacc_register_pragmas (void *, void *)
{
  c_register_pragma_with_expansion (NULL, "pacc", handle_pragma_pacc);
}
