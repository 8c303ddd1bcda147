/* -fplugin-arg-pacc-copy-cols=3: three columns per thread in copy-like
   (row, segment) kernels, segments of 768 columns (8 workers).  The cases of
   copy_segments.c: results must equal the sequential ones.  */
/* { dg-pacc-options "-fplugin-arg-pacc-copy-cols=3" } */

#include "copy_segments.c"
