/* -fplugin-arg-pacc-seg-cols=1: one column per thread in (row, segment)
   kernels, segments of 256 columns (8 workers), the chunk pointers read
   once per gang (as before several columns became the default).  The cases of
   row_segments.c: results must equal the sequential ones.  */
/* { dg-pacc-options "-fplugin-arg-pacc-seg-cols=1" } */

#include "row_segments.c"
