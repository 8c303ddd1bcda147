/* -fplugin-arg-pacc-segment-depth=2: the three-level nests of
   plane_segments.c run as (plane, row group) pairs to gangs, as before
   they could be segmented.  Results must equal the sequential ones.  */
/* { dg-pacc-options "-fplugin-arg-pacc-segment-depth=2" } */

#include "plane_segments.c"
