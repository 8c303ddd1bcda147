/* Both bounds of the inner loop in `const' locals of the outer loop's
   body, one read through the other (`const int last = first + Y - 3;'),
   flat pointers, declarations at the top of a static function, sizes in
   variables: the host's checks read them through their definitions
   (issue 48: an internal compiler error at -O2 before).  */

#include "pacc-check.h"

static void
run (float *p, float *q, int X, int Y, int steps)
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < steps; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
        {
          const int first = 1;
          const int last = first + Y - 3;
#pragma pacc loop dim(1)
          for (y = first; y <= last; y++)
            q[x * Y + y] = 0.2f * (p[x * Y + y] + p[(x - 1) * Y + y]
                                   + p[(x + 1) * Y + y] + p[x * Y + y - 1]
                                   + p[x * Y + y + 1]);
        }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
        {
          const int first = 1;
          const int last = first + Y - 3;
#pragma pacc loop dim(1)
          for (y = first; y <= last; y++)
            p[x * Y + y] = q[x * Y + y];
        }
    }
}

int
main (void)
{
  int X = 37, Y = 21;
  float *p = pc_alloc (sizeof (float) * (size_t) (X * Y));
  float *q = pc_alloc (sizeof (float) * (size_t) (X * Y));

  pc_init_float (p, (long) X * Y, 4811);
  pc_init_float (q, (long) X * Y, 4812);
  run (p, q, X, Y, 9);
  pc_dump_float ("p", p, (long) X * Y);
  free (p);
  free (q);
  return 0;
}
