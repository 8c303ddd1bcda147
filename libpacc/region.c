/* region.c - the __pacc_* entry points that generated code calls (see
   pacc-abi.h) and the public pacc_* functions: one-time set-up, checking
   what the compiler passed, the state of a region between calls, the
   chunk buffers handed to the kernels and the rotations of the arrays.
   Which copy runs when is the scheduler's business (scheduler.c).  */

#include "internal.h"
#include "pacc.h"

#include <openacc.h>

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct pacc_backend *pacc_backend;
int pacc_ndevices;

static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static int initialised;

static void
runtime_init (const char *where)
{
  pthread_mutex_lock (&init_lock);
  if (!initialised)
    {
      pacc_env_read (where);
      /* The CUDA back end first, unless PACC_DATA_PATH=host.  Without a
         driver, a device or libgomp's nvptx support it finds 0 devices
         and says why with PACC_VERBOSE (an error when PACC_DATA_PATH
         asks for a GPU path); the host back end runs instead.  */
      pacc_backend = NULL;
      if (pacc_settings.data_path != PACC_PATH_HOST)
        {
          pacc_ndevices = pacc_backend_cuda.init ();
          if (pacc_ndevices > 0)
            pacc_backend = &pacc_backend_cuda;
        }
      if (!pacc_backend)
        {
          pacc_backend = &pacc_backend_host;
          pacc_ndevices = pacc_backend->init ();
        }
      if (pacc_ndevices < 1)
        pacc_error (where, "data path %s: no usable device",
                    pacc_backend->name);
      pacc_trace_open (where);
      if (pacc_settings.verbose >= 1)
        pacc_note (NULL, "data path %s, %d device%s%s", pacc_backend->name,
                   pacc_ndevices, pacc_ndevices == 1 ? "" : "s",
                   pacc_backend->on_host && pacc_ndevices > 1
                   ? " emulated on the host (PACC_DEVICES)" : "");
      initialised = 1;
    }
  pthread_mutex_unlock (&init_lock);
}

void
__pacc_init (void)
{
  runtime_init (NULL);
}

void
pacc_init (void)
{
  runtime_init (NULL);
}

int
pacc_get_num_devices (void)
{
  runtime_init (NULL);
  return pacc_ndevices;
}

const char *
pacc_get_data_path (void)
{
  runtime_init (NULL);
  return pacc_backend->name;
}

int
pacc_ndevices_pipeline (void)
{
  return pacc_ndevices;
}

int
pacc_report_device (const struct pacc_region *r, int i)
{
  if (pacc_backend->on_host && r->ndev == 1)
    return -1;
  return pacc_chunk_device (r, i);
}

int
pacc_get_abi_version (void)
{
  return PACC_ABI_VERSION;
}

static struct pacc_region *
check (void *region, const char *fn)
{
  struct pacc_region *r = region;
  if (!r || r->magic != PACC_REGION_MAGIC)
    pacc_internal_error (NULL, "%s: not a region handle", fn);
  return r;
}

static char *
xstrdup (const char *where, const char *s)
{
  size_t len = strlen (s) + 1;
  return memcpy (pacc_xmalloc (where, len, "a string"), s, len);
}

/* Split NAMES ("p, q") into one name per array; names missing from the
   list read "#i".  */
static void
set_names (struct pacc_region *r, const char *names)
{
  size_t len = strlen (names ? names : "");
  char *p;
  int i;

  /* Room for the list and a "#i" for every array.  */
  r->names = pacc_xmalloc (r->where, len + 1 + (size_t) r->n * 16,
                           "array names");
  memcpy (r->names, names ? names : "", len + 1);
  p = r->names;
  for (i = 0; i < r->n && *p; i++)
    {
      char *end;
      p += strspn (p, " ");
      end = p + strcspn (p, ",");
      r->a[i].name = p;
      p = *end ? end + 1 : end;
      while (end > r->a[i].name && end[-1] == ' ')
        end--;
      *end = 0;
    }
  for (p = r->names + len + 1; i < r->n; i++, p += 16)
    {
      snprintf (p, 16, "#%d", i);
      r->a[i].name = p;
    }
}

static void
check_arrays (struct pacc_region *r, void *const *host, const long *ainfo)
{
  int i, j;
  long last = r->lo0 + r->len0;

  for (i = 0; i < r->n; i++)
    {
      struct pacc_array *a = &r->a[i];
      const long *ai = ainfo + (size_t) i * PACC_AI_N;
      long rb = ai[PACC_AI_ROW_BYTES], tr = ai[PACC_AI_TYPE_ROW];
      long elem = ai[PACC_AI_ELEM], dummy;

      if (ai[PACC_AI_KIND] < PACC_KIND_IN || ai[PACC_AI_KIND] > PACC_KIND_TEMP)
        pacc_internal_error (r->where, "array '%s' has kind %ld", a->name,
                             ai[PACC_AI_KIND]);
      a->kind = (int) ai[PACC_AI_KIND];
      if (rb <= 0)
        pacc_error (r->where, "array '%s': the size clause gives %ld bytes "
                    "per row", a->name, rb);
      if (tr != 0 && tr != rb)
        pacc_error (r->where, "array '%s': the size clause gives %ld bytes "
                    "per row, but its C type has %ld bytes per row",
                    a->name, rb, tr);
      if (elem <= 0 || rb % elem)
        pacc_internal_error (r->where, "array '%s': element size %ld for "
                             "rows of %ld bytes", a->name, elem, rb);
      if (!host[i])
        pacc_error (r->where, "array '%s' is a null pointer", a->name);
      /* The addresses of the rows must be representable.  */
      if (__builtin_mul_overflow (r->lo0, rb, &dummy)
          || __builtin_mul_overflow (last, rb, &dummy))
        pacc_error (r->where, "array '%s': rows [%ld,%ld) of %ld bytes do "
                    "not fit in the address space", a->name, r->lo0, last,
                    rb);
      a->row_bytes = (size_t) rb;
      a->elem = (size_t) elem;
      a->host = host[i];
    }

  /* A written array must not share memory with another transferred one:
     its write-backs would clobber the other's rows.  */
  for (i = 0; i < r->n; i++)
    for (j = i + 1; j < r->n; j++)
      {
        const struct pacc_array *a = &r->a[i], *b = &r->a[j];
        uintptr_t a0, a1, b0, b1;
        if (a->kind == PACC_KIND_TEMP || b->kind == PACC_KIND_TEMP
            || (a->kind == PACC_KIND_IN && b->kind == PACC_KIND_IN)
            || r->len0 == 0)
          continue;
        a0 = (uintptr_t) a->host + (uintptr_t) (r->lo0 * (long) a->row_bytes);
        a1 = (uintptr_t) a->host + (uintptr_t) (last * (long) a->row_bytes);
        b0 = (uintptr_t) b->host + (uintptr_t) (r->lo0 * (long) b->row_bytes);
        b1 = (uintptr_t) b->host + (uintptr_t) (last * (long) b->row_bytes);
        if (a0 < b1 && b0 < a1)
          pacc_error (r->where, "arrays '%s' and '%s' overlap in memory",
                      a->name, b->name);
      }
}

void *
__pacc_region_begin (int abi_version, const char *where, const char *names,
                     int narrays, void *const *host, const long *ainfo,
                     const long *rinfo)
{
  struct pacc_region *r;
  int i;

  if (!where)
    where = "(unknown place)";
  runtime_init (where);
  pacc_check_pipeline_device (where);
  if (abi_version != PACC_ABI_VERSION)
    pacc_error (where, "the program was compiled for libpacc ABI version "
                "%d, but this libpacc implements version %d; rebuild it",
                abi_version, PACC_ABI_VERSION);
  if (narrays < 1 || !host || !ainfo || !rinfo)
    pacc_internal_error (where, "region with %d arrays", narrays);

  r = pacc_xcalloc (where, 1, sizeof *r, "a region");
  r->magic = PACC_REGION_MAGIC;
  r->where = xstrdup (where, where);
  r->n = narrays;
  r->a = pacc_xcalloc (where, (size_t) narrays, sizeof *r->a, "arrays");
  set_names (r, names);

  r->lo0 = rinfo[PACC_RI_LO0];
  r->len0 = rinfo[PACC_RI_LEN0];
  r->hlo = rinfo[PACC_RI_HLO];
  r->hhi = rinfo[PACC_RI_HHI];
  r->elo = rinfo[PACC_RI_ELO];
  r->ehi = rinfo[PACC_RI_EHI];
  r->t0 = rinfo[PACC_RI_T0];
  r->nsteps = rinfo[PACC_RI_NSTEPS];
  r->async = rinfo[PACC_RI_ASYNC] != 0;
  r->nkernels = rinfo[PACC_RI_NKERNELS];
  /* Bounds that keep all row arithmetic (rows + halo * k) in a long.  */
  if (r->len0 < 0 || r->len0 > (1L << 60) || r->lo0 < -(1L << 60)
      || r->lo0 > (1L << 60))
    pacc_error (where, "the size clause gives rows [%ld:%ld]", r->lo0,
                r->len0);
  if (r->hlo < 0 || r->hhi < 0 || r->elo < 0 || r->ehi < 0
      || r->hlo > (1L << 24) || r->hhi > (1L << 24) || r->elo > (1L << 24)
      || r->ehi > (1L << 24))
    pacc_internal_error (where, "halo -%ld/+%ld, extra -%ld/+%ld", r->hlo,
                         r->hhi, r->elo, r->ehi);
  if (r->nsteps < 0)
    pacc_internal_error (where, "%ld time steps", r->nsteps);
  check_arrays (r, host, ainfo);

  r->cur_host = pacc_xcalloc (where, (size_t) r->n, sizeof *r->cur_host,
                              "arrays");
  r->new_host = pacc_xcalloc (where, (size_t) r->n, sizeof *r->new_host,
                              "arrays");
  r->perm = pacc_xcalloc (where, (size_t) r->n, sizeof *r->perm, "arrays");
  r->perm_tmp = pacc_xcalloc (where, (size_t) r->n, sizeof *r->perm_tmp,
                              "arrays");
  r->handed = pacc_xcalloc (where, (size_t) r->n, sizeof *r->handed,
                            "arrays");
  for (i = 0; i < r->n; i++)
    r->cur_host[i] = r->a[i].host;
  r->cur = -1;
  r->st.t_begin = pacc_now_us ();

  /* Planning and allocating visit every device (mem_available, alloc):
     device 0 of the pipeline is made current again after them, and at
     region end the device current now.  */
  if (pacc_backend->select_device)
    {
      r->saved_dev = pacc_backend->select_device (0);
      r->dev_selected = 1;
    }
  pacc_plan (r);
  /* One worker thread per device issues the queue operations
     (workers.c): by default when the pipeline spreads over devices.  */
  r->workers = pacc_settings.workers >= 0 ? pacc_settings.workers
                                          : r->ndev > 1;
  r->w_from = pacc_settings.workers >= 0 ? "PACC_WORKERS" : "auto";
  r->be = r->workers ? pacc_workers_backend () : pacc_backend;
  pacc_workers_enter (r->workers);
  if (pacc_backend->select_device)
    pacc_backend->select_device (0);
  if (pacc_backend->region_begin && r->nsteps > 0)
    {
      char **lo = pacc_xcalloc (where, (size_t) r->n, sizeof *lo, "arrays");
      size_t *bytes = pacc_xcalloc (where, (size_t) r->n, sizeof *bytes,
                                    "arrays");
      const char **names = pacc_xcalloc (where, (size_t) r->n,
                                         sizeof *names, "arrays");
      int *kinds = pacc_xcalloc (where, (size_t) r->n, sizeof *kinds,
                                 "arrays");
      for (i = 0; i < r->n; i++)
        {
          lo[i] = r->a[i].host + r->lo0 * (long) r->a[i].row_bytes;
          if (r->a[i].kind != PACC_KIND_TEMP)
            bytes[i] = (size_t) r->len0 * r->a[i].row_bytes;
          kinds[i] = r->a[i].kind;
          names[i] = r->a[i].name;
        }
      r->be_region = pacc_backend->region_begin (r->where, r->n, lo, bytes,
                                                 kinds, names,
                                                 &r->data_path);
      free (lo);
      free (bytes);
      free (kinds);
      free (names);
    }
  pacc_report_plan (r);
  return r;
}

static void
alloc_resources (struct pacc_region *r)
{
  const struct pacc_backend *be = r->be;
  int i, s, a;

  r->queue = pacc_xcalloc (r->where, (size_t) r->nqueues, sizeof (void *),
                           "queues");
  /* Queue Q, chunk I and slot S are on devices Q, I, S % ndev.  */
  for (i = 0; i < r->nqueues; i++)
    r->queue[i] = be->queue_create (i % r->ndev, i);
  r->ev_load = pacc_xcalloc (r->where, (size_t) r->nchunks, sizeof (void *),
                             "events");
  r->ev_wb = pacc_xcalloc (r->where, (size_t) r->nchunks, sizeof (void *),
                           "events");
  for (i = 0; i < r->nchunks; i++)
    {
      r->ev_load[i] = be->event_create (pacc_chunk_device (r, i));
      r->ev_wb[i] = be->event_create (pacc_chunk_device (r, i));
    }
  r->buf = pacc_xcalloc (r->where, (size_t) r->nbuf * (size_t) r->n,
                         sizeof (void *), "buffers");
  r->buf_last = pacc_xcalloc (r->where, (size_t) r->nbuf, sizeof (int),
                              "buffers");
  r->buf_busy = pacc_xcalloc (r->where, (size_t) r->nbuf, 1, "buffers");
  r->bperm = pacc_xcalloc (r->where, (size_t) r->n, sizeof *r->bperm,
                           "arrays");
  for (i = 0; i < r->n; i++)
    r->bperm[i] = i;
  for (s = 0; s < r->nbuf; s++)
    {
      r->buf_last[s] = -1;
      for (a = 0; a < r->n; a++)
        {
          size_t bytes = (size_t) r->buf_rows * r->a[a].row_bytes;
          void *b = be->alloc (s % r->ndev, bytes);
          if (!b)
            pacc_error (r->where, "cannot allocate %zu bytes of %s buffer "
                        "memory for array '%s' on device %d", bytes,
                        be->name, r->a[a].name, s % r->ndev);
          r->buf[(size_t) s * (size_t) r->n + (size_t) a] = b;
        }
    }
  pacc_sched_start (r);
  r->resources = 1;
  if (be->select_device)
    be->select_device (0);
}

static void
free_resources (struct pacc_region *r)
{
  const struct pacc_backend *be = r->be;
  int i;

  if (!r->resources)
    return;
  pacc_sched_sync (r);
  pacc_sched_free (r);
  for (i = 0; i < r->nbuf * r->n; i++)
    be->free (i / r->n % r->ndev, r->buf[i]);
  for (i = 0; i < r->nchunks; i++)
    {
      be->event_destroy (r->ev_load[i]);
      be->event_destroy (r->ev_wb[i]);
    }
  for (i = 0; i < r->nqueues; i++)
    be->queue_destroy (r->queue[i]);
  free (r->buf);
  free (r->buf_last);
  free (r->buf_busy);
  free (r->bperm);
  free (r->ev_load);
  free (r->ev_wb);
  free (r->queue);
  r->resources = 0;
}

static void
end_block (struct pacc_region *r)
{
  int i;
  char **t;

  if (r->cur >= 0 || r->n_done < r->nchunks)
    pacc_internal_error (r->where, "block ended after %d of its %d chunks",
                         r->n_done, r->nchunks);
  pacc_sched_block_end (r);
  /* Name i held buffer perm[i], loaded from cur_host[perm[i]] and written
     back there: the next block loads it from there.  */
  for (i = 0; i < r->n; i++)
    r->new_host[i] = r->cur_host[r->perm[i]];
  t = r->cur_host, r->cur_host = r->new_host, r->new_host = t;
  /* A resident buffer keeps its data: name i now holds the buffer that
     name perm[i] held.  */
  if (r->resident)
    {
      for (i = 0; i < r->n; i++)
        r->perm_tmp[i] = r->bperm[r->perm[i]];
      memcpy (r->bperm, r->perm_tmp, (size_t) r->n * sizeof *r->bperm);
    }
  r->steps_done += r->kk;
  r->in_block = 0;
}

int
__pacc_next_block (void *region, long *blk)
{
  struct pacc_region *r = check (region, "__pacc_next_block");
  long kk;

  if (r->in_block)
    end_block (r);
  if (r->steps_done >= r->nsteps)
    return 0;
  if (!r->resources)
    alloc_resources (r);
  kk = r->nsteps - r->steps_done < r->k ? r->nsteps - r->steps_done : r->k;
  pacc_sched_block (r, kk);
  r->in_block = 1;
  r->perm_set = 0;
  r->blocks_started++;
  r->st.blocks++;
  blk[PACC_BLK_T] = r->t0 + r->steps_done;
  blk[PACC_BLK_KK] = kk;
  if (pacc_settings.verbose >= 2)
    pacc_note (r->where, "block %ld: t=%ld, %ld steps",
               r->blocks_started - 1, blk[PACC_BLK_T], kk);
  return 1;
}

int
__pacc_next_chunk (void *region, long *ci, void **ptr)
{
  struct pacc_region *r = check (region, "__pacc_next_chunk");
  const struct pacc_chunk *c;
  int i, a, s;

  if (!r->in_block)
    pacc_internal_error (r->where, "__pacc_next_chunk outside a block");
  if (r->cur >= 0)
    pacc_internal_error (r->where, "__pacc_next_chunk before "
                         "__pacc_chunk_done of chunk %d", r->cur);
  if (r->n_loaded == r->nchunks)
    return 0;
  i = r->n_loaded;
  pacc_sched_load (r, i);
  c = &r->ch[i];
  s = pacc_chunk_slot (r, i);
  for (a = 0; a < r->n; a++)
    {
      /* Rebase: ptr + row * row_bytes is the buffer address of global row
         `row'.  Out of the buffer's bounds on purpose; unsigned
         arithmetic wraps instead of overflowing.  */
      uintptr_t off = (uintptr_t) (c->blo * (long) r->a[a].row_bytes);
      ptr[a] = r->handed[a]
        = (void *) ((uintptr_t) r->buf[(size_t) s * (size_t) r->n
                                       + (size_t) r->bperm[a]] - off);
    }
  ci[PACC_CI_LO] = c->lo;
  ci[PACC_CI_HI] = c->hi;
  ci[PACC_CI_QUEUE] = pacc_chunk_queue (r, i);
  ci[PACC_CI_DEVICE] = pacc_backend->on_host ? -1 : pacc_chunk_device (r, i);
  /* Kernels that libgomp launches (and the generated acc_wait of a
     reduction) go to the thread's current device.  */
  if (pacc_backend->select_device && r->ndev > 1)
    pacc_backend->select_device (pacc_chunk_device (r, i));
  ci[PACC_CI_INDEX] = i;
  r->cur = i;
  r->st.chunks++;
  r->t_kernel_start = pacc_now_us ();
  if (r->be->kernels_mark)
    {
      struct pacc_opinfo info = pacc_opinfo (r, PACC_OP_KERNELS, -1, i, 0);
      r->be->kernels_mark (r->queue[ci[PACC_CI_QUEUE]], 1, &info);
    }
  return 1;
}

/* Find which handed-out buffer each name holds after the block's swaps,
   check it is a permutation within kinds and the same for every chunk of
   the block, and keep it in r->perm.  */
static void
check_rotation (struct pacc_region *r, int chunk, void *const *ptr)
{
  int *p = r->perm_set ? r->perm_tmp : r->perm;
  int i, j;

  for (i = 0; i < r->n; i++)
    {
      for (j = 0; j < r->n && r->handed[j] != ptr[i]; j++)
        ;
      if (j == r->n)
        pacc_internal_error (r->where, "chunk %d: array '%s' holds %p, none "
                             "of the chunk's buffers", chunk, r->a[i].name,
                             ptr[i]);
      if (r->a[i].kind != r->a[j].kind
          || r->a[i].row_bytes != r->a[j].row_bytes)
        pacc_internal_error (r->where, "chunk %d: array '%s' holds the "
                             "buffer of '%s', of another kind or row size",
                             chunk, r->a[i].name, r->a[j].name);
      p[i] = j;
    }
  for (i = 0; i < r->n; i++)
    for (j = i + 1; j < r->n; j++)
      if (p[i] == p[j])
        pacc_internal_error (r->where, "chunk %d: arrays '%s' and '%s' both "
                             "hold the buffer of '%s'", chunk, r->a[i].name,
                             r->a[j].name, r->a[p[i]].name);
  if (r->perm_set)
    {
      if (memcmp (p, r->perm, (size_t) r->n * sizeof *p))
        pacc_internal_error (r->where, "chunk %d rotated the arrays "
                             "differently from chunk 0 of the block", chunk);
    }
  r->perm_set = 1;
}

void
__pacc_chunk_done (void *region, const long *ci, void *const *ptr)
{
  double t = pacc_now_us ();
  struct pacc_region *r = check (region, "__pacc_chunk_done");
  int i = r->cur;

  if (i < 0)
    pacc_internal_error (r->where, "__pacc_chunk_done without "
                         "__pacc_next_chunk");
  if (ci[PACC_CI_INDEX] != i)
    pacc_internal_error (r->where, "__pacc_chunk_done for chunk %ld while "
                         "chunk %d runs", ci[PACC_CI_INDEX], i);
  if (r->be->kernels_mark)
    {
      struct pacc_opinfo info = pacc_opinfo (r, PACC_OP_KERNELS, -1, i, 0);
      r->be->kernels_mark (r->queue[pacc_chunk_queue (r, i)], 0, &info);
    }
  else
    pacc_trace_kernels (r, i, r->t_kernel_start, t);
  check_rotation (r, i, ptr);
  r->cur = -1;
  pacc_sched_done (r, i);
}

long
__pacc_region_nchunks (void *region)
{
  return check (region, "__pacc_region_nchunks")->nchunks;
}

void
__pacc_reduction_result (void *region, const void *var, void *dst,
                         unsigned long bytes, int queue)
{
  check (region, "__pacc_reduction_result");
  if (pacc_backend->defer_result
      && pacc_backend->defer_result (var, dst, bytes))
    return;
  /* Launched through libgomp (or on the host): its result is in VAR once
     the queue is done (host kernels ran already).  */
  if (!pacc_backend->on_host)
    acc_wait (queue);
  memcpy (dst, var, bytes);
}

void
__pacc_region_sync (void *region)
{
  struct pacc_region *r = check (region, "__pacc_region_sync");
  if (r->be->flush_results)
    r->be->flush_results ();
}

void *
__pacc_region_scratch (void *region, unsigned long bytes)
{
  struct pacc_region *r = check (region, "__pacc_region_scratch");
  struct pacc_scratch *sc;

  if (bytes > (size_t) -1 - sizeof *sc)
    pacc_error (r->where, "out of memory: cannot allocate %lu bytes of "
                "scratch memory", bytes);
  sc = pacc_xcalloc (r->where, 1, sizeof *sc + bytes, "scratch memory");
  sc->next = r->scratch;
  r->scratch = sc;
  return sc->data;
}

void
__pacc_region_end (void *region)
{
  struct pacc_region *r = check (region, "__pacc_region_end");

  if (r->in_block)
    end_block (r);
  if (r->steps_done < r->nsteps)
    pacc_internal_error (r->where, "region ended after %ld of its %ld steps",
                         r->steps_done, r->nsteps);
  /* Deferred reduction results point into the region's scratch memory.  */
  if (r->be->flush_results)
    r->be->flush_results ();
  free_resources (r);
  pacc_workers_enter (0);
  if (r->dev_selected)
    pacc_backend->restore_device (r->saved_dev);
  if (r->be_region)
    pacc_backend->region_end (r->be_region);
  r->be_region = NULL;
  pacc_report_end (r, pacc_now_us ());

  while (r->scratch)
    {
      struct pacc_scratch *next = r->scratch->next;
      free (r->scratch);
      r->scratch = next;
    }
  free (r->ch);
  free (r->cur_host);
  free (r->new_host);
  free (r->perm);
  free (r->perm_tmp);
  free (r->handed);
  free (r->a);
  free (r->names);
  free (r->where);
  r->magic = 0;
  free (r);
}
