/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-gang-static=-1" } */
/* { dg-error "'-fplugin-arg-pacc-gang-static' needs a number of rows \\(0: one block of rows per gang\\), got '-1'" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */
int x;
