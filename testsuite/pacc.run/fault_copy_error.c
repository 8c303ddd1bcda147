/* A copy that fails (PACC_FAULT=copy:N makes the Nth one fail) stops the
   program with a message naming the operation, the array, the chunk, the
   block and the queue, on one device or with worker threads on two, and
   never hangs (the harness's time limit catches a hang).  */
/* { dg-pacc-sweep "PACC_FAULT=copy:1,copy:3,copy:8 PACC_DEVICES=1,2 PACC_WORKERS=0,1 PACC_CHUNKS=4" } */
/* { dg-pacc-run-error "pacc: .*fault_copy_error.c:[0-9]+: copy failed while (loading a chunk|writing a chunk back|copying halo rows) \(array '[pq]', chunk [0-9]+, block [0-9]+, queue [0-9]+, [0-9]+ bytes\) \(injected by PACC_FAULT=copy:[0-9]+\)" } */

#include "pacc-check.h"

int
main (void)
{
  int X = 40, Y = 8, t, x, y;
  float (*p)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*q)[Y] = pc_alloc (sizeof (float[X][Y]));

  pc_init_float (&p[0][0], (long) X * Y, 1200);
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][0:0]) async
  for (t = 0; t < 6; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          q[x][y] = 0.5f * (p[x - 1][y] + p[x + 1][y]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          p[x][y] = q[x][y];
    }
  pc_dump_float ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
  return 0;
}
