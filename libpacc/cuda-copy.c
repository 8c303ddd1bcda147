/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* cuda-copy.c - the CUDA back end's copies: a chunk's loads and
   write-backs between the user's arrays and its buffer (straight from
   and to registered memory, or through the queue's pinned staging buffer
   with the host side as a host function on the stream: cuda-host.c), the
   halo rows of resident plans between buffers (within a device, or peer
   to peer), and the copies of `update peer' (devices.c).  */

#include "cuda.h"

#include <stdlib.h>

void
cuda_copy_in (void *queue, void *buf, const void *host, size_t bytes,
              const struct pacc_opinfo *info)
{
  struct cqueue *q = queue;
  struct timed *t;
  size_t off, n;
  struct direct_at at;
  int direct = bytes && is_direct (host, bytes, &at);

  use_ctx (q->dev);
  /* Before the copy's start is recorded: the pinning is the host's time,
     not the copy's.  */
  if (direct)
    pin_ensure (&at, host, bytes, info);
  t = timed_begin (q, info);
  for (off = 0; off < bytes; off += n)
    {
      char *d = (char *) buf + off;
      const char *h = (const char *) host + off;
      n = copy_step (direct ? &at : NULL, host, off, bytes);
      if (direct)
        {
          CU_CALL_FAULT (PACC_FAULT_COPY, info,
                         "loading a chunk", cuMemcpyHtoDAsync_v2, dptr (d),
                         h, n, q->stream);
          continue;
        }
      struct stage_job *j;
      if (!q->stage)
        pacc_internal_error (info->where, "queue %d has no staging buffer",
                             q->index);
      j = pacc_xmalloc (info->where, sizeof *j, "a staging job");
      j->dst = q->stage;
      j->src = h;
      j->n = n;
      CU_CALL_FAULT (PACC_FAULT_COPY, info,
                     "enqueueing the host side of a staged load",
                     cuLaunchHostFunc, q->stream, stage_fn, j);
      CU_CALL_FAULT (PACC_FAULT_COPY, info,
                     "loading a chunk through staging",
                     cuMemcpyHtoDAsync_v2, dptr (d), q->stage, n, q->stream);
    }
  timed_end (q, t, info);
}

void
cuda_copy_out (void *queue, void *host, const void *buf, size_t bytes,
               const struct pacc_opinfo *info)
{
  struct cqueue *q = queue;
  struct timed *t;
  size_t off, n;
  struct direct_at at;
  int direct = bytes && is_direct (host, bytes, &at);

  use_ctx (q->dev);
  /* Before the copy's start is recorded: the pinning is the host's time,
     not the copy's.  */
  if (direct)
    pin_ensure (&at, host, bytes, info);
  t = timed_begin (q, info);
  for (off = 0; off < bytes; off += n)
    {
      const char *d = (const char *) buf + off;
      char *h = (char *) host + off;
      n = copy_step (direct ? &at : NULL, host, off, bytes);
      if (direct)
        {
          CU_CALL_FAULT (PACC_FAULT_COPY, info,
                         "writing a chunk back", cuMemcpyDtoHAsync_v2, h,
                         dptr (d), n, q->stream);
          continue;
        }
      struct stage_job *j;
      if (!q->stage)
        pacc_internal_error (info->where, "queue %d has no staging buffer",
                             q->index);
      CU_CALL_FAULT (PACC_FAULT_COPY, info,
                     "writing a chunk back through staging",
                     cuMemcpyDtoHAsync_v2, q->stage, dptr (d), n, q->stream);
      j = pacc_xmalloc (info->where, sizeof *j, "a staging job");
      j->dst = h;
      j->src = q->stage;
      j->n = n;
      CU_CALL_FAULT (PACC_FAULT_COPY, info,
                     "enqueueing the host side of a staged write-back",
                     cuLaunchHostFunc, q->stream, stage_fn, j);
    }
  timed_end (q, t, info);
}

/* Halo rows of a resident plan: a chunk buffer of device SRC_DEV into one
   of the queue's device, on the queue's stream (peer access was enabled
   for the pair at init where the hardware allows; otherwise the driver
   stages the copy).  */
void
cuda_copy_buf (void *queue, void *dst, const void *src, int src_dev,
               size_t bytes, const struct pacc_opinfo *info)
{
  struct cqueue *q = queue;
  struct timed *t;

  use_ctx (q->dev);
  t = timed_begin (q, info);
  if (!bytes)
    ;
  else if (src_dev == q->dev)
    CU_CALL_FAULT (PACC_FAULT_COPY, info,
                   "copying halo rows within a device",
                   cuMemcpyDtoDAsync_v2, dptr (dst), dptr (src), bytes,
                   q->stream);
  else
    CU_CALL_FAULT (PACC_FAULT_COPY, info,
                   "copying halo rows between devices",
                   cuMemcpyPeerAsync, dptr (dst), devs[q->dev].ctx, dptr (src),
                   devs[src_dev].ctx, bytes, q->stream);
  timed_end (q, t, info);
}

/* ------------------------------------------------------------------ */
/* Peer copies (devices.c's update peer).  DST and SRC are host addresses
   of data present on devices TO and FROM (libgomp's device numbers, which
   are CUDA ordinals): their device addresses and each device's context
   come from libgomp with that device current.  The copy is
   cuMemcpyPeer[Async]: direct when the devices can access each other
   (peer access is enabled for the pair on first use), staged by the
   driver otherwise; PACC_VERBOSE says which.  */

static CUstream peer_stream[PACC_MAX_DEVICES];

static CUdeviceptr
peer_devptr (int dev, const void *host, size_t bytes, CUcontext *ctxp)
{
  gomp.acc_set_device_num (dev, ACC_DEVICE_NVIDIA);
  char *d = gomp.acc_deviceptr ((void *) host);
  char *e = bytes ? gomp.acc_deviceptr ((char *) host + bytes - 1) : d;
  if (!d || e != d + (bytes ? bytes - 1 : 0))
    pacc_error (NULL, "update peer: the %zu bytes at %p are not present on "
                "device %d", bytes, host, dev);
  *ctxp = gomp.acc_get_current_cuda_context ();
  return dptr (d);
}

void
cuda_peer_copy (void *dst, int to, const void *src, int from, size_t bytes,
                int async)
{
  int old = gomp.acc_get_device_num (ACC_DEVICE_NVIDIA);
  CUcontext cto, cfrom;
  CUstream s = NULL;
  CUdeviceptr ddst = peer_devptr (to, dst, bytes, &cto);
  CUdeviceptr dsrc = peer_devptr (from, src, bytes, &cfrom);
  int direct = to == from;
  if (to != from && to < PACC_MAX_DEVICES && from < PACC_MAX_DEVICES)
    direct = enable_peer (to, cto, from, cfrom);
  /* On the destination's async queue (created and given to libgomp when
     it has no stream yet, so that `wait' finds it), or, synchronously,
     on a private stream of the destination waited for here: a copy
     between devices never waits by itself (cuMemcpyPeer returns before
     it is done).  */
  gomp.acc_set_device_num (to, ACC_DEVICE_NVIDIA);
  CU_CALL ("making a device's context current", cuCtxSetCurrent, cto);
  if (async >= 0)
    s = gomp_async_stream (async, NULL, "update peer: ");
  if (s)
    CU_CALL ("copying between devices", cuMemcpyPeerAsync, ddst, cto, dsrc,
             cfrom, bytes, s);
  else
    {
      if (to >= PACC_MAX_DEVICES)
        pacc_error (NULL, "update peer: device %d: more than %d devices",
                    to, PACC_MAX_DEVICES);
      if (!peer_stream[to])
        CU_CALL ("creating a stream for peer copies", cuStreamCreate,
                 &peer_stream[to], CU_STREAM_NON_BLOCKING);
      CU_CALL ("copying between devices", cuMemcpyPeerAsync, ddst, cto,
               dsrc, cfrom, bytes, peer_stream[to]);
      CU_CALL ("waiting for a copy between devices", cuStreamSynchronize,
               peer_stream[to]);
    }
  gomp.acc_set_device_num (old, ACC_DEVICE_NVIDIA);
  follow_device ();
  if (pacc_settings.verbose >= 1)
    pacc_note (NULL, "update peer: %zu bytes from device %d to device %d, "
               "%s%s", bytes, from, to,
               to == from ? "within the device"
               : direct ? "direct (peer access)" : "staged through the host",
               s ? ", asynchronous" : "");
}
