/* The forms of a reduction's update that the region check accepts
   (plugin/check-kernel.cc, red_form), each with the sequential answer:
   s = s + e, s = e + s, s -= e and several terms for +; s = s * e for *;
   fmax (e, s), fmaxf, s > e ? s : e and e < s ? s : e for max (double,
   float and int); fmin and the comparisons for min; s = s && e and
   s = e || s for && and || (int and _Bool).  Nests also call math
   functions (sqrt, exp, pow, fabs), which only set errno.  */

#include "pacc-check.h"

static void
sums (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  double s1 = 0.5, s2 = 0.25, pr = 1.0;

  pc_init_double (&p[0][0], (long) X * Y, seed);
  pc_init_double (&q[0][0], (long) X * Y, seed + 1);
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(+:s1, s2) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25;
            s1 = s1 + fabs (q[x][y]);
            s2 = 0.5 * q[x][y] + s2;
            s1 -= 0.125;
            s2 = s2 + sqrt (fabs (q[x][y])) - exp (-fabs (q[x][y]))
                 + pow (q[x][y], 2.0);
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }
  pc_reduction ("s1", s1);
  pc_reduction ("s2", s2);
  /* Powers of two: exact in any order.  */
#pragma pacc pipeline targetinout(p) size([0:X][0:Y]) halo([0:0][0:0]) reduction(*:pr)
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          pr = pr * ((x * 5 + y * 3 + t) % 13 == 0 ? 2.0
                     : (x + y * 7 + t) % 11 == 0 ? 0.5 : 1.0);
    }
  pc_reduction ("pr", pr);
  pc_dump_double ("sums p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

static void
extremes (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double m1 = -8, m2 = -8, m3 = -8, n1 = 8, n2 = 8;
  float f1 = -8.0f;
  int im = -5, in = 1 << 30;

  pc_init_double (&p[0][0], (long) X * Y, seed);
#pragma pacc pipeline targetinout(p) size([0:X][0:Y]) halo([0:0][0:0]) reduction(max:m1, m2, m3, f1, im)
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          {
            double v = p[x][y] + t * 0.0625;
            m1 = fmax (v, m1);
            m2 = m2 > v ? m2 : v;
            m3 = v < m3 ? m3 : v;
            f1 = fmaxf (f1, (float) v);
            im = im > (x * 3 + y * 7 + t) % 101 ? im
                 : (x * 3 + y * 7 + t) % 101;
          }
    }
#pragma pacc pipeline targetinout(p) size([0:X][0:Y]) halo([0:0][0:0]) reduction(min:n1, n2, in)
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          {
            n1 = fmin (n1, p[x][y] - t * 0.0625);
            n2 = n2 < p[x][y] ? n2 : p[x][y];
            in = (x * 3 + y * 7 + t) % 101 + 1 < in
                 ? (x * 3 + y * 7 + t) % 101 + 1 : in;
          }
    }
  pc_reduction ("m1", m1);
  pc_reduction ("m2", m2);
  pc_reduction ("m3", m3);
  pc_reduction ("f1", f1);
  pc_reduction ("n1", n1);
  pc_reduction ("n2", n2);
  printf ("im %d in %d\n", im, in);
  free (p);
}

static void
logicals (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  int all = 1, any = 0;
  _Bool ball = 1, bany = 0;

  pc_init_double (&p[0][0], (long) X * Y, seed);
#pragma pacc pipeline targetinout(p) size([0:X][0:Y]) halo([0:0][0:0]) reduction(&&:all, ball)
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          {
            all = all && p[x][y] < 2.0;
            ball = ball && p[x][y] + t < 3.0;
          }
    }
#pragma pacc pipeline targetinout(p) size([0:X][0:Y]) halo([0:0][0:0]) reduction(||:any, bany)
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          {
            any = p[x][y] > 1.99 || any;
            bany = bany || p[x][y] < -2.5;
          }
    }
  printf ("&& %d %d || %d %d\n", all, ball, any, bany);
  free (p);
}

int
main (void)
{
  sums (37, 53, 9, 80);
  extremes (31, 43, 7, 81);
  logicals (29, 41, 5, 82);
  return 0;
}
