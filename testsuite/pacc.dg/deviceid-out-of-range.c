/* A constant device number outside 0..INT_MAX is an error where it is
   written: converted to libpacc's int it would name another device.  */
/* { dg-do compile } */

void
f (float *a, float *b)
{
#pragma pacc deviceid(2147483648)	/* { dg-error "'deviceid' 2147483648 is not a device number \\(0 to 2147483647\\)" } */
  a[0] = 1;
#pragma pacc wait device(-1)	/* { dg-error "'wait device' -1 is not a device number" } */
#pragma pacc update peer to(a[0:4]) to_device(1) from(b[0:4]) from_device(4294967296)	/* { dg-error "'from_device' 4294967296 is not a device number" } */
}
