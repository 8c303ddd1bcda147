/* patterns: Game of Life; int cells in fixed-size arrays with a dead border; neighbour count into a scalar declared at the top; rule with ?:; copy-back nest; macros for sizes; live-cell count reduction. */
/* Conway's Game of Life as a course exercise writes it: two int grids
   with a border of dead cells, the eight neighbours counted into n, the
   rule applied into the new grid, which a second nest copies back.  The
   number of live cells is counted each generation.  */

#include <stdio.h>

#define NR 40
#define NC 33
#define GENERATIONS 15

int board[NR + 2][NC + 2];
int next[NR + 2][NC + 2];

int
main (void)
{
  int i, j, n, gen, alive = 0;
  unsigned long long h = 1469598103934665603ull;
  const unsigned char *b = (const unsigned char *) board;
  unsigned long k;

  for (i = 0; i < NR + 2; i++)
    for (j = 0; j < NC + 2; j++)
      board[i][j] = next[i][j] = 0;
  /* A glider, an R-pentomino and some noise.  */
  board[2][3] = board[3][4] = board[4][2] = board[4][3] = board[4][4] = 1;
  board[20][16] = board[20][17] = board[21][15] = board[21][16] = 1;
  board[22][16] = 1;
  for (i = 1; i <= NR; i++)
    for (j = 1; j <= NC; j++)
      if ((i * 31 + j * 17 + i * j) % 7 < 3)
        board[i][j] = 1;

#pragma pacc pipeline targetinout(board) targettemp(next) size([0:NR + 2][0:NC + 2]) halo([1:1][1:1]) reduction(+:alive)
  for (gen = 0; gen < GENERATIONS; gen++)
    {
      alive = 0;
#pragma pacc loop dim(2)
      for (i = 1; i <= NR; i++)
#pragma pacc loop dim(1)
        for (j = 1; j <= NC; j++)
          {
            n = board[i - 1][j - 1] + board[i - 1][j] + board[i - 1][j + 1]
                + board[i][j - 1] + board[i][j + 1]
                + board[i + 1][j - 1] + board[i + 1][j] + board[i + 1][j + 1];
            next[i][j] = (n == 3 || (n == 2 && board[i][j])) ? 1 : 0;
          }
#pragma pacc loop dim(2)
      for (i = 1; i <= NR; i++)
#pragma pacc loop dim(1)
        for (j = 1; j <= NC; j++)
          {
            board[i][j] = next[i][j];
            alive += next[i][j];
          }
    }

  for (k = 0; k < sizeof board; k++)
    h = (h ^ b[k]) * 1099511628211ull;
  printf ("life %dx%d, %d generations: %d alive, fnv %016llx\n", NR, NC,
          GENERATIONS, alive, h);
  return 0;
}
