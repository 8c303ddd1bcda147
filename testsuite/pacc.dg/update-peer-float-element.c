/* { dg-do compile } */
/* A section bound may read an array element, but only an integer one.  */
void f (float *p, float *lo, long *ok, int d)
{
#pragma pacc update peer to(p[ok[d]:4]) to_device(1) from(p[ok[d]:4]) from_device(0)
#pragma pacc update peer to(p[lo[d]:4]) to_device(1) from(p[0:4]) from_device(0) /* { dg-error "'lo' is not an array of integers" } */
}
