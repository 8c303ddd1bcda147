/* -fplugin-arg-pacc-seg-cols=3: three columns per thread in (row,
   segment) kernels, segments of 768 columns (8 workers).  The cases of
   row_segments.c, whose row lengths fall below, on and beyond one
   segment: results must equal the sequential ones.  */
/* { dg-pacc-options "-fplugin-arg-pacc-seg-cols=3" } */

#include "row_segments.c"
