/* Time loops written as a for loop without its step, stepped at the end
   of the body: `for (; t < T;) { ...; t++; }' after `t = t0;', and
   `for (int s = 0; s <= last;) { ...; s += 1; }'.  Fixed-size arrays,
   -g.  The steps, with the counter's values the source term reads, and
   the counter's final value must equal the sequential run's.  */
/* { dg-pacc-options "-g" } */

#include "pacc-check.h"

#define NX 29
#define NY 15

static double p[NX][NY], q[NX][NY];

static void
run (int t0, int T, unsigned seed)
{
  int t, x, y;
  char name[64];

  pc_init_double (&p[0][0], NX * NY, seed);
  pc_init_double (&q[0][0], NX * NY, seed + 1);
  t = t0;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:NX][0:NY]) halo([1:1][1:1]) async
  for (; t < T;)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < NX - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < NY - 1; y++)
          q[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) - 0.002 * t;
#pragma pacc loop dim(2)
      for (x = 1; x < NX - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < NY - 1; y++)
          p[x][y] = q[x][y];
      t++;
    }
  snprintf (name, sizeof name, "for(;;) t %d..%d: t after %d, p", t0, T, t);
  pc_dump_double (name, &p[0][0], NX * NY);
}

static void
run_decl (int last, unsigned seed)
{
  int x, y;
  char name[64];

  pc_init_double (&p[0][0], NX * NY, seed);
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:NX][0:NY]) halo([1:1][1:1])
  for (int s = 0; s <= last;)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < NX - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < NY - 1; y++)
          q[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) + 0.001 * s;
#pragma pacc loop dim(2)
      for (x = 1; x < NX - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < NY - 1; y++)
          p[x][y] = q[x][y];
      s += 1;
    }
  snprintf (name, sizeof name, "for(int) 0..%d: p", last);
  pc_dump_double (name, &p[0][0], NX * NY);
}

int
main (void)
{
  run (0, 12, 500);
  run (4, 9, 510);
  run (7, 7, 520);
  run (9, 3, 530);
  run_decl (10, 540);
  run_decl (-1, 550);
  return 0;
}
