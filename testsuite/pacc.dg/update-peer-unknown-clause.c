/* { dg-do compile } */
void f (float *p)
{
#pragma pacc update peer to(p[0:4]) to_device(1) from(p[0:4]) from_device(0) if(1) /* { dg-error "unknown clause 'if' in '#pragma pacc update peer'" } */
}
