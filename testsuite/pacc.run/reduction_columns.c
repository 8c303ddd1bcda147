/* Copy-like loops with a reduction: segmented, every load first, the
   gangs' partials through slots (lower-columns.cc, lower-slots.cc).  A
   Jacobi copy-back with its residual (`+=' and `r = r + ...'), a loop
   that only reduces, a relaxation that reads and writes the same element
   of P, a user's condition around an update, two variables in one loop,
   a stencil whose residual reads the element it stored; int, long and
   unsigned with + * & | ^, float and int with min; two- and three-level
   nests with halo rows (their redundant rows must not count), rows of
   one to three segments, and more gangs than slots.  Results equal the
   sequential run.  */

#include "pacc-check.h"

static void
two_level (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  double res = 0, res2 = 0.5, all = 0;
  long pos = 7;
  unsigned bits = 0, mix = 3;
  int mask = -1;

  pc_init_double (&p[0][0], (long) X * Y, seed);
  pc_init_double (&q[0][0], (long) X * Y, seed + 1);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([2:2][2:2]) reduction(+:res, res2, all, pos) async
  for (t = 0; t < T; t++)
    {
      res = 0;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
                            + p[x][y + 1]);
      /* The copy-back with its residual, and a count.  */
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            res += (q[x][y] - p[x][y]) * (q[x][y] - p[x][y]);
            pos = pos + (q[x][y] > p[x][y]);
            p[x][y] = q[x][y];
          }
      /* Only a reduction, under the user's condition.  */
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          if (y % 3 != 1)
            all += p[x][y] * 0.5;
      /* Read and write the same element: over-relaxation.  */
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            q[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
                              + p[x][y + 1]);
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            res2 = res2 + (q[x][y] - p[x][y]) * (q[x][y] - p[x][y]);
            p[x][y] = 0.5 * p[x][y] + 0.5 * q[x][y];
          }
    }
  /* Integer operators on a copy-back.  */
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(|:bits) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = 0.5 * (p[x - 1][y] + p[x + 1][y]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            bits |= 1u << ((x * 7 + y * 3 + t) % 31);
            p[x][y] = q[x][y];
          }
    }
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(^:mix) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = 0.5 * (p[x][y - 1] + p[x][y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            p[x][y] = q[x][y];
            mix ^= (unsigned) (x * 131 + y * 17 + t) * (q[x][y] > 0);
          }
    }
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(&:mask) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = 0.5 * (p[x - 1][y] + p[x][y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            mask &= ~(1 << ((x + y * 5 + t) % 29)) | (x % 3 ? -1 : 0);
            p[x][y] = q[x][y];
          }
    }
  pc_reduction ("res", res);
  pc_reduction ("res2", res2);
  pc_reduction ("all", all);
  printf ("pos %ld bits %08x mix %08x mask %08x\n", pos, bits, mix,
          (unsigned) mask);
  pc_dump_double ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

/* Rows of three segments (1024 columns each), in floats so that a
   chunk fits the sweep's smallest device memory.  */
static void
wide (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  float (*p)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*q)[Y] = pc_alloc (sizeof (float[X][Y]));
  double res = 0;
  unsigned mix = 0;

  pc_init_float (&p[0][0], (long) X * Y, seed);
  pc_init_float (&q[0][0], (long) X * Y, seed + 1);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(+:res) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = 0.25f * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
                             + p[x][y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            res += (double) ((q[x][y] - p[x][y]) * (q[x][y] - p[x][y]));
            p[x][y] = q[x][y];
          }
    }
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(^:mix) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = 0.5f * (p[x][y - 1] + p[x][y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            mix ^= (unsigned) (x * 131 + y * 17 + t) * (q[x][y] > 0);
            p[x][y] = q[x][y];
          }
    }
  pc_reduction ("res", res);
  printf ("mix %08x\n", mix);
  pc_dump_float ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

/* A stencil whose residual reads the element it stored (the update
   takes the stored value), and min on float and int through the slots'
   compare-and-swap.  */
static void
forwarded (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  float (*p)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*q)[Y] = pc_alloc (sizeof (float[X][Y]));
  double res = 0;
  float lo = 1e30f;
  int ilo = 1 << 30;

  pc_init_float (&p[0][0], (long) X * Y, seed);
  pc_init_float (&q[0][0], (long) X * Y, seed + 1);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(+:res) async
  for (t = 0; t < T; t++)
    {
      res = 0;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            q[x][y] = 0.25f * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
                               + p[x][y + 1]);
            res += (double) (q[x][y] - p[x][y]) * (q[x][y] - p[x][y]);
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(min:lo, ilo) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            q[x][y] = 0.5f * (p[x - 1][y] + p[x + 1][y]) - 0.001f * t;
            lo = lo < q[x][y] ? lo : q[x][y];
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            ilo = ilo < (x * 37 + y * 11 + t) % 1009 ? ilo
                  : (x * 37 + y * 11 + t) % 1009;
            p[x][y] = q[x][y];
          }
    }
  pc_reduction ("res", res);
  pc_reduction ("lo", lo);
  printf ("ilo %d\n", ilo);
  pc_dump_float ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

static void
three_level (int X, int Y, int Z, int T, unsigned seed)
{
  int t, x, y, z;
  float (*p)[Y][Z] = pc_alloc (sizeof (float[X][Y][Z]));
  float (*q)[Y][Z] = pc_alloc (sizeof (float[X][Y][Z]));
  double res = 0;
  int odd = 0;

  pc_init_float (&p[0][0][0], (long) X * Y * Z, seed);
  pc_init_float (&q[0][0][0], (long) X * Y * Z, seed + 1);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y][0:Z]) halo([1:1][1:1][1:1]) reduction(+:res, odd) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            q[x][y][z] = (p[x - 1][y][z] + p[x + 1][y][z] + p[x][y - 1][z]
                          + p[x][y + 1][z] + p[x][y][z - 1]
                          + p[x][y][z + 1]) * (1.0f / 6.0f);
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            {
              res += (double) (q[x][y][z] - p[x][y][z])
                     * (double) (q[x][y][z] - p[x][y][z]);
              odd += (x + y + z + t) & 1;
              p[x][y][z] = q[x][y][z];
            }
    }
  pc_reduction ("res", res);
  printf ("odd %d\n", odd);
  pc_dump_float ("p", &p[0][0][0], (long) X * Y * Z);
  free (p);
  free (q);
}

int
main (void)
{
  two_level (37, 29, 7, 1900);
  two_level (1500, 9, 4, 1910);
  wide (11, 2100, 3, 1920);
  forwarded (37, 29, 6, 1925);
  forwarded (1500, 9, 3, 1926);
  three_level (21, 13, 11, 5, 1930);
  three_level (300, 5, 7, 3, 1940);
  three_level (5, 4, 1100, 3, 1950);
  return 0;
}
