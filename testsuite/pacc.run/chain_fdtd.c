/* Two or three kernels per step where a later one reads an earlier one's
   output at an offset (FDTD's H and E updates): the per-step reach is the
   sum along the chain.  Region 1: h[x][y] from e[x+1], e[x][y+1]; then
   e[x][y] from h[x-1], h[x][y-1]: reach [1:1][1:1].  Region 2: 2-D TE Yee
   scheme (Hz, then Ex and Ey).  */

#include "pacc-check.h"

static void
run_eh (int X, int Y, int T)
{
  int t, x, y;
  double (*e)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*h)[Y] = pc_alloc (sizeof (double[X][Y]));

  pc_init_double (&e[0][0], (long) X * Y, 140);
  pc_init_double (&h[0][0], (long) X * Y, 141);

#pragma pacc pipeline targetinout(e, h) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y - 1; y++)
          h[x][y] = h[x][y] + 0.25 * (e[x + 1][y] - e[x][y])
                    + 0.25 * (e[x][y + 1] - e[x][y]);
#pragma pacc loop dim(2)
      for (x = 1; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y; y++)
          e[x][y] = e[x][y] + 0.25 * (h[x][y] - h[x - 1][y])
                    + 0.25 * (h[x][y] - h[x][y - 1]);
    }

  pc_dump_double ("eh e", &e[0][0], (long) X * Y);
  pc_dump_double ("eh h", &h[0][0], (long) X * Y);
  free (e);
  free (h);
}

static void
run_te (int X, int Y, int T)
{
  int t, x, y;
  float (*ex)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*ey)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*hz)[Y] = pc_alloc (sizeof (float[X][Y]));

  pc_init_float (&ex[0][0], (long) X * Y, 142);
  pc_init_float (&ey[0][0], (long) X * Y, 143);
  pc_init_float (&hz[0][0], (long) X * Y, 144);

#pragma pacc pipeline targetinout(ex, ey, hz) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y - 1; y++)
          hz[x][y] = hz[x][y] + 0.5f * ((ex[x][y + 1] - ex[x][y])
                                        - (ey[x + 1][y] - ey[x][y]));
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y; y++)
          ex[x][y] = ex[x][y] + 0.5f * (hz[x][y] - hz[x][y - 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          ey[x][y] = ey[x][y] - 0.5f * (hz[x][y] - hz[x - 1][y]);
    }

  pc_dump_float ("te ex", &ex[0][0], (long) X * Y);
  pc_dump_float ("te ey", &ey[0][0], (long) X * Y);
  pc_dump_float ("te hz", &hz[0][0], (long) X * Y);
  free (ex);
  free (ey);
  free (hz);
}

int
main (void)
{
  run_eh (41, 29, 16);
  run_te (37, 23, 14);
  return 0;
}
