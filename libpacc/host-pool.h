/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* host-pool.h - the host path's threads (host-pool.c): how many there
   are, and large copies split over them.  The host versions of kernels
   reach the pool through pacc-abi.h's __pacc_host_parallel.  */

#ifndef PACC_HOST_POOL_H
#define PACC_HOST_POOL_H

#include <stddef.h>

/* Threads of the host path: PACC_HOST_THREADS, else the CPUs this
   process may run on (at least 1).  */
int pacc_host_threads (void);

/* memcpy of BYTES from SRC to DST, in blocks over the host threads when
   it is large (a buffer's first load touches its pages: one thread
   faults them in at a fraction of the memory's bandwidth).  */
void pacc_host_copy (void *dst, const void *src, size_t bytes);

#endif /* PACC_HOST_POOL_H */
