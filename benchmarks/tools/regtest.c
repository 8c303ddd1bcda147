/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* regtest.c -- how fast cuMemHostRegister pins (and cuMemHostUnregister
   unpins) a large malloc'd range, touched first as the benchmarks' arrays
   are, from 1, 2, 4, 8 and 16 threads each taking an equal piece
   (benchmarks/RESULTS.md; libpacc registers in 1 GiB pieces from 4
   threads).

   Build (CUDA toolkit; the stub library is enough to link):
     gcc -O2 -I/usr/local/cuda/include regtest.c -o regtest \
         -L/usr/local/cuda/lib64/stubs -lcuda -pthread
   Usage: regtest [GIB [MODE]]   (default 16)
   MODE "pacc": the range is first touched from 16 threads (as the
   benchmarks' bench_parallel initialises their arrays) and registered
   once, the way libpacc does it (1 GiB pieces taken by 4 threads), then
   unregistered, before the thread sweep; the first registration of a
   range is the one a region pays.  A third argument, EXTRA GiB, is
   allocated and touched first as well and never registered (the rest of
   a program's arrays: Jacobi's q).  */
#include <cuda.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now (void) { struct timespec t; clock_gettime (CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
struct job { char *p; size_t n; int unreg; };
static CUcontext gctx;
static void *run (void *a) { struct job *j = a; cuCtxSetCurrent (gctx); CUresult r = j->unreg ? cuMemHostUnregister (j->p) : cuMemHostRegister (j->p, j->n, CU_MEMHOSTREGISTER_PORTABLE); if (r) { printf ("error %d\n", r); exit (1); } return NULL; }
/* Touching from several threads (mode pacc), and libpacc's pieces.  */
struct touch { char *p; size_t n; };
static void *touch_run (void *a) { struct touch *t = a; memset (t->p, 1, t->n); return NULL; }
static size_t next_piece, pieces, total; static char *base; static int unreg;
static void *piece_run (void *a)
{
  (void) a;
  cuCtxSetCurrent (gctx);
  size_t i;
  while ((i = __atomic_fetch_add (&next_piece, 1, __ATOMIC_RELAXED)) < pieces)
    {
      char *q = base + (i << 30);
      size_t len = (i + 1) << 30 <= total ? (size_t) 1 << 30 : total - (i << 30);
      CUresult r = unreg ? cuMemHostUnregister (q) : cuMemHostRegister (q, len, CU_MEMHOSTREGISTER_PORTABLE);
      if (r) { printf ("error %d\n", r); exit (1); }
    }
  return NULL;
}

int main (int argc, char **argv)
{
  size_t gb = argc > 1 ? atol (argv[1]) : 16;
  size_t n = gb << 30;
  CUdevice d; CUcontext c;
  cuInit (0); cuDeviceGet (&d, 0); cuDevicePrimaryCtxRetain (&c, d); cuCtxSetCurrent (c); gctx = c;
  if (argc > 3)
    {
      size_t extra = (size_t) atol (argv[3]) << 30;
      char *x = malloc (extra);
      if (!x) { printf ("cannot allocate %s GiB\n", argv[3]); return 1; }
      memset (x, 2, extra);
    }
  char *p = malloc (n);
  if (argc > 2 && !strcmp (argv[2], "pacc"))
    {
      pthread_t t[16]; struct touch tj[16];
      for (int i = 0; i < 16; i++)
        {
          tj[i].p = p + n / 16 * i; tj[i].n = i == 15 ? n - n / 16 * 15 : n / 16;
          pthread_create (&t[i], NULL, touch_run, &tj[i]);
        }
      for (int i = 0; i < 16; i++) pthread_join (t[i], NULL);
      for (int u = 0; u < 2; u++)
        {
          size_t np = (n + ((size_t) 1 << 30) - 1) >> 30;
          double t0 = now ();
          next_piece = 0; pieces = np; base = p; total = n; unreg = u;
          for (int i = 0; i < 3; i++) pthread_create (&t[i], NULL, piece_run, NULL);
          piece_run (NULL);
          for (int i = 0; i < 3; i++) pthread_join (t[i], NULL);
          double s = now () - t0;
          printf ("libpacc's way (1 GiB pieces, 4 threads), first time: %s %zu GiB in %.3f s = %.1f GB/s\n",
                  u ? "unregister" : "register  ", gb, s, n / s * 1e-9);
        }
    }
  else
    for (size_t i = 0; i < n; i += 4096) p[i] = 1;   /* touched, like the benchmarks' arrays */
  int ths[] = { 1, 2, 4, 8, 16 };
  for (int k = 0; k < 5; k++)
    {
      int T = ths[k];
      pthread_t t[16]; struct job j[16];
      size_t piece = (n / T + 4095) & ~(size_t) 4095;
      for (int u = 0; u < 2; u++)
        {
          double t0 = now ();
          for (int i = 0; i < T; i++)
            {
              j[i].p = p + i * piece; j[i].n = (i == T - 1) ? n - i * piece : piece; j[i].unreg = u;
              pthread_create (&t[i], NULL, run, &j[i]);
            }
          for (int i = 0; i < T; i++) pthread_join (t[i], NULL);
          double s = now () - t0;
          printf ("%2d threads: %s %zu GiB in %.3f s = %.1f GB/s\n", T, u ? "unregister" : "register  ", gb, s, n / s * 1e-9);
        }
    }
  return 0;
}
