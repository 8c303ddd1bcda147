/* The multi-device directives on emulated devices (PACC_DEVICES=2 and 3
   on the host path): two independent kernels on devices 0 and 1 (the
   second paper's S3D case), each device's copy kept with OpenACC data
   directives under deviceid, a peer update each step of what device 0
   computed into device 1's copy (which device 1's kernel reads), and
   waits per device.  Built without the plugin the pacc
   lines are ignored: on one device the same program gives the same
   result, which is what this test compares.  */
/* { dg-pacc-sweep "PACC_DEVICES=2,3" } */

#include <stdio.h>
#include "pacc-check.h"

#define N 257

static double a[N], b[N], c[N];

int
main (void)
{
  int i, t;
  for (i = 0; i < N; i++)
    {
      a[i] = (i * 13 % 7) * 0.5;
      b[i] = (i * 5 % 11) * 0.25;
      c[i] = 0;
    }
#pragma pacc deviceid(0)
#pragma acc enter data copyin(a, c)
#pragma pacc deviceid(1)
#pragma acc enter data copyin(a, b)
  for (t = 0; t < 5; t++)
    {
#pragma pacc deviceid(0)
#pragma acc parallel loop present(a, c) async(1)
      for (i = 1; i < N - 1; i++)
	c[i] = 0.5 * a[i] + 0.25 * (a[i - 1] + a[i + 1]);
#pragma pacc deviceid(1)
      {
#pragma acc parallel loop present(a, b) async(1)
	for (i = 0; i < N; i++)
	  b[i] = b[i] * 0.75 + 0.25 * a[i] + 1.0;
      }
#pragma pacc wait device(0)
#pragma pacc wait device(1)
#pragma pacc deviceid(0)
#pragma acc parallel loop present(a, c)
      for (i = 1; i < N - 1; i++)
	a[i] = c[i];
#pragma pacc update peer to(a[1:N-2]) to_device(1) from(a[1:N-2]) from_device(0)
    }
#pragma pacc deviceid(0)
#pragma acc exit data copyout(a) delete(c)
#pragma pacc deviceid(1)
#pragma acc exit data copyout(b) delete(a)
  pc_dump_double ("a", a, N);
  pc_dump_double ("b", b, N);
  return 0;
}
