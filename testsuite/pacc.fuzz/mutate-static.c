/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* mutate-static.c - the template of mutate.exp's compile-time cases:
   mutate.exp replaces CLAUSES below by a size and a halo clause of
   mutate-gen.awk (constants, huge and negative values, the time
   variable, wrong ranks, empty ranges, another array) and builds the
   result with pacc.so.  Each must be refused with an error at a line
   of the program, never a crash of the compiler; one that builds must
   run as its sequential build does or stop with a "pacc: " message.  */

#include <stdio.h>
#include <stdlib.h>

int
main (void)
{
  long X = 24, Y = 12, T = 5, t, x, y;
  float (*p)[Y] = malloc (sizeof (float[X][Y]));
  float (*q)[Y] = malloc (sizeof (float[X][Y]));
  double h = 0;

  for (x = 0; x < X; x++)
    for (y = 0; y < Y; y++)
      p[x][y] = q[x][y] = (float) ((x * 17 + y * 5) % 11);
#pragma pacc pipeline targetinout(p) targettemp(q) CLAUSES
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = 0.25f * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
                             + p[x][y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }
  for (x = 0; x < X; x++)
    for (y = 0; y < Y; y++)
      h = h * 1.0000001 + p[x][y] * (x + 1) + y;
  printf ("%.17g\n", h);
  free (p);
  free (q);
  return 0;
}
