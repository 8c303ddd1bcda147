/* launch.c - __pacc_parallel_keyed, the launcher of pacc kernels.

   pacc.so redirects the GOACC_parallel_keyed calls of the kernels it
   builds to this function (plugin/launch.cc), with the same arguments:
     flags_m   GOACC flags, marshalled (bit-inverted)
     fn        host version of the outlined kernel
     mapnum, hostaddrs, sizes, kinds   the region's map clauses
     ...       GOMP_LAUNCH_* tags (dims, async, waits), 0-terminated
   A GPU back end may take the launch over (pacc_fast_launch: its own
   cuLaunchKernel on the chunk's stream); otherwise the launch goes to
   libgomp's GOACC_parallel_keyed, forced to the host when libpacc's data
   path is the host (the chunk buffers are host memory then, even on a
   machine whose GPU libgomp would otherwise use).  */

#include "internal.h"
#include "backend.h"
#include "launch.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* From GCC's include/gomp-constants.h (libgomp ABI).  */
#define GOMP_LAUNCH_DIM 1
#define GOMP_LAUNCH_ASYNC 2
#define GOMP_LAUNCH_WAIT 3
#define GOMP_LAUNCH_CODE(X) (((X) >> 28) & 0xf)
#define GOMP_LAUNCH_OP(X) ((X) & 0xffff)
#define GOMP_LAUNCH_OP_MAX 0xffff
#define GOMP_DIM_MAX 3
#define GOMP_ASYNC_SYNC (-2)
#define GOACC_FLAG_HOST_FALLBACK (1 << 0)
#define GOMP_DEVICE_NVIDIA_PTX 5

pacc_fast_launch_fn pacc_fast_launch;

/* ------------------------------------------------------------------ */
/* Offload images.  The program's offload constructor (mkoffload's
   target.o) registers its images with GOMP_offload_register_ver; libpacc
   defines it too, keeps the nvptx images for its own launcher, and passes
   the call on to libgomp.  Defining it here also keeps the link working
   when the program's objects no longer call libgomp directly (all their
   kernels go to __pacc_parallel_keyed) and --as-needed dropped -lgomp:
   libpacc itself depends on libgomp.  */

struct pacc_image pacc_images[PACC_MAX_IMAGES];
int pacc_nimages;

typedef void (*register_fn) (unsigned, const void *, int, const void *);

static void *
next_symbol (const char *name)
{
  void *f = dlsym (RTLD_NEXT, name);
  if (!f)
    pacc_error (NULL, "%s not found in libgomp: link the program with "
                "-fopenacc", name);
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
  const void *fn_descs;
  unsigned fn_num;
};

/* The CUDA JIT fuses a PTX mul and a dependent add into an fma unless they
   carry an explicit rounding mode; GCC emits neither (-ffp-contract=off
   keeps GCC itself from fusing).  Give every f32/f64 add, sub and mul the
   IEEE default `.rn', so that GPU results equal the host's bit for bit.  */
char *
pacc_ptx_round_explicitly (const char *code, size_t *len)
{
  static const char *const ops[] = { "add.f32", "sub.f32", "mul.f32",
                                     "add.f64", "sub.f64", "mul.f64" };
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

static const void *
patch_nvptx_image (const void *target_data)
{
  if (getenv ("PACC_PTX_CONTRACT"))
    return target_data;
  const struct nvptx_tdata *td = target_data;
  struct nvptx_tdata *copy = pacc_xmalloc (NULL, sizeof *copy, "an image");
  struct targ_ptx_obj *objs
    = pacc_xmalloc (NULL, td->ptx_num * sizeof *objs + 1, "an image");
  *copy = *td;
  for (unsigned i = 0; i < td->ptx_num; i++)
    {
      size_t len;
      objs[i].code = pacc_ptx_round_explicitly (td->ptx_objs[i].code, &len);
      /* Keep the original's convention on counting the final NUL.  */
      objs[i].size = td->ptx_objs[i].size > strlen (td->ptx_objs[i].code)
                     ? len + 1 : len;
    }
  copy->ptx_objs = objs;
  return copy;
}

void
GOMP_offload_register_ver (unsigned version, const void *host_table,
                           int target_type, const void *target_data)
{
  if (target_type == GOMP_DEVICE_NVIDIA_PTX && pacc_nimages < PACC_MAX_IMAGES)
    {
      pacc_images[pacc_nimages].version = version;
      pacc_images[pacc_nimages].host_table = host_table;
      pacc_images[pacc_nimages].target_data = target_data;
      target_data = patch_nvptx_image (target_data);
      pacc_images[pacc_nimages].patched = target_data;
      pacc_nimages++;
    }
  ((register_fn) next_symbol ("GOMP_offload_register_ver"))
    (version, host_table, target_type, target_data);
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
  ((register_fn) next_symbol ("GOMP_offload_unregister_ver"))
    (version, host_table, target_type, target_data);
}

/* libgomp's launcher.  Called directly, which also makes libgomp a
   DT_NEEDED dependency of libpacc (the register functions above are only
   found through RTLD_NEXT).  */
extern void GOACC_parallel_keyed (int, void (*) (void *), size_t, void **,
                                  size_t *, unsigned short *, ...);

#define MAX_TAGS 24

void
__pacc_parallel_keyed (int flags_m, void (*fn) (void *), size_t mapnum,
                       void **hostaddrs, size_t *sizes, unsigned short *kinds,
                       ...)
{
  unsigned t[MAX_TAGS + 1];
  int n = 0;
  unsigned dims[GOMP_DIM_MAX] = { 0, 0, 0 };
  int async = GOMP_ASYNC_SYNC;
  int has_wait = 0;
  unsigned tag;
  va_list ap;

  /* Copy the tags so that they can be passed on, and read dims/async.  */
  va_start (ap, kinds);
  while ((tag = va_arg (ap, unsigned)) != 0)
    {
      int extra = 0;
      if (n >= MAX_TAGS)
        pacc_internal_error (NULL, "too many launch arguments");
      t[n++] = tag;
      switch (GOMP_LAUNCH_CODE (tag))
        {
        case GOMP_LAUNCH_DIM:
          for (int i = 0; i < GOMP_DIM_MAX; i++)
            if (GOMP_LAUNCH_OP (tag) & (1u << i))
              {
                if (n >= MAX_TAGS)
                  pacc_internal_error (NULL, "too many launch arguments");
                t[n++] = dims[i] = va_arg (ap, unsigned);
              }
          break;
        case GOMP_LAUNCH_ASYNC:
          async = (int) GOMP_LAUNCH_OP (tag);
          if (async == GOMP_LAUNCH_OP_MAX)
            extra = 1;
          break;
        case GOMP_LAUNCH_WAIT:
          has_wait = 1;
          extra = GOMP_LAUNCH_OP (tag);
          break;
        default:
          pacc_internal_error (NULL, "unknown launch argument %#x", tag);
        }
      for (int i = 0; i < extra; i++)
        {
          if (n >= MAX_TAGS)
            pacc_internal_error (NULL, "too many launch arguments");
          t[n++] = va_arg (ap, unsigned);
          if (GOMP_LAUNCH_CODE (tag) == GOMP_LAUNCH_ASYNC)
            async = (int) t[n - 1];
        }
    }
  va_end (ap);
  t[n] = 0;

  if (!has_wait && pacc_fast_launch
      && pacc_fast_launch (fn, mapnum, hostaddrs, sizes, kinds, dims, async))
    return;

  /* libgomp launches from this thread: after what the device workers
     were handed for the chunk (its loads).  */
  if (pacc_workers_here ())
    pacc_workers_drain_all ();

  /* Host data path: the chunk buffers live in host memory.  */
  if (!pacc_backend || pacc_backend->on_host)
    flags_m = ~(~flags_m | GOACC_FLAG_HOST_FALLBACK);

#define real GOACC_parallel_keyed
#define A(i) t[i]
  switch (n)
    {
    case 0: real (flags_m, fn, mapnum, hostaddrs, sizes, kinds, 0); break;
    case 1: real (flags_m, fn, mapnum, hostaddrs, sizes, kinds, A (0), 0);
      break;
    case 2: real (flags_m, fn, mapnum, hostaddrs, sizes, kinds, A (0), A (1),
                  0); break;
    case 3: real (flags_m, fn, mapnum, hostaddrs, sizes, kinds, A (0), A (1),
                  A (2), 0); break;
    case 4: real (flags_m, fn, mapnum, hostaddrs, sizes, kinds, A (0), A (1),
                  A (2), A (3), 0); break;
    case 5: real (flags_m, fn, mapnum, hostaddrs, sizes, kinds, A (0), A (1),
                  A (2), A (3), A (4), 0); break;
    case 6: real (flags_m, fn, mapnum, hostaddrs, sizes, kinds, A (0), A (1),
                  A (2), A (3), A (4), A (5), 0); break;
    case 7: real (flags_m, fn, mapnum, hostaddrs, sizes, kinds, A (0), A (1),
                  A (2), A (3), A (4), A (5), A (6), 0); break;
    case 8: real (flags_m, fn, mapnum, hostaddrs, sizes, kinds, A (0), A (1),
                  A (2), A (3), A (4), A (5), A (6), A (7), 0); break;
    default:
      pacc_internal_error (NULL, "%d launch arguments: more than the "
                           "launcher forwards", n);
    }
#undef A
#undef real
}
