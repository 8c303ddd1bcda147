/* { dg-do compile } */
/* A program's macro named like a clause replaces it in the expanded
   pragma line: the error says so and points at the reserved spelling.  */
#define dim 3 /* { dg-error "expected 'dim' before 'number'" } */
/* { dg-message "this comes from a macro of the program; write the keyword" "" { target *-*-* } 4 } */

void f (int X, int T, double *p, double *q)
{
  int t, x;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
        q[x] = 0.5 * (p[x - 1] + p[x + 1]);
#pragma pacc loop __dim__(1)
      for (x = 1; x < X - 1; x++)
        p[x] = q[x];
    }
}
