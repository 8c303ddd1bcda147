/* { dg-do compile } */
/* { dg-options "-fno-openacc" } */
void f (void)
{
#pragma pacc init /* { dg-error "requires '-fopenacc'" } */
}
