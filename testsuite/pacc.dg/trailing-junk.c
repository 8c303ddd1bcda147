/* { dg-do compile } */
void f (void)
{
#pragma pacc init now /* { dg-error "unexpected 'now' at the end of '#pragma pacc init'" } */
}
