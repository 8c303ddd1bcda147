/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* mutate-prog.c - the program of mutate.exp's run-time cases: a 2-D
   five-point stencil with a pointer-to-VLA inout array, a temp array and
   a reduction, whose size clause and loop bounds come from the command
   line, so that one build runs thousands of clause values:
     mutate-prog X Y T SLO SLEN CLO CLEN XLO XHI YLO YHI [FLAT]
   The loops stay inside the C arrays (the sequential program is always
   valid C); the size clause may say anything.  With a twelfth argument
   1 the arrays are flat pointers, p[x * Y + y], allocated with Y + 3
   elements to spare, and the inner loop may run up to 3 past the row's
   end (valid C: it reads the next row); their size clause gives the
   stride Y.  Prints a hash of p and the reduction.  */

#include <stdio.h>
#include <stdlib.h>

int
main (int argc, char **argv)
{
  if (argc < 12)
    return 2;
  long X = atol (argv[1]), Y = atol (argv[2]), T = atol (argv[3]);
  long slo = atol (argv[4]), slen = atol (argv[5]);
  long clo = atol (argv[6]), clen = atol (argv[7]);
  long xlo = atol (argv[8]), xhi = atol (argv[9]);
  long ylo = atol (argv[10]), yhi = atol (argv[11]);
  long t, x, y;
  if (argc > 12 && atoi (argv[12]) == 1)
    {
      float *f = malloc (sizeof (float) * (size_t) (X * Y + Y + 3));
      float *g = malloc (sizeof (float) * (size_t) (X * Y + Y + 3));
      double fsum = 0, fh = 0;
      for (x = 0; x < X * Y + Y + 3; x++)
        f[x] = g[x] = (float) ((x * 31) % 13);
#pragma pacc pipeline targetinout(f) targettemp(g) size([slo:slen][0:Y]) halo([1:1][1:1]) reduction(+:fsum)
      for (t = 0; t < T; t++)
        {
#pragma pacc loop dim(2)
          for (x = xlo; x < xhi; x++)
#pragma pacc loop dim(1)
            for (y = ylo; y < yhi; y++)
              g[x * Y + y] = 0.25f * (f[(x - 1) * Y + y] + f[(x + 1) * Y + y]
                                      + f[x * Y + y - 1] + f[x * Y + y + 1]);
#pragma pacc loop dim(2)
          for (x = xlo; x < xhi; x++)
#pragma pacc loop dim(1)
            for (y = ylo; y < yhi; y++)
              {
                f[x * Y + y] = g[x * Y + y];
                fsum += g[x * Y + y];
              }
        }
      for (x = 0; x < X * Y; x++)
        fh = fh * 1.0000001 + f[x] * (x % 13 + 1);
      printf ("%.17g %.17g\n", fh, fsum);
      free (f);
      free (g);
      return 0;
    }
  float (*p)[Y] = malloc (sizeof (float[X][Y]));
  float (*q)[Y] = malloc (sizeof (float[X][Y]));
  double sum = 0, h = 0;

  for (x = 0; x < X; x++)
    for (y = 0; y < Y; y++)
      p[x][y] = q[x][y] = (float) ((x * 31 + y * 7) % 13);
#pragma pacc pipeline targetinout(p) targettemp(q) size([slo:slen][clo:clen]) halo([1:1][1:1]) reduction(+:sum)
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = xlo; x < xhi; x++)
#pragma pacc loop dim(1)
        for (y = ylo; y < yhi; y++)
          q[x][y] = 0.25f * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
                             + p[x][y + 1]);
#pragma pacc loop dim(2)
      for (x = xlo; x < xhi; x++)
#pragma pacc loop dim(1)
        for (y = ylo; y < yhi; y++)
          {
            p[x][y] = q[x][y];
            sum += q[x][y];
          }
    }
  for (x = 0; x < X; x++)
    for (y = 0; y < Y; y++)
      h = h * 1.0000001 + p[x][y] * (x + 1) + y;
  printf ("%.17g %.17g\n", h, sum);
  free (p);
  free (q);
  return 0;
}
