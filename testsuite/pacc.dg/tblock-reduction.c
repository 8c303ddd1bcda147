/* A reduction keeps the step at one step per launch. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-verbose" } */
void f (int X, int Y, int T, float (*p)[Y], float (*q)[Y], float *res)
{
  int t, x, y;
  float r = 0;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(+:r) /* { dg-message "pipeline" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-message "kernel 1: 2 loops, .*; one step per launch: the pipeline has a reduction" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  { q[x][y] = (p[x - 1][y] + p[x + 1][y]) * 0.5f; r += q[x][y]; }
#pragma pacc loop dim(2) /* { dg-message "kernel 2" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  p[x][y] = q[x][y];
    }
  *res = r;
}
