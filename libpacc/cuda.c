/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* cuda.c - the CUDA data path (pacc_backend_cuda): chunk buffers in GPU
   memory, one CUDA stream per queue, copies ordered by CUDA events, and
   the same streams under the OpenACC kernels that libgomp launches, so
   that a chunk's load, its kernels and its write-back run in stream
   order with no host synchronisation inside a region.  This file sets the
   back end up and holds its table; cuda-int.h lists the files that do
   the work.

   No driver, no device, or a program in which libgomp cannot offload to
   an NVIDIA device: init returns 0 and the host back end runs
   (PACC_VERBOSE says why), unless PACC_DATA_PATH asks for a GPU path,
   which is then an error.  The automatic choice needs libgomp able to
   offload to an NVIDIA device and an nvptx offload image in the program
   (image.c): otherwise the kernels would not run on the GPU (a program
   linked with libpacc only, like the unit tests, emulates its kernels on
   the host), and the host path is used.  A forced GPU path
   (PACC_DATA_PATH=register/staging) without libgomp offloading runs
   standalone, the streams its own (kernels launched by PACC itself, as
   in the smoke test).

   The only synchronisation is cuStreamSynchronize per queue at region
   end (and cuEventSynchronize of the private stream that anchors the
   timings, at region begin): never cuCtxSynchronize.  */

#include "cuda-int.h"
#include "image.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The reason init gives up, for the note or the error.  */
static char why[512];

static int PACC_PRINTF (1, 2) unusable (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (why, sizeof why, fmt, ap);
  va_end (ap);
  if (pacc_settings.data_path == PACC_PATH_REGISTER
      || pacc_settings.data_path == PACC_PATH_STAGING)
    pacc_error (NULL, "PACC_DATA_PATH=%s: no GPU data path: %s",
                pacc_settings.data_path == PACC_PATH_REGISTER ? "register"
                                                              : "staging",
                why);
  if (pacc_settings.verbose >= 1)
    pacc_note (NULL, "no GPU data path (%s); using the host", why);
  return 0;
}

static int
cuda_init (void)
{
  const char *e, *adev;
  CUresult r;
  int n = 0, version = 0, forced;
  char name[256];
  size_t fr = 0, tot = 0;

  forced = pacc_settings.data_path == PACC_PATH_REGISTER
           || pacc_settings.data_path == PACC_PATH_STAGING;
  pacc_backend_cuda.name
    = pacc_settings.data_path == PACC_PATH_STAGING ? "staging" : "register";
  if ((e = cuda_load_driver ()))
    return unusable ("%s", e);
  if ((r = cuda_lib.cuInit (0)) != CUDA_SUCCESS)
    return unusable ("cuInit returned %s (%s)", cuda_name (r),
                     cuda_string (r));
  if ((r = cuda_lib.cuDeviceGetCount (&n)) != CUDA_SUCCESS)
    return unusable ("cuDeviceGetCount returned %s", cuda_name (r));
  if (n < 1)
    return unusable ("the CUDA driver sees no device");

  /* libgomp in the process, able to offload to an NVIDIA device.  */
  cuda_have_gomp = cuda_find_gomp ();
  cuda_dev_ord = 0;
  adev = getenv ("ACC_DEVICE_TYPE");
  if (cuda_have_gomp && adev && !strcasecmp (adev, "host"))
    {
      if (forced)
        pacc_error (NULL,
                    "PACC_DATA_PATH=%s asks for the GPU, but "
                    "ACC_DEVICE_TYPE=host runs the OpenACC kernels on the "
                    "host",
                    pacc_backend_cuda.name);
      return unusable ("ACC_DEVICE_TYPE=host runs the OpenACC kernels on "
                       "the host");
    }
  if (cuda_have_gomp
      && cuda_gomp.acc_get_num_devices (CUDA_ACC_DEVICE_NVIDIA) < 1)
    {
      if (!forced)
        return unusable ("libgomp cannot offload to an NVIDIA device (is "
                         "GCC 12's libgomp-plugin-nvptx.so.1 beside the "
                         "libgomp.so.1 the program loads?)");
      /* Forced: run standalone (kernels launched by PACC itself).  */
      cuda_have_gomp = 0;
    }
  if (!cuda_have_gomp && !forced)
    return unusable ("libgomp is not in the program, so its kernels "
                     "cannot run on a GPU");
  if (cuda_have_gomp && !forced && pacc_nimages == 0)
    return unusable ("the program has no nvptx offload image (built "
                     "without -foffload=nvptx-none, or linked with -lgomp "
                     "before -lpacc?), so its kernels cannot run on a GPU");
  if (cuda_have_gomp)
    {
      /* The device libgomp uses by default (ACC_DEVICE_NUM).  */
      cuda_dev_ord = cuda_gomp.acc_get_device_num (CUDA_ACC_DEVICE_NVIDIA);
      if (cuda_dev_ord < 0 || cuda_dev_ord >= n)
        return unusable ("libgomp's device number %d, but the CUDA driver "
                         "has %d device%s",
                         cuda_dev_ord, n, n == 1 ? "" : "s");
    }

  /* The devices: PACC_DEVICES of them, else all.  */
  {
    int avail = cuda_have_gomp
                  ? cuda_gomp.acc_get_num_devices (CUDA_ACC_DEVICE_NVIDIA)
                  : n;
    if (avail > n)
      avail = n;
    if (avail > MAX_DEVICES)
      avail = MAX_DEVICES;
    cuda_ndevs = pacc_settings.devices ? pacc_settings.devices : avail;
    if (cuda_ndevs > avail)
      pacc_error (NULL,
                  "PACC_DEVICES=%d, but there %s only %d NVIDIA "
                  "device%s",
                  cuda_ndevs, avail == 1 ? "is" : "are", avail,
                  avail == 1 ? "" : "s");
  }
  for (int d = 0; d < cuda_ndevs; d++)
    cuda_devs[d].how = cuda_open_device (d, (cuda_dev_ord + d) % n);
  if (cuda_have_gomp)
    cuda_attach_home ();

  /* The re-plan measures the first block (replan.c).  */
  cuda_timing = pacc_settings.verbose >= 1 || pacc_settings.trace[0]
                || pacc_settings.replan == 1;
  if (pacc_settings.data_path == PACC_PATH_STAGING)
    {
      if (!cuda_lib.cuLaunchHostFunc)
        pacc_error (NULL, "PACC_DATA_PATH=staging: the CUDA driver has no "
                          "cuLaunchHostFunc (CUDA 10 or later is needed)");
      cuda_pool_start ();
    }

  if (cuda_launch_init ())
    {
      pacc_backend_cuda.launch_prepare = cuda_launch_prepare;
      pacc_backend_cuda.launch_issue = cuda_launch_issue;
    }
  pacc_backend_cuda.tblock = cuda_tblock;
  cuda_enable_peers ();

  if (pacc_settings.verbose >= 1)
    for (int d = 0; d < cuda_ndevs; d++)
      {
        cuda_use_ctx (d);
        if (cuda_lib.cuDeviceGetName (name, sizeof name, cuda_devs[d].cudev)
            != CUDA_SUCCESS)
          strcpy (name, "?");
        cuda_lib.cuDriverGetVersion (&version);
        CU_CALL ("reading the free device memory", cuMemGetInfo_v2, &fr, &tot);
        pacc_note (NULL,
                   "CUDA device %d: %s, %zu of %zu MiB free, CUDA "
                   "driver %d.%d; %s",
                   cuda_devs[d].ord, name, fr >> 20, tot >> 20, version / 1000,
                   version % 1000 / 10, cuda_devs[d].how);
      }
  if (cuda_ndevs > 1)
    cuda_use_ctx (0);
  return cuda_ndevs;
}

/* Pipeline device DEV becomes libgomp's current device on this thread;
   returns the previous one (libgomp's number).  */
static int
cuda_select_device (int dev)
{
  int old = cuda_have_gomp
              ? cuda_gomp.acc_get_device_num (CUDA_ACC_DEVICE_NVIDIA)
              : 0;
  cuda_ensure_dev (dev);
  return old;
}

static void
cuda_restore_device (int ord)
{
  if (cuda_have_gomp)
    {
      cuda_gomp.acc_set_device_num (ord, CUDA_ACC_DEVICE_NVIDIA);
      cuda_follow_device ();
    }
}

/* The GPU pipelines start on (libgomp's number).  */
static int
cuda_home_device (void)
{
  return cuda_dev_ord;
}

/* For a kernel launcher of the program's own (the GPU smoke test): the
   CUstream of OpenACC async queue QUEUE of the region this thread runs,
   the one its copies use; NULL when the CUDA back end is not in use or
   has no such queue.  */
void *
pacc_cuda_stream (int queue)
{
  struct cuda_queue *q;
  if (!cuda_ndevs)
    return NULL;
  q = cuda_queue_of (queue);
  return q ? q->stream : NULL;
}

/* launch_prepare and launch_issue are set by cuda_init when libgomp
   offloads (cuda_launch_init).  */
struct pacc_backend pacc_backend_cuda
  = { .name = "register",
      .on_host = 0,
      .init = cuda_init,
      .mem_available = cuda_mem_available,
      .rates = cuda_rates,
      .alloc = cuda_alloc,
      .free = cuda_free,
      .ring_unit = cuda_ring_unit,
      .ring_alloc = cuda_ring_alloc,
      .ring_free = cuda_ring_free,
      .queue_create = cuda_queue_create,
      .queue_destroy = cuda_queue_destroy,
      .event_create = cuda_event_create,
      .event_destroy = cuda_event_destroy,
      .copy_in = cuda_copy_in,
      .copy_out = cuda_copy_out,
      .copy_buf = cuda_copy_buf,
      .record = cuda_record,
      .wait = cuda_wait,
      .sync = cuda_sync,
      .before_kernels = cuda_before_kernels,
      .region_begin = cuda_region_begin,
      .pin_pending = cuda_pin_pending,
      .stage = cuda_stage,
      .stage_gbs = CUDA_STAGE_GBS,
      .stage_ahead_gbs = CUDA_STAGE_AHEAD_GBS,
      .region_end = cuda_region_end,
      .host_release = cuda_host_release,
      .select_device = cuda_select_device,
      .defer_result = cuda_defer_result,
      .flush_results = cuda_flush_results,
      .restore_device = cuda_restore_device,
      .kernels_mark = cuda_kernels_mark,
      .home_device = cuda_home_device,
      .follow_device = cuda_follow_device,
      .peer_copy = cuda_peer_copy };
