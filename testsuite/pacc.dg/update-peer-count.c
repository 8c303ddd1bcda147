/* { dg-do compile } */
void f (float *p, float *q)
{
#pragma pacc update peer to(p[0:4], q[0:4]) to_device(1) from(p[0:4]) from_device(0) /* { dg-error "'to' lists 2 items but 'from' lists 1" } */
}
