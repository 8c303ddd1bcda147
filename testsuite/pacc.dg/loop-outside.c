/* { dg-do compile } */
void f (int X, float *p)
{
  int x;
#pragma pacc loop dim(1) /* { dg-error "'#pragma pacc loop' outside a '#pragma pacc pipeline'" } */
  for (x = 0; x < X; x++)
    p[x] = 0;
}
