/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* cuda-copy.c - the CUDA back end's copies: a chunk's loads and
   write-backs between the user's arrays and its buffer (straight from
   and to registered memory, or through the queue's pinned staging buffer
   with the host side as a host function on the stream: cuda-host.c; a
   read-only array's loads through the queue's slots, filled ahead), the
   halo rows of resident plans between buffers (within a device, or peer
   to peer), and the copies of `update peer' (devices.c).  */

#include "cuda-int.h"

#include <stdlib.h>

/* The job of a host function that copies N bytes from SRC to DST
   (cuda_stage_fn frees it).  */
static struct cuda_stage_job *
new_stage_job (const struct pacc_opinfo *info, void *dst, const void *src,
               size_t n)
{
  struct cuda_stage_job *j
    = pacc_xmalloc (info->where, sizeof *j, "a staging job");
  j->dst = dst;
  j->src = src;
  j->n = n;
  return j;
}

/* Q's staging buffer, for the copy INFO of host bytes [HOST, HOST +
   BYTES) that no live region registered.  Queues have one when a region
   stages an array; bytes the region never gave the back end (issue 44:
   the side buffers of `mpi' were such) still have a path, through a
   buffer made now and noted.  */
static char *
stage_buffer (struct cuda_queue *q, const void *host, size_t bytes,
              const struct pacc_opinfo *info)
{
  char op[256];
  if (q->stage)
    return q->stage;
  pacc_op_describe (info, op, sizeof op);
  if (!cuda_lib.cuLaunchHostFunc)
    pacc_error (info->where,
                "the %zu bytes at %p%s are not registered "
                "host memory, and copying them through a staging buffer "
                "needs cuLaunchHostFunc, which this CUDA driver does not "
                "have (CUDA 10 or later is needed)",
                bytes, host, op);
  if (pacc_settings.verbose >= 1)
    pacc_note (info->where,
               "queue %d: the %zu bytes at %p%s are not "
               "registered host memory: staging them",
               q->index, bytes, host, op);
  cuda_pool_start ();
  return cuda_queue_stage (q);
}

/* Piece [H, H + N) of a staged load of a read-only array into D on Q:
   the host copy into the next of Q's slots runs on Q's slot stream once
   the slot's last copy out has run, not in Q's stream order, so it
   overlaps the copies and kernels queued before on Q (the bytes do not
   change while the region runs); the copy out waits for it on Q.  In
   stream order, host copy and copy out took turns: 17 GB/s on an H100
   host, against the 27.5 of host copies beside copies out of a ring
   (benchmarks/RESULTS.md).  */
static void
prefetch_in (struct cuda_queue *q, char *d, const char *h, size_t n,
             const struct pacc_opinfo *info)
{
  unsigned s = q->pnext;
  char *slot = q->pslots + (size_t) s * CUDA_STAGE_BYTES;
  q->pnext = (s + 1) % CUDA_STAGE_SLOTS;
  CU_CALL_OP (info, "ordering a staging slot's fill after its last copy",
              cuStreamWaitEvent, q->pstream, q->pfree[s], 0);
  CU_CALL_OP (info, "enqueueing the host side of a staged load",
              cuLaunchHostFunc, q->pstream, cuda_stage_fn,
              new_stage_job (info, slot, h, n));
  CU_CALL_OP (info, "recording a staging slot's fill", cuEventRecord,
              q->pfull[s], q->pstream);
  CU_CALL_OP (info, "ordering a staged load after its slot's fill",
              cuStreamWaitEvent, q->stream, q->pfull[s], 0);
  CU_CALL_FAULT (PACC_FAULT_COPY, info, "loading a chunk through staging",
                 cuMemcpyHtoDAsync_v2, cuda_dptr (d), slot, n, q->stream);
  CU_CALL_OP (info, "recording a staging slot's copy", cuEventRecord,
              q->pfree[s], q->stream);
}

/* A copy's timing in parts: a direct copy whose range registers as the
   first block goes (cuda-lazy.c) registers each piece just before the
   copy of that piece's bytes is issued, so the copy of the pieces
   registered first runs while the next ones register (the whole copy
   waited for its last piece: a 2-GPU in-core Jacobi's loads started
   after 87 ms of registration, benchmarks/RESULTS.md); the time a piece
   takes to register is the host's, not the copy's, so the copy is
   timed in parts between the registrations, each with its own bytes
   (the trace shows them as loads or write-backs of the same chunk).  */
struct copy_parts
{
  struct cuda_timed *t;
  size_t bytes; /* of the open part.  */
  int open;
};

static void
part_close (struct cuda_queue *q, struct copy_parts *cp,
            const struct pacc_opinfo *info)
{
  if (!cp->open)
    return;
  struct pacc_opinfo part = *info;
  part.bytes = cp->bytes;
  cuda_timed_end (q, cp->t, &part);
  cp->open = 0;
}

/* Before the copy of [H, H + N) on Q, in the registered range AT (NULL:
   not direct): its pieces registered, the part open.  */
static void
part_next (struct cuda_queue *q, struct copy_parts *cp,
           const struct cuda_direct_at *at, const void *h, size_t n,
           const struct pacc_opinfo *info)
{
  if (at && cuda_pin_needed (at, h, n))
    {
      part_close (q, cp, info);
      cuda_pin_ensure (at, h, n, info);
    }
  if (!cp->open)
    {
      cp->t = cuda_timed_begin (q, info);
      cp->bytes = 0;
      cp->open = 1;
    }
}

void
cuda_copy_in (void *queue, void *buf, const void *host, size_t bytes,
              const struct pacc_opinfo *info)
{
  struct cuda_queue *q = queue;
  struct copy_parts cp = { NULL, 0, 0 };
  size_t off, n;
  struct cuda_direct_at at;
  int direct = bytes && cuda_is_direct (host, bytes, &at);
  int ahead = bytes && !direct && q->pslots && pacc_settings.stage_ahead
              && cuda_is_read_only_staged (host, bytes);

  cuda_use_ctx (q->dev);
  for (off = 0; off < bytes; off += n)
    {
      char *d = (char *) buf + off;
      const char *h = (const char *) host + off;
      n = cuda_copy_step (direct ? &at : NULL, host, off, bytes);
      part_next (q, &cp, direct ? &at : NULL, h, n, info);
      cp.bytes += n;
      if (direct)
        {
          CU_CALL_FAULT (PACC_FAULT_COPY, info, "loading a chunk",
                         cuMemcpyHtoDAsync_v2, cuda_dptr (d), h, n, q->stream);
          continue;
        }
      if (ahead)
        {
          prefetch_in (q, d, h, n, info);
          continue;
        }
      stage_buffer (q, host, bytes, info);
      CU_CALL_FAULT (PACC_FAULT_COPY, info,
                     "enqueueing the host side of a staged load",
                     cuLaunchHostFunc, q->stream, cuda_stage_fn,
                     new_stage_job (info, q->stage, h, n));
      CU_CALL_FAULT (PACC_FAULT_COPY, info, "loading a chunk through staging",
                     cuMemcpyHtoDAsync_v2, cuda_dptr (d), q->stage, n,
                     q->stream);
    }
  /* No bytes: timed all the same (the totals count the copy).  */
  part_next (q, &cp, NULL, host, 0, info);
  part_close (q, &cp, info);
}

void
cuda_copy_out (void *queue, void *host, const void *buf, size_t bytes,
               const struct pacc_opinfo *info)
{
  struct cuda_queue *q = queue;
  struct copy_parts cp = { NULL, 0, 0 };
  size_t off, n;
  struct cuda_direct_at at;
  int direct = bytes && cuda_is_direct (host, bytes, &at);

  cuda_use_ctx (q->dev);
  for (off = 0; off < bytes; off += n)
    {
      const char *d = (const char *) buf + off;
      char *h = (char *) host + off;
      n = cuda_copy_step (direct ? &at : NULL, host, off, bytes);
      part_next (q, &cp, direct ? &at : NULL, h, n, info);
      cp.bytes += n;
      if (direct)
        {
          CU_CALL_FAULT (PACC_FAULT_COPY, info, "writing a chunk back",
                         cuMemcpyDtoHAsync_v2, h, cuda_dptr (d), n, q->stream);
          continue;
        }
      stage_buffer (q, host, bytes, info);
      CU_CALL_FAULT (PACC_FAULT_COPY, info,
                     "writing a chunk back through staging",
                     cuMemcpyDtoHAsync_v2, q->stage, cuda_dptr (d), n,
                     q->stream);
      CU_CALL_FAULT (PACC_FAULT_COPY, info,
                     "enqueueing the host side of a staged write-back",
                     cuLaunchHostFunc, q->stream, cuda_stage_fn,
                     new_stage_job (info, h, q->stage, n));
    }
  part_next (q, &cp, NULL, host, 0, info);
  part_close (q, &cp, info);
}

/* Halo rows of a resident plan: a chunk buffer of device SRC_DEV into one
   of the queue's device, on the queue's stream (peer access was enabled
   for the pair at init where the hardware allows; otherwise the driver
   stages the copy).  */
void
cuda_copy_buf (void *queue, void *dst, const void *src, int src_dev,
               size_t bytes, const struct pacc_opinfo *info)
{
  struct cuda_queue *q = queue;
  struct cuda_timed *t;

  cuda_use_ctx (q->dev);
  t = cuda_timed_begin (q, info);
  if (!bytes)
    ;
  else if (src_dev == q->dev)
    CU_CALL_FAULT (PACC_FAULT_COPY, info, "copying halo rows within a device",
                   cuMemcpyDtoDAsync_v2, cuda_dptr (dst), cuda_dptr (src),
                   bytes, q->stream);
  else
    CU_CALL_FAULT (PACC_FAULT_COPY, info, "copying halo rows between devices",
                   cuMemcpyPeerAsync, cuda_dptr (dst), cuda_devs[q->dev].ctx,
                   cuda_dptr (src), cuda_devs[src_dev].ctx, bytes, q->stream);
  cuda_timed_end (q, t, info);
}

/* ------------------------------------------------------------------ */
/* Peer copies (devices.c's update peer).  DST and SRC are host addresses
   of data present on devices TO and FROM (libgomp's device numbers, which
   are CUDA ordinals): their device addresses and each device's context
   come from libgomp with that device current.  The copy is
   cuMemcpyPeer[Async]: direct when the devices can access each other
   (peer access is enabled for the pair on first use), staged by the
   driver otherwise; PACC_VERBOSE says which.  */

static CUstream peer_stream[MAX_DEVICES];

static CUdeviceptr
peer_devptr (int dev, const void *host, size_t bytes, CUcontext *ctxp)
{
  cuda_gomp.acc_set_device_num (dev, CUDA_ACC_DEVICE_NVIDIA);
  char *d = cuda_gomp.acc_deviceptr ((void *) host);
  char *e = bytes ? cuda_gomp.acc_deviceptr ((char *) host + bytes - 1) : d;
  if (!d || e != d + (bytes ? bytes - 1 : 0))
    pacc_error (NULL,
                "update peer: the %zu bytes at %p are not present on "
                "device %d",
                bytes, host, dev);
  *ctxp = cuda_gomp.acc_get_current_cuda_context ();
  return cuda_dptr (d);
}

void
cuda_peer_copy (void *dst, int to, const void *src, int from, size_t bytes,
                int async)
{
  int old = cuda_gomp.acc_get_device_num (CUDA_ACC_DEVICE_NVIDIA);
  CUcontext cto, cfrom;
  CUstream s = NULL;
  CUdeviceptr ddst = peer_devptr (to, dst, bytes, &cto);
  CUdeviceptr dsrc = peer_devptr (from, src, bytes, &cfrom);
  int direct = to == from;
  if (to != from && to < MAX_DEVICES && from < MAX_DEVICES)
    direct = cuda_enable_peer (to, cto, from, cfrom);
  /* On the destination's async queue (created and given to libgomp when
     it has no stream yet, so that `wait' finds it), or, synchronously,
     on a private stream of the destination waited for here: a copy
     between devices never waits by itself (cuMemcpyPeer returns before
     it is done).  */
  cuda_gomp.acc_set_device_num (to, CUDA_ACC_DEVICE_NVIDIA);
  CU_CALL ("making a device's context current", cuCtxSetCurrent, cto);
  if (async >= 0)
    s = cuda_gomp_async_stream (async, NULL, "update peer: ");
  if (s)
    CU_CALL ("copying between devices", cuMemcpyPeerAsync, ddst, cto, dsrc,
             cfrom, bytes, s);
  else
    {
      if (to >= MAX_DEVICES)
        pacc_error (NULL, "update peer: device %d: more than %d devices", to,
                    MAX_DEVICES);
      if (!peer_stream[to])
        CU_CALL ("creating a stream for peer copies", cuStreamCreate,
                 &peer_stream[to], CU_STREAM_NON_BLOCKING);
      CU_CALL ("copying between devices", cuMemcpyPeerAsync, ddst, cto, dsrc,
               cfrom, bytes, peer_stream[to]);
      CU_CALL ("waiting for a copy between devices", cuStreamSynchronize,
               peer_stream[to]);
    }
  cuda_gomp.acc_set_device_num (old, CUDA_ACC_DEVICE_NVIDIA);
  cuda_follow_device ();
  if (pacc_settings.verbose >= 1)
    pacc_note (NULL,
               "update peer: %zu bytes from device %d to device %d, "
               "%s%s",
               bytes, from, to,
               to == from ? "within the device"
               : direct   ? "direct (peer access)"
                          : "staged through the host",
               s ? ", asynchronous" : "");
}
