/* Slabs of a 2-D heat equation on emulated devices with the boundary rows
   exchanged by `update peer' each step (the second paper's Algorithm 10),
   and `wait device' alone in a block (`{ #pragma pacc wait device(d) }',
   a statement the front end keeps without a statement list around it).
   D = PACC_DEVICES (1 in the plugin-less reference, which ignores the
   pacc lines): every D must give the reference's result.  */
/* { dg-pacc-sweep "PACC_DEVICES=1,2,3,4,5" } */

#include <stdio.h>
#include <stdlib.h>
#include "pacc-check.h"

#define X 37
#define Y 23
#define T 9
#define MAXD 8

static float ua[X * Y], va[X * Y];

int
main (void)
{
  const char *e = getenv ("PACC_DEVICES");
  int D = e ? atoi (e) : 1, d, t;
  long r0[MAXD], r1[MAXD];
  float *u = ua, *v = va;

  if (D < 1 || D > MAXD)
    {
      fprintf (stderr, "peer_halo_slabs: PACC_DEVICES=%d, expected 1 to %d\n",
	       D, MAXD);
      return 2;
    }

  for (long i = 0; i < X * Y; i++)
    u[i] = v[i] = (i / Y == 0 || i % Y == 0) ? 1.0f : (float) (i % 29) / 29.0f;
  for (d = 0; d < D; d++)
    {
      r0[d] = 1 + (X - 2) * d / D;
      r1[d] = 1 + (X - 2) * (d + 1) / D;
    }
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
#pragma acc parallel loop present(u[lo:len], v[lo:len]) async(1)
	  for (long x = a; x < b; x++)
	    for (long y = 1; y < Y - 1; y++)
	      v[x * Y + y] = u[x * Y + y]
			     + 0.2f * (u[(x - 1) * Y + y] + u[(x + 1) * Y + y]
				       + u[x * Y + y - 1] + u[x * Y + y + 1]
				       - 4.0f * u[x * Y + y]);
	}
      for (d = 0; d < D; d++)
	{
#pragma pacc wait device(d)
	}
      for (d = 1; d < D; d++)
	{
	  /* Section bounds that read array elements.  */
#pragma pacc update peer to(v[(r0[d] - 1) * Y:Y]) to_device(d) from(v[(r0[d] - 1) * Y:Y]) from_device(d - 1)
#pragma pacc update peer to(v[r0[d] * Y:Y]) to_device(d - 1) from(v[r0[d] * Y:Y]) from_device(d)
	}
      float *w = u;
      u = v;
      v = w;
    }
  for (d = 0; d < D; d++)
    {
      long lo = (r0[d] - 1) * Y, len = (r1[d] - r0[d] + 2) * Y;
      long own = r0[d] * Y, olen = (r1[d] - r0[d]) * Y;
#pragma pacc deviceid(d)
      {
#pragma acc update self(u[own:olen])
#pragma acc exit data delete(u[lo:len], v[lo:len])
      }
    }
  pc_dump_float ("u", u, X * Y);
  return 0;
}
