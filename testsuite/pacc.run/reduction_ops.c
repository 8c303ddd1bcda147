/* Reductions with + on double and long, * on double, & | ^ on unsigned
   and int, in a two-level nest with halo rows (their redundant rows must
   not count) and in a three-level one; two variables in one kernel, one
   variable updated by both kernels of a step, and kernels with more
   gangs than a GPU holds at once.  Written for reductions through slots
   (tried and reverted: benchmarks/RESULTS.md, "Reductions through
   slots"); it checks every operator an atomic update has, whatever form
   the kernels take.  Results equal the sequential run.  */

#include "pacc-check.h"

/* One pipeline per operator (a pipeline has one reduction clause), each
   of Jacobi steps on P.  */
static void
two_level (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  double sum = 0.25, prod = 1.0;
  long cnt = 3;
  unsigned ior = 0, ixor = 5;
  int iand = -1;

  pc_init_double (&p[0][0], (long) X * Y, seed);
  pc_init_double (&q[0][0], (long) X * Y, seed + 1);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(+:sum, cnt) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            q[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
                              + p[x][y + 1]);
            sum += q[x][y] * q[x][y];
            cnt += q[x][y] > 0.5;
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            sum += (q[x][y] - p[x][y]) * (q[x][y] - p[x][y]);
            p[x][y] = q[x][y];
          }
    }
  /* Powers of two: exact in any order.  */
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(*:prod) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            q[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
                              + p[x][y + 1]);
            prod *= (x * 5 + y * 3 + t) % 7 == 0 ? 2.0
                    : (x + y * 11 + t) % 5 == 0 ? 0.5 : 1.0;
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            p[x][y] = q[x][y];
          }
    }
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(|:ior) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            q[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
                              + p[x][y + 1]);
            ior |= 1u << ((x * 7 + y * 3 + t) % 31);
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            p[x][y] = q[x][y];
          }
    }
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(^:ixor) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            q[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
                              + p[x][y + 1]);
            ixor ^= (unsigned) (x * 131 + y * 17 + t);
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            ixor ^= (unsigned) y;
            p[x][y] = q[x][y];
          }
    }
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(&:iand) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            q[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
                              + p[x][y + 1]);
            iand &= ~(1 << ((x + y * 5 + t) % 29)) | (x % 3 ? -1 : 0);
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            p[x][y] = q[x][y];
          }
    }
  pc_reduction ("sum", sum);
  pc_reduction ("prod", prod);
  printf ("cnt %ld ior %08x ixor %08x iand %08x\n", cnt, ior, ixor,
          (unsigned) iand);
  pc_dump_double ("p", &p[0][0], (long) X * Y);
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
      res = 0;
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            {
              float v = (p[x - 1][y][z] + p[x + 1][y][z] + p[x][y - 1][z]
                         + p[x][y + 1][z] + p[x][y][z - 1] + p[x][y][z + 1])
                        * (1.0f / 6.0f);
              res += (double) (v - p[x][y][z]) * (double) (v - p[x][y][z]);
              odd += ((x + y + z + t) & 1);
              q[x][y][z] = v;
            }
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            p[x][y][z] = q[x][y][z];
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
  two_level (37, 29, 7, 900);
  two_level (1500, 9, 4, 910);
  three_level (21, 13, 11, 5, 920);
  three_level (300, 5, 7, 3, 930);
  return 0;
}
