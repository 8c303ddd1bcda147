/* Point writes under a condition on the time step, as sources switched
   on for the first T0 steps or every few steps are written:
   `if (t < T0) ez[ic][jc] = pulse;', with an `else' writing another
   point, a block of two writes under one `if', and a condition on a
   scalar the step computes, in a step function called from the region
   (static, flat arrays, sizes from macros).  Every chunk holding the
   row evaluates the condition for its sub-step: results equal the
   sequential run's.  */

#include "pacc-check.h"

#define X 40
#define Y 24
#define T0 7

static void
cond_2d (int T, unsigned seed)
{
  int t, i, j;
  double (*ez)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*hy)[Y] = pc_alloc (sizeof (double[X][Y]));
  double pulse;

  pc_init_double (&ez[0][0], X * Y, seed);
  pc_init_double (&hy[0][0], X * Y, seed + 1);

#pragma pacc pipeline targetinout(ez, hy) size([0:X][0:Y]) halo([1:1][0:0]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (i = 0; i < X - 1; i++)
#pragma pacc loop dim(1)
        for (j = 0; j < Y; j++)
          hy[i][j] += 0.5 * (ez[i + 1][j] - ez[i][j]);
#pragma pacc loop dim(2)
      for (i = 1; i < X; i++)
#pragma pacc loop dim(1)
        for (j = 0; j < Y; j++)
          ez[i][j] += 0.5 * (hy[i][j] - hy[i - 1][j]);
      pulse = exp (-(t - 3.0) * (t - 3.0) / 4.0);
      if (t < T0)
        ez[X / 2][Y / 2] = pulse;
      else
        ez[X / 4][3] += 0.5 * pulse;
      if (t % 3 == 1)
        {
          hy[5][0] = 1.0;
          ez[X - 1][Y - 1] = -pulse;
        }
    }

  pc_dump_double ("cond 2d: ez", &ez[0][0], X * Y);
  pc_dump_double ("cond 2d: hy", &hy[0][0], X * Y);
  free (ez);
  free (hy);
}

#define AT(i, j) ((i) * Y + (j))

static void
step (float *p, float *q, int t, int on)
{
  int x, y;
#pragma pacc loop dim(2)
  for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
    for (y = 1; y < Y - 1; y++)
      q[AT (x, y)] = 0.25f * (p[AT (x - 1, y)] + p[AT (x + 1, y)]
                              + p[AT (x, y - 1)] + p[AT (x, y + 1)]);
  if (on)
    q[AT (X / 3, 2)] = (float) t;
#pragma pacc loop dim(2)
  for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
    for (y = 1; y < Y - 1; y++)
      p[AT (x, y)] = q[AT (x, y)];
}

static void
cond_flat (int T, unsigned seed)
{
  float *p = pc_alloc (sizeof (float) * X * Y);
  float *q = pc_alloc (sizeof (float) * X * Y);
  int t, on;

  pc_init_float (p, X * Y, seed);
  pc_init_float (q, X * Y, seed + 1);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
      on = t >= 2 && t < 2 + T0;
      step (p, q, t, on);
    }

  pc_dump_float ("cond flat: p", p, X * Y);
  free (p);
  free (q);
}

int
main (void)
{
  cond_2d (19, 600);
  cond_flat (17, 610);
  return 0;
}
