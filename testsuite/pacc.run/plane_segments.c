/* Segmented kernels of three-level nests (plugin/lower-kernel.cc,
   lower_segments): each gang takes one (plane, row, segment), the plane
   and the row from one 32-bit division of its number; each thread 8
   columns 256 apart (4 in copy-like loops, every load first), of
   segments of 2048 (1024) columns.  Column counts around a thread's
   columns and a segment of either kind (256, 257, 1024, 1025, 2048,
   2049, 2598), a middle loop written with `<=', one that starts with the
   time step, an empty one (one or two rows), a long middle variable.
   Planes stay within 12 KiB, so that chunks of both arrays fit the
   256 KiB of device memory of run-gpu.sh's settings.  Results equal the
   sequential run; with -fplugin-arg-pacc-segment-depth=2 the same nests
   run as row groups (plane_segments_depth2.c).  */

#include "pacc-check.h"

static void
planes (int X, int Y, int Z, int T, unsigned seed)
{
  int t, x, y, z;
  long yl;
  float (*p)[Y][Z] = pc_alloc (sizeof (float[X][Y][Z]));
  float (*q)[Y][Z] = pc_alloc (sizeof (float[X][Y][Z]));
  char name[80];

  pc_init_float (&p[0][0][0], (long) X * Y * Z, seed);
  pc_init_float (&q[0][0][0], (long) X * Y * Z, seed + 1);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y][0:Z]) halo([1:1][1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
      /* Not copy-like (a local variable): every row, `<='.  */
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
	for (y = 0; y <= Y - 1; y++)
#pragma pacc loop dim(1)
	  for (z = 1; z < Z - 1; z++)
	    {
	      float s = p[x - 1][y][z] + p[x + 1][y][z];
	      q[x][y][z] = 0.25f * (s + p[x][y][z - 1] + p[x][y][z + 1]);
	    }
      /* Copy-like, rows from 1 + t % 2: empty for two rows or fewer.  */
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
	for (y = 1 + t % 2; y < Y - 1; y++)
#pragma pacc loop dim(1)
	  for (z = 1; z < Z - 1; z++)
	    p[x][y][z] = q[x][y][z];
      /* Copy-like, every row, a long middle variable.  */
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
	for (yl = 0; yl < Y; yl++)
#pragma pacc loop dim(1)
	  for (z = 2; z < Z - 1; z++)
	    p[x][yl][z] = 0.5f * q[x][yl][z] + 0.25f;
    }

  snprintf (name, sizeof name, "planes %dx%dx%d, %d steps: p", X, Y, Z, T);
  pc_dump_float (name, &p[0][0][0], (long) X * Y * Z);
  free (p);
  free (q);
}

int
main (void)
{
  planes (6, 4, 258, 3, 1200);	/* 256 interior columns, 2 rows.  */
  planes (7, 5, 259, 4, 1210);	/* 257.  */
  planes (5, 3, 1026, 3, 1220);	/* 1024: one copy segment.  */
  planes (5, 3, 1027, 3, 1230);	/* 1025: two.  */
  planes (9, 2, 600, 3, 1240);	/* Copy loop of no rows.  */
  planes (6, 1, 2050, 3, 1250);	/* 2048: one segment.  */
  planes (5, 1, 2051, 3, 1260);	/* 2049: two.  */
  planes (5, 1, 2600, 3, 1270);
  planes (4, 1, 3, 2, 1280);	/* One interior column.  */
  return 0;
}
