/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* image.h - the nvptx offload images the program registers at start-up
   (image.c keeps them and passes them on to libgomp), and the PTX
   rounding patch applied to them.  */

#ifndef PACC_IMAGE_H
#define PACC_IMAGE_H

#include "diag.h"

/* nvptx offload images the program registered (host_table: function and
   variable address ranges; target_data: mkoffload's nvptx descriptor).  */
#define PACC_MAX_IMAGES 16
struct pacc_image
{
  unsigned version;
  const void *host_table;
  const void *target_data;	/* As the program registered it.  */
  const void *patched;		/* As libgomp got it (see image.c).  */
};
extern struct pacc_image pacc_images[PACC_MAX_IMAGES];
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

#endif /* PACC_IMAGE_H */
