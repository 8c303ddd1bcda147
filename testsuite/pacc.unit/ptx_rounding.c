/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* ptx_rounding.c - libpacc gives every f32/f64 add, sub and mul of a PTX
   image an explicit rounding mode (image.c), so that the CUDA JIT cannot
   contract them into fma; other instructions stay as they are.  The PTX
   is written the way mkoffload embeds it: one instruction per line, no
   indentation; hand-written PTX may indent.  PACC_MAXNREG's limit goes
   into kernel definitions only (pacc_ptx_limit_registers), and so does
   the bound of one kernel's fixed launch dimensions
   (pacc_ptx_bound_threads).  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *pacc_ptx_round_explicitly (const char *code, size_t *len);
char *pacc_ptx_limit_registers (const char *code, int n, size_t *len);
struct pacc_fn_launch
{
  const char *fn;
  unsigned short dim[3];
};
char *pacc_ptx_bound_threads (const char *code,
                              const struct pacc_fn_launch *fn, size_t *len);

static int failures;

/* OUT (LEN characters, malloc'd: freed here) against WANT.  */
static void
expect (const char *name, char *out, size_t len, const char *want)
{
  if (strcmp (out, want) || len != strlen (want))
    {
      printf ("FAIL %s\n  got:  %s\n  want: %s\n", name, out, want);
      failures++;
    }
  else
    printf ("PASS %s\n", name);
  free (out);
}

static void
check (const char *name, const char *in, const char *want)
{
  size_t len;
  char *out = pacc_ptx_round_explicitly (in, &len);
  expect (name, out, len, want);
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

  /* Register limits: definitions get one, declarations do not.  */
  static const struct { const char *name, *in, *want; int n; } lim[] = {
    { "limit: declaration and definition",
      ".entry k$0 (.param.u64 %in_ar0);\n\n.entry k$0 (.param.u64 %in_ar0)\n"
      "{\n.reg.u64 %ar0;\n}\n",
      ".entry k$0 (.param.u64 %in_ar0);\n\n.entry k$0 (.param.u64 %in_ar0)\n"
      ".maxnreg 64\n{\n.reg.u64 %ar0;\n}\n", 64 },
    { "limit: two kernels, a device function",
      ".func f (.param.u32 %a)\n{\n}\n.entry a (.param.u64 %x)\n{\n}\n"
      ".entry b (.param.u64 %x)\n{\n}\n",
      ".func f (.param.u32 %a)\n{\n}\n.entry a (.param.u64 %x)\n"
      ".maxnreg 40\n{\n}\n.entry b (.param.u64 %x)\n.maxnreg 40\n{\n}\n",
      40 },
    { "limit: none", ".entry a (.param.u64 %x)\n{\n}\n",
      ".entry a (.param.u64 %x)\n{\n}\n", 0 },
  };
  for (size_t i = 0; i < sizeof lim / sizeof lim[0]; i++)
    {
      size_t len;
      char *out = pacc_ptx_limit_registers (lim[i].in, lim[i].n, &len);
      expect (lim[i].name, out, len, lim[i].want);
    }
  /* Launch bounds: the definition of the one kernel named, when its
     workers and vector length are fixed; not its declaration, not a
     kernel whose name extends it or that it extends.  */
  static const struct pacc_fn_launch k16 = { "main$_omp_fn$1", { 0, 16, 32 } };
  static const struct pacc_fn_launch k0 = { "main$_omp_fn$1", { 0, 0, 32 } };
  static const struct { const char *name, *in, *want;
                        const struct pacc_fn_launch *fn; } bnd[] = {
    { "bound: declaration and definition",
      ".entry main$_omp_fn$1 (.param .u64 %in_ar0);\n"
      ".entry main$_omp_fn$1 (.param .u64 %in_ar0)\n{\n}\n",
      ".entry main$_omp_fn$1 (.param .u64 %in_ar0);\n"
      ".entry main$_omp_fn$1 (.param .u64 %in_ar0)\n"
      ".maxntid 32, 16, 1\n{\n}\n", &k16 },
    { "bound: only the kernel named",
      ".entry main$_omp_fn$1x (.param .u64 %in_ar0)\n{\n}\n"
      ".entry main$_omp_fn$ (.param .u64 %in_ar0)\n{\n}\n"
      ".entry main$_omp_fn$1(.param .u64 %in_ar0)\n{\n}\n",
      ".entry main$_omp_fn$1x (.param .u64 %in_ar0)\n{\n}\n"
      ".entry main$_omp_fn$ (.param .u64 %in_ar0)\n{\n}\n"
      ".entry main$_omp_fn$1(.param .u64 %in_ar0)\n"
      ".maxntid 32, 16, 1\n{\n}\n", &k16 },
    { "bound: workers chosen at run time",
      ".entry main$_omp_fn$1 (.param .u64 %in_ar0)\n{\n}\n",
      ".entry main$_omp_fn$1 (.param .u64 %in_ar0)\n{\n}\n", &k0 },
  };
  for (size_t i = 0; i < sizeof bnd / sizeof bnd[0]; i++)
    {
      size_t len;
      char *out = pacc_ptx_bound_threads (bnd[i].in, bnd[i].fn, &len);
      expect (bnd[i].name, out, len, bnd[i].want);
    }
  return failures != 0;
}
