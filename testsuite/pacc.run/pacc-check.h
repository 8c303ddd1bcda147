/* pacc-check.h - output helpers shared by the PACC run tests.

   Every run test is a plain sequential C program.  The harness builds it
   twice (without the plugin: the reference; with it: the pacc build) and
   compares what they print on stdout, byte for byte, except for lines that
   start with "reduction:", whose numbers are compared within a relative
   tolerance (the order of a reduction's operations may differ).

   Arrays are printed as an FNV-1a hash of their raw bytes (bit-exact) plus a
   few sample elements in %a.  With PACCTEST_DUMP=1 in the environment every
   element is printed too (one per line), which helps to find the first wrong
   row: run both binaries with it and diff.  */

#ifndef PACC_CHECK_H
#define PACC_CHECK_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline unsigned long long
pc_fnv1a (const void *p, size_t n)
{
  const unsigned char *b = (const unsigned char *) p;
  unsigned long long h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < n; i++)
    {
      h ^= b[i];
      h *= 0x100000001b3ULL;
    }
  return h;
}

static inline int
pc_dump_all (void)
{
  const char *e = getenv ("PACCTEST_DUMP");
  return e && *e && *e != '0';
}

/* Sample positions: first, a few inside, last.  */
#define PC_NSAMPLES 6
static inline void
pc_samples (long n, long *idx)
{
  idx[0] = 0;
  idx[1] = n / 7;
  idx[2] = n / 3;
  idx[3] = n / 2;
  idx[4] = n - 1 - n / 5;
  idx[5] = n - 1;
}

static inline void
pc_dump_float (const char *name, const float *a, long n)
{
  long idx[PC_NSAMPLES];
  printf ("%s: n=%ld fnv=%016llx", name, n,
          pc_fnv1a (a, (size_t) n * sizeof *a));
  if (n > 0)
    {
      pc_samples (n, idx);
      for (int i = 0; i < PC_NSAMPLES; i++)
        printf (" [%ld]=%a", idx[i], (double) a[idx[i]]);
    }
  printf ("\n");
  if (pc_dump_all ())
    for (long i = 0; i < n; i++)
      printf ("%s[%ld] %a\n", name, i, (double) a[i]);
}

static inline void
pc_dump_double (const char *name, const double *a, long n)
{
  long idx[PC_NSAMPLES];
  printf ("%s: n=%ld fnv=%016llx", name, n,
          pc_fnv1a (a, (size_t) n * sizeof *a));
  if (n > 0)
    {
      pc_samples (n, idx);
      for (int i = 0; i < PC_NSAMPLES; i++)
        printf (" [%ld]=%a", idx[i], a[idx[i]]);
    }
  printf ("\n");
  if (pc_dump_all ())
    for (long i = 0; i < n; i++)
      printf ("%s[%ld] %a\n", name, i, a[i]);
}

/* A reduction result: compared numerically by the harness.  */
static inline void
pc_reduction (const char *name, double v)
{
  printf ("reduction: %s %.17g\n", name, v);
}

/* Deterministic, exactly representable initial values in [-2, 2)
   (multiples of 1/1024), different for every element and every SEED.  */
static inline double
pc_value (unsigned seed, long i)
{
  unsigned long long h = (unsigned long long) seed * 0x9e3779b97f4a7c15ULL
                         + (unsigned long long) i * 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 31;
  h *= 0x94d049bb133111ebULL;
  h ^= h >> 29;
  return ((long) (h % 4096) - 2048) / 1024.0;
}

static inline void
pc_init_float (float *a, long n, unsigned seed)
{
  for (long i = 0; i < n; i++)
    a[i] = (float) pc_value (seed, i);
}

static inline void
pc_init_double (double *a, long n, unsigned seed)
{
  for (long i = 0; i < n; i++)
    a[i] = pc_value (seed, i);
}

/* Values in [0, 1/4): stable coefficients.  */
static inline void
pc_init_coef_double (double *a, long n, unsigned seed)
{
  for (long i = 0; i < n; i++)
    a[i] = (pc_value (seed, i) + 2.0) / 16.0;
}

static inline void *
pc_alloc (size_t bytes)
{
  void *p = malloc (bytes ? bytes : 1);
  if (!p)
    {
      fprintf (stderr, "out of memory\n");
      exit (2);
    }
  return p;
}

#endif /* PACC_CHECK_H */
