/* { dg-do compile } */
/* A point write one row past the rows size gives, both constants: the
   chunks hold only size's rows, so the row is checked at compile time,
   at the write.  */
#define X 24
#define Y 16
double e[X + 1][Y];
void f (int T)
{
  int t, x, y;
#pragma pacc pipeline targetinout(e) size([0:X][0:Y]) halo([0:0][0:0]) /* { dg-message "the pipeline whose 'size' clause gives the rows" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  e[x][y] = 0.5 * e[x][y];
      e[X][Y / 2] = 1.0; /* { dg-error "kernel 2 touches rows 24 to 24 of the first dimension, outside the rows 0 to 23 that 'size' gives" } */
    }
}
