/* Host statements of the time step that write one element of a
   pipelined array (point sources): 2-D arrays indexed a[i][j], through
   pointers to VLA rows and as fixed-size globals, `=' and `+=', the
   value from sin (t * dt) through a scalar of the step, points on the
   first and last rows and next to chunk edges, read by the next nest at
   offsets and read themselves at a neighbouring point (which the halo
   must cover: one more row below).  Each write must
   happen in the chunk holding its row, in the step's order: results
   equal the sequential run's.  */

#include "pacc-check.h"

static void
fdtd (int X, int Y, int T, int ic, int jc, unsigned seed)
{
  int t, i, j;
  double (*ez)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*hy)[Y] = pc_alloc (sizeof (double[X][Y]));
  double dt = 0.05, s;
  char name[64];

  pc_init_double (&ez[0][0], (long) X * Y, seed);
  pc_init_double (&hy[0][0], (long) X * Y, seed + 1);

#pragma pacc pipeline targetinout(ez, hy) size([0:X][0:Y]) halo([2:1][0:0]) async
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
      s = sin (t * dt);
      ez[ic][jc] = s;
      ez[0][jc] += 0.25 * s;
      ez[X - 1][Y - 1] = 0.5 * ez[X - 2][Y - 1] + hy[X - 2][0];
    }

  snprintf (name, sizeof name, "fdtd %dx%d, %d steps, (%d,%d): ez", X, Y, T,
            ic, jc);
  pc_dump_double (name, &ez[0][0], (long) X * Y);
  snprintf (name, sizeof name, "fdtd %dx%d, %d steps, (%d,%d): hy", X, Y, T,
            ic, jc);
  pc_dump_double (name, &hy[0][0], (long) X * Y);
  free (ez);
  free (hy);
}

/* Fixed-size globals, a Jacobi step into a temporary: the source is
   read across by the next step's stencil, at every offset.  */
#define NX 37
#define NY 21
static float p[NX][NY], q[NX][NY];

static void
jacobi (int T, unsigned seed)
{
  int t, x, y;
  const int x0 = NX / 3, y0 = 4;
  float amp;

  pc_init_float (&p[0][0], (long) NX * NY, seed);
  pc_init_float (&q[0][0], (long) NX * NY, seed + 1);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:NX][0:NY]) halo([2:1][1:1])
  for (t = 0; t < T; t++)
    {
      amp = 1.0f + 0.5f * (float) t;
      p[x0][y0] += amp;
#pragma pacc loop dim(2)
      for (x = 1; x < NX - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < NY - 1; y++)
          q[x][y] = 0.25f * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
                             + p[x][y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < NX - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < NY - 1; y++)
          p[x][y] = q[x][y];
      p[x0 + 1][y0] = p[x0][y0] * 0.5f;
    }

  pc_dump_float ("jacobi: p", &p[0][0], (long) NX * NY);
}

/* A source that moves: its row read into a scalar from a copyin table
   at each step, then written there.  */
static void
moving (int X, int Y, int T, unsigned seed)
{
  int t, x, y, ic;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  int *pos = pc_alloc (sizeof (int) * T);

  for (t = 0; t < T; t++)
    pos[t] = (t * 7) % (X - 2) + 1;
  pc_init_double (&p[0][0], (long) X * Y, seed);
  pc_init_double (&q[0][0], (long) X * Y, seed + 1);

#pragma pacc pipeline targetinout(p) targettemp(q) copyin(pos[0:T]) size([0:X][0:Y]) halo([1:1][0:0])
  for (t = 0; t < T; t++)
    {
      ic = pos[t];
      p[ic][Y / 2] = t;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          q[x][y] = 0.5 * (p[x - 1][y] + p[x + 1][y]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          p[x][y] = q[x][y];
    }

  pc_dump_double ("moving: p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
  free (pos);
}

int
main (void)
{
  moving (30, 12, 16, 340);
  fdtd (41, 17, 23, 20, 8, 300);
  fdtd (9, 5, 11, 1, 0, 310);
  fdtd (60, 7, 19, 59, 6, 320);
  jacobi (17, 330);
  return 0;
}
