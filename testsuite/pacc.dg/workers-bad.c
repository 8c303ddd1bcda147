/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-workers=33" } */
/* { dg-error "'-fplugin-arg-pacc-workers' needs a number of workers from 0 to 32, got '33'" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */
int x;
