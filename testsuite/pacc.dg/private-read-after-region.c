/* { dg-do compile } */
/* The sequential program leaves the last iteration's value in `tmp',
   which the function returns: a pipeline cannot give it.  */
double f (int X, int T, double *p, double *q)
{
  int t, x;
  double tmp;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1) /* { dg-message "the nest that assigns 'tmp'" } */
      for (x = 1; x < X - 1; x++)
	{
	  tmp = p[x - 1] + p[x + 1];
	  q[x] = 0.5 * tmp;
	}
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	p[x] = q[x];
    }
  return tmp; /* { dg-error "'tmp' is read here, where it may hold the value that a '#pragma pacc loop' nest left in it" } */
}
