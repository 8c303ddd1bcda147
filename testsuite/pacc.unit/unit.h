/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* unit.h - helpers shared by the libpacc unit tests: deterministic data,
   bit-exact comparison, the "PASS name" / "FAIL name" lines, and the rows
   a kernel runs at a sub-step.

   Each test emulates with plain loops the code the plugin generates for a
   pipeline (its shape is in the comment at the top of
   libpacc/pacc-abi.h): kernels compute on the chunk buffers through the
   rebased pointers only, on the sub-step rows, then the result is compared
   bit for bit with the same loops run sequentially.  The schedule comes
   from the PACC_* environment, which sweep.sh varies.  */

#ifndef PACC_UNIT_H
#define PACC_UNIT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pacc-abi.h"

static int unit_failures;

static inline long
unit_max (long a, long b)
{
  return a > b ? a : b;
}

static inline long
unit_min (long a, long b)
{
  return a < b ? a : b;
}

/* First row of a kernel with loop bounds [A, B) at sub-step S of a block
   of KK steps, for chunk CI (its rows grow by ci[GLO] and ci[GHI] per
   step left: pacc-abi.h); EL is the kernel's extra rows below.  */
static inline long
unit_lo (long a, const long *ci, long kk, long s, long el)
{
  return unit_max (a, ci[PACC_CI_LO] - ci[PACC_CI_GLO] * (kk - 1 - s) - el);
}

/* One past its last row; EH is the kernel's extra rows above.  */
static inline long
unit_hi (long b, const long *ci, long kk, long s, long eh)
{
  return unit_min (b, ci[PACC_CI_HI] + ci[PACC_CI_GHI] * (kk - 1 - s) + eh);
}

/* The rows a reduction counts at sub-step S: [unit_own_lo, unit_own_hi).  */
static inline long
unit_own_lo (const long *ci, long kk, long s)
{
  return ci[PACC_CI_LO] + ci[PACC_CI_SHIFT] * (kk - 1 - s);
}

static inline long
unit_own_hi (const long *ci, long kk, long s)
{
  return ci[PACC_CI_HI] + ci[PACC_CI_SHIFT] * (kk - 1 - s);
}

/* Reproducible values in [0, 1).  */
static inline void
unit_fill_float (float *p, size_t n, unsigned seed)
{
  size_t i;
  for (i = 0; i < n; i++)
    {
      seed = seed * 1103515245u + 12345u;
      p[i] = (float) ((seed >> 8) & 0xffff) / 65536.0f;
    }
}

static inline void
unit_fill_double (double *p, size_t n, unsigned seed)
{
  size_t i;
  for (i = 0; i < n; i++)
    {
      seed = seed * 1103515245u + 12345u;
      p[i] = (double) ((seed >> 8) & 0xffffff) / 16777216.0;
    }
}

static inline void *
unit_alloc (size_t bytes)
{
  void *p = malloc (bytes);
  if (!p)
    {
      fprintf (stderr, "unit: out of memory (%zu bytes)\n", bytes);
      exit (2);
    }
  return p;
}

static inline void *
unit_dup (const void *p, size_t bytes)
{
  return memcpy (unit_alloc (bytes), p, bytes);
}

/* The PACC_* settings of this run, for the report lines.  */
static inline const char *
unit_settings (void)
{
  static char buf[256];
  static const char *const vars[] =
    { "PACC_K", "PACC_CHUNKS", "PACC_BLOCK", "PACC_QUEUES", NULL };
  size_t len = 0;
  int i;
  buf[0] = 0;
  for (i = 0; vars[i]; i++)
    {
      const char *v = getenv (vars[i]);
      if (v && *v && len < sizeof buf)
        len += (size_t) snprintf (buf + len, sizeof buf - len, "%s%s=%s",
                                  len ? " " : "", vars[i], v);
    }
  return len ? buf : "defaults";
}

/* Compare ROWS rows of ROW_BYTES bytes; say where the first difference
   is.  */
static inline int
unit_same (const char *test, const char *what, const void *got,
           const void *want, long rows, size_t row_bytes)
{
  const unsigned char *g = got, *w = want;
  size_t i, n = (size_t) rows * row_bytes;
  for (i = 0; i < n; i++)
    if (g[i] != w[i])
      {
        fprintf (stderr, "%s: %s differs first at row %zu, byte %zu of the "
                 "row\n", test, what, i / row_bytes, i % row_bytes);
        return 0;
      }
  return 1;
}

static inline void
unit_report (const char *name, int ok)
{
  printf ("%s %s (%s)\n", ok ? "PASS" : "FAIL", name, unit_settings ());
  fflush (stdout);
  if (!ok)
    unit_failures++;
}

static inline int
unit_exit (void)
{
  return unit_failures ? 1 : 0;
}

#endif /* PACC_UNIT_H */
