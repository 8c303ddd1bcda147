/* Slabs of different heights: rank r owns 6 + 9r rows (growing), then
   6 + 9(N - 1 - r) (shrinking), so that the thinnest slab is at either
   end; and a split where rank 1 has far more rows than the others.  The
   automatic k must fit the thinnest neighbour.  */
/* { mpi-np "1 2 3 4" } */
/* { mpi-env "" "PACC_DEVICE_MEMORY=4K" "PACC_K=2 PACC_DEVICE_MEMORY=6K" } */

#include "mpi-check.h"

static void
run (MPI_Comm comm, const long *table, int Y, int T, unsigned seed)
{
  int rank, size, t, x, y;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);
  const int G = 1;
  long base, N, own = mc_split_table (table, rank, size, &base, &N);
  long nloc = own + 2 * G, NG = N + 2 * G;

  float (*p)[Y] = mc_alloc (sizeof (float[nloc][Y]));
  float (*q)[Y] = mc_alloc (sizeof (float[nloc][Y]));
  mc_fill_float (&p[0][0], nloc, Y, base, seed);
  mc_fill_float (&q[0][0], nloc, Y, base, seed + 1);

#pragma pacc pipeline targetinout(p, q) size([0:nloc][0:Y]) halo([1:1][1:1]) mpi(comm, G) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < nloc - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25f;
      float (*tmp)[Y] = p;
      p = q;
      q = tmp;
    }

  float (*gp)[Y] = NULL, (*gq)[Y] = NULL;
  if (rank == 0)
    {
      gp = mc_alloc (sizeof (float[NG][Y]));
      gq = mc_alloc (sizeof (float[NG][Y]));
      mc_fill_float (&gp[0][0], NG, Y, 0, seed);
      mc_fill_float (&gq[0][0], NG, Y, 0, seed + 1);
      for (t = 0; t < T; t++)
        {
          for (x = 1; x < NG - 1; x++)
            for (y = 1; y < Y - 1; y++)
              gq[x][y] = (gp[x - 1][y] + gp[x + 1][y] + gp[x][y - 1] + gp[x][y + 1]) * 0.25f;
          float (*tmp)[Y] = gp;
          gp = gq;
          gq = tmp;
        }
    }
  char name[64];
  snprintf (name, sizeof name, "split %ld,%ld,... p", table[0], size > 1 ? table[1] : 0L);
  mc_check_rows (comm, name, p, nloc, G, base, NG, sizeof p[0], gp, 1);
  snprintf (name, sizeof name, "split %ld,%ld,... q", table[0], size > 1 ? table[1] : 0L);
  mc_check_rows (comm, name, q, nloc, G, base, NG, sizeof q[0], gq, 1);
  free (p);
  free (q);
  free (gp);
  free (gq);
}

int
main (int argc, char **argv)
{
  mc_init (&argc, &argv);
  MPI_Comm comm = MPI_COMM_WORLD;
  int size;
  MPI_Comm_size (comm, &size);
  long *table = mc_alloc (size * sizeof *table);

  for (int r = 0; r < size; r++)
    table[r] = 6 + 9 * r;
  run (comm, table, 29, 12, 51);
  for (int r = 0; r < size; r++)
    table[r] = 6 + 9 * (size - 1 - r);
  run (comm, table, 29, 12, 53);
  for (int r = 0; r < size; r++)
    table[r] = r == 1 ? 60 : 6;
  run (comm, table, 23, 9, 55);
  free (table);
  return mc_finish ();
}
