/* Reductions across the ranks, read after the region on every rank:
   maxd: reduction(max:err), the largest |change| of the last step (reset
   at each step; a max of doubles is exact whatever the order);
   count: reduction(+:sum) on a long over an integer stencil, accumulated
   over all steps on top of the value before the region (which the global
   run counts once);
   top: reduction(max:m) on an int, accumulated from the value before
   the region.  */
/* { mpi-np "1 2 3 4" } */
/* { mpi-env "" "PACC_K=1 PACC_DEVICE_MEMORY=8K" "PACC_K=3 PACC_DEVICE_MEMORY=16K" } */

#include "mpi-check.h"

static void
maxd (MPI_Comm comm, long N, int Y, int T)
{
  int rank, size, t, x, y;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);
  const int G = 1;
  long base, own = mc_split_even (N, rank, size, &base);
  long nloc = own + 2 * G, NG = N + 2 * G;
  double err = -1.0;

  double (*p)[Y] = mc_alloc (sizeof (double[nloc][Y]));
  double (*q)[Y] = mc_alloc (sizeof (double[nloc][Y]));
  mc_fill_double (&p[0][0], nloc, Y, base, 41);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:nloc][0:Y]) halo([1:1][1:1]) reduction(max:err) mpi(comm, G) async
  for (t = 0; t < T; t++)
    {
      err = 0.0;
#pragma pacc loop dim(2)
      for (x = 1; x < nloc - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25;
            err = fmax (err, fabs (q[x][y] - p[x][y]));
          }
#pragma pacc loop dim(2)
      for (x = 1; x < nloc - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }

  double (*gp)[Y] = NULL, (*gq)[Y] = NULL, gerr = -1.0;
  if (rank == 0)
    {
      gp = mc_alloc (sizeof (double[NG][Y]));
      gq = mc_alloc (sizeof (double[NG][Y]));
      mc_fill_double (&gp[0][0], NG, Y, 0, 41);
      for (t = 0; t < T; t++)
        {
          gerr = 0.0;
          for (x = 1; x < NG - 1; x++)
            for (y = 1; y < Y - 1; y++)
              {
                gq[x][y] = (gp[x - 1][y] + gp[x + 1][y] + gp[x][y - 1] + gp[x][y + 1]) * 0.25;
                gerr = fmax (gerr, fabs (gq[x][y] - gp[x][y]));
              }
          for (x = 1; x < NG - 1; x++)
            for (y = 1; y < Y - 1; y++)
              gp[x][y] = gq[x][y];
        }
    }
  mc_check_double (comm, "maxd err", err, gerr);
  mc_check_rows (comm, "maxd p", p, nloc, G, base, NG, sizeof p[0], gp, 1);
  free (p);
  free (q);
  free (gp);
  free (gq);
}

static void
count (MPI_Comm comm, long N, int Y, int T)
{
  int rank, size, t, x, y;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);
  const int G = 1;
  long base, own = mc_split_even (N, rank, size, &base);
  long nloc = own + 2 * G, NG = N + 2 * G;
  long sum = 1000003;

  int (*a)[Y] = mc_alloc (sizeof (int[nloc][Y]));
  int (*b)[Y] = mc_alloc (sizeof (int[nloc][Y]));
  mc_fill_int (&a[0][0], nloc, Y, base, 43);
  mc_fill_int (&b[0][0], nloc, Y, base, 44);

#pragma pacc pipeline targetinout(a, b) size([0:nloc][0:Y]) halo([1:1][1:1]) reduction(+:sum) mpi(comm, G)
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < nloc - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            b[x][y] = (a[x - 1][y] + 3 * a[x][y] + a[x + 1][y] + a[x][y - 1] + a[x][y + 1] + t) % 1009;
            sum += b[x][y];
          }
      int (*c)[Y] = a;
      a = b;
      b = c;
    }

  long gsum = 1000003;
  int (*ga)[Y] = NULL, (*gb)[Y] = NULL;
  if (rank == 0)
    {
      ga = mc_alloc (sizeof (int[NG][Y]));
      gb = mc_alloc (sizeof (int[NG][Y]));
      mc_fill_int (&ga[0][0], NG, Y, 0, 43);
      mc_fill_int (&gb[0][0], NG, Y, 0, 44);
      for (t = 0; t < T; t++)
        {
          for (x = 1; x < NG - 1; x++)
            for (y = 1; y < Y - 1; y++)
              {
                gb[x][y] = (ga[x - 1][y] + 3 * ga[x][y] + ga[x + 1][y] + ga[x][y - 1] + ga[x][y + 1] + t) % 1009;
                gsum += gb[x][y];
              }
          int (*c)[Y] = ga;
          ga = gb;
          gb = c;
        }
    }
  mc_check_long (comm, "count sum", sum, gsum);
  mc_check_rows (comm, "count a", a, nloc, G, base, NG, sizeof a[0], ga, 1);
  mc_check_rows (comm, "count b", b, nloc, G, base, NG, sizeof b[0], gb, 1);
  free (a);
  free (b);
  free (ga);
  free (gb);
}

static void
top (MPI_Comm comm, long N, int Y, int T)
{
  int rank, size, t, x, y;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);
  const int G = 1;
  long base, own = mc_split_even (N, rank, size, &base);
  long nloc = own + 2 * G, NG = N + 2 * G;
  int m = -5;

  int (*a)[Y] = mc_alloc (sizeof (int[nloc][Y]));
  int (*b)[Y] = mc_alloc (sizeof (int[nloc][Y]));
  mc_fill_int (&a[0][0], nloc, Y, base, 45);

#pragma pacc pipeline targetinout(a) targettemp(b) size([0:nloc][0:Y]) halo([1:1][1:1]) reduction(max:m) mpi(comm, G) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < nloc - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            b[x][y] = (a[x - 1][y] + a[x + 1][y] + 2 * a[x][y] + a[x][y - 1] + a[x][y + 1]) / 6 + (y + t) % 7;
            m = b[x][y] - 3 * t > m ? b[x][y] - 3 * t : m;
          }
#pragma pacc loop dim(2)
      for (x = 1; x < nloc - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          a[x][y] = b[x][y];
    }

  int gm = -5;
  int (*ga)[Y] = NULL, (*gb)[Y] = NULL;
  if (rank == 0)
    {
      ga = mc_alloc (sizeof (int[NG][Y]));
      gb = mc_alloc (sizeof (int[NG][Y]));
      mc_fill_int (&ga[0][0], NG, Y, 0, 45);
      for (t = 0; t < T; t++)
        {
          for (x = 1; x < NG - 1; x++)
            for (y = 1; y < Y - 1; y++)
              {
                gb[x][y] = (ga[x - 1][y] + ga[x + 1][y] + 2 * ga[x][y] + ga[x][y - 1] + ga[x][y + 1]) / 6 + (y + t) % 7;
                gm = gb[x][y] - 3 * t > gm ? gb[x][y] - 3 * t : gm;
              }
          for (x = 1; x < NG - 1; x++)
            for (y = 1; y < Y - 1; y++)
              ga[x][y] = gb[x][y];
        }
    }
  mc_check_long (comm, "top m", m, gm);
  mc_check_rows (comm, "top a", a, nloc, G, base, NG, sizeof a[0], ga, 1);
  free (a);
  free (b);
  free (ga);
  free (gb);
}

int
main (int argc, char **argv)
{
  mc_init (&argc, &argv);
  MPI_Comm comm = MPI_COMM_WORLD;
  maxd (comm, 161, 33, 10);
  count (comm, 199, 27, 13);
  top (comm, 181, 25, 12);
  return mc_finish ();
}
