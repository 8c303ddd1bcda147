/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-segment-depth=4" } */
/* { dg-error "'-fplugin-arg-pacc-segment-depth' needs 2 or 3 loops, got '4'" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */
int x;
