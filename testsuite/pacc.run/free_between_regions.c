/* Arrays freed and mapped again between regions.  On a GPU a region's
   arrays may still be being unregistered after it returns
   (PACC_EARLY_UNREGISTER=2 or 3): the program unmaps them at once and maps
   new memory, most often at the same address, with other values; the
   next region must copy the new memory, not the pages the driver still
   holds.  Then the same array twice in a row, written in between.  */

#include "pacc-check.h"

#include <sys/mman.h>

static float *
map_floats (long n)
{
  void *p = mmap (NULL, (size_t) n * sizeof (float), PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    {
      fprintf (stderr, "mmap failed\n");
      exit (2);
    }
  return p;
}

static void
jacobi (int X, int Y, int T, float (*p)[Y], float (*q)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25f;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }
}

int
main (void)
{
  const int X = 613, Y = 701, T = 7;
  long n = (long) X * Y;
  float *q = map_floats (n);

  for (int round = 0; round < 3; round++)
    {
      char name[64];
      float *p = map_floats (n);
      pc_init_float (p, n, 300 + round);
      pc_init_float (q, n, 400 + round);
      jacobi (X, Y, T, (float (*)[Y]) p, (float (*)[Y]) q);
      snprintf (name, sizeof name, "round %d p", round);
      pc_dump_float (name, p, n);
      munmap (p, (size_t) n * sizeof (float));
    }

  /* The same array again at once, changed in between.  */
  float *p = map_floats (n);
  pc_init_float (p, n, 500);
  jacobi (X, Y, T, (float (*)[Y]) p, (float (*)[Y]) q);
  for (long i = 0; i < n; i += 3)
    p[i] = -p[i];
  jacobi (X, Y, T, (float (*)[Y]) p, (float (*)[Y]) q);
  pc_dump_float ("again p", p, n);
  munmap (p, (size_t) n * sizeof (float));
  munmap (q, (size_t) n * sizeof (float));
  return 0;
}
