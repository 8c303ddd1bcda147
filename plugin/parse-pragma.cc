/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* parse-pragma.cc - the `#pragma pacc` handler.

   One handler is registered for the pragma name `pacc` (with macro
   expansion, so size(N) may use #defines); it dispatches on the directive
   name, has the clauses parsed (parse-clauses.cc) with a diagnostic at the
   offending token, and leaves a marker statement `__pacc_directive (ID)` in
   the current statement list (add_marker, directives.cc).  ID indexes the
   directive table; the PRE_GENERICIZE pass finds the markers, lowers what
   follows them and removes them all.

   Directives: init | pipeline clauses... | loop dim(N) [private(list)]
     | deviceid(e) | wait device(e)
     | update peer to(list) to_device(e) from(list) from_device(e) [async(q)]
       where a list item is an array, or p[lo:len] (len elements from lo)
   Pipeline clauses: targetin(list) targetinout(list) targettemp(list)
     size([lo:len]...) halo([lower:upper]...) async reduction(op:list)
   Every directive and clause keyword may also be spelled __NAME__
   (pacc_keyword, parse-lexer.cc), which no program macro replaces.

   The C parser drops whatever a plugin pragma handler leaves unread, so
   trailing junk is reported here.  */

#include "parse.h"

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
  /* `__pipeline__' is `pipeline' (pacc_keyword).  */
  const char *name = pacc_keyword (t.value);
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
            parse_error (lx,
                         "expected %<dim%> before %qs in "
                         "%<#pragma pacc loop%>",
                         tok_spelling (peek (lx)));
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
      if (n < 1 || n > MAX_RANK)
        {
          error_at (nloc,
                    "%<dim(%wd)%> out of range: dimensions count from 1 "
                    "(the last C index)",
                    n);
          d->bad = true;
          add_marker (d);
          return;
        }
      d->dim = n;
      /* Clauses after dim, separated by commas or not, as pipeline's.  */
      for (;;)
        {
          while (!lx.failed && peek_is (lx, CPP_COMMA))
            next (lx);
          if (lx.failed || !peek_is_name (lx, "private"))
            break;
          next (lx);
          parse_private (lx, d);
        }
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
