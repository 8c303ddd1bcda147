/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-verbose -fplugin-arg-pacc-reduction-slots=0" } */
/* -fplugin-arg-pacc-reduction-slots=0: a copy-like loop with a
   reduction keeps rows to gangs and OpenACC's reduction over gangs
   (report-reduction-columns.c without it).  */
void f (int X, int Y, int T, float (*p)[Y], float (*q)[Y])
{
  int t, x, y;
  double s = 0;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(+:s) /* { dg-message "pipeline: arrays" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-message "kernel 1: 2 loops, rows widened by \\\[0:0\\\]; \\\(row, segment\\\) pairs to gangs, 4 columns per thread, loads first" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  q[x][y] = p[x - 1][y] + p[x + 1][y];
#pragma pacc loop dim(2) /* { dg-message "kernel 2: 2 loops, rows widened by \\\[0:0\\\], reduction; rows to gangs" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  {
	    s += (q[x][y] - p[x][y]) * (q[x][y] - p[x][y]);
	    p[x][y] = q[x][y];
	  }
    }
}
