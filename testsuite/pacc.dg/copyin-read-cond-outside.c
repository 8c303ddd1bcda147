/* { dg-do compile } */
/* A read of a copyin array under a condition that still reaches past
   the section (`x < X - 1 ? w[x + 1] : w[x]' over x up to X - 1 reads
   w[X - 1] in both arms, the section ends at X - 2): a read under a
   condition counts where the condition lets it run; it was not checked
   at all (issue 48).  */
#define X 40
#define Y 30

static double a[X][Y], b[X][Y], w[X];

void
f (int T)
{
  int t, x, y;
#pragma pacc pipeline targetinout(a) targettemp(b) size([0:X][0:Y]) halo([1:1][1:1]) copyin(w[0:X-1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  b[x][y] = a[x][y] * (x < X - 1 ? w[x + 1] : w[x]); /* { dg-error "kernel 1 reads .w.2.. to .w.39.., outside the section .w.0:39.. that .copyin. gives" } */
	  /* { dg-error "kernel 1 reads .w.39.., outside the section" "" { target *-*-* } 23 } */
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  a[x][y] = b[x][y];
    }
}
