/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-group-gangs=16777217" } */
/* { dg-error "'-fplugin-arg-pacc-group-gangs' needs a number of gangs from 0 to 16777216, got '16777217'" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */
int x;
