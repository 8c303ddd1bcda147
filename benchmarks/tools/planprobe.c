/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* planprobe.c -- the plan libpacc's planner makes for a benchmark's
   region at a given device memory, and how long it takes to make it,
   with no GPU: pacc_plan on Jacobi 77440^2 (p inout, q temp), CIP
   38720^2 (3 inout, 2 in, 3 temp arrays) or Himeno 1630x513x1025 (p
   inout, 12 in, wrk2 temp), halo 1, with the H100's rates of
   benchmarks/RESULTS.md (link 53.8 GB/s, memory 3352 GB/s).

   Build, from the top of the tree:
     gcc -std=c11 -D_GNU_SOURCE -O2 -Ilibpacc benchmarks/tools/planprobe.c \
       libpacc/planner.c libpacc/cost.c libpacc/chunks.c libpacc/diag.c \
       libpacc/settings.c -lm -o planprobe
   Usage: planprobe jacobi|cip|himeno PIN_GBS [K_FIRST [MEM_GIB [REPEAT]]]
     PIN_GBS  registration rate of the first block's arrays (0: the
              first block waits for none: a re-plan's view);
     K_FIRST  PACC_K_FIRST (-1: automatic, 0: none; default -1);
     MEM_GIB  PACC_DEVICE_MEMORY in GiB, a fraction allowed (default 6;
              5.588, the 6.0e9 bytes of benchmarks/oversub.sh: 8x);
     REPEAT   plans made, for the time per plan (default 1).
   Environment: T steps (default 256); K, C, Q force PACC_K,
   PACC_CHUNKS, PACC_QUEUES; SKEW 0 or 1 PACC_SKEW; KE and OL the
   kernels' fraction of the peak and the overlap loss a re-plan measured;
   LINK the link's GB/s (default 53.8); LM PACC_LINK_MARGIN (default 20);
   STAGE the staging rate in GB/s, which lets the planner stage targetin
   arrays (PACC_STAGE=auto; default 0: none); NSTAGE=N with it stages the
   last N of them instead (PACC_STAGE=N), SALL=1 lets it stage all of
   them or none (PACC_STAGE_AHEAD=1).
   Prints the plan, its predicted time and the milliseconds per plan,
   and how many arrays it stages.  */

#include "planner.h"
#include "pacc-abi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double
env_num (const char *name, double dflt)
{
  const char *v = getenv (name);
  return v ? atof (v) : dflt;
}

int
main (int argc, char **argv)
{
  struct pacc_plan_array a[16];
  struct pacc_plan_in in;
  struct pacc_settings s;
  int n = 0;
  long rows;
  double pin_bytes;

  if (argc < 3)
    {
      fprintf (stderr, "usage: planprobe jacobi|cip|himeno PIN_GBS "
               "[K_FIRST [MEM_GIB [REPEAT]]]\n");
      return 2;
    }
  memset (&in, 0, sizeof in);
  memset (&s, 0, sizeof s);
  s.k_first = argc > 3 ? atol (argv[3]) : -1;
  s.resident = -1;
  s.carry = -1;
  s.skew = (int) env_num ("SKEW", -1);
  s.ring = -1;
  s.k = (long) env_num ("K", 0);
  s.chunks = (long) env_num ("C", 0);
  s.queues = (int) env_num ("Q", 0);
  s.link_margin = (int) env_num ("LM", 20);
  s.link_margin = s.link_margin ? s.link_margin : -1;
  s.device_memory = (unsigned long long) ((argc > 4 ? atof (argv[4]) : 6)
                                          * (1ULL << 30));
  in.kernel_eff = env_num ("KE", 0);
  in.overlap_loss = env_num ("OL", 0);
  if (!strcmp (argv[1], "jacobi"))
    {
      size_t rb = 77440 * 4;
      rows = 77440;
      a[n++] = (struct pacc_plan_array) { "p", PACC_KIND_INOUT, rb };
      a[n++] = (struct pacc_plan_array) { "q", PACC_KIND_TEMP, rb };
      pin_bytes = 1.0 * (double) rows * (double) rb;
    }
  else if (!strcmp (argv[1], "cip"))
    {
      static const char *const nm[] = { "f", "gx", "gy", "u", "v", "fn",
                                         "gxn", "gyn" };
      size_t rb = 38720 * 4;
      rows = 38720;
      for (int i = 0; i < 8; i++)
        a[n++] = (struct pacc_plan_array) {
          nm[i], i < 3 ? PACC_KIND_INOUT : i < 5 ? PACC_KIND_IN
                                                 : PACC_KIND_TEMP, rb };
      pin_bytes = 5.0 * (double) rows * (double) rb;
    }
  else if (!strcmp (argv[1], "himeno"))
    {
      size_t rb = 513 * 1025 * 4;
      rows = 1630;
      a[n++] = (struct pacc_plan_array) { "p", PACC_KIND_INOUT, rb };
      for (int i = 0; i < 12; i++)
        a[n++] = (struct pacc_plan_array) { "in", PACC_KIND_IN, rb };
      a[n++] = (struct pacc_plan_array) { "wrk2", PACC_KIND_TEMP, rb };
      pin_bytes = 13.0 * (double) rows * (double) rb;
    }
  else
    {
      fprintf (stderr, "planprobe: no region '%s'\n", argv[1]);
      return 2;
    }
  double pin_gbs = atof (argv[2]);
  int repeat = argc > 5 ? atoi (argv[5]) : 1;
  in.where = "planprobe";
  in.g.len0 = rows;
  in.g.hlo = in.g.hhi = 1;
  in.nsteps = (long) env_num ("T", 256);
  in.async = 1;
  in.n = n;
  in.a = a;
  in.ndev = 1;
  in.mem = (size_t) 79 << 30;
  in.mem_kind = "register";
  in.link_gbs = env_num ("LINK", 53.8);
  in.hbm_gbs = env_num ("HBM", 3352);
  in.s = &s;
  in.first_block = 1;
  in.pin_s = pin_gbs > 0 ? pin_bytes / (pin_gbs * 1e9) : 0;
  /* STAGE=GB/s: the planner may stage targetin arrays at that rate.  */
  in.stage_gbs = env_num ("STAGE", 0);
  in.stage_auto = in.stage_gbs > 0;
  /* SALL=1: none or all of them (the CUDA back end's staging ahead).  */
  in.stage_all = (int) env_num ("SALL", 0);
  /* NSTAGE=N with STAGE: the last N targetin arrays staged, as
     PACC_STAGE=N stages them (the pin rate then counts the rest).  */
  int nstage = (int) env_num ("NSTAGE", 0);
  char staged[16] = { 0 };
  if (nstage > 0 && in.stage_gbs > 0)
    {
      int m = pacc_plan_stage_mark (&in, nstage, staged);
      double st = 0, all = 0;
      for (int i = 0; i < n; i++)
        if (a[i].kind != PACC_KIND_TEMP)
          {
            all += (double) a[i].row_bytes;
            st += staged[i] ? (double) a[i].row_bytes : 0;
          }
      in.staged = staged;
      in.stage_auto = 0;
      in.pin_s *= all > 0 ? 1 - st / all : 1;
      nstage = m;
    }
  /* RING=bytes: the back end's ring unit (CUDA: 2 MiB); 0: no rings.  */
  in.ring_gran = (size_t) env_num ("RING", 0);
  /* TAIL=seconds per chunk and step (-1: none; unset: planner.h's).  */
  in.kernel_tail_s = env_num ("TAIL", 0);

  struct pacc_plan p;
  char err[2048];
  struct timespec t0, t1;
  clock_gettime (CLOCK_MONOTONIC, &t0);
  for (int r = 0; r < (repeat > 1 ? repeat : 1); r++)
    {
      if (r)
        pacc_plan_free (&p);
      if (pacc_plan (&in, &p, err, sizeof err))
        {
          printf ("%s: %s\n", argv[1], err);
          return 1;
        }
    }
  clock_gettime (CLOCK_MONOTONIC, &t1);
  double ms = ((double) (t1.tv_sec - t0.tv_sec) * 1e3
               + (double) (t1.tv_nsec - t0.tv_nsec) * 1e-6)
              / (repeat > 1 ? repeat : 1);
  printf ("%s, %ld steps, pin %.2f s: k %ld, first block %ld, %d chunks, "
          "%d queues, skew %d, %d buffers of %ld rows, %.2f GiB, predicted "
          "%.3f s; %.2f ms per plan\n", argv[1], in.nsteps, in.pin_s, p.k,
          p.k_first, p.nchunks, p.nqueues, p.skew, p.nbuf, p.buf_rows,
          (double) p.dev_bytes / 1073741824.0, p.predicted_s, ms);
  if (p.ring)
    printf ("  rings of %ld rows, %.2f GiB\n", p.ring_rows,
            (double) p.ring_bytes / 1073741824.0);
  if (p.nstage)
    printf ("  staged: the last %d targetin arrays (%.3f s predicted with "
            "none)\n", p.nstage, p.nostage_s);
  else if (nstage > 0 && in.staged)
    printf ("  staged: the last %d targetin arrays (NSTAGE)\n", nstage);
  pacc_plan_free (&p);
  return 0;
}
