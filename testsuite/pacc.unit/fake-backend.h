/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* fake-backend.h - what a file of the CUDA back end tested alone
   against a fake driver (pin.c: cuda-pin.c and cuda-lazy.c; deferred.c:
   cuda-launch.c; probe.c: cuda-memory.c; slots.c: cuda-queue.c) needs
   from the rest of the back end: the driver table, the devices, the
   current region's name, a host span of the trace, and the error
   functions, which print `FAIL UNIT_NAME: ...' and exit; and the fake
   drivers' pause.  It defines
   them, and the checks' lines: a test program includes it once, with
   UNIT_NAME (a string) defined first.  */

#ifndef PACC_FAKE_BACKEND_H
#define PACC_FAKE_BACKEND_H

#include "cuda-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

struct cuda_lib cuda_lib;
struct cuda_dev cuda_devs[MAX_DEVICES];
const char *cuda_cur_where = UNIT_NAME ".c";

void
cuda_use_ctx (int d)
{
  (void) d;
}

const char *
cuda_name (CUresult r)
{
  return r == CUDA_SUCCESS ? "CUDA_SUCCESS" : "CUDA_ERROR_FAKE";
}

const char *
cuda_string (CUresult r)
{
  (void) r;
  return "fake driver";
}

void
cuda_fail (const char *call, CUresult r, const char *what,
           const struct pacc_opinfo *info)
{
  (void) info;
  printf ("FAIL " UNIT_NAME ": %s while %s returned %d\n", call, what,
          (int) r);
  exit (1);
}

void
cuda_fail_injected (const char *call, const char *what,
                    const struct pacc_opinfo *info, enum pacc_fault_kind kind)
{
  (void) info;
  (void) kind;
  printf ("FAIL " UNIT_NAME ": %s while %s failed (injected)\n", call,
          what);
  exit (1);
}

/* trace.c's: a host span (a registration, a wait), not written here.  */
void
pacc_trace_span (const char *where, const char *name, double t0, double t1)
{
  (void) where;
  (void) name;
  (void) t0;
  (void) t1;
}

/* The test's failed checks; one check's line: `PASS UNIT_NAME: WHAT'
   or `FAIL UNIT_NAME: WHAT', with DETAIL (when not NULL) indented
   below a failure, as sweep.sh reads them.  */
static int failures;

static void __attribute__ ((unused))
check (const char *what, int ok, const char *detail)
{
  printf ("%s " UNIT_NAME ": %s\n", ok ? "PASS" : "FAIL", what);
  if (!ok)
    {
      if (detail)
        printf ("  %s\n", detail);
      failures++;
    }
}

/* A fake driver's cuStreamCreate where any stream will do.  */
static char fake_stream_mem;

static CUresult __attribute__ ((unused))
fake_stream_create (CUstream *s, unsigned flags)
{
  (void) flags;
  *s = (CUstream) &fake_stream_mem;
  return CUDA_SUCCESS;
}

/* The fake driver's time for a call or an operation: US microseconds
   (below a second).  */
static void __attribute__ ((unused))
fake_hold (int us)
{
  struct timespec t = { 0, us * 1000L };
  nanosleep (&t, NULL);
}

#endif
