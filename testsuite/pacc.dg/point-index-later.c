/* { dg-do compile } */
/* The position of a point source assigned after the write in the step:
   the write would use the previous step's value, which does not flow
   from one step to the next through host variables.  */
void f (int X, int Y, int T, double (*ez)[Y])
{
  int t, x, y, ic = 1;
#pragma pacc pipeline targetinout(ez) size([0:X][0:Y]) halo([1:1][0:0])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  ez[x][y] = 0.5 * ez[x][y];
      ez[ic][Y / 2] = 1.0; /* { dg-error "'ic' is read by this write to one element of a pipelined array before it is assigned in the time step: values may not flow from one time step to the next through host variables; assign it before the write" } */
      ic = 1 + t % (X - 2);
    }
}
