/* Copy-like loops as (row, segment) kernels (plugin/lower-kernel.cc,
   pacc_paired_columns): each thread takes C columns 256 apart (C = 4
   unless -fplugin-arg-pacc-copy-cols says otherwise: copy_cols_three.c;
   0 keeps rows to gangs: copy_cols_zero.c), every load first, and
   stores those within the row.  Row lengths around one thread's columns
   and around segments of three and four columns per thread (1, 2, 257,
   511, 513, 769, 1025, 1026, 1535, 1537, 2047, 2048; 2049 and 2560 with
   two arrays only, so that one-row chunks of every array still fit the
   256 KiB of device memory of run-gpu.sh's settings); a stencil into a temporary and its
   copy back (Jacobi), two stores in one loop, an int array, a column
   range that moves with the time step, a long row variable.  Results
   equal the sequential run.  */

#include "pacc-check.h"

static void
copies (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  long xl;
  float (*p)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*q)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*g)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*gn)[Y] = pc_alloc (sizeof (float[X][Y]));
  int (*c)[Y] = pc_alloc (sizeof (int[X][Y]));
  int (*cn)[Y] = pc_alloc (sizeof (int[X][Y]));
  char name[80];

  pc_init_float (&p[0][0], (long) X * Y, seed);
  pc_init_float (&q[0][0], (long) X * Y, seed + 1);
  pc_init_float (&g[0][0], (long) X * Y, seed + 2);
  for (long i = 0; i < (long) X * Y; i++)
    (&c[0][0])[i] = (int) (i % 9);

#pragma pacc pipeline targetinout(p, g, c) targettemp(q, gn, cn) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
      /* Jacobi's stencil, interior columns.  */
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  q[x][y] = 0.25f * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
			     + p[x][y + 1]);
      /* Two stores, every column; an int array.  */
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  {
	    gn[x][y] = 0.5f * (g[x - 1][y] + g[x + 1][y]);
	    cn[x][y] = (c[x][y] * 5 + (int) (p[x][y] > 0.5f)) % 13;
	  }
      /* Copies back: one whose columns move with the step, one with a
	 long row variable.  */
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1 + t % 3; y < Y - 1; y++)
	  p[x][y] = q[x][y];
#pragma pacc loop dim(2)
      for (xl = 1; xl < X - 1; xl++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  {
	    g[xl][y] = gn[xl][y];
	    c[xl][y] = cn[xl][y];
	  }
    }

  snprintf (name, sizeof name, "copies %dx%d, %d steps: p", X, Y, T);
  pc_dump_float (name, &p[0][0], (long) X * Y);
  snprintf (name, sizeof name, "copies %dx%d, %d steps: g", X, Y, T);
  pc_dump_float (name, &g[0][0], (long) X * Y);
  printf ("copies c[%d][%d] = %d, c[%d][0] = %d\n", X / 2, Y - 1,
	  c[X / 2][Y - 1], X - 2, c[X - 2][0]);
  free (p);
  free (q);
  free (g);
  free (gn);
  free (c);
  free (cn);
}

/* Jacobi alone: the stencil and its copy back.  */
static void
wide (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  float (*p)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*q)[Y] = pc_alloc (sizeof (float[X][Y]));
  char name[80];

  pc_init_float (&p[0][0], (long) X * Y, seed);
  pc_init_float (&q[0][0], (long) X * Y, seed + 1);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  q[x][y] = 0.25f * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
			     + p[x][y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1 + t % 3; y < Y - 1; y++)
	  p[x][y] = q[x][y];
    }

  snprintf (name, sizeof name, "wide %dx%d, %d steps: p", X, Y, T);
  pc_dump_float (name, &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

int
main (void)
{
  copies (7, 1, 4, 1100);
  copies (7, 2, 4, 1110);
  copies (6, 257, 3, 1101);
  copies (6, 769, 3, 1102);
  copies (5, 1025, 3, 1103);
  copies (5, 1026, 3, 1104);
  copies (6, 511, 3, 1120);
  copies (6, 513, 3, 1130);
  copies (5, 1535, 3, 1140);
  copies (5, 1537, 3, 1150);
  copies (5, 2047, 3, 1160);
  copies (5, 2048, 3, 1170);
  wide (6, 2049, 4, 1180);
  wide (5, 2560, 3, 1190);
  return 0;
}
