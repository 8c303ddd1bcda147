/* { dg-do compile } */
/* private does not carry a value from one iteration to the next: a read
   that no write comes before on any path has nothing to read.  */
void f (int X, int T, double *p, double *q)
{
  int t, x;
  double acc = 0;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1) private(acc)
      for (x = 1; x < X - 1; x++)
	{
	  acc = acc + p[x - 1]; /* { dg-error "'acc' is listed in 'private' but is read here before any write" } */
	  q[x] = acc;
	}
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	p[x] = q[x];
    }
}
