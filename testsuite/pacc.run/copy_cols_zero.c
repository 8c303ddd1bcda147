/* -fplugin-arg-pacc-copy-cols=0: copy-like loops keep rows to gangs and
   two iterations per thread (as before they became (row, segment)
   kernels).  The cases of copy_segments.c: results must equal the
   sequential ones.  */
/* { dg-pacc-options "-fplugin-arg-pacc-copy-cols=0" } */

#include "copy_segments.c"
