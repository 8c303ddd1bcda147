/* launch.h - the fast kernel launch hook (see launch.c).  */

#ifndef PACC_LAUNCH_H
#define PACC_LAUNCH_H

#include <stddef.h>

/* Set by a GPU back end.  Returns 1 if it launched FN (the host function
   of an outlined OpenACC region: the key into the offload image) with
   launch dimensions DIMS (0 = choose) on OpenACC async queue ASYNC; 0 to
   let libgomp launch it.  */
typedef int (*pacc_fast_launch_fn) (void (*fn) (void *), size_t mapnum,
                                    void **hostaddrs, size_t *sizes,
                                    unsigned short *kinds,
                                    const unsigned *dims, int async);
extern pacc_fast_launch_fn pacc_fast_launch;

/* nvptx offload images the program registered (host_table: function and
   variable address ranges; target_data: mkoffload's nvptx descriptor).  */
#define PACC_MAX_IMAGES 16
struct pacc_image
{
  unsigned version;
  const void *host_table;
  const void *target_data;	/* As the program registered it.  */
  const void *patched;		/* As libgomp got it (see launch.c).  */
};
extern struct pacc_image pacc_images[PACC_MAX_IMAGES];
extern int pacc_nimages;

void GOMP_offload_register_ver (unsigned version, const void *host_table,
                                int target_type, const void *target_data);
void GOMP_offload_unregister_ver (unsigned version, const void *host_table,
                                  int target_type, const void *target_data);

/* CODE (PTX) with `.rn' on every f32/f64 add, sub and mul; malloc'd;
   *LEN its length.  */
char *pacc_ptx_round_explicitly (const char *code, size_t *len);

void __pacc_parallel_keyed (int flags_m, void (*fn) (void *), size_t mapnum,
                            void **hostaddrs, size_t *sizes,
                            unsigned short *kinds, ...);

#endif /* PACC_LAUNCH_H */
