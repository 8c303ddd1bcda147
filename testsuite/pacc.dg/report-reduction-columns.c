/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-verbose" } */
/* A copy-like loop with a reduction is segmented, every load first, its
   gangs' partials through slots (lower-columns.cc, lower-slots.cc): a
   copy-back with its residual, one that reads and writes the same
   element, one that only reduces, with a call without side effects, a
   stencil whose residual reads the element it stored (the stored value
   handed on), max (a compare-and-swap loop).  Rows to gangs where its
   loads cannot come first (a store reads what an earlier one stored),
   for && and for a type narrower than 4 bytes.  With -fplugin-arg-pacc-reduction-slots=0,
   report-reduction-slots-off.c.  */
extern double fabs (double);
void f (int X, int Y, int T, float (*p)[Y], float (*q)[Y])
{
  int t, x, y;
  double s = 0;
  float m = 0;
  short h = 0;
  int ok = 1;
#pragma pacc pipeline targetinout(p, q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(+:s, h) /* { dg-message "pipeline: arrays" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-message "kernel 1: 2 loops, rows widened by \\\[1:1\\\], reduction; \\\(row, segment\\\) pairs to gangs, 4 columns per thread, loads first, partials through slots" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  {
	    s += (q[x][y] - p[x][y]) * (q[x][y] - p[x][y]);
	    p[x][y] = q[x][y];
	  }
#pragma pacc loop dim(2) /* { dg-message "kernel 2: 2 loops, rows widened by \\\[1:1\\\], reduction; \\\(row, segment\\\) pairs to gangs, 4 columns per thread, loads first, partials through slots" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  {
	    p[x][y] = 0.5f * p[x][y] + 0.5f * q[x][y];
	    s = s + fabs (q[x][y]);
	  }
#pragma pacc loop dim(2) /* { dg-message "kernel 3: 2 loops, rows widened by \\\[0:0\\\], reduction; \\\(row, segment\\\) pairs to gangs, 4 columns per thread, loads first, partials through slots" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  if (y > 2)
	    s += p[x][y];
#pragma pacc loop dim(2) /* { dg-message "kernel 4: 2 loops, rows widened by \\\[0:0\\\], reduction; \\\(row, segment\\\) pairs to gangs, 4 columns per thread, loads first, partials through slots" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  {
	    q[x][y] = 0.25f * (p[x - 1][y] + p[x + 1][y]);
	    s += (q[x][y] - p[x][y]) * (q[x][y] - p[x][y]);
	  }
#pragma pacc loop dim(2) /* { dg-message "kernel 5: 2 loops, rows widened by \\\[0:0\\\], reduction; rows to gangs" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  {
	    q[x][y] = p[x][y];
	    p[x][y] = 2 * q[x][y];
	    s += p[x][y];
	  }
#pragma pacc loop dim(2) /* { dg-message "kernel 6: 2 loops, rows widened by \\\[0:0\\\], reduction; rows to gangs" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  h += q[x][y] > p[x][y];
    }
#pragma pacc pipeline targetinout(p, q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(max:m) /* { dg-message "pipeline: arrays" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-message "kernel 1: 2 loops, rows widened by \\\[0:0\\\], reduction; \\\(row, segment\\\) pairs to gangs, 4 columns per thread, loads first, partials through slots" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  {
	    m = m > q[x][y] - p[x][y] ? m : q[x][y] - p[x][y];
	    p[x][y] = q[x][y];
	  }
    }
#pragma pacc pipeline targetinout(p, q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(&&:ok) /* { dg-message "pipeline: arrays" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-message "kernel 1: 2 loops, rows widened by \\\[0:0\\\], reduction; rows to gangs" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  {
	    ok = ok && q[x][y] > p[x][y];
	    p[x][y] = q[x][y];
	  }
    }
}
