/* { dg-do compile } */
/* reduction(max:s), but the nest adds to s: each gang's copy starts at
   the smallest value and the copies are combined by max, which would
   give another answer than the sum.  Refused, naming both operators.  */
void f (int X, int T, double *p)
{
  int t, x;
  double s = 0;
#pragma pacc pipeline targetinout(p) size([0:X]) reduction(max:s)
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	s += p[x]; /* { dg-error "reduction variable 's' is updated with '\\+', but its clause is 'reduction\\(max:s\\)': the update must use the clause's operator; write 's = fmax \\(s, EXPR\\)'" } */
    }
}
