/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* region-args.c - what the generated code passes to __pacc_region_begin
   about the arrays, checked and taken into the region's state
   (region-state.h): their names, their host pointers and row ranges, the
   copyin sections, and the overlaps the pipeline cannot allow.  Called
   by region.c's region_begin only.  */

#include "region-state.h"
#include "pacc-abi.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Split NAMES ("p, q") into one name per array; names missing from the
   list read "#i".  */
void
pacc_region_names (struct pacc_region *r, const char *names)
{
  size_t len = strlen (names ? names : "");
  char *p;
  int i;

  /* Room for the list and a "#i" for every array.  */
  r->names
    = pacc_xmalloc (r->where, len + 1 + (size_t) r->nall * 16, "array names");
  memcpy (r->names, names ? names : "", len + 1);
  p = r->names;
  for (i = 0; i < r->nall && *p; i++)
    {
      char *end;
      p += strspn (p, " ");
      end = p + strcspn (p, ",");
      r->a[i].name = p;
      p = *end ? end + 1 : end;
      while (end > r->a[i].name && end[-1] == ' ')
        end--;
      *end = 0;
    }
  for (p = r->names + len + 1; i < r->nall; i++, p += 16)
    {
      snprintf (p, 16, "#%d", i);
      r->a[i].name = p;
    }
}

/* Whole array I (kind WHOLE): what to copy.  */
static void
check_whole (struct pacc_region *r, int i, void *const *host, const long *ai)
{
  struct pacc_sched_whole *w = &r->whole[i - r->n];
  long bytes = ai[PACC_AI_ROW_BYTES], off = ai[PACC_AI_TYPE_ROW];
  const char *name = r->a[i].name;
  if (bytes < 0)
    pacc_error (r->where, "copyin(%s): the section has %ld bytes", name,
                bytes);
  if (!host[i])
    pacc_error (r->where, "array '%s' (copyin) is a null pointer", name);
  r->a[i].kind = PACC_KIND_WHOLE;
  r->host[i] = host[i];
  w->name = name;
  w->host = (const char *) host[i] + off;
  w->bytes = (size_t) bytes;
  w->off = off;
}

/* The bytes [*LO, *HI) of pipelined array I's rows in the region.  */
static void
row_span (const struct pacc_region *r, int i, uintptr_t *lo, uintptr_t *hi)
{
  long rb = (long) r->a[i].row_bytes;
  *lo = (uintptr_t) r->host[i] + (uintptr_t) (r->g.lo0 * rb);
  *hi = (uintptr_t) r->host[i] + (uintptr_t) ((r->g.lo0 + r->g.len0) * rb);
}

/* Check the pipelined and copyin arrays HOST described by AINFO (pacc-abi.h)
   and take them into R: null pointers, rows outside the arrays, arrays
   that overlap where one is written.  */
void
pacc_region_check_arrays (struct pacc_region *r, void *const *host,
                          const long *ainfo)
{
  int i, j;
  long lo0 = r->g.lo0, last = r->g.lo0 + r->g.len0;

  for (i = 0; i < r->nall; i++)
    {
      struct pacc_plan_array *a = &r->a[i];
      const long *ai = ainfo + (size_t) i * PACC_AI_N;
      long rb = ai[PACC_AI_ROW_BYTES], tr = ai[PACC_AI_TYPE_ROW];
      long elem = ai[PACC_AI_ELEM], dummy;

      if (ai[PACC_AI_KIND] < PACC_KIND_IN || ai[PACC_AI_KIND] > PACC_KIND_WHOLE
          || (i >= r->n) != (ai[PACC_AI_KIND] == PACC_KIND_WHOLE))
        pacc_internal_error (r->where, "array '%s' has kind %ld", a->name,
                             ai[PACC_AI_KIND]);
      if (i >= r->n)
        {
          check_whole (r, i, host, ai);
          continue;
        }
      a->kind = (int) ai[PACC_AI_KIND];
      if (rb <= 0)
        pacc_error (r->where,
                    "array '%s': the size clause gives %ld bytes "
                    "per row",
                    a->name, rb);
      if (tr == PACC_TYPE_ROW_EXTENTS_DIFFER)
        pacc_error (r->where,
                    "array '%s': the extents of its C type are "
                    "not those of the size clause",
                    a->name);
      if (tr != 0 && tr != rb)
        pacc_error (r->where,
                    "array '%s': the size clause gives %ld bytes "
                    "per row, but its C type has %ld bytes per row",
                    a->name, rb, tr);
      if (elem <= 0 || rb % elem)
        pacc_internal_error (r->where,
                             "array '%s': element size %ld for "
                             "rows of %ld bytes",
                             a->name, elem, rb);
      if (!host[i])
        pacc_error (r->where, "array '%s' is a null pointer", a->name);
      /* The addresses of the rows must be representable.  */
      if (__builtin_mul_overflow (lo0, rb, &dummy)
          || __builtin_mul_overflow (last, rb, &dummy))
        pacc_error (r->where,
                    "array '%s': rows [%ld,%ld) of %ld bytes do "
                    "not fit in the address space",
                    a->name, lo0, last, rb);
      a->row_bytes = (size_t) rb;
      r->host[i] = host[i];
    }

  /* A written array must not share memory with another transferred one:
     its write-backs would clobber the other's rows.  */
  for (i = 0; i < r->n; i++)
    for (j = i + 1; j < r->n; j++)
      {
        const struct pacc_plan_array *a = &r->a[i], *b = &r->a[j];
        uintptr_t a0, a1, b0, b1;
        if (a->kind == PACC_KIND_TEMP || b->kind == PACC_KIND_TEMP
            || (a->kind == PACC_KIND_IN && b->kind == PACC_KIND_IN)
            || r->g.len0 == 0)
          continue;
        row_span (r, i, &a0, &a1);
        row_span (r, j, &b0, &b1);
        if (a0 < b1 && b0 < a1)
          pacc_error (r->where, "arrays '%s' and '%s' overlap in memory",
                      a->name, b->name);
      }
  /* Nor with a whole array: its copies would go stale.  */
  for (i = 0; i < r->n; i++)
    for (j = 0; j < r->wn; j++)
      {
        const struct pacc_plan_array *a = &r->a[i];
        const struct pacc_sched_whole *w = &r->whole[j];
        uintptr_t a0, a1, w0 = (uintptr_t) w->host, w1 = w0 + w->bytes;
        if (a->kind == PACC_KIND_IN || a->kind == PACC_KIND_TEMP
            || r->g.len0 == 0 || !w->bytes)
          continue;
        row_span (r, i, &a0, &a1);
        if (a0 < w1 && w0 < a1)
          pacc_error (r->where,
                      "arrays '%s' and '%s' overlap in memory; "
                      "'%s' (copyin) must not change in the region",
                      a->name, w->name, w->name);
      }
}
