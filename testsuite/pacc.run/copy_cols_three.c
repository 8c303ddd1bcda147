/* -fplugin-arg-pacc-copy-cols=3: three columns per thread in copy-like
   (row, segment) kernels, segments of 1536 columns.  The cases of
   copy_segments.c: results must equal the sequential ones.  */
/* { dg-pacc-options "-fplugin-arg-pacc-copy-cols=3" } */

#include "copy_segments.c"
