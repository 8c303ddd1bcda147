/* The pipeline inside functions that take the arrays as parameters:
   pointer to VLA, flat pointer, and fixed-size array parameter.  */

#include "pacc-check.h"

#define FX 23
#define FY 19

static void
run_vla (int X, int Y, int T, float (*p)[Y], float (*q)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25f;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }
}

static void
run_flat (int X, int Y, int T, float *p, float *q)
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x * Y + y] = (p[(x - 1) * Y + y] + p[(x + 1) * Y + y]
                          + p[x * Y + y - 1] + p[x * Y + y + 1]) * 0.25f;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x * Y + y] = q[x * Y + y];
    }
}

static void
run_fixed (int T, float p[FX][FY], float q[FX][FY])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:FX][0:FY]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < FX - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < FY - 1; y++)
          q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25f;
#pragma pacc loop dim(2)
      for (x = 1; x < FX - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < FY - 1; y++)
          p[x][y] = q[x][y];
    }
}

int
main (void)
{
  int X = 37, Y = 53;
  float (*p)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*q)[Y] = pc_alloc (sizeof (float[X][Y]));
  float *fp = pc_alloc (sizeof (float) * 29 * 41);
  float *fq = pc_alloc (sizeof (float) * 29 * 41);
  float (*gp)[FY] = pc_alloc (sizeof (float[FX][FY]));
  float (*gq)[FY] = pc_alloc (sizeof (float[FX][FY]));

  pc_init_float (&p[0][0], (long) X * Y, 9);
  pc_init_float (&q[0][0], (long) X * Y, 10);
  run_vla (X, Y, 13, p, q);
  pc_dump_float ("vla.p", &p[0][0], (long) X * Y);

  pc_init_float (fp, 29L * 41, 11);
  pc_init_float (fq, 29L * 41, 12);
  run_flat (29, 41, 11, fp, fq);
  pc_dump_float ("flat.p", fp, 29L * 41);

  pc_init_float (&gp[0][0], (long) FX * FY, 13);
  pc_init_float (&gq[0][0], (long) FX * FY, 14);
  run_fixed (9, gp, gq);
  pc_dump_float ("fixed.p", &gp[0][0], (long) FX * FY);

  free (p); free (q); free (fp); free (fq); free (gp); free (gq);
  return 0;
}
