/* Host kernels over PACC_HOST_THREADS threads: each thread takes a
   contiguous range of a sub-step's rows, so with 37 rows (35 inside) 2
   and 3 threads get ranges of unequal length, and a chunk's widened rows
   (k > 1) are split as well.  The stencil declares locals in its body
   and sets an outer scalar (each thread's own copy), on a flat pointer
   with a macro for the row length; old-C declarations at the top.  */
/* { dg-pacc-sweep "PACC_HOST_THREADS=1,2,3 PACC_K=1,3 PACC_CHUNKS=1,3 ; PACC_HOST_THREADS=3,7 PACC_K=2 PACC_CHUNKS=5 PACC_DEVICES=2 ; PACC_HOST_THREADS=2 PACC_K=- PACC_CHUNKS=- PACC_RESIDENT=0 ; PACC_HOST_THREADS=- PACC_K=- PACC_CHUNKS=-" } */
/* { dg-pacc-options "-g" } */

#include "pacc-check.h"

#define NX 37
#define NY 29
#define AT(a, x, y) a[(x) * NY + (y)]

int
main (void)
{
  double *p, *q;
  double w;
  int t, x, y;

  p = pc_alloc (sizeof (double) * NX * NY);
  q = pc_alloc (sizeof (double) * NX * NY);
  pc_init_double (p, (long) NX * NY, 11);
  pc_init_double (q, (long) NX * NY, 12);
  w = 0.0;

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:NX][0:NY]) halo([1:1][1:1])
  for (t = 0; t < 9; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < NX - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < NY - 1; y++)
          {
            double ns = AT (p, x - 1, y) + AT (p, x + 1, y);
            double ew = AT (p, x, y - 1) + AT (p, x, y + 1);
            w = 0.2 * (ns + ew) + 0.2 * AT (p, x, y);
            AT (q, x, y) = w;
          }
#pragma pacc loop dim(2)
      for (x = 1; x < NX - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < NY - 1; y++)
          AT (p, x, y) = AT (q, x, y);
    }

  pc_dump_double ("p", p, (long) NX * NY);
  free (p);
  free (q);
  return 0;
}
