/* { dg-do compile } */
void f (float *p)
{
#pragma pacc update peer to(p) to_device(1) from(p) from_device(0) /* { dg-error "'p' in 'to' clause is a pointer: give the section to copy, 'p\\\[lo:len\\\]'" } */
}
