/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-hoist=on" } */
/* { dg-error "'-fplugin-arg-pacc-hoist' needs 0 or 1, got 'on'" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */
int x;
