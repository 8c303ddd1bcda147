/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* workers.h - one worker thread per device that issues the device's queue
   operations and kernel launches (workers.c): a layer that wraps a back
   end and offers the same interface.  */

#ifndef PACC_WORKERS_H
#define PACC_WORKERS_H

#include "backend.h"

/* BE behind its worker threads: its queue operations and launches are
   handed to the worker of the queue's device and return at once.  One
   wrapper at a time (it is rebuilt when BE changes).  */
const struct pacc_backend *pacc_workers_wrap (const struct pacc_backend *be);

#endif /* PACC_WORKERS_H */
