/* { dg-do compile } */
/* A fixed-size array passed for a pointer-to-VLA parameter whose extent
   is not the array's: the function indexes the array with other rows
   than the array's own, which the pipeline cannot follow (issue 45
   item 2).  */
#define N 29
#define M 21

static double A[N][M], B[N][M];

static void
step (int X, int Y, double (*out)[Y], const double (*in)[Y])
{
#pragma pacc loop dim(2)
  for (int x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
    for (int y = 1; y < Y - 1; y++)
      out[x][y] = in[x - 1][y] + in[x + 1][y];
}

void
f (int T)
{
  int t;
#pragma pacc pipeline targetinout(A, B) size([0:N][0:M]) halo([1:1][0:0])
  for (t = 0; t < T; t++)
    {
      step (N, M - 1, B, A); /* { dg-error "argument 3 of 'step' in the time step of a '#pragma pacc pipeline' must name an array of the pipeline" } */
      step (N, M, A, B);
    }
}
