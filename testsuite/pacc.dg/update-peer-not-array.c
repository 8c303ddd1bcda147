/* { dg-do compile } */
void f (int n)
{
#pragma pacc update peer to(n) to_device(1) from(n) from_device(0) /* { dg-error "'n' in 'to' clause is not a variable of pointer or array type" } */
}
