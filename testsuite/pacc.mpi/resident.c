/* Resident plans across the ranks: each rank's chunks keep their rows on
   their devices between blocks, so before each exchange the rows the
   neighbouring ranks read are copied from the chunks' buffers to the
   host (pacc_sched_edges_out), and the rows from the neighbours go from
   the side buffers into the chunks' buffers with the halo copies.  The
   program is jacobi2d_swap.c (halo 1, one ghost row, a swap every step),
   here on one device or several emulated ones with peer halos; every
   rank's own and ghost rows must equal the global sequential run.  */
/* { mpi-np "1 2 3 4" } */
/* { mpi-env "PACC_RESIDENT=1 PACC_K=3" "PACC_RESIDENT=1 PACC_K=2 PACC_CHUNKS=3" "PACC_RESIDENT=1 PACC_DEVICES=2 PACC_CHUNKS=2" "PACC_RESIDENT=1 PACC_DEVICES=3 PACC_WORKERS=1 PACC_K=4" } */

#include "jacobi2d_swap.c"
