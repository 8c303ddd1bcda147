/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* peer.c -- bandwidth of `#pragma pacc update peer' between two devices.

   An array of S MiB is put on devices 0 and 1 (OpenACC enter data under
   `deviceid'); the program then copies it N times from device 0 to
   device 1 with `update peer ... async(1)' and waits (`wait device(1)'),
   and the same from 1 to 0.  Prints the GB/s of each direction (bytes
   over the wall time of the N copies, waits included), to set beside
   peer-cuda's plain cuMemcpyPeerAsync figure on the same machine.  On
   the host path (PACC_DEVICES=2) the copies are between copies of one
   array: nothing moves, and the figure means nothing.

   Usage: peer [S_MIB [N]]   (defaults 1024 20)  */

#include "../common/bench.h"
#include <openacc.h>

int
main (int argc, char **argv)
{
  long mib = bench_arg (argc, argv, 1, 1024, "peer");
  int n = (int) bench_arg (argc, argv, 2, 20, "peer");
  long len = mib * (1L << 20) / (long) sizeof (float);
  float *a = bench_alloc (sizeof (float) * (size_t) len, "peer", "a");
  int i, dir;

  for (long k = 0; k < len; k++)
    a[k] = (float) (k % 1000);
#pragma pacc init
#pragma pacc deviceid(0)
#pragma acc enter data copyin(a[0:len])
#pragma pacc deviceid(1)
#pragma acc enter data copyin(a[0:len])
  /* Clear device 1's copy, so that the first copy is seen to arrive (and
     the program has a kernel: without an nvptx image libpacc would take
     the host path).  */
#pragma pacc deviceid(1)
#pragma acc parallel loop present(a[0:len])
  for (long k = 0; k < len; k++)
    a[k] = 0.0f;

  for (dir = 0; dir < 2; dir++)
    {
      int from = dir, to = 1 - dir;
      (void) from, (void) to;
      /* One copy first: peer access set-up is not timed.  */
#pragma pacc update peer to(a[0:len]) to_device(to) from(a[0:len]) from_device(from) async(1)
#pragma pacc wait device(to)
      double t0 = bench_now ();
      for (i = 0; i < n; i++)
        {
#pragma pacc update peer to(a[0:len]) to_device(to) from(a[0:len]) from_device(from) async(1)
        }
#pragma pacc wait device(to)
      double secs = bench_now () - t0;
      if (dir == 0 && acc_get_device_type () != acc_device_host)
        {
          /* Device 1 has device 0's data again: bring one element back.  */
#pragma pacc deviceid(1)
#pragma acc update self(a[len - 1:1])
          if (a[len - 1] != (float) ((len - 1) % 1000))
            {
              fprintf (stderr, "peer: device 1 holds %g at the end, not %g\n",
                       a[len - 1], (float) ((len - 1) % 1000));
              return 1;
            }
        }
      printf ("peer %d->%d: %ld MiB x %d in %.6f s: %.2f GB/s\n", from, to,
              mib, n, secs,
              secs > 0 ? (double) len * sizeof (float) * n / secs * 1e-9 : 0.0);
    }
#pragma pacc deviceid(0)
#pragma acc exit data delete(a[0:len])
#pragma pacc deviceid(1)
#pragma acc exit data delete(a[0:len])
  free (a);
  return 0;
}
