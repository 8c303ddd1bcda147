/* { dg-do compile } */
void f (void)
{
#pragma pacc deviceid 1 /* { dg-error "expected '\\(' before 'number' in '#pragma pacc deviceid'" } */
  ;
}
