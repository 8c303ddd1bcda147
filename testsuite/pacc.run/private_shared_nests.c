/* Several nests of one step share the same temporaries, of several
   arithmetic types; one temporary is set per row, before the inner loop,
   and read in it (its copy belongs to the row); the last nest sets its
   own `k' in the row and again in the column loop (two copies).  Pointers
   to VLA rows; built with -g (and -O2) for PACC.  */
/* { dg-pacc-options "-g" } */

#include "pacc-check.h"

int
main (void)
{
  int X = 43, Y = 31, T = 9;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*r)[Y] = pc_alloc (sizeof (double[X][Y]));
  double tmp, rowc;
  float f;
  long k;
  int m;
  unsigned char uc;
  short sh;
  unsigned long ul;
  long long ll;
  _Bool flag;
  int t, x, y;

  pc_init_double (&p[0][0], (long) X * Y, 454);
  pc_init_double (&q[0][0], (long) X * Y, 455);
  pc_init_double (&r[0][0], (long) X * Y, 456);

#pragma pacc pipeline targetinout(p) targettemp(q, r) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            tmp = p[x - 1][y] + p[x + 1][y];
            m = (x + y) % 3;
            uc = (unsigned char) (x * 7 + y);
            sh = (short) (m - 1);
            ul = (unsigned long) uc % 5;
            f = (float) tmp;
            ll = (long long) x * y - 100;
            flag = tmp > 0.5;
            q[x][y] = f + 0.5 * tmp + m + sh + ul * 0.125 + ll * 0.001 + flag;
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
        {
          rowc = 0.001 * x;
#pragma pacc loop dim(1)
          for (y = 1; y < Y - 1; y++)
            {
              tmp = q[x][y] + p[x][y - 1];
              r[x][y] = 0.25 * tmp + rowc;
            }
        }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
        {
          k = x % 4;
#pragma pacc loop dim(1)
          for (y = 1; y < Y - 1; y++)
            {
              tmp = r[x][y] * 0.5;
              p[x][y] = tmp + 0.01 * k;
            }
#pragma pacc loop dim(1)
          for (y = 1; y < Y - 1; y++)
            {
              k = y % 3;
              p[x][y] += 0.001 * k;
            }
        }
    }

  pc_dump_double ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
  free (r);
  return 0;
}
