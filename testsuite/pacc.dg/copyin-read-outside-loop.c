/* { dg-do compile } */
/* A copyin array read at a loop variable plus a constant, in loops whose
   bounds are constants, against a constant section: c[x + 1] for x from
   1 to 18 reads c[2] to c[19], and copyin gives c[0:10] only.  An error
   at the read naming the elements (issue 48).  */
void f (int T, double (*p)[13], double (*q)[13], const double *c)
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:20][0:13]) halo([1:1][0:0]) copyin(c[0:10])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < 19; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < 13; y++)
	  q[x][y] = c[x + 1] * (p[x - 1][y] + p[x + 1][y]); /* { dg-error "kernel 1 reads 'c\\\[2\\\]' to 'c\\\[19\\\]', outside the section 'c\\\[0:10\\\]' that 'copyin' gives" } */
#pragma pacc loop dim(2)
      for (x = 1; x < 19; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < 13; y++)
	  p[x][y] = q[x][y];
    }
}
