/* { dg-do compile } */
/* A _Float16 scalar read by a nest: the nvptx offload compiler fails
   internally on it at link time; refused here, naming the scalar.  */
void f (int X, int T, float *p, _Float16 h)
{
  int t, x;
#pragma pacc pipeline targetinout(p) size([0:X])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	p[x] = p[x] * h; /* { dg-error "'h' has type '_Float16', which GCC 12's nvptx offload compiler cannot compile, and a '#pragma pacc loop' nest runs on the GPU; use 'double'" } */
    }
}
