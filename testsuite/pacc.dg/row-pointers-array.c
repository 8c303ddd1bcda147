/* { dg-do compile } */
/* A fixed-size array of row pointers in targetin: refused likewise.  */
#define N 16
#define M 12

void f (int T, double *rows[N], double (*out)[M])
{
  int t, i, j;
#pragma pacc pipeline targetin(rows) targetinout(out) size([0:N][0:M]) halo([0:0][0:0]) /* { dg-error "'rows' in 'targetin' clause has type 'double \\*\\*', an array of row pointers" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (i = 0; i < N; i++)
#pragma pacc loop dim(1)
        for (j = 0; j < M; j++)
          out[i][j] += rows[i][j];
    }
}
