/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-reduction-slots=2" } */
/* { dg-error "'-fplugin-arg-pacc-reduction-slots' needs 0 or 1, got '2'" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */
int x;
