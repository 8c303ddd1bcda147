/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* pacc.h - public API of libpacc, the PACC run-time library.

   Programs built with the pacc plugin need not include this header: the
   code the plugin generates calls libpacc through the ABI in pacc-abi.h.
   These functions are for programs that want to set up or inspect the
   runtime themselves.  */

#ifndef PACC_H
#define PACC_H

/* The public header keeps its declarations at the left margin, inside
   extern "C" too: out of the formatter's reach.  */
/* clang-format off */

#ifdef __cplusplus
extern "C" {
#endif

/* Same as `#pragma pacc init': read and check the PACC_* environment
   variables and set up the data path.  Idempotent; a pipeline that runs
   without it initialises the runtime itself.  */
void pacc_init (void);

/* Number of devices pipelines use (1 on the host data path).  */
int pacc_get_num_devices (void);

/* The data path pipelines use: "host" (no GPU, or PACC_DATA_PATH=host),
   "register" (the GPU, user's arrays registered in place; a region whose
   arrays cannot be registered stages them) or "staging" (the GPU, through
   pinned staging buffers).  */
const char *pacc_get_data_path (void);

/* The device current on this thread (`#pragma pacc deviceid'): libgomp's
   NVIDIA device number on the GPU, the emulated one on the host path.  */
int pacc_get_device (void);

/* Copy BYTES from the copy on device FROM_DEVICE of the data at host
   address SRC to the copy on device TO_DEVICE of the data at host address
   DST (both present on their devices), device to device (the second
   paper's peer update).  The _async variant queues it on TO_DEVICE's
   OpenACC queue ASYNC.  An unknown device number or data not present is
   an error naming it.  */
#include <stddef.h>
void acc_update_peer (void *dst, int to_device, const void *src,
                      int from_device, size_t bytes);
void acc_update_peer_async (void *dst, int to_device, const void *src,
                            int from_device, size_t bytes, int async);

/* Version of the compiler/runtime ABI this library implements.  */
int pacc_get_abi_version (void);

/* The package version of this library, e.g. "0.1.0".  */
const char *pacc_get_version (void);

/* For a CUDA kernel launcher of the program's own: the CUstream (as a
   void *) of OpenACC async queue QUEUE of the pipeline region this thread
   runs, the stream its copies use; NULL on the host path or when there is
   no such queue.  */
void *pacc_cuda_stream (int queue);

#ifdef __cplusplus
}
#endif

/* clang-format on */

#endif /* PACC_H */
