/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* image.c - the program's nvptx offload images.  The program's offload
   constructor (mkoffload's target.o) registers its images with
   GOMP_offload_register_ver; libpacc defines it too, keeps the nvptx
   images for its own kernel launcher (the CUDA back end), gives libgomp a
   copy whose PTX carries explicit rounding (pacc_ptx_round_explicitly),
   and passes the call on to libgomp.  Defining it here also keeps the
   link working when the program's objects no longer call libgomp
   directly (all their kernels go to __pacc_parallel_keyed) and
   --as-needed dropped -lgomp: libpacc itself depends on libgomp.  */

#include "image.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* From GCC's include/gomp-constants.h (libgomp ABI).  */
#define GOMP_DEVICE_NVIDIA_PTX 5

struct pacc_image pacc_images[MAX_IMAGES];
int pacc_nimages;

typedef void (*register_fn) (unsigned, const void *, int, const void *);

static void *
next_symbol (const char *name)
{
  void *f = dlsym (RTLD_NEXT, name);
  if (!f)
    pacc_error (NULL,
                "%s not found in libgomp: link the program with "
                "-fopenacc",
                name);
  return f;
}

/* mkoffload's nvptx image descriptor (libgomp/plugin/plugin-nvptx.c).  */
struct targ_ptx_obj
{
  const char *code;
  size_t size;
};

struct nvptx_tdata
{
  const struct targ_ptx_obj *ptx_objs;
  unsigned ptx_num;
  const char *const *var_names;
  unsigned var_num;
  const struct pacc_fn_launch *fn_descs;
  unsigned fn_num;
};

/* The CUDA JIT fuses a PTX mul and a dependent add into an fma unless they
   carry an explicit rounding mode; GCC emits neither (-ffp-contract=off
   keeps GCC itself from fusing).  Give every f32/f64 add, sub and mul the
   IEEE default `.rn', so that GPU results equal the host's bit for bit.  */
char *
pacc_ptx_round_explicitly (const char *code, size_t *len)
{
  static const char *const ops[]
    = { "add.f32", "sub.f32", "mul.f32", "add.f64", "sub.f64", "mul.f64" };
  size_t n = strlen (code);
  /* Each 7-character opcode grows by 3.  */
  char *out = pacc_xmalloc (NULL, n + 3 * (n / 7) + 1, "a PTX image");
  size_t o = 0;
  for (size_t i = 0; i < n;)
    {
      int hit = -1;
      /* mkoffload strips indentation: instructions start lines.  */
      if (i == 0 || code[i - 1] == '\n' || code[i - 1] == '\t'
          || code[i - 1] == ' ')
        for (int k = 0; k < 6; k++)
          if (!strncmp (code + i, ops[k], 7)
              && (code[i + 7] == '\t' || code[i + 7] == ' '))
            hit = k;
      if (hit >= 0)
        {
          memcpy (out + o, code + i, 3);
          memcpy (out + o + 3, ".rn", 3);
          memcpy (out + o + 6, code + i + 3, 4);
          o += 10;
          i += 7;
        }
      else
        out[o++] = code[i++];
    }
  out[o] = 0;
  *len = o;
  return out;
}

/* CODE with a directive inserted into every kernel definition, before
   its body: DIRECTIVE (NAME, NAMELEN, ARG, BUF) writes it for the kernel
   NAME (NAMELEN characters) into BUF (at most 64 characters) and returns
   its length, 0 for none.  */
typedef int (*entry_directive) (const char *name, size_t namelen,
                                const void *arg, char *buf);

static char *
insert_at_entries (const char *code, entry_directive directive,
                   const void *arg, size_t *len)
{
  size_t m = strlen (code), o = 0;
  int entries = 0;
  for (const char *p = code; (p = strstr (p, ".entry")); p++)
    entries++;
  char *out
    = pacc_xmalloc (NULL, m + (size_t) entries * 64 + 1, "a PTX image");
  int in_header = 0;
  const char *name = code;
  size_t namelen = 0;
  for (size_t i = 0; i < m;)
    {
      int bol = i == 0 || code[i - 1] == '\n';
      if (bol && !strncmp (code + i, ".entry", 6))
        {
          /* A definition, not a declaration: no `;' before the line's end.  */
          const char *eol = strchr (code + i, '\n');
          size_t l = eol ? (size_t) (eol - (code + i)) : strlen (code + i);
          in_header = !(l && code[i + l - 1] == ';');
          name = code + i + 6;
          name += strspn (name, " \t");
          namelen = strcspn (name, " \t(\n");
        }
      if (in_header && bol && code[i] == '{')
        {
          o += (size_t) directive (name, namelen, arg, out + o);
          in_header = 0;
        }
      out[o++] = code[i++];
    }
  out[o] = 0;
  *len = o;
  return out;
}

static int
maxnreg (const char *name, size_t namelen, const void *arg, char *buf)
{
  (void) name;
  (void) namelen;
  int n = *(const int *) arg;
  return n > 0 ? sprintf (buf, ".maxnreg %d\n", n) : 0;
}

/* CODE with `.maxnreg N' in every kernel definition (N = 0: CODE
   itself).  GCC 12's nvptx back end states no register limit, so ptxas
   may give a kernel every register it wants: Himeno's had 96 (CUDA's 34),
   two blocks of 256 threads per multiprocessor.  */
char *
pacc_ptx_limit_registers (const char *code, int n, size_t *len)
{
  return insert_at_entries (code, maxnreg, &n, len);
}

static int
maxntid (const char *name, size_t namelen, const void *arg, char *buf)
{
  const struct pacc_fn_launch *f = arg;
  if (strlen (f->fn) != namelen || strncmp (f->fn, name, namelen)
      || !f->dim[PACC_DIM_WORKER] || !f->dim[PACC_DIM_VECTOR])
    return 0;
  return sprintf (buf, ".maxntid %u, %u, 1\n",
                  (unsigned) f->dim[PACC_DIM_VECTOR],
                  (unsigned) f->dim[PACC_DIM_WORKER]);
}

/* CODE with `.maxntid VECTOR, WORKERS, 1' in the definition of kernel
   FN->fn, when its worker and vector counts are fixed (FN->dim).  Only
   for a kernel that cannot launch otherwise (cuda-launch.c): the
   directive makes ptxas fit the registers to the block, but it also
   moves ptxas's scheduling (CIP's stencil ran 55 % slower with it, with
   the same registers: benchmarks/RESULTS.md).  */
char *
pacc_ptx_bound_threads (const char *code, const struct pacc_fn_launch *fn,
                        size_t *len)
{
  return insert_at_entries (code, maxntid, fn, len);
}

/* PACC_MAXNREG: the register limit of every kernel (0 or unset: none).
   Read here, at the program's start, before the settings: libgomp
   compiles the PTX it is given now.  */
static int
max_registers (void)
{
  const char *e = getenv ("PACC_MAXNREG");
  if (!e || !*e)
    return 0;
  char *end;
  long n = strtol (e, &end, 10);
  if (*end || (n != 0 && (n < 16 || n > 255)))
    pacc_error (NULL,
                "PACC_MAXNREG: expected 0 or a number of registers "
                "from 16 to 255, got '%s'",
                e);
  return (int) n;
}

static const void *
patch_nvptx_image (const void *target_data)
{
  int nreg = max_registers ();
  int contract = getenv ("PACC_PTX_CONTRACT") != NULL;
  if (contract && !nreg)
    return target_data;
  const struct nvptx_tdata *td = target_data;
  struct nvptx_tdata *copy = pacc_xmalloc (NULL, sizeof *copy, "an image");
  struct targ_ptx_obj *objs
    = pacc_xmalloc (NULL, td->ptx_num * sizeof *objs + 1, "an image");
  *copy = *td;
  for (unsigned i = 0; i < td->ptx_num; i++)
    {
      size_t len;
      const char *code = td->ptx_objs[i].code;
      /* With PACC_PTX_CONTRACT, NREG is set here (see above).  */
      char *limited
        = nreg ? pacc_ptx_limit_registers (code, nreg, &len) : NULL;
      if (contract)
        objs[i].code = limited;
      else
        {
          objs[i].code
            = pacc_ptx_round_explicitly (limited ? limited : code, &len);
          free (limited);
        }
      /* Keep the original's convention on counting the final NUL.  */
      objs[i].size
        = td->ptx_objs[i].size > strlen (td->ptx_objs[i].code) ? len + 1 : len;
    }
  copy->ptx_objs = objs;
  return copy;
}

void
GOMP_offload_register_ver (unsigned version, const void *host_table,
                           int target_type, const void *target_data)
{
  if (target_type == GOMP_DEVICE_NVIDIA_PTX && pacc_nimages < MAX_IMAGES)
    {
      pacc_images[pacc_nimages].version = version;
      pacc_images[pacc_nimages].host_table = host_table;
      pacc_images[pacc_nimages].target_data = target_data;
      target_data = patch_nvptx_image (target_data);
      pacc_images[pacc_nimages].patched = target_data;
      pacc_nimages++;
    }
  ((register_fn) next_symbol ("GOMP_offload_register_ver")) (version,
                                                             host_table,
                                                             target_type,
                                                             target_data);
}

void
GOMP_offload_unregister_ver (unsigned version, const void *host_table,
                             int target_type, const void *target_data)
{
  /* libgomp knows the image by the descriptor it was given.  */
  for (int i = 0; i < pacc_nimages; i++)
    if (pacc_images[i].host_table == host_table
        && pacc_images[i].target_data == target_data)
      {
        target_data = pacc_images[i].patched;
        pacc_images[i] = pacc_images[--pacc_nimages];
        break;
      }
  ((register_fn) next_symbol ("GOMP_offload_unregister_ver")) (version,
                                                               host_table,
                                                               target_type,
                                                               target_data);
}

char **
pacc_image_bounded_ptx (const struct pacc_fn_launch *fn, unsigned *n,
                        unsigned *nvars)
{
  for (int i = 0; i < pacc_nimages; i++)
    {
      const struct nvptx_tdata *td = pacc_images[i].patched;
      if (!(fn >= td->fn_descs && fn < td->fn_descs + td->fn_num))
        continue;
      char **ptx
        = pacc_xcalloc (NULL, td->ptx_num + 1, sizeof *ptx, "an image");
      for (unsigned k = 0; k < td->ptx_num; k++)
        {
          size_t len;
          ptx[k] = pacc_ptx_bound_threads (td->ptx_objs[k].code, fn, &len);
        }
      *n = td->ptx_num;
      *nvars = td->var_num;
      return ptx;
    }
  return NULL;
}
