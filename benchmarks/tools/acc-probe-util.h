/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* acc-probe-util.h -- what the OpenACC kernel probes (kernel-shapes.c,
   cip-forms.c) share: a monotonic clock and a weighted checksum of a
   device array, so that the variants of one run can be compared.  */

#ifndef ACC_PROBE_UTIL_H
#define ACC_PROBE_UTIL_H

#include <time.h>

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* sum of d[i] * (i % 7 + 1) over the N floats at device address D.  */
static double
checksum (float *d, long n)
{
  double s = 0;
#pragma acc parallel loop deviceptr(d) reduction(+:s)
  for (long i = 0; i < n; i++)
    s += d[i] * (double) ((i % 7) + 1);
  return s;
}

#endif
