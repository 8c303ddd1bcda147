/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* runtime.h - libpacc's set-up: the PACC_* settings read once, the data
   path chosen (the CUDA back end when a GPU can run the program's
   kernels, else the host one), and which back end the calling thread's
   region issues through.  */

#ifndef PACC_RUNTIME_H
#define PACC_RUNTIME_H

#include "backend.h"

/* The back end in use and its devices (after pacc_runtime_init).  */
extern const struct pacc_backend *pacc_backend;
extern int pacc_ndevices;

/* Set up once (WHERE, the region that asked first, for messages).  */
void pacc_runtime_init (const char *where);

/* The back end the calling thread's region issues through (pacc_backend,
   or its worker threads), NULL outside a region: the kernel launcher
   (launch.c) goes through it.  */
void pacc_runtime_set_issuer (const struct pacc_backend *be);
const struct pacc_backend *pacc_runtime_issuer (void);

/* One region at a time in the process: a region of another thread waits
   at its start until the running one has ended (the queues, the devices'
   memory and the launcher's ring are the process's).  A thread that
   starts a region inside its own is an internal error, not a hang.  */
void pacc_runtime_region_enter (const char *where);
void pacc_runtime_region_leave (void);

#endif /* PACC_RUNTIME_H */
