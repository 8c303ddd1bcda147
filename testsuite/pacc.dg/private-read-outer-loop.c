/* { dg-do compile } */
/* The region runs inside a loop: from the second round on, the read
   before the region sees what the nest left in `v'.  */
double out;
void f (double *p, double *q, int X, int T, int rounds)
{
  double v = 0;
  int r, t, x;
  for (r = 0; r < rounds; r++)
    {
      out += v; /* { dg-error "'v' is read here, where it may hold the value that a '#pragma pacc loop' nest left in it" } */
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
      for (t = 0; t < T; t++)
	{
#pragma pacc loop dim(1)
	  for (x = 1; x < X - 1; x++)
	    {
	      v = p[x - 1] - p[x + 1];
	      q[x] = p[x] + 0.1 * v;
	    }
#pragma pacc loop dim(1)
	  for (x = 1; x < X - 1; x++)
	    p[x] = q[x];
	}
    }
}
