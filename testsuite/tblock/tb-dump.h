/* tb-dump.h - what the in-kernel temporal blocking checks' programs write
   for ptx-emu.py: a line "X Y T A B CA CB ELEM NSCAL", a line of the
   scalars the stencil reads (%a, in the order it first reads them), then
   the raw bytes of SRC and DST before the region (tb_dump_begin) and of
   SRC after it (tb_dump_end); a step that swaps (tb_dump_begin_swap:
   the line ends with 1) writes SRC's and DST's arrays after it (tb_rows,
   then tb_dump_end).  Rows are written one by one, so any layout of
   contiguous rows will do.  */

#ifndef TB_DUMP_H
#define TB_DUMP_H

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
tb_dump_start (const char *name, long X, long Y, long T, long A, long B,
               long CA, long CB, int elem, int ns, const double *s,
               const void *src, const void *dst, int swap)
{
  tb_file = fopen (name, "wb");
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

#define tb_dump_begin(...) tb_dump_start (__VA_ARGS__, 0)
#define tb_dump_begin_swap(...) tb_dump_start (__VA_ARGS__, 1)

static void
tb_dump_end (const void *src, long X, long rowbytes)
{
  tb_rows (src, X, rowbytes);
  if (fclose (tb_file))
    abort ();
}

#endif
