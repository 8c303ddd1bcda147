/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* parse-clauses.cc - the clauses of `#pragma pacc pipeline' (those of
   `#pragma pacc update peer' are parse-peer.cc's).

   Pipeline clauses: targetin(list) targetinout(list) targettemp(list)
     size([lo:len]...) halo([lower:upper]...) async reduction(op:list)
     copyin(a[lo:len]..., ...) mpi(comm, ghosts)

   Each parser checks what it reads (the variables' types, repeated and
   missing clauses, the ranks of size and halo) with a diagnostic at the
   offending token, and fills the directive's record (directives.h).  */

#include "pacc-plugin.h"
#include "parse.h"

/* ------------------------------------------------------------------ */
/* Pipeline clauses.                                                   */

static bool
listed_already (pacc_lexer &lx, pacc_pipeline_clauses *pc, tree decl,
                location_t loc)
{
  for (auto &a : pc->arrays)
    if (a.decl == decl)
      {
        error_at (loc,
                  "%qD appears more than once in the data clauses of "
                  "%<#pragma pacc pipeline%> (already in %qs)",
                  decl, role_name (a.role));
        inform (a.loc, "first listed here");
        lx.failed = true;
        return true;
      }
  for (auto &r : pc->reductions)
    if (r.decl == decl)
      {
        error_at (loc,
                  "%qD appears more than once in the clauses of "
                  "%<#pragma pacc pipeline%>",
                  decl);
        inform (r.loc, "first listed here");
        lx.failed = true;
        return true;
      }
  for (auto &w : pc->wholes)
    if (w.decl == decl)
      {
        error_at (loc,
                  "%qD appears more than once in the data clauses of "
                  "%<#pragma pacc pipeline%> (already in %<copyin%>)",
                  decl);
        inform (w.loc, "first listed here");
        lx.failed = true;
        return true;
      }
  return false;
}

/* copyin(a, b[lo:len], c[lo:len][lo:len], ...): arrays of any shape that
   the region only reads, copied whole.  A pointer needs a section (the
   size of what it points to is not known); sections after the first
   must cover their dimension (the copy is one contiguous block).  */
static void
parse_copyin (pacc_lexer &lx, pacc_pipeline_clauses *pc)
{
  if (!expect (lx, CPP_OPEN_PAREN, "("))
    return;
  if (peek_is (lx, CPP_CLOSE_PAREN))
    {
      parse_error (lx, "empty list in %<copyin%> clause");
      return;
    }
  for (;;)
    {
      location_t vloc;
      tree decl = list_variable (lx, "copyin", &vloc);
      if (!decl)
        return;
      tree type = TREE_TYPE (decl);
      if ((TREE_CODE (decl) != VAR_DECL && TREE_CODE (decl) != PARM_DECL)
          || (TREE_CODE (type) != POINTER_TYPE
              && TREE_CODE (type) != ARRAY_TYPE))
        {
          error_at (vloc,
                    "%qD in %<copyin%> clause is not a variable of "
                    "pointer or array type",
                    decl);
          lx.failed = true;
          return;
        }
      /* One block of memory: a pointer or array, then arrays, of
	 integer or floating elements.  */
      int rank = 1;
      tree elt = TREE_TYPE (type);
      for (; TREE_CODE (elt) == ARRAY_TYPE; elt = TREE_TYPE (elt))
        rank++;
      if (!INTEGRAL_TYPE_P (elt) && !SCALAR_FLOAT_TYPE_P (elt))
        {
          error_at (vloc,
                    "elements of %qD in %<copyin%> clause must be of "
                    "integer or floating type (an array of pointers cannot "
                    "be copied whole)",
                    decl);
          lx.failed = true;
          return;
        }
      if (!pacc_offload_type_ok (elt))
        {
          error_at (vloc,
                    "elements of %qD in %<copyin%> clause have type "
                    "%qT, which GCC 12%'s nvptx offload compiler cannot "
                    "compile; use %<float%> or %<double%>",
                    decl, elt);
          lx.failed = true;
          return;
        }
      if (listed_already (lx, pc, decl, vloc))
        return;
      pacc_whole_clause w;
      w.decl = decl;
      w.nsec = 0;
      w.loc = vloc;
      while (peek_is (lx, CPP_OPEN_SQUARE))
        {
          location_t sloc = tok_loc (lx);
          next (lx);
          if (w.nsec == rank || w.nsec == MAX_RANK)
            {
              error_at (sloc,
                        "more sections than %qD has dimensions in "
                        "%<copyin%> clause",
                        decl);
              lx.failed = true;
              return;
            }
          tree lo = parse_expr (lx);
          if (!lo || !expect (lx, CPP_COLON, ":"))
            return;
          tree len = parse_expr (lx);
          if (!len || !expect (lx, CPP_CLOSE_SQUARE, "]"))
            return;
          if (w.nsec > 0 && !integer_zerop (lo))
            {
              error_at (sloc,
                        "section %d of %qD in %<copyin%> clause must "
                        "start at 0 and cover its dimension (the copy is one "
                        "block of memory)",
                        w.nsec + 1, decl);
              lx.failed = true;
              return;
            }
          w.lo[w.nsec] = lo;
          w.len[w.nsec] = len;
          w.nsec++;
        }
      if (w.nsec == 0
          && (TREE_CODE (type) != ARRAY_TYPE || !TYPE_SIZE_UNIT (type)))
        {
          error_at (vloc,
                    "%<copyin(%D)%> needs a section such as "
                    "%<%D[0:n]%>: the size of %s is not known",
                    decl, decl,
                    TREE_CODE (type) == POINTER_TYPE
                      ? "what a pointer points to"
                      : "this array");
          lx.failed = true;
          return;
        }
      TREE_USED (decl) = 1;
      pc->wholes.push_back (w);
      if (peek_is (lx, CPP_COMMA))
        {
          next (lx);
          continue;
        }
      expect (lx, CPP_CLOSE_PAREN, ")");
      return;
    }
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
      location_t vloc;
      tree decl = list_variable (lx, clause, &vloc);
      if (!decl)
        return;
      if ((TREE_CODE (decl) != VAR_DECL && TREE_CODE (decl) != PARM_DECL)
          || (TREE_CODE (TREE_TYPE (decl)) != POINTER_TYPE
              && TREE_CODE (TREE_TYPE (decl)) != ARRAY_TYPE))
        {
          error_at (vloc,
                    "%qD in %qs clause is not a variable of pointer or "
                    "array type",
                    decl, clause);
          lx.failed = true;
          return;
        }
      tree elt = TREE_TYPE (decl);
      /* `double **u' (rows malloc'd one by one) or `double *u[N]': the
	 rows are not one block, which chunks are cut from; said here,
	 not as an index the kernels cannot use.  */
      bool row_pointers = false;
      for (tree ty = TREE_TYPE (elt);
           TREE_CODE (ty) == POINTER_TYPE || TREE_CODE (ty) == ARRAY_TYPE;
           ty = TREE_TYPE (ty))
        row_pointers |= TREE_CODE (ty) == POINTER_TYPE;
      if (row_pointers)
        {
          error_at (vloc,
                    "%qD in %qs clause has type %qT, an array of row "
                    "pointers: the rows of a pipelined array must be one "
                    "block of memory; allocate it as one block, "
                    "%<double (*%D)[M] = malloc (sizeof (double[N][M]))%>, "
                    "or use a flat pointer",
                    decl, clause, TREE_TYPE (decl), decl);
          lx.failed = true;
          return;
        }
      while (TREE_CODE (elt) == POINTER_TYPE || TREE_CODE (elt) == ARRAY_TYPE)
        elt = TREE_TYPE (elt);
      if (!INTEGRAL_TYPE_P (elt) && !SCALAR_FLOAT_TYPE_P (elt))
        {
          error_at (vloc,
                    "elements of %qD in %qs clause must be of integer "
                    "or floating type",
                    decl, clause);
          lx.failed = true;
          return;
        }
      if (!pacc_offload_type_ok (elt))
        {
          error_at (vloc,
                    "elements of %qD in %qs clause have type %qT, "
                    "which GCC 12%'s nvptx offload compiler cannot compile; "
                    "use %<float%> or %<double%>",
                    decl, clause, elt);
          lx.failed = true;
          return;
        }
      if (listed_already (lx, pc, decl, vloc))
        return;
      TREE_USED (decl) = 1;
      pacc_array_clause a = { decl, role, vloc };
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
      if (n == MAX_RANK)
        {
          parse_error (lx, "more than %d dimensions in %qs clause", MAX_RANK,
                       clause);
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
              error_at (lo < 0 ? l1 : l2,
                        "negative halo %wd: a halo is a "
                        "number of rows, 0 or more",
                        lo < 0 ? lo : hi);
              lx.failed = true;
              return;
            }
          /* A halo wider than any chunk could be is a typo, and one near
	     the range of the runtime's row numbers would overflow them.  */
          if (lo > MAX_HALO || hi > MAX_HALO)
            {
              error_at (lo > MAX_HALO ? l1 : l2,
                        "halo %wd is more than "
                        "%d rows",
                        lo > MAX_HALO ? lo : hi, MAX_HALO);
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
        && (!op.name || strcmp (pacc_keyword (t.value), op.name) == 0))
      code = op.code;
  if (code == ERROR_MARK)
    {
      parse_error (
        lx,
        "expected a reduction operator (%<+%>, %<*%>, %<&%>, "
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
      location_t vloc;
      tree decl = list_variable (lx, "reduction", &vloc);
      if (!decl)
        return;
      if ((TREE_CODE (decl) != VAR_DECL && TREE_CODE (decl) != PARM_DECL)
          || !(INTEGRAL_TYPE_P (TREE_TYPE (decl))
               || SCALAR_FLOAT_TYPE_P (TREE_TYPE (decl))))
        {
          error_at (vloc,
                    "%qD in %<reduction%> clause is not a variable of "
                    "arithmetic type",
                    decl);
          lx.failed = true;
          return;
        }
      if (!pacc_offload_type_ok (TREE_TYPE (decl)))
        {
          error_at (vloc,
                    "%qD in %<reduction%> clause has type %qT, which "
                    "GCC 12%'s nvptx offload compiler cannot compile; use "
                    "%<double%>",
                    decl, TREE_TYPE (decl));
          lx.failed = true;
          return;
        }
      if ((code == BIT_AND_EXPR || code == BIT_IOR_EXPR
           || code == BIT_XOR_EXPR)
          && !INTEGRAL_TYPE_P (TREE_TYPE (decl)))
        {
          error_at (vloc,
                    "bitwise reduction on %qD, which is not of integer "
                    "type",
                    decl);
          lx.failed = true;
          return;
        }
      /* GCC 12's nvptx offloading stops with an internal error on them
	 (a plain OpenACC reduction(||:f) of a float does too).  */
      if ((code == TRUTH_ANDIF_EXPR || code == TRUTH_ORIF_EXPR)
          && !INTEGRAL_TYPE_P (TREE_TYPE (decl)))
        {
          error_at (vloc,
                    "logical reduction on %qD, which is not of integer "
                    "type (GCC 12 cannot compile it for the GPU): use an "
                    "%<int%>",
                    decl);
          lx.failed = true;
          return;
        }
      if (listed_already (lx, pc, decl, vloc))
        return;
      TREE_USED (decl) = 1;
      pacc_reduction_clause r = { decl, code, vloc };
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

/* Is TYPE the typedef MPI_Comm (directly, qualified, or through further
   typedefs of it)?  The plugin does not include mpi.h: the name is what
   identifies the communicator type of every MPI (a pointer to a structure
   in Open MPI, an int in MPICH).  */
static bool
mpi_comm_type_p (tree type)
{
  while (type && TYPE_NAME (type) && TREE_CODE (TYPE_NAME (type)) == TYPE_DECL)
    {
      tree name = DECL_NAME (TYPE_NAME (type));
      if (name && !strcmp (IDENTIFIER_POINTER (name), "MPI_Comm"))
        return true;
      type = DECL_ORIGINAL_TYPE (TYPE_NAME (type));
    }
  return false;
}

/* mpi(COMM, GHOSTS): COMM a variable of type MPI_Comm, GHOSTS an integer
   expression like those of size (evaluated once, at entry).  */
static void
parse_mpi (pacc_lexer &lx, pacc_pipeline_clauses *pc, location_t cloc)
{
  if (!expect (lx, CPP_OPEN_PAREN, "("))
    return;
  if (peek_is (lx, CPP_OPEN_PAREN))
    {
      /* MPI_COMM_WORLD expands to a cast in Open MPI and MPICH.  */
      parse_error (lx, "expected the name of an %<MPI_Comm%> variable in "
                       "%<mpi%> clause, not an expression (for "
                       "%<MPI_COMM_WORLD%>, which expands to a cast, declare "
                       "%<MPI_Comm comm = MPI_COMM_WORLD;%> and write "
                       "%<mpi(comm, ...)%>)");
      return;
    }
  location_t vloc;
  tree decl = list_variable (lx, "mpi", &vloc);
  if (!decl)
    return;
  if (TREE_CODE (decl) != VAR_DECL && TREE_CODE (decl) != PARM_DECL)
    {
      error_at (vloc, "%qD in %<mpi%> clause is not a variable", decl);
      lx.failed = true;
      return;
    }
  if (!mpi_comm_type_p (TREE_TYPE (decl)))
    {
      error_at (vloc, "%qD in %<mpi%> clause has type %qT, not %<MPI_Comm%>",
                decl, TREE_TYPE (decl));
      lx.failed = true;
      return;
    }
  if (!expect (lx, CPP_COMMA, ","))
    return;
  location_t gloc = tok_loc (lx);
  tree ghosts = parse_expr (lx);
  if (lx.failed || !expect (lx, CPP_CLOSE_PAREN, ")"))
    return;
  tree g = fold (ghosts);
  if (TREE_CODE (g) == INTEGER_CST && tree_int_cst_sgn (g) < 0)
    {
      error_at (gloc,
                "negative number of ghost rows %E in %<mpi%> clause: "
                "a number of rows, 0 or more",
                g);
      lx.failed = true;
      return;
    }
  TREE_USED (decl) = 1;
  DECL_READ_P (decl) = 1;
  pc->mpi_comm = decl;
  pc->mpi_ghosts = ghosts;
  pc->mpi_loc = cloc;
  pacc_keep_tree (decl);
  pacc_keep_tree (ghosts);
}

pacc_pipeline_clauses *
parse_pipeline (pacc_lexer &lx, location_t loc)
{
  pacc_pipeline_clauses *pc = new pacc_pipeline_clauses ();
  pc->rank = 0;
  pc->halo_rank = 0;
  pc->async = false;
  pc->halo_loc = loc;
  pc->mpi_comm = NULL_TREE;
  pc->mpi_ghosts = NULL_TREE;
  pc->mpi_loc = loc;
  bool seen[9] = { false };
  static const char *const names[9]
    = { "targetin", "targetinout", "targettemp", "size", "halo",
        "async",    "reduction",   "copyin",     "mpi" };
  int which;
  while ((which = next_clause (lx, names, 9, seen, "pipeline")) >= 0)
    {
      location_t cloc = lx.tok.loc;
      switch (which)
        {
        case 0:
        case 1:
        case 2:
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
        case 7:
          parse_copyin (lx, pc);
          break;
        case 8:
          parse_mpi (lx, pc, cloc);
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
