/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* diag.h - what every part of libpacc uses: error messages and notes,
   checked allocation, the clock and byte counts for humans.  Nothing here
   knows about regions, plans or back ends.  */

#ifndef PACC_DIAG_H
#define PACC_DIAG_H

/* clock_gettime, sysconf: every libpacc file includes this header (or one
   that includes it) first.  */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stddef.h>

#define PACC_NORETURN __attribute__ ((noreturn))
#define PACC_PRINTF(f, a) __attribute__ ((format (printf, f, a)))

/* Messages on stderr, "pacc: WHERE: text" (WHERE, the region's
   "file:line", may be NULL).  pacc_error exits with status 1: the user's
   input or environment is wrong.  pacc_internal_error aborts: libpacc
   itself is wrong.  */
void pacc_error (const char *where, const char *fmt, ...) PACC_NORETURN
  PACC_PRINTF (2, 3);
/* pacc_error for a failure while other threads may be inside the CUDA
   driver (the device workers, the registration and release threads,
   libgomp's): the output flushed, status 1 at once, without exit's
   handlers, which tear down what those threads use.  */
void pacc_error_now (const char *where, const char *fmt, ...) PACC_NORETURN
  PACC_PRINTF (2, 3);
void pacc_internal_error (const char *where, const char *fmt,
                          ...) PACC_NORETURN PACC_PRINTF (2, 3);
void pacc_note (const char *where, const char *fmt, ...) PACC_PRINTF (2, 3);
/* "pacc: WHERE: warning: ...": something went wrong that does not stop
   the program (a trace that could not be written).  */
void pacc_warning (const char *where, const char *fmt, ...) PACC_PRINTF (2, 3);

/* malloc and calloc that exit with an error naming WHAT when the memory
   cannot be had.  */
void *pacc_xmalloc (const char *where, size_t bytes, const char *what);
void *pacc_xcalloc (const char *where, size_t n, size_t size,
                    const char *what);

/* Monotonic time in microseconds.  */
double pacc_now_us (void);

/* B as "123 B", "12.3 KiB", "4.5 MiB" or "6.7 GiB", into BUF.  */
const char *pacc_fmt_bytes (char *buf, size_t len, unsigned long long b);

#endif /* PACC_DIAG_H */
