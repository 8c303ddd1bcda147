/* Time loops written as `do ... while': the counter tested after the
   step with `++t < T', `t++ < T - 1', `T >= ++t' or stepped at the end
   of the body, `do { ...; t++; } while (t < T)' (and
   `t += 1; } while (t <= T)').  A do loop runs its
   step once before any test, so a bound at or below t0 still gives one
   step; each step adds a source that depends on t, and the counter's
   value after the loop is printed: both must equal the sequential
   run's.  */

#include "pacc-check.h"

static void
run (int X, int Y, int t0, int T, int form, unsigned seed)
{
  int t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  char name[96];

  pc_init_double (&p[0][0], (long) X * Y, seed);
  pc_init_double (&q[0][0], (long) X * Y, seed + 1);

  t = t0;
  switch (form)
    {
    case 0:
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
      do
        {
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25 + 0.001 * t;
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              p[x][y] = q[x][y];
        }
      while (++t < T);
      break;
    case 1:
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
      do
        {
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25 + 0.001 * t;
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              p[x][y] = q[x][y];
        }
      while (t++ < T - 1);
      break;
    case 2:
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
      do
        {
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25 + 0.001 * t;
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              p[x][y] = q[x][y];
          t++;
        }
      while (t < T);
      break;
    case 3:
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
      do
        {
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25 + 0.001 * t;
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              p[x][y] = q[x][y];
        }
      while (T >= ++t);
      break;
    default:
      /* Stepped with `t += 1' at the end, tested with `<='.  */
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1])
      do
        {
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25 + 0.001 * t;
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              p[x][y] = q[x][y];
          t += 1;
        }
      while (t <= T);
      break;
    }

  snprintf (name, sizeof name, "form %d, %dx%d, t %d..%d: t after %d, p",
            form, X, Y, t0, T, t);
  pc_dump_double (name, &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

int
main (void)
{
  static const int span[][2] = { { 0, 9 }, { 3, 14 }, { 5, 5 }, { 6, 5 }, { 11, 2 } };
  for (int form = 0; form < 5; form++)
    for (int i = 0; i < 5; i++)
      run (form & 1 ? 23 : 17, 9 + form, span[i][0], span[i][1], form, 40 + 7 * i + form);
  return 0;
}
