/* A program whose own macros are named like the clauses: `dim' (the
   number of dimensions), `size(...)' (an element count) and `halo' (the
   border width), which the macro-expanded pragma lines would otherwise
   take.  The pragmas spell those keywords `__dim__', `__size__' and
   `__halo__'; the others stay plain.  Results equal the sequential
   run's.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define dim 2
#define halo 1
#define size(...) ((long) sizeof (__VA_ARGS__) / (long) sizeof (double))
#define NX 37
#define NY 21

static double grid[NX][NY], tmp[NX][NY];

static unsigned long long
hash (const void *p, size_t n)
{
  const unsigned char *b = p;
  unsigned long long h = 1469598103934665603ull;
  size_t i;

  for (i = 0; i < n; i++)
    h = (h ^ b[i]) * 1099511628211ull;
  return h;
}

int
main (void)
{
  int t, i, j, steps = 17;
  double sum = 0.0;

  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      grid[i][j] = (double) ((i * 7 + j * 13) % 17) / 16.0;
  memset (tmp, 0, sizeof tmp);

#pragma pacc pipeline targetinout(grid) targettemp(tmp) __size__([0:NX][0:NY]) __halo__([halo:halo][halo:halo]) async
  for (t = 0; t < steps; t++)
    {
#pragma pacc loop __dim__(dim)
      for (i = halo; i < NX - halo; i++)
#pragma pacc loop __dim__(dim - 1)
        for (j = halo; j < NY - halo; j++)
          tmp[i][j] = 0.2 * (grid[i][j] + grid[i - 1][j] + grid[i + 1][j]
                             + grid[i][j - 1] + grid[i][j + 1]);
#pragma pacc loop __dim__(2)
      for (i = halo; i < NX - halo; i++)
#pragma pacc loop __dim__(1)
        for (j = halo; j < NY - halo; j++)
          grid[i][j] = tmp[i][j];
    }

  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      sum += grid[i][j];
  printf ("%d dims, %ld points, sum %a, hash %016llx\n", dim, size (grid),
          sum, hash (grid, sizeof grid));
  return 0;
}
