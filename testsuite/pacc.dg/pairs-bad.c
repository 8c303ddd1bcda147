/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-pairs=9" } */
/* { dg-error "'-fplugin-arg-pacc-pairs' needs 0 or 1, or 2 to 8 iterations per thread, got '9'" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */
int x;
