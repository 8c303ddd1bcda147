/* -fplugin-arg-pacc-pairs=3: three iterations per thread in copy-like
   vector loops kept as rows to gangs (-fplugin-arg-pacc-copy-cols=0) (y, y + h, y + 2h with h a third of the loop, rounded
   up), every load first.  The cases of paired_copies.c, whose row
   lengths (37, 64, 1, 2) are not multiples of three: results must equal
   the sequential ones.  */
/* { dg-pacc-options "-fplugin-arg-pacc-pairs=3 -fplugin-arg-pacc-copy-cols=0" } */

#include "paired_copies.c"
