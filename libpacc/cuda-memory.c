/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* cuda-memory.c - device memory for the chunk buffers and rings, and
   the rates the cost model plans with (each device's link probed, all
   devices at once).  Some of every device is left to libgomp (kernel
   arguments, modules, stacks) and the driver: 256 MiB plus 1/64 of the
   device.  */

#include "cuda-int.h"
#include "trace.h"

#include <string.h>

#define MEM_MARGIN_FIXED ((size_t) 256 << 20)
#define MEM_MARGIN_SHIFT 6

size_t
cuda_mem_available (int dev)
{
  size_t fr = 0, tot = 0, margin;
  cuda_ensure_dev (dev);
  CU_CALL ("reading the free device memory", cuMemGetInfo_v2, &fr, &tot);
  margin = MEM_MARGIN_FIXED + (tot >> MEM_MARGIN_SHIFT);
  return fr > margin ? fr - margin : 0;
}

void *
cuda_alloc (int dev, size_t bytes)
{
  CUdeviceptr p = 0;
  CUresult r;
  cuda_ensure_dev (dev);
  if (pacc_fault (PACC_FAULT_ALLOC))
    return NULL;
  r = cuda_lib.cuMemAlloc_v2 (&p, bytes ? bytes : 1);
  if (r == CUDA_ERROR_OUT_OF_MEMORY)
    return NULL;
  if (r != CUDA_SUCCESS)
    cuda_fail ("cuMemAlloc_v2", r, "allocating a chunk buffer", NULL);
  return (void *) (uintptr_t) p;
}

void
cuda_free (int dev, void *buf)
{
  cuda_use_ctx (dev);
  CU_CALL ("freeing a chunk buffer", cuMemFree_v2, cuda_dptr (buf));
}

/* Rings (backend.h): one physical allocation mapped twice, end to end,
   with the driver's virtual memory calls; 0 (no rings) where the driver
   or the device has none.  */
static void
ring_prop (int dev, CUmemAllocationProp *prop)
{
  memset (prop, 0, sizeof *prop);
  prop->type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop->requestedHandleTypes = CU_MEM_HANDLE_TYPE_NONE;
  prop->location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  prop->location.id = cuda_devs[dev].cudev;
}

size_t
cuda_ring_unit (int dev)
{
  static size_t unit[MAX_DEVICES];
  int vmm = 0;
  if (dev < 0 || dev >= cuda_ndevs)
    return 0;
  if (unit[dev])
    return unit[dev] > 1 ? unit[dev] : 0;
  unit[dev] = 1;
  cuda_ensure_dev (dev);
  CUmemAllocationProp prop;
  ring_prop (dev, &prop);
  size_t g = 0;
  if (cuda_lib.cuMemGetAllocationGranularity && cuda_lib.cuMemCreate
      && cuda_lib.cuMemRelease && cuda_lib.cuMemAddressReserve
      && cuda_lib.cuMemAddressFree && cuda_lib.cuMemMap && cuda_lib.cuMemUnmap
      && cuda_lib.cuMemSetAccess
      && cuda_lib.cuDeviceGetAttribute (
           &vmm, CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED,
           cuda_devs[dev].cudev)
           == CUDA_SUCCESS
      && vmm
      && cuda_lib.cuMemGetAllocationGranularity (
           &g, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM)
           == CUDA_SUCCESS
      && g > 1)
    unit[dev] = g;
  return unit[dev] > 1 ? unit[dev] : 0;
}

void *
cuda_ring_alloc (int dev, size_t bytes)
{
  CUmemAllocationProp prop;
  CUmemGenericAllocationHandle h;
  CUdeviceptr va = 0;
  cuda_ensure_dev (dev);
  if (pacc_fault (PACC_FAULT_ALLOC))
    return NULL;
  ring_prop (dev, &prop);
  CUresult r = cuda_lib.cuMemCreate (&h, bytes, &prop, 0);
  if (r == CUDA_ERROR_OUT_OF_MEMORY)
    return NULL;
  if (r != CUDA_SUCCESS)
    cuda_fail ("cuMemCreate", r, "allocating a ring", NULL);
  CU_CALL ("reserving addresses for a ring", cuMemAddressReserve, &va,
           2 * bytes, 0, 0, 0);
  CU_CALL ("mapping a ring", cuMemMap, va, bytes, 0, h, 0);
  CU_CALL ("mapping a ring again", cuMemMap, va + bytes, bytes, 0, h, 0);
  /* The mappings keep the memory; the handle may go.  */
  CU_CALL ("releasing a ring's handle", cuMemRelease, h);
  CUmemAccessDesc acc;
  memset (&acc, 0, sizeof acc);
  acc.location = prop.location;
  acc.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  CU_CALL ("making a ring accessible", cuMemSetAccess, va, 2 * bytes, &acc, 1);
  return (void *) (uintptr_t) va;
}

void
cuda_ring_free (int dev, void *ring, size_t bytes)
{
  cuda_use_ctx (dev);
  CU_CALL ("unmapping a ring", cuMemUnmap, cuda_dptr (ring), 2 * bytes);
  CU_CALL ("freeing a ring's addresses", cuMemAddressFree, cuda_dptr (ring),
           2 * bytes);
}

/* The link: copies of 16 MiB between pinned memory and the device,
   both directions at once on two streams, as a pipeline's loads and
   write-backs run (one direction alone runs 10-20 % faster on an H100,
   benchmarks/RESULTS.md), each direction timed by its own events after
   one warm-up copy each way, the fastest of PROBE_ROUNDS rounds (about
   5 ms, once per device and process): one round read 34.7 and
   41.2 GB/s in 2 of 36 processes on an H100 whose copies then ran at
   49.8 and 52.2, and the planner chose a plan for the slow link
   (RESULTS.md, "Pacing the launches while registering"); every
   device's probe at the same time (probe_all).  The memory: the peak
   of its clock and bus width.  */
#define PROBE_BYTES ((size_t) 16 << 20)
#define PROBE_COPIES 4
#define PROBE_ROUNDS 4

/* Both directions at once: the GB/s of each into IN and OUT; 0 when no
   round completed (the probe is an estimate: no error).  */
static void
probe_link (int dev, double *in, double *out)
{
  void *h[2] = { NULL, NULL };
  CUdeviceptr d[2] = { 0, 0 };
  CUstream st = NULL;
  CUevent ev[4] = { NULL, NULL, NULL, NULL };
  int ok = 1;
  *in = *out = 0;
  for (int i = 0; i < 2; i++)
    ok = ok && cuda_lib.cuMemAllocHost_v2 (&h[i], PROBE_BYTES) == CUDA_SUCCESS
         && cuda_lib.cuMemAlloc_v2 (&d[i], PROBE_BYTES) == CUDA_SUCCESS;
  ok
    = ok
      && cuda_lib.cuStreamCreate (&st, CU_STREAM_NON_BLOCKING) == CUDA_SUCCESS;
  for (int i = 0; i < 4; i++)
    ok = ok
         && cuda_lib.cuEventCreate (&ev[i], CU_EVENT_DEFAULT) == CUDA_SUCCESS;
  CUstream ctl = cuda_devs[dev].ctl;
  /* Warm-up, one copy each way, alone.  */
  ok = ok
       && cuda_lib.cuMemcpyHtoDAsync_v2 (d[0], h[0], PROBE_BYTES, ctl)
            == CUDA_SUCCESS
       && cuda_lib.cuMemcpyDtoHAsync_v2 (h[1], d[1], PROBE_BYTES, st)
            == CUDA_SUCCESS
       && cuda_lib.cuStreamSynchronize (ctl) == CUDA_SUCCESS
       && cuda_lib.cuStreamSynchronize (st) == CUDA_SUCCESS;
  for (int round = 0; ok && round < PROBE_ROUNDS; round++)
    {
      ok = cuda_lib.cuEventRecord (ev[0], ctl) == CUDA_SUCCESS
           && cuda_lib.cuEventRecord (ev[2], st) == CUDA_SUCCESS;
      for (int i = 0; ok && i < PROBE_COPIES; i++)
        ok = cuda_lib.cuMemcpyHtoDAsync_v2 (d[0], h[0], PROBE_BYTES, ctl)
               == CUDA_SUCCESS
             && cuda_lib.cuMemcpyDtoHAsync_v2 (h[1], d[1], PROBE_BYTES, st)
                  == CUDA_SUCCESS;
      ok = ok && cuda_lib.cuEventRecord (ev[1], ctl) == CUDA_SUCCESS
           && cuda_lib.cuEventRecord (ev[3], st) == CUDA_SUCCESS
           && cuda_lib.cuEventSynchronize (ev[1]) == CUDA_SUCCESS
           && cuda_lib.cuEventSynchronize (ev[3]) == CUDA_SUCCESS;
      float ms_in = 0, ms_out = 0;
      if (ok
          && cuda_lib.cuEventElapsedTime (&ms_in, ev[0], ev[1]) == CUDA_SUCCESS
          && cuda_lib.cuEventElapsedTime (&ms_out, ev[2], ev[3])
               == CUDA_SUCCESS
          && ms_in > 0 && ms_out > 0)
        {
          double gi = (double) PROBE_BYTES * PROBE_COPIES / ms_in * 1e-6;
          double go = (double) PROBE_BYTES * PROBE_COPIES / ms_out * 1e-6;
          *in = gi > *in ? gi : *in;
          *out = go > *out ? go : *out;
        }
    }
  for (int i = 0; i < 4; i++)
    if (ev[i])
      cuda_lib.cuEventDestroy_v2 (ev[i]);
  if (st)
    cuda_lib.cuStreamDestroy_v2 (st);
  for (int i = 0; i < 2; i++)
    {
      if (d[i])
        cuda_lib.cuMemFree_v2 (d[i]);
      if (h[i])
        cuda_lib.cuMemFreeHost (h[i]);
    }
}

/* The rates of each device, once per process: 0 not probed yet, a
   link of -1 probed without a timed round.  */
static double link_r[MAX_DEVICES], wb_r[MAX_DEVICES], hbm_r[MAX_DEVICES];

/* One device's probe on a thread of its own, in the device's context.  */
static void *
probe_thread (void *arg)
{
  int dev = (int) (intptr_t) arg;
  cuda_use_ctx (dev);
  probe_link (dev, &link_r[dev], &wb_r[dev]);
  return NULL;
}

/* Probe every device not probed yet, all at once: each device's copies
   cross its own link and its own copy engines, so the probes do not
   disturb one another, and one after the other two H200s' probes
   added 12 ms to the 48 before a region's buffers (benchmarks/
   RESULTS.md, "Where the two-GPU in-core run spends its time").  The
   calling thread probes the first device; a thread that cannot be had
   leaves its device to the calling thread, after the others.  */
static void
probe_all (void)
{
  pthread_t th[MAX_DEVICES];
  char started[MAX_DEVICES] = { 0 };
  int todo[MAX_DEVICES], n = 0;
  double t0 = pacc_now_us ();
  for (int d = 0; d < cuda_ndevs; d++)
    if (!link_r[d])
      {
        int khz = 0, bits = 0;
        cuda_ensure_dev (d);
        if (cuda_lib.cuDeviceGetAttribute (
              &khz, CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE, cuda_devs[d].cudev)
              == CUDA_SUCCESS
            && cuda_lib.cuDeviceGetAttribute (
                 &bits, CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH,
                 cuda_devs[d].cudev)
                 == CUDA_SUCCESS)
          hbm_r[d] = 2.0 * khz * 1e3 * (bits / 8) * 1e-9;
        todo[n++] = d;
      }
  for (int i = 1; i < n; i++)
    started[i] = pthread_create (&th[i], NULL, probe_thread,
                                 (void *) (intptr_t) todo[i])
                 == 0;
  for (int i = 0; i < n; i++)
    if (!started[i])
      probe_thread ((void *) (intptr_t) todo[i]);
  for (int i = 1; i < n; i++)
    if (started[i])
      pthread_join (th[i], NULL);
  for (int i = 0; i < n; i++)
    if (!link_r[todo[i]])
      link_r[todo[i]] = -1;
  if (n)
    pacc_trace_span (cuda_cur_where, "probe the links", t0, pacc_now_us ());
}

void
cuda_rates (int dev, double *link_gbs, double *wb_gbs, double *hbm_gbs)
{
  if (dev < 0 || dev >= cuda_ndevs)
    {
      *link_gbs = *wb_gbs = *hbm_gbs = 0;
      return;
    }
  if (!link_r[dev])
    {
      probe_all ();
      cuda_ensure_dev (dev);
    }
  *link_gbs = link_r[dev] > 0 ? link_r[dev] : 0;
  *wb_gbs = link_r[dev] > 0 ? wb_r[dev] : 0;
  *hbm_gbs = hbm_r[dev];
}
