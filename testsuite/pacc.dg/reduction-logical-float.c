/* A logical reduction of a floating variable: GCC 12's nvptx offloading
   stops with an internal compiler error on it, so the plugin refuses it.  */
/* { dg-do compile } */

float p[16][8], q[16][8];

int
main (void)
{
  int t, x, y;
  float ok = 1.0f;
#pragma pacc pipeline targetinout(p, q) size([0:16][0:8]) halo([1:1][0:0]) reduction(&&:ok) /* { dg-error "logical reduction on 'ok', which is not of integer type" } */
  for (t = 0; t < 4; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < 15; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < 8; y++)
          {
            q[x][y] = p[x - 1][y] + p[x + 1][y];
            ok = ok && q[x][y] >= 0.0f;
          }
    }
  return ok == 0.0f;
}
