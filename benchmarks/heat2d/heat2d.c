/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* heat2d.c -- 2-D heat equation over several devices with peer halo
   exchange: Algorithm 10 of Xu, Tian, Chandrasekaran and Chapman, in
   `#pragma pacc' spelling.

   The interior rows are split into D slabs; device d keeps its slab and
   one halo row on each side (OpenACC enter data under `deviceid(d)'),
   runs the 5-point update of its rows on its async queue 1, and after
   each step the boundary rows go device to device with `update peer'.
   Built without the plugin the `#pragma pacc' lines are ignored and every
   slab runs on the one device (or the host): that is the reference, and
   it must print the same checksum.  On the host path PACC_DEVICES=D
   emulates the devices.

   Usage: heat2d [X [Y [T [D]]]]   (defaults 1000 1000 50 1)
   Prints the checksum of u (../common/bench.h), the time (data in and
   out included) and GFLOPS = 7 (X-2)(Y-2) T / time.  */

#include "../common/bench.h"

#define KAPPA 0.2f

static void
init_rows (long lo, long hi, void *vctx)
{
  float **a = vctx;
  long Y = (long) (uintptr_t) a[2];
  for (long x = lo; x < hi; x++)
    for (long y = 0; y < Y; y++)
      {
        float v = (x == 0 || y == 0) ? 1.0f
                  : (float) ((x * 5 + y * 11) % 97) / 97.0f;
        a[0][x * Y + y] = v;
        a[1][x * Y + y] = v;
      }
}

int
main (int argc, char **argv)
{
  long X = bench_arg (argc, argv, 1, 1000, "heat2d");
  long Y = bench_arg (argc, argv, 2, 1000, "heat2d");
  int T = (int) bench_arg (argc, argv, 3, 50, "heat2d");
  int D = (int) bench_arg (argc, argv, 4, 1, "heat2d");
  long r0[64], r1[64];
  int d, t;

  if (X < 3 || Y < 3 || D < 1 || D > 64 || D > X - 2)
    {
      fprintf (stderr, "heat2d: need X, Y >= 3 and 1 <= D <= min (64, X-2)\n");
      return 2;
    }
  float *u = bench_alloc (sizeof (float) * (size_t) (X * Y), "heat2d", "u");
  float *v = bench_alloc (sizeof (float) * (size_t) (X * Y), "heat2d", "v");
  float *init[3] = { u, v, (float *) (uintptr_t) Y };
  bench_parallel (X, init_rows, init);

  /* Slab d: interior rows [r0[d], r1[d]).  */
  for (d = 0; d < D; d++)
    {
      r0[d] = 1 + (X - 2) * d / D;
      r1[d] = 1 + (X - 2) * (d + 1) / D;
    }

#pragma pacc init
  double t0 = bench_now ();

  for (d = 0; d < D; d++)
    {
      long lo = (r0[d] - 1) * Y, len = (r1[d] - r0[d] + 2) * Y;
#pragma pacc deviceid(d)
#pragma acc enter data copyin(u[lo:len], v[lo:len])
    }

  for (t = 0; t < T; t++)
    {
      for (d = 0; d < D; d++)
        {
          long a = r0[d], b = r1[d];
          long lo = (a - 1) * Y, len = (b - a + 2) * Y;
#pragma pacc deviceid(d)
#pragma acc parallel loop gang present(u[lo:len], v[lo:len]) async(1)
          for (long x = a; x < b; x++)
            {
#pragma acc loop vector
              for (long y = 1; y < Y - 1; y++)
                v[x * Y + y] = u[x * Y + y]
                               + KAPPA * (u[(x - 1) * Y + y] + u[(x + 1) * Y + y]
                                          + u[x * Y + y - 1] + u[x * Y + y + 1]
                                          - 4.0f * u[x * Y + y]);
            }
        }
      for (d = 0; d < D; d++)
        {
#pragma pacc wait device(d)
        }
      /* Rows r0[d]-1 (the last of slab d-1) and r0[d] (the first of d)
         cross the boundary between the two devices.  */
      for (d = 1; d < D; d++)
        {
#pragma pacc update peer to(v[(r0[d] - 1) * Y:Y]) to_device(d) from(v[(r0[d] - 1) * Y:Y]) from_device(d - 1) async(1)
#pragma pacc update peer to(v[r0[d] * Y:Y]) to_device(d - 1) from(v[r0[d] * Y:Y]) from_device(d) async(1)
        }
      float *w = u;
      u = v;
      v = w;
    }

  for (d = 0; d < D; d++)
    {
      long lo = (r0[d] - 1) * Y, len = (r1[d] - r0[d] + 2) * Y;
      long own = r0[d] * Y, olen = (r1[d] - r0[d]) * Y;
#pragma pacc wait device(d)
#pragma pacc deviceid(d)
      {
#pragma acc update self(u[own:olen])
#pragma acc exit data delete(u[lo:len], v[lo:len])
      }
    }
  double secs = bench_now () - t0;

  printf ("heat2d X=%ld Y=%ld T=%d\n", X, Y, T);
  bench_print_checksum ("u", u, X * Y);
  printf ("time %.6f s\n", secs);
  printf ("GFLOPS %.3f\n",
          secs > 0 ? 7.0 * (double) (X - 2) * (double) (Y - 2) * T / secs * 1e-9
                   : 0.0);
  free (u);
  free (v);
  return 0;
}
