/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

// peer-cuda.cu -- the plain CUDA figure for peer.c: cudaMemcpyPeerAsync of
// S MiB, N times, device 0 -> 1 and 1 -> 0, with peer access enabled where
// the devices allow it, timed on the host around the copies and a stream
// synchronisation.  Usage: peer-cuda [S_MIB [N]]   (defaults 1024 20)
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <cuda_runtime.h>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  fprintf (stderr, "peer-cuda: %s: %s\n", #x, cudaGetErrorString (e_)); exit (1); } } while (0)

int
main (int argc, char **argv)
{
  long mib = argc > 1 ? atol (argv[1]) : 1024;
  int n = argc > 2 ? atoi (argv[2]) : 20;
  size_t bytes = (size_t) mib << 20;
  int ndev = 0;
  CK (cudaGetDeviceCount (&ndev));
  if (ndev < 2)
    {
      fprintf (stderr, "peer-cuda: needs 2 GPUs, found %d\n", ndev);
      return 77;
    }
  void *buf[2];
  cudaStream_t s[2];
  for (int d = 0; d < 2; d++)
    {
      int can = 0;
      CK (cudaSetDevice (d));
      CK (cudaMalloc (&buf[d], bytes));
      CK (cudaMemset (buf[d], d, bytes));
      CK (cudaStreamCreate (&s[d]));
      CK (cudaDeviceCanAccessPeer (&can, d, 1 - d));
      if (can)
        CK (cudaDeviceEnablePeerAccess (1 - d, 0));
      printf ("device %d -> %d peer access: %s\n", 1 - d, d, can ? "yes" : "no");
    }
  for (int from = 0; from < 2; from++)
    {
      int to = 1 - from;
      CK (cudaSetDevice (to));
      CK (cudaMemcpyPeerAsync (buf[to], to, buf[from], from, bytes, s[to]));
      CK (cudaStreamSynchronize (s[to]));
      auto t0 = std::chrono::steady_clock::now ();
      for (int i = 0; i < n; i++)
        CK (cudaMemcpyPeerAsync (buf[to], to, buf[from], from, bytes, s[to]));
      CK (cudaStreamSynchronize (s[to]));
      double secs = std::chrono::duration<double> (std::chrono::steady_clock::now () - t0).count ();
      printf ("peer %d->%d: %ld MiB x %d in %.6f s: %.2f GB/s\n", from, to, mib, n,
              secs, (double) bytes * n / secs * 1e-9);
    }
  return 0;
}
