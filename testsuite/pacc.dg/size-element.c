/* { dg-do compile } */
/* Array elements are for the multi-device directives; a pipeline's size
   clause takes variables and constants (the region checks take it
   apart).  */
void f (float *p, float *q, int *n)
{
  int t, i;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:n[0]]) /* { dg-error "'n' is not an integer variable or constant" } */
  for (t = 0; t < 4; t++)
    {
#pragma pacc loop dim(1)
      for (i = 1; i < 9; i++)
	q[i] = p[i];
    }
}
