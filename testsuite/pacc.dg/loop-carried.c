/* { dg-do compile } */
/* An in-place sweep (Gauss-Seidel): refused, naming the read and the
   write, with no hint that would change the result.  */
void f (int X, int T, float *p)
{
  int t, x;
#pragma pacc pipeline targetinout(p) size([0:X]) halo([1:0])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 1; x < X; x++)
	p[x] = p[x - 1] * 0.5f; /* { dg-error "'p' is read at \\\[x-1\\\], where this '#pragma pacc loop' also writes it at \\\[x\\\]: a loop-carried dependence \\(as in an in-place Gauss-Seidel sweep\\); the iterations of a pipeline step run in parallel and may read only the values of the previous step of an array the step writes" } */
    }
}
