/* Rodinia style: flat arrays, the linear index in a local of the nest's
   body (`int i = x * Y + y;'), declarations at the top of the function,
   sizes in macros; a second nest with a chain of locals (`const int row =
   x * Y; const int c = row + y;'), read in the initializers of later
   locals (`double up = v[c - Y]').  Refused before ("cannot analyse the
   index of 'u'") though the same index written inline was not.  */

#include "pacc-check.h"

#define X 41
#define Y 23

int
main (void)
{
  double *u, *v;
  int t, x, y;
  u = pc_alloc (sizeof (double) * X * Y);
  v = pc_alloc (sizeof (double) * X * Y);
  pc_init_double (u, (long) X * Y, 3);
  pc_init_double (v, (long) X * Y, 4);

#pragma pacc pipeline targetinout(u, v) size([0:X][0:Y]) halo([2:2][1:1])
  for (t = 0; t < 13; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            int i = x * Y + y;
            v[i] = 0.25 * (u[i - Y] + u[i + Y] + u[i - 1] + u[i + 1]);
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
        {
          const int row = x * Y;
#pragma pacc loop dim(1)
          for (y = 1; y < Y - 1; y++)
            {
              const int c = row + y;
              double up = v[c - Y], down = v[c + Y];
              u[c] = v[c] + 0.125 * (up - down);
            }
        }
    }

  pc_dump_double ("u", u, (long) X * Y);
  pc_dump_double ("v", v, (long) X * Y);
  free (u);
  free (v);
  return 0;
}
