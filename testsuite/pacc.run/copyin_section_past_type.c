/* A copyin section longer than the fixed-size array it names: the copy
   to each device read past the array's end (a segmentation fault when
   the section is long, issue 48).  The section's length is known only
   at run time, the kernels read inside the array; the PACC build stops
   at region entry naming the section and the array's extent.  */
/* { dg-pacc-run-error "copyin_section_past_type.c:[0-9]+: the copyin section w\[0:5\] reaches outside 'w', whose C type has 4 elements along the first dimension" } */

#include "pacc-check.h"

static double w[4] = { 0.125, 0.25, 0.0625, 0.5 };

int
main (int argc, char **argv)
{
  int X = 41, t, x, n = argc > 100 ? 4 : 5;
  double *p = pc_alloc (sizeof (double) * X);

  (void) argv;
  pc_init_double (p, X, 1700);
#pragma pacc pipeline targetinout(p) size([0:X]) copyin(w[0:n])
  for (t = 0; t < 4; t++)
    {
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
        p[x] = p[x] * w[t % 4] + w[3];
    }
  pc_dump_double ("p", p, X);
  free (p);
  return 0;
}
