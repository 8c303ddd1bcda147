/* { dg-do compile } */
void f (int n)
{
#pragma pacc deviceid(1)
  {
    if (n > 0)
      return; /* { dg-error "jump out of or into a '#pragma pacc deviceid' statement" } */
  }
}
