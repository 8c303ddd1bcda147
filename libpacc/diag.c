/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* diag.c - error messages, notes, checked allocation, the clock and byte
   formatting (diag.h).  Messages go to stderr, prefixed "pacc: " and the
   region's place.  */

#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static void
vmessage (const char *where, const char *what, const char *fmt, va_list ap)
{
  /* One fprintf for the prefix and one for the text: stderr is unbuffered,
     so build the line first to keep lines of several threads whole.  */
  char line[2048];
  int n = snprintf (line, sizeof line, "pacc: %s%s%s", where ? where : "",
                    where ? ": " : "", what);
  if (n < 0 || (size_t) n >= sizeof line)
    n = 0;
  vsnprintf (line + n, sizeof line - (size_t) n, fmt, ap);
  fprintf (stderr, "%s\n", line);
}

void
pacc_error (const char *where, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vmessage (where, "", fmt, ap);
  va_end (ap);
  exit (1);
}

/* On two GPUs a CUDA error stopped the program by SIGSEGV inside exit,
   after its message, whether the failing thread was a device's worker
   or the main one (benchmarks/RESULTS.md, "A CUDA error on two GPUs").  */
void
pacc_error_now (const char *where, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vmessage (where, "", fmt, ap);
  va_end (ap);
  fflush (NULL);
  _exit (1);
}

void
pacc_internal_error (const char *where, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vmessage (where, "internal error: ", fmt, ap);
  va_end (ap);
  abort ();
}

void
pacc_note (const char *where, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vmessage (where, "", fmt, ap);
  va_end (ap);
}

void
pacc_warning (const char *where, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vmessage (where, "warning: ", fmt, ap);
  va_end (ap);
}

void *
pacc_xmalloc (const char *where, size_t bytes, const char *what)
{
  void *p = malloc (bytes ? bytes : 1);
  if (!p)
    pacc_error (where, "out of memory: cannot allocate %zu bytes for %s",
                bytes, what);
  return p;
}

void *
pacc_xcalloc (const char *where, size_t n, size_t size, const char *what)
{
  void *p;
  if (size && n > (size_t) -1 / size)
    pacc_error (where, "out of memory: %zu x %zu bytes for %s overflow", n,
                size, what);
  p = calloc (n ? n : 1, size ? size : 1);
  if (!p)
    pacc_error (where, "out of memory: cannot allocate %zu bytes for %s",
                n * size, what);
  return p;
}

double
pacc_now_us (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec * 1e6 + (double) ts.tv_nsec * 1e-3;
}

const char *
pacc_fmt_bytes (char *buf, size_t len, unsigned long long b)
{
  if (b < 10ull << 10)
    snprintf (buf, len, "%llu B", b);
  else if (b < 10ull << 20)
    snprintf (buf, len, "%.1f KiB", (double) b / (1 << 10));
  else if (b < 10ull << 30)
    snprintf (buf, len, "%.1f MiB", (double) b / (1 << 20));
  else
    snprintf (buf, len, "%.1f GiB", (double) b / (1 << 30));
  return buf;
}
