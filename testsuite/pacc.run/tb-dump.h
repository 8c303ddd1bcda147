/* tb-dump.h - for testsuite/tblock/check-tblock.sh, the run tests of
   in-kernel temporal blocking (tblock_*.c) built with -DTB_DUMP write
   what ptx-emu.py needs to the file $TB_DUMP: a line "X Y T A B CA CB
   ELEM NSCAL" (" 1" after it for a step that swaps SRC and DST), a line
   of the scalars the stencil reads (%a, in the order it first reads
   them), then the raw bytes of SRC and DST before the region (TB_BEGIN,
   TB_BEGIN_SWAP) and of SRC after it (TB_END); a step that swaps writes
   SRC's and DST's arrays after it (TB_ROWS, then TB_END).  Rows are
   written one by one, so any layout of contiguous rows will do.
   Without TB_DUMP (the run tests) the macros do nothing.  */

#ifndef TB_DUMP_H
#define TB_DUMP_H

#ifndef TB_DUMP
#define TB_BEGIN(...) ((void) 0)
#define TB_BEGIN_SWAP(...) ((void) 0)
#define TB_ROWS(...) ((void) 0)
#define TB_END(...) ((void) 0)
#else

#include <stdio.h>
#include <stdlib.h>

static FILE *tb_file;

static void
tb_rows (const void *a, long X, long rowbytes)
{
  if (fwrite (a, (size_t) rowbytes, (size_t) X, tb_file) != (size_t) X)
    abort ();
}

/* Before the region: the geometry, NS scalars from S, SRC and DST; SWAP
   1 for a step that swaps them (the line ends with 1).  */
static void
tb_dump_start (long X, long Y, long T, long A, long B,
               long CA, long CB, int elem, int ns, const double *s,
               const void *src, const void *dst, int swap)
{
  tb_file = fopen (getenv ("TB_DUMP"), "wb");
  if (!tb_file)
    abort ();
  fprintf (tb_file, "%ld %ld %ld %ld %ld %ld %ld %d %d%s\n", X, Y, T, A, B,
           CA, CB, elem, ns, swap ? " 1" : "");
  for (int i = 0; i < ns; i++)
    fprintf (tb_file, "%a ", s[i]);
  fprintf (tb_file, "\n");
  tb_rows (src, X, Y * elem);
  tb_rows (dst, X, Y * elem);
}

#define TB_BEGIN(...) tb_dump_start (__VA_ARGS__, 0)
#define TB_BEGIN_SWAP(...) tb_dump_start (__VA_ARGS__, 1)
#define TB_ROWS(...) tb_rows (__VA_ARGS__)
#define TB_END(...) tb_dump_end (__VA_ARGS__)

static void
tb_dump_end (const void *src, long X, long rowbytes)
{
  tb_rows (src, X, rowbytes);
  if (fclose (tb_file))
    abort ();
}

#endif /* TB_DUMP */
#endif
