/* -fplugin-arg-pacc-pairs=4: four iterations per thread in copy-like
   vector loops kept as rows to gangs (-fplugin-arg-pacc-copy-cols=0), more than some rows have (1 and 2 columns): the
   iterations past the end load the last element and store nothing.
   The cases of paired_copies.c: results must equal the sequential
   ones.  */
/* { dg-pacc-options "-fplugin-arg-pacc-pairs=4 -fplugin-arg-pacc-copy-cols=0" } */

#include "paired_copies.c"
