/* { dg-do compile } */
/* patterns: Rodinia srad; flat float image; neighbour index arrays iN/iS/jW/jE (indirect rows and columns); derivatives into dN/dS/dW/dE and c, then a second nest; scalar temporaries; a reduction over a region of interest whose result a host statement turns into q0sqr each step (so results can match only within a tolerance). */
/* Speckle-reducing anisotropic diffusion in the style of Rodinia's srad
   (v2, CPU): each iteration sums a region of interest to get q0sqr, the
   first nest computes the four directional derivatives and the
   diffusion coefficient c (clamped to [0, 1]), the second updates the
   image from the divergence.  Neighbours go through the index arrays
   iN, iS, jW, jE, which repeat the edge.  */

/* Refused: which rows a chunk reads through iN[i] and iS[i] depends on
   the data in them, which the plugin cannot see; each index read names
   the index array and says to write the clamp as a select
   (`i > 0 ? i - 1 : 0'), which PACC supports.  */

#include <stdio.h>
#include <stdlib.h>
#include <math.h>

int
main (void)
{
  int rows = 31, cols = 23, size_I, size_R, niter = 7, iter, k;
  int r1 = 2, r2 = 17, c1 = 3, c2 = 15;
  float *I, *J, q0sqr, sum, sum2, tmp, meanROI, varROI;
  float Jc, G2, L, num, den, qsqr;
  int *iN, *iS, *jE, *jW;
  float *dN, *dS, *dW, *dE;
  float cN, cS, cW, cE;
  float *c, D;
  float lambda = 0.5f;
  int i, j;
  double total = 0.0;

  size_I = cols * rows;
  size_R = (r2 - r1 + 1) * (c2 - c1 + 1);

  I = (float *) malloc (size_I * sizeof (float));
  J = (float *) malloc (size_I * sizeof (float));
  c = (float *) malloc (sizeof (float) * size_I);
  iN = (int *) malloc (sizeof (unsigned int *) * rows);
  iS = (int *) malloc (sizeof (unsigned int *) * rows);
  jW = (int *) malloc (sizeof (unsigned int *) * cols);
  jE = (int *) malloc (sizeof (unsigned int *) * cols);
  dN = (float *) malloc (sizeof (float) * size_I);
  dS = (float *) malloc (sizeof (float) * size_I);
  dW = (float *) malloc (sizeof (float) * size_I);
  dE = (float *) malloc (sizeof (float) * size_I);

  for (i = 0; i < rows; i++)
    {
      iN[i] = i - 1;
      iS[i] = i + 1;
    }
  for (j = 0; j < cols; j++)
    {
      jW[j] = j - 1;
      jE[j] = j + 1;
    }
  iN[0] = 0;
  iS[rows - 1] = rows - 1;
  jW[0] = 0;
  jE[cols - 1] = cols - 1;

  for (i = 0; i < rows; i++)
    for (j = 0; j < cols; j++)
      I[i * cols + j] = (float) ((i * 17 + j * 5) % 29) / 29.0f + 0.05f;
  for (k = 0; k < size_I; k++)
    J[k] = (float) exp (I[k]);

#pragma pacc pipeline targetinout(J) targettemp(c, dN, dS, dW, dE) size([0:rows][0:cols]) halo([1:1][1:1]) reduction(+:sum, sum2)
  for (iter = 0; iter < niter; iter++)
    {
      sum = 0;
      sum2 = 0;
#pragma pacc loop dim(2)
      for (i = r1; i <= r2; i++)
#pragma pacc loop dim(1)
        for (j = c1; j <= c2; j++)
          {
            tmp = J[i * cols + j];
            sum += tmp;
            sum2 += tmp * tmp;
          }
      meanROI = sum / size_R;
      varROI = (sum2 / size_R) - meanROI * meanROI;
      q0sqr = varROI / (meanROI * meanROI);

#pragma pacc loop dim(2)
      for (i = 0; i < rows; i++)
#pragma pacc loop dim(1)
        for (j = 0; j < cols; j++)
          {
            k = i * cols + j;
            Jc = J[k];

            /* directional derivatives */
            dN[k] = J[iN[i] * cols + j] - Jc; /* { dg-error "the index of 'J' reads 'iN', an index array: which rows a chunk needs then depends on the data, which PACC cannot see; write the index of the neighbour itself, as a select for a clamp at the edge" } */
            dS[k] = J[iS[i] * cols + j] - Jc; /* { dg-error "the index of 'J' reads 'iS', an index array: which rows a chunk needs then depends on the data, which PACC cannot see; write the index of the neighbour itself, as a select for a clamp at the edge" } */
            dW[k] = J[i * cols + jW[j]] - Jc; /* { dg-error "the index of 'J' reads 'jW', an index array: which rows a chunk needs then depends on the data, which PACC cannot see; write the index of the neighbour itself, as a select for a clamp at the edge" } */
            dE[k] = J[i * cols + jE[j]] - Jc; /* { dg-error "the index of 'J' reads 'jE', an index array: which rows a chunk needs then depends on the data, which PACC cannot see; write the index of the neighbour itself, as a select for a clamp at the edge" } */

            G2 = (dN[k] * dN[k] + dS[k] * dS[k] + dW[k] * dW[k]
                  + dE[k] * dE[k]) / (Jc * Jc);
            L = (dN[k] + dS[k] + dW[k] + dE[k]) / Jc;

            num = (0.5 * G2) - ((1.0 / 16.0) * (L * L));
            den = 1 + (.25 * L);
            qsqr = num / (den * den);

            /* diffusion coefficent (equ 33) */
            den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
            c[k] = 1.0 / (1.0 + den);

            /* saturate diffusion coefficent */
            if (c[k] < 0)
              c[k] = 0;
            else if (c[k] > 1)
              c[k] = 1;
          }

#pragma pacc loop dim(2)
      for (i = 0; i < rows; i++)
#pragma pacc loop dim(1)
        for (j = 0; j < cols; j++)
          {
            /* current index */
            k = i * cols + j;

            /* diffusion coefficent */
            cN = c[k];
            cS = c[iS[i] * cols + j]; /* { dg-error "the index of 'c' reads 'iS', an index array: which rows a chunk needs then depends on the data, which PACC cannot see; write the index of the neighbour itself, as a select for a clamp at the edge" } */
            cW = c[k];
            cE = c[i * cols + jE[j]]; /* { dg-error "the index of 'c' reads 'jE', an index array: which rows a chunk needs then depends on the data, which PACC cannot see; write the index of the neighbour itself, as a select for a clamp at the edge" } */

            /* divergence (equ 58) */
            D = cN * dN[k] + cS * dS[k] + cW * dW[k] + cE * dE[k];

            /* image update (equ 61) */
            J[k] = J[k] + 0.25 * lambda * D;
          }
    }

  for (k = 0; k < size_I; k++)
    total += J[k];
  /* The image depends on q0sqr, a float sum over the region of interest
     every step, whose last bits depend on the order of the additions: it
     can match the sequential run only within a tolerance, on the
     harness's `reduction:' lines.  */
  printf ("srad %dx%d, %d iterations\n", rows, cols, niter);
  printf ("reduction: J sum %.9g, J[%d] %.9g, q0sqr %.9g\n", total,
          size_I / 3, J[size_I / 3], q0sqr);
  free (I);
  free (J);
  free (iN);
  free (iS);
  free (jW);
  free (jE);
  free (dN);
  free (dS);
  free (dW);
  free (dE);
  free (c);
  return 0;
}
