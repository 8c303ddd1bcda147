/* { dg-do compile } */
/* An inner loop stepping away from its constant bound never ends (the
   offload compiler crashed on it).  */
void f (int X, int T, float (*p)[32])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) size([0:X][0:32])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
	for (y = 10; y < 20; y--) /* { dg-error "this '#pragma pacc loop' never ends: 'y' starts at 10, below its bound 20, and its step -1 moves it away from the bound; step it up \\('y\\+\\+'\\)" } */
	  p[x][y] = p[x][y] * 0.5f;
    }
}
