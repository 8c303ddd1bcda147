/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* image.h - the nvptx offload images the program registers at start-up
   (image.c keeps them and passes them on to libgomp), and the PTX
   patches applied to them.  */

#ifndef PACC_IMAGE_H
#define PACC_IMAGE_H

#include "diag.h"

/* nvptx offload images the program registered (host_table: function and
   variable address ranges; target_data: mkoffload's nvptx descriptor).  */
#define MAX_IMAGES 16
struct pacc_image
{
  unsigned version;
  const void *host_table;
  const void *target_data; /* As the program registered it.  */
  const void *patched;     /* As libgomp got it (see image.c).  */
};
extern struct pacc_image pacc_images[MAX_IMAGES];
extern int pacc_nimages;

/* libgomp's entry points, which image.c defines too.  */
void GOMP_offload_register_ver (unsigned version, const void *host_table,
                                int target_type, const void *target_data);
void GOMP_offload_unregister_ver (unsigned version, const void *host_table,
                                  int target_type, const void *target_data);

/* CODE (PTX) with `.rn' on every f32/f64 add, sub and mul; malloc'd;
   *LEN its length.  */
char *pacc_ptx_round_explicitly (const char *code, size_t *len);

/* CODE with `.maxnreg N' in every kernel definition; malloc'd; *LEN its
   length.  */
char *pacc_ptx_limit_registers (const char *code, int n, size_t *len);

/* A kernel's name and compile-time launch dimensions (0: chosen at run
   time), as mkoffload lists them in an nvptx image (GCC 12
   libgomp/plugin/plugin-nvptx.c, struct targ_fn_launch).  */
#define PACC_DIM_WORKER 1
#define PACC_DIM_VECTOR 2
struct pacc_fn_launch
{
  const char *fn;
  unsigned short dim[3];
};

/* CODE with `.maxntid VECTOR, WORKERS, 1' in the definition of kernel
   FN->fn when FN fixes both counts; malloc'd; *LEN its length.  */
char *pacc_ptx_bound_threads (const char *code,
                              const struct pacc_fn_launch *fn, size_t *len);

/* The PTX objects of the image (as libgomp got it) whose kernel table
   holds FN, with FN's definition bounded by pacc_ptx_bound_threads, to be
   linked again: a malloc'd array of *N malloc'd strings; *NVARS the
   image's device variables.  NULL when no registered image holds FN.  */
char **pacc_image_bounded_ptx (const struct pacc_fn_launch *fn, unsigned *n,
                               unsigned *nvars);

#endif /* PACC_IMAGE_H */
