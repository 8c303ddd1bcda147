/* { dg-do compile } */
/* An index local changed after its definition (i++) is not read
   through its definition: the index stays unanalysed, and the message
   names the local and where it changes.  */
void f (int X, int Y, int T, double *u, double *v)
{
  int t, x, y;
#pragma pacc pipeline targetinout(u, v) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  {
	    int i = x * Y + y;
	    i++; /* { dg-message ".i. is changed here" } */
	    v[i] = u[i - Y] + u[i + Y]; /* { dg-error "cannot analyse the index of .u.: it reads .i., which the loop nest changes after defining it" } */
	    /* { dg-error "index of .v.: it reads .i." "" { target *-*-* } 18 } */
	  }
    }
}
