/* Each loop nest's host version runs on libpacc's threads and is
   compiled without RTL if-conversion, so that an upwind selection stays
   a branch as in the sequential build; the verbose report says so at
   the nest, beside its kernel note.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-pacc-verbose" } */
#define NX 64
#define NY 48

void
advect (int T, float (*f)[NY], float (*g)[NY], const float (*u)[NY])
{
  int t, x, y;
#pragma pacc pipeline targetinout(f) targettemp(g) targetin(u) size([0:NX][0:NY]) halo([1:1][0:0])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-message "pacc: host version: on the libpacc threads, compiled without if-conversion" } */
      for (x = 1; x < NX - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < NY; y++)
          g[x][y] = f[x][y] - 0.1f * u[x][y]
                              * (u[x][y] >= 0.0f ? f[x][y] - f[x - 1][y]
                                                 : f[x + 1][y] - f[x][y]);
#pragma pacc loop dim(2) /* { dg-message "kernel 2: 2 loops" } */
      for (x = 1; x < NX - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < NY; y++)
          f[x][y] = g[x][y];
    }
}
