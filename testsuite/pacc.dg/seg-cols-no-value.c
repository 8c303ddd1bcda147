/* { dg-do compile } */
/* An option that takes a number, given without one.  */
/* { dg-options "-fplugin-arg-pacc-seg-cols" } */
/* { dg-error "'-fplugin-arg-pacc-seg-cols' needs a number of columns per thread from 1 to 8, got ''" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */
int x;
