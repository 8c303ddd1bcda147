/* The rows each device copies (libpacc/reg-owners.c, handed to the back
   end by region-owners.c: the CUDA back end registers a device's rows
   in its own context only, issue 44).  On the host back end every copy
   of a device is checked against that map (backend-host.c: an internal
   error names the rows), so this test fails if the map misses a row a
   device loads or writes back: a halo two rows deep (hlo 2, hhi 2) read
   from a targetin array and the targetinout one, on 2 and 3 devices,
   resident and streaming; a first block of more steps than the others
   (PACC_K_FIRST=5 with PACC_K=2: the widest halo is the first block's,
   a map made for k alone misses two rows on each side); another plan
   after every block (PACC_REPLAN=2: the map follows the plan).  Flat
   double arrays, sizes from macros, a static helper; bit-identical to
   the sequential build.  */
/* { dg-pacc-sweep "PACC_DEVICES=2,3 PACC_CHUNKS=2,3,7 PACC_K=1,3" } */
/* { dg-pacc-sweep "PACC_DEVICES=2 PACC_K=2 PACC_K_FIRST=5 PACC_CHUNKS=2,4 PACC_RESIDENT=0,1" } */
/* { dg-pacc-sweep "PACC_DEVICES=2,3 PACC_REPLAN=2 PACC_WORKERS=0,1" } */

#include "pacc-check.h"

#define NX 61
#define NY 23
#define NT 17
#define AT(x, y) ((x) * NY + (y))

static double
weight (int x, int y)
{
  return 0.05 + 0.01 * ((x * 3 + y * 5) % 7);
}

int
main (void)
{
  double *u, *v;
  const double *c;
  double *cw;
  int t, x, y;

  u = pc_alloc (sizeof (double) * NX * NY);
  v = pc_alloc (sizeof (double) * NX * NY);
  cw = pc_alloc (sizeof (double) * NX * NY);
  pc_init_double (u, (long) NX * NY, 21);
  pc_init_double (v, (long) NX * NY, 22);
  for (x = 0; x < NX; x++)
    for (y = 0; y < NY; y++)
      cw[AT (x, y)] = weight (x, y);
  c = cw;

#pragma pacc pipeline targetinout(u) targetin(c) targettemp(v) size([0:NX][0:NY]) halo([2:2][1:1]) async
  for (t = 0; t < NT; t++)
    {
#pragma pacc loop dim(2)
      for (x = 2; x < NX - 2; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < NY - 1; y++)
          v[AT (x, y)] = u[AT (x, y)]
                         + c[AT (x - 2, y)] * (u[AT (x - 2, y)] - u[AT (x, y)])
                         + c[AT (x + 2, y)] * (u[AT (x + 2, y)] - u[AT (x, y)])
                         + 0.1 * (u[AT (x - 1, y)] + u[AT (x + 1, y)]
                                  + u[AT (x, y - 1)] + u[AT (x, y + 1)]
                                  - 4.0 * u[AT (x, y)]);
#pragma pacc loop dim(2)
      for (x = 2; x < NX - 2; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < NY - 1; y++)
          u[AT (x, y)] = v[AT (x, y)];
    }

  pc_dump_double ("u", u, (long) NX * NY);
  free (u);
  free (v);
  free (cw);
  return 0;
}
