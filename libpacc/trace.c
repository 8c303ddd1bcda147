/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* trace.c - the timeline of a region (trace.h): the totals that the
   PACC_VERBOSE report prints and the PACC_TRACE file (Chrome trace JSON:
   one event per copy and per chunk's kernels, on a line per queue; open
   it in chrome://tracing or Perfetto).  */

#include "trace.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The trace file.  Written in the JSON Array Format, whose closing
   bracket is optional, so a program that dies still leaves a readable
   trace; the bracket is added at exit.  */

static pthread_mutex_t trace_lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *trace_file;
static char trace_name[4096]; /* For the message of a failed write.  */
static double trace_t0;
/* Tracks: one process per device (pid = device + 1; 0: the host), one
   thread per queue (tid = queue + 1), each named once.  */
#define TRACE_PIDS 64
static unsigned long long named_pids; /* devices named.  */
static unsigned long long trace_in, trace_out, trace_halo; /* bytes so
                                                   far, all regions.  */
static unsigned long long named_tids[TRACE_PIDS];          /* queues named.  */

static void
trace_close (void)
{
  pthread_mutex_lock (&trace_lock);
  if (trace_file)
    {
      /* A full disk shows at the last flush, if not before.  */
      int bad = fputs ("\n]\n", trace_file) < 0;
      bad |= ferror (trace_file) != 0;
      bad |= fclose (trace_file) != 0;
      if (bad)
        pacc_warning (NULL,
                      "PACC_TRACE: writing '%s' failed (%s): the "
                      "trace is incomplete",
                      trace_name, strerror (errno));
      trace_file = NULL;
    }
  pthread_mutex_unlock (&trace_lock);
}

/* FILE with `%p' replaced by the process id and `%%' by `%', so that
   the processes of one job (MPI ranks, two programs sharing a GPU) write
   one trace each; into NAME (SIZE bytes).  */
static void
expand_trace_name (const char *file, char *name, size_t size,
                   const char *where)
{
  size_t o = 0;
  for (const char *p = file; *p; p++)
    {
      char num[32];
      const char *add = num;
      if (p[0] == '%' && p[1] == 'p')
        snprintf (num, sizeof num, "%ld", (long) getpid ()), p++;
      else if (p[0] == '%' && p[1] == '%')
        num[0] = '%', num[1] = 0, p++;
      else
        num[0] = *p, num[1] = 0;
      size_t l = strlen (add);
      if (o + l >= size)
        pacc_error (where, "PACC_TRACE: file name longer than %zu bytes",
                    size - 1);
      memcpy (name + o, add, l);
      o += l;
    }
  name[o] = 0;
}

void
pacc_trace_open (const char *file, const char *where)
{
  if (!file[0])
    return;
  expand_trace_name (file, trace_name, sizeof trace_name, where);
  trace_file = fopen (trace_name, "w");
  if (!trace_file)
    pacc_error (where, "PACC_TRACE: cannot open '%s': %s", trace_name,
                strerror (errno));
  trace_t0 = pacc_now_us ();
  fputs ("[\n{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":0,"
         "\"args\":{\"name\":\"pacc\"}},\n"
         "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":0,"
         "\"args\":{\"name\":\"host: registration, allocation, waits\"}}",
         trace_file);
  atexit (trace_close);
}

static void
json_string (FILE *f, const char *s)
{
  fputc ('"', f);
  for (; *s; s++)
    {
      unsigned char c = (unsigned char) *s;
      if (c == '"' || c == '\\')
        fprintf (f, "\\%c", c);
      else if (c < 0x20)
        fprintf (f, "\\u%04x", c);
      else
        fputc (c, f);
    }
  fputc ('"', f);
}

const char *
pacc_op_describe (const struct pacc_opinfo *info, char *buf, size_t len)
{
  if (!info)
    snprintf (buf, len, "%s", "");
  else if (info->kind == PACC_OP_KERNELS)
    snprintf (buf, len, " (kernels of chunk %d, block %d, queue %d)",
              info->chunk, info->block, info->queue);
  else
    snprintf (buf, len,
              " (array '%s', chunk %d, block %d, queue %d, "
              "%zu bytes)",
              info->array ? info->array : "?", info->chunk, info->block,
              info->queue, info->bytes);
  return buf;
}

/* One complete event ("ph":"X") for INFO on the line of its queue.
   Caller holds trace_lock.  */
static void
trace_event (const struct pacc_opinfo *info, double t0, double t1)
{
  FILE *f = trace_file;
  int tid = info->queue + 1;
  int pid = info->device >= 0 && info->device < TRACE_PIDS - 1
              ? info->device + 1
              : 0;
  const char *name = info->kind == PACC_OP_LOAD   ? "load"
                     : info->kind == PACC_OP_WB   ? "write-back"
                     : info->kind == PACC_OP_HALO ? "halo"
                                                  : "kernels";
  const char *cat = info->kind == PACC_OP_KERNELS ? "kernels" : "copy";
  if (pid > 0 && !(named_pids & (1ull << pid)))
    {
      named_pids |= 1ull << pid;
      fprintf (f,
               ",\n{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%d,"
               "\"args\":{\"name\":\"pacc device %d\"}},\n"
               "{\"name\":\"process_sort_index\",\"ph\":\"M\",\"pid\":%d,"
               "\"args\":{\"sort_index\":%d}}",
               pid, pid - 1, pid, pid);
    }
  if (tid >= 0 && tid < 64 && !(named_tids[pid] & (1ull << tid)))
    {
      named_tids[pid] |= 1ull << tid;
      fprintf (f,
               ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%d,"
               "\"tid\":%d,\"args\":{\"name\":\"queue %d\"}}",
               pid, tid, info->queue);
    }
  fprintf (f,
           ",\n{\"name\":\"%s c%d\",\"cat\":\"%s\",\"ph\":\"X\","
           "\"pid\":%d,\"tid\":%d,\"ts\":%.3f,\"dur\":%.3f,\"args\":{"
           "\"region\":",
           name, info->chunk, cat, pid, tid, t0 - trace_t0, t1 - t0);
  json_string (f, info->where);
  if (info->array)
    {
      fputs (",\"array\":", f);
      json_string (f, info->array);
      fprintf (f, ",\"bytes\":%zu", info->bytes);
    }
  fprintf (f, ",\"block\":%d,\"chunk\":%d}}", info->block, info->chunk);
}

void
pacc_trace_bytes (const struct pacc_stats *st, unsigned long long *in,
                  unsigned long long *out)
{
  pthread_mutex_lock (&trace_lock);
  *in = st->bytes_in;
  *out = st->bytes_out;
  pthread_mutex_unlock (&trace_lock);
}

/* Keep an operation of ST (under the lock).  */
static void
keep_op (struct pacc_stats *st, int kind, size_t bytes, double t0, double t1)
{
  if (!st->keep)
    return;
  if (st->nkept == st->kept_cap)
    {
      size_t cap = st->kept_cap ? 2 * st->kept_cap : 256;
      struct pacc_kept *k = realloc (st->kept, cap * sizeof *k);
      if (!k)
        {
          /* Without memory the re-plan measures nothing (replan.c).  */
          st->keep = 0;
          return;
        }
      st->kept = k;
      st->kept_cap = cap;
    }
  st->kept[st->nkept++] = (struct pacc_kept){ t0, t1, kind, bytes };
}

void
pacc_trace_keep (struct pacc_stats *st, int on)
{
  pthread_mutex_lock (&trace_lock);
  st->keep = on;
  st->nkept = 0;
  st->kept_pin = 0;
  if (!on)
    {
      free (st->kept);
      st->kept = NULL;
      st->kept_cap = 0;
    }
  pthread_mutex_unlock (&trace_lock);
}

static int
by_kind_start (const void *a, const void *b)
{
  const struct pacc_kept *x = a, *y = b;
  if (x->kind != y->kind)
    return x->kind < y->kind ? -1 : 1;
  return x->t0 < y->t0 ? -1 : x->t0 > y->t0;
}

void
pacc_trace_busy (struct pacc_stats *st, double busy[4], double bytes[4],
                 double *span)
{
  double first = 0, last = 0;
  for (int k = 0; k < 4; k++)
    busy[k] = bytes[k] = 0;
  pthread_mutex_lock (&trace_lock);
  for (size_t i = 0; i < st->nkept; i++)
    {
      first = i == 0 || st->kept[i].t0 < first ? st->kept[i].t0 : first;
      last = st->kept[i].t1 > last ? st->kept[i].t1 : last;
    }
  *span = last - first;
  double pinned = st->kept_pin;
  st->kept_pin = 0;
  qsort (st->kept, st->nkept, sizeof *st->kept, by_kind_start);
  /* The union of each kind's intervals: operations on several queues
     overlap.  */
  double end = 0;
  for (size_t i = 0; i < st->nkept; i++)
    {
      const struct pacc_kept *o = &st->kept[i];
      int k = o->kind & 3;
      if (i == 0 || o->kind != st->kept[i - 1].kind || o->t0 >= end)
        busy[k] += o->t1 - o->t0, end = o->t1;
      else if (o->t1 > end)
        busy[k] += o->t1 - end, end = o->t1;
      bytes[k] += (double) o->bytes;
    }
  double longest = 0;
  for (int k = 0; k < 4; k++)
    longest = busy[k] > longest ? busy[k] : longest;
  *span = *span - pinned > longest ? *span - pinned : longest;
  st->nkept = 0;
  pthread_mutex_unlock (&trace_lock);
}

void
pacc_trace_op (const struct pacc_opinfo *info, double t0, double t1)
{
  struct pacc_stats *st = info->stats;
  pthread_mutex_lock (&trace_lock);
  keep_op (st, info->kind, info->bytes, t0, t1);
  if (info->kind == PACC_OP_LOAD)
    {
      st->bytes_in += info->bytes;
      st->t_load += t1 - t0;
    }
  else if (info->kind == PACC_OP_WB)
    {
      st->bytes_out += info->bytes;
      st->t_wb += t1 - t0;
    }
  else if (info->kind == PACC_OP_HALO)
    {
      st->bytes_halo += info->bytes;
      st->t_halo += t1 - t0;
    }
  else
    st->t_kernels += t1 - t0;
  if (st->t_first == 0 || t0 < st->t_first)
    st->t_first = t0;
  if (t1 > st->t_last)
    st->t_last = t1;
  if (trace_file)
    {
      trace_event (info, t0, t1);
      /* The bytes of the process so far, as counters on the host track
         (a copy's bytes count when it ends).  */
      if (info->kind == PACC_OP_LOAD)
        trace_in += info->bytes;
      else if (info->kind == PACC_OP_WB)
        trace_out += info->bytes;
      else if (info->kind == PACC_OP_HALO)
        trace_halo += info->bytes;
      if (info->kind != PACC_OP_KERNELS)
        fprintf (trace_file,
                 ",\n{\"name\":\"bytes\",\"ph\":\"C\",\"pid\":0,"
                 "\"ts\":%.3f,\"args\":{\"loaded\":%llu,\"written back\":"
                 "%llu,\"halo\":%llu}}",
                 t1 - trace_t0, trace_in, trace_out, trace_halo);
    }
  pthread_mutex_unlock (&trace_lock);
}

void
pacc_trace_span (const char *where, const char *name, double t0, double t1)
{
  pthread_mutex_lock (&trace_lock);
  if (trace_file)
    {
      fprintf (trace_file, ",\n{\"name\":");
      json_string (trace_file, name);
      fprintf (trace_file,
               ",\"cat\":\"host\",\"ph\":\"X\",\"pid\":0,"
               "\"tid\":0,\"ts\":%.3f,\"dur\":%.3f,\"args\":{\"region\":",
               t0 - trace_t0, t1 - t0);
      json_string (trace_file, where ? where : "");
      fputs ("}}", trace_file);
    }
  pthread_mutex_unlock (&trace_lock);
}

double
pacc_trace_pinned (struct pacc_stats *st)
{
  pthread_mutex_lock (&trace_lock);
  double t = st->kept_pin;
  pthread_mutex_unlock (&trace_lock);
  return t;
}

void
pacc_trace_pin (struct pacc_stats *st, const char *where, double t0, double t1)
{
  pthread_mutex_lock (&trace_lock);
  st->t_pin += t1 - t0;
  if (st->keep)
    st->kept_pin += t1 - t0;
  pthread_mutex_unlock (&trace_lock);
  pacc_trace_span (where, "register host memory for a copy", t0, t1);
}

void
pacc_trace_host_kernels (const struct pacc_opinfo *info, double t0, double t1)
{
  pthread_mutex_lock (&trace_lock);
  info->stats->t_kernels += t1 - t0;
  keep_op (info->stats, PACC_OP_KERNELS, 0, t0, t1);
  if (trace_file)
    trace_event (info, t0, t1);
  pthread_mutex_unlock (&trace_lock);
}
