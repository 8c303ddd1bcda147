/* Counted time loops, whatever the spelling of their bound and step:
   `t <= tsteps - 1` and `t <= n - 1` (which the C front end folds into
   `tsteps > t`), a bound written first, a macro bound, `++t`, `t += 1`,
   `t = t + 1` and a loop variable declared in the loop.  Each runs the
   same Jacobi steps; every result must equal the sequential one.  */

#include "pacc-check.h"

#define TSTEPS 9

enum { LE_MINUS, N_MINUS, FIRST, MACRO, PREINC, PLUSEQ, ASSIGN, DECL, NCASES };
static const char *const names[] = { "t <= tsteps - 1", "t <= n - 1", "tsteps > t", "t <= TSTEPS - 1", "++t", "t += 1", "t = t + 1", "int tt" };

static void
run (int X, int Y, int tsteps, int which, unsigned seed)
{
  int t, x, y, n = tsteps;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  char name[64];

  pc_init_double (&p[0][0], (long) X * Y, seed);
  pc_init_double (&q[0][0], (long) X * Y, seed + 1);

  switch (which)
    {
    case LE_MINUS:
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
      for (t = 0; t <= tsteps - 1; t++)
        {
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25;
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              p[x][y] = q[x][y];
        }
      break;
    case N_MINUS:
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
      for (t = 0; t <= n - 1; t++)
        {
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25;
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              p[x][y] = q[x][y];
        }
      break;
    case FIRST:
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
      for (t = 0; tsteps > t; t++)
        {
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25;
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              p[x][y] = q[x][y];
        }
      break;
    case MACRO:
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
      for (t = 0; t <= TSTEPS - 1; t++)
        {
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25;
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              p[x][y] = q[x][y];
        }
      break;
    case PREINC:
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
      for (t = 0; t < tsteps; ++t)
        {
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25;
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              p[x][y] = q[x][y];
        }
      break;
    case PLUSEQ:
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
      for (t = 0; t < tsteps; t += 1)
        {
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25;
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              p[x][y] = q[x][y];
        }
      break;
    case ASSIGN:
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
      for (t = 0; t < tsteps; t = t + 1)
        {
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25;
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              p[x][y] = q[x][y];
        }
      break;
    case DECL:
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
      for (int tt = 0; tt <= tsteps - 1; tt++)
        {
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25;
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              p[x][y] = q[x][y];
        }
      break;
    }
  (void) t;

  snprintf (name, sizeof name, "%s, %d steps: p", names[which], tsteps);
  pc_dump_double (name, &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

int
main (void)
{
  for (int w = 0; w < NCASES; w++)
    run (37, 29, w == MACRO ? TSTEPS : 7 + w, w, 300 + w);
  return 0;
}
