/* { dg-do compile } */
/* size may not give an array more rows than its C type has.  */
double p[37][13], q[37][13];
void f (int T)
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:45][0:13]) halo([1:1][0:0]) /* { dg-error "'size' gives 'p' rows 0 to 44 of the first dimension, but its type 'double\\\[37\\\]\\\[13\\\]' has 37 rows" } */
  /* { dg-error "'size' gives 'q' rows 0 to 44" "" { target *-*-* } 7 } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < 36; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < 13; y++)
	  q[x][y] = 0.5 * (p[x - 1][y] + p[x + 1][y]);
#pragma pacc loop dim(2)
      for (x = 1; x < 36; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < 13; y++)
	  p[x][y] = q[x][y];
    }
}
