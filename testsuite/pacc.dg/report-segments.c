/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-verbose" } */
/* What the gangs take, per kernel (plugin/lower-kernel.cc): (row,
   segment) pairs for a two-level nest whose column loop has bounds the
   host computes, copy-like or not, and one that only reduces, its
   partials through slots (report-reduction-columns.c); with
   -fplugin-arg-pacc-segments=0, report-segments-off.c; with
   -fplugin-arg-pacc-copy-cols=0, report-copy-cols-zero.c.  */
void f (int X, int Y, int T, float (*p)[Y], float (*q)[Y])
{
  int t, x, y;
  double s = 0;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(+:s) /* { dg-message "pipeline: arrays" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-message "kernel 1: 2 loops, rows widened by \\\[0:0\\\]; \\\(row, segment\\\) pairs to gangs" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y <= Y - 2; y++)
	  {
	    float a = p[x - 1][y];
	    q[x][y] = a + p[x + 1][y];
	  }
#pragma pacc loop dim(2) /* { dg-message "kernel 2: 2 loops, rows widened by \\\[0:0\\\]; \\\(row, segment\\\) pairs to gangs" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  p[x][y] = q[x][y];
#pragma pacc loop dim(2) /* { dg-message "kernel 3: 2 loops, rows widened by \\\[0:0\\\], reduction; \\\(row, segment\\\) pairs to gangs, 4 columns per thread, loads first, partials through slots" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  s += p[x][y];
    }
}
