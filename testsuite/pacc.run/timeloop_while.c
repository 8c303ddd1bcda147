/* Time loops written as `while': the counter stepped at the end of the
   body (`n++', `++n', `n += 1', `n = n + 1'), or in the condition
   (`t++ < T', `++t < T', `t++ <= T'), with a bound on either side.  A
   while loop may run no step at all (a bound at or below t0); each step
   adds a source that depends on the counter, and the counter's value
   after the loop is printed: both must equal the sequential run's.
   Flat float arrays indexed by hand, in a static function.  */

#include "pacc-check.h"

#define NX 19
#define NY 13

static void
run (int t0, int T, int form, unsigned seed)
{
  float *p, *q;
  int n, i, j;
  char name[96];

  p = pc_alloc (sizeof (float) * NX * NY);
  q = pc_alloc (sizeof (float) * NX * NY);
  pc_init_float (p, NX * NY, seed);
  pc_init_float (q, NX * NY, seed + 1);

  n = t0;
  if (form == 0)
    {
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:NX][0:NY]) halo([1:1][1:1]) async
      while (n < T)
        {
#pragma pacc loop dim(2)
          for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(1)
            for (j = 1; j < NY - 1; j++)
              q[i * NY + j] = 0.2f * (p[i * NY + j] + p[(i - 1) * NY + j] + p[(i + 1) * NY + j]
                                      + p[i * NY + j - 1] + p[i * NY + j + 1]) + 0.01f * n;
#pragma pacc loop dim(2)
          for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(1)
            for (j = 1; j < NY - 1; j++)
              p[i * NY + j] = q[i * NY + j];
          n++;
        }
    }
  else if (form == 1)
    {
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:NX][0:NY]) halo([1:1][1:1]) async
      while (T > n)
        {
#pragma pacc loop dim(2)
          for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(1)
            for (j = 1; j < NY - 1; j++)
              q[i * NY + j] = 0.2f * (p[i * NY + j] + p[(i - 1) * NY + j] + p[(i + 1) * NY + j]
                                      + p[i * NY + j - 1] + p[i * NY + j + 1]) + 0.01f * n;
#pragma pacc loop dim(2)
          for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(1)
            for (j = 1; j < NY - 1; j++)
              p[i * NY + j] = q[i * NY + j];
          n = n + 1;
        }
    }
  else if (form == 2)
    {
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:NX][0:NY]) halo([1:1][1:1]) async
      while (n++ < T)
        {
#pragma pacc loop dim(2)
          for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(1)
            for (j = 1; j < NY - 1; j++)
              q[i * NY + j] = 0.2f * (p[i * NY + j] + p[(i - 1) * NY + j] + p[(i + 1) * NY + j]
                                      + p[i * NY + j - 1] + p[i * NY + j + 1]) + 0.01f * n;
#pragma pacc loop dim(2)
          for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(1)
            for (j = 1; j < NY - 1; j++)
              p[i * NY + j] = q[i * NY + j];
        }
    }
  else if (form == 3)
    {
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:NX][0:NY]) halo([1:1][1:1]) async
      while (++n < T)
        {
#pragma pacc loop dim(2)
          for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(1)
            for (j = 1; j < NY - 1; j++)
              q[i * NY + j] = 0.2f * (p[i * NY + j] + p[(i - 1) * NY + j] + p[(i + 1) * NY + j]
                                      + p[i * NY + j - 1] + p[i * NY + j + 1]) + 0.01f * n;
#pragma pacc loop dim(2)
          for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(1)
            for (j = 1; j < NY - 1; j++)
              p[i * NY + j] = q[i * NY + j];
        }
    }
  else
    {
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:NX][0:NY]) halo([1:1][1:1])
      while (n++ <= T)
        {
#pragma pacc loop dim(2)
          for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(1)
            for (j = 1; j < NY - 1; j++)
              q[i * NY + j] = 0.2f * (p[i * NY + j] + p[(i - 1) * NY + j] + p[(i + 1) * NY + j]
                                      + p[i * NY + j - 1] + p[i * NY + j + 1]) + 0.01f * n;
#pragma pacc loop dim(2)
          for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(1)
            for (j = 1; j < NY - 1; j++)
              p[i * NY + j] = q[i * NY + j];
        }
    }

  snprintf (name, sizeof name, "form %d, n %d..%d: n after %d, p", form, t0,
            T, n);
  pc_dump_float (name, p, NX * NY);
  free (p);
  free (q);
}

int
main (void)
{
  static const int span[][2] = { { 0, 8 }, { 2, 13 }, { 5, 5 }, { 6, 5 }, { 9, 1 } };
  int form, i;

  for (form = 0; form < 5; form++)
    for (i = 0; i < 5; i++)
      run (span[i][0], span[i][1], form, 80 + 5 * i + form);
  return 0;
}
