/* { dg-do compile } */
void f (void)
{
#pragma pacc wait 1 /* { dg-error "expected 'device' after '#pragma pacc wait'" } */
}
