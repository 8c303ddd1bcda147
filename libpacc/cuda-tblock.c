/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* cuda-tblock.c - the CUDA back end's in-kernel temporal blocking
   kernels (backend.h's tblock; tblock.c says when): the kernel of one
   depth cut out of the PTX module the plugin wrote (plugin/lower-ptx.cc:
   the header, then each depth's kernel after a line "// pacc-tblock
   D=n"), loaded once per device with cuModuleLoadData (the driver's JIT:
   its operations carry .rn, nothing to contract), launched with
   cuLaunchKernel on the chunk's stream.  A module that does not load is
   remembered, with the driver's reason, and the caller falls back to one
   step per launch.  */

#include "cuda-int.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Modules loaded (or refused): per PTX text, depth and device.  */
#define TB_MODULES 64

static struct tb_module
{
  const char *ptx;
  int depth, dev;
  CUfunction fn; /* NULL: refused, WHY says why.  */
  char why[160];
} mods[TB_MODULES];
static int nmods;
static pthread_mutex_t mods_lock = PTHREAD_MUTEX_INITIALIZER;

/* PTX's header and the kernel of DEPTH, as one module's text (malloc'd),
   or NULL when the module has no such kernel.  */
static char *
cut_kernel (const char *ptx, int depth)
{
  /* The depth is one digit (settings.c reads PACC_TBLOCK_DEPTH so).  */
  char mark[] = "// pacc-tblock D=0\n";
  if (depth < 0 || depth > 9)
    return NULL;
  mark[sizeof mark - 3] = (char) ('0' + depth);
  const char *first = strstr (ptx, "// pacc-tblock D=");
  const char *k = strstr (ptx, mark);
  if (!first || !k)
    return NULL;
  const char *end = strstr (k + strlen (mark), "// pacc-tblock D=");
  if (!end)
    end = strstr (k, "// end of PACC PTX");
  if (!end)
    end = k + strlen (k);
  size_t h = (size_t) (first - ptx), n = (size_t) (end - k);
  char *m = malloc (h + n + 1);
  if (!m)
    return NULL;
  memcpy (m, ptx, h);
  memcpy (m + h, k, n);
  m[h + n] = 0;
  return m;
}

/* The kernel of DEPTH in PTX on device DEV (its context current), loaded
   now if it was not; NULL with WHY.  */
static CUfunction
kernel_of (const char *ptx, int depth, int dev, char *why, size_t whylen)
{
  pthread_mutex_lock (&mods_lock);
  struct tb_module *m = NULL;
  for (int i = 0; i < nmods && !m; i++)
    if (mods[i].ptx == ptx && mods[i].depth == depth && mods[i].dev == dev)
      m = &mods[i];
  if (!m && nmods < TB_MODULES)
    {
      m = &mods[nmods++];
      m->ptx = ptx;
      m->depth = depth;
      m->dev = dev;
      m->fn = NULL;
      char *text = cut_kernel (ptx, depth);
      CUmodule mod;
      CUresult r;
      char name[] = "__pacc_tb_d0";
      name[sizeof name - 2] = (char) ('0' + depth);
      if (!cuda_lib.cuModuleLoadData || !cuda_lib.cuModuleGetFunction)
        snprintf (m->why, sizeof m->why,
                  "the CUDA driver lacks cuModuleLoadData");
      else if (!text)
        snprintf (m->why, sizeof m->why,
                  "the program has no kernel of depth %d", depth);
      else if ((r = cuda_lib.cuModuleLoadData (&mod, text)) != CUDA_SUCCESS)
        snprintf (m->why, sizeof m->why, "cuModuleLoadData returned %s",
                  cuda_name (r));
      else if ((r = cuda_lib.cuModuleGetFunction (&m->fn, mod, name))
               != CUDA_SUCCESS)
        {
          m->fn = NULL;
          snprintf (m->why, sizeof m->why, "cuModuleGetFunction returned %s",
                    cuda_name (r));
        }
      free (text);
    }
  CUfunction f = m ? m->fn : NULL;
  if (!f)
    snprintf (why, whylen, "%s",
              m ? m->why : "too many in-kernel blocking modules");
  pthread_mutex_unlock (&mods_lock);
  return f;
}

int
cuda_tblock (int async, const char *ptx, int depth, void **args, unsigned grid,
             char *why, size_t whylen)
{
  struct cuda_queue *q = cuda_queue_of (async);
  if (!q)
    {
      snprintf (why, whylen, "the chunk's queue %d is not PACC's", async);
      return 0;
    }
  cuda_use_ctx (q->dev);
  CUfunction f = kernel_of (ptx, depth, q->dev, why, whylen);
  if (!f)
    return 0;
  CU_CALL ("launching an in-kernel temporal blocking kernel", cuLaunchKernel,
           f, grid, 1, 1, 128, 1, 1, 0, q->stream, args, NULL);
  return 1;
}
