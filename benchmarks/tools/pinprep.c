/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* pinprep.c -- does anything done to touched 4 KiB pages before
   cuMemHostRegister make the first registration cheaper (issue 12: the
   regions pay the first pin of every page, 6-19 GB/s, while the driver
   serves no one else)?

   The process allocates NR ranges of GIB GiB each (default 6 x 8 GiB,
   about the 48 GB of the benchmarks' arrays), touches them all from 16
   threads as the benchmarks initialise their arrays, then registers each
   range the first time after a different preparation:

     plain      nothing (libpacc's way: 1 GiB pieces from 4 threads)
     mlock      mlock () of the range from 16 threads first (timed apart:
                it runs outside the driver, in parallel)
     populate   madvise (MADV_POPULATE_WRITE) from 16 threads first
     pieces64   64 MiB pieces from 4 threads
     one        one call for the whole range
     readonly   CU_MEMHOSTREGISTER_READ_ONLY as well
   with `plain' again on the first range (a second registration) before
   `readonly'.
   Every registration is undone (cuMemHostUnregister, timed) before the
   next one starts.

   `pinprep where GIB' asks whether the first-time cost belongs to the
   pages or to the addresses: an mmap'd range is registered twice, then
   moved to new addresses with mremap (the same pages: "pages seen, new
   addresses"), then its pages are dropped (MADV_DONTNEED) and a fresh
   range touched first, so that it likely gets the dropped pages, before
   the moved range is touched again ("addresses seen, new pages"), and
   the fresh range is registered ("new addresses, pages likely seen").

   `pinprep threads GIB' registers six fresh ranges of GIB GiB the first
   time from 4, 16, 8, 4, 16 and 2 threads in turn (1 GiB pieces): does
   the first pin go faster from more threads?

   Build (the stub library is enough to link):
     gcc -O2 -I/usr/local/cuda/include pinprep.c -o pinprep \
         -L/usr/local/cuda/lib64/stubs -lcuda -pthread
   Usage: pinprep [GIB [NR]] | pinprep where [GIB] | pinprep threads [GIB]
          | pinprep collapse [GIB]  */

#define _GNU_SOURCE
#include <cuda.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25
#endif
#ifndef CU_MEMHOSTREGISTER_READ_ONLY
#define CU_MEMHOSTREGISTER_READ_ONLY 0x08
#endif

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static CUcontext ctx;

/* One job of a parallel pass over [p, p + n) in NT threads.  */
enum op { TOUCH, MLOCK, POPULATE, COLLAPSE };
struct part { char *p; size_t n; enum op op; int err; };

static void *
part_run (void *a)
{
  struct part *t = a;
  if (t->op == TOUCH)
    memset (t->p, 1, t->n);
  else if (t->op == MLOCK)
    t->err = mlock (t->p, t->n) ? errno : 0;
  else
    {
      /* madvise wants page-aligned ranges (malloc's are not); a huge
         page, 2 MiB-aligned ones.  */
      uintptr_t a = t->op == COLLAPSE ? ((uintptr_t) 2 << 20) - 1 : 4095;
      uintptr_t lo = ((uintptr_t) t->p + a) & ~a;
      uintptr_t hi = ((uintptr_t) t->p + t->n) & ~a;
      t->err = hi > lo && madvise ((void *) lo, hi - lo,
                                   t->op == COLLAPSE ? MADV_COLLAPSE
                                   : MADV_POPULATE_WRITE) ? errno : 0;
    }
  return NULL;
}

static double
parallel (char *p, size_t n, enum op op, int nt)
{
  pthread_t th[16];
  struct part pt[16];
  /* Whole huge pages to each thread for a collapse.  */
  size_t al = op == COLLAPSE ? ((size_t) 2 << 20) - 1 : 4095;
  size_t piece = (n / nt + al) & ~al;
  double t0 = now ();
  for (int i = 0; i < nt; i++)
    {
      pt[i].p = p + i * piece;
      pt[i].n = i == nt - 1 ? n - i * piece : piece;
      pt[i].op = op;
      pt[i].err = 0;
      pthread_create (&th[i], NULL, part_run, &pt[i]);
    }
  for (int i = 0; i < nt; i++)
    {
      pthread_join (th[i], NULL);
      if (pt[i].err)
        {
          printf ("  %s failed: %s\n", op == MLOCK ? "mlock" : "madvise",
                  strerror (pt[i].err));
          return -1;
        }
    }
  return now () - t0;
}

/* (Un)registering [base, base + total) in PIECE pieces from NT threads.  */
static char *base;
static size_t total, piece, next;
static unsigned flags;
static int unreg, failed;

static void *
reg_run (void *a)
{
  (void) a;
  cuCtxSetCurrent (ctx);
  size_t i;
  while ((i = __atomic_fetch_add (&next, 1, __ATOMIC_RELAXED)) * piece < total)
    {
      char *q = base + i * piece;
      size_t len = total - i * piece < piece ? total - i * piece : piece;
      CUresult r = unreg ? cuMemHostUnregister (q)
                         : cuMemHostRegister (q, len, flags);
      if (r != CUDA_SUCCESS)
        {
          printf ("  cuMemHost%sregister: error %d\n", unreg ? "Un" : "", r);
          failed = 1;
          return NULL;
        }
    }
  return NULL;
}

static double
reg (char *p, size_t n, size_t pc, int nt, unsigned fl, int u)
{
  pthread_t th[16];
  base = p; total = n; piece = pc; next = 0; flags = fl; unreg = u;
  failed = 0;
  double t0 = now ();
  for (int i = 1; i < nt; i++)
    pthread_create (&th[i], NULL, reg_run, NULL);
  reg_run (NULL);
  for (int i = 1; i < nt; i++)
    pthread_join (th[i], NULL);
  return failed ? -1 : now () - t0;
}

static void
line (const char *what, char *p, size_t n)
{
  const size_t G = (size_t) 1 << 30;
  double s = reg (p, n, G, 4, CU_MEMHOSTREGISTER_PORTABLE, 0);
  double u = s < 0 ? -1 : reg (p, n, G, 4, 0, 1);
  printf ("%-44s register %6.3f s = %5.1f GB/s  unregister %6.3f s\n", what,
          s, n / s * 1e-9, u);
}

static int
where (size_t gib)
{
  size_t n = gib << 30;
  char *a = mmap (NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                  -1, 0);
  if (a == MAP_FAILED)
    return 1;
  parallel (a, n, TOUCH, 16);
  line ("first time", a, n);
  line ("second time", a, n);
  /* New addresses for the same pages: reserve a range, move onto it.  */
  char *b = mmap (NULL, n, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (b == MAP_FAILED
      || mremap (a, n, n, MREMAP_MAYMOVE | MREMAP_FIXED, b) == MAP_FAILED)
    {
      printf ("mremap: %s\n", strerror (errno));
      return 1;
    }
  line ("pages seen, new addresses (mremap)", b, n);
  madvise (b, n, MADV_DONTNEED);
  char *c = mmap (NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                  -1, 0);
  if (c == MAP_FAILED)
    return 1;
  parallel (c, n, TOUCH, 16);
  parallel (b, n, TOUCH, 16);
  line ("addresses seen, new pages (DONTNEED)", b, n);
  line ("new addresses, pages likely seen", c, n);
  line ("new addresses, pages likely seen, again", c, n);
  return 0;
}

/* COUNT ranges of N bytes into R, each touched from 16 threads: the
   seconds the touching took, or -1 when one cannot be allocated.  */
static double
touched (char **r, int count, size_t n)
{
  double t = 0;
  for (int i = 0; i < count; i++)
    if (!(r[i] = malloc (n)))
      return -1;
  for (int i = 0; i < count; i++)
    t += parallel (r[i], n, TOUCH, 16);
  return t;
}

static int
threads (size_t gib)
{
  static const int nts[] = { 4, 16, 8, 4, 16, 2 };
  size_t n = gib << 30;
  char *r[6];
  if (touched (r, 6, n) < 0)
    return 1;
  for (int i = 0; i < 6; i++)
    {
      double s = reg (r[i], n, (size_t) 1 << 30, nts[i],
                      CU_MEMHOSTREGISTER_PORTABLE, 0);
      double u = s < 0 ? -1 : reg (r[i], n, (size_t) 1 << 30, nts[i], 0, 1);
      printf ("first time from %2d threads: register %6.3f s = %5.1f GB/s"
              "  unregister %6.3f s\n", nts[i], s, n / s * 1e-9, u);
    }
  return 0;
}

/* The process's anonymous huge pages, GiB (-1: unknown).  */
static double
huge_gib (void)
{
  FILE *f = fopen ("/proc/self/smaps_rollup", "r");
  char l[256];
  double kb = -1;
  while (f && fgets (l, sizeof l, f))
    if (sscanf (l, "AnonHugePages: %lf", &kb) == 1)
      break;
  if (f)
    fclose (f);
  return kb < 0 ? -1 : kb / 1048576;
}

static int
collapse (size_t gib)
{
  static const int nts[] = { 0, 1, 4, 8, 16 };
  size_t n = gib << 30;
  char *r[5];
  if (touched (r, 5, n) < 0)
    return 1;
  printf ("5 ranges of %zu GiB touched, %.2f GiB in huge pages\n", gib,
          huge_gib ());
  for (int i = 0; i < 5; i++)
    {
      double c = nts[i] ? parallel (r[i], n, COLLAPSE, nts[i]) : 0;
      double h = huge_gib ();
      double s = c < 0 ? -1 : reg (r[i], n, (size_t) 64 << 20, 1,
                                   CU_MEMHOSTREGISTER_PORTABLE, 0);
      double u = s < 0 ? -1 : reg (r[i], n, (size_t) 64 << 20, 1, 0, 1);
      printf ("collapse from %2d threads %6.3f s (%5.1f GB/s), %.2f GiB in "
              "huge pages; register %6.3f s = %5.1f GB/s; both %6.3f s = "
              "%5.1f GB/s; unregister %6.3f s\n", nts[i], c,
              c > 0 ? n / c * 1e-9 : 0.0, h, s, n / s * 1e-9, c + s,
              n / (c + s) * 1e-9, u);
    }
  return 0;
}

int
main (int argc, char **argv)
{
  int w = argc > 1 && !strcmp (argv[1], "where");
  int th = argc > 1 && !strcmp (argv[1], "threads");
  int co = argc > 1 && !strcmp (argv[1], "collapse");
  if (w || th || co)
    argv++, argc--;
  size_t gib = argc > 1 ? strtoul (argv[1], NULL, 10) : 8;
  int nr = argc > 2 ? atoi (argv[2]) : 6;
  size_t n = gib << 30;
  const size_t G = (size_t) 1 << 30, M64 = (size_t) 64 << 20;
  const char *names[] = { "plain", "mlock", "populate", "pieces64", "one",
                          "readonly" };
  if (nr < 1 || nr > 6)
    nr = 6;
  CUdevice d;
  if (cuInit (0) || cuDeviceGet (&d, 0) || cuDevicePrimaryCtxRetain (&ctx, d))
    {
      printf ("no CUDA device\n");
      return 1;
    }
  cuCtxSetCurrent (ctx);
  if (w)
    return where (gib);
  if (th)
    return threads (gib);
  if (co)
    return collapse (gib);
  char *r[6];
  double t = touched (r, nr, n);
  if (t < 0)
    {
      printf ("cannot allocate %zu GiB\n", gib);
      return 1;
    }
  printf ("%d ranges of %zu GiB touched from 16 threads in %.2f s\n", nr, gib, t);
  /* The preparations in order, the second registration of range 0 before
     the read-only flag (which a driver may refuse).  */
  static const int order[] = { 0, 1, 2, 3, 4, -1, 5 };
  for (int o = 0; o < 7; o++)
    {
      int i = order[o], k = i < 0 ? 0 : i;
      if (k >= nr)
        continue;
      const char *name = i < 0 ? "plain, second time" : names[k];
      double prep = 0;
      if (i == 1)
        prep = parallel (r[k], n, MLOCK, 16);
      else if (i == 2)
        prep = parallel (r[k], n, POPULATE, 16);
      size_t pc = i == 3 ? M64 : i == 4 ? n : G;
      int nt = i == 4 ? 1 : 4;
      double s = reg (r[k], n, pc, nt,
                      CU_MEMHOSTREGISTER_PORTABLE
                      | (i == 5 ? CU_MEMHOSTREGISTER_READ_ONLY : 0), 0);
      double u = s < 0 ? -1 : reg (r[k], n, pc, nt, 0, 1);
      if (i == 1 && prep >= 0)
        munlock (r[k], n);
      printf ("%-20s prep %6.3f s  register %6.3f s = %5.1f GB/s"
              "  unregister %6.3f s = %5.1f GB/s\n",
              name, prep, s, n / s * 1e-9, u, n / u * 1e-9);
    }
  return 0;
}
