/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* parse.h - phase 1 of pacc.so, parsing `#pragma pacc' into directive
   records (directives.h) and marker statements.

     parse-lexer.cc    tokens with one token of lookahead, errors at a
                       token, integer and constant expressions
     parse-clauses.cc  the clauses of pipeline
     parse-peer.cc     the clauses of update peer
     parse-loop.cc     the private clause of loop
     parse-pragma.cc   the pragma handler: directive names, loop dim(N),
                       deviceid, wait device; registers `#pragma pacc`

   What the parser's files share, and pacc_register_pragmas for
   plugin_init.  Declarations only.  */

#ifndef PACC_PARSE_H
#define PACC_PARSE_H

#include "directives.h"

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
  bool failed;           /* An error was reported; stop quietly.  */
  const char *directive; /* For messages.  */
  bool elements;         /* Integer expressions may read array
				   elements (`r0[d]'): the multi-device
				   directives, evaluated where they stand;
				   not the pipeline's, which the region
				   checks take apart.  */
};

/* The functions and variables are hidden (see pacc-plugin.h).  */
#pragma GCC visibility push(hidden)

/* parse-lexer.cc */
pacc_token &peek (pacc_lexer &lx);
pacc_token next (pacc_lexer &lx);
bool peek_is (pacc_lexer &lx, enum cpp_ttype type);
const char *pacc_keyword (tree id);
bool peek_is_name (pacc_lexer &lx, const char *name);
location_t tok_loc (pacc_lexer &lx);
const char *tok_spelling (pacc_token &t);
void parse_error (pacc_lexer &lx, const char *gmsgid, ...);
bool expect (pacc_lexer &lx, enum cpp_ttype type, const char *what);
tree parse_expr (pacc_lexer &lx);
bool parse_const (pacc_lexer &lx, HOST_WIDE_INT *val, location_t *loc);
tree parse_paren_expr (pacc_lexer &lx);
tree list_variable (pacc_lexer &lx, const char *clause, location_t *loc);
int next_clause (pacc_lexer &lx, const char *const *names, int n, bool *seen,
                 const char *directive);

/* parse-clauses.cc */
pacc_pipeline_clauses *parse_pipeline (pacc_lexer &lx, location_t loc);

/* parse-peer.cc */
bool parse_update_peer (pacc_lexer &lx, pacc_directive *d);

/* parse-loop.cc */
void parse_private (pacc_lexer &lx, pacc_directive *d);

/* parse-pragma.cc */
void pacc_register_pragmas (void *, void *);

#pragma GCC visibility pop

#endif /* PACC_PARSE_H */
