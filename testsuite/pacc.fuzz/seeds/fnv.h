/* fnv.h - the seeds' one output: an FNV-1a hash of an array's bytes and
   two of its elements, so that any difference shows.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

static void
dump (const char *name, const void *a, long bytes)
{
  const unsigned char *b = a;
  unsigned long long h = 1469598103934665603ULL;
  for (long i = 0; i < bytes; i++)
    h = (h ^ b[i]) * 1099511628211ULL;
  printf ("%s %016llx\n", name, h);
}
