/* One temporary shared by two pipelines of one function and by the
   host code between them, which assigns it before reading it (a sum of
   the array): the rule that no read sees a nest's leftover value holds
   across regions.  Flat double arrays.  */

#include "pacc-check.h"

#define X 57

int
main (void)
{
  double *p = pc_alloc (X * sizeof *p), *q = pc_alloc (X * sizeof *q);
  double tmp;
  int t, x;

  pc_init_double (p, X, 463);
  pc_init_double (q, X, 464);
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  for (t = 0; t < 9; t++)
    {
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
        {
          tmp = p[x - 1] + p[x + 1];
          q[x] = 0.5 * tmp;
        }
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
        p[x] = q[x];
    }
  tmp = 0;
  for (x = 0; x < X; x++)
    tmp += p[x];
  printf ("sum1 %a\n", tmp);
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  for (t = 0; t < 7; t++)
    {
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
        {
          tmp = p[x - 1] * p[x + 1];
          q[x] = 0.25 * tmp + p[x];
        }
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
        p[x] = q[x] * 0.5;
    }
  pc_dump_double ("p", p, X);
  free (p);
  free (q);
  return 0;
}
