/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-copy-cols=9" } */
/* { dg-error "'-fplugin-arg-pacc-copy-cols' needs a number of columns per thread from 0 to 8, got '9'" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */
int x;
