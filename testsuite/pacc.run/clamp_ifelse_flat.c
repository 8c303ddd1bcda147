/* srad style: flat float arrays, the region in a static function, the
   neighbours clamped with if/else on the loop variables (the else
   branch is the complement of the condition), at both ends of the rows
   and of the columns, all cells computed.  Refused at entry before
   ("kernel 1 touches rows -1 to ...") though no branch taken reads
   outside the grid.  */

#include "pacc-check.h"

static void
diffuse (float *J, float *D, int rows, int cols, int steps)
{
  int t, i, j;

#pragma pacc pipeline targetinout(J) targettemp(D) size([0:rows][0:cols]) halo([2:2][1:1])
  for (t = 0; t < steps; t++)
    {
#pragma pacc loop dim(2)
      for (i = 0; i < rows; i++)
#pragma pacc loop dim(1)
        for (j = 0; j < cols; j++)
          {
            float c = J[i * cols + j];
            float n, s, w, e;
            if (i > 0)
              n = J[(i - 1) * cols + j];
            else
              n = c;
            if (i >= rows - 1)
              s = c;
            else
              s = J[(i + 1) * cols + j];
            if (!(j == 0))
              w = J[i * cols + j - 1];
            else
              w = c;
            if (j < cols - 1 && i >= 0)
              e = J[i * cols + j + 1];
            else
              e = c;
            D[i * cols + j] = (n + s + w + e - 4.0f * c) / (c * c + 1.0f);
          }
#pragma pacc loop dim(2)
      for (i = 0; i < rows; i++)
#pragma pacc loop dim(1)
        for (j = 0; j < cols; j++)
          {
            float dn, ds;
            if (i == 0)
              dn = D[i * cols + j];
            else
              dn = D[(i - 1) * cols + j];
            if (i != rows - 1)
              ds = D[(i + 1) * cols + j];
            else
              ds = D[i * cols + j];
            J[i * cols + j] += 0.05f * (D[i * cols + j] + dn + ds);
          }
    }
}

int
main (void)
{
  int rows = 45, cols = 19;
  float *J = pc_alloc (sizeof (float) * rows * cols);
  float *D = pc_alloc (sizeof (float) * rows * cols);
  pc_init_float (J, (long) rows * cols, 31);
  pc_init_float (D, (long) rows * cols, 32);
  diffuse (J, D, rows, cols, 9);
  pc_dump_float ("J", J, (long) rows * cols);
  free (J);
  free (D);
  return 0;
}
