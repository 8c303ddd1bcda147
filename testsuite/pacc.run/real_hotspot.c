/* patterns: Rodinia hotspot; flat float arrays; step function called from the time loop; scalar temporaries declared at the top; clamped boundaries with ?:; pointer swap. */
/* A thermal simulation in the style of Rodinia's hotspot: a chip's
   temperature grid and power map, flat float arrays, one
   single_iteration per time step that computes the new temperature from
   the four neighbours (clamped at the chip's edge) and the power, and a
   pointer swap between the two temperature buffers.  */

#include <stdio.h>
#include <stdlib.h>

#define MAX_PD (3.0e6)
#define PRECISION 0.001
#define SPEC_HEAT_SI 1.75e6
#define K_SI 100
#define FACTOR_CHIP 0.5

static const float t_chip = 0.0005;
static const float chip_height = 0.016;
static const float chip_width = 0.016;
static const float amb_temp = 80.0;

static void
single_iteration (float *result, float *temp, float *power, int row, int col,
                  float Cap_1, float Rx_1, float Ry_1, float Rz_1)
{
  float delta;
  float tn, ts, te, tw;
  int r, c;

#pragma pacc loop dim(2)
  for (r = 0; r < row; r++)
    {
#pragma pacc loop dim(1)
      for (c = 0; c < col; c++)
        {
          tn = (r == 0) ? temp[r * col + c] : temp[(r - 1) * col + c];
          ts = (r == row - 1) ? temp[r * col + c] : temp[(r + 1) * col + c];
          tw = (c == 0) ? temp[r * col + c] : temp[r * col + c - 1];
          te = (c == col - 1) ? temp[r * col + c] : temp[r * col + c + 1];
          delta = Cap_1 * (power[r * col + c]
                           + (ts + tn - 2.0f * temp[r * col + c]) * Ry_1
                           + (te + tw - 2.0f * temp[r * col + c]) * Rx_1
                           + (amb_temp - temp[r * col + c]) * Rz_1);
          result[r * col + c] = temp[r * col + c] + delta;
        }
    }
}

static void
compute_tran_temp (float *result, int num_iterations, float *temp,
                   float *power, int row, int col)
{
  float grid_height = chip_height / row;
  float grid_width = chip_width / col;
  float Cap = FACTOR_CHIP * SPEC_HEAT_SI * t_chip * grid_width * grid_height;
  float Rx = grid_width / (2.0 * K_SI * t_chip * grid_height);
  float Ry = grid_height / (2.0 * K_SI * t_chip * grid_width);
  float Rz = t_chip / (K_SI * grid_height * grid_width);
  float max_slope = MAX_PD / (FACTOR_CHIP * t_chip * SPEC_HEAT_SI);
  float step = PRECISION / max_slope / 1000.0;
  float Rx_1 = 1.f / Rx;
  float Ry_1 = 1.f / Ry;
  float Rz_1 = 1.f / Rz;
  float Cap_1 = step / Cap;
  float *t;
  int i;

#pragma pacc pipeline targetinout(temp, result) targetin(power) size([0:row][0:col]) halo([1:1][1:1]) async
  for (i = 0; i < num_iterations; i++)
    {
      single_iteration (result, temp, power, row, col, Cap_1, Rx_1, Ry_1,
                        Rz_1);
      t = temp;
      temp = result;
      result = t;
    }
}

int
main (void)
{
  int grid_rows = 37, grid_cols = 29, sim_time = 13;
  float *temp, *power, *result;
  unsigned long long h = 1469598103934665603ull;
  const unsigned char *b;
  double sum = 0.0;
  size_t i;

  temp = malloc (grid_rows * grid_cols * sizeof (float));
  power = malloc (grid_rows * grid_cols * sizeof (float));
  result = calloc (grid_rows * grid_cols, sizeof (float));
  for (i = 0; i < (size_t) (grid_rows * grid_cols); i++)
    {
      temp[i] = 323.0f + (float) ((i * 37) % 101) / 10.0f;
      power[i] = (float) ((i * 13) % 17) * 1.0e-3f;
    }

  compute_tran_temp (result, sim_time, temp, power, grid_rows, grid_cols);

  /* After an odd number of steps the last result is in `result'.  */
  b = (const unsigned char *) (sim_time % 2 ? result : temp);
  for (i = 0; i < grid_rows * grid_cols * sizeof (float); i++)
    h = (h ^ b[i]) * 1099511628211ull;
  for (i = 0; i < (size_t) (grid_rows * grid_cols); i++)
    sum += (sim_time % 2 ? result : temp)[i];
  printf ("hotspot %dx%d, %d steps: sum %a fnv %016llx\n", grid_rows,
          grid_cols, sim_time, sum, h);
  free (temp);
  free (power);
  free (result);
  return 0;
}
