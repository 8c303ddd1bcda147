/* Point sources in one dimension, where there is no fixed-row nest: the
   first program of an FDTD textbook (fixed-size arrays, a hard source
   `ez[0] = exp (...)' at the edge after the updates, a macro for the
   size), an additive source in the middle, and a flat pointer whose
   point is set from its neighbours, then a point that moves with t.  Each write must run in the chunk
   holding its element, in the step's order: results equal the
   sequential run's.  */

#include "pacc-check.h"

#define SIZE 200
#define IMP0 377.0
static double ez[SIZE], hy[SIZE];

static void
textbook (int maxtime)
{
  int mm, qtime;

  pc_init_double (ez, SIZE, 700);
  pc_init_double (hy, SIZE, 701);
#pragma pacc pipeline targetinout(ez, hy) size([0:SIZE]) halo([1:1]) async
  for (qtime = 0; qtime < maxtime; qtime++)
    {
#pragma pacc loop dim(1)
      for (mm = 0; mm < SIZE - 1; mm++)
        hy[mm] = hy[mm] + (ez[mm + 1] - ez[mm]) / IMP0;
#pragma pacc loop dim(1)
      for (mm = 1; mm < SIZE; mm++)
        ez[mm] = ez[mm] + (hy[mm] - hy[mm - 1]) * IMP0;
      ez[0] = exp (-(qtime - 30.) * (qtime - 30.) / 100.);
      ez[SIZE / 2] += 0.1 * sin (0.2 * qtime);
    }
  pc_dump_double ("textbook: ez", ez, SIZE);
  pc_dump_double ("textbook: hy", hy, SIZE);
}

static void
pointer (int n, int T, int ic, unsigned seed)
{
  float *u = pc_alloc (sizeof (float) * n);
  float *v = pc_alloc (sizeof (float) * n);
  float *tmp;
  int t, x, pos;

  pc_init_float (u, n, seed);
  pc_init_float (v, n, seed + 1);
#pragma pacc pipeline targetinout(u, v) size([0:n]) halo([3:2])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 1; x < n - 1; x++)
        v[x] = 0.25f * (u[x - 1] + 2.0f * u[x] + u[x + 1]);
      v[ic] = 0.5f * (v[ic - 1] + v[ic + 1]) + 0.125f * t;
      pos = 2 + t % (n - 4);
      v[pos] += 0.5f * v[pos - 1];
      tmp = u;
      u = v;
      v = tmp;
    }
  pc_dump_float ("pointer: u", u, n);
  free (u);
  free (v);
}

int
main (void)
{
  textbook (90);
  pointer (301, 27, 150, 710);
  pointer (12, 9, 1, 720);
  return 0;
}
