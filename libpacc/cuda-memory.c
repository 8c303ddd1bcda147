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
