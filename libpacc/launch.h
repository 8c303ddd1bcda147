/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* launch.h - __pacc_parallel_keyed, the launcher of the kernels pacc.so
   builds (launch.c), and its counters for the region report.  */

#ifndef PACC_LAUNCH_H
#define PACC_LAUNCH_H

#include <stddef.h>

#include "trace.h"

void __pacc_parallel_keyed (int flags_m, void (*fn) (void *), size_t mapnum,
                            void **hostaddrs, size_t *sizes,
                            unsigned short *kinds, ...);

/* How many launches the back end's own launcher took and left to
   libgomp so far, and the host time of the former.  */
struct pacc_launch_count
{
  unsigned long fast, slow, samples;
  double host_us;
};
void pacc_launch_count (struct pacc_launch_count *c);

/* Since C: launches by the back end and by libgomp, the median and mean
   host time of the back end's (microseconds), and how long ago the last
   one returned (milliseconds).  */
void pacc_launch_since (const struct pacc_launch_count *c, unsigned long *fast,
                        unsigned long *slow, double *median_us,
                        double *mean_us, double *last_ms);

/* The kernels this thread launches from now on are those of INFO's chunk
   (INFO NULL: none), for the messages of a failed launch.  */
void pacc_launch_chunk (const struct pacc_opinfo *info);

#endif /* PACC_LAUNCH_H */
