/* { dg-do compile } */
/* A fixed row and size both constants: the rows are checked at compile
   time (at run time they were written past the chunks' buffers).  */
double p[38][13], q[38][13];
void f (int T)
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:37][0:13]) halo([2:1][0:0]) /* { dg-message "the pipeline whose 'size' clause gives the rows" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1) /* { dg-error "kernel 1 touches rows 36 to 37 of the first dimension, outside the rows 0 to 36 that 'size' gives \\('\\\[0:37\\\]'\\)" } */
      for (y = 0; y < 13; y++)
	p[37][y] = 0.5 * p[36][y];
#pragma pacc loop dim(2)
      for (x = 1; x < 36; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < 13; y++)
	  q[x][y] = 0.5 * (p[x - 1][y] + p[x + 1][y]);
#pragma pacc loop dim(2)
      for (x = 1; x < 36; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < 13; y++)
	  p[x][y] = q[x][y];
    }
}
