/* { dg-do compile } */
/* Constant loop bounds and a constant size: the decomposed loop's rows,
   widened by its offsets, are checked at compile time.  */
void f (int T, double (*p)[13], double (*q)[13])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:20][0:13]) halo([1:1][0:0]) /* { dg-message "the pipeline whose 'size' clause gives the rows" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-error "kernel 1 touches rows 0 to 36 of the first dimension, outside the rows 0 to 19 that 'size' gives \\('\\\[0:20\\\]'\\)" } */
      for (x = 1; x < 36; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < 13; y++)
	  q[x][y] = 0.5 * (p[x - 1][y] + p[x + 1][y]);
#pragma pacc loop dim(2)
      for (x = 1; x < 19; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < 13; y++)
	  p[x][y] = q[x][y];
    }
}
