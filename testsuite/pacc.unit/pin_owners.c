/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* pin_owners.c - registration per device (cuda-owner.c, cuda_own_rows
   in cuda-lazy.c, the unpinning in cuda-pin.c) against a fake CUDA
   driver of two contexts, so that it runs where there is no GPU.
   sweep.sh builds it from this file, cuda-pin.c, cuda-lazy.c,
   cuda-owner.c, reg-owners.c, chunks.c, diag.c and settings.c alone.

   The fake driver keeps, per registered range, the flags and the
   context current when it was registered; it refuses bytes registered
   already and an unregistration of a range registered without
   CU_MEMHOSTREGISTER_PORTABLE from another context than its own.  A
   region of one array of 8 pieces of 4 rows each, registered lazily
   (PACC_PIN=first-block), is given the rows' devices as a two-device
   plan makes them: rows [0,14) device 0's, [14,18) both devices'
   (halo), [18,32) device 1's.  Device 0's thread copies pieces 0-4,
   device 1's pieces 3-7, each with its context current.  Checked: the
   pieces of one device are registered without PORTABLE in that device's
   context, the first piece (registered at region begin, before the
   plan) and the two halo pieces with PORTABLE; every piece is
   unregistered once, in the context that registered it; the report's
   byte counts.  With PACC_FAULT=register-own:2, the second piece meant
   for one device falls back to PORTABLE and is counted; without the
   map (one device, or an unknown plan), or with PACC_PIN_DEVICE=0,
   every piece is PORTABLE.  And
   pacc_owners_make itself: the map of a resident two-device plan and
   of a streaming one of 6 chunks.  */

#define UNIT_NAME "pin_owners"
#include "fake-backend.h"
#include "reg-owners.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cuda_ndevs = 2;

void
pacc_trace_pin (struct pacc_stats *st, const char *where, double t0,
                double t1)
{
  (void) st, (void) where, (void) t0, (void) t1;
}

/* ------------------------------------------------------------------ */
/* The fake driver: two contexts, per-thread current context.  */

static char ctx_mem[2];
static _Thread_local CUcontext cur_ctx;

#define MAXR 64
static pthread_mutex_t drv = PTHREAD_MUTEX_INITIALIZER;
static struct
{
  uintptr_t lo, hi;
  unsigned flags;
  CUcontext ctx;
} reg[MAXR];
static int nreg;
static long registrations, unregistrations, bad_calls, wrong_ctx;
/* Every registration of the case, in order: piece index, flags,
   context.  */
static struct
{
  int piece;
  unsigned flags;
  CUcontext ctx;
} log_[MAXR];
static int nlog;
static char *base;
static size_t piece_bytes;

static CUresult
f_register (void *p, size_t n, unsigned flags)
{
  uintptr_t lo = (uintptr_t) p, hi = lo + n;
  CUresult r = CUDA_SUCCESS;
  pthread_mutex_lock (&drv);
  for (int i = 0; i < nreg; i++)
    if (reg[i].lo < hi && lo < reg[i].hi)
      r = CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED;
  if (r == CUDA_SUCCESS && nreg < MAXR && nlog < MAXR)
    {
      reg[nreg].lo = lo;
      reg[nreg].hi = hi;
      reg[nreg].flags = flags;
      reg[nreg++].ctx = cur_ctx;
      log_[nlog].piece = (int) ((char *) p - base) / (int) piece_bytes;
      log_[nlog].flags = flags;
      log_[nlog++].ctx = cur_ctx;
      registrations++;
    }
  else
    bad_calls++;
  pthread_mutex_unlock (&drv);
  return r;
}

static CUresult
f_unregister (void *p)
{
  CUresult r = CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED;
  pthread_mutex_lock (&drv);
  for (int i = 0; i < nreg; i++)
    if (reg[i].lo == (uintptr_t) p)
      {
        if (!(reg[i].flags & CU_MEMHOSTREGISTER_PORTABLE)
            && reg[i].ctx != cur_ctx)
          {
            wrong_ctx++;
            r = CUDA_ERROR_INVALID_CONTEXT;
            break;
          }
        reg[i] = reg[--nreg];
        r = CUDA_SUCCESS;
        unregistrations++;
        break;
      }
  if (r != CUDA_SUCCESS)
    bad_calls++;
  pthread_mutex_unlock (&drv);
  return r;
}

static CUresult
f_ctx_set (CUcontext c)
{
  cur_ctx = c;
  return CUDA_SUCCESS;
}

static CUresult
f_ctx_get (CUcontext *c)
{
  *c = cur_ctx;
  return CUDA_SUCCESS;
}

/* ------------------------------------------------------------------ */
/* The case.  */

#define NP 8
#define ROWS_PER_PIECE 4

struct copier
{
  int dev, first, last;
  struct pacc_stats *st;
};

/* Device DEV's worker: its context current, copies of its pieces.  */
static void *
copy_pieces (void *arg)
{
  struct copier *c = arg;
  struct pacc_opinfo info;
  memset (&info, 0, sizeof info);
  info.stats = c->st;
  cur_ctx = cuda_devs[c->dev].ctx;
  for (int k = c->first; k <= c->last; k++)
    {
      struct cuda_direct_at at;
      char *p = base + (size_t) k * piece_bytes;
      if (cuda_is_direct (p, piece_bytes, &at))
        cuda_pin_ensure (&at, p, piece_bytes, &info);
    }
  return NULL;
}

/* One region: MAP (NULL: no map given); FAULT: PACC_FAULT=register-own:N
   (0: none); SEQUENTIAL: device 0's copies, then device 1's.  Checks each piece's registration against WANT_OWN[k]
   (0: PORTABLE; d + 1: device d's context, no flag).  */
static void
run_case (const char *name, const struct pacc_owners *map, int fault,
          int sequential, const int *want_own, int want_fallbacks)
{
  char buf[512];
  struct cuda_region *g = calloc (1, sizeof *g);
  size_t bytes = NP * piece_bytes;
  base = aligned_alloc (4096, bytes);
  nlog = 0;
  pacc_settings.fault_at[PACC_FAULT_REGISTER_OWN] = (unsigned long) fault;
  pacc_settings.early_unregister = 0;
  g->where = name;
  g->direct = calloc (1, sizeof *g->direct);
  g->ours = calloc (NP, sizeof *g->ours);
  g->ndirect = 1;
  g->direct[0].lo = (uintptr_t) base;
  g->direct[0].hi = (uintptr_t) base + bytes;
  g->direct[0].piece = piece_bytes;
  g->direct[0].first = 0;
  g->direct[0].written = 1;
  g->direct[0].name = "p";
  for (int k = 0; k < NP; k++)
    {
      g->ours[k].lo = base + (size_t) k * piece_bytes;
      g->ours[k].len = piece_bytes;
      g->ours[k].gone = 1;
    }
  g->nours = NP;
  /* The first piece at region begin, portable, as cuda-host.c does.  */
  cur_ctx = cuda_devs[0].ctx;
  if (f_register (base, piece_bytes, CU_MEMHOSTREGISTER_PORTABLE)
      == CUDA_SUCCESS)
    {
      g->ours[0].gone = 0;
      g->ours[0].state = CUDA_PIECE_OURS;
      g->reg_bytes = piece_bytes;
    }
  g->lazy_left = NP - 1;
  cuda_pin_region_add (g);
  cuda_own_rows (g, base, piece_bytes / ROWS_PER_PIECE, 0, map);

  struct pacc_stats st;
  memset (&st, 0, sizeof st);
  struct copier c[2] = { { 0, 0, 4, &st }, { 1, 3, NP - 1, &st } };
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    {
      pthread_create (&t[i], NULL, copy_pieces, &c[i]);
      if (sequential)
        pthread_join (t[i], NULL);
    }
  for (int i = 0; !sequential && i < 2; i++)
    pthread_join (t[i], NULL);

  int ok = nlog == NP, fallbacks = g->own_fallbacks;
  size_t own = g->own_bytes, want_bytes = 0;
  for (int i = 0; i < nlog; i++)
    {
      int k = log_[i].piece, w = want_own[k];
      want_bytes += w ? piece_bytes : 0;
      int good = w ? log_[i].flags == 0 && log_[i].ctx == cuda_devs[w - 1].ctx
                   : log_[i].flags == CU_MEMHOSTREGISTER_PORTABLE;
      if (!good)
        {
          snprintf (buf, sizeof buf,
                    "piece %d registered with flags %u in context %d, "
                    "expected %s",
                    k, log_[i].flags,
                    log_[i].ctx == cuda_devs[0].ctx   ? 0
                    : log_[i].ctx == cuda_devs[1].ctx ? 1
                                                      : -1,
                    w ? "no flag in its device's context" : "PORTABLE");
          check (name, 0, buf);
          ok = 0;
        }
    }
  cur_ctx = NULL;
  /* Region end unpins in the registering contexts.  */
  pacc_settings.verbose = 1;
  cuda_pin_region_end (g);
  pacc_settings.verbose = 0;
  snprintf (buf, sizeof buf,
            "%d registrations of %d pieces, %zu bytes in one context (want "
            "%zu), %d fallbacks (want %d), %ld unregistered, %ld in a wrong "
            "context, %ld bad calls, %d left",
            nlog, NP, own, want_bytes, fallbacks, want_fallbacks,
            unregistrations, wrong_ctx, bad_calls, nreg);
  check (name,
         ok && own == want_bytes && fallbacks == want_fallbacks
           && unregistrations == NP && !wrong_ctx && !bad_calls && !nreg,
         buf);
  unregistrations = registrations = 0;
  free (base);
  pacc_settings.fault_at[PACC_FAULT_REGISTER_OWN] = 0;
}

/* pacc_owners_make for a plan of NC chunks of ROWS rows, halo 1, K steps
   per block, on NDEV devices: the segments into *O.  */
static int
owners_of (long rows, int nc, long k, int ndev, struct pacc_owners *o)
{
  struct pacc_geom g;
  struct pacc_plan p;
  memset (&g, 0, sizeof g);
  memset (&p, 0, sizeof p);
  g.lo0 = 1;
  g.len0 = rows;
  g.hlo = g.hhi = 1;
  p.nchunks = nc;
  p.ndev = ndev;
  p.k = k;
  p.ch = calloc ((size_t) nc, sizeof *p.ch);
  pacc_chunks_split (&g, p.ch, nc, 0);
  pacc_chunks_block (&g, p.ch, nc, k, 1, 0, 0);
  int r = pacc_owners_make (&g, &p, o);
  free (p.ch);
  return r;
}

static void
check_map (void)
{
  struct pacc_owners o;
  char buf[256];
  /* Resident on two devices: rows [1,51) and [51,101), k 4: device 1
     loads from row 47, device 0 up to row 55.  */
  int r = owners_of (100, 2, 4, 2, &o);
  snprintf (buf, sizeof buf, "%d segments: [%ld,%ld) %#llx, [%ld,%ld) "
            "%#llx, [%ld,%ld) %#llx", o.nseg,
            o.nseg > 0 ? o.seg[0].lo : 0, o.nseg > 0 ? o.seg[0].hi : 0,
            o.nseg > 0 ? o.seg[0].devs : 0, o.nseg > 1 ? o.seg[1].lo : 0,
            o.nseg > 1 ? o.seg[1].hi : 0, o.nseg > 1 ? o.seg[1].devs : 0,
            o.nseg > 2 ? o.seg[2].lo : 0, o.nseg > 2 ? o.seg[2].hi : 0,
            o.nseg > 2 ? o.seg[2].devs : 0);
  check ("two devices resident: own rows, and the halo rows both load",
         r == 1 && o.nseg == 3 && o.seg[0].lo == 1 && o.seg[0].hi == 47
           && o.seg[0].devs == 1 && o.seg[1].lo == 47 && o.seg[1].hi == 55
           && o.seg[1].devs == 3 && o.seg[2].lo == 55 && o.seg[2].hi == 101
           && o.seg[2].devs == 2
           && pacc_owners_single (&o, 1, 47) == 0
           && pacc_owners_single (&o, 40, 50) == -1
           && pacc_owners_single (&o, 55, 101) == 1
           && pacc_owners_covers (&o, 47, 55, 1)
           && !pacc_owners_covers (&o, 40, 48, 1),
         buf);
  pacc_owners_free (&o);
  /* Streaming over two devices, 6 chunks: tiles the rows, devices
     alternate.  */
  r = owners_of (600, 6, 2, 2, &o);
  int tiles = r == 1 && o.nseg > 0 && o.seg[0].lo == 1
              && o.seg[o.nseg - 1].hi == 601;
  for (int j = 1; j < o.nseg; j++)
    tiles &= o.seg[j].lo == o.seg[j - 1].hi
             && o.seg[j].devs != o.seg[j - 1].devs;
  snprintf (buf, sizeof buf, "%d segments, tiled %d", o.nseg, tiles);
  check ("six chunks on two devices: 11 segments that tile the rows",
         tiles && o.nseg == 11 && pacc_owners_single (&o, 105, 190) == 1,
         buf);
  pacc_owners_free (&o);
  /* One device: nothing to split.  */
  r = owners_of (100, 3, 4, 1, &o);
  check ("one device: no map", r == 0 && o.nseg == 0, NULL);
}

int
main (void)
{
  cuda_lib.cuMemHostRegister_v2 = f_register;
  cuda_lib.cuMemHostUnregister = f_unregister;
  cuda_lib.cuCtxSetCurrent = f_ctx_set;
  cuda_lib.cuCtxGetCurrent = f_ctx_get;
  cuda_devs[0].ctx = (CUcontext) &ctx_mem[0];
  cuda_devs[1].ctx = (CUcontext) &ctx_mem[1];
  piece_bytes = 4096;
  pacc_settings.pin_device = 1; /* PACC_PIN_DEVICE's default.  */

  check_map ();

  /* Rows of 1024 bytes, 4 to a piece: pieces 0-2 rows [0,12), device
     0's; 3 and 4 touch the halo rows [14,18); 5-7 device 1's.  */
  struct pacc_owner_seg seg[3]
    = { { 0, 14, 1 }, { 14, 18, 3 }, { 18, 32, 2 } };
  struct pacc_owners map = { 3, seg };
  static const int own[NP] = { 0, 1, 1, 0, 0, 2, 2, 2 };
  static const int none[NP] = { 0 };
  run_case ("each device's pieces in its own context, halo and first "
            "piece portable, unpinned where registered",
            &map, 0, 0, own, 0);
  /* The second registration in one context fails (the threads one after
     the other: piece 2, device 0's second): portable instead, counted.  */
  static const int fell[NP] = { 0, 1, 0, 0, 0, 2, 2, 2 };
  run_case ("PACC_FAULT=register-own:2: that piece portable, the others "
            "in their contexts",
            &map, 2, 1, fell, 1);
  pacc_settings.pin_device = 0;
  run_case ("PACC_PIN_DEVICE=0: every piece portable, map or not", &map, 0,
            0, none, 0);
  pacc_settings.pin_device = 1;
  run_case ("no map: every piece portable", NULL, 0, 0, none, 0);
  return failures != 0;
}
