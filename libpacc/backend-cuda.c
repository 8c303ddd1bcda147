/* backend-cuda.c - the CUDA data path: chunk buffers in GPU memory, one
   CUDA stream per queue, copies ordered by CUDA events, and the same
   streams under the OpenACC kernels that libgomp launches, so that a
   chunk's load, its kernels and its write-back run in stream order with
   no host synchronisation inside a region.

   Driver.  libcuda.so.1 is opened with dlopen and every call goes through
   one table filled from cuda-lib.def (declarations in cuda-min.h, so no
   CUDA toolkit is needed to build).  No driver, no device, or a program
   in which libgomp cannot offload to an NVIDIA device: init returns 0 and
   the host back end runs (PACC_VERBOSE says why), unless PACC_DATA_PATH
   asks for a GPU path, which is then an error.

   Context and streams, shared with libgomp (GCC 12's plugin-nvptx.c and
   oacc-cuda.c):
   - nvptx_open_device adopts the context current on the opening thread
     (ctx_shared, never destroyed by libgomp) and creates its own only
     when there is none.  So init retains the device's primary context,
     makes it current, and then has libgomp open the device with
     acc_set_device_num (idempotent, unlike acc_init, which is fatal when
     the device is already open).  libgomp's context is then read back
     with acc_get_current_cuda_context: if libgomp had opened the device
     before (OpenACC code ran before the first pipeline), it is libgomp's
     own context, and PACC uses that one instead.
   - Queue q is libgomp's async queue q: its stream is taken from
     acc_get_cuda_stream (q) when libgomp already has one; otherwise a
     stream is created (non-blocking: libgomp's synchronous copies on the
     legacy default stream do not serialise with it) and handed over with
     acc_set_cuda_stream (q, s).  From then on the stream is libgomp's: it
     destroys it at exit (or when someone sets another), so PACC never
     does; the next region finds it again through acc_get_cuda_stream.
     acc_set_cuda_stream on a queue that already has a stream
     synchronises and destroys the old one, which is why the existing one
     is always looked up first.  acc_get_cuda_stream answers NULL on a
     thread libgomp has not attached, so every thread that runs a region
     is attached first (acc_set_device_num).
   - The kernels of a chunk are launched with async (q): on this stream,
     after the chunk's load and before its write-back, in stream order.
     Reduction partials are read by generated code after acc_wait (q),
     i.e. cuStreamSynchronize of the same stream.
   The automatic choice needs libgomp able to offload to an NVIDIA device
   and, when libpacc's launch.c is linked in, an nvptx offload image in
   the program: otherwise the kernels would not run on the GPU (a program
   linked with libpacc only, like the unit tests, emulates its kernels on
   the host), and the host path is used.  A forced GPU path
   (PACC_DATA_PATH=register/staging) without libgomp offloading runs
   standalone, the streams its own (kernels launched by PACC itself, as
   in the smoke test).

   Host data paths (chosen per region, per array):
   - register: the row range of each transferred array is registered in
     place with cuMemHostRegister (PORTABLE; READ_ONLY as well for a
     read-only targetin array) at region begin and unregistered at region
     end, in pieces of REG_PIECE by REG_THREADS threads at once; copies
     are cuMemcpyHtoDAsync / DtoHAsync on the queue's stream straight from
     and to the user's memory, split where they cross a piece.  A range the program already
     registered (CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED) is used as it
     is when both its ends are page-locked host memory.
   - staging: when registration fails (automatic choice) or
     PACC_DATA_PATH=staging, copies go through a pinned buffer per queue
     (cuMemAllocHost, STAGE_BYTES), in pieces.  The host side of each
     piece is a host function enqueued on the same stream with
     cuLaunchHostFunc: a load is [host function: user rows -> pinned]
     [HtoD pinned -> device], a write-back [DtoH device -> pinned] [host
     function: pinned -> user rows].  So the host memcpy is a stream
     operation like the DMA: it starts only after the waits issued before
     it (a load reads rows only after the neighbours' write-backs have
     reached the user's array), an event recorded after a write-back
     completes only once its rows are in the user's array, the pinned
     buffer is reused only after the previous piece left it, and the
     thread that issues the region never blocks: the queues stay
     asynchronous.  Each host function spreads its memcpy over a small
     pthread pool (host functions may not call CUDA and may be run one at
     a time by the driver, so one thread alone would cap the bandwidth).

   Events: the scheduler's ordering events are created with
   CU_EVENT_DISABLE_TIMING.  Statistics (PACC_VERBOSE, PACC_TRACE) come
   from separate timing events around each copy and around each chunk's
   kernels, read without blocking as they complete and at the queue's
   synchronisation at region end; no time is measured otherwise.  The only
   synchronisation is cuStreamSynchronize per queue at region end (and
   cuEventSynchronize of the private stream that anchors the timings, at
   region begin): never cuCtxSynchronize.  */

/* RTLD_DEFAULT (the build may define it already).  */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include "internal.h"
#include "cuda-min.h"
#include "launch.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* Pinned staging buffer per queue, and so the largest piece of a staged
   copy.  */
#define STAGE_BYTES ((size_t) 32 << 20)
/* Staged memcpy below this size is done by the host function alone.  */
#define POOL_MIN_BYTES ((size_t) 2 << 20)
#define POOL_SLICE_MIN ((size_t) 1 << 20)
#define POOL_MAX_THREADS 7
/* Device memory left to libgomp (kernel arguments, modules, stacks) and
   the driver: 256 MiB plus 1/64 of the device.  */
#define MEM_MARGIN_FIXED ((size_t) 256 << 20)
/* Host arrays are registered in pieces of this size, REG_THREADS at a
   time.  */
#define REG_PIECE ((size_t) 1 << 30)
#define REG_THREADS 4
#define MEM_MARGIN_SHIFT 6

/* The driver's entry points, one per line of cuda-lib.def.  */
static struct cuda_lib
{
#define CUDA_ONE_CALL(call) __typeof (call) *call;
#define CUDA_ONE_CALL_MAYBE_NULL(call) CUDA_ONE_CALL (call)
#include "cuda-lib.def"
#undef CUDA_ONE_CALL
#undef CUDA_ONE_CALL_MAYBE_NULL
} cu;

/* libgomp's OpenACC API (openacc.h), looked up in the process so that
   libpacc does not depend on libgomp.  acc_device_t is an int-sized enum;
   acc_device_nvidia is 5 in GCC's openacc.h.  */
#define ACC_DEVICE_NVIDIA 5
static struct
{
  int (*acc_get_num_devices) (int);
  int (*acc_get_device_num) (int);
  void (*acc_set_device_num) (int, int);
  void *(*acc_get_current_cuda_context) (void);
  void *(*acc_get_cuda_stream) (int);
  int (*acc_set_cuda_stream) (int, void *);
  void *(*acc_deviceptr) (void *);
} gomp;
static int have_gomp;

/* The nvptx offload images the program registered, counted by launch.c's
   GOMP_offload_register_ver when it is linked in (weak: libpacc also
   builds without it).  No image: the kernels cannot run on a GPU.  */
extern int pacc_nimages __attribute__ ((weak));

#define LAUNCH_SLOTS 1024

/* A device the pipelines use.  Pipeline device i is libgomp's (and
   CUDA's) device (dev_ord + i) % count: device 0 is the one libgomp uses
   by default (ACC_DEVICE_NUM).  */
struct cdev
{
  int ord;                      /* libgomp's device number.  */
  const char *how;              /* how its context is shared (report).  */
  CUdevice cudev;
  CUcontext ctx;                /* shared with libgomp.  */
  CUstream ctl;                 /* private: anchors the timings.  */
  CUevent ref_ev;               /* recorded on CTL at ...  */
  double ref_host;              /* ... this host time (microseconds).  */
  struct timed *timed_free;     /* timing records of this context.  */
  /* Kernel launches (see cuda_launch).  */
  int sms;
  char *lhost;                  /* pinned argument slots.  */
  CUdeviceptr ldev;             /* device argument slots.  */
  CUevent lev[LAUNCH_SLOTS];
  char lused[LAUNCH_SLOTS];
  char lpending[LAUNCH_SLOTS];  /* a deferred reduction result is in it
                                   (set and cleared under defer_lock).  */
  unsigned lnext;
  pthread_mutex_t llock;        /* the slots: one issuing thread at a time.  */
};

static struct cdev devs[PACC_MAX_DEVICES];
static int ndevs;
static int dev_ord;             /* devs[0].ord.  */
static int timing;              /* time copies and kernels with events.  */
static const char *cur_where;   /* region, for messages.  */
static int staging_needed;      /* some region copies through staging.  */
/* The pipeline device this thread is attached to in libgomp, -1.  */
static _Thread_local int thread_dev = -1;

/* ------------------------------------------------------------------ */
/* Errors.  */

static const char *
cuda_name (CUresult r)
{
  const char *s = NULL;
  if (!cu.cuGetErrorName || cu.cuGetErrorName (r, &s) != CUDA_SUCCESS || !s)
    return "an unknown CUresult";
  return s;
}

static const char *
cuda_string (CUresult r)
{
  const char *s = NULL;
  if (!cu.cuGetErrorString || cu.cuGetErrorString (r, &s) != CUDA_SUCCESS
      || !s)
    return "no description";
  return s;
}

static void cuda_fail (const char *call, CUresult r, const char *what,
                       const struct pacc_opinfo *info) PACC_NORETURN;

/* CALL failed with R while PACC was doing WHAT (for the copy or kernels
   INFO, when not NULL).  */
static void
cuda_fail (const char *call, CUresult r, const char *what,
           const struct pacc_opinfo *info)
{
  char op[256] = "";
  if (info && info->kind == PACC_OP_KERNELS)
    snprintf (op, sizeof op, " (kernels of chunk %d, block %d, queue %d)",
              info->chunk, info->block, info->queue);
  else if (info)
    snprintf (op, sizeof op, " (array '%s', chunk %d, block %d, queue %d, "
              "%zu bytes)", info->array ? info->array : "?", info->chunk,
              info->block, info->queue, info->bytes);
  pacc_error (info ? info->where : cur_where, "CUDA error while %s%s: %s "
              "returned %s (%d: %s)", what, op, call, cuda_name (r), (int) r,
              cuda_string (r));
}

/* Call cu.CALL (...); on failure, an error naming the call, the CUresult
   and WHAT PACC was doing (a short phrase), for the operation INFO (or
   NULL), then exit.  */
#define CU_CALL_OP(info, what, call, ...)                                   \
  do                                                                        \
    {                                                                       \
      CUresult cu_r_ = cu.call (__VA_ARGS__);                               \
      if (cu_r_ != CUDA_SUCCESS)                                            \
        cuda_fail (#call, cu_r_, what, info);                               \
    }                                                                       \
  while (0)
#define CU_CALL(what, call, ...) CU_CALL_OP (NULL, what, call, __VA_ARGS__)

static inline CUdeviceptr
dptr (const void *p)
{
  return (CUdeviceptr) (uintptr_t) p;
}

/* ------------------------------------------------------------------ */
/* Set-up.  */

/* The reason init gives up, for the note or the error.  */
static char why[512];

static int PACC_PRINTF (1, 2)
unusable (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (why, sizeof why, fmt, ap);
  va_end (ap);
  if (pacc_settings.data_path == PACC_PATH_REGISTER
      || pacc_settings.data_path == PACC_PATH_STAGING)
    pacc_error (NULL, "PACC_DATA_PATH=%s: no GPU data path: %s",
                pacc_settings.data_path == PACC_PATH_REGISTER ? "register"
                : "staging", why);
  if (pacc_settings.verbose >= 1)
    pacc_note (NULL, "no GPU data path (%s); using the host", why);
  return 0;
}

static const char *
load_driver (void)
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
#define CUDA_ONE_CALL_1(call, maybe_null)                                   \
  sym = dlsym (h, #call);                                                   \
  memcpy (&cu.call, &sym, sizeof sym);                                      \
  if (!sym && !(maybe_null))                                                \
    {                                                                       \
      snprintf (msg, sizeof msg, "the CUDA driver has no %s", #call);       \
      return msg;                                                           \
    }
#include "cuda-lib.def"
#undef CUDA_ONE_CALL
#undef CUDA_ONE_CALL_MAYBE_NULL
#undef CUDA_ONE_CALL_1
  return NULL;
}

static int
find_gomp (void)
{
  void *sym;
#define GOMP_SYM(name)                                                      \
  sym = dlsym (RTLD_DEFAULT, #name);                                        \
  memcpy (&gomp.name, &sym, sizeof sym);                                    \
  if (!sym)                                                                 \
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
static void
make_current (CUcontext c)
{
  CUcontext cur = NULL;
  CU_CALL ("checking the current CUDA context", cuCtxGetCurrent, &cur);
  if (cur != c)
    CU_CALL ("making a device's CUDA context current", cuCtxSetCurrent, c);
}

/* Make device D's context current on this thread (streams, copies and
   launches of D need it).  */
static void
use_ctx (int d)
{
  make_current (devs[d].ctx);
}

/* libgomp's CUDA stream of async queue INDEX on its current device (whose
   context is current), or a new one handed to libgomp when it has none,
   so that OpenACC `wait' and `async' find it.  WHAT prefixes errors.  */
static CUstream
gomp_async_stream (int index, const char *where, const char *what)
{
  CUstream s = (CUstream) gomp.acc_get_cuda_stream (index);
  if (s)
    return s;
  CU_CALL ("creating the stream of an async queue", cuStreamCreate, &s,
           CU_STREAM_NON_BLOCKING);
  if (gomp.acc_set_cuda_stream (index, s) != 1)
    pacc_error (where, "%slibgomp refused the CUDA stream of async queue %d "
                "of device %d (acc_set_cuda_stream)", what, index,
                gomp.acc_get_device_num (ACC_DEVICE_NVIDIA));
  if ((CUstream) gomp.acc_get_cuda_stream (index) != s)
    pacc_internal_error (where, "libgomp does not use the CUDA stream it "
                         "was given for async queue %d", index);
  return s;
}

/* ... and, with libgomp, make D libgomp's current device on this thread
   (acc_get_cuda_stream, acc_set_cuda_stream and acc_deviceptr answer for
   the current device).  The program may have switched devices since
   (deviceid), so libgomp is asked.  */
static void
ensure_dev (int d)
{
  if (have_gomp
      && (thread_dev != d
          || gomp.acc_get_device_num (ACC_DEVICE_NVIDIA) != devs[d].ord))
    {
      gomp.acc_set_device_num (devs[d].ord, ACC_DEVICE_NVIDIA);
      thread_dev = d;
    }
  use_ctx (d);
}

static void
ensure_thread (void)
{
  ensure_dev (0);
}

static void pool_start (void);
static void launch_init (void);

/* Whether device TO (CUDA ordinal, context CTO) can read device FROM's
   memory (context CFROM) directly; if so, peer access is enabled for the
   pair once (CTO is left current).  */
static unsigned char peer_enabled[PACC_MAX_DEVICES][PACC_MAX_DEVICES];

static int
enable_peer (int to, CUcontext cto, int from, CUcontext cfrom)
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
      CUresult r = cu.cuCtxEnablePeerAccess (cfrom, 0);
      if (r != CUDA_SUCCESS && r != CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED)
        cuda_fail ("cuCtxEnablePeerAccess", r, "enabling peer access", NULL);
      peer_enabled[to][from] = 1;
    }
  return can;
}

/* Peer access between every pair of pipeline devices that allows it, so
   that halo copies go GPU to GPU.  */
static void
enable_peers (void)
{
  for (int d = 0; d < ndevs; d++)
    for (int e = 0; e < ndevs; e++)
      {
        if (d == e)
          continue;
        int can = enable_peer (devs[d].ord, devs[d].ctx, devs[e].ord,
                               devs[e].ctx);
        if (pacc_settings.verbose >= 1)
          pacc_note (NULL, "devices %d -> %d: %s", devs[e].ord, devs[d].ord,
                     can ? "peer access (halo copies GPU to GPU)"
                         : "no peer access (halo copies staged by the "
                           "driver)");
      }
  if (ndevs > 0)
    use_ctx (0);
}

/* Open pipeline device D, libgomp's and CUDA's device ORD: its context
   (see the top of the file) and its timing anchor.  Returns how the
   context is shared, for the report.  */
static const char *
open_device (int d, int ord)
{
  struct cdev *v = &devs[d];
  CUcontext prim, cur = NULL;
  const char *how;

  v->ord = ord;
  CU_CALL ("getting the CUDA device", cuDeviceGet, &v->cudev, ord);
  CU_CALL ("retaining the device's primary context",
           cuDevicePrimaryCtxRetain, &prim, v->cudev);
  CU_CALL ("checking the current CUDA context", cuCtxGetCurrent, &cur);
  /* libgomp adopts the current context when it opens a device, if that
     context is the device's: make it the primary one.  */
  if (!cur || !have_gomp || d > 0)
    CU_CALL ("making the primary context current", cuCtxSetCurrent, prim);
  v->ctx = prim;
  how = "primary context; streams PACC's own (no libgomp offloading: "
        "only kernels PACC launches itself)";
  if (have_gomp)
    {
      /* libgomp opens the device now, adopting the current context, or
         has opened it already (with its own): use whichever it has.  */
      gomp.acc_set_device_num (ord, ACC_DEVICE_NVIDIA);
      thread_dev = d;
      v->ctx = (CUcontext) gomp.acc_get_current_cuda_context ();
      if (!v->ctx)
        pacc_internal_error (NULL, "libgomp has no CUDA context for device "
                             "%d after acc_set_device_num", ord);
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
  CU_CALL ("creating the timing reference event", cuEventCreate,
           &v->ref_ev, CU_EVENT_DEFAULT);
  return how;
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
  pacc_backend_cuda.name = pacc_settings.data_path == PACC_PATH_STAGING
                           ? "staging" : "register";
  if ((e = load_driver ()))
    return unusable ("%s", e);
  if ((r = cu.cuInit (0)) != CUDA_SUCCESS)
    return unusable ("cuInit returned %s (%s)", cuda_name (r),
                     cuda_string (r));
  if ((r = cu.cuDeviceGetCount (&n)) != CUDA_SUCCESS)
    return unusable ("cuDeviceGetCount returned %s", cuda_name (r));
  if (n < 1)
    return unusable ("the CUDA driver sees no device");

  /* libgomp in the process, able to offload to an NVIDIA device.  */
  have_gomp = find_gomp ();
  dev_ord = 0;
  adev = getenv ("ACC_DEVICE_TYPE");
  if (have_gomp && adev && !strcasecmp (adev, "host"))
    {
      if (forced)
        pacc_error (NULL, "PACC_DATA_PATH=%s asks for the GPU, but "
                    "ACC_DEVICE_TYPE=host runs the OpenACC kernels on the "
                    "host", pacc_backend_cuda.name);
      return unusable ("ACC_DEVICE_TYPE=host runs the OpenACC kernels on "
                       "the host");
    }
  if (have_gomp && gomp.acc_get_num_devices (ACC_DEVICE_NVIDIA) < 1)
    {
      if (!forced)
        return unusable ("libgomp cannot offload to an NVIDIA device (is "
                         "GCC 12's libgomp-plugin-nvptx.so.1 beside the "
                         "libgomp.so.1 the program loads?)");
      /* Forced: run standalone (kernels launched by PACC itself).  */
      have_gomp = 0;
    }
  if (!have_gomp && !forced)
    return unusable ("libgomp is not in the program, so its kernels "
                     "cannot run on a GPU");
  if (have_gomp && !forced && &pacc_nimages && pacc_nimages == 0)
    return unusable ("the program has no nvptx offload image (built "
                     "without -foffload=nvptx-none?), so its kernels "
                     "cannot run on a GPU");
  if (have_gomp)
    {
      /* The device libgomp uses by default (ACC_DEVICE_NUM).  */
      dev_ord = gomp.acc_get_device_num (ACC_DEVICE_NVIDIA);
      if (dev_ord < 0 || dev_ord >= n)
        return unusable ("libgomp's device number %d, but the CUDA driver "
                         "has %d device%s", dev_ord, n, n == 1 ? "" : "s");
    }

  /* The devices: PACC_DEVICES of them, else all.  */
  {
    int avail = have_gomp ? gomp.acc_get_num_devices (ACC_DEVICE_NVIDIA) : n;
    if (avail > n)
      avail = n;
    if (avail > PACC_MAX_DEVICES)
      avail = PACC_MAX_DEVICES;
    ndevs = pacc_settings.devices ? pacc_settings.devices : avail;
    if (ndevs > avail)
      pacc_error (NULL, "PACC_DEVICES=%d, but there %s only %d NVIDIA "
                  "device%s", ndevs, avail == 1 ? "is" : "are", avail,
                  avail == 1 ? "" : "s");
  }
  for (int d = 0; d < ndevs; d++)
    devs[d].how = open_device (d, (dev_ord + d) % n);
  if (have_gomp)
    {
      /* Leave device 0 current for the program's own OpenACC code.  */
      gomp.acc_set_device_num (dev_ord, ACC_DEVICE_NVIDIA);
      thread_dev = 0;
      use_ctx (0);
    }

  timing = pacc_settings.verbose >= 1 || pacc_settings.trace[0];
  if (pacc_settings.data_path == PACC_PATH_STAGING)
    {
      if (!cu.cuLaunchHostFunc)
        pacc_error (NULL, "PACC_DATA_PATH=staging: the CUDA driver has no "
                    "cuLaunchHostFunc (CUDA 10 or later is needed)");
      pool_start ();
    }

  launch_init ();
  enable_peers ();

  if (pacc_settings.verbose >= 1)
    for (int d = 0; d < ndevs; d++)
      {
        use_ctx (d);
        if (cu.cuDeviceGetName (name, sizeof name, devs[d].cudev)
            != CUDA_SUCCESS)
          strcpy (name, "?");
        cu.cuDriverGetVersion (&version);
        CU_CALL ("reading the free device memory", cuMemGetInfo_v2, &fr,
                 &tot);
        pacc_note (NULL, "CUDA device %d: %s, %zu of %zu MiB free, CUDA "
                   "driver %d.%d; %s", devs[d].ord, name, fr >> 20,
                   tot >> 20, version / 1000, version % 1000 / 10,
                   devs[d].how);
      }
  if (ndevs > 1)
    use_ctx (0);
  return ndevs;
}

/* ------------------------------------------------------------------ */
/* The host copy pool for staging.  A task is one memcpy cut in slices;
   the caller (a host function) queues it, works on slices itself and
   waits until all are done.  */

struct ptask
{
  char *dst;
  const char *src;
  size_t n, slice;
  unsigned nslices, next, done;
  struct ptask *link;
};

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pool_work = PTHREAD_COND_INITIALIZER;
static pthread_cond_t pool_done = PTHREAD_COND_INITIALIZER;
static struct ptask *pool_head, *pool_tail;
static int pool_threads, pool_started;

/* With POOL_LOCK held: the next slice of the oldest task that has one.  */
static int
take_slice (struct ptask **tp, unsigned *ip)
{
  struct ptask *t = pool_head;
  if (!t)
    return 0;
  *ip = t->next++;
  *tp = t;
  if (t->next == t->nslices)
    {
      pool_head = t->link;
      if (!pool_head)
        pool_tail = NULL;
    }
  return 1;
}

static void
run_slice (struct ptask *t, unsigned i)
{
  size_t lo = (size_t) i * t->slice;
  size_t n = t->n - lo < t->slice ? t->n - lo : t->slice;
  memcpy (t->dst + lo, t->src + lo, n);
}

/* With POOL_LOCK held.  */
static void
slice_done (struct ptask *t)
{
  if (++t->done == t->nslices)
    pthread_cond_broadcast (&pool_done);
}

static void *
pool_worker (void *arg)
{
  struct ptask *t;
  unsigned i;
  (void) arg;
  pthread_mutex_lock (&pool_lock);
  for (;;)
    {
      while (!take_slice (&t, &i))
        pthread_cond_wait (&pool_work, &pool_lock);
      pthread_mutex_unlock (&pool_lock);
      run_slice (t, i);
      pthread_mutex_lock (&pool_lock);
      slice_done (t);
    }
  return NULL;
}

static void
pool_start (void)
{
  long ncpu = sysconf (_SC_NPROCESSORS_ONLN);
  int want, i;
  pthread_attr_t attr;

  pthread_mutex_lock (&pool_lock);
  if (pool_started)
    {
      pthread_mutex_unlock (&pool_lock);
      return;
    }
  pool_started = 1;
  want = ncpu > 1 ? (int) (ncpu - 1) : 0;
  want = want > POOL_MAX_THREADS ? POOL_MAX_THREADS : want;
  pthread_attr_init (&attr);
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  for (i = 0; i < want; i++)
    {
      pthread_t th;
      if (pthread_create (&th, &attr, pool_worker, NULL))
        break;
      pool_threads++;
    }
  pthread_attr_destroy (&attr);
  pthread_mutex_unlock (&pool_lock);
}

static void
pool_memcpy (void *dst, const void *src, size_t n)
{
  struct ptask task, *t;
  size_t slices;
  unsigned i;

  if (n < POOL_MIN_BYTES || !pool_threads)
    {
      memcpy (dst, src, n);
      return;
    }
  slices = (n + POOL_SLICE_MIN - 1) / POOL_SLICE_MIN;
  if (slices > (size_t) pool_threads + 1)
    slices = (size_t) pool_threads + 1;
  task.dst = dst;
  task.src = src;
  task.n = n;
  /* Slices of whole pages.  */
  task.slice = ((n + slices - 1) / slices + 4095) & ~(size_t) 4095;
  task.nslices = (unsigned) ((n + task.slice - 1) / task.slice);
  task.next = task.done = 0;
  task.link = NULL;

  pthread_mutex_lock (&pool_lock);
  if (pool_tail)
    pool_tail->link = &task;
  else
    pool_head = &task;
  pool_tail = &task;
  pthread_cond_broadcast (&pool_work);
  while (task.done < task.nslices)
    {
      if (take_slice (&t, &i))
        {
          pthread_mutex_unlock (&pool_lock);
          run_slice (t, i);
          pthread_mutex_lock (&pool_lock);
          slice_done (t);
        }
      else
        pthread_cond_wait (&pool_done, &pool_lock);
    }
  pthread_mutex_unlock (&pool_lock);
}

/* One piece of a staged copy, done by a host function in stream order.  */
struct stage_job
{
  void *dst;
  const void *src;
  size_t n;
};

static void
stage_fn (void *arg)
{
  struct stage_job *j = arg;
  pool_memcpy (j->dst, j->src, j->n);
  free (j);
}

/* ------------------------------------------------------------------ */
/* Queues and timing.  */

/* A copy or a chunk's kernels between two timing events.  */
struct timed
{
  struct timed *next;
  CUevent e0, e1;
  struct pacc_opinfo info;
};

struct cqueue
{
  int index;
  int dev;                    /* pipeline device.  */
  CUstream stream;
  int owned;                  /* PACC's own stream (no libgomp).  */
  char *stage;                /* pinned, STAGE_BYTES; NULL until needed.  */
  struct timed *head, *tail;  /* timed operations not yet reported.  */
  struct timed *kernels;      /* kernels whose start is recorded.  */
};

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
/* Queue INDEX on device D: queues[D][INDEX].  libgomp's async queues are
   per device; a pipeline numbers its queues across devices.  */
static struct cqueue *queues[PACC_MAX_DEVICES][PACC_MAX_QUEUES];
/* The device of each queue number in the region this thread runs (set
   when the region creates its queues): the kernels of a chunk name only
   the queue.  */
static _Thread_local signed char tl_qdev[PACC_MAX_QUEUES];

static struct cqueue *
queue_of (int index)
{
  struct cqueue *q;
  if (index < 0 || index >= PACC_MAX_QUEUES)
    return NULL;
  pthread_mutex_lock (&queue_lock);
  q = queues[tl_qdev[index]][index];
  pthread_mutex_unlock (&queue_lock);
  return q;
}

/* A timing record with events of device D's context (current).  */
static struct timed *
timed_get (int d)
{
  struct timed *t = devs[d].timed_free;
  if (t)
    {
      devs[d].timed_free = t->next;
      return t;
    }
  t = pacc_xcalloc (cur_where, 1, sizeof *t, "a timing record");
  CU_CALL ("creating a timing event", cuEventCreate, &t->e0,
           CU_EVENT_DEFAULT);
  CU_CALL ("creating a timing event", cuEventCreate, &t->e1,
           CU_EVENT_DEFAULT);
  return t;
}

/* Report the timed operations of Q that have completed (all of them,
   waiting, when BLOCK), in queue order.  */
static void
harvest (struct cqueue *q, int block)
{
  struct timed *t;
  while ((t = q->head))
    {
      float ms0 = 0, ms = 0;
      double t0;
      if (block)
        CU_CALL_OP (&t->info, "waiting for a timing event",
                    cuEventSynchronize, t->e1);
      else
        {
          CUresult r = cu.cuEventQuery (t->e1);
          if (r == CUDA_ERROR_NOT_READY)
            break;
          if (r != CUDA_SUCCESS)
            cuda_fail ("cuEventQuery", r, "checking a timing event",
                       &t->info);
        }
      CU_CALL_OP (&t->info, "reading a timing event", cuEventElapsedTime,
                  &ms0, devs[q->dev].ref_ev, t->e0);
      CU_CALL_OP (&t->info, "reading a timing event", cuEventElapsedTime,
                  &ms, t->e0, t->e1);
      t0 = devs[q->dev].ref_host + (double) ms0 * 1e3;
      pacc_trace_copy (&t->info, t0, t0 + (double) ms * 1e3);
      q->head = t->next;
      if (!q->head)
        q->tail = NULL;
      t->next = devs[q->dev].timed_free;
      devs[q->dev].timed_free = t;
    }
}

/* A timing event before an operation on Q (NULL when not timing).  */
static struct timed *
timed_begin (struct cqueue *q, const struct pacc_opinfo *info)
{
  struct timed *t;
  if (!timing)
    return NULL;
  harvest (q, 0);
  t = timed_get (q->dev);
  CU_CALL_OP (info, "recording a timing event", cuEventRecord, t->e0,
              q->stream);
  return t;
}

/* ... and after it.  */
static void
timed_end (struct cqueue *q, struct timed *t, const struct pacc_opinfo *info)
{
  if (!t)
    {
      /* Bytes for the totals; no times.  */
      double now = pacc_now_us ();
      pacc_trace_copy (info, now, now);
      return;
    }
  CU_CALL_OP (info, "recording a timing event", cuEventRecord, t->e1,
              q->stream);
  t->info = *info;
  t->next = NULL;
  if (q->tail)
    q->tail->next = t;
  else
    q->head = t;
  q->tail = t;
}

static void *
cuda_queue_create (int dev, int index)
{
  struct cqueue *q;
  if (index < 0 || index >= PACC_MAX_QUEUES || dev < 0 || dev >= ndevs)
    pacc_internal_error (cur_where, "queue %d on device %d", index, dev);
  ensure_dev (dev);
  pthread_mutex_lock (&queue_lock);
  q = queues[dev][index];
  if (!q)
    {
      q = queues[dev][index] = pacc_xcalloc (cur_where, 1, sizeof *q,
                                             "a queue");
      q->index = index;
      q->dev = dev;
    }
  tl_qdev[index] = (signed char) dev;
  pthread_mutex_unlock (&queue_lock);

  if (have_gomp)
    {
      q->stream = gomp_async_stream (index, cur_where, "");
      q->owned = 0;
    }
  else if (!q->stream)
    {
      CU_CALL ("creating the stream of a queue", cuStreamCreate, &q->stream,
               CU_STREAM_NON_BLOCKING);
      q->owned = 1;
    }
  if (staging_needed && !q->stage)
    {
      void *p;
      CU_CALL ("allocating a pinned staging buffer", cuMemAllocHost_v2, &p,
               STAGE_BYTES);
      q->stage = p;
    }
  return q;
}

/* The queue is idle (synchronised): report what is left.  Its stream is
   libgomp's (or kept for the next region), so it stays.  */
static void
cuda_queue_destroy (void *queue)
{
  struct cqueue *q = queue;
  use_ctx (q->dev);
  harvest (q, 1);
  q->kernels = NULL;
}

static void *
cuda_event_create (int dev)
{
  CUevent e;
  use_ctx (dev);
  CU_CALL ("creating an event", cuEventCreate, &e, CU_EVENT_DISABLE_TIMING);
  return e;
}

static void
cuda_event_destroy (void *event)
{
  CU_CALL ("destroying an event", cuEventDestroy_v2, (CUevent) event);
}

static void
cuda_record (void *event, void *queue)
{
  struct cqueue *q = queue;
  use_ctx (q->dev);
  CU_CALL ("recording an event", cuEventRecord, (CUevent) event, q->stream);
}

/* EVENT may be another device's: CUDA streams wait for those too.  */
static void
cuda_wait (void *queue, void *event)
{
  struct cqueue *q = queue;
  use_ctx (q->dev);
  CU_CALL ("making a queue wait for an event", cuStreamWaitEvent, q->stream,
           (CUevent) event, 0);
}

static void
cuda_sync (void *queue)
{
  struct cqueue *q = queue;
  use_ctx (q->dev);
  CU_CALL ("waiting for a queue", cuStreamSynchronize, q->stream);
  harvest (q, 1);
}

/* The kernels are ordered after the loads by the stream itself.  */
static void
cuda_before_kernels (void *queue)
{
  (void) queue;
}

static void
cuda_kernels_mark (void *queue, int start, const struct pacc_opinfo *info)
{
  struct cqueue *q = queue;
  struct timed *t;
  if (!timing)
    return;
  use_ctx (q->dev);
  if (start)
    {
      q->kernels = timed_begin (q, info);
      return;
    }
  t = q->kernels;
  q->kernels = NULL;
  if (t)
    timed_end (q, t, info);
}

/* ------------------------------------------------------------------ */
/* Memory.  */

static size_t
cuda_mem_available (int dev)
{
  size_t fr = 0, tot = 0, margin;
  ensure_dev (dev);
  CU_CALL ("reading the free device memory", cuMemGetInfo_v2, &fr, &tot);
  margin = MEM_MARGIN_FIXED + (tot >> MEM_MARGIN_SHIFT);
  return fr > margin ? fr - margin : 0;
}

static void *
cuda_alloc (int dev, size_t bytes)
{
  CUdeviceptr p = 0;
  CUresult r;
  ensure_dev (dev);
  r = cu.cuMemAlloc_v2 (&p, bytes ? bytes : 1);
  if (r == CUDA_ERROR_OUT_OF_MEMORY)
    return NULL;
  if (r != CUDA_SUCCESS)
    cuda_fail ("cuMemAlloc_v2", r, "allocating a chunk buffer", NULL);
  return (void *) (uintptr_t) p;
}

static void
cuda_free (int dev, void *buf)
{
  use_ctx (dev);
  CU_CALL ("freeing a chunk buffer", cuMemFree_v2, dptr (buf));
}

/* ------------------------------------------------------------------ */
/* Kernel launches (launch.c's pacc_fast_launch).

   GCC 12's GOACC_parallel_keyed allocates the argument block of every
   launch (and the device copies of firstprivate scalars, which GCC 12
   maps for OpenACC as GOMP_MAP_TO) with cuMemAlloc and frees it later,
   which costs 50-60 us of host time and synchronises the device.  For
   pacc kernels, whose map clauses are deviceptr, firstprivate_int, or
   `to' or `tofrom' (reduction variables) of a small scalar, PACC
   launches the kernel itself:
   - the CUfunction and its compile-time launch dimensions are libgomp's:
     for an offloaded function F, acc_deviceptr (F) gives libgomp's
     targ_fn_descriptor (GCC 12 plugin-nvptx.c: the function table of an
     image maps host functions to descriptors, target offset 0), so the
     module is the one libgomp loaded, in the same context;
   - the argument block (device addresses: firstprivate_int values as
     they are; for each `to' scalar and each deviceptr variable the address
     of its copy, which follows the addresses in the same slot) goes through a ring of pinned host slots
     copied to a ring of device slots with one cuMemcpyHtoDAsync on the
     kernel's stream, and a slot is reused only after its event (recorded
     after the launch) has completed;
   - dimensions as libgomp chooses them: the compile-time ones, else gangs
     to fill the device (occupancy times multiprocessors), workers to make
     blocks of LAUNCH_THREADS threads, vector 32.
   Anything else (another map kind, no stream, PACC_LAUNCH=libgomp) goes
   to libgomp.  */

#define GOMP_MAP_TO 1
#define GOMP_MAP_TOFROM 3
#define GOMP_MAP_FORCE_DEVICEPTR 8
#define GOMP_MAP_FIRSTPRIVATE_INT 13
#define LAUNCH_SLOT_BYTES 2048
#define LAUNCH_SCALAR_MAX 16
#define LAUNCH_THREADS 256

/* GCC 12 libgomp/plugin/plugin-nvptx.c.  */
struct targ_fn_launch
{
  const char *fn;
  unsigned short dim[3];
};
struct targ_fn_descriptor
{
  CUfunction fn;
  const struct targ_fn_launch *launch;
  int regs_per_thread;
  int max_threads_per_block;
};

/* A kernel on one device (each device has its own module, loaded by
   libgomp).  */
struct kfn
{
  void (*host) (void *);
  int dev;
  const struct targ_fn_descriptor *d;
  unsigned gangs;             /* Default gangs for this kernel.  */
};

static struct
{
  int on;
  struct kfn *fns;
  int nfns, cap;
  unsigned long nfast, nslow;
  double host_us;             /* Host time in fast launches.  */
  double *samples;            /* Host time of each fast launch (us).  */
  unsigned long nsamples, capsamples;
  double last_us;             /* When the last fast launch returned.  */
} L;
static pthread_mutex_t launch_lock = PTHREAD_MUTEX_INITIALIZER;

static int cuda_launch (void (*fn) (void *), size_t mapnum, void **hostaddrs,
                        size_t *sizes, unsigned short *kinds,
                        const unsigned *dims, int async);

#define LAUNCH_RESULTS 8
static _Thread_local struct
{
  const void *var;
  char *src;
  size_t bytes;
  int dev;
  unsigned slot;
} last[LAUNCH_RESULTS];
static _Thread_local int nlast;
/* Under workers: the results of the last launch this thread handed out.  */
static _Thread_local struct
{
  const void *var;
  size_t bytes;
  int dev;
} hlast[LAUNCH_RESULTS];
static _Thread_local int hnlast;

struct deferred
{
  char *src;
  void *dst;
  size_t bytes;
  int dev;
  unsigned slot;
};
static pthread_mutex_t defer_lock = PTHREAD_MUTEX_INITIALIZER;
static struct deferred *deferred;
static size_t ndeferred, capdeferred;
static void cuda_flush_results (void);

static void
launch_init (void)
{
  const char *e = getenv ("PACC_LAUNCH");
  if (e && *e && strcmp (e, "pacc") && strcmp (e, "libgomp"))
    pacc_error (NULL, "PACC_LAUNCH: expected 'pacc' or 'libgomp', got '%s'",
                e);
  if (!have_gomp)
    return;
  /* With PACC_LAUNCH=libgomp, cuda_launch only counts the launches it
     leaves to libgomp (L.on stays 0), for the region report.  */
  pacc_fast_launch = cuda_launch;
  if (e && !strcmp (e, "libgomp"))
    return;
  for (int d = 0; d < ndevs; d++)
    {
      struct cdev *v = &devs[d];
      pthread_mutex_init (&v->llock, NULL);
      use_ctx (d);
      CU_CALL ("reading the number of multiprocessors", cuDeviceGetAttribute,
               &v->sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, v->cudev);
      CU_CALL ("allocating pinned kernel-argument slots", cuMemAllocHost_v2,
               (void **) &v->lhost,
               (size_t) LAUNCH_SLOTS * LAUNCH_SLOT_BYTES);
      CU_CALL ("allocating device kernel-argument slots", cuMemAlloc_v2,
               &v->ldev, (size_t) LAUNCH_SLOTS * LAUNCH_SLOT_BYTES);
      for (int i = 0; i < LAUNCH_SLOTS; i++)
        CU_CALL ("creating a kernel-argument event", cuEventCreate,
                 &v->lev[i], CU_EVENT_DISABLE_TIMING);
    }
  use_ctx (0);
  L.on = 1;
}

static int
dbl_cmp (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* FN's kernel on device DEV (libgomp's descriptor, looked up with DEV
   current in libgomp).  */
static const struct kfn *
launch_lookup (void (*fn) (void *), int dev)
{
  for (int i = 0; i < L.nfns; i++)
    if (L.fns[i].host == fn && L.fns[i].dev == dev)
      return &L.fns[i];
  int old = gomp.acc_get_device_num (ACC_DEVICE_NVIDIA);
  if (old != devs[dev].ord)
    gomp.acc_set_device_num (devs[dev].ord, ACC_DEVICE_NVIDIA);
  const struct targ_fn_descriptor *d = gomp.acc_deviceptr ((void *) fn);
  if (old != devs[dev].ord)
    gomp.acc_set_device_num (old, ACC_DEVICE_NVIDIA);
  if (!d)
    return NULL;
  /* A guard against another libgomp's layout.  */
  if (d->max_threads_per_block < 32 || d->max_threads_per_block > 4096
      || !d->launch || !d->fn)
    {
      if (pacc_settings.verbose >= 1)
        pacc_note (NULL, "kernel launches go through libgomp: its function "
                   "descriptors are not GCC 12's");
      L.on = 0;
      return NULL;
    }
  if (L.nfns == L.cap)
    {
      L.cap = L.cap ? 2 * L.cap : 16;
      struct kfn *n = realloc (L.fns, L.cap * sizeof *n);
      if (!n)
        pacc_error (NULL, "out of memory for the kernel table");
      L.fns = n;
    }
  struct kfn *k = &L.fns[L.nfns++];
  k->host = fn;
  k->dev = dev;
  k->d = d;
  k->gangs = 0;
  return k;
}

/* A launch as the device's thread issues it: the kernel, its dimensions
   and the values of its map clauses, copied when it was handed out (the
   variables may change before a worker issues it).  */
struct klaunch
{
  CUfunction fn;
  unsigned g, w, v;
  CUstream s;
  int dev;
  size_t mapnum;
  struct
  {
    int kind;
    size_t size;
    const void *var;            /* the host variable (results).  */
    uintptr_t ival;             /* firstprivate_int: the value.  */
    unsigned char val[LAUNCH_SCALAR_MAX];
  } m[];
};

/* Issue L on its stream, in the calling thread (the host thread, or the
   device's worker): the argument slot, the kernel, the copies of its
   results into the slot, the slot's event.  Only one thread at a time
   uses a device's slots (llock).  */
static void
launch_issue (const struct klaunch *l)
{
  struct cdev *dv0 = &devs[l->dev];
  pthread_mutex_lock (&dv0->llock);
  use_ctx (l->dev);
  unsigned slot = dv0->lnext;
  dv0->lnext = (dv0->lnext + 1) % LAUNCH_SLOTS;
  /* A deferred reduction result still in the slot: take them all out.  */
  if (__atomic_load_n (&dv0->lpending[slot], __ATOMIC_ACQUIRE))
    cuda_flush_results ();
  if (dv0->lused[slot])
    CU_CALL ("waiting for a kernel-argument slot", cuEventSynchronize,
             dv0->lev[slot]);
  char *h = dv0->lhost + (size_t) slot * LAUNCH_SLOT_BYTES;
  CUdeviceptr dv = dv0->ldev + (CUdeviceptr) slot * LAUNCH_SLOT_BYTES;
  size_t bytes = l->mapnum * sizeof (void *);
  for (size_t i = 0; i < l->mapnum; i++)
    {
      CUdeviceptr a;
      int k = l->m[i].kind;
      if (k == GOMP_MAP_TO || k == GOMP_MAP_TOFROM
          || k == GOMP_MAP_FORCE_DEVICEPTR)
        {
          /* A copy of the host variable (for deviceptr, the variable
             holding the device pointer: GCC 12 maps it like a scalar and
             libgomp copies it, target.c), after the addresses.  */
          memcpy (h + bytes, l->m[i].val, l->m[i].size);
          a = dv + bytes;
          bytes += LAUNCH_SCALAR_MAX;
        }
      else
        /* firstprivate_int: the value itself.  */
        a = (CUdeviceptr) l->m[i].ival;
      memcpy (h + i * sizeof (void *), &a, sizeof a);
    }
  CU_CALL ("copying kernel arguments", cuMemcpyHtoDAsync_v2, dv, h, bytes,
           l->s);
  void *kargs[1] = { &dv };
  CU_CALL ("launching a kernel", cuLaunchKernel, l->fn, l->g, 1, 1, l->v,
           l->w, 1, 0, l->s, kargs, NULL);
  /* `tofrom' scalars (reduction variables) come back after the kernel,
     in stream order, into the pinned slot (a copy into the variable, on
     the stack, would be synchronous); __pacc_reduction_result then takes
     them from there (cuda_defer_result), without waiting.  */
  nlast = 0;
  for (size_t i = 0, off = l->mapnum * sizeof (void *); i < l->mapnum; i++)
    {
      int k = l->m[i].kind;
      if (k == GOMP_MAP_TOFROM)
        {
          CU_CALL ("copying a reduction result back", cuMemcpyDtoHAsync_v2,
                   h + off, dv + off, l->m[i].size, l->s);
          if (nlast < LAUNCH_RESULTS)
            {
              last[nlast].var = l->m[i].var;
              last[nlast].src = h + off;
              last[nlast].bytes = l->m[i].size;
              last[nlast].dev = l->dev;
              last[nlast].slot = slot;
              nlast++;
            }
        }
      if (k == GOMP_MAP_TO || k == GOMP_MAP_TOFROM
          || k == GOMP_MAP_FORCE_DEVICEPTR)
        off += LAUNCH_SCALAR_MAX;
    }
  CU_CALL ("recording a kernel-argument event", cuEventRecord,
           dv0->lev[slot], l->s);
  dv0->lused[slot] = 1;
  pthread_mutex_unlock (&dv0->llock);
}

/* A launch handed to a device's worker (pacc_workers_call).  */
static void
launch_task (void *arg)
{
  launch_issue (arg);
  free (arg);
}

static int
cuda_launch (void (*fn) (void *), size_t mapnum, void **hostaddrs,
             size_t *sizes, unsigned short *kinds, const unsigned *dims,
             int async)
{
  double t0 = pacc_now_us ();
  /* Slot layout: MAPNUM device addresses, then the `to' scalars, each in
     LAUNCH_SCALAR_MAX bytes.  */
  if (!L.on || pacc_backend != &pacc_backend_cuda || async < 0
      || mapnum * (sizeof (void *) + LAUNCH_SCALAR_MAX) > LAUNCH_SLOT_BYTES)
    goto slow;
  for (size_t i = 0; i < mapnum; i++)
    {
      int k = kinds[i] & 0xff;
      if (k != GOMP_MAP_FIRSTPRIVATE_INT
          && !((k == GOMP_MAP_TO || k == GOMP_MAP_TOFROM
                || k == GOMP_MAP_FORCE_DEVICEPTR)
               && sizes[i] <= LAUNCH_SCALAR_MAX))
        goto slow;
    }
  struct cqueue *cq = queue_of (async);
  if (!cq)
    goto slow;
  struct cdev *dv0 = &devs[cq->dev];

  pthread_mutex_lock (&launch_lock);
  use_ctx (cq->dev);
  const struct kfn *kc = launch_lookup (fn, cq->dev);
  if (!kc)
    {
      pthread_mutex_unlock (&launch_lock);
      goto slow;
    }
  struct kfn *k = (struct kfn *) kc;
  const struct targ_fn_descriptor *d = k->d;
  unsigned g = dims[0] ? dims[0] : d->launch->dim[0];
  unsigned w = dims[1] ? dims[1] : d->launch->dim[1];
  unsigned v = dims[2] ? dims[2] : d->launch->dim[2];
  if (!v)
    v = 32;
  if (!w)
    {
      w = LAUNCH_THREADS / v;
      while (w > 1 && (int) (w * v) > d->max_threads_per_block)
        w--;
      if (!w)
        w = 1;
    }
  if (!g)
    {
      if (!k->gangs)
        {
          int nb = 0;
          CU_CALL ("computing a kernel's occupancy",
                   cuOccupancyMaxActiveBlocksPerMultiprocessor, &nb, d->fn,
                   (int) (w * v), 0);
          k->gangs = (unsigned) (nb > 0 ? nb : 1) * (unsigned) dv0->sms;
        }
      g = k->gangs;
    }
  pthread_mutex_unlock (&launch_lock);

  int handed = pacc_workers_here ();
  struct klaunch *l = pacc_xmalloc (NULL, sizeof *l + mapnum * sizeof l->m[0],
                                    "a kernel launch");
  l->fn = d->fn;
  l->g = g;
  l->w = w;
  l->v = v;
  l->s = cq->stream;
  l->dev = cq->dev;
  l->mapnum = mapnum;
  if (handed)
    hnlast = 0;
  for (size_t i = 0; i < mapnum; i++)
    {
      int kd = kinds[i] & 0xff;
      l->m[i].kind = kd;
      l->m[i].size = sizes[i];
      l->m[i].var = hostaddrs[i];
      l->m[i].ival = (uintptr_t) hostaddrs[i];
      if (kd != GOMP_MAP_FIRSTPRIVATE_INT)
        memcpy (l->m[i].val, hostaddrs[i], sizes[i]);
      if (handed && kd == GOMP_MAP_TOFROM && hnlast < LAUNCH_RESULTS)
        {
          hlast[hnlast].var = hostaddrs[i];
          hlast[hnlast].bytes = sizes[i];
          hlast[hnlast].dev = cq->dev;
          hnlast++;
        }
    }
  /* Under workers, the device's worker issues it, after the chunk's loads
     it was handed before.  */
  if (handed)
    pacc_workers_call (cq->dev, launch_task, l);
  else
    launch_task (l);

  pthread_mutex_lock (&launch_lock);
  L.nfast++;
  L.last_us = pacc_now_us ();
  L.host_us += L.last_us - t0;
  if (L.nsamples == L.capsamples && L.capsamples < (1ul << 24))
    {
      unsigned long cap = L.capsamples ? 2 * L.capsamples : 4096;
      double *n = realloc (L.samples, cap * sizeof *n);
      if (n)
        {
          L.samples = n;
          L.capsamples = cap;
        }
    }
  if (L.nsamples < L.capsamples)
    L.samples[L.nsamples++] = L.last_us - t0;
  pthread_mutex_unlock (&launch_lock);
  return 1;

slow:
  nlast = 0;
  hnlast = 0;
  __atomic_add_fetch (&L.nslow, 1, __ATOMIC_RELAXED);
  return 0;
}

/* The last launch's reduction results in the thread that issued it: VAR's
   value is to reach DST later.  0 if that launch did not write VAR.  */
static int
defer_here (const void *var, void *dst, size_t bytes)
{
  int i;
  for (i = 0; i < nlast; i++)
    if (last[i].var == var && last[i].bytes == bytes)
      break;
  if (i == nlast)
    return 0;
  pthread_mutex_lock (&defer_lock);
  if (ndeferred == capdeferred)
    {
      size_t cap = capdeferred ? 2 * capdeferred : 256;
      struct deferred *n = realloc (deferred, cap * sizeof *n);
      if (!n)
        pacc_error (cur_where, "out of memory for reduction results");
      deferred = n;
      capdeferred = cap;
    }
  deferred[ndeferred].src = last[i].src;
  deferred[ndeferred].dst = dst;
  deferred[ndeferred].bytes = bytes;
  deferred[ndeferred].dev = last[i].dev;
  deferred[ndeferred].slot = last[i].slot;
  __atomic_store_n (&devs[last[i].dev].lpending[last[i].slot], 1,
                    __ATOMIC_RELEASE);
  ndeferred++;
  pthread_mutex_unlock (&defer_lock);
  return 1;
}

struct defer_job
{
  const void *var;
  void *dst;
  size_t bytes;
};

static void
defer_task (void *arg)
{
  struct defer_job *j = arg;
  if (!defer_here (j->var, j->dst, j->bytes))
    pacc_internal_error (cur_where, "a device worker lost a reduction "
                         "result");
  free (j);
}

/* The reduction results of this thread's last fast launch, and the
   results waiting to be copied to their destinations (in the order they
   were deferred).  Under workers the launch is still to be issued: the
   device's worker defers the result after it (hlast says what the launch
   will write).  */
static int
cuda_defer_result (const void *var, void *dst, size_t bytes)
{
  if (!pacc_workers_here ())
    return defer_here (var, dst, bytes);
  for (int i = 0; i < hnlast; i++)
    if (hlast[i].var == var && hlast[i].bytes == bytes)
      {
        struct defer_job *j = pacc_xmalloc (cur_where, sizeof *j,
                                            "a reduction result");
        j->var = var;
        j->dst = dst;
        j->bytes = bytes;
        pacc_workers_call (hlast[i].dev, defer_task, j);
        return 1;
      }
  return 0;
}

/* Every deferred result to its destination.  The slot is released (its
   flag cleared) only after the copy out of it.  */
static void
cuda_flush_results (void)
{
  pthread_mutex_lock (&defer_lock);
  for (size_t i = 0; i < ndeferred; i++)
    {
      struct deferred *x = &deferred[i];
      struct cdev *v = &devs[x->dev];
      CU_CALL ("waiting for a reduction result", cuEventSynchronize,
               v->lev[x->slot]);
      memcpy (x->dst, x->src, x->bytes);
    }
  for (size_t i = 0; i < ndeferred; i++)
    __atomic_store_n (&devs[deferred[i].dev].lpending[deferred[i].slot], 0,
                      __ATOMIC_RELEASE);
  ndeferred = 0;
  pthread_mutex_unlock (&defer_lock);
}

/* For PACC_VERBOSE at region end.  */
void
pacc_cuda_launch_stats (unsigned long *fast, unsigned long *slow,
                        double *host_us)
{
  *fast = L.nfast;
  *slow = L.nslow;
  *host_us = L.host_us;
}

/* ------------------------------------------------------------------ */
/* Host ranges of the regions: registered, or copied through staging.  */

struct hrange
{
  uintptr_t lo, hi;
};

struct cregion
{
  struct cregion *next;
  struct hrange *direct;  /* DMA straight from and to these.  */
  int ndirect;
  void **ours;            /* registered here: unregister at the end.  */
  int nours;
  const char *where;
  unsigned long fast0, slow0;  /* Launch counts at region begin.  */
  unsigned long samples0;
  double host_us0;
  size_t reg_bytes;       /* registered here, and how long it took.  */
  double reg_us;
};

static pthread_mutex_t region_lock = PTHREAD_MUTEX_INITIALIZER;
static struct cregion *regions;

/* Whether [P, P + N) lies in one registered range of a live region; its
   start in *BASE (the range is registered in REG_PIECE pieces from
   there).  */
static int
is_direct (const void *p, size_t n, uintptr_t *base)
{
  uintptr_t lo = (uintptr_t) p, hi = lo + n;
  const struct cregion *g;
  int i, found = 0;
  pthread_mutex_lock (&region_lock);
  for (g = regions; g && !found; g = g->next)
    for (i = 0; i < g->ndirect && !found; i++)
      if (g->direct[i].lo <= lo && hi <= g->direct[i].hi)
        {
          found = 1;
          *base = g->direct[i].lo;
        }
  pthread_mutex_unlock (&region_lock);
  return found;
}

/* Bytes of the next piece of a copy of BYTES at HOST, OFF done: at most
   to the end of its registered piece (pieces of REG_PIECE from BASE; a
   copy must not cross registrations) when DIRECT, else at most a staging
   buffer.  */
static size_t
copy_step (int direct, uintptr_t base, const void *host, size_t off,
           size_t bytes)
{
  size_t n = direct ? REG_PIECE - ((uintptr_t) host + off - base) % REG_PIECE
                    : STAGE_BYTES;
  return n < bytes - off ? n : bytes - off;
}

/* Registration in pieces, several at a time: pinning is the driver
   touching every page, about 10 GB/s from one thread and 17 GB/s from
   four on an H100 host (benchmarks/tools/regtest.c).  */
struct regjob
{
  void *lo;
  size_t len;
  unsigned flags;
  int unreg;
  CUresult r;
};

static struct regjob *reg_jobs;
static int reg_njobs, reg_next;
static CUcontext reg_ctx;

static void *
reg_worker (void *arg)
{
  int i;
  (void) arg;
  if (cu.cuCtxSetCurrent (reg_ctx) != CUDA_SUCCESS)
    return NULL;
  while ((i = __atomic_fetch_add (&reg_next, 1, __ATOMIC_RELAXED))
         < reg_njobs)
    {
      struct regjob *j = &reg_jobs[i];
      j->r = j->unreg ? cu.cuMemHostUnregister (j->lo)
                      : cu.cuMemHostRegister_v2 (j->lo, j->len, j->flags);
    }
  return NULL;
}

/* Run the N jobs on REG_THREADS threads (this one included).  */
static void
run_reg_jobs (struct regjob *jobs, int n)
{
  pthread_t t[REG_THREADS];
  int i, nt = 0;
  if (!n)
    return;
  reg_jobs = jobs;
  reg_njobs = n;
  reg_next = 0;
  reg_ctx = devs[0].ctx;
  for (i = 1; i < REG_THREADS && i < n; i++)
    if (pthread_create (&t[nt], NULL, reg_worker, NULL) == 0)
      nt++;
  reg_worker (NULL);
  for (i = 0; i < nt; i++)
    pthread_join (t[i], NULL);
  use_ctx (0);
}

/* Page-locked host memory (someone registered or allocated it)?  */
static int
page_locked (uintptr_t p)
{
  unsigned int type = 0;
  return cu.cuPointerGetAttribute (&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                   (CUdeviceptr) p) == CUDA_SUCCESS
         && type == CU_MEMORYTYPE_HOST;
}

struct arr
{
  uintptr_t lo, hi;   /* exact bytes.  */
  int i;              /* the array, or the first of a merged range.  */
  int written;        /* some array of the range is written back.  */
};

static int
arr_cmp (const void *a, const void *b)
{
  const struct arr *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The driver tracks registrations by byte range, not by page (seen with
   driver 580 on an H100): ranges that share a page register
   independently, and a range must be unregistered with the exact address
   it was registered with.  So each array's bytes are registered as they
   are; only arrays whose bytes overlap (a targetin array listed twice)
   are merged into one range.  Read-only memory (a const targetin array)
   registers only with CU_MEMHOSTREGISTER_READ_ONLY.  */
static void *
cuda_region_begin (const char *where, int n, char *const *host,
                   const size_t *bytes, const int *kinds,
                   const char *const *names, const char **path)
{
  struct cregion *g = pacc_xcalloc (where, 1, sizeof *g, "a region");
  struct arr *a = pacc_xcalloc (where, (size_t) n, sizeof *a, "arrays");
  int na = 0, ns = 0, i, nstaged = 0;
  int forced = pacc_settings.data_path == PACC_PATH_REGISTER;

  cur_where = where;
  g->where = where;
  g->fast0 = L.nfast;
  g->slow0 = L.nslow;
  g->host_us0 = L.host_us;
  g->samples0 = L.nsamples;
  if (timing)
    for (int d = 0; d < ndevs; d++)
      {
        /* Anchor this region's device times to the host clock.  */
        use_ctx (d);
        CU_CALL ("recording the timing reference", cuEventRecord,
                 devs[d].ref_ev, devs[d].ctl);
        CU_CALL ("waiting for the timing reference", cuEventSynchronize,
                 devs[d].ref_ev);
        devs[d].ref_host = pacc_now_us ();
      }
  ensure_thread ();

  for (i = 0; i < n; i++)
    if (bytes[i])
      {
        a[na].lo = (uintptr_t) host[i];
        a[na].hi = (uintptr_t) host[i] + bytes[i];
        a[na].written = kinds[i] != PACC_KIND_IN;
        a[na++].i = i;
      }
  g->direct = pacc_xcalloc (where, (size_t) na, sizeof *g->direct, "ranges");

  if (pacc_settings.data_path == PACC_PATH_STAGING)
    nstaged = na;
  else
    {
      qsort (a, (size_t) na, sizeof *a, arr_cmp);
      for (i = 0; i < na; i++)
        if (ns && a[i].lo < a[ns - 1].hi)
          {
            if (a[i].hi > a[ns - 1].hi)
              a[ns - 1].hi = a[i].hi;
            a[ns - 1].written |= a[i].written;
          }
        else
          a[ns++] = a[i];
      /* Every range in pieces of REG_PIECE, registered in parallel; a
         piece refused as writable memory is tried read-only when nothing
         writes it back.  */
      int nj = 0, *first = pacc_xcalloc (where, (size_t) ns + 1,
                                         sizeof *first, "ranges");
      struct regjob *jobs;
      for (i = 0; i < ns; i++)
        {
          first[i] = nj;
          nj += (int) ((a[i].hi - a[i].lo + REG_PIECE - 1) / REG_PIECE);
        }
      first[ns] = nj;
      jobs = pacc_xcalloc (where, (size_t) nj + 1, sizeof *jobs, "ranges");
      for (i = 0; i < ns; i++)
        for (int k = first[i]; k < first[i + 1]; k++)
          {
            uintptr_t lo = a[i].lo + (uintptr_t) (k - first[i]) * REG_PIECE;
            uintptr_t hi = lo + REG_PIECE < a[i].hi ? lo + REG_PIECE : a[i].hi;
            jobs[k].lo = (void *) lo;
            jobs[k].len = hi - lo;
            jobs[k].flags = CU_MEMHOSTREGISTER_PORTABLE;
          }
      double t0 = pacc_now_us ();
      run_reg_jobs (jobs, nj);
      g->reg_us = pacc_now_us () - t0;
      for (i = 0; i < ns; i++)
        if (!a[i].written)
          for (int k = first[i]; k < first[i + 1]; k++)
            if (jobs[k].r == CUDA_ERROR_INVALID_VALUE)
              jobs[k].r = cu.cuMemHostRegister_v2
                (jobs[k].lo, jobs[k].len,
                 CU_MEMHOSTREGISTER_PORTABLE | CU_MEMHOSTREGISTER_READ_ONLY);
      g->ours = pacc_xcalloc (where, (size_t) nj + 1, sizeof *g->ours,
                              "ranges");
      for (i = 0; i < ns; i++)
        {
          void *lo = (void *) a[i].lo;
          size_t len = a[i].hi - a[i].lo;
          const char *nm = names[a[i].i];
          CUresult r = CUDA_SUCCESS;
          int k, mine = 0, before = 0;
          for (k = first[i]; k < first[i + 1]; k++)
            if (jobs[k].r == CUDA_SUCCESS)
              mine++;
            /* Registered before (by the program): usable as it is when
               page-locked at both ends.  */
            else if (jobs[k].r == CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED
                     && page_locked ((uintptr_t) jobs[k].lo)
                     && page_locked ((uintptr_t) jobs[k].lo + jobs[k].len
                                     - 1))
              before++;
            else if (r == CUDA_SUCCESS)
              r = jobs[k].r;
          if (r == CUDA_SUCCESS)
            {
              for (k = first[i]; k < first[i + 1]; k++)
                if (jobs[k].r == CUDA_SUCCESS)
                  {
                    g->ours[g->nours++] = jobs[k].lo;
                    g->reg_bytes += jobs[k].len;
                  }
              if (before && pacc_settings.verbose >= 2)
                pacc_note (where, "array '%s' is page-locked already%s: "
                           "using it as it is", nm,
                           mine ? " in part" : "");
            }
          else
            {
              /* Give back the pieces that did register.  */
              for (k = first[i]; k < first[i + 1]; k++)
                if (jobs[k].r == CUDA_SUCCESS)
                  CU_CALL ("unregistering a host array",
                           cuMemHostUnregister, jobs[k].lo);
              if (forced)
                pacc_error (where, "PACC_DATA_PATH=register: cannot register "
                            "array '%s' (%zu bytes at %p) with the CUDA "
                            "driver: cuMemHostRegister_v2 returned %s (%s)",
                            nm, len, lo, cuda_name (r), cuda_string (r));
              if (pacc_settings.verbose >= 1)
                pacc_note (where, "array '%s' cannot be registered (%s): "
                           "staging its copies", nm, cuda_name (r));
              nstaged++;
              continue;
            }
          g->direct[g->ndirect].lo = a[i].lo;
          g->direct[g->ndirect++].hi = a[i].hi;
        }
      free (jobs);
      free (first);
    }
  if (nstaged)
    {
      if (!cu.cuLaunchHostFunc)
        pacc_error (where, "staging needs cuLaunchHostFunc, which this CUDA "
                    "driver does not have (CUDA 10 or later is needed)");
      staging_needed = 1;
      pool_start ();
    }
  *path = !nstaged ? "register" : !g->ndirect ? "staging"
          : "register+staging";
  free (a);

  pthread_mutex_lock (&region_lock);
  g->next = regions;
  regions = g;
  pthread_mutex_unlock (&region_lock);
  return g;
}

static void
cuda_region_end (void *handle)
{
  struct cregion *g = handle, **pp;
  int i;

  pthread_mutex_lock (&region_lock);
  for (pp = &regions; *pp && *pp != g; pp = &(*pp)->next)
    ;
  if (*pp)
    *pp = g->next;
  pthread_mutex_unlock (&region_lock);
  if (pacc_settings.verbose >= 1)
    {
      /* The median shows the cost of a launch; the mean also counts the
         time the host waited for full CUDA queues (it ran ahead of the
         device by as much as they hold).  */
      unsigned long fast = L.nfast - g->fast0, slow = L.nslow - g->slow0;
      unsigned long ns = L.nsamples - g->samples0;
      double med = 0;
      if (ns)
        {
          qsort (L.samples + g->samples0, ns, sizeof (double), dbl_cmp);
          med = L.samples[g->samples0 + ns / 2];
        }
      pacc_note (g->where, "kernel launches: %lu by PACC (host time median "
                 "%.1f us, mean %.1f us; last enqueued %.1f ms before the "
                 "device finished), %lu by libgomp", fast, med,
                 fast ? (L.host_us - g->host_us0) / fast : 0.0,
                 fast ? (pacc_now_us () - L.last_us) / 1000.0 : 0.0, slow);
    }
  /* The queues are synchronised: nothing reads or writes these any more.  */
  if (g->nours)
    {
      struct regjob *jobs = pacc_xcalloc (g->where, (size_t) g->nours,
                                          sizeof *jobs, "ranges");
      for (i = 0; i < g->nours; i++)
        {
          jobs[i].lo = g->ours[i];
          jobs[i].unreg = 1;
        }
      double t0 = pacc_now_us ();
      run_reg_jobs (jobs, g->nours);
      double unreg_us = pacc_now_us () - t0;
      for (i = 0; i < g->nours; i++)
        if (jobs[i].r != CUDA_SUCCESS)
          cuda_fail ("cuMemHostUnregister", jobs[i].r, "unregistering a "
                     "host array", NULL);
      free (jobs);
      /* Host time outside the device span: pinning and unpinning.  */
      if (pacc_settings.verbose >= 1)
        {
          char b[32];
          pacc_note (g->where, "host arrays: %s registered in %.1f ms, "
                     "unregistered in %.1f ms (%d threads)",
                     pacc_fmt_bytes (b, sizeof b, g->reg_bytes),
                     g->reg_us / 1000.0, unreg_us / 1000.0, REG_THREADS);
        }
    }
  free (g->direct);
  free (g->ours);
  free (g);
  cur_where = NULL;
}

/* ------------------------------------------------------------------ */
/* Copies.  */

static void
cuda_copy_in (void *queue, void *buf, const void *host, size_t bytes,
              const struct pacc_opinfo *info)
{
  struct cqueue *q = queue;
  struct timed *t;
  size_t off, n;
  uintptr_t base = 0;
  int direct = bytes && is_direct (host, bytes, &base);

  use_ctx (q->dev);
  t = timed_begin (q, info);
  for (off = 0; off < bytes; off += n)
    {
      char *d = (char *) buf + off;
      const char *h = (const char *) host + off;
      n = copy_step (direct, base, host, off, bytes);
      if (direct)
        {
          CU_CALL_OP (info, "loading a chunk", cuMemcpyHtoDAsync_v2, dptr (d),
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
      CU_CALL_OP (info, "enqueueing the host side of a staged load",
                  cuLaunchHostFunc, q->stream, stage_fn, j);
      CU_CALL_OP (info, "loading a chunk through staging",
                  cuMemcpyHtoDAsync_v2, dptr (d), q->stage, n, q->stream);
    }
  timed_end (q, t, info);
}

static void
cuda_copy_out (void *queue, void *host, const void *buf, size_t bytes,
               const struct pacc_opinfo *info)
{
  struct cqueue *q = queue;
  struct timed *t;
  size_t off, n;
  uintptr_t base = 0;
  int direct = bytes && is_direct (host, bytes, &base);

  use_ctx (q->dev);
  t = timed_begin (q, info);
  for (off = 0; off < bytes; off += n)
    {
      const char *d = (const char *) buf + off;
      char *h = (char *) host + off;
      n = copy_step (direct, base, host, off, bytes);
      if (direct)
        {
          CU_CALL_OP (info, "writing a chunk back", cuMemcpyDtoHAsync_v2, h,
                      dptr (d), n, q->stream);
          continue;
        }
      struct stage_job *j;
      if (!q->stage)
        pacc_internal_error (info->where, "queue %d has no staging buffer",
                             q->index);
      CU_CALL_OP (info, "writing a chunk back through staging",
                  cuMemcpyDtoHAsync_v2, q->stage, dptr (d), n, q->stream);
      j = pacc_xmalloc (info->where, sizeof *j, "a staging job");
      j->dst = h;
      j->src = q->stage;
      j->n = n;
      CU_CALL_OP (info, "enqueueing the host side of a staged write-back",
                  cuLaunchHostFunc, q->stream, stage_fn, j);
    }
  timed_end (q, t, info);
}

/* Halo rows of a resident plan: a chunk buffer of device SRC_DEV into one
   of the queue's device, on the queue's stream (peer access was enabled
   for the pair at init where the hardware allows; otherwise the driver
   stages the copy).  */
static void
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
    CU_CALL_OP (info, "copying halo rows within a device",
                cuMemcpyDtoDAsync_v2, dptr (dst), dptr (src), bytes,
                q->stream);
  else
    CU_CALL_OP (info, "copying halo rows between devices",
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

int
pacc_cuda_device (void)
{
  return dev_ord;
}

void
pacc_cuda_follow_device (void)
{
  CUcontext want;
  if (!have_gomp || !(want = gomp.acc_get_current_cuda_context ()))
    return;
  make_current (want);
  thread_dev = -1;
}

void
pacc_cuda_peer_copy (void *dst, int to, const void *src, int from,
                     size_t bytes, int async)
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
  pacc_cuda_follow_device ();
  if (pacc_settings.verbose >= 1)
    pacc_note (NULL, "update peer: %zu bytes from device %d to device %d, "
               "%s%s", bytes, from, to,
               to == from ? "within the device"
               : direct ? "direct (peer access)" : "staged through the host",
               s ? ", asynchronous" : "");
}

/* ------------------------------------------------------------------ */
/* For the kernel launcher.  */

void *
pacc_cuda_context (void)
{
  return pacc_backend == &pacc_backend_cuda ? (void *) devs[0].ctx : NULL;
}

void *
pacc_cuda_stream (int queue)
{
  struct cqueue *q;
  if (pacc_backend != &pacc_backend_cuda)
    return NULL;
  q = queue_of (queue);
  return q ? q->stream : NULL;
}

/* Pipeline device DEV becomes libgomp's current device on this thread;
   returns the previous one (libgomp's number).  */
static int
cuda_select_device (int dev)
{
  int old = have_gomp ? gomp.acc_get_device_num (ACC_DEVICE_NVIDIA) : 0;
  ensure_dev (dev);
  return old;
}

static void
cuda_restore_device (int ord)
{
  if (have_gomp)
    {
      gomp.acc_set_device_num (ord, ACC_DEVICE_NVIDIA);
      pacc_cuda_follow_device ();
    }
}

struct pacc_backend pacc_backend_cuda =
{
  .name = "register",
  .on_host = 0,
  .init = cuda_init,
  .mem_available = cuda_mem_available,
  .alloc = cuda_alloc,
  .free = cuda_free,
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
  .region_end = cuda_region_end,
  .select_device = cuda_select_device,
  .defer_result = cuda_defer_result,
  .flush_results = cuda_flush_results,
  .restore_device = cuda_restore_device,
  .kernels_mark = cuda_kernels_mark
};
