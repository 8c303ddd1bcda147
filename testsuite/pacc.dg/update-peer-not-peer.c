/* { dg-do compile } */
void f (float *p)
{
#pragma pacc update device(p) /* { dg-error "expected 'peer' after '#pragma pacc update'" } */
}
