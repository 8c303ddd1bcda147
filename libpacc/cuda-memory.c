/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* cuda-memory.c - device memory for the chunk buffers.  Some of every
   device is left to libgomp (kernel arguments, modules, stacks) and the
   driver: 256 MiB plus 1/64 of the device.  */

#include "cuda.h"

#define MEM_MARGIN_FIXED ((size_t) 256 << 20)
#define MEM_MARGIN_SHIFT 6

size_t
cuda_mem_available (int dev)
{
  size_t fr = 0, tot = 0, margin;
  ensure_dev (dev);
  CU_CALL ("reading the free device memory", cuMemGetInfo_v2, &fr, &tot);
  margin = MEM_MARGIN_FIXED + (tot >> MEM_MARGIN_SHIFT);
  return fr > margin ? fr - margin : 0;
}

void *
cuda_alloc (int dev, size_t bytes)
{
  CUdeviceptr p = 0;
  CUresult r;
  ensure_dev (dev);
  if (pacc_fault (PACC_FAULT_ALLOC))
    return NULL;
  r = cu.cuMemAlloc_v2 (&p, bytes ? bytes : 1);
  if (r == CUDA_ERROR_OUT_OF_MEMORY)
    return NULL;
  if (r != CUDA_SUCCESS)
    cuda_fail ("cuMemAlloc_v2", r, "allocating a chunk buffer", NULL);
  return (void *) (uintptr_t) p;
}

void
cuda_free (int dev, void *buf)
{
  use_ctx (dev);
  CU_CALL ("freeing a chunk buffer", cuMemFree_v2, dptr (buf));
}

/* The link: host to device copies of 16 MiB from pinned memory on the
   device's control stream, timed on the host after one warm-up copy
   (a few milliseconds, once per device and process).  The memory: the
   peak of its clock and bus width.  */
#define PROBE_BYTES ((size_t) 16 << 20)
#define PROBE_COPIES 4

void
cuda_rates (int dev, double *link_gbs, double *hbm_gbs)
{
  static double link[PACC_MAX_DEVICES], hbm[PACC_MAX_DEVICES];
  if (dev < 0 || dev >= ndevs)
    {
      *link_gbs = *hbm_gbs = 0;
      return;
    }
  if (!link[dev])
    {
      int khz = 0, bits = 0;
      void *h = NULL;
      CUdeviceptr d = 0;
      ensure_dev (dev);
      if (cu.cuDeviceGetAttribute (&khz, CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE,
                                   devs[dev].cudev) == CUDA_SUCCESS
          && cu.cuDeviceGetAttribute (&bits,
                                      CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH,
                                      devs[dev].cudev) == CUDA_SUCCESS)
        hbm[dev] = 2.0 * khz * 1e3 * (bits / 8) * 1e-9;
      if (cu.cuMemAllocHost_v2 (&h, PROBE_BYTES) == CUDA_SUCCESS
          && cu.cuMemAlloc_v2 (&d, PROBE_BYTES) == CUDA_SUCCESS)
        {
          double t0 = 0;
          for (int i = 0; i <= PROBE_COPIES; i++)
            {
              if (i == 1)
                t0 = pacc_now_us ();
              CU_CALL ("timing the link to the device", cuMemcpyHtoDAsync_v2,
                       d, h, PROBE_BYTES, devs[dev].ctl);
              if (i == 0)
                CU_CALL ("timing the link to the device",
                         cuStreamSynchronize, devs[dev].ctl);
            }
          CU_CALL ("timing the link to the device", cuStreamSynchronize,
                   devs[dev].ctl);
          double us = pacc_now_us () - t0;
          if (us > 0)
            link[dev] = (double) PROBE_BYTES * PROBE_COPIES / us * 1e-3;
        }
      if (d)
        cu.cuMemFree_v2 (d);
      if (h)
        cu.cuMemFreeHost (h);
      if (!link[dev])
        link[dev] = -1;
    }
  *link_gbs = link[dev] > 0 ? link[dev] : 0;
  *hbm_gbs = hbm[dev];
}
