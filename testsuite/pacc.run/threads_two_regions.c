/* Two threads each run a pipeline on arrays of their own, at the same
   time: libpacc runs one region at a time, the other waits at its start,
   and both give the sequential results (issue 48, case 10: about one run
   in ten stopped with an internal error).  */

#include "pacc-check.h"
#include <pthread.h>

struct job
{
  int X, Y, T;
  unsigned seed;
  double *p;
};

static void *
run (void *arg)
{
  struct job *j = arg;
  int X = j->X, Y = j->Y, T = j->T, t, x, y;
  double (*p)[Y] = (double (*)[Y]) j->p;
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
                            + p[x][y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }
  free (q);
  return NULL;
}

int
main (void)
{
  struct job jobs[2] = { { 53, 29, 13, 5, NULL }, { 37, 41, 19, 6, NULL } };
  for (int round = 0; round < 12; round++)
    {
      pthread_t th[2];
      for (int i = 0; i < 2; i++)
        {
          struct job *j = &jobs[i];
          j->p = pc_alloc (sizeof (double) * j->X * j->Y);
          pc_init_double (j->p, (long) j->X * j->Y, j->seed + round);
          pthread_create (&th[i], NULL, run, j);
        }
      for (int i = 0; i < 2; i++)
        {
          char name[32];
          pthread_join (th[i], NULL);
          snprintf (name, sizeof name, "round %d job %d", round, i);
          pc_dump_double (name, jobs[i].p, (long) jobs[i].X * jobs[i].Y);
          free (jobs[i].p);
        }
    }
  return 0;
}
