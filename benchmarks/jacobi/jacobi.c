/* jacobi.c -- 2-D Jacobi stencil, the example of the PACC design (section 1).

   Plain sequential C: built without the plugin the `#pragma pacc` lines are
   ignored and this is the reference.  Built with PACC
       gcc -O2 `pkg-config --cflags pacc` jacobi.c `pkg-config --libs pacc`
   the time loop is split into chunks streamed through the GPU(s), or run on
   the host path when there is none.  Both must print the same checksum.

   Usage: jacobi [X [Y [T]]]   (defaults 2000 2000 100)
   Prints the checksum (sum of p in double, and a hash of its bits), the time
   of the pipeline region (transfers included) and the effective GFLOPS
   E = 4 (X-2)(Y-2) T / time, as in the PACC paper.  */

#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static long
arg (int argc, char **argv, int i, long dflt)
{
  if (argc <= i)
    return dflt;
  char *end;
  long v = strtol (argv[i], &end, 10);
  if (*end != '\0' || v < 0)
    {
      fprintf (stderr, "jacobi: bad argument '%s'\n", argv[i]);
      exit (2);
    }
  return v;
}

int
main (int argc, char **argv)
{
  int X = (int) arg (argc, argv, 1, 2000);
  int Y = (int) arg (argc, argv, 2, 2000);
  int T = (int) arg (argc, argv, 3, 100);
  int t, x, y;

  if (X < 3 || Y < 3)
    {
      fprintf (stderr, "jacobi: X and Y must be at least 3\n");
      return 2;
    }

  float (*p)[Y] = malloc (sizeof (float) * (size_t) X * Y);
  float (*q)[Y] = malloc (sizeof (float) * (size_t) X * Y);
  if (p == NULL || q == NULL)
    {
      fprintf (stderr, "jacobi: out of memory (%d x %d)\n", X, Y);
      return 1;
    }

  /* Hot west and north edges, a deterministic pattern inside.  */
  for (x = 0; x < X; x++)
    for (y = 0; y < Y; y++)
      {
        if (x == 0 || y == 0)
          p[x][y] = 1.0f;
        else if (x == X - 1 || y == Y - 1)
          p[x][y] = 0.0f;
        else
          p[x][y] = (float) ((x * 7 + y * 13) % 101) / 101.0f;
        q[x][y] = 0.0f;
      }

  double t0 = now ();

#pragma pacc init
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++) {
#pragma pacc loop dim(2)
    for (x = 1; x < X-1; x++)
#pragma pacc loop dim(1)
      for (y = 1; y < Y-1; y++)
        q[x][y] = (p[x-1][y] + p[x+1][y] + p[x][y-1] + p[x][y+1]) * 0.25f;
#pragma pacc loop dim(2)
    for (x = 1; x < X-1; x++)
#pragma pacc loop dim(1)
      for (y = 1; y < Y-1; y++)
        p[x][y] = q[x][y];
  }

  double secs = now () - t0;

  double sum = 0.0;
  unsigned long long h = 1469598103934665603ULL;   /* FNV-1a of the bits.  */
  for (x = 0; x < X; x++)
    for (y = 0; y < Y; y++)
      {
        unsigned int bits;
        memcpy (&bits, &p[x][y], sizeof bits);
        sum += p[x][y];
        h = (h ^ bits) * 1099511628211ULL;
      }

  printf ("jacobi X=%d Y=%d T=%d\n", X, Y, T);
  printf ("checksum %.17g hash %016llx\n", sum, h);
  printf ("time %.6f s\n", secs);
  printf ("GFLOPS %.3f\n",
          secs > 0 ? 4.0 * (X - 2) * (double) (Y - 2) * T / secs * 1e-9 : 0.0);
  free (p);
  free (q);
  return 0;
}
