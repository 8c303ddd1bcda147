/* { dg-do compile } */
/* With one dimension a point write becomes a nest over its element
   alone: a read of the array at an unrelated index (here a second
   position) cannot be expressed from it.  */
void f (int n, int T, double *u, int ic, int jc)
{
  int t, x;
#pragma pacc pipeline targetinout(u) size([0:n]) halo([1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 0; x < n; x++)
	u[x] = 0.5 * u[x];
      u[ic] = u[jc]; /* { dg-error "this write to one element of 'u' in the time step of a '#pragma pacc pipeline' reads 'u' at an index that is not the written one plus a constant" } */
    }
}
