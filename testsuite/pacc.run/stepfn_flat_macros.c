/* The time step calls two functions, a stencil and a copy-back (a
   `static inline' one that ends in `return;'), on flat `double *'
   arrays indexed through a macro, with scalar arguments: a coefficient,
   the step number and the sizes.  Declarations at the top, sizes as
   macros; built with -flto (issue 45 item 2).  */
/* { dg-pacc-options "-flto" } */

#include <stdio.h>
#include <stdlib.h>

#define NX 61
#define NY 37
#define IDX(x, y) ((x) * NY + (y))

static inline void
copy_back (double *dst, const double *src, int nx, int ny)
{
  int i, j;
#pragma pacc loop dim(2)
  for (i = 1; i < nx - 1; i++)
#pragma pacc loop dim(1)
    for (j = 1; j < ny - 1; j++)
      dst[IDX (i, j)] = src[IDX (i, j)];
  return;
}

void
smooth (double *dst, const double *src, double c, int step)
{
  int i, j;
#pragma pacc loop dim(2)
  for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(1)
    for (j = 1; j < NY - 1; j++)
      dst[IDX (i, j)] = src[IDX (i, j)]
			+ c * (src[IDX (i - 1, j)] + src[IDX (i + 1, j)]
			       + src[IDX (i, j - 1)] + src[IDX (i, j + 1)]
			       - 4.0 * src[IDX (i, j)])
			+ 1e-3 * step;
}

int
main (void)
{
  double *p, *q, s;
  int t, i, T = 19;

  p = malloc (sizeof (double) * NX * NY);
  q = malloc (sizeof (double) * NX * NY);
  for (i = 0; i < NX * NY; i++)
    p[i] = q[i] = (i * 13 % 17) * 0.5;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:NX][0:NY]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
      smooth (q, p, 0.125, t + 1);
      copy_back (p, q, NX, NY);
    }
  s = 0;
  for (i = 0; i < NX * NY; i++)
    s += p[i] * (i % 7 + 1);
  printf ("p: %.17g\n", s);
  free (p);
  free (q);
  return 0;
}
