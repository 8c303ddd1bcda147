/* { dg-do compile } */
/* A transposed access, u[j][i-1] where i is the decomposed loop's
   variable, with rows through a pointer to rows, a flat pointer and a
   fixed-size array: the error names the first index's variable and the
   decomposed one.  */
#define N 32
double U[N][N], V[N][N];
void f (int T, double (*u)[N], double (*v)[N], double *w, double *z)
{
  int t, i, j;
#pragma pacc pipeline targetinout(u) targettemp(v) size([0:N][0:N]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (i = 1; i < N - 1; i++)
#pragma pacc loop dim(1)
	for (j = 1; j < N - 1; j++)
	  v[i][j] = u[j][i - 1]; /* { dg-error "the first index of 'u' is 'j', the variable of the 'dim\\(1\\)' loop; it must be 'i', the variable of the decomposed loop \\('dim\\(2\\)'\\), plus a constant" } */
    }
#pragma pacc pipeline targetinout(w) targettemp(z) size([0:N][0:N]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (i = 1; i < N - 1; i++)
#pragma pacc loop dim(1)
	for (j = 1; j < N - 1; j++)
	  z[i * N + j] = w[j * N + i - 1]; /* { dg-error "the first index of 'w' is 'j'" } */
    }
#pragma pacc pipeline targetinout(U) targettemp(V) size([0:N][0:N]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (i = 1; i < N - 1; i++)
#pragma pacc loop dim(1)
	for (j = 1; j < N - 1; j++)
	  V[i][j] = U[j][i - 1]; /* { dg-error "the first index of 'U' is 'j'" } */
    }
}
