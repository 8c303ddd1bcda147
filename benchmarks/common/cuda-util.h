/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* cuda-util.h -- what the hand-written CUDA baselines (*-cuda.cu) share:
   error checks, pinning of host arrays, events, and the report.

   Every baseline: initialises its host arrays exactly as the C benchmark
   does (the same init header), pins them with cudaHostRegister (not timed,
   as PACC's own registration is not needed for a one-time copy), warms the
   kernels up, then times with CUDA events:
     upload of every input array, T steps (one thread per point, the same
     kernels and copy-back as the C code), download of every output array.
   Built with -fmad=false (and IEEE division and square root, nvcc's
   default), the kernels compute exactly what the C code computes, so the
   checksums equal those of the sequential build (reductions up to the
   order of the additions).

   Printed: the C benchmark's lines (header, checksums, time, GFLOPS: time
   and E include the transfers), then
     time_kernels S         the T steps alone
     GFLOPS_kernels E       f * points * T / time_kernels
     mem_GBps B             compulsory device-memory bytes per step
                            (each array read once, written once) * T /
                            time_kernels
     link_GBps B            bytes uploaded + downloaded / transfer time  */

#ifndef PACC_CUDA_UTIL_H
#define PACC_CUDA_UTIL_H

#include "bench.h"
#include <cuda_runtime.h>

#define CK(call)                                                           \
  do                                                                       \
    {                                                                      \
      cudaError_t ck_e_ = (call);                                          \
      if (ck_e_ != cudaSuccess)                                            \
        {                                                                  \
          fprintf (stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,   \
                   cudaGetErrorString (ck_e_));                            \
          exit (1);                                                        \
        }                                                                  \
    }                                                                      \
  while (0)

#define CK_LAUNCH() CK (cudaGetLastError ())

static inline void
cu_pin (void *p, size_t bytes)
{
  /* Pinned memory moves at the link's speed; pageable memory at a fraction
     of it.  If pinning fails, go on with pageable memory and say so.  */
  if (cudaHostRegister (p, bytes, cudaHostRegisterDefault) != cudaSuccess)
    {
      cudaGetLastError ();
      fprintf (stderr, "note: cudaHostRegister of %.3f GB failed; pageable "
               "copies\n", (double) bytes * 1e-9);
    }
}

static inline void
cu_unpin (void *p)
{
  if (cudaHostUnregister (p) != cudaSuccess)
    cudaGetLastError ();
}

static inline void *
cu_dalloc (size_t bytes, const char *prog, const char *what)
{
  void *d = NULL;
  cudaError_t e = cudaMalloc (&d, bytes);
  if (e != cudaSuccess)
    {
      fprintf (stderr, "%s: cudaMalloc of %s (%.3f GB) failed: %s\n", prog,
               what, (double) bytes * 1e-9, cudaGetErrorString (e));
      exit (1);
    }
  return d;
}

struct cu_timer
{
  cudaEvent_t start, uploaded, computed, done;
};

static inline void
cu_timer_init (struct cu_timer *t)
{
  CK (cudaEventCreate (&t->start));
  CK (cudaEventCreate (&t->uploaded));
  CK (cudaEventCreate (&t->computed));
  CK (cudaEventCreate (&t->done));
}

/* Prints the report after the header and checksum lines.  FLOP: per point
   and step; POINTS: interior points; MEMB: compulsory device bytes per
   step; LINKB: bytes uploaded plus downloaded.  */
static inline void
cu_report (struct cu_timer *t, double flop, double points, int T,
           double memb, double linkb)
{
  float ms_all, ms_k;
  CK (cudaEventElapsedTime (&ms_all, t->start, t->done));
  CK (cudaEventElapsedTime (&ms_k, t->uploaded, t->computed));
  double s_all = ms_all * 1e-3, s_k = ms_k * 1e-3;
  double s_link = s_all - s_k;
  printf ("time %.6f s\n", s_all);
  printf ("GFLOPS %.3f\n", s_all > 0 ? flop * points * T / s_all * 1e-9 : 0.0);
  printf ("time_kernels %.6f s\n", s_k);
  printf ("GFLOPS_kernels %.3f\n",
          s_k > 0 ? flop * points * T / s_k * 1e-9 : 0.0);
  printf ("mem_GBps %.1f\n", s_k > 0 ? memb * T / s_k * 1e-9 : 0.0);
  printf ("link_GBps %.2f\n", s_link > 0 ? linkb / s_link * 1e-9 : 0.0);
}

#endif /* PACC_CUDA_UTIL_H */
