/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-gang-static=0" } */
/* { dg-error "'-fplugin-arg-pacc-gang-static' needs a positive number of rows, got '0'" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */
int x;
