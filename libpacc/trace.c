/* trace.c - what libpacc tells the user: error messages, the PACC_VERBOSE
   reports (the plan of each region and what it did) and the PACC_TRACE
   file (Chrome trace JSON: one event per copy and per chunk's kernels,
   on a line per queue; open it in chrome://tracing or Perfetto).  Errors
   and reports go to stderr, prefixed "pacc: " and the region's place.  */

#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
    pacc_error (where, "out of memory: %zu x %zu bytes for %s overflow",
                n, size, what);
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

/* The trace file.  Written in the JSON Array Format, whose closing
   bracket is optional, so a program that dies still leaves a readable
   trace; the bracket is added at exit.  */

static pthread_mutex_t trace_lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *trace_file;
static double trace_t0;
static unsigned long long named_tids;  /* queues already given a name.  */

static void
trace_close (void)
{
  pthread_mutex_lock (&trace_lock);
  if (trace_file)
    {
      fputs ("\n]\n", trace_file);
      fclose (trace_file);
      trace_file = NULL;
    }
  pthread_mutex_unlock (&trace_lock);
}

void
pacc_trace_open (const char *where)
{
  if (!pacc_settings.trace[0])
    return;
  trace_file = fopen (pacc_settings.trace, "w");
  if (!trace_file)
    pacc_error (where, "PACC_TRACE: cannot open '%s': %s",
                pacc_settings.trace, strerror (errno));
  trace_t0 = pacc_now_us ();
  fputs ("[\n{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":0,"
         "\"args\":{\"name\":\"pacc\"}}", trace_file);
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

/* One complete event ("ph":"X") on the line of queue QUEUE.  Caller holds
   trace_lock.  */
static void
trace_event (const char *name, const char *cat, const char *where,
             const char *array, int queue, int block, int chunk,
             size_t bytes, double t0, double t1)
{
  FILE *f = trace_file;
  int tid = queue + 1;
  if (tid >= 0 && tid < 64 && !(named_tids & (1ull << tid)))
    {
      named_tids |= 1ull << tid;
      fprintf (f, ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,"
               "\"tid\":%d,\"args\":{\"name\":\"queue %d\"}}", tid, queue);
    }
  fprintf (f, ",\n{\"name\":\"%s c%d\",\"cat\":\"%s\",\"ph\":\"X\","
           "\"pid\":0,\"tid\":%d,\"ts\":%.3f,\"dur\":%.3f,\"args\":{"
           "\"region\":", name, chunk, cat, tid, t0 - trace_t0, t1 - t0);
  json_string (f, where);
  if (array)
    {
      fputs (",\"array\":", f);
      json_string (f, array);
      fprintf (f, ",\"bytes\":%zu", bytes);
    }
  fprintf (f, ",\"block\":%d,\"chunk\":%d}}", block, chunk);
}

/* A copy, or the kernels of a chunk (kind PACC_OP_KERNELS, from a back end
   that times them on the device), ran from T0 to T1.  Called from the
   device workers too, concurrently: the totals are under trace_lock.  */
void
pacc_trace_copy (const struct pacc_opinfo *info, double t0, double t1)
{
  struct pacc_stats *st = info->stats;
  pthread_mutex_lock (&trace_lock);
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
    trace_event (info->kind == PACC_OP_LOAD ? "load"
                 : info->kind == PACC_OP_WB ? "write-back"
                 : info->kind == PACC_OP_HALO ? "halo" : "kernels",
                 info->kind == PACC_OP_KERNELS ? "kernels" : "copy",
                 info->where, info->array, info->queue, info->block,
                 info->chunk, info->bytes, t0, t1);
  pthread_mutex_unlock (&trace_lock);
}

void
pacc_trace_kernels (struct pacc_region *r, int chunk, double t0, double t1)
{
  pthread_mutex_lock (&trace_lock);
  r->st.t_kernels += t1 - t0;
  if (trace_file)
    trace_event ("kernels", "kernels", r->where, NULL,
                 pacc_chunk_queue (r, chunk), (int) r->blocks_started - 1,
                 chunk, 0, t0, t1);
  pthread_mutex_unlock (&trace_lock);
}

static const char *const kind_name[] = { "in", "inout", "temp" };

void
pacc_format_arrays (const struct pacc_region *r, char *buf, size_t size)
{
  size_t len = 0;
  buf[0] = 0;
  for (int i = 0; i < r->n && len < size; i++)
    {
      int m = snprintf (buf + len, size - len, "%s%s (%s, %zu B/row)",
                        i ? ", " : "", r->a[i].name, kind_name[r->a[i].kind],
                        r->a[i].row_bytes);
      if (m < 0)
        break;
      len += (size_t) m;
    }
}

void
pacc_report_plan (const struct pacc_region *r)
{
  char arrays[512], b1[32], b2[32], b3[32];
  long minrows = r->len0, maxrows = 0;
  int i;

  if (pacc_settings.verbose < 1)
    return;
  pacc_format_arrays (r, arrays, sizeof arrays);
  for (i = 0; i < r->nchunks; i++)
    {
      long rows = r->ch[i].hi - r->ch[i].lo;
      minrows = rows < minrows ? rows : minrows;
      maxrows = rows > maxrows ? rows : maxrows;
    }
  pacc_note (r->where, "plan: %s; rows [%ld,%ld), %ld steps from t=%ld, "
             "halo -%ld/+%ld (extra -%ld/+%ld); k %ld (%s), chunks %d (%s, "
             "%ld-%ld rows), queues %d (%s), devices %d (%s%s), buffers %d "
             "x %s (%s in all, %s per device), %s (%s), workers %s (%s), "
             "data path %s",
             arrays, r->lo0, r->lo0 + r->len0, r->nsteps, r->t0, r->hlo,
             r->hhi, r->elo, r->ehi, r->k, r->k_from, r->nchunks, r->c_from,
             minrows, maxrows, r->nqueues, r->q_from, r->ndev, r->d_from,
             pacc_backend->on_host && r->ndev > 1 ? ", emulated" : "",
             r->nbuf,
             pacc_fmt_bytes (b1, sizeof b1, r->buf_bytes / (size_t) r->nbuf),
             pacc_fmt_bytes (b2, sizeof b2, r->buf_bytes),
             pacc_fmt_bytes (b3, sizeof b3, r->dev_bytes),
             r->resident ? "resident" : "streaming", r->r_from,
             r->workers ? "on" : "off", r->w_from,
             r->data_path ? r->data_path : pacc_backend->name);
}

void
pacc_report_end (struct pacc_region *r, double t_end)
{
  char b1[32], b2[32], b3[32];
  const struct pacc_stats *st = &r->st;
  if (pacc_settings.verbose < 1)
    return;
  pacc_note (r->where, "done: %ld blocks, %ld chunks; in %s, loads %.3f ms; "
             "out %s, write-backs %.3f ms; halos %s, %.3f ms; kernels "
             "%.3f ms; total %.3f ms",
             st->blocks, st->chunks,
             pacc_fmt_bytes (b1, sizeof b1, st->bytes_in), st->t_load * 1e-3,
             pacc_fmt_bytes (b2, sizeof b2, st->bytes_out), st->t_wb * 1e-3,
             pacc_fmt_bytes (b3, sizeof b3, st->bytes_halo),
             st->t_halo * 1e-3, st->t_kernels * 1e-3,
             (t_end - st->t_begin) * 1e-3);
  /* On a GPU the times come from device events: how fast each direction
     moved while it moved, and how much of the copies and kernels ran at
     the same time (busy time over the span from the first operation's
     start to the last one's end; 1.00x: no overlap).  */
  if (!pacc_backend->on_host && st->t_last > st->t_first)
    pacc_note (r->where, "device: load %.2f GB/s, write-back %.2f GB/s; "
               "copies and kernels busy %.3f ms over a span of %.3f ms "
               "(overlap %.2fx); data path %s",
               st->t_load > 0 ? (double) st->bytes_in / st->t_load * 1e-3 : 0.0,
               st->t_wb > 0 ? (double) st->bytes_out / st->t_wb * 1e-3 : 0.0,
               (st->t_load + st->t_wb + st->t_halo + st->t_kernels) * 1e-3,
               (st->t_last - st->t_first) * 1e-3,
               (st->t_load + st->t_wb + st->t_halo + st->t_kernels)
               / (st->t_last - st->t_first),
               r->data_path ? r->data_path : pacc_backend->name);
}
