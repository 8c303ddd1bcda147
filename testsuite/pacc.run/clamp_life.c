/* Game of Life on a bounded board (cells outside it are dead): int
   arrays, every cell computed, the neighbours read under conditions
   joined with && and || (`x > 0 && y > 0 ? a[x-1][y-1] : 0', `!(x == H - 1
   || y == 0) ? ...', `x + 1 < H'); a second nest copies the temporary
   back.  */

#include "pacc-check.h"

#define W 27
#define H 61

static int board[H][W], next[H][W];

int
main (void)
{
  int t, x, y;
  unsigned s = 12345;
  for (x = 0; x < H; x++)
    for (y = 0; y < W; y++)
      {
        s = s * 1103515245u + 12345u;
        board[x][y] = (s >> 16) % 3 == 0;
        next[x][y] = 0;
      }

#pragma pacc pipeline targetinout(board) targettemp(next) size([0:H][0:W]) halo([1:1][1:1])
  for (t = 0; t < 21; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < H; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < W; y++)
          {
            int n = 0;
            n += x > 0 && y > 0 ? board[x - 1][y - 1] : 0;
            n += x > 0 ? board[x - 1][y] : 0;
            n += (x > 0 && y < W - 1) ? board[x - 1][y + 1] : 0;
            n += y > 0 ? board[x][y - 1] : 0;
            n += y < W - 1 ? board[x][y + 1] : 0;
            n += !(x == H - 1 || y == 0) ? board[x + 1][y - 1] : 0;
            n += x < H - 1 ? board[x + 1][y] : 0;
            n += x + 1 < H && y + 1 < W ? board[x + 1][y + 1] : 0;
            next[x][y] = n == 3 || (n == 2 && board[x][y]);
          }
#pragma pacc loop dim(2)
      for (x = 0; x < H; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < W; y++)
          board[x][y] = next[x][y];
    }

  int live = 0;
  for (x = 0; x < H; x++)
    for (y = 0; y < W; y++)
      live += board[x][y];
  printf ("board: live %d fnv %016llx\n", live, pc_fnv1a (board, sizeof board));
  return 0;
}
