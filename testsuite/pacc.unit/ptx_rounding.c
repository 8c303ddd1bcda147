/* ptx_rounding.c - libpacc gives every f32/f64 add, sub and mul of a PTX
   image an explicit rounding mode (image.c), so that the CUDA JIT cannot
   contract them into fma; other instructions stay as they are.  The PTX
   is written the way mkoffload embeds it: one instruction per line, no
   indentation; hand-written PTX may indent.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *pacc_ptx_round_explicitly (const char *code, size_t *len);

static int failures;

static void
check (const char *name, const char *in, const char *want)
{
  size_t len;
  char *out = pacc_ptx_round_explicitly (in, &len);
  if (strcmp (out, want) || len != strlen (want))
    {
      printf ("FAIL %s\n  got:  %s\n  want: %s\n", name, out, want);
      failures++;
    }
  else
    printf ("PASS %s\n", name);
  free (out);
}

int
main (void)
{
  check ("line start",
         "mul.f32 %r1,%r2,%r3;\nadd.f64 %r4,%r5,%r6;\nsub.f64 %r7,%r8,%r9;\n",
         "mul.rn.f32 %r1,%r2,%r3;\nadd.rn.f64 %r4,%r5,%r6;\n"
         "sub.rn.f64 %r7,%r8,%r9;\n");
  check ("indented and predicated",
         "\tadd.f32\t%r1, %r2, %r3;\n@%p1 sub.f32 %r4,%r5,%r6;\n",
         "\tadd.rn.f32\t%r1, %r2, %r3;\n@%p1 sub.rn.f32 %r4,%r5,%r6;\n");
  check ("left alone",
         "add.u64 %r1,%r2,%r3;\nmul.rn.f32 %r4,%r5,%r6;\n"
         "fma.rn.f64 %r7,%r8,%r9,%r10;\nmul.lo.u32 %r1,%r2,3;\n"
         ".reg .f32 %r2;\nld.f32 %r3,[%r4];\nxadd.f32 %r1,%r2,%r3;\n",
         "add.u64 %r1,%r2,%r3;\nmul.rn.f32 %r4,%r5,%r6;\n"
         "fma.rn.f64 %r7,%r8,%r9,%r10;\nmul.lo.u32 %r1,%r2,3;\n"
         ".reg .f32 %r2;\nld.f32 %r3,[%r4];\nxadd.f32 %r1,%r2,%r3;\n");
  check ("empty", "", "");
  return failures != 0;
}
