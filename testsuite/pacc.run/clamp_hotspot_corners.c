/* Rodinia hotspot's single_iteration (OpenMP version) ported by adding
   the pragma lines: flat arrays, a chain of else-ifs for the four
   corners, the four edges and the interior, each reading only the
   neighbours that exist (`temp[c+1]', `temp[col]' at the corner
   r == 0 && c == 0, constant offsets, ...).  The interior's branch lies
   under the complements of the edges' conditions.  */

#include "pacc-check.h"

#define ROWS 43
#define COLS 18

static void
single_iteration (double *result, double *temp, double *power, int row,
                  int col, double Cap_1, double Rx_1, double Ry_1,
                  double Rz_1, double amb_temp, int steps)
{
  double delta;
  int r, c, s;

#pragma pacc pipeline targetinout(result, temp) targetin(power) size([0:row][0:col]) halo([2:2][1:1])
  for (s = 0; s < steps; s++)
    {
#pragma pacc loop dim(2)
      for (r = 0; r < row; r++)
#pragma pacc loop dim(1)
        for (c = 0; c < col; c++)
          {
            double delta;
            if ((r == 0) && (c == 0))
              delta = Cap_1 * (power[0] + (temp[1] - temp[0]) * Rx_1
                               + (temp[col] - temp[0]) * Ry_1
                               + (amb_temp - temp[0]) * Rz_1);
            else if ((r == 0) && (c == col - 1))
              delta = Cap_1 * (power[c] + (temp[c - 1] - temp[c]) * Rx_1
                               + (temp[c + col] - temp[c]) * Ry_1
                               + (amb_temp - temp[c]) * Rz_1);
            else if ((r == row - 1) && (c == col - 1))
              delta = Cap_1 * (power[r * col + c]
                               + (temp[r * col + c - 1] - temp[r * col + c]) * Rx_1
                               + (temp[(r - 1) * col + c] - temp[r * col + c]) * Ry_1
                               + (amb_temp - temp[r * col + c]) * Rz_1);
            else if ((r == row - 1) && (c == 0))
              delta = Cap_1 * (power[r * col]
                               + (temp[r * col + 1] - temp[r * col]) * Rx_1
                               + (temp[(r - 1) * col] - temp[r * col]) * Ry_1
                               + (amb_temp - temp[r * col]) * Rz_1);
            else if (r == 0)
              delta = Cap_1 * (power[c]
                               + (temp[c + 1] + temp[c - 1] - 2.0 * temp[c]) * Rx_1
                               + (temp[col + c] - temp[c]) * Ry_1
                               + (amb_temp - temp[c]) * Rz_1);
            else if (c == col - 1)
              delta = Cap_1 * (power[r * col + c]
                               + (temp[(r + 1) * col + c] + temp[(r - 1) * col + c]
                                  - 2.0 * temp[r * col + c]) * Ry_1
                               + (temp[r * col + c - 1] - temp[r * col + c]) * Rx_1
                               + (amb_temp - temp[r * col + c]) * Rz_1);
            else if (r == row - 1)
              delta = Cap_1 * (power[r * col + c]
                               + (temp[r * col + c + 1] + temp[r * col + c - 1]
                                  - 2.0 * temp[r * col + c]) * Rx_1
                               + (temp[(r - 1) * col + c] - temp[r * col + c]) * Ry_1
                               + (amb_temp - temp[r * col + c]) * Rz_1);
            else if (c == 0)
              delta = Cap_1 * (power[r * col]
                               + (temp[(r + 1) * col] + temp[(r - 1) * col]
                                  - 2.0 * temp[r * col]) * Ry_1
                               + (temp[r * col + 1] - temp[r * col]) * Rx_1
                               + (amb_temp - temp[r * col]) * Rz_1);
            else
              delta = Cap_1 * (power[r * col + c]
                               + (temp[(r + 1) * col + c] + temp[(r - 1) * col + c]
                                  - 2.0 * temp[r * col + c]) * Ry_1
                               + (temp[r * col + c + 1] + temp[r * col + c - 1]
                                  - 2.0 * temp[r * col + c]) * Rx_1
                               + (amb_temp - temp[r * col + c]) * Rz_1);
            result[r * col + c] = temp[r * col + c] + delta;
          }
#pragma pacc loop dim(2)
      for (r = 0; r < row; r++)
#pragma pacc loop dim(1)
        for (c = 0; c < col; c++)
          temp[r * col + c] = result[r * col + c];
    }
  (void) delta;
}

int
main (void)
{
  double *result = pc_alloc (sizeof (double) * ROWS * COLS);
  double *temp = pc_alloc (sizeof (double) * ROWS * COLS);
  double *power = pc_alloc (sizeof (double) * ROWS * COLS);
  pc_init_double (result, (long) ROWS * COLS, 81);
  pc_init_double (temp, (long) ROWS * COLS, 82);
  pc_init_double (power, (long) ROWS * COLS, 83);
  single_iteration (result, temp, power, ROWS, COLS, 0.5, 0.1, 0.1, 0.05,
                    80.0, 9);
  pc_dump_double ("temp", temp, (long) ROWS * COLS);
  free (result);
  free (temp);
  free (power);
  return 0;
}
