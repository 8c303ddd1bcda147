/* Two ghost rows per side (mpi(comm, 2)) and a halo of 2 rows along the
   decomposed dimension.
   star: a radius-2 star, halo([2:2][2:2]), the kernels on global rows
   [2, NG - 2): every rank loops over its own rows.
   skew: a stencil reading rows x - 1 to x + 2, halo([1:2][1:1]), whose
   kernel covers global rows [1, NG - 2): rank 0's loop starts at its
   (boundary) row 1, the others' at their first own row, 2.  */
/* { mpi-np "1 2 3 4" } */
/* { mpi-env "" "PACC_K=1 PACC_DEVICE_MEMORY=8K" "PACC_K=2 PACC_DEVICE_MEMORY=8K" "PACC_K=3" } */

#include "mpi-check.h"

static void
star (MPI_Comm comm, long N, int Y, int T)
{
  int rank, size, t, x, y;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);
  const int G = 2;
  long base, own = mc_split_even (N, rank, size, &base);
  long nloc = own + 2 * G, NG = N + 2 * G;

  float (*p)[Y] = mc_alloc (sizeof (float[nloc][Y]));
  float (*q)[Y] = mc_alloc (sizeof (float[nloc][Y]));
  mc_fill_float (&p[0][0], nloc, Y, base, 11);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:nloc][0:Y]) halo([2:2][2:2]) mpi(comm, G) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = G; x < nloc - G; x++)
#pragma pacc loop dim(1)
        for (y = 2; y < Y - 2; y++)
          q[x][y] = 0.25f * p[x][y]
                    + 0.125f * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1])
                    + 0.0625f * (p[x - 2][y] + p[x + 2][y] + p[x][y - 2] + p[x][y + 2]);
#pragma pacc loop dim(2)
      for (x = G; x < nloc - G; x++)
#pragma pacc loop dim(1)
        for (y = 2; y < Y - 2; y++)
          p[x][y] = q[x][y];
    }

  float (*gp)[Y] = NULL, (*gq)[Y] = NULL;
  if (rank == 0)
    {
      gp = mc_alloc (sizeof (float[NG][Y]));
      gq = mc_alloc (sizeof (float[NG][Y]));
      mc_fill_float (&gp[0][0], NG, Y, 0, 11);
      for (t = 0; t < T; t++)
        {
          for (x = 2; x < NG - 2; x++)
            for (y = 2; y < Y - 2; y++)
              gq[x][y] = 0.25f * gp[x][y]
                         + 0.125f * (gp[x - 1][y] + gp[x + 1][y] + gp[x][y - 1] + gp[x][y + 1])
                         + 0.0625f * (gp[x - 2][y] + gp[x + 2][y] + gp[x][y - 2] + gp[x][y + 2]);
          for (x = 2; x < NG - 2; x++)
            for (y = 2; y < Y - 2; y++)
              gp[x][y] = gq[x][y];
        }
    }
  mc_check_rows (comm, "star p", p, nloc, G, base, NG, sizeof p[0], gp, 1);
  free (p);
  free (q);
  free (gp);
  free (gq);
}

static void
skew (MPI_Comm comm, long N, int Y, int T)
{
  int rank, size, t, x, y;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);
  const int G = 2;
  long base, own = mc_split_even (N, rank, size, &base);
  long nloc = own + 2 * G, NG = N + 2 * G;
  /* The kernel's global rows are [1, NG - 2): on rank 0 from its local
     row 1, on the others from their first own row.  */
  int x0 = rank == 0 ? 1 : G;

  double (*p)[Y] = mc_alloc (sizeof (double[nloc][Y]));
  double (*q)[Y] = mc_alloc (sizeof (double[nloc][Y]));
  mc_fill_double (&p[0][0], nloc, Y, base, 21);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:nloc][0:Y]) halo([1:2][1:1]) mpi(comm, G)
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = x0; x < nloc - 2; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = 0.375 * p[x][y] + 0.25 * p[x - 1][y] + 0.125 * p[x + 2][y]
                    + 0.125 * p[x + 1][y] + 0.0625 * (p[x][y - 1] + p[x][y + 1]);
#pragma pacc loop dim(2)
      for (x = x0; x < nloc - 2; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }

  double (*gp)[Y] = NULL, (*gq)[Y] = NULL;
  if (rank == 0)
    {
      gp = mc_alloc (sizeof (double[NG][Y]));
      gq = mc_alloc (sizeof (double[NG][Y]));
      mc_fill_double (&gp[0][0], NG, Y, 0, 21);
      for (t = 0; t < T; t++)
        {
          for (x = 1; x < NG - 2; x++)
            for (y = 1; y < Y - 1; y++)
              gq[x][y] = 0.375 * gp[x][y] + 0.25 * gp[x - 1][y] + 0.125 * gp[x + 2][y]
                         + 0.125 * gp[x + 1][y] + 0.0625 * (gp[x][y - 1] + gp[x][y + 1]);
          for (x = 1; x < NG - 2; x++)
            for (y = 1; y < Y - 1; y++)
              gp[x][y] = gq[x][y];
        }
    }
  mc_check_rows (comm, "skew p", p, nloc, G, base, NG, sizeof p[0], gp, 1);
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
  star (comm, 153, 29, 11);
  skew (comm, 127, 31, 12);
  return mc_finish ();
}
