/* { dg-do compile } */
/* A misspelt plugin option is an error that lists the options.  */
/* { dg-options "-fplugin-arg-pacc-worker=8" } */
/* { dg-error "unknown option '-fplugin-arg-pacc-worker'; the options are verbose, gang-static=N, workers=N, group-gangs=N, pairs=N, segments=N, tblock=N, segment-depth=N, seg-cols=N, copy-cols=N, hoist=N, reduction-slots=N" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */
int x;
