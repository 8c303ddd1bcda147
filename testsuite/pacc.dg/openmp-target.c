/* { dg-do compile } */
/* { dg-options "-fopenmp" } */
/* OpenMP threads on the host are fine beside PACC (-fopenmp leaves the
   options of the offload image); an OpenMP target region is not: GCC 12
   builds an OpenACC or an OpenMP offload image, not both.  */
void
f (int n, float *a)
{
  int i;
#pragma omp parallel for
  for (i = 0; i < n; i++)
    a[i] = i;
#pragma omp target map(tofrom: a[0:n]) /* { dg-error "an OpenMP 'target' region in a program built with '-fopenacc'" } */
  for (i = 0; i < n; i++)
    a[i] *= 2;
}
