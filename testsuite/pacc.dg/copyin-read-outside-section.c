/* { dg-do compile } */
/* Each device holds only the section that copyin gives, and the kernels
   index it with the program's indices: a read outside the section read
   memory next to the device's copy (another answer, -nan with two
   devices).  With a constant index and a constant section, an error at
   the read, here w[0] with the section w[1:4] (issue 48).  */
void f (int X, int Y, int T, double *u, double *v)
{
  double w[5] = { 0.1, 0.2, 0.3, 0.15, 0.05 };
  int t, x, y;
#pragma pacc pipeline targetinout(u) targettemp(v) size([0:X][0:Y]) halo([1:1][1:1]) copyin(w[1:4])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  v[x * Y + y] = w[0] * u[(x - 1) * Y + y] /* { dg-error "kernel 1 reads 'w\\\[0\\\]', outside the section 'w\\\[1:4\\\]' that 'copyin' gives" } */
			 + w[1] * u[(x + 1) * Y + y] + w[4] * u[x * Y + y];
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  u[x * Y + y] = v[x * Y + y];
    }
}
