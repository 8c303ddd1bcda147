/* -fplugin-arg-pacc-pairs=8: eight iterations per thread in copy-like
   vector loops kept as rows to gangs (-fplugin-arg-pacc-copy-cols=0).  The kernel of the first loop then needs more registers
   (140 for sm_90) than a block of its 16 x 32 threads may have, so on a
   GPU libpacc compiles it again to fit the block (cuda-launch.c,
   compile_to_fit) instead of failing with
   CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES.  The cases of paired_copies.c:
   results must equal the sequential ones.  */
/* { dg-pacc-options "-fplugin-arg-pacc-pairs=8 -fplugin-arg-pacc-copy-cols=0" } */

#include "paired_copies.c"
