/* { dg-do compile } */
void f (float *p)
{
#pragma pacc update peer to(p[0:4]) to_device(1) from(p[0:4]) /* { dg-error "'#pragma pacc update peer' without 'from_device' clause" } */
}
