/* Kernel geometry of two-level nests (plugin/lower-kernel.cc, segments):
   each gang takes one (row, segment of 8 * 32 * C columns) pair, each
   thread C columns 256 apart (C = 8 unless -fplugin-arg-pacc-seg-cols
   says otherwise: seg_cols_one.c, seg_cols_three.c), when the row loop
   holds nothing but the column loop and that loop counts up by one
   between bounds the host computes.  Row lengths around the threads of
   a gang and the segments of one, three and eight columns per thread
   (1, 255, 257, 511, 512, 513, 767, 769, 1023, 1024, 1025, 1100, 1537;
   2047, 2049 and 2600 with two arrays only, so that one-row chunks
   still fit the 256 KiB of device memory of run-gpu.sh's settings); a
   column range that starts at a variable, one that ends with `<=', one
   that moves with the time step, one that is empty; a sequential loop
   inside the body (its variable private); a kernel that reads what it
   writes at the same element; a long row variable.  Results equal the
   sequential run (on the host, the one gang runs every pair in turn).  */

#include "pacc-check.h"

static void
segments (int X, int Y, int T, unsigned seed)
{
  int t, x, y, m;
  long xl;
  int y0 = Y > 2 ? 1 : 0, y1 = Y - 1;
  float (*f)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*fn)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*w)[Y] = pc_alloc (sizeof (float[X][Y]));
  int (*c)[Y] = pc_alloc (sizeof (int[X][Y]));
  char name[80];

  pc_init_float (&f[0][0], (long) X * Y, seed);
  pc_init_float (&w[0][0], (long) X * Y, seed + 1);
  for (long i = 0; i < (long) X * Y; i++)
    (&c[0][0])[i] = (int) (i % 5);

#pragma pacc pipeline targetinout(f, w, c) targettemp(fn) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
      /* Upwind choice (a local, so not copy-like), from a variable to
	 `<='.  */
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = y0; y <= y1; y++)
	  {
	    float u = w[x][y] - 0.5f;
	    float up = u >= 0.0f ? f[x - 1][y] : f[x + 1][y];
	    fn[x][y] = f[x][y] - 0.25f * u * (f[x][y] - up);
	  }
      /* A column range that moves with the step.  */
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = y0 + t % 3; y < Y; y++)
	  {
	    float s = 0.0f;
	    for (m = 0; m < 3; m++)
	      s += 0.125f * (float) m * fn[x][y];
	    f[x][y] = fn[x][y] + s;
	  }
      /* Reads what it writes, at the same element; a long row
	 variable.  */
#pragma pacc loop dim(2)
      for (xl = 1; xl < X - 1; xl++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  c[xl][y] = (c[xl][y] * 3 + (int) (f[xl][y] > 0.5f)) % 13;
      /* An empty column range.  */
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = Y; y < Y - 1; y++)
	  w[x][y] = -1.0f;
    }

  snprintf (name, sizeof name, "segments %dx%d, %d steps: f", X, Y, T);
  pc_dump_float (name, &f[0][0], (long) X * Y);
  snprintf (name, sizeof name, "segments %dx%d, %d steps: w", X, Y, T);
  pc_dump_float (name, &w[0][0], (long) X * Y);
  printf ("segments c[%d][%d] = %d, c[%d][0] = %d\n", X / 2, Y - 1,
	  c[X / 2][Y - 1], X - 2, c[X - 2][0]);
  free (f);
  free (fn);
  free (w);
  free (c);
}

/* Wide rows, two arrays: the upwind stencil of segments () alone.  */
static void
wide (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  float (*f)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*fn)[Y] = pc_alloc (sizeof (float[X][Y]));
  char name[80];

  pc_init_float (&f[0][0], (long) X * Y, seed);
  pc_init_float (&fn[0][0], (long) X * Y, seed + 1);

#pragma pacc pipeline targetinout(f) targettemp(fn) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  {
	    float u = f[x][y] - 0.5f;
	    float up = u >= 0.0f ? f[x - 1][y] : f[x + 1][y];
	    fn[x][y] = f[x][y] - 0.25f * u * (f[x][y] - up) + 0.01f * f[x][y + 1];
	  }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  f[x][y] = fn[x][y];
    }

  snprintf (name, sizeof name, "wide %dx%d, %d steps: f", X, Y, T);
  pc_dump_float (name, &f[0][0], (long) X * Y);
  free (f);
  free (fn);
}

int
main (void)
{
  segments (9, 1, 5, 1000);	/* One column.  */
  segments (8, 255, 4, 1090);
  segments (8, 257, 4, 1091);
  segments (6, 767, 3, 1092);
  segments (6, 769, 3, 1093);
  segments (11, 511, 4, 1010);
  segments (7, 512, 4, 1020);
  segments (13, 513, 5, 1030);
  segments (10, 1100, 6, 1040);
  segments (6, 1023, 3, 1050);
  segments (6, 1024, 3, 1060);
  segments (7, 1025, 4, 1070);
  segments (5, 1537, 3, 1080);
  wide (6, 2049, 3, 1094);	/* 2047 interior columns.  */
  wide (5, 2051, 3, 1095);	/* 2049: two segments of 8 columns.  */
  wide (5, 2602, 3, 1096);
  return 0;
}
