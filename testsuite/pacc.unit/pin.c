/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* pin.c - libpacc/cuda-pin.c (the registered ranges, unpinning during the
   last block, at region end and after it) against a fake CUDA driver, so
   that its threads run where there is no GPU.  sweep.sh builds this test
   from pin.c, cuda-pin.c, cuda-lazy.c, diag.c and settings.c alone.

   The fake driver keeps the registered byte ranges, refuses to register
   bytes that are registered already and to unregister a range that is
   not, holds one lock through each call (as the real one holds its lock
   through a registration: benchmarks/tools/hostpath.c) and completes an
   event a little after it is recorded.  Each case registers a region's
   arrays in pieces, releases the pieces from "queues" as the last block
   would, ends the region with PACC_EARLY_UNREGISTER 0, 1 or 2 and checks:
   every piece is unregistered exactly once; with 0 and 1 by the time the
   region has ended; with 2 by the time cuda_pin_wait_background returns (as
   the next region begins); never while a copy could still use it (an
   event of a later release not completed); the same bytes can then be
   registered again.  With PACC_PIN=first-block the region registers the
   first piece of each array only, and two threads issue the first
   block's copies (cuda_pin_ensure), each copy reaching into the next piece:
   every piece a copy touched is registered exactly once, however the
   threads meet, and no other; with a third thread registering pieces
   ahead of them (cuda_pin_ahead) once a copy has begun, every piece once.  The last case leaves a
   region unpinning
   at exit: the check registered first with atexit runs after libpacc's
   wait.  */

#define UNIT_NAME "pin"
#include "fake-backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* What cuda-pin.c uses from the rest of the back end, beyond
   fake-backend.h.  */

void
pacc_trace_pin (struct pacc_stats *st, const char *where, double t0,
                double t1)
{
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
  (void) where;
  pthread_mutex_lock (&lock);
  st->t_pin += t1 - t0;
  pthread_mutex_unlock (&lock);
}

/* ------------------------------------------------------------------ */
/* The fake driver.  */

#define MAXR 4096

static pthread_mutex_t drv = PTHREAD_MUTEX_INITIALIZER;
static struct { uintptr_t lo, hi; } reg[MAXR];
static int nreg;
static long registrations, unregistrations, bad_calls, early_calls;
/* Pieces the "copies" use until DUE: the completion of the event of
   their release and of every earlier one (releases are taken in issue
   order).  */
static struct { uintptr_t lo; double due; } busy[MAXR];
static int nbusy;
static double last_due, max_due;

/* An event: completed once the clock passes DUE (0: not recorded).  */
struct CUevent_st
{
  double due;
  int *watch;            /* a copy's "still running" flag, cleared at DUE.  */
};

static double
now_s (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static CUresult
f_register (void *p, size_t n, unsigned flags)
{
  uintptr_t lo = (uintptr_t) p, hi = lo + n;
  CUresult r = CUDA_SUCCESS;
  (void) flags;
  pthread_mutex_lock (&drv);
  fake_hold (50);
  for (int i = 0; i < nreg; i++)
    if (reg[i].lo < hi && lo < reg[i].hi)
      r = CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED;
  if (r == CUDA_SUCCESS && nreg < MAXR)
    {
      reg[nreg].lo = lo;
      reg[nreg++].hi = hi;
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
  fake_hold (50);
  for (int i = 0; i < nbusy; i++)
    if (busy[i].lo == (uintptr_t) p && now_s () < busy[i].due)
      early_calls++;
  for (int i = 0; i < nreg; i++)
    if (reg[i].lo == (uintptr_t) p)
      {
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

static long
counted (long *c)
{
  pthread_mutex_lock (&drv);
  long v = *c;
  pthread_mutex_unlock (&drv);
  return v;
}

/* Bytes [LO, HI) still registered?  */
static int
registered (uintptr_t lo, uintptr_t hi)
{
  int any = 0;
  pthread_mutex_lock (&drv);
  for (int i = 0; i < nreg; i++)
    any |= reg[i].lo < hi && lo < reg[i].hi;
  pthread_mutex_unlock (&drv);
  return any;
}

static CUresult
f_ctx (CUcontext c)
{
  (void) c;
  return CUDA_SUCCESS;
}

static CUresult
f_ev_create (CUevent *e, unsigned flags)
{
  (void) flags;
  *e = calloc (1, sizeof **e);
  return *e ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

/* The fake stream runs each queue's work 0-2 ms after it is issued.  */
static CUresult
f_ev_record (CUevent e, CUstream s)
{
  (void) s;
  pthread_mutex_lock (&drv);
  e->due = now_s () + (rand () % 3) * 1e-3;
  last_due = e->due;
  max_due = max_due > e->due ? max_due : e->due;
  pthread_mutex_unlock (&drv);
  return CUDA_SUCCESS;
}

/* Behind the driver's lock, as every call: the dispatcher falls behind
   the unpinning threads.  */
static CUresult
f_ev_sync (CUevent e)
{
  while (now_s () < e->due)
    fake_hold (100);
  pthread_mutex_lock (&drv);
  fake_hold (200);
  pthread_mutex_unlock (&drv);
  return CUDA_SUCCESS;
}

static CUresult
f_ev_destroy (CUevent e)
{
  free (e);
  return CUDA_SUCCESS;
}

/* ------------------------------------------------------------------ */
/* Cases.  */

/* Region NAME over NA arrays of BYTES each at MEM, registered and live,
   as cuda-host.c makes it (in pieces of PIECE: CUDA_REG_PIECE is far larger
   than these arrays; LAZY: only the first piece of each array now, the
   others when cuda_pin_ensure needs them); NULL if a piece did not
   register.  */
static struct cuda_region *
new_region (const char *name, char *mem, int na, size_t bytes, size_t piece,
            int merged, int lazy)
{
  char buf[256];
  int np = (int) ((bytes + piece - 1) / piece);
  struct cuda_region *g = calloc (1, sizeof *g);
  struct cuda_regjob *jobs = calloc ((size_t) (na * np), sizeof *jobs);
  int nj = 0;

  g->where = name;
  g->merged = merged;
  g->direct = calloc ((size_t) na, sizeof *g->direct);
  g->ours = calloc ((size_t) (na * np), sizeof *g->ours);
  for (int a = 0; a < na; a++)
    {
      struct cuda_hrange *h = &g->direct[g->ndirect++];
      h->lo = (uintptr_t) (mem + a * bytes);
      h->hi = (uintptr_t) (mem + (a + 1) * bytes);
      h->piece = piece;
      h->first = lazy ? a * np : -1;
      h->written = 1;
      h->name = "a";
      for (int k = 0; k < np; k++)
        {
          struct cuda_piece *p = &g->ours[a * np + k];
          p->lo = mem + a * bytes + k * piece;
          p->len = (size_t) (k + 1) * piece <= bytes ? piece
                   : bytes - (size_t) k * piece;
          p->gone = 1;
          if (!lazy || k == 0)
            {
              jobs[nj].lo = p->lo;
              jobs[nj++].len = p->len;
            }
          else
            g->lazy_left++;
        }
    }
  g->nours = na * np;
  cuda_run_reg_jobs (jobs, nj);
  for (int i = 0; i < nj; i++)
    if (jobs[i].r != CUDA_SUCCESS)
      {
        snprintf (buf, sizeof buf, "piece %d did not register (%d)", i,
                  (int) jobs[i].r);
        check (name, 0, buf);
        return NULL;
      }
  for (int i = 0; i < na * np; i++)
    if (!lazy || i % np == 0)
      {
        g->ours[i].gone = 0;
        g->ours[i].state = CUDA_PIECE_OURS;
        g->reg_bytes += g->ours[i].len;
      }
  free (jobs);
  cuda_pin_region_add (g);
  return g;
}

/* The first block's copies of a lazily registered region: copy C (of
   NCOPIES) reads piece C of every array and 100 bytes of the next.  Two
   threads issue them, the even and the odd ones.  */
struct copies
{
  char *mem;
  int na, ncopies, parity;
  size_t bytes, piece;
  struct pacc_stats *st;  /* the region's, shared by both threads.  */
};

static void *
issue_copies (void *arg)
{
  struct copies *c = arg;
  struct pacc_opinfo info;
  memset (&info, 0, sizeof info);
  info.stats = c->st;
  for (int k = c->parity; k < c->ncopies; k += 2)
    for (int a = 0; a < c->na; a++)
      {
        size_t lo = (size_t) k * c->piece;
        size_t hi = lo + c->piece + 100 < c->bytes ? lo + c->piece + 100
                    : c->bytes;
        struct cuda_direct_at at;
        char *p = c->mem + a * c->bytes + lo;
        if (lo < hi && cuda_is_direct (p, hi - lo, &at))
          cuda_pin_ensure (&at, p, hi - lo, &info);
      }
  return NULL;
}

/* With AHEAD set, a third thread registers pieces ahead of the first
   block's copies (cuda_pin_ahead, as the issuing thread does while it waits
   for the device) until the copies are through (AHEAD_STOP) and none is
   left.  */
static int ahead, ahead_stop;

static void *
pin_ahead_all (void *arg)
{
  (void) arg;
  for (;;)
    if (!cuda_pin_ahead ())
      {
        if (__atomic_load_n (&ahead_stop, __ATOMIC_ACQUIRE))
          break;
        fake_hold (20);
      }
  return NULL;
}

/* A region over NA arrays of BYTES each, releasing RELEASED of its
   pieces during the "last block" in chunk order, ended with
   PACC_EARLY_UNREGISTER=MODE.  Returns the region's host memory (freed
   by the caller).  */
static char *lazy_region (int mode, int na, size_t bytes, size_t piece,
                          int released, int merged, const char *name,
                          int ncopies, int drop);

static char *
region (int mode, int na, size_t bytes, size_t piece, int released,
        int merged, const char *name)
{
  return lazy_region (mode, na, bytes, piece, released, merged, name, -1,
                      0);
}

/* The same; NCOPIES >= 0: registered lazily, the first block copying
   NCOPIES pieces of each array (RELEASED <= NCOPIES).  DROP: before the
   first block the last array is staged instead (cuda_pin_range_drop, as
   cuda_stage does): what was registered of it is unregistered then, no
   copy finds it registered, and nothing else of it is ever
   registered.  */
static char *
lazy_region (int mode, int na, size_t bytes, size_t piece, int released,
             int merged, const char *name, int ncopies, int drop)
{
  char buf[256];
  int np = (int) ((bytes + piece - 1) / piece);
  char *mem = malloc ((size_t) na * bytes);
  struct cuda_queue q[3];
  long before = counted (&unregistrations);

  memset (q, 0, sizeof q);
  for (int i = 0; i < 3; i++)
    q[i].index = i;
  pacc_settings.early_unregister = mode;
  struct cuda_region *g
    = new_region (name, mem, na, bytes, piece, merged, ncopies >= 0);
  if (!g)
    return mem;
  /* The pieces registered once the first block is through (DROP: of the
     arrays left, plus the dropped array's, unregistered at once).  */
  int expect = na * np, kept = na;
  if (drop)
    {
      char *last = mem + (na - 1) * bytes;
      struct cuda_direct_at da;
      long u0 = counted (&unregistrations);
      int left0 = g->lazy_left;
      /* A read-only array's staged loads may fill ahead; a written
         one's not (cuda_is_read_only_staged).  */
      int ro = mode & 1;
      g->direct[na - 1].written = !ro;
      int ok = cuda_pin_range_drop (g, (uintptr_t) last,
                                    (uintptr_t) last + bytes, "a");
      int ahead = cuda_is_read_only_staged (last + 1, bytes - 1);
      int other = cuda_is_read_only_staged (last - 1, 2)
                  || cuda_is_read_only_staged (mem, bytes);
      char an[160], ab[128];
      snprintf (an, sizeof an, "%s: a %s staged array's loads %s", name,
                ro ? "read-only" : "written", ro ? "fill ahead"
                                                 : "keep the queue's order");
      snprintf (ab, sizeof ab, "read-only staged %d (want %d), beside it or "
                "a registered array %d", ahead, ro, other);
      check (an, ahead == ro && !other, ab);
      int again = cuda_pin_range_drop (g, (uintptr_t) last,
                                       (uintptr_t) last + bytes, "a");
      long gone = counted (&unregistrations) - u0;
      int want = ncopies >= 0 ? 1 : np;
      snprintf (buf, sizeof buf,
                "dropped %d, again %d, %ld of %d pieces "
                "unregistered, still direct %d, %d of %d lazy pieces "
                "left, %ld bad calls",
                ok, again, gone, want, cuda_is_direct (last, bytes, &da),
                g->lazy_left, left0, counted (&bad_calls));
      char dn[160];
      snprintf (dn, sizeof dn, "%s: the staged array's range goes", name);
      check (dn,
             ok && !again && gone == want && !cuda_is_direct (last, bytes, &da)
               && g->lazy_left == left0 - (ncopies >= 0 ? np - 1 : 0)
               && !registered ((uintptr_t) last, (uintptr_t) last + bytes)
               && !counted (&bad_calls),
             buf);
      before += gone;
      kept = na - 1;
      expect = kept * np;
    }
  if (ncopies >= 0)
    {
      struct copies c[2];
      struct pacc_stats st;
      pthread_t t[3];
      long regs = counted (&registrations);
      double t_copies = now_s ();
      memset (&st, 0, sizeof st);
      ahead_stop = 0;
      for (int i = 0; i < 2; i++)
        {
          c[i] = (struct copies) { mem, na, ncopies, i, bytes, piece, &st };
          pthread_create (&t[i], NULL, issue_copies, &c[i]);
        }
      if (ahead)
        pthread_create (&t[2], NULL, pin_ahead_all, NULL);
      for (int i = 0; i < 2; i++)
        pthread_join (t[i], NULL);
      __atomic_store_n (&ahead_stop, 1, __ATOMIC_RELEASE);
      if (ahead)
        pthread_join (t[2], NULL);
      /* Ahead of the copies, once one has begun: every piece.  */
      expect = kept * ((ahead && ncopies > 0) || ncopies + 1 >= np
                       ? np : ncopies + 1);
      regs = counted (&registrations) - regs + kept;
      snprintf (buf, sizeof buf, "%ld of %d pieces registered by the "
                "first block, %ld bad calls", regs, expect,
                counted (&bad_calls));
      char lz[160];
      snprintf (lz, sizeof lz, "%s: each piece a copy needs registered "
                "once", name);
      check (lz, regs == expect && !counted (&bad_calls)
                 && g->reg_bytes <= (size_t) expect * piece, buf);
      /* Two or three threads registering at once: the time at least one
         call ran, no more than the calls added up nor than the copies
         took, and something when anything registered.  */
      t_copies = (now_s () - t_copies) * 1e6;
      snprintf (buf, sizeof buf, "%.1f us of wall time, %.1f us of calls, "
                "%.1f us for the copies, %d still running",
                g->lazy_wall_us, g->lazy_us, t_copies, g->lazy_running);
      snprintf (lz, sizeof lz, "%s: the registrations' wall time", name);
      check (lz, !g->lazy_running && g->lazy_wall_us <= g->lazy_us + 1
                 && g->lazy_wall_us <= t_copies
                 && (g->lazy_wall_us > 0) == (regs > kept), buf);
    }

  /* Every copy reads through cuda_is_direct; a piece's bytes are "in use" by
     a copy until the event recorded after it completes.  */
  struct cuda_direct_at at;
  int direct = cuda_is_direct (mem, bytes, &at) && at.piece == piece;
  /* The last block: chunk c's write-back of piece c of every array, then
     its release (pieces that later chunks do not touch).  */
  double upto = 0;
  pthread_mutex_lock (&drv);
  nbusy = 0;
  pthread_mutex_unlock (&drv);
  for (int c = 0; c < released && c < np; c++)
    for (int a = 0; a < na; a++)
      {
        char *lo = mem + a * bytes + c * piece;
        cuda_host_release (&q[c % 3], lo,
                           c + 1 < np ? piece : bytes - (size_t) c * piece);
        pthread_mutex_lock (&drv);
        upto = upto > last_due ? upto : last_due;
        busy[nbusy].lo = (uintptr_t) lo;
        busy[nbusy++].due = upto;
        pthread_mutex_unlock (&drv);
      }
  /* Let some of the releases be dispatched, then synchronise the
     queues, as region end does before it unpins.  */
  fake_hold (rand () % 3000);
  while (now_s () < max_due)
    fake_hold (100);
  cuda_pin_region_end (g);
  long done = counted (&unregistrations) - before;
  if (mode < 2)
    {
      snprintf (buf, sizeof buf, "%ld of %d pieces unregistered at region "
                "end, %ld bad calls, %ld while in use", done, expect,
                counted (&bad_calls), counted (&early_calls));
      check (name, direct && done == expect && !counted (&bad_calls)
                   && !counted (&early_calls)
                   && !registered ((uintptr_t) mem,
                                   (uintptr_t) mem + na * bytes), buf);
    }
  else
    {
      cuda_pin_wait_background ();
      done = counted (&unregistrations) - before;
      snprintf (buf, sizeof buf, "%ld of %d pieces unregistered once the "
                "next region may begin, %ld bad calls, %ld while in use",
                done, expect, counted (&bad_calls), counted (&early_calls));
      check (name, direct && done == expect && !counted (&bad_calls)
                   && !counted (&early_calls)
                   && !registered ((uintptr_t) mem,
                                   (uintptr_t) mem + na * bytes), buf);
    }
  /* The bytes register again (the next region over the same memory).  */
  void *p = mem;
  CUresult r = f_register (p, na * bytes, 0);
  if (r == CUDA_SUCCESS)
    r = f_unregister (p);
  snprintf (buf, sizeof buf, "registering the same bytes again: %d",
            (int) r);
  char again[160];
  snprintf (again, sizeof again, "%s: the bytes register again", name);
  check (again, r == CUDA_SUCCESS, buf);
  return mem;
}

static uintptr_t exit_lo, exit_hi;

static void
at_exit_check (void)
{
  int left = registered (exit_lo, exit_hi);
  printf ("%s pin: unpinned before exit after a region in the "
          "background\n", left ? "FAIL" : "PASS");
  if (left || failures)
    _exit (1);
}

int
main (void)
{
  char name[128];

  cuda_lib.cuMemHostRegister_v2 = f_register;
  cuda_lib.cuMemHostUnregister = f_unregister;
  cuda_lib.cuCtxSetCurrent = f_ctx;
  cuda_lib.cuEventCreate = f_ev_create;
  cuda_lib.cuEventRecord = f_ev_record;
  cuda_lib.cuEventSynchronize = f_ev_sync;
  cuda_lib.cuEventDestroy_v2 = f_ev_destroy;
  srand (7);
  atexit (at_exit_check);
  pacc_settings.verbose = 0;

  for (int mode = 0; mode <= 3; mode++)
    for (int rel = 0; rel <= 9; rel += 3)
      for (int merged = 0; merged <= 1; merged++)
        {
          /* Mode 3: the schedule releases nothing.  */
          if (mode == 3 && rel)
            continue;
          snprintf (name, sizeof name, "PACC_EARLY_UNREGISTER=%d, %d of 9 "
                    "pieces released%s", mode, rel,
                    merged ? ", merged ranges" : "");
          free (region (mode, 3, 9 * 4096, 4096, rel, merged, name));
        }
  /* Regions one after another, as an outer loop runs them: each ends
     in the background and the next waits for it.  */
  for (int i = 0; i < 40; i++)
    {
      snprintf (name, sizeof name, "region %d of an outer loop", i);
      free (region (2, 1 + i % 4, (size_t) (1 + i % 7) * 4096 + 100, 4096,
                    i % 9, 0, name));
    }
  /* PACC_PIN=first-block: pieces registered as the first block's copies
     need them, from two threads; all, some, or none of them (a region
     of no steps) copied; releases only of copied pieces.  */
  for (int mode = 0; mode <= 3; mode++)
    for (int nc = 0; nc <= 9; nc += 3)
      for (int rel = 0; rel <= nc; rel += 3)
        {
          if (mode == 3 && rel)
            continue;
          snprintf (name, sizeof name, "PACC_PIN=first-block, "
                    "PACC_EARLY_UNREGISTER=%d, %d of 9 pieces copied, %d "
                    "released", mode, nc, rel);
          free (lazy_region (mode, 3, 9 * 4096, 4096, rel, 0, name, nc,
                             0));
        }
  /* An array staged instead (stage.h), registered at region begin or
     lazily.  */
  for (int mode = 0; mode <= 3; mode++)
    for (int nc = -1; nc <= 9; nc += 5)
      {
        if (nc < 0)
          snprintf (name, sizeof name, "the last array staged, "
                    "PACC_EARLY_UNREGISTER=%d, registered at region begin",
                    mode);
        else
          snprintf (name, sizeof name, "the last array staged, "
                    "PACC_EARLY_UNREGISTER=%d, first-block, %d of 9 pieces "
                    "copied", mode, nc);
        free (lazy_region (mode, 3, 9 * 4096, 4096, mode == 3 ? 0 : 3, 0,
                           name, nc < 0 ? -1 : nc, 1));
      }
  /* Uneven arrays, many times (the threads meet differently).  */
  for (int i = 0; i < 40; i++)
    {
      snprintf (name, sizeof name, "PACC_PIN=first-block, region %d", i);
      free (lazy_region (2, 1 + i % 4, (size_t) (1 + i % 7) * 4096 + 100,
                         4096, 0, 0, name, i % 9, i % 3 == 0 && i % 4));
    }
  /* Ahead of the copies: cuda_pin_ahead registers the earliest piece not
     registered, over the arrays in turn, and says when none is left.  */
  {
    int na = 3, np = 5, order_ok = 1, calls = 0;
    size_t piece = 4096, bytes = np * piece;
    char *mem = malloc (na * bytes), buf[640];
    long before = counted (&registrations);
    pacc_settings.early_unregister = 0;
    struct cuda_region *g = new_region ("ahead", mem, na, bytes, piece, 0, 1);
    /* Nothing ahead of copies that have not begun; then a copy of the
       first piece, registered at region begin.  */
    struct pacc_stats st;
    struct pacc_opinfo info;
    struct cuda_direct_at at;
    memset (&st, 0, sizeof st);
    memset (&info, 0, sizeof info);
    info.stats = &st;
    int early = g ? cuda_pin_ahead () || cuda_pin_ahead_pending () : 1;
    if (g && cuda_is_direct (mem, piece, &at))
      cuda_pin_ensure (&at, mem, piece, &info);
    int pending = 1;
    for (int j = 0; g && j < na * (np - 1); j++)
      {
        pending &= cuda_pin_ahead_pending ();
        int a = j % na, k = 1 + j / na;
        char *lo = mem + a * bytes + k * piece;
        calls += cuda_pin_ahead ();
        /* Piece K of array A now, and not the one after it.  */
        int next = j + 1 < na * (np - 1);
        char *nx = mem + ((j + 1) % na) * bytes + (1 + (j + 1) / na) * piece;
        if (!registered ((uintptr_t) lo, (uintptr_t) lo + piece)
            || (next && registered ((uintptr_t) nx, (uintptr_t) nx + 1)))
          order_ok = 0;
      }
    int none = g ? !cuda_pin_ahead () && !cuda_pin_ahead_pending () : 0;
    long regs = counted (&registrations) - before;
    snprintf (buf, sizeof buf, "before a copy %d, %d calls registered, in "
              "order %d, pending while left %d, none left %d, "
              "%ld registrations, lazy_left %d, %ld bad calls, %.1f us "
              "counted in the region's pinning", early, calls, order_ok,
              pending, none, regs, g ? g->lazy_left : -1,
              counted (&bad_calls), st.t_pin);
    check ("pin_ahead registers the earliest piece left, array by array, "
           "once the copies have begun, in the region's pinning time; "
           "pin_pending says whether one is left",
           g && !early && order_ok && pending && none
           && calls == na * (np - 1)
           && regs == na * np && g->lazy_left == 0 && !counted (&bad_calls)
           && st.t_pin > 0, buf);
    if (g)
      cuda_pin_region_end (g);
    free (mem);
  }
  /* And beside the copies' own registration, from a third thread.  */
  ahead = 1;
  for (int i = 0; i < 40; i++)
    {
      snprintf (name, sizeof name, "PACC_PIN=first-block, pieces ahead, "
                "region %d", i);
      free (lazy_region (i % 4, 1 + i % 4, (size_t) (1 + i % 7) * 4096 + 100,
                         4096, 0, 0, name, i % 9, i % 3 == 0 && i % 4));
    }
  ahead = 0;
  /* The verbose report of each mode.  */
  pacc_settings.verbose = 1;
  free (region (1, 2, 5 * 4096, 4096, 2, 0, "report, mode 1"));
  free (region (2, 2, 5 * 4096, 4096, 2, 0, "report, mode 2"));
  free (lazy_region (3, 2, 5 * 4096, 4096, 0, 0, "report, first-block",
                     5, 0));
  pacc_settings.verbose = 0;

  /* A region still unpinning when the program ends.  */
  {
    int na = 4;
    size_t bytes = 64 * 4096;
    char *mem = malloc (na * bytes);
    pacc_settings.early_unregister = 2;
    struct cuda_region *g = new_region ("exit", mem, na, bytes, 4096, 0, 0);
    exit_lo = (uintptr_t) mem;
    exit_hi = (uintptr_t) mem + na * bytes;
    if (g)
      cuda_pin_region_end (g);
    /* MEM stays allocated: the driver holds its pages until unpinned.  */
  }
  return failures != 0;
}
