/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* smoke-cuda.c - libpacc-gpu-smoke: the CUDA back end on a real GPU,
   driven through the ABI the way generated code drives it (like the
   pacc.unit tests), with kernels that really run on the device:

   - "ptx" kernels: a hand-written PTX stencil (no compiler for the device
     needed), launched with cuLaunchKernel on the chunk's queue stream
     (pacc_cuda_stream, libpacc's hook for a kernel launcher);
   - "acc" kernels, when built with -fopenacc -foffload=nvptx-none: the
     same stencil as an OpenACC `parallel loop deviceptr(...) async(q)',
     launched by libgomp on the stream libpacc handed it for queue q.

   The region: 1-D Jacobi along the decomposed dimension with a pointer
   swap each step (p, q targetinout), plus a targetin array c and a
   targettemp array d; bit-exact comparison with the sequential loops on
   the host.  No host synchronisation inside the region except in the
   "loads" test, which after each __pacc_next_chunk waits for the device
   and reads the chunk's buffers back (cuMemcpyDtoH) to check that the
   loaded rows sit where the rebased pointers say.  Other tests: large
   arrays (staged copies of several pieces), arrays that share a page,
   rows that are not page aligned, an array the program registered
   itself (it must stay registered), a region of zero steps, and regions
   one after another (streams and registrations reused / released).

   Run without arguments, the program runs itself once per data path
   (PACC_DATA_PATH=register, staging, and auto when built with OpenACC)
   and per schedule setting, prints the PASS/FAIL lines of each run and a
   summary line, and exits 0 when all passed, 77 when there is no CUDA
   device.  SMOKE_QUICK=1 runs fewer settings.

   Build (here or on the GPU machine; libpacc's include dir for the ABI):
     gcc -std=gnu11 -O2 -ffp-contract=off -Ilibpacc testsuite/gpu/smoke-cuda.c \
       -o libpacc-gpu-smoke -Lbuild -lpacc -ldl
   and, to test the libgomp sharing too, with
     -fopenacc -foffload=nvptx-none -foffload-options=nvptx-none=-misa=sm_80
   (run with GCC 12's libgomp.so.1 and libgomp-plugin-nvptx.so.1 on
   LD_LIBRARY_PATH).  */

#define _GNU_SOURCE 1

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pacc-abi.h"
#include "pacc.h"

#ifdef _OPENACC
#include <openacc.h>
#endif

/* libpacc's hook for kernel launchers (libpacc/cuda.c).  */
extern void *pacc_cuda_stream (int queue);

/* ------------------------------------------------------------------ */
/* The few driver calls the test makes itself.  */

typedef int CUresult;
typedef unsigned long long CUdeviceptr;
typedef void *CUcontext, *CUmodule, *CUfunction, *CUstream;

static struct
{
  CUresult (*cuInit) (unsigned);
  CUresult (*cuDeviceGetCount) (int *);
  CUresult (*cuCtxGetCurrent) (CUcontext *);
  CUresult (*cuCtxSynchronize) (void);
  CUresult (*cuMemcpyDtoH_v2) (void *, CUdeviceptr, size_t);
  CUresult (*cuMemHostRegister_v2) (void *, size_t, unsigned);
  CUresult (*cuMemHostUnregister) (void *);
  CUresult (*cuModuleLoadData) (CUmodule *, const void *);
  CUresult (*cuModuleGetFunction) (CUfunction *, CUmodule, const char *);
  CUresult (*cuLaunchKernel) (CUfunction, unsigned, unsigned, unsigned,
                              unsigned, unsigned, unsigned, unsigned,
                              CUstream, void **, void **);
} cu;

static int
load_cuda (void)
{
  void *h = dlopen ("libcuda.so.1", RTLD_NOW | RTLD_LOCAL), *s;
  if (!h)
    return 0;
#define SYM(name)                                                           \
  if (!(s = dlsym (h, #name)))                                              \
    return 0;                                                               \
  memcpy (&cu.name, &s, sizeof s);
  SYM (cuInit) SYM (cuDeviceGetCount) SYM (cuCtxGetCurrent)
  SYM (cuCtxSynchronize) SYM (cuMemcpyDtoH_v2) SYM (cuMemHostRegister_v2)
  SYM (cuMemHostUnregister) SYM (cuModuleLoadData) SYM (cuModuleGetFunction)
  SYM (cuLaunchKernel)
#undef SYM
  return 1;
}

#define CHECK(call)                                                         \
  do                                                                        \
    {                                                                       \
      CUresult r_ = (call);                                                 \
      if (r_)                                                               \
        {                                                                   \
          fprintf (stderr, "smoke: %s failed with CUresult %d (line %d)\n", \
                   #call, r_, __LINE__);                                    \
          exit (3);                                                         \
        }                                                                   \
    }                                                                       \
  while (0)

/* dst[e] = (src[e - w] + src[e + w]) * 0.5f for e in [first, first + n),
   elements counted from the (rebased) pointers; round-to-nearest adds and
   multiplies, so the result equals the host's bit for bit.  */
static const char ptx[] =
  ".version 7.0\n"
  ".target sm_70\n"
  ".address_size 64\n"
  ".visible .entry stencil (.param .u64 dst, .param .u64 src,\n"
  "    .param .u64 first, .param .u64 n, .param .u64 w)\n"
  "{\n"
  "  .reg .pred %p;\n"
  "  .reg .b32 %r<5>;\n"
  "  .reg .b64 %rd<17>;\n"
  "  .reg .f32 %f<4>;\n"
  "  ld.param.u64 %rd1, [dst];\n"
  "  ld.param.u64 %rd2, [src];\n"
  "  ld.param.u64 %rd3, [first];\n"
  "  ld.param.u64 %rd4, [n];\n"
  "  ld.param.u64 %rd5, [w];\n"
  "  mov.u32 %r1, %ctaid.x;\n"
  "  mov.u32 %r2, %ntid.x;\n"
  "  mov.u32 %r3, %tid.x;\n"
  "  mov.u32 %r4, %nctaid.x;\n"
  "  cvt.u64.u32 %rd6, %r1;\n"
  "  cvt.u64.u32 %rd7, %r2;\n"
  "  cvt.u64.u32 %rd8, %r3;\n"
  "  mad.lo.u64 %rd9, %rd6, %rd7, %rd8;\n"
  "  cvt.u64.u32 %rd10, %r4;\n"
  "  mul.lo.u64 %rd10, %rd10, %rd7;\n"
  "  shl.b64 %rd14, %rd5, 2;\n"
  "LOOP:\n"
  "  setp.ge.u64 %p, %rd9, %rd4;\n"
  "  @%p bra DONE;\n"
  "  add.u64 %rd11, %rd3, %rd9;\n"
  "  shl.b64 %rd12, %rd11, 2;\n"
  "  add.u64 %rd13, %rd2, %rd12;\n"
  "  sub.u64 %rd15, %rd13, %rd14;\n"
  "  ld.global.f32 %f1, [%rd15];\n"
  "  add.u64 %rd15, %rd13, %rd14;\n"
  "  ld.global.f32 %f2, [%rd15];\n"
  "  add.rn.f32 %f3, %f1, %f2;\n"
  "  mul.rn.f32 %f3, %f3, 0f3F000000;\n"
  "  add.u64 %rd16, %rd1, %rd12;\n"
  "  st.global.f32 [%rd16], %f3;\n"
  "  add.u64 %rd9, %rd9, %rd10;\n"
  "  bra LOOP;\n"
  "DONE:\n"
  "  ret;\n"
  "}\n";

static CUfunction stencil_fn;

enum kernels { K_PTX, K_ACC };
static const char *const kernels_name[] = { "ptx", "acc" };

static void
launch (enum kernels kind, int queue, float *dst, const float *src,
        long first, long n, long w)
{
  if (n <= 0)
    return;
  if (kind == K_PTX)
    {
      CUstream s = pacc_cuda_stream (queue);
      unsigned long long a0 = (uintptr_t) dst, a1 = (uintptr_t) src;
      unsigned long long a2 = (unsigned long long) first;
      unsigned long long a3 = (unsigned long long) n;
      unsigned long long a4 = (unsigned long long) w;
      void *args[] = { &a0, &a1, &a2, &a3, &a4 };
      long blocks = (n + 255) / 256;
      if (!s)
        {
          fprintf (stderr, "smoke: libpacc has no stream for queue %d\n",
                   queue);
          exit (3);
        }
      CHECK (cu.cuLaunchKernel (stencil_fn,
                                (unsigned) (blocks < 4096 ? blocks : 4096),
                                1, 1, 256, 1, 1, 0, s, args, NULL));
      return;
    }
#ifdef _OPENACC
#pragma acc parallel loop deviceptr(dst, src) async(queue)
  for (long i = 0; i < n; i++)
    {
      long e = first + i;
      dst[e] = (src[e - w] + src[e + w]) * 0.5f;
    }
#endif
}

/* ------------------------------------------------------------------ */
/* The test region.  */

static int failures;
static const char *path_name, *settings;

static void
report (const char *name, int ok)
{
  printf ("%s %s [%s; %s]\n", ok ? "PASS" : "FAIL", name, path_name,
          settings);
  fflush (stdout);
  if (!ok)
    failures++;
}

static void
fill (float *p, size_t n, unsigned seed)
{
  size_t i;
  for (i = 0; i < n; i++)
    {
      seed = seed * 1103515245u + 12345u;
      p[i] = (float) ((seed >> 8) & 0xffff) / 65536.0f;
    }
}

/* One sequential step: Q = stencil (P) on rows [1, X-1).  */
static void
seq_step (float *q, const float *p, long X, long W)
{
  long e;
  for (e = W; e < (X - 1) * W; e++)
    q[e] = (p[e - W] + p[e + W]) * 0.5f;
}

static int
same (const char *test, const char *what, const float *got,
      const float *want, size_t n)
{
  size_t i;
  if (!memcmp (got, want, n * sizeof *got))
    return 1;
  for (i = 0; i < n && !memcmp (&got[i], &want[i], sizeof *got); i++)
    ;
  fprintf (stderr, "smoke: %s: %s differs first at element %zu: %a, "
           "expected %a\n", test, what, i, (double) got[i],
           (double) want[i]);
  return 0;
}

struct opts
{
  long X, W, T, T0;
  int async;
  int check_loads;   /* read the buffers back after each load.  */
  int shared_page;   /* p and q in one allocation, q not page aligned.  */
  int user_register; /* the program registers p itself.  */
  enum kernels kern;
};

static int
run_region (const char *name, const struct opts *o)
{
  long X = o->X, W = o->W, T = o->T, n = X * W, t;
  size_t bytes = (size_t) n * sizeof (float);
  float *block = NULL, *a, *b, *c, *d, *ar, *br, *rp, *rq, *tmp;
  float *p, *q, *chk = NULL;
  long blk[PACC_BLK_N], ci[PACC_CI_N], done = 0;
  void *host[4], *ptr[4], *R;
  long rb = W * (long) sizeof (float);
  long ainfo[4 * PACC_AI_N] = {
    PACC_KIND_INOUT, rb, rb, sizeof (float),
    PACC_KIND_INOUT, rb, rb, sizeof (float),
    PACC_KIND_IN, rb, rb, sizeof (float),
    PACC_KIND_TEMP, rb, rb, sizeof (float) };
  long rinfo[PACC_RI_N] = { 0 };
  int ok = 1, dev_ok = 1;

  if (o->shared_page)
    {
      /* One block; a 4-byte offset so that no row is page aligned, and q
         right after p: the two share a page.  */
      block = malloc (2 * bytes + 64);
      a = (float *) ((char *) block + 4);
      b = a + n;
    }
  else
    {
      a = malloc (bytes);
      b = malloc (bytes);
    }
  c = malloc (bytes);
  d = malloc (bytes);
  ar = malloc (bytes);
  br = malloc (bytes);
  if (!a || !b || !c || !d || !ar || !br)
    {
      fprintf (stderr, "smoke: out of memory\n");
      exit (3);
    }
  fill (a, (size_t) n, 3);
  fill (b, (size_t) n, 4);
  fill (c, (size_t) n, 5);
  memcpy (ar, a, bytes);
  memcpy (br, b, bytes);
  /* The reference: T steps with swaps.  */
  rp = ar, rq = br;
  for (t = 0; t < T; t++)
    {
      seq_step (rq, rp, X, W);
      tmp = rp, rp = rq, rq = tmp;
    }
  if (o->check_loads)
    {
      /* Reference states along the way, for the load checks.  */
      chk = malloc (3 * bytes);
      memcpy (chk, a, bytes);
      memcpy (chk + n, b, bytes);
    }
  if (o->user_register)
    CHECK (cu.cuMemHostRegister_v2 (a, bytes, 1));

  p = a, q = b;
  host[0] = p;
  host[1] = q;
  host[2] = c;
  host[3] = d;
  rinfo[PACC_RI_LEN0] = X;
  rinfo[PACC_RI_HLO] = 1;
  rinfo[PACC_RI_HHI] = 1;
  rinfo[PACC_RI_T0] = o->T0;
  rinfo[PACC_RI_NSTEPS] = T;
  rinfo[PACC_RI_ASYNC] = o->async;
  rinfo[PACC_RI_NKERNELS] = 1;
  R = __pacc_region_begin (PACC_ABI_VERSION, name, "p,q,c,d", 4, host,
                           ainfo, rinfo);
  while (__pacc_next_block (R, blk))
    {
      long kk = blk[PACC_BLK_KK];
      if (chk)
        {
          /* chk = P, chk + n = Q after DONE steps.  */
          for (; done < blk[PACC_BLK_T] - o->T0; done++)
            {
              seq_step (chk + n, chk, X, W);
              memcpy (chk + 2 * n, chk, bytes);
              memcpy (chk, chk + n, bytes);
              memcpy (chk + n, chk + 2 * n, bytes);
            }
        }
      while (__pacc_next_chunk (R, ci, ptr))
        {
          long s, lo = ci[PACC_CI_LO], hi = ci[PACC_CI_HI];
          if (ci[PACC_CI_DEVICE] != 0)
            dev_ok = 0;
          if (chk)
            {
              /* The rows this chunk loaded: [lo - kk, hi + kk) in [0, X).  */
              long llo = lo - kk < 0 ? 0 : lo - kk;
              long lhi = hi + kk > X ? X : hi + kk;
              size_t m = (size_t) (lhi - llo) * (size_t) W;
              float *buf = malloc (m * sizeof (float));
              int i;
              CHECK (cu.cuCtxSynchronize ());
              for (i = 0; i < 3; i++)
                {
                  const float *want = i == 2 ? c : chk + (size_t) i * n;
                  CHECK (cu.cuMemcpyDtoH_v2 (buf, (uintptr_t) ptr[i]
                                             + (uintptr_t) (llo * rb),
                                             m * sizeof (float)));
                  if (!same (name, i == 0 ? "loaded p" : i == 1 ? "loaded q"
                             : "loaded c", buf, want + llo * W, m))
                    ok = 0;
                }
              free (buf);
            }
          for (s = 0; s < kk; s++)
            {
              void *sw;
              long klo = lo - (kk - 1 - s), khi = hi + (kk - 1 - s);
              __pacc_step (R, ci, ptr, s);
              klo = klo < 1 ? 1 : klo;
              khi = khi > X - 1 ? X - 1 : khi;
              launch (o->kern, (int) ci[PACC_CI_QUEUE], ptr[1], ptr[0],
                      klo * W, (khi - klo) * W, W);
              sw = ptr[0], ptr[0] = ptr[1], ptr[1] = sw;
            }
          __pacc_chunk_done (R, ci, ptr);
        }
    }
  __pacc_region_end (R);
  for (t = 0; t < T; t++)
    tmp = p, p = q, q = tmp;

  ok &= same (name, "first array", a, ar, (size_t) n);
  ok &= same (name, "second array", b, br, (size_t) n);
  ok &= (T % 2 ? p == b : p == a);
  /* c is targetin: never written back.  */
  fill (ar, (size_t) n, 5);
  ok &= same (name, "targetin array", c, ar, (size_t) n);
  if (!dev_ok)
    {
      fprintf (stderr, "smoke: %s: a chunk reported a device other than "
               "0\n", name);
      ok = 0;
    }
  if (o->user_register)
    {
      /* Still registered: libpacc must not have unregistered it.  */
      CUresult r = cu.cuMemHostUnregister (a);
      if (r)
        {
          fprintf (stderr, "smoke: %s: the program's registration of p is "
                   "gone (cuMemHostUnregister: %d)\n", name, r);
          ok = 0;
        }
    }
  if (block)
    free (block);
  else
    free (a), free (b);
  free (c), free (d), free (ar), free (br), free (chk);
  return ok;
}

static void
child (void)
{
  const char *env_path = getenv ("PACC_DATA_PATH");
  CUcontext ctx = NULL;
  CUmodule mod;
  int k, nk = 1;
  char name[128];

  settings = getenv ("SMOKE_SETTINGS");
  settings = settings && *settings ? settings : "defaults";
  pacc_init ();
  path_name = pacc_get_data_path ();
  report ("data path is the one asked for",
          pacc_get_num_devices () == 1
          && (!env_path || !strcmp (env_path, "auto")
              || !strcmp (env_path, path_name)));
  CHECK (cu.cuCtxGetCurrent (&ctx));
  if (!ctx || !strcmp (path_name, "host"))
    {
      report ("libpacc made a CUDA context current", 0);
      return;
    }
  CHECK (cu.cuModuleLoadData (&mod, ptx));
  CHECK (cu.cuModuleGetFunction (&stencil_fn, mod, "stencil"));
#ifdef _OPENACC
  nk = 2;
  report ("libgomp offloads to the NVIDIA device",
          acc_get_num_devices (acc_device_nvidia) >= 1
          && acc_get_current_cuda_context () == ctx);
#endif

  for (k = 0; k < nk; k++)
    {
      struct opts o;
      memset (&o, 0, sizeof o);
      o.kern = (enum kernels) k;

#define RUN(label)                                                          \
      snprintf (name, sizeof name, "%s %s", label, kernels_name[k]);        \
      report (name, run_region (name, &o))

      o.X = 37, o.W = 13, o.T = 9, o.T0 = 5, o.async = 1;
      o.check_loads = 1;
      RUN ("loads");
      o.check_loads = 0;
      o.shared_page = 1;
      RUN ("small async, shared page");
      o.async = 0;
      RUN ("small sync, shared page");
      o.shared_page = 0, o.async = 1;
      o.user_register = 1;
      RUN ("program-registered array");
      o.user_register = 0;
      o.T = 0;
      RUN ("zero steps");
      /* 2500 rows of 64 KiB per array: chunk copies of several staging
         pieces.  */
      o.X = 2500, o.W = 16411, o.T = 6, o.T0 = 0, o.async = 1;
      RUN ("large async");
      o.X = 1001, o.W = 4099, o.T = 5, o.async = 0;
      RUN ("medium sync");
#undef RUN
    }
}

/* ------------------------------------------------------------------ */
/* The parent: one child per data path and setting.  */

int
main (int argc, char **argv)
{
  static const char *const full[] = {
    "", "PACC_CHUNKS=7 PACC_K=2", "PACC_BLOCK=1 PACC_QUEUES=4",
    "PACC_CHUNKS=3 PACC_QUEUES=2 PACC_K=5",
    "PACC_CHUNKS=16 PACC_VERBOSE=1", NULL };
  static const char *const quick[] = {
    "", "PACC_CHUNKS=7 PACC_K=2 PACC_VERBOSE=1", NULL };
  const char *paths[] = { "register", "staging",
#ifdef _OPENACC
                          "auto",
#endif
                          NULL };
  const char *const *sets;
  int ndev = 0, i, j, pass = 0, fail = 0;

  if (!load_cuda () || cu.cuInit (0) || cu.cuDeviceGetCount (&ndev)
      || ndev < 1)
    {
      printf ("SKIP libpacc-gpu-smoke: no CUDA device\n");
      return 77;
    }
  if (argc > 1 && !strcmp (argv[1], "--child"))
    {
      child ();
      return failures ? 1 : 0;
    }

  sets = getenv ("SMOKE_QUICK") ? quick : full;
  for (i = 0; paths[i]; i++)
    for (j = 0; sets[j]; j++)
      {
        char cmd[1024];
        int st;
        /* PACC_SKEW=0: the child checks the trapezoid's load ranges and
           computes its rows (a skewed plan's are the DejaGnu tests').  */
        snprintf (cmd, sizeof cmd, "env PACC_SKEW=0 PACC_DATA_PATH=%s "
                  "SMOKE_SETTINGS='%s' %s '/proc/%ld/exe' --child", paths[i],
                  sets[j], sets[j],
                  (long) getpid ());
        fflush (stdout);
        st = system (cmd);
        if (st != -1 && WIFEXITED (st) && WEXITSTATUS (st) == 0)
          pass++;
        else
          {
            fail++;
            printf ("FAIL run: PACC_DATA_PATH=%s %s (status %d)\n", paths[i],
                    sets[j], st);
          }
      }
  printf ("libpacc-gpu-smoke: %d passed, %d failed\n", pass, fail);
  return fail ? 1 : 0;
}
