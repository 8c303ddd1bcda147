/* The host back end splits a copy of 8 MiB or more into 1 MiB blocks
   over PACC_HOST_THREADS threads (pacc_host_copy): here each array is
   1203 x 1201 doubles (11.0 MiB, not a whole number of blocks), so a
   resident chunk's load and write-back are split, the last block short,
   with 2, 3 and 5 threads; out of core the chunks of one or two buffers
   are split too, and the thin ones are not.  Fixed-size arrays behind a
   pointer to rows; sizes as macros.  */
/* { dg-pacc-sweep "PACC_HOST_THREADS=1,2,3,5 PACC_CHUNKS=1,2 PACC_K=2 ; PACC_HOST_THREADS=3 PACC_K=- PACC_CHUNKS=- ; PACC_HOST_THREADS=2,3 PACC_DEVICE_MEMORY=30M PACC_K=2" } */

#include "pacc-check.h"

#define NX 1203
#define NY 1201

int
main (void)
{
  double (*p)[NY], (*q)[NY];
  int t, x, y;

  p = pc_alloc (sizeof (double) * NX * NY);
  q = pc_alloc (sizeof (double) * NX * NY);
  pc_init_double (&p[0][0], (long) NX * NY, 21);
  pc_init_double (&q[0][0], (long) NX * NY, 22);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:NX][0:NY]) halo([1:1][1:1])
  for (t = 0; t < 5; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < NX - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < NY - 1; y++)
          q[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
                            + p[x][y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < NX - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < NY - 1; y++)
          p[x][y] = q[x][y];
    }

  pc_dump_double ("p", &p[0][0], (long) NX * NY);
  free (p);
  free (q);
  return 0;
}
