/* { dg-do compile } */
/* A copyin section past the end of an array whose C type gives its
   extent: the copy to each device read past the array (a segmentation
   fault, issue 48).  An error at the clause when the section and the
   extent are constants; the kernels read inside the section.  */
void f (int X, int T, double *p)
{
  double w[4] = { 0.1, 0.2, 0.3, 0.15 };
  int t, x;
#pragma pacc pipeline targetinout(p) size([0:X]) copyin(w[2:3]) /* { dg-error "the 'copyin' section 'w\\\[2:3\\\]' reaches outside 'w', whose type 'double\\\[4\\\]' has 4 elements along the first dimension" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	p[x] = p[x] * w[2] + w[3];
    }
}
