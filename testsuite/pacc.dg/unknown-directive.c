/* { dg-do compile } */
void f (void)
{
#pragma pacc frobnicate /* { dg-error "unknown pacc directive 'frobnicate'" } */
}
