/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* slots.c - the pinned slots of a queue's read-only staged loads
   (cuda_queue_create, cuda-queue.c) against a fake driver: they are
   2 MiB-aligned host memory registered whole (huge pages pin faster
   than cuMemAllocHost's fresh 4 KiB pages: RESULTS.md); when the
   registration fails, cuMemAllocHost's; each queue has its own, made
   once; a queue without staged loads has none.  */

#define UNIT_NAME "slots"
#include "fake-backend.h"

#include <stdint.h>
#include <string.h>

int cuda_ndevs = 1;
int cuda_have_gomp, cuda_timing, cuda_staging_needed, cuda_prefetch_needed;

void
cuda_ensure_dev (int d)
{
  (void) d;
}

CUstream
cuda_gomp_async_stream (int index, const char *where, const char *what)
{
  (void) index, (void) where, (void) what;
  return NULL;
}

void
pacc_trace_op (const struct pacc_opinfo *info, double t0, double t1)
{
  (void) info, (void) t0, (void) t1;
}

/* ------------------------------------------------------------------ */
/* The fake driver: registrations and pinned allocations, counted.  */

static int n_reg, n_alloc_host, reg_fails;
static void *reg_p;
static size_t reg_bytes;
static unsigned reg_flags;
static char alloc_host_mem[64];
static char event_mem;

static CUresult
f_register (void *p, size_t n, unsigned flags)
{
  n_reg++;
  if (reg_fails)
    return CUDA_ERROR_INVALID_VALUE;
  reg_p = p;
  reg_bytes = n;
  reg_flags = flags;
  return CUDA_SUCCESS;
}

static CUresult
f_alloc_host (void **p, size_t n)
{
  (void) n;
  n_alloc_host++;
  *p = alloc_host_mem;
  return CUDA_SUCCESS;
}

static CUresult
f_event_create (CUevent *e, unsigned flags)
{
  (void) flags;
  *e = (CUevent) &event_mem;
  return CUDA_SUCCESS;
}

int
main (void)
{
  char msg[256];
  cuda_lib.cuMemHostRegister_v2 = f_register;
  cuda_lib.cuMemAllocHost_v2 = f_alloc_host;
  cuda_lib.cuStreamCreate = fake_stream_create;
  cuda_lib.cuEventCreate = f_event_create;

  /* No region stages a read-only array: no slots.  */
  struct cuda_queue *q0 = cuda_queue_create (0, 0);
  snprintf (msg, sizeof msg, "slots %p, %d registrations, %d allocations",
            (void *) q0->pslots, n_reg, n_alloc_host);
  check ("a queue without staged loads has no slots",
         !q0->pslots && !n_reg && !n_alloc_host, msg);

  /* Registered huge-page memory, the slots' whole size.  */
  cuda_prefetch_needed = 1;
  struct cuda_queue *q1 = cuda_queue_create (0, 1);
  snprintf (msg, sizeof msg, "slots %p, registered %p (%zu bytes, flags "
            "%u), %d registrations, %d allocations", (void *) q1->pslots,
            reg_p, reg_bytes, reg_flags, n_reg, n_alloc_host);
  check ("the slots are 2 MiB-aligned memory registered whole",
         q1->pslots && (void *) q1->pslots == reg_p
           && reg_bytes == CUDA_STAGE_SLOTS * CUDA_STAGE_BYTES
           && !((uintptr_t) q1->pslots & (((uintptr_t) 2 << 20) - 1))
           && (reg_flags & CU_MEMHOSTREGISTER_PORTABLE) && n_reg == 1
           && !n_alloc_host,
         msg);
  /* Written by the host copies: all of it must be there.  */
  if (q1->pslots && (void *) q1->pslots == reg_p)
    memset (q1->pslots, 1, CUDA_STAGE_SLOTS * CUDA_STAGE_BYTES);

  /* Made once per queue.  */
  char *had = q1->pslots;
  struct cuda_queue *q1b = cuda_queue_create (0, 1);
  snprintf (msg, sizeof msg, "slots %p then %p, %d registrations",
            (void *) had, (void *) q1b->pslots, n_reg);
  check ("a queue keeps its slots", q1b == q1 && q1b->pslots == had
         && n_reg == 1, msg);

  /* The registration fails: cuMemAllocHost's pinned memory.  */
  reg_fails = 1;
  struct cuda_queue *q2 = cuda_queue_create (0, 2);
  snprintf (msg, sizeof msg, "slots %p (cuMemAllocHost's %p), %d "
            "registrations, %d allocations", (void *) q2->pslots,
            (void *) alloc_host_mem, n_reg, n_alloc_host);
  check ("when the registration fails, cuMemAllocHost's",
         q2->pslots == alloc_host_mem && n_reg == 2 && n_alloc_host == 1
         && q1->pslots == had, msg);
  return failures ? 1 : 0;
}
