/* Reductions with && and || on int, unsigned char and _Bool variables,
   and + and * on _Bool: the chunks' partials, combined
   after the blocks, were built with the C front end's && and || (which
   left trees the gimplifier did not know: an internal compiler error)
   and refused _Bool operands.  Results equal the sequential run.  */

#include "pacc-check.h"

static void
logical (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  float (*p)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*q)[Y] = pc_alloc (sizeof (float[X][Y]));
  int ai = 1;
  unsigned char ac = 1;
  _Bool ab = 1;

  pc_init_float (&p[0][0], (long) X * Y, seed);
  pc_init_float (&q[0][0], (long) X * Y, seed + 1);

#pragma pacc pipeline targetinout(p, q) size([0:X][0:Y]) halo([1:1][0:0]) reduction(&&:ai, ac, ab) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          {
            q[x][y] = 0.5f * (p[x - 1][y] + p[x + 1][y]);
            ai = ai && q[x][y] < 2.0f;
            ac = ac && q[x][y] >= 0.0f;
            ab = ab && q[x][y] > 0.001f;
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          p[x][y] = q[x][y];
    }
  printf ("&&: %d %d %d\n", ai, ac, ab);

  int oi = 0;
  unsigned char oc = 0;
  _Bool ob = 0;
#pragma pacc pipeline targetinout(p, q) size([0:X][0:Y]) halo([1:1][0:0]) reduction(||:oi, oc, ob) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          {
            q[x][y] = 0.5f * (p[x - 1][y] + p[x + 1][y]);
            oi = oi || q[x][y] > 0.9f;
            oc = oc || (x * 3 + y + t) % 101 == 7;
            ob = ob || q[x][y] < 0.0f;
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          p[x][y] = q[x][y];
    }
  printf ("||: %d %d %d\n", oi, oc, ob);

  _Bool sb = 0;
#pragma pacc pipeline targetinout(p) size([0:X][0:Y]) reduction(+:sb)
  for (t = 0; t < T; t++)
    {
      sb = 0;
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          sb += p[x][y] > 0.5f;
    }
  _Bool mb = 1;
#pragma pacc pipeline targetinout(p) size([0:X][0:Y]) reduction(*:mb)
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          mb *= p[x][y] < 2.0f;
    }
  printf ("_Bool + *: %d %d\n", sb, mb);
  free (p);
  free (q);
}

int
main (void)
{
  logical (23, 37, 6, 700);
  logical (40, 5, 9, 710);
  return 0;
}
