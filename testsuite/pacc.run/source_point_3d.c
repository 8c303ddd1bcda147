/* Point sources in 3-D: `p[ic][jc][kc] = v' through a pointer to VLA
   planes, `+=' into a fixed-size global array, and a flat
   `u[(i * Y + j) * Z + k]' written at a point given by parameters, each
   read across by a 7-point step.  Results must equal the sequential
   run's.  */

#include "pacc-check.h"

static void
vla (int X, int Y, int Z, int T, int ic, int jc, int kc, unsigned seed)
{
  int t, x, y, z;
  double (*p)[Y][Z] = pc_alloc (sizeof (double[X][Y][Z]));
  double (*q)[Y][Z] = pc_alloc (sizeof (double[X][Y][Z]));
  double v;
  char name[64];

  pc_init_double (&p[0][0][0], (long) X * Y * Z, seed);
  pc_init_double (&q[0][0][0], (long) X * Y * Z, seed + 1);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y][0:Z]) halo([1:1][1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            q[x][y][z] = (p[x - 1][y][z] + p[x + 1][y][z] + p[x][y - 1][z]
                          + p[x][y + 1][z] + p[x][y][z - 1] + p[x][y][z + 1])
                         / 6.0;
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            p[x][y][z] = q[x][y][z];
      v = cos (0.2 * t) * 4.0;
      p[ic][jc][kc] = v;
    }

  snprintf (name, sizeof name, "vla %dx%dx%d (%d,%d,%d): p", X, Y, Z, ic, jc,
            kc);
  pc_dump_double (name, &p[0][0][0], (long) X * Y * Z);
  free (p);
  free (q);
}

#define N1 19
#define N2 9
#define N3 11
static float a[N1][N2][N3], b[N1][N2][N3];

static void
fixed (int T, unsigned seed)
{
  int t, x, y, z;

  pc_init_float (&a[0][0][0], N1 * N2 * N3, seed);
  pc_init_float (&b[0][0][0], N1 * N2 * N3, seed + 1);

#pragma pacc pipeline targetinout(a, b) size([0:N1][0:N2][0:N3]) halo([1:1][1:1][1:1])
  for (t = 0; t < T; t++)
    {
      a[N1 / 2][N2 / 2][N3 / 2] += 1.0f + t;
#pragma pacc loop dim(3)
      for (x = 1; x < N1 - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < N2 - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < N3 - 1; z++)
            b[x][y][z] = 0.5f * a[x][y][z]
                         + 0.0625f * (a[x - 1][y][z] + a[x + 1][y][z]
                                      + a[x][y - 1][z] + a[x][y + 1][z]);
      b[1][1][1] = b[1][2][1];
#pragma pacc loop dim(3)
      for (x = 1; x < N1 - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < N2 - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < N3 - 1; z++)
            a[x][y][z] = b[x][y][z] + 0.125f * (b[x][y][z - 1] + b[x][y][z + 1]);
    }

  pc_dump_float ("fixed: a", &a[0][0][0], N1 * N2 * N3);
  pc_dump_float ("fixed: b", &b[0][0][0], N1 * N2 * N3);
}

static void
flat (int X, int Y, int Z, int T, int ic, int jc, int kc, unsigned seed)
{
  double *u = pc_alloc (sizeof (double) * X * Y * Z);
  double *w = pc_alloc (sizeof (double) * X * Y * Z);
  int t, i, j, k;

  pc_init_double (u, (long) X * Y * Z, seed);
  pc_init_double (w, (long) X * Y * Z, seed + 1);

#pragma pacc pipeline targetinout(u) targettemp(w) size([0:X][0:Y][0:Z]) halo([1:1][1:1][1:1])
  for (t = 0; t < T; t++)
    {
      u[(ic * Y + jc) * Z + kc] = sin (0.1 * t);
#pragma pacc loop dim(3)
      for (i = 1; i < X - 1; i++)
#pragma pacc loop dim(2)
        for (j = 1; j < Y - 1; j++)
#pragma pacc loop dim(1)
          for (k = 1; k < Z - 1; k++)
            w[(i * Y + j) * Z + k]
              = (u[((i - 1) * Y + j) * Z + k] + u[((i + 1) * Y + j) * Z + k]
                 + u[(i * Y + j - 1) * Z + k] + u[(i * Y + j + 1) * Z + k]
                 + u[(i * Y + j) * Z + k - 1] + u[(i * Y + j) * Z + k + 1])
                / 6.0;
#pragma pacc loop dim(3)
      for (i = 1; i < X - 1; i++)
#pragma pacc loop dim(2)
        for (j = 1; j < Y - 1; j++)
#pragma pacc loop dim(1)
          for (k = 1; k < Z - 1; k++)
            u[(i * Y + j) * Z + k] = w[(i * Y + j) * Z + k];
    }

  pc_dump_double ("flat: u", u, (long) X * Y * Z);
  free (u);
  free (w);
}

int
main (void)
{
  vla (23, 11, 9, 13, 11, 5, 4, 500);
  vla (6, 5, 4, 7, 1, 1, 2, 510);
  fixed (12, 520);
  flat (21, 10, 8, 11, 10, 3, 6, 530);
  flat (25, 6, 7, 9, 24, 0, 6, 540);
  return 0;
}
