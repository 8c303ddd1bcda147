/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* cuda-owner.c - registration of host rows in one device's context only.

   CU_MEMHOSTREGISTER_PORTABLE makes the driver map the pages into every
   context: two H200s' Jacobi arrays took 115-160 ms to register where
   one GPU's took 60 (benchmarks/RESULTS.md, issue 44).  Where the plan
   says that one device alone copies a piece's rows (reg-owners.c,
   cuda_own_rows in cuda-lazy.c), the piece is registered without the
   flag, that device's context current, by the thread that first needs
   it: each device's worker thread registers its own rows, side by side
   with the other devices'.

   Rows that several devices copy (the halo rows a neighbour on another
   device loads at its first block, or at every block out of core) stay
   registered in every context: in a context that did not register them,
   the driver takes the memory for pageable, so that a load from it
   first waits for everything issued on the stream and a write-back
   returns only once done (CUDA driver API, "API synchronization
   behavior"): the issuing thread of an out-of-core plan would stall at
   each halo, for bytes that cost little to map everywhere.

   Unregistration happens in the context that registered, once per
   piece (cuda_pin_unregister; cuda-pin.c's threads take the piece's
   context).  A registration in one context that fails (the range
   overlaps one registered already, or PACC_FAULT=register-own) falls
   back to every context; PACC_VERBOSE=1 reports how many did.  */

#include "cuda-int.h"

#include <stdio.h>

CUcontext
cuda_owner_ctx (int owner)
{
  return cuda_devs[owner ? owner - 1 : 0].ctx;
}

/* Make WANT current on this thread, the context that was in *SAVED.  */
static CUresult
switch_ctx (CUcontext want, CUcontext *saved)
{
  CUresult e = cuda_lib.cuCtxGetCurrent (saved);
  if (e == CUDA_SUCCESS && *saved != want)
    e = cuda_lib.cuCtxSetCurrent (want);
  return e;
}

static CUresult
restore_ctx (CUcontext want, CUcontext saved, CUresult e)
{
  CUresult e2
    = saved != want ? cuda_lib.cuCtxSetCurrent (saved) : CUDA_SUCCESS;
  return e != CUDA_SUCCESS ? e : e2;
}

CUresult
cuda_register_own (void *lo, size_t len, int written, int dev)
{
  CUcontext saved = NULL, want = cuda_devs[dev].ctx;
  CUresult e = switch_ctx (want, &saved);
  if (e != CUDA_SUCCESS)
    return e;
  /* The overlap a real driver refuses in one context.  */
  e = pacc_fault (PACC_FAULT_REGISTER_OWN)
        ? CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED
        : cuda_lib.cuMemHostRegister_v2 (lo, len, 0);
  /* Read-only memory, as cuda_register_read_only.  */
  if (e == CUDA_ERROR_INVALID_VALUE && !written)
    e = cuda_lib.cuMemHostRegister_v2 (lo, len, CU_MEMHOSTREGISTER_READ_ONLY);
  return restore_ctx (want, saved, e);
}

CUresult
cuda_pin_unregister (const struct cuda_piece *p)
{
  CUcontext saved = NULL, want = cuda_owner_ctx (p->owner);
  CUresult e = switch_ctx (want, &saved);
  if (e != CUDA_SUCCESS)
    return e;
  return restore_ctx (want, saved, cuda_lib.cuMemHostUnregister (p->lo));
}

void
cuda_pin_report_owners (const char *where, size_t reg_bytes, size_t own_bytes,
                        int fallbacks, CUresult error, int unknown)
{
  char o[32], a[32], fb[160] = "";
  if (fallbacks)
    snprintf (fb, sizeof fb,
              "; %d of the pieces in every context because their device's own "
              "registration failed (%s)",
              fallbacks, cuda_name (error));
  pacc_note (where,
             "host arrays per device: %s registered in the context of "
             "the one device that copies them, %s in every context "
             "(rows several devices copy, the first piece of each array%s)%s",
             pacc_fmt_bytes (o, sizeof o, own_bytes),
             pacc_fmt_bytes (a, sizeof a, reg_bytes - own_bytes),
             unknown ? ", and all of the arrays registered before the plan "
                       "(PACC_PIN=begin)"
                     : "",
             fb);
}
