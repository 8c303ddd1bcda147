/* { dg-do compile } */
/* A function with `#pragma pacc loop' nests that no pipeline calls (a
   plain call outside any pipeline): its loops are still outside a
   pipeline (issue 45 item 2).  */
static void
step (int X, int Y, double (*out)[Y], const double (*in)[Y])
{
#pragma pacc loop dim(2) /* { dg-error "'#pragma pacc loop' outside a '#pragma pacc pipeline' time loop" } */
  for (int x = 1; x < X - 1; x++)
#pragma pacc loop dim(1) /* { dg-error "'#pragma pacc loop' outside a '#pragma pacc pipeline' time loop" } */
    for (int y = 1; y < Y - 1; y++)
      out[x][y] = 0.5 * (in[x - 1][y] + in[x + 1][y]);
}

void
f (int X, int Y, double (*a)[Y], double (*b)[Y])
{
  step (X, Y, b, a);
}
