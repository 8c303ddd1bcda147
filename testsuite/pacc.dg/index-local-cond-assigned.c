/* { dg-do compile } */
/* An index local assigned again under a condition holds one of two
   values at its use: refused, naming it.  */
#define N 64

void f (int T, float *a, float *b)
{
  int t, x, y;
#pragma pacc pipeline targetinout(a, b) size([0:N][0:N]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < N - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < N - 1; y++)
	  {
	    long c = (long) x * N + y;
	    if (y > 5)
	      c = x * N; /* { dg-message ".c. is changed here" } */
	    b[c] = a[c - 1]; /* { dg-error "cannot analyse the index of .a.: it reads .c., which the loop nest changes" } */
	    /* { dg-error "index of .b.: it reads .c." "" { target *-*-* } 20 } */
	  }
    }
}
