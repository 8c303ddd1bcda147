/* { dg-do compile } */
/* A point source switched by a flag read from memory in the condition:
   the condition is evaluated again for every chunk's sub-step, so it
   must come from scalars.  */
void f (int X, int Y, int T, double (*ez)[Y], const char *on)
{
  int t, x, y;
#pragma pacc pipeline targetinout(ez) size([0:X][0:Y]) halo([1:1][0:0])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  ez[x][y] = 0.5 * ez[x][y];
      if (on[t]) /* { dg-error "the condition of this write to one element of a pipelined array in the time step of a '#pragma pacc pipeline' reads memory, calls a function or has side effects; compute it into a scalar first" } */
	ez[X / 2][Y / 2] = 1.0;
    }
}
