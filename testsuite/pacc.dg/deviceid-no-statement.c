/* { dg-do compile } */
void f (void)
{
  int x = 0;
  x++;
#pragma pacc deviceid(0) /* { dg-error "'#pragma pacc deviceid' must be followed by a statement" } */
}
