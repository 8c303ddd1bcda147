/* A heat step on flat double arrays with a macro index and two scalars
   the step does not set is in the class of in-kernel temporal
   blocking.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-verbose" } */
#define IX(i, j) ((i) * NY + (j))
void f (int NX, int NY, int T, double *u, double *v, double a, double h)
{
  int t, i, j;
#pragma pacc pipeline targetinout(u) targettemp(v) size([0:NX][0:NY]) halo([1:1][1:1]) /* { dg-message "pipeline" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-message "kernel 1: 2 loops, .*; in-kernel temporal blocking, kernel 2 its copy-back" } */
      for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(1)
	for (j = 1; j < NY - 1; j++)
	  v[IX (i, j)] = u[IX (i, j)] + a * (u[IX (i - 1, j)] + u[IX (i + 1, j)] - 4.0 * u[IX (i, j)] + u[IX (i, j - 1)] + u[IX (i, j + 1)]) / h;
#pragma pacc loop dim(2) /* { dg-message "kernel 2" } */
      for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(1)
	for (j = 1; j < NY - 1; j++)
	  u[IX (i, j)] = v[IX (i, j)];
    }
}
