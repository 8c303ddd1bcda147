/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* tb-emu.h -- runs a CUDA kernel of the prototypes on the host, so that
   its bit-for-bit check can be made on a machine without a GPU.  A kernel
   written for it is a __host__ __device__ function that reaches the
   thread, the block, __syncthreads, the warp shuffles and the dynamic
   shared memory only through the TB_* macros below; on the device they
   are CUDA's, on the host every thread of a block is a fiber (ucontext)
   and each TB_SYNC or shuffle switches to the next one, round robin, so
   the threads of a block advance in lock step from one barrier to the
   next as a CTA does.  Only as fast as a check needs (small grids).
   Include after tb-common.h, in a .cu file.  */

#ifndef TB_EMU_H
#define TB_EMU_H

#include <ucontext.h>
#include <vector>

/* The most threads of an emulated block, and its shared memory (sm_90's
   most per block).  */
#define TB_EMU_THREADS 1024
#define TB_EMU_SHARED_MAX (227 * 1024)

/* Set by the program when there is no GPU: its launches then go through
   tb_emu_launch.  */
static int tb_emulating;

/* The host side (declared in nvcc's device pass too, used only on the
   host).  */
struct tb_emu_state
{
  int bid, tid, nthreads;
  REAL *shared;
  REAL slot[2][TB_EMU_THREADS];   /* shuffles: deposit, switch, read */
  int round[TB_EMU_THREADS];      /* which slot set a thread's next
                                     shuffle uses */
  char done[TB_EMU_THREADS];      /* returned (a warp without work) */
  ucontext_t ctx[TB_EMU_THREADS], main_ctx;
  void (*body) (void *);
  void *arg;
};

static tb_emu_state tb_emu;

/* The thread after ME that has not returned, or -1.  */
static int
tb_emu_next (int me)
{
  for (int k = 1; k <= tb_emu.nthreads; k++)
    {
      int t = (me + k) % tb_emu.nthreads;
      if (!tb_emu.done[t])
        return t;
    }
  return -1;
}

/* The next thread of the block: the barrier (all threads are at the same
   TB_SYNC when the round comes back).  */
static void
tb_emu_sync ()
{
  int me = tb_emu.tid;
  tb_emu.tid = tb_emu_next (me);
  if (tb_emu.tid != me)
    swapcontext (&tb_emu.ctx[me], &tb_emu.ctx[tb_emu.tid]);
}

/* A shuffle by DELTA (-1: from lane - 1, +1: from lane + 1), CUDA's rule
   at the ends of the warp.  One switch suffices: two slot sets alternate,
   so a thread that runs ahead writes the other set.  */
static REAL
tb_emu_shfl (REAL v, int delta)
{
  int me = tb_emu.tid, set = tb_emu.round[me];
  tb_emu.round[me] ^= 1;
  tb_emu.slot[set][me] = v;
  tb_emu_sync ();
  int lane = me & 31, src = lane + delta;
  if (src < 0 || src > 31 || (me - lane + src) >= tb_emu.nthreads)
    src = lane;
  return tb_emu.slot[set][me - lane + src];
}

/* A fiber: the kernel's body for thread tb_emu.tid, then the next thread
   that has not returned or, after the last, back to the launch.  */
static void
tb_emu_fiber ()
{
  tb_emu.body (tb_emu.arg);
  int me = tb_emu.tid;
  tb_emu.done[me] = 1;
  tb_emu.tid = tb_emu_next (me);
  if (tb_emu.tid < 0)
    setcontext (&tb_emu.main_ctx);
  setcontext (&tb_emu.ctx[tb_emu.tid]);
}

/* Runs BODY (ARG) as NB blocks of NT threads with SMEM bytes of dynamic
   shared memory each, one block after the other.  */
static void
tb_emu_launch (int nb, int nt, size_t smem, void (*body) (void *), void *arg)
{
  static std::vector<char> stacks;
  const size_t stack = 64 * 1024;
  if (nt > TB_EMU_THREADS)
    {
      fprintf (stderr, "tb-emu: %d threads per block, at most %d\n", nt,
               TB_EMU_THREADS);
      exit (1);
    }
  if (stacks.size () < stack * nt)
    stacks.resize (stack * nt);
  std::vector<REAL> shared (smem / sizeof (REAL) + 1);
  tb_emu.body = body;
  tb_emu.arg = arg;
  tb_emu.nthreads = nt;
  tb_emu.shared = shared.data ();
  for (int b = 0; b < nb; b++)
    {
      tb_emu.bid = b;
      for (int t = 0; t < nt; t++)
        {
          getcontext (&tb_emu.ctx[t]);
          tb_emu.ctx[t].uc_stack.ss_sp = stacks.data () + stack * t;
          tb_emu.ctx[t].uc_stack.ss_size = stack;
          tb_emu.ctx[t].uc_link = NULL;
          makecontext (&tb_emu.ctx[t], tb_emu_fiber, 0);
          tb_emu.round[t] = 0;
          tb_emu.done[t] = 0;
        }
      tb_emu.tid = 0;
      swapcontext (&tb_emu.main_ctx, &tb_emu.ctx[0]);
    }
}

#ifdef __CUDA_ARCH__

#define TB_TID ((int) threadIdx.x)
#define TB_BID ((int) blockIdx.x)
#define TB_SYNC() __syncthreads ()
/* The value of lane - 1 (lane 0: its own) and of lane + 1 (lane 31: its
   own), as __shfl_up_sync / __shfl_down_sync by 1.  */
#define TB_SHFL_UP(v) __shfl_up_sync (0xffffffffu, (v), 1)
#define TB_SHFL_DOWN(v) __shfl_down_sync (0xffffffffu, (v), 1)
#define TB_SHARED_DECL(name) extern __shared__ REAL name[]

#else /* the host */

#define TB_TID (tb_emu.tid)
#define TB_BID (tb_emu.bid)
#define TB_SYNC() tb_emu_sync ()
#define TB_SHFL_UP(v) tb_emu_shfl ((v), -1)
#define TB_SHFL_DOWN(v) tb_emu_shfl ((v), 1)
#define TB_SHARED_DECL(name) REAL *name = tb_emu.shared

#endif

#endif
