/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* cuda-driver.c - the CUDA back end's base: the driver, libgomp, the
   devices and their contexts (cuda-int.h).

   Driver.  libcuda.so.1 is opened with dlopen and every call goes through
   one table filled from cuda-lib.def (declarations in cuda-min.h, so no
   CUDA toolkit is needed to build).

   Contexts, shared with libgomp (GCC 12's plugin-nvptx.c and
   oacc-cuda.c): nvptx_open_device adopts the context current on the
   opening thread (ctx_shared, never destroyed by libgomp) and creates its
   own only when there is none.  So cuda_open_device retains the device's
   primary context, makes it current, and then has libgomp open the
   device with acc_set_device_num (idempotent, unlike acc_init, which is
   fatal when the device is already open).  libgomp's context is then read
   back with acc_get_current_cuda_context: if libgomp had opened the
   device before (OpenACC code ran before the first pipeline), it is
   libgomp's own context, and PACC uses that one instead.
   acc_get_cuda_stream answers NULL on a thread libgomp has not attached,
   so every thread that runs a region is attached first
   (acc_set_device_num, cuda_ensure_dev).  */

/* RTLD_DEFAULT (the build may define it already).  */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include "cuda-int.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct cuda_lib cuda_lib;
struct cuda_gomp_api cuda_gomp;
int cuda_have_gomp;
struct cuda_dev cuda_devs[MAX_DEVICES];
int cuda_ndevs;
int cuda_dev_ord;
int cuda_timing;
const char *cuda_cur_where;
int cuda_staging_needed;
int cuda_prefetch_needed;
/* The pipeline device this thread is attached to in libgomp, -1.  */
static _Thread_local int thread_dev = -1;

/* ------------------------------------------------------------------ */
/* Errors.  */

const char *
cuda_name (CUresult r)
{
  const char *s = NULL;
  if (!cuda_lib.cuGetErrorName
      || cuda_lib.cuGetErrorName (r, &s) != CUDA_SUCCESS || !s)
    return "an unknown CUresult";
  return s;
}

const char *
cuda_string (CUresult r)
{
  const char *s = NULL;
  if (!cuda_lib.cuGetErrorString
      || cuda_lib.cuGetErrorString (r, &s) != CUDA_SUCCESS || !s)
    return "no description";
  return s;
}

/* Set by the first failure reported: the failures of other threads that
   follow (the driver torn down by exit, say) are not reported again.  */
static int failing;

static void
first_failure (void)
{
  if (__atomic_exchange_n (&failing, 1, __ATOMIC_ACQ_REL))
    _exit (1);
}

void
cuda_fail (const char *call, CUresult r, const char *what,
           const struct pacc_opinfo *info)
{
  char op[256];
  first_failure ();
  pacc_op_describe (info, op, sizeof op);
  pacc_error_now (info ? info->where : cuda_cur_where,
                  "CUDA error while %s%s: "
                  "%s returned %s (%d: %s)",
                  what, op, call, cuda_name (r), (int) r, cuda_string (r));
}

void
cuda_fail_injected (const char *call, const char *what,
                    const struct pacc_opinfo *info, enum pacc_fault_kind kind)
{
  char op[256];
  first_failure ();
  pacc_op_describe (info, op, sizeof op);
  pacc_error_now (info ? info->where : cuda_cur_where,
                  "CUDA error while %s%s: "
                  "%s failed (injected by %s)",
                  what, op, call, pacc_fault_name (kind));
}

/* ------------------------------------------------------------------ */
/* Set-up.  */

const char *
cuda_load_driver (void)
{
  static char msg[512];
  void *h = dlopen ("libcuda.so.1", RTLD_NOW | RTLD_LOCAL), *sym;
  if (!h)
    {
      const char *e = dlerror ();
      snprintf (msg, sizeof msg, "cannot open the CUDA driver: %s",
                e ? e : "libcuda.so.1 not found");
      return msg;
    }
#define CUDA_ONE_CALL(call) CUDA_ONE_CALL_1 (call, 0)
#define CUDA_ONE_CALL_MAYBE_NULL(call) CUDA_ONE_CALL_1 (call, 1)
#define CUDA_ONE_CALL_1(call, maybe_null)                                     \
  sym = dlsym (h, #call);                                                     \
  memcpy (&cuda_lib.call, &sym, sizeof sym);                                  \
  if (!sym && !(maybe_null))                                                  \
    {                                                                         \
      snprintf (msg, sizeof msg, "the CUDA driver has no %s", #call);         \
      return msg;                                                             \
    }
#include "cuda-lib.def"
#undef CUDA_ONE_CALL
#undef CUDA_ONE_CALL_MAYBE_NULL
#undef CUDA_ONE_CALL_1
  return NULL;
}

int
cuda_find_gomp (void)
{
  void *sym;
#define GOMP_SYM(name)                                                        \
  sym = dlsym (RTLD_DEFAULT, #name);                                          \
  memcpy (&cuda_gomp.name, &sym, sizeof sym);                                 \
  if (!sym)                                                                   \
    return 0;
  GOMP_SYM (acc_get_num_devices)
  GOMP_SYM (acc_get_device_num)
  GOMP_SYM (acc_set_device_num)
  GOMP_SYM (acc_get_current_cuda_context)
  GOMP_SYM (acc_get_cuda_stream)
  GOMP_SYM (acc_set_cuda_stream)
  GOMP_SYM (acc_deviceptr)
#undef GOMP_SYM
  return 1;
}

/* Make context C current on this thread (cheap when it already is).  */
void
cuda_make_current (CUcontext c)
{
  CUcontext cur = NULL;
  CU_CALL ("checking the current CUDA context", cuCtxGetCurrent, &cur);
  if (cur != c)
    CU_CALL ("making a device's CUDA context current", cuCtxSetCurrent, c);
}

/* Make device D's context current on this thread (streams, copies and
   launches of D need it).  */
void
cuda_use_ctx (int d)
{
  cuda_make_current (cuda_devs[d].ctx);
}

/* libgomp's CUDA stream of async queue INDEX on its current device (whose
   context is current), or a new one handed to libgomp when it has none,
   so that OpenACC `wait' and `async' find it.  WHAT prefixes errors.  */
CUstream
cuda_gomp_async_stream (int index, const char *where, const char *what)
{
  CUstream s = (CUstream) cuda_gomp.acc_get_cuda_stream (index);
  if (s)
    return s;
  CU_CALL ("creating the stream of an async queue", cuStreamCreate, &s,
           CU_STREAM_NON_BLOCKING);
  if (cuda_gomp.acc_set_cuda_stream (index, s) != 1)
    pacc_error (where,
                "%slibgomp refused the CUDA stream of async queue %d "
                "of device %d (acc_set_cuda_stream)",
                what, index,
                cuda_gomp.acc_get_device_num (CUDA_ACC_DEVICE_NVIDIA));
  if ((CUstream) cuda_gomp.acc_get_cuda_stream (index) != s)
    pacc_internal_error (where,
                         "libgomp does not use the CUDA stream it "
                         "was given for async queue %d",
                         index);
  return s;
}

/* ... and, with libgomp, make D libgomp's current device on this thread
   (acc_get_cuda_stream, acc_set_cuda_stream and acc_deviceptr answer for
   the current device).  The program may have switched devices since
   (deviceid), so libgomp is asked.  */
void
cuda_ensure_dev (int d)
{
  if (cuda_have_gomp
      && (thread_dev != d
          || cuda_gomp.acc_get_device_num (CUDA_ACC_DEVICE_NVIDIA)
               != cuda_devs[d].ord))
    {
      cuda_gomp.acc_set_device_num (cuda_devs[d].ord, CUDA_ACC_DEVICE_NVIDIA);
      thread_dev = d;
    }
  cuda_use_ctx (d);
}

void
cuda_ensure_thread (void)
{
  cuda_ensure_dev (0);
}

/* Whether device TO (CUDA ordinal, context CTO) can read device FROM's
   memory (context CFROM) directly; if so, peer access is enabled for the
   pair once (CTO is left current).  */
static unsigned char peer_enabled[MAX_DEVICES][MAX_DEVICES];

int
cuda_enable_peer (int to, CUcontext cto, int from, CUcontext cfrom)
{
  CUdevice dto, dfrom;
  int can = 0;
  CU_CALL ("looking up a device for a peer copy", cuDeviceGet, &dto, to);
  CU_CALL ("looking up a device for a peer copy", cuDeviceGet, &dfrom, from);
  CU_CALL ("asking whether two devices can access each other",
           cuDeviceCanAccessPeer, &can, dto, dfrom);
  if (can && !peer_enabled[to][from])
    {
      /* The destination's context maps the source's memory.  */
      CU_CALL ("making a device's context current", cuCtxSetCurrent, cto);
      CUresult r = cuda_lib.cuCtxEnablePeerAccess (cfrom, 0);
      if (r != CUDA_SUCCESS && r != CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED)
        cuda_fail ("cuCtxEnablePeerAccess", r, "enabling peer access", NULL);
      peer_enabled[to][from] = 1;
    }
  return can;
}

/* Peer access between every pair of pipeline devices that allows it, so
   that halo copies go GPU to GPU.  */
void
cuda_enable_peers (void)
{
  for (int d = 0; d < cuda_ndevs; d++)
    for (int e = 0; e < cuda_ndevs; e++)
      {
        if (d == e)
          continue;
        int can = cuda_enable_peer (cuda_devs[d].ord, cuda_devs[d].ctx,
                                    cuda_devs[e].ord, cuda_devs[e].ctx);
        if (pacc_settings.verbose >= 1)
          pacc_note (NULL, "devices %d -> %d: %s", cuda_devs[e].ord,
                     cuda_devs[d].ord,
                     can ? "peer access (halo copies GPU to GPU)"
                         : "no peer access (halo copies staged by the "
                           "driver)");
      }
  if (cuda_ndevs > 0)
    cuda_use_ctx (0);
}

/* Open pipeline device D, libgomp's and CUDA's device ORD: its context
   (see the top of the file) and its timing anchor.  Returns how the
   context is shared, for the report.  */
const char *
cuda_open_device (int d, int ord)
{
  struct cuda_dev *v = &cuda_devs[d];
  CUcontext prim, cur = NULL;
  const char *how;

  v->ord = ord;
  CU_CALL ("getting the CUDA device", cuDeviceGet, &v->cudev, ord);
  CU_CALL ("retaining the device's primary context", cuDevicePrimaryCtxRetain,
           &prim, v->cudev);
  CU_CALL ("checking the current CUDA context", cuCtxGetCurrent, &cur);
  /* libgomp adopts the current context when it opens a device, if that
     context is the device's: make it the primary one.  */
  if (!cur || !cuda_have_gomp || d > 0)
    CU_CALL ("making the primary context current", cuCtxSetCurrent, prim);
  v->ctx = prim;
  how = "primary context; streams PACC's own (no libgomp offloading: "
        "only kernels PACC launches itself)";
  if (cuda_have_gomp)
    {
      /* libgomp opens the device now, adopting the current context, or
         has opened it already (with its own): use whichever it has.  */
      cuda_gomp.acc_set_device_num (ord, CUDA_ACC_DEVICE_NVIDIA);
      thread_dev = d;
      v->ctx = (CUcontext) cuda_gomp.acc_get_current_cuda_context ();
      if (!v->ctx)
        pacc_internal_error (NULL,
                             "libgomp has no CUDA context for device "
                             "%d after acc_set_device_num",
                             ord);
      if (v->ctx == prim)
        how = "primary context and streams shared with libgomp";
      else
        {
          how = "a context that libgomp opened the device with before "
                "(not the primary one), and streams shared with libgomp";
          CU_CALL ("releasing the primary context",
                   cuDevicePrimaryCtxRelease_v2, v->cudev);
        }
      CU_CALL ("making libgomp's CUDA context current", cuCtxSetCurrent,
               v->ctx);
    }
  CU_CALL ("creating PACC's control stream", cuStreamCreate, &v->ctl,
           CU_STREAM_NON_BLOCKING);
  CU_CALL ("creating the timing reference event", cuEventCreate, &v->ref_ev,
           CU_EVENT_DEFAULT);
  return how;
}

void
cuda_attach_home (void)
{
  cuda_gomp.acc_set_device_num (cuda_dev_ord, CUDA_ACC_DEVICE_NVIDIA);
  thread_dev = 0;
  cuda_use_ctx (0);
}

void
cuda_follow_device (void)
{
  CUcontext want;
  if (!cuda_have_gomp || !(want = cuda_gomp.acc_get_current_cuda_context ()))
    return;
  cuda_make_current (want);
  thread_dev = -1;
}
